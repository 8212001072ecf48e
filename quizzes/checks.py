"""Recompute a question's answer from the reference: the `check:` entry of a quiz question.

Three kinds (exactly one per check):

* ``config: bert-base`` with ``value: "d_model / num_heads"`` — an expression in the fields of the named
  configuration in ``reference.configs`` plus ``parameters`` (its ``count_parameters``, built on the meta device);
* ``module: torch.nn.MultiheadAttention`` with ``args: [D, H]`` — the parameter count of that module, built on the
  meta device;
* ``call: reference.attention.scaled_dot_product_attention`` with ``args: {Q: "(B, d_k, N_q)", ...}`` and
  ``output: 1`` — the shape of the function's result on tensors of those sizes.

Argument specs for ``call``: a string in brackets is a float tensor of that shape, ``{ids: "(B, N)"}`` a tensor of
token ids (zeros), any other mapping a dict of specs (e.g. multi-head ``params``), anything else an integer
expression. Names in shapes and expressions come from the variant's ``params`` and the check's ``sizes``.
Only ``torch.nn.*`` classes and ``reference.*`` functions can be named. This module imports torch; only lint uses it.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib

import torch

from .expressions import parse_expression, parse_shape
from .model import Variant

ALLOWED_MODULE_PREFIXES = ("torch.nn.", "reference.")
ALLOWED_CALL_PREFIXES = ("reference.",)


def _resolve(dotted: str, prefixes: tuple[str, ...]) -> object:
    if not dotted.startswith(prefixes):
        raise ValueError(f"{dotted!r} is not allowed here (must start with {' or '.join(prefixes)})")
    module_name, _, attribute = dotted.rpartition(".")
    return getattr(importlib.import_module(module_name), attribute)


def _integer(spec: object, values: dict) -> int:
    value = parse_expression(str(spec), values=values)
    if not value.is_Integer:
        raise ValueError(f"{spec!r} is not a whole number with {values}")
    return int(value)


def _shape(spec: str, values: dict) -> tuple[int, ...]:
    return tuple(_integer(str(dim), values) for dim in parse_shape(spec, values=values))


def _argument(spec: object, values: dict, device: str) -> object:
    if isinstance(spec, bool):
        return spec
    if isinstance(spec, str) and spec.strip()[:1] in "([":
        return torch.randn(_shape(spec, values), device=device) if device == "cpu" else torch.empty(
            _shape(spec, values), device=device)
    if isinstance(spec, dict) and set(spec) == {"ids"}:
        return torch.zeros(_shape(str(spec["ids"]), values), dtype=torch.long, device=device)
    if isinstance(spec, dict):
        return {str(name): _argument(inner, values, device) for name, inner in spec.items()}
    return _integer(spec, values)


@functools.lru_cache(maxsize=None)
def _count_parameters(name: str) -> int:
    """``reference.configs.count_parameters``, once per model per lint run (GPT-3 takes a while even on meta)."""
    return importlib.import_module("reference.configs").count_parameters(name)


def check_values(variant: Variant) -> dict:
    """The numbers a check may use: the variant's params and the check's ``sizes``."""
    return {**variant.params, **(variant.question.check or {}).get("sizes", {})}


def run_check(variant: Variant) -> object:
    """The value the reference gives for this variant: a number, or a shape tuple for ``call`` checks."""
    check = variant.question.check
    values = check_values(variant)
    if "config" in check:
        configs = importlib.import_module("reference.configs")
        name = variant.render(check["config"])
        config = configs.get_config(name)
        fields = {key: value for key, value in dataclasses.asdict(config).items()
                  if isinstance(value, (int, float)) and not isinstance(value, bool)}
        expression = str(check.get("value", "parameters"))
        if "parameters" in expression:
            fields["parameters"] = _count_parameters(name)
        if variant.question.type == "shape":
            return _shape(expression, {**values, **fields})
        return parse_expression(expression, values={**values, **fields})
    if "module" in check:
        cls = _resolve(check["module"], ALLOWED_MODULE_PREFIXES)
        args = [_integer(arg, values) for arg in check.get("args", [])]
        kwargs = {key: value if isinstance(value, (bool, float)) else _integer(value, values)
                  for key, value in check.get("kwargs", {}).items()}
        with torch.device("meta"):
            module = cls(*args, **kwargs)
        return sum(p.numel() for p in module.parameters())
    function = _resolve(check["call"], ALLOWED_CALL_PREFIXES)
    args = check.get("args", {})
    for device in ("meta", "cpu"):
        try:
            with torch.no_grad():
                result = function(**{name: _argument(spec, values, device) for name, spec in args.items()})
            break
        except (RuntimeError, NotImplementedError):
            if device == "cpu":
                raise
    if "output" in check:
        result = result[check["output"]]
    return tuple(result.shape)
