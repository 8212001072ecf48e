"""Twenty-ninth blind batch of held-out implementations (prefix blind28_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (read for what it promises at each edge: empty sizes, lengths beyond n,
batch axes of size 1 and several batch axes, keyword calls, non-contiguous views, the default dtype, autograd), the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_27.py) were only skimmed for
their entry names and header decisions; every name here was checked against all of theirs. Nothing else under grader/
or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time.

Emphasis: mistakes that show only on an EDGE of the contract, and right answers that handle those edges in an unusual
way. The wrong entries are each equal to the model answer on ordinary inputs and differ only at an edge the contract
defines: an empty input (bpe_decode([]), zero positions, n = 0 strided masks, an empty bucket tensor that comes back
float32), a length beyond n, a grid with one row, a rectangular grid, a batch axis of size 1 squeezed away by a
lift-and-squeeze of unbatched inputs (channel attention, patch merging, quantize), two batch axes, a sliced
(non-contiguous) batch passed to view, the contract's keyword call (mask=), float32 logits of 100 (an unshifted exp),
a short sequence under a fixed masking fraction, the default dtype set to float64 (zeros of the default dtype mixed
into float32 results), and autograd (tables built under torch.inference_mode). The right ones clamp instead of
branching (softmax, bucket distances), revive blind rows before torch.softmax, splice merges with slice assignment, use
searchsorted for the top-p crossing, a negated summed cross-entropy, Tensor.unfold for patches and windows, a running
minimum for palette ids, and one (the decoder layer's causal mask built under inference_mode) that looks like the
wrong rotary entry but is harmless, because the mask is never saved for backward.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind28/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (18 of the 19 wrong entries pass them: edge mistakes are invisible to
the hand-written cases). Each wrong entry's recorded input was run on the model answer and on the entry and both
results printed; each differs as its comment says (the random one by a seeded statistic far outside sampling noise),
and each was also run on ordinary inputs where it agrees with the model answer. Right entries were compared with the
model answer on float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids, strings and counts), batched
(one and two batch axes, broadcast masks) and not, transposed and permuted (non-contiguous) inputs, sizes of 0 and 1,
lengths and windows beyond n, exact ties (top-p thresholds, palette midpoints), the contract's ValueErrors (same
outcome on both sides), arguments left unchanged, and gradients of every floating-point input with a random
cotangent (1e-4); the default dtype was switched to float64 where a function creates floating tensors.

Judgement calls: blind28_feed_forward_max_against_default_dtype_zeros is counted wrong for the default-dtype failure;
its split gradient at an exact zero pre-activation is a second, subgradient-level difference. The mlm entry keeps
every position's marginal rate close to mask_prob on long sequences and is wrong by the contract's "chosen
independently" (its short-sequence rate of 0 shows it). blind28_decoder_layer_causal_mask_in_inference_mode was
written as a wrong one and verified right (forward and backward match), so it is counted right. A relative-position
entry that took the logarithm in the default dtype was dropped: float32 and float64 floor to the same buckets on every
configuration tried, so it is not demonstrably wrong. A beam-search entry using log(softmax) in float32 was dropped:
underflow cannot change the best beam unless the scores of every other path fall below about -103, which no small case
reaches. Fewer entries than asked (about 55 / 35): the time box and the edge emphasis (many edges are already taken by
earlier batches); no right entry is one I was unsure of.

Counts: 19 wrong, 25 right, as written. After it came, two wrong ones were counted right (each with its reason at
the top of RIGHT_BLIND_28): a padding mask for lengths beyond n (outside the contract: the reference raises
ValueError there) and sinusoidal_positions(0, D) raising (the contract leaves zero positions open). Counted: 17
wrong, 27 right.
Wrong per function: {'additive_attention': 1, 'bpe_decode': 1, 'channel_attention': 1, 'feed_forward': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'padding_mask': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 2, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'strided_mask': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'decoder_layer': 1, 'feed_forward': 1, 'local_mask': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind28_sparse_cost_complement_of_outer_band, moved to WRONG_BLIND_28 (see its comment).
"""
WRONG_BLIND_28 = {
    # Strips the trailing spaces only when the last token is word-final, peeking at tokens[-1]: right on every non-empty
    # list, but an empty token list (what bpe_encode("") returns, and bpe_decode(bpe_encode(t, m)) must give "") raises.
    # bpe_decode([]): model "", entry IndexError. Passes the visible tests.
    "blind28_bpe_decode_peeks_last_token": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            if tokens[-1].endswith(END_OF_WORD):   # only a word-final last token leaves trailing spaces
                text = text.rstrip(" ")
            return text
'''),
    # T5's rule written per offset in Python (the log still in float32) and the tensor rebuilt with torch.tensor(list):
    # equal on every non-empty input, but an empty input gives torch.tensor([]), a float32 tensor, where the contract
    # returns a LongTensor of the same shape. relative_position_bucket(zeros(0, 4, dtype=long)): model int64 (0, 4),
    # entry float32 (0, 4). Passes the visible tests.
    "blind28_bucket_python_loop_list_rebuilt": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            def bucket(offset):
                if bidirectional:
                    half = num_buckets // 2
                    base = half if offset > 0 else 0
                    distance = abs(offset)
                else:
                    half = num_buckets
                    base = 0
                    distance = max(-offset, 0)
                exact = half // 2
                if distance < exact:
                    return base + distance
                ratio = torch.tensor(distance, dtype=torch.float32) / exact
                scaled = torch.log(ratio) / math.log(max_distance / exact) * (half - exact)
                return base + min(exact + int(scaled), half - 1)
            values = [bucket(int(offset)) for offset in relative_position.flatten()]
            return torch.tensor(values).reshape(relative_position.shape)
'''),
    # torch.softmax, then the NaN columns of fully masked queries replaced with torch.zeros(weights.shape), a tensor of
    # the default dtype: right while the default dtype is float32 (float64 inputs promote it), but with the default set
    # to float64 the weights of float32 inputs become float64 and V @ weights fails. Q (4, 3), K (4, 5), V (2, 5)
    # float32, mask with query 1 all False, torch.set_default_dtype(torch.float64): model float32 output, entry
    # RuntimeError (float != double). Passes the visible tests.
    "blind28_sdpa_dead_queries_zeros_in_default_dtype": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                scores = scores.masked_fill(~mask, float("-inf"))
                weights = torch.softmax(scores, dim=-2)
                sees_a_key = mask.any(dim=-2, keepdim=True)
                weights = torch.where(sees_a_key, weights, torch.zeros(weights.shape))   # NaN columns -> 0
            return V @ weights, weights
