"""``next_token_probs``, ``generate``, ``sequence_log_prob`` and ``beam_search``."""
import torch

from grader.catalogue import alternative, wrong
from solutions.sampling import next_token_probs


@wrong("next_token_probs", """
    You multiplied the logits by the temperature. Temperature DIVIDES the logits: softmax(logits / T), so T > 1
    flattens the distribution and T < 1 sharpens it.""")
def temperature_multiplied(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits * temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    You took logits that happen to look like probabilities (none negative, summing to 1: a one-hot, the output of a
    softmax) for probabilities and skipped the softmax. Logits are logits whatever their values: always
    softmax(logits / T).""")
def logits_taken_for_probabilities(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    if bool((logits >= 0).all()) and abs(float(logits.sum()) - 1.0) < 1e-6:   # "already probabilities"
        probs = logits ** (1.0 / temperature)
        probs = probs / probs.sum()
    else:
        probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    With temperature 0 you divided by zero, which gives NaN. Temperature 0 means greedy decoding: return a one-hot
    vector on the arg-max (ties to the lowest id) without dividing.""")
def temperature_zero_divides(logits, temperature=1.0, top_k=None, top_p=None):
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    Your top-k puts the k kept probabilities at positions 0..k-1 — their RANKS — instead of at their token ids.
    torch.topk returns (values, indices): scatter the values back to the indices.""")
def top_k_returns_positions(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        values = torch.topk(probs, top_k).values
        probs = torch.zeros_like(probs)
        probs[:top_k] = values / values.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    Your top-p drops the token whose probability makes the running total cross p. The nucleus is the SHORTEST prefix
    (tokens by decreasing probability) whose total is >= p, so the crossing token is kept.""")
