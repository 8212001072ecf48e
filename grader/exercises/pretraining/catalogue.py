"""``mlm_corrupt`` and ``nsp_pairs``. The suite names these from the counts they produce (see its docstring), so a
variant is matched by its distribution, not by its exact draws."""
import torch

from grader.catalogue import alternative, wrong


@wrong("mlm_corrupt", """
    Special tokens ([CLS], [SEP], [PAD], ...) were chosen as prediction targets. They carry no word to predict and
    must stay in place: only positions whose id is not in special_ids are eligible, eligible = ~torch.isin(ids,
    special_ids), and only eligible positions may be chosen.""")
def mlm_chooses_special_tokens(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    chosen = torch.rand(ids.shape, generator=generator) < mask_prob
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    Every position got a label, so the loss would ask the model to copy the tokens it can see. labels must hold the
    original id only at the chosen positions and -100 (ignored by cross_entropy) everywhere else.""")
def mlm_labels_every_position(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, ids.long()


@wrong("mlm_corrupt", """
    Your labels hold the corrupted ids ([MASK] mostly). The model must learn to recover the ORIGINAL token, so the
    label of a chosen position is ids at that position, taken before you replace it.""")
def mlm_labels_hold_corrupted_ids(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, corrupted.long(), -100)


@wrong("mlm_corrupt", """
    You ignored mask_prob and always chose 15 % of the positions. 0.15 is only the default: choose each eligible
    position with probability mask_prob (mask_prob=1 chooses all of them, 0 none).""")
def mlm_ignores_mask_prob(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < 0.15)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    Your random numbers do not come from the generator you were given (torch.rand without generator=generator uses
    PyTorch's global generator), so the same seed gives different results and no experiment can be repeated. Pass
    generator=generator to every torch.rand, torch.randint and torch.bernoulli.""")
def mlm_ignores_the_generator(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape) < mask_prob)
    action = torch.rand(ids.shape)
    random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    Every chosen token became [MASK]. BERT shows [MASK] for only 80 % of the targets; 10 % get a random token and
    10 % stay as they are, because [MASK] never appears when the model is used later. Draw one more uniform number
    per chosen position: < 0.8 -> mask_id, < 0.9 -> a random id, otherwise unchanged.""")
def mlm_masks_every_chosen_token(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    return torch.where(chosen, torch.full_like(ids, mask_id), ids), torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    None of your chosen tokens stays unchanged: 80 % become [MASK] and the other 20 % a random token. The rule is
    80 / 10 / 10: of the 20 % not masked, half get a random id and half keep their own.""")
def mlm_no_unchanged_tokens(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    Your random replacements never use a special id. The contract draws them uniformly from the whole vocabulary,
    [0, vocab_size), as BERT and Hugging Face do: torch.randint(0, vocab_size, ...), special ids included.""")
def mlm_random_tokens_never_special(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    is_ordinary = torch.ones(vocab_size, dtype=torch.bool)
    is_ordinary[special.long()] = False
    ordinary = torch.arange(vocab_size, dtype=ids.dtype)[is_ordinary]
    random_ids = ordinary[torch.randint(0, len(ordinary), ids.shape, generator=generator)]
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    You chose a fixed share (15 %, rounded) of every sequence. BERT flips an independent coin for each eligible
    position, so the number chosen varies from sequence to sequence — a short sequence often has none. Use
    torch.rand(ids.shape, generator=generator) < mask_prob on every position.""")