'''),
    # Folds every batch axis into one with .view(-1, D, N): right for contiguous inputs, but the contract admits non-
    # contiguous views (use reshape, not view). Xq = Xkv = randn(4, 3, 4, 5)[::2] (a slice, shape (2, 3, 4, 5)),
    # num_heads 2: model (2, 3, 4, 5), entry RuntimeError (view size is not compatible). Passes the visible tests.
    "blind28_mha_batch_folded_with_view": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, D, Nq = Xq.shape
            Nk = Xkv.shape[-1]
            Xq3 = Xq.view(-1, D, Nq)                     # fold every batch axis into one
            Xkv3 = Xkv.view(-1, D, Nk)
            B = Xq3.shape[0]
            hd = D // num_heads
            Q = (params["Wq"] @ Xq3 + params["bq"][:, None]).reshape(B, num_heads, hd, Nq)
            K = (params["Wk"] @ Xkv3 + params["bk"][:, None]).reshape(B, num_heads, hd, Nk)
            V = (params["Wv"] @ Xkv3 + params["bv"][:, None]).reshape(B, num_heads, hd, Nk)
            if mask is not None:
                mask = mask.expand(*batch, Nk, Nq).reshape(B, 1, Nk, Nq)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = params["Wo"] @ heads.reshape(B, D, Nq) + params["bo"][:, None]
            return out.reshape(*batch, D, Nq)
'''),
    # Squeezes the reshaped weights to drop "unit axes": a grid with one row (or one column, or a batch axis of size 1)
    # loses that axis. s (3,), features (2, 1, 4): model weights (1, 4), entry (4,). Equal on grids without unit sides.
    # Passes the visible tests.
    "blind28_grid_attention_weights_squeezed": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            grid = weights.reshape(*weights.shape[:-1], height, width)
            return grid.squeeze(), context               # drop the unit axes
