"""Hidden checks: ``mlm_corrupt`` and ``nsp_pairs``, two functions that draw random numbers.

The contract fixes what is drawn, not the order of the draws, so a learner's output cannot be compared with the
reference's for a seed. Each check instead reduces the learner's outputs (on seeded generators: grades are
deterministic) to counts, ``(hits, trials)``:

- exact properties, which hold for every draw: no special position is chosen, labels are the original ids at the
  chosen positions and -100 elsewhere, unchosen positions are unchanged, mask_prob 1 chooses every eligible
  position and 0 none, shapes and dtypes; NSP examples in order, label 0 pairs A with its successor, label 1 with a
  sentence of another document. These must be 0 (or all) exactly.
- distributions: each rate (positions chosen, [MASK] / unchanged among the chosen, special ids among the random
  replacements, sequences with nothing chosen, "is next" labels, which document and sentence a random B comes
  from) must lie in the two-sided acceptance interval of its binomial distribution at level ALPHA = 1e-8, computed
  exactly (``binomial_interval``). Conditional rates (e.g. [MASK] among the chosen) are binomial given their
  number of trials, so the level holds for them too.

False failures: the suite runs 27 binomial tests with a rate strictly between 0 and 1 (17 for mlm_corrupt, 10 for
nsp_pairs), so a correct implementation whose draws are independent of ours fails a check with probability at most
27 · 1e-8 < 1e-6 (union bound). Where a test counts repeats (a random token or sentence equal to the one before it),
the count is binomial too: for draws uniform over m values, each one's difference from the one before (mod m) is
uniform and independent of the others.
The exact properties never fail a correct implementation, and "two different seeds give identical results" happens
to one with probability below 1e-200.

Naming the mistake: on a failure the check computes the same counts for every wrong variant of the catalogue (run
here, on the same inputs and seeds) and names the first whose counts are consistent with the learner's on every
count of the check — equal where either is 0 or all, otherwise within 6 standard deviations of a two-sample test.
The counting machinery (bounds, matching, the failure) lives in ``seeded_counts.py`` beside this suite.

Both functions work on token ids and sentences, so there is no gradient and no float dtype to check; the dtype
checks are those of the ids (int64 and int32 in, the same dtype out, labels int64).
"""
from __future__ import annotations

import math
from collections import Counter

import pytest
import torch

from grader import catalogue
from grader.clauses import keyword_checks
from grader.diagnose import Misconception
from grader.exercises.pretraining.seeded_counts import Counts, judge_counts, name_by_form
from grader.judge import EXACT, Judge
from grader.sandbox import LearnerError
from grader.sandbox.protocol import Seed

IGNORE = -100

CLS, SEP, PAD, MASK, UNK = 0, 1, 2, 3, 4
SPECIAL = [CLS, SEP, PAD, MASK, UNK]
VOCAB = 40              # ordinary ids are 5 .. 39


# ---------------------------------------------------------------------------------------------------- MLM inputs

