r"""Fourteenth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, the course registry's exercise list,
the stubs (exercises/*.py), the learner-visible tests (exercises/tests/, run only as `pytest
exercises/tests/test_<module>.py --target <package>`) and the model answers (solutions/), after reading the eleven
earlier blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_11.py) for their
docstrings, entry names and "counted right" comments, so as to repeat none of their names or ideas and to respect the
decisions they record (tokens given to bpe_decode come from bpe_encode; only the named ValueErrors count; quantize
accepts ids within rounding of the nearest; greedy generation may skip the draw; and so on). Nothing else under
grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor held_out_blind_12.py (written at the same time).
(One `ls` of tests/grader/ at the start showed its file names; none was opened.)

How each entry was verified: every entry was built into its own scratch package (/tmp/blind13/pk/<name>/sub_<name>/:
a copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests (visible.py); each wrong entry's comment says whether it passes them (32 of the 54 do), and every right entry
passes them. Each wrong entry's recorded input was run on the model answer and on the entry and the difference printed
(demo1.py ... demo8.py): a value, a shape, a dtype, an exception instead of the named ValueError, a mutated argument, a
random stream or a distribution (frequencies over 2,000 seeds or 200,000 positions), a generator left unadvanced, a
stale cached result. Right entries were compared with the model answer on batteries (check_a.py, check_b.py), each run
twice in one process (state between calls): train_bpe on 400 random corpora over small alphabets with every kind of
whitespace (tab, newline, \x0b, \x1c, no-break and ideographic spaces, leading and trailing runs, empty corpora) and
num_merges 0..40; bpe_encode on 600 texts with unseen characters against learned and random merge lists (multi-character
symbols, '</w>' pairs, empty strings), the merge list checked unchanged; sparse_attention_cost on every pattern for
n = 0..29, 10^6 + 7 and 10^12 + 3 with windows, strides and global counts from 0 to past n, results of type int, and
the ValueErrors; relative_position_bucket exhaustively for |offset| <= 5000 plus random offsets to 10^6 and +-2^40,
for 4..128 buckets, max_distance 8..10^5, both directions, non-contiguous, 0-d and empty inputs; quantize_pixels in
float32/float64/mixed, no, one and two batch axes, exact ties from duplicated integer palettes, non-contiguous inputs,
the ValueErrors; average_pool_head, patchify, patch_embedding, window_reverse and patch_merging in float32 and float64
(float64 to 1e-10 of the result's scale, float32 to 2e-5), no/one/two batch axes (and empty batches), non-square
grids, P or M of 1 and of the whole side, channels-last and reversed-stride inputs, gradients with respect to every
float input under a random upstream gradient, arguments unchanged, the ValueErrors; next_token_probs on 3,000 cases
(ties, -inf logits, temperatures 0, 1e-3, 0.5, 1, 2, top_k 1..V+2, top_p at exact float thresholds such as 0.9 on
[.1, .2, .3, .4]); sequence_log_prob on 300 table and prefix models (float32/float64, -inf logits, N = 1), gradients;
generate on 400 cases draw for draw with seeded generators, the contexts the model saw, the generator's state after
the call, and the global RNG after torch.manual_seed; beam_search on 6,000 cases (V = 2..4 with tied probabilities,
rounded prefix models, widths 1..6 beyond V, max_new_tokens 0..4, eos None, 0 or V-1); mlm_corrupt by exact per-call
properties (specials never chosen, labels, unchosen positions, dtypes and shapes, mask_prob 0 and 1, seeded
reproducibility, the global RNG used when no generator is given, non-contiguous ids, ids untouched) and frequencies
over 400,000 positions; nsp_pairs by structure, labels, other-document draws over 3,000 seeds, the ValueError cases and
reproducibility.

Emphasis: the clauses of the contract that break only on an edge. train_bpe: overlapping pairs, num_merges = 0,
Unicode whitespace, the direction a merge scans, the tie order inside a word, word-final merges, the type of a merge;
bpe_encode: unseen characters, prefilters without '</w>', the caller's merge list, caches; sequence_log_prob: N = 1,
shape, banned (-inf) tokens, tiny probabilities; sparse_attention_cost: its keyword arguments given to the patterns
that do not use them, the missing-size check, strides past n; generate: ties at temperature 0, the generator (None,
copied, draws on a permuted vector), the context crop; beam_search: width beyond the vocabulary, eos_id = 0, ties;
next_token_probs: top_k beyond V, the greedy dtype, tiny temperatures, float32 thresholds; mlm_corrupt and nsp_pairs:
the generator, seeds, views, single-sentence and equal documents, the ValueError; relative_position_bucket: views,
empty inputs, the LongTensor result; quantize_pixels, average_pool_head, patchify, patch_embedding, window_reverse and
patch_merging: batch axes, exact ties, named ValueErrors, views of non-contiguous inputs, mutation. The capstone's
gpt_logits / vit_logits / translation_logits / imagegpt_logits are assembled by capstone/assembly.py from the learner's
parts, not written by learners (no exercise module holds them), so no entry targets them.

Left out as not clearly wrong by the contract: one coin per document in nsp_pairs (each label still has probability 1/2,
and the contract does not state independence between examples); multinomial on float64-cast probabilities (it gives the
same draws here); a view() that only splits axes (it never fails). One entry may be contested:
blind13_next_token_probs_top_k_not_clamped assumes top_k larger than the vocabulary is an allowed input (the model
answer keeps every token then, as Hugging Face and nanoGPT clamp k); no entry written as wrong is counted right.
Added by the grader's maintainer after the batch came: one entry written as right is counted wrong and moved to
WRONG_BLIND_13 (blind13_bucket_scale_before_division: T5's float32 order is part of the contract; see its comment),
and two written as wrong are counted right and moved to RIGHT_BLIND_13, renamed blind13_right_...
(blind13_right_sequence_log_prob_one_hot_product: differs only on -inf logits, which the contract's models do not
give; blind13_right_mlm_unseeded_call_fixed_seed: differs only without a generator, which the contract leaves open,
as the seventh batch's recorded decisions say).
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_13 = {
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-28): one recursive call per new
    # token, so Python's recursion limit (about 1,000 levels) ends a generation of 1,200 tokens, which the
    # contract allows and a model's sample reaches (the hundred-and-fifth batch's
    # blind104_generate_recursive_call_per_new_token, written as wrong, is the same code).
    # Recursive: one token, then generate on the extended prompt with max_new_tokens - 1; the context crop
    # written as a max(0, ...) slice. Agrees with the model answer on the battery (see the docstring); passes
    # the visible tests.
    "blind13_right_generate_recursive": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    if max_new_tokens <= 0:
        return prompt
    context = prompt if context_size is None else prompt[max(0, len(prompt) - context_size):]
    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
    token = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
    extended = torch.cat([prompt, token])
    if eos_id is not None and token.item() == eos_id:
        return extended
    return generate(model, extended, max_new_tokens - 1, temperature, top_k, top_p, eos_id, generator, context_size)
'''),
    # ------------------------------------------------------------------ bpe
    # Pairs counted as the number of non-overlapping occurrences a merge would replace, so 'aaa' holds one ('a',
    # 'a') (clause: overlapping pairs count). train_bpe('aaa bb bb', 1): model [('a', 'a')] (2, first seen),
    # entry [('b', 'b')]. Fails the visible tests.
    "blind13_train_bpe_pairs_counted_as_merge_would_replace": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in dict.fromkeys(zip(symbols, symbols[1:])):
                # how many symbols a merge of this pair would remove: its non-overlapping occurrences
                pair_counts[pair] += frequency * (len(symbols) - len(merge_pair(symbols, pair)))
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # The merge count is checked after learning (a do-while), so num_merges = 0 still learns one merge.
    # train_bpe('low lower', 0): model [], entry [('l', 'o')]. Passes the visible tests.
    "blind13_train_bpe_learns_before_checking_count": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    while True:
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
        if len(merges) >= num_merges:
            break
    return merges
'''),
    # Words split on string.whitespace (ASCII only) instead of str.split(): a no-break space, an ideographic
    # space or \x1c stays inside a word. train_bpe('x\xa0y', 1): model [('x', '</w>')], entry [('x', '\xa0')].
    # Passes the visible tests.
    "blind13_train_bpe_ascii_whitespace_words": ("bpe", "train_bpe", '''
import re as _re
import string as _string


def train_bpe(corpus, num_merges):
    if END_OF_WORD in corpus:
        raise ValueError(f"corpus must not contain the end-of-word symbol {END_OF_WORD!r}")
    pieces = _re.split("[" + _re.escape(_string.whitespace) + "]+", corpus)
    words = [list(piece) + [END_OF_WORD] for piece in pieces if piece]
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
    # A learned merge is applied scanning each word from the right, so 'a a a' becomes [a, aa] instead of [aa,
    # a] (clause: non-overlapping occurrences left to right). train_bpe('aaa', 2): model [('a','a'),
    # ('aa','a')], entry [('a','a'), ('a','aa')]. Fails the visible tests.
    "blind13_train_bpe_merges_scan_from_the_right": ("bpe", "train_bpe", '''
def _merge_from_right(symbols, pair):
    merged = []
    i = len(symbols) - 1
    while i >= 0:
        if i >= 1 and (symbols[i - 1], symbols[i]) == pair:
            merged.append(symbols[i - 1] + symbols[i])
            i -= 2
        else:
            merged.append(symbols[i])
            i -= 1
    return merged[::-1]


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
            segmentation[word] = _merge_from_right(segmentation[word], best)
    return merges
'''),
    # Pair counts filled from the end of each word back to its start, so among tied pairs of one word the last
    # one wins (clause: ties by first occurrence, each word left to right). train_bpe('ab', 1): model [('a',
    # 'b')], entry [('b', '</w>')]. Fails the visible tests.
    "blind13_train_bpe_pairs_listed_right_to_left": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for i in range(len(symbols) - 1, 0, -1):     # from the end of the word back to its start
                pair_counts[(symbols[i - 1], symbols[i])] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Pairs ending in '</w>' are never counted (the marker treated as a boundary), so word-final merges are
    # never learned. train_bpe('ab ab', 2): model [('a','b'), ('ab','</w>')], entry [('a','b')] (stops early).
    # Fails the visible tests.
    "blind13_train_bpe_end_of_word_never_merged": ("bpe", "train_bpe", '''
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
                if pair[1] != END_OF_WORD:           # the end-of-word marker is a boundary, not a character
                    pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Merges returned as [left, right] lists instead of tuples (clause: list[tuple[str, str]]). train_bpe('ab
    # ab', 1): model [('a', 'b')], entry [['a', 'b']], and the two compare unequal. Fails the visible tests.
    "blind13_train_bpe_merges_as_lists": ("bpe", "train_bpe", '''
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
        merges.append(list(best))                    # JSON-friendly [left, right]
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Characters that no merge mentions become '<unk>' (clause: splits like training; unseen characters stay as
    # themselves). bpe_encode('abz', [('a', 'b')]): model ['ab', 'z', '</w>'], entry ['ab', '<unk>', '</w>'].
    # Fails the visible tests.
    "blind13_bpe_encode_unknown_characters_as_unk": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    alphabet = set()
    for left, right in merges:
        alphabet.update(left.replace(END_OF_WORD, ""))
        alphabet.update(right.replace(END_OF_WORD, ""))
    tokens = []
    for symbols in words:
        symbols = [s if s == END_OF_WORD or s in alphabet else "<unk>" for s in symbols]
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # Merges skipped when left + right is not a substring of the bare word, which lacks '</w>', so word-final
    # merges never apply. bpe_encode('ab', [('b', '</w>')]): model ['a', 'b</w>'], entry ['a', 'b', '</w>'].
    # Fails the visible tests.
    "blind13_bpe_encode_prefilter_on_bare_word": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    tokens = []
    for word in text.split():
        if END_OF_WORD in word:
            raise ValueError(f"text must not contain the end-of-word symbol {END_OF_WORD!r}")
        symbols = list(word) + [END_OF_WORD]
        for left, right in merges:
            if left + right not in word:             # a pair whose letters never appear cannot merge: skip it
                continue
            symbols = merge_pair(symbols, (left, right))
        tokens.extend(symbols)
    return tokens
'''),
    # The merge list used as a queue: pop(0) empties the caller's list (clause: arguments unchanged). After
    # bpe_encode('ab ab', merges) with merges = [('a', 'b')] the model leaves merges as is; the entry leaves [],
    # and a second call with the same list gives ['a', 'b', '</w>']. Passes the visible tests.
    "blind13_bpe_encode_consumes_merge_list": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    segmented = split_words(text, "text")
    pending = merges
    while pending:
        pair = pending.pop(0)
        segmented = [merge_pair(symbols, pair) for symbols in segmented]
    return [token for symbols in segmented for token in symbols]
'''),
    # A module-level cache of the merge table keyed by len(merges): a later call with other merges of the same
    # length replays the first call's merges (state kept between calls). bpe_encode('ab', [('a','b')]) then
    # bpe_encode('ab', [('b','</w>')]): model ['a', 'b</w>'], entry ['ab', '</w>']. Fails the visible tests.
    "blind13_bpe_encode_merge_table_cached_by_length": ("bpe", "bpe_encode", '''
_MERGE_TABLES = {}


def bpe_encode(text, merges):
    words = split_words(text, "text")
    table = _MERGE_TABLES.get(len(merges))
    if table is None:
        table = [tuple(pair) for pair in merges]
        _MERGE_TABLES[len(merges)] = table
    tokens = []
    for symbols in words:
        for pair in table:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # ------------------------------------------------------------------ sampling
    # Targets torch.roll(ids, -1) over all N columns: the last column scores ids[0] and is added (clause: n >=
    # 1, column n-1 scoring ids[n]). A bigram model (tokens 0..2) on ids [0, 1, 2, 2]: model -3.2809, entry
    # -4.5337; for N = 1 the model gives 0. Fails the visible tests.
    "blind13_sequence_log_prob_rolled_targets": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
    targets = torch.roll(ids, -1)                             # column n scores the token after it
    return log_probs.gather(0, targets[None, :]).sum()
'''),
    # log(softmax) with the probabilities clamped at 1e-12 to 'avoid log 0': a token with probability below
    # 1e-12 is scored log(1e-12). Logits [0, -40, 0] (float64) in every column, ids [0, 1]: model -40.6931,
    # entry -27.6310. Passes the visible tests.
    "blind13_sequence_log_prob_clamped_probabilities": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    probs = torch.softmax(model(ids), dim=0)                  # (V, N)
    picked = probs[ids[1:], torch.arange(len(ids) - 1)]
    return torch.log(picked.clamp_min(1e-12)).sum()          # guard against log(0)
'''),
    # gather keeps the row axis and the sum runs over the last axis only: the result has shape (1,) instead of
    # 0-d (clause: returns a 0-d tensor). Bigram model, ids [0, 1, 2, 2]: model shape (), entry shape (1,).
    # Fails the visible tests.
    "blind13_sequence_log_prob_keeps_row_axis": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
    picked = log_probs[:, :-1].gather(0, ids[1:].unsqueeze(0))  # (1, N - 1)
    return picked.sum(dim=-1)
'''),
    # ------------------------------------------------------------------ sparse_attention
    # The missing-size check passes when any of window/stride/num_global is given, not the pattern's own
    # (clause: ValueError for a missing size). sparse_attention_cost('local', 5, stride=2): model ValueError,
    # entry TypeError. Passes the visible tests.
    "blind13_sparse_cost_any_size_satisfies_check": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    if pattern not in ("dense", "causal") and window is None and stride is None and num_global is None:
        raise ValueError(f"the {pattern!r} pattern needs a size")
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
    # A window given with 'causal' turns it into a causal band (clause: 'causal' is n(n+1)/2; only 'local' takes
    # window). sparse_attention_cost('causal', 6, window=2): model 21, entry 15. Passes the visible tests.
    "blind13_sparse_cost_causal_banded_by_window": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        if window is None:
            return n * (n + 1) // 2
        w = min(window, n - 1) if n else 0           # causal local attention: the w keys before and the query
        return n * (w + 1) - w * (w + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # A window given with 'strided' counts the dilated window local(w*s) & strided(s) (clause: 'strided' is
    # n(2m+1) - s*m(m+1), m = floor((n-1)/s), whatever else is passed). sparse_attention_cost('strided', 10,
    # stride=2, window=1): model 50, entry 26. Passes the visible tests.
    "blind13_sparse_cost_strided_window_dilates": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
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
        if window is not None:                       # a dilated window: local_mask(n, w * s) & strided_mask(n, s)
            m = min(m, window)
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # The stride capped at n - 1 like the window, so a stride >= n counts offsets +-(n-1) and n = 1 divides by
    # zero. sparse_attention_cost('strided', 5, stride=7): model 5, entry 7; ('strided', 1, stride=1): model 1,
    # entry ZeroDivisionError. Fails the visible tests.
    "blind13_sparse_cost_stride_capped_like_window": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        s = min(stride, n - 1) if n else 1           # no offset reaches past n - 1, as for the window
        m = (n - 1) // s if n else 0
        return n * (2 * m + 1) - s * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ sampling
    # At temperature 0 the arg-max taken as the last maximum (nonzero()[-1]) instead of the lowest id. Logits
    # [0, 2, 2, 1, 0] in every column, prompt [0, 1], 3 tokens at temperature 0: model [0, 1, 1, 1, 1], entry
    # [0, 1, 2, 2, 2]. Passes the visible tests.
    "blind13_generate_greedy_last_maximum": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        if temperature == 0:
            next_id = (logits == logits.max()).nonzero()[-1]          # the arg-max, no draw needed
        else:
            probs = next_token_probs(logits, temperature, top_k, top_p)
            next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # generator=None replaced by a fresh torch.Generator() (always the same default seed) instead of drawing
    # from the global RNG (clause: torch.multinomial(probs, 1, generator=generator)). After
    # torch.manual_seed(1), a random 5-token bigram model, prompt [0, 1], 6 tokens: model [0, 1, 2, 3, 4, 2, 3,
    # 0], entry [0, 1, 2, 3, 1, 4, 4, 2]; the entry ignores torch.manual_seed. Passes the visible tests.
    "blind13_generate_unseeded_uses_fresh_generator": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    if generator is None:
        generator = torch.Generator()
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
    # Draws with multinomial over the probabilities sorted in descending order and maps back: the same
    # distribution, but another token for the same generator state (clause: the draw is torch.multinomial(probs,
    # 1, generator)). Random bigram model, prompt [0, 1], 8 tokens, Generator().manual_seed(3): model [0, 1, 0,
    # 1, 2, 0, 2, 0, 2, 3], entry [0, 1, 2, 3, 4, 1, 3, 4, 2, 1]. Passes the visible tests.
    "blind13_generate_draws_over_sorted_probabilities": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        sorted_probs, order = torch.sort(probs, descending=True, stable=True)
        next_id = order[torch.multinomial(sorted_probs, 1, generator=generator)]
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # The context crop assigned back to the sequence (nanoGPT's idx_cond written as idx), so the returned ids
    # lose everything before the last context_size tokens. Random bigram model, prompt [0, 1], 3 tokens,
    # context_size=2, seed 3: model [0, 1, 0, 1, 2], entry [0, 1, 2]. Fails the visible tests.
    "blind13_generate_crop_assigned_to_sequence": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        if context_size is not None:
            ids = ids[-context_size:]
        probs = next_token_probs(model(ids)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # Draws from a copy of the caller's generator (get_state/set_state), so the caller's generator is never
    # advanced and two calls with it repeat themselves. Two calls with one Generator().manual_seed(5), 4 tokens
    # each: model [0,1,2,3,4,1] then [0,1,2,3,3,0]; entry [0,1,2,3,4,1] twice. Passes the visible tests.
    "blind13_generate_draws_from_generator_copy": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    if generator is not None:                       # leave the caller's generator as it was
        local = torch.Generator()
        local.set_state(generator.get_state())
        generator = local
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
    # Keeps candidates[order[i]] for i in range(beam_width): when the width exceeds the number of candidates (V
    # tokens at the first step) it indexes past the list. V = 3 fixed distribution [.2, .5, .3], prompt [0],
    # width 5, 2 steps: model [0, 1, 1], entry IndexError. Passes the visible tests.
    "blind13_beam_search_keeps_exactly_width": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        order = sorted(range(len(candidates)), key=lambda i: -candidates[i][0])
        beams = [candidates[order[i]] for i in range(beam_width)]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # The eos test written as bool(eos_id) and token == eos_id: eos_id = 0 is never recognised. Bigram model
    # with p(0) = .6 after every token, prompt [1], width 2, 3 steps, eos_id=0: model [1, 0], entry [1, 0, 0,
    # 0]. Passes the visible tests.
    "blind13_beam_search_eos_zero_never_finishes": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   bool(eos_id) and token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Ties among equal scores broken by the sequences' token lists (lexicographic) instead of the earlier beam,
    # then the lower token. Bigram table (columns = previous token) after 0: p(1)=.4, p(2)=.6; after 1: p(0)=.6;
    # after 2: p(0)=.4; prompt [0], width 2, 2 steps: [0,2,0] and [0,1,0] tie at log .24; model [0, 2, 0]
    # (earlier beam), entry [0, 1, 0]. Passes the visible tests.
    "blind13_beam_search_ties_by_token_lists": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda candidate: (-candidate[0], candidate[1].tolist()))  # deterministic ties
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Candidates sorted as whole (score, ids, finished) tuples, reverse=True: two equal scores make Python
    # compare the id tensors and raise. Logits [0, 2, 2, 1, 0] in every column, prompt [0], width 2, 1 step:
    # model [0, 1], entry RuntimeError (Boolean value of Tensor ... is ambiguous). Fails the visible tests.
    "blind13_beam_search_sorts_whole_tuples": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        beams = sorted(candidates, reverse=True)[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # top_k taken with narrow(0, 0, top_k), which fails when k exceeds the vocabulary (the model keeps every
    # token, as Hugging Face and nanoGPT clamp k). next_token_probs([1, 2, 3], top_k=5): model softmax [0.0900,
    # 0.2447, 0.6652], entry RuntimeError. Passes the visible tests.
    "blind13_next_token_probs_top_k_not_clamped": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
        kept = order.narrow(0, 0, top_k)
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
    # The greedy one-hot is F.one_hot(argmax), an int64 tensor (clause: returns probabilities, floating point,
    # in the logits' dtype). next_token_probs([1., 3., 2.], temperature=0): model float32 [0, 1, 0], entry int64
    # [0, 1, 0]. Fails the visible tests.
    "blind13_next_token_probs_greedy_integer_one_hot": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1])
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
    # Temperatures below 1e-6 treated as 0 (greedy), though the contract makes only temperature == 0 greedy:
    # tied maxima then lose their equal shares. next_token_probs([1., 3., 3.] float64, temperature=1e-7): model
    # [0, 0.5, 0.5], entry [0, 1, 0]. Passes the visible tests.
    "blind13_next_token_probs_tiny_temperature_is_greedy": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature < 1e-6:                           # floats: treat a vanishing temperature as zero
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
    # ------------------------------------------------------------------ pretraining
    # ids flattened with view(-1), which fails on a non-contiguous batch (clause: inputs may be non-contiguous
    # views). mlm_corrupt(ids.T, 100, [0], 3, Generator().manual_seed(0)) for ids (4, 50): model returns, entry
    # RuntimeError (view size is not compatible). Passes the visible tests.
    "blind13_mlm_flattens_ids_with_view": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    flat = ids.view(-1)
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(flat, special)
    chosen = eligible & (torch.rand(flat.shape, generator=generator) < mask_prob)
    action = torch.rand(flat.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(flat, mask_id), flat)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, flat.long(), IGNORE)
    return corrupted.view(ids.shape), labels.view(ids.shape)
'''),
    # The 80/10/10 decision drawn from a second generator seeded with the caller's initial_seed(): for a freshly
    # seeded generator its uniforms repeat the choice uniforms, which are < mask_prob < 0.8, so every chosen
    # token becomes [MASK]. 200,000 ids, V = 100, seed 11: model mask 0.802 / unchanged 0.102, entry mask 1.000
    # / unchanged 0.000. Fails the visible tests.
    "blind13_mlm_second_generator_same_seed": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    choice_gen = generator if generator is not None else torch.default_generator
    action_gen = torch.Generator().manual_seed(choice_gen.initial_seed())   # one stream per decision
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=choice_gen) < mask_prob)
    action = torch.rand(ids.shape, generator=action_gen)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=choice_gen, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # Documents with one sentence dropped up front: they never supply a random B, and [[a, b], [c]] raises
    # (clause: B from a uniformly drawn other document; ValueError only if there is one document). docs
    # [[a,b],[c],[d,e]], A = 'a', label 1 over 2,000 seeds: model c 504, d 231, e 258; entry c 0, d 472, e 521.
    # nsp_pairs([[a,b],[c]]): model [('a','b',0)] for seed 0, entry ValueError. Fails the visible tests.
    "blind13_nsp_drops_single_sentence_documents": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    documents = [document for document in documents if len(document) > 1]   # nothing to pair in them
    if len(documents) == 1:
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
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
    # ValueError also when no document has two sentences (clause: only when some document has two sentences and
    # there is one document; otherwise no examples). nsp_pairs([['a'], ['b']]): model [], entry ValueError.
    # Passes the visible tests.
    "blind13_nsp_raises_when_nothing_to_pair": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 or all(len(document) < 2 for document in documents):
        raise ValueError("documents: need two documents and at least one sentence with a successor")
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
    # The other documents found by d != document, so documents with equal contents exclude each other (clause:
    # another document by position). docs [[a,b],[a,b],[c]], label-1 B for A = 'a' over 2,000 seeds: model a
    # 500, b 502, c 964; entry c 1966 only. nsp_pairs([[a,b],[a,b]]): entry RuntimeError. Passes the visible
    # tests.
    "blind13_nsp_other_documents_by_equality": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for document in documents:
        others = [d for d in documents if d != document]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = others[torch.randint(len(others), (), generator=generator).item()]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ positions
    # Offsets flattened with view(-1), which fails on a non-contiguous offset grid (a transposed key-minus-query
    # table). relative_position_bucket((arange(-3,4)[:,None] - arange(3)[None,:]).T): model the (3, 7) buckets,
    # entry RuntimeError. Passes the visible tests.
    "blind13_bucket_flattened_with_view": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long().view(-1)
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
    return (base + torch.where(distance < exact, distance, far)).view(relative_position.shape)
'''),
    # A per-element Python loop rebuilt with torch.tensor(list): an empty offset tensor (any shape is allowed)
    # comes back float32. relative_position_bucket(torch.zeros(0, dtype=long)): model int64 (0,), entry float32
    # (0,). Passes the visible tests.
    "blind13_bucket_python_loop_rebuilt_tensor": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    half = num_buckets // 2 if bidirectional else num_buckets
    exact = half // 2
    denominator = math.log(max_distance / exact)

    def bucket(offset):
        if bidirectional:
            base, distance = (half if offset > 0 else 0), abs(offset)
        else:
            base, distance = 0, max(-offset, 0)
        if distance < exact:
            return base + distance
        scaled = torch.log(torch.tensor(distance, dtype=torch.float32) / exact) / denominator * (half - exact)
        return base + min(exact + int(scaled), half - 1)

    values = [bucket(offset) for offset in relative_position.reshape(-1).tolist()]
    return torch.tensor(values).reshape(relative_position.shape)
'''),
    # Buckets returned as int32 'since they are small' (clause: returns a LongTensor).
    # relative_position_bucket(tensor([-3, 1])): model int64 [3, 17], entry int32 [3, 17]. Fails the visible
    # tests.
    "blind13_bucket_returns_int32": ("positions", "relative_position_bucket", '''
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
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return (base + torch.where(distance < exact, distance, far)).to(torch.int32)   # bucket ids are small
'''),
    # ------------------------------------------------------------------ imagegpt
    # The empty-palette check left out (clause: ValueError if the palette is empty). quantize_pixels(rand(1, 2,
    # 1, 1), zeros(2, 0)): model ValueError, entry IndexError from argmin. Passes the visible tests.
    "blind13_quantize_empty_palette_unchecked": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),
    # Requires images.dim() >= 4 (clause: (..., C, H, W), fewer than three dimensions is the error).
    # quantize_pixels on a (2, 1, 1) image with a (2, 3) palette: model [[0]], entry ValueError. Fails the
    # visible tests.
    "blind13_quantize_requires_batch_axis": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 4 or palette.dim() != 2:
        raise ValueError("images must be (B, C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),
    # Batch axes folded with reshape(-1, C, H*W) and the ids reshaped to (-1, H, W): no batch axis gives (1, H,
    # W), two give (B1*B2, H, W). A (2, 1, 1) image: model shape (1, 1), entry (1, 1, 1); images (2, 3, 2, 4,
    # 5): model (2, 3, 4, 5), entry (6, 4, 5). Fails the visible tests.
    "blind13_quantize_batch_axes_flattened": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    channels, height, width = images.shape[-3:]
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).reshape(-1, channels, height * width)            # (B, C, HW)
    distances = (pixels[..., None] - palette.to(dtype)[:, None, :]).square().sum(dim=1)   # (B, HW, K)
    return distances.argmin(dim=-1).reshape(-1, height, width)
'''),
    # Nearest colour by topk(1, largest=False), which does not return the lowest id among exact ties (clause:
    # ties go to the lowest id). Pixel (0.5, 0.5) with palette colours (3,0), (1,0), (0,0), (1,0), (0,0):
    # distances 6.5, .5, .5, .5, .5; model 1, entry 2. Passes the visible tests.
    "blind13_quantize_topk_smallest": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.topk(1, dim=-1, largest=False).indices[..., 0]
'''),
    # The W-against-D check left out (clause: ValueError if the shapes disagree). average_pool_head(rand(2, 3,
    # 4), rand(5, 2)): model ValueError, entry RuntimeError from einsum. Passes the visible tests.
    "blind13_average_pool_no_weight_shape_check": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    logits = torch.einsum("kd,...d->...k", W, X.mean(dim=-1))
    return logits if b is None else logits + b
'''),
    # (W @ mean).squeeze() drops every size-1 axis, batch axes of size 1 and K = 1 included. X (1, 3, 4), W (5,
    # 3): model (1, 5), entry (5,); X (2, 3, 4), W (1, 3): model (2, 1), entry (2,). Fails the visible tests.
    "blind13_average_pool_squeezed_result": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.mean(dim=-1, keepdim=True)                    # (..., D, 1)
    logits = (W @ pooled).squeeze()                           # (..., K)
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Images viewed as (B*C, 1, H, W) for F.unfold: merging B and C with view fails on channels-last images (a
    # permuted view, allowed). patchify(rand(2, 4, 4, 3).permute(0, 3, 1, 2), 2): model (2, 12, 4), entry
    # RuntimeError. Passes the visible tests.
    "blind13_patchify_per_channel_unfold_view": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be multiples of patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    # one single-channel image per (image, channel): unfold cuts its P x P patches as (P*P, N) columns
    planes = images.view(batch * channels, 1, height, width)
    columns = torch.nn.functional.unfold(planes, P, stride=P)            # (B*C, P*P, N)
    return columns.view(batch, channels * P * P, -1)
'''),
    # Divisibility checked with assert (clause: ValueError if H or W is not a multiple of P). patchify(rand(1,
    # 3, 5, 4), 2): model ValueError, entry AssertionError. Fails the visible tests.
    "blind13_patchify_assert_instead_of_value_error": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    assert height % patch_size == 0 and width % patch_size == 0, "image size must be a multiple of the patch size"
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # cls_token.unsqueeze_(-1) reshapes the caller's tensor (clause: arguments unchanged). After
    # patch_embedding(rand(2, 3, 4, 4), 2, W, b, cls (4,), positions (4, 5)): the model leaves cls (4,), the
    # entry leaves it (4, 1). Passes the visible tests.
    "blind13_patch_embedding_cls_unsqueezed_in_place": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)      # (B, D, N)
    cls_token.unsqueeze_(-1)                                  # (D, 1)
    cls_column = cls_token.expand(tokens.shape[0], -1, -1)   # (B, D, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ swin
    # Divisibility checked for the height only (clause: ValueError if M does not divide the sides).
    # window_reverse(rand(1, 2, 16), 4, 4, 6): model ValueError, entry RuntimeError from reshape. Passes the
    # visible tests.
    "blind13_window_reverse_checks_height_only": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    if isinstance(window, bool) or not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive integer, got {window!r}")
    if height % window:
        raise ValueError(f"window={window} must divide the grid's height {height}")
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows have the wrong shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Batch axes folded with reshape(-1, ...) and never restored: no batch axis gives (1, C, H, W), two give
    # (B1*B2, C, H, W). window_reverse(rand(4, 2, 4), 2, 4, 4): model (2, 4, 4), entry (1, 2, 4, 4); rand(2, 3,
    # 4, 2, 4): model (2, 3, 2, 4, 4), entry (6, 2, 4, 4). Fails the visible tests.
    "blind13_window_reverse_batch_axes_folded": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    if isinstance(window, bool) or not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive integer, got {window!r}")
    if height % window or width % window:
        raise ValueError(f"window={window} must divide the grid, got {height}x{width}")
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows have the wrong shape {tuple(windows.shape)}")
    channels = windows.shape[-2]
    grid = windows.reshape(-1, height // M, width // M, channels, M, M)      # (B, a, b, C, p, q)
    grid = grid.permute(0, 3, 1, 4, 2, 5)                                      # (B, C, a, p, b, q)
    return grid.reshape(-1, channels, height, width)
'''),
    # Only W's shape is checked (clause: ValueError if a shape disagrees). patch_merging(rand(2, 4, 4), gamma
    # (9,), beta (8,), W (4, 8)): model ValueError, entry RuntimeError from the layer norm. Passes the visible
    # tests.
    "blind13_patch_merging_checks_projection_only": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if W.shape != (2 * channels, 4 * channels):
        raise ValueError(f"W must be ({2 * channels}, {4 * channels}), got {tuple(W.shape)}")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Rows paired with X.view(..., C, H/2, 2W), which fails on a grid whose rows are not contiguous (a
    # transposed view, allowed). patch_merging(rand(2, 6, 4).transpose(-1, -2), ...): model (4, 2, 3), entry
    # RuntimeError. Passes the visible tests.
    "blind13_patch_merging_row_pairs_view": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    rows = X.view(*batch, channels, height // 2, 2 * width)      # rows 2i and 2i + 1 side by side
    top, bottom = rows[..., :width], rows[..., width:]
    merged = torch.cat([top[..., 0::2], bottom[..., 0::2], top[..., 1::2], bottom[..., 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ sampling
    # The top-p cut compares the float32 cumulative sums, converted to Python floats, with p in double
    # precision, so a cumulative sum that equals p exactly in float32 (0.9f = 0.89999998) counts as below it and
    # one token too many is kept. next_token_probs(log [.1, .2, .3, .4] float32, top_p=0.9): model [0, .2222,
    # .3333, .4444], entry [.1, .2, .3, .4]. Passes the visible tests.
    "blind13_next_token_probs_top_p_threshold_as_python_floats": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
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
        running, num_kept = 0.0, 0
        for value in torch.cumsum(probs[order], dim=0).tolist():
            num_kept += 1
            running = value
            if running >= top_p:
                break
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Written as right, counted WRONG after it came (by the grader's maintainer, 2026-11-26): log(d / n) multiplied
    # by (n - n/2) before dividing by log(max_distance / (n/2)), in float32. The contract fixes T5's float32 order
    # "so boundary distances land where T5's do", and this order lands elsewhere at one: 18 buckets, max_distance
    # 128, offsets -32 and +32 (buckets 7 and 16 for T5's order, 6 and 15 here; the author's exhaustive check missed
    # this table). Passes the visible tests.
    "blind13_bucket_scale_before_division": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        base = (offset > 0).long() * half
        distance = offset.abs()
    else:
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    ratio = distance.to(torch.float32) / exact
    steps = torch.log(ratio) * (half - exact) / math.log(max_distance / exact)
    far = (exact + steps.to(torch.long)).clamp(max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
}

RIGHT_BLIND_13 = {
    # ------------------------------------------------------------------ bpe
    # Words as re.findall(r'\S+') (the same Unicode whitespace as str.split, \x1c..\x1f and \u3000 included),
    # plain dicts, and a strict-> scan for the first maximum in first-seen order; segmentations as tuples.
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_train_bpe_regex_non_space_runs": ("bpe", "train_bpe", '''
import re as _re


def train_bpe(corpus, num_merges):
    if END_OF_WORD in corpus:
        raise ValueError(f"corpus must not contain the end-of-word symbol {END_OF_WORD!r}")
    frequencies = {}
    for word in _re.findall(r"\\S+", corpus):
        frequencies[word] = frequencies.get(word, 0) + 1
    segmentation = {word: tuple(word) + (END_OF_WORD,) for word in frequencies}
    merges = []
    while len(merges) < num_merges:
        counts = {}
        for word, frequency in frequencies.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                counts[pair] = counts.get(pair, 0) + frequency
        if not counts:
            break
        best, best_count = None, 0
        for pair, count in counts.items():          # dicts keep first-seen order: a strict > keeps the first
            if count > best_count:
                best, best_count = pair, count
        merges.append(best)
        for word in segmentation:
            segmentation[word] = tuple(merge_pair(list(segmentation[word]), best))
    return merges
'''),
    # Per-word Counter(zip(...)) merged into the totals with update (insertion order still first occurrence),
    # the tie winner found with next(...) over the counts; distinct words and segmentations in parallel lists.
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_train_bpe_word_counters_updated": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    distinct = list(dict.fromkeys(tuple(word) for word in words))
    frequency = Counter(tuple(word) for word in words)
    current = [list(word) for word in distinct]
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, symbols in zip(distinct, current):
            within = Counter(zip(symbols, symbols[1:]))           # first-seen order inside the word
            pair_counts.update({pair: count * frequency[word] for pair, count in within.items()})
        if not pair_counts:
            break
        top = max(pair_counts.values())
        best = next(pair for pair, count in pair_counts.items() if count == top)
        merges.append(best)
        current = [merge_pair(symbols, best) for symbols in current]
    return merges
'''),
    # Each word's segmentation kept as its list of cut positions; a merge removes the cut between the halves of
    # each non-overlapping occurrence, scanning left to right. Agrees with the model answer on the battery (see
    # the docstring); passes the visible tests.
    "blind13_right_train_bpe_cut_positions": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    frequency = Counter(tuple(word) for word in words)
    # a word's segmentation as the list of its cut positions into its symbol list (chars then "</w>")
    cuts = {word: list(range(len(word) + 1)) for word in frequency}

    def tokens(word, positions):
        return ["".join(word[a:b]) for a, b in zip(positions, positions[1:])]

    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, count in frequency.items():
            pieces = tokens(word, cuts[word])
            for pair in zip(pieces, pieces[1:]):
                pair_counts[pair] += count
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word, positions in cuts.items():
            pieces = tokens(word, positions)
            kept = [positions[0]]
            i = 0
            while i < len(pieces):
                if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == best:
                    i += 2                                   # drop the cut between the two halves
                else:
                    i += 1
                kept.append(positions[i])
            cuts[word] = kept
    return merges
'''),
    # Skips a merge when left + right is not a substring of the word spelled with its '</w>' (constant under
    # merges, so such a pair can never occur); the order of the merges is kept. Agrees with the model answer on
    # the battery (see the docstring); passes the visible tests.
    "blind13_right_bpe_encode_prefilter_with_end_of_word": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    tokens = []
    for symbols in split_words(text, "text"):
        spelled = "".join(symbols)                          # the word and its "</w>": constant under merges
        for left, right in merges:
            if left + right in spelled:                     # otherwise the pair cannot occur in this word
                symbols = merge_pair(symbols, (left, right))
        tokens.extend(symbols)
    return tokens
'''),
    # Encodes each distinct word once per call (a dict local to the call, so nothing is kept between calls).
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_bpe_encode_distinct_words_once_per_call": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    encoded = {}
    tokens = []
    for symbols in words:
        key = tuple(symbols)
        if key not in encoded:
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            encoded[key] = symbols
        tokens.extend(encoded[key])
    return tokens
'''),
    # ------------------------------------------------------------------ sampling
    # torch.take_along_dim on the first N - 1 columns of the log-softmax. Agrees with the model answer on the
    # battery (see the docstring); passes the visible tests.
    "blind13_right_sequence_log_prob_take_along_dim": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)[:, :-1]     # (V, N - 1): column n - 1 scores ids[n]
    return torch.take_along_dim(log_probs, ids[None, 1:], dim=0).sum()
'''),
    # Minus the sum of F.cross_entropy(reduction='none') over the transposed first N - 1 columns (empty, hence
    # 0, for N = 1). Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_sequence_log_prob_cross_entropy_terms": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)                                            # (V, N)
    terms = torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="none")
    return -terms.sum()
'''),
    # Python list of ids, a tensor rebuilt for each model call, torch.multinomial(..., replacement=True) (one
    # sample: the same draw as without replacement), a countdown while loop. Agrees with the model answer on the
    # battery (see the docstring); passes the visible tests.
    "blind13_right_generate_token_list_and_replacement_flag": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    tokens = prompt.tolist()
    remaining = max_new_tokens
    while remaining > 0:
        window = tokens if context_size is None else tokens[len(tokens) - min(context_size, len(tokens)):]
        logits = model(torch.tensor(window, dtype=prompt.dtype))[:, -1]
        probs = next_token_probs(logits, temperature=temperature, top_k=top_k, top_p=top_p)
        token = int(torch.multinomial(probs, num_samples=1, replacement=True, generator=generator))
        tokens.append(token)
        remaining -= 1
        if token == eos_id:
            break
    return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    # Width 1 as greedy arg-max decoding on the double log-softmax (argmax: the lowest id among ties; stops
    # after eos), the general beam loop otherwise. Agrees with the model answer on the battery (see the
    # docstring); passes the visible tests.
    "blind13_right_beam_search_width_one_is_greedy": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    if beam_width == 1:                                     # one beam: the arg-max path, lowest id on ties
        ids = prompt
        for _ in range(max_new_tokens):
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            token = int(torch.argmax(log_probs))
            ids = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
            if token == eos_id:
                break
        return ids
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                   token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Beams as tuples of Python ints; candidates ranked by (-score, rank of creation), which is the
    # beam-then-token tie order. Agrees with the model answer on the battery (see the docstring); passes the
    # visible tests.
    "blind13_right_beam_search_int_tuples_ranked": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    start = tuple(prompt.tolist())
    beams = [(start, 0.0, False)]
    for _ in range(max_new_tokens):
        ranked = []                                          # (-score, rank, sequence, finished)
        for sequence, score, finished in beams:
            if finished:
                ranked.append((-score, len(ranked), sequence, True))
                continue
            logits = model(torch.tensor(sequence, dtype=prompt.dtype))[:, -1]
            log_probs = torch.log_softmax(logits.double(), dim=0).tolist()
            for token, log_prob in enumerate(log_probs):
                ranked.append((-(score + log_prob), len(ranked), sequence + (token,), token == eos_id))
        ranked.sort(key=lambda entry: (entry[0], entry[1]))
        beams = [(sequence, -negated, finished) for negated, _, sequence, finished in ranked[:beam_width]]
        if all(finished for _, _, finished in beams):
            break
    return torch.tensor(beams[0][0], dtype=prompt.dtype)
'''),
    # Token order from Python's stable sorted() on the probabilities, kept sets built in Python; the top-p
    # cumulative sums still compared with p in the probabilities' dtype. Agrees with the model answer on the
    # battery (see the docstring); passes the visible tests.
    "blind13_right_next_token_probs_python_rank_order": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[int(torch.argmax(logits))] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    values = probs.tolist()
    ranking = sorted(range(len(values)), key=lambda i: -values[i])     # stable: equal values keep id order
    if top_k is not None:
        kept = set(ranking[:top_k])
        mask = torch.tensor([i in kept for i in range(len(values))])
        probs = torch.where(mask, probs, 0.0)
        probs = probs / probs.sum()
        values = probs.tolist()
        ranking = sorted(range(len(values)), key=lambda i: -values[i])
    if top_p is not None:
        cumulative = torch.cumsum(probs[torch.tensor(ranking)], dim=0)
        reached = (cumulative >= top_p).tolist()                  # compared in the probabilities' dtype
        kept = set()
        for i, done in zip(ranking, reached):
            kept.add(i)
            if done:
                break
        mask = torch.tensor([i in kept for i in range(len(values))])
        probs = torch.where(mask, probs, 0.0)
    return probs / probs.sum()
'''),
    # top_k == 1 short-cut to a one-hot on argmax(probs) (the first maximum, as the stable sort's first element;
    # p/p = 1 exactly in the model answer too). Agrees with the model answer on the battery (see the docstring);
    # passes the visible tests.
    "blind13_right_next_token_probs_top_one_shortcut": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k == 1:                                       # one token survives: a one-hot on the most probable
        one_hot = torch.zeros_like(probs)
        one_hot[torch.argmax(probs)] = 1.0
        return one_hot
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
    # Top-k by an inverse-permutation rank vector; top-p keeps a sorted token iff the mass ranked above it (the
    # inclusive cumsum shifted by one) is < p, the first always (cumsum is non-decreasing, so this is the
    # model's prefix). Agrees with the model answer on the battery (see the docstring); passes the visible
    # tests.
    "blind13_right_next_token_probs_mass_before_each_token": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        return (torch.arange(logits.shape[0]) == torch.argmax(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        rank = torch.empty_like(order)
        rank[order] = torch.arange(len(order))
        probs = torch.where(rank < top_k, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # mass of the tokens ranked above
        keep_sorted = before < top_p
        keep_sorted[0] = True
        keep = torch.zeros_like(keep_sorted)
        keep[order] = keep_sorted
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # ------------------------------------------------------------------ sparse_attention
    # 'strided' as the sum of squared residue-class sizes r(q+1)^2 + (s-r)q^2 with (q, r) = divmod(n, s);
    # 'local' and 'global' as complements of the excluded pairs. Agrees with the model answer on the battery
    # (see the docstring); passes the visible tests.
    "blind13_right_sparse_cost_residue_classes": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    needed = {"local": ("window", window), "strided": ("stride", stride), "global": ("num_global", num_global)}
    if pattern in needed and needed[pattern][1] is None:
        raise ValueError(f"the {pattern!r} pattern needs {needed[pattern][0]}=...")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return (n * n + n) // 2
    if pattern == "local":
        w = min(window, max(n - 1, 0))
        outside = (n - w - 1) * (n - w)                  # pairs farther apart than w, both sides
        return n * n - outside
    if pattern == "strided":
        # positions fall into stride residue classes; each class is fully connected
        q, r = divmod(n, stride)
        return r * (q + 1) ** 2 + (stride - r) * q * q
    ordinary = n - num_global
    return n * n - ordinary * ordinary
'''),
    # ------------------------------------------------------------------ pretraining
    # One float64 rand of shape (..., N, 2) holds the choice and the 80/10/10 uniforms; results written with
    # boolean-index assignment into clones. Agrees with the model answer on the battery (see the docstring);
    # passes the visible tests.
    "blind13_right_mlm_paired_uniforms": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    uniforms = torch.rand((*ids.shape, 2), generator=generator, dtype=torch.float64)
    chosen = (uniforms[..., 0] < mask_prob) & ~torch.isin(ids, special)
    to_mask = chosen & (uniforms[..., 1] < 0.8)
    to_random = chosen & (uniforms[..., 1] >= 0.8) & (uniforms[..., 1] < 0.9)
    replacement = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = ids.clone()
    corrupted[to_mask] = mask_id
    corrupted[to_random] = replacement[to_random]
    labels = torch.full(ids.shape, -100, dtype=torch.long)
    labels[chosen] = ids[chosen].long()
    return corrupted, labels
'''),
    # Draws only at the eligible positions (nonzero of the non-special mask), then scatters the new values back
    # into a flat clone. Agrees with the model answer on the battery (see the docstring); passes the visible
    # tests.
    "blind13_right_mlm_draws_at_eligible_positions": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    flat = ids.reshape(-1)
    where = (~torch.isin(flat, special)).nonzero().squeeze(-1)        # eligible positions only
    picked = where[torch.rand(where.shape, generator=generator) < mask_prob]
    action = torch.rand(picked.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, picked.shape, generator=generator, dtype=ids.dtype)
    corrupted = flat.clone()
    new_values = torch.where(action < 0.8, torch.full_like(random_ids, mask_id),
                             torch.where(action < 0.9, random_ids, flat[picked]))
    corrupted[picked] = new_values
    labels = torch.full_like(flat, IGNORE, dtype=torch.long)
    labels[picked] = flat[picked].long()
    return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # Each example draws rand(3) in float64: the coin, floor(u * (D - 1)) skipping its own document, and floor(u
    # * len) for the sentence. Agrees with the model answer on the battery (see the docstring); passes the
    # visible tests.
    "blind13_right_nsp_float64_floor_draws": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        for position in range(len(document) - 1):
            coin, doc_u, sentence_u = torch.rand(3, generator=generator, dtype=torch.float64).tolist()
            if coin < 0.5:
                pairs.append((document[position], document[position + 1], 0))
                continue
            other_index = int(doc_u * (len(documents) - 1))
            if other_index >= index:
                other_index += 1
            other = documents[other_index]
            pairs.append((document[position], other[int(sentence_u * len(other))], 1))
    return pairs
'''),
    # torch.bernoulli(0.5) coin and an explicit list of the other documents' indices, randint(0, len) draws of
    # shape (1,). Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_nsp_bernoulli_coin_and_other_list": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    half = torch.tensor(0.5)
    examples = []
    for index, document in enumerate(documents):
        others = list(range(index)) + list(range(index + 1, len(documents)))
        for first, second in zip(document, document[1:]):
            if torch.bernoulli(half, generator=generator).item() == 1.0:
                examples.append((first, second, 0))
            else:
                other = documents[others[int(torch.randint(0, len(others), (1,), generator=generator))]]
                examples.append((first, other[int(torch.randint(0, len(other), (1,), generator=generator))], 1))
    return examples
'''),
    # ------------------------------------------------------------------ positions
    # The first distance of every log-spaced bucket found by bisection on the float32 formula, then
    # torch.searchsorted. Agrees with the model answer on the battery (see the docstring); passes the visible
    # tests.
    "blind13_right_bucket_searched_boundaries": ("positions", "relative_position_bucket", '''
def _far_bucket(distance, exact, half, max_distance):
    value = torch.log(torch.tensor([float(distance)], dtype=torch.float32) / exact)
    value = value / math.log(max_distance / exact) * (half - exact)
    return min(exact + int(value.long()), half - 1)


def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets // 2 if bidirectional else num_buckets
    exact = half // 2
    if bidirectional:
        base, distance = torch.where(offset > 0, half, 0), offset.abs()
    else:
        base, distance = torch.zeros_like(offset), (-offset).clamp(min=0)
    # the first distance of every log-spaced bucket, found by bisection (buckets grow with the distance)
    starts = []
    for bucket in range(exact + 1, half):
        low, high = exact, exact
        while _far_bucket(high, exact, half, max_distance) < bucket:
            high *= 2
        while low < high:
            mid = (low + high) // 2
            if _far_bucket(mid, exact, half, max_distance) >= bucket:
                high = mid
            else:
                low = mid + 1
        starts.append(low)
    boundaries = torch.tensor(starts, dtype=torch.long)
    far = exact + torch.searchsorted(boundaries, distance.reshape(-1), right=True).reshape(distance.shape)
    return base + torch.where(distance < exact, distance, far)
'''),
    # ------------------------------------------------------------------ imagegpt
    # Differences broadcast with the channel axis kept in place ((..., C, H, W, K), summed over -4) and
    # torch.min(dim).indices (documented to return the first minimum). Agrees with the model answer on the
    # battery (see the docstring); passes the visible tests.
    "blind13_right_quantize_channel_axis_kept_min": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype)[..., None]                        # (..., C, H, W, 1)
    colours = palette.to(dtype)[:, None, None, :]               # (C, 1, 1, K)
    distances = (pixels - colours).square().sum(dim=-4)         # (..., H, W, K)
    return torch.min(distances, dim=-1).indices                 # the first minimum on ties
'''),
    # Squared distances via ** 2 against the transposed palette and torch.sort(stable=True).indices[..., 0].
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_quantize_stable_sort_first": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-2)      # (..., H, W, 1, C)
    distances = ((pixels - palette.to(dtype).T) ** 2).sum(dim=-1)   # (..., H, W, K)
    return torch.sort(distances, dim=-1, stable=True).indices[..., 0]
'''),
    # (W * mean[..., None, :]).sum(-1) instead of a matrix product. Agrees with the model answer on the battery
    # (see the docstring); passes the visible tests.
    "blind13_right_average_pool_broadcast_product": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.mean(dim=-1)                                     # (..., D)
    logits = (W * pooled[..., None, :]).sum(dim=-1)             # (..., K)
    return logits if b is None else logits + b
'''),
    # Batch axes flattened, torch.addmm(b, mean, W.T) (torch.mm without b), then reshaped back. Agrees with the
    # model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_average_pool_addmm_on_flat_batch": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    batch = X.shape[:-2]
    pooled = X.mean(dim=-1).reshape(-1, X.shape[-2])            # (B, D)
    if b is None:
        logits = torch.mm(pooled, W.T)
    else:
        logits = torch.addmm(b, pooled, W.T)
    return logits.reshape(*batch, W.shape[0])
'''),
    # ------------------------------------------------------------------ patch_embedding
    # One precomputed (C*P*P, N) table of flat pixel offsets (inside-patch offset + patch corner) indexing the
    # flattened images. Agrees with the model answer on the battery (see the docstring); passes the visible
    # tests.
    "blind13_right_patchify_flat_index_select": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be multiples of patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    c = torch.arange(channels)[:, None, None]
    r = torch.arange(P)[None, :, None]
    s = torch.arange(P)[None, None, :]
    inside = (c * height * width + r * width + s).reshape(-1)                 # (C*P*P,): offsets in a patch
    gr = torch.arange(height // P)[:, None]
    gc = torch.arange(width // P)[None, :]
    corners = (gr * P * width + gc * P).reshape(-1)                            # (N,): top-left pixel, raster
    index = inside[:, None] + corners[None, :]                                 # (C*P*P, N)
    flat = images.reshape(batch, channels * height * width)
    return flat[:, index.reshape(-1)].reshape(batch, channels * P * P, corners.numel())
'''),
    # One strided slice images[:, c, r::P, s::P] per (channel, row, column) offset of a patch, stacked as rows.
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_patchify_pixel_offset_slices": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be multiples of patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    n = (height // P) * (width // P)
    rows = [images[:, c, r::P, s::P].reshape(batch, n)       # pixel (r, s) of every patch, patches in raster order
            for c in range(channels) for r in range(P) for s in range(P)]
    return torch.stack(rows, dim=1)
'''),
    # The projection as an einsum of the reshaped (D, C, P, P) kernel with the (B, C, H/P, P, W/P, P) grid,
    # without patchify. Agrees with the model answer on the battery (see the docstring); passes the visible
    # tests.
    "blind13_right_patch_embedding_einsum_on_grid": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be multiples of patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P)
    kernel = W.reshape(W.shape[0], channels, P, P)
    tokens = torch.einsum("dcpq,bcipjq->bdij", kernel, grid).flatten(2) + b[:, None]   # (B, D, N)
    cls_column = cls_token.reshape(1, -1, 1).expand(batch, -1, -1)
    return torch.cat([cls_column, tokens], dim=2) + positions
'''),
    # [W | cls | b] times patches augmented with a [CLS] indicator row and a bias row of ones, so [CLS] and the
    # bias come out of one matrix product. Agrees with the model answer on the battery (see the docstring);
    # passes the visible tests.
    "blind13_right_patch_embedding_augmented_weight": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)                       # (B, F, N)
    batch, features, n = patches.shape
    # one more input row flags the [CLS] column, another carries the bias: [W | cls | b] @ augmented
    augmented = patches.new_zeros(batch, features + 2, n + 1)
    augmented[:, :features, 1:] = patches
    augmented[:, features, 0] = 1.0
    augmented[:, features + 1, 1:] = 1.0
    weight = torch.cat([W, cls_token[:, None], b[:, None]], dim=1)   # (D, F + 2)
    return weight @ augmented + positions
'''),
    # ------------------------------------------------------------------ swin
    # F.fold with kernel = stride = M on the windows as (B, C*M*M, nW) blocks (fold's column order is (C, row,
    # col), windows in raster order). Agrees with the model answer on the battery (see the docstring); passes
    # the visible tests.
    "blind13_right_window_reverse_fold": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)}, "
                         f"got shape {tuple(windows.shape)}")
    *batch, count, channels, _ = windows.shape
    columns = windows.reshape(-1, count, channels * M * M).transpose(1, 2)     # (B, C*M*M, nW): fold's blocks
    grid = torch.nn.functional.fold(columns, (height, width), kernel_size=M, stride=M)   # (B, C, H, W)
    return grid.reshape(*batch, channels, height, width)
'''),
    # A fresh buffer in the windows' dtype filled by one strided assignment grid[..., p::M, q::M] per in-window
    # offset (p, q). Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_window_reverse_offset_assignment": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)}, "
                         f"got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.new_zeros(*batch, channels, height, width)
    for p in range(M):
        for q in range(M):
            # token (p, q) of every window, windows in raster order over the (H/M, W/M) grid of windows
            tokens = windows[..., p * M + q].movedim(-2, -1)                     # (..., nW, C) -> (..., C, nW)
            grid[..., p::M, q::M] = tokens.reshape(*batch, channels, height // M, width // M)
    return grid
'''),
    # The grid reshaped to (..., C, H/2, 2, W/2, 2) and permuted to (q, p, C, ...) (q-major order = tl, bl, tr,
    # br), layer norm written out. Agrees with the model answer on the battery (see the docstring); passes the
    # visible tests.
    "blind13_right_patch_merging_column_major_blocks": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    blocks = X.reshape(*batch, channels, height // 2, 2, width // 2, 2)        # (..., C, h, p, w, q)
    nb = len(batch)
    order = list(range(nb)) + [nb + 4, nb + 2, nb, nb + 1, nb + 3]              # (..., q, p, C, h, w)
    merged = blocks.permute(*order).reshape(*batch, 4 * channels, (height // 2) * (width // 2))
    mean = merged.mean(dim=-2, keepdim=True)
    variance = (merged - mean).square().mean(dim=-2, keepdim=True)
    normed = (merged - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]
    return torch.matmul(W, normed).reshape(*batch, 2 * channels, height // 2, width // 2)
'''),
    # Two Tensor.unfold calls for the 2x2 blocks, movedim to (q, p, C), einsum for the projection. Agrees with
    # the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_patch_merging_double_unfold": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    blocks = X.unfold(-2, 2, 2).unfold(-2, 2, 2)              # (..., C, h, w, p, q)
    merged = blocks.movedim((-1, -2), (-5, -4))                # (..., q, p, C, h, w)
    merged = merged.flatten(-5, -3)                            # (..., 4C, h, w): tl, bl, tr, br
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ sampling
    # The loop under torch.no_grad() (sampling runs outside training) with the context taken by narrow(). Agrees
    # with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_generate_no_grad_narrowed_context": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    with torch.no_grad():                                   # sampling runs outside training
        for _ in range(max_new_tokens):
            length = ids.shape[0] if context_size is None else min(context_size, ids.shape[0])
            context = ids.narrow(0, ids.shape[0] - length, length)
            probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
            drawn = torch.multinomial(probs, 1, generator=generator)
            ids = torch.cat((ids, drawn.to(ids.dtype)))
            if eos_id is not None and drawn.item() == eos_id:
                break
    return ids
'''),
    # ------------------------------------------------------------------ sparse_attention
    # The contract's closed forms evaluated in fractions.Fraction and converted with int() (exact for any n).
    # Agrees with the model answer on the battery (see the docstring); passes the visible tests.
    "blind13_right_sparse_cost_exact_fractions": ("sparse_attention", "sparse_attention_cost", '''
from fractions import Fraction as _Fraction


def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    sizes = {"dense": None, "causal": None, "local": window, "strided": stride, "global": num_global}
    if pattern not in sizes:
        raise ValueError(f"pattern must be one of {tuple(sizes)}; got {pattern!r}")
    if pattern in ("local", "strided", "global") and sizes[pattern] is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    n_ = _Fraction(n)
    if pattern == "dense":
        total = n_ * n_
    elif pattern == "causal":
        total = n_ * (n_ + 1) / 2
    elif pattern == "local":
        w = _Fraction(max(0, min(window, n - 1)))
        total = n_ * (2 * w + 1) - w * (w + 1)
    elif pattern == "strided":
        m = _Fraction(max(0, (n - 1) // stride))
        total = n_ * (2 * m + 1) - stride * m * (m + 1)
    else:
        g = _Fraction(num_global)
        total = g * (2 * n_ - g)
    assert total.denominator == 1
    return int(total)
'''),
    # Written as wrong, counted RIGHT by the grader's maintainer (2026-11-26): it differs only on -inf logits, and the
    # contract's models give finite ones (blind7_right_sequence_log_prob_loop_from_graph_zero, counted right, also
    # multiplies -inf by 0).
    # Picks the targets by multiplying a one-hot matrix with the log-probabilities: 0 * (-inf) is NaN when a
    # model bans a token with a -inf logit. Logits [0, -inf, 1] (float64) in every column, ids [0, 2, 0]: model
    # -1.6265, entry nan. Passes the visible tests.
    "blind13_right_sequence_log_prob_one_hot_product": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
    targets = torch.nn.functional.one_hot(ids[1:], log_probs.shape[0]).T.to(log_probs.dtype)  # (V, N - 1)
    return (targets * log_probs[:, :-1]).sum()
'''),
    # Written as wrong, counted RIGHT by the grader's maintainer (2026-11-26): it differs only without a generator,
    # where the contract does not say where the draws come from (as decided for blind6_nsp_fresh_generator_when_none
    # and blind6_mlm_generator_created_at_definition).
    # generator=None replaced by torch.Generator().manual_seed(0): every unseeded call corrupts the same
    # positions the same way, whatever the global RNG (clause: all randomness from generator, i.e. the global
    # RNG when None). Two unseeded calls on one (4, 50) batch: model results differ, entry results identical;
    # torch.manual_seed(7) and (8) give the entry the same result. Passes the visible tests.
    "blind13_right_mlm_unseeded_call_fixed_seed": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    if generator is None:
        generator = torch.Generator().manual_seed(0)          # reproducible by default
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
}
