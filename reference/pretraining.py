"""BERT's two pre-training tasks: masked-language-model corruption and next-sentence-prediction pairs.

**MLM.** Every position that is not a special token ([CLS], [SEP], [PAD], …) is chosen independently with
probability 0.15. A chosen token becomes [MASK] with probability 0.8, a token drawn uniformly from the whole
vocabulary with probability 0.1 (it may be the original one), and stays as it is otherwise; the model must predict
the original token at every chosen position and nowhere else. The labels hold the original id at chosen positions
and -100 elsewhere (the ``ignore_index`` of ``torch.nn.functional.cross_entropy``, as in Hugging Face).
In a 512-token sequence about 0.15·510 ≈ 77 positions are chosen, of which about 61 become [MASK], 8 a random token
and 8 stay unchanged.

**NSP.** For a sentence A followed by another in its document, B is that next sentence with probability 1/2
(label 0, "is next", Hugging Face's convention) and otherwise a random sentence of another document (label 1).
"""
from __future__ import annotations

from typing import Sequence, TypeVar

import torch

from ._shapes import check_positive_int

IGNORE_INDEX = -100
IS_NEXT, NOT_NEXT = 0, 1
Sentence = TypeVar("Sentence")


def _check_probability(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name}: expected a probability in [0, 1], got {value!r}")


def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    """ids (..., N) -> (corrupted ids (..., N), labels (..., N)), BERT's 80/10/10 masking.

    Positions whose id is in ``special_ids`` are never chosen; every other position is chosen with probability
    ``mask_prob``. Of the chosen: 80% become ``mask_id``, 10% a uniform random id in [0, vocab_size), 10% unchanged.
    ``labels`` is the original id where chosen and -100 elsewhere. ``ids`` is not modified.

    The random draws are made in Hugging Face's order (choose, then [MASK], then random-vs-unchanged with
    probability 0.5, then the random ids), so with the same seeded generator the result equals
    ``DataCollatorForLanguageModeling``'s; only the distribution is part of the contract.
    """
    if not isinstance(ids, torch.Tensor) or ids.dtype.is_floating_point or ids.dtype == torch.bool or ids.dim() < 1:
        raise ValueError("ids: expected an integer tensor of token ids, shape (..., N)")
    check_positive_int("vocab_size", vocab_size)
    _check_probability("mask_prob", mask_prob)
    special = torch.as_tensor(special_ids).reshape(-1)
    if special.numel() and (special.dtype.is_floating_point or special.dtype == torch.bool):   # [] is no special id
        raise ValueError("special_ids: expected integer token ids")
    special = special.to(device=ids.device, dtype=ids.dtype)
    for name, value in (("mask_id", torch.tensor([mask_id])), ("special_ids", special), ("ids", ids)):
        if value.numel() and (value.min() < 0 or value.max() >= vocab_size):
            raise ValueError(f"{name}: every id must lie in [0, vocab_size={vocab_size})")
    eligible = ~torch.isin(ids, special)
    chances = torch.full(ids.shape, float(mask_prob)).masked_fill(~eligible, 0.0)   # an int mask_prob is a float
    chosen = torch.bernoulli(chances, generator=generator).bool()
    to_mask = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
    to_random = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & chosen & ~to_mask
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
    corrupted = torch.where(to_mask, torch.full_like(ids, mask_id), torch.where(to_random, random_ids, ids))
    labels = torch.where(chosen, ids.long(), torch.full_like(ids, IGNORE_INDEX, dtype=torch.long))
    return corrupted, labels


def nsp_pairs(documents: Sequence[Sequence[Sentence]], generator: torch.Generator | None = None
              ) -> list[tuple[Sentence, Sentence, int]]:
    """Documents (each a list of sentences, in order) -> NSP examples (A, B, label), one per sentence with a successor.

    Documents in order, sentences in order: A is a sentence that has a next one in its document. With probability
    1/2 B is that next sentence (label 0); otherwise B is a uniformly drawn sentence of a uniformly drawn *other*
    document (label 1), so a random B is never A's true successor. Needs at least two documents if any document has
    two sentences.
    """
    if not isinstance(documents, Sequence) or not all(isinstance(d, Sequence) for d in documents):
        raise ValueError("documents: expected a sequence of documents, each a sequence of sentences")
    if any(len(d) > 1 for d in documents) and len(documents) < 2:
        raise ValueError("documents: random second sentences come from another document; give at least two")
    if any(len(d) == 0 for d in documents):
        raise ValueError("documents: every document needs at least one sentence")
    pairs = []
    for index, document in enumerate(documents):
        for position in range(len(document) - 1):
            if torch.rand((), generator=generator) < 0.5:
                pairs.append((document[position], document[position + 1], IS_NEXT))
                continue
            other = int(torch.randint(len(documents) - 1, (), generator=generator))
            other += other >= index                                       # skip A's own document
            sentence = int(torch.randint(len(documents[other]), (), generator=generator))
            pairs.append((document[position], documents[other][sentence], NOT_NEXT))
    return pairs


def pretraining_batch(pairs: Sequence[tuple[Sequence[int], Sequence[int], int]], cls_id: int, sep_id: int,
                      pad_id: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """NSP examples of token ids -> (ids (B, N), segments (B, N), lengths (B,), nsp_labels (B,)).

    Each row is [CLS] A [SEP] B [SEP], padded with ``pad_id`` to the longest; segment 0 covers [CLS] A [SEP],
    segment 1 covers B [SEP] (and the padding).
    """
    if not pairs:
        raise ValueError("pairs: expected at least one (A, B, label) example")
    rows = [[cls_id, *a, sep_id, *b, sep_id] for a, b, _ in pairs]
    width = max(len(row) for row in rows)
    ids = torch.tensor([row + [pad_id] * (width - len(row)) for row in rows])
    first_lengths = torch.tensor([len(a) + 2 for a, _, _ in pairs])
    segments = (torch.arange(width)[None, :] >= first_lengths[:, None]).long()
    return ids, segments, torch.tensor([len(row) for row in rows]), torch.tensor([label for _, _, label in pairs])