def top_p_drops_crossing_token(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = max(int((torch.cumsum(probs[order], 0) < top_p).sum()), 1)
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    You applied top-p before top-k. The order is fixed: temperature, then top-k, then top-p on the RENORMALISED top-k
    distribution, then renormalise; swapping the filters keeps a different set of tokens.""")
def top_p_before_top_k(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    return probs


@wrong("generate", """
    You sampled from the FIRST column of the model's logits. Column n scores the token that follows position n, so the
    next token comes from the LAST column: model(context)[:, -1].""")
def generate_uses_first_column(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                               generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, 0], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


@wrong("generate", """
    You stop BEFORE appending the end-of-sequence token. The contract keeps it: append the sampled token, then stop if
    it is eos_id.""")
def generate_drops_eos(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                       generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        if eos_id is not None and int(token) == eos_id:
            break
        ids = torch.cat([ids, token])
    return ids


@wrong("generate", """
    Your generation never stops when eos_id is 0: a test like `if eos_id and token == eos_id` reads the id 0 as
    "no eos". Token 0 is a valid id; test `eos_id is not None and token == eos_id`.""")
def generate_eos_zero_ignored(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                              generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, token])
        if eos_id and int(token) == eos_id:
            break
    return ids


@wrong("generate", """
    Your context window keeps the FIRST context_size tokens. The model must see the most recent ones, the last
    context_size tokens: ids[-context_size:].""")
def generate_keeps_oldest_context(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None,
                                  eos_id=None, generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[:context_size]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


@wrong("sequence_log_prob", """
    Your log-probabilities are misaligned by one position: column n of the logits scores the token AFTER position n,
    so ids[n] is scored by column n-1 (sum over n >= 1), not by column n.""")
def log_prob_misaligned(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    return log_probs[ids, torch.arange(len(ids))].sum()


@wrong("sequence_log_prob", """
    Your log-softmax runs over the positions (axis 1) instead of the vocabulary. Each COLUMN of the (V, N) logits is
    one distribution over the V tokens: log_softmax(logits, dim=0).""")
def log_softmax_over_positions(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=1)
    return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()


@wrong("beam_search", """
    You multiplied the log-probabilities. A sequence's log-probability is the SUM of its tokens' log-probabilities
    (the log of the product of probabilities); multiplying negative logs rewards the wrong beams.""")
def beam_multiplies_log_probs(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(prompt.long().tolist(), 1.0, False)]
    for _ in range(max_new_tokens):
        if all(done for _, _, done in beams):
            break
        candidates = []
        for ids, score, done in beams:
            if done:
                candidates.append((ids, score, True))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0).tolist()
            candidates += [(ids + [t], score * lp, t == eos_id) for t, lp in enumerate(log_probs)]
        beams = sorted(candidates, key=lambda c: -c[1])[:beam_width]
    return torch.tensor(max(beams, key=lambda b: b[1])[0])


@wrong("beam_search", """
    You multiplied probabilities. That is the right score mathematically, but a product of many probabilities
    underflows to 0 (float32 after ~20 tokens of p ≈ 0.01), and then every beam ties. Sum log-probabilities instead.""")
def beam_multiplies_probabilities(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(prompt.long().tolist(), torch.tensor(1.0), False)]
    for _ in range(max_new_tokens):
        if all(done for _, _, done in beams):
            break
        candidates = []
        for ids, score, done in beams:
            if done:
                candidates.append((ids, score, True))
                continue
            probs = torch.softmax(model(torch.tensor(ids))[:, -1], dim=0)
            candidates += [(ids + [t], score * p, t == eos_id) for t, p in enumerate(probs)]
        beams = sorted(candidates, key=lambda c: -float(c[1]))[:beam_width]
    return torch.tensor(max(beams, key=lambda b: float(b[1]))[0])


@wrong("beam_search", """
    Your finished beams keep growing: a beam that has emitted eos_id is finished. It must not be extended any more,
    but it keeps competing, with its fixed score, for one of the beam_width places.""")
def beam_extends_finished_beams(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(prompt.long().tolist(), 0.0)]
    for _ in range(max_new_tokens):
        candidates = []
        for ids, score in beams:
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0).tolist()
            candidates += [(ids + [t], score + lp) for t, lp in enumerate(log_probs)]
        beams = sorted(candidates, key=lambda c: -c[1])[:beam_width]
    return torch.tensor(max(beams, key=lambda b: b[1])[0])


@alternative("next_token_probs", "Masks built with torch.topk-free sorting, the top-p cut found with searchsorted.")
def sort_and_searchsorted(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        greedy = torch.zeros_like(logits)
        greedy[int(torch.argmax(logits))] = 1
        return greedy
    probs = torch.softmax(logits.double() / temperature, dim=0)
    order = torch.sort(probs, descending=True, stable=True).indices
    keep = torch.ones_like(probs, dtype=torch.bool)
    if top_k is not None:
        keep[order[top_k:]] = False
        probs = torch.where(keep, probs, 0) / probs[keep].sum()
    if top_p is not None:
        cumulative = torch.cumsum(probs[order], dim=0)
        cut = min(int(torch.searchsorted(cumulative, torch.tensor(top_p, dtype=cumulative.dtype))) + 1, len(order))
        keep[order[cut:]] = False
        probs = torch.where(keep, probs, 0) / probs[keep].sum()
    return probs.to(logits.dtype)


@alternative("next_token_probs", "A plain Python loop over the tokens in decreasing order of probability.")
def python_nucleus_loop(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        best = max(range(len(logits)), key=lambda t: (float(logits[t]), -t))
        return torch.zeros_like(logits).index_fill(0, torch.tensor([best]), 1.0)
    probs = torch.softmax(logits / temperature, dim=0)
    ranked = sorted(range(len(probs)), key=lambda t: (-float(probs[t]), t))
    if top_k is not None:
        ranked = ranked[:top_k]
    kept_mass = sum(float(probs[t]) for t in ranked)
    if top_p is not None:
        total, nucleus = 0.0, []
        for t in ranked:
            nucleus.append(t)
            total += float(probs[t]) / kept_mass
            if total >= top_p:
                break
        ranked = nucleus
    out = torch.zeros_like(probs)
    out[ranked] = probs[ranked]
    return out / out.sum()


@alternative("generate", "A while loop that tracks how many tokens were added.")
def generate_while_loop(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                        generator=None, context_size=None):
    tokens = prompt.long().tolist()
    added = 0
    while added < max_new_tokens:
        window = tokens if context_size is None else tokens[-context_size:]
        logits = model(torch.tensor(window))
        token = int(torch.multinomial(next_token_probs(logits[:, -1], temperature, top_k, top_p), 1,
                                      generator=generator))
        tokens.append(token)
        added += 1
        if token == eos_id:
            break
    return torch.tensor(tokens, dtype=torch.long)


@alternative("sequence_log_prob", "log_softmax in float64, then gather the next tokens' rows.")
def log_prob_gather(model, ids):
    logits = model(ids)
    log_probs = torch.log_softmax(logits.double(), dim=0)[:, :-1]                  # (V, N-1)
    return log_probs.gather(0, ids[1:].long()[None, :]).sum().to(logits.dtype)


@alternative("sequence_log_prob", "logsumexp per column and a Python loop over positions.")
def log_prob_loop(model, ids):
    logits = model(ids)
    total = logits.new_zeros(())
    for n in range(1, len(ids)):
        column = logits[:, n - 1]
        total = total + column[ids[n]] - torch.logsumexp(column, dim=0)
    return total


@alternative("beam_search", "Recursive: each call expands the beams by one step.")
def beam_recursive(model, prompt, beam_width, max_new_tokens, eos_id=None):
    def search(beams, steps_left):
        if steps_left == 0 or all(ids[-1] == eos_id and len(ids) > len(prompt) for ids, _ in beams):
            return beams
        candidates = []
        for ids, score in beams:
            if len(ids) > len(prompt) and ids[-1] == eos_id:
                candidates.append((ids, score))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0)
            candidates += [(ids + [t], score + float(lp)) for t, lp in enumerate(log_probs)]
        ranked = sorted(range(len(candidates)), key=lambda i: (-candidates[i][1], i))
        return search([candidates[i] for i in ranked[:beam_width]], steps_left - 1)

    final = search([(prompt.long().tolist(), 0.0)], max_new_tokens)
    best = max(range(len(final)), key=lambda i: (final[i][1], -i))
    return torch.tensor(final[best][0], dtype=torch.long)


@alternative("beam_search", "Iterative with tensors: scores of all (beam, token) pairs at once, stable sort.")
def beam_tensor_scores(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [prompt.long()]
    scores = torch.zeros(1, dtype=torch.float64)
    finished = [False]
    for _ in range(max_new_tokens):
        if all(finished):
            break
        rows, owners, tokens = [], [], []
        for b, ids in enumerate(beams):
            if finished[b]:
                rows.append(scores[b:b + 1])
                owners.append(b)
                tokens.append(None)
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            rows.append(scores[b] + log_probs)
            owners += [b] * len(log_probs)
            tokens += list(range(len(log_probs)))
        flat = torch.cat(rows)
        keep = torch.sort(flat, descending=True, stable=True).indices[:beam_width].tolist()
        beams = [beams[owners[i]] if tokens[i] is None else torch.cat([beams[owners[i]], torch.tensor([tokens[i]])])
                 for i in keep]
        finished = [tokens[i] is None or tokens[i] == eos_id for i in keep]
        scores = flat[keep]
    return beams[int(torch.argmax(scores))]


@alternative("next_token_probs", "Filters as masks on the logits (-inf), one softmax at the end; the nucleus keeps a "
             "token while the mass ranked before it is below p.")
def logit_masks_then_softmax(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.numel()).to(logits.dtype)
    scaled = logits / temperature
    if top_k is not None:
        order = torch.sort(scaled, descending=True, stable=True).indices
        scaled = scaled.index_fill(0, order[top_k:], float("-inf"))
    if top_p is not None:
        probs = torch.softmax(scaled, dim=0)
        order = torch.sort(probs, descending=True, stable=True).indices
        mass_before = torch.cumsum(probs[order], dim=0) - probs[order]
        scaled = scaled.index_fill(0, order[mass_before >= top_p], float("-inf"))
    return torch.softmax(scaled, dim=0)


@alternative("generate", "Ids written into a preallocated tensor of the longest possible length, trimmed at the end.")
def generate_preallocated(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                          generator=None, context_size=None):
    start = len(prompt)
    ids = torch.empty(start + max_new_tokens, dtype=torch.long)
    ids[:start] = prompt
    length = start
    for _ in range(max_new_tokens):
        context = ids[:length] if context_size is None else ids[max(0, length - context_size):length]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        ids[length] = torch.multinomial(probs, 1, generator=generator)[0]
        length += 1
        if eos_id is not None and int(ids[length - 1]) == eos_id:
            break
    return ids[:length].clone()


@alternative("sequence_log_prob", "torch.distributions.Categorical over the columns (row layout), log_prob of the "
             "next tokens, summed.")
def categorical_log_prob(model, ids):
    logits = model(ids)
    if len(ids) < 2:                                   # no token is predicted: log 1 = 0
        return logits.new_zeros(())
    return torch.distributions.Categorical(logits=logits[:, :-1].T).log_prob(ids[1:]).sum()


@alternative("beam_search", "heapq.nlargest over (score, beam, token) candidates; it is stable, so ties keep the "
             "earlier beam, then the lower token.")
def beam_heapq(model, prompt, beam_width, max_new_tokens, eos_id=None):
    import heapq

    beams = [(0.0, prompt.long().tolist(), False)]
    for _ in range(max_new_tokens):
        if all(done for _, _, done in beams):
            break
        candidates = []
        for score, ids, done in beams:
            if done:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0).tolist()
            candidates += [(score + lp, ids + [t], t == eos_id) for t, lp in enumerate(log_probs)]
        beams = heapq.nlargest(beam_width, candidates, key=lambda c: c[0])
    return torch.tensor(beams[0][1], dtype=torch.long)


@wrong("next_token_probs", """
    Your top-k keeps every token tied with the k-th largest probability (probs < kth_value are dropped, as many public
    implementations do), so tied logits can leave more than k tokens. The contract keeps EXACTLY k tokens, ties going
    to the lower ids: sort with torch.sort(probs, descending=True, stable=True) and keep the first k indices.""")
def top_k_keeps_ties(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        kth = torch.topk(probs, min(top_k, len(probs))).values[-1]
        probs = torch.where(probs < kth, torch.zeros_like(probs), probs)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    Your top-k keeps k + 1 tokens: the cut is off by one (a removal mask like rank > k, where rank counts from 0,
    keeps ranks 0 .. k). Keep ranks 0 .. k-1: order[:top_k].""")
