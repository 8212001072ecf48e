"""Working with peers: importing the ones that come with torchvision — timm (DaViT) and, once torchvision is
installed, transformers — and comparing our outputs with theirs (``max_error``, ``tolerance``, ``randomized``).

The project's torch is the CPU build 2.13.0. The only torchvision wheel built against it on PyPI (0.28.0) ships a C
extension linked to the CUDA build of torch, so that extension fails to load here. torchvision's Python code then
still registers fake (meta) kernels for its ``nms`` and ``qnms`` operators at import time, which fails with
"operator torchvision::nms does not exist" because the extension that would have defined the two operators never
loaded. transformers imports torchvision whenever it is installed (its image utilities do, and every model module
reaches them), so from then on even ``from transformers import BertModel`` fails.

Defining the two operator *schemas* ourselves, before the first import of torchvision, is enough: torchvision's import
then succeeds, and nothing here ever calls a torchvision operator (DaViT, Swin, ImageGPT and the image processors'
resizing and normalising use plain torch). ``tests/conftest.py`` calls ``register_torchvision_operators`` before any
test module is imported; the benchmarks call it too.
"""
from __future__ import annotations

import types

import torch

_LIBRARY: torch.library.Library | None = None  # kept alive: dropping the Library object would remove the schemas


def register_torchvision_operators() -> None:
    """Define ``torchvision::nms`` and ``torchvision::qnms`` (schemas only) unless they exist already. Idempotent."""
    global _LIBRARY
    if _LIBRARY is not None or _operator_exists("torchvision::nms"):
        return
    _LIBRARY = torch.library.Library("torchvision", "DEF")
    _LIBRARY.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    _LIBRARY.define("qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")


def _operator_exists(name: str) -> bool:
    """Whether an operator of that name is registered (a working torchvision extension defines ``nms`` itself)."""
    try:
        torch._C._dispatch_find_schema_or_throw(name, "")
    except RuntimeError:
        return False
    return True


def import_timm() -> types.ModuleType:
    """``timm.models.davit``, importable beside the CPU torch (see the module docstring)."""
    register_torchvision_operators()
    import timm.models.davit

    return timm.models.davit


# ------------------------------------------------------------------ comparing with a peer

TOL = 1e-10
# float32: the two sides round differently at every step; through a few layers that is ~1e2 ulps (1.2e-7 each) of the
# largest value, so errors are measured relative to it.
TOL32 = 2e-5


def max_error(ours: torch.Tensor, theirs: torch.Tensor) -> float:
    """The largest absolute difference, after checking that shapes and dtypes agree."""
    assert ours.shape == theirs.shape, f"shape {tuple(ours.shape)} where the peer has {tuple(theirs.shape)}"
    assert ours.dtype == theirs.dtype, f"dtype {ours.dtype} where the peer has {theirs.dtype}"
    return (ours - theirs).abs().max().item()


def tolerance(theirs: torch.Tensor) -> float:
    """TOL in float64; in float32, TOL32 of the peer's largest magnitude (at least 1)."""
    return TOL if theirs.dtype == torch.float64 else TOL32 * max(1.0, theirs.abs().max().item())


def randomized(module: torch.nn.Module, seed: int = 0) -> torch.nn.Module:
    """The module in float64 with every parameter redrawn from N(0, 0.5²), in eval mode: peers initialise biases and
    norms to 0 and 1 and the rest tiny, which would hide a swapped bias or a missing gain."""
    generator = torch.Generator().manual_seed(seed)
    module = module.double().eval()
    with torch.no_grad():
        for parameter in module.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator, dtype=torch.float64) * 0.5)
    return module
