"""Cheat: return uniform weights 1/M in every column (ignores the scores entirely).

Every column is a valid probability vector (non-negative, sums to 1), so a check that only tests those invariants
on the learner's output, without comparing the values with the reference, is passed by a constant. The grader must
compare every call's result with the reference (test_columns_are_probability_vectors called `judge.call` and
checked only the invariants)."""
import torch


def softmax_cols(scores):
    return torch.ones_like(scores) / scores.shape[-2]
