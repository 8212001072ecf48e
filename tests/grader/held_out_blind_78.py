"""Seventy-ninth blind batch of held-out implementations (prefix blind78_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_77.py) were only skimmed for their entry names and the
header of held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md,
nor the batch written at the same time (held_out_blind_79.py).

Emphasis: subtly biased randomness and distributions in the functions that draw. mlm_corrupt and nsp_pairs are graded in
distribution only (the contract leaves the order of draws free), generate exactly (its draw is fixed as
torch.multinomial(probs, 1, generator=generator)), and every function must treat a passed generator as one stream. Wrong
entries: modulo bias (randint(0, 2**15) % V, randint(0, 100) % length, randint(0, 256) % (D - 1)), round(rand * (V - 1))
end weights, randint's exclusive high bound read as inclusive (a ten-sided die without its 10), probabilities truncated
to whole percent, uniforms drawn in bfloat16, sampling without replacement where the contract draws independently
(random ids dealt from a shuffled vocabulary, random sentences dealt from a deck), one uniform reused for two decisions
(the action from the next decimal digit of the choice uniform; a document and its sentence from one uniform), 80/10/10
taken of all positions with three overlapping coins, multinomial on cumulative thresholds, coins shared between
documents, a random document drawn among all and its own one falling back to the true successor, seeds derived from the
data or from initial_seed() (a stream that never advances), exact generate draws changed by a batch of two rows or by
drawing among the surviving tokens only, and beam-search ties broken by index jitter, a `>=` selection loop or random
noise. Right entries draw differently but meet every rule: one float64 uniform split into choice, action and random id;
Bernoulli draws in another order; rejection sampling without a retry limit; modulo of a range that is an exact multiple;
exponential waiting times and exponential races; one randint for coin and document; multinomial with the own document's
weight zero; generate with the tensor method and a Python id list; a strict `>` selection loop for beams.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind78/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source appended
to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (19 of the 24 wrong entries pass them, and
blind78_beam_search_ties_broken_by_random_noise passes or fails them with the state of torch's global generator: the
visible tests check little of the distributions). Each wrong entry's recorded input was run on the model answer and on
the entry with seeded generators and both results printed; each differs as its comment says (frequencies on 1e4 to 1e6
draws, with the expected value worked out). mlm_corrupt right entries: invariants under both default dtypes, int64 and
int32 ids, special ids as list, tuple, tensor and empty, mask_prob 0, 0.15, 0.5 and 1, shapes (0,), (7,), (3, 5)
transposed and (2, 3, 4): shapes and dtypes, ids unchanged, labels exactly the ids where chosen, specials never chosen,
unchosen positions unchanged, ids in range, all chosen at p = 1 and none at p = 0; three calls on one generator give
different results; generator=None works; frequencies (chosen rate by z-score, a chi-square of the corrupted ids against
0.8 [MASK] + 0.1/V + 0.1 original) at (V, p) = (12, 0.15), (20000, 0.5), (3, 0.9), (5, 0.03), (33, 0.6), all within the
model answer's own spread. nsp_pairs right entries: the label-0 rate and a chi-square over (source document, other
document, sentence) against 1/2 and 1/(D - 1) · 1/len on 1500 calls over documents of 3, 1, 5 and 60 sentences (several
seeds), never the own document, A and the successor exact, the one-document ValueError, empty inputs, tuples of
sentences, one generator giving new draws. generate: equal ids, dtype and generator state after three calls on one
generator, against the model answer, on 150 random causal models (float32 and float64, rounded logits, V = 2..20, every
temperature / top_k / top_p / eos / context_size option, 0..6 new tokens). beam_search: equal results on 200 random
models (rounded logits for ties, all-equal logits), widths 1, 2, 3, 5, 0, 1 and 3 steps, eos None, 0 and V - 1.

Judgement calls: two drafted entries were dropped. A right mlm_corrupt drawing the number of chosen positions from
torch.binomial and then a uniform subset of that size (exact in theory: Binomial count plus uniform subset is i.i.d.
Bernoulli) showed a variance about 2 % above n·p(1 - p) in torch.binomial's own draws (20 000 draws each at several n,
p) and a chosen-rate z-score of 2.9 in one check; not sure torch's sampler is exact, so it is out. A wrong generate
casting float64 probabilities to float32 before torch.multinomial gave the same draws and generator state as the model
answer on all 150 random models, so its difference could not be shown. Several wrong entries differ only where the
inputs make the bias large, and say so: the 2**15 modulo only with a vocabulary that is large and does not divide 32768,
the byte modulo only with many documents, the percent truncation only at a mask_prob that is not a whole percent (exact
at 0.15 and 0.5), the bfloat16 uniforms mostly at small mask_prob or long documents, the index jitter only on scores
closer than 1e-12. The two dealt-without-replacement entries have exact marginals and differ only in the joint
distribution of two draws in one call (independence is what the contract's "drawn uniformly" for each position or
example means, as the reference's i.i.d. draws do). blind78_beam_search_ties_broken_by_random_noise also advances
torch's global generator. Fewer entries than asked (about 55 / 35; the task's own aim was 40+ / 25+): the time box, and
the heavy earlier coverage of these five functions; no non-random function got an entry of its own beyond beam_search's
tie rules, which earlier batches cover closely.







Counts: 24 wrong, 11 right.
Wrong per function: {'beam_search': 3, 'generate': 3, 'mlm_corrupt': 10, 'nsp_pairs': 8}.
Right per function: {'beam_search': 1, 'generate': 1, 'mlm_corrupt': 5, 'nsp_pairs': 4}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_78 = {
    # Random ids as randint(0, 2**15) % V: modulo bias. With V = 20000 the ids below 32768 - 20000 = 12768 are twice as
    # likely as the others: P(random id < 12768) = 0.78 (measured 0.7799 on 40 000 random replacements) instead of 0.638
    # (model 0.6371). For V = 12 the bias is 8 in 32768 (invisible); V above 32768 never gets ids >= 32768. Passes the
    # visible tests.
    "blind78_mlm_random_ids_modulo_of_fifteen_bit_randint": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, 2 ** 15, ids.shape, generator=generator) % vocab_size
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            replace = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[replace] = random_ids.to(ids.dtype)[replace]
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Random ids as round(rand * (V - 1)): ids 0 and V - 1 get half the weight of the others (1/(2(V-1)) instead of
    # 1/V). V = 5, every position chosen: P(corrupted == 0) = 0.0125 (measured 0.0124) instead of 0.1/5 = 0.02 (model
    # 0.0202); with V = 12 a chi-square over the corrupted ids is 92 on 11 df (model 15). Passes the visible tests.
    "blind78_mlm_random_ids_round_of_uniform_times_v_minus_one": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            # scale to [0, V - 1] and round, so that the last id can come out too
            random_ids = torch.round(torch.rand(ids.shape, generator=generator) * (vocab_size - 1)).long()
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids.to(ids.dtype), corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # One uniform reused for two decisions: the 80/10/10 action is frac(10 u) of the u that chose the position. For p =
    # 0.15 the chosen u lie in [0, 0.15), and the third of them in [0.1, 0.15) give actions in [0, 0.5), always [MASK]:
    # mask share 0.867 (measured 0.873), keep 0.067 instead of 0.8 / 0.1. Fails the visible tests.
    "blind78_mlm_action_from_next_decimal_digit_of_choice_uniform": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            u = torch.rand(ids.shape, generator=generator)
            chosen = ~torch.isin(ids, special) & (u < mask_prob)
            action = torch.frac(u * 10)          # the next decimal digit of u is a fresh uniform
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # multinomial on the cumulative thresholds [0.8, 0.9, 1.0] instead of the weights [0.8, 0.1, 0.1]: [MASK] 0.296,
    # random 0.333, keep 0.370 of the chosen (measured mask share 0.328 of chosen ids with V = 12). Fails the visible
    # tests.
    "blind78_mlm_actions_multinomial_on_cumulative_thresholds": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            # outcome 0: [MASK], 1: random token, 2: keep; thresholds 0.8 / 0.9 / 1.0
            thresholds = torch.tensor([0.8, 0.9, 1.0])
            action = torch.multinomial(thresholds, ids.numel(), replacement=True, generator=generator)
            action = action.reshape(ids.shape)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action == 0), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action == 1), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # A ten-sided die as randint(1, 10), whose high bound is exclusive (1..9): [MASK] on 1..8 is 8/9, random on 9 is
    # 1/9, and 'keep' (10) never happens (measured: the original id appears only through random draws, 0.0098 of the
    # chosen with V = 12, instead of 0.108). Fails the visible tests.
    "blind78_mlm_ten_sided_die_randint_one_to_ten_exclusive": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            die = torch.randint(1, 10, ids.shape, generator=generator)     # a ten-sided die, 1..10
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (die <= 8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (die == 9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Random ids dealt without replacement from a shuffled vocabulary (reshuffled when it runs out): each id is uniform
    # on its own, but the random tokens of one call are never equal while fewer than V are dealt, where the contract
    # draws them independently. V = 2, two random replacements in a call: equal 0 of 455 times (model 209 of 436, about
    # 1/2); with V = 20000 the id histogram is under-dispersed (chi-square 10 046 on 19 999 df). Passes the visible
    # tests.
    "blind78_mlm_random_ids_dealt_from_a_shuffled_vocabulary": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            replace = chosen & (action >= 0.8) & (action < 0.9)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            count = int(replace.sum())
            # deal the random tokens from a shuffled vocabulary (reshuffled when it runs out)
            decks = [torch.randperm(vocab_size, generator=generator) for _ in range(-(-count // vocab_size))]
            dealt = torch.cat(decks)[:count] if decks else torch.zeros(0, dtype=torch.long)
            corrupted = corrupted.clone()
            corrupted[replace] = dealt.to(ids.dtype)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The choice uniforms drawn in bfloat16: their 8-bit mantissa makes P(u < p) a step function of p. mask_prob =
    # 0.001: chosen rate 0.0029 (three times p; model 0.00098); mask_prob = 0.15: 0.1515 (model 0.1496, 1e6 positions).
    # Passes the visible tests.
    "blind78_mlm_choice_uniforms_in_bfloat16": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            # two uniforms per position: half precision is plenty for a comparison with 0.15
            u = torch.rand((2,) + tuple(ids.shape), generator=generator, dtype=torch.bfloat16)
            chosen = ~torch.isin(ids, special) & (u[0] < mask_prob)
            action = u[1]
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # A seed derived from the data: the caller's generator is reseeded from the ids' sum and size on every call, so one
    # generator passed to two calls on the same ids gives identical corruption (model: different), and the caller's
    # stream is reset. Within a call the distribution is right. Passes the visible tests.
    "blind78_mlm_generator_reseeded_from_ids_checksum": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if generator is None:
                generator = torch.Generator()
            # reproducible masking: the same batch is always corrupted the same way
            generator.manual_seed(int(ids.sum()) * 1000003 + ids.numel())
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Chosen iff randint(0, 100) < int(mask_prob * 100): the probability is truncated to whole percent. mask_prob = 0.29
    # (0.29 * 100 = 28.999...): chosen rate 0.280 (model 0.290); mask_prob = 0.005: nothing is ever chosen (model
    # 0.005). Exact at 0.15 and 0.5. Passes the visible tests.
    "blind78_mlm_choice_by_percent_die_truncated_threshold": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            percent = torch.randint(0, 100, ids.shape, generator=generator)
            chosen = ~torch.isin(ids, special) & (percent < int(mask_prob * 100))
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # 80/10/10 taken of all eligible positions with three independent coins (0.8p, 0.1p, 0.1p) instead of one choice
    # then a split: the coins overlap, so P(chosen) = 1 - (1 - 0.8p)(1 - 0.1p)^2. p = 0.15: 0.146; p = 0.5: 0.459
    # (measured 0.457, model 0.498); p = 1: 0.838 (model 1.0). Passes the visible tests.
    "blind78_mlm_three_independent_bernoullis_for_the_three_actions": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            # 80 % / 10 % / 10 % of mask_prob, each its own coin
            to_mask = eligible & (torch.rand(ids.shape, generator=generator) < 0.8 * mask_prob)
            to_random = eligible & (torch.rand(ids.shape, generator=generator) < 0.1 * mask_prob) & ~to_mask
            to_keep = eligible & (torch.rand(ids.shape, generator=generator) < 0.1 * mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(to_mask, torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(to_random, random_ids, corrupted)
            chosen = to_mask | to_random | to_keep
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The other document's sentence as randint(0, 100) % len(other): modulo bias. A 60-sentence document: P(index < 40)
    # = 0.80 (measured 0.7963) instead of 2/3 (model 0.6661); for lengths dividing 100 it is exact. Passes the visible
    # tests.
    "blind78_nsp_sentence_index_percent_draw_modulo_length": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other = documents[pick + (pick >= index)]
                    position = int(torch.randint(0, 100, (), generator=generator)) % len(other)
                    pairs.append((a, other[position], 1))
            return pairs
'''),
    # The other document as randint(0, 256) % (D - 1): modulo bias. 101 documents: the first 56 of the 100 others get
    # 3/256 each, the rest 2/256: P(one of the first 56) = 0.656 (measured 0.6577, model 0.5598 against 0.56). With 4
    # documents the bias is 1/768 (invisible). Passes the visible tests.
    "blind78_nsp_other_document_modulo_of_byte_draw": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [d for k, d in enumerate(documents) if k != index]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    other = others[int(torch.randint(0, 256, (), generator=generator)) % len(others)]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # The random document drawn among ALL documents; drawing its own falls back to the true next sentence with label 0:
    # P(label 0) = 1/2 + 1/(2D). Four documents: 0.625 (measured 0.6254, model 0.4996). Passes the visible tests.
    "blind78_nsp_own_document_draw_falls_back_to_successor": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents), (), generator=generator))
                    if pick == index:               # drew our own document: use the real next sentence
                        pairs.append((a, successor, 0))
                        continue
                    other = documents[pick]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # One uniform picks both the other document (int(u (D - 1))) and its sentence (int(u len)): the sentence is tied to
    # the document, e.g. with two others the first other document only ever gives sentences from its first half. Chi-
    # square over (document, sentence) 59 027 on 136 df (model 121), four documents of 3, 1, 5, 60 sentences. Passes the
    # visible tests.
    "blind78_nsp_document_and_sentence_from_one_uniform": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    u = torch.rand((), generator=generator, dtype=torch.float64).item()
                    pick = int(u * (len(documents) - 1))
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[int(u * len(other))], 1))
            return pairs
'''),
    # The random sentences of each document dealt without replacement within a call (a shuffled deck per document): each
    # draw is uniform on its own, but two random B sentences of one call from the same document differ until the deck
    # runs out. Documents of 3 and 2 sentences, both examples of document 0 random (from the 2-sentence document): equal
    # 0 of 732 times (model 386 of 775, about 1/2). Passes the visible tests.
    "blind78_nsp_random_sentences_dealt_without_replacement": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            decks = {}                      # per document, a shuffled deck of its sentence positions

            def deal(k):
                if not decks.get(k):
                    decks[k] = torch.randperm(len(documents[k]), generator=generator).tolist()
                return documents[k][decks[k].pop()]

            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    pairs.append((a, deal(pick + (pick >= index)), 1))
            return pairs
'''),
    # A private generator seeded from the caller's initial_seed() plus the number of documents: the caller's generator
    # is never advanced, so three calls on one generator return identical pairs (model: different), and every call with
    # the same documents and seed is the same. Passes the visible tests.
    "blind78_nsp_private_generator_from_initial_seed_and_document_count": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            seed = generator.initial_seed() if generator is not None else torch.initial_seed()
            rng = torch.Generator().manual_seed(seed + len(documents))
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=rng) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=rng))
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=rng))], 1))
            return pairs
'''),
    # One coin per sentence position shared by all documents: the examples at the same position of different documents
    # always have the same label (documents [a0, a1], [b0, b1], [c0]: same label 2000 of 2000 times, model 0.49). Each
    # label alone is fair. Passes the visible tests.
    "blind78_nsp_coins_shared_across_documents_by_sentence_position": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            longest = max((len(document) for document in documents), default=0)
            coins = torch.rand(max(longest - 1, 0), generator=generator) < 0.5    # one coin per sentence slot
            pairs = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    a = document[position]
                    if coins[position]:
                        pairs.append((a, document[position + 1], 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # The sentence index as int(u * len) with u a bfloat16 uniform: too few distinct values for long documents. A
    # 300-sentence other document: 278 of its 300 sentences are ever drawn in 30 000 draws (model all 300), counts from
    # 37 to 149 (model 74 to 133). Short documents are nearly right. Passes the visible tests.
    "blind78_nsp_sentence_index_from_bfloat16_uniform": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    coin, where = torch.rand(2, generator=generator, dtype=torch.bfloat16).tolist()
                    if coin < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other = documents[pick + (pick >= index)]
                    pairs.append((a, other[min(int(where * len(other)), len(other) - 1)], 1))
            return pairs
'''),
    # multinomial on a batch of two copies of the probabilities, keeping row 0: the first draw equals the contract's,
    # but every step consumes twice the random stream, so from the second new token on the draws differ. Model of 6
    # tokens, prompt [2], 8 tokens at temperature 4, seed 0: model [2, 2, 0, 2, 2, 0, 2, 5, 5], entry [2, 2, 5, 2, 5, 3,
    # 1, 2, 3]. Passes the visible tests.
    "blind78_generate_draws_for_a_batch_of_two_rows_keeps_first": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                # multinomial wants a batch: use a batch of two rows and keep the first
                batch = torch.stack([probs, probs])
                next_id = torch.multinomial(batch, 1, generator=generator)[0]
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # multinomial over the non-zero probabilities only, mapped back through their indices: same distribution, but with
    # top-k/top-p filtering the draws differ from torch.multinomial(probs, 1, generator) on the full vector (identical
    # without filtering). Same model, top_k=3: model [2, 1, 0, 2, 3, 0, 2, 3, 5], entry [2, 3, 5, 2, 3, 5, 3, 5, 2].
    # Passes the visible tests.
    "blind78_generate_draws_among_surviving_tokens_only": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                alive = torch.nonzero(probs > 0).reshape(-1)       # filtered tokens cannot be drawn anyway
                next_id = alive[torch.multinomial(probs[alive], 1, generator=generator)]
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The caller's generator reseeded from the prompt at the start of every call: one generator passed to three calls
    # with the same prompt gives the same continuation three times (model: three different ones), where the contract
    # treats it as one stream. Passes the visible tests.
    "blind78_generate_generator_reseeded_once_from_prompt": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if generator is not None:
                generator.manual_seed(int(prompt.sum()) + 31 * len(prompt))   # same prompt, same continuation
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
    # Ties broken by subtracting 1e-12 times the candidate's index from its score: exact ties go the right way, but two
    # scores closer than the jitter are reordered. Width 1, one step, constant logits [0, 1e-13, 0] (float64): model [0,
    # 1], entry [0, 0]. Agrees with the model on 200 random models. Passes the visible tests.
    "blind78_beam_search_ties_broken_by_index_jitter": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                # a tiny penalty growing with the candidate's index makes ties go to the earlier candidate
                order = sorted(range(len(candidates)), key=lambda k: candidates[k][0] - 1e-12 * k, reverse=True)
                beams = [candidates[k] for k in order[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Beams selected by repeatedly taking the maximum with `>=`, which keeps the LAST of equal scores: ties go to the
    # later beam and the higher token. All-equal logits over 4 tokens, prompt [1], width 2, 2 steps: model [1, 0, 0],
    # entry [1, 2, 3]. Fails the visible tests.
    "blind78_beam_search_selection_loop_ge_keeps_last_tie": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                kept = []
                remaining = list(candidates)
                while remaining and len(kept) < beam_width:
                    best = 0
                    for k in range(1, len(remaining)):
                        if remaining[k][0] >= remaining[best][0]:
                            best = k
                    kept.append(remaining.pop(best))
                beams = kept
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Ties broken by adding 1e-9 times a uniform from torch's global generator: ties go to a random candidate (and
    # scores within 1e-9 may swap), and the global RNG is advanced. All-equal logits over 4 tokens, width 2, 2 steps:
    # model [1, 0, 0], entry e.g. [1, 3, 3]. Fails or passes the visible tests depending on torch's global random state
    # (failed once, passed once).
    "blind78_beam_search_ties_broken_by_random_noise": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                noise = torch.rand(len(candidates), dtype=torch.float64).tolist()
                ranked = sorted(zip(candidates, noise), key=lambda cn: cn[0][0] + 1e-9 * cn[1], reverse=True)
                beams = [candidate for candidate, _ in ranked[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
}

RIGHT_BLIND_78 = {
    # One float64 uniform u decides everything: chosen iff u < p; w = u / p is then uniform on [0, 1), its band gives
    # the action, and the random band's position (w - 0.8) / 0.1 gives the random id.
    "blind78_right_mlm_random_id_from_the_choice_uniform_float64": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = ~torch.isin(ids, special) & (u < mask_prob)
            # given u < p, w = u / p is uniform on [0, 1): the bands of w decide, and the random band's own
            # position inside [0.8, 0.9) is again uniform, so it picks the random id too
            w = torch.where(chosen, u / max(mask_prob, 1e-300), torch.ones_like(u))
            band = ((w - 0.8) / 0.1).clamp(0.0, 1.0)
            random_ids = torch.floor(band * vocab_size).long().clamp(max=vocab_size - 1).to(ids.dtype)
            corrupted = torch.where(chosen & (w < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (w >= 0.8) & (w < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Bernoulli draws in another order: keep (0.1) first, then random with probability 1/9 of the remaining 0.9 (= 0.1),
    # the rest [MASK] (0.8).
    "blind78_right_mlm_keep_first_then_one_ninth_random": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            shape = ids.shape
            chosen = torch.bernoulli(torch.full(shape, float(mask_prob)), generator=generator).bool()
            chosen &= ~torch.isin(ids, special)
            keep = torch.bernoulli(torch.full(shape, 0.1), generator=generator).bool()
            # of the remaining 90 %, one ninth (10 % of all) get a random token, the rest [MASK]
            swap = ~keep & torch.bernoulli(torch.full(shape, 1 / 9), generator=generator).bool()
            masked = ~keep & ~swap
            random_ids = torch.randint(vocab_size, shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & masked] = mask_id
            corrupted[chosen & swap] = random_ids[chosen & swap]
            labels = torch.full(shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Random ids by rejection: draw from [0, 2^k) with 2^k >= V and redraw out-of-range ids until none is left (no retry
    # limit), which is exactly uniform.
    "blind78_right_mlm_random_ids_by_unbounded_rejection_from_power_of_two": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            span = 1 << max(vocab_size - 1, 1).bit_length()          # the next power of two >= vocab_size
            random_ids = torch.randint(0, span, ids.shape, generator=generator)
            bad = random_ids >= vocab_size
            while bad.any():                                         # redraw until every id is in range
                random_ids[bad] = torch.randint(0, span, (int(bad.sum()),), generator=generator)
                bad = random_ids >= vocab_size
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids.to(ids.dtype), corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Random ids as randint(0, 4096 V) % V: the range is a multiple of V, so the modulo has no bias.
    "blind78_right_mlm_random_ids_modulo_of_exact_multiple": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            # a range that is an exact multiple of V: the remainder is uniform, no modulo bias
            random_ids = torch.randint(0, vocab_size * 4096, ids.shape, generator=generator) % vocab_size
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids.to(ids.dtype), corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Chosen iff an Exp(1) draw is below -log(1 - p), which has probability exactly p (p = 1: every eligible position).
    "blind78_right_mlm_choice_by_exponential_waiting_time": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            # P(E < -log(1 - p)) = p for E ~ Exp(1)
            wait = torch.empty(ids.shape, dtype=torch.float64).exponential_(1.0, generator=generator)
            limit = -math.log1p(-mask_prob) if mask_prob < 1 else math.inf
            chosen = ~torch.isin(ids, special) & (wait < limit)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # One draw r over 2 (D - 1) outcomes per example: r % 2 is a fair coin and r // 2 a uniform other document,
    # independent of each other.
    "blind78_right_nsp_coin_and_document_from_one_randint": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    # one draw over 2 (D - 1) outcomes: its parity is the coin, its half the other document
                    r = int(torch.randint(0, 2 * (len(documents) - 1), (), generator=generator))
                    if r % 2 == 0:
                        pairs.append((a, successor, 0))
                    else:
                        pick = r // 2
                        other = documents[pick if pick < index else pick + 1]
                        pairs.append((a, other[int(torch.randint(0, len(other), (), generator=generator))], 1))
            return pairs
'''),
    # The other document as own index plus an offset 1 + (r % (D - 1)), with r from a range that is a multiple of D - 1
    # (no modulo bias); the coin reads >= 0.5 as 'is next'.
    "blind78_right_nsp_other_document_modulo_of_exact_multiple": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            count = len(documents)
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() >= 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    # an offset in 1 .. D - 1 from our own document, from a range that is a multiple of D - 1
                    offset = 1 + int(torch.randint(0, (count - 1) << 20, (), generator=generator)) % (count - 1)
                    other = documents[(index + offset) % count]
                    pairs.append((a, other[int(torch.randint(0, len(other), (), generator=generator))], 1))
            return pairs
'''),
    # Bernoulli(0.5) coin; the other document by multinomial over weights 1 with its own document's weight 0.
    "blind78_right_nsp_other_document_multinomial_own_weight_zero": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                weights = torch.ones(len(documents), dtype=torch.float64)
                weights[index] = 0.0                         # never our own document
                for a, successor in zip(document, document[1:]):
                    if bool(torch.bernoulli(torch.tensor(0.5, dtype=torch.float64), generator=generator)):
                        pairs.append((a, successor, 0))
                        continue
                    other = documents[int(torch.multinomial(weights, 1, generator=generator))]
                    pairs.append((a, other[int(torch.randint(0, len(other), (), generator=generator))], 1))
            return pairs
'''),
    # The other document's sentence as the argmin of one Exp(1) draw per sentence (the first clock to ring is uniform).
    "blind78_right_nsp_sentence_by_argmin_of_exponentials": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator) < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    pick = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other = documents[pick + (pick >= index)]
                    # the first of len(other) exponential clocks to ring is a uniform sentence
                    clocks = torch.empty(len(other), dtype=torch.float64).exponential_(generator=generator)
                    pairs.append((a, other[int(torch.argmin(clocks))], 1))
            return pairs
'''),
    # ids kept as a Python list, the window sliced from it, and the draw made with the tensor method
    # probs.multinomial(num_samples=1, generator=generator): the same draws as torch.multinomial.
    "blind78_right_generate_multinomial_method_python_id_list": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            tokens = prompt.tolist()
            for _ in range(max_new_tokens):
                window = tokens if context_size is None else tokens[-context_size:]
                logits = model(torch.tensor(window, dtype=prompt.dtype))
                probs = next_token_probs(logits[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
                token = int(probs.multinomial(num_samples=1, generator=generator))
                tokens.append(token)
                if token == eos_id:
                    break
            return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    # Beams selected by repeatedly taking the maximum with a strict `>`, which keeps the first of equal scores (earlier
    # beam, then lower token).
    "blind78_right_beam_search_selection_loop_strict_greater_keeps_first_tie": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])]),
                                           token == eos_id))
                kept = []
                remaining = list(candidates)
                while remaining and len(kept) < beam_width:
                    best = 0
                    for k in range(1, len(remaining)):
                        if remaining[k][0] > remaining[best][0]:
                            best = k
                    kept.append(remaining.pop(best))
                beams = kept
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
}