def top_k_keeps_one_too_many(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        ranks = torch.empty_like(order).scatter_(0, order, torch.arange(len(order)))
        probs = torch.where(ranks > top_k, torch.zeros_like(probs), probs)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    Your top-k keeps only k - 1 tokens (and none at all for k = 1, which gives 0/0): the cut is off by one, zeroing
    the ranks from k - 1 on. Zero the ranks from k on: probs[order[top_k:]] = 0.""")
def top_k_keeps_one_too_few(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.index_fill(0, order[top_k - 1:], 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    When the running total of probabilities reaches p EXACTLY, your nucleus keeps one more token: you count the tokens
    whose cumulative probability is <= p and add the crossing one. The nucleus is the shortest prefix whose total is
    >= p, so a token that brings the total exactly to p ends it: count cumulative < p, then add one.""")
def top_p_exact_total_keeps_one_more(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) <= top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    Your nucleus keeps every token whose probability is at least that of the token crossing p (a probability cutoff,
    as in implementations that compare with a threshold), so tokens tied with the crossing one are all kept. The
    nucleus is a prefix of the stable descending order: keep exactly the tokens up to the crossing one, ties going
    to the lower ids.""")
def top_p_keeps_ties_of_crossing_token(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        ranked = torch.sort(probs, descending=True, stable=True).values
        kept = min(int((torch.cumsum(ranked, 0) < top_p).sum()) + 1, len(ranked))
        probs = torch.where(probs >= ranked[kept - 1], probs, torch.zeros_like(probs))
        probs = probs / probs.sum()
    return probs


@wrong("next_token_probs", """
    You divided the PROBABILITIES by the temperature and renormalised, which cancels the division: the temperature
    has no effect. Temperature divides the LOGITS before the softmax, softmax(logits / T) — equivalently it raises the
    probabilities to the power 1/T.""")
def temperature_divides_probabilities(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), len(logits)).to(logits.dtype)
    probs = torch.softmax(logits, dim=0) / temperature
    probs = probs / probs.sum()
    if top_k is not None:
        keep = torch.sort(probs, descending=True, stable=True).indices[:top_k]
        probs = torch.zeros_like(probs).index_copy(0, keep, probs[keep])
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        kept = min(int((torch.cumsum(probs[order], 0) < top_p).sum()) + 1, len(order))
        probs = torch.zeros_like(probs).index_copy(0, order[:kept], probs[order[:kept]])
        probs = probs / probs.sum()
    return probs


@wrong("generate", """
    You return only the new tokens. The contract returns the whole sequence, prompt included: (N0 + n_new,) ids
    whose first N0 are the prompt.""")
def generate_returns_only_new_tokens(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None,
                                     eos_id=None, generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        token = torch.multinomial(next_token_probs(model(context)[:, -1], temperature, top_k, top_p), 1,
                                  generator=generator)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids[len(prompt):]


@wrong("generate", """
    You take the most likely token at every step (argmax) instead of sampling: generation is then greedy whatever the
    temperature, top-k or top-p. Draw the token from the distribution: torch.multinomial(probs, 1,
    generator=generator).""")
def generate_takes_argmax(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                          generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.argmax(probs).reshape(1)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


@wrong("generate", """
    Your context window is one token too long: ids[-context_size - 1:] feeds context_size + 1 tokens to the model. A
    model with a context of size C sees the last C tokens: ids[-context_size:].""")
def generate_context_one_too_long(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None,
                                  eos_id=None, generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size - 1:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


@wrong("sequence_log_prob", """
    You averaged the log-probabilities over the positions (as a cross-entropy loss with reduction="mean" does): your
    result is the right one divided by N - 1, the number of predicted tokens. The log-probability of a sequence is
    their SUM: log p(ids) = Σ_n log p(ids[n] | ids[:n]).""")
def log_probs_averaged(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    picked = log_probs[ids[1:], torch.arange(len(ids) - 1)]
    return picked.mean() if len(picked) else picked.sum()


@wrong("sequence_log_prob", """
    You summed the raw logits of the next tokens, never normalising them. A logit is a score, not a log-probability:
    take log_softmax over the vocabulary (axis 0) first, then pick row ids[n] of column n - 1.""")
def raw_logits_summed(model, ids):
    logits = model(ids)
    return logits[ids[1:], torch.arange(len(ids) - 1)].sum()


@wrong("beam_search", """
    You divided each beam's score by its length before comparing (length normalisation, as Hugging Face's
    length_penalty does). The contract's score is the plain sum of log-probabilities, which favours shorter
    finished sequences: compare the sums themselves.""")
def beam_length_normalised(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(0.0, prompt.long(), False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token])]), token == eos_id))
        candidates.sort(key=lambda c: -c[0] / len(c[1]))
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]


@wrong("beam_search", """
    You stop as soon as ANY beam emits eos_id and return that beam. A finished beam only stops growing: the other beams
    go on, and may end with a higher total score. Keep the finished beam among the candidates with its fixed score,
    and return the best beam when all are finished or the steps run out.""")
def beam_returns_first_finished(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(0.0, prompt.long())]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids in beams:
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token])])))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        for _, ids in beams:
            if eos_id is not None and int(ids[-1]) == eos_id:
                return ids
    return beams[0][1]


@wrong("sequence_log_prob", """
    You averaged the log-probabilities (.mean()) instead of summing them: your result is the right one divided by
    N - 1, the number of predicted tokens, and for a single token the mean of nothing is NaN where the empty sum is 0.
    The log-probability of a sequence is the SUM: log p(ids) = Σ_{n>=1} log p(ids[n] | ids[:n]).""")
def log_probs_mean(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    return log_probs[ids[1:], torch.arange(len(ids) - 1)].mean()


@wrong("generate", """
    Your loop draws a token BEFORE it checks the count (a do-while: draw, append, then stop once max_new_tokens are
    there), so max_new_tokens = 0 still adds a token. max_new_tokens is an upper bound: test it before each draw —
    for _ in range(max_new_tokens) — and with 0 return the prompt itself.""")
def generate_at_least_one_token(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                                generator=None, context_size=None):
    ids = prompt.long()
    while True:
        context = ids if context_size is None else ids[-context_size:]
        token = torch.multinomial(next_token_probs(model(context)[:, -1], temperature, top_k, top_p), 1,
                                  generator=generator)
        ids = torch.cat([ids, token])
        if (eos_id is not None and int(token) == eos_id) or len(ids) - len(prompt) >= max_new_tokens:
            return ids


@wrong("generate", """
    Your context window is ids[len(ids) - context_size:]. While there are fewer than context_size ids that start is
    NEGATIVE, and a negative start counts from the END: the model then sees only the last few ids instead of all of
    them. Use ids[-context_size:] (or start at max(0, len(ids) - context_size)): every id while there are no more
    than context_size.""")
def generate_crop_negative_start(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None,
                                 eos_id=None, generator=None, context_size=None):
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[len(ids) - context_size:]
        token = torch.multinomial(next_token_probs(model(context)[:, -1], temperature, top_k, top_p), 1,
                                  generator=generator)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


@wrong("beam_search", """
    Among candidates with equal scores you prefer the lower token id to the earlier beam (a sort key such as
    (-score, token)). The contract breaks ties by the EARLIER BEAM first, then by the lower token id: list the
    candidates in (beam, token) order and sort them stably by score alone, or sort by (-score, beam, token).""")
def beam_ties_to_lower_token(model, prompt, beam_width, max_new_tokens, eos_id=None):
    beams = [(0.0, prompt.long(), False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token])]), token == eos_id))
        candidates.sort(key=lambda c: (-c[0], int(c[1][-1])))
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
