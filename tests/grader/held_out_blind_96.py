"""Ninety-seventh blind batch of held-out implementations (prefix blind96_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_94.py) were only skimmed for
their entry names, emphases and header style. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor benchmarks/, nor the batch written at the same time (held_out_blind_95.py). By accident, one `ls`
listed the file NAMES of tests/grader/ and exercises/tests/ (no file was opened).

Emphasis: legacy and deprecated torch APIs, as code copied from old tutorials and old repositories uses them. Wrong
entries: torch.Tensor([1.0]) in a guard (a one-element tensor in the default dtype promotes a float32 softmax to
float64), torch.FloatTensor tables and one-hot buffers (float32 whatever the default dtype), torch.FloatTensor /
torch.cuda.FloatTensor dispatch through .type() (float64 channel attention computed and returned in float32),
.type(torch.FloatTensor) on rotary positions (float32 angles in a float64 call), torch.Tensor([token]) appended to
ids (generate returns float ids), torch.autograd.Variable around the embedding table and the attention weights (a
detached alias: no gradient), .data on the decoder's residual, the logits of sequence_log_prob and the ViT position
table, F.softmax / F.log_softmax without dim (the implicit-dim rule picks the right axis only for some ranks: scaled
dot-product attention on transposed scores, additive attention, beam search's (V, N) logits), keepdim left out where
old PyTorch kept the axis (softmax_cols, layer_norm: right unbatched only), keepdim=True then squeeze() with no dim
(average_pool_head drops a batch of one), torch.range's inclusive end (causal_mask), ByteTensor masks (local_mask
returns uint8; cross_attention hands a uint8 mask on), torch.max(x, dim)[0] taken as the arg-max (greedy sampling),
x.new(size) left uninitialised (greedy sampling), x.new in the ids' dtype (pixel_sequence's start token overflows
uint8), resize_ on a clone of a transposed tensor (pixel_sequence), torch.nonzero without as_tuple (mlm_corrupt
indexes rows with (row, column) pairs), torch.addmm with a bias written for the row layout (feed_forward), Tensor.mm
and torch.ger (2-D / 1-D only: self_attention and global_token_mask lose their batch axes), X.add_ on the input
(transformer_layer's pre-LN), a single-image .view(C, -1) (quantize_pixels), a single-image F.softmax(e.view(-1))
(grid_attention), torch.cat(..., 1) from the batch-first seq2seq tutorial (attention_decoder_step), integer
division with / that old PyTorch truncated (shifted_window_mask's wrap flags; T5's num_buckets /= 2 giving float
buckets), torch.LongTensor arithmetic for a closed-form count (int64 overflow at n = 10**12). Right entries use old
APIs where they are still right on every allowed input: .data on the softmax shift (the shift cancels), log of a
FloatTensor mask added to the scores, torch.range(0, n - 1) for causal and strided masks (fmod on float positions),
torch.Tensor(sizes) in the default dtype for one-hot and sinusoidal tables, torch.bmm over .contiguous().view(...)
folded batches, x.new(...) buffers fully written (multi-head heads, greedy one-hot after zero_()), the deprecated
torch.add(input, value, other) overload, F.relu(..., inplace=True) on a fresh tensor, ones().triu().type(
torch.BoolTensor), F.softmax / F.log_softmax without dim on a 1-D vector or a transposed (N, V) matrix,
Variable(..., volatile=True) around generate's context, torch.LongTensor([token]) in beam search, Tensor.unfold
patches, expand_as on the right side, index_select with .type(torch.LongTensor), torch.min(x, dim)[1] as the arg-min,
true division truncated back with .long(), torch.max of two bool tensors as an elementwise OR, torch.nonzero(...).t()
as an index tuple, and uniform_ / random_ on fresh legacy tensors drawing from the generator.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind96/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker) and
run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says whether it
does (15 of the 35 wrong entries pass them). Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says (the uninitialised greedy buffer over 20 calls, after
freeing tensors of the same size: 18 of the 20 results were not a one-hot). Right entries were compared with the model
answer on random inputs under both default dtypes (float32 and float64 inputs, shapes with 0-2 batch axes, edge sizes
such as N = 1, masks of the broadcastable shapes and all-hidden columns, scores of 1e3-1e4 and exact zeros, transposed
inputs), values to 1e-5 / 1e-11 and dtypes exactly, the contract's ValueErrors (K's D_k, D % H, ids out of range, stride
< 1, window not dividing the grid, a negative sos_id), gradients of every floating-point input (parameters included) to
1e-4 / 1e-9 at finite entries, inputs left unchanged, and the same values under torch.no_grad() and
torch.inference_mode(); generate on 200 seeded runs of random table models with every option (same ids, same generator
state afterwards, and inside inference_mode); next_token_probs on 300 rounded logits (ties, temperature 0 as int and
float, top_k up to V + 2, top_p 1e-9 to 1); beam_search on 200 random table models with rounded logits (ties, eos,
widths 1-3, 0-2 steps); sequence_log_prob's gradients to the model's table; mlm_corrupt by its invariants (specials
never chosen, labels exactly at the chosen positions, ids unchanged) and frequencies on 200 000 positions (chosen 14.95
%, mask 80.5 %, kept 11.9 %, other 9.5 %; the model answer 14.97 / 80.4 / 12.0 / 9.7), mask_prob 1, an empty special
tensor and transposed 3-D ids; nsp_pairs by label and partner frequencies over 3000 calls (equal to the model answer's
for the same seed) and the one-document ValueError. Two apparent differences in the first run were artefacts of my own
checks and not of the entries: softmax scores multiplied by 0 after -inf entries were set (NaN inputs, NaN gradients in
both), and layer_norm with D = 2 and eps = 0 (the true gradient to X is 0; both give rounding noise of 1e-3).

Judgement calls: blind96_next_token_probs_greedy_buffer_from_uninitialised_new reads uninitialised memory, so its result
depends on the allocator; it is wrong by the contract (a one-hot is required) even when the memory happens to be zero.
blind96_softmax_cols_sum_guard_from_default_dtype_tensor differs only in dtype, and only for float32 scores under a
float64 default. blind96_cross_attention_enc_mask_converted_to_byte_tensor and
blind96_self_attention_projected_with_tensor_mm raise (a ValueError from apply_mask, a RuntimeError from mm) rather than
return wrong numbers; both are what the old code does on today's torch.
blind96_relative_bucket_num_buckets_true_division returns the right bucket values for an even bucket count, but as
floats; the contract asks for a LongTensor. Right entries that warn (torch.range, implicit softmax dims, the deprecated
add overload, volatile) were kept: the contract says nothing against warnings.
blind96_right_apply_mask_log_of_float_tensor_mask hides by adding -inf (the contract accepts it beside masked_fill: no
gradient comes back through a hidden entry). blind96_right_nsp_pairs_legacy_in_place_random_draws happens to consume the
generator exactly as the model answer does (uniform_ and random_ draw like rand and randint), so it even reproduces the
model answer's pairs for a seed.

Counts: 35 wrong, 26 right.
Wrong per function: {'softmax_cols': 2, 'causal_mask': 1, 'local_mask': 1, 'one_hot': 1, 'embed': 1, 'sinusoidal_positions': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'multi_head_attention': 1, 'layer_norm': 1, 'feed_forward': 1, 'transformer_layer': 1, 'cross_attention': 1, 'decoder_layer': 1, 'next_token_probs': 2, 'generate': 1, 'sequence_log_prob': 1, 'beam_search': 1, 'patch_embedding': 1, 'additive_attention': 1, 'attention_decoder_step': 1, 'grid_attention': 1, 'rotary_embedding': 1, 'relative_position_bucket': 1, 'mlm_corrupt': 1, 'pixel_sequence': 2, 'average_pool_head': 1, 'quantize_pixels': 1, 'shifted_window_mask': 1, 'channel_attention': 1, 'sparse_attention_cost': 1, 'global_token_mask': 1}.
Right per function: {'softmax_cols': 1, 'apply_mask': 1, 'causal_mask': 1, 'strided_mask': 1, 'one_hot': 1, 'sinusoidal_positions': 1, 'scaled_dot_product_attention': 1, 'multi_head_attention': 1, 'layer_norm': 1, 'feed_forward': 1, 'decoder_layer': 1, 'next_token_probs': 1, 'generate': 1, 'sequence_log_prob': 1, 'beam_search': 1, 'patchify': 1, 'patch_embedding': 1, 'dequantize_pixels': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'shifted_window_mask': 1, 'global_token_mask': 1, 'mlm_corrupt': 1, 'nsp_pairs': 1, 'average_pool_head': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_96 = {
    # The all-zero-column guard uses torch.Tensor([1.0]), a one-element tensor in the DEFAULT dtype that takes part in
    # type promotion: float32 scores under a float64 default come back float64. softmax_cols(float32 [[0, 1], [1, 0]])
    # under torch.set_default_dtype(torch.float64): model dtype float32, entry float64. Passes the visible tests.
    "blind96_softmax_cols_sum_guard_from_default_dtype_tensor": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.max(dim=-2, keepdim=True)[0]
            column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(column_sum == 0, torch.Tensor([1.0]), column_sum)
'''),
    # Written when reductions kept the reduced axis by default: torch.max(scores, -2)[0] and sum(-2) are (..., N), which
    # lines up with (M, N) only without batch axes. softmax_cols(torch.randn(2, 3, 4)): model (2, 3, 4) weights, entry
    # RuntimeError (size mismatch). Fails the visible tests.
    "blind96_softmax_cols_reductions_written_for_old_keepdim_default": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = torch.max(scores, -2)[0]
            column_max[column_max == float("-inf")] = 0
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(-2)
            column_sum[column_sum == 0] = 1
            return exps / column_sum
'''),
    # torch.range includes its end, unlike arange and Python's range: the mask is (n + 1, n + 1). causal_mask(3): model
    # shape (3, 3), entry shape (4, 4). Fails the visible tests.
    "blind96_causal_mask_torch_range_inclusive_end": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            positions = torch.range(0, n)
            return positions[:, None] <= positions[None, :]
'''),
    # Masks were ByteTensors before PyTorch 1.2: the band is returned as .type(torch.ByteTensor). local_mask(3, 1):
    # model dtype torch.bool, entry torch.uint8 (same 0/1 pattern). Passes the visible tests.
    "blind96_local_mask_returned_as_byte_tensor": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            keys = torch.arange(n).view(n, 1)
            queries = torch.arange(n).view(1, n)
            return ((queries - keys).abs() <= window).type(torch.ByteTensor)
'''),
    # The one-hot buffer is torch.FloatTensor(*sizes): float32 whatever the default dtype; only an explicit dtype is
    # honoured. one_hot(torch.tensor([0, 1]), 2) under a float64 default: model dtype float64, entry float32. Passes the
    # visible tests.
    "blind96_one_hot_buffer_from_float_tensor_constructor": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            shape = tuple(token_ids.shape[:-1]) + (vocab_size, token_ids.shape[-1])
            out = torch.FloatTensor(*shape).zero_()
            out.scatter_(-2, token_ids.unsqueeze(-2), 1)
            return out if dtype is None else out.type(dtype)
'''),
    # The table is wrapped in torch.autograd.Variable as 0.3-era tutorials did; today Variable(t) is a detached alias,
    # so no gradient reaches omega_e. embed(omega_e (3, 5) requiring grad, torch.tensor([1, 4])): model output requires
    # grad, entry output does not (values equal). Passes the visible tests.
    "blind96_embed_table_wrapped_in_autograd_variable": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            from torch.autograd import Variable
            table = Variable(omega_e)
            return table[:, token_ids].movedim(0, -2)
'''),
    # The table is torch.FloatTensor(dim, num_positions): float32 under a float64 default (the contract asks for the
    # default dtype). sinusoidal_positions(4, 6) under a float64 default: model dtype float64, entry float32. Passes the
    # visible tests.
    "blind96_sinusoidal_table_from_float_tensor_constructor": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            table = torch.FloatTensor(dim, num_positions)
            positions = torch.arange(num_positions).float()
            for i in range(0, dim, 2):
                angle = positions / 10000 ** (i / dim)
                table[i] = torch.sin(angle)
                if i + 1 < dim:
                    table[i + 1] = torch.cos(angle)
            return table
'''),
    # Row-layout scores (N_q, N_k) with F.softmax(scores) and no dim, as old tutorials wrote it: the implicit dim is 1
    # (the keys) for a 2-D input but 0 for 3-D and 1 for 4-D. Q, K, V = torch.randn(2, 4, 3) each: model columns sum to
    # 1, entry columns of batch 0 sum to [2.39, 1.14, 1.17] (normalised over the batch axis). Fails the visible tests.
    "blind96_sdpa_row_softmax_without_dim": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.size(-2)
            scores = torch.matmul(Q.transpose(-2, -1), K) / math.sqrt(d_k)
            if mask is not None:
                scores = scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
            weights = F.softmax(scores)
            weights = weights.masked_fill(weights != weights, 0).transpose(-2, -1)
            return torch.matmul(V, weights), weights
'''),
    # Projections with Tensor.mm and a bias expanded to (D_k, N), from code older than torch.matmul: mm takes 2-D
    # matrices only. self_attention(X = torch.randn(2, 4, 3), square weights): model (2, 4, 3) output, entry
    # RuntimeError (self must be a matrix). Passes the visible tests.
    "blind96_self_attention_projected_with_tensor_mm": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            n = X.size(-1)
            Q = Wq.mm(X) + bq.unsqueeze(1).expand(bq.size(0), n)
            K = Wk.mm(X) + bk.unsqueeze(1).expand(bk.size(0), n)
            V = Wv.mm(X) + bv.unsqueeze(1).expand(bv.size(0), n)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Every weight is wrapped in torch.autograd.Variable first (old tutorials did); Variable(p) is now a detached alias,
    # so no weight gets a gradient. Params requiring grad, Xq = Xkv = torch.randn(4, 3), 2 heads: model output requires
    # grad, entry output does not (values equal). Passes the visible tests.
    "blind96_mha_weights_wrapped_in_autograd_variables": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch.autograd import Variable
            p = {name: Variable(params[name]) for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo")}
            Q = split_heads(linear(Xq, p["Wq"], p["bq"]), num_heads)
            K = split_heads(linear(Xkv, p["Wk"], p["bk"]), num_heads)
            V = split_heads(linear(Xkv, p["Wv"], p["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), p["Wo"], p["bo"])
'''),
    # mean(-2) written for the old keepdim=True default: (..., N) broadcasts against (D, N) correctly only without batch
    # axes. layer_norm(torch.randn(2, 3, 4), ones(3), zeros(3)): model (2, 3, 4), entry RuntimeError. Fails the visible
    # tests.
    "blind96_layer_norm_mean_written_for_old_keepdim_default": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(-2)
            centred = X - mean
            variance = (centred * centred).mean(-2)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # torch.addmm(bias, ...) as the old F.linear wrote it for rows: b1 (F,) broadcasts as a ROW of (F, N) (an error
    # unless F == N, and 2-D inputs only). X, W1, W2 = torch.randn(3, 3) each, b1 = [1, 2, 3], b2 = 0: model adds b1[f]
    # to row f, entry adds b1[n] to column n (outputs differ by up to 5). Fails the visible tests.
    "blind96_feed_forward_addmm_bias_broadcast_as_row": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = torch.addmm(b1, W1, X).clamp(min=0)
            return torch.addmm(b2, W2, hidden)
'''),
    # Pre-LN residuals with X.add_(...) as old in-place code did: the caller's X is overwritten (and a leaf X that
    # requires grad raises). transformer_layer(X, params, 2, norm_first=True): model leaves X unchanged, entry returns X
    # itself with the sublayers added into it. Fails the visible tests.
    "blind96_transformer_layer_pre_ln_add_in_place_on_input": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X.add_(attend(layer_norm(X, params["gamma1"], params["beta1"])))
                X.add_(think(layer_norm(X, params["gamma2"], params["beta2"])))
                return X
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The encoder mask is converted with .type(torch.ByteTensor), as old nn.MultiheadAttention masks were; the course's
    # apply_mask rejects uint8. cross_attention(X_dec, X_enc, params, 2, enc_mask=padding_mask(lengths, N_e)): model
    # returns the attention, entry raises ValueError. Fails the visible tests.
    "blind96_cross_attention_enc_mask_converted_to_byte_tensor": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None:
                enc_mask = enc_mask.type(torch.ByteTensor)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The first residual reads X_dec.data (old code's way to "use the values"): no gradient flows to X_dec along the
    # residual, only through the attention. X_dec (2, 4, 3) requiring grad, loss sum(R * out): model gradient at
    # X_dec[0, :, 0] [-0.0279, -0.0273, 0.0075, 0.0388], entry [-0.0283, -0.0310, 0.0093, 0.0410]. Passes the visible
    # tests.
    "blind96_decoder_layer_first_residual_through_data": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            self_mask = causal_mask(X_dec.shape[-1])
            attended = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X_dec.data + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # torch.max(logits, 0) returns (values, indices); the greedy branch takes [0], the VALUE, as the index.
    # next_token_probs(torch.tensor([0., 2., 1.]), temperature=0): model [0, 1, 0], entry [0, 0, 1]. Fails the visible
    # tests.
    "blind96_next_token_probs_greedy_index_from_max_values": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                best = torch.max(logits, 0)[0]
                probs[best.long()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The greedy one-hot starts from logits.new(logits.size()): uninitialised memory, never zeroed; only the arg-max
    # entry is written. next_token_probs(torch.randn(8), temperature=0) after freeing other tensors of that size: model
    # a one-hot, entry garbage beside the 1 (e.g. 4.6e-41, -3.0e+23). Fails the visible tests.
    "blind96_next_token_probs_greedy_buffer_from_uninitialised_new": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = logits.new(logits.size())
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The drawn id is appended as torch.Tensor([next_id]), a FloatTensor: torch.cat promotes the ids to float.
    # generate(table model, torch.tensor([1]), 1, temperature=0): model tensor([1, 2]) int64, entry tensor([1., 2.])
    # float32 (a second step would hand the model float ids). Fails the visible tests.
    "blind96_generate_appends_legacy_float_tensor": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator).item()
                ids = torch.cat([ids, torch.Tensor([next_id])])
                if eos_id is not None and next_id == eos_id:
                    break
            return ids
'''),
    # The logits are read through .data (old code's habit before a log-softmax): the sum is detached from the model. A
    # model whose table requires grad, ids = torch.tensor([0, 2, 1]): model result requires grad, entry does not (values
    # equal). Passes the visible tests.
    "blind96_sequence_log_prob_logits_through_data": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = F.log_softmax(model(ids).data, dim=0)
            picked = log_probs[ids[1:], torch.arange(len(ids) - 1)]
            return picked.sum()
'''),
    # F.log_softmax(model(ids)) with no dim: for the 2-D (V, N) logits the implicit dim is 1, the positions, not the
    # vocabulary. Table model logits(ids) = T[:, ids] with T[:, 0] = [0, 3, 1], prompt [0], width 2, 1 step: model [0,
    # 1], entry [0, 0] (every token scores log 1 = 0 and the lowest id wins). Fails the visible tests.
    "blind96_beam_search_log_softmax_implicit_dim_on_logits": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = F.log_softmax(model(ids).double())[:, -1]
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The position table is added through positions.data: the ViT's learned positions get no gradient. patch_embedding
    # with positions requiring grad (all else plain): model output requires grad, entry does not (values equal). Passes
    # the visible tests.
    "blind96_patch_embedding_positions_through_data": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token.view(1, -1, 1).expand(tokens.size(0), -1, -1)
            return torch.cat([cls_column, tokens], 2) + positions.data
'''),
    # F.softmax(scores) with no dim: right for (N,) and (B, N) scores (implicit dim 0 and 1), wrong for two batch axes
    # (implicit dim 0). s = torch.randn(2, 2, 3), H = torch.randn(2, 2, 4, 5): model weights sum to 1 over the 5
    # positions, entry over the first batch axis. Passes the visible tests.
    "blind96_additive_attention_softmax_implicit_dim": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.matmul(s, W.t()).unsqueeze(-1)
            hidden = torch.tanh(torch.matmul(U, H) + query)
            scores = torch.matmul(v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = F.softmax(scores)
            weights = weights.masked_fill(weights != weights, 0)
            context = torch.matmul(H, weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # torch.cat((y, c), 1) and .mm as in the batch-first seq2seq tutorial: right for a (B, .) batch only; an unbatched
    # state raises. s_prev (4,), y_prev (3,), H (5, 6): model returns (s (4,), logits (V,), weights (6,)), entry
    # IndexError (dimension out of range). Fails the visible tests.
    "blind96_decoder_step_cat_on_dim_one_from_batch_first_tutorial": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat((y_prev, context), 1)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = torch.cat((s, context), 1).mm(params["W_out"].t()) + params["b_out"]
            return s, logits, weights
'''),
    # Single-image captioning code: F.softmax(e.view(-1)) normalises over every cell of every image in the batch. s =
    # torch.randn(2, 3), features = torch.randn(2, 4, 2, 2): model each image's weights sum to 1, entry the two images'
    # weights together sum to 1. Fails the visible tests.
    "blind96_grid_attention_softmax_over_flattened_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.reshape(*features.shape[:-2], height * width)
            query = torch.matmul(W, s.unsqueeze(-1))
            e = torch.matmul(v, torch.tanh(torch.matmul(U, cells) + query))
            alpha = F.softmax(e.view(-1), dim=0).view(e.size())
            context = torch.matmul(cells, alpha.unsqueeze(-1)).squeeze(-1)
            return alpha.view(*e.shape[:-1], height, width), context
'''),
    # Frequencies and positions go through .type(torch.FloatTensor): float32 angles inside a float64 call.
    # rotary_embedding(Q, K = torch.randn(4, 64, dtype=torch.float64)): model and entry differ by 8.7e-8 (float64
    # accuracy is about 1e-15). Fails the visible tests.
    "blind96_rotary_angles_through_type_float_tensor": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.size(-2), X.size(-1)
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2).type(torch.FloatTensor) / dim)
                angles = theta[:, None] * positions.type(torch.FloatTensor)[None, :]
                cos, sin = angles.cos().type_as(X), angles.sin().type_as(X)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # T5's bucket code ported with `num_buckets /= 2` and `/ 2` (integer division in Python 2 and old PyTorch): the
    # halves are floats, so the buckets come back as a float tensor (and odd counts land elsewhere).
    # relative_position_bucket(torch.tensor([-3, -1, 0, 1, 3])): model int64 [3, 1, 0, 17, 19], entry float32 [3., 1.,
    # 0., 17., 19.]. Fails the visible tests.
    "blind96_relative_bucket_num_buckets_true_division": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            ret = 0
            n = -relative_position
            if bidirectional:
                num_buckets /= 2
                ret = (n < 0).long() * num_buckets
                n = torch.abs(n)
            else:
                n = torch.max(n, torch.zeros_like(n))
            max_exact = num_buckets / 2
            is_small = n < max_exact
            val_if_large = max_exact + (
                torch.log(n.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
            ).long()
            val_if_large = torch.min(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
            return ret + torch.where(is_small, n, val_if_large)
'''),
    # torch.nonzero(chosen) without as_tuple gives (n, ids.dim()) rows; squeeze(1) makes it an index for a 1-D sequence
    # only. A batch of ids (2, 8) indexes whole rows with (row, column) pairs: model returns (corrupted, labels), entry
    # IndexError (index 2 out of bounds for dimension 0 with size 2) at mask_prob 0.5. Fails the visible tests.
    "blind96_mlm_corrupt_nonzero_without_as_tuple": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            positions = torch.nonzero(chosen).squeeze(1)
            labels = torch.full_like(ids, -100)
            labels[positions] = ids[positions]
            action = torch.rand(positions.shape[0], generator=generator)
            random_ids = torch.randint(0, vocab_size, (positions.shape[0],), generator=generator, dtype=ids.dtype)
            new_values = torch.where(action < 0.8, torch.full_like(random_ids, mask_id),
                                     torch.where(action < 0.9, random_ids, ids[positions]))
            corrupted = ids.clone()
            corrupted[positions] = new_values
            return corrupted, labels
'''),
    # The start token is ids.new(...).fill_(sos_id), in the ids' own dtype: ImageGPT's start token 512 does not fit
    # uint8 ids. pixel_sequence(uint8 ids [[1, 2], [3, 4]], 512): model inputs [512, 1, 2, 3], entry RuntimeError (value
    # cannot be converted to uint8 without overflow). Passes the visible tests.
    "blind96_pixel_sequence_start_token_from_ids_new": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], -1).long()
            start = ids.new(*ids.shape[:-2], 1).fill_(sos_id)
            inputs = torch.cat([start, targets[..., :-1]], -1)
            return inputs, targets
'''),
    # Flattening with resize_ on a clone, as old code reshaped in place: clone keeps a transposed layout and resize_
    # reads the storage order. pixel_sequence(torch.arange(6).reshape(2, 3).t(), 9): model targets [0, 3, 1, 4, 2, 5],
    # entry [0, 1, 2, 3, 4, 5]. Passes the visible tests.
    "blind96_pixel_sequence_flattened_with_resize_on_clone": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().clone()
            targets.resize_(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1])
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            inputs = torch.cat([start, targets[..., :-1]], -1)
            return inputs, targets
'''),
    # torch.mean(X, -1, True) then .squeeze() with no dim, as old code removed the kept axis: a batch of one (or K = 1)
    # is squeezed away too. X = torch.randn(1, 3, 4), W (2, 3): model shape (1, 2), entry shape (2,). Fails the visible
    # tests.
    "blind96_average_pool_head_keepdim_then_bare_squeeze": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = torch.mean(X, -1, True)
            logits = torch.matmul(W, pooled).squeeze()
            return logits if b is None else logits + b
'''),
    # Single-image code: images.contiguous().view(C, -1) merges the batch into the channel axis when images are batched.
    # images = torch.rand(2, 3, 2, 2), palette = torch.rand(3, 5): model ids per image, entry different ids (distances
    # over mixed channels). Fails the visible tests.
    "blind96_quantize_pixels_single_image_view": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            channels = palette.size(0)
            pixels = images.contiguous().view(channels, -1).t()
            distances = (pixels.unsqueeze(2) - palette.unsqueeze(0)).pow(2).sum(1)
            return distances.min(1)[1].view(*images.shape[:-3], *images.shape[-2:])
'''),
    # The wrap flag (r + shift) / H was 0 or 1 under old PyTorch's integer division; today it is a fraction, so every
    # row and column gets its own label. shifted_window_mask(4, 4, 2, 1): model window 0 all True, entry window 0 True
    # only on the diagonal. Fails the visible tests.
    "blind96_shifted_window_mask_wrap_flag_by_true_division": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift) / height
            cols = (torch.arange(width) + shift) / width
            labels = 2 * rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # `dtype = torch.cuda.FloatTensor if X.is_cuda else torch.FloatTensor` and .type(dtype) on X and the weights: a
    # float64 call is computed and returned in float32. X = torch.randn(4, 5, dtype=torch.float64), float64 params, 2
    # groups: model dtype float64, entry float32. Passes the visible tests.
    "blind96_channel_attention_float_tensor_dispatch": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            dtype = torch.cuda.FloatTensor if X.is_cuda else torch.FloatTensor
            X = X.type(dtype)
            p = {name: params[name].type(dtype) for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo")}
            if scale is None:
                scale = 1 / math.sqrt(X.size(-1))
            Q = split_heads(linear(X, p["Wq"], p["bq"]), num_groups)
            K = split_heads(linear(X, p["Wk"], p["bk"]), num_groups)
            V = split_heads(linear(X, p["Wv"], p["bv"]), num_groups)
            weights = softmax_cols(torch.matmul(K, Q.transpose(-2, -1)) * scale)
            attended = torch.matmul(weights.transpose(-2, -1), V)
            return linear(merge_heads(attended), p["Wo"], p["bo"])
'''),
    # The counts are computed on torch.LongTensor([n]) and converted with int(): int64 overflows at n = 10**12.
    # sparse_attention_cost("dense", 10**12): model 10**24, entry 2003764205206896640. Passes the visible tests.
    "blind96_sparse_cost_counted_in_long_tensor": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            N = torch.LongTensor([n])
            if pattern == "dense":
                total = N * N
            elif pattern == "causal":
                total = N * (N + 1) // 2
            elif pattern == "local":
                w = min(window, n - 1) if n else 0
                total = N * (2 * w + 1) - w * (w + 1)
            elif pattern == "strided":
                m = (n - 1) // stride if n else 0
                total = N * (2 * m + 1) - stride * m * (m + 1)
            else:
                total = num_global * (2 * N - num_global)
            return int(total)
'''),
    # The outer ORs are built with torch.ger (an outer product of 1-D vectors, deprecated for torch.outer): a batch of
    # flags raises. global_token_mask(torch.tensor([[True, False, False], [False, False, True]])): model (2, 3, 3) mask,
    # entry RuntimeError (ger: 1D tensors expected). Fails the visible tests.
    "blind96_global_token_mask_outer_products_with_ger": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            flags = is_global.float()
            ones = torch.ones_like(flags)
            return (torch.ger(flags, ones) + torch.ger(ones, flags)) > 0
'''),
}

RIGHT_BLIND_96 = {
    # The shift is read from scores.data (old logsumexp code): detached, but the softmax does not depend on the shift,
    # so values and gradients are the model answer's. Passes the visible tests.
    "blind96_right_softmax_cols_shift_from_data_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.data.max(-2, keepdim=True)[0]
            column_max[column_max == float("-inf")] = 0
            exps = (scores - column_max).exp()
            column_sum = exps.sum(-2, keepdim=True)
            column_sum[column_sum == 0] = 1
            return exps / column_sum
'''),
    # An additive mask: log of the mask as a legacy FloatTensor (0 where visible, -inf where hidden) added to the
    # scores. The float32 constant promotes to float64 scores and keeps float32 ones. Passes the visible tests.
    "blind96_right_apply_mask_log_of_float_tensor_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.type(torch.FloatTensor))
'''),
    # torch.range(0, n - 1): the inclusive end handled; float positions compare exactly. Passes the visible tests.
    "blind96_right_causal_mask_torch_range_to_n_minus_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            positions = torch.range(0, n - 1)
            return positions[:, None] <= positions[None, :]
'''),
    # Float positions from torch.range and torch.fmod for the multiple test (exact for integers). Passes the visible
    # tests.
    "blind96_right_strided_mask_float_range_and_fmod": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            positions = torch.range(0, n - 1)
            offsets = positions.view(1, n) - positions.view(n, 1)
            return torch.fmod(offsets, stride) == 0
'''),
    # torch.Tensor(*sizes) takes the DEFAULT dtype (unlike torch.FloatTensor); zero_ then scatter_ of ones. Passes the
    # visible tests.
    "blind96_right_one_hot_default_tensor_constructor_scatter": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            shape = tuple(token_ids.shape[:-1]) + (vocab_size, token_ids.shape[-1])
            out = torch.Tensor(*shape).zero_()
            out.scatter_(-2, token_ids.long().unsqueeze(-2), 1)
            return out if dtype is None else out.type(dtype)
'''),
    # torch.Tensor(dim, N) (the default dtype) filled completely, with torch.range for positions and pair indices.
    # Passes the visible tests.
    "blind96_right_sinusoidal_default_tensor_and_range": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            table = torch.Tensor(dim, num_positions)
            positions = torch.range(0, num_positions - 1)
            pair_index = torch.range(0, dim - 1, 2)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Batch axes folded into one with .contiguous().view(...) (explicit sizes) for torch.bmm, as pre-matmul code did.
    # Passes the visible tests.
    "blind96_right_sdpa_bmm_over_contiguous_views": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k, n_q = Q.size(-2), Q.size(-1)
            n_k, d_v = K.size(-1), V.size(-2)
            batch = Q.shape[:-2]
            size = 1
            for extent in batch:
                size *= extent
            q = Q.contiguous().view(size, d_k, n_q)
            k = K.contiguous().view(size, d_k, n_k)
            v = V.contiguous().view(size, d_v, n_k)
            scores = torch.bmm(k.transpose(1, 2), q).div(math.sqrt(d_k)).view(*batch, n_k, n_q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            output = torch.bmm(v, weights.contiguous().view(size, n_k, n_q)).view(*batch, d_v, n_q)
            return output, weights
'''),
    # Head outputs written into Q.new(...) (uninitialised, then every row written, head by head). Passes the visible
    # tests.
    "blind96_right_mha_heads_written_into_new_buffer": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            dim = Xq.size(-2)
            head_dim = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            heads = Q.new(*Q.shape[:-2], dim, Q.size(-1))
            for h in range(num_heads):
                rows = slice(h * head_dim, (h + 1) * head_dim)
                heads[..., rows, :] = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :],
                                                                   V[..., rows, :], mask)[0]
            return linear(heads, params["Wo"], params["bo"])
'''),
    # The deprecated torch.add(input, value, other) overload (X + (-1) * mean) and gamma / beta expanded with expand_as
    # from (D, 1), the right side. Passes the visible tests.
    "blind96_right_layer_norm_deprecated_add_overload": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(-2, keepdim=True)
            centred = torch.add(X, -1, mean)
            variance = centred.pow(2).mean(-2, keepdim=True)
            normalised = centred / torch.sqrt(variance + eps)
            return gamma.unsqueeze(1).expand_as(normalised) * normalised + beta.unsqueeze(1).expand_as(normalised)
'''),
    # F.relu(..., inplace=True) on the fresh pre-activation, biases expanded as columns. Passes the visible tests.
    "blind96_right_feed_forward_relu_inplace_on_fresh_hidden": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = torch.matmul(W1, X) + b1.unsqueeze(1).expand(b1.size(0), X.size(-1))
            hidden = F.relu(hidden, inplace=True)
            return torch.matmul(W2, hidden) + b2.unsqueeze(-1)
'''),
    # The causal mask as torch.ones(n, n).triu().type(torch.BoolTensor): [j, i] True iff j <= i. Passes the visible
    # tests.
    "blind96_right_decoder_layer_triu_ones_type_bool_tensor": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_dec.size(-1)
            self_mask = torch.ones(n, n).triu().type(torch.BoolTensor)
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # F.softmax without dim on the 1-D logits (the implicit dim of a vector is 0, its only axis); the greedy one-hot
    # from logits.new(size).zero_() and torch.max(logits, 0)[1] (the first maximum). Passes the visible tests.
    "blind96_right_next_token_probs_implicit_dim_on_vector": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = logits.new(logits.size()).zero_()
                probs[torch.max(logits, 0)[1]] = 1
                return probs
            probs = F.softmax(logits / temperature)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True)[1]
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = probs.masked_fill(~keep, 0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True)[1]
                cumulative = torch.cumsum(probs[order], 0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, probs.size(0))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = probs.masked_fill(~keep, 0)
            return probs / probs.sum()
'''),
    # The context wrapped in Variable(..., volatile=True) (volatile now has no effect; the ids need no gradient), the
    # drawn id appended with .type_as(ids). Passes the visible tests.
    "blind96_right_generate_variable_volatile_context": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            from torch.autograd import Variable
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(Variable(context, volatile=True))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat((ids, next_id.type_as(ids)))
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # F.log_softmax without dim on the transposed (N, V) logits: a 2-D input's implicit dim is 1, the vocabulary;
    # torch.gather along dim 1 of the row layout. Passes the visible tests.
    "blind96_right_sequence_log_prob_implicit_dim_on_transposed_logits": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = F.log_softmax(model(ids).t())
            picked = torch.gather(log_probs[:-1], 1, ids[1:].unsqueeze(1))
            return picked.sum()
'''),
    # Legacy beam search: logits through .data (no gradient is needed when searching), F.log_softmax without dim on the
    # 1-D double column, candidates extended with torch.LongTensor([token]). Passes the visible tests.
    "blind96_right_beam_search_long_tensor_and_vector_log_softmax": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = F.log_softmax(model(ids).data[:, -1].double())
                    for token in range(log_probs.size(0)):
                        extended = torch.cat((ids, torch.LongTensor([token])))
                        candidates.append((score + log_probs[token].item(), extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Tensor.unfold twice (the old im2col), permuted and flattened through .contiguous().view. Passes the visible tests.
    "blind96_right_patchify_tensor_unfold_and_contiguous_view": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C, H, W = images.size()
            patches = images.unfold(2, P, P).unfold(3, P, P)
            patches = patches.permute(0, 2, 3, 1, 4, 5).contiguous()
            return patches.view(B, (H // P) * (W // P), C * P * P).transpose(1, 2)
'''),
    # expand_as on the right side: cls_token (D, 1) to (B, D, 1), positions (D, N + 1) to (B, D, N + 1). Passes the
    # visible tests.
    "blind96_right_patch_embedding_expand_as_right_side": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token.unsqueeze(-1).expand_as(tokens[:, :, :1])
            out = torch.cat((cls_column, tokens), 2)
            return out + positions.expand_as(out)
'''),
    # ids through .type(torch.LongTensor).contiguous().view(-1), palette.index_select(1, ...), then the channel axis
    # permuted in front of H, W. Passes the visible tests.
    "blind96_right_dequantize_index_select_long_type": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = ids.type(torch.LongTensor).contiguous().view(-1)
            colours = palette.index_select(1, flat).view(palette.size(0), *ids.shape)
            order = list(range(1, ids.dim() - 1)) + [0, ids.dim() - 1, ids.dim()]
            return colours.permute(*order)
'''),
    # ids through .type(torch.LongTensor) and .contiguous().view with explicit sizes; the start token from
    # torch.LongTensor(1).fill_(sos_id), expanded over the batch. Passes the visible tests.
    "blind96_right_pixel_sequence_long_type_and_view": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.type(torch.LongTensor).contiguous().view(*ids.shape[:-2], ids.size(-2) * ids.size(-1))
            start = torch.LongTensor(1).fill_(sos_id).expand(*targets.shape[:-1], 1)
            inputs = torch.cat((start, targets[..., :-1]), -1)
            return inputs, targets
'''),
    # Squared distances with .pow(2).sum over the channel axis and torch.min(distances, -1)[1], the (values, indices)
    # tuple's indices (the first minimum). Passes the visible tests.
    "blind96_right_quantize_pixels_min_tuple_indices": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.type(dtype).unsqueeze(-1)
            colours = palette.type(dtype).view(palette.size(0), 1, 1, -1)
            distances = (pixels - colours).pow(2).sum(-4)
            return torch.min(distances, -1)[1]
'''),
    # The old integer division restored: ((r + shift) / H).long() truncates a non-negative quotient to 0 or 1. Passes
    # the visible tests.
    "blind96_right_shifted_window_mask_true_division_truncated": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = ((torch.arange(height) + shift) / height).long()
            cols = ((torch.arange(width) + shift) / width).long()
            labels = (2 * rows).view(-1, 1) + cols.view(1, -1)
            labels = window_partition(labels.unsqueeze(0), window)[:, 0]
            return labels.unsqueeze(2) == labels.unsqueeze(1)
'''),
    # torch.max of two tensors is elementwise (and broadcasts): on bool flags it is an OR. Passes the visible tests.
    "blind96_right_global_token_mask_elementwise_torch_max": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            return torch.max(is_global.unsqueeze(-1), is_global.unsqueeze(-2))
'''),
    # torch.nonzero without as_tuple, transposed into one index row per axis (right for any batch shape); the 80/10/10
    # split drawn per chosen position. Passes the visible tests.
    "blind96_right_mlm_corrupt_nonzero_transposed_to_index_tuple": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            where = tuple(torch.nonzero(chosen).t())
            picked = ids[where]
            action = torch.rand(picked.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, picked.shape, generator=generator, dtype=ids.dtype)
            replaced = torch.where(action < 0.8, torch.full_like(picked, mask_id),
                                   torch.where(action < 0.9, random_ids, picked))
            corrupted = ids.clone()
            corrupted[where] = replaced
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[where] = picked.long()
            return corrupted, labels
'''),
    # Legacy in-place draws on fresh tensors: torch.Tensor(1).uniform_ for the coin and torch.LongTensor(1).random_ for
    # the other document and its sentence, all from the generator. Passes the visible tests.
    "blind96_right_nsp_pairs_legacy_in_place_random_draws": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    coin = torch.Tensor(1).uniform_(0, 1, generator=generator)[0]
                    if coin < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = int(torch.LongTensor(1).random_(0, len(documents) - 1, generator=generator)[0])
                        if pick >= index:
                            pick += 1
                        other = documents[pick]
                        j = int(torch.LongTensor(1).random_(0, len(other), generator=generator)[0])
                        pairs.append((a, other[j], 1))
            return pairs
'''),
    # pooled.matmul(W.t()) and the bias expanded with expand_as on the right side ((K,) lines up with (..., K)). Passes
    # the visible tests.
    "blind96_right_average_pool_head_matmul_t_and_expand_as": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(-1)
            logits = pooled.matmul(W.t())
            if b is not None:
                logits = logits + b.expand_as(logits)
            return logits
'''),
    # .contiguous().view for the split, a permute list built for any number of batch axes, .contiguous().view for the
    # merge. Passes the visible tests.
    "blind96_right_window_partition_contiguous_view_and_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            nb = len(batch)
            grid = X.contiguous().view(*batch, channels, height // M, M, width // M, M)
            order = list(range(nb)) + [nb + 1, nb + 3, nb, nb + 2, nb + 4]
            grid = grid.permute(*order).contiguous()
            return grid.view(*batch, (height // M) * (width // M), channels, M * M)
'''),
}
