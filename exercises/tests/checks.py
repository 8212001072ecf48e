"""Assertions for the visible tests whose failure messages say what is wrong, axis by axis."""
from __future__ import annotations

from collections.abc import Sequence

import torch

from course.axes import axis_name


def assert_shape(tensor: object, expected: Sequence[int], what: str, names: Sequence[str] = ()) -> None:
    """Fail unless `tensor` is a torch.Tensor of shape `expected`; `names` label the dimensions (e.g. "D", "N")."""
    if not isinstance(tensor, torch.Tensor):
        raise AssertionError(f"{what} should be a torch.Tensor of shape {tuple(expected)}, got {type(tensor).__name__}")
    actual, expected = tuple(tensor.shape), tuple(expected)
    if actual == expected:
        return
    lines = [f"{what} has shape {actual}, expected {expected}"]
    if len(actual) != len(expected):
        lines.append(f"  it has {len(actual)} dimensions instead of {len(expected)}")
    for dim in range(max(len(actual), len(expected))):
        got = actual[dim] if dim < len(actual) else "-"
        want = expected[dim] if dim < len(expected) else "-"
        label = names[dim] if dim < len(names) else ""
        verdict = "ok" if got == want else "<- wrong"
        axis = axis_name(dim, len(expected) if dim < len(expected) else len(actual), label)
        lines.append(f"  {axis}: got {got}, expected {want}  {verdict}")
    if len(actual) == len(expected) and sorted(actual) == sorted(expected):
        lines.append("  the right sizes in the wrong order: a transpose is missing or extra (tokens are columns)")
    raise AssertionError("\n".join(lines))


def assert_close(
    actual: object, expected: object, atol: float, what: str, names: Sequence[str] = ()
) -> None:
    """Fail unless `actual` has `expected`'s shape and every entry is within `atol` of it (NaN never matches).

    Both sides are compared in float64, so a written-out expected value is never rounded to float32 first.
    """
    expected = torch.as_tensor(expected, dtype=torch.float64)
    assert_shape(actual, expected.shape, what, names)
    same_inf = (actual == expected) & torch.isinf(expected)  # -inf == -inf is right; inf - inf is NaN
    deviation = torch.where(same_inf, 0.0, (actual.double() - expected).abs())
    deviation = torch.nan_to_num(deviation, nan=float("inf"))
    if actual.numel() == 0 or deviation.max() <= atol:
        return
    index = tuple(int(i) for i in torch.unravel_index(deviation.argmax(), deviation.shape))
    raise AssertionError(
        f"{what} is wrong at index {index}: got {actual[index].item():.6g}, expected {expected[index].item():.6g} "
        f"(tolerance {atol:g}; {int((deviation > atol).sum())} of {actual.numel()} entries are off)"
    )
