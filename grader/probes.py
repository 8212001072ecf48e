"""Structural diagnoses: what kind of wrong an output is, found without a catalogue entry.

When a check fails and no known mistake of the catalogue reproduces the learner's outputs, the judge asks these
probes, in order, about the first wrong call. The first probes read only the outputs (axes permuted, a constant
factor, a per-column factor, columns right up to a point, errors confined to queries that see no key, float32
accuracy on float64 inputs). The others call the learner's function again as a black box: without the batch axis,
with one head, with one argument changed at a time (does the output follow an argument it must use, or one it must
ignore?), and with each function it builds on replaced by a correct one (which stage first goes wrong?). A probe
claims a diagnosis only when it holds on the evidence; otherwise the next one is asked.
"""
from __future__ import annotations

import inspect
import itertools
from typing import TYPE_CHECKING, Any

import torch

import course
from grader.diagnose import Observation, Tolerance, agree, constant_ratio, known_constant
from grader.sandbox import LearnerError

if TYPE_CHECKING:
    from grader.judge import Judge

Diagnosis = tuple[str, str]
MAX_PROBE_CALLS = 12



def structural(judge: Judge, observation: Observation, expected: Any) -> Diagnosis | None:
    """The first structural diagnosis that holds for this wrong observation, or None."""
    got = observation.result
    if observation.grad is not None:
        return None
    tensors = _first_tensors(got, expected)
    if tensors is not None:
        g, e = tensors
        for probe in (_axes_permuted, _float32_accuracy, _normalisation, _first_columns):
            found = probe(g, e, observation.tol)
            if found:
                return found
        found = _fully_masked_queries(observation, g, e)
        if found:
            return found
    calls = _Calls(judge)
    for probe in (_batch_axis, _heads, _stage, _arguments):
        try:
            found = probe(calls, observation, expected)
        except (_Budget, LearnerError):
            return None
        if found:
            return found
    return None


# ------------------------------------------------------------------------------------------ outputs only

def _first_tensors(got: Any, expected: Any) -> tuple[torch.Tensor, torch.Tensor] | None:
    """The first pair of floating-point tensors that differ (the output, or an item of a returned tuple)."""
    if isinstance(expected, torch.Tensor) and isinstance(got, torch.Tensor):
        return (got, expected) if expected.is_floating_point() and got.is_floating_point() else None
    if isinstance(expected, (tuple, list)) and isinstance(got, (tuple, list)) and len(got) == len(expected):
        for g, e in zip(got, expected, strict=True):
            if isinstance(e, torch.Tensor) and isinstance(g, torch.Tensor) and (g.shape != e.shape
                                                                                or not _close(g, e)):
                return _first_tensors(g, e)
    return None


def _close(g: Any, e: Any) -> bool:
    if isinstance(e, torch.Tensor) and isinstance(g, torch.Tensor) and g.shape == e.shape:
        return bool(torch.allclose(g.double(), e.double(), rtol=1e-5, atol=1e-6, equal_nan=True))
    return False


