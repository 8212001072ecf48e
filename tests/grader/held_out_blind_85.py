"""Eighty-sixth blind batch of held-out implementations (prefix blind85_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; exercises/conftest.py was read only for how --target works. The earlier blind batches
(held_out_blind.py ... held_out_blind_84.py) were only skimmed for their entry names (grepped for assert, nan_to_num,
clamp, print, seed, anomaly, retain, requires_grad, counter, environ, hard_coded and early-return names, and the names
of batches 77, 79, 81, 83 and 84 read in full, so that none is repeated) and the header of held_out_blind_57.py. Nothing
else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written
at the same time (held_out_blind_86.py, held_out_blind_87.py).

Emphasis: debugging leftovers and sanity checks. Wrong entries keep code a learner wrote while debugging, or checks
added to feel safe, that are false or harmful on some input the contract allows: asserts that a column has a finite
maximum, that every query sees a key (apply_mask, additive_attention), that attention weights sum to one, that n > 1,
lengths > 0, N > 1 tokens (average pool), more than one grid cell or window, at least one global token, at least one MLM
choice, two sentences per document, two or more ids to score, a positive Swin shift, an even D (sinusoidal), an even
head width, an even channel count, D_k == D, N_d <= N_e, N >= C (channel attention), one or three image channels, a
batched image, images in [-1, 1], 512 palette colours, 197 ViT positions, ids below 2**15, offsets below 2**15, n below
2**31, positions below the sequence length, beam width within the vocabulary, beams of equal length, no eos in the
prompt, top_p < 1, no zero probability, distinct BPE merges, the asked number of merges learned, a final token that ends
a word, contiguous windows, and same batch shapes where they broadcast; a debug flag read as bool(os.environ.get(...,
"0")) (always on) whose branch computes in float64; weights.retain_grad() without a guard (raises without gradients);
weights.numpy() in a print (raises when training); a requires_grad_() that reaches the caller's tensor through
.contiguous(); logits detached into a leaf for inspection (no gradient to the model); anomaly detection switched on and
left on; timing with torch.cuda.synchronize(); a module call counter that runs the range check on the first call only;
early returns left from testing one branch (a float identity for window 0, arg-max for a one-token generation, the
pre-LN layer after its attention half); a causal mask hard-coded from a 4-token worked example. Right entries keep
harmless leftovers: logging at DEBUG level (lazy messages, or .item() of detached statistics), prints of shapes, of
detached weights via .detach().cpu().numpy(), of tokens and step times, of merges and label counts; prints behind
environment variables read at call time; module call counters and perf_counter timings that change nothing;
retain_grad() only when the tensor requires grad; a breakpoint() and a nan_to_num guarded by NaN checks that never fire
on allowed inputs; anomaly detection inside a `with` block (restored on exit); an early return that is right (the
identity for stride >= n); and asserts that always hold for allowed inputs (visible diagonal, visible-key count,
non-negative variance, finite MHA output, shape kept, probabilities summing to 1 within 1e-3, a non-positive
log-probability, output shapes, element counts, ids in range, the start token, symmetric masks, int counts, labels equal
to ids where chosen, pairs of two).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind85/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's visible tests:
every right entry passes them, and each wrong entry's comment says whether it does (27 of the 53 wrong entries pass
them). Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each
differs as its comment says (an AssertionError or RuntimeError where the model answer returns, a float or float64
result, a caller's tensor left with requires_grad=True, anomaly detection left on, a lost gradient, no ValueError,
different values or draws). Right entries were compared with the model answer on 120 random cases each, one in six under
a float64 default dtype: float32 and float64 inputs at scales 1, 1000 and 1e-3, batch shapes (), (2,) and (2, 3),
non-contiguous inputs, masks (N_k, N_q), batched, (N_k, 1) and (1, N_q) with all-False columns and fully hidden states,
the same tensor as queries and keys, eps 0.0 and 1e-3, scale None/0.0/0.5/1, N = 0 tokens where allowed; each case run
three ways (plain, with every float input requiring grad, and under torch.no_grad(), which had to stay on), values to
1e-4 (float32) / 1e-10 (float64) relative to the largest entry, infinities equal, gradients of a random weighting of the
outputs to 1e-3, arguments unchanged and not requiring grad, anomaly detection off afterwards. generate, mlm_corrupt and
nsp_pairs were compared draw for draw on one seeded generator over three calls (same results and the same generator
state); beam_search with rounded (tied) logits, widths 1..4, eos None/0/V-1; next_token_probs at every temperature (0
included), top_k up to V + 2 and top_p including 1 and the int 1; sparse_attention_cost exactly (and as an int) for n up
to 10**12 + 7; train_bpe and bpe_encode exactly on random corpora and merge lists.

Judgement calls: blind85_mha_timing_with_cuda_synchronize is wrong only where torch has no CUDA, which is where the
course and its grader run (this machine's torch is 2.13.0+cpu); kept. blind85_one_hot_range_checked_on_first_call_only
is wrong from a process's second call on (the first call still checks).
blind85_right_feed_forward_anomaly_detection_scoped and blind85_right_patch_merging_scoped_anomaly_and_env_print switch
anomaly detection on inside `with torch.autograd.set_detect_anomaly(True):`, which restores the previous mode on exit;
torch emits a UserWarning when it is enabled, harmless unless warnings are turned into errors. The prints in right
entries write to stdout on every call (a print is harmless per the brief). Dropped: a right relative_position_bucket
that clamps offsets to +-max_distance (it differs from the model answer when max_distance <= num_buckets/4, where both
give degenerate buckets); a next_token_probs shortcut returning the arg-max for top_k == 1 (it can differ from the model
answer's stable sort of probabilities where two logits differ but their float32 probabilities tie); a generate that
prints an extra multinomial draw (correctly distributed but not the contract's draws for a seed, so unsure); a
layer_norm nan_to_num guard (what eps=0.0 on a constant column must give is unclear); a requires_grad_() on a fresh
clone (harmless to the caller, but the result then requires grad when no input does, which I could not place against the
contract).

Counts: 53 wrong, 36 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1,
'beam_search': 3, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1,
'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1,
'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs':
2, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1,
'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 2, 'self_attention': 2, 'sequence_log_prob': 2, 'shifted_window_mask': 1,
'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 1,
'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'beam_search': 1, 'bpe_encode': 1, 'causal_mask': 1,
'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 2, 'generate': 1,
'global_token_mask': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1,
'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1,
'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1,
'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1,
'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_85 = {
    # A sanity assert that every column has a finite maximum ("no column should be all -inf"): an all -inf column is
    # allowed and must give zeros. softmax_cols([[-inf], [-inf]]): model [[0], [0]], entry AssertionError.
    # Fails the visible tests.
    "blind85_softmax_cols_asserts_every_column_has_finite_max": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            assert torch.isfinite(column_max).all(), "softmax_cols: a column without a finite score"
            exps = torch.exp(scores - column_max)
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # Left in from a gradient-debugging session: scores.contiguous() is the caller's own tensor when it is already
    # contiguous, and requires_grad_() then switches gradients on for the caller's argument. softmax_cols(S) with a
    # plain contiguous S under grad mode: values right, but S.requires_grad is True afterwards (model: False).
    # Passes the visible tests.
    "blind85_softmax_cols_marks_callers_scores_for_grad_inspection": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            scores = scores.contiguous()
            if torch.is_grad_enabled() and not scores.requires_grad:
                scores.requires_grad_()             # so that scores.grad can be looked at after backward
            column_max = scores.amax(dim=-2, keepdim=True).detach()
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Asserts n > 1 ("a mask over one token is a mistake"): one token is a valid sequence. causal_mask(1): model
    # [[True]], entry AssertionError. Passes the visible tests.
    "blind85_causal_mask_asserts_more_than_one_token": ("masking", "causal_mask", '''
        def causal_mask(n):
            assert n > 1, f"causal_mask: suspicious size {n}"
            positions = torch.arange(n)
            return positions[:, None] <= positions[None, :]
'''),
    # Asserts every length is positive: a length of 0 (an empty sequence in the batch) is in [0, n].
    # padding_mask(tensor([0, 2]), 3): model [[F, F, F], [T, T, F]] (as (2, 3, 1)), entry AssertionError.
    # Passes the visible tests.
    "blind85_padding_mask_asserts_positive_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            assert bool((lengths > 0).all()), "padding_mask: a sequence of length 0?"
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # A shortcut written to test the window-0 case, left in: torch.eye(n) is float, not bool. local_mask(3, 0):
    # model the bool identity, entry a float32 identity. Passes the visible tests.
    "blind85_local_mask_window_zero_debug_shortcut_float_eye": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window == 0:
                return torch.eye(n)                 # only the diagonal: quick check of this case
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets.abs() <= window
'''),
    # Asserts every query sees at least one key: a query whose column is all False is allowed (its scores all -inf).
    # apply_mask(zeros(2, 2), tensor([[True, False], [True, False]])): model [[0, -inf], [0, -inf]], entry
    # AssertionError. Passes the visible tests.
    "blind85_apply_mask_asserts_each_query_sees_a_key": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            assert bool(mask.any(dim=-2).all()), "apply_mask: some query sees no key"
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # A debugging flag read at call time as bool(os.environ.get("ATTN_DEBUG", "0")): "0" is a non-empty string, so the
    # flag is always on, and its branch computes in float64. apply_mask(float32 scores, mask): model float32, entry
    # float64. Passes the visible tests.
    "blind85_apply_mask_debug_flag_string_always_true": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            import os
            debug = bool(os.environ.get("ATTN_DEBUG", "0"))
            if debug:
                scores = scores.double()            # exact values while debugging
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Sanity check that every weight column sums to one: a query whose mask column is all False has zero weights.
    # sdpa(Q, K, V, mask with an all-False column): model zero weights and output there, entry AssertionError.
    # Passes the visible tests.
    "blind85_sdpa_asserts_weight_columns_sum_to_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            sums = weights.sum(dim=-2)
            assert torch.allclose(sums, torch.ones_like(sums), atol=1e-4), "attention weights do not sum to 1"
            return V @ weights, weights
'''),
    # weights.retain_grad() left in to inspect the weights' gradient: it raises when the weights do not require grad
    # (plain inputs, or any call under torch.no_grad()). sdpa(Q, K, V) with plain tensors: model a result, entry
    # RuntimeError. Fails the visible tests.
    "blind85_sdpa_retains_grad_of_weights_unconditionally": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            weights.retain_grad()                   # to look at weights.grad after loss.backward()
            return V @ weights, weights
'''),
    # Asserts the key width equals the model width (D_k == D, true of the lecture's example only). self_attention
    # with D = 4, Wq, Wk (2, 4), Wv (3, 4): model output (3, N), entry AssertionError. Fails the visible tests.
    "blind85_self_attention_asserts_key_width_equals_model_width": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            assert Wq.shape[0] == X.shape[-2], "expected square projections"
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Prints the weights with weights.numpy(), which raises for a tensor that requires grad: any call with weights
    # being trained. self_attention(X, Wq.requires_grad_(), ...): model a result, entry RuntimeError. Passes the
    # visible tests.
    "blind85_self_attention_prints_weights_through_numpy": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            output, weights = scaled_dot_product_attention(Q, K, V, mask)
            print("attention weights:", weights.numpy().round(3))
            return output, weights
'''),
    # Asserts an even head width (left from trying rotary positions): D/H may be odd. multi_head_attention with
    # D = 6, H = 2: model a result, entry AssertionError. Fails the visible tests.
    "blind85_mha_asserts_even_head_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            assert (dim // num_heads) % 2 == 0, "head width should be even"
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Timing code from a GPU session: torch.cuda.synchronize() raises on a machine without CUDA (the course runs on
    # CPUs). Any call: model a result, entry AssertionError "Torch not compiled with CUDA enabled" on this CPU build.
    # Fails the visible tests.
    "blind85_mha_timing_with_cuda_synchronize": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import time
            torch.cuda.synchronize()
            start = time.perf_counter()
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            torch.cuda.synchronize()
            print(f"mha: {1000 * (time.perf_counter() - start):.2f} ms")
            return out
'''),
    # Asserts every column has a nonzero variance: a constant column is allowed (eps keeps it finite; the result is
    # beta). layer_norm(ones(3, 2), gamma, beta): model beta in each column, entry AssertionError. Fails the visible
    # tests.
    "blind85_layer_norm_asserts_nonzero_variance": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            assert bool((variance > 0).all()), "layer_norm: constant column"
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Normalised values clamped to [-10, 10] "just in case": with D features a normalised value reaches sqrt(D - 1).
    # layer_norm of a (200, 1) column that is 0 except one 1, gamma 1, beta 0: model 14.09 at the outlier, entry 10.
    # Passes the visible tests.
    "blind85_layer_norm_normalised_clamped_to_pm10": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = ((X - mean) / torch.sqrt(variance + eps)).clamp(-10.0, 10.0)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # torch.autograd.set_detect_anomaly(True) called bare while hunting a NaN: it switches anomaly detection on for
    # the whole process and never back. feed_forward(...) once: model leaves torch.is_anomaly_enabled() False, entry
    # leaves it True. Passes the visible tests.
    "blind85_feed_forward_anomaly_detection_switched_on": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            torch.autograd.set_detect_anomaly(True)
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # An early return left from testing the attention half of the pre-LN layer: with norm_first=True the FFN
    # sub-block is skipped. transformer_layer(X, params, 2, norm_first=True): model X + MHA + FFN, entry X + MHA
    # only. Fails the visible tests.
    "blind85_transformer_layer_pre_ln_returns_after_attention_block": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X                            # checking the attention half first
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
                return X
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Asserts the decoder sequence is not longer than the encoder's (true of the translation example): any lengths
    # are allowed. cross_attention(X_dec (4, 5), X_enc (4, 3), params, 2): model (4, 5), entry AssertionError.
    # Fails the visible tests.
    "blind85_cross_attention_asserts_decoder_not_longer_than_encoder": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            assert X_dec.shape[-1] <= X_enc.shape[-1], "decoder longer than encoder?"
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The causal mask of the notes' 4-token example, hard-coded while debugging: any other decoder length breaks.
    # decoder_layer with N_d = 3: model (D, 3), entry RuntimeError (a (4, 4) mask on (3, 3) scores).
    # Fails the visible tests.
    "blind85_decoder_layer_causal_mask_of_four_token_example": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_mask = causal_mask(4).to(X_dec.device)       # the worked example's 4 tokens
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Asserts every probability is positive after the softmax ("no token should be impossible"): large logits
    # underflow to exactly 0. next_token_probs(tensor([0., 1000.])): model [0, 1], entry AssertionError.
    # Passes the visible tests.
    "blind85_next_token_probs_asserts_no_zero_probability": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            assert bool((probs > 0).all()), "softmax gave a zero probability"
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
            return probs / probs.sum()
'''),
    # Asserts top_p < 1 ("top_p = 1 would do nothing"): the contract allows p in (0, 1], 1 keeping every token.
    # next_token_probs(tensor([1., 2.]), top_p=1.0): model softmax [0.269, 0.731], entry AssertionError.
    # Passes the visible tests.
    "blind85_next_token_probs_asserts_top_p_below_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            assert top_p is None or top_p < 1, "top_p of 1 filters nothing"
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
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
    # A shortcut written to test one step, left in: with max_new_tokens == 1 it returns the arg-max instead of
    # drawing. generate(uniform model over 5 tokens, prompt [0], 1) over 200 seeds: model draws all 5 tokens, entry
    # always token 0. Passes the visible tests.
    "blind85_generate_single_step_debug_shortcut_argmax": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if max_new_tokens == 1:                 # quick one-step test
                context = prompt if context_size is None else prompt[-context_size:]
                token = model(context)[:, -1].argmax().reshape(1)
                return torch.cat([prompt, token.to(prompt.dtype)])
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Asserts at least two tokens: a one-token sequence is allowed (the empty sum, 0). sequence_log_prob(model,
    # tensor([3])): model tensor(0.), entry AssertionError. Passes the visible tests.
    "blind85_sequence_log_prob_asserts_two_or_more_tokens": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            assert len(ids) >= 2, "nothing to score"
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # The logits are detached and made a leaf with requires_grad_() to inspect logits.grad: the value is right but
    # no gradient reaches the model's weights. sequence_log_prob(linear model with weight w, ids) then backward():
    # model w.grad nonzero, entry w.grad None. Passes the visible tests.
    "blind85_sequence_log_prob_logits_detached_leaf_for_inspection": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids).detach().requires_grad_()   # a leaf, so logits.grad is kept for inspection
            log_probs = torch.log_softmax(logits, dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # Asserts the beam width does not exceed the vocabulary: a wider beam is allowed (all candidates are kept).
    # beam_search(model with V = 3, prompt [0], beam_width=4, 2): model a sequence, entry AssertionError.
    # Passes the visible tests.
    "blind85_beam_search_asserts_width_within_vocabulary": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    assert beam_width <= log_probs.shape[0], "beam wider than the vocabulary"
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Asserts all kept beams have the same length after each step: a finished beam keeps its length while the
    # others grow. A model where eos after the prompt is likely but one longer beam also survives (beam_width 2,
    # eos_id 0): model a sequence, entry AssertionError. Fails the visible tests.
    "blind85_beam_search_asserts_beams_of_equal_length": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                assert len({len(ids) for _, ids, _ in beams}) == 1, "beams out of step"
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Asserts the prompt holds no eos: GPT-2 style models use the end-of-text token as the start token too.
    # beam_search(model, prompt [0, 1], 2, 3, eos_id=0), eos as the start token: model a sequence, entry
    # AssertionError.
    # Passes the visible tests.
    "blind85_beam_search_asserts_eos_not_in_prompt": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            assert eos_id is None or eos_id not in prompt.tolist(), "prompt already ended"
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Asserts one or three channels (grey or RGB): any channel count is allowed. patchify(randn(1, 2, 4, 4), 2):
    # model (1, 8, 4), entry AssertionError. Fails the visible tests.
    "blind85_patchify_asserts_grey_or_rgb_channels": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            assert channels in (1, 3), f"unexpected channel count {channels}"
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Asserts the position table of ViT-B/16 at 224 pixels (197 columns) from the paper's example: any image size
    # is allowed. patch_embedding of (1, 3, 4, 4) images, P = 2 (5 columns): model (1, D, 5), entry AssertionError.
    # Fails the visible tests.
    "blind85_patch_embedding_asserts_vit_b16_position_count": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            assert positions.shape[-1] == 197, "positions should be (D, 197) for 224x224 images"
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Asserts every state sees at least one position: a state that sees none is allowed (all-zero weights and
    # context). additive_attention(s, H, W, U, v, mask all False): model zeros, entry AssertionError.
    # Fails the visible tests.
    "blind85_additive_attention_asserts_state_sees_a_position": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            assert mask is None or bool(mask.any(dim=-1).all()), "a decoder state sees no encoder position"
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Asserts the state and the previous embedding have the same batch shape: leading batch dimensions broadcast.
    # attention_decoder_step(s_prev (2, D_s), y_prev (E,), H (2, D_h, N), params): model a result for both states,
    # entry AssertionError. Passes the visible tests.
    "blind85_decoder_step_asserts_state_and_embedding_batches_equal": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            assert s_prev.shape[:-1] == y_prev.shape[:-1], "batch shapes of s_prev and y_prev differ"
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Asserts more than one cell ("a 1x1 grid is a bug upstream"): a 1x1 feature map (a global-pooled CNN) is
    # allowed. grid_attention(s, randn(C, 1, 1), ...): model weights [[1.]], entry AssertionError.
    # Passes the visible tests.
    "blind85_grid_attention_asserts_more_than_one_cell": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            assert height * width > 1, "grid with a single cell"
            weights, context = additive_attention(s, features.reshape(*features.shape[:-2], height * width), W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Asserts at least one global token: a mask with none is allowed (all False). global_token_mask(zeros(3,
    # dtype=bool)): model all False (3, 3), entry AssertionError. Passes the visible tests.
    "blind85_global_token_mask_asserts_some_global_token": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            assert bool(is_global.any()), "no global token: use a local mask instead"
            return is_global[..., :, None] | is_global[..., None, :]
'''),
    # Asserts n fits in an int32 (from a check written when counts were tensors): the contract asks for exact
    # counts at 10^12 tokens. sparse_attention_cost("dense", 10**12): model 10**24, entry AssertionError.
    # Passes the visible tests.
    "blind85_sparse_cost_asserts_n_fits_int32": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            assert 0 <= n < 2 ** 31, f"n={n} out of range"
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Asserts every offset is below 2**15 in size: any offset is allowed (all far ones share the last bucket).
    # relative_position_bucket(tensor([40000])): model 31, entry AssertionError. Passes the visible tests.
    "blind85_bucket_asserts_offsets_below_2_to_15": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            assert relative_position.numel() == 0 or int(relative_position.abs().max()) < 2 ** 15, "offset too large"
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Asserts the positions stay below the sequence length: positions may be any integers (a cache offset puts a
    # single query at position 100). rotary_embedding(Q (4, 1), K (4, 1), tensor([100]), tensor([7])): model rotated
    # columns, entry AssertionError. Fails the visible tests.
    "blind85_rotary_asserts_positions_within_length": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            for X, positions in ((Q, positions_q), (K, positions_k)):
                assert positions is None or int(positions.max()) < X.shape[-1], "position beyond the sequence"
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Asserts something was chosen ("the corruption did nothing"): with few tokens or mask_prob small, choosing none
    # is a likely, allowed outcome. mlm_corrupt(tensor([5, 6, 7]), 10, [0], 1, generator seeded 1): model ids
    # unchanged and labels all -100, entry AssertionError. Fails the visible tests.
    "blind85_mlm_corrupt_asserts_some_token_chosen": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            assert bool(chosen.any()), "mlm_corrupt chose no token"
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # Asserts every document has at least two sentences: a one-sentence document is allowed (it gives no example of
    # its own but can be drawn as the other document). nsp_pairs([["a", "b"], ["c"]]): model one example, entry
    # AssertionError. Fails the visible tests.
    "blind85_nsp_pairs_asserts_two_sentences_per_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            assert all(len(document) >= 2 for document in documents), "a document with a single sentence"
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Asserts images in [-1, 1] (Hugging Face's palette space): images and palette may share any colour space, 0-255
    # included. quantize_pixels of 0-255 images with a 0-255 palette: model the nearest ids, entry AssertionError.
    # Fails the visible tests.
    "blind85_quantize_asserts_unit_range_images": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            assert images.numel() == 0 or (float(images.min()) >= -1 and float(images.max()) <= 1), "not in [-1, 1]"
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)
            return (pixels - palette.to(dtype)).square().sum(dim=-2).argmin(dim=-1)
'''),
    # Asserts a 512-colour palette (ImageGPT's) from the paper: any K is allowed. dequantize_pixels(ids, palette
    # (3, 4)): model the colours, entry AssertionError. Fails the visible tests.
    "blind85_dequantize_asserts_512_colour_palette": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            assert palette.shape[1] == 512, "ImageGPT palettes have 512 colours"
            return palette[:, ids.long()].movedim(0, -3)
'''),
    # Asserts a batch of images (B, H, W): a single image (H, W) is allowed. pixel_sequence(tensor([[1, 2], [3, 4]]),
    # 9): model ([9, 1, 2, 3], [1, 2, 3, 4]), entry AssertionError. Fails the visible tests.
    "blind85_pixel_sequence_asserts_batched_images": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            assert ids.dim() == 3, "expected (B, H, W)"
            targets = ids.long().flatten(-2)
            start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Asserts more than one token ("averaging one token is pointless"): N = 1 is allowed. average_pool_head(X (4, 1),
    # W (2, 4)): model W @ X[:, 0], entry AssertionError. Passes the visible tests.
    "blind85_average_pool_asserts_more_than_one_token": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            assert X.shape[-1] > 1, "only one token to average"
            logits = X.mean(dim=-1) @ W.T
            return logits if b is None else logits + b
'''),
    # Asserts more than one window: a window as large as the grid is allowed (one window). window_partition(X
    # (2, 4, 4), 4): model (1, 2, 16), entry AssertionError. Fails the visible tests.
    "blind85_window_partition_asserts_several_windows": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            assert (height // M) * (width // M) > 1, "a single window: nothing to partition"
            grid = X.reshape(*batch, channels, height // M, M, width // M, M).movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Asserts the windows are contiguous (a check added while chasing a view error): any view is a valid input.
    # window_reverse(W, 2, 4, 4) with W = window_partition(X, 2).transpose(-1, -2).contiguous().transpose(-1, -2),
    # X (3, 4, 4), a non-contiguous view of the same values: model X, entry AssertionError. Passes the visible tests.
    "blind85_window_reverse_asserts_contiguous_windows": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            assert windows.is_contiguous(), "windows must be contiguous"
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M).movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Asserts a positive shift: shift = 0 is allowed and gives an all-True mask. shifted_window_mask(4, 4, 2, 0):
    # model all True (4, 4, 4), entry AssertionError. Fails the visible tests.
    "blind85_shifted_window_mask_asserts_positive_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            assert shift > 0, "unshifted layers need no mask"
            rows = (torch.arange(height) + shift >= height).long()
            columns = (torch.arange(width) + shift >= width).long()
            labels = window_partition((2 * rows[:, None] + columns[None, :])[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Asserts an even channel count (so that 2C splits evenly "later"): C may be odd. patch_merging(X (3, 2, 2),
    # gamma (12,), beta (12,), W (6, 12)): model (6, 1, 1), entry AssertionError. Fails the visible tests.
    "blind85_patch_merging_asserts_even_channels": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            assert channels % 2 == 0, "odd channel count"
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Asserts at least as many tokens as channels: N < C is allowed (a small grid, many channels).
    # channel_attention(X (4, 2), params, 2): model (4, 2), entry AssertionError. Fails the visible tests.
    "blind85_channel_attention_asserts_tokens_at_least_channels": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            assert tokens >= channels, "fewer tokens than channels?"
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # A module-level call counter so the range check runs on the first call only ("checked once, skip it for speed"):
    # later calls with ids outside [0, V) raise nothing. one_hot(tensor([0]), 3) then one_hot(tensor([5]), 3): model
    # ValueError on the second call, entry a zero column. Fails the visible tests.
    "blind85_one_hot_range_checked_on_first_call_only": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            global _ONE_HOT_CALLS
            _ONE_HOT_CALLS = globals().get("_ONE_HOT_CALLS", 0) + 1
            if _ONE_HOT_CALLS == 1:
                check_token_ids(token_ids, vocab_size)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype or torch.get_default_dtype())
'''),
    # Asserts ids below 2**15 (a check from when ids were int16): GPT-2's vocabulary has 50257 ids.
    # embed(randn(2, 50257), tensor([40000])): model column 40000, entry AssertionError. Passes the visible tests.
    "blind85_embed_asserts_ids_below_2_to_15": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            assert token_ids.numel() == 0 or int(token_ids.max()) < 2 ** 15, "id too large"
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Asserts an even D ("sines and cosines pair up"): an odd D is allowed and ends with a sine row.
    # sinusoidal_positions(4, 3): model (3, 4), entry AssertionError. Fails the visible tests.
    "blind85_sinusoidal_asserts_even_dim": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            assert dim % 2 == 0, "D must be even"
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            rates = 10000 ** (-torch.arange(0, dim, 2, dtype=torch.get_default_dtype()) / dim)
            angles = rates[:, None] * positions[None, :]
            return torch.stack([angles.sin(), angles.cos()], dim=1).reshape(dim, num_positions)
'''),
    # Asserts that all num_merges merges were learned: training stops early when no pair is left.
    # train_bpe("ab", 5): model [("a", "b"), ("ab", "</w>")], entry AssertionError. Fails the visible tests.
    "blind85_train_bpe_asserts_all_merges_learned": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            from collections import Counter
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            assert len(merges) == num_merges, f"learned {len(merges)} merges, asked for {num_merges}"
            return merges
'''),
    # Asserts the merges are distinct (a learned list never repeats): any list of pairs is valid, repeats included.
    # bpe_encode("aaaa", [("a", "a"), ("a", "a")]): model ['aa', 'aa', '</w>'], entry AssertionError.
    # Passes the visible tests.
    "blind85_bpe_encode_asserts_distinct_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            assert len(set(map(tuple, merges))) == len(merges), "duplicate merges"
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Asserts the last token ends a word: a language model's sample may stop mid-word (and the list may be empty).
    # bpe_decode(["lo", "w"]): model 'low', entry AssertionError. Passes the visible tests.
    "blind85_bpe_decode_asserts_last_token_ends_word": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            assert tokens and tokens[-1].endswith(END_OF_WORD), "tokens do not end a word"
            return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
'''),
}

RIGHT_BLIND_85 = {
    # Logs the shape at DEBUG level; logging is off by default and the message changes nothing.
    "blind85_right_softmax_cols_logs_shape_at_debug_level": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            import logging
            logging.getLogger("attention.softmax").debug("softmax_cols on %s", tuple(scores.shape))
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
            exps = (scores - column_max).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Asserts the diagonal is visible: true for every n (an empty diagonal's all() is True).
    "blind85_right_causal_mask_asserts_visible_diagonal": ("masking", "causal_mask", '''
        def causal_mask(n):
            mask = torch.ones(n, n, dtype=torch.bool).triu()
            assert bool(mask.diagonal().all()), "a token must see itself"
            return mask
'''),
    # Asserts the number of visible keys equals the sum of the lengths: true for every length in [0, n].
    "blind85_right_padding_mask_asserts_visible_count": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            mask = torch.arange(n, device=lengths.device).expand(len(lengths), n) < lengths.unsqueeze(-1)
            assert int(mask.sum()) == int(lengths.sum()), "padding mask miscounted"
            return mask.unsqueeze(-1)
'''),
    # A module-level call counter, printed every 10000 calls; it changes nothing in the result.
    "blind85_right_apply_mask_counts_calls": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            global _APPLY_MASK_CALLS
            _APPLY_MASK_CALLS = globals().get("_APPLY_MASK_CALLS", 0) + 1
            if _APPLY_MASK_CALLS % 10000 == 0:
                print(f"apply_mask called {_APPLY_MASK_CALLS} times")
            return torch.where(mask, scores, torch.full_like(scores, float("-inf")))
'''),
    # retain_grad() only when the weights are on the graph: no error without gradients, nothing else changes.
    "blind85_right_sdpa_retains_grad_only_when_tracked": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K.transpose(-2, -1) @ Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if weights.requires_grad:
                weights.retain_grad()
            return V @ weights, weights
'''),
    # A breakpoint() guarded by NaN weights: the column softmax gives no NaN for inputs the contract allows, so it
    # never fires.
    "blind85_right_sdpa_breakpoint_only_on_nan_weights": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if torch.isnan(weights).any():
                breakpoint()
            return V @ weights, weights
'''),
    # Prints the weights through detach().numpy(): works with and without gradients, and leaves the graph alone.
    "blind85_right_self_attention_prints_detached_weights": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            output, weights = scaled_dot_product_attention(linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv),
                                                           mask)
            print("attention weights:", weights.detach().cpu().numpy().round(3))
            return output, weights
'''),
    # Timing code with time.perf_counter (no CUDA call), the times kept in a module list.
    "blind85_right_mha_perf_counter_timings": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import time
            start = time.perf_counter()
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            globals().setdefault("_MHA_TIMES", []).append(time.perf_counter() - start)
            return out
'''),
    # Asserts a finite output: a query that sees no key gets bo, so the output is finite for every allowed input.
    "blind85_right_mha_asserts_finite_output": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            assert bool(torch.isfinite(out).all()), "non-finite attention output"
            return out
'''),
    # A debug print behind an environment variable read at call time; unset, nothing happens, and set it only
    # prints.
    "blind85_right_layer_norm_debug_print_behind_env_var": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            import os
            mean = X.mean(dim=-2, keepdim=True)
            centred = X - mean
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            if os.environ.get("ATTN_DEBUG") == "1":
                print("layer_norm: min variance", float(variance.min()) if variance.numel() else None)
            return centred / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # Asserts a non-negative variance: a mean of squares is never negative.
    "blind85_right_layer_norm_asserts_nonnegative_variance": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, unbiased=False)
            assert bool((variance >= 0).all()), "negative variance"
            return gamma[:, None] * ((X - mean) / (variance + eps).sqrt()) + beta[:, None]
'''),
    # Logs the fraction of dead ReLU units (computed from a detached copy, at DEBUG level).
    "blind85_right_feed_forward_logs_dead_unit_fraction": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            import logging
            hidden = torch.relu(linear(X, W1, b1))
            logging.getLogger("attention.ffn").debug("dead units: %.3f", (hidden.detach() == 0).double().mean().item())
            return linear(hidden, W2, b2)
'''),
    # Anomaly detection switched on only inside a `with` block, which restores the previous mode on exit.
    "blind85_right_feed_forward_anomaly_detection_scoped": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            with torch.autograd.set_detect_anomaly(True):
                hidden = torch.relu(W1 @ X + b1[:, None])
                return W2 @ hidden + b2[:, None]
'''),
    # Asserts the layer keeps X's shape: always true.
    "blind85_right_transformer_layer_asserts_shape_kept": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            shape = X.shape
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            if norm_first:
                X = X + mha(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + mha(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
            assert X.shape == shape, f"shape changed: {tuple(shape)} -> {tuple(X.shape)}"
            return X
'''),
    # Prints the shapes of the two sequences.
    "blind85_right_cross_attention_prints_shapes": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            print(f"cross_attention: decoder {tuple(X_dec.shape)} <- encoder {tuple(X_enc.shape)}")
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Prints on the first call only (a module counter); the mask is built from the decoder's length.
    "blind85_right_decoder_layer_prints_on_first_call": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            global _DECODER_CALLS
            _DECODER_CALLS = globals().get("_DECODER_CALLS", 0) + 1
            if _DECODER_CALLS == 1:
                print("decoder_layer: first call with", tuple(X_dec.shape), tuple(X_enc.shape))
            n = X_dec.shape[-1]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads,
                                                        causal_mask(n).to(X_dec.device)),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Asserts the result sums to 1 within 1e-3: after the final renormalisation it always does.
    "blind85_right_next_token_probs_asserts_sum_near_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
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
                probs = probs / probs.sum()
            assert abs(float(probs.sum()) - 1.0) < 1e-3, "probabilities do not sum to 1"
            return probs
'''),
    # Prints each token as it is drawn and times the steps; the draws are exactly the model answer's.
    "blind85_right_generate_prints_tokens_and_step_times": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            import time
            ids = prompt
            for step in range(max_new_tokens):
                start = time.perf_counter()
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                print(f"step {step}: token {int(next_id)} ({1000 * (time.perf_counter() - start):.1f} ms)")
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Asserts the total is not positive (a sum of log-probabilities never is), read with .item() only for the
    # check: the returned tensor keeps its graph.
    "blind85_right_sequence_log_prob_asserts_nonpositive_total": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs.gather(0, ids[1:].unsqueeze(0)).sum() if len(ids) > 1 else log_probs[:0].sum()
            assert total.item() <= 0, f"log-probability {total.item()} > 0"
            return total
'''),
    # Logs the kept beams each step at DEBUG level.
    "blind85_right_beam_search_logs_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import logging
            log = logging.getLogger("attention.beam")
            beams = [(0.0, prompt, False)]
            for step in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                log.debug("step %d: %s", step, [(round(s, 3), ids.tolist(), f) for s, ids, f in beams])
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Asserts the output shape: always (B, C*P*P, N).
    "blind85_right_patchify_asserts_output_shape": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            patches = images.unfold(2, P, P).unfold(3, P, P)            # (B, C, H/P, W/P, P, P)
            patches = patches.permute(0, 2, 3, 1, 4, 5).reshape(batch, -1, channels * P * P).transpose(1, 2)
            assert patches.shape == (batch, channels * P * P, (height // P) * (width // P))
            return patches
'''),
    # A NaN guard that never fires (the course's softmax gives zeros, not NaN, for a state that sees nothing).
    "blind85_right_additive_attention_nan_guard_never_fires": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            if torch.isnan(weights).any():
                print("NaN in attention weights")
                weights = torch.nan_to_num(weights, nan=0.0)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # An early return for stride >= n, left from testing: only the diagonal is a multiple then, so the identity is
    # the right mask (bool).
    "blind85_right_strided_mask_identity_shortcut_for_large_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if stride >= n:
                return torch.eye(n, dtype=torch.bool)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets.remainder(stride) == 0
'''),
    # Asserts the result is a non-negative Python int: always true.
    "blind85_right_sparse_cost_asserts_int_result": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                count = n * n
            elif pattern == "causal":
                count = n * (n + 1) // 2
            elif pattern == "local":
                w = min(window, n - 1) if n else 0
                count = n * (2 * w + 1) - w * (w + 1)
            elif pattern == "strided":
                m = (n - 1) // stride if n else 0
                count = n * (2 * m + 1) - stride * m * (m + 1)
            else:
                count = num_global * (2 * n - num_global)
            assert isinstance(count, int) and count >= 0, f"bad count {count!r}"
            return count
'''),
    # Asserts the labels equal the ids wherever a token was chosen: true by construction.
    "blind85_right_mlm_corrupt_asserts_labels_match_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            assert bool((labels[chosen] == ids[chosen]).all()), "labels lost the original ids"
            return corrupted, labels
'''),
    # Prints how many examples of each label were made.
    "blind85_right_nsp_pairs_prints_label_counts": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            print(f"nsp_pairs: {sum(p[2] == 0 for p in pairs)} next, {sum(p[2] == 1 for p in pairs)} random")
            return pairs
'''),
    # Asserts the ids lie in [0, K) when there are any: argmin over K always gives such ids.
    "blind85_right_quantize_asserts_ids_in_palette_range": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)       # (..., H, W, C, 1)
            ids = (pixels - palette.to(dtype)).square().sum(dim=-2).argmin(dim=-1)
            assert ids.numel() == 0 or (int(ids.min()) >= 0 and int(ids.max()) < palette.shape[1])
            return ids
'''),
    # Asserts the first input is the start token for every image: true by construction.
    "blind85_right_pixel_sequence_asserts_start_token": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
            assert bool((inputs[..., 0] == sos_id).all()), "start token missing"
            return inputs, targets
'''),
    # Asserts the windows hold every element of the grid once (element count): always true.
    "blind85_right_window_partition_asserts_element_count": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            windows = grid.permute(*range(len(batch)), -4, -2, -5, -3, -1).reshape(*batch, -1, channels, M * M)
            assert windows.numel() == X.numel(), "windows lost elements"
            return windows
'''),
    # Asserts the mask is symmetric with a visible diagonal, as the contract says it is.
    "blind85_right_shifted_window_mask_asserts_symmetric": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) >= height - shift).long()
            columns = (torch.arange(width) >= width - shift).long()
            labels = window_partition((rows[:, None] * 2 + columns[None, :]).unsqueeze(0), window).squeeze(-2)
            mask = labels.unsqueeze(-1) == labels.unsqueeze(-2)
            assert torch.equal(mask, mask.transpose(-1, -2)) and bool(mask.diagonal(dim1=-2, dim2=-1).all())
            return mask
'''),
    # Anomaly detection inside a `with` block (restored on exit) and a debug print behind an environment variable.
    "blind85_right_patch_merging_scoped_anomaly_and_env_print": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            import os
            with torch.autograd.set_detect_anomaly(True):
                blocks = [X[..., r::2, c::2] for r, c in ((0, 0), (1, 0), (0, 1), (1, 1))]
                tokens = layer_norm(torch.cat(blocks, dim=-3).flatten(-2), gamma, beta, eps)
                out = (W @ tokens).unflatten(-1, (height // 2, width // 2))
            if os.environ.get("SWIN_DEBUG"):
                print("patch_merging", tuple(X.shape), "->", tuple(out.shape))
            return out
'''),
    # A debug print of the scale behind an environment variable, and a call counter.
    "blind85_right_channel_attention_env_debug_and_counter": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            import os
            global _CHANNEL_CALLS
            _CHANNEL_CALLS = globals().get("_CHANNEL_CALLS", 0) + 1
            if scale is None:
                scale = tokens ** -0.5
            if os.environ.get("DAVIT_DEBUG"):
                print(f"channel_attention call {_CHANNEL_CALLS}: scale {scale}")
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Prints each merge with its count while training.
    "blind85_right_train_bpe_prints_each_merge": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            from collections import Counter
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in counts}
            merges = []
            while len(merges) < num_merges:
                pairs = Counter()
                for word, frequency in counts.items():
                    for pair in zip(current[word], current[word][1:]):
                        pairs[pair] += frequency
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                print(f"merge {len(merges) + 1}: {best} x{pairs[best]}")
                merges.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
            return merges
'''),
    # Asserts every merge is a pair: true of every list of pairs.
    "blind85_right_bpe_encode_asserts_pairs": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            assert all(len(pair) == 2 for pair in merges), "merges must be pairs"
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens += symbols
            return tokens
'''),
    # Asserts the embedding keeps the table's width and dtype: always true.
    "blind85_right_embed_asserts_width_and_dtype": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            X = omega_e.T[token_ids].transpose(-1, -2)
            assert X.shape[-2] == omega_e.shape[0] and X.dtype == omega_e.dtype
            return X
'''),
    # Asserts the symmetry of the global-token mask: always true.
    "blind85_right_global_token_mask_asserts_symmetric": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            mask = is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
            assert torch.equal(mask, mask.transpose(-1, -2)), "global mask must be symmetric"
            return mask
'''),
}
