"""How every message of the course names a tensor axis, chosen once: counted from the right, with its meaning.

In the column convention the leading axes of a tensor are batch axes, so an axis is named by its place from the end:
`axis -1` is the tokens (the columns), `axis -2` the features (the rows), whatever the batch axes before them.
"""
from __future__ import annotations


def axis_name(index: int, ndim: int, label: str = "") -> str:
    """`axis -2 (D)`: axis `index` (from the left, or already negative) of an `ndim`-dimensional tensor."""
    negative = index - ndim if index >= 0 else index
    return f"axis {negative}" + (f" ({label})" if label else "")