'''),
    # Chooses exactly round(mask_prob · eligible) positions by a random permutation (a fixed 15 %), not each position
    # independently with probability mask_prob: the count has no variance, and a short sequence may never be masked. ids
    # [5, 6, 7], special [0], 4000 seeded calls: model chooses 14.7 % of the positions, entry 0 % (round(0.45) = 0). On
    # 20 eligible tokens the model's count varies (variance 2.5), the entry's is always 3. Passes the visible tests.
    "blind28_mlm_corrupt_exact_fraction_by_randperm": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            flat_eligible = eligible.reshape(-1).nonzero().squeeze(-1)
            count = round(mask_prob * len(flat_eligible))       # exactly 15 % of the eligible tokens
            picked = flat_eligible[torch.randperm(len(flat_eligible), generator=generator)[:count]]
            chosen = torch.zeros(ids.numel(), dtype=torch.bool)
            chosen[picked] = True
            chosen = chosen.reshape(ids.shape)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, torch.full_like(ids, -100))
            return corrupted, labels
'''),
    # The mask parameter renamed attention_mask: positional calls work, but the contract's keyword call
    # self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=causal_mask(3)) raises TypeError (unexpected keyword 'mask'); the
    # model answer returns the masked attention. Passes the visible tests.
    "blind28_self_attention_mask_keyword_attention_mask": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, attention_mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, attention_mask)
