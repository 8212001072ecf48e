"""Twenty-fifth blind batch of held-out implementations (prefix blind24_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md and docs/convention.md, the stubs (exercises/*.py: signatures, docstrings and
input-check lines) and the model answers (solutions/*.py) of attention, multihead, cross_attention, transformer_layer,
rnn_attention, sparse_attention, positions, pretraining, swin, davit, imagegpt, patch_embedding, sampling, masking and
softmax. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never
read. The entry names of the earlier blind batches (held_out_blind.py, held_out_blind_2.py ... held_out_blind_22.py)
were extracted and searched by function and keyword, and their "counted right" / "counted WRONG" comments by the
grader's maintainer were read, so as to repeat as few of their ideas as possible and to respect their recorded
decisions (a gradient whose true value is zero may be missing; float32 error for columns whose mean dwarfs their spread
is not bounded; the imagegpt suite accepts any id within rounding of the nearest; an empty batch is not graded).
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same
time (held_out_blind_23.py). (A listing of tests/grader/ was printed once, when looking for the earlier batch files.)

Emphasis: mistakes that survive a learner's own quick test, right on the "obvious" example and wrong only where two
sizes or two arguments differ in a way a quick test does not try: masks of the broadcastable shapes the contract
allows (a padding mask (B, N_k, 1), a mask with fewer batch axes than X, a mask with a singleton batch axis), inputs
with no batch axis or with several (einsum or bmm with one batch letter, transpose(1, 2), .T, permute for one batch
axis, torch.outer, baddbmm), N_e != N_d (a causal mask sized by the encoder), D != N (gamma broadcast on the token
axis), a grid H != W (a label grid split with its sides swapped), groups where G != C/G, a beam wider than the
vocabulary, a stride that does not divide n, offsets beyond max_distance on the side of keys before the query, an odd
number of buckets, rotary positions that do not start at 0, a query that sees no key, temperature != 1 (a power of the
T = 1 softmax that underflows, a nucleus cut on the untempered distribution), and a context longer than the prompt.
The right entries are written far from the model answers: an online (flash-style) softmax over keys, Python loops over
heads, groups and windows, einsum with an explicit head axis, recursion over sub-layers, a centring matrix, a tiled
identity, residue-class counting, index_select of partner rows, Hugging Face's slice-labelled Swin mask,
pixel_unshuffle reordered, slice assignment, F.unfold, a running arg-min, and a flattened stable torch.sort for beams.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind24/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted; build.py) and run against its exercise's visible tests; every right entry passes them, and
each wrong entry's comment says whether it does. Each wrong entry's recorded input was run on the model answer and on
the entry and both results printed (demos.py). Right entries were compared with the model answer on the batteries named
in their comments (battery.py, bat1.py ... bat4.py): float32 to 2e-5 and float64 to 1e-11 (exactly for ids, masks and
integers), batched and not, sizes of 1, non-contiguous inputs, the contract's ValueErrors (same outcome on both sides),
keyword arguments, arguments left unchanged, and gradients of every floating-point input where the function is
differentiable (and, for the entries with their own arithmetic, float32 gradient error against a float64 run compared
with the model's own; gradacc.py, bat3c.py).

Judgement calls: blind24_bucket_half_rounded_up_for_odd_buckets differs only for an odd num_buckets, which the contract
does not exclude but nobody uses. blind24_transformer_layer_mask_expanded_over_first_axis differs only for an
unbatched X with a 2-D mask (its output gains an axis). blind24_rotary_positions_rebased_to_their_minimum leaves every
score K'ᵀQ' unchanged when both position vectors start at the same value; it differs in Q' and K', which the contract
defines. A drafted wrong entry (mlm_corrupt with torch.tensor(special_ids)) turned out to agree with the model on every
input tried (an empty list and a LongTensor included) and was dropped; a drafted wrong decoder layer that also applied
enc_mask to the self-attention was dropped as an earlier batch's idea. No entry written as wrong is counted right.

Counts: 24 wrong, 18 right (fewer than the ~55/35 asked: the time box ran out; quality over count).
Wrong per function: {'additive_attention': 1, 'beam_search': 1, 'channel_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'layer_norm': 1, 'multi_head_attention': 2, 'next_token_probs': 2, 'relative_position_bucket': 2, 'rotary_embedding': 1, 'scaled_dot_product_attention': 4, 'shifted_window_mask': 1, 'strided_mask': 1, 'transformer_layer': 1}.
Right per function: {'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'dequantize_pixels': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_24 = {
    # The mask is reshape()d to the scores' shape instead of being broadcast: right for a full (N_k, N_q) mask with
    # unbatched inputs or a mask carrying every batch axis (a learner's causal test), wrong for the broadcastable
    # masks the contract allows (a padding mask (B, N_k, 1), a 2-D mask with batched Q). Recorded: Q (2,4,3), K
    # (2,4,5), V (2,6,5) float64, mask (2,5,1) with lengths 5 and 3: model output (2,6,3), entry RuntimeError (shape
    # '[2, 5, 3]' is invalid for input of size 10). Passes the visible tests.
    "blind24_sdpa_mask_reshaped_to_scores_shape": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                mask = mask.reshape(scores.shape)          # "make the mask the scores' shape"
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
    '''),
    # Batch axes folded into one for torch.bmm, and the mask folded on its own with reshape(-1, N_k, N_q): its
    # singleton leading axes are no longer broadcast against the batch. Right for masks that are 2-D or carry the full
    # batch shape; wrong for a mask (1, B2, N_k, N_q) with inputs (B1, B2, ...). Recorded: Q (2,3,4,3), K (2,3,4,5), V
    # (2,3,6,5) float64, random mask (1,3,5,3): model (2,3,6,3), entry RuntimeError (size 3 vs 6). Passes the visible
    # tests.
    "blind24_sdpa_batch_folded_mask_folded_alone": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            n_k, d_v = K.shape[-1], V.shape[-2]
            q = Q.reshape(-1, d_k, n_q)
            k = K.reshape(-1, d_k, n_k)
            v = V.reshape(-1, d_v, n_k)
            scores = torch.bmm(k.transpose(1, 2), q) / math.sqrt(d_k)
            if mask is not None:
                m = mask.reshape(-1, *mask.shape[-2:])      # folded on its own: its leading axes are not broadcast
                scores = scores.masked_fill(~m, float("-inf"))
            weights = softmax_cols(scores)
            out = torch.bmm(v, weights)
            return out.reshape(*batch, d_v, n_q), weights.reshape(*batch, n_k, n_q)
    '''),
    # The head axis is added only when the mask has as many axes as Xq ("a batched mask"): right for a 2-D mask and
    # for a (B, N_k, N_q) mask with (B, D, N) inputs, wrong for a mask with fewer batch axes than X (several leading
    # axes): its first batch axis then lines up with the head axis. Recorded: Xq = Xkv (2,3,6,5) float64, H = 3,
    # random mask (3,5,5) with the diagonal visible: no error (B2 = H = 3), values differ (model [0.065, 1.27, 3.78,
    # ...], entry [4.25, 12.36, 3.68, ...]). Passes the visible tests.
    "blind24_mha_head_axis_added_only_for_full_rank_masks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() == Xq.dim():   # a mask with every batch axis of X gets the head axis
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
    '''),
    # K.transpose(1, 2) written for the unbatched (H, D/H, N) layout of a learner's test: right unbatched, wrong with
    # a batch axis (it swaps the head and feature axes). Recorded: Xq = Xkv (2,6,4) float64, H = 2, no mask: model
    # (2,6,4), entry RuntimeError. Fails the visible tests.
    "blind24_mha_scores_key_transpose_axes_one_two": ("multihead", "multi_head_attention", '''
        from .softmax import softmax_cols

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)   # (..., H, dh, Nq)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(1, 2) @ Q / math.sqrt(Q.shape[-2])              # (H, Nk, Nq) when unbatched
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
    '''),
    # The causal self-attention mask is sized by the encoder length ("the sequence length"), right only when N_e = N_d
    # (a quick test's choice). Recorded: X_dec (4,3), X_enc (4,5) float64, H = 2: model (4,3), entry RuntimeError (5
    # vs 3). Fails the visible tests.
    "blind24_decoder_layer_self_mask_sized_by_encoder": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_enc.shape[-1]                                   # "the sequence length"
            self_mask = causal_mask(n).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
    '''),
    # torch.baddbmm with weights expanded over X.shape[0]: works only for exactly one batch axis (B, D, N). Recorded:
    # X (4,3) unbatched float64: model (4,3), entry IndexError; X (2,3,4,5): entry RuntimeError (batch2 must be 3D).
    # Fails the visible tests.
    "blind24_feed_forward_baddbmm_three_axes": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            batch = X.shape[0]
            hidden = torch.relu(torch.baddbmm(b1[None, :, None], W1.expand(batch, -1, -1), X))
            return torch.baddbmm(b2[None, :, None], W2.expand(batch, -1, -1), hidden)
    '''),
    # gamma * normalised + beta without [:, None]: broadcast along the token axis. A learner's square test (D = N)
    # with gamma = 1, beta = 0 passes; any other gamma/beta scales tokens instead of features, and D != N raises.
    # Recorded: X (3,3), random gamma and beta float64: model [0.304, 0.164, 0.370, ...], entry [0.304, 0.727, -1.911,
    # ...]; X (4,3) with gamma (4,): entry RuntimeError. Fails the visible tests.
    "blind24_layer_norm_gamma_broadcast_on_last_axis": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            var = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma * (X - mean) / torch.sqrt(var + eps) + beta
    '''),
    # W @ s.T then .T to project a batch of states: .T reverses every axis, right for s (D_s,) and (B, D_s), wrong for
    # states with several leading axes. Recorded: s (2,3,4), H (2,3,5,6), W (7,4), U (7,5), v (7,) float64: model
    # weights (2,3,6), entry RuntimeError. Passes the visible tests.
    "blind24_additive_attention_state_projection_full_transpose": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (W @ s.T).T.unsqueeze(-1)                      # (B, D_a, 1) for s (B, D_s)
            hidden = torch.tanh(U @ H + query)
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
    '''),
    # torch.outer of the flags with ones (both ways), which only takes 1-D input: right for is_global (N,), raises for
    # a batch of flags (B, N). Recorded: is_global [[T, F, F], [F, F, T]]: model (2,3,3), entry RuntimeError (outer:
    # Expected 1-D argument). Fails the visible tests.
    "blind24_global_token_mask_torch_outer": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            flags = is_global.to(torch.float64)
            ones = torch.ones_like(flags)
            return (torch.outer(flags, ones) + torch.outer(ones, flags)) > 0
    '''),
    # The bidirectional half computed as (num_buckets + 1) // 2: identical for an even num_buckets (every quick test
    # uses 32), T5's num_buckets // 2 differs for an odd count. Recorded: offsets [-3, -1, 0, 1, 3], num_buckets=31:
    # model [3, 1, 0, 16, 18], entry [3, 1, 0, 17, 19]. Judgement call: an odd num_buckets is not excluded by the
    # contract ("T5's buckets"), but no one uses one. Passes the visible tests.
    "blind24_bucket_half_rounded_up_for_odd_buckets": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = (num_buckets + 1) // 2                     # "half of the buckets", rounded up
                base = torch.where(offset > 0, half, 0)
                n = num_buckets - half
                distance = offset.abs()
            else:
                n = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = n // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
            far = torch.clamp(exact + log_scale.long(), max=n - 1)
            return base + torch.where(distance < exact, distance, far)
    '''),
    # Explicit positions shifted to start at 0 ("only relative positions matter"): the scores K'ᵀQ' are unchanged when
    # both are shifted by the same amount, but Q' and K' themselves are not the contract's rotation by p_n θ_i.
    # Recorded: Q (4,3), K (4,3) float64, positions_q = positions_k = [5, 6, 7]: model Q'[0] [0.221, 0.792, 0.314],
    # entry [0.253, 2.381, -0.683]. Fails the visible tests.
    "blind24_rotary_positions_rebased_to_their_minimum": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rebased(p):
                return None if p is None else p - p.min()        # "positions are relative anyway"
            return rotate_columns(Q, rebased(positions_q), base), rotate_columns(K, rebased(positions_k), base)
    '''),
    # The label grid is split into windows as reshape(W/M, M, H/M, M): the sides are swapped, which a square grid (the
    # quick test) never shows. Recorded: shifted_window_mask(2, 4, 2, 1): visible pairs per window, model [8, 4],
    # entry [10, 10] (the H x W grid of labels read as W x H). Passes the visible tests.
    "blind24_shifted_mask_label_grid_split_sides_swapped": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[:, None] + cols[None, :]
            windows = labels.reshape(width // M, M, height // M, M).permute(0, 2, 1, 3).reshape(-1, M * M)
            return windows[:, :, None] == windows[:, None, :]
    '''),
    # Group starts taken as range(0, C, G) (step = number of groups) while each group has C/G rows: right when G = C/G
    # (C = 4, G = 2, the quick test), wrong otherwise. Recorded: X (6,5), C = 6, G = 3 float64: model (6,5), entry
    # ValueError from linear (4 stacked rows for Wo). Fails the visible tests.
    "blind24_channel_attention_group_starts_step_by_group_count": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            C, N = X.shape[-2:]
            size = C // num_groups
            scale = 1 / math.sqrt(N) if scale is None else scale
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for start in range(0, C, num_groups):               # one group per start
                q, k, v = (T[..., start:start + size, :] for T in (Q, K, V))
                w = softmax_cols(k @ q.transpose(-2, -1) * scale)
                outs.append(w.transpose(-2, -1) @ v)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
    '''),
    # Q.transpose(1, 2) written for the unbatched grouped layout (G, C/G, N): right for X (C, N), wrong with a batch
    # axis. Recorded: X (2,6,5) float64, G = 2: model (2,6,5), entry RuntimeError. Fails the visible tests.
    "blind24_channel_attention_scores_transpose_axes_one_two": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)   # (G, C/G, N) unbatched
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(1, 2) * scale)
            return linear(merge_heads(weights.transpose(1, 2) @ V), params["Wo"], params["bo"])
    '''),
    # torch.topk(candidate scores, beam_width) to keep the beams: raises when the beam is wider than the candidates
    # (the vocabulary, at the first step), where the contract keeps them all; topk's order among equal scores is also
    # not the contract's tie rule. Recorded: V = 3 (fixed log-probabilities of 0, 1, 2), prompt [0], beam_width 5, 2
    # steps: model [0, 2, 2], entry RuntimeError (selected index k out of range). Fails the visible tests.
    "blind24_beam_search_topk_over_candidates": ("sampling", "beam_search", '''
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
                        candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                scores = torch.tensor([c[0] for c in candidates], dtype=torch.float64)
                top = torch.topk(scores, beam_width).indices.tolist()      # k must not exceed the candidates
                beams = [candidates[i] for i in top]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
    '''),
    # torch.softmax then zeroing the queries that see nothing, but the 'dead' test looks along the wrong axis
    # (mask.any(-1): keys hidden from every query), so a query column with no visible key keeps torch.softmax's NaN.
    # Causal or padding tests never have a dead query. Recorded: Q, K (4,3), V (2,3) float64, mask [[T, F, T]] * 3
    # (query 1 sees no key): model weights column 1 zeros and output 0, entry NaN. Passes the visible tests.
    "blind24_sdpa_dead_queries_found_along_key_rows": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-2)
                dead = ~mask.any(dim=-1, keepdim=True)           # "rows with nothing visible"
                weights = weights.masked_fill(dead, 0.0)
            return V @ weights, weights
    '''),
    # A 2-D mask expanded to X.shape[0] copies ("one per sequence of the batch"): right for X (B, D, N), but for an
    # unbatched X (D, N) the mask gains a batch axis of size D (the contract: a mask never adds batch dimensions) and
    # the output becomes (D, D, N). Recorded: X (4,3) float64, H = 2, causal mask: model (4,3), entry (4,4,3). Passes
    # the visible tests.
    "blind24_transformer_layer_mask_expanded_over_first_axis": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            if mask is not None and mask.dim() == 2:
                mask = mask.expand(X.shape[0], -1, -1)            # one copy per sequence of the batch
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
    '''),
    # The cap at n - 1 applied only in the branch of keys after the query: offsets beyond max_distance on the other
    # side (keys far before the query) run past the lower half into the upper one. Recorded: offsets [-200, -128, 128,
    # 200], defaults: model [15, 15, 31, 31], entry [17, 16, 31, 31]. Fails the visible tests.
    "blind24_bucket_cap_applied_to_positive_offsets_only": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            n = num_buckets // 2 if bidirectional else num_buckets
            exact = n // 2
            if bidirectional:
                distance = offset.abs()
            else:
                distance = torch.clamp(-offset, min=0)
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
            far = exact + log_scale.long()
            if bidirectional:
                far = torch.where(offset > 0, torch.clamp(far, max=n - 1), far)   # keys after the query capped
                base = torch.where(offset > 0, n, 0)
            else:
                far = torch.clamp(far, max=n - 1)
                base = torch.zeros_like(offset)
            return base + torch.where(distance < exact, distance, far)
    '''),
    # Temperature applied as softmax(logits) ** (1/T), renormalised: equal to softmax(logits / T) in exact arithmetic
    # and at T = 1, but the T = 1 softmax underflows first, so a token that temperature should revive stays at 0.
    # Recorded: logits [0, -120] float32, T = 10: model [0.99999386, 6.14e-6], entry [1.0, 0.0]. Passes the visible
    # tests.
    "blind24_next_token_probs_temperature_as_power_of_probabilities": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits, dim=-1) ** (1.0 / temperature)   # p^(1/T) is proportional to exp(l/T)
            probs = probs / probs.sum()
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
    # The top-p nucleus cut on softmax(logits) (T = 1) while the returned probabilities are tempered: the contract
    # applies top-p to the tempered distribution. Same at T = 1. Recorded: logits [2, 1, 0] float32, T = 0.5, top_p =
    # 0.8: model [1, 0, 0] (0.867 already crosses 0.8), entry [0.881, 0.119, 0]. Passes the visible tests.
    "blind24_next_token_probs_nucleus_from_untempered_logits": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(logits, descending=True, stable=True).indices       # the ranking T does not change
            keep = torch.ones_like(probs, dtype=torch.bool)
            if top_k is not None:
                keep = torch.zeros_like(keep)
                keep[order[:top_k]] = True
            if top_p is not None:
                base = torch.where(keep, torch.softmax(logits, dim=-1), 0.0)     # the nucleus, read off the logits
                base = base / base.sum()
                cumulative = torch.cumsum(base[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                nucleus = torch.zeros_like(keep)
                nucleus[order[:kept]] = True
                keep = keep & nucleus
            probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
    '''),
    # palette[:, ids].permute(1, 0, 2, 3): written for ids (B, H, W) only. Recorded: ids [[0, 1], [2, 0]] (H, W) with
    # palette eye(3) float64: model (3,2,2), entry RuntimeError (permute: number of dimensions). Fails the visible
    # tests.
    "blind24_dequantize_permute_for_one_batch_axis": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette[:, ids.long()].permute(1, 0, 2, 3)                    # (C, B, H, W) -> (B, C, H, W)
    '''),
    # einsum equations with one batch letter ('bdk,bdq->bkq'): right for (B, D, N) inputs only. Recorded: Q (4,3), K
    # (4,5), V (2,5) float64 unbatched: model output (2,3), entry RuntimeError (einsum subscripts). Fails the visible
    # tests.
    "blind24_sdpa_einsum_with_one_batch_letter": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("bdk,bdq->bkq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores)
            return torch.einsum("bvk,bkq->bvq", V, weights), weights
    '''),
    # Offsets listed as the n // s multiples 0, s, ..., (n//s - 1)s: enough when s divides n (the largest offset, n -
    # 1, is then below n//s · s), one multiple short otherwise. Recorded: strided_mask(5, 2) row 0: model [T, F, T, F,
    # T], entry [T, F, T, F, F]; strided_mask(4, 2) agrees. Fails the visible tests.
    "blind24_strided_mask_offsets_below_n_floordiv_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            multiples = torch.arange(n // stride) * stride                       # 0, s, 2s, ... (n // s of them)
            offsets = torch.cat([multiples, -multiples])
            difference = torch.arange(n)[None, :] - torch.arange(n)[:, None]     # i - j
            return torch.isin(difference, offsets)
    '''),
    # The context window capped at the prompt's length (min(context_size, len(prompt)), computed once): right when
    # context_size <= len(prompt) (the case a learner tests, a context smaller than the prompt) or None; when the
    # context is longer than the prompt the model is fed fewer tokens than the contract's last context_size. Recorded:
    # a model whose greedy token is min(len(ids), 4), prompt [0], 3 new tokens, temperature 0, context_size 3: model
    # [0, 1, 2, 3], entry [0, 1, 1, 1]. Fails the visible tests.
    "blind24_generate_context_capped_at_prompt_length": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            window = len(prompt) if context_size is None else min(context_size, len(prompt))
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-window:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
    '''),
}


RIGHT_BLIND_24 = {
    # Flash-attention style: a running max, running sum and running weighted value over the keys one at a time (online
    # softmax), with the weights rebuilt from the final max and sum; a query with no visible key keeps sum 0 and gets
    # zero weights and output. Compared with the model on float32/float64, batch shapes (), (2,), (2,3), (D_k, D_v,
    # N_q, N_k) in {(4,3,5,2), (1,1,1,1), (3,5,2,6), (4,4,4,4)}, masks None, full, batched, (N_k,1), (1,N_q), all-
    # False and causal, keyword mask, scaled-up scores, non-contiguous inputs, the two ValueErrors, arguments
    # unchanged, and gradients of every input (496 calls).
    "blind24_right_sdpa_online_softmax_over_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])           # (..., N_k, N_q)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            running = scores.new_full(scores[..., 0, :].shape, float("-inf"))   # running max per query
            total = scores.new_zeros(scores[..., 0, :].shape)                   # running sum of exps
            acc = None                                                           # running weighted values
            for j in range(scores.shape[-2]):                                    # one key at a time
                s_j = scores[..., j, :]
                new = torch.maximum(running, s_j)
                safe = torch.where(torch.isinf(new), torch.zeros_like(new), new)
                alpha = torch.exp(running - safe)
                p = torch.exp(s_j - safe)
                total = total * alpha + p
                term = V[..., :, j:j + 1] * p.unsqueeze(-2)
                acc = term if acc is None else acc * alpha.unsqueeze(-2) + term
                running = new
            safe = torch.where(torch.isinf(running), torch.zeros_like(running), running)
            denom = torch.where(total == 0, torch.ones_like(total), total)
            weights = torch.exp(scores - safe.unsqueeze(-2)) / denom.unsqueeze(-2)
            return acc / denom.unsqueeze(-2), weights
    '''),
    # A Python loop over heads, each projecting with its own row slice of Wq, Wk, Wv and scoring with einsum, the
    # heads concatenated before Wo. Compared on float32/float64, batch shapes (), (2,), (2,3), (D, H, N_q, N_k) in
    # {(6,2,3,5), (4,1,4,4), (6,3,1,1), (8,4,5,3), (6,6,2,2)}, masks None, 2-D, batched, all-False, (N_k,1) and
    # padding masks, keyword mask, the D % H ValueError, arguments unchanged and gradients (486 calls).
    "blind24_right_mha_python_loop_weight_row_slices": ("multihead", "multi_head_attention", '''
        from .softmax import softmax_cols

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            pieces = []
            for h in range(num_heads):
                rows = slice(h * head_dim, (h + 1) * head_dim)
                q = params["Wq"][rows] @ Xq + params["bq"][rows, None]
                k = params["Wk"][rows] @ Xkv + params["bk"][rows, None]
                v = params["Wv"][rows] @ Xkv + params["bv"][rows, None]
                scores = torch.einsum("...dk,...dq->...kq", k, q) / math.sqrt(head_dim)
                if mask is not None:
                    scores = scores.masked_fill(~mask, float("-inf"))
                pieces.append(v @ softmax_cols(scores))
            return params["Wo"] @ torch.cat(pieces, dim=-2) + params["bo"][:, None]
    '''),
    # Weights reshaped to (H, D/H, D) and every product an einsum over an explicit head axis. Compared on
    # float32/float64, batch shapes (), (2,), (2,3), N_d != N_e, one head and several, enc_mask None, 2-D, batched,
    # all-False, (N_e,1) and (B,N_e,1), keyword enc_mask, the D % H ValueError, and gradients (434 calls).
    "blind24_right_cross_attention_head_axis_einsum": ("cross_attention", "cross_attention", '''
        from .softmax import softmax_cols

        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            H, e = num_heads, D // num_heads
            def project(name, X):
                W = params["W" + name].reshape(H, e, D)
                return torch.einsum("hed,...dn->...hen", W, X) + params["b" + name].reshape(H, e, 1)
            q, k, v = project("q", X_dec), project("k", X_enc), project("v", X_enc)
            scores = torch.einsum("...hek,...heq->...hkq", k, q) / math.sqrt(e)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            out = torch.einsum("...hek,...hkq->...heq", v, softmax_cols(scores))
            return torch.einsum("dhe,...heq->...dq", params["Wo"].reshape(D, H, e), out) + params["bo"][:, None]
    '''),
    # The two sub-layers as a list walked by a recursive function (pre-LN or post-LN per step). Compared on
    # float32/float64, batch shapes (), (2,), (2,3), (D, H, N) in {(6,2,3), (4,1,1), (8,4,5)}, masks None, causal,
    # batched, all-False and (N,1), norm_first both ways, keyword arguments, the D % H ValueError, and gradients (542
    # calls).
    "blind24_right_transformer_layer_recursive_sublayers": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            sublayers = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "2"),
            ]
            def run(Y, rest):
                if not rest:
                    return Y
                f, i = rest[0]
                g, b = params["gamma" + i], params["beta" + i]
                Y = Y + f(layer_norm(Y, g, b)) if norm_first else layer_norm(Y + f(Y), g, b)
                return run(Y, rest[1:])
            return run(X, sublayers)
    '''),
    # Centring as a matrix product (I - 11ᵀ/D) @ X, the variance as an einsum of the centred columns, rsqrt. Compared
    # on float32/float64, shapes (4,3), (1,5), (2,3,6,2), (5,1), (7,0), shifted/scaled columns and all-zero columns,
    # eps as a keyword, a transposed input, and gradients; float32 gradient error against float64 no larger than the
    # model's (3.9e-6 vs 5.9e-6 relative).
    "blind24_right_layer_norm_centering_matrix": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            D = X.shape[-2]
            centring = torch.eye(D, dtype=X.dtype, device=X.device) - 1.0 / D     # I - 11^T / D
            centred = centring @ X
            variance = torch.einsum("...dn,...dn->...n", centred, centred).unsqueeze(-2) / D
            return gamma.unsqueeze(-1) * centred * torch.rsqrt(variance + eps) + beta.unsqueeze(-1)
    '''),
    # An identity block of side min(stride, n) tiled ceil(n / side) times and cropped to n x n. Compared exactly for n
    # = 0..12 and strides 1, 2, 3, 4, 5, 7, 12, 13, 100, 10**9 (positional and keyword), and the ValueError for
    # strides 0 and -1.
    "blind24_right_strided_mask_tiled_eye_cropped": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            block = min(stride, max(n, 1))                  # a stride beyond n leaves the diagonal only
            reps = -(-n // block)
            return torch.eye(block, dtype=torch.bool).repeat(reps, reps)[:n, :n]
    '''),
    # Closed forms of its own: math.comb for causal, n² - (n-w)(n-w-1) for local, residue classes r(q+1)² + (s-r)q²
    # (q, r = divmod(n, s)) for strided, g(2n - g) for global. Compared exactly for n = 0..29 with many windows,
    # strides (beyond n too) and every num_global 0..n, n = 10**6, and the ValueErrors (unknown pattern, missing
    # size).
    "blind24_right_sparse_cost_residue_classes": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n ** 2
            if pattern == "causal":
                return math.comb(n + 1, 2)
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                return n * n - (n - w) * (n - w - 1)       # all pairs minus those farther apart than w
            if pattern == "strided":
                q, r = divmod(n, stride)                   # r residue classes of q + 1 tokens, the rest of q
                return r * (q + 1) ** 2 + (stride - r) * q ** 2
            return num_global * (2 * n - num_global)
    '''),
    # Rotate-half as a gather: X·cos + (partner rows via index_select, signed)·sin with a (D, N) angle table. Compared
    # on float32/float64, batch shapes (), (2,), (2,3), D in {2,4,6,8}, N_q != N_k, default, shifted, negative and
    # large random positions, bases 1e4, 500, 1e6, keyword arguments, int32 positions, non-contiguous Q, the odd-D
    # ValueErrors, and gradients (678 calls).
    "blind24_right_rotary_partner_rows_index_select": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                half = D // 2
                p = torch.arange(N) if positions is None else positions
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angles = torch.cat([theta, theta])[:, None] * p.to(torch.float64)[None, :]     # (D, N)
                partner = torch.cat([torch.arange(half, D), torch.arange(0, half)])
                sign = torch.cat([-torch.ones(half, 1), torch.ones(half, 1)]).to(X.dtype)
                return X * angles.cos().to(X.dtype) + X.index_select(-2, partner) * sign * angles.sin().to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
    '''),
    # Hugging Face's img_mask construction (three slices per axis, one label per region) with one slice tuple used for
    # both axes, shift 0 included (the slices then give every token the last label). Compared exactly for every H, W
    # in 1..12, window 1..6 and shift -1..window (ValueErrors where the model raises), a bool shift and a float
    # window.
    "blind24_right_shifted_mask_hf_slices_one_tuple": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            regions = torch.zeros(height, width, dtype=torch.long)
            slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))   # the same for both axes
            label = 0
            for rows in slices:
                for cols in slices:
                    regions[rows, cols] = label
                    label += 1
            labels = window_partition(regions[None], window)[:, 0]           # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
    '''),
    # A comprehension of the grid's M x M slices in raster order, each flattened, stacked at axis -3. Compared on
    # float32/float64 and an integer grid, batch shapes (), (2,), (2,3), grids 4x6, 3x3, 6x4, 6x9, 4x4 with windows
    # 1..4, keyword window, the ValueErrors (window not dividing, 0, a 2-D input), a transposed input, and gradients.
    "blind24_right_window_partition_slices_stacked": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = [X[..., a:a + M, b:b + M].flatten(-2)
                     for a in range(0, height, M) for b in range(0, width, M)]
            return torch.stack(tiles, dim=-3)
    '''),
    # A new zero grid filled window by window through slice assignment (autograd follows the copies). Compared on the
    # same grids (round trips of window_partition), keyword arguments, wrong sides and wrong window counts
    # (ValueErrors), an integer input, a transposed input, and gradients.
    "blind24_right_window_reverse_slice_assignment": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.new_zeros(*batch, channels, height, width)
            k = 0
            for a in range(0, height, M):
                for b in range(0, width, M):
                    grid[..., a:a + M, b:b + M] = windows[..., k, :, :].unflatten(-1, (M, M))
                    k += 1
            return grid
    '''),
    # F.pixel_unshuffle(X, 2) gives channels in (c, dy, dx) order; they are reordered to (dx, dy, c), i.e. the
    # contract's TL, BL, TR, BR blocks, then an inline layer norm and an einsum projection. Compared on
    # float32/float64, batch shapes (), (2,), (2,3), grids 4x6, 2x2, 6x4, eps as a keyword, constant inputs (zero
    # variance), a transposed input, the ValueErrors (odd side, a wrong gamma), and gradients; float32 gradient error
    # 2.41e-6 against the model's 2.39e-6.
    "blind24_right_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = torch.nn.functional.pixel_unshuffle(X, 2)                 # (..., C*4, H/2, W/2): (c, dy, dx)
            blocks = blocks.unflatten(-3, (channels, 2, 2))                    # (..., C, dy, dx, h, w)
            blocks = blocks.movedim((-3, -4, -5), (-5, -4, -3)).flatten(-5, -3)   # (dx, dy, c) -> 4C
            mean = blocks.mean(dim=-3, keepdim=True)
            var = ((blocks - mean) ** 2).mean(dim=-3, keepdim=True)
            normed = (blocks - mean) / torch.sqrt(var + eps) * gamma[:, None, None] + beta[:, None, None]
            return torch.einsum("oc,...chw->...ohw", W, normed)
    '''),
    # timm's layout (queries as rows: (q·s) kᵀ, each row normalised, attn @ v) in a Python loop over groups; the row
    # softmax is softmax_cols of the transpose. Compared on float32/float64, batch shapes (), (2,), (2,3), (C, G, N)
    # in {(6,2,5), (4,1,1), (6,3,4), (6,6,2), (8,4,9)}, scale None, 0.3 and (C/G)^-0.5 (positional and keyword), the
    # ValueErrors (G = 0, 4, -1, True, 2.0; N = 0; a wrong bias shape), and gradients. (A draft with torch.softmax
    # over the rows had float32 gradient errors of 2.5e-5 relative, ten times the model's, and was changed to
    # softmax_cols; the kept version's is 3.0e-6 against the model's 2.9e-6.)
    "blind24_right_channel_attention_timm_rows_per_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            size = channels // num_groups
            s = tokens ** -0.5 if scale is None else scale
            Q, K, V = (params["W" + n] @ X + params["b" + n][:, None] for n in "qkv")
            outs = []
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                logits = (Q[..., rows, :] * s) @ K[..., rows, :].transpose(-2, -1)          # (queries, keys)
                attn = softmax_cols(logits.transpose(-2, -1)).transpose(-2, -1)             # each row sums to 1
                outs.append(attn @ V[..., rows, :])
            return params["Wo"] @ torch.cat(outs, dim=-2) + params["bo"][:, None]
    '''),
    # Rows of the transposed palette indexed by the ids, the colour axis moved to -3. Compared exactly on float32/
    # float64, K in {1, 5, 512}, ids (4,5), (2,3,3), (2,1,1,4), (0,3) as int64, int32, int16 and uint8, a transposed
    # ids tensor, the ValueErrors (id K, id -1, float ids, bool ids), and gradients to the palette.
    "blind24_right_dequantize_transposed_table_rows": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette.T[ids.long()].movedim(-1, -3)
    '''),
    # A loop over the palette keeping the running nearest colour, replacing it only on a strictly smaller distance
    # (ties keep the lower id). Compared exactly on float32/float64, K in {1, 4, 512}, images (3,4,5), (2,3,3,3),
    # (2,1,3,1,4), duplicated palettes (exact ties), an exact midpoint tie, mixed float32 images with a float64
    # palette, and the ValueErrors (channel mismatch, empty palette, 2-D images, integer images).
    "blind24_right_quantize_running_argmin_over_colours": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x, p = images.to(dtype), palette.to(dtype)
            best_distance = ((x - p[:, 0, None, None]) ** 2).sum(dim=-3)
            best = torch.zeros(best_distance.shape, dtype=torch.long, device=images.device)
            for k in range(1, p.shape[1]):
                distance = ((x - p[:, k, None, None]) ** 2).sum(dim=-3)
                closer = distance < best_distance                              # strict: ties keep the lower id
                best_distance = torch.where(closer, distance, best_distance)
                best = torch.where(closer, torch.full_like(best, k), best)
            return best
    '''),
    # torch.nn.functional.unfold with kernel and stride P, whose (C·P·P, L) layout is the contract's. Compared on
    # float32/float64, (B, C, H, W, P) in {(2,3,4,6,2), (1,1,1,1,1), (2,2,6,9,3), (1,3,4,4,4), (3,2,4,8,1)}, keyword
    # patch_size, non-dividing P (ValueError), a channels-last permuted input, and gradients.
    "blind24_right_patchify_functional_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
    '''),
    # Each step flattens the candidates (a finished beam as one candidate at its place, an open beam as V scores in
    # float64 tensors) and keeps the first beam_width of a stable descending torch.sort. Compared on 400 random prefix
    # models (V in {1,2,3,5}, models with tied logits and with a -inf logit), prompts of 1..3 ids, beam widths 1..7
    # (wider than V too), 0..4 steps, eos None, 0, 1 or V-1, keyword arguments, an int32 prompt and beam_width 0
    # (ValueError): 802 calls, all equal.
    "blind24_right_beam_search_valid_flat_scores": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            seqs, scores, done = [prompt], [torch.zeros((), dtype=torch.float64)], [False]
            for _ in range(max_new_tokens):
                rows, valid = [], []
                vocab = None
                for seq, score, finished in zip(seqs, scores, done):
                    if finished:
                        rows.append(None)
                        continue
                    log_probs = torch.log_softmax(model(seq)[:, -1].double(), dim=0)
                    vocab = log_probs.shape[0]
                    rows.append(score + log_probs)
                vocab = vocab or 1
                flat, owner, token = [], [], []
                for b, row in enumerate(rows):
                    if row is None:
                        flat.append(scores[b]); owner.append(b); token.append(-1)
                    else:
                        flat.extend(row.unbind()); owner.extend([b] * vocab); token.extend(range(vocab))
                order = torch.sort(torch.stack(flat), descending=True, stable=True).indices[:beam_width].tolist()
                new_seqs, new_scores, new_done = [], [], []
                for i in order:
                    b, t = owner[i], token[i]
                    if t < 0:
                        new_seqs.append(seqs[b]); new_scores.append(scores[b]); new_done.append(True)
                    else:
                        new_seqs.append(torch.cat([seqs[b], torch.tensor([t], dtype=seqs[b].dtype)]))
                        new_scores.append(flat[i]); new_done.append(t == eos_id)
                seqs, scores, done = new_seqs, new_scores, new_done
                if all(done):
                    break
            return seqs[0]
    '''),
    # Each distinct offset bucketed once (torch.unique with return_inverse), the result gathered back; the log ratio
    # taken in float32 in T5's order (log(d / (n/2)) / log(max_distance / (n/2)), then times n - n/2). Compared
    # exactly on every offset in -1200..1200 for num_buckets 4..69 (odd counts too), max_distance 8, 16, 20, 64, 100,
    # 128, 129, 256, 1000, both directions (1188 tables, among them 18 buckets with max_distance 128, where an earlier
    # batch's other order differed), and on 2-D, int32, 0-d and empty inputs and keyword arguments.
    "blind24_right_bucket_unique_offsets_inverse_gather": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            values, inverse = torch.unique(relative_position.long(), return_inverse=True)   # each offset once
            half = num_buckets // 2 if bidirectional else num_buckets
            exact = half // 2
            if bidirectional:
                upper = (values > 0).long() * half                       # keys after the query: upper half
                distance = values.abs()
            else:
                upper = torch.zeros_like(values)
                distance = (-values).clamp(min=0)                        # keys after the query count as 0
            ratio = torch.log(distance.float() / exact) / math.log(max_distance / exact)
            spread = (ratio * (half - exact)).long() + exact             # the float32 order T5 uses
            bucket = torch.where(distance < exact, distance, spread.clamp(max=half - 1))
            return (upper + bucket)[inverse]
    '''),
}