def mlm_fixed_share_per_sequence(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    flat_ids, flat_eligible = ids.reshape(-1, ids.shape[-1]), eligible.reshape(-1, ids.shape[-1])
    chosen = torch.zeros_like(flat_eligible)
    for row in range(flat_ids.shape[0]):
        candidates = flat_eligible[row].nonzero().flatten()
        count = round(mask_prob * len(candidates))
        picked = candidates[torch.randperm(len(candidates), generator=generator)[:count]]
        chosen[row, picked] = True
    chosen = chosen.reshape(ids.shape)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("mlm_corrupt", """
    Your labels keep the ids' dtype (int32 labels for int32 ids): torch.where(chosen, ids, -100) takes ids' dtype.
    The contract's labels are a LongTensor (int64) whatever ids' dtype, because cross_entropy wants int64 targets:
    torch.where(chosen, ids.long(), -100). (corrupted, on the other hand, keeps ids' dtype.)""")
def mlm_labels_in_ids_dtype(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    return corrupted, torch.where(chosen, ids, torch.full_like(ids, -100))


@wrong("nsp_pairs", """
    Your random second sentence comes from the whole corpus, A's own document included, so it can be A's true
    successor (or A itself) labelled "not next". Draw the document among the OTHER documents first, then a sentence
    of it.""")
def nsp_random_from_any_document(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    everything = [sentence for document in documents for sentence in document]
    pairs = []
    for document in documents:
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 0))
            else:
                pairs.append((a, everything[int(torch.randint(len(everything), (), generator=generator))], 1))
    return pairs


@wrong("nsp_pairs", """
    You drew the other document with torch.randint(len(documents) - 1) but did not step over A's own document: the
    draw can return A's document and never returns the last one. Shift the draw: other = r + (r >= index), or draw
    from the list of the other documents' indices.""")
def nsp_own_document_not_skipped(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    pairs = []
    for document in documents:
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = documents[int(torch.randint(len(documents) - 1, (), generator=generator))]
                pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs


@wrong("nsp_pairs", """
    Your labels are the wrong way round: the contract (like Hugging Face) labels a true successor 0 ("is next") and
    a random sentence 1 ("not next").""")
def nsp_labels_swapped(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    pairs = []
    for index, document in enumerate(documents):
        others = [d for i, d in enumerate(documents) if i != index]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 1))
            else:
                other = others[int(torch.randint(len(others), (), generator=generator))]
                pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 0))
    return pairs


@wrong("nsp_pairs", """
    Your random sentence is uniform over all sentences of the other documents, so long documents are drawn more
    often than short ones. The contract draws the document uniformly first, then a sentence of it uniformly.""")
def nsp_long_documents_drawn_more_often(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    pairs = []
    for index, document in enumerate(documents):
        pool = [s for i, d in enumerate(documents) if i != index for s in d]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 0))
            else:
                pairs.append((a, pool[int(torch.randint(len(pool), (), generator=generator))], 1))
    return pairs


@wrong("nsp_pairs", """
    You treated the corpus as one stream of sentences, so the last sentence of a document was paired with the first
    of the next one as its "successor". Only sentences followed by another sentence of the SAME document make an
    example: walk each document on its own.""")
