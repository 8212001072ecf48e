"""Seventy-fifth blind batch of held-out implementations (prefix blind74_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, the stubs (exercises/*.py: signatures,
docstrings and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_71.py) were only skimmed for their entry names (to repeat
none of their ideas: eos 0 falsy, eps/scale `or` defaults, fresh generators and the like are left out) and the header's
layout (held_out_blind_57.py). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md or
benchmarks/, nor the batches written at the same time (held_out_blind_72.py, held_out_blind_73.py).

Emphasis: exception handling, fallbacks and argument types. Wrong entries take a fallback that is itself wrong or never
reached: a NaN fallback that clamps -inf (uniform weights for a fully masked column) or zeroes the whole batch, a stable
softmax used only when the naive one is not finite (denormal underflow passes), greedy decoding behind a
ZeroDivisionError that tensor division never raises, `.to(None)` expected to raise, an odd-D cosine fallback that drops
the wrong frequency, an in-place masked_fill that falls back to a copy only when autograd refuses, a mask given the head
axis only after a broadcasting error (silently wrong when the batch equals the number of heads), nn.GRUCell fed
no_grad copies of the weights unless the batch is too deep for it, a ValueError guard around max() that also ends
training when list.index misses, a list.index search that stops at the first mismatch, explicit rotary positions lost
in a truthiness RuntimeError, other NSP documents found by equality with a fallback to the true successor. Argument
types: a one-element False mask read as "no mask" by `or`, window 0 read as unset, an int scale taken for None, tensor or
tuple special ids lost (truthiness, a set of 0-d tensors hashed by identity, a TypeError swallowed), temperature and
rotary base made default-dtype tensors, a None bias made default-dtype zeros, a cost through float division, a bucket
log taken in the default dtype via int division, pixel ids kept in their dtype unless the start token overflows it.
Right entries use fallbacks and coercions that are right on every allowed input: blanking only all -inf columns, a
bool triu with a float fallback, additive -inf penalties, an explicit default dtype for None, F.embedding / F.unfold /
F.layer_norm / F.linear with manual fallbacks, the odd-D fallback with the last frequency dropped, AttributeError guards
for a None mask, `1.0 / temperature` raising ZeroDivisionError for 0 and 0.0, a TypeError for `ids[-None:]`, int(None)
for eos, cat with a broadcasting fallback, operator.index, a truthiness guard that only replaces None or a lone
position 0, a flattened float32 bucket log, special ids coerced to Python ints or excluded one by one (lists, tuples,
ranges, tensors, empty), documents copied to lists with the model's draws, IndexError and dtype retries for palette
ids, int64 before new_full, a bias zero in the weights' dtype, view with a reshape fallback, a zero-shift shortcut,
float(scale) after an `is None` test, an index search that resumes, max() of an empty counter ending training, and
string concatenation over any sequence.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind74/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source
appended to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right
entry passes them, and each wrong entry's comment says whether it does (18 of the 26 wrong entries pass them). Each
wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs as
its comment says (values, dtype, gradient reaching the GRU weights, an input mutated, or a label / chosen-special rate
over seeds; the bucket boundary was found by a sweep of num_buckets 4..40, max_distance 8..300 and offsets
-1000..1000). Right entries were compared with the model answer under both default dtypes, 120 random cases each per
default (float32 and float64 inputs, batch shapes (), (2,), (2, 3), (1, 2), masks of every allowed broadcast shape
including all-False ones and padding masks, -inf entries and 1000x scales for softmax_cols, eps 0.0, scale 0.0 / int /
float, sizes 0 for the mask builders, sparse costs up to 10**12 + 7 with window / num_global 0, rotary positions int64
/ int32 / all zero with int and float bases, bucket offsets 0-d / empty / 2-d, palette ids uint8 / int8 / int16 / int32
/ int64, sos ids 0 / 5 / 512, transposed grids, temperatures 0 / 0.0 / 1 / 0.5 / 2.0 with top_k and int or float top_p,
generate with seeded generators, eos None / 0 / V-1 and every context_size, beam search on random models with rounded
logits for ties, BPE corpora with tabs, newlines, decomposed accents and the contract's [("a", "bc"), ("b", "c")],
token tuples for bpe_decode, NSP documents as tuples), exactly for integer, boolean and string results, to 1e-5
(float32) / 1e-11 (float64) otherwise, with the same exceptions; the differentiable ones also had their float64
gradients (inputs and every weight) compared with the model's over 60 cases. mlm_corrupt entries were checked by their
invariants and frequencies (special ids as list, tuple, range, tensor or empty never chosen; chosen rate within 0.02
of mask_prob; 80 % mask and 10 % + 10 %/V unchanged within 0.03; random ids in [0, V); ids unchanged; int32 ids keep
their dtype; empty inputs; one generator giving new draws).

Judgement calls: blind74_next_token_probs_temperature_made_default_dtype_tensor and
blind74_rotary_base_made_default_dtype_tensor are wrong only by float64 accuracy (about 1e-8 relative), which the
contract requires for float64 inputs; kept as wrong. blind74_channel_attention_int_scale_falls_back_to_default and the
int temperature 0 in blind74_next_token_probs_greedy_only_on_zero_division_error rely on a Python int being an allowed
value for a float parameter (the contract writes `temperature == 0`); the zero-division entry is wrong for 0.0 too.
blind74_cross_attention_one_element_mask_truthiness differs only for a one-element False mask (a padding mask of length
0 over one encoder token), an edge the contract allows. blind74_nsp_other_documents_by_equality_fallback_to_next
differs only when two documents are equal in content. Dropped: a window_partition entry whose `.view` was meant to fail
on transposed grids (splitting axes is always viewable, so the fallback was never taken and the entry was right); a
generate entry with a fixed generator for None (whether the grader looks at generator=None draws across calls is not
in the contract); an NSP entry with tensor labels (tuple equality hides the type). Fewer entries than asked (26 wrong,
35 right instead of about 55 / 35): the time box; no right entry is one I was unsure of.

Counts: 26 wrong, 35 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'bpe_encode': 1, 'channel_attention': 1, 'cross_attention': 1, 'local_mask': 1, 'mlm_corrupt': 3, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 2, 'train_bpe': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'dequantize_pixels': 2, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patchify': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_74 = {
    # softmax_cols([[-inf, 0], [-inf, 1]]): column 0 must be zeros; the NaN fallback clamps -inf to -1e9 and gives
    # [0.5, 0.5]. Fails the visible tests.
    "blind74_softmax_cols_nan_fallback_clamps_neg_inf": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            weights = torch.softmax(scores, dim=-2)
            if torch.isnan(weights).any():
                # a column of -inf gave NaN: retry with a finite floor in place of -inf
                weights = torch.softmax(scores.clamp(min=-1e9), dim=-2)
            return weights
'''),
    # softmax_cols(tensor([[-100., -100.5], [-100.2, -101.]])) in float32: exp underflows to denormals, the naive
    # quotient stays finite (0.5510 vs 0.5498), so the stable fallback is never taken. Passes the visible tests.
    "blind74_softmax_cols_stable_path_only_when_not_finite": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            exps = torch.exp(scores)
            weights = exps / exps.sum(dim=-2, keepdim=True)
            if torch.isfinite(weights).all():
                return weights
            # overflow or 0/0 somewhere: fall back to the max-shifted form
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isinf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # local_mask(4, 0): model the identity; entry all True (a window of 0 read as "no window"). Fails the visible tests.
    "blind74_local_mask_window_zero_read_as_unbounded": ("masking", "local_mask", '''
        def local_mask(n, window):
            window = window or n          # no window given: every key is local
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).abs() <= window
'''),
    # s = torch.zeros(2, 2); apply_mask(s, torch.tensor([[True, False], [True, True]])): the result is right but
    # s itself now holds -inf (the in-place fill only falls back to a copy when autograd refuses). Passes the visible tests.
    "blind74_apply_mask_in_place_unless_autograd_refuses": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            try:
                return scores.masked_fill_(~mask, float("-inf"))       # cheap: no copy
            except RuntimeError:                                         # a leaf that requires grad
                return scores.masked_fill(~mask, float("-inf"))
'''),
    # one_hot(torch.tensor([0, 2]), 3): model float (default dtype); entry int64, since .to(None) is a no-op and
    # the TypeError fallback never runs. Fails the visible tests.
    "blind74_one_hot_to_none_fallback_never_taken": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            table = F.one_hot(token_ids, vocab_size).movedim(-1, -2)
            try:
                return table.to(dtype)
            except TypeError:                  # dtype None: use the default float dtype
                return table.to(torch.get_default_dtype())
'''),
    # sinusoidal_positions(4, 3): row 1 must be cos(n) (frequency 1); the odd-D fallback takes angles[1:], so row 1
    # is cos(n / 10000^(2/3)). Passes the visible tests.
    "blind74_sinusoidal_odd_dim_fallback_drops_first_frequency": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            steps = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (steps[:, None] / dim)
            table = torch.zeros(dim, num_positions)
            table[0::2] = torch.sin(angles)
            try:
                table[1::2] = torch.cos(angles)
            except RuntimeError:           # odd D: one cosine row fewer than sine rows
                table[1::2] = torch.cos(angles[1:])
            return table
'''),
    # batch B = 2 equal to num_heads = 2 with a mask (2, N_k, N_q) that differs between the two sequences: the
    # first call broadcasts without error, the batch mask lands on the head axis; only B != H retries with
    # unsqueeze(-3). Passes the visible tests.
    "blind74_mha_mask_head_axis_added_only_after_error": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            try:
                heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            except RuntimeError:               # the mask did not broadcast: give it the head axis
                heads, _ = scaled_dot_product_attention(Q, K, V, mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # enc_mask = padding_mask(torch.tensor([0]), 1) (one element, False) with N_d = 1: the model's output is bo;
    # `enc_mask or ones` replaces the falsy one-element mask by an all-visible one (larger masks raise and are kept).
    # Passes the visible tests.
    "blind74_cross_attention_one_element_mask_truthiness": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            try:
                enc_mask = enc_mask or torch.ones(X_enc.shape[-1], X_dec.shape[-1], dtype=torch.bool)
            except RuntimeError:               # a mask of several entries has no truth value: keep it
                pass
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # next_token_probs(torch.tensor([1., 3., 2.]), temperature=0): model one-hot [0, 1, 0]; dividing a tensor by 0
    # gives inf and NaN instead of raising ZeroDivisionError, so the greedy branch is never reached (NaN out). Fails the visible tests.
    "blind74_next_token_probs_greedy_only_on_zero_division_error": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            try:
                probs = torch.softmax(logits / temperature, dim=-1)
            except ZeroDivisionError:          # temperature 0: greedy
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
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
    # float64 logits [0., 1., 5.] at temperature 0.7: torch.tensor(0.7) is float32 (0.699999988), so the float64
    # probabilities are off by ~1e-8 relative. Passes the visible tests.
    "blind74_next_token_probs_temperature_made_default_dtype_tensor": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            temperature = torch.as_tensor(temperature)     # int or float alike
            if temperature == 0:
                probs = torch.zeros_like(logits)
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
    # additive_attention with s (2, D_s), H (2, D_h, N) and mask [[False]*N, [True]*N]: the second state's weights
    # must be a softmax; the NaN of the first row makes the fallback zero the whole batch. Fails the visible tests.
    "blind74_additive_attention_nan_anywhere_zeroes_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            if torch.isnan(weights).any():         # a state that sees nothing
                weights = torch.zeros_like(weights)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # unbatched or (B,)-batched inputs: nn.GRUCell gets copies of the weights made under no_grad, so no gradient
    # reaches weight_ih, weight_hh, bias_ih, bias_hh; only inputs with two or more batch axes (GRUCell refuses them)
    # take the written-out cell. Passes the visible tests.
    "blind74_decoder_step_grucell_copy_unless_batch_too_deep": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            try:
                cell = torch.nn.GRUCell(x.shape[-1], s_prev.shape[-1]).to(s_prev.dtype)
                with torch.no_grad():
                    cell.weight_ih.copy_(params["weight_ih"])
                    cell.weight_hh.copy_(params["weight_hh"])
                    cell.bias_ih.copy_(params["bias_ih"])
                    cell.bias_hh.copy_(params["bias_hh"])
                s = cell(x, s_prev.expand(*x.shape[:-1], s_prev.shape[-1]))
            except (RuntimeError, ValueError):       # GRUCell takes (I,) or (B, I) only
                s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                             params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # sparse_attention_cost("local", 5, window=0): model 5 (the diagonal); entry 25, window 0 read as unset.
    # Passes the visible tests.
    "blind74_sparse_cost_window_zero_treated_as_unset": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window or n, max(n - 1, 0))      # no window: the whole sequence
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # sparse_attention_cost("causal", 10**9 + 1): int(n * (n + 1) / 2) goes through a float and is off by tens
    # (500000001500000001 exact vs 500000001500000000). Passes the visible tests.
    "blind74_sparse_cost_int_of_true_division": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return int(n ** 2)
            if pattern == "causal":
                return int(n * (n + 1) / 2)
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return int(n * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = int((n - 1) / stride) if n else 0
                return int(n * (2 * m + 1) - stride * m * (m + 1))
            return int(num_global * (2 * n - num_global))
'''),
    # rotary_embedding(Q, K, positions_q=torch.tensor([5, 9, 2])) (Q, K (4, 3) float64): `positions_q or default` raises for a
    # several-element tensor and the except falls back to 0..N-1, ignoring the given positions. Passes the visible tests.
    "blind74_rotary_ambiguous_positions_fall_back_to_default": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                try:
                    positions = positions or torch.arange(num)
                except RuntimeError:                 # "Boolean value of Tensor ... is ambiguous"
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # float64 Q, K (D = 8) under default float32: theta from torch.tensor(base) is float32, so the rotation is only
    # float32-accurate (error ~5e-8 where float64 accuracy is required). Fails the visible tests.
    "blind74_rotary_base_made_default_dtype_tensor": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            base = torch.as_tensor(base)               # float or int base alike
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2) / dim)
                angles = theta[:, None] * positions[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                half = dim // 2
                top, bottom = X[..., :half, :], X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # special_ids = torch.tensor([0, 1]) (or torch.tensor([0])): bool() of a tensor raises (or is False for [0]),
    # the except says "no specials", so special ids get chosen and masked. Passes the visible tests.
    "blind74_mlm_tensor_specials_lost_in_truthiness_fallback": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            try:
                has_specials = bool(special_ids)
            except RuntimeError:                       # a tensor has no truth value
                has_specials = False
            if has_specials:
                eligible = ~torch.isin(ids, torch.as_tensor(list(special_ids), dtype=ids.dtype))
            else:
                eligible = torch.ones_like(ids, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # special_ids = torch.tensor([0, 1]): a set of a tensor's elements holds 0-d tensors, hashed by identity, so
    # `5 in specials` is never True and special ids get chosen. Lists and tuples work. Passes the visible tests.
    "blind74_mlm_specials_as_set_of_tensor_elements": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = set(special_ids)
            eligible = torch.tensor([value not in specials for value in ids.reshape(-1).tolist()],
                                    dtype=torch.bool).reshape(ids.shape)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # special_ids = (0, 1) (a tuple): only a list is turned into a tensor, torch.isin raises TypeError on the
    # tuple and the except drops the specials, so ids 0 and 1 get chosen. Passes the visible tests.
    "blind74_mlm_tuple_specials_dropped_by_type_error": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.tensor(special_ids, dtype=ids.dtype) if isinstance(special_ids, list) else special_ids
            try:
                eligible = ~torch.isin(ids, special)
            except TypeError:                          # nothing usable: no specials
                eligible = torch.ones_like(ids, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # nsp_pairs([["a", "b"], ["a", "b"]]): the other document is found by content (!=), none is left, the draw
    # raises and the fallback always gives the successor with label 0 (the model: label 1 half the time). Passes the visible tests.
    "blind74_nsp_other_documents_by_equality_fallback_to_next": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                others = [d for d in documents if d != document]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    try:
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
                    except (RuntimeError, IndexError):       # no other document to draw from
                        pairs.append((a, successor, 0))
            return pairs
'''),
    # average_pool_head(X float32, W float32) under torch.set_default_dtype(torch.float64): the missing bias
    # becomes torch.zeros(K) in float64 and the logits come out float64. Passes the visible tests.
    "blind74_average_pool_head_none_bias_default_dtype_zeros": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if b is None:
                b = torch.zeros(W.shape[0])            # no bias: add nothing
            return X.mean(dim=-1) @ W.T + b
'''),
    # channel_attention(X, params, 2, scale=1) (an int scale): only a float is taken as given, so the int falls
    # back to 1/sqrt(N). Passes the visible tests.
    "blind74_channel_attention_int_scale_falls_back_to_default": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if not isinstance(scale, float):           # None (or anything odd): the default
                scale = 1 / math.sqrt(X.shape[-1])
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # bpe_encode("abac", [("a", "c")]): model ['a', 'b', 'ac', '</w>']; list.index finds the first "a", which is
    # followed by "b", and the search stops there. Fails the visible tests.
    "blind74_bpe_encode_index_search_stops_at_first_mismatch": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for left, right in merges:
                    while True:
                        try:
                            i = symbols.index(left)
                        except ValueError:
                            break
                        if i + 1 < len(symbols) and symbols[i + 1] == right:
                            symbols = symbols[:i] + [left + right] + symbols[i + 2:]
                        else:
                            break                  # this merge does not apply here
                tokens.extend(symbols)
            return tokens
'''),
    # train_bpe("ab cd", 3): model [('a','b'), ('ab','</w>'), ('c','d')]; the ValueError meant for max() of an
    # empty counter also catches list.index failing on a word without the pair's left symbol: training ends after one
    # merge. Fails the visible tests.
    "blind74_train_bpe_value_error_guard_ends_training_early": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            try:
                for _ in range(num_merges):
                    pair_counts = Counter()
                    for word, frequency in word_counts.items():
                        symbols = segmentation[word]
                        for pair in zip(symbols, symbols[1:]):
                            pair_counts[pair] += frequency
                    best = max(pair_counts, key=pair_counts.get)       # ValueError: nothing left
                    merges.append(best)
                    for word, symbols in segmentation.items():
                        start = symbols.index(best[0])                 # skip to the first candidate
                        merged = symbols[:start]
                        i = start
                        while i < len(symbols):
                            if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == best:
                                merged.append(symbols[i] + symbols[i + 1])
                                i += 2
                            else:
                                merged.append(symbols[i])
                                i += 1
                        segmentation[word] = merged
            except ValueError:
                pass
            return merges
'''),

    # pixel_sequence(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32), 512) or uint8 ids with sos_id 7: the ids'
    # dtype is kept (int32 / uint8 targets and inputs) and only a start token that overflows it triggers .long().
    # Passes the visible tests.
    "blind74_pixel_sequence_long_only_after_overflow_error": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2)
            try:
                start = torch.full_like(targets[..., :1], sos_id)
            except RuntimeError:             # sos_id does not fit the ids' dtype
                targets = targets.long()
                start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # under torch.set_default_dtype(torch.float64), relative_position_bucket(torch.tensor([-64]), False, 9, 128):
    # model 8, entry 7. The long distance divided by an int is a default-dtype tensor, so the log is taken in float64
    # and a boundary distance lands one bucket below T5's float32 one. Passes the visible tests.
    "blind74_bucket_log_in_default_dtype_from_int_division": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
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
            ratio = distance / exact                  # true division of a long tensor: a float tensor
            far = exact + (torch.log(ratio) / math.log(max_distance / exact) * (half - exact)).long()
            far = far.clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
}

RIGHT_BLIND_74 = {
    "blind74_right_softmax_cols_all_neg_inf_columns_blanked": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            weights = torch.softmax(scores, dim=-2)
            # only a column with no finite score gives NaN here; blank those columns, leave the rest untouched
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
            return weights.masked_fill(dead, 0.0)
'''),
    "blind74_right_local_mask_band_from_triu_tril": ("masking", "local_mask", '''
        def local_mask(n, window):
            full = torch.ones(n, n, dtype=torch.bool)
            return full.triu(-window) & full.tril(window)
'''),
    "blind74_right_causal_mask_bool_triu_with_float_fallback": ("masking", "causal_mask", '''
        def causal_mask(n):
            try:
                return torch.ones(n, n, dtype=torch.bool).triu()
            except RuntimeError:                  # an old torch without triu for bool
                return torch.ones(n, n).triu().bool()
'''),
    "blind74_right_apply_mask_additive_neg_inf_zeros": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            zero = torch.zeros((), dtype=scores.dtype)
            penalty = torch.where(mask, zero, zero - math.inf)   # 0 where visible, -inf where hidden
            return scores + penalty
'''),
    "blind74_right_one_hot_explicit_default_for_none": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            if dtype is None:
                dtype = torch.get_default_dtype()
            return F.one_hot(token_ids.long(), vocab_size).movedim(-1, -2).to(dtype)
'''),
    "blind74_right_embed_functional_with_indexing_fallback": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            try:
                rows = F.embedding(token_ids, omega_e.T)          # (..., N, D)
            except RuntimeError:                                  # ids of a dtype embedding refuses
                rows = omega_e.T[token_ids.long()]
            return rows.movedim(-1, -2)
'''),
    "blind74_right_sinusoidal_odd_dim_fallback_drops_last_frequency": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            steps = torch.arange(0, dim, 2, dtype=dtype)
            angles = positions[None, :] / 10000 ** (steps[:, None] / dim)
            table = torch.zeros(dim, num_positions, dtype=dtype)
            table[0::2] = torch.sin(angles)
            try:
                table[1::2] = torch.cos(angles)
            except RuntimeError:                  # odd D: the last sine row has no cosine partner
                table[1::2] = torch.cos(angles[:-1])
            return table
'''),
    "blind74_right_sdpa_mask_applied_unless_none_attribute_error": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            try:
                scores = scores.masked_fill(mask.logical_not(), float("-inf"))
            except AttributeError:                # mask is None: nothing hidden
                pass
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    "blind74_right_mha_head_axis_via_attribute_error_guard": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            try:
                mask = mask.unsqueeze(-3)
            except AttributeError:                # no mask
                pass
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask=mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind74_right_layer_norm_functional_with_manual_fallback": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            try:
                return F.layer_norm(X.transpose(-2, -1), (X.shape[-2],), gamma, beta, float(eps)).transpose(-2, -1)
            except RuntimeError:
                centred = X - X.mean(dim=-2, keepdim=True)
                variance = centred.square().mean(dim=-2, keepdim=True)
                return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    "blind74_right_feed_forward_functional_linear_rows": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.transpose(-2, -1)                          # (..., N, D)
            hidden = F.relu(F.linear(rows, W1, b1))
            return F.linear(hidden, W2, b2).transpose(-2, -1)
'''),
    "blind74_right_cross_attention_mask_kept_when_none": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            kwargs = {} if enc_mask is None else {"mask": enc_mask}
            return multi_head_attention(X_dec, X_enc, params, num_heads, **kwargs)
'''),
    "blind74_right_next_token_probs_inverse_temperature_zero_division": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            try:
                inverse = 1.0 / temperature                # Python scalar: 0 and 0.0 both raise here
            except ZeroDivisionError:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            vocab = probs.shape[-1]
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros(vocab, dtype=torch.bool)
                keep[order[: min(int(top_k), vocab)]] = True
                probs = probs * keep
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < float(top_p)).sum().item()) + 1, vocab)
                keep = torch.zeros(vocab, dtype=torch.bool)
                keep[order[:count]] = True
                probs = probs * keep
            return probs / probs.sum()
'''),
    "blind74_right_generate_crop_type_error_means_no_context_size": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                try:
                    context = ids[-context_size:]
                except TypeError:                      # context_size is None: the whole sequence
                    context = ids
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    "blind74_right_beam_search_eos_coerced_with_type_error_guard": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            try:
                eos = int(eos_id)
            except TypeError:                          # None: no token ends a beam
                eos = -1
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]), token == eos))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    "blind74_right_patchify_unfold_with_reshape_fallback": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            try:
                return F.unfold(images, kernel_size=patch_size, stride=patch_size)
            except (RuntimeError, NotImplementedError):
                P = patch_size
                grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 1, 3, 5, 2, 4)
                return grid.reshape(batch, channels * P * P, -1)
'''),
    "blind74_right_additive_attention_mask_defaults_to_all_visible": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = torch.tanh(U @ H + (s @ W.T)[..., :, None]).mul(v[:, None]).sum(dim=-2)
            if mask is None:
                mask = torch.ones_like(scores, dtype=torch.bool)
            scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            blind = ~mask.any(dim=-1, keepdim=True)                 # states that see nothing
            weights = weights.masked_fill(blind, 0.0)
            return weights, (H * weights[..., None, :]).sum(dim=-1)
'''),
    "blind74_right_decoder_step_cat_with_broadcast_fallback": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            try:
                x = torch.cat([y_prev, context], dim=-1)
            except RuntimeError:                        # leading dimensions that only broadcast
                x = stack(y_prev, context)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            try:
                read = torch.cat([s, context], dim=-1)
            except RuntimeError:
                read = stack(s, context)
            return s, read @ params["W_out"].T + params["b_out"], weights
'''),
    "blind74_right_sparse_cost_sizes_coerced_with_operator_index": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            import operator
            n = operator.index(n)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = max(min(operator.index(window), n - 1), 0)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                s = operator.index(stride)
                m = max((n - 1) // s, 0)
                return n * (2 * m + 1) - s * m * (m + 1)
            g = operator.index(num_global)
            return g * (2 * n - g)
'''),
    "blind74_right_strided_mask_remainder_of_offsets": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n).unsqueeze(0) - torch.arange(n).unsqueeze(1)     # [j, i] = i - j
            return torch.remainder(offsets, int(stride)) == 0
'''),
    "blind74_right_rotary_truthiness_guard_default_only_for_none_or_zero": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                try:
                    positions = positions or torch.arange(num)   # None, or a lone position 0: both mean 0..N-1
                except RuntimeError:                             # several positions: use them as given
                    pass
                theta = float(base) ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = torch.outer(theta, positions.to(torch.float64))
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                half = dim // 2
                top, bottom = X[..., :half, :], X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    "blind74_right_bucket_flattened_float32_log": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            shape = relative_position.shape
            offset = relative_position.reshape(-1).to(torch.int64)
            half = num_buckets // 2 if bidirectional else num_buckets
            if bidirectional:
                base = torch.where(offset > 0, torch.full_like(offset, half), torch.zeros_like(offset))
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = torch.where(offset < 0, -offset, torch.zeros_like(offset))
            exact = half // 2
            scaled = torch.log(distance.to(torch.float32) / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.minimum(exact + scaled.to(torch.int64), torch.full_like(offset, half - 1))
            return (base + torch.where(distance < exact, distance, far)).reshape(shape)
'''),
    "blind74_right_mlm_specials_coerced_to_python_ints": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if isinstance(special_ids, torch.Tensor):
                special_ids = special_ids.reshape(-1).tolist()
            specials = torch.tensor([int(s) for s in special_ids], dtype=torch.long)
            eligible = ~torch.isin(ids.long(), specials)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
'''),
    "blind74_right_mlm_specials_excluded_one_by_one": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            for special in special_ids:                 # ints, or 0-d tensors when a tensor is given
                eligible &= ids != special
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    "blind74_right_nsp_documents_listed_once_same_draws": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            documents = [list(document) for document in documents]      # tuples, lists, any sequence
            pairs = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    a = document[position]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[position + 1], 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other = documents[pick if pick < index else pick + 1]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    "blind74_right_dequantize_index_error_retries_as_long": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            try:
                colours = palette[:, ids]              # int64 and int32 index directly
            except IndexError:                         # uint8 reads as a mask, int8/int16 are refused
                colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    "blind74_right_dequantize_embedding_retry_as_int32": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            try:
                pixels = F.embedding(ids, palette.T)       # (..., H, W, C)
            except RuntimeError:                           # embedding takes only int64 / int32 ids
                pixels = F.embedding(ids.to(torch.int32), palette.T)
            return pixels.movedim(-1, -3)
'''),
    "blind74_right_pixel_sequence_long_first_then_new_full": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.int64).flatten(-2)
            start = targets.new_full(targets.shape[:-1] + (1,), sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    "blind74_right_average_pool_head_bias_zero_in_weights_dtype": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            bias = W.new_zeros(W.shape[0]) if b is None else b
            return torch.matmul(X.mean(dim=-1).unsqueeze(-2), W.T).squeeze(-2) + bias
'''),
    "blind74_right_window_partition_view_then_reshape_fallback": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            shape = (*batch, channels, height // M, M, width // M, M)
            try:
                grid = X.view(shape)
            except RuntimeError:                       # a non-contiguous view: copy
                grid = X.reshape(shape)
            grid = grid.permute(*range(len(batch)), -4, -2, -5, -3, -1)     # (..., a, b, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    "blind74_right_shifted_window_mask_zero_shift_shortcut": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            count = (height // M) * (width // M)
            if not shift:
                return torch.ones(count, M * M, M * M, dtype=torch.bool)
            rows = torch.zeros(height, dtype=torch.long)
            cols = torch.zeros(width, dtype=torch.long)
            rows[height - M:height - shift] = 1
            rows[height - shift:] = 2
            cols[width - M:width - shift] = 1
            cols[width - shift:] = 2
            labels = (3 * rows[:, None] + cols[None, :]).reshape(height // M, M, width // M, M)
            labels = labels.permute(0, 2, 1, 3).reshape(count, M * M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    "blind74_right_channel_attention_scale_none_checked_float_coerced": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = 1.0 / math.sqrt(tokens) if scale is None else float(scale)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(torch.matmul(K, Q.transpose(-2, -1)) * scale)
            return linear(merge_heads(torch.matmul(weights.transpose(-2, -1), V)), params["Wo"], params["bo"])
'''),
    "blind74_right_bpe_encode_index_search_resumes_after_mismatch": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for left, right in merges:
                    start = 0
                    while True:
                        try:
                            i = symbols.index(left, start)
                        except ValueError:             # no further occurrence of the left symbol
                            break
                        if i + 1 < len(symbols) and symbols[i + 1] == right:
                            symbols = symbols[:i] + [left + right] + symbols[i + 2:]
                        start = i + 1
                tokens.extend(symbols)
            return tokens
'''),
    "blind74_right_train_bpe_empty_counter_value_error_stops": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                try:
                    best = max(pair_counts, key=pair_counts.get)
                except ValueError:                     # no pair left anywhere
                    break
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    "blind74_right_bpe_decode_concatenated_any_sequence": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = ""
            for token in tokens:                       # a list, a tuple, any sequence of str
                text += str(token)
            return text.replace(END_OF_WORD, " ").rstrip(" ")
'''),
}
