"""Filling a reference model from a peer's state dict, strict in both directions: the machinery every loader shares
(`reference.models.hf` for Hugging Face, the vision models' own `from_hf` / `from_timm`).

A loader maps each parameter name of our model to `(peer key, conversion to our layout)`; the conversions are
`reference.convention`'s. A backbone parameter missing from the state dict, or a key nobody understands, is a
ValueError; heads the state dict lacks keep their fresh initialisation.
"""
from __future__ import annotations

from typing import Callable, Mapping

import torch
from torch import nn

Source = tuple[str, Callable[[torch.Tensor], torch.Tensor]]  # (HF key, conversion to our layout)


def same(t: torch.Tensor) -> torch.Tensor:
    """The conversion of a tensor that needs none."""
    return t


def load_state(model: nn.Module, state_dict: Mapping[str, torch.Tensor], source: Callable[[str], Source],
               optional: tuple[str, ...] = (), tied: Mapping[str, str] | None = None,
               ignored: Callable[[str], bool] = lambda key: False) -> nn.Module:
    """``model`` (freshly built) with every parameter filled from ``state_dict[key]`` via ``source(name) = (key,
    convert)``, in the state dict's floating-point dtype.

    ``optional`` names the parts (first component of a parameter name) that may be absent; ``tied`` maps a key to
    the key it must equal (a tied copy); ``ignored`` accepts keys that hold no parameter.
    """
    tied = tied or {}
    dtypes = {value.dtype for value in state_dict.values() if value.is_floating_point()}
    model = model.to(dtypes.pop() if len(dtypes) == 1 else torch.float32)
    used = set()
    with torch.no_grad():
        for name, parameter in model.named_parameters():
            try:
                key, convert = source(name)
            except KeyError:
                raise ValueError(f"config: the model has {name}, which this kind of state dict never holds") from None
            if key not in state_dict:
                if name.split(".")[0] in optional:
                    continue
                raise ValueError(f"state_dict: missing {key!r} (needed for {name})")
            value = convert(state_dict[key])
            if value.shape != parameter.shape:
                raise ValueError(f"state_dict: {key!r} gives shape {tuple(value.shape)} for {name}, "
                                 f"expected {tuple(parameter.shape)}")
            parameter.copy_(value)
            used.add(key)
    for copy, original in tied.items():
        if copy in state_dict and not torch.equal(state_dict[copy], state_dict[original]):
            raise ValueError(f"state_dict: {copy!r} differs from {original!r}; this model ties them")
    unexpected = [key for key in state_dict if key not in used and key not in tied and not ignored(key)]
    if unexpected:
        raise ValueError(f"state_dict: unexpected keys {unexpected[:5]}{' …' if len(unexpected) > 5 else ''}")
    return model


def strip_prefix(state_dict: Mapping[str, torch.Tensor], prefix: str) -> dict[str, torch.Tensor]:
    """The state dict with a task model's backbone prefix (``bert.``, ``transformer.``, ``vit.``) removed."""
    return {key.removeprefix(prefix): value for key, value in state_dict.items()}


def layer_source(name: str, layer_keys: Mapping[str, Source], prefix: str) -> Source | None:
    """The source of ``layers.{i}.{key}``, or None if ``name`` is not a layer parameter."""
    parts = name.split(".")
    if parts[0] != "layers":
        return None
    key, convert = layer_keys[parts[2]]
    return f"{prefix}{parts[1]}.{key}", convert