def nsp_successor_across_documents(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    stream = [(index, s) for index, document in enumerate(documents) for s in document]
    pairs = []
    for (index, a), (_, successor) in zip(stream, stream[1:]):
        if torch.rand((), generator=generator) < 0.5:
            pairs.append((a, successor, 0))
        else:
            others = [d for i, d in enumerate(documents) if i != index]
            other = others[int(torch.randint(len(others), (), generator=generator))]
            pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs


@wrong("mlm_corrupt", """
    Your random tokens are dealt from a shuffled vocabulary (torch.randperm), each id once per deal, so the random
    tokens of one call depend on each other: two in a row are almost never the same id. Each one is right on its own,
    but BERT draws every random token independently: torch.randint(0, vocab_size, ids.shape, generator=generator),
    used where a random token is wanted.""")
def mlm_random_tokens_dealt_without_replacement(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    swapped = chosen & (action >= 0.8) & (action < 0.9)
    count = int(swapped.sum())
    deals = [torch.randperm(vocab_size, generator=generator) for _ in range(-(-count // vocab_size))]
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted[swapped] = torch.cat(deals)[:count].to(ids.dtype) if deals else corrupted[swapped]
    return corrupted, torch.where(chosen, ids.long(), -100)


@wrong("nsp_pairs", """
    You told the other documents from A's own by their content (d != document, or `not in`), so a document equal to
    A's (a repeated document, the same boilerplate twice) is never drawn, and the others are drawn too often. A
    corpus may hold equal documents: "another document" means another position in the list. Draw an index other
    than A's: r = torch.randint(len(documents) - 1, ()); other = r + (r >= index).""")
def nsp_other_documents_told_by_content(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    pairs = []
    for document in documents:
        others = [d for d in documents if d != document]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = others[int(torch.randint(len(others), (), generator=generator))]
                pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
    return pairs


@wrong("nsp_pairs", """
    Your random sentences are dealt from a shuffled copy of each document (torch.randperm), each sentence once per
    deal, so the random B's of one call depend on each other: two in a row from one document are rarely the same
    sentence. Each one is right on its own, but every random B must be drawn independently: a uniform document
    other than A's, then torch.randint(len(other), (), generator=generator).""")
def nsp_random_sentences_dealt_without_replacement(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: need at least two")
    decks: dict[int, list[int]] = {}
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((a, successor, 0))
                continue
            pick = int(torch.randint(len(documents) - 1, (), generator=generator))
            other = pick + (pick >= index)
            if not decks.get(other):
                decks[other] = torch.randperm(len(documents[other]), generator=generator).tolist()
            pairs.append((a, documents[other][decks[other].pop()], 1))
    return pairs


@alternative("mlm_corrupt", "One categorical draw per position over (not chosen, [MASK], random, unchanged) with "
             "torch.multinomial, row by row.")
def mlm_categorical_draw(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
    p = mask_prob
    probabilities = torch.tensor([1 - p, 0.8 * p, 0.1 * p, 0.1 * p], dtype=torch.float64)
    flat = ids.reshape(-1)
    if flat.numel() and p > 0:
        action = torch.multinomial(probabilities, flat.numel(), replacement=True, generator=generator)
    else:
        action = torch.zeros_like(flat)
    action = action.reshape(ids.shape).masked_fill(~eligible, 0)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(action == 1, torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(action == 2, random_ids, corrupted)
    return corrupted, torch.where(action > 0, ids.long(), -100)


@alternative("mlm_corrupt", "Sequence by sequence, with torch.bernoulli in Hugging Face's style (choose, then "
             "[MASK] with 0.8, then random with 0.5 of the rest) and index assignment into a copy.")
def mlm_row_by_row(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype)
    corrupted = ids.clone().reshape(-1, ids.shape[-1])
    labels = torch.full(corrupted.shape, -100, dtype=torch.long)
    for row, sequence in enumerate(ids.reshape(-1, ids.shape[-1])):
        eligible = ~torch.isin(sequence, special)
        chosen = torch.bernoulli(eligible * float(mask_prob), generator=generator).bool()
        labels[row, chosen] = sequence[chosen].long()
        masked = torch.bernoulli(torch.full(sequence.shape, 0.8), generator=generator).bool() & chosen
        randomised = torch.bernoulli(torch.full(sequence.shape, 0.5), generator=generator).bool() & chosen & ~masked
        corrupted[row, masked] = mask_id
        corrupted[row, randomised] = torch.randint(vocab_size, (int(randomised.sum()),), generator=generator,
                                                   dtype=ids.dtype)
    return corrupted.reshape(ids.shape), labels.reshape(ids.shape)


@alternative("nsp_pairs", "Rejection sampling of the other document; all coin flips first.")
def nsp_rejection_sampling(documents, generator=None):
    if len(documents) < 2 and any(len(d) > 1 for d in documents):
        raise ValueError("documents: at least two are needed for random second sentences")
    spots = [(index, j) for index, document in enumerate(documents) for j in range(len(document) - 1)]
    coins = torch.rand(len(spots), generator=generator) < 0.5
    pairs = []
    for (index, j), is_next in zip(spots, coins.tolist()):
        a = documents[index][j]
        if is_next:
            pairs.append((a, documents[index][j + 1], 0))
            continue
        other = index
        while other == index:
            other = int(torch.randint(len(documents), (), generator=generator))
        sentence = int(torch.randint(len(documents[other]), (), generator=generator))
        pairs.append((a, documents[other][sentence], 1))
    return pairs
