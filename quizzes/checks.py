"""Recompute a question's answer from the reference: the ``check:`` entry of a quiz question (lint only; imports torch).

Four kinds (exactly one per check):

* ``config: bert-base`` with ``value: "d_model / num_heads"`` — an expression in the fields of the named
  configuration in ``reference.configs`` plus ``parameters`` (its ``count_parameters``, built on the meta device);
* ``module: torch.nn.MultiheadAttention`` with ``args: [D, H]`` and optional ``kwargs`` — the parameter count of
  that module (meta device), or with ``parameter: weight`` the shape of that parameter; an argument may itself be
  a module spec (``module: torch.nn.Sequential`` of two ``torch.nn.Linear``), and ``value`` an expression in
  ``result`` (the count) and the params;
* ``call: reference.attention.scaled_dot_product_attention`` with ``args`` — the function is run and its result
  measured: ``output`` picks an element of a returned tuple, ``index`` an entry, and ``measure`` what to take
  (``shape`` by default for shape questions, else ``item``: a one-element tensor or a returned Python number;
  also ``numel``, ``count`` of non-zero entries, ``column-sum`` — the common sum of every column — and ``len`` of
  a list). An optional ``value`` is an
  expression in ``result`` (the measurement) and the params, e.g. ``"result * D"``;
* ``formula: "(S / P)^2 + 1"`` — a self-contained formula in the params, for models the reference does not have
  yet; ``note`` names the reference function that should check it later.

Argument specs for ``call``: a string in brackets is a random float64 tensor of that shape; ``{ids: "(B, N)"}`` a
tensor of token ids (zeros); ``{long: [[0, 1]]}`` and ``{tensor: [[0, "log(3)"]]}`` literal tensors (numbers or
expressions); ``{fill: [0, 1], shape: "(D, 2)"}`` the fill broadcast to that shape (here a column of zeros and
one of ones); ``{text: "low lower"}`` a string; ``{call: ..., args: ...}`` the result of another reference call;
``{attention_params: D}``, ``{layer_params: [D, F]}`` and ``{decoder_params: [D, F]}`` random weights for
``multi_head_attention``, ``transformer_layer`` and ``decoder_layer``; ``{uniform_model: V}`` a model (ids (N,) ->
logits (V, N)) that finds every token equally likely; ``{seed: n}`` a ``torch.Generator`` seeded with n (for
functions that draw random numbers, so the check is repeatable); another mapping a dict of specs;
``true``/``false`` and other numbers as they are; any other string an expression in the params. Names come from the
variant's ``params`` and the check's ``sizes``. Only ``torch.nn.*`` classes and ``reference.*`` functions can be
named. Calls run on the meta device when only the shape is measured, else on the CPU.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib

import torch

from .expressions import evaluate, parse_shape
from .model import Variant

ALLOWED_MODULE_PREFIXES = ("torch.nn.", "reference.")
ALLOWED_CALL_PREFIXES = ("reference.",)
SHAPE_ONLY = ("shape", "numel")


def _resolve(dotted: str, prefixes: tuple[str, ...]) -> object:
    if not dotted.startswith(prefixes):
        raise ValueError(f"{dotted!r} is not allowed here (must start with {' or '.join(prefixes)})")
    module_name, _, attribute = dotted.rpartition(".")
    return getattr(importlib.import_module(module_name), attribute)


def _integer(spec: object, values: dict) -> int:
    value = evaluate(str(spec), values)
    if value != int(value):
        raise ValueError(f"{spec!r} is not a whole number with {values}")
    return int(value)


def _shape(spec: str, values: dict) -> tuple[int, ...]:
    return tuple(_integer(str(dim), values) for dim in parse_shape(spec, values=values))


def _literal(spec: object, values: dict) -> object:
    """Nested lists of numbers or expressions -> nested lists of floats."""
    if isinstance(spec, list):
        return [_literal(item, values) for item in spec]
    return float(evaluate(str(spec), values))


def _argument(spec: object, values: dict, device: str) -> object:
    if isinstance(spec, (bool, float)):
        return spec
    if isinstance(spec, str) and spec.strip()[:1] in "([":
        shape = _shape(spec, values)
        if device == "meta":
            return torch.empty(shape, dtype=torch.float64, device="meta")
        return torch.randn(shape, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    if isinstance(spec, dict):
        if set(spec) == {"ids"}:
            return torch.zeros(_shape(str(spec["ids"]), values), dtype=torch.long, device=device)
        if set(spec) == {"long"}:
            return torch.tensor(_literal(spec["long"], values), dtype=torch.long)
        if set(spec) == {"tensor"}:
            return torch.tensor(_literal(spec["tensor"], values), dtype=torch.float64)
        if set(spec) == {"fill", "shape"}:
            fill = torch.tensor(_literal(spec["fill"], values), dtype=torch.float64)
            return fill.expand(_shape(str(spec["shape"]), values)).clone().to(device)
        if set(spec) == {"seed"}:
            return torch.Generator().manual_seed(_integer(spec["seed"], values))
        if set(spec) == {"uniform_model"}:
            vocabulary = _integer(spec["uniform_model"], values)
            return lambda ids: torch.zeros(vocabulary, len(ids), dtype=torch.float64)
        if len(spec) == 1 and next(iter(spec)) in _PARAMETER_SETS:
            kind, sizes = next(iter(spec.items()))
            return _argument(_PARAMETER_SETS[kind](*(sizes if isinstance(sizes, list) else [sizes])), values, device)
        if set(spec) == {"text"}:
            return str(spec["text"])
        if "call" in spec:
            return _call(spec, values, "cpu")
        return {str(name): _argument(inner, values, device) for name, inner in spec.items()}
    return _integer(spec, values)


def _attention_params(D: object) -> dict:
    """The argument ``params`` of ``multi_head_attention`` for width D (weights (out, in), biases (out,))."""
    return {**{f"W{x}": f"({D}, {D})" for x in "qkvo"}, **{f"b{x}": f"({D},)" for x in "qkvo"}}


def _feed_forward_params(D: object, F: object, norms: int) -> dict:
    norm = {f"{name}{i}": f"({D},)" for i in range(1, norms + 1) for name in ("gamma", "beta")}
    return {"W1": f"({F}, {D})", "b1": f"({F},)", "W2": f"({D}, {F})", "b2": f"({D},)", **norm}


_PARAMETER_SETS = {  # {attention_params: D}, {layer_params: [D, F]}, {decoder_params: [D, F]}
    "attention_params": _attention_params,
    "layer_params": lambda D, F: {**_attention_params(D), **_feed_forward_params(D, F, 2)},
    "decoder_params": lambda D, F: {"self_attn": _attention_params(D), "cross_attn": _attention_params(D),
                                    **_feed_forward_params(D, F, 3)},
}


def _call(check: dict, values: dict, device: str) -> object:
    """Run ``check['call']`` with its ``args``; ``output`` picks an element of a returned tuple."""
    function = _resolve(check["call"], ALLOWED_CALL_PREFIXES)
    args = check.get("args", {})
    with torch.no_grad():
        result = function(**{name: _argument(spec, values, device) for name, spec in args.items()})
    return result[check["output"]] if "output" in check else result


def _measure(result: object, check: dict, default: str, values: dict) -> object:
    if "index" in check:
        result = result[tuple(_integer(index, values) for index in check["index"])]
    measure = check.get("measure", default)
    if measure == "len":
        return len(result)
    if measure == "shape":
        return tuple(result.shape)
    if measure == "numel":
        return result.numel()
    if measure == "count":
        return int(torch.count_nonzero(result))
    if measure == "column-sum":
        sums = result.sum(dim=-2)
        if not torch.allclose(sums, sums.flatten()[0].expand_as(sums), rtol=0, atol=1e-9):
            raise ValueError(f"the columns do not all have the same sum: {sums.flatten()[:5].tolist()}")
        return float(sums.flatten()[0])
    if isinstance(result, (int, float)) and not isinstance(result, bool):
        return result                                   # a function that returns a Python number
    if result.numel() != 1:
        raise ValueError(f"measure 'item' needs a single element, got shape {tuple(result.shape)}")
    return float(result.item())


def _module(spec: dict, values: dict) -> torch.nn.Module:
    """``spec['module']`` built from ``args`` (numbers, or module specs such as the layers of a Sequential)."""
    cls = _resolve(spec["module"], ALLOWED_MODULE_PREFIXES)
    args = [_module(arg, values) if isinstance(arg, dict) else _integer(arg, values) for arg in spec.get("args", [])]
    kwargs = {key: value if isinstance(value, (bool, float)) else _integer(value, values)
              for key, value in spec.get("kwargs", {}).items()}
    return cls(*args, **kwargs)


@functools.lru_cache(maxsize=None)
def _count_parameters(name: str) -> int:
    """``reference.configs.count_parameters``, once per model per lint run (GPT-3 takes a while even on meta)."""
    return importlib.import_module("reference.configs").count_parameters(name)


def check_values(variant: Variant) -> dict:
    """The numbers a check may use: the variant's params and the check's ``sizes``."""
    return {**variant.params, **(variant.question.check or {}).get("sizes", {})}


def run_check(variant: Variant) -> object:
    """The value the reference (or the formula) gives for this variant: a number, or a shape tuple."""
    check = variant.question.check
    values = check_values(variant)
    wants_shape = variant.question.type == "shape"
    if "formula" in check:
        formula = str(check["formula"])
        return _shape(formula, values) if wants_shape else evaluate(formula, values)
    if "config" in check:
        configs = importlib.import_module("reference.configs")
        name = variant.render(check["config"])
        fields = {key: value for key, value in dataclasses.asdict(configs.get_config(name)).items()
                  if isinstance(value, (int, float)) and not isinstance(value, bool)}
        expression = str(check.get("value", "parameters"))
        if "parameters" in expression:
            fields["parameters"] = _count_parameters(name)
        values = {**values, **fields}
        return _shape(expression, values) if wants_shape else evaluate(expression, values)
    if "module" in check:
        with torch.device("meta"):
            module = _module(check, values)
        if "parameter" in check:
            return tuple(module.get_parameter(check["parameter"]).shape)
        measured = sum(p.numel() for p in module.parameters())
        return evaluate(str(check["value"]), {**values, "result": measured}) if "value" in check else measured
    default = "shape" if wants_shape else "item"
    if check.get("measure", default) in SHAPE_ONLY and "index" not in check:
        try:
            result = _call(check, values, "meta")
        except (RuntimeError, NotImplementedError):  # a data-dependent check inside the function
            result = _call(check, values, "cpu")
    else:
        result = _call(check, values, "cpu")
    measured = _measure(result, check, default, values)
    if "value" in check:
        return evaluate(str(check["value"]), {**values, "result": measured})
    return measured