def _axes_permuted(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """The expected values with some axes in another order (the last four axes are tried)."""
    if g.dim() != e.dim() or sorted(g.shape) != sorted(e.shape) or g.dim() < 2:
        return None
    last = min(4, e.dim())
    lead = list(range(e.dim() - last))
    for order in itertools.permutations(range(e.dim() - last, e.dim())):
        if list(order) == list(range(e.dim() - last, e.dim())):
            continue
        permuted = e.permute(*lead, *order)
        if permuted.shape == g.shape and agree(g.double(), permuted.double(), tol.scaled(2.0)):
            moved = [f"axis {axis - e.dim()}" for axis, at in zip(order, range(e.dim() - last, e.dim()), strict=True)
                     if axis != at]
            return "axes_permuted", (f"Your result holds the expected values with its axes in another order: "
                                     f"{', '.join(moved)} of the expected result are in each other's place (shape "
                                     f"{tuple(g.shape)}, expected {tuple(e.shape)}). Tokens are columns (axis -1), "
                                     "features rows (axis -2), batch axes come first.")
    return None


def _float32_accuracy(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """A float64 result right to float32 accuracy only."""
    if g.dtype != torch.float64 or g.shape != e.shape:
        return None
    loose = Tolerance(rtol=max(tol.rtol, 1e-5) * 64, atol=max(tol.atol, 1e-6) * 64)
    if agree(g, e, loose) and not agree(g, e, tol):
        return "float32_accuracy", ("Your float64 result is right only to about 7 digits, the accuracy of float32: "
                                    "part of the computation runs in float32 (a .float(), a float32 constant tensor, "
                                    "or torch.tensor(...) without a dtype). Compute in the input's own dtype.")
    return None


def _normalisation(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """The expected result times a constant, or each column times its own positive factor."""
    if g.shape != e.shape or e.dim() == 0:
        return None
    gd, ed = g.double(), e.double()
    if not bool(torch.isfinite(gd).all() and torch.isfinite(ed).all()):
        return None
    ratio = constant_ratio(gd, ed)
    if ratio is not None:
        return "constant_factor", (f"Your result is the expected one times a constant, {ratio:.4g}"
                                   f"{known_constant(ratio)}: a scale factor is missing or extra (check sqrt(D_k), "
                                   "the head width D/H, a temperature, a mean instead of a sum).")
    big = ed.abs() > 1e-6 * max(float(ed.abs().max()), 1e-30)
    if e.dim() >= 2:
        column = torch.where(big, gd / torch.where(big, ed, torch.ones_like(ed)), torch.nan)
        per_column = column.nanmedian(dim=-2, keepdim=True).values
        spread = ((column - per_column).abs() <= 1e-4 * per_column.abs()) | ~big
        if bool(spread.all()) and not bool(((per_column - 1).abs() < 1e-6).all()):
            return "right_up_to_normalisation", (
                "Each of your columns points the right way but has its own wrong scale: a normalisation is missing "
                "or over the wrong set (for weights, each column must sum to 1; for a layer norm, each column is "
                "normalised over its own D features).")
    return None


def _first_columns(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """Right for the first k columns (tokens), wrong from column k on."""
    if g.shape != e.shape or e.dim() < 2 or e.shape[-1] < 2:     # columns are tokens only in a (..., D, N) result
        return None
    right = [agree(g[..., n], e[..., n], tol) for n in range(e.shape[-1])]
    k = right.index(False) if False in right else len(right)
    if 0 < k < len(right) and not any(right[k:]):
        return "right_for_first_columns", (
            f"Your first {k} column{'s are' if k > 1 else ' is'} right, every later one differs: something depends "
            "on the position of a token (a causal or local mask off by one, positions counted from 1, a cache or a "
            "prompt offset).")
    return None


def _fully_masked_queries(observation: Observation, g: torch.Tensor, e: torch.Tensor) -> Diagnosis | None:
    """Wrong only on the queries that see no key (a mask argument hides every key from them)."""
    mask = next((value for value in (*observation.args, *observation.kwargs.values())
                 if isinstance(value, torch.Tensor) and value.dtype == torch.bool and value.dim() >= 2), None)
    if mask is None or g.shape != e.shape or e.dim() < 1:
        return None
    try:
        blind = ~torch.broadcast_to(mask, (*mask.shape[:-1], e.shape[-1])).any(dim=-2)   # (..., N_q)
        blind = torch.broadcast_to(blind, e.shape[:-2] + (e.shape[-1],) if e.dim() >= 2 else blind.shape)
    except RuntimeError:
        return None
    if not bool(blind.any()):
        return None
    wrong = ~torch.isclose(g.double(), e.double(), rtol=observation.tol.rtol, atol=observation.tol.atol)
    wrong |= torch.isnan(g) & ~torch.isnan(e)
    wrong_queries = wrong.any(dim=-2) if e.dim() >= 2 else wrong
    if bool(wrong_queries.any()) and not bool((wrong_queries & ~blind).any()):
        return "fully_masked_queries_wrong", (
            "Your result is right for every query that sees at least one key, and wrong for the queries that see "
            "none. The contract gives such a query zero weights (so a zero attention output, before any output "
            "projection): mask with -inf, and make the softmax turn an all -inf column into zeros, not NaN and not "
            "a uniform average (which a large negative constant such as -1e9 gives).")
    return None


# ------------------------------------------------------------------------------------------ calling again

class _Budget(Exception):
    """The probes' extra calls into the learner's code are bounded."""


class _Calls:
    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.count = 0

    def learner(self, function: str, args: tuple, kwargs: dict) -> Any:
        self.count += 1
        if self.count > MAX_PROBE_CALLS:
            raise _Budget
        return self.judge.learner.call(self.judge.exercise, function, *args, **kwargs)

    def reference(self, function: str, args: tuple, kwargs: dict) -> Any:
        return self.judge.run_reference(function, args, kwargs)


def _batched(observation: Observation) -> tuple[int, ...]:
    """The leading batch shape the tensor arguments share (empty if there is none)."""
    tensors = [value for value in (*observation.args, *observation.kwargs.values())
               if isinstance(value, torch.Tensor) and value.dim() >= 3]
    return tuple(tensors[0].shape[:-2]) if tensors else ()


def _first_item(value: Any, batch: tuple[int, ...]) -> Any:
    if isinstance(value, torch.Tensor) and value.dim() >= len(batch) + 2 and tuple(value.shape[:len(batch)]) == batch:
        return value[(0,) * len(batch)]
    if isinstance(value, (tuple, list)):
        return type(value)(_first_item(item, batch) for item in value)
    if isinstance(value, dict):
        return {key: _first_item(item, batch) for key, item in value.items()}
    return value


def _batch_axis(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Right on the first batch entry alone: the batch axes are what goes wrong."""
    batch = _batched(observation)
    if not batch:
        return None
    args, kwargs = _first_item(observation.args, batch), _first_item(observation.kwargs, batch)
    if agree(calls.learner(observation.function, args, kwargs), calls.reference(observation.function, args, kwargs),
             observation.tol):
        return "batch_axis", (f"Your function is right on one sequence without a batch axis but wrong with the batch "
                              f"axes {batch}: an axis is counted from the left (0, 1) where it must be counted from "
                              "the right (-1 for tokens, -2 for features), or a transpose, reshape or .T mixes the "
                              "batch into the matrix axes (use .transpose(-2, -1) or .mT, not .T).")
    return None


def _heads(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Right with one head, wrong with several: the split or merge of the heads."""
    names = _parameter_names(calls.judge, observation.function)
    if "num_heads" not in names:
        return None
    index = names.index("num_heads")
    args, kwargs = list(observation.args), dict(observation.kwargs)
    heads = args[index] if index < len(args) else kwargs.get("num_heads")
    if not isinstance(heads, int) or heads <= 1:
        return None
    if index < len(args):
        args[index] = 1
    else:
        kwargs["num_heads"] = 1
    if agree(calls.learner(observation.function, tuple(args), kwargs),
             calls.reference(observation.function, tuple(args), kwargs), observation.tol):
        return "heads", (f"Your function is right with one head and wrong with {heads}: check how the D features are "
                         "split into heads (contiguous blocks of D/H rows: head h is rows h·D/H to (h+1)·D/H), the "
                         "per-head scale sqrt(D/H), and the order in which the heads are stacked back.")
    return None


def _stage(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """In a composite function: the first function it calls that, replaced by a correct one, makes it right."""
    exercise = calls.judge.exercise
    if exercise not in course.NAMES:
        return None
    own = [f.name for f in course.get(exercise).functions if f.name != observation.function]
    earlier = [(name, f.name) for name in course.get(exercise).builds_on for f in course.get(name).functions]
    candidates = [(exercise, name) for name in own] + earlier
    submission = calls.judge.learner
    if not hasattr(submission, "substitute") or not candidates:
        return None
    from grader.plugin import model_answer

    before = dict(getattr(submission, "_substitutes", {}))
    try:
        for module, function in candidates:
            submission.substitute({**before, (module, function): model_answer(module, function)})
            if agree(calls.learner(observation.function, observation.args, observation.kwargs), expected,
                     observation.tol):
                where = "your" if module == exercise else f"your {module} exercise's"
                return "stage_wrong", (f"Your {observation.function} becomes right when {where} {function} is "
                                       f"replaced by a correct one: the mistake is in {function} (or in how "
                                       f"{observation.function} calls it), not in the rest of "
                                       f"{observation.function}.")
    finally:
        submission.substitute(before)
    return None


def _arguments(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """An argument the output must follow but does not: changed alone, it changes the expected result, not the
    learner's. Tensor arguments and the tensors of a parameter dict are tried one at a time."""
    names = _parameter_names(calls.judge, observation.function)
    for label, original, rebuild in _slots(observation, names):
        noise = torch.randn(original.shape, generator=torch.Generator().manual_seed(7), dtype=original.dtype)
        args, kwargs = rebuild(original + noise * (0.5 + float(original.abs().mean())))
        if agree(calls.reference(observation.function, args, kwargs), expected, observation.tol):
            continue                                  # the contract does not depend on it here
        if agree(calls.learner(observation.function, args, kwargs), observation.result, observation.tol.scaled(2)):
            return "argument_ignored", (f"Your result does not change when {label} changes, but it must: {label} is "
                                        "not used (or used where it has no effect, such as a bias added to a "
                                        "quantity that is normalised away or cancels).")
    return None


def _slots(observation: Observation, names: list[str]):
    """(label, tensor, rebuild(new) -> (args, kwargs)) for every floating-point tensor argument and every
    floating-point tensor of a dict argument."""
    args, kwargs = observation.args, observation.kwargs
    places = [(names[i] if i < len(names) else f"argument {i}", ("arg", i), value) for i, value in enumerate(args)]
    places += [(key, ("kwarg", key), value) for key, value in kwargs.items()]
    for label, (kind, where), value in places:
        def put(new, kind=kind, where=where):
            if kind == "arg":
                return args[:where] + (new,) + args[where + 1:], kwargs
            return args, {**kwargs, where: new}
        if _perturbable(value):
            yield label, value, put
        elif isinstance(value, dict):
            for key, item in value.items():
                if _perturbable(item):
                    yield f"{label}[{key!r}]", item, lambda new, value=value, key=key, put=put: put({**value, key: new})


def _perturbable(value: Any) -> bool:
    return isinstance(value, torch.Tensor) and value.is_floating_point() and value.numel() > 0


def _parameter_names(judge: Judge, function: str) -> list[str]:
    try:
        return list(inspect.signature(getattr(judge.reference, function)).parameters)
    except (AttributeError, TypeError, ValueError):
        return []
