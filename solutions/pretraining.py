"""Model answer: BERT's pre-training data: masked-language-model corruption and next-sentence pairs."""
from __future__ import annotations

from collections.abc import Sequence

import torch

IGNORE = -100  # the label of positions the loss skips (cross_entropy's default ignore_index)


def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                generator: torch.Generator | None = None, mask_prob: float = 0.15
                ) -> tuple[torch.Tensor, torch.Tensor]:
    """BERT's masking: ids LongTensor (..., N) -> (corrupted (..., N) like ids, labels LongTensor (..., N)).

    Each non-special position is chosen with probability mask_prob; a chosen token becomes mask_id (80 %), a
    uniform random id in [0, vocab_size) (10 %) or stays (10 %). labels: the original id where chosen, -100 elsewhere.
    """
    ### BEGIN SOLUTION  (todo: eligible = not special; chosen = eligible & (rand < p); one more draw splits 80/10/10)
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)          # < 0.8: [MASK]; < 0.9: random token; else keep
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
    ### END SOLUTION


def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
    """Next-sentence-prediction examples from documents (each a list of sentences) -> [(A, B, label), ...].

    Shapes: one example per sentence that has a successor in its document, in order. Label 0: B is that successor
    (probability 1/2); label 1: B is a uniform sentence of a uniformly chosen other document.
    """
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    ### BEGIN SOLUTION  (todo: for each sentence with a successor: a coin flip; heads -> the successor, label 0)
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]              # skip A's own document
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
    ### END SOLUTION
