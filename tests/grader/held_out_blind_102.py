"""Hundred-and-third blind batch of held-out implementations (prefix blind102_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; their file names were seen once in a directory listing of exercises/. The earlier blind
batches (held_out_blind.py ... held_out_blind_99.py) were skimmed for their emphases and header style, and their entry
names were grepped to avoid repeating a mechanism; one earlier entry's source (blind_nsp_rejection_sampling in
held_out_blind.py) was opened to see which mechanism its name meant. Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_100.py, held_out_blind_101.py). One early command asked `ls` for tests/grader/ together with other
folders, but its output was cut by `head -5` before that folder's listing, so no name under it was seen.

Emphasis: inputs that real models and real data produce and random tests rarely draw. Every wrong entry is right on
inputs drawn from torch.randn (distinct, dense, moderate values) and wrong on a structured input the contract allows,
through a shortcut, guard, dedup, normalisation, tie rule or early exit that misfires on that structure. Exact zeros:
a column maximum of 0 taken for a fully masked column (softmax_cols), zero queries answered with uniform weights
that ignore the mask (scaled dot-product attention), an all-zero memory answered with bo (multi-head attention), dead
ReLU columns given a zero output (feed_forward), a zero [CLS] read as "no [CLS]" (patch_embedding), zero encoder
states taken for padding (additive_attention), zero tokens left out of the default scale (channel_attention), a zero
state skipping the hidden product and its bias (gru_step, through attention_decoder_step) or attending uniformly
(attention_decoder_step), a zero-initialised embedding table answered with fresh zeros (no gradient). Repeated tokens:
a sequence of one repeated token given uniform weights (self_attention), identical cells sharing one softmax weight
(grid_attention), repeated tokens dropped from the scores (channel_attention), a repeated target scored at its first
occurrence (sequence_log_prob), generation stopped after eight identical tokens, a random NSP sentence redrawn while
it equals the successor and a sentence equal to its successor skipped, identical tokens pooled from the first column
(average_pool_head, gradient only), consecutive ids served by one slice (embed). Constant inputs: a column of equal
scores returned as 1/M (all -inf too), constant columns left unnormalised or zeroed through torch.where (layer_norm,
values and gradients), flat logits returned uniform before top-k/top-p, a flat grid merged from its first block
(patch_merging, gradient only), a shared position skipping the rotation (rotary_embedding). Tied scores: beam
candidates with an already-kept score dropped. One-hot and confident inputs: logits that look like a distribution
used as probabilities, a confident step taken by arg-max without a draw (generate). Padding-only and sparse inputs:
blind queries passed through unchanged (transformer_layer), an all-False enc_mask dropped (cross_attention), the
cross block skipped for an empty memory (decoder_layer), lengths clamped to at least 1 (padding_mask), no global
token read as a dense mask (global_token_mask). Right entries handle the same structures in their own styles: a max
shift with a log-space normaliser, weights read from the mask when one key is visible, blind queries set to bo
explicitly, centred two-pass layer norm, clamp ReLU, sublayers in a loop or a list, heads one by one, stable argsort
with a shifted cumulative sum, a draw even from a one-hot, an explicit (score, beam, token) key, gather minus
logsumexp, a repeated id served by repeat, einsum additive and grid attention, GRU gates written out with the hidden
product kept for a zero state, exact palette matches by argmax of flags, patch merging by one reshape, sum over count,
grouped einsum channel attention, a three-axis padding comparison, complex rotary rotation, an MLM draw split into
bands of one uniform, and an NSP partner document by a uniform offset.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind102/pk/<name>/p_<name>/,
a copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (25 of the 33 wrong entries pass them). Each wrong entry's recorded input was run on the
model answer and on the entry and both results printed; each differs as its comment says (generate's by 3000 seeds
and the generator state, nsp_pairs's by frequencies over 4000 seeds, the gradient-only entries by the gradient
printed). Right entries were compared with the model answer on random inputs under both default dtypes, float32 and
float64 inputs, shapes with 0-2 batch axes (a batch of one too), and inputs drawn from randn and from the emphasis's
structures (all zeros, constants, integer-valued, x1000, +50 offsets, negative-only, 80 % zeros, repeated columns),
with masks none / causal / random / one visible key per query / all False / padding (B, N_k, 1) / a blind first
query: values to 1e-4 / 1e-10, dtypes and shapes exactly, the same ValueErrors (D not divisible by H, K's D, odd
rotary D, odd patch-merging grid, empty palette, N = 0, G not dividing C), gradients of every floating-point input and
parameter (to 1e-3 / 1e-8 where the model's gradient is finite, and no NaN there), and again under torch.no_grad();
150 cases x 2 default dtypes per function. layer_norm's float32 gradients on +50-offset columns differ from the model
answer's by up to 2e-3 of their size; against a float64 reference the entry's error (2.8e-3) is below the model
answer's (4.1e-3), so it was kept. next_token_probs on 3000 random logit vectors (rounded, zero, constant, one-hot,
+1000, negative, with -inf; temperature 0 to 2, top_k 1..V+2, top_p 1e-9 to 1); generate on 600 seeded random models
(every option, eos, context_size 0..5; same ids and generator state, and under torch.manual_seed); beam_search on 500
random models (rounded logits for ties, widths 1..3, eos None/0/V-1) and beam_width 0; sequence_log_prob on 400
random models (x100 scale, +1000 offset, a -inf logit) with gradients; mlm_corrupt by its invariants and frequencies
on 200 000 positions (chosen 15 %, then 80 / 10 / 10, int32 ids, tensor and empty special_ids, mask_prob 0 and 1);
nsp_pairs by label and partner frequencies over 6000 seeds, the list-of-tuples type and the one-document ValueError.

Judgement calls: several wrong entries are wrong only in their gradients on the structured input (layer_norm's
torch.where zero, patch_merging's flat-grid block, average_pool_head's first column, embed's zero table): the
contract asks for gradients to every input and holds them to float32 accuracy, and their values are right.
blind102_gru_step_zero_state_skips_hidden_product_and_bias replaces the 0-point helper gru_step and is graded through
attention_decoder_step. blind102_generate_confident_step_argmax_without_draw is right at temperature 0 (the contract
lets a one-hot be taken without drawing) and wrong for a probability above 0.99 but below 1. The two nsp_pairs
entries are wrong only in distribution (the redraw) or in the number of pairs on repeated sentences (the skip).
blind102_channel_attention_scale_counts_only_nonzero_tokens differs only where a token column is exactly zero;
blind102_channel_attention_scores_over_distinct_tokens_only only where a token repeats. Names already used by earlier
batches for the same mechanism were avoided by grepping (for example an embed with padding_idx, a padding mask made
all visible for equal lengths, MHA zeroing blind queries, MLM random tokens from the batch and duplicate palette
colours resolved to the last copy all exist, so none was written). The right softmax first divided by a logsumexp of
the raw scores with NaN gradients left in dead columns; it was rewritten to shift by the maximum first and to keep
every gradient finite. The right cross_attention first failed its visible tests (linear is not imported by
solutions/cross_attention.py) and now imports linear and scaled_dot_product_attention inside the function. Fewer
entries than the brief's 45 / 25, nearer the task's own aim (35 / 20) within the time box.

Counts: 33 wrong, 24 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 2, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 2, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 2, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 2, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_102 = {
    # A dead column's -inf maximum is replaced by 0 with nan_to_num, and then "max == 0" is read as "this column was
    # fully masked": a column whose real maximum is 0 (a zero query scores every key 0) is zeroed too.
    # softmax_cols(torch.zeros(2, 1)): model [0.5, 0.5], entry [0, 0]. Fails the visible tests.
    "blind102_softmax_cols_zero_max_taken_as_fully_masked": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = torch.nan_to_num(scores.amax(dim=-2, keepdim=True), neginf=0.0)
            exps = torch.exp(scores - column_max)
            # a column whose maximum had to be replaced by 0 was fully masked: zero it
            exps = torch.where(column_max == 0, torch.zeros_like(exps), exps)
            return exps / exps.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
'''),
    # Shortcut: a column whose scores are all equal is returned as 1/M. An all -inf column is "all equal" too, and a
    # constant finite column loses its gradient. softmax_cols(torch.full((2, 1), -inf)): model [0, 0], entry [0.5,
    # 0.5]; on torch.zeros(2, 1) the gradient of the first weight is model [0.25, -0.25], entry [0, 0]. Fails the
    # visible tests.
    "blind102_softmax_cols_equal_scores_column_shortcut_uniform": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            # a column whose scores are all equal is uniform: no exponentials needed there
            equal = (scores == scores[..., :1, :]).all(dim=-2, keepdim=True)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isfinite(column_max), column_max, torch.zeros_like(column_max))
            exps = torch.exp(scores - column_max)
            sums = exps.sum(dim=-2, keepdim=True)
            general = exps / torch.where(sums == 0, torch.ones_like(sums), sums)
            uniform = torch.ones_like(scores) / max(scores.shape[-2], 1)
            return torch.where(equal, uniform, general)
'''),
    # Fast path for all-zero queries (every score 0, so uniform weights) that forgets the mask (and cuts Q's
    # gradient). Q = zeros(2, 2), V = [[1, 3]], causal mask [[T, T], [F, T]]: output model [[1, 2]], entry [[2, 2]].
    # Passes the visible tests.
    "blind102_sdpa_zero_queries_fast_path_ignores_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if not Q.any():
                # all-zero queries score every key 0: uniform weights, no need for the product
                n_k, n_q = K.shape[-1], Q.shape[-1]
                batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
                weights = Q.new_full((*batch, n_k, n_q), 1.0 / max(n_k, 1))
                return V @ weights, weights
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # A sequence of one repeated token (every column of X equal) gets uniform weights without looking at the mask. X =
    # ones(2, 3), zero biases, causal mask: weights of query 0 model [1, 0, 0], entry [1/3, 1/3, 1/3]. Passes the
    # visible tests.
    "blind102_self_attention_repeated_token_sequence_uniform_weights": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            V = linear(X, Wv, bv)
            n = X.shape[-1]
            if n > 0 and bool((X == X[..., :1]).all()):
                # every token is the same: every key scores the same, so the weights are uniform
                weights = torch.full((*X.shape[:-2], n, n), 1.0 / n, dtype=V.dtype)
                return V @ weights, weights
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # An all-zero Xkv (a padding-only memory) is answered with bo, but zero keys and values still carry their biases:
    # the output is Wo bv + bo. Identity weights, bv = [1, 2], other biases 0, Xq = ones(2, 1), Xkv = zeros(2, 3), H =
    # 1: model [1, 2], entry [0, 0]. Passes the visible tests.
    "blind102_mha_all_zero_memory_returns_output_bias": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if not Xkv.any():
                # an all-zero memory (padding only) carries nothing: every query just gets the output bias
                shape = (*torch.broadcast_shapes(Xq.shape[:-2], Xkv.shape[:-2]), dim, Xq.shape[-1])
                return params["bo"][:, None] + Xq.new_zeros(shape)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # A column with zero variance (a flat patch, a zero column) is "left alone" instead of normalised to 0, so it
    # comes out as gamma * X + beta, not beta. X = full((2, 1), 2.0), gamma 1, beta 0: model [0, 0], entry [2, 2].
    # Passes the visible tests.
    "blind102_layer_norm_constant_columns_left_unnormalised": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            # a constant column has nothing to normalise: keep it as it is
            normalised = torch.where(variance == 0, X, normalised)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # A constant column is set to exactly 0 through torch.where, which is the right value but cuts X's gradient there
    # (the true one is gamma / sqrt(eps) times the centring). X = zeros(3, 1), gamma 1, beta 0, loss (out * [1, 2,
    # 3]).sum(): values both [0, 0, 0]; grad of X model [-316.2, 0, 316.2], entry [0, 0, 0]. Passes the visible tests.
    "blind102_layer_norm_constant_columns_zeroed_by_where": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            centred = X - mean
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            # a constant column normalises to exactly 0: say so instead of dividing 0 by sqrt(eps)
            normalised = torch.where(variance > 0, centred / torch.sqrt(variance + eps), torch.zeros_like(X))
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # A token whose hidden units are all dead (all pre-activations <= 0) is given a zero output instead of b2. X =
    # zeros(2, 1), b1 = [-1, -1, -1], b2 = [0.5, -1]: model [0.5, -1], entry [0, 0]. Fails the visible tests.
    "blind102_feed_forward_dead_hidden_columns_output_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = torch.relu(linear(X, W1, b1))
            out = linear(hidden, W2, b2)
            # a token whose hidden units are all dead has nothing to say
            alive = (hidden > 0).any(dim=-2, keepdim=True)
            return torch.where(alive, out, torch.zeros_like(out))
'''),
    # Queries that see no key (a padding-only sequence) are "padding" and keep their input column; the contract gives
    # them the layer's output (attention output bo, then both sublayers and norms). padding_mask([0], 2) on a random
    # (1, 2, 2) X, H = 1, gammas 1, betas 0: column 0 model [1, -1], entry [0.661, 0.062] (X unchanged). Passes the
    # visible tests.
    "blind102_transformer_layer_blind_queries_pass_through": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                Y = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                Y = Y + think(layer_norm(Y, params["gamma2"], params["beta2"]))
            else:
                Y = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                Y = layer_norm(Y + think(Y), params["gamma2"], params["beta2"])
            if mask is not None:
                # a query that sees no key is padding: leave its column as it came in
                sees = mask.any(dim=-2).unsqueeze(-2)
                Y = torch.where(sees, Y, X)
            return Y
'''),
    # An enc_mask with no True entry (a padding-only memory) is dropped as "a mistake", so every encoder token is
    # attended; the contract's output for a blind query is bo. D = 2, H = 1, enc_mask zeros((3, 1), bool): model = bo
    # = [0.470, 0.387], entry [0.810, 0.309]. Passes the visible tests.
    "blind102_cross_attention_all_false_enc_mask_dropped": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None and not enc_mask.any():
                enc_mask = None  # a mask that hides everything must be a mistake: attend to the whole memory
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # A query that sees no encoder token skips the whole cross-attention block (X kept) instead of LN2(X + bo). D = 4,
    # H = 1, N_d = 2, enc_mask zeros((3, 1), bool), random weights and gammas 1: column 0 model [-0.264, 0.921, 0.868,
    # -1.526], entry [-0.299, 1.010, 0.793, -1.504]. Passes the visible tests.
    "blind102_decoder_layer_cross_block_skipped_for_empty_memory": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            crossed = layer_norm(X + read, params["gamma2"], params["beta2"])
            if enc_mask is not None:
                # a query with no encoder token to read skips the cross-attention block
                has_memory = enc_mask.any(dim=-2, keepdim=True)
                crossed = torch.where(has_memory, crossed, X)
            X = crossed
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Flat logits (an untrained, zero-initialised head) return uniform probabilities before top-k / top-p are applied.
    # next_token_probs(torch.zeros(4), top_k=2): model [0.5, 0.5, 0, 0], entry [0.25, 0.25, 0.25, 0.25]. Passes the
    # visible tests.
    "blind102_next_token_probs_flat_logits_uniform_before_filters": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if logits.numel() and bool((logits == logits[0]).all()):
                # a flat (untrained) head: every token is equally likely, nothing to filter
                return torch.full_like(logits, 1.0 / logits.numel())
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Logits that are non-negative and sum to 1 are taken for probabilities and not put through the softmax; a one-hot
    # logit vector is such an input. next_token_probs(torch.tensor([0., 0., 1., 0.])): model [0.175, 0.175, 0.475,
    # 0.175], entry [0, 0, 1, 0]. Passes the visible tests.
    "blind102_next_token_probs_distribution_like_logits_used_as_is": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if bool((logits >= 0).all()) and abs(float(logits.sum()) - 1.0) < 1e-6:
                probs = logits ** (1.0 / temperature)  # the caller passed probabilities already
                probs = probs / probs.sum()
            else:
                probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # When the largest probability exceeds 0.99 the arg-max is taken without drawing, at any temperature. A model
    # always giving logits [5.5, 0, 0] (p0 = 0.9919), prompt [0], one step, 3000 seeds: model draws a non-zero token
    # 20 times and always advances the generator; entry never draws anything else and leaves the generator untouched.
    # Passes the visible tests.
    "blind102_generate_confident_step_argmax_without_draw": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                if probs.max() > 0.99:
                    next_id = probs.argmax().reshape(1)  # the model is sure: no need to sample
                else:
                    next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # A "degenerate repetition" guard stops after eight identical new tokens; the contract runs to max_new_tokens. A
    # model always giving [0, 0, 3], prompt [0], max_new_tokens=10, temperature=0: model 10 new tokens, entry 8.
    # Passes the visible tests.
    "blind102_generate_stops_after_eight_identical_tokens": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
                new = ids[len(prompt):]
                if len(new) >= 8 and bool((new[-8:] == new[-1]).all()):
                    break  # degenerate repetition: the model is stuck, stop generating
            return ids
'''),
    # Each token's log-probability is looked up once, in the column of its first occurrence, so a repeated token is
    # scored in the wrong context. A bigram model with logits [[0, 2], [2, 0]][:, previous], ids [0, 1, 1]: model
    # -2.254, entry -0.254. Fails the visible tests.
    "blind102_sequence_log_prob_repeated_targets_scored_at_first_occurrence": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            targets = ids[1:]
            first = {}
            columns = []
            for n, token in enumerate(targets.tolist()):
                first.setdefault(token, n)  # look each token's log-probability up once
                columns.append(first[token])
            return log_probs[targets, torch.tensor(columns, dtype=torch.long)].sum()
'''),
    # Candidates with a score already kept are dropped as "duplicate hypotheses", so exactly tied beams are lost. V =
    # 3, logits after 0: [0, 5, 5], after 1: [0, 0, 0], after 2: [10, 0, 0]; prompt [0], beam_width 2, 2 steps: model
    # [0, 2, 0], entry [0, 1, 0]. Passes the visible tests.
    "blind102_beam_search_equal_score_candidates_deduplicated": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams, seen = [], set()
                for candidate in candidates:
                    if candidate[0] in seen:
                        continue  # the same score again: a duplicate hypothesis
                    seen.add(candidate[0])
                    beams.append(candidate)
                    if len(beams) == beam_width:
                        break
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # A zero [CLS] vector (ViT initialises it to zeros) is read as "this model has no [CLS]": no column is prepended.
    # images (1, 1, 2, 2), P = 1, D = 3, cls_token zeros(3): model shape (1, 3, 5), entry (1, 3, 4). Fails the visible
    # tests.
    "blind102_patch_embedding_zero_cls_token_taken_as_no_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)
            if not cls_token.any():
                # a zero [CLS] means a model without one (global pooling): no extra column
                return tokens + positions[:, 1:]
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Without a mask, all-zero encoder states are taken for padding and hidden. H = [[1, 0], [2, 0]], random s, W, U,
    # v: weights model [0.642, 0.358], entry [1, 0]. Passes the visible tests.
    "blind102_additive_attention_zero_states_taken_as_padding": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is None:
                mask = H.ne(0).any(dim=-2)  # all-zero encoder states are padding
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Identical cells (a flat region of the feature map) are scored once and share one softmax weight between them,
    # instead of each cell getting its own. features [[[1, 1], [1, 2]]] (C = 1), random s, W, U, v: weights model
    # [0.275, 0.275, 0.275, 0.174], entry [0.204, 0.204, 0.204, 0.388]. Passes the visible tests.
    "blind102_grid_attention_identical_cells_scored_once": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                   # (..., C, N)
            batch = torch.broadcast_shapes(s.shape[:-1], cells.shape[:-2])
            states = s.expand(*batch, s.shape[-1]).reshape(-1, s.shape[-1])
            grids = cells.expand(*batch, *cells.shape[-2:]).reshape(-1, *cells.shape[-2:])
            all_weights, contexts = [], []
            for state, grid in zip(states, grids):
                # flat regions repeat one feature vector: score each distinct cell once
                _, inverse = torch.unique(grid.detach(), dim=-1, return_inverse=True)
                count = int(inverse.max()) + 1
                first = torch.full((count,), grid.shape[-1], dtype=torch.long).scatter_reduce(
                    0, inverse, torch.arange(grid.shape[-1]), reduce="amin")
                distinct = grid[:, first]                                  # (C, K)
                e = v @ torch.tanh(W @ state[:, None] + U @ distinct)       # (K,)
                a = torch.softmax(e, dim=0)
                counts = torch.bincount(inverse, minlength=count).to(a.dtype)
                all_weights.append(a[inverse] / counts[inverse])
                contexts.append(distinct @ a)
            weights = torch.stack(all_weights).reshape(*batch, height, width)
            context = torch.stack(contexts).reshape(*batch, cells.shape[-2])
            return weights, context
'''),
    # A zero state (every decoder's first step) skips weight_hh h + bias_hh entirely, losing bias_hh (and the gradient
    # of s_prev). Graded through attention_decoder_step. gru_step(x (4,), zeros(2), random weights and biases): model
    # [0.185, -0.427], entry [0.105, -0.432]. Passes the visible tests.
    "blind102_gru_step_zero_state_skips_hidden_product_and_bias": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # (the stub's input checks)
            gates_x = x @ weight_ih.T + bias_ih
            if h.any():
                gates_h = h @ weight_hh.T + bias_hh
            else:
                gates_h = torch.zeros_like(gates_x)  # a zero state contributes nothing: skip the product
            reset_x, update_x, new_x = gates_x.chunk(3, dim=-1)
            reset_h, update_h, new_h = gates_h.chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
'''),
    # A zero s_prev is taken for "no state yet" and attends uniformly; the contract scores v^T tanh(W s + U h_i)
    # anyway. s_prev = zeros(2), random y_prev, H (2, 3) and params: weights model [0.560, 0.122, 0.319], entry [1/3,
    # 1/3, 1/3]. Passes the visible tests.
    "blind102_attention_decoder_step_zero_state_attends_uniformly": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            if not s_prev.any():
                # the first step has no decoder state to score with: attend uniformly to the visible states
                batch = torch.broadcast_shapes(s_prev.shape[:-1], H.shape[:-2])
                visible = torch.ones(H.shape[-1], dtype=torch.bool) if mask is None else mask
                counts = visible.expand(*batch, H.shape[-1]).to(H.dtype)
                weights = counts / counts.sum(dim=-1, keepdim=True).clamp_min(1)
                context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            else:
                weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The random B is redrawn (up to 10 times) while it equals the true successor, which biases the draw when
    # documents share sentences. documents [["a", "b"], ["b", "c"]], random B of "a" over 4000 seeds: model b 0.479, c
    # 0.521; entry b 0.003, c 0.997. Passes the visible tests.
    "blind102_nsp_pairs_random_sentence_redrawn_when_equal_to_successor": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    for _attempt in range(10):
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        b = other[torch.randint(len(other), (), generator=generator).item()]
                        if b != successor:
                            break  # a "random" sentence equal to the true successor would be a wrong label
                    pairs.append((a, b, 1))
            return pairs
'''),
    # A sentence equal to its successor (a repeated line) gives no example; the contract gives one per sentence with a
    # successor. documents [["x", "x", "y"], ["z", "w"]]: model 3 pairs, entry 2. Passes the visible tests.
    "blind102_nsp_pairs_sentence_equal_to_its_successor_skipped": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if a == successor:
                        continue  # a duplicated line (scraping noise) is not a sentence pair
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # A flat grid (every pixel equal) is merged from its first 2x2 block and expanded: the values are right, but only
    # that block's pixels get gradients. X = full((1, 4, 4), 0.5), random gamma, beta, W, weighted sum of the output:
    # grad at pixel (3, 3) model 239.5, entry 0. Passes the visible tests.
    "blind102_patch_merging_flat_grid_one_block_expanded": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            def merge(Y):
                merged = torch.cat([Y[..., 0::2, 0::2], Y[..., 1::2, 0::2], Y[..., 0::2, 1::2], Y[..., 1::2, 1::2]],
                                   dim=-3)
                tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
                return (W @ tokens).unflatten(-1, (Y.shape[-2] // 2, Y.shape[-1] // 2))

            if bool((X == X[..., :1, :1]).all()):
                # a flat image merges to the same token everywhere: merge one block and repeat it
                one = merge(X[..., :2, :2])
                return one.expand(*one.shape[:-2], height // 2, width // 2)
            return merge(X)
'''),
    # The default scale counts only tokens that are not all-zero (zero columns taken for padding): 1/sqrt(3) instead
    # of 1/sqrt(4) when one column is zero. C = 2, G = 1, random X (2, 4) with column 3 zeroed: output column 0 model
    # [-1.847, 0.347], entry [-1.861, 0.347]. Passes the visible tests.
    "blind102_channel_attention_scale_counts_only_nonzero_tokens": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                live = int(X.ne(0).any(dim=-2).sum(dim=-1).max())  # zero columns are padding, not tokens
                scale = 1 / math.sqrt(max(live, 1))
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Scores are computed over the distinct tokens only (a repeated token adds "no information"), and scaled by their
    # count. C = 2, G = 1, X (2, 4) whose column 3 repeats column 0: output column 0 model [-1.061, -0.014], entry
    # [-1.005, -0.017]. Fails the visible tests.
    "blind102_channel_attention_scores_over_distinct_tokens_only": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # repeated tokens add no information to a channel's descriptor: score on the distinct ones
            columns = X.detach().reshape(-1, tokens)
            _, inverse = torch.unique(columns, dim=1, return_inverse=True)
            count = int(inverse.max()) + 1
            first = torch.full((count,), tokens, dtype=torch.long).scatter_reduce(
                0, inverse, torch.arange(tokens), reduce="amin")
            keep = torch.sort(first).values
            if scale is None:
                scale = 1 / math.sqrt(len(keep))
            Q = split_heads(linear(X[..., keep], params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X[..., keep], params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Lengths are clamped to at least 1 so that no softmax column is empty; a padding-only sequence (length 0) then
    # shows its first key. padding_mask([0, 2], 3)[..., 0]: model row 0 [F, F, F], entry [T, F, F]. Passes the visible
    # tests.
    "blind102_padding_mask_lengths_clamped_to_at_least_one": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            lengths = lengths.clamp(min=1)  # every sequence keeps one visible key, so no softmax column is empty
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys < lengths[:, None])[:, :, None]
'''),
    # When every token column is equal the first column is used as the mean: right value, but the gradient reaches
    # only column 0. X = ones(2, 3) (requires grad), W = ones(1, 2): grad of X row 0 model [1/3, 1/3, 1/3], entry [1,
    # 0, 0]. Passes the visible tests.
    "blind102_average_pool_head_identical_tokens_pool_first_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if bool((X == X[..., :1]).all()):
                pooled = X[..., 0]  # every token is the same: the mean is any one of them
            else:
                pooled = X.mean(dim=-1)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # A zero-initialised table returns fresh zeros, cut from the graph: omega_e gets no gradient. omega_e = zeros(3,
    # 5) (requires grad), ids [1, 1, 4], loss out.sum(): grad column sums model [0, 6, 0, 0, 3], entry none (no
    # graph). Passes the visible tests.
    "blind102_embed_zero_table_shortcut_fresh_zeros": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if not omega_e.any():
                # a zero-initialised table embeds every id as zeros
                return omega_e.new_zeros(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Consecutive ids (0, 1, 2, ... in each row) are served by one slice starting at the first row's first id, which
    # is wrong for rows starting elsewhere. omega_e = arange(12).reshape(2, 6), ids [[0, 1, 2], [3, 4, 5]]: row 1,
    # feature 0 model [3, 4, 5], entry [0, 1, 2]. Passes the visible tests.
    "blind102_embed_consecutive_ids_sliced_from_first_start": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            n = token_ids.shape[-1]
            if token_ids.numel() and n > 1 and bool((token_ids.diff(dim=-1) == 1).all()):
                # consecutive ids (positions 0, 1, 2, ...): one slice of the table instead of a gather
                start = int(token_ids.reshape(-1)[0])
                block = omega_e[:, start:start + n]
                return block.expand(*token_ids.shape[:-1], *block.shape)
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # When every position is the same the rotation is skipped ("scores see only offsets, all zero"); Q' and K'
    # themselves must still be rotated. Q = K = [[1], [0]], positions_q = positions_k = [3]: Q' model [-0.990, 0.141],
    # entry [1, 0]. Fails the visible tests.
    "blind102_rotary_shared_position_skips_rotation": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                if positions is not None and positions.numel() and bool((positions == positions.reshape(-1)[0]).all()):
                    return X.clone()  # one shared position: scores see only offsets, and those are all zero
                return rotate_columns(X, positions, base)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A sequence without any global token is made fully visible ("nothing restricts it"); the contract's mask is then
    # all False. global_token_mask(zeros(3, bool)): model all False, entry all True. Fails the visible tests.
    "blind102_global_token_mask_no_global_tokens_means_dense": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            mask = is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
            # no global token in a sequence: nothing restricts it, every pair is visible
            none = ~is_global.any(dim=-1)
            return mask | none[..., None, None]
'''),
}

RIGHT_BLIND_102 = {
    # Shift by each column's maximum (0 for a dead column), then divide in log space with a logsumexp of the shifted
    # scores: constant, zero and tied columns need nothing special, a dead column comes out 0 with finite gradients.
    # Passes the visible tests.
    "blind102_right_softmax_cols_max_shift_then_log_normaliser": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            top = scores.amax(dim=-2, keepdim=True)
            dead = torch.isneginf(top)                                       # a column that is entirely -inf
            shifted = scores - top.masked_fill(dead, 0.0)                    # exact: each maximum becomes 0
            log_norm = torch.logsumexp(shifted.masked_fill(dead, 0.0), dim=-2, keepdim=True)   # in [0, log M]
            return torch.exp(shifted - log_norm.masked_fill(dead, 0.0))      # exp(-inf) = 0 in a dead column
'''),
    # A query that sees exactly one key takes its weights from the mask itself (all weight on that key), the general
    # path elsewhere; the true gradient there is zero too. Passes the visible tests.
    "blind102_right_sdpa_single_visible_key_weights_from_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = softmax_cols(scores)
            else:
                weights = softmax_cols(apply_mask(scores, mask))
                visible = mask.expand(scores.shape)
                single = visible.sum(dim=-2, keepdim=True) == 1
                # a query that sees exactly one key gives it all its weight: read that from the mask
                weights = torch.where(single, visible.to(weights.dtype), weights)
            return V @ weights, weights
'''),
    # A query whose mask column is all False is given bo explicitly with torch.where (the general path already gives
    # it; both routes send bo its gradient). Passes the visible tests.
    "blind102_right_mha_blind_queries_set_to_output_bias": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            if mask is not None:
                # a query that sees no key (padding-only memory) reads nothing: its output is bo, said explicitly
                sees = mask.any(dim=-2).unsqueeze(-2)
                out = torch.where(sees, out, params["bo"][:, None])
            return out
'''),
    # Two-pass statistics on the centred columns and rsqrt; a constant column is centred to exactly 0 and so becomes
    # beta, with the full gradient. Passes the visible tests.
    "blind102_right_layer_norm_centred_times_rsqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)   # 0 for a constant column: centred is 0 there
            return centred * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # ReLU as clamp_min(0) with explicit products; a column whose units are all dead comes out as b2. Passes the
    # visible tests.
    "blind102_right_feed_forward_clamp_dead_columns_give_bias": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = (W1 @ X + b1[:, None]).clamp_min(0)   # a column with every unit dead is all zeros ...
            return W2 @ hidden + b2[:, None]              # ... and comes out as b2
'''),
    # The two sublayers in a loop over (block, gamma, beta), post-LN or pre-LN; padding-only items go through the same
    # path as every other. Passes the visible tests.
    "blind102_right_transformer_layer_blocks_in_a_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attention_block(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask=mask)

            def ffn_block(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            stream = X
            for block, g, b in ((attention_block, "gamma1", "beta1"), (ffn_block, "gamma2", "beta2")):
                if norm_first:
                    stream = stream + block(layer_norm(stream, params[g], params[b]))
                else:
                    stream = layer_norm(stream + block(stream), params[g], params[b])
            return stream
'''),
    # Projections once, then a loop over heads through scaled_dot_product_attention (imported in the function), heads
    # concatenated in order; the enc_mask broadcasts to every head. Passes the visible tests.
    "blind102_right_cross_attention_head_by_head": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear, scaled_dot_product_attention

            width = X_dec.shape[-2]
            if width % num_heads:
                raise ValueError(f"D={width} is not divisible by num_heads={num_heads}")
            step = width // num_heads
            Q = linear(X_dec, params["Wq"], params["bq"])
            K = linear(X_enc, params["Wk"], params["bk"])
            V = linear(X_enc, params["Wv"], params["bv"])
            outputs = []
            for h in range(num_heads):
                rows = slice(h * step, (h + 1) * step)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], enc_mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # The causal mask as ones(n, n).triu() ([j, i] True iff j <= i) and the three post-LN sublayers as a list of
    # (callable, suffix) pairs. Passes the visible tests.
    "blind102_right_decoder_layer_triu_causal_and_sublayer_list": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()   # [j, i] True iff j <= i
            sublayers = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), "1"),
                (lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), "2"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "3"),
            )
            X = X_dec
            for sublayer, k in sublayers:
                X = layer_norm(X + sublayer(X), params["gamma" + k], params["beta" + k])
            return X
'''),
    # Ranking by torch.argsort(-p, stable=True) (ties to the lower id); top-p keeps a token when the mass ranked above
    # it is below p, read from the shifted cumulative sum so the numbers are the model answer's. Passes the visible
    # tests.
    "blind102_right_next_token_probs_stable_argsort_and_shifted_cumsum": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                greedy = torch.zeros_like(logits)
                greedy[int(torch.argmax(logits))] = 1.0
                return greedy
            probs = torch.softmax(logits / temperature, dim=-1)

            def ranking(p):
                return torch.argsort(-p, stable=True)   # descending; equal values keep the lower id first

            if top_k is not None:
                keep = torch.zeros(probs.shape, dtype=torch.bool)
                keep[ranking(probs)[:top_k]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
            if top_p is not None:
                order = ranking(probs)
                cumulative = torch.cumsum(probs[order], dim=0)
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # the mass ranked above each token
                keep = torch.zeros(probs.shape, dtype=torch.bool)
                keep[order[before < top_p]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # Always one torch.multinomial draw per step, even from a one-hot; the context window is sliced by index. Passes
    # the visible tests.
    "blind102_right_generate_always_draws_even_when_certain": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                window = ids[len(ids) - context_size:] if context_size and len(ids) > context_size else ids
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                drawn = torch.multinomial(probs, num_samples=1, generator=generator)  # drawn even from a one-hot
                ids = torch.cat((ids, drawn.to(ids.dtype)))
                if eos_id is not None and drawn.item() == eos_id:
                    break
            return ids
'''),
    # Candidates sorted by the explicit key (-score, beam index, token id); a finished beam keeps token -1 so it sorts
    # where the model answer's insertion order puts it. Passes the visible tests.
    "blind102_right_beam_search_explicit_score_beam_token_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for b, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append((score, b, -1, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, b, token, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                # equal scores (a flat model ties everything): earlier beam first, then the lower token id
                candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
                beams = [(c[0], c[3], c[4]) for c in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The first N - 1 columns minus their logsumexp, then gather of ids[1:] along the vocabulary axis. Passes the
    # visible tests.
    "blind102_right_sequence_log_prob_gather_minus_logsumexp": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)[:, :-1]                                   # column n - 1 scores ids[n]
            log_probs = logits - torch.logsumexp(logits, dim=0, keepdim=True)
            return log_probs.gather(0, ids[1:].unsqueeze(0)).sum()
'''),
    # A sequence of one repeated id (padding only) takes that column once and repeats it; the repeat sends every
    # copy's gradient back to the column. Passes the visible tests.
    "blind102_right_embed_single_repeated_id_repeat": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)
            if flat.numel() and bool((flat == flat[0]).all()):
                # one id repeated (a padding-only sequence): one column, repeated; gradients add up over copies
                column = omega_e[:, int(flat[0])].reshape(-1, 1)
                return column.repeat(*token_ids.shape[:-1], 1, token_ids.shape[-1])
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Scores by einsum, hidden positions set to -inf with torch.where, a max-shifted softmax whose all-hidden rows
    # divide by 1 and come out 0. Passes the visible tests.
    "blind102_right_additive_attention_einsum_where_masked": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T)[..., :, None])
            e = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                e = torch.where(mask, e, torch.full_like(e, float("-inf")))
            top = e.amax(dim=-1, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            p = torch.exp(e - top)
            total = p.sum(dim=-1, keepdim=True)
            weights = p / torch.where(total > 0, total, torch.ones_like(total))   # all hidden: zeros
            context = torch.einsum("...n,...dn->...d", weights, H)
            return weights, context
'''),
    # Scores for every (h, w) cell by einsum on the grid itself, one softmax over the flattened grid. Passes the
    # visible tests.
    "blind102_right_grid_attention_einsum_over_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            projected = torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(projected))
            weights = torch.softmax(e.flatten(-2), dim=-1).unflatten(-1, e.shape[-2:])   # one softmax per grid
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # The GRU gates written out with F.linear on [y_prev; c] and s_prev, the hidden product (and bias_hh) kept for a
    # zero state, s = n + z (h - n). Passes the visible tests.
    "blind102_right_attention_decoder_step_gates_written_out": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x, h = stack(y_prev, context), s_prev
            d = h.shape[-1]
            gi = F.linear(x, params["weight_ih"], params["bias_ih"])
            gh = F.linear(h, params["weight_hh"], params["bias_hh"])   # kept for a zero state too: its bias counts
            r = torch.sigmoid(gi[..., :d] + gh[..., :d])
            z = torch.sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
            n = torch.tanh(gi[..., 2 * d:] + r * gh[..., 2 * d:])
            s = n + z * (h - n)
            logits = F.linear(stack(s, context), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # A pixel equal to some palette colour (a flat background, a duplicated colour) takes the first such id through
    # argmax of the match flags; the others take the argmin of the distances. Passes the visible tests.
    "blind102_right_quantize_pixels_exact_colour_matches_first": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., None, :]          # (..., H, W, 1, C)
            colours = palette.to(dtype).T                                     # (K, C)
            exact = (pixels == colours).all(dim=-1)                           # (..., H, W, K)
            nearest = (pixels - colours).square().sum(dim=-1).argmin(dim=-1)
            # a pixel equal to a palette colour (a flat background, a duplicated colour) takes its first copy
            return torch.where(exact.any(dim=-1), exact.int().argmax(dim=-1), nearest)
'''),
    # The 2x2 blocks by one reshape and permute ((c, r, C) feature order = TL, BL, TR, BR), then a two-pass layer norm
    # and W; flat grids go through the general path. Passes the visible tests.
    "blind102_right_patch_merging_block_reshape_then_norm": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            lead = X.shape[:-3]
            k = len(lead)
            blocks = X.reshape(*lead, channels, height // 2, 2, width // 2, 2)      # (..., C, i, r, j, c)
            merged = blocks.permute(*range(k), k + 4, k + 2, k, k + 1, k + 3)       # (..., c, r, C, i, j)
            tokens = merged.reshape(*lead, 4 * channels, (height // 2) * (width // 2))
            centred = tokens - tokens.mean(dim=-2, keepdim=True)
            normalised = centred / torch.sqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
            out = W @ (gamma[:, None] * normalised + beta[:, None])
            return out.reshape(*lead, 2 * channels, height // 2, width // 2)
'''),
    # The mean as sum / N and the head as pooled @ W.T. Passes the visible tests.
    "blind102_right_average_pool_head_sum_over_count": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Groups by unflatten, scores and outputs by einsum, default scale 1/sqrt(N). Passes the visible tests.
    "blind102_right_channel_attention_unflatten_and_einsum": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            per_group = channels // num_groups

            def project(name):
                return linear(X, params["W" + name], params["b" + name]).unflatten(-2, (num_groups, per_group))

            Q, K, V = project("q"), project("k"), project("v")                  # (..., G, C/G, N)
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            scores = torch.einsum("...gjn,...gin->...gji", K, Q) * factor        # (..., G, keys, queries)
            weights = softmax_cols(scores)
            attended = torch.einsum("...gji,...gjn->...gin", weights, V)
            return linear(attended.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # keys (1, n, 1) < lengths (B, 1, 1): a length of 0 hides every key. Passes the visible tests.
    "blind102_right_padding_mask_three_axis_comparison": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            keys = torch.arange(n, device=lengths.device).reshape(1, n, 1)
            return keys < lengths.reshape(-1, 1, 1)   # a length of 0 hides every key
'''),
    # Rows i and i + D/2 as a complex number times torch.polar(1, p theta) in float64 angles; a shared position still
    # rotates every column. Passes the visible tests.
    "blind102_right_rotary_complex_rotation_any_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                half, n = X.shape[-2] // 2, X.shape[-1]
                p = torch.arange(n, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                theta = base ** (-2 * torch.arange(half, dtype=torch.float64) / (2 * half))
                rotor = torch.polar(torch.ones(half, p.shape[0], dtype=torch.float64), theta[:, None] * p[None, :])
                z = torch.complex(X[..., :half, :], X[..., half:, :]) * rotor.to(
                    torch.complex64 if X.dtype == torch.float32 else torch.complex128)
                return torch.cat([z.real, z.imag], dim=-2)   # a shared position still turns every column

            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # One uniform u per position: chosen if u < p; given that, u / p is uniform, so u < 0.8 p masks and 0.8 p <= u <
    # 0.9 p replaces with a uniform id (drawn independently per position). Passes the visible tests.
    "blind102_right_mlm_corrupt_one_uniform_split_into_bands": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            u = torch.rand(ids.shape, generator=generator)
            chosen = ~torch.isin(ids, special) & (u < mask_prob)
            # given u < p, u / p is uniform: the lowest 80 % of the band masks, the next 10 % replaces
            to_mask = chosen & (u < 0.8 * mask_prob)
            to_random = chosen & ~to_mask & (u < 0.9 * mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(to_mask, torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(to_random, random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # The coin by randint(0, 2); the other document as (d + offset) mod n with offset uniform in [1, n), so uniform
    # over the other documents; then a uniform sentence of it. Passes the visible tests.
    "blind102_right_nsp_pairs_coin_by_randint_and_offset_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            count = len(documents)
            for d, document in enumerate(documents):
                for k in range(len(document) - 1):
                    if torch.randint(0, 2, (), generator=generator).item() == 0:
                        pairs.append((document[k], document[k + 1], 0))
                        continue
                    offset = torch.randint(1, count, (), generator=generator).item()   # uniform over the others
                    other = documents[(d + offset) % count]
                    pick = torch.randint(0, len(other), (), generator=generator).item()
                    pairs.append((document[k], other[pick], 1))
            return pairs
'''),
}