'''),
    # Softmax written as exp(logits / T) / sum without subtracting the maximum: float32 logits of 100 overflow to inf
    # and the probabilities become NaN. next_token_probs(tensor([100., 90., 0.])): model [0.99995, 4.54e-05, 3.8e-44],
    # entry [nan, nan, nan]. Equal on small logits (checked with temperature, top-k and top-p). Passes the visible
    # tests.
    "blind28_next_token_probs_unshifted_exp": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            weights = torch.exp(logits / temperature)           # softmax written out
            probs = weights / weights.sum()
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
    # Lifts an unbatched X (C, N) to (1, C, N) and squeezes axis 0 at the end unconditionally: a caller's batch of size
    # 1 loses its axis. X (1, 4, 5), num_groups 2: model (1, 4, 5), entry (4, 5). Equal for (C, N) and for batches of 3.
    # Passes the visible tests.
    "blind28_channel_attention_unbatched_lift_squeezed_back": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            single = X.dim() == 2
            if single:
                X = X.unsqueeze(0)                        # work on (B, C, N) throughout
            B = X.shape[:-2]
            g = channels // num_groups
            Q = (params["Wq"] @ X + params["bq"][:, None]).reshape(*B, num_groups, g, tokens)
            K = (params["Wk"] @ X + params["bk"][:, None]).reshape(*B, num_groups, g, tokens)
            V = (params["Wv"] @ X + params["bv"][:, None]).reshape(*B, num_groups, g, tokens)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            out = (weights.transpose(-2, -1) @ V).reshape(*B, channels, tokens)
            out = params["Wo"] @ out + params["bo"][:, None]
            return out.squeeze(0)                          # back to (C, N) for a single sequence
'''),
    # The same lift-and-squeeze in patch_merging: X (1, 2, 4, 4): model (1, 4, 2, 2), entry (4, 2, 2). Equal for an
    # unbatched grid. Passes the visible tests.
    "blind28_patch_merging_unbatched_lift_squeezed_back": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            if X.dim() == 3:
                X = X[None]                                 # a single grid: add a batch axis
            blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
            merged = torch.cat(blocks, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            out = (W @ tokens).unflatten(-1, (height // 2, width // 2))
            return out.squeeze(0)                           # and remove it again
'''),
    # Slices the two halves on axis 0 for a matrix and axis 1 otherwise: right for (D, N) and (B, D, N), but with two
    # batch axes it halves the wrong axis. rotary_embedding(Q, Q) with Q randn(2, 3, 4, 5): model returns (2, 3, 4, 5),
    # entry RuntimeError (size 4 vs 2 at dimension 2). Passes the visible tests.
    "blind28_rotate_columns_halves_sliced_on_axis_one": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            if X.dim() == 2:
                top, bottom = X[: dim // 2], X[dim // 2 :]
            else:
                top, bottom = X[:, : dim // 2], X[:, dim // 2 :]      # (B, D, N): rows are axis 1
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Builds the cos/sin tables under torch.inference_mode(): inference tensors cannot be saved for backward, so
    # multiplying them with a Q that requires grad fails; the contract has rotary_embedding differentiable (the capstone
    # trains through it). Q randn(4, 3, requires_grad=True), K randn(4, 2): model returns Q' with grad_fn, entry
    # RuntimeError (Inference tensors cannot be saved for backward). Equal without grad. Passes the visible tests.
    "blind28_rotate_columns_tables_in_inference_mode": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            with torch.inference_mode():                   # the tables are constants: no autograd needed
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # torch.softmax, then the NaN rows of blind states replaced with torch.zeros(weights.shape) in the default dtype:
    # fine under float32, but with torch.set_default_dtype(torch.float64) and float32 inputs (s (2, 3), H (2, 4, 6),
    # mask with row 1 all False) the model returns float32 weights and context, the entry raises RuntimeError (expected
    # Float but found Double). Passes the visible tests.
    "blind28_additive_attention_dead_state_zeros_in_default_dtype": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (W @ s.unsqueeze(-1)))          # (..., D_a, N)
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            if mask is not None:
                sees_one = mask.any(dim=-1, keepdim=True)
                weights = torch.where(sees_one, weights, torch.zeros(weights.shape))   # NaN rows -> 0
            context = torch.einsum("...dn,...n->...d", H, weights)
            return weights, context
'''),
    # relu written as torch.max(hidden, torch.zeros(hidden.shape)): the zeros take the default dtype, so with
    # torch.set_default_dtype(torch.float64) float32 inputs (X (3, 4), W1 (5, 3), W2 (3, 5)) promote the hidden layer
    # and W2 @ hidden fails (model float32 result, entry RuntimeError). Also at an exact zero pre-activation torch.max
    # splits the gradient (X zeros(3, 1), b1 zeros: model grad of b1 zeros, entry nonzero). Passes the visible tests.
    "blind28_feed_forward_max_against_default_dtype_zeros": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            hidden = torch.max(hidden, torch.zeros(hidden.shape))       # relu as max(h, 0)
            return W2 @ hidden + b2[:, None]
'''),
    # Lifts a single image (C, H, W) to a batch of one with permute(0, 2, 3, 1) and squeezes axis 0 at the end: a
    # caller's batch of size 1 loses its axis, and two batch axes fail. images rand(1, 3, 2, 2), palette rand(3, 5):
    # model ids (1, 2, 2), entry (2, 2); images (2, 2, 3, 2, 2): entry RuntimeError. Equal for (3, 2, 2) and (4, 3, 2,
    # 2). Passes the visible tests.
    "blind28_quantize_pixels_single_image_lift_squeezed_back": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if images.dim() == 3:
                images = images.unsqueeze(0)                 # one image: treat it as a batch of one
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).permute(0, 2, 3, 1)[..., None]   # (B, H, W, C, 1)
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1).squeeze(0)      # and drop the batch axis again
'''),
    # Partitions the label grid as if it were square (height // M windows per side for both axes): right on square
    # grids, wrong for a rectangular one. shifted_window_mask(4, 8, 2, 1): model (8, 4, 4), entry RuntimeError (shape
    # [2, 2, 2, 2] invalid for 32). Fails the visible tests.
    "blind28_shifted_window_mask_square_grid_partition": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            labels = torch.zeros(height, width, dtype=torch.long)
            labels[height - shift:, :] += 2                  # rows that wrapped round
            labels[:, width - shift:] += 1                   # columns that wrapped round
            per_side = height // M
            windows = labels.reshape(per_side, M, per_side, M).transpose(1, 2).reshape(-1, M * M)
            return windows[:, :, None] == windows[:, None, :]
'''),
    # The mask as torch.tensor of a nested list of Python bools: equal for n >= 1, but n = 0 gives torch.tensor([]),
    # float32 of shape (0,). strided_mask(0, 2): model bool (0, 0), entry float32 (0,). Passes the visible tests.
    "blind28_strided_mask_nested_list_comprehension": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            rows = [[(i - j) % stride == 0 for i in range(n)] for j in range(n)]   # row j = key, column i = query
            return torch.tensor(rows)                         # Python bools: a bool tensor
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # Local as n² minus the two triangles beyond the window (all n² once the window reaches n − 1), strided as a sum
    # over the offsets, global as n² minus the pairs of two ordinary tokens: the contract's counts for every n, 0
    # included.
    "blind28_sparse_cost_complement_of_outer_band": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) // 2
            if pattern == "local":
                if window >= n - 1:
                    return n * n
                outside = n - window - 1                   # offsets window+1 .. n-1 on each side
                return n * n - outside * (outside + 1)
            if pattern == "strided":
                return n + 2 * sum(n - k for k in range(stride, n, stride))
            return n * n - (n - num_global) * (n - num_global)
'''),
}

