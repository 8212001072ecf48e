"""Importing the peers that come with torchvision: timm (DaViT) and, once torchvision is installed, transformers.

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
