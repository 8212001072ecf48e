"""Cheat: results built to slip through comparisons: NaN everywhere (NaN != NaN, and `not (diff > tol)` holds for
NaN), then on later calls -0.0/+inf mixtures, a float16 or complex copy, a bool tensor and a 0-d tensor, a numpy
array of object dtype and a tensor whose `dtype`/`shape` properties lie (so that the encoder writes a header that does
not match its bytes). The grader must compare NaN as a mismatch, check dtype and shape, and decode strictly."""
import itertools

import numpy
import torch


class LyingHeader(torch.Tensor):
    @property
    def dtype(self):
        return torch.float64

    @property
    def shape(self):
        return torch.Size([1])


_count = itertools.count()


def softmax_cols(scores):
    n = next(_count) % 8
    if n == 0:
        return torch.full_like(scores, float("nan"))
    if n == 1:
        return torch.where(scores > 0, torch.tensor(float("inf")), torch.tensor(-0.0)).to(scores.dtype)
    if n == 2:
        return torch.full_like(scores, 1.0 / scores.shape[-2]).half()
    if n == 3:
        return torch.full_like(scores, 1.0 / scores.shape[-2]).to(torch.complex128)
    if n == 4:
        return torch.ones_like(scores, dtype=torch.bool)
    if n == 5:
        return numpy.array([object()] * 3, dtype=object)
    if n == 6:
        return torch.zeros_like(scores).as_subclass(LyingHeader)
    return torch.tensor(float("nan"))
