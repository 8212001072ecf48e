"""Name the learner's mistake: compare their outputs with every known-wrong variant's outputs on the same inputs.

A hidden check records what it asked the learner and what came back (``Observation``). When the check fails, the
grader runs each wrong variant of the catalogue (trusted code, in the grader's process) on the same inputs; the
first variant that reproduces EVERY recorded output — within the check's tolerance — names the misconception. If
none does, a generic diagnosis is derived from the first wrong output: its shape explained dimension by dimension,
its dtype, NaNs, a transpose, a permutation of columns, a constant factor, columns that do not sum to 1.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import torch

from grader import catalogue
from grader.sandbox.protocol import Seed

U32 = 2.0 ** -24  # unit roundoff of float32 (≈ 6e-8): the accuracy every check is built around


class Misconception(AssertionError):
    """A failed check with a diagnosis: ``name`` (stable, e.g. "softmax_over_rows") and a learner-facing
    ``explanation``. ``str()`` is the check's message (what differed)."""

    def __init__(self, name: str, explanation: str, message: str = "") -> None:
        super().__init__(message or explanation)
        self.name = name
        self.explanation = explanation


@dataclass(frozen=True)
class Tolerance:
    """|got - expected| <= atol + rtol·|expected|, elementwise; ``exact()`` for integer/bool/str results.

    Built from the float32 unit roundoff: ``Tolerance.float32(growth, scale)`` allows ``growth`` roundoffs relative
    to the output's own magnitude ``scale`` (a normwise bound). Each check documents its growth factor.
    """

    rtol: float
    atol: float

    @classmethod
    def float32(cls, growth: float, scale: float = 1.0) -> "Tolerance":
        return cls(rtol=growth * U32, atol=growth * U32 * scale)

    @classmethod
    def exact(cls) -> "Tolerance":
        return cls(0.0, 0.0)

    def scaled(self, factor: float) -> "Tolerance":
        return Tolerance(self.rtol * factor, self.atol * factor)


@dataclass
class Observation:
    """One call of a learner function and its decoded result; ``grad`` = (wrt, cotangent) for a gradient call,
    whose result is (output, grads)."""

    function: str
    args: tuple
    kwargs: dict
    result: Any
    grad: tuple[list, torch.Tensor] | None = None
    tol: Tolerance = field(default_factory=Tolerance.exact)


def _materialise(value: Any) -> Any:
    """Arguments as a Python function receives them: a Seed becomes a fresh seeded generator, tensors are copied."""
    if isinstance(value, Seed):
        return torch.Generator().manual_seed(value.n)
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (list, tuple)):
        return type(value)(_materialise(item) for item in value)
    if isinstance(value, dict):
        return {key: _materialise(item) for key, item in value.items()}
    return copy.copy(value)


def evaluate(fn: Callable, args: tuple, kwargs: dict, grad: tuple[list, torch.Tensor] | None = None) -> Any:
    """Run a trusted function the way the sandbox runs the learner's: ``fn(*args, **kwargs)``, or with ``grad`` the
    pair (output, grads) of the backward pass of (output * cotangent).sum() (output = first item of a tuple)."""
    args, kwargs = _materialise(args), _materialise(kwargs)
    if grad is None:
        return fn(*args, **kwargs)
    wrt, cotangent = grad
    args = list(args)
    leaves = {}
    for key in wrt:
        container = args if isinstance(key, int) else kwargs
        container[key] = container[key].detach().requires_grad_(True)
        leaves[key] = container[key]
    output = fn(*args, **kwargs)
    first = output[0] if isinstance(output, tuple) else output
    (first * cotangent).sum().backward()
    return output, {key: leaf.grad for key, leaf in leaves.items()}


def agree(got: Any, expected: Any, tol: Tolerance) -> bool:
    """True when ``got`` equals ``expected`` in type, structure, shape, dtype and — within ``tol`` — values."""
    return difference(got, expected, tol) is None


def same_form(got: Any, expected: Any) -> bool:
    """Same structure, types, tensor shapes and dtypes as ``expected`` (values not compared)."""
    if isinstance(expected, torch.Tensor):
        return isinstance(got, torch.Tensor) and got.shape == expected.shape and got.dtype == expected.dtype
    if isinstance(expected, (tuple, list)):
        return (isinstance(got, (tuple, list)) and len(got) == len(expected)
                and all(same_form(g, e) for g, e in zip(got, expected)))
    if isinstance(expected, dict):
        return isinstance(got, dict) and set(got) == set(expected) and all(same_form(got[k], expected[k])
                                                                           for k in expected)
    return type(got) is type(expected) or (isinstance(expected, float) and isinstance(got, int))


