"""Model answer: sampling: temperature, top-k, top-p, generation and beam search.

Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

from typing import Callable

import torch

Model = Callable[[torch.Tensor], torch.Tensor]  # ids (N,) long -> logits (V, N)


def next_token_probs(
    logits: torch.Tensor,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    """Next-token distribution: logits (V,) -> probabilities (V,), after temperature, top-k, top-p, renormalising.

    temperature == 0 gives a one-hot on the arg-max (ties to the lowest id).
    """
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    ### BEGIN SOLUTION  (todo: greedy if temperature == 0, else softmax(logits / T); then top-k, top-p, renormalise)
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0  # argmax returns the first (lowest-id) maximum
        return probs

    probs = torch.softmax(logits / temperature, dim=-1)
    # Stable descending sort: among equal probabilities the lower id comes first.
    order = torch.sort(probs, descending=True, stable=True).indices

    if top_k is not None:
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()

    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))  # the crossing token is kept
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)

    return probs / probs.sum()
    ### END SOLUTION


def generate(
    model: Model,
    prompt: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
    eos_id: int | None = None,
    generator: torch.Generator | None = None,
    context_size: int | None = None,
) -> torch.Tensor:
    """Sample up to max_new_tokens tokens after prompt (N0,) long -> ids (N0 + n_new,) long.

    Each step feeds the last context_size ids (all if None) to the model, reads the last column of its logits (V, N),
    and draws with torch.multinomial(probs, 1, generator=generator). Stops right after emitting eos_id.
    """
    ### BEGIN SOLUTION  (todo: loop: model on the (cropped) ids, last column -> next_token_probs -> multinomial, append)
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]  # (V,): scores for the token after the last one
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)  # (1,)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
    ### END SOLUTION


def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    """Log-probability of ids (N,) under the model: sum over n >= 1 of log p(ids[n] | ids[:n]), a 0-d tensor.

    One model call: column n - 1 of the logits (V, N) scores ids[n].
    """
    ### BEGIN SOLUTION  (todo: log_softmax over the vocabulary axis (dim 0), pick row ids[n] of column n - 1, sum)
    log_probs = torch.log_softmax(model(ids), dim=0)  # (V, N)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
    ### END SOLUTION


def beam_search(
    model: Model,
    prompt: torch.Tensor,
    beam_width: int,
    max_new_tokens: int,
    eos_id: int | None = None,
) -> torch.Tensor:
    """Beam search from prompt (N0,) long -> the best sequence (N0 + n,) long, prompt included.

    Beams are scored by summed log-probabilities; a beam ending in eos_id is finished and keeps its score. Ties go to
    the earlier beam, then the lower token id.
    """
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    ### BEGIN SOLUTION  (todo: each step, list (score, ids, finished) candidates, stable-sort by -score, keep the top)
    beams: list[tuple[float, torch.Tensor, bool]] = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates: list[tuple[float, torch.Tensor, bool]] = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))  # competes with its fixed score
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)  # (V,)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])  # stable: ties keep beam order, then token order
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
    ### END SOLUTION
