"""Eightieth blind batch of held-out implementations (prefix blind79_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_77.py) were only parsed for
their entry names (counted per function and grepped by keyword) and the header of held_out_blind_57.py. Nothing else
under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, benchmarks/, nor the batch written at the same
time (held_out_blind_78.py).

Emphasis: the gaps of the earlier batches. Counting the 78 earlier batches' names per function showed every graded
function with 30-170 wrong entries, and keyword greps showed the numeric combinations I first listed (top-k with top-p,
eps=0 in patch_merging, a one-token sequence_log_prob under a float64 default, a decoder causal mask sized by the
encoder, MLM random ids avoiding specials or the original, the local cost cap at n) already written, often several
times. The clear gaps were contract clauses that almost no entry violates: the global settings of the "leave torch's
global settings as they found them" rule other than grad mode and the default dtype (float32 matmul precision /
allow_tf32: 0 earlier entries; the number of threads: about 1; deterministic algorithms, anomaly detection, flushing
denormals: 1-2 each, none in these functions), the default dtype left changed by relative_position_bucket or
patch_embedding, grad mode forced on under a caller's no_grad (self_attention, cross_attention: none before), results
made under torch.inference_mode() (no earlier entry for any mask, one_hot, sinusoidal_positions or dequantize_pixels),
`requires_grad_()` on arguments (2 earlier entries, none in layer_norm, patch_embedding or channel_attention), and a
model given in training mode left in eval mode by generate (earlier only in sequence_log_prob and beam_search). Wrong
entries violate exactly one of these clauses with otherwise model-answer code (every value equals the model answer's),
written the way such code appears in practice (nanoGPT's precision switch, "reproducible" deterministic mode, anomaly
detection left in after debugging, masks and constant tables built under inference_mode, "learnable" gains marked in
place). Right entries are the same intentions done soundly: settings saved and restored in try/finally, context
managers that put a setting back (set_detect_anomaly as a `with`, set_grad_enabled as a `with`, no_grad), inference-mode
tables cloned outside inference mode, a Module's training flag restored; several are also written differently from the
model answer (one-pass sums, scatter_ one-hot, index_select lookup, einsum patch projection).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind79/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added and the entry's source in
place of the function, the stub's input checks substituted) and its exercise's visible tests run on it: all 15 right
entries pass them, and so do all 21 wrong entries (the visible tests do not look at these clauses). Then a script called
the model answer and the entry on the same random inputs (the entry's inputs: batched, masks, dead queries and
sequences, float32 and float64 inputs, float32 and float64 default dtype, grad mode on and under torch.no_grad(); 3
rounds for wrong entries, 40 for right ones) and compared values and dtypes (float32 1e-5, float64 1e-12), the tuple of
global settings after each call (float32 matmul precision, thread count with the caller at 2 threads, deterministic
algorithms, anomaly detection, a float64 subnormal times 1, default dtype, grad mode), is_inference() of the results,
requires_grad of the arguments afterwards, a Module model's training flag, and for masks and tables a caller's use of
the result (an in-place edit, a backward pass through X * table or omega_e @ one_hot). Each wrong entry's values equal
the model answer's and its comment's difference was observed; each right entry matched in values, dtypes and settings.

Judgement calls: the wrong entries change no value: each breaks a clause of the contract's general rules (settings,
arguments, inference tensors, model mode), which the contract says the grader checks; if a clause is not checked for a
given function they will pass. The inference-mode masks (causal, padding, strided, shifted-window) still work with
masked_fill under autograd (the mask is not saved for backward), so their comments show the difference by
is_inference() and an in-place edit by the caller, which raises; one_hot and sinusoidal_positions also break a backward
pass. blind79_additive_attention_flush_denormal_switched_on needs a CPU where torch.set_flush_denormal(True) is
supported (it returned True here). blind79_generate_switches_module_to_eval only shows with an nn.Module model.
Dropped: a right sinusoidal_positions written as frequency * position with rows sharing 10000^(-(r - r % 2)/D) under
no_grad: it differs from the model answer by up to 3e-5 at 512 positions in float32, and I could not decide in time
whether that is within "float32 accuracy"; a right softmax with the column sum clamped at 1 (an earlier batch has it as
wrong); numeric combination ideas that greps showed already written. Fewer entries than asked (21 / 15 against 40+ /
25+): the time box, and most numeric gaps I looked for had been filled by earlier batches.

Counts: 21 wrong, 15 right.
Wrong per function: {'additive_attention': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1,
'dequantize_pixels': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1,
'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 2, 'quantize_pixels': 1, 'relative_position_bucket': 1,
'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'strided_mask': 1}.
Right per function: {'causal_mask': 1, 'dequantize_pixels': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 2,
'mlm_corrupt': 1, 'multi_head_attention': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'quantize_pixels': 1,
'relative_position_bucket': 1, 'self_attention': 1, 'strided_mask': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_79 = {
    # ------------------------------------------------------------------ global settings left changed
    # nanoGPT's "torch.set_float32_matmul_precision('high')" for speed, put inside the function and never undone:
    # every call leaves torch's float32 matmul precision at "high" instead of the caller's ("highest" by default).
    # Any input, e.g. D = 4, H = 2, N = 3: values equal the model answer's on CPU, but afterwards
    # torch.get_float32_matmul_precision() is "high" (model: "highest"). Passes the visible tests.
    "blind79_mha_float32_matmul_precision_set_high": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            torch.set_float32_matmul_precision("high")       # TF32 matmuls on GPUs: much faster
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The old spelling of the same speed-up, `torch.backends.cuda.matmul.allow_tf32 = True`, also switches the
    # global float32 matmul precision to "high" (on CPU too) and is never put back. Any input: values equal the
    # model answer's, torch.get_float32_matmul_precision() afterwards "high" (model: unchanged). Passes the visible
    # tests.
    "blind79_feed_forward_allow_tf32_switched_on": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            torch.backends.cuda.matmul.allow_tf32 = True       # Ampere GPUs: tensor cores for the two matmuls
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # torch.set_num_threads(1) "to avoid oversubscription" in the (..., H, W, C, K) distance computation, never
    # restored: the caller's thread count is left at 1. Any input (images (1, 3, 2, 2), palette (3, 4)): same ids,
    # torch.get_num_threads() afterwards 1 (model: the caller's, e.g. 2). Passes the visible tests.
    "blind79_quantize_pixels_num_threads_set_to_one": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            torch.set_num_threads(1)                            # one big broadcast: threads only fight here
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # torch.use_deterministic_algorithms(True) "so that a seed reproduces the corruption", left switched on for the
    # whole process. Any input: the same draws as the model answer, but torch.are_deterministic_algorithms_enabled()
    # is True afterwards (model: False). Passes the visible tests.
    "blind79_mlm_corrupt_deterministic_algorithms_left_on": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            torch.use_deterministic_algorithms(True)            # reproducible masking for a given seed
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # Anomaly detection switched on while hunting a NaN (a constant column with eps=0) and left in: every later
    # backward pass of the process runs in anomaly mode. Any input: same values, torch.is_anomaly_enabled() True
    # afterwards (model: False). Passes the visible tests.
    "blind79_layer_norm_anomaly_detection_switched_on": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            torch.autograd.set_detect_anomaly(True)             # find where a NaN gradient comes from
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # torch.set_flush_denormal(True) "for speed: tanh and exp of large negative scores produce denormals", never
    # switched back: afterwards every float op of the process flushes subnormals to zero. Any input: same weights and
    # context, but torch.tensor([1e-310], dtype=torch.float64) * 1 is 0 afterwards (model: 1e-310). Passes the
    # visible tests.
    "blind79_additive_attention_flush_denormal_switched_on": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            torch.set_flush_denormal(True)                      # denormal exps are slow on x86
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Forces the default dtype to float32 so that the logarithm is "taken in float32, as T5 does", and leaves it
    # there: a course that set float64 as the default finds float32 after the call. Under
    # torch.set_default_dtype(torch.float64), relative_position_bucket(torch.arange(-3, 4)): same buckets, but
    # torch.get_default_dtype() is float32 afterwards (model: float64). Passes the visible tests.
    "blind79_bucket_default_dtype_forced_to_float32": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            torch.set_default_dtype(torch.float32)              # T5 takes the log in float32
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
            log_scale = torch.log(distance.to(torch.get_default_dtype()) / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Sets the default dtype to the images' dtype so that the [CLS] column and the sums "match", and never puts it
    # back: a float64 call leaves float64 as the process's default. patch_embedding on float64 inputs (B = 1, C = 1,
    # 4 x 4, P = 2, D = 3) under the float32 default: same values, torch.get_default_dtype() float64 afterwards
    # (model: float32). Passes the visible tests.
    "blind79_patch_embedding_default_dtype_follows_images": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            torch.set_default_dtype(images.dtype)               # new tensors below in the images' precision
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ grad mode
    # torch.set_grad_enabled(True) "so that the weights always get gradients": under a caller's torch.no_grad()
    # the grad mode is on after the call (and the output carries a graph). self_attention under torch.no_grad():
    # torch.is_grad_enabled() afterwards True (model: False). Passes the visible tests.
    "blind79_self_attention_grad_mode_forced_on": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            torch.set_grad_enabled(True)                        # make sure autograd records the projections
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The same switch in the cross-attention layer, written with the context-manager function called as a plain
    # statement: torch.enable_grad() without `with` does nothing, but the author "fixed" it with
    # torch.set_grad_enabled(True) before the projections. Under torch.no_grad(): grad mode on afterwards (model:
    # off). Passes the visible tests.
    "blind79_cross_attention_grad_mode_switched_on_for_projections": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            torch.set_grad_enabled(True)                        # the capstone trains these weights
            return multi_head_attention(X_dec, X_enc, params, num_heads, mask=enc_mask)
'''),
    # ------------------------------------------------------------------ results made under inference_mode
    # The mask is built under @torch.inference_mode() "because a mask never needs gradients": the result is an
    # inference tensor, not an ordinary one. causal_mask(3).is_inference(): entry True, model False; a caller editing
    # the mask in place (m = causal_mask(3); m[:, 0] = True) gets "Inplace update to inference tensor outside
    # InferenceMode" (model: works). Passes the visible tests.
    "blind79_causal_mask_made_under_inference_mode": ("masking", "causal_mask", '''
        @torch.inference_mode()
        def causal_mask(n):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return keys <= queries
'''),
    # The padding mask built inside `with torch.inference_mode():` for speed. padding_mask(tensor([0, 3, 5, 2]), 5)
    # has the right values but is an inference tensor (is_inference() True, model False); an in-place edit of it by
    # the caller raises (model: works). Passes the visible tests.
    "blind79_padding_mask_made_under_inference_mode": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            with torch.inference_mode():                        # a constant: no autograd bookkeeping
                keys = torch.arange(n, device=lengths.device)[None, :]
                mask = (keys < lengths[:, None])[:, :, None]
            return mask
'''),
    # The Swin mask "is a buffer", computed under torch.inference_mode(): shifted_window_mask(4, 4, 2, 1) has the
    # right values but is_inference() is True (model: False), and an in-place edit of it by the caller raises.
    # Passes the visible tests.
    "blind79_shifted_window_mask_made_under_inference_mode": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            with torch.inference_mode():
                wrapped_rows = torch.arange(height) + shift >= height
                wrapped_columns = torch.arange(width) + shift >= width
                labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
                labels = window_partition(labels[None], window)[:, 0]
                return labels[:, :, None] == labels[:, None, :]
'''),
    # The position table is a constant, so it is built under torch.inference_mode(): sinusoidal_positions(4, 6) has
    # the right values but is an inference tensor (model: an ordinary one); X + table keeps working, but an op that
    # saves the table for backward ((X * table).sum().backward() with X requiring grad) raises. Passes the visible tests.
    "blind79_sinusoidal_table_made_under_inference_mode": ("embeddings", "sinusoidal_positions", '''
        @torch.inference_mode()
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # One-hot columns made under inference_mode: the values are right, but omega_e @ one_hot(ids, V) with omega_e
    # requiring grad raises "Inference tensors cannot be saved for backward" (matmul saves the one-hot). one_hot(
    # tensor([0, 2]), 3).is_inference(): entry True, model False. Passes the visible tests.
    "blind79_one_hot_made_under_inference_mode": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            with torch.inference_mode():                        # integer comparisons: nothing to differentiate
                vocabulary = torch.arange(vocab_size, device=token_ids.device)
                matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
                return matches.to(dtype or torch.get_default_dtype())
'''),
    # The palette lookup done under inference_mode "because ids are integers": the colours are floating point and
    # must be differentiable in the palette; here the result has no graph (requires_grad False with a palette that
    # requires grad) and is an inference tensor. dequantize_pixels(tensor([[0, 1]]), palette.requires_grad_()):
    # model result requires grad, entry's does not. Passes the visible tests.
    "blind79_dequantize_lookup_under_inference_mode": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            with torch.inference_mode():
                colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    # The strided pattern cached as an inference tensor (@torch.inference_mode() on the builder): right values,
    # is_inference() True (model False); an in-place edit of it by the caller (mask[0, 0] = True) raises. Passes the
    # visible tests.
    "blind79_strided_mask_made_under_inference_mode": ("sparse_attention", "strided_mask", '''
        @torch.inference_mode()
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # ------------------------------------------------------------------ arguments changed: requires_grad_
    # "gamma and beta are learnable", so the function turns them into leaves that require grad: the caller's
    # tensors are changed (requires_grad True after the call). layer_norm(X, gamma, beta) with plain gamma, beta:
    # gamma.requires_grad after the call True (model: False). Passes the visible tests.
    "blind79_layer_norm_marks_gamma_beta_trainable": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            gamma.requires_grad_(True)                          # learnable gain and shift
            beta.requires_grad_(True)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # The [CLS] token "is a learned parameter": cls_token.requires_grad_() changes the caller's tensor.
    # patch_embedding(..., cls_token=torch.zeros(3), ...): cls_token.requires_grad afterwards True (model False).
    # Passes the visible tests.
    "blind79_patch_embedding_cls_token_made_trainable": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            if not cls_token.requires_grad:
                cls_token.requires_grad_()                      # ViT learns its [CLS] embedding
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Every weight of the params dict is marked trainable "for the capstone": the caller's tensors change.
    # channel_attention(X, params, 2) with plain params: params["Wq"].requires_grad afterwards True (model False).
    # Passes the visible tests.
    "blind79_channel_attention_params_marked_trainable": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            for weight in params.values():
                weight.requires_grad_(True)                     # gradients for every projection
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ the model's mode
    # generate switches a torch.nn.Module model to eval mode ("no dropout while sampling") and leaves it there: a
    # model given in training mode comes back in eval mode. With an nn.Module model in train(): model.training after
    # generate False (model answer: True). Passes the visible tests (their models are plain functions).
    "blind79_generate_switches_module_to_eval": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if isinstance(model, torch.nn.Module):
                model.eval()                                    # no dropout while sampling
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
}

RIGHT_BLIND_79 = {
    # The precision switch of blind79_mha_float32_matmul_precision_set_high, saved and put back in a finally.
    "blind79_right_mha_matmul_precision_restored_in_finally": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            previous = torch.get_float32_matmul_precision()
            torch.set_float32_matmul_precision("high")
            try:
                Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
                K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
                V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
                if mask is not None:
                    mask = mask.unsqueeze(-3)
                heads, _ = scaled_dot_product_attention(Q, K, V, mask)
                return linear(merge_heads(heads), params["Wo"], params["bo"])
            finally:
                torch.set_float32_matmul_precision(previous)
'''),
    # One thread for the two matmuls, the caller's count restored in a finally.
    "blind79_right_feed_forward_threads_restored_in_finally": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            threads = torch.get_num_threads()
            torch.set_num_threads(1)
            try:
                hidden = torch.relu(W1 @ X + b1[:, None])
                return W2 @ hidden + b2[:, None]
            finally:
                torch.set_num_threads(threads)
'''),
    # Anomaly detection only inside a `with torch.autograd.set_detect_anomaly(True):` block, which puts the previous
    # setting back on exit.
    "blind79_right_layer_norm_anomaly_check_scoped": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            with torch.autograd.set_detect_anomaly(True):
                centred = X - X.mean(dim=-2, keepdim=True)
                variance = centred.square().mean(dim=-2, keepdim=True)
                return gamma[:, None] * (centred * torch.rsqrt(variance + eps)) + beta[:, None]
'''),
    # Deterministic algorithms switched on only for the draws, the previous setting (and its warn_only flag) put back.
    "blind79_right_mlm_corrupt_deterministic_mode_restored": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            was_on = torch.are_deterministic_algorithms_enabled()
            warn_only = torch.is_deterministic_algorithms_warn_only_enabled()
            torch.use_deterministic_algorithms(True)
            try:
                special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
                eligible = ~torch.isin(ids, special)
                chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
                action = torch.rand(ids.shape, generator=generator)
                random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
                corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
                corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
                labels = torch.where(chosen, ids.long(), IGNORE)
                return corrupted, labels
            finally:
                torch.use_deterministic_algorithms(was_on, warn_only=warn_only)
'''),
    # The thread count of quantize_pixels lowered and restored around the distance computation.
    "blind79_right_quantize_pixels_threads_restored": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            threads = torch.get_num_threads()
            torch.set_num_threads(1)
            try:
                dtype = torch.promote_types(images.dtype, palette.dtype)
                pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
                distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
                ids = distances.argmin(dim=-1)
            finally:
                torch.set_num_threads(threads)
            return ids
'''),
    # The float32 default forced for the logarithm, inside try/finally so the caller's default comes back.
    "blind79_right_bucket_default_dtype_restored": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            previous = torch.get_default_dtype()
            torch.set_default_dtype(torch.float32)
            try:
                offset = relative_position.long()
                if bidirectional:
                    half = num_buckets // 2
                    base = (offset > 0).long() * half
                    distance = offset.abs()
                else:
                    half = num_buckets
                    base = torch.zeros_like(offset)
                    distance = (-offset).clamp(min=0)
                exact = half // 2
                ratio = distance.to(torch.get_default_dtype()) / exact
                far = exact + (ratio.log() / math.log(max_distance / exact) * (half - exact)).long()
                far = far.clamp(max=half - 1)
                return base + torch.where(distance < exact, distance, far)
            finally:
                torch.set_default_dtype(previous)
'''),
    # Grad mode switched on only inside a `with torch.set_grad_enabled(True):` block: the caller's mode comes back.
    # Under a caller's no_grad the values are the same; under grad mode on nothing changes.
    "blind79_right_self_attention_grad_mode_scoped": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            with torch.set_grad_enabled(torch.is_grad_enabled()):
                Q = Wq @ X + bq[:, None]
                K = Wk @ X + bk[:, None]
                V = Wv @ X + bv[:, None]
                return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The mask is built under inference_mode, then cloned outside it: clone() of an inference tensor made in normal
    # mode is an ordinary tensor.
    "blind79_right_causal_mask_inference_table_cloned_outside": ("masking", "causal_mask", '''
        def causal_mask(n):
            with torch.inference_mode():
                positions = torch.arange(n)
                table = positions[:, None] <= positions[None, :]
            return table.clone()
'''),
    # Under @torch.no_grad(): a bool mask has no gradient anyway, and no_grad (unlike inference_mode) makes ordinary
    # tensors and restores the caller's grad mode.
    "blind79_right_padding_mask_under_no_grad_decorator": ("masking", "padding_mask", '''
        @torch.no_grad()
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :, None] < lengths[:, None, None])
'''),
    # The one-hot columns under no_grad (integer comparisons), an ordinary tensor in the requested dtype.
    "blind79_right_one_hot_under_no_grad": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            with torch.no_grad():
                out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                                  dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
                out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
            return out
'''),
    # The strided mask built under inference_mode and cloned outside it (an ordinary tensor).
    "blind79_right_strided_mask_inference_then_clone": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            with torch.inference_mode():
                offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
                pattern = torch.remainder(offsets, stride) == 0
            return pattern.clone()
'''),
    # The palette columns gathered with the ids under grad mode, the integer work (the cast) under no_grad only.
    "blind79_right_dequantize_cast_under_no_grad_lookup_outside": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            with torch.no_grad():
                index = ids.long().reshape(-1)
            colours = palette.index_select(1, index)                      # (C, H*W*...)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # gamma and beta used as given (the caller decides what is trainable); one-pass moments from sums.
    "blind79_right_layer_norm_weights_left_as_given": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            mean = X.sum(dim=-2, keepdim=True) / D
            centred = X - mean
            variance = (centred * centred).sum(dim=-2, keepdim=True) / D
            return centred / (variance + eps).sqrt() * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # A Module's training flag is saved and restored around the sampling loop (eval while sampling).
    "blind79_right_generate_module_mode_restored": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            was_training = isinstance(model, torch.nn.Module) and model.training
            if was_training:
                model.eval()
            try:
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
                return ids
            finally:
                if was_training:
                    model.train()
'''),
    # The [CLS] token used as given, prepended with torch.cat of an expanded column; positions added per item.
    "blind79_right_patch_embedding_cls_left_as_given": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat((cls, tokens), dim=2) + positions.unsqueeze(0)
'''),
}