RIGHT_BLIND_28 = {
    # Written as a wrong one; counted right: lengths beyond n are outside the contract (the reference itself raises
    # ValueError for them, and the contract now says the grader never passes one), so what the entry does there is
    # its own business.
    # Marks each sequence's end with a scatter into an (B, n + 1) buffer and a cumulative sum: right while every length
    # is at most n, but the contract defines any length (key j visible iff j < lengths[b]; a length beyond n sees every
    # key). padding_mask(tensor([5, 1]), 3): model [[T, T, T], [T, F, F]] (as (2, 3, 1)), entry RuntimeError (index 5
    # out of bounds). Passes the visible tests.
    "blind28_padding_mask_scatter_end_marker": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            marks = torch.zeros(lengths.shape[0], n + 1, dtype=torch.long, device=lengths.device)
            marks.scatter_(1, lengths[:, None], 1)            # a 1 just past each sequence's last token
            visible = marks.cumsum(dim=1)[:, :n] == 0         # before the marker: a real token
            return visible[:, :, None]
'''),
    # Written as a wrong one; counted right: the contract leaves zero positions open (the grader accepts an exception
    # for sinusoidal_positions(0, D), as for every size of 0 the contract does not define).
    # Builds one column per position and torch.stack()s them: equal for every num_positions >= 1 (either default dtype),
    # but zero positions give an empty list. sinusoidal_positions(0, 4): model an empty (4, 0) table, entry RuntimeError
    # (stack expects a non-empty TensorList). Passes the visible tests.
    "blind28_sinusoidal_positions_stacked_position_columns": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            denominators = 10000 ** (pair_index / dim)               # (ceil(D/2),)
            columns = []
            for n in range(num_positions):
                angles = torch.tensor(float(n)) / denominators
                column = torch.empty(dim)
                column[0::2] = torch.sin(angles)
                column[1::2] = torch.cos(angles[: dim // 2])
                columns.append(column)
            return torch.stack(columns, dim=1)                       # (D, N)
'''),
    # Replaces the marker per token and trims trailing spaces by moving an end index; the guard `end and` makes an empty
    # list give "".
    "blind28_bpe_decode_trailing_space_loop_guarded": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(token.replace(END_OF_WORD, " ") for token in tokens)
            end = len(text)
            while end and text[end - 1] == " ":       # an empty token list gives "" without indexing
                end -= 1
            return text[:end]
