"""Shape checks shared by the reference modules: clear ValueErrors instead of silent broadcasting."""
from __future__ import annotations

import torch


def check_shape(name: str, x: object, dims: tuple[str | int, ...], sizes: dict[str, int],
                batched: bool = True) -> None:
    """Check that ``x`` is a tensor whose trailing dimensions match ``dims``, binding named sizes in ``sizes``.

    ``dims`` names each trailing dimension (``("D", "N")``) or fixes it (an int). A name seen before must have the
    same size again. With ``batched`` any number of leading dimensions is allowed, otherwise none.
    """
    expected = "(" + ", ".join((["..."] if batched else []) + [str(d) for d in dims]) + ")"
    if not isinstance(x, torch.Tensor):
        raise ValueError(f"{name}: expected a torch.Tensor of shape {expected}, got {type(x).__name__}")
    if x.dim() < len(dims) or (not batched and x.dim() != len(dims)):
        raise ValueError(f"{name}: expected shape {expected}, got {tuple(x.shape)}")
    for dim, size in zip(dims, x.shape[x.dim() - len(dims):]):
        want = dim if isinstance(dim, int) else sizes.get(dim)
        if want is not None and want != size:
            bound = "" if isinstance(dim, int) else f" with {dim}={want}"
            raise ValueError(f"{name}: expected shape {expected}{bound}, got {tuple(x.shape)}")
        if isinstance(dim, str):
            sizes[dim] = size


def check_positive_int(name: str, value: object, minimum: int = 1) -> None:
    """Raise ValueError unless ``value`` is an int ≥ ``minimum`` (bools are rejected)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name}: expected an integer ≥ {minimum}, got {value!r}")


def broadcast_shapes(*shapes: tuple[int, ...]) -> torch.Size:
    """The shape that one or more shapes broadcast to (RuntimeError if they do not), as ``torch.broadcast_shapes``
    computes it, but through ``torch.broadcast_tensors`` on zero-size views: ``torch.broadcast_shapes`` imports
    torch's symbolic-shape machinery and sympy on first use, most of a second in every fresh process."""
    scalar = torch.zeros(())
    return torch.broadcast_tensors(*(scalar.expand(shape) for shape in shapes))[0].shape
