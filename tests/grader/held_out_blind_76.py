"""Seventy-seventh blind batch of held-out implementations (prefix blind76_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, course/registry.py's lessons as they appear in the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_74.py) were only skimmed: the
header of held_out_blind_57.py and the list of entry names, grepped for the idioms used here so as not to repeat them.
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, benchmarks/, nor the batches
written at the same time (held_out_blind_75.py, held_out_blind_77.py).

Emphasis: iteration and ordering. Wrong entries: sorted() ascending and then reversed (ties flip to the later beam,
the higher id), the last item of an ascending sort, arg-max of flipped logits, heapq.nlargest on (value, id) tuples,
a reversed palette scan with a strict `<`; itertools.groupby over sorted words (alphabetical tie order) and over
unsorted words (runs overwrite counts), pairwise that needs a last item, dropwhile on the wrong end; zip() silently
truncating (a decoder's sub-blocks zipped with "12", rows zipped with columns in a grid, window positions from a square
product on a wide grid); reversed ranges stopping before 0 (causal columns, strided keys), exclusive stops dropping the
last offset or patch row (local band, strided cost, patchify, odd sinusoidal row), nested window loops bounded by the
wrong side, range steps by the count instead of the size (heads, channel groups); enumerate(start=1) and a hand-kept
index skipped by `continue` (nsp's own document), other documents chosen by value, `break` where `continue` was meant
(train_bpe's merge loop, bpe_encode's merges), `continue` where `break` was meant (generate after eos), a `continue`
that drops finished beams, a loop variable read after a loop that may not run, a pair set computed once before the
merges change it, distinct words emitted once, a negative slice start, a nonzero() loop dropping the batch index,
a region counter reset in the wrong loop, itertools.product in row-major order for patch merging. Right entries: the
same constructs used soundly (a reversed scan with `>=`, sorted(reverse=True), enumerate(start=1) with for/else,
heapq.merge of per-beam lists, an explicit (score, beam, token) key, a deque with maxlen as the context window, zip
truncation used on purpose with a graph-connected start for sum(), in-place slice merges inside a fixed range, merges
outer and words inner, a reversed tail-stripping walk, divide-and-conquer joining, reversed ranges down to 0,
itertools.product/islice, reversed window placement, heads computed last-first and inserted at the front, zip of
splits, m = n // s in the strided count).

How each entry was verified: every entry was built into its own scratch package under /tmp/blind76/ (a copy of
solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source appended to
its module, the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (11 of the 44 wrong entries pass
them). Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each
differs as its comment says (the nsp entries by the frequencies of their negatives over 400 seeds). Right entries were
compared with the model answer on random inputs, float32 and float64 (300 trials per function, 80 for the attention
layers, beam search and generate): bpe functions exactly on random corpora and texts (repeated words, tabs, merges
learned and arbitrary, decomposed characters, empty and tuple token lists); next_token_probs on rounded logits (ties)
and 1000x scales over every temperature / top_k / top_p option; generate with three calls on one seeded generator
(same ids, same generator state afterwards); sequence_log_prob values and gradients (one-token ids included);
beam_search on rounded, all-zero and random tables, widths 1..4, 0..3 steps, eos None/0/V-1; nsp_pairs exactly equal
for the same seed with sentences returned as the same objects (equal documents, one-sentence documents, the
one-document ValueError); masks exactly for n = 0..11 and windows/strides -2..13; sparse_attention_cost exactly for
every pattern with n up to 10**12 + 7 and missing sizes; window functions, patch merging, quantize (integer palettes,
repeated colours), pixel_sequence (int32/uint8 ids, 1x1 images), patchify (non-contiguous), attention layers, grid
attention and rotary with batch shapes (), (2,), (2, 3), masks and gradients of every input to 2e-5 (float32) /
1e-10 (float64); sinusoidal_positions and one_hot under both default dtypes.

Judgement calls: blind76_mha_row_range_steps_by_num_heads and blind76_channel_attention_range_steps_by_num_groups are
right whenever the count equals the size (D = 4, H = 2), so only D != H^2 shows them. blind76_beam_search_result_read_
from_loop_variable and blind76_bpe_decode_pairwise_then_last_fails_on_empty are wrong only on an edge the contract
allows (max_new_tokens = 0; an empty token list). blind76_sequence_log_prob_builtin_sum_int_on_one_token returns the
right value everywhere but an int instead of a 0-d tensor for one-token ids; the contract asks for a tensor.
blind76_nsp_pairs_other_documents_by_inequality raises on two equal documents and skews the negatives of three. Dropped:
a bpe_encode over a set of words (string hashing is randomised per process, so its order could by chance be right), a
top-k via torch.topk (its tie order could not be shown to differ on CPU), a recursive generate and beam search (the
recursion depth grows with max_new_tokens, which the contract does not bound), python-float top-p crossings (a double
comparison with p can differ from torch's float32 one at the boundary, so I could not call it right), loops over n in
sparse_attention_cost (n can be 10**12). Fewer entries than asked (about 55 / 35): the time box.

Counts: 44 wrong, 33 right.
Wrong per function: {'beam_search': 5, 'bpe_decode': 2, 'bpe_encode': 4, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'local_mask': 1, 'multi_head_attention': 2, 'next_token_probs': 3, 'nsp_pairs': 3, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 5, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'beam_search': 2, 'bpe_decode': 2, 'bpe_encode': 2, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'local_mask': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_76 = {
    # Picks the best pair as the last item of the pair counts sorted ascending by count: sorted() is stable, so among
    # tied pairs the last one seen comes last. Wrong on a tie: train_bpe("ab", 1) gives [("b", "</w>")], the model
    # [("a", "b")]. Fails the visible tests.
    "blind76_train_bpe_ascending_sort_takes_last_of_tie": ("bpe", "train_bpe", '''
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
                best = sorted(pair_counts.items(), key=lambda item: item[1])[-1][0]
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Counts word frequencies with itertools.groupby over the sorted words: the counts are right but the distinct
    # words now come in alphabetical order, not in order of first appearance, so ties go to the alphabetically first
    # word's pair. train_bpe("ba ab", 1): entry [("a", "b")], model [("b", "a")]. Fails the visible tests.
    "blind76_train_bpe_groupby_sorted_words_alphabetical_ties": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import itertools
            words = split_words(corpus, "corpus")
            word_counts = {word: len(list(group)) for word, group in itertools.groupby(sorted(map(tuple, words)))}
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = {}
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] = pair_counts.get(pair, 0) + frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # itertools.groupby on the unsorted words only groups adjacent repeats; each later run of a word overwrites its
    # count instead of adding to it. train_bpe("ab ab cd cd ab", 1): counts ab=1 (last run), cd=2, so the entry gives
    # [("c", "d")]; the model (ab=3) [("a", "b")]. A corpus without non-adjacent repeats is counted right. Fails the visible tests.
    "blind76_train_bpe_groupby_unsorted_runs_overwrite_counts": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import itertools
            words = split_words(corpus, "corpus")
            word_counts = {}
            for word, run in itertools.groupby(tuple(w) for w in words):
                word_counts[word] = len(list(run))
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
    # Applies the learned merge word by word but `break`s out at the first word that does not hold the pair (meant as
    # a `continue`), so later words keep their old segmentation. train_bpe("cd ab ab", 2): entry [("a", "b"),
    # ("a", "b")] (ab never merged after "cd" breaks the loop), model [("a", "b"), ("c", "d")]. Fails the visible tests.
    "blind76_train_bpe_break_instead_of_continue_in_merge_loop": ("bpe", "train_bpe", '''
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
                merges.append(best)
                for word in segmentation:
                    symbols = segmentation[word]
                    if best not in zip(symbols, symbols[1:]):
                        break
                    segmentation[word] = merge_pair(symbols, best)
            return merges
'''),
    # Merges with its own right-to-left scan (a reversed index loop), so overlapping occurrences pair up from the
    # right: "aaa" becomes a|aa instead of aa|a. train_bpe("aaa", 2): entry [("a", "a"), ("a", "aa")], model
    # [("a", "a"), ("aa", "a")]. Fails the visible tests.
    "blind76_train_bpe_merges_scanned_right_to_left": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}

            def merge_from_right(symbols, pair):
                symbols = list(symbols)
                i = len(symbols) - 1
                while i > 0:
                    if (symbols[i - 1], symbols[i]) == pair:
                        symbols[i - 1:i + 1] = [symbols[i - 1] + symbols[i]]
                        i -= 2
                    else:
                        i -= 1
                return symbols

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
                    segmentation[word] = merge_from_right(segmentation[word], best)
            return merges
'''),
    # Replays each merge with a right-to-left index loop: overlapping occurrences pair up from the right.
    # bpe_encode("aaa", [("a", "a")]): entry ['a', 'aa', '</w>'], model ['aa', 'a', '</w>']. Passes the visible tests.
    "blind76_bpe_encode_reversed_index_scan": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for left, right in merges:
                    for i in range(len(symbols) - 1, 0, -1):
                        if i < len(symbols) and symbols[i - 1] == left and symbols[i] == right:
                            symbols[i - 1:i + 1] = [left + right]
                tokens.extend(symbols)
            return tokens
'''),
    # Stops replaying merges on a word at the first merge that does not occur in it (`break` where `continue` was
    # meant). bpe_encode("ab", [("x", "y"), ("a", "b")]): entry ['a', 'b', '</w>'], model ['ab', '</w>']. Fails the visible tests.
    "blind76_bpe_encode_break_at_first_absent_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for pair in merges:
                    if pair not in set(zip(symbols, symbols[1:])):
                        break
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Encodes the distinct words only (dict.fromkeys to cache them) and returns the cache's tokens: a repeated word
    # is emitted once. bpe_encode("ab ab", []): entry ['a', 'b', '</w>'], model the six tokens of both words. Passes the visible tests.
    "blind76_bpe_encode_distinct_words_emitted_once": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            cache = dict.fromkeys(tuple(word) for word in words)
            for word in cache:
                symbols = list(word)
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                cache[word] = symbols
            return [token for symbols in cache.values() for token in symbols]
'''),
    # Collects the word's adjacent pairs once, before replaying the merges, and skips every merge not in that stale
    # set: a pair created by an earlier merge is never merged. bpe_encode("abc", [("a", "b"), ("ab", "c")]): entry
    # ['ab', 'c', '</w>'], model ['abc', '</w>']. Fails the visible tests.
    "blind76_bpe_encode_pair_set_computed_before_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                present = set(zip(symbols, symbols[1:]))
                for pair in merges:
                    if pair in present:
                        symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Joins every token but the last through itertools.pairwise, then appends tokens[-1]: an empty token list (what
    # bpe_encode("") returns) raises IndexError instead of giving "". Right on any non-empty list. Passes the visible tests.
    "blind76_bpe_decode_pairwise_then_last_fails_on_empty": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import itertools
            text = "".join(first for first, _ in itertools.pairwise(tokens)) + tokens[-1]
            return text.replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Drops leading "</w>" tokens with itertools.dropwhile (meant for the trailing ones) and strips the end: a model's
    # sample that starts with "</w>" loses its leading space. bpe_decode(["</w>", "a</w>"]): entry 'a', model ' a'.
    # Passes the visible tests.
    "blind76_bpe_decode_dropwhile_on_leading_end_tokens": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import itertools
            kept = itertools.dropwhile(lambda token: token == END_OF_WORD, tokens)
            return "".join(kept).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Greedy decoding takes the arg-max of the flipped logits and maps it back: the first maximum of the reversed
    # vector is the LAST maximum of the original, so a tie goes to the highest id.
    # next_token_probs([1., 1., 0.], temperature=0): entry [0, 1, 0], model [1, 0, 0]. Fails the visible tests.
    "blind76_ntp_greedy_argmax_of_flipped_logits": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.shape[0] - 1 - int(torch.argmax(logits.flip(0)))] = 1.0
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Orders the ids with Python's sorted() ascending by probability and reverses the list: stability put tied ids in
    # increasing order, and the reversal turns that into decreasing order, so ties go to the HIGHER id in top-k and
    # top-p. next_token_probs([1., 1., 0.], top_k=1): entry [0, 1, 0], model [1, 0, 0]. Fails the visible tests.
    "blind76_ntp_sorted_ascending_then_reversed_ties_high_id": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)

            def descending_ids(p):
                values = p.tolist()
                return sorted(range(len(values)), key=lambda i: values[i])[::-1]

            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[descending_ids(probs)[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.tensor(descending_ids(probs))
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Top-k with heapq.nlargest over (probability, id) tuples: equal probabilities are then compared by id, and the
    # larger id wins. next_token_probs([1., 1., 0.], top_k=1): entry [0, 1, 0], model [1, 0, 0]. Fails the visible tests.
    "blind76_ntp_topk_nlargest_on_prob_id_tuples": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import heapq
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                best = heapq.nlargest(top_k, zip(probs.tolist(), range(len(probs))))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[[index for _, index in best]] = True
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
    # On eos the loop does `continue` instead of `break`: generation goes on after the end-of-sequence token.
    # With a model that always prefers id 2 = eos, temperature 0, 3 new tokens: entry [0, 2, 2, 2], model [0, 2]. Fails the visible tests.
    "blind76_generate_continue_after_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    continue
            return ids
'''),
    # Crops the context as ids[len(ids) - context_size:]: while the ids are shorter than the context, the start is
    # negative and counts from the end, so the model sees only the last few tokens instead of all of them. Prompt
    # [1, 2], context_size 4, a model whose last column depends on the whole context, temperature 0, 3 new tokens:
    # entry [1, 2, 1, 0, 2], model [1, 2, 1, 2, 0] (the second step sees only the last id). Passes the visible tests.
    "blind76_generate_crop_start_goes_negative": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[len(ids) - context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Sums the picked log-probabilities with the builtin sum() over a zip of targets and columns (zip correctly drops
    # the last column), but with no start value: for a one-token sequence the zip is empty and the result is the
    # int 0, not a 0-d tensor. sequence_log_prob(model, tensor([3])): entry 0 (int), model tensor(0.). Passes the visible tests.
    "blind76_sequence_log_prob_builtin_sum_int_on_one_token": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            return sum(column[target] for target, column in zip(ids[1:], log_probs.unbind(1)))
'''),
    # Sorts the candidates ascending by score and reverses the list to get best-first: stable sorting kept tied
    # candidates in beam/token order, the reversal puts the later beam and the higher token first.
    # Uniform model (V = 3), prompt [0], width 2, 1 step: entry [0, 2], model [0, 0]. Fails the visible tests.
    "blind76_beam_search_ascending_sort_reversed": ("sampling", "beam_search", '''
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
                candidates = sorted(candidates, key=lambda candidate: candidate[0])[::-1]
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Extends each beam by the tokens in reversed(range(V)) before a stable sort: among tied extensions of one beam
    # the highest token id comes first. Uniform model (V = 3), prompt [0], width 1, 1 step: entry [0, 2], model
    # [0, 0]. Fails the visible tests.
    "blind76_beam_search_tokens_enumerated_in_reverse": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token in reversed(range(len(log_probs))):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_probs[token], extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Returns the first candidate of the last step: `candidates` is only bound inside the loop, so
    # max_new_tokens = 0 raises UnboundLocalError instead of returning the prompt. Right for max_new_tokens >= 1.
    # Passes the visible tests.
    "blind76_beam_search_result_read_from_loop_variable": ("sampling", "beam_search", '''
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
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return candidates[0][1]
'''),
    # Sorts candidates by (-score, token): among equal scores the lower token wins even over an earlier beam (the
    # contract: earlier beam first, then lower token). A model whose beams [2, 0] and [2, 1] tie and then prefer
    # tokens 1 and 0 respectively: entry [2, 1, 0], model [2, 0, 1] (width 2, 2 steps). Passes the visible tests.
    "blind76_beam_search_ties_by_token_before_beam": ("sampling", "beam_search", '''
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
                candidates.sort(key=lambda candidate: (-candidate[0], int(candidate[1][-1])))
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # A finished beam hits `continue` before it is added to the candidates: it drops out instead of competing with
    # its fixed score. A model where eos (id 0) is by far the best first token and every later step is uniform:
    # entry returns a longer non-eos beam, model [p, 0]. Fails the visible tests.
    "blind76_beam_search_continue_skips_finished_candidate": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                if not candidates:
                    break
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Builds the "other documents" by value (d != document): a document equal to A's (two copies of the same text)
    # is excluded too. documents [["a", "b"], ["a", "b"]]: no other document is left and the entry raises on the
    # first negative; with [["a", "b"], ["a", "b"], ["c"]] doc 0's negatives all come from "c" (the contract: doc 1
    # or doc 2, each half the time). Passes the visible tests.
    "blind76_nsp_pairs_other_documents_by_inequality": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                others = [other for other in documents if other != document]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # enumerate(documents, start=1) makes the index one too large, so `pick + (pick >= index)` no longer skips A's
    # own document: with two documents, doc 0's negatives come from doc 0 itself. Fails the visible tests.
    "blind76_nsp_pairs_enumerate_start_one_skips_wrong_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents, start=1):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Keeps the document index by hand and `continue`s past one-sentence documents before the `index += 1` at the end
    # of the body: after such a document the index lags, so a later document can draw itself as the "other" one.
    # documents [["x"], ["a", "b"], ["c", "d"]]: doc 1 takes its negatives from docs 1 and 2 (not 0 and 2). Right when
    # every document has two or more sentences. Passes the visible tests.
    "blind76_nsp_pairs_continue_skips_index_increment": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            index = 0
            for document in documents:
                if len(document) < 2:
                    continue
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
                index += 1
            return pairs
'''),
    # Fills the causal mask column by column over range(n - 1, 0, -1): the reversed range stops before 0, so query 0
    # never sees key 0. causal_mask(2)[0, 0]: entry False, model True. Fails the visible tests.
    "blind76_causal_mask_reversed_range_misses_query_zero": ("masking", "causal_mask", '''
        def causal_mask(n):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n - 1, 0, -1):
                mask[: i + 1, i] = True
            return mask
'''),
    # Marks the diagonals d = i - j for d in range(-window, window): the stop is exclusive, so the offset +window is
    # missing and the band is lopsided. local_mask(3, 1)[0, 1]: entry False, model True. Fails the visible tests.
    "blind76_local_mask_offset_range_excludes_plus_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window):
                keys = torch.arange(max(0, -d), min(n, n - d))
                mask[keys, keys + d] = True
            return mask
'''),
    # Walks down from each query with range(i, 0, -stride) and up with range(i, n, stride): the downward range stops
    # before 0, so key 0 is missing for every later query that should see it. strided_mask(3, 1)[0, 1]: entry False,
    # model True. Fails the visible tests.
    "blind76_strided_mask_downward_range_stops_before_zero": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                for j in range(i, 0, -stride):
                    mask[j, i] = True
                for j in range(i, n, stride):
                    mask[j, i] = True
            return mask
'''),
    # Loops over is_global.nonzero() but uses only the last index of each hit (the token), dropping the batch index:
    # a global token of one sequence becomes global in every sequence of the batch.
    # global_token_mask([[True, False], [False, False]])[1]: entry [[T, T], [T, F]], model all False. Right for 1-D
    # input. Fails the visible tests.
    "blind76_global_token_mask_nonzero_loop_drops_batch_index": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            mask = torch.zeros(*is_global.shape, n, dtype=torch.bool)
            for hit in is_global.nonzero():
                token = int(hit[-1])
                mask[..., token, :] = True
                mask[..., :, token] = True
            return mask
'''),
    # Counts the strided offsets as len(range(stride, n - 1, stride)): the exclusive stop drops the offset n - 1
    # when it is a multiple of the stride. sparse_attention_cost("strided", 3, stride=2): entry 3, model 5. Fails the visible tests.
    "blind76_sparse_cost_strided_offsets_range_stop_n_minus_1": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = len(range(stride, n - 1, stride))
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # Walks the grid of windows with both loops bounded by the height: on a grid wider than tall the windows to the
    # right of column H are never cut (and a taller grid reads past the right edge). window_partition of a
    # (1, 2, 4) grid with window 2: entry 1 window, model 2. Fails the visible tests.
    "blind76_window_partition_both_loops_bounded_by_height": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = []
            for top in range(0, height, M):
                for left in range(0, height, M):
                    windows.append(X[..., top:top + M, left:left + M].reshape(*batch, channels, M * M))
            return torch.stack(windows, dim=-3)
'''),
    # Pairs the windows with grid positions from itertools.product(range(H/M), range(H/M)): on a grid wider than tall
    # zip() silently stops early and the rest of the grid stays zero. window_reverse of 2 windows onto a 2x4 grid,
    # window 2: entry's right half 0, model the second window. Fails the visible tests.
    "blind76_window_reverse_zip_truncated_by_square_positions": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            import itertools
            *batch, _, channels, _ = windows.shape
            grid = windows.new_zeros(*batch, channels, height, width)
            positions = itertools.product(range(height // M), range(height // M))
            for (a, b), tile in zip(positions, windows.unbind(-3)):
                grid[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = tile.reshape(*batch, channels, M, M)
            return grid
'''),
    # Swin's slice loop labelling the nine regions, but the counter is reset inside the outer (row) loop: regions in
    # different row bands but the same column band get the same label and see each other.
    # shifted_window_mask(4, 4, 2, 1): entry differs from the model in the last window. Fails the visible tests.
    "blind76_shifted_window_mask_counter_reset_per_row_band": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            labels = torch.zeros(height, width, dtype=torch.long)
            for rows in (slice(0, height - window), slice(height - window, height - shift), slice(height - shift, height)):
                count = 0
                for cols in (slice(0, width - window), slice(width - window, width - shift), slice(width - shift, width)):
                    labels[rows, cols] = count
                    count += 1
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Stacks the four strided views in itertools.product((0, 1), repeat=2) order, (row, column) with the row offset
    # outer: top-left, top-right, bottom-left, bottom-right instead of the contract's top-left, bottom-left,
    # top-right, bottom-right. Any X with H, W >= 2 and distinct values shows it. Fails the visible tests.
    "blind76_patch_merging_product_row_offset_outer": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            import itertools
            parts = [X[..., r::2, c::2] for r, c in itertools.product((0, 1), repeat=2)]
            merged = torch.cat(parts, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Scans the palette from the last colour to the first keeping a colour when it is strictly closer: on a tie the
    # higher id, seen first, is kept. Palette with two equal colours: quantize_pixels(zeros(1, 1, 1),
    # [[0., 0.]]): entry 1, model 0. Fails the visible tests.
    "blind76_quantize_reversed_scan_strict_less_keeps_high_id": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            images, palette = images.to(dtype), palette.to(dtype)
            best = None
            ids = None
            for k in reversed(range(palette.shape[1])):
                distance = (images - palette[:, k, None, None]).square().sum(dim=-3)
                if best is None:
                    best, ids = distance, torch.full_like(distance, k, dtype=torch.long)
                    continue
                closer = distance < best
                ids = torch.where(closer, k, ids)
                best = torch.where(closer, distance, best)
            return ids
'''),
    # Builds the inputs from itertools.pairwise over the target columns, taking the second of each pair: that is
    # targets[1:], shifted the wrong way. pixel_sequence([[1, 2], [3, 4]], 9) inputs: entry [9, 2, 3, 4], model
    # [9, 1, 2, 3]. Fails the visible tests.
    "blind76_pixel_sequence_pairwise_takes_second": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            import itertools
            targets = ids.long().flatten(-2)
            columns = targets.unbind(-1)
            start = torch.full_like(targets[..., 0], sos_id)
            inputs = torch.stack([start] + [second for _, second in itertools.pairwise(columns)], dim=-1)
            return inputs, targets
'''),
    # Loops over patch rows with range(0, H - P, P): the stop excludes the last row of patches (all of them when
    # H == P). patchify(zeros(1, 1, 4, 4), 2): entry 2 columns, model 4. Fails the visible tests.
    "blind76_patchify_row_range_stops_one_patch_early": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for top in range(0, height - P, P):
                for left in range(0, width, P):
                    columns.append(images[:, :, top:top + P, left:left + P].reshape(batch, -1))
            return torch.stack(columns, dim=-1)
'''),
    # Collects the heads with outputs.insert(0, ...) while looping forward: the heads are stacked in reverse order
    # (head H-1 on top) before Wo. Any D = 4, H = 2 input with random weights differs. Fails the visible tests.
    "blind76_mha_heads_inserted_at_front": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            size = dim // num_heads
            outputs = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                head, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.insert(0, head)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Steps through the rows with range(0, D, num_heads), i.e. in blocks of H rows: that gives D/H heads of H rows
    # each. Right only when H == D/H (D = 4, H = 2); D = 8, H = 2 gives four 2-row heads scaled by 1/sqrt(2). Fails the visible tests.
    "blind76_mha_row_range_steps_by_num_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for start in range(0, dim, num_heads):
                rows = slice(start, start + num_heads)
                head, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(head)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Steps through the channels with range(0, C, num_groups): blocks of G channels, i.e. C/G groups of G channels.
    # Right only when G == C/G; with C = 8, G = 2 the contract's two groups of four channels become four groups of
    # two. Fails the visible tests.
    "blind76_channel_attention_range_steps_by_num_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outputs = []
            for start in range(0, channels, num_groups):
                rows = slice(start, start + num_groups)
                weights = softmax_cols(K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * scale)
                outputs.append(weights.transpose(-2, -1) @ V[..., rows, :])
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Runs the three sub-blocks in a loop zipped with the layer-norm suffixes "12" (copied from the encoder layer):
    # zip() stops at the shorter, so the feed-forward block and LN3 are silently skipped. Any input differs. Passes the visible tests.
    "blind76_decoder_layer_zip_suffixes_drop_ffn": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            for block, suffix in zip(blocks, "12"):
                X = layer_norm(X + block(X), params["gamma" + suffix], params["beta" + suffix])
            return X
'''),
    # Scores the cells with zip(range(H), range(W)) meant as a double loop: only the diagonal cells (h, h) are
    # scored and the softmax runs over them alone; the other cells get weight 0. grid_attention on a 2x2 grid:
    # entry weights [[a, 0], [0, b]], model all four positive. Fails the visible tests.
    "blind76_grid_attention_zip_rows_and_columns_diagonal_only": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            query = s @ W.T
            cells = torch.tanh(query[..., None, None, :] + features.movedim(-3, -1) @ U.T) @ v
            scores = torch.full_like(cells, float("-inf"))
            for h, w in zip(range(height), range(width)):
                scores[..., h, w] = cells[..., h, w]
            weights = torch.softmax(scores.flatten(-2), dim=-1)
            context = (features.flatten(-2) * weights[..., None, :]).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Pairs row i with row D-1-i (zip of the first half with the reversed second half) instead of row i + D/2: for
    # D >= 4 the pairs are mirrored. rotary_embedding with D = 4 at position 1: entry rotates rows (0, 3) and (1, 2),
    # model (0, 2) and (1, 3). Fails the visible tests.
    "blind76_rotary_second_half_zipped_reversed": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                rows = list(X.unbind(-2))
                out = list(rows)
                for i, j in zip(range(dim // 2), reversed(range(dim // 2, dim))):
                    angle = positions.to(torch.float64) * base ** (-2 * i / dim)
                    cos, sin = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
                    out[i] = rows[i] * cos - rows[j] * sin
                    out[j] = rows[j] * cos + rows[i] * sin
                return torch.stack(out, dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Fills the table two rows at a time over range(0, dim - 1, 2): for an odd D the last (sine) row is never
    # written and stays 0. sinusoidal_positions(3, 3)[2]: entry [0, 0, 0], model sin(n / 10000^(2/3)). Fails the visible tests.
    "blind76_sinusoidal_pair_loop_skips_last_odd_row": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            table = torch.zeros(dim, num_positions)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            for row in range(0, dim - 1, 2):
                angles = positions / 10000 ** (row / dim)
                table[row] = torch.sin(angles)
                table[row + 1] = torch.cos(angles)
            return table
'''),
}

RIGHT_BLIND_76 = {
    # Scans the pair counts from the last to the first with `>=`: the last item to win the scan is the first maximum.
    "blind76_right_train_bpe_reversed_scan_ge_keeps_first_max": ("bpe", "train_bpe", '''
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
                best, best_count = None, -1
                for pair, count in reversed(list(pair_counts.items())):
                    if count >= best_count:
                        best, best_count = pair, count
                if best is None:
                    break
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Pairs from zip(symbols, islice(symbols, 1, None)); the tie rule made explicit: the first-seen position of every
    # pair (from enumerate over the scan) is the second sort key.
    "blind76_right_train_bpe_islice_pairs_first_seen_rank": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import itertools
            words = split_words(corpus, "corpus")
            frequency = {}
            for word in words:
                frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
            segmentation = {word: list(word) for word in frequency}
            merges = []
            while len(merges) < num_merges:
                counts, first_seen = {}, {}
                position = itertools.count()
                for word in frequency:
                    symbols = segmentation[word]
                    for pair in zip(symbols, itertools.islice(symbols, 1, None)):
                        counts[pair] = counts.get(pair, 0) + frequency[word]
                        first_seen.setdefault(pair, next(position))
                if not counts:
                    break
                best = min(counts, key=lambda pair: (-counts[pair], first_seen[pair]))
                merges.append(best)
                segmentation = {word: merge_pair(symbols, best) for word, symbols in segmentation.items()}
            return merges
'''),
    # Merges in place by slice assignment while looping over a range fixed before the loop; the bound check keeps
    # the shrinking list safe and the next index is exactly the symbol after the merged one.
    "blind76_right_bpe_encode_inplace_slice_in_fixed_range": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                symbols = list(symbols)
                for left, right in merges:
                    for i in range(len(symbols) - 1):
                        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
                            symbols[i:i + 2] = [left + right]
                tokens.extend(symbols)
            return tokens
'''),
    # Merges in the outer loop, words in the inner loop: each word's merges still run in the given order.
    "blind76_right_bpe_encode_merges_outer_words_inner": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            for pair in merges:
                words = [merge_pair(symbols, pair) for symbols in words]
            return [token for symbols in words for token in symbols]
'''),
    # Walks the tokens from the end, stripping while everything seen so far is blank, then reverses the pieces.
    "blind76_right_bpe_decode_reversed_walk_strips_tail": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            pieces = []
            trailing = True
            for token in reversed(list(tokens)):
                piece = token.replace(END_OF_WORD, " ")
                if trailing:
                    piece = piece.rstrip(" ")
                    trailing = piece == ""
                pieces.append(piece)
            return "".join(reversed(pieces))
'''),
    # Divide and conquer: the halves are joined recursively (depth log2 of the length), then one replace and rstrip.
    "blind76_right_bpe_decode_recursive_halves": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            tokens = list(tokens)

            def join(lo, hi):
                if hi - lo <= 2:
                    return "".join(tokens[lo:hi])
                mid = (lo + hi) // 2
                return join(lo, mid) + join(mid, hi)

            return join(0, len(tokens)).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Greedy via the builtin max over the ids keyed by the logits (first maximum); top-p's crossing position found by
    # enumerate(start=1) over torch's own comparisons, with for/else when nothing crosses.
    "blind76_right_ntp_builtin_max_and_enumerate_start_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                values = logits.tolist()
                probs = torch.zeros_like(logits)
                probs[max(range(len(values)), key=values.__getitem__)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.argsort(-probs, stable=True)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.argsort(-probs, stable=True)
                crossed = (torch.cumsum(probs[order], dim=0) >= top_p).tolist()
                for count, done in enumerate(crossed, start=1):
                    if done:
                        break
                else:
                    count = len(crossed)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Greedy by a reversed scan keeping a value when it is >= the best so far (lands on the first maximum); top-k by
    # Python's sorted with reverse=True, which keeps tied ids in increasing order.
    "blind76_right_ntp_reversed_ge_scan_and_sorted_reverse": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                values = logits.tolist()
                best = len(values) - 1
                for index in range(len(values) - 1, -1, -1):
                    if values[index] >= values[best]:
                        best = index
                probs = torch.zeros_like(logits)
                probs[best] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                values = probs.tolist()
                kept = sorted(range(len(values)), key=values.__getitem__, reverse=True)[:top_k]
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
    # The ids live in a Python list and the context in a deque with maxlen=context_size, which drops the oldest id
    # by itself (maxlen None keeps all); same draws in the same order as the model answer.
    "blind76_right_generate_deque_context_window": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            from collections import deque
            ids = prompt.tolist()
            context = deque(ids, maxlen=context_size)
            for _ in range(max_new_tokens):
                logits = model(torch.tensor(list(context), dtype=prompt.dtype))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                ids.append(token)
                context.append(token)
                if token == eos_id:
                    break
            return torch.tensor(ids, dtype=prompt.dtype)
'''),
    # Builtin sum over a zip that truncates at the shorter (the last column scores nothing), started from an empty
    # slice's sum so a one-token sequence still gives a 0-d tensor on the graph.
    "blind76_right_sequence_log_prob_zip_sum_with_graph_start": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            picked = (column[target] for column, target in zip(log_probs.unbind(1), ids[1:].tolist()))
            return sum(picked, log_probs[0, :0].sum())
'''),
    # Explicit tie key: candidates sorted by (-score, beam index, token), a finished beam carrying token -1 (it is
    # its beam's only candidate), which is the order a stable sort by -score gives.
    "blind76_right_beam_search_explicit_beam_token_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            step = 0
            while step < max_new_tokens:
                step += 1
                candidates = []
                for beam_index, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append(((-score, beam_index, -1), (score, ids, True)))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        extended = torch.cat([ids, ids.new_tensor([token])])
                        candidates.append(((-(score + log_prob), beam_index, token),
                                           (score + log_prob, extended, token == eos_id)))
                candidates.sort(key=lambda item: item[0])
                beams = [beam for _, beam in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Each beam's extensions sorted on their own, then merged with heapq.merge, which on equal keys yields the item
    # of the earlier iterable first; islice takes the beam_width best.
    "blind76_right_beam_search_heapq_merge_per_beam_lists": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            import itertools
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                per_beam = []
                for score, ids, finished in beams:
                    if finished:
                        per_beam.append([(score, ids, True)])
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    extensions = [(score + lp, torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                                  for t, lp in enumerate(log_probs)]
                    per_beam.append(sorted(extensions, key=lambda c: -c[0]))
                merged = heapq.merge(*per_beam, key=lambda c: -c[0])
                beams = list(itertools.islice(merged, beam_width))
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The other documents as documents[:index] + documents[index + 1:] (by position, so equal documents stay), and the
    # successors from zip with an islice of the document; draws in the model answer's order.
    "blind76_right_nsp_pairs_slices_around_own_index": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            import itertools
            pairs = []
            for index in range(len(documents)):
                document = documents[index]
                others = list(documents[:index]) + list(documents[index + 1:])
                for a, successor in zip(document, itertools.islice(document, 1, None)):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    other = others[torch.randint(len(others), (), generator=generator).item()]
                    pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Fills column i with keys 0..i over range(n - 1, -1, -1): the reversed range runs down to 0 inclusive.
    "blind76_right_causal_mask_reversed_column_fill": ("masking", "causal_mask", '''
        def causal_mask(n):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n - 1, -1, -1):
                mask[: i + 1, i] = True
            return mask
'''),
    # One diagonal at a time, offsets -w..w inclusive with w capped at n - 1 (a negative window gives no offsets).
    "blind76_right_local_mask_diagonals_over_capped_range": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            w = min(window, n - 1)
            for d in range(-w, w + 1):
                keys = torch.arange(max(0, -d), min(n, n - d))
                mask[keys, keys + d] = True
            return mask
'''),
    # For every query, keys i, i - s, ... down to 0 inclusive (range(i, -1, -stride)) and i + s, ... up to n - 1.
    "blind76_right_strided_mask_two_ranges_per_query": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                mask[list(range(i, -1, -stride)), i] = True
                mask[list(range(i + stride, n, stride)), i] = True
            return mask
'''),
    # Row j of the mask is is_global | g_j: one row per key, stacked on the key axis.
    "blind76_right_global_token_mask_rows_stacked": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            rows = [is_global | key[..., None] for key in is_global.unbind(-1)]
            return torch.stack(rows, dim=-2)
'''),
    # The strided count with m = n // s (not (n - 1) // s): when s divides n the extra offset n has n - n = 0 pairs,
    # so the closed form is unchanged; the local window counted as len(range(1, min(w, n - 1) + 1)) in O(1).
    "blind76_right_sparse_cost_floor_n_over_stride": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = len(range(1, min(window, n - 1) + 1))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = n // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Windows cut in itertools.product(range(0, H, M), range(0, W, M)) order: rows outer, raster order.
    "blind76_right_window_partition_product_of_ranges": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            import itertools
            M = window
            windows = [X[..., top:top + M, left:left + M].reshape(*batch, channels, M * M)
                       for top, left in itertools.product(range(0, height, M), range(0, width, M))]
            return torch.stack(windows, dim=-3)
'''),
    # Places the windows from the last to the first (reversed range, divmod by the number of window columns); the
    # order of placement does not matter, each window owns its tile.
    "blind76_right_window_reverse_reversed_placement": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, _ = windows.shape
            grid = windows.new_zeros(*batch, channels, height, width)
            for k in range(count - 1, -1, -1):
                a, b = divmod(k, width // M)
                grid[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
            return grid
'''),
    # Swin's own slice loop over three row bands and three column bands with one running counter, the bands written
    # with explicit bounds so shift = 0 leaves empty bands.
    "blind76_right_shifted_window_mask_slice_bands_counter": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            labels = torch.zeros(height, width, dtype=torch.long)
            count = 0
            for rows in (slice(0, height - window), slice(height - window, height - shift), slice(height - shift, height)):
                for cols in (slice(0, width - window), slice(width - window, width - shift), slice(width - shift, width)):
                    labels[rows, cols] = count
                    count += 1
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The four views in itertools.product order with the COLUMN offset outer: (0,0), (1,0), (0,1), (1,1) as (r, c).
    "blind76_right_patch_merging_product_column_offset_outer": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            import itertools
            parts = [X[..., r::2, c::2] for c, r in itertools.product((0, 1), repeat=2)]
            merged = torch.cat(parts, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Scans the palette from the last colour to the first and takes a colour when it is at least as close (<=): the
    # last taker of a tie is the lowest id.
    "blind76_right_quantize_reversed_scan_le_keeps_low_id": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)
            palette = palette.to(dtype)
            best = ids = None
            for k in range(palette.shape[1] - 1, -1, -1):
                distance = (pixels - palette[:, k]).square().sum(dim=-1)
                if best is None:
                    best, ids = distance, torch.full(distance.shape, k, dtype=torch.long)
                    continue
                closer = distance <= best
                ids = torch.where(closer, k, ids)
                best = torch.where(closer, distance, best)
            return ids
'''),
    # The inputs are the start token followed by the targets zipped with range(N - 1): zip stops there, dropping the
    # last target (and a 1x1 image keeps only the start token).
    "blind76_right_pixel_sequence_zip_with_short_range": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            count = targets.shape[-1]
            start = torch.full(targets.shape[:-1], sos_id, dtype=torch.long)
            shifted = [column for column, _ in zip(targets.unbind(-1), range(count - 1))]
            return torch.stack([start] + shifted, dim=-1), targets
'''),
    # Patches cut in a double loop, rows outer, each patch's (C, P, P) block flattened to one column.
    "blind76_right_patchify_double_loop_columns": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for top in range(0, height, P):
                for left in range(0, width, P):
                    columns.append(images[:, :, top:top + P, left:left + P].reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    # Heads computed from the last to the first and inserted at the front of the list: stacked head 0 on top.
    "blind76_right_mha_reversed_heads_inserted_front": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            size = dim // num_heads
            outputs = []
            for h in reversed(range(num_heads)):
                rows = slice(h * size, (h + 1) * size)
                head, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.insert(0, head)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Groups from zip over the three split() lists, each of C/G rows; outputs concatenated in order.
    "blind76_right_channel_attention_zip_of_splits": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            size = channels // num_groups
            Q = linear(X, params["Wq"], params["bq"]).split(size, dim=-2)
            K = linear(X, params["Wk"], params["bk"]).split(size, dim=-2)
            V = linear(X, params["Wv"], params["bv"]).split(size, dim=-2)
            outputs = []
            for q, k, v in zip(Q, K, V):
                weights = softmax_cols(k @ q.transpose(-2, -1) * scale)
                outputs.append(weights.transpose(-2, -1) @ v)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # The three sub-blocks in a loop zipped with the suffixes "123" (all three kept).
    "blind76_right_decoder_layer_blocks_zipped_with_suffixes": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            for block, suffix in zip(blocks, "123"):
                X = layer_norm(X + block(X), params["gamma" + suffix], params["beta" + suffix])
            return X
'''),
    # Both orders from one loop over (block, suffix) pairs enumerated with start=1.
    "blind76_right_transformer_layer_enumerate_blocks_from_one": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            blocks = (
                lambda Y: multi_head_attention(Y, Y, params, num_heads, mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            for number, block in enumerate(blocks, start=1):
                gamma, beta = params[f"gamma{number}"], params[f"beta{number}"]
                if norm_first:
                    X = X + block(layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + block(X), gamma, beta)
            return X
'''),
    # Every cell scored in a double loop over itertools.product(range(H), range(W)) (raster order), then one softmax
    # over the flat list of H*W scores.
    "blind76_right_grid_attention_product_of_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            import itertools
            height, width = features.shape[-2:]
            query = s @ W.T
            scores = [torch.tanh(query + features[..., :, h, w] @ U.T) @ v
                      for h, w in itertools.product(range(height), range(width))]
            weights = torch.softmax(torch.stack(scores, dim=-1), dim=-1)
            context = (features.flatten(-2) * weights[..., None, :]).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Pairs row i with row i + D/2 through zip(range(D/2), range(D/2, D)), one row pair at a time.
    "blind76_right_rotary_zip_of_half_ranges": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                rows = X.unbind(-2)
                out = list(rows)
                for i, j in zip(range(dim // 2), range(dim // 2, dim)):
                    angle = positions.to(torch.float64) * base ** (-2 * i / dim)
                    cos, sin = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
                    out[i] = rows[i] * cos - rows[j] * sin
                    out[j] = rows[j] * cos + rows[i] * sin
                return torch.stack(out, dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # One row at a time: divmod(row, 2) gives the pair index and whether the row is a sine or a cosine.
    "blind76_right_sinusoidal_rows_by_divmod": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            rows = []
            for row in range(dim):
                pair, is_cosine = divmod(row, 2)
                angles = positions / 10000 ** (2 * pair / dim)
                rows.append(torch.cos(angles) if is_cosine else torch.sin(angles))
            return torch.stack(rows) if rows else torch.zeros(0, num_positions)
'''),
    # Fills only the rows of the ids that occur, looping over token_ids.unique(); the other rows stay zero.
    "blind76_right_one_hot_rows_of_present_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype or torch.get_default_dtype())
            for v in token_ids.unique().tolist():
                out[..., v, :] = (token_ids == v).to(out.dtype)
            return out
'''),
}