'''),
    # Plain dicts instead of Counter; the tie rule made explicit as (highest count, earliest first-seen position in the
    # scan of the distinct words in order), which is what Counter + max gives.
    "blind28_train_bpe_first_seen_index_tiebreak": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1          # dicts keep first-appearance order
            pieces = [list(word) for word in frequency]
            counts_of_words = list(frequency.values())
            merges = []
            while len(merges) < num_merges:
                count, first_seen, position = {}, {}, 0
                for symbols, times in zip(pieces, counts_of_words):
                    for pair in zip(symbols, symbols[1:]):
                        count[pair] = count.get(pair, 0) + times
                        first_seen.setdefault(pair, position)
                        position += 1
                if not count:
                    break
                best = min(count, key=lambda pair: (-count[pair], first_seen[pair]))
                merges.append(best)
                for index, symbols in enumerate(pieces):
                    out, i = [], 0
                    while i < len(symbols):
                        if tuple(symbols[i:i + 2]) == best:
                            out.append(symbols[i] + symbols[i + 1])
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    pieces[index] = out
            return merges
'''),
    # Each merge applied by one left-to-right scan that splices the joined symbol in with slice assignment and moves
    # past it, so occurrences never overlap; merges in the order given.
    "blind28_bpe_encode_slice_assignment_scan": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                symbols = list(symbols)
                for left, right in merges:
                    i = 0
                    while i < len(symbols) - 1:
                        if symbols[i] == left and symbols[i + 1] == right:
                            symbols[i:i + 2] = [left + right]      # the next scan starts after the new symbol
                        i += 1
                tokens += symbols
            return tokens
'''),
    # Ids minus the vocabulary column: a zero difference is the hot entry; the dtype is the default one unless given.
    # Empty ids and batch axes broadcast like the model.
    "blind28_one_hot_difference_is_zero": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            offsets = token_ids.unsqueeze(-2) - torch.arange(vocab_size, device=token_ids.device).unsqueeze(-1)
            return (offsets == 0).to(torch.get_default_dtype() if dtype is None else dtype)
'''),
    # Clamps the column maximum at the dtype's lowest finite value (an all -inf column shifts by a finite number, exp
    # gives 0) and the column sum at the smallest normal number (0 / tiny = 0): no NaN in the output or the gradient;
    # ordinary columns are untouched.
    "blind28_softmax_cols_clamped_max_and_sum": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            floor = torch.finfo(scores.dtype).min
            shift = scores.amax(dim=-2, keepdim=True).clamp(min=floor)   # an all -inf column shifts by a finite value
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True).clamp(min=torch.finfo(scores.dtype).tiny)
            return exps / total                                          # 0 / tiny = 0 for a dead column
'''),
    # A running sum along each row of the identity is 1 from the diagonal on: [j, i] True iff i >= j; n = 0 gives (0,
    # 0).
    "blind28_causal_mask_cumsum_of_identity_rows": ("masking", "causal_mask", '''
        def causal_mask(n):
            # row j of the identity has its 1 at column j; a running sum along the row is 1 from column j on
            return torch.eye(n, dtype=torch.long).cumsum(dim=1) > 0
'''),
    # Compares (1, n, 1) key positions with (B, 1, 1) lengths, producing the (B, n, 1) mask directly; any length (0, or
    # beyond n) works.
    "blind28_padding_mask_three_axis_compare": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device).view(1, n, 1)
            return keys < lengths.view(-1, 1, 1)                 # (B, n, 1) directly
'''),
    # |i - j| as the larger of the two signed offsets; windows of 0 and beyond n handled by the comparison alone.
    "blind28_local_mask_max_of_signed_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n).unsqueeze(1)
            queries = torch.arange(n).unsqueeze(0)
            return torch.maximum(queries - keys, keys - queries) <= window
