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
