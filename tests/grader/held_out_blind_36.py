"""Thirty-seventh blind batch of held-out implementations (prefix blind36_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_35.py) were only skimmed for
their entry names and header decisions (held_out_blind_33.py for the header style). Nothing else under grader/ or
tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_37.py).

Emphasis: code that silently assumes something about the VALUES it is given (not the shapes), right on the random
normal inputs a learner tries and wrong on values the contract allows: large scores (a shift written as a ratio of
exponentials, a tanh bound trusted with a large v, an unshifted channel softmax, a shift taken before masking), all
negative columns (a shift by the largest magnitude), exact zeros (a visible score of 0 read as masked, a length of 0,
an explicit eps=0 or mask_prob=0 replaced by a default, a zero bias skipped and so left without a gradient, a relu
whose gradient at 0 is 1/2), exact boundaries and ties (a top-p running total equal to p, T5 bucket boundaries under
a re-associated float32 log), repeated values (a repeated sentence's successor found by index), large offsets (a
one-pass variance), values outside an assumed range (pixels clamped to [-1, 1]), a one-token sequence, a prompt that
already ends in eos, a state that sees no position; and right solutions whose guards for such values are written
differently (nan_to_num after exp, torch.where around log-space arithmetic, clamp_min on sums, a shifted cumsum,
float64 internals cast back, an explicit while loop, Bernoulli draws, first-minimum indices).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind36/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (12 of the 19 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says. Right entries
were compared with the model answer under both default dtypes on float32 and float64 inputs (to 2e-5 and 1e-10
relative to 1 + |value|; exactly for masks and ids), batched (one and two batch axes, broadcast state/encoder batches,
padding-style and causal masks, queries or states that see nothing) and not, sizes of 1, large magnitudes (scores of
+-1e4, v and activations scaled by 40-100), all-negative columns, the contract's ValueErrors (same outcome on both
sides), arguments left unchanged, and gradients of every floating-point input with a random cotangent (gradients at
-inf inputs not compared). next_token_probs: every combination of temperature {0, 0.5, 1, 3}, top_k {None, 1, 2, 3,
V, V+5}, top_p {None, 1e-9, 0.2, 0.25, 0.5, 0.75, 0.9, 1} on random, uniform (exact boundaries) and tied logits with
-inf. generate: the same ids under seeded generators and under torch.manual_seed (temperature 0, top-k, top-p, eos,
context_size, 0/1/8 new tokens). sequence_log_prob: one-token sequences, -inf logits, gradients through a
parametrised model. mlm_corrupt: the same invariants (specials never chosen, labels exactly at chosen positions,
dtypes, ids unchanged) and matching frequencies on 20000 positions for mask_prob 0, 0.15, 0.5, 1, and the outcome
histogram of 200000 forced choices (80/10/10, random ids uniform over the whole vocabulary, specials included).

Judgement calls: blind36_patch_embedding_zero_bias_skipped gives the model's values on every input; it is wrong only
through the gradient (a zero bias is left out of the graph, so its gradient is None, where the contract wants autograd
to reach every weight). blind36_feed_forward_relu_as_half_sum_with_abs differs in value only near float32 overflow
and in gradient only at pre-activations that are exactly 0 (where a relu's subgradient is a convention: the entry's
1/2 is not torch.relu's 0); kept as wrong for the overflow. blind36_relative_position_bucket_log_difference agrees with
the model for the default 32 buckets / max_distance 128 (both directions, offsets -3000..2999) and differs only at
boundary distances of other configurations (20 of the configurations with 2-129 buckets and 16 max distances
tried); the contract fixes T5's float32 log(d / exact). blind36_grid_attention_exp_normalised_tanh_bounded and
blind36_channel_attention_inline_softmax_unshifted need large weights or activations (sum |v| > ~88, scores > ~88 in
float32). One right candidate was dropped: an additive_attention that used torch.softmax plus a torch.where guard
was right in value, but its float32 gradients at saturated weights (v scaled by 40) were 40 times further from the
float64 gradient than the model's (6.5e-5 of the largest gradient), so it was replaced by the inline version kept
here. Fewer entries than asked (about 55 / 35): the time box, and the earlier batches' coverage of most value traps
(eos 0, ties in top-k, tiny temperatures, zero windows, ...), which this batch does not repeat.

Counts: 19 wrong, 12 right, as written (17 and 14 after two reclassified right: added by the grader's maintainer
after measuring, blind36_feed_forward_relu_as_half_sum_with_abs differs only next to float32's overflow and at
ReLU's kink, and blind36_patch_merging_one_pass_variance only for features whose offset is thousands of times
their spread, both outside the contract).
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'beam_search': 1, 'channel_attention': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 2}.
Right per function: {'additive_attention': 1, 'channel_attention': 1, 'generate': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'padding_mask': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_36 = {
    # Shifts by dividing exp(max) out after exponentiating (exp(s) / exp(m) instead of exp(s - m)): the same
# numbers while every score is below ~88 (float32; ~709 in float64), inf / inf = NaN above. scores [[100, 0], [99, 1]]
# float32: model [[0.7311, 0.2689], [0.2689, 0.7311]], entry [[nan, 0.2689], [nan, 0.7311]]. Fails the visible tests.
    "blind36_softmax_cols_max_divided_out_after_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # exp(s - m) = exp(s) / exp(m): divide the column's largest exponential out of every entry
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores) / torch.exp(column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Shifts each column by its largest |score| ('then nothing can overflow'): right when the column's maximum is
# near its largest magnitude, but a column of large negative scores is shifted twice as far down and underflows to an
# all-zero column. scores [[-60, 1], [-61, 0]] float32: model column 0 [0.7311, 0.2689], entry [0, 0]. Fails the
# visible tests.
    "blind36_softmax_cols_shift_by_largest_magnitude": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # shift by the column's largest magnitude: every shifted score is <= 0, so exp cannot overflow
            finite = scores.masked_fill(torch.isinf(scores), 0.0)
            shift = finite.abs().amax(dim=-2, keepdim=True)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Multiplies the scores by the mask, then fills every zero with -inf: a visible score that is exactly 0 (a zero
# query or key, orthogonal vectors) is hidden too. scores [[0, 2], [1, 0]], mask [[T, T], [F, T]]: model
# [[0, 2], [-inf, 0]], entry [[-inf, 2], [-inf, -inf]]. Fails the visible tests.
    "blind36_apply_mask_fills_zeros_of_masked_product": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            kept = scores * mask                                  # hidden scores become 0 ...
            return kept.masked_fill(kept == 0, float("-inf"))     # ... and the zeros become -inf
'''),
    # Looks up row L - 1 of a lower-triangular matrix for each length: right for 1 <= L <= n, but a length of 0
# indexes row -1, the last row, and makes every key visible. lengths [0, 2], n = 3: model [[F, F, F], [T, T, F]],
# entry [[T, T, T], [T, T, F]] (before the query axis). Passes the visible tests.
    "blind36_padding_mask_tril_row_by_length_minus_one": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # row L - 1 of a lower-triangular matrix holds exactly L leading Trues
            rows = torch.ones(n, n, dtype=torch.bool, device=lengths.device).tril()
            return rows[lengths - 1][:, :, None]
'''),
    # Takes the softmax shift (each query's largest score) before masking, so a hidden key with a large score
# sets it: the visible keys' exponentials underflow and the query gets all-zero weights. Q = [[1]], K = [[200, 0]],
# V = [[1, 2]], mask hiding key 0 (float32): model output [[2]], weights [1 for key 1]; entry output [[0]], weights
# [0, 0]. Passes the visible tests.
    "blind36_sdpa_shift_from_unmasked_scores": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            shift = scores.amax(dim=-2, keepdim=True)             # each query's largest score, for stability
            if mask is not None:
                scores = apply_mask(scores, mask)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.clamp_min(torch.finfo(exps.dtype).tiny)   # a query that sees nothing: zeros
            return V @ weights, weights
'''),
    # Divides the weights by their sum once more 'so they sum to exactly 1': harmless when some position is
# visible, 0 / 0 = NaN for a state whose mask is all False (the contract: all-zero weights and context). s (2,), H
# (3, 2), seeded randn weights, mask [False, False]: model weights [0, 0], context [0, 0, 0]; entry NaN everywhere.
# Fails the visible tests.
    "blind36_additive_attention_renormalised_after_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T)[..., None])       # (..., D_a, N)
            e = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(e[..., None])[..., 0]
            weights = weights / weights.sum(dim=-1, keepdim=True)   # make sure they sum to exactly 1
            context = (H @ weights[..., None])[..., 0]
            return weights, context
'''),
    # No max shift because tanh bounds the scores (|e| <= sum |v|): true, but the bound is only small for small v;
# once sum |v| passes ~88 (float32) exp overflows and inf / inf gives NaN. s = [1], features [[[1, -1]]] (C = 1,
# 1x2 grid), W = U = [[1]], v = [100] float32: model weights [[1, 1.36e-42]], context [1]; entry weights [[nan, 0]],
# context [nan]. Passes the visible tests.
    "blind36_grid_attention_exp_normalised_tanh_bounded": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                   # (..., C, H*W)
            hidden = torch.tanh(U @ cells + (s @ W.T)[..., None])
            e = (v[:, None] * hidden).sum(dim=-2)     # |e| <= sum |v|: tanh keeps the scores small
            exps = torch.exp(e)                       # so no max shift is needed
            weights = exps / exps.sum(dim=-1, keepdim=True)
            context = (cells @ weights[..., None])[..., 0]
            return weights.unflatten(-1, (height, width)), context
'''),
    # top-p counts the tokens whose running total is <= p (not < p) before adding the crossing token: when a
# running total equals p exactly, that token already crosses and one extra token is kept. Uniform logits zeros(4),
# top_p = 0.5: model [0.5, 0.5, 0, 0], entry [1/3, 1/3, 1/3, 0]; logits [ln 2, 0, 0], top_p = 0.5: model [1, 0, 0],
# entry [2/3, 1/3, 0]. Passes the visible tests.
    "blind36_next_token_probs_top_p_counts_cumulative_at_p": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
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
                # the tokens whose running total has not gone past p, then the one that crosses it
                num_kept = min(int((cumulative <= top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Stacks one term per predicted token: a one-token sequence has no terms and torch.stack([]) raises, where
# the sum is 0. model = lambda ids: zeros(3, len(ids)), ids = [2]: model tensor(0.), entry RuntimeError (stack
# expects a non-empty TensorList). Passes the visible tests.
    "blind36_sequence_log_prob_stacked_terms": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            terms = [log_probs[ids[n], n - 1] for n in range(1, len(ids))]   # log p(ids[n] | ids[:n])
            return torch.stack(terms).sum()
'''),
    # Marks the start beam finished when the prompt already ends in eos_id: the contract finishes a beam by
# emitting eos, so such a prompt is still extended. Model logits [0, 1, 2] for every position, prompt [0, 2], eos 2,
# width 2, 2 steps: model [0, 2, 2], entry [0, 2]. Passes the visible tests.
    "blind36_beam_search_prompt_ending_in_eos_starts_finished": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            done = eos_id is not None and len(prompt) > 0 and int(prompt[-1]) == eos_id
            beams = [(0.0, prompt, done)]
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
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Skips the bias when it is all zeros (ViT initialises it so): the values are the same, but a zero b is then
# not in the graph and gets no gradient (None), where the model's gradient of sum(output) is B*N per entry. images
# randn(1, 1, 2, 2), W randn(3, 4), b = zeros(3), patch 2: outputs equal, model b.grad [1, 1, 1], entry None.
# Passes the visible tests.
    "blind36_patch_embedding_zero_bias_skipped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = W @ patchify(images, patch_size)                    # (B, D, N)
            if b.any():                             # ViT starts its bias at zero: skip the no-op add
                tokens = tokens + b[:, None]
            cls = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # mask_prob = mask_prob or 0.15: an explicit mask_prob of 0 (no corruption) silently becomes 15 %. ids
# arange(5, 25), V = 30, specials [0, 1], mask_id 3, seed 0, mask_prob 0.0: model chooses 0 positions (all labels
# -100), entry 3 (labels 7, 8 and 17). Fails the visible tests.
    "blind36_mlm_corrupt_zero_mask_prob_means_default": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            mask_prob = mask_prob or 0.15                       # no probability given: BERT's 15 %
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Finds each sentence's successor with document.index(a) + 1: right while the sentences of a document are
# distinct, but a repeated sentence gets the successor of its first occurrence. documents [["x", "y", "x", "z"],
# ["p", "q"]], seed 1 (same draws on both sides): model [('x','p',1), ('y','q',1), ('x','z',0), ('p','x',1)], entry
# [..., ('x','y',0), ...]. Passes the visible tests.
    "blind36_nsp_pairs_successor_by_index_lookup": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a in document[:-1]:
                    successor = document[document.index(a) + 1]        # the sentence after a
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Clamps the pixels to [-1, 1] ('ImageGPT's colour space') before the nearest-colour search: the contract
# only asks that images and palette share a space, and a pixel beyond [-1, 1] then matches the wrong colour. pixel
# 3.0, palette [[-1, 1, 2.5]]: model id 2, entry id 1. Fails the visible tests.
    "blind36_quantize_pixels_clamped_to_unit_range": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).clamp(-1.0, 1.0)           # ImageGPT's colour space is [-1, 1]
            differences = pixels.movedim(-3, -1)[..., :, None] - palette.to(dtype)   # (..., H, W, C, K)
            return differences.square().sum(dim=-2).argmin(dim=-1)
'''),
    # Writes the channel softmax inline without subtracting the maximum ('nothing is masked, so no -inf to
# guard'): the scores are dot products of N-long rows and overflow exp for large activations. X = [[10]*4, [-10]*4]
# (C = 2, N = 4), identity Wq, Wk, Wv, Wo, zero biases, G = 1, float32 (scores +-200): model [[10]*4, [-10]*4], entry
# all NaN. Passes the visible tests.
    "blind36_channel_attention_inline_softmax_unshifted": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            exps = torch.exp(K @ Q.transpose(-2, -1) * scale)    # nothing is masked here: plain softmax
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # eps = eps or 1e-5: an explicit eps=0 (no smoothing) becomes 1e-5, which matters for small-variance
# columns. X = [[1e-3], [-1e-3]] float64, gamma 1, beta 0, eps=0.0: model [[1], [-1]], entry [[0.3015], [-0.3015]].
# Fails the visible tests.
    "blind36_layer_norm_zero_eps_means_default": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            eps = eps or 1e-5                        # guard against eps=None or 0
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # log(d / exact) computed as log(d) - log(exact), still in float32: the same bucket almost everywhere, but the
# contract takes T5's float32 log(d / exact) so that boundary distances land where T5's do, and at some boundaries
# the difference rounds the other way. bidirectional=False, num_buckets=19, max_distance=16, offset -12: model 14,
# entry 13; bidirectional, 72 buckets, max_distance 32, offsets [-24, 24]: model [27, 63], entry [26, 62] (equal for
# 32 buckets / 128 on offsets -3000..2999). Passes the visible tests.
    "blind36_relative_position_bucket_log_difference": ("positions", "relative_position_bucket", '''
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
            # log(d / exact) as log d - log exact, still in float32 (d = 0 gives -inf, never selected)
            span = (torch.log(distance.float()) - math.log(exact)) / math.log(max_distance / exact)
            far = (exact + (span * (half - exact)).long()).clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
}
RIGHT_BLIND_36 = {
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27), as the fourth and fifteenth
    # batches' one-pass layer norms are: E[x^2] - E[x]^2 is exact in exact arithmetic and differs only when the
    # features share an offset thousands of times their spread, where float32 inputs keep few digits of the
    # spread anyway; the contract names no variance algorithm and leaves such inputs out.
    # Layer norm inside patch merging with the one-pass variance E[x^2] - E[x]^2: catastrophic cancellation when
# the features share a large offset (float32 keeps ~7 digits of x^2 ~ 1e8). X = 10000 + randn(1, 2, 2) (seed 0),
# gamma 1, beta 0, W = eye(2, 4) float32: model [1.1912, -1.5257], entry [nan, nan] (negative variance). Passes the
# visible tests.
    "blind36_patch_merging_one_pass_variance": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)                                     # (..., 4C, N/4)
            mean = blocks.mean(dim=-2, keepdim=True)
            variance = (blocks * blocks).mean(dim=-2, keepdim=True) - mean * mean      # E[x^2] - E[x]^2
            normalised = gamma[:, None] * (blocks - mean) / torch.sqrt(variance + eps) + beta[:, None]
            return (W @ normalised).unflatten(-1, (height // 2, width // 2))
'''),
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27): it differs only for
    # pre-activations within a factor of two of float32's largest value, far beyond the contract's large magnitudes
    # (a thousand times the usual), and in its gradient at a pre-activation of exactly 0, where ReLU has no
    # derivative and any value in [0, 1] is a subgradient. A ReLU written without a branch is a correct ReLU.
    # relu written as (h + |h|) / 2: the sum overflows for pre-activations above ~1.7e38 (float32), and its
# gradient at a pre-activation of exactly 0 is 1/2 (torch.relu's is 0). X = [[1]], W1 = [[1]], b1 = [2e38],
# W2 = [[0.5]], b2 = [0] float32: model [[1e38]], entry [[inf]]; with W1 = [[0]], b1 = [0]: model grad W1 [[0]], entry
# [[0.5]]. Passes the visible tests.
    "blind36_feed_forward_relu_as_half_sum_with_abs": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = W1 @ X + b1[:, None]
            hidden = (hidden + hidden.abs()) / 2                  # relu without a branch
            return W2 @ hidden + b2[:, None]
'''),
    # Right: the column max unguarded, the NaN that -inf - (-inf) gives in a dead column zeroed after exp
# (nan_to_num, out of place), the sum floored at the smallest normal (a live column's sum is >= 1). Gradients: NaN
# only at the -inf entries of dead columns, which the contract does not compare.
    "blind36_right_softmax_cols_nan_zeroed_after_exp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            # a column that is all -inf gives -inf - (-inf) = nan here: such entries carry no weight
            exps = torch.exp(scores - column_max).nan_to_num(nan=0.0)
            total = exps.sum(dim=-2, keepdim=True)       # >= 1 in a live column (its max gives exp(0))
            return exps / total.clamp_min(torch.finfo(scores.dtype).tiny)
'''),
    # Right: log-space (exp(shifted - log of the total)), dead columns found from the max and routed through
# torch.where on both sides, so no NaN reaches a finite entry's gradient.
    "blind36_right_softmax_cols_log_space_where_dead": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            dead = torch.isneginf(column_max)                              # (..., 1, N)
            shifted = torch.where(dead, torch.zeros_like(scores), scores - column_max)
            log_total = torch.log(torch.exp(shifted).sum(dim=-2, keepdim=True))
            return torch.where(dead, torch.zeros_like(scores), torch.exp(shifted - log_total))
'''),
    # Right: key ranks 1..n as an integer cumsum of ones, visible iff rank <= length (length 0 hides all, length
# n shows all); exact for every n.
    "blind36_right_padding_mask_rank_cumsum": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            ranks = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device).cumsum(dim=1)  # 1..n
            return (ranks <= lengths[:, None]).unsqueeze(-1)
'''),
    # Right: softmax written inline with the shift taken after masking (nan_to_num maps a dead query's -inf max
# to 0) and the sum clamped at the smallest normal, so a query that sees nothing gets zero weights and output.
    "blind36_right_sdpa_shift_after_masking_nan_to_num": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            shift = scores.amax(dim=-2, keepdim=True).nan_to_num(neginf=0.0)   # the visible maximum, 0 if none
            exps = torch.exp(scores - shift)
            weights = exps / exps.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(exps.dtype).tiny)
            return V @ weights, weights
'''),
    # Right: scores by a matmul with v, the softmax inline with the maximum taken after masking and replaced by 0
# through torch.where when a state sees nothing (all-zero weights and context), the sum clamped away from 0.
    "blind36_right_additive_attention_where_finite_max": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.tanh(U @ H + (s @ W.T)[..., None]).transpose(-2, -1) @ v     # (..., N)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            top = e.amax(dim=-1, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))   # a state that sees nothing: 0
            exps = torch.exp(e - top)
            weights = exps / exps.sum(dim=-1, keepdim=True).clamp_min(torch.finfo(exps.dtype).tiny)
            return weights, (H @ weights[..., None])[..., 0]
'''),
    # Right: one softmax over all H*W cells, computed in float64 and cast back (float32 results to float32
# rounding, float64 ones unchanged), so large v cannot overflow; context by einsum.
    "blind36_right_grid_attention_float64_softmax_cast_back": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            cells = features.flatten(-2)                                          # (..., C, H*W)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ cells + (s @ W.T)[..., None]))
            weights = torch.softmax(e.double(), dim=-1).to(e.dtype)              # one softmax over all cells
            context = torch.einsum("...cn,...n->...c", cells, weights)
            return weights.unflatten(-1, features.shape[-2:]), context
'''),
    # Right: top-p keeps a token iff the mass strictly before it (cumsum shifted by one, the same float sums as the
# model's) is below p, which keeps the shortest crossing prefix, exact-boundary cases included; top-k by index_fill
# on the stable sort's tail; greedy by one_hot(argmax) (first maximum on ties).
    "blind36_right_next_token_probs_mass_before_each_token": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.index_fill(0, order[top_k:], 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                cumulative = sorted_probs.cumsum(dim=0)
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # mass strictly before each token
                probs = probs.index_fill(0, order[before >= top_p], 0.0)          # already past p: dropped
            return probs / probs.sum()
'''),
    # Right: a while loop with an emitted counter (0 new tokens returns the prompt), argmax without a draw at
# temperature 0 (the contract allows it), otherwise the same multinomial draws; eos compared with `is not None`.
    "blind36_right_generate_while_counter_argmax_at_zero": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            emitted = 0
            while emitted < max_new_tokens:
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[:, -1]
                if temperature == 0:
                    token = torch.argmax(logits).reshape(1)                 # the one-hot has a single outcome
                else:
                    probs = next_token_probs(logits, temperature=temperature, top_k=top_k, top_p=top_p)
                    token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                emitted += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Right: picked logits minus the column log-sum-exp, summed; a one-token sequence gives an empty sum, 0.
    "blind36_right_sequence_log_prob_picked_minus_logsumexp": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                                   # (V, N)
            picked = logits[ids[1:], torch.arange(len(ids) - 1)]                  # empty for a single token
            return (picked - torch.logsumexp(logits[:, :-1], dim=0)).sum()
'''),
    # Right: the channel softmax written inline with the key-axis maximum subtracted (no masking here, so every
# max is finite); scale N ** -0.5 when not given.
    "blind36_right_channel_attention_inline_shifted_softmax": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale                     # (..., G, keys, queries)
            exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))  # nothing masked: every max is finite
            weights = exps / exps.sum(dim=-2, keepdim=True)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Right (distribution graded): each position chosen by a Bernoulli(mask_prob) draw (0 and 1 included), then
# a ten-sided die splits 8/1/1 into [MASK] / a uniform id over the whole vocabulary / unchanged; specials compared
# by broadcasting (an empty list works); labels only at chosen positions.
    "blind36_right_mlm_corrupt_bernoulli_and_ten_sided_die": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(list(special_ids) if not torch.is_tensor(special_ids) else special_ids,
                                      dtype=torch.long).reshape(-1)
            eligible = ~(ids.unsqueeze(-1) == special).any(dim=-1)
            chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob), dtype=torch.float64),
                                     generator=generator).bool() & eligible
            die = torch.randint(0, 10, ids.shape, generator=generator)       # 0-7: [MASK], 8: random, 9: keep
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (die < 8)] = mask_id
            swap = chosen & (die == 8)
            corrupted[swap] = random_ids[swap]
            labels = torch.full_like(ids, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Right: torch.min(..., dim=-1).indices returns the first minimum, so a palette with repeated colours gives
# the lowest id, as argmin does.
    "blind36_right_quantize_pixels_min_indices_first_of_ties": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).unsqueeze(-1)                            # (..., C, H, W, 1)
            colours = palette.to(dtype)[:, None, None, :]                       # (C, 1, 1, K)
            distances = ((pixels - colours) ** 2).sum(dim=-4)                   # (..., H, W, K)
            return torch.min(distances, dim=-1).indices    # a repeated colour: the first (lowest) id
'''),
}
