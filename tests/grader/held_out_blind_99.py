"""One hundredth blind batch of held-out implementations (prefix blind99_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_96.py) were only scanned for
their entry names (to avoid repeating a mechanism for a function) and held_out_blind_90.py for the header style.
Listing tests/grader/ to find the batch files also showed the name of one other file there (a test module); it was
not opened. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor
the batches written at the same time (held_out_blind_97.py, held_out_blind_98.py).

Emphasis: text, ids and discrete data end to end. Wrong entries mishandle a kind of text or id the contract allows
that a learner's own example lacks: train_bpe counting word frequencies with corpus.count (substrings), splitting on
space/tab/newline only (a "\\r" from "\\r\\n" stays in the word), gluing combining marks to their base character,
raising for any "<" or ">", breaking ties by the position inside the word (then alphabetically), dropping
non-printable characters such as the zero-width joiner, deduplicating repeated lines, splitting the "</w>" marker
into its characters, and counting pairs with non-overlapping regex matches; bpe_encode gluing emoji skin-tone
modifiers / joiners into one symbol, matching a merge by the text it produces (("a", "bc") also merging ("ab", "c")),
dropping characters no merge mentions, escaping non-ASCII characters with unicode_escape, stripping BOMs and
zero-width characters, turning an empty text into a lone "</w>", and replaying the merges sorted by length;
bpe_decode removing the space before punctuation; one_hot whose index_put with an ellipsis mixes batch rows; embed
zeroing id 0 as padding; mlm_corrupt encoding the mask positions as flag * mask_id (mask_id 0 never masks) and
reading label 0 as "not chosen"; nsp_pairs stripping string sentences; sequence_log_prob skipping id 0 as padding;
beam_search testing eos with `is` (ids above 256). Right entries handle all of these in their own style: a heapq
with first-seen ranks, re.split on single whitespace characters (empty words harmless), per-word Counters scaled and
merged with update(), an output stack per merge, code points unpacked with str.split(None), a trailing-space index
walk, merge_pair with an explicit iterator, one_hot from a clamped distance, embed through F.embedding_bag,
mlm_corrupt with numpy's isin or searchsorted action bands, nsp_pairs with a rotated deque of document indices,
sequence_log_prob as a summed cross-entropy, beam_search with NamedTuple candidates, generate with a Python list of
ids.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind99/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (17 of the 24 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (the mlm_corrupt mask_id 0 entry by
frequency over 10 000 positions). Short examples for the substring-count, regex-count and merge-order entries were
found by a small fuzzer against the model answer. Right entries were compared with the model answer: the bpe ones on
3000 random texts each, built from ASCII letters, "é" (composed and decomposed), emoji with a skin-tone modifier, the
zero-width joiner, a BOM, CJK, "<", ">", "/" and punctuation, separated by spaces, runs of spaces, tabs, "\\n", "\\r\\n",
no-break and ideographic spaces, "\\x1c", "\\x0b", "\\x0c", "\\u2028" and "\\x85", with leading and trailing whitespace
and empty texts (train_bpe for 0..8 merges and the "</w>" ValueError; bpe_encode with learned merges plus random and
repeated pairs; bpe_decode on random token lists with "</w>" tokens in a row or first and on encoded texts, the
caller's list left unchanged; merge_pair directly and through train_bpe); one_hot and embed under both default
dtypes on random ids with 0-2 batch axes (transposed and expanded views), every float dtype for one_hot, float32 and
float64 tables (transposed, expanded), values exactly, dtypes, gradients of the table, the out-of-range ValueErrors,
no_grad and inference-mode inputs; mlm_corrupt on 200 random calls (int64 and int32 ids, list / tuple / tensor / empty
specials, mask_id 0, V-1 and V, mask_prob 0, 0.15, 0.5, 1 and the int 1): identical to the model answer for the same
seed (both draw in the same order), labels int64, ids untouched, reproducible, generator advancing, and frequencies on
400 000 positions (30 % chosen, 80 % masked, 12 % unchanged); nsp_pairs against the model answer by frequencies over
8000 seeded calls (tuple documents included), the one-document ValueError and edge cases, sentences returned as the
same objects; sequence_log_prob on 200 random models per default dtype (float32 and float64 weights, N = 1..6):
values, dtype, 0-d shape and gradients; beam_search on 400 random models with rounded logits (ties), widths 1..4,
0..4 steps, eos None / 0 / 1 / V-1, the width ValueError and the model's training mode; generate on 300 calls per
default dtype with every option (temperature 0, top-k, top-p, eos 0 and V-1, context_size): the same ids, the same
generator state afterwards, the same under torch.manual_seed and under no_grad.

Judgement calls: blind99_train_bpe_rejects_angle_brackets is wrong only because "<" and ">" are ordinary characters
under the contract (only the literal "</w>" is named). blind99_beam_search_eos_compared_with_is is right for eos ids up
to 256 (CPython's small-int cache) and wrong above; vocabularies of 257 or more ids are allowed.
blind99_bpe_encode_unseen_characters_dropped keeps every character when the merge list is empty. A train_bpe entry
that keyed pair counts by the concatenation a + b was written and dropped: a fuzzer over tens of thousands of corpora
never found two different pairs with the same concatenation alive at once, so no input could be recorded.
blind99_right_merge_pair_iterator_next compares (left, right) == pair as the model answer does, so a pair given as a
list never matches in either. Fewer entries than the task's aim (35 / 20): the time box, and the emphasis's functions
already hold most simple mechanisms in earlier batches.

Counts: 24 wrong, 15 right.
Wrong per function: {'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 7, 'embed': 1, 'mlm_corrupt': 2, 'nsp_pairs': 1, 'one_hot': 1, 'sequence_log_prob': 1, 'train_bpe': 9}.
Right per function: {'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 2, 'embed': 1, 'generate': 1, 'merge_pair': 1, 'mlm_corrupt': 2, 'nsp_pairs': 1, 'one_hot': 1, 'sequence_log_prob': 1, 'train_bpe': 3}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_99 = {
    # Word frequencies come from corpus.count(word), which counts substrings: "c" is also counted inside "ca".
    # train_bpe("ca c", 1): model [("c", "a")], entry [("c", "</w>")]. Fails the visible tests.
    "blind99_train_bpe_word_frequency_from_substring_count": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            distinct = list(dict.fromkeys(corpus.split()))
            frequency = {word: corpus.count(word) for word in distinct}  # how often each word occurs
            segmentation = {word: list(word) + ["</w>"] for word in distinct}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word in distinct:
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency[word]
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in distinct:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Words are split on runs of space, tab and newline only, so a Windows line ending leaves "\r" stuck to the
    # word before it (form feeds, vertical tabs and no-break spaces stay inside words too).
    # train_bpe("ab\r\nab", 2): model [("a", "b"), ("ab", "</w>")], entry [("a", "b"), ("ab", "\r")]. Passes the visible tests.
    "blind99_train_bpe_splits_on_space_tab_newline_only": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import re
            tokens = [word for word in re.split(r"[ \\t\\n]+", corpus) if word]
            word_counts = Counter(tokens)
            segmentation = {word: list(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # "User-perceived characters": a combining mark is glued to the character before it, so a decomposed "e\u0301" is
    # one symbol. The contract keeps every code point as its own character.
    # train_bpe("e\u0301", 1): model [("e", "\u0301")], entry [("e\u0301", "</w>")]. Passes the visible tests.
    "blind99_train_bpe_combining_marks_kept_with_base": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import unicodedata

            def characters(word):
                out = []
                for ch in word:
                    if out and unicodedata.combining(ch):
                        out[-1] += ch
                    else:
                        out.append(ch)
                return out

            word_counts = Counter(corpus.split())
            segmentation = {word: characters(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # An over-eager guard against the end-of-word marker: any "<" or ">" in the corpus raises, but only the literal
    # "</w>" is forbidden. train_bpe("a<b", 1): model [("a", "<")], entry raises ValueError. Passes the visible tests.
    "blind99_train_bpe_rejects_angle_brackets": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            if "<" in corpus or ">" in corpus:
                raise ValueError("corpus must not contain the marker characters < or >")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Ties are read as "the pair that comes earliest in its word": a heap of (-count, position in the word, pair),
    # so two tied pairs at the same position go to the alphabetically smaller one.
    # train_bpe("xab cd", 1): model [("x", "a")], entry [("c", "d")]. Fails the visible tests.
    "blind99_train_bpe_ties_by_position_within_word": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import heapq
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                position = {}
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for i, pair in enumerate(zip(symbols, symbols[1:])):
                        counts[pair] += frequency
                        position[pair] = min(position.get(pair, i), i)
                if not counts:
                    break
                heap = [(-count, position[pair], pair) for pair, count in counts.items()]
                heapq.heapify(heap)
                best = heap[0][2]
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # The corpus is "cleaned" first: characters that are neither printable nor whitespace (zero-width joiners, soft
    # hyphens, BOMs, control characters) are dropped, so emoji ZWJ sequences lose their joiner.
    # train_bpe("a\u200db", 1): model [("a", "\u200d")], entry [("a", "b")]. Passes the visible tests.
    "blind99_train_bpe_nonprintable_characters_dropped": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            corpus = "".join(ch for ch in corpus if ch.isprintable() or ch.isspace())
            word_counts = Counter(corpus.split())
            segmentation = {word: list(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # The corpus is deduplicated line by line before counting (a data-cleaning habit), so words on repeated lines
    # lose their frequency. train_bpe("ba\nab\nab", 1): model [("a", "b")], entry [("b", "a")]. Passes the visible tests.
    "blind99_train_bpe_duplicate_lines_dropped": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            lines = list(dict.fromkeys(corpus.splitlines()))
            word_counts = Counter(word for line in lines for word in line.split())
            segmentation = {word: list(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # list(word + "</w>") splits the end-of-word marker into its four characters "<", "/", "w", ">".
    # train_bpe("a", 1): model [("a", "</w>")], entry [("a", "<")]. Fails the visible tests.
    "blind99_train_bpe_marker_split_into_characters": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(corpus.split())
            segmentation = {word: list(word + "</w>") for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Pairs are counted with re.finditer on the space-joined symbols; regex matches never overlap, so in "c a </w>"
    # only ("c", "a") is seen. train_bpe("ca a", 1): model [("a", "</w>")], entry [("c", "a")]. Fails the visible tests.
    "blind99_train_bpe_pairs_counted_by_non_overlapping_regex": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import re
            word_counts = Counter(corpus.split())
            segmentation = {word: list(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, frequency in word_counts.items():
                    for match in re.finditer(r"(\\S+) (\\S+)", " ".join(segmentation[word])):
                        counts[(match.group(1), match.group(2))] += frequency
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # An "emoji-aware" character split: skin-tone modifiers, variation selectors and zero-width joiners (and the
    # character after a joiner) are glued to the symbol before them; the contract keeps every code point apart.
    # bpe_encode("\U0001F44D\U0001F3FD", []): model ["\U0001F44D", "\U0001F3FD", "</w>"], entry ["\U0001F44D\U0001F3FD", "</w>"].
    # Passes the visible tests.
    "blind99_bpe_encode_emoji_sequences_kept_whole": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            def characters(word):
                out = []
                glue = False
                for ch in word:
                    code = ord(ch)
                    attach = 0x1F3FB <= code <= 0x1F3FF or 0xFE00 <= code <= 0xFE0F or code == 0x200D
                    if out and (attach or glue):
                        out[-1] += ch
                    else:
                        out.append(ch)
                    glue = code == 0x200D
                return out

            tokens = []
            for word in text.split():
                symbols = characters(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Each merge is matched by the text it produces: any adjacent pair whose concatenation equals a + b is merged, so
    # ("a", "bc") also merges ("ab", "c"). bpe_encode("abc", [("a", "b"), ("a", "bc")]): model ["ab", "c", "</w>"],
    # entry ["abc", "</w>"]. Passes the visible tests.
    "blind99_bpe_encode_pair_matched_by_concatenation": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for a, b in merges:
                    joined = a + b
                    out = []
                    i = 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and symbols[i] + symbols[i + 1] == joined:
                            out.append(joined)
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    # Characters that no merge mentions are treated as out of vocabulary and silently dropped (when there are merges);
    # BPE never drops a character. bpe_encode("caf\u00e9", [("c", "a"), ("ca", "f")]): model ["caf", "\u00e9", "</w>"],
    # entry ["caf", "</w>"]. Fails the visible tests.
    "blind99_bpe_encode_unseen_characters_dropped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            vocabulary = {"</w>"}
            for a, b in merges:
                vocabulary.update((a, b, a + b))
            tokens = []
            for word in text.split():
                chars = [ch for ch in word if ch in vocabulary] if merges else list(word)
                symbols = chars + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Symbols are made "ASCII-safe" with the unicode_escape codec, so a non-ASCII character becomes several escape
    # characters. bpe_encode("\u00e9", []): model ["\u00e9", "</w>"], entry ["\\", "x", "e", "9", "</w>"].
    # Passes the visible tests.
    "blind99_bpe_encode_non_ascii_as_escapes": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for word in text.split():
                symbols = list(word.encode("unicode_escape").decode("ascii")) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Byte-order marks and zero-width characters (U+FEFF, U+200B, U+200C, U+200D) are stripped before encoding, as a
    # text cleaner would. bpe_encode("\ufeffhi", []): model ["\ufeff", "h", "i", "</w>"], entry ["h", "i", "</w>"].
    # Passes the visible tests.
    "blind99_bpe_encode_bom_and_zero_width_stripped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            text = text.translate({0xFEFF: None, 0x200B: None, 0x200C: None, 0x200D: None})
            tokens = []
            for word in text.split():
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # re.split(r"\s+", text.strip()) returns [""] for an empty or all-whitespace text, and that empty word becomes a
    # lone "</w>". bpe_encode("", []): model [], entry ["</w>"] (the same for " \n "). Passes the visible tests.
    "blind99_bpe_encode_empty_text_gives_lone_marker": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            import re
            tokens = []
            for word in re.split(r"\\s+", text.strip()):
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # The merges are replayed shortest result first ("short merges are the building blocks"), a stable sort by
    # len(a + b). bpe_encode("ab", [("b", "</w>"), ("a", "b")]): model ["a", "b</w>"], entry ["ab", "</w>"].
    # Passes the visible tests.
    "blind99_bpe_encode_merges_sorted_by_length": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            ordered = sorted(merges, key=lambda pair: len(pair[0] + pair[1]))
            tokens = []
            for symbols in words:
                for pair in ordered:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # A detokenizer's habit: the space before punctuation is removed, breaking decode(encode(t)) == " ".join(t.split()).
    # bpe_decode(["a</w>", ",</w>", "b</w>"]): model "a , b", entry "a, b". Passes the visible tests.
    "blind99_bpe_decode_attaches_punctuation": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            import re
            text = "".join(tokens).replace("</w>", " ").rstrip(" ")
            return re.sub(r" ([.,!?;:])", r"\\1", text)
'''),
    # out[..., ids, arange(N)] = 1 with batched ids: the ellipsis spans the batch axes, so every batch row gets the
    # ones of every row (right for one sequence). one_hot(tensor([[0, 1], [1, 0]]), 2): model [[[1, 0], [0, 1]],
    # [[0, 1], [1, 0]]], entry all ones. Fails the visible tests.
    "blind99_one_hot_index_put_ellipsis_mixes_batch_rows": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            n = token_ids.shape[-1]
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, n, dtype=dtype or torch.get_default_dtype())
            out[..., token_ids, torch.arange(n)] = 1
            return out
'''),
    # Id 0 is taken for padding and its embedding zeroed in the forward pass; the contract has no padding id.
    # embed(tensor([[1., 2.]]), tensor([0, 1])): model [[1, 2]], entry [[0, 2]]. Fails the visible tests.
    "blind99_embed_id_zero_masked_as_padding": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            X = omega_e[:, token_ids].movedim(0, -2)
            keep = (token_ids != 0).unsqueeze(-2).to(X.dtype)  # padding id 0 -> zero vector
            return X * keep
'''),
    # Where to put [MASK] is stored as flag * mask_id and read back with "> 0": with mask_id 0 nothing is ever masked.
    # mlm_corrupt(full((10000,), 5), 10, [], 0, Generator().manual_seed(0), 1.0): model 80.6 % of positions 0, entry 1.1 %
    # (only random draws). Passes the visible tests.
    "blind99_mlm_mask_positions_encoded_by_mask_id_product": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            masked = (chosen & (action < 0.8)).to(ids.dtype) * mask_id  # mask_id where masked, 0 elsewhere
            corrupted = torch.where(masked > 0, masked, ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Labels are ids * chosen with every 0 then replaced by -100, so a chosen token whose id is 0 gets the ignore label.
    # mlm_corrupt(zeros(6, long), 5, [], 4, Generator().manual_seed(0), 1.0) labels: model [0] * 6, entry [-100] * 6.
    # Passes the visible tests.
    "blind99_mlm_labels_zero_id_read_as_unchosen": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = ids.long() * chosen
            labels[labels == 0] = -100
            return corrupted, labels
'''),
    # String sentences are stripped of surrounding whitespace; the contract returns sentences as given.
    # nsp_pairs([[" A ", "B"], ["C"]], Generator().manual_seed(0)): model [(" A ", "B", 0)], entry [("A", "B", 0)].
    # Passes the visible tests.
    "blind99_nsp_pairs_sentences_stripped": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def clean(sentence):
                return sentence.strip() if isinstance(sentence, str) else sentence

            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((clean(a), clean(successor), 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        b = other[torch.randint(len(other), (), generator=generator).item()]
                        pairs.append((clean(a), clean(b), 1))
            return pairs
'''),
    # Id 0 is treated as padding and left out of the sum. With a model giving zero logits over V = 2,
    # sequence_log_prob(model, tensor([1, 0])): model -0.6931, entry 0.0. Passes the visible tests.
    "blind99_sequence_log_prob_skips_id_zero_as_padding": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            targets = ids[1:]
            picked = log_probs[targets, torch.arange(len(ids) - 1)]
            return picked[targets != 0].sum()  # 0 is the padding id
'''),
    # The end of a beam is tested with `token is eos_id`: ints above 256 are distinct objects, so an eos id >= 257 never
    # finishes a beam. V = 300, a model whose logits are 0 except 5 at id 299, beam_search(model, tensor([0]), 1, 3,
    # eos_id=299): model [0, 299], entry [0, 299, 299, 299]. Passes the visible tests.
    "blind99_beam_search_eos_compared_with_is": ("sampling", "beam_search", '''
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
                        candidates.append((score + log_prob, extended, token is eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
}

RIGHT_BLIND_99 = {
    # A heap of (-count, first-seen rank, pair), the rank counted while scanning the distinct words in order of first
    # appearance, each left to right: the top of the heap is the contract's choice. Passes the visible tests.
    "blind99_right_train_bpe_heapq_first_seen_rank": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import heapq
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1
            segmentation = {key: list(key) for key in frequency}
            merges = []
            while len(merges) < num_merges:
                counts, rank = {}, {}
                for key, freq in frequency.items():
                    symbols = segmentation[key]
                    for pair in zip(symbols, symbols[1:]):
                        if pair not in rank:
                            rank[pair] = len(rank)
                        counts[pair] = counts.get(pair, 0) + freq
                if not counts:
                    break
                heap = [(-count, rank[pair], pair) for pair, count in counts.items()]
                heapq.heapify(heap)
                best = heapq.heappop(heap)[2]
                merges.append(best)
                segmentation = {key: merge_pair(symbols, best) for key, symbols in segmentation.items()}
            return merges
'''),
    # Words from re.split(r"\s", corpus) without "+": runs of whitespace give empty words, which become a lone "</w>"
    # with no pair, so they change no count and no first occurrence. Passes the visible tests.
    "blind99_right_train_bpe_single_whitespace_split_empty_words_harmless": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            import re
            word_counts = Counter(re.split(r"\\s", corpus))
            segmentation = {word: [*word, "</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for word, freq in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += freq
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Each word's pairs counted in a Counter of its own, scaled by the word's frequency and added with update(): the
    # insertion order is still that of the first occurrences, so max() breaks ties as required. Passes the visible tests.
    "blind99_right_train_bpe_per_word_counter_scaled_update": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(corpus.split())
            segmentation = {word: list(word) + ["</w>"] for word in word_counts}
            merges = []
            for _ in range(num_merges):
                totals = Counter()
                for word, freq in word_counts.items():
                    symbols = segmentation[word]
                    local = Counter(zip(symbols, symbols[1:]))
                    totals.update({pair: n * freq for pair, n in local.items()})
                if not totals:
                    break
                best = max(totals, key=totals.get)
                merges.append(best)
                segmentation = {word: merge_pair(symbols, best) for word, symbols in segmentation.items()}
            return merges
'''),
    # Each merge replayed with an output stack: a symbol is glued onto the top when the two form the pair and the top
    # was not itself made by this merge (non-overlapping, left to right). Passes the visible tests.
    "blind99_right_bpe_encode_output_stack_with_merged_flag": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for left, right in merges:
                    stack, fresh = [], []
                    for symbol in symbols:
                        if stack and not fresh[-1] and stack[-1] == left and symbol == right:
                            stack[-1] = left + right
                            fresh[-1] = True
                        else:
                            stack.append(symbol)
                            fresh.append(False)
                    symbols = stack
                tokens += symbols
            return tokens
'''),
    # Words from str.split(None), characters by unpacking (every code point: combining marks and emoji parts apart),
    # merges replayed with merge_pair in the order given, stopping early at a single symbol. Passes the visible tests.
    "blind99_right_bpe_encode_code_points_unpacked": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            def encode_word(word):
                symbols = [*word, "</w>"]
                for pair in merges:
                    if len(symbols) == 1:
                        break  # a single symbol has no pair left to merge
                    symbols = merge_pair(symbols, pair)
                return symbols

            return [token for word in text.split(None) for token in encode_word(word)]
'''),
    # Join, turn each marker into a space, then cut off the trailing spaces with an index walking back from the end.
    # Passes the visible tests.
    "blind99_right_bpe_decode_length_of_rstrip_slice": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace("</w>", " ")
            end = len(text)
            while end and text[end - 1] == " ":
                end -= 1
            return text[:end]
'''),
    # merge_pair with an explicit iterator: on a match the next symbol is fetched with next(), so a merged symbol is
    # never the left half of another match. Passes the visible tests.
    "blind99_right_merge_pair_iterator_next": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            out = []
            stream = iter(symbols)
            pending = next(stream, None)
            while pending is not None:
                following = next(stream, None)
                if following is not None and (pending, following) == pair:
                    out.append(pending + following)
                    pending = next(stream, None)
                else:
                    out.append(pending)
                    pending = following
            return out
'''),
    # 1 - min(|id - v|, 1): the clamped distance between each id and each vocabulary entry, cast to the requested or
    # default dtype. Passes the visible tests.
    "blind99_right_one_hot_clamped_distance": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)[:, None]
            distance = (token_ids.unsqueeze(-2) - vocabulary).abs().clamp(max=1)
            return (1 - distance).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # F.embedding_bag with one id per bag and mode "sum" is a plain lookup of the table's columns (transposed table).
    # Passes the visible tests.
    "blind99_right_embed_embedding_bag_one_id_per_bag": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)
            offsets = torch.arange(flat.numel(), device=flat.device)
            rows = F.embedding_bag(flat, omega_e.transpose(0, 1), offsets, mode="sum")   # (M, D)
            return rows.reshape(*token_ids.shape, omega_e.shape[0]).movedim(-1, -2)
'''),
    # Special positions found with numpy's isin (a list, tuple or tensor of ids), every draw from the generator, labels
    # always int64. Passes the visible tests.
    "blind99_right_mlm_numpy_isin_specials": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            import numpy as np
            if isinstance(special_ids, torch.Tensor):
                special = special_ids.reshape(-1).tolist()
            else:
                special = [int(s) for s in special_ids]
            is_special = torch.from_numpy(np.isin(ids.cpu().numpy(), np.asarray(special, dtype=np.int64)))
            chosen = ~is_special & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            replacement = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (u < 0.8)] = mask_id
            swap = chosen & (u >= 0.8) & (u < 0.9)
            corrupted[swap] = replacement[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # One uniform per position, its action band looked up with searchsorted([0.8, 0.9]): 0 mask, 1 random, 2 keep;
    # specials by broadcast inequality (an empty list makes every position eligible). Passes the visible tests.
    "blind99_right_mlm_searchsorted_action_bands": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = (ids.unsqueeze(-1) != special).all(dim=-1)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            bands = torch.tensor([0.8, 0.9], dtype=torch.float32)
            action = torch.searchsorted(bands, torch.rand(ids.shape, generator=generator).reshape(-1), right=True)
            action = action.reshape(ids.shape)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action == 1), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # The other documents listed by rotating a deque of indices so that A's own document comes first and popping it;
    # a uniform pick from the rest is a uniform other document. Passes the visible tests.
    "blind99_right_nsp_pairs_other_documents_by_deque_rotation": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            from collections import deque
            pairs = []
            for index, document in enumerate(documents):
                for position in range(1, len(document)):
                    a = document[position - 1]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[position], 0))
                        continue
                    others = deque(range(len(documents)))
                    others.rotate(-index)
                    others.popleft()
                    other = documents[others[int(torch.randint(len(others), (), generator=generator))]]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # Minus the summed cross-entropy of columns 0..N-2 against ids[1:] (an empty sum for one token is 0).
    # Passes the visible tests.
    "blind99_right_sequence_log_prob_cross_entropy_sum": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)                              # (V, N)
            return -F.cross_entropy(logits[:, :-1].transpose(0, 1), ids[1:], reduction="sum")
'''),
    # Candidates as NamedTuples sorted by (-score, creation order): ties go to the earlier beam, then the lower token;
    # eos compared with == after an explicit None check, so eos 0 works. Passes the visible tests.
    "blind99_right_beam_search_namedtuple_candidates": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            from typing import NamedTuple

            class Beam(NamedTuple):
                score: float
                ids: torch.Tensor
                done: bool

            beams = [Beam(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                pool = []
                for beam in beams:
                    if beam.done:
                        pool.append(beam)
                        continue
                    column = torch.log_softmax(model(beam.ids)[:, -1].to(torch.float64), dim=0).tolist()
                    for token in range(len(column)):
                        ids = torch.cat([beam.ids, beam.ids.new_tensor([token])])
                        pool.append(Beam(beam.score + column[token], ids,
                                         eos_id is not None and token == eos_id))
                order = sorted(range(len(pool)), key=lambda k: (-pool[k].score, k))
                beams = [pool[k] for k in order[:beam_width]]
                if all(beam.done for beam in beams):
                    break
            return beams[0].ids
'''),
    # The ids kept as a Python list; each step gives the model a fresh long tensor of the (cropped) context, draws
    # with multinomial and compares the drawn int with eos_id by value. Passes the visible tests.
    "blind99_right_generate_python_list_of_ids": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt.tolist()
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(torch.tensor(context, dtype=torch.long, device=prompt.device))
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                ids.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(ids, dtype=torch.long, device=prompt.device)
'''),
}
