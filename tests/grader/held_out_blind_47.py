"""Forty-eighth blind batch of held-out implementations (prefix blind47_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (above all its named ValueErrors and the rule that other input checks are
never penalised but valid inputs must be accepted), docs/learners.md and docs/convention.md, the stubs
(exercises/*.py: signatures and input-check lines) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_45.py) were only skimmed for their entry names and header decisions, to repeat
none of their entries (two first drafts that matched earlier entries, a case-folded sparse-cost pattern and a
window_reverse demanding a batch axis, were replaced). Nothing else under grader/ or tests/ was opened, grepped or
run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_46.py).

Emphasis: input checks. No entry uses the stub-checks marker: every entry writes its own checks, as a learner who
deleted the stub's lines and wrote them again would, so the checks themselves are what varies. Every function with a
named ValueError (train_bpe, bpe_encode, one_hot, multi_head_attention, rotary_embedding, nsp_pairs, quantize_pixels,
dequantize_pixels, pixel_sequence, average_pool_head, window_partition, window_reverse, shifted_window_mask,
patch_merging, channel_attention, strided_mask, sparse_attention_cost, patchify) has at least one wrong and one right
entry. Wrong: a required check missing or incomplete (a marker found only after index 0, a shortcut for no merges
taken before the check, |id| < V, negatives only, D_q + D_k even, parity on the token axis, 'and' for 'or', a bound off
by one, the empty palette tested on the channel axis, a rank test off by one, float16 passing a two-dtype list, a
negative window passing the modulo test, M*M dividing H*W, the shift bounded by the grid, W's rows unchecked, groups
bounded instead of dividing, an unknown pattern costed as global, a uint8 range test where K = 512 wraps to 0, a
single-document check reached only on the coin's random branch), a check after a computation that already raised
something else (1/sqrt(N), min(window, n - 1), the layer norm, the reshape), a check reading the wrong axis (C from
shape[1], H and W from fixed axes, nW from axis 0, W against N or K against D, projections against (N, N)), and checks
too strict for inputs the contract accepts (case-folded markers, unseen characters, batched ids, V = 1, an odd or
otherwise unequal head width, N_q != N_k in attention, rotary and multi-head attention, one-sentence documents,
unbatched images, uint8 and batched pixel ids, sos_id beyond 512, a batch axis demanded, non-square grids, a window or
patch as large as the grid, one-channel groups, stride 1 or a stride not dividing n, top_p = 1, max_new_tokens = 0, an
odd D for the sinusoidal table, 31 buckets, no special ids, broadcasting batch axes in additive attention, F != 4D,
non-square projections). Right: the same checks written differently (count, partition, find >= 0, bit-and, divmod,
a product, a modulo round trip, 'not >= 1', a post-hoc "every column has a one" test, a dispatch table whose KeyError
becomes the ValueError, shape tuples, validation helpers) and extra checks the contract allows (non-int64 one_hot ids,
D = 1 in layer norm, n = 0 causal masks, lengths outside [0, n], non-bool global flags, mask_prob outside [0, 1],
negative sizes, masks adding axes, parameter shapes, position lengths, patch_size < 1).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind47/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module) and run against
its exercise's visible tests; every right entry passes them, and each wrong entry's comment says whether it does
(25 of the 61 wrong entries pass them). Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says. Right entries were compared with the model answer
under both default dtypes on float32 and float64 inputs (values to 2e-5 / 1e-10, exactly for masks, ids, strings,
ints and lists; outputs' dtypes and shapes; gradients of every floating-point input with a random cotangent to 2e-5;
arguments unchanged), batched (no, one and two batch axes) and not, non-contiguous inputs, keyword calls, sizes of 1
and 0, and on the invalid inputs of each named ValueError (same ValueError on both sides): train_bpe on 13 corpora x 5
merge counts (the marker at the start, middle, end, '</W>'), bpe_encode on 7 texts x 5 merge lists, one_hot on 5 shapes
x V 1, 3, 6 x 3 dtypes and out-of-range ids, multi_head_attention on 7 (D, H) pairs (6/4 and 5/2 invalid) x 3 batch
shapes x N_q != N_k x full, padding and dead-query masks, the same tensor twice, 1000x scale; rotary_embedding on D 2-6
(odd D invalid) with int64 and int32 positions; nsp_pairs exactly under 6 seeds for 8 document lists (the same draws);
quantize_pixels on 6 shapes (5-d, 1x1, empty) x 3 palettes, mixed dtypes and the four invalid cases; dequantize_pixels
on uint8/int8/int16/int32/int64 ids with K 1, 5, 300 (and uint8 ids beside K = 512) and 9 invalid id tensors;
pixel_sequence on 5 dtypes x 4 shapes x 3 sos ids and 8 invalid inputs; the swin functions on 5 grids x windows -2..6
x shifts -1..5; channel_attention on 9 (C, G) pairs (G = 0, -2, True, 4 of 6 invalid), scale None and 0.5, N = 0, wrong
parameter shapes; strided_mask for n 0-7 x strides -2 to 9; sparse_attention_cost on 9 pattern names x n 0-9 x 9
size combinations; patchify on 4 image shapes x P 0, 1, 2, 3, 5; next_token_probs on 648 option settings; mlm_corrupt exactly
under seeds (specials as a list, a tuple, a tensor, empty; mask_prob 0, 0.15, 0.5, 1). An entry's extra ValueError was
accepted only on inputs the contract leaves open or calls invalid (layer_norm D = 1, causal_mask(0), apply_mask with
a mask of more axes than the scores, patch_size 0), and counted.

Judgement calls: blind47_right_one_hot_rejects_non_int64_ids refuses int32 and uint8 ids; the contract makes ids int64
unless a function says it takes any integer dtype, and one_hot does not, so this is counted right, but it is the
entry most exposed to a grader that feeds one_hot other integer dtypes. blind47_right_apply_mask_checks_broadcast
refuses a mask with more axes than the scores, which the contract rules out ("it never adds batch dimensions of its
own") although torch's masked_fill would broadcast it. blind47_right_layer_norm_rejects_single_feature and
blind47_right_causal_mask_rejects_empty raise on the two sizes the contract leaves open. Among the wrong entries,
several raise on the invalid input but with another exception than ValueError (IndexError, RuntimeError,
TypeError, ZeroDivisionError): the contract names ValueError, so they count as wrong.
blind47_dequantize_range_compared_in_ids_dtype started as a right entry and was caught by the comparison: uint8 ids
compared with K = 300 or 512 wrap the bound (512 becomes 0), so it rejects ImageGPT's own uint8 images; its fixed
twin, blind47_right_dequantize_range_by_mask_in_int64, widens the ids first. blind47_nsp_single_document_checked_only_when_drawing
raises on about half the seeds; blind47_rotary_parity_checked_on_token_axis is wrong in both directions (odd N
rejected, odd D reaching the rotation). Fewer right entries than asked (about 35): the time box.

Counts: 61 wrong, 32 right.
Wrong per function: {'additive_attention': 1, 'average_pool_head': 3, 'bpe_encode': 2, 'channel_attention': 4, 'dequantize_pixels': 4, 'feed_forward': 1, 'generate': 1, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'next_token_probs': 1, 'nsp_pairs': 2, 'one_hot': 4, 'patch_merging': 4, 'patchify': 3, 'pixel_sequence': 3, 'quantize_pixels': 3, 'relative_position_bucket': 1, 'rotary_embedding': 3, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 2, 'sinusoidal_positions': 1, 'sparse_attention_cost': 2, 'strided_mask': 2, 'train_bpe': 3, 'window_partition': 3, 'window_reverse': 2}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'dequantize_pixels': 1, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 3, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 2, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_47 = {
    # The '</w>' check tests corpus.find('</w>') > 0, so a marker at index 0 slips through (find returns 0, not -1).
    # train_bpe('</w>ab ab', 2): model ValueError, entry [('a', 'b'), ('ab', '</w>')]. Passes the visible tests.
    "blind47_train_bpe_marker_found_after_index_zero": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            if corpus.find("</w>") > 0:
                raise ValueError("the corpus must not contain the end-of-word symbol '</w>'")
            word_counts = Counter(tuple(word) + ("</w>",) for word in corpus.split())
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
            return merges
'''),
    # Checks '</w>' in corpus.lower(): too strict, it rejects '</W>', which is ordinary text (characters are kept as
    # given). train_bpe('A</W> ab', 1): model [('A', '<')], entry ValueError. Passes the visible tests.
    "blind47_train_bpe_marker_check_case_folded": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            if "</w>" in corpus.lower():
                raise ValueError("the corpus must not contain the end-of-word symbol (any case)")
            word_counts = Counter(tuple(word) + ("</w>",) for word in corpus.split())
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
            return merges
'''),
    # Returns [] for num_merges <= 0 before the '</w>' check, so a corpus holding the marker is accepted when no merge
    # is asked for. train_bpe('a</w>b', 0): model ValueError, entry []. Passes the visible tests.
    "blind47_train_bpe_no_merges_returns_before_check": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            if num_merges <= 0:
                return []  # nothing to learn
            if "</w>" in corpus:
                raise ValueError("the corpus must not contain the end-of-word symbol '</w>'")
            word_counts = Counter(tuple(word) + ("</w>",) for word in corpus.split())
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
            return merges
'''),
    # A 'no merges' shortcut returns the characters before the '</w>' check. bpe_encode('a</w>b', []): model ValueError,
    # entry ['a', '<', '/', 'w', '>', 'b', '</w>']. Fails the visible tests.
    "blind47_bpe_encode_no_merges_shortcut_before_check": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if not merges:
                # no merges: every character is its own token
                return [symbol for word in text.split() for symbol in list(word) + ["</w>"]]
            if "</w>" in text:
                raise ValueError("the text must not contain the end-of-word symbol '</w>'")
            tokens = []
            for word in text.split():
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Too strict: raises ValueError for characters no merge mentions, but any list of pairs is valid with any text
    # (unseen characters stay single tokens). bpe_encode('ab x', [('a', 'b')]): model ['ab', '</w>', 'x', '</w>'], entry
    # ValueError. Fails the visible tests.
    "blind47_bpe_encode_rejects_characters_outside_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if "</w>" in text:
                raise ValueError("the text must not contain the end-of-word symbol '</w>'")
            known = {"</w>"}
            for left, right in merges:
                known.update((left, right, left + right))
            if merges and any(ch not in known for ch in text if not ch.isspace()):
                raise ValueError("the text holds characters the merges have never seen")
            tokens = []
            for word in text.split():
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Range check on token_ids.abs().max(), so a negative id whose magnitude is below V passes and gives an all-zero
    # column. one_hot([-1, 0], 3): model ValueError, entry [[0, 1], [0, 0], [0, 0]]. Fails the visible tests.
    "blind47_one_hot_range_check_by_absolute_value": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.numel() and int(token_ids.abs().max()) >= vocab_size:
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Checks only for negative ids; an id >= V gives an all-zero column. one_hot([3, 0], 3): model ValueError, entry
    # [[0, 1], [0, 0], [0, 0]]. Fails the visible tests.
    "blind47_one_hot_checks_negative_ids_only": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if (token_ids < 0).any():
                raise ValueError("token ids must be non-negative")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Too strict: requires token_ids of shape (N,), rejecting the batch axes the contract allows. one_hot([[1, 0]], 2):
    # model [[[0, 1], [1, 0]]], entry ValueError. Fails the visible tests.
    "blind47_one_hot_rejects_batched_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.dim() != 1:
                raise ValueError(f"token_ids must be a sequence (N,), got shape {tuple(token_ids.shape)}")
            if token_ids.numel() and (int(token_ids.min()) < 0 or int(token_ids.max()) >= vocab_size):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Too strict: rejects vocab_size 1 ('a vocabulary needs at least two tokens'). one_hot([0, 0], 1): model [[1., 1.]],
    # entry ValueError. Passes the visible tests.
    "blind47_one_hot_rejects_vocabulary_of_one": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if vocab_size < 2:
                raise ValueError(f"a vocabulary needs at least two tokens, got vocab_size={vocab_size}")
            if token_ids.numel() and (int(token_ids.min()) < 0 or int(token_ids.max()) >= vocab_size):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Checks num_heads <= D instead of D % H == 0, so D = 6 with 4 heads reaches split_heads. multi_head_attention(X (6,
    # 3), X, params, 4): model ValueError, entry RuntimeError (shape '[4, 1, 3]' is invalid). Fails the visible tests.
    "blind47_mha_checks_heads_not_above_width_only": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if num_heads > dim:
                raise ValueError(f"num_heads={num_heads} is larger than the model width D={dim}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Too strict: also demands an even head width D/H (a rotary habit). X (6, 3), 2 heads (head width 3): model a (6, 3)
    # result, entry ValueError. Fails the visible tests.
    "blind47_mha_requires_even_head_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            if (dim // num_heads) % 2:
                raise ValueError(f"the head width D/H={dim // num_heads} must be even")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Too strict: requires Xq.shape == Xkv.shape, rejecting N_q != N_k (cross-attention). Xq (6, 3), Xkv (6, 5), 2
    # heads: model a (6, 3) result, entry ValueError. Fails the visible tests.
    "blind47_mha_requires_same_shape_inputs": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            if Xq.shape != Xkv.shape:
                raise ValueError(f"Xq and Xkv must have the same shape, got {tuple(Xq.shape)} and {tuple(Xkv.shape)}")
            dim = Xq.shape[-2]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Parity checked on the token axis (shape[-1]) instead of D: an odd N is rejected and an odd D is not. Q = K =
    # ones(2, 3): model rotated (2, 3) tensors, entry ValueError; with D = 3 the entry returns a (4, N) result. Fails
    # the visible tests.
    "blind47_rotary_parity_checked_on_token_axis": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            for name, X in (("Q", Q), ("K", K)):
                if X.shape[-1] % 2:
                    raise ValueError(f"{name}: rotary embeddings pair up dimensions, got shape {tuple(X.shape)}")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Checks that D_q + D_k is even, which two odd widths pass; the halves then broadcast into a wrong shape. Q = K =
    # ones(3, 1): model ValueError, entry two (4, 1) tensors of ones. Fails the visible tests.
    "blind47_rotary_parity_of_combined_width": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            if (Q.shape[-2] + K.shape[-2]) % 2:
                raise ValueError("the feature dimension D must be even")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Too strict: requires Q.shape == K.shape, rejecting N_q != N_k. Q ones(2, 1), K ones(2, 2): model (Q unchanged, K
    # rotated), entry ValueError. Fails the visible tests.
    "blind47_rotary_requires_equal_shapes": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            if Q.shape != K.shape:
                raise ValueError(f"Q and K must have the same shape, got {tuple(Q.shape)} and {tuple(K.shape)}")
            if Q.shape[-2] % 2:
                raise ValueError(f"D must be even, got {Q.shape[-2]}")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Too strict: rejects any document with fewer than two sentences, though such a document simply yields no example
    # (and can still supply a random B). nsp_pairs([['a', 'b'], ['c']], seed 0): model [('a', 'b', 0)], entry
    # ValueError. Fails the visible tests.
    "blind47_nsp_rejects_one_sentence_documents": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            if len(documents) < 2:
                if any(len(document) > 1 for document in documents):
                    raise ValueError("a random second sentence needs another document")
            if any(len(document) < 2 for document in documents):
                raise ValueError("every document needs at least two sentences to make a pair")
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
    # The single-document check sits in the random branch, so it raises only when the coin asks for a random sentence.
    # nsp_pairs([['a', 'b']]) with generator seeds 0..3: model ValueError every time, entry [('a', 'b', 0)] for seeds 0
    # and 3. Fails the visible tests.
    "blind47_nsp_single_document_checked_only_when_drawing": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        if len(documents) < 2:
                            raise ValueError("a random second sentence needs another document")
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The empty-palette check tests len(palette) (C, the first axis) instead of K. quantize_pixels(zeros(3, 1, 1),
    # zeros(3, 0)): model ValueError, entry IndexError from argmin. Passes the visible tests.
    "blind47_quantize_empty_palette_checked_on_channel_axis": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            if images.dim() < 3 or palette.dim() != 2:
                raise ValueError(f"images must be (..., C, H, W) and palette (C, K)")
            if not images.is_floating_point() or not palette.is_floating_point():
                raise ValueError("images and palette must be floating point")
            if len(palette) == 0:
                raise ValueError("the palette is empty")
            if images.shape[-3] != palette.shape[0]:
                raise ValueError("channel counts differ")

            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Reads the channel count from images.shape[1] (the (B, C, H, W) layout), so an unbatched (C, H, W) image is checked
    # against H. images [[[0, 1], [1, 0]]] (1, 2, 2), palette [[0, 1]] (1, 2): model [[0, 1], [1, 0]], entry ValueError.
    # Fails the visible tests.
    "blind47_quantize_channels_read_from_axis_one": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            if images.dim() < 3 or palette.dim() != 2:
                raise ValueError(f"images must be (..., C, H, W) and palette (C, K)")
            if not images.is_floating_point() or not palette.is_floating_point():
                raise ValueError("images and palette must be floating point")
            if images.shape[1] != palette.shape[0]:
                raise ValueError(f"images have {images.shape[1]} channels, the palette {palette.shape[0]}")
            if palette.shape[1] == 0:
                raise ValueError("the palette is empty")

            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # The rank check is images.dim() < 2, so 2-d images reach images.shape[-3]. quantize_pixels(zeros(1, 2), zeros(1,
    # 2)): model ValueError, entry IndexError. Passes the visible tests.
    "blind47_quantize_rank_check_off_by_one": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            if images.dim() < 2 or palette.dim() != 2:
                raise ValueError(f"images must be (..., C, H, W) and palette (C, K)")
            if not images.is_floating_point() or not palette.is_floating_point():
                raise ValueError("images and palette must be floating point")
            if images.shape[-3] != palette.shape[0]:
                raise ValueError("channel counts differ")
            if palette.shape[1] == 0:
                raise ValueError("the palette is empty")

            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Too strict: the integer check is a whitelist of int32 and int64, rejecting uint8 ids (the contract's common case).
    # ids uint8 [[1, 0]], palette [[0., 1.]]: model [[[1., 0.]]], entry ValueError. Passes the visible tests.
    "blind47_dequantize_accepts_only_int32_int64": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dtype not in (torch.int32, torch.int64):
                raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
                raise ValueError(f"ids must lie in [0, {palette.shape[1]})")

            colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    # Upper bound checked with > K instead of >= K, so id K reaches the indexing. ids [[2]], palette (1, 2): model
    # ValueError, entry IndexError. Fails the visible tests.
    "blind47_dequantize_upper_bound_off_by_one": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) > palette.shape[1]):
                raise ValueError(f"ids must lie in [0, {palette.shape[1]})")

            colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    # The non-integer check lists float32, float64 and bool only, so float16 ids pass. ids float16 [[1.]], palette [[0.,
    # 1.]]: model ValueError, entry [[[1.]]]. Passes the visible tests.
    "blind47_dequantize_float_check_lists_two_dtypes": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dtype in (torch.float32, torch.float64, torch.bool):
                raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
                raise ValueError(f"ids must lie in [0, {palette.shape[1]})")

            colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
    # Too strict: requires int64 ids, rejecting uint8 images. ids uint8 [[3, 4]], sos 9: model ([9, 3], [3, 4]), entry
    # ValueError. Passes the visible tests.
    "blind47_pixel_sequence_requires_int64": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dtype != torch.long or ids.dim() < 2:
                raise ValueError(f"ids must be a LongTensor (..., H, W), got {ids.dtype}")
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError("the image has no pixels")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
                raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")

            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Too strict: requires exactly (H, W), rejecting batch axes. ids [[[3, 4]]] (1, 1, 2), sos 9: model ([[9, 3]], [[3,
    # 4]]), entry ValueError. Fails the visible tests.
    "blind47_pixel_sequence_rejects_batched_images": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dim() != 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer image (H, W), got {ids.dtype} {tuple(ids.shape)}")
            if ids.numel() == 0:
                raise ValueError("the image has no pixels")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
                raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")

            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Too strict: limits sos_id to 0..512 (ImageGPT's 9-bit vocabulary); only a negative sos_id is invalid. ids [[3,
    # 4]], sos 1000: model ([1000, 3], [3, 4]), entry ValueError. Passes the visible tests.
    "blind47_pixel_sequence_sos_limited_to_palette_size": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError("the image has no pixels")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or not 0 <= sos_id <= 512:
                raise ValueError(f"sos_id must be a token of the 9-bit vocabulary (0 .. 512), got {sos_id!r}")

            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Checks W's columns against N (X.shape[-1]) instead of D. X ones(2, 3), W ones(1, 2): model [2.], entry ValueError;
    # with N == D a mismatched W passes the check. Fails the visible tests.
    "blind47_average_pool_head_weight_checked_against_tokens": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-1]:
                raise ValueError(f"W {tuple(W.shape)} does not fit X {tuple(X.shape)}")
            if b is not None and tuple(b.shape) != (W.shape[0],):
                raise ValueError("b must be (K,)")
            if X.shape[-1] == 0:
                raise ValueError("X has no tokens")

            pooled = X.mean(dim=-1)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Too strict: requires X of exactly (B, D, N). X ones(2, 3), W ones(1, 2): model [2.], entry ValueError. Fails the
    # visible tests.
    "blind47_average_pool_head_requires_batch_axis": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() != 3 or W.dim() != 2 or W.shape[1] != X.shape[1]:
                raise ValueError(f"X must be (B, D, N) and W (K, D), got {tuple(X.shape)} and {tuple(W.shape)}")
            if b is not None and tuple(b.shape) != (W.shape[0],):
                raise ValueError("b must be (K,)")
            if X.shape[-1] == 0:
                raise ValueError("X has no tokens")

            pooled = X.mean(dim=-1)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Checks W's rows (K) against D instead of its columns: rejects every K != D and accepts a W whose columns disagree.
    # X ones(2, 3), W ones(1, 2): model [2.], entry ValueError. Passes the visible tests.
    "blind47_average_pool_head_checks_classes_against_width": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() < 2 or W.dim() != 2 or W.shape[0] != X.shape[-2]:
                raise ValueError(f"W {tuple(W.shape)} does not fit X {tuple(X.shape)}")
            if b is not None and tuple(b.shape) != (W.shape[0],):
                raise ValueError("b must be (K,)")
            if X.shape[-1] == 0:
                raise ValueError("X has no tokens")

            pooled = X.mean(dim=-1)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Only window == 0 and the divisibility test: a negative window divides every side, so window = -1 passes to
    # reshape. window_partition(ones(1, 2, 2), -1): model ValueError, entry RuntimeError (invalid shape dimension -2).
    # Passes the visible tests.
    "blind47_window_partition_divisibility_only_accepts_negative_window": ("swin", "window_partition", '''
        def window_partition(X, window):
            *batch, channels, height, width = X.shape
            if window == 0 or height % window or width % window:
                raise ValueError(f"window={window} must divide the grid's sides {height}x{width}")

            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Too strict: requires H == W. window_partition(ones(1, 2, 4), 2): model a (2, 1, 4) result, entry ValueError. Fails
    # the visible tests.
    "blind47_window_partition_requires_square_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            *batch, channels, height, width = X.shape
            if height != width:
                raise ValueError(f"the grid must be square, got {height}x{width}")
            if window < 1 or height % window:
                raise ValueError(f"window={window} must divide the side {height}")

            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Reads H, W from X.shape[1], X.shape[2] (an unbatched (C, H, W) habit), so a batched grid is checked on (C, H).
    # window_partition(ones(1, 3, 2, 2), 2): model a (1, 1, 3, 4) result, entry ValueError. Fails the visible tests.
    "blind47_window_partition_sides_read_from_fixed_axes": ("swin", "window_partition", '''
        def window_partition(X, window):
            height, width = X.shape[1], X.shape[2]
            if window < 1 or height % window or width % window:
                raise ValueError(f"window={window} must divide the grid's sides {height}x{width}")
            *batch, channels, height, width = X.shape

            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Checks that M*M divides H*W instead of M dividing each side. window_reverse(ones(1, 1, 16), 4, 2, 8): model
    # ValueError, entry RuntimeError (shape '[0, 2, 1, 4, 4]' is invalid). Passes the visible tests.
    "blind47_window_reverse_divisibility_checked_on_area": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            if M < 1 or (height * width) % (M * M):
                raise ValueError(f"window={M} does not tile a {height}x{width} grid")
            if windows.shape[-3] != (height * width) // (M * M) or windows.shape[-1] != M * M:
                raise ValueError(f"windows must be (..., nW, C, M*M), got {tuple(windows.shape)}")

            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Reads nW from windows.shape[0] (an unbatched habit), so a batch axis is taken for the window count.
    # window_reverse(ones(3, 1, 1, 1), 1, 1, 1): model a (3, 1, 1, 1) grid, entry ValueError. Passes the visible tests.
    "blind47_window_reverse_window_count_read_from_axis_zero": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            if M < 1 or height % M or width % M:
                raise ValueError(f"window={M} must divide the grid's sides {height}x{width}")
            num_windows, channels, tokens = windows.shape[0], windows.shape[-2], windows.shape[-1]
            if num_windows != (height // M) * (width // M) or tokens != M * M:
                raise ValueError(f"expected {(height // M) * (width // M)} windows of {M * M} tokens, got {tuple(windows.shape)}")

            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Bounds the shift by the grid's side instead of the window: shifts from M up to the side are accepted.
    # shifted_window_mask(4, 4, 2, 2): model ValueError, entry a (4, 4, 4) mask. Passes the visible tests.
    "blind47_shifted_mask_shift_bounded_by_grid_not_window": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            if window < 1 or height % window or width % window:
                raise ValueError(f"window={window} must divide the grid's sides {height}x{width}")
            if not 0 <= shift < min(height, width):
                raise ValueError(f"shift={shift} must be smaller than the grid (a roll by a whole side does nothing)")

            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Too strict: rejects a window as large as the grid ('nothing to shift'), which is valid (M divides both sides,
    # shift < M). shifted_window_mask(2, 2, 2, 1): model the (1, 4, 4) identity mask, entry ValueError. Passes the
    # visible tests.
    "blind47_shifted_mask_rejects_single_window": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            if window < 1 or height % window or width % window:
                raise ValueError(f"window={window} must divide the grid's sides {height}x{width}")
            if window >= min(height, width):
                raise ValueError(f"window={window} covers the whole {height}x{width} grid: nothing to shift")
            if not 0 <= shift < window:
                raise ValueError(f"shift must lie in [0, {window}), got {shift}")

            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The range check compares ids with K in the ids' own dtype: for uint8 ids K = 512 wraps to 0, so every uint8 image
    # of ImageGPT's 512 colours is rejected (int8 wraps likewise). ids uint8 [[1, 0]], palette arange(512) (1, 512):
    # model [[[1., 0.]]], entry ValueError. Passes the visible tests.
    "blind47_dequantize_range_compared_in_ids_dtype": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if torch.is_floating_point(ids) or torch.is_complex(ids) or ids.dtype is torch.bool:
                raise ValueError(f"ids must have an integer dtype, got {ids.dtype}")
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and the palette (C, K)")
            K = palette.shape[1]
            if ((ids < 0) | (ids >= K)).any():
                raise ValueError(f"ids must lie in [0, {K})")
            flat = palette.index_select(1, ids.reshape(-1).long())      # (C, numel)
            return flat.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Parity check joined with 'and': one odd side passes and torch.cat fails. patch_merging(ones(1, 3, 2), ones(4),
    # zeros(4), ones(2, 4)): model ValueError, entry RuntimeError (sizes of tensors must match). Fails the visible
    # tests.
    "blind47_patch_merging_parity_and_not_or": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            channels, height, width = X.shape[-3:]
            if height % 2 and width % 2:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
                raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")

            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Checks only W's columns (4C), not its rows (2C): a (3C, 4C) projection is used. X arange(4).reshape(1, 2, 2), W
    # ones(3, 4): model ValueError, entry a (3, 1, 1) result. Passes the visible tests.
    "blind47_patch_merging_projection_rows_unchecked": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            channels, height, width = X.shape[-3:]
            if height % 2 or width % 2:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape[-1] != 4 * channels:
                raise ValueError("gamma, beta must be (4C,) and W must take 4C features")

            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # The parameter-shape check comes after layer_norm, which already fails on a wrong gamma. gamma ones(5) with C = 1
    # (X ones(1, 2, 2)): model ValueError, entry RuntimeError from the broadcast in layer_norm. Passes the visible
    # tests.
    "blind47_patch_merging_shape_check_after_norm": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            channels, height, width = X.shape[-3:]
            if height % 2 or width % 2:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            if W.shape != (2 * channels, 4 * channels) or gamma.shape != (4 * channels,) or beta.shape != (4 * channels,):
                raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Too strict: requires X of exactly (B, C, H, W). X arange(4).reshape(1, 2, 2): model a (2, 1, 1) result, entry
    # ValueError. Fails the visible tests.
    "blind47_patch_merging_requires_batched_grid": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            if X.dim() != 4:
                raise ValueError(f"X must be (B, C, H, W), got shape {tuple(X.shape)}")
            channels, height, width = X.shape[-3:]
            if height % 2 or width % 2:
                raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
                raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")

            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Computes the default scale 1/sqrt(N) before the N = 0 check. channel_attention(ones(2, 0), params, 1): model
    # ValueError, entry ZeroDivisionError. Passes the visible tests.
    "blind47_channel_attention_scale_before_empty_check": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            channels, tokens = X.shape[-2:]
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
                raise ValueError(f"num_groups must be a positive divisor of C={channels}")
            if tokens == 0:
                raise ValueError("X has no tokens")

            for name in ("Wq", "Wk", "Wv", "Wo"):
                if params[name].shape != (channels, channels):
                    raise ValueError(f"params[{name!r}] must be (C, C)")
            for name in ("bq", "bk", "bv", "bo"):
                if params[name].shape != (channels,):
                    raise ValueError(f"params[{name!r}] must be (C,)")

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Checks 1 <= G <= C instead of G dividing C. X (6, 3), G = 4: model ValueError, entry RuntimeError (shape '[4, 1,
    # 3]' is invalid). Fails the visible tests.
    "blind47_channel_attention_groups_bounded_not_divisor": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            channels, tokens = X.shape[-2:]
            if not 1 <= num_groups <= channels:
                raise ValueError(f"num_groups must lie in [1, C={channels}], got {num_groups}")
            if tokens == 0:
                raise ValueError("X has no tokens")

            for name in ("Wq", "Wk", "Wv", "Wo"):
                if params[name].shape != (channels, channels):
                    raise ValueError(f"params[{name!r}] must be (C, C)")
            for name in ("bq", "bk", "bv", "bo"):
                if params[name].shape != (channels,):
                    raise ValueError(f"params[{name!r}] must be (C,)")

            if scale is None:
                scale = 1 / math.sqrt(tokens)

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Too strict: demands at least two channels per group, rejecting G = C. X (6, 3), G = 6: model a (6, 3) result,
    # entry ValueError. Fails the visible tests.
    "blind47_channel_attention_rejects_one_channel_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            channels, tokens = X.shape[-2:]
            if num_groups < 1 or channels % num_groups or channels // num_groups < 2:
                raise ValueError(f"num_groups must divide C={channels} into groups of at least two channels")
            if tokens == 0:
                raise ValueError("X has no tokens")

            for name in ("Wq", "Wk", "Wv", "Wo"):
                if params[name].shape != (channels, channels):
                    raise ValueError(f"params[{name!r}] must be (C, C)")
            for name in ("bq", "bk", "bv", "bo"):
                if params[name].shape != (channels,):
                    raise ValueError(f"params[{name!r}] must be (C,)")

            if scale is None:
                scale = 1 / math.sqrt(tokens)

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Checks the projections against (N, N) (the tokens taken for the features) instead of (C, C). X (6, 3), G = 2,
    # params (6, 6): model a (6, 3) result, entry ValueError. Fails the visible tests.
    "blind47_channel_attention_weights_checked_against_tokens": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            channels, tokens = X.shape[-2:]
            if num_groups < 1 or channels % num_groups:
                raise ValueError(f"num_groups must be a positive divisor of C={channels}")
            if tokens == 0:
                raise ValueError("X has no tokens")
            # the tokens are the features here: every projection maps N-long rows
            for name in ("Wq", "Wk", "Wv", "Wo"):
                if params[name].shape != (tokens, tokens):
                    raise ValueError(f"params[{name!r}] must be (N, N)")
            for name in ("bq", "bk", "bv", "bo"):
                if params[name].shape != (channels,):
                    raise ValueError(f"params[{name!r}] must be (C,)")
            if scale is None:
                scale = 1 / math.sqrt(tokens)

            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Too strict: requires the stride to divide n. strided_mask(3, 2): model [[T, F, T], [F, T, F], [T, F, T]], entry
    # ValueError. Fails the visible tests.
    "blind47_strided_mask_requires_stride_dividing_n": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride < 1 or n % stride:
                raise ValueError(f"stride must be a positive divisor of n={n}, got {stride}")
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # Too strict: rejects stride 1 (the dense mask, explicitly allowed). strided_mask(2, 1): model all True (2, 2),
    # entry ValueError. Fails the visible tests.
    "blind47_strided_mask_rejects_unit_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride <= 1:
                raise ValueError(f"stride must be at least 2 (stride 1 is dense attention), got {stride}")
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # No unknown-pattern check: every name that is not dense/causal/local/strided is costed as 'global' when num_global
    # is given. sparse_attention_cost('dilated', 8, num_global=2): model ValueError, entry 28. Passes the visible tests.
    "blind47_sparse_cost_unknown_pattern_falls_to_global": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                if window is None:
                    raise ValueError("the local pattern needs window=")
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                if stride is None:
                    raise ValueError("the strided pattern needs stride=")
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            if num_global is None:
                raise ValueError(f"pattern {pattern!r}: expected 'global' with num_global=")
            return n * n - (n - num_global) ** 2
'''),
    # Caps the window with min(window, n - 1) before the missing-size check, so a missing window raises TypeError.
    # sparse_attention_cost('local', 8): model ValueError, entry TypeError. Fails the visible tests.
    "blind47_sparse_cost_local_min_before_size_check": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            if pattern not in ("dense", "causal", "local", "strided", "global"):
                raise ValueError(f"unknown pattern {pattern!r}")
            if pattern == "local":
                window = min(window, n - 1) if n else 0   # a window wider than the sequence is the dense mask
            size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
            if size is None:
                raise ValueError(f"the {pattern!r} pattern needs its size")

            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # Too strict: requires H == W. patchify(ones(1, 1, 2, 4), 2): model a (1, 4, 2) result, entry ValueError. Fails the
    # visible tests.
    "blind47_patchify_requires_square_images": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if height != width:
                raise ValueError(f"images must be square, got {height}x{width}")
            if height % patch_size:
                raise ValueError(f"patch_size={patch_size} must divide the side {height}")

            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Too strict: rejects a patch as large as the image (one patch, valid). patchify(arange(4).reshape(1, 1, 2, 2), 2):
    # model [[[0], [1], [2], [3]]], entry ValueError. Fails the visible tests.
    "blind47_patchify_rejects_single_patch": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if height % patch_size or width % patch_size:
                raise ValueError(f"patch_size={patch_size} must divide H={height} and W={width}")
            if patch_size >= height and patch_size >= width:
                raise ValueError("the patch covers the whole image: choose a smaller patch_size")

            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # The divisibility check comes after the reshape, which already fails. patchify(ones(1, 1, 5, 4), 2): model
    # ValueError, entry RuntimeError (shape '[1, 1, 2, 2, 2, 2]' is invalid). Fails the visible tests.
    "blind47_patchify_reshape_before_divisibility_check": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            if height % P or width % P:
                raise ValueError(f"patch_size={P} must divide H={height} and W={width}")
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Too strict: top_p must lie strictly below 1, rejecting top_p = 1.0 (keep everything). next_token_probs([0., 0.],
    # top_p=1.0): model [0.5, 0.5], entry ValueError. Passes the visible tests.
    "blind47_next_token_probs_rejects_top_p_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            if temperature < 0:
                raise ValueError(f"temperature must be >= 0; got {temperature}")
            if top_k is not None and top_k < 1:
                raise ValueError(f"top_k must be positive; got {top_k}")
            if top_p is not None and not 0 < top_p < 1:
                raise ValueError(f"top_p must be a probability strictly between 0 and 1; got {top_p}")
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
    # Too strict: rejects max_new_tokens = 0, which returns the prompt. generate(model, [1, 2], 0): model [1, 2], entry
    # ValueError. Passes the visible tests.
    "blind47_generate_rejects_zero_new_tokens": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if max_new_tokens < 1:
                raise ValueError(f"max_new_tokens must be a positive number of tokens, got {max_new_tokens}")
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
    # Too strict: requires Q and K to have the same (D_k, N) shape, rejecting N_q != N_k. Q ones(1, 1), K ones(1, 2), V
    # [[1., 3.]]: model (output [[2.]], weights [[0.5], [0.5]]), entry ValueError. Fails the visible tests.
    "blind47_sdpa_rejects_unequal_query_key_counts": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            if Q.shape[-2:] != K.shape[-2:]:
                raise ValueError(f"Q and K must both be (..., D_k, N), got {tuple(Q.shape)} and {tuple(K.shape)}")
            if V.shape[-1] != K.shape[-1]:
                raise ValueError(f"V must have N_k={K.shape[-1]} columns, got {tuple(V.shape)}")
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Too strict: rejects an odd D, which the contract defines (ending with a sine row). sinusoidal_positions(2, 3):
    # model a (3, 2) table [[0, 0.8415], [1, 0.5403], [0, 0.0022]], entry ValueError. Fails the visible tests.
    "blind47_sinusoidal_rejects_odd_dim": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            if dim % 2:
                raise ValueError(f"dim must be even (sine and cosine rows come in pairs), got {dim}")
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Too strict: rejects an odd num_buckets in bidirectional mode, which the contract defines (31 buckets: 15 each
    # side). relative_position_bucket([-3, 0, 3], num_buckets=31): model [3, 0, 18], entry ValueError. Passes the
    # visible tests.
    "blind47_bucket_rejects_odd_bucket_count": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            if bidirectional and num_buckets % 2:
                raise ValueError(f"bidirectional buckets split into two halves: num_buckets must be even, got {num_buckets}")
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
    # Too strict: rejects an empty special_ids list (no specials: every position may be chosen). mlm_corrupt([[5, 6,
    # 7]], 10, [], 2, seed 0, mask_prob=1.0): model ([[2, 2, 2]], [[5, 6, 7]]), entry ValueError. Passes the visible
    # tests.
    "blind47_mlm_rejects_empty_special_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if len(special_ids) == 0:
                raise ValueError("special_ids must list the special tokens ([CLS], [SEP], [PAD], ...)")
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
    # Too strict: requires s and H to have the same batch axes, though they broadcast. s ones(1) (no batch), H [[[1,
    # 2]], [[3, 4]]] (2, 1, 2), W = U = ones(1, 1), v = ones(1): model weights (2, 2) and context [[1.5078], [3.5001]],
    # entry ValueError. Fails the visible tests.
    "blind47_additive_attention_requires_matching_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            if H.dim() < 2 or s.shape[:-1] != H.shape[:-2]:
                raise ValueError(f"s (..., D_s) and H (..., D_h, N) must share their batch axes, got "
                                 f"{tuple(s.shape)} and {tuple(H.shape)}")
            if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
                raise ValueError("W, U, v do not fit s and H")
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Too strict: demands F = 4D, the usual but not required hidden width. X ones(1, 1), W1 ones(2, 1), b1 zeros(2), W2
    # ones(1, 2), b2 zeros(1): model [[2.]], entry ValueError. Fails the visible tests.
    "blind47_feed_forward_requires_four_times_width": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            if W1.shape != (4 * X.shape[-2], X.shape[-2]):
                raise ValueError(f"W1 must be (4D, D) = ({4 * X.shape[-2]}, {X.shape[-2]}), got {tuple(W1.shape)}")
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # Too strict: demands (D, D) projections, rejecting D_k != D and D_v != D. X ones(2, 1), Wq = Wk ones(1, 2), Wv
    # ones(3, 2), zero biases: model (output [[2.], [2.], [2.]], weights [[1.]]), entry ValueError. Fails the visible
    # tests.
    "blind47_self_attention_requires_square_projections": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            D = X.shape[-2]
            for name, Wm in (("Wq", Wq), ("Wk", Wk), ("Wv", Wv)):
                if Wm.shape != (D, D):
                    raise ValueError(f"{name} must be (D, D) = ({D}, {D}), got {tuple(Wm.shape)}")
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
}

RIGHT_BLIND_47 = {
    # Right: corpus.count('</w>') is non-zero exactly when the literal occurs, wherever it is; the rest is the model
    # algorithm written with a tuple key that already holds the marker.
    "blind47_right_train_bpe_marker_counted": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            if corpus.count(END_OF_WORD):
                raise ValueError(f"corpus holds {corpus.count(END_OF_WORD)} copies of the end-of-word symbol")
            word_counts = Counter(tuple(word) + (END_OF_WORD,) for word in corpus.split())
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
            return merges
'''),
    # Right: the marker check by find(...) >= 0 (index 0 included) in a local refuse() helper, plus ValueErrors for a
    # non-str corpus or a non-int / bool num_merges (inputs outside the contract); a while loop on the merge count (a
    # negative count learns nothing, as the model's range does).
    "blind47_right_train_bpe_rejects_non_integer_merge_count": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            def refuse(message):
                raise ValueError(message)

            if not isinstance(corpus, str):
                refuse(f"corpus must be a str, got {type(corpus).__name__}")
            if isinstance(num_merges, bool) or not isinstance(num_merges, int):
                refuse(f"num_merges must be an int, got {num_merges!r}")
            if corpus.find(END_OF_WORD) >= 0:
                refuse("corpus must not contain '</w>'")
            word_counts = Counter(tuple(word) + (END_OF_WORD,) for word in corpus.split())
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            while len(merges) < num_merges:
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
            return merges
'''),
    # Right: str.partition finds the marker anywhere (the middle part is non-empty exactly then); merges replayed in
    # order with merge_pair.
    "blind47_right_bpe_encode_marker_by_partition": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            _, found, _ = text.partition(END_OF_WORD)
            if found:
                raise ValueError("text must not contain the end-of-word symbol '</w>'")
            tokens = []
            for word in text.split():
                symbols = [*word, END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens += symbols
            return tokens
'''),
    # Right: the range check is done on the result: an id in [0, V) matches exactly one row, an id outside matches none,
    # so 'every column has a match' is the contract's condition (vacuously true for no ids, as the model's numel guard).
    "blind47_right_one_hot_checks_every_column_has_a_one": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]        # (..., V, N)
            # an id inside [0, V) matches exactly one row; an id outside matches none
            if not bool(matches.any(dim=-2).all()):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Right: logical_or of the two bounds, then a scatter of ones into a zero buffer of the requested (or default)
    # dtype.
    "blind47_right_one_hot_range_by_logical_or": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            outside = torch.logical_or(token_ids < 0, token_ids >= vocab_size)
            if outside.any():
                raise ValueError(f"token ids must lie in [0, {vocab_size}); {int(outside.sum())} do not")
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                              dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return out.scatter(-2, token_ids.unsqueeze(-2).long(), 1.0)
'''),
    # Right: (D // H) * H == D is divisibility; the mask gains its head axis inline.
    "blind47_right_mha_divisibility_by_product": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            dim = Xq.shape[-2]
            head_dim = dim // num_heads
            if head_dim * num_heads != dim:
                raise ValueError(f"D={dim} does not split into {num_heads} equal heads")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: a validation helper that adds checks the contract allows (num_heads a positive int, params of shapes (D, D)
    # and (D,), which the contract states), plus the required D % H check.
    "blind47_right_mha_validates_heads_and_params": ("multihead", "multi_head_attention", '''
        def _check_mha(dim, params, num_heads):
            if isinstance(num_heads, bool) or not isinstance(num_heads, int) or num_heads < 1:
                raise ValueError(f"num_heads must be a positive int, got {num_heads!r}")
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            for key in ("Wq", "Wk", "Wv", "Wo"):
                if tuple(params[key].shape) != (dim, dim):
                    raise ValueError(f"params[{key!r}] must be ({dim}, {dim})")
            for key in ("bq", "bk", "bv", "bo"):
                if tuple(params[key].shape) != (dim,):
                    raise ValueError(f"params[{key!r}] must be ({dim},)")

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            _check_mha(Xq.shape[-2], params, num_heads)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: D & 1 is D % 2 for the non-negative sizes; both Q and K are checked and named in the message.
    "blind47_right_rotary_parity_by_bit_and": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            odd = [name for name, X in (("Q", Q), ("K", K)) if X.dim() < 2 or X.shape[-2] & 1]
            if odd:
                raise ValueError(f"{', '.join(odd)}: the feature count D must be even")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Right: the even-D check on both, plus an allowed extra check that given positions have shape (N,) (the contract's
    # shape for them).
    "blind47_right_rotary_checks_position_lengths_too": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            for name, X, positions in (("Q", Q, positions_q), ("K", K, positions_k)):
                if X.dim() < 2 or X.shape[-2] % 2 != 0:
                    raise ValueError(f"{name} must have an even D, got shape {tuple(X.shape)}")
                if positions is not None and tuple(positions.shape) != (X.shape[-1],):
                    raise ValueError(f"positions for {name} must be ({X.shape[-1]},), got {tuple(positions.shape)}")
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Right: len(documents) == 1 and a first document of two or more sentences is exactly 'some document has two
    # sentences but there is only one document' (no documents: no check needed, no examples).
    "blind47_right_nsp_single_document_with_a_pair": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            if len(documents) == 1 and len(documents[0]) >= 2:
                raise ValueError("one document only: there is no other document to draw a random sentence from")
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
    # Right: a helper returning the first problem (rank, floating point, channels, empty palette, in another order) and
    # one raise; all four contract conditions covered.
    "blind47_right_quantize_validation_helper": ("imagegpt", "quantize_pixels", '''
        def _quantize_problem(images, palette):
            if palette.dim() != 2 or images.dim() < 3:
                return "images must be (..., C, H, W) and the palette (C, K)"
            if not (torch.is_floating_point(images) and torch.is_floating_point(palette)):
                return "images and palette must be floating point"
            if palette.size(0) != images.size(-3):
                return "the images and the palette have different channel counts"
            if palette.size(1) < 1:
                return "the palette has no colours"
            return None

        def quantize_pixels(images, palette):
            problem = _quantize_problem(images, palette)
            if problem is not None:
                raise ValueError(problem)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            return (pixels - palette.to(dtype)).square().sum(dim=-2).argmin(dim=-1)
'''),
    # Right: the range is checked on the ids widened to int64 (K = 512 does not fit in uint8, see
    # blind47_dequantize_range_compared_in_ids_dtype), the dtype check by the complement of integer kinds; index_select
    # on the flat ids, reshaped back.
    "blind47_right_dequantize_range_by_mask_in_int64": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if torch.is_floating_point(ids) or torch.is_complex(ids) or ids.dtype is torch.bool:
                raise ValueError(f"ids must have an integer dtype, got {ids.dtype}")
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and the palette (C, K)")
            K = palette.shape[1]
            wide = ids.long()                       # compare in int64: K may not fit in uint8 / int8
            if ((wide < 0) | (wide >= K)).any():
                raise ValueError(f"ids must lie in [0, {K})")
            flat = palette.index_select(1, wide.reshape(-1))            # (C, numel)
            return flat.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Right: a helper holding the three checks (integer dtype via dtype flags, no pixels via math.prod of the last two
    # sizes, sos_id a non-bool int >= 0); inputs filled by slice assignment into a fresh tensor.
    "blind47_right_pixel_sequence_checks_in_helper": ("imagegpt", "pixel_sequence", '''
        def _check_pixel_inputs(ids, sos_id):
            integer = not (ids.dtype.is_floating_point or ids.dtype.is_complex or ids.dtype == torch.bool)
            if not integer or ids.dim() < 2:
                raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
            if math.prod(ids.shape[-2:]) == 0:
                raise ValueError("the image has no pixels")
            if not isinstance(sos_id, int) or isinstance(sos_id, bool) or sos_id < 0:
                raise ValueError(f"sos_id must be a non-negative int, got {sos_id!r}")

        def pixel_sequence(ids, sos_id):
            _check_pixel_inputs(ids, sos_id)
            targets = ids.flatten(-2).long()
            inputs = torch.empty_like(targets)
            inputs[..., 0] = sos_id
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # Right: unpacks K, D from W and compares X's D and b's shape in one condition; N < 1 rejected; the mean as a (...,
    # D, 1) column multiplied by W.
    "blind47_right_average_pool_head_shape_tuples": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() < 2 or W.dim() != 2:
                raise ValueError("X must be (..., D, N) and W (K, D)")
            K, D = W.shape
            if X.shape[-2] != D or (b is not None and tuple(b.shape) != (K,)):
                raise ValueError(f"shapes disagree: X {tuple(X.shape)}, W {tuple(W.shape)}, "
                                 f"b {None if b is None else tuple(b.shape)}")
            if X.size(-1) < 1:
                raise ValueError("no token columns to average")
            logits = (W @ X.mean(dim=-1, keepdim=True)).squeeze(-1)
            return logits if b is None else logits + b
'''),
    # Right (an allowed extra check): the contract makes ids int64 (LongTensor) unless a function says otherwise, and
    # one_hot does not, so refusing other integer dtypes with ValueError is allowed; the lookup is a column gather from
    # an identity matrix.
    "blind47_right_one_hot_rejects_non_int64_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.dtype != torch.long:
                raise ValueError(f"token_ids must be a LongTensor, got {token_ids.dtype}")
            if token_ids.numel() and not (0 <= int(token_ids.min()) and int(token_ids.max()) < vocab_size):
                raise ValueError(f"token ids must lie in [0, {vocab_size})")
            eye = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return eye[:, token_ids].movedim(0, -2)
'''),
    # Right: the window must be a positive non-bool int, then divmod gives the window counts and the remainders in one
    # step.
    "blind47_right_window_partition_divmod_check": ("swin", "window_partition", '''
        def window_partition(X, window):
            if X.dim() < 3:
                raise ValueError(f"X must be (..., C, H, W), got {tuple(X.shape)}")
            *batch, channels, height, width = X.shape
            if type(window) is bool or not isinstance(window, int) or window <= 0:
                raise ValueError(f"window must be a positive int, got {window!r}")
            rows, row_rest = divmod(height, window)
            cols, col_rest = divmod(width, window)
            if row_rest or col_rest:
                raise ValueError(f"window={window} does not tile a {height}x{width} grid")
            grid = X.reshape(*batch, channels, rows, window, cols, window)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, rows * cols, channels, window * window)
'''),
    # Right: M < 1 or a side not divisible by M rejected first, then the last three axes compared with (nW, C, M*M) in
    # one tuple.
    "blind47_right_window_reverse_expected_shape": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            if M < 1 or any(side % M for side in (height, width)):
                raise ValueError(f"window={M} must divide both sides of the {height}x{width} grid")
            if windows.dim() < 3:
                raise ValueError("windows must be (..., nW, C, M*M)")
            expected = ((height // M) * (width // M), windows.shape[-2], M * M)
            if tuple(windows.shape[-3:]) != expected:
                raise ValueError(f"windows must end in {expected}, got {tuple(windows.shape)}")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Right: for a positive window, shift % window == shift holds exactly for 0 <= shift < window (Python's modulo is
    # non-negative, so a negative shift fails, and so does shift >= window).
    "blind47_right_shifted_mask_shift_range_by_modulo_roundtrip": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            if window < 1 or height % window or width % window:
                raise ValueError(f"window={window} must divide the grid's sides {height}x{width}")
            if shift % window != shift:      # true exactly for 0 <= shift < window
                raise ValueError(f"shift must lie in [0, {window}), got {shift}")
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Right: an _expect(tensor, shape, name) helper for gamma, beta, W; parity by & 1; the four blocks built by a
    # comprehension in the contract's order (TL, BL, TR, BR).
    "blind47_right_patch_merging_expect_helper": ("swin", "patch_merging", '''
        def _expect(tensor, shape, name):
            if tuple(tensor.shape) != tuple(shape):
                raise ValueError(f"{name} must have shape {tuple(shape)}, got {tuple(tensor.shape)}")

        def patch_merging(X, gamma, beta, W, eps=1e-5):
            if X.dim() < 3:
                raise ValueError("X must be (..., C, H, W)")
            C, H, Wd = X.shape[-3:]
            if H & 1 or Wd & 1:
                raise ValueError(f"the grid {H}x{Wd} has an odd side")
            _expect(gamma, (4 * C,), "gamma")
            _expect(beta, (4 * C,), "beta")
            _expect(W, (2 * C, 4 * C), "W")
            blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]   # TL, BL, TR, BR
            tokens = layer_norm(torch.cat(blocks, dim=-3).flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (H // 2, Wd // 2))
'''),
    # Right: num_groups a positive non-bool int, divmod for divisibility, N >= 1, and all eight parameter shapes
    # compared with a table; scale N ** -0.5.
    "blind47_right_channel_attention_divmod_and_expected_shapes": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            if X.dim() < 2:
                raise ValueError("X must be (..., C, N)")
            C, N = X.shape[-2], X.shape[-1]
            if type(num_groups) is bool or not isinstance(num_groups, int) or num_groups <= 0:
                raise ValueError(f"num_groups must be a positive int, got {num_groups!r}")
            group_size, rest = divmod(C, num_groups)
            if rest:
                raise ValueError(f"num_groups={num_groups} does not divide C={C}")
            if N < 1:
                raise ValueError("X has no tokens")
            expected = {"Wq": (C, C), "Wk": (C, C), "Wv": (C, C), "Wo": (C, C),
                        "bq": (C,), "bk": (C,), "bv": (C,), "bo": (C,)}
            wrong = [k for k, shape in expected.items() if tuple(params[k].shape) != shape]
            if wrong:
                raise ValueError(f"params {wrong} have the wrong shape for C={C}")
            if scale is None:
                scale = N ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Right: 'not stride >= 1' is stride < 1 for numbers; the mask by torch.remainder of the offsets (non-negative like
    # Python's %).
    "blind47_right_strided_mask_not_at_least_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if not stride >= 1:
                raise ValueError(f"stride must be >= 1, got {stride}")
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.remainder(offsets, stride) == 0
'''),
    # Right: a dispatch table whose KeyError (or TypeError for an unhashable pattern) becomes the unknown-pattern
    # ValueError; each pattern's size is checked by a need() helper before any use, also for n = 0; closed forms n(2w+1)
    # - w(w+1), n(2m+1) - s m(m+1), g(2n - g).
    "blind47_right_sparse_cost_dispatch_table": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            def need(value, name):
                if value is None:
                    raise ValueError(f"pattern {pattern!r} needs {name}=")
                return value

            def local():
                w = need(window, "window")
                w = min(w, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)

            def strided():
                s = need(stride, "stride")  # checked before any use, also for n = 0
                m = (n - 1) // s if n else 0
                return n * (2 * m + 1) - s * m * (m + 1)

            def global_():
                g = need(num_global, "num_global")
                return g * (2 * n - g)

            table = {"dense": lambda: n * n, "causal": lambda: n * (n + 1) // 2,
                     "local": local, "strided": strided, "global": global_}
            try:
                count = table[pattern]
            except (KeyError, TypeError):
                raise ValueError(f"unknown pattern {pattern!r}") from None
            return count()
'''),
    # Right: the two remainders compared with (0, 0) as a tuple, plus an allowed extra check of patch_size >= 1
    # (patch_size 0 gives ZeroDivisionError in the model answer).
    "blind47_right_patchify_remainders_tuple": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            P = patch_size
            if P < 1 or (height % P, width % P) != (0, 0):
                raise ValueError(f"patch_size={P} must be positive and divide H={height} and W={width}")
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Right: D = 1 is left open by the contract ('raising there is accepted'), and gamma/beta shapes other than (D,) are
    # outside it; otherwise the model's per-column normalisation.
    "blind47_right_layer_norm_rejects_single_feature": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            if D < 2:
                raise ValueError("layer norm over a single feature normalises nothing (D = 1)")
            if tuple(gamma.shape) != (D,) or tuple(beta.shape) != (D,):
                raise ValueError(f"gamma and beta must be ({D},)")
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Right: n = 0 is left open by the contract (an exception is accepted), a negative n is outside it; the mask as the
    # upper triangle (diagonal included) of ones: [j, i] True iff j <= i.
    "blind47_right_causal_mask_rejects_empty": ("masking", "causal_mask", '''
        def causal_mask(n):
            if n < 1:
                raise ValueError(f"n must be a positive number of tokens, got {n!r}")
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Right: lengths outside [0, n] are outside the contract (the reference raises too), lengths must be (B,); the
    # comparison as in the model answer.
    "blind47_right_padding_mask_validates_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            if lengths.dim() != 1:
                raise ValueError(f"lengths must be (B,), got shape {tuple(lengths.shape)}")
            if lengths.numel() and (int(lengths.min()) < 0 or int(lengths.max()) > n):
                raise ValueError(f"lengths must lie in [0, {n}]")
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    # Right: is_global is a BoolTensor (..., N) by the contract, so refusing another dtype or a 0-d tensor is an allowed
    # extra check.
    "blind47_right_global_token_mask_rejects_non_bool": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            if is_global.dtype != torch.bool:
                raise ValueError(f"is_global must be a bool tensor, got {is_global.dtype}")
            if is_global.dim() < 1:
                raise ValueError("is_global must be (..., N)")
            return is_global[..., :, None] | is_global[..., None, :]
'''),
    # Right: mask_prob outside [0, 1], vocab_size < 1 and non-integer ids are outside the contract; mask_prob 0 and 1
    # stay accepted. The draws are the model answer's.
    "blind47_right_mlm_validates_probability_and_vocabulary": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if not 0.0 <= mask_prob <= 1.0:
                raise ValueError(f"mask_prob must be a probability, got {mask_prob}")
            if vocab_size < 1:
                raise ValueError(f"vocab_size must be positive, got {vocab_size}")
            if ids.is_floating_point() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be integer token ids, got {ids.dtype}")
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
    # Right: negative sizes are outside the contract; zero sizes stay accepted (an empty table, as the model answer).
    "blind47_right_sinusoidal_rejects_negative_sizes": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            if num_positions < 0 or dim < 0:
                raise ValueError(f"sizes must be non-negative, got num_positions={num_positions}, dim={dim}")
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            pair_index = torch.arange(0, dim, 2, dtype=dtype)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Right: the bool check, plus allowed extra checks that the mask broadcasts to the scores and adds no axes of its
    # own (the contract: a mask 'never adds batch dimensions of its own').
    "blind47_right_apply_mask_checks_broadcast": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            if mask.dtype is not torch.bool:
                raise ValueError(f"mask must be bool (True = visible), got {mask.dtype}")
            try:
                shape = torch.broadcast_shapes(mask.shape, scores.shape)
            except RuntimeError:
                raise ValueError(f"mask {tuple(mask.shape)} does not broadcast to scores {tuple(scores.shape)}") from None
            if shape != scores.shape:
                raise ValueError(f"mask {tuple(mask.shape)} would add axes to scores {tuple(scores.shape)}")
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Right: the sampling options checked in a helper that gathers every problem into one ValueError (temperature < 0,
    # top_k <= 0, top_p outside (0, 1]: checks the contract allows, none on a valid input).
    "blind47_right_next_token_probs_checks_by_helper": ("sampling", "next_token_probs", '''
        def _check_sampling_options(temperature, top_k, top_p):
            problems = []
            if temperature < 0:
                problems.append(f"temperature {temperature} < 0")
            if top_k is not None and top_k <= 0:
                problems.append(f"top_k {top_k} <= 0")
            if top_p is not None and (top_p <= 0 or top_p > 1):
                problems.append(f"top_p {top_p} outside (0, 1]")
            if problems:
                raise ValueError("; ".join(problems))

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            _check_sampling_options(temperature, top_k, top_p)
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
    # Right: W, U, v checked against (D_a, D_s), (D_a, D_h), (D_a,), and the batch axes of s and H checked with
    # torch.broadcast_shapes, so broadcasting batches stay accepted.
    "blind47_right_additive_attention_checks_broadcast": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            if s.dim() < 1 or H.dim() < 2:
                raise ValueError("s must be (..., D_s) and H (..., D_h, N)")
            D_a = v.shape[0]
            if W.shape != (D_a, s.shape[-1]) or U.shape != (D_a, H.shape[-2]) or v.dim() != 1:
                raise ValueError(f"W, U, v do not fit: {tuple(W.shape)}, {tuple(U.shape)}, {tuple(v.shape)}")
            try:
                torch.broadcast_shapes(s.shape[:-1], H.shape[:-2])
            except RuntimeError:
                raise ValueError(f"batch axes of s {tuple(s.shape)} and H {tuple(H.shape)} do not broadcast") from None
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
}