'''),
    # Expands the (broadcastable) mask to the scores' shape and fills -inf into a clone in place: the caller's scores
    # are untouched, gradients flow through the clone.
    "blind28_apply_mask_clone_fill_expanded": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = ~mask.expand_as(scores)
            return scores.clone().masked_fill_(hidden, float("-inf"))
'''),
    # Divides K (not the scores) by sqrt(D_k) and uses .mT: the same scores up to rounding; masking and the course
    # softmax as the model (dead queries zero).
    "blind28_sdpa_keys_prescaled_mT": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = (K / math.sqrt(Q.shape[-2])).mT @ Q
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Heads by unflatten(-2, (H, D/H)) and merged by flatten(-3, -2) (contiguous head rows, as the contract's layout),
    # the mask given a head axis by indexing.
    "blind28_mha_unflatten_flatten_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(W, b, X):
                return linear(X, params[W], params[b]).unflatten(-2, (num_heads, dim // num_heads))
            Q, K, V = heads("Wq", "bq", Xq), heads("Wk", "bk", Xkv), heads("Wv", "bv", Xkv)
            out, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # F.relu(inplace=True) on the hidden layer that this call created: the add that produced it does not need its output
    # for backward, so autograd is intact and no argument is written.
    "blind28_feed_forward_inplace_relu_on_fresh_hidden": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            torch.nn.functional.relu(hidden, inplace=True)       # hidden is a fresh tensor of this call
            return W2 @ hidden + b2[:, None]
'''),
    # Builds the causal mask under torch.inference_mode(): the bool mask is never saved for backward as is (apply_mask
    # saves ~mask, a normal tensor), so forward and backward match the model answer; an unusual but harmless choice
    # (contrast blind28_rotate_columns_tables_in_inference_mode).
    "blind28_decoder_layer_causal_mask_in_inference_mode": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            with torch.inference_mode():                   # a constant mask: keep it out of autograd
                self_mask = causal_mask(X_dec.shape[-1])
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Greedy by F.one_hot in the logits' dtype; top-k by a stable sort and index_copy (skipped for k >= V); top-p finds
    # the crossing token with searchsorted on the non-decreasing cumulative sum (the first index whose sum is >= p),
    # kept with it.
    "blind28_next_token_probs_searchsorted_crossing": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                return torch.nn.functional.one_hot(logits.argmax(), V).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < V:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, order[:top_k], probs[order[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = probs[order].cumsum(0)
                crossing = int(torch.searchsorted(cumulative, cumulative.new_tensor([top_p]))[0])
                kept = order[: min(crossing + 1, V)]                      # the crossing token included
                probs = torch.zeros_like(probs).index_copy(0, kept, probs[kept])
            return probs / probs.sum()
'''),
    # Minus the summed cross-entropy of columns 0..N-2 against ids[1:]: the same sum of log-probabilities,
    # differentiable in the model's weights; a single token gives -0.0 (equal to 0).
    "blind28_sequence_log_prob_negated_summed_cross_entropy": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                        # (V, N)
            return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    # Tensor.unfold on H then W gives (B, C, H/P, W/P, P, P); the grid axes moved first and each patch flattened in
    # (channel, row, column) order.
    "blind28_patchify_tensor_unfold_grid_first": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            tiles = images.unfold(2, P, P).unfold(3, P, P)             # (B, C, H/P, W/P, P, P)
            tiles = tiles.permute(0, 2, 3, 1, 4, 5)                     # (B, H/P, W/P, C, P, P)
            return tiles.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # The [CLS] column built by expanding cls_token to (B, 1, D) and transposing to (B, D, 1); positions broadcast over
    # the batch.
    "blind28_patch_embedding_cls_expanded_row_transposed": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
            cls = cls_token.expand(tokens.shape[0], 1, -1).transpose(1, 2)   # (B, D, 1)
            return torch.cat((cls, tokens), dim=2) + positions.unsqueeze(0)
'''),
    # Masks with -inf, gives a state that sees nothing a finite all-zero row before torch.softmax, then zeroes its
    # weights: no NaN in values or gradients; s and H broadcast as the contract says.
    "blind28_additive_attention_revived_dead_rows": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T)[..., :, None])               # (..., D_a, N)
            scores = (hidden * v[:, None]).sum(dim=-2)                          # (..., N)
            if mask is None:
                weights = torch.softmax(scores, dim=-1)
            else:
                sees_one = mask.any(dim=-1, keepdim=True)
                scores = scores.masked_fill(~mask, float("-inf"))
                scores = torch.where(sees_one, scores, torch.zeros_like(scores))   # a blind state: finite row
                weights = torch.softmax(scores, dim=-1) * sees_one                # ... then zeroed
            context = (H * weights[..., None, :]).sum(dim=-1)
            return weights, context
'''),
    # s divides i - j iff floor((i - j) / s) · s == i - j, negative offsets included.
    "blind28_strided_mask_floor_division_roundtrip": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]        # i - j
            return torch.div(offsets, stride, rounding_mode="floor") * stride == offsets