def difference(got: Any, expected: Any, tol: Tolerance, where: str = "the result") -> str | None:
    """A short learner-facing description of how ``got`` differs from ``expected``, or None if they agree."""
    if isinstance(expected, torch.Tensor):
        if not isinstance(got, torch.Tensor):
            return f"{where} should be a tensor, got {type(got).__name__}"
        if got.shape != expected.shape:
            return f"{where} has shape {tuple(got.shape)}, expected {tuple(expected.shape)}"
        if got.dtype != expected.dtype:
            return f"{where} has dtype {_dtype(got)}, expected {_dtype(expected)}"
        return _value_difference(got, expected, tol, where)
    if isinstance(expected, (tuple, list)):
        if not isinstance(got, (tuple, list)):
            return f"{where} should be a {type(expected).__name__} of {len(expected)} items, got {type(got).__name__}"
        if len(got) != len(expected):
            return f"{where} has {len(got)} items, expected {len(expected)}"
        for index, (g, e) in enumerate(zip(got, expected)):
            problem = difference(g, e, tol, f"item {index} of {where}")
            if problem:
                return problem
        return None
    if isinstance(expected, dict):
        if not isinstance(got, dict) or set(got) != set(expected):
            return f"{where} should be a dict with keys {sorted(map(str, expected))}"
        for key in expected:
            problem = difference(got[key], expected[key], tol, f"{where}[{key!r}]")
            if problem:
                return problem
        return None
    if expected is None:
        return None if got is None else f"{where} should be None"
    if isinstance(expected, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        if math.isclose(got, expected, rel_tol=tol.rtol, abs_tol=tol.atol) or (math.isnan(got) and math.isnan(expected)):
            return None
        return f"{where} is {got:.6g}, expected a different value"
    if type(got) is not type(expected):
        return f"{where} should be a {type(expected).__name__}, got {type(got).__name__}"
    return None if got == expected else f"{where} differs from the expected value"


def _dtype(t: torch.Tensor) -> str:
    return str(t.dtype).removeprefix("torch.")


def _value_difference(got: torch.Tensor, expected: torch.Tensor, tol: Tolerance, where: str) -> str | None:
    if not expected.dtype.is_floating_point:
        wrong = got != expected
        count = int(wrong.sum())
        return f"{where}: {count} of {expected.numel()} entries differ" if count else None
    g, e = got.double(), expected.double()
    both_nan = torch.isnan(g) & torch.isnan(e)
    same_inf = torch.isinf(e) & (g == e)
    finite = torch.isfinite(e) & torch.isfinite(g)
    close = torch.zeros_like(e, dtype=torch.bool)
    close[finite] = (g[finite] - e[finite]).abs() <= tol.atol + tol.rtol * e[finite].abs()
    bad = ~(close | both_nan | same_inf)
    count = int(bad.sum())
    if not count:
        return None
    if bool((torch.isnan(g) & ~torch.isnan(e)).any()):
        return f"{where}: {count} of {e.numel()} entries differ, some are NaN where a number is expected"
    if bool((torch.isinf(g) & ~torch.isinf(e)).any()):
        return f"{where}: {count} of {e.numel()} entries differ, some are infinite where a finite number is expected"
    if bool((torch.isinf(e) & ~same_inf).any()):
        return f"{where}: {count} of {e.numel()} entries differ, some should be -inf (or +inf)"
    largest = float((g[finite] - e[finite]).abs().max()) if bool(finite.any()) else float("nan")
    return (f"{where}: {count} of {e.numel()} entries differ (largest difference {largest:.3g}, "
            f"allowed about {tol.atol + tol.rtol * float(e[finite].abs().max() if bool(finite.any()) else 0):.2g})")


# ------------------------------------------------------------------------------------------ naming the mistake

def matching_variant(exercise: str, observations: list[Observation]) -> catalogue.Variant | None:
    """The first wrong variant of ``exercise`` that reproduces every observation (None if none does).

    Variant and learner both compute in the observation's dtype, so each may be off by the check's tolerance: the
    match allows twice that.
    """
    for variant in catalogue.variants(exercise, correct=False):
        module = catalogue.load(variant)
        if all(_reproduces(module, observation) for observation in observations):
            return variant
    return None


def _reproduces(module: Any, observation: Observation) -> bool:
    fn = getattr(module, observation.function, None)
    if fn is None:
        return False
    try:
        with torch.no_grad() if observation.grad is None else torch.enable_grad():
            result = evaluate(fn, observation.args, observation.kwargs, observation.grad)
    except Exception:   # a variant that cannot even run on these inputs does not reproduce a result
        return False
    return agree(observation.result, result, observation.tol.scaled(2.0))


def diagnose(exercise: str, observations: list[Observation], expected: list[Any]) -> tuple[str, str] | None:
    """(name, explanation) for a failed check: a catalogue variant if one reproduces all ``observations``,
    otherwise a generic reading of the first observation that differs from its ``expected`` result. None when every
    observation agrees with its expected result (the check failed on something else, which its message says)."""
    wrong = [(observation, want) for observation, want in zip(observations, expected)
             if not agree(observation.result, want, observation.tol)]
    if not wrong:
        return None
    variant = matching_variant(exercise, observations)
    if variant is not None:
        return variant.name, variant.explanation
    return generic(*wrong[0])


def generic(observation: Observation, expected: Any) -> tuple[str, str]:
    """A diagnosis from invariants when no known mistake matches."""
    got = observation.result
    if observation.grad is not None:
        return _generic_gradient(got, expected, observation.tol)
    if isinstance(expected, tuple) and isinstance(got, tuple) and len(got) == len(expected):
        for index, (g, e) in enumerate(zip(got, expected)):
            if not agree(g, e, observation.tol):
                name, text = generic(Observation(observation.function, (), {}, g, tol=observation.tol), e)
                return name, f"In item {index} of the returned tuple: {text}"
    if isinstance(expected, torch.Tensor) and isinstance(got, torch.Tensor):
        return _generic_tensor(got, expected, observation.tol)
    if isinstance(expected, list) and isinstance(got, list):
        return _generic_sequence(got, expected)
    return "different_result", f"The result differs from the expected one: {difference(got, expected, observation.tol)}."


def _generic_tensor(got: torch.Tensor, expected: torch.Tensor, tol: Tolerance) -> tuple[str, str]:
    if got.shape != expected.shape:
        return "wrong_shape", _explain_shape(tuple(got.shape), tuple(expected.shape))
    if got.dtype != expected.dtype:
        return "wrong_dtype", (f"Your result has dtype {_dtype(got)}, expected {_dtype(expected)}. Functions keep "
                               "the dtype of their floating-point inputs (float32 in, float32 out), masks are bool "
                               "and token ids are long (int64).")
    if not expected.dtype.is_floating_point:
        return "different_values", ("Some entries differ from the expected ones. Check the index conventions: "
                                    "rows are keys (or features), columns are queries (or tokens).")
    g, e = got.double(), expected.double()
    if bool((~torch.isfinite(g) & torch.isfinite(e)).any()):
        return "not_finite", ("Your result has NaN or inf where the expected value is finite. Typical causes: exp of "
                              "large numbers (subtract the maximum first), division by zero (an all-masked column, "
                              "a zero variance without eps), or -inf minus -inf.")
    if e.dim() >= 2 and e.shape[-1] == e.shape[-2] and agree(g.transpose(-2, -1), e, tol):
        return "transposed", ("Your result is the transpose of the expected one. Remember the layout: scores and "
                              "masks are (N_k, N_q) — row = key, column = query — and tokens are columns.")
    permuted = _column_permutation(g, e, tol)
    if permuted:
        return "columns_permuted", ("Your columns hold the right vectors in the wrong order (" + permuted + "). Check "
                                    "how you order tokens, patches or heads.")
    ratio = _constant_ratio(g, e)
    if ratio is not None:
        return "constant_factor", (f"Your result is the expected one times a constant, about {ratio:.4g}"
                                   f"{_known_constant(ratio)}. Look for a missing or extra scale factor.")
    if e.dim() >= 2 and torch.allclose(e.sum(dim=-2), torch.ones(()).double(), atol=1e-6) and bool((e >= 0).all()):
        if torch.allclose(g.sum(dim=-1), torch.ones(()).double(), atol=1e-4):
            return "columns_not_normalised", ("The columns of your weights do not sum to 1, but the rows do: did "
                                              "you normalise over the wrong axis? Each column (one query) must sum to "
                                              "1 over the keys (axis -2).")
        if bool((g < -1e-6).any()):
            return "negative_weights", "Some of your weights are negative; softmax weights are in [0, 1]."
        return "columns_not_normalised", "The columns of your weights do not sum to 1 (each query's weights must)."
    return "different_values", difference(g, e, tol, "your result").capitalize() + "."


def _explain_shape(got: tuple[int, ...], expected: tuple[int, ...]) -> str:
    text = f"Your result has shape {got}, expected {expected}."
    if len(got) != len(expected):
        text += (f" It has {len(got)} dimensions instead of {len(expected)}: "
                 + ("batch dimensions were dropped or merged." if len(got) < len(expected) else
                    "an extra dimension was kept (a head or batch axis not merged back, or a missing squeeze)."))
    elif sorted(got) == sorted(expected) and got[-2:] == expected[-2:][::-1]:
        text += " The last two dimensions are swapped: tokens must be COLUMNS, (..., D, N), scores (..., N_k, N_q)."
    else:
        wrong = [f"dimension {i - len(expected)} is {g} instead of {e}"
                 for i, (g, e) in enumerate(zip(got, expected)) if g != e]
        text += " " + "; ".join(wrong) + "."
    return text


def _column_permutation(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> str:
    """'' unless every column of g equals some column of e (in the same batch entry) and the order differs."""
    if e.dim() < 2 or e.shape[-1] < 2:
        return ""
    gc = g.reshape(-1, g.shape[-2], g.shape[-1])
    ec = e.reshape(-1, e.shape[-2], e.shape[-1])
    distance = (gc.unsqueeze(-1) - ec.unsqueeze(-2)).abs().amax(dim=1)   # (B, N_got, N_expected)
    allowed = tol.atol + tol.rtol * ec.abs().amax(dim=1).unsqueeze(1)
    found = (distance <= allowed).any(dim=-1)
    if not bool(found.all()):
        return ""
    first = int((distance[0] <= allowed[0]).float().argmax(dim=-1)[1]) if gc.shape[-1] > 1 else 0
    return f"for example your column 1 is expected column {first}"


def _constant_ratio(g: torch.Tensor, e: torch.Tensor) -> float | None:
    mask = e.abs() > 1e-6 * max(float(e.abs().max()), 1e-30)
    if int(mask.sum()) < 2:
        return None
    ratios = g[mask] / e[mask]
    ratio = float(ratios.median())
    if abs(ratio - 1) < 1e-6 or not math.isfinite(ratio):
        return None
    return ratio if bool(((ratios - ratio).abs() <= 1e-4 * abs(ratio)).all()) else None


def _known_constant(ratio: float) -> str:
    for k in range(2, 1025):
        for value, text in ((math.sqrt(k), f"sqrt({k})"), (1 / math.sqrt(k), f"1/sqrt({k})"),
                            (float(k), f"{k}"), (1 / k, f"1/{k}")):
            if abs(ratio - value) <= 1e-4 * value:
                return f" = {text}"
    return ""


def _generic_sequence(got: list, expected: list) -> tuple[str, str]:
    for index, (g, e) in enumerate(zip(got, expected)):
        if g != e:
            return "different_sequence", (f"Your sequence first differs at position {index} (of {len(expected)}): "
                                          f"got {g!r}, expected {e!r}.")
    return "different_length", f"Your sequence has {len(got)} items, expected {len(expected)}."


def _generic_gradient(got: Any, expected: Any, tol: Tolerance) -> tuple[str, str]:
    output, grads = got
    want_output, want_grads = expected
    if not agree(output, want_output, tol):
        return "different_values", ("Your forward output already differs, so the gradients do too; fix the forward "
                                    "pass first.")
    missing = [str(key) for key, value in grads.items() if value is None and want_grads.get(key) is not None]
    if missing:
        return "no_gradient", (f"No gradient reaches argument {', '.join(missing)}: the computation was cut off "
                               "from autograd (.detach(), .item(), .tolist(), .numpy(), torch.no_grad(), or building "
                               "a new tensor with torch.tensor(...) from values).")
    return "wrong_gradient", ("Your outputs are right but the gradients differ: an in-place operation or a value "
                              "computed outside autograd (e.g. a .detach()ed max or norm) changed the backward pass.")
