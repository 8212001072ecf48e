"""Fifty-eighth blind batch of held-out implementations (prefix blind57_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_55.py) were only skimmed for their entry names and header
decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at
the same time (held_out_blind_56.py).

Emphasis: Python-level pitfalls in the functions where Python data structures carry the work. Wrong entries: late-binding
closures (merge steps built in a comprehension, beam extensions built lazily), generators spent by a first pass (merge
pairs shared by all words, targets consumed by a check, special ids consumed by `in`), shallow copies and shared rows
(a beam's children appending to the parent's list, [[x] * n] * m in masks and MLM labels, dict.fromkeys(words, [])
extended with +=, a tensor "copied" with [:] which is a view), `is` on strings and ints (a sliced suffix, merged symbols,
eos ids above CPython's small-int cache), a dict keyed by the left symbol of a pair, a substring test for a pattern name,
a dict of eagerly evaluated formulas, an off-by-one slice, and an IndexError swallowed around the wrong loop. Right
entries: the same idioms used correctly (explicit copies, lists edited in place where that is sound, stable sorts with
itemgetter and reverse=True, heapq.nlargest, defaultdict and itertools.pairwise, for-else, functools.reduce with an
initial value, math.comb).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind57/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's
comment says whether it does (3 of the 19 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says. Right entries were compared with
the model answer under both default dtypes: bpe functions on 1500 random corpora/texts (repeated whitespace, tabs and
newlines, non-ASCII and decomposed characters, punctuation) with learned and arbitrary merge lists (including the
contract's [("a", "bc"), ("b", "c")] case), exact equality of results and types, the "</w>" ValueError, merges and
tokens left unchanged; masks exactly for n = 0..11 and strides -1..13 (same ValueErrors); sparse_attention_cost exactly
(and as an int) over every pattern, n = 0..29, 10**6 and 10**12 + 7, every size combination, unknown patterns and
missing sizes; beam_search on 300 random models (float32 and float64, rounded logits for ties, all-equal logits),
widths 0..5, 0..4 steps, eos None/0/1/V-1; next_token_probs on 3000 random logits (ties, 1000x scale, every temperature,
top_k and top_p option including invalid ones), to 2e-5 / 1e-10; generate with seeded generators (three calls on one
generator, same ids and the same generator state afterwards) and under torch.manual_seed; sequence_log_prob values and
gradients through a parametrised float32/float64 model, one-token to 40-token ids, non-contiguous ids; nsp_pairs exactly
equal for the same seed on 500 random document lists (empty documents, tuples, the one-document ValueError), sentences
returned as the same objects; mlm_corrupt (its draws differ from the model answer's order) by its invariants and
frequencies: shapes, dtypes (int32 ids too), ids unchanged, labels = ids exactly where chosen, unchanged elsewhere,
specials (list, tuple, tensor, empty) never chosen, chosen fraction within 0.03 of mask_prob, 80 % mask and 10 % + 10 %/V
unchanged within 0.04, random ids uniform over [0, V), empty and non-contiguous ids, one generator giving new draws.

Judgement calls: blind57_beam_search_eos_token_compared_with_is is right whenever eos_id < 257 (CPython's small-int
cache), so it is caught only with a vocabulary above 257; kept as wrong (the contract allows any vocabulary).
blind57_sparse_cost_pattern_checked_as_substring and blind57_bpe_encode_index_error_ends_all_merges pass the visible
tests and fail only on inputs those tests do not try (a pattern name that is a substring; a merge that shrinks a word by
two or more). blind57_sequence_log_prob_builtin_sum_from_empty_slice starts its sum from `log_probs[:0, 0].sum()` rather
than a new zero tensor: with a one-token sequence a fresh zero would not be on the graph and backward() would raise; I
treated that as wrong, so only the on-graph version is in. A train_bpe entry keying pair counts by the joined string
(a + b) was dropped: its collisions (("a", "bc") vs ("ab", "c")) could not be shown to change a result on 50 000 random
corpora. Fewer entries than asked (about 55 / 35): the time box and the earlier batches' heavy coverage of these
functions; no right entry is one I was unsure of.

Counts: 19 wrong, 15 right.
Wrong per function: {'beam_search': 3, 'bpe_decode': 1, 'bpe_encode': 4, 'causal_mask': 1, 'mlm_corrupt': 3, 'nsp_pairs': 1, 'sequence_log_prob': 1, 'sparse_attention_cost': 2, 'strided_mask': 1, 'train_bpe': 2}.
Right per function: {'beam_search': 2, 'bpe_decode': 1, 'bpe_encode': 2, 'causal_mask': 1, 'generate': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'sequence_log_prob': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_57 = {
    # Tests the word end with `token[-4:] is END_OF_WORD`: a slice is a new string object, so `is` is False for
    # every token that ends a longer word (only a bare "</w>" token, which slices to itself, is recognised).
    # bpe_decode(["lo", "w</w>"]): model 'low', entry 'low</w>'. Fails the visible tests.
    "blind57_bpe_decode_suffix_tested_with_is": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = []
            for token in tokens:
                if token[-4:] is END_OF_WORD:          # the token ends a word
                    pieces.append(token[:-4] + " ")
                else:
                    pieces.append(token)
            return "".join(pieces).rstrip(" ")
'''),
    # Late-binding closures: the lambdas built in the comprehension all read `pair` when called, i.e. the last merge,
    # so every word gets the last merge len(merges) times and no other. bpe_encode("ab", [("a", "b"), ("ab", "</w>")]):
    # model ['ab</w>'], entry ['a', 'b', '</w>']. Fails the visible tests.
    "blind57_bpe_encode_merge_steps_late_bound": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            # one step per merge, built once and replayed on every word
            steps = [lambda symbols: merge_pair(symbols, pair) for pair in merges]
            tokens = []
            for symbols in words:
                for step in steps:
                    symbols = step(symbols)
                tokens.extend(symbols)
            return tokens
'''),
    # The merges are wrapped in a generator expression made once: the first word exhausts it and every later word
    # is left as characters. bpe_encode("ab ab", [("a", "b")]): model ['ab', '</w>', 'ab', '</w>'], entry ['ab', '</w>',
    # 'a', 'b', '</w>']. Fails the visible tests.
    "blind57_bpe_encode_pair_generator_spent_on_first_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            pairs = (tuple(pair) for pair in merges)     # accept [left, right] lists as well
            tokens = []
            for symbols in words:
                for pair in pairs:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # dict(merges) keys the merges by their left symbol: two merges with the same left symbol collapse into one
    # (the later right symbol, at the earlier position). bpe_encode("ab ac", [("a", "b"), ("a", "c")]): model ['ab', '</w>',
    # 'ac', '</w>'], entry ['a', 'b', '</w>', 'ac', '</w>']. Fails the visible tests.
    "blind57_bpe_encode_merge_table_keyed_by_left_symbol": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            table = dict(merges)                  # left symbol -> right symbol, in the order learned
            tokens = []
            for symbols in words:
                for left, right in table.items():
                    symbols = merge_pair(symbols, (left, right))
                tokens.extend(symbols)
            return tokens
'''),
    # A range fixed before the list shrinks runs past its end; the IndexError is caught around the whole merge loop,
    # so once a word shrinks by two or more in one merge, the remaining merges are skipped for that word.
    # bpe_encode("aaaa", [("a", "a"), ("aa", "aa")]): model ['aaaa', '</w>'], entry ['aa', 'aa', '</w>']. Passes the visible
    # tests (its twin that catches the error per merge is right: blind57_bpe_encode_fixed_range_index_error_per_merge).
    "blind57_bpe_encode_index_error_ends_all_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for symbols in split_words(text, "text"):
                try:
                    for left, right in merges:
                        for i in range(len(symbols) - 1):
                            if symbols[i] == left and symbols[i + 1] == right:
                                symbols[i:i + 2] = [left + right]
                except IndexError:
                    pass                          # the word got shorter than the range
                tokens.extend(symbols)
            return tokens
'''),
    # dict.fromkeys(words, []) gives every word the same list object and `+=` extends it in place: all words share
    # one segmentation (the concatenation of all words), so pairs are counted across word ends and merges cross them.
    # train_bpe("ab cd", 3): model [('a', 'b'), ('ab', '</w>'), ('c', 'd')], entry [('a', 'b'), ('ab', '</w>'),
    # ('ab</w>', 'c')]. Fails the visible tests.
    "blind57_train_bpe_segmentation_fromkeys_shared_list": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = dict.fromkeys(word_counts, [])
            for word in segmentation:
                segmentation[word] += word            # start from the characters
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
    # The merge compares symbols with `is`: one-character strings and "</w>" are single cached objects, so the first
    # merges work, but a merged symbol like "we" is a new object in each word and a later merge only applies in the word
    # whose object was counted first. The worked example (low x5, lower x2, newer x6), 4 merges: model [('w', 'e'),
    # ('we', 'r'), ('wer', '</w>'), ('l', 'o')], entry [('w', 'e'), ('we', 'r'), ('l', 'o'), ('n', 'e')]. Fails the visible
    # tests.
    "blind57_train_bpe_symbols_compared_with_is": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            def merge(symbols, pair):
                out, i = [], 0
                while i < len(symbols):
                    if i + 1 < len(symbols) and symbols[i] is pair[0] and symbols[i + 1] is pair[1]:
                        out.append(symbols[i] + symbols[i + 1])
                        i += 2
                    else:
                        out.append(symbols[i])
                        i += 1
                return out

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
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge(segmentation[word], best)
            return merges
'''),
    # Shallow copy: every child of a beam is the parent's own Python list, appended to in place, so all children of
    # a beam share one list that collects every token. model(ids) = T[:, ids] with the float64 table T = [[0, 2, 1, .5, .1], [1, 0, 2, .3, .2], [.5, 1.5, 0, 2.5, 0], [2, .1, .2, 0, 1], [.3, .3, 3, 1, 0]], prompt [0], width 2, 3 steps: model [0, 3, 2, 4], entry
    # [0, 0, 1, 2, 3, 4, 0, 1, ...] (26 ids). Fails the visible tests.
    "blind57_beam_search_children_share_parent_list": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, seq, finished in beams:
                    if finished:
                        candidates.append((score, seq, True))
                        continue
                    logits = model(torch.tensor(seq, dtype=prompt.dtype))[:, -1]
                    log_probs = torch.log_softmax(logits.double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        child = seq                       # the tokens so far ...
                        child.append(token)               # ... and the new one
                        candidates.append((score + log_prob, child, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return torch.tensor(beams[0][1], dtype=prompt.dtype)
'''),
    # Late-binding closures: each candidate's sequence is a lambda over the loop variables `ids` and `token`, called
    # after the loops, so every surviving extension is the last beam plus the last token id. Same model as
    # blind57_beam_search_children_share_parent_list, prompt [0], width 2, 3 steps: model [0, 3, 2, 4], entry [0, 4, 4, 4].
    # Fails the visible tests.
    "blind57_beam_search_extensions_built_late": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, lambda ids=ids: ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        # build the extended sequence only for the candidates that survive
                        candidates.append((score + log_prob, lambda: torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = [(score, build(), finished) for score, build, finished in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # `token is eos_id` compares int objects: CPython caches -5..256 only, so with a vocabulary above 257 an eos id
    # of 257 or more never finishes a beam. V = 300, logits 5 for id 280 and 4 for id 7 (0 elsewhere) at every position,
    # prompt [1], width 1, 3 steps, eos_id=280: model [1, 280], entry [1, 280, 280, 280]. Right for small vocabularies;
    # passes the visible tests.
    "blind57_beam_search_eos_token_compared_with_is": ("sampling", "beam_search", '''
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
    # The targets are a generator; the vocabulary check `any(...)` consumes it (all of it when every id is valid), so
    # the summing loop sees nothing and the result is always 0. model(ids) = T[:, ids] with the float64 table T = [[0, 2, 1, .5, .1], [1, 0, 2, .3, .2], [.5, 1.5, 0, 2.5, 0], [2, .1, .2, 0, 1], [.3, .3, 3, 1, 0]], ids [0, 1, 2, 3]: model -6.1547, entry 0.
    # Fails the visible tests.
    "blind57_sequence_log_prob_targets_generator_spent_by_check": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
            targets = (int(token) for token in ids[1:])
            if any(token >= log_probs.shape[0] for token in targets):
                raise ValueError("ids outside the model's vocabulary")
            total = log_probs.new_zeros(())
            for n, token in enumerate(targets):
                total = total + log_probs[token, n]
            return total
'''),
    # The pattern is checked with `in` against one string, a substring test: "loc", "den" or "" pass the check and
    # fall through to the global formula. sparse_attention_cost("loc", 4): model ValueError, entry TypeError (num_global is
    # None); with num_global=1 the entry returns 7. Passes the visible tests.
    "blind57_sparse_cost_pattern_checked_as_substring": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            if pattern not in "dense causal local strided global":
                raise ValueError(f"unknown pattern {pattern!r}")
            sizes = {"local": window, "strided": stride, "global": num_global}
            if pattern in sizes and sizes[pattern] is None:
                raise ValueError(f"the {pattern!r} pattern needs its size")
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # A dict of values, not of functions: every pattern's formula is evaluated on each call, so a call that gives only
    # its own pattern's size (or none, for dense and causal) hits None. sparse_attention_cost("dense", 4): model 16, entry
    # TypeError ('<' between int and None). Right only when all three sizes are given. Fails the visible tests.
    "blind57_sparse_cost_every_formula_evaluated_eagerly": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            w = min(window, n - 1) if n else 0
            m = (n - 1) // stride if n else 0
            costs = {
                "dense": n * n,
                "causal": n * (n + 1) // 2,
                "local": n * (2 * w + 1) - w * (w + 1),
                "strided": n * (2 * m + 1) - stride * m * (m + 1),
                "global": num_global * (2 * n - num_global),
            }
            return costs[pattern]
'''),
    # `ids[:]` copies a list but is a view of a tensor: the in-place corruption writes through to the caller's ids.
    # ids [[101, 5, 6, 7, 102]], vocab 10, specials [101, 102], mask 103, mask_prob 1.0, seed 0: both return corrupted
    # [[101, 103, 6, 103, 102]] and labels [[-100, 5, 6, 7, -100]]; afterwards the model leaves ids [[101, 5, 6, 7, 102]],
    # the entry has changed them to [[101, 103, 6, 103, 102]]. Fails the visible tests.
    "blind57_mlm_corrupt_slice_copy_is_a_view": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            labels = torch.full_like(ids, -100)
            labels[chosen] = ids[chosen]
            corrupted = ids[:]                     # a copy to corrupt, the input stays as it was
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            return corrupted, labels
'''),
    # [[-100] * n] * rows repeats one row object: every write lands in all rows, so each row of labels ends up with
    # the union of all rows' labels (last write wins per column). Right for a single sequence. ids [[101, 5, 6, 102],
    # [101, 8, 9, 102]], specials [101, 102], mask_prob 1.0, seed 0: model labels [[-100, 5, 6, -100], [-100, 8, 9, -100]],
    # entry [[-100, 8, 9, -100], [-100, 8, 9, -100]]. Fails the visible tests.
    "blind57_mlm_corrupt_label_rows_share_one_list": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = set(torch.as_tensor(special_ids).reshape(-1).tolist())
            flat = ids.reshape(-1, ids.shape[-1])
            rows, n = flat.shape
            pick = torch.rand(flat.shape, generator=generator).tolist()
            action = torch.rand(flat.shape, generator=generator).tolist()
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator).tolist()
            corrupted = [row[:] for row in flat.tolist()]
            labels = [[-100] * n] * rows
            for r in range(rows):
                for c in range(n):
                    token = corrupted[r][c]
                    if token in specials or pick[r][c] >= mask_prob:
                        continue
                    labels[r][c] = token
                    if action[r][c] < 0.8:
                        corrupted[r][c] = mask_id
                    elif action[r][c] < 0.9:
                        corrupted[r][c] = random_ids[r][c]
            return (torch.tensor(corrupted, dtype=ids.dtype).reshape(ids.shape),
                    torch.tensor(labels, dtype=torch.long).reshape(ids.shape))
'''),
    # The special ids are a generator; each `token in specials` consumes it up to a match, so after the first few
    # lookups it is empty and later special tokens count as ordinary ones. ids [101, 5, 6, 102], specials [101, 102],
    # mask_prob 1.0, seed 0: model labels [-100, 5, 6, -100], entry [-100, 5, 6, 102] (the [SEP] chosen). Fails the visible
    # tests.
    "blind57_mlm_corrupt_specials_generator_spent_by_in": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = (int(s) for s in special_ids)      # ints, whether a list or a LongTensor was given
            flat = ids.reshape(-1, ids.shape[-1])
            pick = torch.rand(flat.shape, generator=generator).tolist()
            action = torch.rand(flat.shape, generator=generator).tolist()
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator).tolist()
            corrupted = [row[:] for row in flat.tolist()]
            labels = [[-100] * len(row) for row in corrupted]
            for r, row in enumerate(corrupted):
                for c, token in enumerate(row):
                    if token in specials or pick[r][c] >= mask_prob:
                        continue
                    labels[r][c] = token
                    if action[r][c] < 0.8:
                        row[c] = mask_id
                    elif action[r][c] < 0.9:
                        row[c] = random_ids[r][c]
            return (torch.tensor(corrupted, dtype=ids.dtype).reshape(ids.shape),
                    torch.tensor(labels, dtype=torch.long).reshape(ids.shape))
'''),
    # Off-by-one slice documents[:index - 1]: for index 0 it is documents[:-1] (the own document comes back in),
    # for index 1 it drops document 0; with two documents the second has no candidates. documents [["a", "b"], ["c",
    # "d"]], seed 0: model [('a', 'b', 0), ('c', 'a', 1)], entry RuntimeError (randint over 0 documents); seed 4: model
    # ('a', 'd', 1), entry ('a', 'b', 1) (B from A's own document). Fails the visible tests.
    "blind57_nsp_other_documents_slice_off_by_one": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = list(documents[:index - 1]) + list(documents[index + 1:])
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # [[False] * n] * n is n references to one row: setting key 0's row sets them all, so the mask is all True.
    # causal_mask(3): model [[T, T, T], [F, T, T], [F, F, T]], entry all True. Fails the visible tests.
    "blind57_causal_mask_rows_share_one_list": ("masking", "causal_mask", '''
        def causal_mask(n):
            rows = [[False] * n] * n
            for key in range(n):
                for query in range(key, n):
                    rows[key][query] = True
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # [[False] * n] * n shares one row among all keys: every key's visible queries are OR-ed into that row, so the
    # mask is all True once stride < n. strided_mask(4, 2): model [[T, F, T, F], [F, T, F, T], ...], entry all True. Fails
    # the visible tests.
    "blind57_strided_mask_rows_share_one_list": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            rows = [[False] * n] * n
            for key in range(n):
                for query in range(key % stride, n, stride):
                    rows[key][query] = True
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
}

RIGHT_BLIND_57 = {
    # Counts in a plain dict (insertion order = first seen), max over items with itemgetter(1) returns the first
    # maximum; each word's merge repeatedly replaces the first occurrence found by list.index, which equals one left-to-right
    # pass (a joined symbol can never form the pair again with its neighbours). Edits the lists it owns in place.
    "blind57_train_bpe_merge_by_repeated_pair_index": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import operator
            words = split_words(corpus, "corpus")
            frequency = {}
            for word in words:
                key = tuple(word)
                frequency[key] = frequency.get(key, 0) + 1
            pieces = {word: list(word) for word in frequency}
            merges = []
            while len(merges) < num_merges:
                counts = {}
                for word, f in frequency.items():
                    for pair in zip(pieces[word], pieces[word][1:]):
                        counts[pair] = counts.get(pair, 0) + f
                if not counts:
                    break
                best = max(counts.items(), key=operator.itemgetter(1))[0]
                merges.append(best)
                for symbols in pieces.values():
                    pairs = list(zip(symbols, symbols[1:]))
                    while best in pairs:
                        i = pairs.index(best)
                        symbols[i:i + 2] = [best[0] + best[1]]
                        pairs = list(zip(symbols, symbols[1:]))
            return merges
'''),
    # defaultdict(int) filled in first-seen order, itertools.pairwise for adjacent pairs, max with the dict's
    # __getitem__ (first maximum); reassigning existing keys while iterating items() is allowed (the dict's size is unchanged).
    "blind57_train_bpe_defaultdict_pairwise_values_reassigned": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            from collections import defaultdict
            from itertools import pairwise
            freq = defaultdict(int)
            for word in split_words(corpus, "corpus"):
                freq[tuple(word)] += 1
            current = {word: list(word) for word in freq}
            merges = []
            for _ in range(num_merges):
                counts = defaultdict(int)
                for word, f in freq.items():
                    for pair in pairwise(current[word]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.__getitem__)
                merges.append(best)
                for word, symbols in current.items():
                    current[word] = merge_pair(symbols, best)    # same keys: safe while iterating
            return merges
'''),
    # Edits a copy of each word in place while enumerating it: after a merge at i the iterator's next index is i + 1
    # of the shortened list, the symbol after the joined one, which is exactly a non-overlapping left-to-right pass.
    "blind57_bpe_encode_enumerate_over_list_edited_in_place": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for word in split_words(text, "text"):
                symbols = list(word)
                for left, right in merges:
                    for i, _ in enumerate(symbols):
                        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
                            symbols[i:i + 2] = [left + right]
                tokens += symbols
            return tokens
'''),
    # The range fixed before the list shrinks runs past its end, but the IndexError is caught per merge, after every
    # remaining position was already checked, so each merge is one complete left-to-right pass.
    "blind57_bpe_encode_fixed_range_index_error_per_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for symbols in split_words(text, "text"):
                for pair in merges:
                    try:
                        for i in range(len(symbols) - 1):
                            if (symbols[i], symbols[i + 1]) == tuple(pair):
                                symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]
                    except IndexError:
                        pass          # the word shrank: every position left was already checked
                tokens.extend(symbols)
            return tokens
'''),
    # functools.reduce with an initial "" concatenates any sequence of tokens (an empty one too); then the marker
    # becomes a space and only trailing spaces are stripped.
    "blind57_bpe_decode_reduce_with_empty_initial": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import functools
            import operator
            text = functools.reduce(operator.add, tokens, "")
            return text.replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # sorted(..., key=itemgetter(0), reverse=True) is stable (equal scores keep beam order, then token order); the
    # for-else breaks out of the step loop only when no kept beam is unfinished. Sequences are extended eagerly.
    "blind57_beam_search_itemgetter_reverse_for_else": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            from operator import itemgetter
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    candidates.extend((score + lp, torch.cat([ids, ids.new_tensor([t])]), t == eos_id)
                                      for t, lp in enumerate(log_probs))
                # reverse=True keeps equal keys in their original order (beam, then token)
                beams = sorted(candidates, key=itemgetter(0), reverse=True)[:beam_width]
                for _, _, finished in beams:
                    if not finished:
                        break
                else:
                    break
            return beams[0][1]
'''),
    # Beams as Python lists, each child a new list `seq + [token]` (no sharing); scores in float64 as the model
    # answer; returns prompt.new_tensor (int64).
    "blind57_beam_search_python_lists_new_child_each_token": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, seq, finished in beams:
                    if finished:
                        candidates.append((score, seq, True))
                        continue
                    logits = model(prompt.new_tensor(seq))[:, -1]
                    for token, lp in enumerate(torch.log_softmax(logits.double(), dim=0).tolist()):
                        candidates.append((score + lp, seq + [token], token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(finished for *_, finished in beams):
                    break
            return prompt.new_tensor(beams[0][1])
'''),
    # Built-in sum of the picked log-probabilities, started from an empty slice's sum so a one-token sequence returns
    # a 0-d tensor of the logits' dtype that is still on the graph.
    "blind57_sequence_log_prob_builtin_sum_from_empty_slice": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            picked = [log_probs[token, n] for n, token in enumerate(ids[1:].tolist())]
            # start from an empty slice's sum (0, on the graph), so a one-token ids still backpropagates
            return sum(picked, log_probs[:0, 0].sum())
'''),
    # Python loops over rows copied with list(row) and labels built one row per list; specials as a set; draws from
    # the generator only (different order from the model answer, same distribution); empty ids handled up front.
    "blind57_mlm_corrupt_row_lists_copied_per_row": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if ids.numel() == 0:
                return ids.clone(), torch.full_like(ids, -100, dtype=torch.long)
            specials = set(torch.as_tensor(special_ids).reshape(-1).tolist())
            flat = ids.reshape(-1, ids.shape[-1])
            pick = torch.rand(flat.shape, generator=generator).tolist()
            action = torch.rand(flat.shape, generator=generator).tolist()
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator).tolist()
            corrupted = [list(row) for row in flat.tolist()]
            labels = [[-100] * len(row) for row in corrupted]
            for r, row in enumerate(corrupted):
                for c, token in enumerate(row):
                    if token in specials or pick[r][c] >= mask_prob:
                        continue
                    labels[r][c] = token
                    if action[r][c] < 0.8:
                        row[c] = mask_id
                    elif action[r][c] < 0.9:
                        row[c] = random_ids[r][c]
            return (torch.tensor(corrupted, dtype=ids.dtype).reshape(ids.shape),
                    torch.tensor(labels, dtype=torch.long).reshape(ids.shape))
'''),
    # list(documents) copies before `del others[index]`, so the caller's list is untouched and the own document is
    # excluded by position; same draws in the same order as the model answer.
    "blind57_nsp_pairs_others_copied_then_deleted": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = list(documents)
                del others[index]
                for a, b in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, b, 0))
                    else:
                        other = others[int(torch.randint(len(others), (), generator=generator))]
                        pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # A nested comprehension builds a new row per key; reshape(n, n) gives (0, 0) for n = 0.
    "blind57_causal_mask_nested_comprehension": ("masking", "causal_mask", '''
        def causal_mask(n):
            rows = [[key <= query for query in range(n)] for key in range(n)]
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # Python's % is never negative for a positive stride, so (query - key) % stride == 0 tests a multiple in both
    # directions; a new row per key; the stub's check keeps the ValueError.
    "blind57_strided_mask_nested_comprehension_python_modulo": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            rows = [[(query - key) % stride == 0 for query in range(n)] for key in range(n)]
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # math.comb(n + 1, 2) = n(n+1)/2 exactly; -(-n // s) - 1 = ceil(n/s) - 1 = floor((n-1)/s) for n >= 1 (clamped to
    # 0 for n = 0); integer arithmetic throughout; the stub's checks keep the ValueErrors.
    "blind57_sparse_cost_math_comb_and_ceiling": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n ** 2
            if pattern == "causal":
                return math.comb(n + 1, 2)
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = max(0, -(-n // stride) - 1)       # ceil(n / s) - 1 == floor((n - 1) / s) for n >= 1
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # heapq.nlargest is documented as sorted(..., reverse=True)[:k], which is stable: equal probabilities keep the
    # lower id. The rest follows the model answer.
    "blind57_next_token_probs_heapq_nlargest_top_k": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import heapq
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                values = probs.tolist()
                kept = heapq.nlargest(top_k, range(len(values)), key=values.__getitem__)   # ties: lower id
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[kept] = True
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
    # Generates into a Python list of ints, feeds the model prompt.new_tensor of the (cropped) list, draws with the
    # given generator exactly as the model answer, and stops after eos (`token == eos_id` is False for None).
    "blind57_generate_python_list_new_tensor": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt.tolist()
            for _ in range(max_new_tokens):
                window = ids if context_size is None else ids[-context_size:]
                logits = model(prompt.new_tensor(window))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                ids.append(token)
                if token == eos_id:
                    break
            return prompt.new_tensor(ids)
'''),
}