def sentences(gen: torch.Generator, rows: int, length: int, dtype=torch.long) -> torch.Tensor:
    """Rows [CLS] w .. w [SEP] [PAD] ..: random real lengths, the odd [UNK]; ordinary ids 5 .. VOCAB-1."""
    ids = torch.randint(5, VOCAB, (rows, length), generator=gen)
    ids[torch.rand(rows, length, generator=gen) < 0.02] = UNK
    real = torch.randint(max(3, length // 2), length + 1, (rows,), generator=gen)
    position = torch.arange(length)
    ids[position[None, :] >= real[:, None]] = PAD
    ids[:, 0] = CLS
    ids[torch.arange(rows), real - 1] = SEP
    return ids.to(dtype)


def mlm_case(ids: torch.Tensor, seed: int, mask_prob: float | None = None, special=SPECIAL, vocab: int = VOCAB,
             mask_id: int = MASK) -> tuple[tuple, dict]:
    args = (ids, vocab, special, mask_id, Seed(seed))
    return (args if mask_prob is None else (*args, mask_prob)), {}


def corrupt(judge: Judge, cases) -> list | None:
    """The learner's (corrupted, labels) for each case; None after a result of the wrong form (shape, dtype, type),
    which the judge then reports: as the catalogue variant whose results have the same forms, if one has (its values
    may differ, the draws being random), else with a generic diagnosis."""
    results = []
    for args, kwargs in cases:
        results.append(judge.call("mlm_corrupt", *args, **kwargs))
        if not judge.last_has_expected_form():
            found = name_by_form("pretraining", "mlm_corrupt", cases, results, judge.expected[-len(results):])
            if found:
                raise Misconception(*found, judge.problems[-1])
            return None
    return results


def chosen_of(result) -> torch.Tensor:
    return result[1] != IGNORE


def eligible_of(ids: torch.Tensor, special=SPECIAL) -> torch.Tensor:
    return ~torch.isin(ids, torch.as_tensor(special, dtype=ids.dtype))


@pytest.mark.grades("mlm_corrupt", weight=2)
def test_mlm_exact_properties(learner):
    """Properties every draw has, on 1-, 2- and 3-dimensional int64 and int32 ids, special ids as a list, a tuple and
    a tensor, special ids at the bottom, at the top and scattered in the middle of the vocabulary (ordinary ids on
    both sides), mask_prob 0.15, 0.5, 1 and 0: shapes and
    dtypes (corrupted like ids, labels long); special tokens are never chosen; labels hold the original id exactly at
    the chosen positions and -100 elsewhere; unchosen positions are unchanged; every id is in [0, vocab_size);
    mask_prob 1 chooses every eligible position, 0 none; ids given as a non-contiguous view (a transpose) too; an
    empty list of special ids (every position eligible); with
    mask_id not among the special ids, positions that already hold mask_id are ordinary ones (only special_ids are
    exempt); a vocabulary of 2**24 + 1 ids (more categories than torch.multinomial takes)."""
    gen = torch.Generator().manual_seed(1701)
    cases = [mlm_case(sentences(gen, 1, 40)[0], 1), mlm_case(sentences(gen, 30, 24), 2),
             mlm_case(sentences(gen, 12, 20, torch.int32).reshape(3, 4, 20), 3, 0.5),
             mlm_case(sentences(gen, 20, 16), 4, special=torch.tensor(SPECIAL)),
             mlm_case(sentences(gen, 25, 16), 5, 1.0), mlm_case(sentences(gen, 25, 16, torch.int32), 6, 0.0),
             # special ids at the top of the vocabulary, the lowest ids ordinary (as GPT-2's <|endoftext|> is 50256)
             mlm_case(torch.randint(0, 64, (10, 16), generator=gen), 7, 1.0, special=[63, 60, 61, 62], vocab=64,
                      mask_id=62),
             # special ids scattered among ordinary ones, as BERT's [PAD] 0 and [UNK] [CLS] [SEP] [MASK] 100-103
             mlm_case(torch.randint(0, 64, (10, 16), generator=gen), 11, 1.0, special=[0, 20, 21, 22, 23], vocab=64,
                      mask_id=23),
             mlm_case(sentences(gen, 24, 12).T, 8, 0.5),      # a non-contiguous view (a transpose), as inputs may be
             mlm_case(torch.tensor([[MASK, 7, MASK, 9, CLS, MASK]] * 4), 9, 1.0, special=[CLS, SEP, PAD]),
             mlm_case(sentences(gen, 10, 12), 10, 0.5, special=[]),        # no special ids at all
             mlm_case(sentences(gen, 20, 16), 12, 1.0, special=tuple(SPECIAL)),   # any Sequence: a tuple too
             mlm_case(sentences(gen, 100, 50), 13, 0.0),     # 0 is 0: a floor such as max(p, 0.01) shows here
             # a vocabulary past 2**24 ids (torch.multinomial's limit on categories): random ids still drawn from it
             mlm_case(sentences(gen, 20, 16), 14, 1.0, vocab=2**24 + 1)]
    ids_of = [args[0] for args, _ in cases]

    def count(results) -> Counts:
        counts = {name: [0, 0] for name in ("special", "label", "unchosen", "range", "all_at_1", "none_at_0")}

        def add(name, hits, trials):
            counts[name][0] += int(hits)
            counts[name][1] += int(trials)

        for (args, _), ids, (corrupted, labels) in zip(cases, ids_of, results):
            chosen, eligible = labels != IGNORE, eligible_of(ids, args[2])
            add("special", (chosen & ~eligible).sum(), (~eligible).sum())
            add("label", (labels[chosen] != ids[chosen].long()).sum(), chosen.sum())
            add("unchosen", (corrupted[~chosen] != ids[~chosen]).sum(), (~chosen).sum())
            add("range", ((corrupted < 0) | (corrupted >= args[1])).sum(), corrupted.numel())
            if len(args) == 6 and args[5] == 1.0:
                add("all_at_1", (eligible & chosen).sum(), eligible.sum())
            if len(args) == 6 and args[5] == 0.0:
                add("none_at_0", (eligible & chosen).sum(), eligible.sum())
        return {name: (hits, trials) for name, (hits, trials) in counts.items()}

    with Judge(learner, "pretraining") as judge:
        results = corrupt(judge, cases)
        if results is not None:
            judge_counts("pretraining", "mlm_corrupt", cases, results, count,
                         {"special": 0, "label": 0, "unchosen": 0, "range": 0, "all_at_1": 1, "none_at_0": 0},
                         {"special": "special tokens chosen (label not -100)",
                          "label": "chosen positions whose label is not the original id",
                          "unchosen": "unchosen positions (label -100) whose id changed",
                          "range": "ids outside [0, vocab_size) in the result",
                          "all_at_1": "eligible positions chosen with mask_prob=1",
                          "none_at_0": "eligible positions chosen with mask_prob=0"})


@pytest.mark.grades("mlm_corrupt")
def test_mlm_randomness_comes_from_the_generator(learner):
    """All randomness comes from the generator: the same seed gives the same result twice, and two different seeds
    give different results (on 4,000 positions two independent draws coincide with probability below 1e-200); one
    generator passed to three calls is one stream, so the three results differ (no saved and restored state)."""
    gen = torch.Generator().manual_seed(1702)
    ids = sentences(gen, 40, 100)
    cases = [mlm_case(ids, 11), mlm_case(ids, 11), mlm_case(ids, 12)]

    def count(results) -> Counts:
        same = all(torch.equal(a, b) for a, b in zip(results[0], results[1]))
        other = all(torch.equal(a, b) for a, b in zip(results[0], results[2]))
        return {"same_seed_differs": (int(not same), 1), "other_seed_same": (int(other), 1)}

    with Judge(learner, "pretraining") as judge:
        results = corrupt(judge, cases)
        if results is not None:
            judge_counts("pretraining", "mlm_corrupt", cases, results, count,
                         {"same_seed_differs": 0, "other_seed_same": 0},
                         {"same_seed_differs": "calls with the same seeded generator that gave different results",
                          "other_seed_same": "calls with different seeds that gave identical results"})
        args, kwargs = cases[0]
        judge.expect_stream_continues("mlm_corrupt", *args, **kwargs)


@pytest.mark.grades("mlm_corrupt", weight=2)
def test_mlm_eighty_ten_ten(learner):
    """The distribution, on 1,000 sequences of 128 tokens (about 17,000 chosen positions) and 300 of 64 at
    mask_prob 0.4: eligible positions are chosen with probability mask_prob; a chosen token becomes [MASK] with
    probability 0.8 + 0.1/V, stays with probability 0.1 + 0.1/V (the random token may be the original), and a
    random replacement is uniform over the vocabulary, special ids included, the first and the last id as often as any
    other (randint's upper bound is exclusive). And a two-id vocabulary at mask_prob 1 (8,000 tokens, all 1; [MASK]
    is 0): the random token is the original half the time, so a token stays with probability 0.15, not 0.1.
    Binomial bounds at level 1e-8 each."""
    gen = torch.Generator().manual_seed(1703)
    cases = [mlm_case(sentences(gen, 1000, 128), 21), mlm_case(sentences(gen, 300, 64), 22, 0.4),
             ((torch.ones(500, 16, dtype=torch.long), 2, [0], 0, Seed(23), 1.0), {})]
    ids_of = [args[0] for args, _ in cases]

    def count(results) -> Counts:
        counts = {}
        for ids, result, name in zip(ids_of, results, ("chosen_15", "chosen_40")):
            counts[name] = (int((chosen_of(result) & eligible_of(ids)).sum()), int(eligible_of(ids).sum()))
        ids, (corrupted, labels) = ids_of[0], results[0]
        chosen = (labels != IGNORE) & eligible_of(ids)
        replaced, original = corrupted[chosen], ids[chosen]
        counts["masked"] = (int((replaced == MASK).sum()), int(chosen.sum()))
        counts["kept"] = (int((replaced == original).sum()), int(chosen.sum()))
        other = (replaced != MASK) & (replaced != original)
        counts["random_special"] = (int(torch.isin(replaced[other], torch.tensor(SPECIAL)).sum()), int(other.sum()))
        for name, end in (("random_first", 0), ("random_last", VOCAB - 1)):   # randint's bounds: both ends drawn
            could = other & (original != end)
            counts[name] = (int((replaced[could] == end).sum()), int(could.sum()))
        corrupted, labels = results[2]
        counts["kept_of_two"] = (int((corrupted == 1).sum()), corrupted.numel())
        return counts

    with Judge(learner, "pretraining") as judge:
        results = corrupt(judge, cases)
        if results is not None:
            judge_counts("pretraining", "mlm_corrupt", cases, results, count,
                         {"chosen_15": 0.15, "chosen_40": 0.4, "masked": 0.8 + 0.1 / VOCAB,
                          "kept": 0.1 + 0.1 / VOCAB, "random_special": (len(SPECIAL) - 1) / (VOCAB - 2),
                          "random_first": 1 / (VOCAB - 2), "random_last": 1 / (VOCAB - 2), "kept_of_two": 0.15},
                         {"chosen_15": "eligible positions chosen at mask_prob=0.15",
                          "chosen_40": "eligible positions chosen at mask_prob=0.4",
                          "masked": "chosen positions shown as [MASK]",
                          "kept": "chosen positions left as the original token",
                          "random_special": "random replacements that are special ids (uniform over the vocabulary)",
                          "random_first": "random replacements that are id 0 (the first of the vocabulary)",
                          "random_last": f"random replacements that are id {VOCAB - 1} (the last of the vocabulary)",
                          "kept_of_two": "tokens left as they were with a vocabulary of two ids (the random token "
                                         "may be the original)"})


@pytest.mark.grades("mlm_corrupt")
def test_mlm_rates_at_other_probabilities_and_vocabularies(learner):
    """The same rules at values the usual cases do not take: a vocabulary of 20,000 ids (not a divisor of a power of
    two: a random id drawn as randint(0, 2**15) % V favours the ids below 12,768) and of 5 ids (round(rand * (V - 1))
    gives the first and the last id half the share of the others), every eligible position chosen; and mask_prob
    0.005 and 0.29 over many positions (a probability truncated to whole percent, or uniforms of few bits, miss
    them; sequences of 300 at 0.005, so that a share rounded per sequence, 2 of 300, is told from the rate). Binomial
    bounds at level 1e-8 each. And the random tokens are drawn independently of each other: on 20,000 tokens that
    all hold [MASK] (id 2 of 5, every one chosen), a random token shows wherever it is not 2, uniform over the other
    four ids, so two such tokens in a row are equal 1 time in 4 (random tokens dealt from a shuffled vocabulary, each
    id once per deal, almost never repeat)."""
    gen = torch.Generator().manual_seed(1707)
    large, low = 20_000, 12_768
    cases = [((torch.randint(5, large, (200, 100), generator=gen), large, SPECIAL, MASK, Seed(31), 1.0), {}),
             ((torch.randint(0, 5, (200, 200), generator=gen), 5, [], 2, Seed(32), 1.0), {}),
             ((torch.randint(5, VOCAB, (1000, 300), generator=gen), VOCAB, SPECIAL, MASK, Seed(33), 0.005), {}),
             ((torch.randint(5, VOCAB, (400, 500), generator=gen), VOCAB, SPECIAL, MASK, Seed(34), 0.29), {}),
             ((torch.full((100, 200), 2), 5, [], 2, Seed(35), 1.0), {})]
    ids_of = [args[0] for args, _ in cases]
    originals = ids_of[0][ids_of[0] != MASK]
    # a random replacement other than [MASK] and the original: uniform over the V - 2 other ids
    below = (float((originals < low).float().mean()) * (low - 2) + float((originals >= low).float().mean())
             * (low - 1)) / (large - 2)

    def count(results) -> Counts:
        counts = {}
        (corrupted, _), ids = results[0], ids_of[0]
        other = (corrupted != MASK) & (corrupted != ids)
        counts["large_vocabulary_low_ids"] = (int((corrupted[other] < low).sum()), int(other.sum()))
        (corrupted, _), ids = results[1], ids_of[1]
        for name, end in (("small_vocabulary_first", 0), ("small_vocabulary_last", 4)):
            other = (corrupted != 2) & (corrupted != ids) & (ids != end)
            counts[name] = (int((corrupted[other] == end).sum()), int(other.sum()))
        for name, result, ids in (("chosen_0_005", results[2], ids_of[2]), ("chosen_0_29", results[3], ids_of[3])):
            counts[name] = (int((chosen_of(result) & eligible_of(ids)).sum()), int(eligible_of(ids).sum()))
        per_row = (chosen_of(results[2]) & eligible_of(ids_of[2])).sum(dim=-1)
        counts["rows_with_two"] = (int((per_row == 2).sum()), per_row.numel())
        shown = results[4][0].reshape(-1)
        shown = shown[shown != 2]   # the random tokens that show: uniform over 0, 1, 3, 4, so each next one equal 1/4
        counts["random_repeats"] = (int((shown[1:] == shown[:-1]).sum()), max(shown.numel() - 1, 0))
        return counts

    with Judge(learner, "pretraining") as judge:
        results = corrupt(judge, cases)
        if results is not None:
            judge_counts("pretraining", "mlm_corrupt", cases, results, count,
                         {"large_vocabulary_low_ids": below, "small_vocabulary_first": 1 / 3,
                          "small_vocabulary_last": 1 / 3, "chosen_0_005": 0.005, "chosen_0_29": 0.29,
                          "rows_with_two": math.comb(300, 2) * 0.005 ** 2 * 0.995 ** 298, "random_repeats": 1 / 4},
                         {"large_vocabulary_low_ids": f"random replacements below id {low} with a vocabulary of "
                                                      f"{large:,} (uniform over the vocabulary?)",
                          "small_vocabulary_first": "random replacements that are id 0 with a vocabulary of 5",
                          "small_vocabulary_last": "random replacements that are id 4 with a vocabulary of 5",
                          "chosen_0_005": "eligible positions chosen at mask_prob=0.005",
                          "chosen_0_29": "eligible positions chosen at mask_prob=0.29",
                          "rows_with_two": "sequences of 300 with exactly 2 positions chosen at mask_prob=0.005 "
                                           "(each position on its own coin: binomial)",
                          "random_repeats": "random tokens equal to the random token before them (ids 0, 1, 3, 4 "
                                            "of 5: each random token drawn on its own?)"})


@pytest.mark.grades("mlm_corrupt")
def test_mlm_positions_are_chosen_independently(learner):
    """Each eligible position is chosen on its own coin: over 3,000 short sequences (8 ordinary tokens each) about
    15 % of the positions are chosen, and the share of sequences with nothing chosen is about 0.85^8 ≈ 0.27 — not 0,
    as a fixed share of every sequence would give. Binomial bounds at level 1e-8."""
    ids = torch.randint(5, VOCAB, (3000, 10), generator=torch.Generator().manual_seed(1704))
    ids[:, 0], ids[:, -1] = CLS, SEP
    cases = [mlm_case(ids, 31)]

    def count(results) -> Counts:
        chosen = chosen_of(results[0]) & eligible_of(ids)
        return {"empty": (int((~chosen.any(dim=-1)).sum()), ids.shape[0]),
                "chosen": (int(chosen.sum()), int(eligible_of(ids).sum()))}

    with Judge(learner, "pretraining") as judge:
        results = corrupt(judge, cases)
        if results is not None:
            judge_counts("pretraining", "mlm_corrupt", cases, results, count, {"empty": 0.85 ** 8, "chosen": 0.15},
                         {"empty": "sequences in which no position was chosen",
                          "chosen": "eligible positions chosen at mask_prob=0.15"})


# ---------------------------------------------------------------------------------------------------- NSP inputs

def corpus(sizes: list[int], tag: str = "") -> list[list[str]]:
    """Documents of the given numbers of sentences, sentence j of document d written 'd{d}s{j}'."""
    return [[f"{tag}d{d}s{j}" for j in range(size)] for d, size in enumerate(sizes)]


def nsp_counts(documents: list, result: object) -> Counts:
    """The structural counts of one nsp_pairs result (see test_nsp_structure). Sentences are compared by value at
    their positions: a sentence may occur more than once, and each occurrence has its own successor."""
    keys = [[repr(sentence) for sentence in document] for document in documents]
    everywhere = Counter(key for document in keys for key in document)    # sentence -> occurrences in the corpus
    at_home = [Counter(document) for document in keys]                     # ... in each document
    expected = [(d, j) for d, document in enumerate(documents) for j in range(len(document) - 1)]
    pairs = result if isinstance(result, (list, tuple)) else []
    well_formed = [p for p in pairs if isinstance(p, (list, tuple)) and len(p) == 3]
    counts = {"count": (int(len(pairs) != len(expected) or len(well_formed) != len(pairs)), 1),
              "kind": (int(not isinstance(result, list) or not all(isinstance(p, tuple) for p in pairs)), 1),
              "order": (0, 0), "label": (0, 0), "unknown": (0, 0), "next": (0, 0), "own": (0, 0)}
    if counts["count"][0]:
        return counts
    order = sum(repr(a) != keys[d][j] for (a, _, _), (d, j) in zip(pairs, expected))
    labels = [label for _, _, label in pairs]
    bs = [repr(b) for _, b, _ in pairs]
    bad_label = sum(not isinstance(label, int) or isinstance(label, bool) or label not in (0, 1) for label in labels)
    unknown = sum(b not in everywhere for b in bs)
    next_wrong = sum(label == 0 and b != keys[d][j + 1] for b, label, (d, j) in zip(bs, labels, expected))
    own = sum(label == 1 and everywhere[b] == at_home[d][b]                   # found in no other document
              for b, label, (d, _) in zip(bs, labels, expected))
    randoms = sum(label == 1 for label in labels)
    return {"count": (0, 1), "kind": counts["kind"], "order": (order, len(pairs)), "label": (bad_label, len(pairs)),
            "unknown": (unknown, len(pairs)), "next": (next_wrong, labels.count(0)), "own": (own, randoms)}


def call_nsp(judge: Judge, cases) -> list:
    return [judge.call("nsp_pairs", *args, **kwargs) for args, kwargs in cases]


@pytest.mark.grades("nsp_pairs", weight=2)
def test_nsp_structure(learner):
    """On 8 random corpora (2 to 6 documents of 1 to 7 sentences), one with sentences that are lists of token ids,
    one with tuples of them, one with an empty sentence (sentences are returned as given, empty ones too), one whose
    sentences begin or end with whitespace or are only whitespace (returned unstripped), one whose
    sentence "w" recurs (each occurrence has its own successor), one whose sentences repeat at once ("r0", "r0":
    a sentence followed by an equal one is an example like any other), one given as a tuple of tuples (the contract's
    documents are sequences), and a
    corpus of one long document and two short ones: one example per sentence with a
    successor, in order; labels are 0 or 1; label 0 pairs A with its successor; label 1 pairs it with a sentence of
    another document; A and B are always given sentences, as given (a tuple stays a tuple); the same seed gives the
    same examples, and another seed other examples (the randomness comes from the generator); one generator passed
    to three calls is one stream, so the three results differ."""
    gen = torch.Generator().manual_seed(1711)
    documents = []
    for index in range(8):
        sizes = torch.randint(1, 8, (int(torch.randint(2, 7, (), generator=gen)),), generator=gen).tolist()
        documents.append(corpus(sizes, tag=f"c{index}"))
    documents.append([[[7, 8], [9]], [[10, 11, 12]], [[13], [14, 15], [16]]])
    documents.append([[(7, 8), (9,), (4, 4)], [(10, 11, 12), (5,)], [(13,), (14, 15)]])
    documents.append([["e0s0", "", "e0s2"], ["e1s0"], ["e2s0", "e2s1"]])
    documents.append([[" p0s0 ", "p0s1\n", "\tp0s2"], ["  "], [" p2s0", "p2s1 ", "p2s2"]])   # spaces are kept
    documents.append([[word for i in range(10) for word in ("w", f"w{i}")], ["v0", "w", "v1"], ["u0", "u1"]])
    documents.append([["r0", "r0", "r0", "r1"], ["r2", "r2"], ["r3"]])   # a sentence repeated at once: still pairs
    documents.append(tuple(tuple(document) for document in corpus([3, 2, 4], tag="t")))   # sequences, not lists
    documents.append(corpus([300, 2, 3], tag="long"))
    cases = [((docs, Seed(40 + index)), {}) for index, docs in enumerate(documents)]
    cases.append(((documents[-1], Seed(40 + len(documents) - 1)), {}))
    cases.append(((documents[-1], Seed(97)), {}))   # another seed: 304 examples cannot all coincide by chance

    def count(results) -> Counts:
        total = {}
        for (args, _), result in zip(cases, results):
            for name, (hits, trials) in nsp_counts(args[0], result).items():
                previous = total.get(name, (0, 0))
                total[name] = (previous[0] + hits, previous[1] + trials)
        total["same_seed_differs"] = (int(results[-2] != results[-3]), 1)
        total["other_seed_same"] = (int(results[-1] == results[-2]), 1)
        return total

    with Judge(learner, "pretraining") as judge:
        results = call_nsp(judge, cases)
        judge.expect_stream_continues("nsp_pairs", *cases[-1][0])
        judge_counts("pretraining", "nsp_pairs", cases, results, count,
                     {"count": 0, "kind": 0, "order": 0, "label": 0, "unknown": 0, "next": 0, "own": 0,
                      "same_seed_differs": 0, "other_seed_same": 0},
                     {"count": "corpora whose examples are not one (A, B, label) per sentence with a successor",
                      "kind": "results that are not a list of (A, B, label) tuples (the contract's types: a list, "
                              "each example a tuple)",
                      "order": "examples out of order (documents in order, sentences in order)",
                      "label": "labels that are not the int 0 or 1", "unknown": "B's that are not a given sentence",
                      "next": "label-0 examples whose B is not A's successor",
                      "own": "label-1 examples whose B comes from A's own document",
                      "same_seed_differs": "calls with the same seed that gave different examples",
                      "other_seed_same": "calls with different seeds that gave identical examples (is the "
                                         "generator used, or a seed of your own?)"})


@pytest.mark.grades("nsp_pairs", weight=2)
def test_nsp_distribution(learner):
    """A document of 4,001 sentences beside documents of 1 and 9 sentences, and two documents of 4,000: half the
    examples are 'is next'; a random B comes from a uniformly drawn other document (the 1-sentence document as
    often as the 9-sentence one, not 9 times less) and is a uniform sentence of it (the last of the 9 about 1/9 of
    the time); never from A's own document, however rarely (a redraw loop that gives up after 10 tries takes it once
    in 1,024 random B's of two documents); and a random B drawn from a longer document than A's is a uniform
    sentence of that longer document (100 documents of 2 sentences and 100 of 50: for an A of a short document, a
    B from a long one lies among its first 2 sentences 1 time in 25, not always, as an index drawn over A's own
    document's length would put it); a random B from a document of 3 sentences is its middle one 1/3 of the time
    (an index rounded from a uniform float, round(u * 2), gives it half the time); a random B from a 4,000-sentence
    document lies in its first half half the time (an index drawn as randint(0, 100) % 4000 never leaves the first
    hundred); for an A of one of the 100 long documents, the other document is one of the 100 short ones 100 times
    in 199 (randint(0, 256) % 199 favours the first 57); the 100 two-sentence documents' examples are labelled 0
    about half the time (one coin per example, not per position); and each random B is drawn on its own: two in a row
    from the 3-sentence document are the same sentence 1 time in 3 (sentences dealt from a shuffled document, each
    once per deal, rarely repeat). Binomial bounds at level 1e-8 each."""
    big, pair, mixed = corpus([4001, 1, 9]), corpus([4000, 4000], tag="p"), corpus([2] * 100 + [50] * 100, tag="m")
    three = corpus([4001, 3], tag="t")
    cases = [((big, Seed(61)), {}), ((pair, Seed(62)), {}), ((mixed, Seed(63)), {}), ((three, Seed(64)), {})]

    def count(results) -> Counts:
        counts = {name: (1, 1) for name in ("is_next", "small_document", "last_sentence", "long_document_start",
                                            "middle_sentence", "pair_first_half", "other_document_short",
                                            "short_documents_next", "repeated_sentence")}
        structure = [nsp_counts(args[0], result) for (args, _), result in zip(cases, results)]
        if any(found["count"][0] for found in structure):
            return {**counts, "well_formed": (0, 1), "own_document": (0, 0)}
        labels = [label for result in results for _, _, label in result]
        randoms = [b for a, b, label in results[0] if label == 1]
        other = [b for b in randoms if not b.startswith("d0s")]
        in_nine = [b for b in other if b.startswith("d2s")]
        own = [sum(value) for value in zip(*(found["own"] for found in structure))]
        place = {sentence: (d, j) for d, document in enumerate(mixed) for j, sentence in enumerate(document)}
        in_long = [place[b][1] for a, b, label in results[2] if label == 1 and place[a][0] < 100 <= place[b][0]]
        in_three = [b for a, b, label in results[3] if label == 1 and a.startswith("td0s")]
        in_pair = [int(b.split("s")[-1]) for a, b, label in results[1] if label == 1]
        from_long = [place[b][0] for a, b, label in results[2] if label == 1 and place[a][0] >= 100]
        short_labels = [label for a, b, label in results[2] if place[a][0] < 100]
        return {"pair_first_half": (sum(j < 2000 for j in in_pair), len(in_pair)),
                "other_document_short": (sum(d < 100 for d in from_long), len(from_long)),
                "short_documents_next": (short_labels.count(0), len(short_labels)),
                "is_next": (labels.count(0), len(labels)), "small_document": (sum(b == "d1s0" for b in other),
                len(other)), "last_sentence": (sum(b == "d2s8" for b in in_nine), len(in_nine)),
                "long_document_start": (sum(j < 2 for j in in_long), len(in_long)),
                "middle_sentence": (sum(b == "td1s1" for b in in_three), len(in_three)),
                "repeated_sentence": (sum(b == c for b, c in zip(in_three, in_three[1:])), max(len(in_three) - 1, 0)),
                "well_formed": (1, 1), "own_document": tuple(own)}

    with Judge(learner, "pretraining") as judge:
        results = call_nsp(judge, cases)
        judge_counts("pretraining", "nsp_pairs", cases, results, count,
                     {"well_formed": 1, "is_next": 0.5, "small_document": 0.5, "last_sentence": 1 / 9,
                      "pair_first_half": 0.5, "other_document_short": 100 / 199, "short_documents_next": 0.5,
                      "long_document_start": 2 / 50, "middle_sentence": 1 / 3, "own_document": 0,
                      "repeated_sentence": 1 / 3},
                     {"well_formed": "corpora with well-formed examples (see the structure check)",
                      "own_document": "random B's from A's own document",
                      "is_next": "examples labelled 0 ('is next')",
                      "pair_first_half": "random B's from a 4,000-sentence document that are among its first "
                                         "2,000 (is the index drawn over the whole document?)",
                      "other_document_short": "random B's, for an A of one of 100 long documents, from one of the "
                                              "100 short documents (is the other document uniform over all 199?)",
                      "short_documents_next": "examples of 100 two-sentence documents labelled 0 (does each example "
                                              "get a coin of its own?)",
                      "small_document": "random B's from the 1-sentence document (vs the 9-sentence one)",
                      "last_sentence": "random B's that are the last of the 9 sentences",
                      "long_document_start": "random B's from a 50-sentence document, for an A of a 2-sentence "
                                             "document, that are among its first 2 sentences (is the index drawn "
                                             "over the other document's length?)",
                      "middle_sentence": "random B's from the 3-sentence document that are its middle sentence (is "
                                         "the index rounded from a uniform float? the end ones then come half as "
                                         "often)",
                      "repeated_sentence": "random B's from the 3-sentence document that are the same sentence as "
                                           "the random B before them (is each drawn on its own?)"})


@pytest.mark.grades("nsp_pairs")
def test_nsp_needs_a_second_document(learner):
    """A document with two sentences and no other document to draw a random B from: ValueError, with 8 seeds (also when
    the coin would pick the successor; valid corpora, including one whose only document has a single sentence, still
    work, and no document at all gives no example, not an error)."""
    with Judge(learner, "pretraining") as judge:
        judge.call("nsp_pairs", corpus([3, 2]), Seed(71))
        judge.call("nsp_pairs", corpus([1]), Seed(72))
        judge.last_has_expected_form()                                 # a single one-sentence document: []
        judge.expect("nsp_pairs", [], Seed(72), tol=EXACT)            # no document: no example
        for seed in range(73, 81):   # whatever the one coin says: not only once a random sentence is wanted
            judge.expect_value_error("nsp_pairs", corpus([2]), Seed(seed), argument="documents (one document)")


@pytest.mark.grades("nsp_pairs")
def test_nsp_other_documents_by_position(learner):
    """'Another document' means another position in the list, even when its sentences equal A's document's: 60
    documents ['x', 'y'] and one ['z'] (a random B is 'z' for 1 in 60 of them, not always), and two equal
    documents alone (their random B's come from each other: no error)."""
    cases = [(([["x", "y"] for _ in range(60)] + [["z"]], Seed(81)), {}), (([["x", "y"], ["x", "y"]], Seed(82)), {})]

    def count(results) -> Counts:
        randoms = [b for result in results[:1] if isinstance(result, list) for pair in result
                   if isinstance(pair, (list, tuple)) and len(pair) == 3 and pair[2] == 1 for b in pair[1:2]]
        shapes = [len(result) if isinstance(result, list) else -1 for result in results]
        return {"well_formed": (int(shapes == [60, 2]), 1), "z": (randoms.count("z"), len(randoms))}

    with Judge(learner, "pretraining") as judge:
        results = call_nsp(judge, cases[:1])
        try:
            results += call_nsp(judge, cases[1:])
        except LearnerError as error:   # two equal documents are two documents: each is the other's "other"
            if error.kind != "exception" or error.todo:
                raise
            told_by_content = next(variant for variant in catalogue.variants("pretraining", correct=False)
                                   if variant.name == "nsp_other_documents_told_by_content")
            raise Misconception(told_by_content.name, "Your nsp_pairs fails on a corpus of two equal documents. "
                                + " ".join(told_by_content.explanation.split()),
                                error.message) from None
        judge_counts("pretraining", "nsp_pairs", cases, results, count, {"well_formed": 1, "z": 1 / 60},
                     {"well_formed": "corpora given one example per sentence with a successor",
                      "z": "random B's that are the one sentence of the one document unlike the others (documents "
                           "are told apart by position, not by content)"})


@pytest.mark.grades("nsp_pairs")
def test_nsp_random_sentence_may_equal_the_successor(learner):
    """A random B is any sentence of another document, even one equal to A's true successor: 200 documents ['x',
    'y'] and one ['z'], where A is always 'x' and its successor 'y'; a random B is 'y' 199 times in 400 (a redraw
    while it equals the successor makes it rare). A binomial bound at level 1e-8."""
    cases = [(([["x", "y"] for _ in range(200)] + [["z"]], Seed(84)), {})]

    def count(results) -> Counts:
        randoms = [pair[1] for result in results if isinstance(result, list) for pair in result
                   if isinstance(pair, (list, tuple)) and len(pair) == 3 and pair[2] == 1]
        shapes = [len(result) if isinstance(result, list) else -1 for result in results]
        return {"well_formed": (int(shapes == [200]), 1), "successor": (randoms.count("y"), len(randoms))}

    with Judge(learner, "pretraining") as judge:
        judge_counts("pretraining", "nsp_pairs", cases, call_nsp(judge, cases), count,
                     {"well_formed": 1, "successor": 199 / 400},
                     {"well_formed": "corpora given one example per sentence with a successor",
                      "successor": "random B's equal to A's successor (a sentence of another document may be equal "
                                   "to it: draw it as any other, with no redraw)"})


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)
# Random draws whose distribution the contract fixes, not their stream: the keywords clause compares a call by
# position with the same call by name (the same seed), not with the reference's values.

def _mlm_call() -> tuple[tuple, dict]:
    ids = torch.randint(5, 40, (2, 16), generator=torch.Generator().manual_seed(91))
    return (ids, 40, [0, 1, 2], 3, Seed(92), 0.3), {}


globals().update(keyword_checks("pretraining", {"mlm_corrupt": _mlm_call,
                                                "nsp_pairs": lambda: ((corpus([3, 4, 2]), Seed(93)), {})}))
