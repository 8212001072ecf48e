"""Forty-fifth blind batch of held-out implementations (prefix blind44_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py), whose modules' helpers and imports the
entries call. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_43.py) were only skimmed
for their entry names and header decisions, and every entry here was compared with all of their sources by a script
(token similarity per function); one right candidate that matched an earlier entry almost token for token (positions
split between [CLS] and the patches, blind29) was dropped. Nothing else under grader/ or tests/ was opened, grepped
or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_45.py).

Emphasis: one function built from shared pieces. Wrong entries slip in how the pieces are shared or composed:
closures bound late (norm lambdas built in a comprehension or a loop and called after it), caches keyed by too little
(a bucket table without the direction, a window order without the window size, shifted-window labels without the
shift, palette norms by shape, special-id tables by vocabulary size, beam scores by sequence length, BPE pair lists by
the original word, RoPE frequencies without the base, position columns without the width, an identity matrix
without the dtype, residues sized by the first n), a helper right for one caller's shapes (a batch recursion that
splits a broadcast mask from the left, weights shaped by the state's batch, window_partition's raster order used for
patch merging), an earlier function called with an argument in the wrong slot or left out (split_heads given the
group width, a recursive call without context_size, without the bias, with the temperature again, a helper given the
sentence index for the document index), and a decorator applied to both layers. Right entries: correct compositions
in styles of their own: memo tables keyed by everything they depend on, default-argument binding, helpers defined and
called in one iteration, recursion over batch axes (softmax, layer norm, attention with the mask aligned from the
right, windows, pixel sequences, global masks, pooling with the bias passed down), multi-head attention recursing into
single heads, masks composed from causal_mask, costs composed from the function's own dense and causal counts,
functools.partial with keyword calls, a decorator on the first layer only.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind44/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests: every right entry passes them; each wrong
entry's comment says whether it does (14 of the 22 wrong entries pass them). Each wrong entry's recorded input was run
on the model answer and on the entry (after the recorded first call, for the cache entries) and both results printed;
each differs as its comment says. Right entries were compared with the model answer in one process (so the caches
were exercised across calls, sizes, settings and dtypes in mixed order) under both default dtypes on float32 and
float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids, merges, counts and beams), batched (one and two batch axes,
broadcast, padding and causal masks, a query that sees no key) and not, zero-size batches, non-contiguous inputs,
sizes of 1 and 0 where the model answer accepts them, a thousand times the usual scale (1e4 for softmax_cols),
eps=0.0 and scale=0.0, positional and keyword calls, the same tensor passed twice, the contract's ValueErrors (same
outcome on both sides), arguments left unchanged, and gradients of every floating-point input with a random cotangent
(not for the masks, ids, counts, BPE and beam search).

Judgement calls: blind44_sdpa_batch_recursion_indexes_mask_from_the_left is right for every mask
multi_head_attention sends and wrong only for a mask with some but not all of Q's batch axes (the contract's
broadcast from the right); blind44_grid_attention_weights_shaped_by_state_batch only when the features carry batch
axes the state does not; blind44_channel_attention_split_by_group_width only when G * G != C. The cache entries
(bucket, window order, shifted labels, palette norms, special ids, RoPE frequencies, position columns, identity,
residues) are right on their first call and wrong on a later call with another setting, size, palette or default
dtype; blind44_mlm_special_table_cached_by_vocab_size and blind44_nsp_other_document_skips_sentence_index show in
what is chosen, not only in the distribution (special ids chosen; a B from A's own document). The right bucket table
grows to the largest distance asked for rather than clamping at max_distance, because the model answer's buckets for a
max_distance below num_buckets / 4 (outside T5's use) do not stay constant past max_distance; a clamped table
disagreed there and was changed. blind44_right_decoder_layer_add_norm_defined_in_loop is the late-binding pattern
that is not a bug (called in its own iteration). Dropped as unsure: next_token_probs applying top-p through a
recursive call on log(probs) at temperature 1 (the round trip through log and softmax can move a cumulative sum that
equals top_p exactly by one ulp). Fewer entries than asked (about 55 / 35): the time box and the forty-odd earlier
batches' coverage of these functions.

Counts: 22 wrong, 23 right.
Wrong per function: {'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'decoder_layer': 1,
'feed_forward': 1, 'generate': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'nsp_pairs': 1,
'one_hot': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'strided_mask': 1,
'train_bpe': 1, 'transformer_layer': 1, 'window_reverse': 1}.
Right per function: {'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'decoder_layer': 2,
'feed_forward': 1, 'global_token_mask': 1, 'layer_norm': 1, 'local_mask': 1, 'multi_head_attention': 1, 'one_hot':
1, 'padding_mask': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1,
'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1,
'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_44 = {
    # A list comprehension of norm lambdas closes over the comprehension's k, which is 2 by the time any of them runs:
    # both sub-blocks are normalised with gamma2/beta2 (Python's late binding), so the first norm's parameters are never
    # used. D = 4, H = 2, random attention weights (seed 0, float64), identity FFN, gamma1 = 2, beta1 = e_0, gamma2 = 1,
    # beta2 = 0, X = arange(8).reshape(4, 2), post-LN: column 0 model [0.9473, 0.3472, -1.6827, 0.3882], entry [0.4865,
    # 0.5978, -1.7292, 0.6449]. Passes the visible tests.
    "blind44_transformer_layer_norm_lambdas_late_bound": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # one add-and-norm step per sub-block, the norms built from the numbered gains
            norms = [lambda Y: layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"]) for k in (1, 2)]
            blocks = [
                lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            for norm, block in zip(norms, blocks):
                X = X + block(norm(X)) if norm_first else norm(X + block(X))
            return X
'''),
    # The three add-and-norm lambdas are built in a for loop and called after it: each reads i when it runs, so all
    # three use gamma3/beta3. D = 4, H = 2, random attention weights (seed 0, float64), identity FFN, every gamma 1,
    # every beta 0 except beta3 = 1, X_dec = arange(8).reshape(4, 2), X_enc = ones(4, 3): column 0 model [0.1920,
    # 2.1259, -0.1661, 1.8482], entry [0.2274, 2.0930, -0.1987, 1.8783]. Passes the visible tests.
    "blind44_decoder_layer_norms_appended_in_loop_late_bound": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            sublayers = [
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            norms = []
            for i in (1, 2, 3):
                norms.append(lambda Y: layer_norm(Y, params[f"gamma{i}"], params[f"beta{i}"]))
            X = X_dec
            for sublayer, norm in zip(sublayers, norms):
                X = norm(X + sublayer(X))
            return X
'''),
    # Recurses over the first batch axis and splits a batched mask by the same index, lining the mask up from the left:
    # a mask with fewer batch axes than Q (allowed, broadcast from the right) is split along the wrong axis. Q = K =
    # ones (2, 3, 1, 2), V = [0, 1] in every item, mask (3, 2, 2) = [all True; key 0 only; key 1 only]: model output[0]
    # [[0.5, 0.5], [0.5, 0.0], [1.0, 1.0]] (one mask per inner item), entry [[0.5, 0.5]] * 3 (mask[0] for every inner
    # item). Right for the masks multi_head_attention sends (full batch axes or size 1). Passes the visible tests.
    "blind44_sdpa_batch_recursion_indexes_mask_from_the_left": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if Q.dim() > 2:
                # one batch item at a time; a batched mask is split the same way
                outputs, weights = [], []
                for b in range(Q.shape[0]):
                    item_mask = mask
                    if mask is not None and mask.dim() > 2:
                        item_mask = mask[b] if mask.shape[0] > 1 else mask[0]
                    o, w = scaled_dot_product_attention(Q[b], K[b], V[b], item_mask)
                    outputs.append(o)
                    weights.append(w)
                return torch.stack(outputs), torch.stack(weights)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            w = softmax_cols(scores)
            return V @ w, w
'''),
    # A module table of buckets by distance, keyed by (num_buckets, max_distance) but not by bidirectional: the half
    # size (num_buckets // 2 or num_buckets) of the first call is baked in. relative_position_bucket(tensor([-20, -3,
    # 3])) then the same offsets with bidirectional=False: model [17, 3, 0], entry [10, 3, 0] (the bidirectional table's
    # half of 16). Fails the visible tests.
    "blind44_bucket_table_cached_without_direction": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                base = torch.where(offset > 0, num_buckets // 2, 0)
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            # the bucket of every distance 0, 1, 2, ... kept between calls and grown when a larger one comes
            tables = globals().setdefault("_BUCKET_TABLES", {})
            key = (num_buckets, max_distance)
            need = int(distance.max()) + 1 if distance.numel() else 1
            if key not in tables or len(tables[key]) < need:
                half = num_buckets // 2 if bidirectional else num_buckets
                exact = half // 2
                d = torch.arange(max(need, max_distance + 1))
                log_scale = torch.log(d.float() / exact) / math.log(max_distance / exact) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                tables[key] = torch.where(d < exact, d, far)
            return base + tables[key][distance]
'''),
    # The inverse permutation (grid cell -> position among the windows) is cached by (height, width) only: a later call
    # with another window size on the same grid reuses the first window size's order. X = arange(16).reshape(1, 4, 4):
    # window_reverse(window_partition(X, 2), 2, 4, 4) is right, then window_reverse(window_partition(X, 4), 4, 4, 4):
    # model row 0 [0, 1, 2, 3], entry [0, 1, 4, 5]. Passes the visible tests.
    "blind44_window_reverse_order_cached_by_grid_only": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            orders = globals().setdefault("_REVERSE_ORDERS", {})
            key = (height, width)
            if key not in orders:
                # partition the cell numbers themselves: position p of the windows holds cell cells[p]
                cells = window_partition(torch.arange(height * width).reshape(1, height, width), window).reshape(-1)
                orders[key] = cells.argsort()
            *batch, n_windows, channels, _ = windows.shape
            tokens = windows.transpose(-3, -2).reshape(*batch, channels, height * width)
            return tokens[..., orders[key]].reshape(*batch, channels, height, width)
'''),
    # The window labels are cached by (height, width, window) without the shift: whichever shift came first decides
    # every later mask of that grid. shifted_window_mask(4, 4, 2, 0) then shifted_window_mask(4, 4, 2, 1): model has 28
    # False entries, entry none (the shift-0 labels). Passes the visible tests.
    "blind44_shifted_mask_labels_cached_without_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            cache = globals().setdefault("_SHIFT_LABELS", {})
            key = (height, width, window)
            if key not in cache:
                rows = (torch.arange(height) + shift >= height).long()
                cols = (torch.arange(width) + shift >= width).long()
                labels = 2 * rows[:, None] + cols[None, :]
                cache[key] = window_partition(labels[None], window)[:, 0]      # (nW, M*M)
            labels = cache[key]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The expanded distance |p|^2 - 2 x.p with the palette's squared norms cached by (shape, dtype): a second palette of
    # the same shape is scored with the first palette's norms. C = 1, pixel 0.5: palette [[0, 1]] gives 0 (right), then
    # palette [[0.4, 2.0]]: model 0 (distance 0.01 against 2.25), entry 1. Passes the visible tests.
    "blind44_quantize_palette_norms_cached_by_shape": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            norms = globals().setdefault("_PALETTE_NORMS", {})
            key = (tuple(palette.shape), palette.dtype)
            if key not in norms:
                norms[key] = palette.square().sum(dim=0)                      # |p_k|^2, one per colour
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                         # (..., H, W, C)
            # |x|^2 is the same for every colour, so it cannot change the argmin
            distances = norms[key].to(dtype) - 2 * pixels @ palette.to(dtype)
            return distances.argmin(dim=-1)
'''),
    # A lookup table of special ids cached by vocab_size alone: a later call with other special ids and the same
    # vocabulary keeps the first call's specials. ids = [0, 1, 2, 3, 4, 5] * 20, vocab 10, mask_id 9, after a first call
    # with special_ids [0], then special_ids [1, 2] with mask_prob 1.0: labels of the first six positions model [0,
    # -100, -100, 3, 4, 5], entry [-100, 1, 2, 3, 4, 5] (id 0 never chosen, special ids 1 and 2 chosen). Passes the
    # visible tests.
    "blind44_mlm_special_table_cached_by_vocab_size": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            tables = globals().setdefault("_SPECIAL_TABLES", {})
            if vocab_size not in tables:
                is_special = torch.zeros(vocab_size, dtype=torch.bool)
                is_special[torch.as_tensor(special_ids, dtype=torch.long)] = True
                tables[vocab_size] = is_special
            eligible = ~tables[vocab_size][ids.long()]
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The next-token log-probabilities memoised per step by the length of the ids: every beam of a step gets the first
    # (best) beam's distribution. V = 2, prompt [0], column 0 of the model gives p = (0.6, 0.4), after a 1 the model
    # gives token 1 with probability ~1, after a 0 it is uniform; beam_width 2, 2 new tokens: model [0, 1, 1] (log 0.4 +
    # 0 > log 0.6 + log 0.5), entry [0, 0, 0]. Fails the visible tests.
    "blind44_beam_search_step_memo_keyed_by_length": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            if beam_width < 1:
                raise ValueError(f"beam_width must be at least 1; got {beam_width}")
            memo = {}

            def next_log_probs(ids):
                # every beam of a step has the same length: score each length once
                if len(ids) not in memo:
                    memo[len(ids)] = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                return memo[len(ids)]

            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    for token, log_prob in enumerate(next_log_probs(ids)):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Each word's adjacent pairs memoised by the (original) word: after the first merge the counts still come from the
    # first segmentation, so the same pair wins again and again. Corpus low x5, lower x2, newer x6, 3 merges: model [(w,
    # e), (we, r), (wer, </w>)], entry [(w, e), (w, e), (w, e)]. Fails the visible tests.
    "blind44_train_bpe_pair_counts_memoised_by_word": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            memo = {}

            def pairs_of(word):
                # the adjacent pairs of a word, counted once per distinct word
                if word not in memo:
                    symbols = segmentation[word]
                    memo[word] = list(zip(symbols, symbols[1:]))
                return memo[word]

            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    for pair in pairs_of(word):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # A relu_after decorator turns linear into a dense layer with its activation, and the same decorated layer is used
    # for both projections: the output passes through ReLU too. X = [[1]], W1 = [[1]], b1 = [0], W2 = [[-1]], b2 = [0]:
    # model [[-1]], entry [[0]]. Passes the visible tests.
    "blind44_feed_forward_relu_decorator_on_both_layers": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            def relu_after(layer):
                def wrapped(*args):
                    return torch.relu(layer(*args))
                return wrapped

            dense = relu_after(linear)          # a dense layer with its activation
            return dense(dense(X, W1, b1), W2, b2)
'''),
    # The inverse frequencies base^(-2i/D) cached by D alone: a later call with another base (the reference's
    # rotary_base option, Llama's 500000) reuses the first call's base. Q = K = [[0, 0], [1, 1], [0, 0], [1, 1]] with
    # the default base first, then base=100.0: Q' column 1 model [0, 0.8952, 0, 1.0948], entry [0, 0.9900, 0, 1.0099]
    # (base 10000). Passes the visible tests.
    "blind44_rotary_frequencies_cached_by_dim_only": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            thetas = globals().setdefault("_ROPE_THETAS", {})

            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if dim not in thetas:
                    thetas[dim] = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                p = torch.arange(num) if positions is None else positions
                angles = thetas[dim][:, None] * p.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # split_heads called with the group width C // G in its num_heads slot: the channels are cut into C/G groups of G
    # channels instead of G groups of C/G. Equal to the model answer whenever G * G == C (C = 4, G = 2), wrong
    # otherwise. C = 6, N = 3, G = 2, random float64 weights (seed 0): output column 0 model [0.2234, 1.8979, -0.0101,
    # -0.4227, 3.7723, -0.1235], entry [0.2811, 1.7255, -0.1704, -0.0427, 4.1492, -0.3243]. Fails the visible tests.
    "blind44_channel_attention_split_by_group_width": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            group_width = channels // num_groups
            if scale is None:
                scale = 1 / math.sqrt(tokens)

            def groups(name):
                # the projected rows, one block of C/G channels per group
                return split_heads(linear(X, params["W" + name], params["b" + name]), group_width)

            Q, K, V = groups("q"), groups("k"), groups("v")
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The weights are reshaped with the decoder state's batch axes, s.shape[:-1], instead of the broadcast batch: right
    # when s carries the batch, wrong when only the features do. s (2,), features (3, 2, 2, 3), W, U ones (2, 2), v ones
    # (2,): model weights (3, 2, 3), entry RuntimeError (shape '[2, 3]' is invalid for input of size 18). Passes the
    # visible tests.
    "blind44_grid_attention_weights_shaped_by_state_batch": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.reshape(*s.shape[:-1], height, width), context
'''),
    # Each 2x2 block taken as a window of window_partition(X, 2), whose tokens are in raster order (top-left, top-right,
    # bottom-left, bottom-right), and stacked pixel-major: the contract's order is top-left, bottom-left, top-right,
    # bottom-right. C = 1, X = [[0, 1], [2, 3]], gamma 1, beta 0, W = the first two unit rows: model [-1.3416, 0.4472],
    # entry [-1.3416, -0.4472]. Fails the visible tests.
    "blind44_patch_merging_window_partition_raster_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # each 2x2 block is a window of two: (..., nW, C, 4) with the block's four pixels
            blocks = window_partition(X, 2)
            stacked = blocks.transpose(-2, -1).flatten(-2)                   # (..., nW, 4C), pixel-major
            tokens = layer_norm(stacked.transpose(-2, -1), gamma, beta, eps)  # (..., 4C, nW)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Position columns cached by (position, dtype) without the dimension: a later table of another width reuses the
    # earlier columns. sinusoidal_positions(2, 2) then sinusoidal_positions(2, 4): model (4, 2), entry (2, 2); then
    # sinusoidal_positions(3, 4): entry RuntimeError (stack of sizes 2 and 4), model (4, 3). Fails the visible tests.
    "blind44_sinusoidal_columns_cached_by_position": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            columns = globals().setdefault("_POSITION_COLUMNS", {})
            dtype = torch.get_default_dtype()

            def column(n):
                if (n, dtype) not in columns:
                    pair_index = torch.arange(0, dim, 2, dtype=dtype)
                    angles = n / 10000 ** (pair_index / dim)
                    col = torch.empty(dim, dtype=dtype)
                    col[0::2] = torch.sin(angles)
                    col[1::2] = torch.cos(angles[: dim // 2])
                    columns[(n, dtype)] = col
                return columns[(n, dtype)]

            if num_positions == 0:
                return torch.empty(dim, 0)
            return torch.stack([column(n) for n in range(num_positions)], dim=1)
'''),
    # An identity matrix per vocabulary size cached by the size alone, made in the default dtype of the first call:
    # under a later torch.set_default_dtype(torch.float64), one_hot([1, 0], 2) (after a first call under float32) is
    # float32, model float64 (same values). Passes the visible tests.
    "blind44_one_hot_identity_cached_by_vocab_size": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            eyes = globals().setdefault("_IDENTITIES", {})
            if vocab_size not in eyes:
                eyes[vocab_size] = torch.eye(vocab_size)
            eye = eyes[vocab_size] if dtype is None else eyes[vocab_size].to(dtype)
            return eye[:, token_ids].movedim(0, -2)
'''),
    # The residues arange(n) % stride cached by stride, sized by the first n seen: a later, larger n is cut to the first
    # size. strided_mask(3, 2) then strided_mask(5, 2): model (5, 5), entry (3, 3). Fails the visible tests.
    "blind44_strided_residues_cached_by_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residues = globals().setdefault("_RESIDUES", {})
            if stride not in residues:
                residues[stride] = torch.arange(n) % stride
            r = residues[stride][:n]
            return r[:, None] == r[None, :]        # i - j is a multiple of stride iff i, j share a residue
'''),
    # Recursive generation (one token, then generate on the extended ids) whose recursive call leaves out context_size:
    # only the first step is cropped. A model whose next token is (number of ids it sees) mod 5, prompt [0], 4 new
    # tokens at temperature 0 with context_size=1: model [0, 1, 1, 1, 1], entry [0, 1, 2, 3, 4]. Fails the visible
    # tests.
    "blind44_generate_recursion_drops_context_size": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if max_new_tokens <= 0:
                return prompt
            context = prompt if context_size is None else prompt[-context_size:]
            probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
            token = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
            ids = torch.cat([prompt, token])
            if eos_id is not None and int(token) == eos_id:
                return ids
            return generate(model, ids, max_new_tokens - 1, temperature, top_k, top_p, eos_id, generator)
'''),
    # The helper that draws a sentence from another document is given the sentence's position in its document instead of
    # the document's index, so it skips the wrong document: label-1 pairs can take B from A's own document (and never
    # from the skipped one). Documents [[a0, a1, a2], [b0, b1, b2], [c0, c1, c2]], 200 seeds: label-1 B from A's own
    # document model 0 of 612, entry 211 of 612. Passes the visible tests.
    "blind44_nsp_other_document_skips_sentence_index": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def random_sentence(exclude):
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= exclude)]
                return other[torch.randint(len(other), (), generator=generator).item()]

            pairs = []
            for document in documents:
                for position, (a, successor) in enumerate(zip(document, document[1:])):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pairs.append((a, random_sentence(position), 1))
            return pairs
'''),
    # Recurses over the leading axes but calls itself without b: unbatched features get the bias, batched ones do not. X
    # = ones(2, 1, 3), W = [[1]], b = [5]: model [[6], [6]], entry [[1], [1]] (unbatched X[0]: both [6]). Passes the
    # visible tests.
    "blind44_average_pool_head_recursion_drops_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if X.dim() > 2:
                return torch.stack([average_pool_head(item, W) for item in X])    # one image at a time
            logits = W @ X.mean(dim=-1)
            return logits if b is None else logits + b
'''),
    # With both top_k and top_p, calls itself once per filter, and the second call (on the log of the top-k result)
    # passes the temperature again: it divides twice. logits [3, 2, 1, 0], temperature 2, top_k 3, top_p 0.9: model
    # [0.5065, 0.3072, 0.1863, 0], entry [0.4192, 0.3265, 0.2543, 0]; at temperature 1 both agree. Passes the visible
    # tests.
    "blind44_ntp_recursive_filters_reapply_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if top_k is not None and top_p is not None:
                # one filter per call: top-k first, then top-p on what it kept
                kept = next_token_probs(logits, temperature, top_k=top_k)
                return next_token_probs(torch.log(kept), temperature, top_p=top_p)
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = order[:top_k]
            else:
                cumulative = torch.cumsum(probs[order], dim=0)
                keep = order[: min(int((cumulative < (1.0 if top_p is None else top_p)).sum()) + 1, len(probs))]
            filtered = torch.zeros_like(probs)
            filtered[keep] = probs[keep]
            return filtered / filtered.sum()
'''),
}

RIGHT_BLIND_44 = {
    # Right: recursion over the first batch axis in which a tensor is indexed only when it has all of Q's axes (size 1
    # kept at 0), so a mask broadcast from the right is passed down whole; a zero-size batch falls through to the direct
    # formula.
    "blind44_right_sdpa_batch_recursion_mask_aligned_right": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def item(T, b):
                # T's own leading axis lines up with Q's only when T has all of Q's axes (broadcasting from the right)
                if T is None or T.dim() < Q.dim():
                    return T
                return T[b] if T.shape[0] > 1 else T[0]

            if Q.dim() > 2 and Q.shape[0] > 0:
                results = [scaled_dot_product_attention(item(Q, b), item(K, b), item(V, b), item(mask, b))
                           for b in range(Q.shape[0])]
                return torch.stack([o for o, _ in results]), torch.stack([w for _, w in results])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: looks like the late-binding trap but is not: add_norm is defined and called in the same iteration, so it
    # reads this iteration's i.
    "blind44_right_decoder_layer_add_norm_defined_in_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            sublayers = [
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            X = X_dec
            for i, sublayer in enumerate(sublayers, start=1):
                def add_norm(Y, Z):
                    return layer_norm(Y + Z, params[f"gamma{i}"], params[f"beta{i}"])
                X = add_norm(X, sublayer(X))      # called in the same iteration: i is this sub-block's number
            return X
'''),
    # Right: the late-binding fix: each lambda binds k through a default argument, so norm 1 uses gamma1/beta1.
    "blind44_right_transformer_layer_norms_bound_by_default_argument": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            norms = [lambda Y, k=k: layer_norm(Y, params[f"gamma{k}"], params[f"beta{k}"]) for k in (1, 2)]
            blocks = [
                lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            for norm, block in zip(norms, blocks):
                X = X + block(norm(X)) if norm_first else norm(X + block(X))
            return X
'''),
    # Right: a table of buckets by distance keyed by (bidirectional, num_buckets, max_distance) and grown to the largest
    # distance asked for; the same float32 logarithm as T5 on the same integers, so every bucket matches.
    "blind44_right_bucket_table_keyed_by_every_setting": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                base = torch.where(offset > 0, num_buckets // 2, 0)
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            # the bucket of every distance 0, 1, 2, ..., one table per setting, grown when a larger distance comes
            tables = globals().setdefault("_BUCKET_TABLES_FULL", {})
            key = (bool(bidirectional), num_buckets, max_distance)
            need = int(distance.max()) + 1 if distance.numel() else 1
            if key not in tables or len(tables[key]) < need:
                half = num_buckets // 2 if bidirectional else num_buckets
                exact = half // 2
                d = torch.arange(max(need, max_distance + 1))
                log_scale = torch.log(d.float() / exact) / math.log(max_distance / exact) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                tables[key] = torch.where(d < exact, d, far)
            return base + tables[key][distance]
'''),
    # Right: window_partition applied to the cell numbers gives the order of the cells among the windows; its inverse
    # (argsort), cached by (height, width, window), gathers the grid back.
    "blind44_right_window_reverse_order_cached_by_grid_and_window": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            orders = globals().setdefault("_REVERSE_ORDERS_FULL", {})
            key = (height, width, window)
            if key not in orders:
                cells = window_partition(torch.arange(height * width).reshape(1, height, width), window).reshape(-1)
                orders[key] = cells.argsort()       # the inverse permutation: grid cell -> window position
            *batch, n_windows, channels, _ = windows.shape
            tokens = windows.transpose(-3, -2).reshape(*batch, channels, height * width)
            return tokens[..., orders[key].to(windows.device)].reshape(*batch, channels, height, width)
'''),
    # Right: the next-token log-probabilities memoised within one search by the whole id sequence (a model is a function
    # of its ids); a new memo for every call.
    "blind44_right_beam_search_memo_keyed_by_ids": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            if beam_width < 1:
                raise ValueError(f"beam_width must be at least 1; got {beam_width}")
            memo = {}

            def next_log_probs(ids):
                key = tuple(ids.tolist())          # the whole sequence: a model is a function of its ids
                if key not in memo:
                    memo[key] = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                return memo[key]

            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    for token, log_prob in enumerate(next_log_probs(ids)):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Right: the pairs of a word memoised by its current segmentation (a tuple), so a merged word is counted afresh;
    # Counter order and the first-maximum tie rule as the model answer.
    "blind44_right_train_bpe_pair_memo_keyed_by_symbols": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: tuple(word) for word in word_counts}
            memo = {}

            def pairs_of(symbols):
                # keyed by the current segmentation, so a merged word is counted afresh
                if symbols not in memo:
                    memo[symbols] = list(zip(symbols, symbols[1:]))
                return memo[symbols]

            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    for pair in pairs_of(segmentation[word]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                segmentation = {word: tuple(merge_pair(list(symbols), best)) for word, symbols in segmentation.items()}
            return merges
'''),
    # Right: the ReLU decorator wraps only the expanding layer; the projection back is a plain linear.
    "blind44_right_feed_forward_decorated_first_layer_only": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            def relu_after(layer):
                def wrapped(*args):
                    return torch.relu(layer(*args))
                return wrapped

            @relu_after
            def expand(Y):
                return linear(Y, W1, b1)

            return linear(expand(X), W2, b2)       # the projection back has no activation
'''),
    # Right: identity matrices cached by (size, dtype, device), the dtype resolved (the default one when None) before
    # the lookup; indexing its columns copies, so the cached table is never handed out.
    "blind44_right_one_hot_identity_cached_by_size_and_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            eyes = globals().setdefault("_IDENTITIES_FULL", {})
            dtype = dtype or torch.get_default_dtype()
            key = (vocab_size, dtype, token_ids.device)
            if key not in eyes:
                eyes[key] = torch.eye(vocab_size, dtype=dtype, device=token_ids.device)
            return eyes[key][:, token_ids].movedim(0, -2)    # indexing copies: the cached table is never handed out
'''),
    # Right: residues cached by stride and rebuilt whenever a larger n comes; i - j is a multiple of s iff i and j share
    # a residue.
    "blind44_right_strided_residues_regrown_per_size": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residues = globals().setdefault("_RESIDUES_GROWN", {})
            if stride not in residues or len(residues[stride]) < n:
                residues[stride] = torch.arange(max(n, 64)) % stride
            r = residues[stride][:n]
            return r[:, None] == r[None, :]        # i - j is a multiple of stride iff i, j share a residue
'''),
    # Right: recursion down to the (M, N) matrices, then the stable column softmax with the all -inf and zero-sum
    # guards; a zero-size batch is handled by the direct path.
    "blind44_right_softmax_cols_recurses_over_batch_axes": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if scores.dim() > 2 and scores.shape[0] > 0:
                return torch.stack([softmax_cols(item) for item in scores])
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            e = torch.exp(scores - top)
            total = e.sum(dim=-2, keepdim=True)
            return e / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Right: row L of causal_mask(n + 1) is True at keys j >= L, so its negation, cut to n keys, is j < L (L = 0 and L =
    # n included).
    "blind44_right_padding_mask_negated_causal_rows": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # row L of causal_mask(n + 1) is True at keys j >= L: its negation keeps exactly j < L
            table = causal_mask(n + 1).to(lengths.device)
            return ~table[lengths, :n][:, :, None]
'''),
    # Right: the causal table shifted by w columns gives j <= i + w, its transpose i <= j + w; their AND is |i - j| <=
    # w. The window is capped at n (the band is full from there) and a negative window gives the all-False mask, as the
    # model answer does.
    "blind44_right_local_mask_band_from_shifted_causal": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window < 0:
                return torch.zeros(n, n, dtype=torch.bool)
            w = min(window, n)
            ahead = causal_mask(n + w)[:n, w:w + n]   # [j, i]: j <= i + w
            return ahead & ahead.T                     # and i <= j + w
'''),
    # Right: recursion over the leading axes, then the windows cut by slicing in raster order; an empty batch gives an
    # empty result of the right shape.
    "blind44_right_window_partition_recurses_over_leading_axes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            if batch:
                if batch[0] == 0:
                    return X.new_empty(*batch, (height // window) * (width // window), channels, window * window)
                return torch.stack([window_partition(item, window) for item in X])
            M = window
            tiles = [X[:, r:r + M, c:c + M].reshape(channels, M * M)
                     for r in range(0, height, M) for c in range(0, width, M)]
            return torch.stack(tiles)
'''),
    # Right: recursion over the leading axes down to one image, flattened row by row behind the start token.
    "blind44_right_pixel_sequence_recurses_over_images": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            if ids.dim() > 2:
                pairs = [pixel_sequence(image, sos_id) for image in ids]
                return torch.stack([p[0] for p in pairs]), torch.stack([p[1] for p in pairs])
            targets = ids.long().flatten()
            inputs = torch.cat([targets.new_tensor([sos_id]), targets[:-1]])
            return inputs, targets
'''),
    # Right: recursion over the batch axes down to one (N,) vector, then the outer OR; an empty batch gives (0, N, N).
    "blind44_right_global_token_mask_recurses_over_batch": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            if is_global.dim() > 1:
                if is_global.shape[0] == 0:
                    return is_global.new_zeros(*is_global.shape, is_global.shape[-1])
                return torch.stack([global_token_mask(row) for row in is_global])
            return is_global[:, None] | is_global[None, :]
'''),
    # Right: a per-group helper with the axes written out ((C/G keys, C/G queries) scores, weights^T V), the groups
    # taken as contiguous row slices and concatenated in order, then Wo and bo; scale=0.0 kept as 0.
    "blind44_right_channel_attention_group_helper_explicit_axes": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            width = channels // num_groups
            factor = 1 / math.sqrt(tokens) if scale is None else scale

            def attend_group(q, k, v):
                # q, k, v (..., C/G, N): rows are channels; the scores are (keys, queries) like attention's
                weights = softmax_cols(k @ q.transpose(-2, -1) * factor)
                return weights.transpose(-2, -1) @ v

            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            rows = [slice(g * width, (g + 1) * width) for g in range(num_groups)]
            out = torch.cat([attend_group(Q[..., r, :], K[..., r, :], V[..., r, :]) for r in rows], dim=-2)
            return linear(out, params["Wo"], params["bo"])
'''),
    # Right: multi_head_attention calls itself once per head with that head's rows of Wq, bq, Wk, bk, Wv, bv and
    # num_heads=1 (the call recognises a head by Wq's D/H rows and returns the head output, scaled by sqrt(D/H)); heads
    # stacked in order, then Wo and bo.
    "blind44_right_mha_recurses_into_single_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if num_heads == 1 and params["Wq"].shape[0] != dim:
                # a head's own call (Wq is (D/H, D)): its output is the head itself
                Q = linear(Xq, params["Wq"], params["bq"])
                K = linear(Xkv, params["Wk"], params["bk"])
                V = linear(Xkv, params["Wv"], params["bv"])
                return scaled_dot_product_attention(Q, K, V, mask)[0]
            d = dim // num_heads
            heads = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                head_params = {name: params[name][rows] for name in ("Wq", "bq", "Wk", "bk", "Wv", "bv")}
                if d == dim:
                    Q = linear(Xq, head_params["Wq"], head_params["bq"])
                    K = linear(Xkv, head_params["Wk"], head_params["bk"])
                    V = linear(Xkv, head_params["Wv"], head_params["bv"])
                    heads.append(scaled_dot_product_attention(Q, K, V, mask)[0])
                else:
                    heads.append(multi_head_attention(Xq, Xkv, head_params, 1, mask))
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Right: functools.partial binds num_heads by keyword and every call passes mask, gamma, beta and the FFN weights by
    # keyword, so nothing lands in a wrong slot.
    "blind44_right_decoder_layer_partial_with_keywords": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            import functools

            attend = functools.partial(multi_head_attention, num_heads=num_heads)
            norm = lambda Y, k: layer_norm(Y, gamma=params[f"gamma{k}"], beta=params[f"beta{k}"])
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = norm(X_dec + attend(X_dec, X_dec, params["self_attn"], mask=causal), 1)
            X = norm(X + attend(X, X_enc, params["cross_attn"], mask=enc_mask), 2)
            ffn = feed_forward(X, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            return norm(X + ffn, 3)
'''),
    # Right: position columns cached by (position, dim, default dtype); torch.stack copies them into a fresh table.
    "blind44_right_sinusoidal_columns_cached_by_position_size_dtype": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            columns = globals().setdefault("_POSITION_COLUMNS_FULL", {})
            dtype = torch.get_default_dtype()

            def column(n):
                key = (n, dim, dtype)
                if key not in columns:
                    pair_index = torch.arange(0, dim, 2, dtype=dtype)
                    angles = n / 10000 ** (pair_index / dim)
                    col = torch.empty(dim, dtype=dtype)
                    col[0::2] = torch.sin(angles)
                    col[1::2] = torch.cos(angles[: dim // 2])
                    columns[key] = col
                return columns[key]

            if num_positions == 0:
                return torch.empty(dim, 0)
            return torch.stack([column(n) for n in range(num_positions)], dim=1)   # stack copies the cached columns
'''),
    # Right: recursion over the batch axes down to one (D, N) matrix, biased variance of the centred columns, eps inside
    # the square root.
    "blind44_right_layer_norm_recurses_over_batch_axes": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if X.dim() > 2 and X.shape[0] > 0:
                return torch.stack([layer_norm(item, gamma, beta, eps) for item in X])
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Right: the recursive call passes b down, so every item gets the bias once; an empty batch gives (0, K).
    "blind44_right_average_pool_head_recursion_passes_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if X.dim() > 2:
                if X.shape[0] == 0:
                    return X.new_zeros(*X.shape[:-2], W.shape[0]) + (0 if b is None else b)
                return torch.stack([average_pool_head(item, W, b) for item in X])
            logits = W @ X.mean(dim=-1)
            return logits if b is None else logits + b
'''),
    # Right: the counts composed from the function's own dense and causal counts: global = n^2 - (n - g)^2, local = n^2
    # minus two causal triangles of n - w - 1 (w capped at n - 1), strided = the sum over residue classes of their size
    # squared.
    "blind44_right_sparse_cost_composed_from_dense_and_causal": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "global":
                # every pair but those between two ordinary tokens: a dense block of n - g removed
                return sparse_attention_cost("dense", n) - sparse_attention_cost("dense", n - num_global)
            if pattern == "local":
                if window >= n - 1:
                    return sparse_attention_cost("dense", n)
                # pairs farther apart than w: on each side a triangle of n - w - 1 rows, a causal count
                return sparse_attention_cost("dense", n) - 2 * sparse_attention_cost("causal", n - window - 1)
            # strided: residue class r holds c_r = ceil((n - r) / s) tokens, and each of its c_r^2 pairs is visible
            return sum(sparse_attention_cost("dense", len(range(r, n, stride))) for r in range(min(stride, n)))
'''),
}
