"""Fifty-second blind batch of held-out implementations (prefix blind51_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (which sizes each function allows, and which it leaves open), docs/convention.md,
the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_49.py) were only skimmed for
their entry names and emphases, and every idea here was checked against their names (several first ideas were dropped
because an earlier batch had them: an uncapped local cost, topk over all beam candidates, half-precision causal masks,
a zero-shift window of ones, shifted masks by original distance, a stacked empty token list). Nothing else under
grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time
(held_out_blind_50.py).

Emphasis: degenerate and extreme sizes. Every wrong entry is right in the ordinary range and wrong (or crashing) only at
a size the contract allows at its extreme: one token or one query (N = 1, N_q = 1), one key (N_k = 1), one feature
(D = 1), a batch axis of size 1, no batch axis, a vocabulary of one token, a one-colour palette, a window equal to the
grid, a window of 0, a stride beyond n, top_k = 1 with ties, a beam wider than the vocabulary, max_new_tokens = 0, a
context of one token, one-letter words, an empty tensor of offsets, and long sequences (more than 2048 tokens). The
mechanisms are a bare squeeze() (causal_mask, one_hot, next_token_probs, generate, sequence_log_prob's squeeze(0)), a
squeeze(0) that undoes a batch lift, special cases written for the extreme that forget the dtype, an axis, the scale or
the mask (quantize_pixels, dequantize_pixels, local_mask, strided_mask, window_partition, scaled_dot_product_attention,
next_token_probs), a flatten that needs a batch axis, a loop whose result is assigned inside it, a topk without the
clamp, an empty max(), torch's sample variance at D = 1, and float16 positions. Right entries handle the same extremes
in unusual but correct ways: explicit early returns (one key, one feature, one token, one colour, no shift, no steps, a
tiny top_p), loops that run zero times (merge and token budgets counted down), reshape(-1, ...) folds of any number of
batch axes (attention, multi-head attention, window_partition, feed_forward, embed), a local window capped at n (not
n - 1), and broadcasts over empty axes (special ids).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind51/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and 16 of the 22
wrong entries do (each wrong comment says which). Each wrong entry's recorded input was run on the model answer and on
the entry and both results printed; they differ as the comment says, and each wrong entry was also run on an ordinary
input where it agrees with the model answer. Right entries were compared with the model answer under both default
dtypes on float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids, merges and token lists): no, one, two
and (1, 1) batch axes, broadcast, padding and all-False masks, N_q != N_k with either of them 1, D = 1 and H = D, sizes of
1 and 0 where the model answer accepts them, vocabularies of 1, 2, 5 and 50 with tied logits, temperatures 0, 1e-3
and 50, top_k of 1, 2, V and V + 3, top_p of 1e-6 to 1.0, beam widths 1 to 7 over vocabularies of 1 to 5 with
max_new_tokens 0, 1 and 3, context sizes 1 to 10, windows of 1 and of the grid, rectangular grids, strides and windows
past n, one-letter and empty corpora, non-contiguous inputs, the contract's ValueErrors (same outcome on both sides),
arguments left unchanged, the same tensor passed twice, and gradients of every floating-point input with a random
cotangent. generate was compared under seeded generators and under torch.manual_seed; mlm_corrupt draws in the model
answer's order and was compared exactly under seeds (special ids as an empty list, a tuple and LongTensors); nsp_pairs
was compared structurally under 30 seeds and its random partner's distribution checked over 6000 seeds (each other
document 1/3, its sentences uniform; the own document never drawn).

Judgement calls: blind51_layer_norm_sample_variance_rescaled is wrong only at D = 1, which the contract leaves open
between the result beta and an exception; it returns NaN, which is neither. blind51_local_mask_zero_window_identity_float
and blind51_strided_mask_stride_beyond_n_identity_float have the right values at their extreme in the wrong dtype
(float32 instead of bool). blind51_bucket_all_exact_fast_path_max_of_empty is wrong only on an empty tensor of offsets
("any shape" includes (0,); the model answer returns an empty tensor). blind51_strided_mask_half_precision_offsets
needs n > 2048 to show. blind51_right_layer_norm_single_feature_is_the_shift returns beta at D = 1 even with eps = 0.0,
where the model answer gives NaN (0/0): that input was left out of the comparison, and beta is the contract's result
there. blind51_right_dequantize_pixels_one_colour_broadcast returns an expanded (stride-0) view of the palette for a
one-colour palette; the contract allows views for the vision exercises and nothing writes to it. Fewer entries than
asked (about 55 / 35): the time box, and the earlier batches' coverage of the extremes (many first ideas were already
taken); no right entry is one I was unsure of.

Counts: 22 wrong, 22 right.
Wrong per function: {'beam_search': 2, 'bpe_encode': 1, 'causal_mask': 1, 'dequantize_pixels': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'one_hot': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 3, 'sequence_log_prob': 1, 'strided_mask': 2, 'train_bpe': 1, 'window_partition': 1}.
Right per function: {'average_pool_head': 1, 'beam_search': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'train_bpe': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_51 = {
    # Builds the mask on a (1, n, n) grid and squeezes the helper axis with a bare squeeze(), which also removes both
    # sides of size 1: causal_mask(1) model (1, 1) [[True]], entry a 0-d tensor(True); equal for n >= 2. Passes the
    # visible tests.
    "blind51_causal_mask_broadcast_grid_squeezed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # keys down, queries across, built on a (1, n, n) grid and the helper axis squeezed away
            keys = torch.arange(n).reshape(1, n, 1)
            queries = torch.arange(n).reshape(1, 1, n)
            return (keys <= queries).squeeze()
'''),
    # Squeezes the ids first ('a (1, N) row from a loader is just N ids'): a single id and a batch of one lose an axis.
    # one_hot(tensor([2]), 3): model (3, 1) [[0], [0], [1]], entry raises IndexError (dimension out of range);
    # one_hot(tensor([[0, 2]]), 3): model (1, 3, 2), entry (3, 2). Equal when no axis has size 1. Passes the visible
    # tests.
    "blind51_one_hot_ids_squeezed_first": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            ids = token_ids.squeeze()              # a (1, N) row of ids from a loader is just N ids
            vocabulary = torch.arange(vocab_size, device=ids.device)
            hits = ids.unsqueeze(-2) == vocabulary[:, None]
            return hits.to(dtype or torch.get_default_dtype())
'''),
    # A decoding fast path for one query (N_q = 1) computes the scores as a column of dot products and forgets the
    # 1/sqrt(D_k) scale there; N_q >= 2 is right. Q = [[1], [1]], K = [[0, 1], [0, 1]], V = [[1, 3]]: model weights
    # [0.1956, 0.8044] and output 2.6089, entry weights [0.1192, 0.8808] and output 2.7616. Fails the visible tests.
    "blind51_sdpa_single_query_fast_path_unscaled": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if Q.shape[-1] == 1:
                # decoding one query: a dot product with every key, no (N_k, N_q) matmul needed
                scores = (K * Q).sum(dim=-2).unsqueeze(-1)            # (..., N_k, 1)
            else:
                scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # One key (N_k = 1) is short-cut to weights of 1 ('softmax over one score is 1'), ignoring the mask: a query that
    # cannot see its only key must get weight 0 and output 0. Q = [[1, 2]], K = [[1]], V = [[5]], mask [[True, False]]:
    # model output [[5, 0]] and weights [[1, 0]], entry [[5, 5]] and [[1, 1]]. Right without a mask. Passes the visible
    # tests.
    "blind51_sdpa_single_key_weights_all_ones": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            n_k, n_q = K.shape[-1], Q.shape[-1]
            if n_k == 1:
                # one key: softmax over a single score is 1 whatever the score
                batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
                weights = Q.new_ones(*batch, 1, n_q)
                return V @ weights, weights
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Folds the batch axes into one for bmm and, with at most one batch axis, returns out.squeeze(0) to undo the lift of
    # unbatched inputs: a batch of size 1 loses its axis. Q (1, 2, 3), K (1, 2, 4), V (1, 1, 4): model output (1, 1, 3)
    # and weights (1, 4, 3), entry (1, 3) and (4, 3). Right unbatched, for B >= 2 and for two batch axes. Passes the
    # visible tests.
    "blind51_sdpa_lifted_to_bmm_then_squeezed": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]
            Qb = Q.reshape(-1, *Q.shape[-2:])                       # (B, D_k, N_q), B = 1 when unbatched
            Kb = K.reshape(-1, *K.shape[-2:])
            Vb = V.reshape(-1, *V.shape[-2:])
            scores = torch.bmm(Kb.transpose(1, 2), Qb) / math.sqrt(Q.shape[-2])
            if mask is not None:
                full = mask.expand(*batch, scores.shape[-2], scores.shape[-1])
                scores = apply_mask(scores, full.reshape(-1, *scores.shape[-2:]))
            weights = softmax_cols(scores)
            out = torch.bmm(Vb, weights)
            if len(batch) > 1:
                return out.reshape(*batch, *out.shape[-2:]), weights.reshape(*batch, *weights.shape[-2:])
            return out.squeeze(0), weights.squeeze(0)               # drop the batch axis bmm needed
'''),
    # The sample variance rescaled by (D - 1)/D equals the biased one for D >= 2 (max difference 2e-16 in float64 at D =
    # 4), but for one feature torch's var(correction=1) is NaN and NaN * 0 stays NaN: the contract leaves D = 1 open
    # between the result beta and an exception, and NaN is neither. X = [[1, 2]] (D = 1), gamma [2], beta [0.5]: model
    # [[0.5, 0.5]], entry [[nan, nan]]. Passes the visible tests.
    "blind51_layer_norm_sample_variance_rescaled": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            d = X.shape[-2]
            mean = X.mean(dim=-2, keepdim=True)
            # torch's var is the sample variance; times (D - 1) / D it is the biased one layer norm wants
            variance = X.var(dim=-2, keepdim=True) * (d - 1) / d
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Squeezes the logits to accept a (V, 1) column or a (1, V) row as well: a vocabulary of one token becomes a 0-d
    # tensor. logits tensor([0.3]): model (1,) [1.], entry 0-d tensor(1.). Equal for V >= 2. Passes the visible tests.
    "blind51_next_token_probs_logits_squeezed": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            logits = logits.squeeze()     # accept a (V, 1) column or a (1, V) row from a model as well
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # top_k = 1 is special-cased as 'keep the maximum', probs == probs.max(), which keeps every tied maximum instead of
    # exactly one token (the lowest id); other k and untied logits are right. logits [1, 2, 2, 0], top_k=1: model [0, 1,
    # 0, 0], entry [0, 0.5, 0.5, 0]. Passes the visible tests.
    "blind51_next_token_probs_top_one_keeps_tied_maxima": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k == 1:
                # only the most likely token survives
                probs = torch.where(probs == probs.max(), probs, 0.0)
                probs = probs / probs.sum()
            elif top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
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
    # Squeezes axis 0 of the model's logits to drop a batch axis a model might add: with a vocabulary of one token (logits
    # (1, N)) the vocabulary axis goes, and the indexing raises. Model returning zeros of shape (1, N), ids [0, 0, 0]:
    # model 0.0 (log 1), entry raises IndexError (too many indices). Right for V >= 2. Passes the visible tests.
    "blind51_sequence_log_prob_model_batch_axis_squeezed": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids).squeeze(0)          # drop a leading batch axis if the model adds one
            log_probs = torch.log_softmax(logits, dim=0)
            steps = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], steps].sum()
'''),
    # Reads the last column as model(context).squeeze()[..., -1]: with a context of one token (a one-token prompt, or
    # context_size=1) the logits (V, 1) squeeze to (V,) and [..., -1] takes the last logit, a 0-d tensor. model = lambda
    # ids: W[:, ids], W = [[0, 5, 0], [0, 0, 5], [5, 0, 0]], prompt [0], 3 tokens, temperature 0: model [0, 2, 1, 0],
    # entry raises IndexError; with prompt [0, 1] and context_size=1 the same. Fails the visible tests.
    "blind51_generate_last_column_read_after_squeeze": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context).squeeze()[..., -1]     # (V,): the column after the last token
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The best sequence is assigned inside the step loop, so with max_new_tokens = 0 the loop runs zero times and the
    # function returns None instead of the prompt. prompt [1, 2], beam_width 2, max_new_tokens 0: model tensor([1, 2]),
    # entry None. Passes the visible tests.
    "blind51_beam_search_best_assigned_inside_loop": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            best = None
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
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                best = beams[0][1]
                if all(f for _, _, f in beams):
                    break
            return best
'''),
    # A one-colour palette (K = 1) is short-cut to torch.zeros(...) without dtype=torch.long: float ids. images rand(3, 2,
    # 2), palette rand(3, 1): model int64 zeros (2, 2), entry float32 zeros (2, 2). K >= 2 is right. Passes the visible
    # tests.
    "blind51_quantize_pixels_one_colour_float_zeros": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:
                # a one-colour palette: every pixel is colour 0, no distances needed
                return torch.zeros(images.shape[:-3] + images.shape[-2:])
            pixels = images.movedim(-3, -1)[..., :, None]
            distances = (pixels - palette).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # A window equal to the grid is short-cut to X.flatten(-2), forgetting the window axis nW = 1. X =
    # arange(8).reshape(2, 2, 2), window 2: model (1, 2, 4), entry (2, 4) (same values). Fails the visible tests.
    "blind51_window_partition_whole_grid_shortcut_without_window_axis": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            if M == height and M == width:
                return X.flatten(-2)                    # one window: it is the whole grid, raster order
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Folds the batch axes with flatten(0, -3), which needs at least one batch axis: unbatched inputs (D, N) raise. D = 4,
    # H = 2, X (4, 3): model (4, 3), entry raises IndexError (dimension out of range); batch (2, 3) with a (3, 3) mask
    # agrees. Fails the visible tests.
    "blind51_mha_batch_axes_flattened_from_axis_zero": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            batch = Xq.shape[:-2]
            n_q, n_k = Xq.shape[-1], Xkv.shape[-1]
            xq = Xq.flatten(0, -3)                   # every batch axis folded into one
            xkv = Xkv.flatten(0, -3)
            d = dim // num_heads
            Q = (params["Wq"] @ xq + params["bq"][:, None]).unflatten(-2, (num_heads, d))
            K = (params["Wk"] @ xkv + params["bk"][:, None]).unflatten(-2, (num_heads, d))
            V = (params["Wv"] @ xkv + params["bv"][:, None]).unflatten(-2, (num_heads, d))
            if mask is not None:
                mask = mask.expand(*batch, n_k, n_q).flatten(0, -3).unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
            return out.unflatten(0, batch)
'''),
    # A window of 0 is short-cut to torch.eye(n), a float tensor, not a bool mask. local_mask(2, 0): model bool [[True,
    # False], [False, True]], entry float32 [[1, 0], [0, 1]]. Other windows are right. Passes the visible tests.
    "blind51_local_mask_zero_window_identity_float": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window == 0:
                return torch.eye(n)                    # each token sees only itself
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).abs() <= window
'''),
    # A stride >= n is short-cut to torch.eye(n) (no other key is a whole stride away: right values) in float32, not bool.
    # strided_mask(2, 3): model bool eye, entry float32 eye. Smaller strides are right. Passes the visible tests.
    "blind51_strided_mask_stride_beyond_n_identity_float": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if stride >= n:
                return torch.eye(n)                    # no other key is a whole stride away
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # Leaves one-letter words out of the pair counts ('nothing to merge'), but such a word is its letter followed by
    # '</w>', a pair. train_bpe("a a b", 2): model [('a', '</w>'), ('b', '</w>')], entry []. Corpora of longer words are
    # right. Fails the visible tests.
    "blind51_train_bpe_one_letter_words_left_out": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            # a one-letter word has nothing to merge: leave it out of the counts
            counts = Counter(tuple(w) for w in words if len(w) > 2)
            segmentation = {w: list(w) for w in counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for w, freq in counts.items():
                    symbols = segmentation[w]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += freq
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for w in segmentation:
                    segmentation[w] = merge_pair(segmentation[w], best)
            return merges
'''),
    # Passes one-letter words through unmerged, although a merge such as ("a", "</w>") applies to them. bpe_encode("a ab",
    # [("a", "</w>")]): model ['a</w>', 'a', 'b', '</w>'], entry ['a', '</w>', 'a', 'b', '</w>']. Passes the visible
    # tests.
    "blind51_bpe_encode_one_letter_words_passed_through": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                if len(symbols) == 2:
                    tokens.extend(symbols)             # a one-letter word: nothing to merge
                    continue
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # A fast path 'if every distance is below n/2, the buckets are the distances' reads int(distance.max()), which raises
    # on an empty tensor of offsets (any shape, so also (0,)). relative_position_bucket(torch.zeros(0, dtype=torch.long)):
    # model an empty int64 tensor, entry raises RuntimeError (max() of an empty tensor). Right on every non-empty input
    # tried (offsets -3 .. 3 give 3, 1, 0, 17, 19; random offsets, causal, 17 buckets). Passes the visible tests.
    "blind51_bucket_all_exact_fast_path_max_of_empty": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
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
            if int(distance.max()) < exact:
                return base + distance                 # short offsets only: every bucket is exact, no logs
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Prefilters each beam's continuations with torch.topk(log_probs, beam_width) (only those can survive the cut),
    # without capping k at the vocabulary: a beam width larger than V raises. V = 2 (model = lambda ids: eye(2)[:, ids]),
    # prompt [0], beam_width 3, 2 steps: model tensor([0, 0, 0]), entry raises RuntimeError (selected index k out of
    # range). Equal for a width <= V (V = 6, width 2, eos 3). Fails the visible tests.
    "blind51_beam_search_per_beam_topk_not_capped": ("sampling", "beam_search", '''
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
                    # only a beam's beam_width best tokens can survive the cut: skip the rest
                    best = torch.topk(log_probs, beam_width)
                    for token in sorted(best.indices.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + float(log_probs[token]), extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Positions in float16 'to halve the memory of the offset table on long sequences': float16 holds integers exactly
    # only up to 2048, so beyond that offsets round. strided_mask(2100, 3): 72346 entries differ, e.g. [0, 2049] (offset
    # 2049 = 683 * 3) model True, entry False (2049 rounds to 2048). Equal for n = 300. Passes the visible tests.
    "blind51_strided_mask_half_precision_offsets": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            # positions in half precision: an (n, n) offset table for long sequences at half the memory
            keys = torch.arange(n, dtype=torch.float16)[:, None]
            queries = torch.arange(n, dtype=torch.float16)[None, :]
            return torch.remainder(queries - keys, stride) == 0
'''),
    # A one-colour palette is short-cut to that colour expanded over one (C, H, W) grid, forgetting the batch axes of the
    # ids. ids zeros (2, 1, 1), palette [[0.5], [-1.0]]: model (2, 2, 1, 1), entry (2, 1, 1); unbatched ids agree, and K
    # >= 2 is right. Passes the visible tests.
    "blind51_dequantize_pixels_one_colour_grid_without_batch": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:
                # one colour: the image is that colour everywhere
                height, width = ids.shape[-2:]
                return palette[:, :, None].expand(palette.shape[0], height, width)
            return palette[:, ids.long()].movedim(0, -3)
'''),
}

RIGHT_BLIND_51 = {
    # Folds any number of batch axes (none included: reshape(-1, ...) gives a batch of 1) into one for bmm, expands and
    # folds the mask the same way, and restores the batch shape with reshape, never squeeze: batches of size 1 keep their
    # axes.
    "blind51_right_sdpa_batch_axes_folded_for_bmm": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            batch = Q.shape[:-2]                              # () when unbatched: reshape(-1, ...) makes it 1
            d_k, n_q, n_k = Q.shape[-2], Q.shape[-1], K.shape[-1]
            Qb = Q.reshape(-1, d_k, n_q)
            Kb = K.reshape(-1, d_k, n_k)
            Vb = V.reshape(-1, V.shape[-2], n_k)
            scores = torch.bmm(Kb.transpose(1, 2), Qb) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask.expand(*batch, n_k, n_q).reshape(-1, n_k, n_q))
            weights = softmax_cols(scores)
            out = torch.bmm(Vb, weights)
            return out.reshape(*batch, V.shape[-2], n_q), weights.reshape(*batch, n_k, n_q)
'''),
    # Folds the batch axes with reshape(-1, D, N) (B = 1 when unbatched), splits heads with an explicit head width D/H
    # that may be 1 (H = D), expands the mask to the batch before folding it and adds the head axis, and reshapes back to
    # the batch shape.
    "blind51_right_mha_batch_axes_folded_minus_one": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            batch = Xq.shape[:-2]
            n_q, n_k = Xq.shape[-1], Xkv.shape[-1]
            d = dim // num_heads                                  # 1 when every feature is its own head
            xq = Xq.reshape(-1, dim, n_q)                         # (B, D, N_q); B = 1 with no batch axes
            xkv = Xkv.reshape(-1, dim, n_k)
            B = xq.shape[0]
            Q = (params["Wq"] @ xq + params["bq"][:, None]).reshape(B, num_heads, d, n_q)
            K = (params["Wk"] @ xkv + params["bk"][:, None]).reshape(B, num_heads, d, n_k)
            V = (params["Wv"] @ xkv + params["bv"][:, None]).reshape(B, num_heads, d, n_k)
            if mask is not None:
                mask = mask.expand(*batch, n_k, n_q).reshape(B, 1, n_k, n_q)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = params["Wo"] @ heads.reshape(B, dim, n_q) + params["bo"][:, None]
            return out.reshape(*batch, dim, n_q)
'''),
    # For one feature the centred column is exactly 0, so gamma * 0 + beta is the contract's result (for any eps, 0.0
    # included, where the model answer's 0/0 is NaN) and its gradients (0 for X and gamma, 1 for beta) are the model's; D
    # >= 2 uses rsqrt of the biased variance.
    "blind51_right_layer_norm_single_feature_is_the_shift": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            if X.shape[-2] == 1:
                # one feature: the centred column is exactly 0, so the result is beta (for any eps, even 0)
                return gamma[:, None] * centred + beta[:, None]
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred * torch.rsqrt(variance + eps) + beta[:, None]
'''),
    # With one key per column the weight is 1 if the score is finite and 0 if it is -inf; scores - scores + 1 keeps the
    # graph with gradient 0 at finite entries, as the softmax has. Longer columns use the stable shifted form with the all
    # -inf guard.
    "blind51_right_softmax_cols_single_key_is_visibility": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if scores.shape[-2] == 1:
                # one key per column: its weight is 1 if it can be seen at all, 0 if it is -inf
                hidden = scores == float("-inf")
                return torch.where(hidden, torch.zeros_like(scores), scores - scores + 1)
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            e = torch.exp(scores - top)
            total = e.sum(dim=-2, keepdim=True)
            return e / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Caps the local window at n instead of n - 1: both give n^2 (n(2n + 1) - n(n + 1) = n^2 and n(2n - 1) - (n - 1)n =
    # n^2), so the closed form stays right for every window; the other patterns are the contract's formulas.
    "blind51_right_sparse_cost_local_window_capped_at_n": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n)        # w = n and w = n - 1 both give n * n: n(2n + 1) - n(n + 1) = n^2
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # A vocabulary of one token returns ones_like(logits) (probability 1 whatever the temperature, k or p); larger
    # vocabularies follow the contract's steps, and a k past V keeps everything through the slice.
    "blind51_right_next_token_probs_vocabulary_of_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if logits.numel() == 1:
                return torch.ones_like(logits)          # one token: probability 1 whatever the settings
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True                 # a slice past V keeps everything
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
    # When the most likely token alone reaches p (a tiny top_p) the shortest prefix is that token, the first of the stable
    # descending sort (the lowest id among ties): returned as a one-hot in the logits' dtype; otherwise the contract's
    # cumulative rule.
    "blind51_right_next_token_probs_top_p_below_max_is_one_token": ("sampling", "next_token_probs", '''
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
                if probs[order[0]] >= top_p:
                    # a tiny p: the most likely token alone already reaches it (lowest id among ties)
                    one = torch.zeros_like(probs)
                    one[order[0]] = 1.0
                    return one
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # With one target token causal_mask(1) is all True, so leaving the self-attention unmasked is the same; longer targets
    # get the causal mask.
    "blind51_right_decoder_layer_single_token_without_causal_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            # one target token sees only itself: causal_mask(1) is all True, so no mask is the same
            self_mask = causal_mask(n).to(X_dec.device) if n > 1 else None
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # With one colour every pixel's nearest colour is id 0: long zeros of shape (..., H, W), after the stub's checks (so
    # an empty palette, integer inputs and channel mismatches still raise).
    "blind51_right_quantize_pixels_one_colour_long_zeros": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:
                # a one-colour palette: every pixel's nearest colour is colour 0
                return torch.zeros(images.shape[:-3] + images.shape[-2:], dtype=torch.long, device=images.device)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # reshape(-1, C, H/M, M, W/M, M) folds any batch axes (none included) into one; a permute puts the window grid first
    # and the final reshape restores the batch shape, so a window of 1 or of the whole grid needs no special case.
    "blind51_right_window_partition_batch_folded_minus_one": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            a, b = height // M, width // M
            flat = X.reshape(-1, channels, a, M, b, M)          # any number of batch axes, even none
            windows = flat.permute(0, 2, 4, 1, 3, 5)            # (B, a, b, C, M, M)
            return windows.reshape(*batch, a * b, channels, M * M)
'''),
    # The mean of one column is that column (X[..., 0], gradient 1 to it); otherwise sum / N. The projection is a batched
    # matvec with the bias added only when given.
    "blind51_right_average_pool_head_single_token_column": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if X.shape[-1] == 1:
                pooled = X[..., 0]                     # the mean of one column is that column
            else:
                pooled = X.sum(dim=-1) / X.shape[-1]
            logits = (W @ pooled.unsqueeze(-1)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # Builds ceil(D/2) sine/cosine pairs, interleaves them with stack and reshape (sin, cos, sin, ...), and crops to D
    # rows: an odd D (D = 1 included) ends with its sine row; zero positions give a (D, 0) table.
    "blind51_right_sinusoidal_pairs_interleaved_then_cropped": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            pairs = (dim + 1) // 2                               # an odd D still needs its last sine row
            two_i = 2 * torch.arange(pairs, dtype=dtype)
            n = torch.arange(num_positions, dtype=dtype)
            angles = n[None, :] / 10000 ** (two_i[:, None] / dim)           # (pairs, N)
            table = torch.stack([angles.sin(), angles.cos()], dim=1)       # (pairs, 2, N): sin, cos, sin, ...
            return table.reshape(2 * pairs, num_positions)[:dim]          # odd D: drop the last cosine
'''),
    # A countdown of the merge budget (no round for num_merges = 0), stopping when no pair is left (a corpus of one-symbol
    # words, or no words); counts, ties and merges as the contract says.
    "blind51_right_train_bpe_merge_budget_countdown": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(w) for w in words)
            pieces = {w: list(w) for w in counts}
            merges = []
            budget = num_merges
            while budget > 0:                       # num_merges = 0: no round at all
                pair_counts = Counter()
                for w, freq in counts.items():
                    for pair in zip(pieces[w], pieces[w][1:]):
                        pair_counts[pair] += freq
                if not pair_counts:                 # one-symbol words only (or no words): nothing left
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                pieces = {w: merge_pair(p, best) for w, p in pieces.items()}
                budget -= 1
            return merges
'''),
    # max_new_tokens = 0 returns the prompt up front; the steps are the contract's (finished beams compete with fixed
    # scores, stable sort for ties), and a width beyond the number of candidates keeps them all.
    "blind51_right_beam_search_no_steps_returns_prompt_first": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if max_new_tokens <= 0:
                return prompt                          # nothing to extend: the prompt is the only beam
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                pool = []
                for score, ids, done in beams:
                    if done:
                        pool.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    pool.extend((score + lp, torch.cat([ids, ids.new_tensor([t])]), t == eos_id)
                                for t, lp in enumerate(log_probs))
                pool.sort(key=lambda c: -c[0])
                beams = pool[:min(beam_width, len(pool))]   # a width beyond the candidates keeps them all
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # A countdown of the tokens still allowed (none drawn when max_new_tokens = 0; set to 0 after eos), the last column
    # read by index (context length - 1) and one multinomial draw per step with the caller's generator.
    "blind51_right_generate_budget_countdown": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            remaining = max_new_tokens
            while remaining > 0:                       # max_new_tokens = 0 returns the prompt untouched
                context = ids[-context_size:] if context_size is not None else ids
                logits = model(context)[:, context.shape[0] - 1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                remaining -= 1
                if eos_id is not None and token.item() == eos_id:
                    remaining = 0
            return ids
'''),
    # shift = 0 returns all True for (H/M)(W/M) windows (nothing wrapped) after the stub's checks; other shifts label the
    # wrapped rows and columns and compare labels inside each window.
    "blind51_right_shifted_window_mask_no_shift_all_visible": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            count = (height // window) * (width // window)
            if shift == 0:
                # nothing wrapped: every pair in every window was already neighbours
                return torch.ones(count, window * window, window * window, dtype=torch.bool)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[:, None] + cols[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # A band of ones between diagonals -w and w with w capped at n (a larger window is the full square); bool from the
    # start, and n = 0 gives a (0, 0) mask.
    "blind51_right_local_mask_window_capped_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            w = min(window, n)                        # a window past the sequence is the whole square
            return torch.ones(n, n, dtype=torch.bool).triu(-w).tril(w)
'''),
    # Special ids compared by broadcasting and any() over the special axis, which is False when special_ids is empty; the
    # draws are the model answer's (two uniforms and the random ids, in the same order), so seeded results agree exactly;
    # ids is cloned, never written.
    "blind51_right_mlm_corrupt_specials_any_over_empty_axis": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)   # may hold no ids at all
            is_special = (ids.unsqueeze(-1) == special).any(dim=-1)    # any() over an empty axis is False
            u = torch.rand(ids.shape, generator=generator)
            chosen = ~is_special & (u < mask_prob)
            v = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            out = ids.clone()
            out[chosen & (v < 0.8)] = mask_id
            swap = chosen & (v >= 0.8) & (v < 0.9)
            out[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return out, labels
'''),
    # The other document is (k + 1 + U{0..count-2}) mod count, uniform over the other documents; one example per sentence
    # with a successor, the same number of draws as the model answer (different mapping, same distribution).
    "blind51_right_nsp_pairs_other_document_by_offset": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            count = len(documents)
            examples = []
            for k, doc in enumerate(documents):
                for s in range(len(doc) - 1):          # a one-sentence document gives no example
                    if torch.rand((), generator=generator).item() < 0.5:
                        examples.append((doc[s], doc[s + 1], 0))
                        continue
                    # an offset of 1 .. count - 1 from k reaches each other document exactly once
                    offset = 1 + int(torch.randint(count - 1, (), generator=generator))
                    other = documents[(k + offset) % count]
                    pick = int(torch.randint(len(other), (), generator=generator))
                    examples.append((doc[s], other[pick], 1))
            return examples
'''),
    # Folds the batch axes into one (a batch of 1 when unbatched) and computes both layers with baddbmm against expanded
    # weights and biases; reshaped back to the batch shape.
    "blind51_right_feed_forward_batch_folded_baddbmm": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            batch, (d, n) = X.shape[:-2], X.shape[-2:]
            flat = X.reshape(-1, d, n)                              # (B, D, N), B = 1 with no batch axes
            B = flat.shape[0]
            hidden = torch.baddbmm(b1[None, :, None].expand(B, -1, n), W1.expand(B, -1, -1), flat).relu()
            out = torch.baddbmm(b2[None, :, None].expand(B, -1, n), W2.expand(B, -1, -1), hidden)
            return out.reshape(*batch, d, n)
'''),
    # index_select on the flattened ids, then reshape to (D, *ids.shape) and move D next to N: right for one id, batches
    # of size 1 and empty id tensors.
    "blind51_right_embed_flat_ids_then_axes_restored": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)                             # every id, batch axes included
            columns = omega_e.index_select(1, flat)                  # (D, total)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # With one colour (the stub's checks have made every id 0) every pixel is palette column 0: an expanded view of shape
    # (..., C, H, W) in the palette's dtype, batch axes included; its gradient sums into that column as indexing does.
    "blind51_right_dequantize_pixels_one_colour_broadcast": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            if palette.shape[1] == 1:
                # one colour (the checks above made every id 0): that colour at every pixel, as a broadcast view
                return palette[:, :, None].expand(*ids.shape[:-2], palette.shape[0], *ids.shape[-2:])
            return palette[:, ids.long()].movedim(0, -3)
'''),
}