'''),
    # Clamps the distance at 1 before the float32 logarithm (no log(0) = -inf, and that branch is discarded anyway),
    # then T5's buckets; 0-d and empty inputs keep their shape and int64.
    "blind28_bucket_log_of_clamped_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            if bidirectional:
                half = num_buckets // 2
                upper = relative_position > 0
                distance = relative_position.abs()
            else:
                half = num_buckets
                upper = torch.zeros_like(relative_position, dtype=torch.bool)
                distance = (-relative_position).clamp(min=0)
            exact = half // 2
            ratio = distance.clamp(min=1).to(torch.float32) / exact              # no log(0) anywhere
            far = exact + (ratio.log() / math.log(max_distance / exact) * (half - exact)).to(torch.long)
            bucket = torch.where(distance < exact, distance, far.clamp(max=half - 1))
            return bucket + upper.long() * half
'''),
    # rotate_half as a roll of the rows by D/2 times the signs (-1 on the top half): x cos + rotate_half(x) sin with the
    # angles repeated for both halves, computed in float64 and cast to X's dtype.
    "blind28_rotate_columns_roll_half_signed": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            p = torch.arange(num, dtype=torch.float64) if positions is None else positions.to(torch.float64)
            theta = torch.tensor(base, dtype=torch.float64) ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = torch.cat([theta, theta])[:, None] * p[None, :]               # (D, N), both halves
            sign = torch.cat([-torch.ones(dim // 2), torch.ones(dim // 2)]).to(X.dtype)[:, None]
            partner = torch.roll(X, dim // 2, dims=-2) * sign                      # [-x_bottom; x_top]
            return X * angles.cos().to(X.dtype) + partner * angles.sin().to(X.dtype)
'''),
    # One palette colour at a time, keeping a running minimum and replacing it only when strictly closer, so ties keep
    # the lowest id; computed in the promoted dtype, the pixel difference squared (no expanded form).
    "blind28_quantize_pixels_running_minimum_strict": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype)
            colours = palette.to(dtype)
            best = None
            for k in range(colours.shape[1]):
                d = (x - colours[:, k, None, None]).square().sum(dim=-3)            # (..., H, W)
                if best is None:
                    best, ids = d, torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d < best                                               # strict: ties keep the lower id
                    best = torch.where(closer, d, best)
                    ids = torch.where(closer, k, ids)
            return ids
'''),
    # Tensor.unfold on H and then on W gives (..., C, H/M, W/M, M, M) with the window's own rows before its columns; C
    # moved after the window grid and the rest flattened.
    "blind28_window_partition_double_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)             # (..., C, H/M, W/M, M (rows), M (columns))
            tiles = tiles.movedim(-5, -3)                             # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, -1, channels, M * M)
'''),
    # Splits H and W into (h, dy) and (w, dx) and moves dx, dy before C: (dx, dy) = (0, 0), (0, 1), (1, 0), (1, 1) is
    # top-left, bottom-left, top-right, bottom-right, the contract's order.
    "blind28_patch_merging_unflatten_column_offset_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.unflatten(-1, (width // 2, 2)).unflatten(-3, (height // 2, 2))   # (..., C, h, dy, w, dx)
            blocks = blocks.movedim((-1, -3), (-5, -4))               # (..., dx, dy, C, h, w)
            merged = blocks.reshape(*X.shape[:-3], 4 * channels, height // 2, width // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
}
