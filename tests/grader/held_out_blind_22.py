"""Twenty-third blind batch of held-out implementations (prefix blind22_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md and docs/convention.md, the stubs (exercises/*.py) and the model answers
(solutions/*.py) of bpe, embeddings, softmax, masking, attention, sampling, patch_embedding, imagegpt and davit; the
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`; the first lines of
test_bpe.py and of exercises/tests/plugin.py were read to see how --target works). The entry names of the earlier blind
batches (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_20.py) were extracted and searched for
these functions, and their "counted right" / "counted WRONG after it came" comments and blind20's docstring were read,
so as to repeat none of their names and as few of their ideas as possible, and to respect their recorded decisions
(generator=None is open; skipping the draw is right only at temperature 0; beam scores may be kept in float32; rstrip()
for bpe_decode is right; an empty batch is not graded; extra ValueErrors only for inputs outside the contract; a
gradient whose true value is zero may be missing). Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor the batch being written at the same time (held_out_blind_21.py). (A listing of tests/grader/ was
printed once, when looking for the earlier batch files.)

Emphasis: the early exercises and argument combinations a careful reader would not try first, one contract clause per
wrong entry: keyword arguments under the contract's names (a mask parameter named attn_mask, top_k named k, top_k and
top_p swapped positionally, an explicit channel-attention scale used as a divisor while the default stays right), the
default float dtype (dtype=None read as float32, a float64 position table), masks of every broadcastable shape (a 2-D
mask transposed when the inputs are batched), fully masked queries (finfo.min, log of a float mask), characters outside
ASCII and whitespace other than one space (UTF-8 bytes as symbols, split(' ') in training and encoding), tie rules
(pair order by last occurrence, top-p cut by value, beams ordered lexicographically, finished beams set aside),
one-element and empty inputs (one-word corpus under a min-frequency stop, causal_mask(0), a single-token sequence
scored by Python's sum or by a float32 zero, beam search with zero steps), integer dtypes of ids (a uint8 start token),
a prompt longer than the context (cropped from the front, or kept whole), batched inputs (a scale counting the batch's
tokens, embeddings reshaped without moving the axis), and gradients (an all-zero bias treated as absent). Right
entries are in other styles: recursion, functools.reduce, explicit loops and sort keys, comprehensions, index_put,
gather, cumsum of the identity, pairwise-comparison ranks with searchsorted, Python lists of ids, conv2d, F.pad, an
einsum attention and channel attention through attention's own function on transposed groups.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind22/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source appended to its module and the stub's input checks substituted; build.py)
and run against its exercise's visible tests; every right entry passes them, and each wrong entry's comment says
whether it does. Each wrong entry's recorded input was run on the model answer and on the entry and both results
printed (demos.py, demos2.py; two beam-search cases were found by a seeded search over random prefix models,
search.py). Right entries were compared with the model answer on the batteries named in their comments (battery.py,
battery2.py): float32 and float64 to 1e-5/1e-6 and 1e-11/1e-12 (exactly for ids, masks, strings and position tables),
batched and not, sizes of 0 and 1, non-contiguous inputs, the contract's ValueErrors (same outcome on both sides),
arguments left unchanged, and gradients where the function is differentiable.

Judgement calls: blind22_bpe_encode_merges_applied_to_whole_text differs only for a merge list holding a pair that
starts with '</w>' (train_bpe never learns one, but the contract calls any list of pairs valid).
blind22_average_pool_head_bias_truthiness gives equal values and differs only in b's gradient when b is all zero.
blind22_one_hot_float32_when_dtype_none differs only under a float64 default dtype. blind22_causal_mask_int_from_
tril_transposed differs only at n = 0 (dtype). A drafted wrong entry (positions sliced as the last N columns with
[CLS] adding column 0 separately) turned out to be right and was dropped; a logsumexp softmax was dropped as a right
entry since an earlier batch has the same idea. No entry written as wrong is counted right.

Counts: 40 wrong, 23 right.
Wrong per function: {'average_pool_head': 1, 'beam_search': 3, 'bpe_decode': 2, 'bpe_encode': 3, 'causal_mask': 1, 'channel_attention': 2, 'embed': 1, 'generate': 3, 'local_mask': 1, 'next_token_probs': 3, 'one_hot': 2, 'patch_embedding': 1, 'patchify': 1, 'pixel_sequence': 1, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'sequence_log_prob': 3, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'train_bpe': 4}.
Right per function: {'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'embed': 1, 'generate': 1, 'local_mask': 1, 'merge_pair': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patchify': 1, 'pixel_sequence': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'train_bpe': 1}. (Fewer than the ~55/35 asked: the time box ran out.)

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_22 = {
    # subword-nmt's min_frequency=2 habit: training stops once the best pair occurs only once (clause: stops early
    # only when no pair is left). One-word corpus: train_bpe('ab', 3): model [('a','b'), ('ab','</w>')], entry [].
    # Fails the visible tests.
    "blind22_train_bpe_stops_when_best_pair_is_single": ("bpe", "train_bpe", '''
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
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                if pair_counts[best] < 2:      # subword-nmt's min_frequency=2 stop
                    break
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # words from corpus.split(' ') instead of split() (clause: words are corpus.split(), any whitespace): a newline or
    # tab stays inside a word and double spaces give empty words. train_bpe('ab\ncd ab', 2): model [('a','b'),
    # ('ab','</w>')], entry [('a','b'), ('ab','\n')]. Passes the visible tests.
    "blind22_train_bpe_words_split_on_single_spaces": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            if END_OF_WORD in corpus:
                raise ValueError("corpus must not contain </w>")
            words = [list(word) + [END_OF_WORD] for word in corpus.split(" ")]
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
            return merges
'''),
    # GPT-2's byte-level habit: each character becomes its UTF-8 bytes (read as latin-1) before training (clause: a
    # word is its characters). Differs only outside ASCII: train_bpe('été été', 2): model [('é','t'), ('ét','é')],
    # entry [('Ã','©'), ('Ã©','t')]. Passes the visible tests.
    "blind22_train_bpe_utf8_bytes_as_symbols": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            # byte-level symbols (GPT-2 habit): each character becomes its UTF-8 bytes read as latin-1
            words = [[b for ch in word[:-1] for b in ch.encode("utf-8").decode("latin-1")] + [END_OF_WORD]
                     for word in words]
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
            return merges
'''),
    # pair counts kept in a dict updated by pop-and-reinsert, so the insertion order (and max's tie rule) follows each
    # pair's LAST occurrence (clause: ties to the first occurrence in the scan). Differs only when a tied pair
    # reappears after another's first occurrence: train_bpe('ab cd cdab', 1): model [('a','b')], entry [('c','d')].
    # Passes the visible tests.
    "blind22_train_bpe_ties_by_last_occurrence_in_scan": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = {}
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        # pop and reinsert: the dict order becomes the order of LAST occurrence
                        pair_counts[pair] = pair_counts.pop(pair, 0) + frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # text.strip().split(' ') instead of split() (clause: splits like training): double spaces give an empty word,
    # i.e. a lone '</w>' token. bpe_encode('a  b', []): model ['a','</w>','b','</w>'], entry
    # ['a','</w>','</w>','b','</w>']. Fails the visible tests.
    "blind22_bpe_encode_split_on_single_spaces": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if END_OF_WORD in text:
                raise ValueError("text must not contain </w>")
            tokens = []
            for word in text.strip().split(" "):
                symbols = list(word) + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # merges applied to one symbol list for the whole text instead of per word (clause: splits like training, then
    # merges each word). A learned list never holds a pair starting with '</w>', but any list of pairs is valid:
    # bpe_encode('a b', [('</w>','b')]): model ['a','</w>','b','</w>'], entry ['a','</w>b','</w>']. Passes the visible
    # tests.
    "blind22_bpe_encode_merges_applied_to_whole_text": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            # one symbol list for the whole text, merges applied across word boundaries
            symbols = [symbol for word in words for symbol in word]
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            return symbols
'''),
    # a shortcut for an empty merge list that returns each word whole (clause: with no merges every character is its
    # own token). bpe_encode('ab', []): model ['a','b','</w>'], entry ['ab','</w>']. Fails the visible tests.
    "blind22_bpe_encode_empty_merges_returns_words": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            if not merges:                      # shortcut: no merges, one token per character... of the word
                return [symbol for word in words for symbol in ("".join(word[:-1]), END_OF_WORD)]
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # strip(' ') instead of rstrip(' ') (clause: only trailing spaces go; a leading '</w>' gives a leading space that
    # stays). ['</w>','a','</w>','</w>','b</w>']: model ' a  b', entry 'a  b'. Passes the visible tests.
    "blind22_bpe_decode_lstrips_too": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(tokens).replace(END_OF_WORD, " ").strip(" ")
'''),
    # dtype=None read as float32 ('dtype or torch.float32') instead of the default float dtype (clause: default float
    # dtype unless dtype is given). Differs only under torch.set_default_dtype(torch.float64): one_hot(tensor([1]),
    # 2): model float64, entry float32. Passes the visible tests.
    "blind22_one_hot_float32_when_dtype_none": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.float32)
'''),
    # the dtype keyword honoured only for half precisions (clause: dtype, a floating-point dtype, is the result's
    # dtype). one_hot(tensor([0, 2]), 3, dtype=torch.float64): model float64, entry float32. Fails the visible tests.
    "blind22_one_hot_dtype_keyword_ignored_for_float64": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            # "half precision is enough for a one-hot": anything but float16/bfloat16 falls back to the default
            if dtype in (torch.float16, torch.bfloat16):
                return matches.to(dtype)
            return matches.to(torch.get_default_dtype())
'''),
    # columns looked up for the flattened ids (D, B*N) then reshaped to (B, D, N) without moving the D axis (clause:
    # token_ids (..., N) -> (..., D, N)); right for unbatched ids only. omega_e = arange(6).reshape(2, 3) float64, ids
    # [[0,1],[2,2]]: model [[[0,1],[3,4]], [[2,2],[5,5]]], entry [[[0,1],[2,2]], [[3,4],[5,5]]]. Fails the visible
    # tests.
    "blind22_embed_flat_index_reshaped_without_moving": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            columns = omega_e[:, token_ids.reshape(-1)]            # (D, B*N)
            return columns.reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # the table built in float64 'for accuracy' and returned so (clause: default float dtype). sinusoidal_positions(3,
    # 4): model float32, entry float64 (same values to float32 rounding). Passes the visible tests.
    "blind22_sinusoidal_positions_float64_table": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)[None, :]
            two_i = torch.arange(0, dim, 2, dtype=torch.float64)[:, None]
            angles = n / 10000 ** (two_i / dim)
            table = torch.zeros(dim, num_positions, dtype=torch.float64)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table                          # float64 whatever the default dtype
'''),
    # for an odd D the frequencies are those of the even table of D - 1 with a sine row padded (clause: 10000^(2i/D)
    # with D itself; an odd D ends with a sine row). sinusoidal_positions(3, 3): row 2 model sin(n / 10000^(2/3)) =
    # [0, 0.00215, 0.00431], entry sin(n / 10000) = [0, 1e-4, 2e-4]. Fails the visible tests.
    "blind22_sinusoidal_positions_odd_dim_frequency_from_dim_minus_one": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            even = dim - dim % 2 if dim > 1 else dim   # compute the table for the even part, pad a sine row
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / even)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # each column shifted by its first entry instead of its maximum ('any constant cancels'; -inf first entries
    # replaced by 0) (clause: stable for entries of +-1e4 in float32). scores [[-1e4], [1e4]] float32: model [[0],
    # [1]], entry [[0], [nan]]. Fails the visible tests.
    "blind22_softmax_cols_shift_by_first_row": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            shift = scores[..., :1, :]                      # any constant per column cancels... unless it is -inf
            shift = torch.where(torch.isfinite(shift), shift, torch.zeros_like(shift))
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # no shift, exp overflow cleaned up with nan_to_num afterwards (clause: stable, no overflow). scores [[100], [0]]
    # float32: model [[1], [3.8e-44]], entry [[0], [0]]. Fails the visible tests.
    "blind22_softmax_cols_nan_to_num_maps_posinf": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # exp without a shift, then clean up: overflow handled by nan_to_num
            exps = torch.exp(scores)
            out = exps / exps.sum(dim=-2, keepdim=True)
            return torch.nan_to_num(out, nan=0.0)
'''),
    # an n = 0 guard that returns torch.ones(0, 0) (float) while n >= 1 gives a bool mask (clause: BoolTensor (n, n),
    # n = 0 included). causal_mask(0): model bool (0, 0), entry float32 (0, 0). Passes the visible tests.
    "blind22_causal_mask_int_from_tril_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n, dtype=torch.long).tril().T.contiguous() == 1 if n else torch.ones(0, 0)
'''),
    # the band built from torch.roll of the identity, which wraps around the edges (clause: |i - j| <= window, no
    # wrap). local_mask(4, 1): model [0, 3] False, entry True. Fails the visible tests.
    "blind22_local_mask_rolled_identity_wraps": ("masking", "local_mask", '''
        def local_mask(n, window):
            eye = torch.eye(n, dtype=torch.bool)
            mask = eye.clone()
            for d in range(1, window + 1):
                mask |= eye.roll(d, dims=1) | eye.roll(-d, dims=1)   # roll wraps around the edges
            return mask
'''),
    # the mask parameter named attn_mask (PyTorch's name) instead of mask (clause: the signature's mask=None).
    # Positional masks work; scaled_dot_product_attention(Q, K, V, mask=causal) raises TypeError in the entry. Fails
    # the visible tests.
    "blind22_sdpa_mask_keyword_renamed_attn_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, attn_mask=None):
            if K.shape[-2] != Q.shape[-2]:
                raise ValueError("K must match Q")
            if V.shape[-1] != K.shape[-1]:
                raise ValueError("V must match K")
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if attn_mask is not None:
                scores = apply_mask(scores, attn_mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # the mask added as log(mask) (0 or -inf) and torch.softmax(dim=-2) instead of softmax_cols (clause: a query whose
    # mask column is all False gets zero weights and output). Q ones(1, 2), K = V = [[1, 2]] float64, mask [[T, F],
    # [T, F]]: model weights column 1 [0, 0], entry [nan, nan]. Passes the visible tests.
    "blind22_sdpa_mask_added_as_float": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores + torch.log(mask.to(scores.dtype))      # log 0 = -inf, log 1 = 0
            weights = torch.softmax(scores, dim=-2)
            return V @ weights, weights
'''),
    # masked scores filled with finfo.min instead of -inf (BART/Hugging Face habit) (clause: a fully masked query sees
    # no key: zero weights and output). Same input: model column 1 weights [0, 0] and output 0, entry [0.5, 0.5] and
    # output 2.0. Passes the visible tests.
    "blind22_sdpa_fully_masked_query_uniform": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # a 2-D mask given with batched X is taken to be in PyTorch's (N_q, N_k) layout and transposed (clause: a mask is
    # (..., N_k, N_q) and broadcasts, whatever its number of axes). X (2, 2, 3) float64, mask = causal_mask(3): the
    # weights differ (model [0, 0] = 1.0, entry 0.70). Passes the visible tests.
    "blind22_self_attention_2d_mask_transposed_when_batched": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            if mask is not None and mask.dim() < Q.dim():
                mask = mask.transpose(-2, -1)          # "2-D masks come in PyTorch's (N_q, N_k) layout"
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # top-p's cumulative sum taken over the top-k probabilities before renormalising (clause: top-p on the
    # renormalised result). logits log[0.4, 0.3, 0.2, 0.1] float64, top_k=2, top_p=0.5: model [1, 0, 0, 0], entry
    # [0.571, 0.429, 0, 0]. Fails the visible tests.
    "blind22_next_token_probs_top_p_on_unrenormalised_top_k": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            keep = torch.ones_like(probs, dtype=torch.bool)
            if top_k is not None:
                keep[order[top_k:]] = False
            if top_p is not None:
                cumulative = torch.cumsum(torch.where(keep, probs, 0.0)[order], dim=0)   # not renormalised
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep_p = torch.zeros_like(keep)
                keep_p[order[:num_kept]] = True
                keep &= keep_p
            probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # the top-k parameter named k (clause: the signature's top_k). Positional calls work; next_token_probs(logits,
    # top_k=1) raises TypeError in the entry. Fails the visible tests.
    "blind22_next_token_probs_top_k_keyword_named_k": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, k=None, top_p=None):
            top_k = k
            # (the stub's input checks)
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
    # top-p cut by a probability threshold (keep p >= the crossing token's value), which also keeps every token tied
    # with it (clause: the shortest prefix in the stable order, ties to lower ids). logits log[0.4, 0.3, 0.3] float64,
    # top_p=0.6: model [0.571, 0.429, 0], entry [0.4, 0.3, 0.3]. Fails the visible tests.
    "blind22_next_token_probs_top_p_ties_cut_by_value": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
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
                sorted_probs = torch.sort(probs, descending=True).values
                cumulative = torch.cumsum(sorted_probs, dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                threshold = sorted_probs[num_kept - 1]
                probs = torch.where(probs >= threshold, probs, 0.0)   # keeps every token tied with the last one
            return probs / probs.sum()
'''),
    # a context longer than context_size cropped to its FIRST context_size tokens, as a tokenizer's right truncation
    # (clause: the last context_size tokens). Prompt [3, 1, 2], context_size=2, one step: the model sees [1, 2] under
    # the model answer, [3, 1] under the entry; with a length- and first-token-dependent model at temperature 0,
    # prompt [0, 1, 2, 3], 3 tokens: model [0,1,2,3,3,0,0], entry [0,1,2,3,1,1,1]. Passes the visible tests.
    "blind22_generate_prompt_cropped_from_the_front": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None or len(ids) <= context_size else ids[:context_size]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # next_token_probs called positionally with top_p and top_k swapped (clause: top_k and top_p as given).
    # generate(markov, [0], 2, top_k=2): model [0, 3, 2], entry ValueError (top_p must lie in (0, 1]); with top_p
    # alone the entry slices with a float. Fails the visible tests.
    "blind22_generate_top_k_top_p_swapped_positionally": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_p, top_k)     # the last two swapped
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # the prompt always kept whole and context_size applied to the generated tokens only (clause: the last
    # context_size tokens of everything). Prompt [3, 1, 2], context_size=2, 2 steps: model sees [1, 2], [2, x]; entry
    # sees [3, 1, 2], [3, 1, 2, x]. Fails the visible tests.
    "blind22_generate_context_size_counts_new_tokens_only": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                # the prompt is always kept; the window slides over what was generated
                new = ids[len(prompt):]
                context = ids if context_size is None else torch.cat([prompt, new[-context_size:]]) if len(new) else prompt
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Python's sum over a generator of 0-d tensors: for a single-token sequence it returns the int 0 (clause: a 0-d
    # tensor, N = 1 included). ids [2]: model tensor(0., float64), entry 0 (an int). Passes the visible tests.
    "blind22_sequence_log_prob_builtin_sum": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            return sum(log_probs[ids[n], n - 1] for n in range(1, len(ids)))
'''),
    # log(softmax) in float32 instead of log_softmax (clause: float64 computed in float64; finite log-probabilities).
    # Logits [[0, 0], [120, 120]] float64, ids [1, 0]: model -120.0, entry -inf. Fails the visible tests.
    "blind22_sequence_log_prob_log_of_softmax_float32": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids).float(), dim=0)      # probabilities in float32, then log
            positions = torch.arange(len(ids) - 1)
            return torch.log(probs[ids[1:], positions]).sum().to(model(ids).dtype)
'''),
    # candidates sorted by (-score, sequence) so ties go to the lexicographically smaller sequence (clause: ties to
    # the earlier beam, then the lower token id). Prompt [0], width 2, 2 steps, p(.|0) = [.25, .5, .25], p(.|0,1) =
    # [.5, .25, .25], p(.|0,0) = logits [-1000, -1000, 0]: [0,1,0] and [0,0,2] tie at log .25; model [0, 1, 0]
    # (earlier beam), entry [0, 0, 2]. Passes the visible tests.
    "blind22_beam_search_ties_by_sequence_lexicographic": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
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
                candidates.sort(key=lambda c: (-c[0], c[1].tolist()))     # ties: smaller sequence first
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # the first expansion done before the loop, so max_new_tokens=0 still adds a token (clause: stop after
    # max_new_tokens steps; 0 returns the prompt). Markov model, prompt [1], width 2, 0 steps: model [1], entry [1,
    # 2]. Passes the visible tests.
    "blind22_beam_search_first_step_outside_loop": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(prompt)[:, -1].double(), dim=0).tolist()
            beams = [(lp, torch.cat([prompt, torch.tensor([t], dtype=prompt.dtype)]), t == eos_id)
                     for t, lp in enumerate(log_probs)]
            beams.sort(key=lambda c: -c[0])
            beams = beams[:beam_width]
            for _ in range(max_new_tokens - 1):
                if all(finished for _, _, finished in beams):
                    break
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    lps = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(lps.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
            return beams[0][1]
'''),
    # finished beams moved to a separate pool, so they no longer hold one of the beam_width places and the live beams
    # keep all of them (Hugging Face's BeamHypotheses habit) (clause: a finished beam competes for one of the places
    # with its fixed score; ties to the earlier beam). Random prefix model (search.py: weights from {1, 1, 2, 4},
    # random.Random(16), V = 3), prompt [1], width 3, 3 steps, eos 0: model [1, 2, 0], entry [1, 0]. Passes the
    # visible tests.
    "blind22_beam_search_finished_beams_set_aside": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt)]
            done = []
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]), token))
                candidates.sort(key=lambda c: -c[0])
                beams = []
                for score, ids, token in candidates[:beam_width]:
                    if token == eos_id:
                        done.append((score, ids))     # finished beams leave the beam: the width stays for live ones
                    else:
                        beams.append((score, ids))
                if not beams:
                    break
            pool = done + beams
            best = max(range(len(pool)), key=lambda i: (pool[i][0], -i))
            return pool[best][1]
'''),
    # the grid axes permuted column-major (patches numbered down each column) (clause: row-major patches, left to
    # right then top to bottom). arange(16).reshape(1, 1, 4, 4), P = 2: patch 1 model [2, 3, 6, 7], entry [8, 9, 12,
    # 13]. Fails the visible tests.
    "blind22_patchify_grid_rows_from_width": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 4, 2, 1, 3, 5)      # (B, grid_col, grid_row, ...): column-major patches
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # b added after [CLS] is prepended, so the class token gets the projection bias too (clause: W @ patches + b, then
    # [CLS], then positions). Random float64 (1, 1, 4, 4), P = 2, D = 3: column 0 differs by b. Fails the visible
    # tests.
    "blind22_patch_embedding_cls_through_projection_bias": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            tokens = W @ patches
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + b[:, None] + positions   # b reaches [CLS] too
'''),
    # the start column built in the ids' dtype, so sos_id = 512 wraps to 0 in uint8 (clause: any integer dtype; inputs
    # long with sos_id first). ids uint8 [[3, 4]], sos_id 512: model inputs [512, 3], entry [0, 3]. Passes the visible
    # tests.
    "blind22_pixel_sequence_start_in_ids_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.flatten(-2)
            start = torch.full((*flat.shape[:-1], 1), sos_id).to(ids.dtype)   # 512 wraps in uint8 / int8
            inputs = torch.cat([start, flat[..., :-1]], dim=-1)
            return inputs.long(), flat.long()
'''),
    # an all-zero bias treated as no bias (b.any()), so autograd never reaches b at initialisation (clause:
    # differentiable in every weight). X random float64 (2, 3) with grad, W (2, 2), b = zeros(2) requiring grad: model
    # b.grad [1, 1], entry b.grad None (values equal). Passes the visible tests.
    "blind22_average_pool_head_bias_truthiness": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.einsum("kd,...d->...k", W, X.mean(dim=-1))
            if b is not None and bool(b.any()):       # an all-zero bias is "no bias"
                logits = logits + b
            return logits
'''),
    # an explicit scale used as a divisor (a temperature) while the default 1/sqrt(N) stays right (clause: scores *
    # scale). X (4, 3) float64, G = 2, scale=0.5: outputs differ (model [0,0] -0.0428, entry -0.2573). Fails the
    # visible tests.
    "blind22_channel_attention_explicit_scale_divides": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            divisor = math.sqrt(X.shape[-1]) if scale is None else scale      # scale taken as a temperature
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) / divisor)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # the default scale computed from X[..., 0, :].numel(), i.e. all the batch's tokens (clause: 1/sqrt(N), N the
    # tokens of one image). Differs only for batched X: X (2, 4, 3) float64, G = 2: model [0, 0, 0] -0.0635, entry
    # -0.0131. Passes the visible tests.
    "blind22_channel_attention_scale_from_all_tokens_of_batch": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X[..., 0, :].numel())     # counts the tokens of every image in the batch
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # removes only the last character when it is a space (clause: strips trailing spaces, all of them).
    # ['a','</w>','</w>']: model 'a', entry 'a '. Passes the visible tests.
    "blind22_bpe_decode_drops_one_trailing_space": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return text[:-1] if text.endswith(" ") else text       # the last word's space only
'''),
    # a single-token shortcut returning torch.tensor(0.0) without calling the model (clause: dtype follows the inputs;
    # float64 logits give float64). ids [1] with a float64 model: model float64 0-d, entry float32 0-d. Passes the
    # visible tests.
    "blind22_sequence_log_prob_single_token_float32_zero": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            if len(ids) < 2:
                return torch.tensor(0.0)           # nothing to score: skip the model call
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
}

RIGHT_BLIND_22 = {
    # Recursion over the index (head + walk of the rest), the recursion limit raised for long words. Compared with
    # solutions on 801 cases (random lists of 'a', 'b', 'ab', '</w>', four pairs, empty lists, 1,200 symbols). Passes
    # the visible tests.
    "blind22_right_merge_pair_recursive_head_tail": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            def walk(i):
                if i >= len(symbols):
                    return []
                if i + 1 < len(symbols) and symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                    return [symbols[i] + symbols[i + 1]] + walk(i + 2)
                return [symbols[i]] + walk(i + 1)
            import sys
            if len(symbols) > 500:
                sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * len(symbols) + 100))
            return walk(0)
'''),
    # Explicit loops and a sort keyed by (-count, first position in the scan) in place of Counter + max. 2,035 cases:
    # 407 random corpora over 'aab é ç' with newlines, tabs and runs of spaces, the worked example, CJK, '', 'a',
    # '</w>' (ValueError), num_merges 0/1/3/8/30. Passes the visible tests.
    "blind22_right_train_bpe_first_position_sort_key": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            order, freq = [], {}
            for w in words:
                key = tuple(w)
                if key not in freq:
                    order.append(key)
                    freq[key] = 0
                freq[key] += 1
            seg = [list(key) for key in order]
            merges = []
            while len(merges) < num_merges:
                count, first_seen = {}, {}
                position = 0
                for k, symbols in enumerate(seg):
                    for a, b in zip(symbols, symbols[1:]):
                        count[(a, b)] = count.get((a, b), 0) + freq[order[k]]
                        first_seen.setdefault((a, b), position)
                        position += 1
                if not count:
                    break
                best = sorted(count, key=lambda p: (-count[p], first_seen[p]))[0]
                merges.append(best)
                seg = [merge_pair(symbols, best) for symbols in seg]
            return merges
'''),
    # functools.reduce of merge_pair over the merges, once per distinct word (a dict cache). 311 cases: merges learned
    # from random corpora, [('a','bc'), ('b','c')], overlapping ('a','a') then ('aa','a'), a pair with '</w>', non-
    # ASCII text, '</w>' in the text (ValueError). Passes the visible tests.
    "blind22_right_bpe_encode_reduce_per_distinct_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import functools
            words = split_words(text, "text")
            cache = {}
            out = []
            for word in words:
                key = tuple(word)
                if key not in cache:
                    cache[key] = functools.reduce(merge_pair, merges, list(word))
                out.extend(cache[key])
            return out
'''),
    # reduce-concatenation, split on '</w>' and join with spaces, then a manual loop stripping trailing spaces. 502
    # cases: random sequences of 'a', 'b', '</w>', 'a</w>', 'ab</w>', 'é', 'ç</w>' (leading and repeated markers), the
    # contract's example, []. Passes the visible tests.
    "blind22_right_bpe_decode_reduce_characters": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import functools
            text = functools.reduce(lambda acc, t: acc + t, tokens, "")
            pieces = text.split(END_OF_WORD)
            joined = " ".join(pieces)
            end = len(joined)
            while end and joined[end - 1] == " ":
                end -= 1
            return joined[:end]
'''),
    # Advanced-index assignment of ones into a zero (B, V, N) block over the flattened batch. 112 cases: ids (0,),
    # (5,), (2, 4), (2, 1, 3), (1,), (3, 0), transposed (non-contiguous) ids, V 1/3/7, dtype
    # None/float64/float32/float16, out-of-range ids (ValueError), also under default dtype float64; exact. Passes the
    # visible tests.
    "blind22_right_one_hot_index_put_into_zeros": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            import math
            check_token_ids(token_ids, vocab_size)
            dtype = torch.get_default_dtype() if dtype is None else dtype
            n = token_ids.shape[-1]
            flat = token_ids.reshape(math.prod(token_ids.shape[:-1]), n)
            out = torch.zeros(flat.shape[0], vocab_size, n, dtype=dtype, device=token_ids.device)
            rows = torch.arange(flat.shape[0], device=token_ids.device)[:, None].expand(-1, n)
            cols = torch.arange(n, device=token_ids.device)[None, :].expand(flat.shape[0], -1)
            out[rows, flat, cols] = 1
            return out.reshape(*token_ids.shape[:-1], vocab_size, n)
'''),
    # torch.gather along the vocabulary axis of the table expanded over the batch. 73 cases (the one_hot shapes, V
    # 1/3/7, float32/float64, a transposed table, out-of-range ids) exact, and the table's gradient under a weighted
    # sum. Passes the visible tests.
    "blind22_right_embed_gather_on_expanded_table": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            D = omega_e.shape[0]
            batch = token_ids.shape[:-1]
            n = token_ids.shape[-1]
            table = omega_e.expand(*batch, D, omega_e.shape[1])
            index = token_ids.unsqueeze(-2).expand(*batch, D, n)
            return torch.gather(table, -1, index)
'''),
    # sin and cos stacked per row pair, interleaved by a reshape, the extra cosine row of an odd D trimmed. Bit-
    # identical for N in {0, 1, 2, 7, 100, 2048} and D in {0, 1, 2, 3, 5, 8, 64, 65}, under default dtype float32 and
    # float64. Passes the visible tests.
    "blind22_right_sinusoidal_stack_interleave_trim": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dt)
            two_i = torch.arange(0, dim, 2, dtype=dt)
            angles = positions[None, :] / 10000 ** (two_i[:, None] / dim)      # (ceil(D/2), N)
            pairs = torch.stack([torch.sin(angles), torch.cos(angles)], dim=1)  # (ceil(D/2), 2, N)
            return pairs.reshape(2 * angles.shape[0], num_positions)[:dim].clone()
'''),
    # transpose to rows, max/exp/sum over the last axis with torch.where guards, transpose back. 42 cases
    # (float32/float64, (1, 1) to (2, 2, 1, 5), scale 1/10/1e4, random -inf, all -inf columns, non-contiguous, the 1e4
    # example) to 1e-6/1e-13, and gradients at finite inputs with all -inf columns present. Passes the visible tests.
    "blind22_right_softmax_cols_transpose_last_axis": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            rows = scores.transpose(-2, -1)
            top = rows.max(dim=-1, keepdim=True).values
            top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
            e = (rows - top).exp()
            s = e.sum(dim=-1, keepdim=True)
            return (e / torch.where(s == 0, torch.ones_like(s), s)).transpose(-2, -1)
'''),
    # The cumulative sum along the query axis of the identity, > 0. n = 0..8 and 300, exact, bool. Passes the visible
    # tests.
    "blind22_right_causal_mask_cumsum_of_identity": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.eye(n, dtype=torch.long).cumsum(dim=1) > 0
'''),
    # Nested Python comprehension then torch.tensor and reshape to (B, n, 1). n in {0, 1, 4, 7}, B in {0, 1, 3},
    # lengths 0..n; exact. Passes the visible tests.
    "blind22_right_padding_mask_loop_over_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            rows = [[j < int(length) for j in range(n)] for length in lengths]
            return torch.tensor(rows, dtype=torch.bool, device=lengths.device).reshape(len(rows), n, 1)
'''),
    # OR of the diagonals -w..w, each as ones.triu(d) & ones.tril(d). n = 0..7, window 0..9 (window >= n included);
    # exact. Passes the visible tests.
    "blind22_right_local_mask_sum_of_shifted_eyes": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            ones = torch.ones(n, n, dtype=torch.bool)
            for d in range(-min(window, n), min(window, n) + 1):
                mask |= ones.triu(d) & ones.tril(d)          # the d-th diagonal
            return mask
'''),
    # An additive 0/-inf penalty of the mask's own shape, selected with torch.where (no masked_fill on the scores).
    # Scores (2, 3, 4, 5) float32/float64 against masks (4, 5), (4, 1), (1, 5), (3, 4, 5), (3, 4, 1), (2, 3, 4, 5),
    # (1, 1), (2, 1, 4, 1), 0-d, a float mask (ValueError); gradients at visible entries. Passes the visible tests.
    "blind22_right_apply_mask_add_of_where": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            penalty = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device).masked_fill(~mask, float("-inf"))
            return torch.where(mask, scores, scores + penalty)
'''),
    # einsum scores and output, the mask skipped when it is all True (it would change nothing). 338 cases: unbatched,
    # (2,), (2, 3) batches, D_k != D_v, N 1..6, masks (N_k, N_q), (N_k, 1), (1, N_q), batched, all True, all False,
    # positional or keyword; gradients of Q, K, V under a mask. Passes the visible tests.
    "blind22_right_sdpa_einsum_skip_all_true_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) * (1.0 / math.sqrt(Q.shape[-2]))
            if mask is not None and not bool(mask.all()):
                scores = apply_mask(scores, mask)             # an all-True mask changes nothing
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # Wq, Wk, Wv stacked into one matrix (as nn.MultiheadAttention's in_proj), split by sizes after one matmul. 54
    # cases (float32/float64, three batch shapes, D_k != D_v, N = 1, masks 2-D and batched (B, N, 1)), and the
    # gradients of X and every weight. Passes the visible tests.
    "blind22_right_self_attention_stacked_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv])
            b = torch.cat([bq, bk, bv])
            QKV = W @ X + b[:, None]
            dk = Wq.shape[0]
            Q, K, V = QKV.split([dk, Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask=mask)
'''),
    # Ranks from a pairwise comparison matrix (ties to the lower id) instead of a sort; top-p prefix length by
    # searchsorted on the rank-ordered cumulative sum. 36,003 cases: V 1..6, float32/float64, random, tied and dyadic
    # logits (cumulative sums landing exactly on p), temperature 0/0.5/1/2, k None/1/2/V/V+2, p
    # None/0.25/0.5/0.75/1/(1/3), and the ValueErrors. Passes the visible tests.
    "blind22_right_next_token_probs_neg_inf_logit_filters": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[0]
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[int(torch.argmax(logits))] = 1
                return out
            probs = torch.softmax(logits / temperature, dim=0)
            # rank of each token: how many beat it, ties to the lower id
            ids = torch.arange(V)
            beats = (probs[None, :] > probs[:, None]) | ((probs[None, :] == probs[:, None]) & (ids[None, :] < ids[:, None]))
            rank = beats.sum(dim=1)
            if top_k is not None:
                probs = torch.where(rank < top_k, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
                beats = (probs[None, :] > probs[:, None]) | ((probs[None, :] == probs[:, None]) & (ids[None, :] < ids[:, None]))
                rank = beats.sum(dim=1)
            if top_p is not None:
                sorted_probs = torch.empty_like(probs)
                sorted_probs[rank] = probs
                cumulative = torch.cumsum(sorted_probs, dim=0)
                num_kept = int(torch.searchsorted(cumulative, torch.tensor([top_p], dtype=cumulative.dtype))[0]) + 1
                probs = torch.where(rank < num_kept, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # ids kept in a Python list, each context rebuilt with torch.tensor(window, dtype=long). 32,400 seeded runs (non-
    # Markov models, prompts of 1, 2 and 5 tokens, 0/1/6 new tokens, temperature 0/0.7/1/1.5, top-k, top-p, eos
    # None/0/2, context_size None/1/2/10 so prompts longer than the context): ids, dtype, every context the model saw
    # and the generator's final state all equal. Passes the visible tests.
    "blind22_right_generate_python_list_of_ids": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            history = prompt.tolist()
            steps = 0
            while steps < max_new_tokens:
                window = history if context_size is None else history[len(history) - min(context_size, len(history)):]
                logits = model(torch.tensor(window, dtype=torch.long))
                probs = next_token_probs(logits[:, logits.shape[1] - 1], temperature=temperature, top_k=top_k, top_p=top_p)
                token = int(torch.multinomial(probs, 1, generator=generator)[0])
                history.append(token)
                steps += 1
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(history, dtype=torch.long)
'''),
    # gather of the target logits minus logsumexp of each column. float32/float64, N 1/2/5, 60 random models: values,
    # 0-d shape, dtype and gradients of the model's table. Passes the visible tests.
    "blind22_right_sequence_log_prob_gather_minus_logsumexp": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                   # (V, N)
            prev = logits[:, :-1]
            picked = torch.gather(prev, 0, ids[1:][None, :])[0]  # (N-1,)
            return (picked - torch.logsumexp(prev, dim=0)).sum()
'''),
    # Sequences as Python lists, candidates sorted by an explicit key (-score, beam index, token), finished beams
    # keyed with token -1. 86,400 searches over 900 random prefix models (V 2..4, probabilities from weights {1, 1, 2,
    # 4} so ties abound, float32 and float64 logits), widths 1/2/3/5, 0/1/3/4 steps, eos None/0/V-1, prompts [0] and
    # [1, 0]; width 0 raises ValueError. Passes the visible tests.
    "blind22_right_beam_search_explicit_rank_keys": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                pool = []
                for b, (score, seq, done) in enumerate(beams):
                    if done:
                        pool.append(((-score, b, -1), score, seq, True))
                        continue
                    lp = torch.log_softmax(model(torch.tensor(seq, dtype=torch.long))[:, -1].double(), dim=0).tolist()
                    for t, value in enumerate(lp):
                        total = score + value
                        pool.append(((-total, b, t), total, seq + [t], eos_id is not None and t == eos_id))
                pool.sort(key=lambda item: item[0])
                beams = [(s, q, d) for _, s, q, d in pool[:beam_width]]
                if all(d for _, _, d in beams):
                    break
            return torch.tensor(beams[0][1], dtype=torch.long)
'''),
    # A Python loop over grid rows then columns, each P x P block reshaped to a column, stacked. 29 cases:
    # float32/float64, H != W, P = 1, P = H, one patch along an axis, transposed (non-contiguous) images, B = 0, a
    # non-multiple (ValueError); exact. Passes the visible tests.
    "blind22_right_patchify_python_loop_over_grid": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for r in range(height // P):
                for c in range(width // P):
                    block = images[:, :, r * P:(r + 1) * P, c * P:(c + 1) * P]
                    columns.append(block.reshape(batch, channels * P * P))
            if not columns:
                return images.new_zeros(batch, channels * P * P, 0)
            return torch.stack(columns, dim=-1)
'''),
    # The projection as F.conv2d with W reshaped to (D, C, P, P) and stride P. 11 cases (float32/float64, H != W, P =
    # 1, D = 1, a non-multiple raising ValueError) and the gradients of images, W, b, cls_token and positions. Passes
    # the visible tests.
    "blind22_right_patch_embedding_conv2d_with_cls_pad": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            import torch.nn.functional as F
            P = patch_size
            if images.shape[-2] % P or images.shape[-1] % P:
                raise ValueError("H and W must be multiples of patch_size")
            kernel = W.reshape(W.shape[0], images.shape[1], P, P)
            tokens = F.conv2d(images, kernel, b, stride=P).flatten(-2)        # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).expand(images.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # F.pad of the flattened long targets with sos_id on the left, then the last column dropped. 55 cases:
    # int64/int32/int16/int8/uint8 ids, (1, 1), (2, 3), (2, 1, 4), (3, 2, 2, 2), (1, 5), a transposed view, sos_id 0
    # and 512, the ValueErrors (no pixels, 1-D ids, float ids, negative sos_id); exact. Passes the visible tests.
    "blind22_right_pixel_sequence_pad_then_drop": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            import torch.nn.functional as F
            targets = ids.flatten(-2).to(torch.long)
            inputs = F.pad(targets, (1, 0), value=sos_id)[..., :-1]
            return inputs, targets
'''),
    # A Python loop summing the token columns, then a row-vector matmul with W transposed. 74 cases (float32/float64,
    # no, one and two batch axes, N = 1, K = 1, b omitted, None, positional or keyword, N = 0 and a shape mismatch
    # raising ValueError). Passes the visible tests.
    "blind22_right_average_pool_head_sum_over_columns_loop": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            total = X[..., 0]
            for n in range(1, X.shape[-1]):
                total = total + X[..., n]
            pooled = total / X.shape[-1]
            logits = (pooled.unsqueeze(-2) @ W.transpose(0, 1)).squeeze(-2)
            return logits if b is None else logits + b
'''),
    # A loop over the groups, each calling attention's scaled_dot_product_attention on the transposed Q_g, K_g, V_g
    # (the contract's equivalence), a given scale folded into Q_g. 92 cases: float32/float64, unbatched, (2,), (2, 1,
    # 3), (C, N, G) in (4, 3, 2), (4, 1, 4), (6, 5, 3), (3, 7, 1), (1, 1, 1), default, scale=0.3 and the paper's
    # (C//G)**-0.5, N = 0 and a non-divisor (ValueError); gradients of X and every parameter (bk's is zero on both
    # sides, None on both). Passes the visible tests.
    "blind22_right_channel_attention_sdpa_on_transposed_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            C, N = X.shape[-2:]
            rows = []
            for g in range(num_groups):
                sl = slice(g * C // num_groups, (g + 1) * C // num_groups)
                Qg = params["Wq"][sl] @ X + params["bq"][sl, None]
                Kg = params["Wk"][sl] @ X + params["bk"][sl, None]
                Vg = params["Wv"][sl] @ X + params["bv"][sl, None]
                if scale is not None:
                    Qg = Qg * (scale * math.sqrt(N))          # sdpa divides by sqrt(N)
                out, _ = scaled_dot_product_attention(Qg.transpose(-2, -1), Kg.transpose(-2, -1), Vg.transpose(-2, -1))
                rows.append(out.transpose(-2, -1))
            return params["Wo"] @ torch.cat(rows, dim=-2) + params["bo"][:, None]
'''),
}
