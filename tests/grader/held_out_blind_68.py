"""Sixty-ninth blind batch of held-out implementations (prefix blind68_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_67.py, except
held_out_blind_65.py) were only skimmed for their entry names, so that no name and as few ideas as possible repeat.
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batches written at the
same time (held_out_blind_65.py, held_out_blind_69.py).

Emphasis: einsum and index notation. Wrong entries are the slips of a learner who writes every product, sum, split and
merge as torch.einsum, tensordot or explicit index arithmetic: subscripts right for one layout and silently wrong for
another (X named token-major where D = N, a square weight's letters swapped, W2 named (F, D) where F = D, the palette
named (K, C) where K = C, the one-hot's axes named in the wrong order), heads / groups / GRU gates / rotary pairs
unflattened width-first (interleaved rows instead of contiguous blocks), the implicit output mode (letters sorted, so
"oi,...in" gives (..., N, D_out), "uh,...hn" gives (..., N, D_a), "...dj,...di" gives query-major scores, and a letter
shared by two operands, the head letter included, is summed), an ellipsis placed so that it swallows the feature axis or
binds the batch to the channel letter, an output that drops a letter (a variance or a palette norm summed over every
token or colour), an einsum "bias" that multiplies, an outer product of flags that is AND rather than OR, einsum over an
int64 one-hot or over booleans with a contraction (torch has no bool bmm), tensordot results reshaped instead of
transposed, a flat index taken modulo the stride, window and patch permutations with two letters crossed, and the
column-convention transpose left out (scores N_q x N_k, weights read query-major, the padding mask transposed). Right
entries are correct index-notation versions: einsum with the ellipsis in front of named letters, implicit einsums whose
letters happen to sort into the contract's layout, tensordot with the new axis moved back, explicit loops over heads,
groups and patches, and index arithmetic (identity cumsum, triu/tril bands, residues, flat gather indices, scatter).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind68/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added, the stub's input checks substituted) and run against its exercise's visible tests:
every right entry passes them, and each wrong entry's comment says whether it does (6 of the 68 wrong entries pass
them). Each wrong entry's recorded input was run on the model answer and on the entry: 65 give different results
(values, shape or dtype) and 3 raise (the int64 one-hot einsum, the boolean contraction, the head letter summed by the
implicit output). Right entries were compared with the model answer on 700 random inputs each (two seeds of 300 and
400), inputs and weights float32 and float64 under both default dtypes: batch shapes (), (2,), (3,), (2, 3), (1, 2),
non-contiguous (transposed) inputs, all sizes from 1 (and 0 where the contract allows empty inputs: masks of size 0, no
ids, no lengths), masks unbatched, batched, with leading size-1 axes and (B, N_k, 1) padding masks, random and all-False
columns, -inf and all -inf score columns, scores at 1e3 and 1e4, layer-norm inputs at 1000x scale with an offset and eps
= 0.0, heads H = 1..3, groups G = 1..3 with the optional scale, rotary custom positions and base, quantize with
integer-valued images and palettes (exact ties), dequantize with int64, int32 and uint8 ids, average_pool_head with and
without a bias, decoder-state batches broadcasting against the encoder's: results, shapes and dtypes to 1e-10 (float64)
/ 2e-5 (float32), integer and boolean results exactly, gradients of a random projection of every floating output with
respect to every floating input and weight to 1e-4 of their scale, and the inputs checked unchanged after each call.

Judgement calls: blind68_right_shifted_mask_einsum_one_hot_regions was first written with a boolean one-hot and a contracting bool einsum;
torch raises ("bmm" not implemented for 'Bool'), so that version became the wrong entry
blind68_shifted_mask_bool_einsum_contraction and the right one casts the one-hot to float. A transformer_layer right
entry that also wrote both layer norms inline with einsum moments was dropped: in float32 with D = 2 (a layer norm whose
true gradient is almost zero) one draw in 1500 gave a gradient 30x further from the float64 value than the model
answer's, and I could not be sure a float32 gradient bound would accept it; the kept version uses the module's
layer_norm. A channel_attention entry applying the weights without the transpose was dropped as a repeat of
blind23_channel_attention_einsum_weights_letters_swapped. Several wrong entries only run when two sizes coincide (D = N,
F = D, K = C, D_a = D_s, N = D_a, N_d = N_e, B = H, H = W) and raise otherwise; their comments name the equal-size input
on which they are silently wrong. blind68_mha_implicit_einsum_sums_head_letter,
blind68_embed_einsum_with_integer_one_hot and blind68_shifted_mask_bool_einsum_contraction raise on every input they are
shown on (an exception is a wrong result). blind68_mha_einsum_mask_head_axis_prepended is wrong only with a batched mask
whose batch size equals H (it raises for other batch sizes and is right for unbatched masks); it passes the visible
tests. More entries than the 55 / 35 asked (68 / 38), to cover every exercise with an index-notation step.

Counts: 68 wrong, 38 right.
Wrong per function: {'additive_attention': 3, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 2,
'causal_mask': 1, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 2, 'dequantize_pixels': 2, 'embed': 2,
'feed_forward': 3, 'global_token_mask': 2, 'grid_attention': 2, 'layer_norm': 3, 'local_mask': 1,
'multi_head_attention': 5, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 2, 'patch_merging': 2, 'patchify': 2,
'quantize_pixels': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 4, 'self_attention': 2,
'shifted_window_mask': 3, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'strided_mask': 1, 'transformer_layer': 2,
'window_partition': 3, 'window_reverse': 2}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1,
'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 2,
'feed_forward': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'local_mask': 1,
'multi_head_attention': 2, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 2,
'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 2,
'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'strided_mask': 1, 'transformer_layer': 1,
'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_68 = {
    # softmax_cols: the column sums are written `...ij->...i`, which keeps the row letter and sums along each ROW; the
    # exps are divided by their row sums, so rows (not columns) sum to 1. Shows on any 2x2 scores that are not constant,
    # e.g. [[0, ln 3], [0, 0]]. Fails the visible tests.
    "blind68_softmax_einsum_sum_keeps_row_letter": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            totals = torch.einsum("...ij->...i", exps)[..., :, None]      # one total per column
            return exps / torch.where(totals == 0, torch.ones_like(totals), totals)
'''),
    # softmax_cols: the column sums are taken with the implicit output of `...mn,...mn` (exps times a tensor of ones): m
    # and n are both repeated, so implicit mode sums over BOTH and each column is divided by the sum of the whole
    # matrix. Shows on any matrix with two or more columns, e.g. zeros (2, 2): 1/4 instead of 1/2. Fails the visible
    # tests.
    "blind68_softmax_implicit_einsum_sums_every_letter": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = (scores - top).exp()
            totals = torch.einsum("...mn,...mn", exps, torch.ones_like(exps))   # sum down the columns
            totals = totals[..., None, None]
            return exps / totals.masked_fill(totals == 0, 1.0)
'''),
    # causal_mask by explicit index loops: the learner writes m[i, j] = True for j <= i with i the query, i.e. the query
    # is used as the ROW index; the result is the lower triangle, [j, i] True iff j >= i (row convention). Shows for any
    # n >= 2, e.g. causal_mask(2)[0, 1] is False instead of True. Fails the visible tests.
    "blind68_causal_mask_loop_query_as_row_index": ("masking", "causal_mask", '''
        def causal_mask(n):
            m = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):              # query i
                for j in range(i + 1):      # keys 0 .. i
                    m[i, j] = True
            return m
'''),
    # local_mask by index arithmetic without the absolute value: (i - j) <= window keeps every key after the query and
    # the window before it. Shows for n = 3, window = 0: [0, 2] is True (model False). Fails the visible tests.
    "blind68_local_mask_offset_without_abs": ("masking", "local_mask", '''
        def local_mask(n, window):
            j = torch.arange(n)[:, None]
            i = torch.arange(n)[None, :]
            return (j - i) <= window
'''),
    # padding_mask: the key axis and the query axis are swapped in the unsqueeze: (B, 1, n) instead of (B, n, 1), so it
    # broadcasts over keys and hides queries. Shows on lengths [1], n = 2: shape (1, 1, 2) instead of (1, 2, 1). Fails
    # the visible tests.
    "blind68_padding_mask_query_axis_before_keys": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            j = torch.arange(n, device=lengths.device)
            visible = j[None, :] < lengths[:, None]          # (B, n)
            return visible[:, None, :]
'''),
    # apply_mask written as einsum: scores times the float mask, "...kq,...kq->...kq". Hidden scores become 0, not -inf,
    # so the softmax still gives them weight. Shows on scores ones (2, 2) with the causal mask: [1, 0] is 0.0 instead of
    # -inf. Fails the visible tests.
    "blind68_apply_mask_einsum_product_with_float_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            keep = mask.to(scores.dtype).expand_as(scores)
            return torch.einsum("...kq,...kq->...kq", scores, keep)
'''),
    # scaled_dot_product_attention: scores written with the implicit output and the letters j (key) and i (query):
    # "...dj,...di" sorts its output letters to "...ij", i.e. (N_q, N_k), the row convention. With N_q = N_k the shapes
    # fit and the softmax runs over queries. Shows on D_k = 2, N_q = N_k = 3 random inputs. Fails the visible tests.
    "blind68_sdpa_implicit_einsum_key_j_query_i": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = torch.einsum("...dj,...di", K, Q) / math.sqrt(d_k)     # key j, query i
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # scaled_dot_product_attention: the output is written "...vk,...qk->...vq", reading the weights as (query, key): the
    # column-convention transpose is missing, so query i gets sum_j weights[i, j] v_j. Runs only when N_q = N_k; shows
    # on D_k = D_v = 2, N = 3 random inputs (self-attention shapes). Fails the visible tests.
    "blind68_sdpa_output_einsum_weights_read_query_major": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out = torch.einsum("...vk,...qk->...vq", V, weights)
            return out, weights
'''),
    # scaled_dot_product_attention: "...k,...q->...kq" lets the ellipsis swallow the feature axis d (an outer product
    # per feature), and .sum(0) is meant to contract it. Unbatched, axis 0 is d and the result is right; with a batch
    # axis, .sum(0) adds the batch members together instead: Q, K, V of shape (2, 3, 4) raise in V @ weights (batch 2
    # against 3), and with B = D_k (Q, K, V of shape (3, 3, 4)) the result is silently wrong. Fails the visible tests.
    "blind68_sdpa_ellipsis_swallows_features_then_sum0": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            products = torch.einsum("...k,...q->...kq", K, Q)         # (d, N_k, N_q) per feature
            scores = products.sum(0) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # scaled_dot_product_attention: the key width is read as Q.shape[-1] (N_q) instead of Q.shape[-2] (D_k): d and n
    # swapped, right only when D_k = N_q. Shows on D_k = 2, N_q = 3. Fails the visible tests.
    "blind68_sdpa_einsum_scale_reads_query_count": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            n_q = Q.shape[-1]
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(n_q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # self_attention: the projections use the implicit output of "oi,...in": the output letters are sorted, n before o,
    # so Q, K, V come out (..., N, D_out) (tokens as rows). Runs when D_k = D_v and N matches what the attention needs;
    # on D = D_k = D_v = N = 3 it runs and computes feature-to-feature attention. Fails the visible tests.
    "blind68_self_attention_implicit_einsum_out_letter_o_sorts_last": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = torch.einsum("oi,...in", Wq, X) + bq
            K = torch.einsum("oi,...in", Wk, X) + bk
            V = torch.einsum("oi,...in", Wv, X) + bv
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # self_attention: the scores are written "...dq,...dk->...qk" (query-major, the row convention) and handed to
    # softmax_cols, which then normalises over queries; the returned weights are the transpose of the contract's.
    # Self-attention has N_q = N_k, so nothing crashes. Shows on any random X (D = 4, N = 3). Passes the visible tests.
    "blind68_self_attention_einsum_scores_query_major": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = torch.einsum("kd,...dn->...kn", Wq, X) + bq[:, None]
            K = torch.einsum("kd,...dn->...kn", Wk, X) + bk[:, None]
            V = torch.einsum("vd,...dn->...vn", Wv, X) + bv[:, None]
            scores = torch.einsum("...dq,...dk->...qk", Q, K) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # multi_head_attention: the heads are split with unflatten(-2, (D/H, H)), the head axis as the faster one, so head h
    # gets rows h, h + H, h + 2H, ... (interleaved) instead of the contiguous block: heads and head width swapped.
    # Shape-identical for every H; equal to the contract only for H = 1 or H = D. Shows on D = 4, H = 2. Passes the
    # visible tests.
    "blind68_mha_unflatten_width_then_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            H = num_heads
            dh = dim // H
            Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (dh, H))     # (..., dh, H, N_q)
            K = linear(Xkv, params["Wk"], params["bk"]).unflatten(-2, (dh, H))
            V = linear(Xkv, params["Wv"], params["bv"]).unflatten(-2, (dh, H))
            scores = torch.einsum("...ehk,...ehq->...hkq", K, Q) / math.sqrt(dh)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...ehk,...hkq->...ehq", V, weights)
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # multi_head_attention: the output projection is "io,...in->...on", i.e. Wo transposed (the letters of a square (D,
    # D) weight swapped, silently). Shows on any random params with D = 4, H = 2. Fails the visible tests.
    "blind68_mha_output_projection_einsum_wo_letters_swapped": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            merged = merge_heads(heads)
            return torch.einsum("io,...in->...on", params["Wo"], merged) + params["bo"][:, None]
'''),
    # multi_head_attention: the per-head output uses the implicit einsum "...hvk,...hkq". In implicit mode every letter
    # that appears in two operands is summed, the head letter h included, so the result is (..., N_q, D/H): the heads
    # are added together and the axes come out sorted (q before v). The reshape to (..., D, N_q) then raises for every H
    # > 1; with H = 1 it runs and reads an (N_q, D) block as (D, N_q). Shows on D = 4, H = 2, N = 3 (RuntimeError in the
    # reshape). Fails the visible tests.
    "blind68_mha_implicit_einsum_sums_head_letter": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)    # (..., h, d, q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)   # (..., h, d, k)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)   # (..., h, v, k)
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq", V, weights)
            return linear(heads.reshape(*heads.shape[:-3], dim, Xq.shape[-1]), params["Wo"], params["bo"])
'''),
    # multi_head_attention: the scale is taken before the split, from Xq's D rows: 1/sqrt(D) rather than 1/sqrt(D/H),
    # because the einsum scores are built from the unsplit width. Right only for H = 1; shows on D = 4, H = 2. Fails the
    # visible tests.
    "blind68_mha_einsum_scale_from_unsplit_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (num_heads, -1))
            K = linear(Xkv, params["Wk"], params["bk"]).unflatten(-2, (num_heads, -1))
            V = linear(Xkv, params["Wv"], params["bv"]).unflatten(-2, (num_heads, -1))
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(dim)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq->...hvq", V, weights)
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # multi_head_attention: the mask is given its head axis with mask[None] (in front) rather than at -3. An unbatched
    # (N_k, N_q) mask works; a batched (B, N_k, N_q) mask becomes (1, B, N_k, N_q) and lines B up with the heads:
    # silently wrong when B = H, an error otherwise. Shows on B = H = 2, D = 4, N = 3, with a different causal / full
    # mask per batch member. Passes the visible tests.
    "blind68_mha_einsum_mask_head_axis_prepended": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask[None])
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq->...hvq", V, weights)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # layer_norm: the statistics are "...dn->...d" (one mean and variance per FEATURE, over the tokens: batch-norm
    # style), the contraction over the wrong index. Shows on any X (3, 4) whose columns differ. Fails the visible tests.
    "blind68_layer_norm_einsum_moments_over_tokens": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            n = X.shape[-1]
            mean = torch.einsum("...dn->...d", X)[..., None] / n
            centred = X - mean
            var = torch.einsum("...dn,...dn->...d", centred, centred)[..., None] / n
            return torch.einsum("d,...dn->...dn", gamma, centred / torch.sqrt(var + eps)) + beta[:, None]
'''),
    # layer_norm: gamma is applied with "n,...dn->...dn", indexed by the TOKEN letter: it only runs when D = N, and then
    # scales column n by gamma[n] instead of row d by gamma[d]. Shows on D = N = 3 with gamma [1, 2, 3]. Fails the
    # visible tests.
    "blind68_layer_norm_gamma_einsum_token_letter": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            mean = torch.einsum("...dn->...n", X)[..., None, :] / d
            centred = X - mean
            var = torch.einsum("...dn,...dn->...n", centred, centred)[..., None, :] / d
            normed = centred / torch.sqrt(var + eps)
            return torch.einsum("n,...dn->...dn", gamma, normed) + beta[:, None]
'''),
    # layer_norm: the variance is written "...dn,...dn->..." (the output without n), so the squares are summed over the
    # tokens as well and every column shares one variance (divided by D only). Shows on any X (3, 2) with columns of
    # different spread. Fails the visible tests.
    "blind68_layer_norm_variance_einsum_drops_token_letter": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            centred = X - X.mean(dim=-2, keepdim=True)
            var = torch.einsum("...dn,...dn->...", centred, centred) / d
            normed = centred / torch.sqrt(var[..., None, None] + eps)
            return gamma[:, None] * normed + beta[:, None]
'''),
    # feed_forward: X is read token-major, "fd,...nd->...fn": it only runs when D = N and then multiplies W1 by the
    # transpose of X. Shows on D = N = 3, F = 5. Fails the visible tests.
    "blind68_feed_forward_einsum_x_letters_token_major": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(torch.einsum("fd,...nd->...fn", W1, X) + b1[:, None])
            return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # feed_forward: the biases are "broadcast" with einsum as "f,...fn->...fn", which MULTIPLIES each row by its bias
    # instead of adding it. Shows on any X with b1, b2 not all ones and zeros where it matters (random). Fails the
    # visible tests.
    "blind68_feed_forward_bias_broadcast_einsum_multiplies": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = torch.einsum("fd,...dn->...fn", W1, X)
            hidden = torch.relu(torch.einsum("f,...fn->...fn", b1, pre))
            out = torch.einsum("df,...fn->...dn", W2, hidden)
            return torch.einsum("d,...dn->...dn", b2, out)
'''),
    # feed_forward: tensordot contracts X's feature axis with W1's input axis, giving (..., N, F); the learner then
    # reshapes to (..., F, N) instead of transposing, which runs for every shape and interleaves tokens and hidden
    # units. Right only when N = 1 or F = 1; shows on D = 2, F = 3, N = 2. Fails the visible tests.
    "blind68_feed_forward_tensordot_reshaped_not_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            f, n = W1.shape[0], X.shape[-1]
            pre = torch.tensordot(X, W1, dims=([X.dim() - 2], [1]))          # (..., N, F)
            hidden = torch.relu(pre.reshape(*X.shape[:-2], f, n) + b1[:, None])
            out = torch.tensordot(hidden, W2, dims=([hidden.dim() - 2], [1]))  # (..., N, D)
            return out.transpose(-2, -1) + b2[:, None]
'''),
    # transformer_layer: the FFN is written with implicit einsum outputs and the letter o for output rows: "oi,...in"
    # sorts to "...no", so the FFN returns (..., N, D). The residual X + FFN(X) only broadcasts when D = N, and then
    # adds the transpose. Shows on D = N = 4, H = 2, F = 8. Fails the visible tests.
    "blind68_transformer_layer_ffn_implicit_einsum_out_letter_o": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ffn(Y):
                h = torch.relu(torch.einsum("hi,...in", params["W1"], Y) + params["b1"][:, None])   # "...hn"
                return torch.einsum("oi,...in", params["W2"], h) + params["b2"][:, None]           # meant "...on"
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # transformer_layer: the layer norms are computed inline with einsum over the wrong letter, "...dn->...d" (per
    # feature over the tokens). Shows on any random X (4, 3), either norm_first. Fails the visible tests.
    "blind68_transformer_layer_inline_norm_einsum_over_tokens": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def norm(Y, g, b):
                n = Y.shape[-1]
                mu = torch.einsum("...dn->...d", Y)[..., None] / n
                c = Y - mu
                var = torch.einsum("...dn,...dn->...d", c, c)[..., None] / n
                return g[:, None] * c / torch.sqrt(var + 1e-5) + b[:, None]
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(norm(X, params["gamma1"], params["beta1"]))
                return X + ffn(norm(X, params["gamma2"], params["beta2"]))
            X = norm(X + attend(X), params["gamma1"], params["beta1"])
            return norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # cross_attention: written head by head with einsum, the scores' operands are passed as (Q, K) under the subscripts
    # "...hdk,...hdq->...hkq" that name K first: the scores are QᵀK, (N_d, N_e) read as (N_e, N_d). Runs only when N_d =
    # N_e; shows on D = 4, H = 2, N_d = N_e = 3. Fails the visible tests.
    "blind68_cross_attention_einsum_operands_in_query_key_order": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear
            from .multihead import merge_heads, split_heads
            from .softmax import softmax_cols
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            scores = torch.einsum("...hdk,...hdq->...hkq", Q, K) / math.sqrt(Q.shape[-2])
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq->...hvq", V, weights)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # cross_attention: the encoder padding mask (B, N_e, 1) is transposed to (B, 1, N_e) "to put the queries first"; it
    # then indexes the decoder positions (columns) instead of the encoder keys (rows). Broadcasts against (B, H, N_e,
    # N_d) only when N_d = N_e (or N_e = 1); shows on B = 2, N_d = N_e = 3, lengths [3, 1]. Fails the visible tests.
    "blind68_cross_attention_padding_mask_transposed_query_first": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.transpose(-2, -1)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # decoder_layer: the causal mask is built by index arithmetic as rows >= columns (tril, [j, i] True iff j >= i: each
    # query sees the keys after it). Shows for any N_d >= 2. Fails the visible tests.
    "blind68_decoder_layer_causal_index_rows_ge_columns": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            rows = torch.arange(n)[:, None]
            cols = torch.arange(n)[None, :]
            causal = rows >= cols
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # decoder_layer: the FFN's second product is "fd,...fn->...dn", naming W2 (D, F) as if it were (F, D): runs only
    # when F = D and then multiplies by W2ᵀ. Shows on D = F = 4, H = 2. Fails the visible tests.
    "blind68_decoder_layer_ffn_w2_einsum_letters_swapped": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            causal = causal_mask(X.shape[-1])
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            hidden = torch.relu(torch.einsum("fd,...dn->...fn", params["W1"], X) + params["b1"][:, None])
            out = torch.einsum("fd,...fn->...dn", params["W2"], hidden) + params["b2"][:, None]
            return layer_norm(X + out, params["gamma3"], params["beta3"])
'''),
    # embed: einsum with the one-hot of F.one_hot, which is int64 (..., N, V): torch.einsum refuses to mix int64 and
    # float operands, so every call raises. Shows on any ids. Fails the visible tests.
    "blind68_embed_einsum_with_integer_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            hot = F.one_hot(token_ids, omega_e.shape[-1])              # (..., N, V)
            return torch.einsum("dv,...nv->...dn", omega_e, hot)
'''),
    # embed: the float one-hot of F.one_hot is (..., N, V) but is named "...vn": v binds to N and n to V. Runs only when
    # N = V, and then column m is the sum of the embeddings of the POSITIONS whose id is m. Shows on V = N = 3, ids [2,
    # 2, 0]. Fails the visible tests.
    "blind68_embed_einsum_one_hot_axes_named_vn": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            hot = F.one_hot(token_ids, omega_e.shape[-1]).to(omega_e.dtype)
            return torch.einsum("dv,...vn->...dn", omega_e, hot)
'''),
    # one_hot: rows of an identity matrix indexed by the ids give (..., N, V); the learner swaps the first two axes
    # (transpose(0, 1)), right for unbatched ids and wrong with a batch axis ((B, N, V) -> (N, B, V)). Shows on ids of
    # shape (2, 3), V = 4. Fails the visible tests.
    "blind68_one_hot_eye_rows_swap_first_two_axes": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())
            return eye[token_ids].transpose(0, 1)
'''),
    # sinusoidal_positions: the angle table is the implicit einsum "i,j" with i for positions and j for frequencies,
    # whose output is "ij" = (N, ceil(D/2)) (positions first). Assigning it to the (ceil(D/2), N) row slices only works
    # when N = ceil(D/2), and then the table is transposed. Shows on sinusoidal_positions(3, 6). Fails the visible
    # tests.
    "blind68_sinusoidal_implicit_einsum_positions_i_first": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=dtype)
            freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = torch.einsum("i,j", pos, freq)                 # angles[freq, pos]
            table = torch.empty(dim, num_positions, dtype=dtype)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # sinusoidal_positions: sines and cosines stacked on axis 0 and reshaped: [all sines; all cosines] (halves), not
    # interleaved rows. Shows for D >= 4, e.g. sinusoidal_positions(3, 4)[1] is the second sine row. Fails the visible
    # tests.
    "blind68_sinusoidal_stack_axis0_gives_halves": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=dtype)
            freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = torch.einsum("i,n->in", freq, pos)
            table = torch.stack([angles.sin(), angles.cos()], dim=0).reshape(-1, num_positions)
            return table[:dim]
'''),
    # patchify: the permutation "bchpwq->bhwcqp" puts the pixel column before the pixel row: each patch is flattened
    # transposed ((channel, column, row) order). Shows for P >= 2 on any non-symmetric patch. Fails the visible tests.
    "blind68_patchify_einsum_pixel_row_col_swapped": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            patches = torch.einsum("bchpwq->bhwcqp", grid)
            return patches.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # patchify: H is split as (P, H/P) instead of (H/P, P) (and W likewise): a "patch" gathers pixels P/H apart, strided
    # across the image. Same shapes; right only when H = P and W = P. Shows on (1, 1, 4, 4), P = 2. Fails the visible
    # tests.
    "blind68_patchify_split_pixel_index_outer": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, P, height // P, P, width // P)   # (b, c, p, h, q, w)
            patches = torch.einsum("bcphqw->bhwcpq", grid)
            return patches.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # patch_embedding: the projection is applied to the patch grid directly, with W unflattened as (D, P, P, C)
    # (channels last, as in some JAX ports) while the contract flattens (channel, row, column). Right only for C = 1 or
    # P = 1; shows on C = 3, P = 2. Passes the visible tests.
    "blind68_patch_embedding_einsum_weight_unflattened_channels_last": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            B, C, Hh, Ww = images.shape
            P = patch_size
            grid = images.reshape(B, C, Hh // P, P, Ww // P, P)
            kernel = W.reshape(W.shape[0], P, P, C)
            tokens = torch.einsum("dpqc,bchpwq->bdhw", kernel, grid).flatten(-2) + b[:, None]
            cls = cls_token[None, :, None].expand(B, -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # patch_embedding: W (D, C*P*P) is contracted with the patches on its FIRST axis, "kd,bkn->bdn" — the projection
    # transposed. Runs only when D = C*P*P; shows on C = 1, P = 2, D = 4. Fails the visible tests.
    "blind68_patch_embedding_einsum_projection_letters_swapped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                        # (B, C*P*P, N)
            tokens = torch.einsum("kd,bkn->bdn", W, patches) + b[:, None]
            cls = cls_token[:, None].expand(patches.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # additive_attention: W s is written "sa,...s->...a", contracting W's FIRST axis with s (Wᵀ s). Runs only when D_a =
    # D_s; shows on D_s = D_a = 3, D_h = 2, N = 4. Fails the visible tests.
    "blind68_additive_attention_einsum_ws_transposed": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.einsum("sa,...s->...a", W, s)[..., :, None]
            hidden = torch.tanh(torch.einsum("ah,...hn->...an", U, H) + query)
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., :, None])[..., 0]
            return weights, torch.einsum("...hn,...n->...h", H, weights)
'''),
    # additive_attention: U H with the implicit einsum "uh,...hn", whose output sorts to "...nu" (N, D_a): added to the
    # (D_a, 1) query column it broadcasts only when N = D_a (or N = 1), and then pairs the wrong rows; the scores
    # "u,...un" then contract over the position axis. Shows on D_s = 2, D_h = 3, D_a = N = 4. Fails the visible tests.
    "blind68_additive_attention_implicit_einsum_letter_u_sorts_last": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            keys = torch.einsum("uh,...hn", U, H)                 # meant (..., D_a, N)
            query = torch.einsum("us,...s", W, s)[..., :, None]   # (..., D_a, 1)
            hidden = torch.tanh(keys + query)
            scores = torch.einsum("u,...un", v, hidden)          # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., :, None])[..., 0]
            return weights, torch.einsum("...hn,...n", H, weights)
'''),
    # additive_attention: the encoder states are named "...nh" (token-major) in U H: runs only when N = D_h and then
    # scores row n of H as if it were state n. Shows on D_s = 2, D_a = 3, D_h = N = 3. Fails the visible tests.
    "blind68_additive_attention_einsum_states_named_token_major": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None]
            hidden = torch.tanh(torch.einsum("ah,...nh->...an", U, H) + query)
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., :, None])[..., 0]
            return weights, torch.einsum("...hn,...n->...h", H, weights)
'''),
    # grid_attention: the cells are flattened column-major (features.transpose(-2, -1).flatten(-2)) and the weights
    # unflattened row-major (H, W): the context is right, the weight map is scrambled. Shows on H = 2, W = 3. Passes the
    # visible tests.
    "blind68_grid_attention_cells_flattened_column_major": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)            # (..., C, H*W)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # grid_attention: the context is "...chw,...wh->...c", the weight map's letters swapped: runs only when H = W and
    # then reads cell (h, w) with the weight of cell (w, h). Shows on a 3x3 grid. Fails the visible tests.
    "blind68_grid_attention_context_einsum_weights_named_wh": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            scores = torch.einsum("a,...ahw->...hw", v, hidden)
            weights = torch.softmax(scores.flatten(-2), dim=-1).reshape(scores.shape)
            context = torch.einsum("...chw,...wh->...c", features, weights)
            return weights, context
'''),
    # attention_decoder_step: the GRU input weights are split into the embedding block and the context block by index,
    # but the context block is taken first: weight_ih[:, :D_h] for c and weight_ih[:, D_h:] for y. Right only when the
    # two blocks coincide; shows on E = D_h = 2 (shapes fit, values differ). Fails the visible tests.
    "blind68_decoder_step_input_columns_indexed_context_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            d_h = H.shape[-2]
            w_ih = params["weight_ih"]
            gi = (torch.einsum("gi,...i->...g", w_ih[:, :d_h], c) + torch.einsum("gi,...i->...g", w_ih[:, d_h:], y_prev)
                  + params["bias_ih"])
            gh = torch.einsum("gi,...i->...g", params["weight_hh"], s_prev) + params["bias_hh"]
            r_i, z_i, n_i = gi.chunk(3, dim=-1)
            r_h, z_h, n_h = gh.chunk(3, dim=-1)
            r = torch.sigmoid(r_i + r_h)
            z = torch.sigmoid(z_i + z_h)
            n = torch.tanh(n_i + r * n_h)
            s = (1 - z) * n + z * s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # attention_decoder_step: the gates are separated with unflatten(-1, (D_s, 3)) (gate index fastest): gate k gets
    # rows k, k + 3, ... (interleaved) instead of the block k*D_s .. (k+1)*D_s — heads and head width swapped. Right
    # only for D_s = 1; shows on D_s = 2. Fails the visible tests.
    "blind68_decoder_step_gates_unflattened_width_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            d_s = s_prev.shape[-1]
            gi = (torch.einsum("gi,...i->...g", params["weight_ih"], x) + params["bias_ih"]).unflatten(-1, (d_s, 3))
            gh = (torch.einsum("gi,...i->...g", params["weight_hh"], s_prev) + params["bias_hh"]).unflatten(-1, (d_s, 3))
            r = torch.sigmoid(gi[..., 0] + gh[..., 0])
            z = torch.sigmoid(gi[..., 1] + gh[..., 1])
            n = torch.tanh(gi[..., 2] + r * gh[..., 2])
            s = (1 - z) * n + z * s_prev
            logits = torch.einsum("vk,...k->...v", params["W_out"], stack(s, c)) + params["b_out"]
            return s, logits, weights
'''),
    # global_token_mask: an outer product "...j,...i->...ji" of the flags (as integers) is a product, i.e. AND: only
    # pairs of two global tokens are visible (and ordinary tokens not even themselves). Shows on [True, False]. Fails
    # the visible tests.
    "blind68_global_token_mask_einsum_outer_product_is_and": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            flags = is_global.long()
            return torch.einsum("...j,...i->...ji", flags, flags) > 0
'''),
    # global_token_mask: the bool flags go straight into torch.einsum, whose bool product is again AND (and whose
    # implicit sum would be OR): the same AND mask as above, now without a cast. Shows on [True, False, False]. Fails
    # the visible tests.
    "blind68_global_token_mask_bool_einsum_outer": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return torch.einsum("...j,...i->...ji", is_global, is_global)
'''),
    # strided_mask: the pairs are enumerated by their flat index f = j*n + i and kept when f is a multiple of the
    # stride: equal to (i - j) % s == 0 only when n = 1 (mod s). Shows on n = 4, stride = 2 (keeps the even queries of
    # every key). Fails the visible tests.
    "blind68_strided_mask_flat_index_multiple_of_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            flat = torch.arange(n * n)
            return (flat % stride == 0).reshape(n, n)
'''),
    # rotary_embedding: the angles are computed as the outer product "n,i->ni" (positions first) and then reshaped, not
    # transposed, to (D/2, N): angle (i, n) is scrambled whenever D/2 > 1 and N > 1. Shows on D = 4, N = 3. Fails the
    # visible tests.
    "blind68_rotary_angles_einsum_reshaped_not_transposed": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                d, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                angles = torch.einsum("n,i->ni", positions.to(torch.float64), theta).reshape(d // 2, n)
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : d // 2, :], X[..., d // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # rotary_embedding: the rows are paired with unflatten(-2, (D/2, 2)) — adjacent rows 2i, 2i+1 (RoFormer), which the
    # contract does not accept — instead of (2, D/2) (halves). Right only for D = 2; shows on D = 4, N = 3. Fails the
    # visible tests.
    "blind68_rotary_unflatten_pairs_adjacent": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                d, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                angles = torch.einsum("i,n->in", theta, positions.to(torch.float64))
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                pairs = X.unflatten(-2, (d // 2, 2))              # (..., D/2, 2, N)
                a, b = pairs[..., 0, :], pairs[..., 1, :]
                return torch.stack([a * cos - b * sin, b * cos + a * sin], dim=-2).flatten(-3, -2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # quantize_pixels: the expanded distance |x|^2 + |p|^2 - 2 x.p with |p|^2 written "ck,ck->" (the output without k):
    # the squared norms of all colours are summed into one constant, so the nearest colour becomes the one with the
    # largest dot product. Shows on a pixel (0.1, 0.1, 0.1) and the colours (0, 0, 0), (1, 1, 1). Fails the visible
    # tests.
    "blind68_quantize_palette_norm_einsum_summed_over_colours": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            x2 = torch.einsum("...chw,...chw->...hw", x, x)[..., None]
            p2 = torch.einsum("ck,ck->", p, p)
            xp = torch.einsum("...chw,ck->...hwk", x, p)
            return (x2 + p2 - 2 * xp).argmin(dim=-1)
'''),
    # quantize_pixels: the palette is named "kc" (colour-major) in the cross term: it runs only when K = C and then
    # takes the dot products with the palette's transpose. Shows on C = K = 3 with a non-symmetric palette. Fails the
    # visible tests.
    "blind68_quantize_cross_term_palette_named_kc": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            x2 = (x * x).sum(dim=-3)[..., None]
            p2 = (p * p).sum(dim=0)
            xp = torch.einsum("...chw,kc->...hwk", x, p)
            return (x2 + p2 - 2 * xp).argmin(dim=-1)
'''),
    # dequantize_pixels: the float one-hot (..., H, W, K) is named "...whk": h binds to W and w to H, so the output
    # "...chw" is (C, W, H), the image transposed (a wrong shape when H != W, a transposed image when H = W and the ids
    # are not symmetric). Shows on ids [[0, 1], [2, 0]]. Fails the visible tests.
    "blind68_dequantize_einsum_one_hot_named_whk": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            hot = F.one_hot(ids.long(), palette.shape[1]).to(palette.dtype)      # (..., H, W, K)
            return torch.einsum("ck,...whk->...chw", palette, hot)
'''),
    # dequantize_pixels: palette.T[ids] is (..., H, W, C) and is reshaped (not permuted) to (..., C, H, W): the colour
    # values are spread over the wrong pixels. Right only when C = 1 or H*W = 1; shows on C = 3, a 2x2 image. Fails the
    # visible tests.
    "blind68_dequantize_rows_reshaped_not_moved": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.T[ids.long()]                                    # (..., H, W, C)
            return colours.reshape(*ids.shape[:-2], palette.shape[0], *ids.shape[-2:])
'''),
    # average_pool_head: "kd,...dn->...k" leaves n out of the output, so einsum SUMS over the tokens; the learner
    # forgets to divide by N (sum pooling). Right only for N = 1; shows on N = 2. Fails the visible tests.
    "blind68_average_pool_einsum_sums_tokens": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.einsum("kd,...dn->...k", W, X)
            return logits if b is None else logits + b
'''),
    # average_pool_head: X is named token-major, "kd,...nd->...k": it runs only when D = N, and then W meets the mean of
    # X's ROWS over the features (each token's feature average, indexed as if it were a feature) instead of the mean of
    # its columns. Shows on D = N = 3. Fails the visible tests.
    "blind68_average_pool_einsum_x_named_nd": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.einsum("kd,...nd->...k", W, X) / X.shape[-1]
            return logits if b is None else logits + b
'''),
    # window_partition: the permutation "...capbq->...bacpq" puts the window-grid column index before the row index:
    # windows in column-major order over the window grid. Right when H/M = 1 or W/M = 1; shows on a 4x4 grid, M = 2.
    # Fails the visible tests.
    "blind68_window_partition_einsum_window_grid_column_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            wins = torch.einsum("...capbq->...bacpq", grid)
            return wins.reshape(*batch, -1, channels, M * M)
'''),
    # window_partition: the tokens inside a window are ordered "...qp" (column-major within the window): each window is
    # transposed. Shows for M >= 2. Fails the visible tests.
    "blind68_window_partition_einsum_window_tokens_column_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            wins = torch.einsum("...capbq->...abcqp", grid)
            return wins.reshape(*batch, -1, channels, M * M)
'''),
    # window_partition: the subscripts are "c...apbq->...abcpq" — the ellipsis after c. Unbatched the ellipsis is empty
    # and all is right; with a batch axis, c binds the batch and the ellipsis the channels, and the final reshape to (B,
    # nW, C, M*M) mixes batch members into channels. Shows on X (2, 3, 4, 4), M = 2. Fails the visible tests.
    "blind68_window_partition_ellipsis_after_channel_letter": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            wins = torch.einsum("c...apbq->...abcpq", grid)
            return wins.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # window_reverse: the inverse permutation is written "...abcpq->...cbpaq", which puts the window-grid COLUMN index
    # where the row index belongs; the reshape runs for every shape. Right only when H/M = W/M = 1; shows on a 4x4 grid,
    # M = 2. Fails the visible tests.
    "blind68_window_reverse_einsum_grid_letters_crossed": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            return torch.einsum("...abcpq->...cbpaq", grid).reshape(*batch, channels, height, width)
'''),
    # window_reverse: nW is unflattened as (W/M, H/M) (the window-grid width first). Identical on square grids and when
    # H/M or W/M is 1; wrong when both exceed 1 and differ. Shows on H = 4, W = 6, M = 2. Fails the visible tests.
    "blind68_window_reverse_window_grid_unflattened_width_first": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, width // M, height // M, channels, M, M)     # (..., b, a, c, p, q)
            return torch.einsum("...bacpq->...capbq", grid).reshape(*batch, channels, height, width)
'''),
    # shifted_window_mask: the region labels 0..3 are compared with an einsum product "wj,wi->wji" > 0 on the integer
    # labels, i.e. "both labels non-zero", instead of equality: tokens of region 0 see nothing and regions 1, 2, 3 see
    # each other. Shows on H = W = 4, M = 2, shift = 1 (and even shift = 0: every entry False). Fails the visible tests.
    "blind68_shifted_mask_einsum_product_of_integer_labels": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]        # (nW, M*M)
            return torch.einsum("wj,wi->wji", labels, labels) > 0
'''),
    # shifted_window_mask: the label is rows + cols instead of 2*rows + cols: "row wrapped" and "column wrapped" both
    # get label 1, so in the corner window those two regions see each other. Shows on H = W = 4, M = 2, shift = 1. Fails
    # the visible tests.
    "blind68_shifted_mask_labels_summed_collide": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # shifted_window_mask: the one-hot region labels are kept boolean and compared with a contracting einsum
    # "wjl,wil->wji"; torch has no boolean batched matrix product, so every call raises (NotImplementedError: "bmm" not
    # implemented for 'Bool'). Shows on any grid, e.g. H = W = 4, M = 2, shift = 1. Fails the visible tests.
    "blind68_shifted_mask_bool_einsum_contraction": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            regions = labels.unsqueeze(-1) == torch.arange(4)                  # (nW, M*M, 4) bool
            return torch.einsum("wjl,wil->wji", regions, regions)
'''),
    # patch_merging: the block is flattened "...cipjq->...cqpij": the channel index outermost (F.pixel_unshuffle's
    # order, feature c*4 + 2q + p) instead of the four positions outermost. Right only for C = 1; shows on C = 2. Passes
    # the visible tests.
    "blind68_patch_merging_einsum_channel_outermost": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.reshape(*X.shape[:-3], channels, height // 2, 2, width // 2, 2)
            merged = torch.einsum("...cipjq->...cqpij", blocks).reshape(*X.shape[:-3], 4 * channels,
                                                                        height // 2, width // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # patch_merging: "...cipjq->...pqcij" stacks the four positions row-major (top-left, top-right, bottom-left,
    # bottom-right), the text-reading order, instead of column-first. Shows for any C on a random 2x2 grid. Fails the
    # visible tests.
    "blind68_patch_merging_einsum_blocks_row_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.reshape(*X.shape[:-3], channels, height // 2, 2, width // 2, 2)
            merged = torch.einsum("...cipjq->...pqcij", blocks).flatten(-5, -3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # channel_attention: the groups are split with unflatten(-2, (C/G, G)): group g gets channels g, g + G, ...
    # (interleaved), the head-width/heads swap. Right only for G = 1 or G = C; shows on C = 4, G = 2. Fails the visible
    # tests.
    "blind68_channel_attention_groups_unflattened_width_first": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            G, cg = num_groups, channels // num_groups
            Q = linear(X, params["Wq"], params["bq"]).unflatten(-2, (cg, G))    # (..., c, g, n)
            K = linear(X, params["Wk"], params["bk"]).unflatten(-2, (cg, G))
            V = linear(X, params["Wv"], params["bv"]).unflatten(-2, (cg, G))
            scores = torch.einsum("...jgn,...ign->...gji", K, Q) * scale
            weights = softmax_cols(scores)
            out = torch.einsum("...gji,...jgn->...ign", weights, V)
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # channel_attention: the scores contract over the channel letter instead of the token letter,
    # "...gdn,...gdm->...gnm": tokens attend to tokens (N x N spatial attention per group), the lesson's trap in index
    # notation. Shapes always fit; shows on C = 4, G = 2, N = 3. Fails the visible tests.
    "blind68_channel_attention_einsum_contracts_channels": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = torch.einsum("...gdn,...gdm->...gnm", K, Q) * scale
            weights = softmax_cols(scores)
            out = torch.einsum("...gdn,...gnm->...gdm", V, weights)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_68 = {
    # softmax_cols with the column maxima and sums as einsum reductions ("...mn->...n" keeps the column letter).
    "blind68_right_softmax_einsum_column_sums": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            totals = torch.einsum("...mn->...n", exps).unsqueeze(-2)     # (..., 1, N): one total per column
            return exps / torch.where(totals == 0, torch.ones_like(totals), totals)
'''),
    # causal_mask from a cumulative sum of the identity along the query axis: row j is 1 from column j on.
    "blind68_right_causal_mask_identity_cumsum_over_queries": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.eye(n, dtype=torch.long).cumsum(dim=1) > 0
'''),
    # local_mask as a band: triu(-w) keeps i - j >= -w, tril(w) keeps i - j <= w.
    "blind68_right_local_mask_band_by_triu_tril": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return ones.triu(-window).tril(window)
'''),
    # padding_mask by index arithmetic with the key index as the middle axis from the start.
    "blind68_right_padding_mask_key_index_middle_axis": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device).reshape(1, n, 1)
            return keys < lengths.reshape(-1, 1, 1)
'''),
    # apply_mask with torch.where on a -inf made from the scores (dtype kept); the broadcast of mask and scores is the
    # scores' shape, since a mask never adds axes.
    "blind68_right_apply_mask_where_with_scores_inf": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = scores.new_full((), float("-inf"))
            return torch.where(mask, scores, hidden).expand_as(scores)
'''),
    # scaled_dot_product_attention with IMPLICIT einsum outputs whose letters sort into the contract's layout:
    # "...dk,...dq" -> "...kq" and "...ek,...kq" -> "...eq" (e < q).
    "blind68_right_sdpa_implicit_einsum_sorted_letters": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...ek,...kq", V, weights), weights
'''),
    # scaled_dot_product_attention with explicit ellipsis einsums and the scale folded into the queries first.
    "blind68_right_sdpa_einsum_prescaled_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q = Q * (1.0 / math.sqrt(Q.shape[-2]))
            scores = torch.einsum("...dk,...dq->...kq", K, q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # self_attention with implicit einsum projections "ij,...jn" (output "...in", i < n), biases as columns.
    "blind68_right_self_attention_implicit_einsum_projections": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = torch.einsum("ij,...jn", Wq, X) + bq[:, None]
            K = torch.einsum("ij,...jn", Wk, X) + bk[:, None]
            V = torch.einsum("ij,...jn", Wv, X) + bv[:, None]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # self_attention with tensordot projections (X's feature axis against W's input axis, then the new axis moved back
    # in front of the tokens) and the scores written out.
    "blind68_right_self_attention_tensordot_projections": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                out = torch.tensordot(X, W, dims=([X.dim() - 2], [1]))     # (..., N, D_out)
                return out.transpose(-2, -1) + b[:, None]
            Q, K, V = project(Wq, bq), project(Wk, bk), project(Wv, bv)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # multi_head_attention with tensordot against per-head weight blocks Wq.reshape(H, D/H, D) and the head axes moved
    # behind the batch axes; einsum for the scores and the head outputs.
    "blind68_right_mha_tensordot_head_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            H = num_heads
            dh = dim // H
            def project(X, W, b):
                blocks = W.reshape(H, dh, dim)
                out = torch.tensordot(blocks, X, dims=([2], [X.dim() - 2]))    # (H, dh, ..., N)
                return out.movedim((0, 1), (-3, -2)) + b.reshape(H, dh, 1)
            Q = project(Xq, params["Wq"], params["bq"])
            K = project(Xkv, params["Wk"], params["bk"])
            V = project(Xkv, params["Wv"], params["bv"])
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(dh)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hvk,...hkq->...hvq", V, weights)
            merged = heads.reshape(*heads.shape[:-3], dim, heads.shape[-1])
            return torch.einsum("oi,...in->...on", params["Wo"], merged) + params["bo"][:, None]
'''),
    # multi_head_attention with an explicit loop over the heads, each head's rows taken by index arithmetic.
    "blind68_right_mha_head_loop_row_slices": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            dh = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for h in range(num_heads):
                rows = slice(h * dh, (h + 1) * dh)
                out_h, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out_h)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # layer_norm with tensordot against a column of ones (means over the features) and einsum for gamma.
    "blind68_right_layer_norm_tensordot_ones_column": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            ones = X.new_ones(d)
            mean = torch.tensordot(X, ones, dims=([X.dim() - 2], [0])) / d        # (..., N)
            centred = X - mean.unsqueeze(-2)
            var = torch.tensordot(centred * centred, ones, dims=([X.dim() - 2], [0])) / d
            normed = centred / torch.sqrt(var + eps).unsqueeze(-2)
            return torch.einsum("d,...dn->...dn", gamma, normed) + beta[:, None]
'''),
    # feed_forward with tensordot giving (..., N, F) and a transpose (not a reshape) back to columns.
    "blind68_right_feed_forward_tensordot_transposed": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = torch.tensordot(X, W1, dims=([X.dim() - 2], [1])).transpose(-2, -1)      # (..., F, N)
            hidden = torch.relu(pre + b1[:, None])
            out = torch.tensordot(hidden, W2, dims=([hidden.dim() - 2], [1])).transpose(-2, -1)
            return out + b2[:, None]
'''),
    # feed_forward with implicit einsums whose letters sort right ("fd,...dn" -> "...fn", "df,...fn" -> "...dn").
    "blind68_right_feed_forward_implicit_einsum_sorted_letters": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(torch.einsum("fd,...dn", W1, X) + b1[:, None])
            return torch.einsum("df,...fn", W2, hidden) + b2[:, None]
'''),
    # transformer_layer with the FFN written as explicit einsums and the residual branches named once.
    "blind68_right_transformer_layer_einsum_ffn_branches": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ffn(Y):
                h = torch.relu(torch.einsum("fd,...dn->...fn", params["W1"], Y) + params["b1"][:, None])
                return torch.einsum("df,...fn->...dn", params["W2"], h) + params["b2"][:, None]
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def norm(Y, i):
                return layer_norm(Y, params[f"gamma{i}"], params[f"beta{i}"])
            if norm_first:
                X = X + attend(norm(X, 1))
                return X + ffn(norm(X, 2))
            X = norm(X + attend(X), 1)
            return norm(X + ffn(X), 2)
'''),
    # cross_attention written out with einsum over a head axis (queries from the decoder, keys/values from the encoder),
    # the mask given its head axis at -3.
    "blind68_right_cross_attention_einsum_heads": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            d = X_dec.shape[-2]
            if d % num_heads:
                raise ValueError(f"D={d} is not divisible by num_heads={num_heads}")
            dh = d // num_heads
            def project(X, w, b):
                Y = torch.einsum("oi,...in->...on", params[w], X) + params[b][:, None]
                return Y.unflatten(-2, (num_heads, dh))                    # (..., H, D/H, N)
            Q = project(X_dec, "Wq", "bq")
            K = project(X_enc, "Wk", "bk")
            V = project(X_enc, "Wv", "bv")
            scores = torch.einsum("...hde,...hdq->...heq", K, Q) / math.sqrt(dh)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            totals = exps.sum(dim=-2, keepdim=True)
            weights = exps / totals.masked_fill(totals == 0, 1.0)
            heads = torch.einsum("...hve,...heq->...hvq", V, weights)
            return torch.einsum("oi,...in->...on", params["Wo"], heads.flatten(-3, -2)) + params["bo"][:, None]
'''),
    # decoder_layer with the causal mask by index arithmetic (key index <= query index) and an einsum FFN.
    "blind68_right_decoder_layer_index_causal_einsum_ffn": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            key = torch.arange(n).unsqueeze(1)
            query = torch.arange(n).unsqueeze(0)
            causal = key <= query
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            hidden = torch.relu(torch.einsum("fd,...dn->...fn", params["W1"], X) + params["b1"][:, None])
            out = torch.einsum("df,...fn->...dn", params["W2"], hidden) + params["b2"][:, None]
            return layer_norm(X + out, params["gamma3"], params["beta3"])
'''),
    # embed as an einsum with a one-hot built by index comparison, in omega_e's dtype, (..., V, N) named "...vn".
    "blind68_right_embed_einsum_compared_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            vocab = torch.arange(omega_e.shape[-1], device=token_ids.device)
            hot = (token_ids.unsqueeze(-2) == vocab.unsqueeze(-1)).to(omega_e.dtype)     # (..., V, N)
            return torch.einsum("dv,...vn->...dn", omega_e, hot)
'''),
    # embed by explicit index arithmetic: flat ids, columns gathered, unflattened with D moved next to N.
    "blind68_right_embed_take_along_columns": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)
            cols = omega_e.index_select(1, flat)                               # (D, prod(ids.shape))
            return cols.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # one_hot by scatter along the vocabulary axis of zeros (..., V, N).
    "blind68_right_one_hot_scatter_vocab_axis": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype,
                              device=token_ids.device)
            return out.scatter(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # sinusoidal_positions with the outer product "i,n->in" and sines/cosines interleaved by stacking on axis 1.
    "blind68_right_sinusoidal_einsum_outer_interleaved": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pos = torch.arange(num_positions, dtype=dtype)
            freq = 1.0 / 10000.0 ** (torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = torch.einsum("i,n->in", freq, pos)                       # (ceil(D/2), N)
            table = torch.stack([angles.sin(), angles.cos()], dim=1)           # (ceil(D/2), 2, N)
            return table.reshape(-1, num_positions)[:dim]
'''),
    # patchify with explicit loops over the patch grid, each patch flattened in (channel, row, column) order.
    "blind68_right_patchify_loop_over_patch_grid": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for r in range(height // P):
                for c in range(width // P):
                    patch = images[:, :, r * P:(r + 1) * P, c * P:(c + 1) * P]
                    columns.append(patch.reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    # patchify with the permutation written as an einsum on the (b, c, h, p, w, q) grid.
    "blind68_right_patchify_einsum_grid_permutation": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            patches = torch.einsum("bchpwq->bcpqhw", grid)                      # (b, c, p, q, h, w)
            return patches.reshape(batch, channels * P * P, -1)
'''),
    # patch_embedding with tensordot of W against the patches' feature axis, giving (D, B, N), moved to (B, D, N).
    "blind68_right_patch_embedding_tensordot_patches": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                              # (B, C*P*P, N)
            tokens = torch.tensordot(W, patches, dims=([1], [1])).movedim(0, 1) + b[:, None]
            cls = cls_token.reshape(1, -1, 1).expand(patches.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # additive_attention with implicit einsums whose sorted letters give the right layouts ("ah,...hn" -> "...an",
    # "as,...s" -> "...a", "a,...an" -> "...n", "...hn,...n" -> "...h").
    "blind68_right_additive_attention_implicit_einsum_sorted": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(torch.einsum("ah,...hn", U, H) + torch.einsum("as,...s", W, s).unsqueeze(-1))
            scores = torch.einsum("a,...an", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, torch.einsum("...hn,...n", H, weights)
'''),
    # grid_attention on the grid itself with tensordot (U against the channel axis) and one softmax over all cells.
    "blind68_right_grid_attention_tensordot_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            keys = torch.tensordot(U, features, dims=([1], [features.dim() - 3])).movedim(0, -3)   # (..., D_a, H, W)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))
            flat = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1)
            weights = flat.reshape(scores.shape)
            return weights, torch.einsum("...chw,...hw->...c", features, weights)
'''),
    # attention_decoder_step with the gate blocks as an explicit axis: weight.unflatten(0, (3, D_s)) and an einsum
    # "gdi,...i->...gd" (gate, unit, input).
    "blind68_right_decoder_step_gate_axis_einsum": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            d_s = params["weight_hh"].shape[1]
            wi = params["weight_ih"].unflatten(0, (3, d_s))
            wh = params["weight_hh"].unflatten(0, (3, d_s))
            gi = torch.einsum("gdi,...i->...gd", wi, x) + params["bias_ih"].unflatten(0, (3, d_s))
            gh = torch.einsum("gdi,...i->...gd", wh, s_prev) + params["bias_hh"].unflatten(0, (3, d_s))
            r = torch.sigmoid(gi[..., 0, :] + gh[..., 0, :])
            z = torch.sigmoid(gi[..., 1, :] + gh[..., 1, :])
            n = torch.tanh(gi[..., 2, :] + r * gh[..., 2, :])
            s = (1 - z) * n + z * s_prev
            logits = torch.einsum("vk,...k->...v", params["W_out"], stack(s, c)) + params["b_out"]
            return s, logits, weights
'''),
    # global_token_mask through an integer einsum: a pair is hidden iff both tokens are ordinary, i.e. the product of
    # the "ordinary" flags is 1.
    "blind68_right_global_token_mask_einsum_both_ordinary": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            ordinary = (~is_global).long()
            both = torch.einsum("...j,...i->...ji", ordinary, ordinary)
            return both == 0
'''),
    # strided_mask by residues: i - j is a multiple of s iff i and j have the same residue mod s.
    "blind68_right_strided_mask_equal_residues": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residue = torch.arange(n) % stride
            return residue[:, None] == residue[None, :]
'''),
    # rotary_embedding with halves paired by unflatten(-2, (2, D/2)) and the outer product "i,n->in" for the angles.
    "blind68_right_rotary_unflatten_halves_einsum_angles": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                d, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                angles = torch.einsum("i,n->in", theta, positions.to(torch.float64))
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                halves = X.unflatten(-2, (2, d // 2))                  # (..., 2, D/2, N)
                a, b = halves[..., 0, :, :], halves[..., 1, :, :]
                return torch.stack([a * cos - b * sin, b * cos + a * sin], dim=-3).flatten(-3, -2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # quantize_pixels with the exact squared differences contracted by einsum over the channel letter.
    "blind68_right_quantize_difference_einsum_over_channels": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            diff = images.to(dtype).unsqueeze(-1) - palette.to(dtype)[:, None, None, :]   # (..., C, H, W, K)
            return torch.einsum("...chwk,...chwk->...hwk", diff, diff).argmin(dim=-1)
'''),
    # dequantize_pixels as an einsum of the palette with a one-hot (..., H, W, K) built by comparison, named "hwk".
    "blind68_right_dequantize_einsum_compared_one_hot": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = torch.arange(palette.shape[1], device=ids.device)
            hot = (ids.long().unsqueeze(-1) == colours).to(palette.dtype)         # (..., H, W, K)
            return torch.einsum("ck,...hwk->...chw", palette, hot)
'''),
    # average_pool_head with tensordot of the pooled features against W's input axis.
    "blind68_right_average_pool_tensordot_pooled": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)                                            # (..., D)
            logits = torch.tensordot(pooled, W, dims=([pooled.dim() - 1], [1]))   # (..., K)
            return logits if b is None else logits + b
'''),
    # window_partition by a flat gather index computed with index arithmetic (window k, token t -> h*W + w).
    "blind68_right_window_partition_flat_index_arithmetic": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            per_row = width // M
            k = torch.arange((height // M) * per_row)[:, None]
            t = torch.arange(M * M)[None, :]
            h = (k // per_row) * M + t // M
            w = (k % per_row) * M + t % M
            flat = X.reshape(*batch, channels, height * width)
            picked = flat[..., (h * width + w).reshape(-1)]                   # (..., C, nW*M*M)
            return picked.unflatten(-1, (k.shape[0], M * M)).movedim(-2, -3)
'''),
    # window_reverse as the inverse einsum permutation "...abcpq->...capbq".
    "blind68_right_window_reverse_einsum_inverse_permutation": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)     # (..., a, b, c, p, q)
            return torch.einsum("...abcpq->...capbq", grid).reshape(*batch, channels, height, width)
'''),
    # shifted_window_mask by an einsum over float one-hot region labels: "wjl,wil->wji" is 1 where the two tokens share
    # a region and 0 elsewhere.
    "blind68_right_shifted_mask_einsum_one_hot_regions": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]               # (nW, M*M)
            regions = (labels.unsqueeze(-1) == torch.arange(4)).to(torch.float32)    # (nW, M*M, 4)
            return torch.einsum("wjl,wil->wji", regions, regions) > 0.5
'''),
    # patch_merging with the 2x2 blocks flattened by einsum "...cipjq->...qpcij" (column-first: index q*2C + p*C + c).
    "blind68_right_patch_merging_einsum_column_first": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.reshape(*X.shape[:-3], channels, height // 2, 2, width // 2, 2)
            merged = torch.einsum("...cipjq->...qpcij", blocks)
            merged = merged.reshape(*X.shape[:-3], 4 * channels, height // 2, width // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # channel_attention with a loop over the groups (row slices by index arithmetic) and einsum inside a group.
    "blind68_right_channel_attention_group_loop_einsum": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            cg = channels // num_groups
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for g in range(num_groups):
                rows = slice(g * cg, (g + 1) * cg)
                scores = torch.einsum("...jn,...in->...ji", K[..., rows, :], Q[..., rows, :]) * scale
                weights = softmax_cols(scores)
                outs.append(torch.einsum("...ji,...jn->...in", weights, V[..., rows, :]))
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
}
