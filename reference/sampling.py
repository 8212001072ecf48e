"""Autoregressive decoding: turning a model's scores into the next token, and searching for likely sequences.

A *model* here is any callable ``ids (N,) -> logits (V, N)`` whose column n scores the token that follows position n
(the column convention again: one column per position).
"""
from __future__ import annotations

from typing import Callable

import torch

from ._shapes import check_positive_int, check_shape

Model = Callable[[torch.Tensor], torch.Tensor]


def _descending_order(probs: torch.Tensor) -> torch.Tensor:
    """Token ids sorted by probability, highest first, ties to the lower id (a stable sort)."""
    return torch.sort(probs, descending=True, stable=True).indices


def _keep_only(probs: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """Zero every probability outside the ids ``keep`` and renormalise."""
    kept = torch.zeros_like(probs)
    kept[keep] = probs[keep]
    return kept / kept.sum()


def next_token_probs(logits: torch.Tensor, temperature: float = 1.0, top_k: int | None = None,
                     top_p: float | None = None) -> torch.Tensor:
    """logits (V,) -> probabilities (V,): temperature, then top-k, then top-p (nucleus), then renormalise.

    * temperature divides the logits; 0 means greedy (one-hot on the arg-max, ties to the lowest id);
    * top-k keeps exactly k tokens (ties to lower ids);
    * top-p keeps the shortest prefix of tokens sorted by probability whose cumulative probability reaches p,
      the token that crosses p included.
    """
    check_shape("logits", logits, ("V",), {}, batched=False)
    if temperature < 0:
        raise ValueError(f"temperature: expected a number ≥ 0, got {temperature}")
    if top_k is not None:
        check_positive_int("top_k", top_k)
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p: expected 0 < top_p ≤ 1, got {top_p}")
    if temperature == 0:
        greedy = torch.zeros_like(logits)
        greedy[torch.argmax(logits)] = 1.0          # argmax returns the first (lowest) maximal id
        return greedy
    probs = torch.softmax(logits / temperature, dim=0)
    if top_k is not None:
        probs = _keep_only(probs, _descending_order(probs)[:top_k])
    if top_p is not None:
        order = _descending_order(probs)
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(order))  # the crossing token is kept
        probs = _keep_only(probs, order[:num_kept])
    return probs


def _check_ids(name: str, ids: torch.Tensor) -> None:
    check_shape(name, ids, ("N",), {}, batched=False)
    if ids.dtype.is_floating_point or ids.dtype == torch.bool:
        raise ValueError(f"{name}: expected an integer tensor of token ids, shape (N,)")


def generate(model: Model, prompt: torch.Tensor, max_new_tokens: int, temperature: float = 1.0,
             top_k: int | None = None, top_p: float | None = None, eos_id: int | None = None,
             generator: torch.Generator | None = None, context_size: int | None = None) -> torch.Tensor:
    """prompt (N0,) -> (N0 + n_new,): sample one token at a time from the last column of the model's logits.

    Each token is drawn with ``torch.multinomial(probs, 1, generator=generator)``, so a seeded generator reproduces
    the output. The model sees only the last ``context_size`` tokens. Stops after emitting ``eos_id``.
    """
    _check_ids("prompt", prompt)
    check_positive_int("max_new_tokens", max_new_tokens, minimum=0)
    if context_size is not None:
        check_positive_int("context_size", context_size)
    ids = prompt.long()
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        token = torch.multinomial(probs, 1, generator=generator)                   # (1,)
        ids = torch.cat([ids, token])
        if eos_id is not None and int(token) == eos_id:
            break
    return ids


def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
    """log p(ids[1:] | ids[0]) by the chain rule, from one model call: Σ_n log softmax(logits[:, n-1])[ids[n]]."""
    _check_ids("ids", ids)
    log_probs = torch.log_softmax(model(ids), dim=0)                               # (V, N)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:].long(), positions].sum()


def beam_search(model: Model, prompt: torch.Tensor, beam_width: int, max_new_tokens: int,
                eos_id: int | None = None) -> torch.Tensor:
    """The best sequence (prompt included) found by beam search on summed log-probabilities.

    A beam that ends in ``eos_id`` is finished: it is no longer extended but keeps competing, with its fixed score,
    for one of the ``beam_width`` places. The search runs ``max_new_tokens`` steps or until every kept beam is
    finished. Ties go to the earlier beam, then to the lower token id.
    """
    _check_ids("prompt", prompt)
    check_positive_int("beam_width", beam_width)
    check_positive_int("max_new_tokens", max_new_tokens, minimum=0)
    beams: list[tuple[list[int], float, bool]] = [(prompt.long().tolist(), 0.0, False)]  # (ids, score, finished)
    for _ in range(max_new_tokens):
        if all(finished for _, _, finished in beams):
            break
        candidates: list[tuple[list[int], float, bool]] = []  # in (beam, token) order, so a stable sort breaks ties
        for ids, score, finished in beams:
            if finished:
                candidates.append((ids, score, True))
                continue
            log_probs = torch.log_softmax(model(torch.tensor(ids)).double()[:, -1], dim=0).tolist()
            candidates += [(ids + [token], score + lp, token == eos_id) for token, lp in enumerate(log_probs)]
        beams = sorted(candidates, key=lambda candidate: -candidate[1])[:beam_width]   # sorted() is stable
    best_ids, _, _ = max(beams, key=lambda beam: beam[1])                            # max keeps the first best
    return torch.tensor(best_ids, dtype=torch.long)
