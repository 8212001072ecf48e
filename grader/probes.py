"""Structural diagnoses: what kind of wrong an output is, found without a catalogue entry.

When a check fails and no known mistake of the catalogue reproduces the learner's outputs, the judge asks these
probes, in order, about the wrong call its message shows. The first probes read only the outputs (axes permuted, a
constant factor, a per-column factor, columns right up to a point, errors confined to queries that see no key,
float32 accuracy on float64 inputs). The others call the learner's function again as a black box: on the same inputs
(is it deterministic?), on each item of the batch alone, with one head, with each function it builds on replaced by
a correct one (which stage first goes wrong?), with each optional argument at its default, and with one argument
changed at a time (does the output follow an argument it must use?). A call that raised is probed too (``crashed``).
A probe claims a diagnosis only when it holds on the evidence; otherwise the next one is asked.
"""
from __future__ import annotations

import inspect
import itertools
import re
import weakref
from typing import TYPE_CHECKING, Any

import torch

import course
from grader.diagnose import (
    NAMES_REFUSED,
    SANDBOX_READINGS,
    Observation,
    Tolerance,
    agree,
    constant_ratio,
    describe,
    known_constant,
    map_tensors,
    same_form,
)
from grader.sandbox import LearnerError
from grader.sandbox.protocol import UNREADABLE, Seed, TableModel
from grader.sandbox.submission import HIDDEN_PACKAGES, aliases

if TYPE_CHECKING:
    from grader.judge import Judge

Diagnosis = tuple[str, str]
MAX_PROBE_CALLS = 24



def structural(judge: Judge, observation: Observation, expected: Any) -> Diagnosis | None:
    """The first structural diagnosis that holds for this wrong observation, or None."""
    got = observation.result
    if observation.grad is not None:
        return None
    tensors = _first_tensors(got, expected)
    if tensors is not None:
        g, e = tensors
        found = _fully_masked_queries(observation, g, e)
        if found:
            return found
        for probe in (_axes_permuted, _float32_accuracy, _normalisation, _first_columns):
            found = probe(g, e, observation.tol)
            if found:
                return found
    tensors = _first_tensors(got, expected, floats_only=False)
    if tensors is not None:
        found = _read_in_another_axis_order(*tensors, observation.tol)
        if found:
            return found
    calls = _Calls(judge)
    for probe in (_nondeterministic, _kept_between_calls, _same_object_twice, _discrete_in_float32, _mask_expanded,
                  _batch_axis, _heads,
                  _stage,
                  _zero_read_as_unset, _optional_arguments, _defaults, _implicit_default, _argument_transposed,
                  _argument_negated,
                  _square_only, _right_when_tokens_match_width, _arguments,
                  _wrong_for_size,
                  _integer_read_otherwise, _count_difference):
        try:
            found = probe(calls, observation, expected)
        except _Budget:
            break
        except LearnerError:
            return None
        if found:
            return found
    try:   # one call outside the budget: a composite's steps, when nothing more specific was found
        return _first_wrong_step(calls, observation, expected)
    except LearnerError:
        return None


# ------------------------------------------------------------------------------------------ outputs only

def _first_tensors(got: Any, expected: Any, floats_only: bool = True) -> tuple[torch.Tensor, torch.Tensor] | None:
    """The first pair of tensors that differ (the output, or an item of a returned tuple): floating-point ones, or,
    without `floats_only`, of any dtype."""
    if isinstance(expected, torch.Tensor) and isinstance(got, torch.Tensor):
        floats = expected.is_floating_point() and got.is_floating_point()
        return (got, expected) if floats or not floats_only else None
    if isinstance(expected, (tuple, list)) and isinstance(got, (tuple, list)) and len(got) == len(expected):
        for g, e in zip(got, expected, strict=True):
            if isinstance(e, torch.Tensor) and isinstance(g, torch.Tensor) and (g.shape != e.shape
                                                                                or not _close(g, e)):
                return _first_tensors(g, e, floats_only)
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


def _read_in_another_axis_order(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """The expected entries in the order of another arrangement of its axes, laid out in the result's shape: what a
    reshape or view gives where a permute was needed (the expected result's axes permuted, then reshaped)."""
    if g.numel() != e.numel() or g.numel() < 4 or g.numel() > 1_000_000 or e.dim() > 5 or g.dtype != e.dtype:
        return None
    if not (g.shape != e.shape or (e.is_floating_point() and not agree(g.double(), e.double(), tol))
            or (not e.is_floating_point() and not torch.equal(g, e))):
        return None
    flat, in_order = g.reshape(-1), e.reshape(-1)
    for order in itertools.permutations(range(e.dim())):
        permuted = e.permute(*order)
        if permuted.shape == g.shape:   # the axes moved, not read otherwise: _axes_permuted, or the same shape
            continue
        read = permuted.reshape(-1)
        if torch.equal(read, in_order):   # these axes' order does not change the reading (sizes of 1, symmetry)
            continue
        same = agree(flat.double(), read.double(), tol.scaled(2.0)) if e.is_floating_point() else \
            torch.equal(flat, read)
        if same:
            return "read_in_another_axis_order", (
                f"Your result holds the expected entries, but read in another order: it is the expected result with "
                f"its axes in the order {tuple(order)} (of shape {tuple(permuted.shape)}), then reshaped to your shape "
                f"{tuple(g.shape)} (expected {tuple(e.shape)}). That is what reshape() or view() does where a "
                "transpose or permute is needed: a reshape keeps the memory order and never moves an axis. Build "
                "the result in the expected axis order, or move the axes with permute/transpose before reshaping.")
    return None


def _float32_accuracy(g: torch.Tensor, e: torch.Tensor, tol: Tolerance) -> Diagnosis | None:
    """A float64 result right to float32 accuracy only."""
    if g.dtype != torch.float64 or g.shape != e.shape or max(tol.rtol, tol.atol) > 1e-8:  # a float64 bound only
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
    # A column expected to be zero stays zero under any factor: nonzero there is another mistake.
    if e.dim() >= 2 and not bool((~big.any(dim=-2) & (gd.abs() > 1e-6 * max(float(gd.abs().max()), 1e-30)).any(
            dim=-2)).any()):
        column = torch.where(big, gd / torch.where(big, ed, torch.ones_like(ed)), torch.nan)
        per_column = column.nanmedian(dim=-2, keepdim=True).values
        spread = ((column - per_column).abs() <= 1e-4 * per_column.abs()) | ~big
        factors = per_column[~per_column.isnan()]
        if bool(spread.all()) and bool((factors > 0).all()) and not bool(((per_column - 1).abs() < 1e-6).all()):
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
    if len(right) > 2 and right.count(False) == 1 and not right[0]:
        return "wrong_in_first_column_only", (
            "Only your first column (token 0) differs, every other one is right: the token that comes first is "
            "made or placed otherwise than the rest (a [CLS] or start token with a position added twice or not at "
            "all, a bias given to it, or a value that belongs to it taken from elsewhere).")
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


def _nondeterministic(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Called again on the same inputs, the learner's function gives another result (then no other probe can be
    trusted: each would compare draws)."""
    if agree(calls.learner(observation.function, observation.args, observation.kwargs), observation.result,
             observation.tol):
        return None
    return "nondeterministic", (
        "Your function gives a different result when called again on the same inputs: it depends on hidden state, "
        "most often random numbers drawn from torch's global generator (torch.multinomial, torch.rand, torch.randint "
        "or dropout without generator=...) instead of the generator it is given, or a value kept between calls.")


# learner -> function -> the calls (shapes, dtypes, plain arguments) a fresh worker did not set right. A fresh
# worker costs about 50 ms, so a function is given up after RESTARTS_PER_FUNCTION of them set nothing right.
_NO_STATE_FOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
RESTARTS_PER_FUNCTION = 4

_KEPT_BETWEEN_CALLS = ("Your function fails here (a wrong result or an error) but is right on the same inputs in a "
                       "fresh process: the failure comes from something kept between calls, such as a cache keyed by "
                       "too little (the shapes, the sizes or id(), not the values), a module-level dict or a mutable "
                       "default argument. Key a cache by everything the result depends on, or keep nothing between "
                       "calls.")


def _right_in_a_fresh_worker(calls: _Calls, observation: Observation, expected: Any) -> bool:
    """Whether the learner's function, called on the same inputs in a fresh worker (none of its modules' state), is
    right. Asked before the probes that change one input at a time: a cache would answer their fresh calls right
    and the wrong one wrong, which reads as a misleading size or argument."""
    tried = _NO_STATE_FOUND.setdefault(calls.judge.learner, {}).setdefault(observation.function, set())
    form = repr([(tuple(t.shape), t.dtype) for t in _tensors((observation.args, observation.kwargs))] +
                [value for value in (*observation.args, *observation.kwargs.values())
                 if isinstance(value, (bool, int, float, str))])
    if form in tried or len(tried) >= RESTARTS_PER_FUNCTION:
        return False
    calls.judge.learner.restart()
    try:
        right = agree(calls.learner(observation.function, observation.args, observation.kwargs), expected,
                      observation.tol)
    except LearnerError:
        right = False
    if not right:
        tried.add(form)
    return right


def _kept_between_calls(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Wrong here, right on the same inputs in a fresh worker: state kept between calls."""
    if _right_in_a_fresh_worker(calls, observation, expected):
        return "remembers_between_calls", _KEPT_BETWEEN_CALLS
    return None


def _same_object_twice(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Wrong when one tensor object is passed as two arguments (self-attention's X, X), right once the second is an
    equal copy: the function decides what to compute from the arguments' identity."""
    for slot, _ in aliases(observation.args, observation.kwargs):
        args, kwargs = list(observation.args), dict(observation.kwargs)
        head, _, key = slot.partition("/") if isinstance(slot, str) else (slot, "", "")
        where, holder = (int(head), args) if isinstance(head, int) or head.isdigit() else (head, kwargs)
        if key:   # an entry of a dict argument (tied weights): a dict of its own with a copy there
            holder[where] = {**holder[where], key: holder[where][key].clone()}
        else:
            holder[where] = holder[where].clone()
        if _right_on(calls, observation, tuple(args), kwargs):
            return "identity_decides", (
                "Your function computes something else when the same tensor is passed twice (self-attention's "
                "multi_head_attention(X, X, ...)) than for two equal copies: it tests `Xq is Xkv` (or compares ids) "
                "to decide what to do, such as adding a causal mask. A caller says what it wants with the arguments "
                "(mask=...), never with identity: compute the same thing either way.")
    return None


def _discrete_in_float32(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """A discrete result (ids, a mask) on float64 inputs that is what the same inputs give in float32: a near tie
    decided by float32 rounding."""
    if not isinstance(expected, torch.Tensor) or expected.is_floating_point() or not any(
            isinstance(value, torch.Tensor) and value.dtype == torch.float64
            for value in _tensors((observation.args, observation.kwargs))):
        return None
    try:
        rounded = calls.reference(observation.function, _in_float32(observation.args), _in_float32(observation.kwargs))
    except Exception:   # noqa: BLE001 - the reference refuses these inputs: it tells nothing
        return None
    if agree(observation.result, rounded, observation.tol) and not agree(rounded, expected, observation.tol):
        return "float32_accuracy", (
            "Your result for float64 inputs is the one float32 arithmetic gives: where two candidates are nearly "
            "tied, rounding to float32 picks the wrong one. Part of the computation runs in float32 (a .float(), a "
            "float32 constant tensor, torch.tensor(...) without a dtype); compute in the input's own dtype.")
    return None


def _batched(observation: Observation) -> tuple[int, ...]:
    """The leading batch shape the tensor arguments share (empty if there is none)."""
    tensors = [value for value in (*observation.args, *observation.kwargs.values())
               if isinstance(value, torch.Tensor) and value.dim() >= 3]
    return tuple(tensors[0].shape[:-2]) if tensors else ()


def _item(value: Any, batch: tuple[int, ...], index: tuple[int, ...]) -> Any:
    """``value`` at ``index`` of its leading batch axes ``batch`` (tensors with fewer axes, or another leading shape,
    are shared by the whole batch and kept)."""
    if isinstance(value, torch.Tensor) and value.dim() >= len(batch) + 2 and tuple(value.shape[:len(batch)]) == batch:
        return value[index]
    if isinstance(value, (tuple, list)):
        return type(value)(_item(item, batch, index) for item in value)
    if isinstance(value, dict):
        return {key: _item(item, batch, index) for key, item in value.items()}
    return value


def _item_along_first_axis(value: Any, size: int, index: int) -> Any:
    return value[index] if isinstance(value, torch.Tensor) and value.dim() >= 2 and value.shape[0] == size else value


def _single_items(observation: Observation) -> list[tuple[tuple[int, ...], list[tuple[tuple, dict]]]]:
    """(batch shape, [(args, kwargs) of the call on one item of the batch, ...]) for each way the batch can be read:
    the leading axes of the matrices (``_batched``), or the first axis of the first tensor argument of two or more
    axes, taken off every top-level tensor argument that starts with it (a batch of vectors, of images, of offset
    grids). Every item when there are at most four, else the first two and the last."""
    readings = []
    batch = _batched(observation)
    if batch:
        indices = list(itertools.product(*(range(size) for size in batch)))
        readings.append((batch, [(_item(observation.args, batch, index), _item(observation.kwargs, batch, index))
                                 for index in _some(indices)]))
    lead = next((value for value in (*observation.args, *observation.kwargs.values())
                 if isinstance(value, torch.Tensor) and value.dim() >= 2), None)
    if lead is not None:
        size = lead.shape[0]
        readings.append(((size,), [(tuple(_item_along_first_axis(value, size, index) for value in observation.args),
                                    {key: _item_along_first_axis(value, size, index)
                                     for key, value in observation.kwargs.items()})
                                   for index in _some(list(range(size)))]))
    return readings


def _some(indices: list) -> list:
    return indices if len(indices) <= 4 else [*indices[:2], indices[-1]]


def _right_on_every_item(calls: _Calls, observation: Observation) -> tuple[int, ...] | None:
    """The batch shape of a reading of the batch on whose every item (of those tried) the learner's function is
    right alone, or None: then what goes wrong is the batch itself, not the items."""
    for batch, items in _single_items(observation):
        if all(_right_on(calls, observation, args, kwargs) for args, kwargs in items):
            return batch
    return None


def _batch_axis(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Right on each batch entry alone: the batch axes are what goes wrong."""
    batch = _right_on_every_item(calls, observation)
    if batch is not None:
        return "batch_axis", (f"Your function is right on each item alone, without the batch axes {batch}, but wrong "
                              "on them together: an axis is counted from the left (0, 1) where it must be counted "
                              "from the right (-1 for tokens, -2 for features), or a transpose, reshape or .T mixes "
                              "the batch into the matrix axes (use .transpose(-2, -1) or .mT, not .T).")
    return None


def _agrees_on(calls: _Calls, observation: Observation, args: tuple, kwargs: dict) -> bool | None:
    """Whether the learner's function agrees with the reference on these other inputs; None when either raises (the
    reference refuses inputs the contract does not allow)."""
    try:
        want = calls.reference(observation.function, args, kwargs)
    except Exception:   # noqa: BLE001 - not a valid call of the contract: it tells nothing
        return None
    try:
        got = calls.learner(observation.function, args, kwargs)
    except LearnerError:
        return None
    return agree(got, want, observation.tol)


def _right_on(calls: _Calls, observation: Observation, args: tuple, kwargs: dict) -> bool:
    """Whether the learner's function runs on these other inputs and agrees with the reference there."""
    return _agrees_on(calls, observation, args, kwargs) is True


def _wrong_on(calls: _Calls, observation: Observation, args: tuple, kwargs: dict) -> bool:
    """Whether the learner's function runs on these inputs, valid ones (the reference takes them), and disagrees with
    the reference there."""
    return _agrees_on(calls, observation, args, kwargs) is False


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
    composite = _composite(calls, observation)
    if composite is None:
        return None
    exercise, candidates, submission = composite
    from grader.plugin import model_answer

    before = dict(getattr(submission, "_substitutes", {}))
    try:
        for module, function in candidates:
            submission.substitute({**before, (module, function): model_answer(module, function)})
            try:
                got = calls.learner(observation.function, observation.args, observation.kwargs)
            except LearnerError:
                continue
            if agree(got, expected, observation.tol):
                where = "your" if module == exercise else f"your {module} exercise's"
                return "stage_wrong", (f"Your {observation.function} becomes right when {where} {function} is "
                                       f"replaced by a correct one: the mistake is in {function} (or in how "
                                       f"{observation.function} calls it), not in the rest of "
                                       f"{observation.function}.")
    finally:
        submission.substitute(before)
    return None


def _first_wrong_step(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """In a composite function still wrong once every function it builds on is replaced by a correct one: the first
    step of a correct composite (a call of the exercise's other functions or of an earlier exercise's, in the order a
    correct composite makes them) that the learner's makes, but never with the same inputs. Steps the learner does not
    make by a call (computed inline) are passed over; when every step matches, the mistake is after the last one."""
    composite = _composite(calls, observation)
    if composite is None:
        return None
    exercise, candidates, submission = composite
    from grader.plugin import model_answer

    learner_steps: list[tuple[str, tuple, dict]] = []

    def recorded(module: str, function: str):
        correct = model_answer(module, function)

        def step(*args: Any, **kwargs: Any) -> Any:
            learner_steps.append((function, args, kwargs))
            return correct(*args, **kwargs)
        return step

    before = dict(getattr(submission, "_substitutes", {}))
    try:
        submission.substitute({**before, **{key: recorded(*key) for key in candidates}})
        try:   # one call, outside the probes' budget (see `structural`)
            got = submission.call(exercise, observation.function, *observation.args, **observation.kwargs)
        except LearnerError:
            return None
    finally:
        submission.substitute(before)
    if not learner_steps or agree(got, expected, observation.tol):
        return None
    correct_steps = _model_answer_steps(exercise, observation, {function for _, function in candidates})
    if not correct_steps:
        return None
    bound = [(function, _bound(exercise, candidates, function, args, kwargs)) for function, args, kwargs in
             learner_steps]
    skipped = False
    for index, (function, args, kwargs) in enumerate(correct_steps):
        want = _bound(exercise, candidates, function, args, kwargs)
        mine = [arguments for name, arguments in bound if name == function and arguments is not None]
        if want is None or not mine:
            skipped = True   # computed inline, or an argument list the signature does not take: nothing to compare
            continue
        differing = min(([name for name in want if not _agrees_as_an_input(arguments.get(name), want[name])]
                         for arguments in mine), key=len)
        if not differing:
            continue
        nth = sum(name == function for name, _, _ in correct_steps[:index + 1])
        ordinal = {1: "first", 2: "second", 3: "third"}.get(nth, f"{nth}{_ordinal_suffix(nth)}")
        return "first_wrong_step", (
            f"Your {observation.function} is still wrong when every function it calls is a correct one, and its "
            f"steps agree with a correct {observation.function}'s up to its {ordinal} call of {function}: there yours "
            f"hands {function} another {', '.join(differing)} (no call of yours gets what a correct one passes). Look "
            f"at what {observation.function} computes just before that call: which residual, which sub-layer's "
            "output, which parameters or which mask it passes.")
    if skipped:
        return None
    return "wrong_after_the_last_step", (
        f"Your {observation.function} calls every function it builds on with the same inputs as a correct "
        f"{observation.function}, yet its result differs: the mistake is in what it does with their results after "
        "the last call (a residual left out or added twice, the wrong value returned, a final step of its own).")


def _composite(calls: _Calls, observation: Observation) -> tuple[str, list[tuple[str, str]], Any] | None:
    """(exercise, the (module, function) pairs the observed function may call, the submission) when the function is
    a composite whose parts the sandbox can replace; else None."""
    exercise = calls.judge.exercise
    if exercise not in course.NAMES:
        return None
    candidates = _stage_candidates(exercise, observation.function)
    submission = calls.judge.learner
    if not hasattr(submission, "substitute") or not candidates:
        return None
    return exercise, candidates, submission


def _stage_candidates(exercise: str, function: str) -> list[tuple[str, str]]:
    """(module, function) for the exercise's other functions and those of the exercises it builds on."""
    own = [(exercise, f.name) for f in course.get(exercise).functions if f.name != function]
    return own + [(name, f.name) for name in course.get(exercise).builds_on for f in course.get(name).functions]


def _model_answer_steps(exercise: str, observation: Observation, names: set[str]) -> list[tuple[str, tuple, dict]]:
    """The calls of `names` that the model answer's composite makes from its own module on the observation's inputs,
    in order."""
    import importlib

    module = importlib.import_module(f"solutions.{exercise}")
    originals = {name: module.__dict__[name] for name in names if callable(module.__dict__.get(name))}
    steps: list[tuple[str, tuple, dict]] = []
    depth = [0]   # only the composite's own calls are steps, not the calls those make in turn

    def recorded(name: str, function):
        def step(*args: Any, **kwargs: Any) -> Any:
            if not depth[0]:
                steps.append((name, args, kwargs))
            depth[0] += 1
            try:
                return function(*args, **kwargs)
            finally:
                depth[0] -= 1
        return step

    try:
        for name, function in originals.items():
            setattr(module, name, recorded(name, function))
        with torch.no_grad():
            getattr(module, observation.function)(*observation.args, **observation.kwargs)
    except Exception:   # noqa: BLE001 - the model answer refuses these inputs: nothing to compare
        return []
    finally:
        for name, function in originals.items():
            setattr(module, name, function)
    return steps


def _bound(exercise: str, candidates: list[tuple[str, str]], function: str, args: tuple,
           kwargs: dict) -> dict | None:
    """A call's arguments by parameter name, defaults filled in (None when the signature does not take them)."""
    from grader.plugin import model_answer

    module = next((module for module, name in candidates if name == function), exercise)
    try:
        bound = inspect.signature(model_answer(module, function)).bind(*args, **kwargs)
    except (TypeError, AttributeError, ValueError):
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def _agrees_as_an_input(mine: Any, want: Any) -> bool:
    """Equal up to float32 rounding of intermediate results (tensors), key by key (dicts), item by item (sequences)."""
    if isinstance(want, torch.Tensor):
        if not (isinstance(mine, torch.Tensor) and mine.shape == want.shape and mine.dtype == want.dtype):
            return False
        if not want.is_floating_point():
            return bool(torch.equal(mine, want))
        scale = float(want.abs().max()) if want.numel() and bool(want.isfinite().all()) else 1.0
        return bool(torch.allclose(mine, want, rtol=1e-4, atol=1e-5 * (1.0 + scale), equal_nan=True))
    if isinstance(want, dict):
        return isinstance(mine, dict) and mine.keys() == want.keys() and all(
            _agrees_as_an_input(mine[key], want[key]) for key in want)
    if isinstance(want, (list, tuple)):
        return isinstance(mine, (list, tuple)) and len(mine) == len(want) and all(
            _agrees_as_an_input(a, b) for a, b in zip(mine, want))
    return type(mine) is type(want) and mine == want


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


def _defaults(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Right once every optional argument the call left out is given explicitly, at the contract's default: the
    learner's defaults differ from the contract's (a top_k of 50, an eps of 1e-6, a block size)."""
    try:
        parameters = inspect.signature(getattr(calls.judge.reference, observation.function)).parameters
    except (AttributeError, TypeError, ValueError):
        return None
    left_out = {name: parameters[name].default for name in _left_out(parameters, observation)
                if parameters[name].default is not inspect.Parameter.empty
                and parameters[name].kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)}
    if not left_out:
        return None
    kwargs = {**observation.kwargs, **left_out}
    try:
        result = calls.learner(observation.function, observation.args, kwargs)
    except LearnerError:
        return None
    if not agree(result, expected, observation.tol):
        return None
    spelled = ", ".join(f"{name}={value!r}" for name, value in left_out.items())
    return "default_argument_differs", (
        f"Your result is right once the arguments left out are given at the contract's defaults ({spelled}), and "
        "wrong without them: a default in your function's signature differs from the contract's (copied from a "
        "library, such as Hugging Face's top_k=50 or another eps).")


def _zero_read_as_unset(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """An argument given as 0 (or 0.0) whose contract default is something else: the learner's result is the
    reference's with that argument at its default (`x = x or default` reads 0 as left out). Reference calls only."""
    try:
        parameters = inspect.signature(getattr(calls.judge.reference, observation.function)).parameters
    except (AttributeError, TypeError, ValueError):
        return None
    names = list(parameters)
    given = {**dict(zip(names, observation.args)), **observation.kwargs}
    for name, value in given.items():
        parameter = parameters.get(name)
        if type(value) not in (int, float) or value != 0 or parameter is None or \
                parameter.default is inspect.Parameter.empty or parameter.default == 0:
            continue
        if name in observation.kwargs:
            args, kwargs = observation.args, {**observation.kwargs, name: parameter.default}
        else:
            index = names.index(name)
            args, kwargs = (*observation.args[:index], parameter.default, *observation.args[index + 1:]), \
                observation.kwargs
        try:
            theirs = calls.reference(observation.function, args, kwargs)
        except Exception:   # noqa: BLE001 - the default needs other arguments: no reading
            continue
        if agree(observation.result, theirs, observation.tol) and not agree(theirs, expected, observation.tol):
            return "explicit_zero_ignored", (
                f"Your result with {name}={value!r} is the contract's result with {name} left at its default "
                f"({parameter.default!r}): 0 is a value like any other, and `x = x or default` (or `if not x:`) reads "
                "it as left out, since 0 is falsy. Test for the missing value itself: `if x is None`.")
    return None


def _implicit_default(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """A float argument the call leaves out, whose contract default (None) stands for a value computed from the
    sizes (a scale of 1/sqrt(N)): the learner's result is the reference's with that argument given as another
    such value (1, a size, its square root or their inverses). Reference calls only."""
    try:
        parameters = inspect.signature(getattr(calls.judge.reference, observation.function)).parameters
    except (AttributeError, TypeError, ValueError):
        return None
    left_out = [name for name in _left_out(parameters, observation)
                if parameters[name].default is None and "float" in str(parameters[name].annotation)]
    sizes = sorted({size for tensor in _tensors((observation.args, observation.kwargs)) for size in tensor.shape
                    if size > 1} | {value for value in (*observation.args, *observation.kwargs.values())
                                    if type(value) is int and value > 1})
    candidates = [(1.0, "1")] + [(size ** power, text.format(size)) for size in sizes for power, text in
                                 ((-1, "1/{}"), (-0.5, "1/sqrt({})"), (0.5, "sqrt({})"), (1, "{}"))]
    for name in left_out:
        for value, text in candidates:
            try:
                theirs = calls.reference(observation.function, observation.args, {**observation.kwargs, name: value})
            except Exception:   # noqa: BLE001 - a value the reference refuses
                continue
            if agree(observation.result, theirs, observation.tol) and not agree(theirs, expected, observation.tol):
                return "implicit_default_differs", (
                    f"Your result, with {name} left out, is the contract's result for {name} = {text}: the value "
                    f"your function uses when {name} is None is not the contract's (see its docstring for how the "
                    f"default {name} follows from the sizes; check too that it is applied once).")
    return None


def _wrong_for_size(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Wrong for a size given as an integer argument, right for the size next to it (one more or one less): a size
    the contract allows is not handled (not a multiple, odd, one)."""
    found = _right_for_a_neighbouring_size(calls, observation)
    if found is None:
        return None
    label, value, other = found
    return "wrong_for_size", (
        f"Your result is wrong for {label}={value} but right for {label}={other}: a size the contract allows is not "
        f"handled ({'an odd' if value % 2 else 'an even'} {label}, one that does not divide another size evenly, or "
        "a size of one): look for rounding (// where a ceiling is meant, or the reverse), halves, and slices with a "
        "step.")


def _right_for_a_neighbouring_size(calls: _Calls, observation: Observation) -> tuple[str, int, int] | None:
    """(label, value, other) for the first positive integer argument whose neighbour (value + 1 or - 1) makes the
    learner's function right, else None."""
    names = _parameter_names(calls.judge, observation.function)
    for label, value, rebuild in _integer_slots(observation, names):
        for other in (value + 1, value - 1):
            if other >= 1 and _right_on(calls, observation, *rebuild(other)):
                return label, value, other
    return None


def _with_argument(args: tuple, kwargs: dict, names: list[str], label: str, value: Any) -> tuple[tuple, dict]:
    """(args, kwargs) with the argument the contract calls `label` (by keyword or by position) set to `value`."""
    if label in kwargs:
        return args, {**kwargs, label: value}
    index = names.index(label)
    return (*args[:index], value, *args[index + 1:]), kwargs


def _grid_count_axes(observation: Observation, cells: int) -> list[dict]:
    """Ways to resize a grid's tensors with it: first none (sizes given only as integers), then, for each tensor
    argument and each axis whose size divides the grid's `cells` evenly (a count of windows or of tokens), that axis
    alone ({argument position or keyword: axis}). The reference refuses the resizings that do not fit."""
    ways: list[dict] = [{}]
    for key, value in [*enumerate(observation.args), *observation.kwargs.items()]:
        if isinstance(value, torch.Tensor):
            ways += [{key: axis} for axis in range(value.dim()) if value.shape[axis] and cells % value.shape[axis] == 0]
    return ways


def _cells_resized(args: tuple, kwargs: dict, axis_of: dict, cells: int, new_cells: int) -> tuple[tuple, dict]:
    """The call with each chosen axis (a count of the grid's cells, over `cells / size` cells each) resized for a grid
    of `new_cells` cells, its entries repeated cyclically."""
    def resized(key, value):
        if key not in axis_of:
            return value
        axis = axis_of[key]
        per_entry = cells // value.shape[axis]
        return value.index_select(axis, torch.arange(max(new_cells // per_entry, 1)) % value.shape[axis])
    return (tuple(resized(i, value) for i, value in enumerate(args)),
            {key: resized(key, value) for key, value in kwargs.items()})


def _square_only(calls: _Calls, observation: Observation, expected: Any = None) -> Diagnosis | None:
    """Wrong (or raising) on a grid of h x w with h != w, and right on the squares of both sides: given `height` and
    `width` arguments both equal to min(h, w), then both to max(h, w); or given a tensor argument whose last two axes
    differ as an s x s crop and an S x S tiling of it (s the smaller side, S the larger). Right at both sizes, so no
    size alone explains it: the two sides are mixed up."""
    names = _parameter_names(calls.judge, observation.function)
    slots = {label: (value, rebuild) for label, value, rebuild in _argument_slots(observation, names)}
    found = None
    if {"height", "width"} <= slots.keys():
        height, width = slots["height"][0], slots["width"][0]
        if type(height) is int and type(width) is int and 0 < height != width > 0:
            for axis_of in _grid_count_axes(observation, height * width):
                def both(side: int, axis_of=axis_of) -> tuple[tuple, dict]:
                    args, kwargs = slots["height"][1](side)
                    args, kwargs = _with_argument(args, kwargs, names, "width", side)
                    return _cells_resized(args, kwargs, axis_of, height * width, side * side)
                if all(_right_on(calls, observation, *both(side)) for side in sorted((height, width))):
                    found = "height and width", f"{height} x {width}"
                    break
    for label, (value, rebuild) in slots.items():
        if found:
            break
        if not (isinstance(value, torch.Tensor) and value.dim() >= 2 and 0 < value.shape[-2] != value.shape[-1] > 0):
            continue
        rows, columns = value.shape[-2:]

        def square(side: int, value=value, rows=rows, columns=columns) -> torch.Tensor:
            return value.index_select(-2, torch.arange(side) % rows).index_select(-1, torch.arange(side) % columns)
        if all(_right_on(calls, observation, *rebuild(square(side))) for side in sorted((rows, columns))):
            found = f"the last two axes of {label}", f"{rows} x {columns}"
    if found is None:
        return None
    sides, shape = found
    return "right_only_when_square", (
        f"Your function is right when {sides} are equal (a square grid, at either size) but "
        f"{'raises' if expected is None else 'is wrong'} for {shape}: the two sides are mixed up somewhere. Look for a "
        "loop over rows that runs over the width (or over columns that runs over the height), a reshape or view "
        "with height and width in each other's place, or an index computed as row * height + column (it is row * "
        "width + column). A test on square images alone cannot show this: test a wide and a tall one.")


def _right_when_tokens_match_width(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """Wrong for a sequence of D rows and N != D columns, and right once that one argument has exactly D columns (its
    columns repeated or cut) but not D + 1: the token count and the width are mixed up (a mean over the features
    divided by X.shape[-1], a scale by the sequence length)."""
    names = _parameter_names(calls.judge, observation.function)
    for label, value, rebuild in _argument_slots(observation, names):
        if not (_perturbable(value) and value.dim() >= 2 and 1 < value.shape[-2] != value.shape[-1] > 0):
            continue
        rows, columns = value.shape[-2:]

        def widened(count: int, value=value, columns=columns) -> torch.Tensor:
            return value.index_select(-1, torch.arange(count) % columns)
        if _right_on(calls, observation, *rebuild(widened(rows))) and \
                _wrong_on(calls, observation, *rebuild(widened(rows + 1))):
            return "tokens_and_width_mixed_up", (
                f"Your function is right when {label} has as many tokens (columns) as features (rows), {rows}, but "
                f"not for {columns} or {rows + 1} tokens: the token count and the width are mixed up somewhere. A "
                "sequence is (..., D, N): the features are axis -2 (X.shape[-2] is D) and the tokens axis -1; look "
                "for a mean, a sum or a scale over the wrong axis, or a size read from the wrong one.")
    return None


def _mask_expanded(calls: _Calls, observation: Observation, expected: Any = None) -> Diagnosis | None:
    """A mask with fewer batch axes than the inputs, or with axes of size 1 where they have more: if the learner's
    function is right once that mask is given expanded to the full shape (every batch axis of the largest tensor
    argument, its own last two axes broadcast), it does not broadcast the mask as the contract says."""
    names = _parameter_names(calls.judge, observation.function)
    tensors = [t for t in _tensors((observation.args, observation.kwargs)) if t.dtype != torch.bool]
    if not tensors:
        return None
    try:   # the inputs' batch axes (arguments that broadcast, as rnn_attention's, may not line up as matrices)
        batch = torch.broadcast_shapes(*(t.shape[:-2] for t in tensors if t.dim() >= 2))
    except RuntimeError:
        return None
    for label, mask, rebuild in _argument_slots(observation, names):
        if not (isinstance(mask, torch.Tensor) and mask.dtype == torch.bool and mask.dim() >= 2 and "mask" in label):
            continue
        try:
            full = torch.broadcast_shapes(mask.shape[:-2], batch)
        except RuntimeError:
            continue
        if tuple(mask.shape[:-2]) == tuple(full):
            continue
        args, kwargs = rebuild(mask.expand(*full, *mask.shape[-2:]).clone())
        want = expected if expected is not None else calls.reference(observation.function, observation.args,
                                                                      observation.kwargs)
        try:
            right = agree(calls.learner(observation.function, args, kwargs), want, observation.tol)
        except LearnerError:
            continue
        if right:
            return "mask_not_broadcast", (
                f"Your function is right when {label} carries every batch axis of the inputs {tuple(full)}, and "
                f"{'raises' if expected is None else 'wrong'} with the {label} of shape {tuple(mask.shape)} it was "
                "given: the contract lets a mask broadcast to the scores' shape (fewer leading axes, or axes of size "
                "1). Do not fold or reshape the mask on its own (reshape(-1, N_k, N_q)), and do not decide where an "
                "axis goes from mask.dim(); line it up from the right and let masked_fill / torch.where broadcast "
                "it (unsqueeze(-3) for a head axis).")
    return None


def _integer_read_otherwise(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """An integer argument read on another scale: the learner's function, given 2v, 2v + 1 or v // 2 where the call
    gave v, returns the right result for v (a half-width read as a full width, a radius as a diameter, a count of
    pairs as a count of items)."""
    names = _parameter_names(calls.judge, observation.function)
    for label, value, rebuild in _integer_slots(observation, names):
        for other in dict.fromkeys((2 * value, 2 * value + 1, value // 2)):
            if other < 1 or abs(other - value) <= 1:
                continue
            try:   # the argument must matter there: the right result for `other` is not the one for `value`
                if agree(calls.reference(observation.function, *rebuild(other)), expected, observation.tol):
                    continue
            except Exception:   # noqa: BLE001 - not a valid call of the contract
                continue
            try:
                misread = agree(calls.learner(observation.function, *rebuild(other)), expected, observation.tol)
            except LearnerError:
                continue
            if misread:
                factor = "twice" if other > value else "half"
                return "integer_argument_misread", (
                    f"Given {label}={other}, your function returns the right result for {label}={value}: it reads "
                    f"{label} on another scale than the contract does (it needs about {factor} the contract's "
                    "value: a half-width taken as a full width or the reverse, a radius as a diameter, a count of "
                    f"pairs as a count of items). Reread what the contract says {label} counts.")
    return None


def _count_difference(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """A count (an int result) off by an amount that, as one integer size argument grows by 1 and 2, stays the same
    (the edges are counted otherwise) or grows by the same step (each row is)."""
    if type(expected) is not int or type(observation.result) is not int:
        return None
    names = _parameter_names(calls.judge, observation.function)
    for label, value, rebuild in _integer_slots(observation, names):
        differences = [observation.result - expected]
        for other in (value + 1, value + 2):
            try:
                want = calls.reference(observation.function, *rebuild(other))
            except Exception:   # noqa: BLE001 - not a valid call of the contract
                break
            got = calls.learner(observation.function, *rebuild(other))
            if type(want) is not int or type(got) is not int:
                break
            differences.append(got - want)
        if len(differences) < 3:
            continue
        first, second, third = differences
        if first == second == third:
            return "count_off_at_the_edges", (
                f"Your count is off by {first:+d} whatever {label} is ({label} = {value}, {value + 1}, {value + 2}): "
                "something counted once, not once per row, is off: the rows at an edge, where a band or window is "
                "cut short, or the diagonal counted twice or not at all.")
        if second - first == third - second:
            return "count_off_per_row", (
                f"Your count is off by {first:+d}, {second:+d}, {third:+d} for {label} = {value}, {value + 1}, "
                f"{value + 2}: by {second - first:+d} more for each one {label} grows, so every row is counted with "
                "the wrong number of entries (a window one too wide or narrow, < for <=).")
    return None


def _integer_slots(observation: Observation, names: tuple[str, ...]):
    """(label, value, rebuild(new) -> (args, kwargs)) for each positive integer argument, positional or keyword."""
    return [(label, value, rebuild) for label, value, rebuild in _argument_slots(observation, names)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 1]


def _argument_slots(observation: Observation, names: tuple[str, ...]) -> list[tuple]:
    """(label, value, rebuild(new) -> (args, kwargs)) for each argument, positional (named after the contract's
    parameter) or keyword."""
    slots = [(names[i] if i < len(names) else f"argument {i}", value,
              lambda new, i=i: ((*observation.args[:i], new, *observation.args[i + 1:]), observation.kwargs))
             for i, value in enumerate(observation.args)]
    return slots + [(key, value, lambda new, k=key: (observation.args, {**observation.kwargs, k: new}))
                    for key, value in observation.kwargs.items()]


def _argument_transposed(calls: _Calls, observation: Observation, expected: Any = None) -> Diagnosis | None:
    """A matrix argument read the other way round: given that argument with its last two axes swapped, the learner's
    function returns the right result (a (D, N) sequence read as (N, D), a weight used as its transpose)."""
    want = expected if expected is not None else calls.reference(observation.function, observation.args,
                                                                  observation.kwargs)
    names = _parameter_names(calls.judge, observation.function)
    for label, original, rebuild in _slots(observation, names):
        if original.dim() < 2 or min(original.shape[-2:]) < 2:
            continue
        args, kwargs = rebuild(original.transpose(-1, -2).contiguous())
        try:
            result = calls.learner(observation.function, args, kwargs)
        except LearnerError:
            continue
        if agree(result, want, observation.tol):
            return "argument_transposed", (
                f"Your function reads {label} transposed: given {label} with its last two axes swapped it returns "
                f"the right result. Check the layout the contract gives {label} (tokens are columns, (..., D, N); "
                "a weight is (out, in) and multiplies from the left, W @ X) and drop the extra .T (or add the "
                "missing one).")
    return _weights_transposed(calls, observation, want)


def _argument_negated(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """An argument taken with the wrong sign: given that argument negated, the learner's function returns the right
    result, and the contract's result does depend on its sign (a position table subtracted, a bias taken as -b)."""
    names = _parameter_names(calls.judge, observation.function)
    for label, original, rebuild in _slots(observation, names):
        if not bool(original.ne(0).any()):
            continue
        args, kwargs = rebuild(-original)
        try:
            result = calls.learner(observation.function, args, kwargs)
        except LearnerError:
            continue
        if agree(result, expected, observation.tol) and not agree(
                calls.reference(observation.function, args, kwargs), expected, observation.tol):
            return "argument_sign_flipped", (
                f"Your function takes {label} with the wrong sign: given -{label} it returns the right result. Look "
                f"for where {label} enters: subtracted where the contract adds it (or added where it subtracts), or "
                "a minus sign too many in its formula.")
    return None


def _weights_transposed(calls: _Calls, observation: Observation, want: Any) -> Diagnosis | None:
    """Every weight matrix read the other way round at once (X @ W for W @ X, a row-convention port): right once each
    matrix argument after the first tensor argument (the input) is given transposed, with two or more of them."""
    def is_matrix(value: Any) -> bool:
        return _perturbable(value) and value.dim() == 2 and min(value.shape) >= 2

    def flipped(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: flipped(item) for key, item in value.items()}
        return value.transpose(0, 1).contiguous() if is_matrix(value) else value

    values = [*observation.args, *observation.kwargs.values()]
    first = next((i for i, value in enumerate(values) if isinstance(value, torch.Tensor)), None)
    if first is None:
        return None
    matrices = [item for value in values[first + 1:]
                for item in (value.values() if isinstance(value, dict) else [value]) if is_matrix(item)]
    if len(matrices) < 2:
        return None
    values = [value if i == first else flipped(value) for i, value in enumerate(values)]
    args = tuple(values[:len(observation.args)])
    kwargs = dict(zip(observation.kwargs, values[len(observation.args):]))
    try:
        result = calls.learner(observation.function, args, kwargs)
    except LearnerError:
        return None
    if not agree(result, want, observation.tol):
        return None
    return "weights_transposed", (
        "Your function reads every weight matrix transposed: given each of them with its two axes swapped, it returns "
        "the right result. In the course's convention tokens are columns and a weight (out, in) multiplies from the "
        "left, W @ X; the row-convention X @ W (PyTorch's and most papers' layout) needs W transposed.")


def _optional_arguments(calls: _Calls, observation: Observation, expected: Any) -> Diagnosis | None:
    """An optional argument given a value other than its default: if the learner is right with that argument at its
    default, the mistake is in how the argument is used (or it is not used at all)."""
    try:
        parameters = list(inspect.signature(getattr(calls.judge.reference, observation.function)).parameters.values())
    except (AttributeError, TypeError, ValueError):
        return None
    for index, parameter in enumerate(parameters):
        if parameter.default is inspect.Parameter.empty:
            continue
        positional = index < len(observation.args)
        if not positional and parameter.name not in observation.kwargs:
            continue
        given = observation.args[index] if positional else observation.kwargs[parameter.name]
        if isinstance(given, Seed) or _same_value(given, parameter.default):
            continue
        # a discrete result (tokens, ids) may stay the same over a range of a real number, or for a value of an
        # argument that matters only elsewhere (an eos that a tie decides against): then only the weaker claim, that
        # the mistake lies in how the argument is used
        discrete = not _has_floats(expected)
        args, kwargs = list(observation.args), dict(observation.kwargs)
        if positional:
            args[index] = parameter.default
        else:
            kwargs[parameter.name] = parameter.default
        if not _right_on(calls, observation, tuple(args), kwargs):
            continue
        shown = f"{parameter.name}={describe(given)}"
        if not discrete and agree(calls.learner(observation.function, tuple(args), kwargs), observation.result,
                                  observation.tol):
            return "argument_ignored", (
                f"Your result with {shown} is the same as with {parameter.name} left at its default "
                f"({parameter.default!r}), which is right there: {parameter.name} is not used, or a value it may take "
                f"(such as 0) is read as \"not given\" (`x or default` does that: test `x is None`).")
        return "argument_misused", (
            f"Your result is right with {parameter.name} at its default ({parameter.default!r}) and wrong with "
            f"{shown}: the mistake is in how {parameter.name} is used (where in the computation it is applied, or a "
            "special value of it handled differently from the contract).")
    return None


def _has_floats(value: Any) -> bool:
    return any(tensor.is_floating_point() for tensor in _tensors(value)) or isinstance(value, float)


def _same_value(given: Any, default: Any) -> bool:
    if isinstance(given, torch.Tensor) or isinstance(default, torch.Tensor):
        return given is default
    try:
        return bool(given == default) and type(given) is type(default)
    except (TypeError, ValueError, RuntimeError):
        return False


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
    return list(judge.parameter_names(function))


def _left_out(parameters: Any, observation: Observation) -> list[str]:
    """The parameters the call gives neither by position nor by name."""
    given = set(list(parameters)[:len(observation.args)]) | set(observation.kwargs)
    return [name for name in parameters if name not in given]


# ------------------------------------------------------------------------------------------ a call that raised

_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\w+)')


_HIDDEN_IMPORT = re.compile(r"No module named '((?:%s)(?:\.[\w.]+)?)'" % "|".join(HIDDEN_PACKAGES))


def crashed(judge: Judge, observation: Observation, error: LearnerError) -> Diagnosis | None:
    """Why a call of the learner's function raised, when a probe can tell: it runs and is right once a function it
    builds on is replaced by a correct one, it raised inside a function of an earlier exercise (so the arguments it
    handed down do not fit), or it is right on each item of its batch alone, or on the same inputs in float32.
    ``observation.result`` is unused."""
    found = crashed_backward(observation.function, error)
    if found:
        return found
    hidden = _HIDDEN_IMPORT.search(error.message) if error.type_name == "ModuleNotFoundError" else None
    if hidden:
        return "imports_hidden_package", (
            f"Your {observation.function} imports {hidden.group(1)!r}, which the grader hides from submissions (the "
            "reference, the model answers and the grader itself are not part of the course you hand in): write the "
            "function with torch, and the functions of your own earlier exercises (from .softmax import softmax_cols).")
    if error.type_name in SANDBOX_READINGS:
        return SANDBOX_READINGS[error.type_name]
    if UNREADABLE in error.message:
        return "unreadable_result", (
            f"Your {observation.function} returns a value of a kind the contract never gives "
            f"({error.message.partition(UNREADABLE)[2]}): return what it says, tensors, lists (not a generator, an "
            "iterator or a set), tuples, dicts keyed by str or int (not by tuples), numbers and strings.")
    if error.type_name == "TypeError" and NAMES_REFUSED.search(error.message) and \
            f"{observation.function}()" in error.message:
        return "signature_differs", (
            f"Your {observation.function} does not take the arguments the contract gives it, in the stub's order "
            "and under the stub's names (the call shown raised a TypeError about its own parameters): a parameter "
            "renamed, removed, reordered or made keyword-only. Keep the stub's signature.")
    calls = _Calls(judge)
    try:
        found = (_crash_kept_between_calls(calls, observation) or _crash_layout(calls, observation)
                 or _crash_stage(calls, observation) or _mask_expanded(calls, observation))
        if found:
            return found
        found = _raised_in_earlier_function(judge, observation.function, error)
        if found:
            return found
        text = _exception_text(error)
        found = _crash_reading(observation, error, text, after_probes=False)
        if found:
            return found
        if error.type_name == "ValueError" and _raised_by_a_raise_statement(error.message):
            return "rejects_valid_input", (
                f"Your {observation.function} raises ValueError on inputs its contract accepts (the call shown): an "
                "input check is too strict. Look at the edges the contract allows: a size or count of 0, one item "
                "(one token, one document), an optional argument given as 0 or False rather than left out.")
        for probe in (_crash_tuple_sequence, _crash_empty_input, _crash_batch, _crash_batch_of_one,
                      _crash_without_batch, _crash_float64, _crash_token_count, _crash_size_argument_matches_an_axis, _square_only, _crash_sizes,
                      _crash_axis_of_one, _crash_edge_value, _crash_long_sequence, _argument_transposed):
            found = probe(calls, observation)
            if found:
                return found
        found = _crash_result_axis_of_one(calls, observation, error)
        if found:
            return found
    except _Budget:
        pass
    return _crash_reading(observation, error, _exception_text(error), after_probes=True) or \
        _size_written_in_code(observation, error) or _assertion_fails(observation, error)


def _assertion_fails(observation: Observation, error: LearnerError) -> Diagnosis | None:
    """An assert of the learner's own that no probe explains further: it is false on an input the contract allows."""
    if error.type_name != "AssertionError":
        return None
    return "rejects_valid_input", (
        f"Your {observation.function} stops at an assert of its own on inputs its contract accepts (the call shown): "
        "the assumption it checks is not one the contract makes. Look at the edges the contract allows (one token, "
        "a query that sees no key, sizes that are odd or not square, large ids or offsets, a count of 0) and drop "
        "or widen the assert; a sanity check must hold for every valid input.")


# The sizes torch's shape errors name: "shape '[-1, 3]'", "with size 256", "tensor a (3)", "size 5 for tensor".
_SIZES_IN_SHAPE_ERROR = re.compile(r"shape '\[([-\d, ]+)\]' is invalid|with size (\d+)|tensor [ab] \((\d+)\)"
                                   r"|[Ee]xpected size (\d+)|got size (\d+)")


def _size_written_in_code(observation: Observation, error: LearnerError) -> Diagnosis | None:
    """A shape error that names a size (2 or more) that is none of the call's sizes, nor one more or less, nor a
    product or an exact ratio of two of them: a size written into the code (3 colour channels, a vocabulary of
    256) where it must be read from the arguments."""
    found = [int(number) for match in _SIZES_IN_SHAPE_ERROR.finditer(_exception_text(error))
             for group in match.groups() if group for number in re.findall(r"\d+", group)]
    sizes = {size for tensor in _tensors((observation.args, observation.kwargs)) for size in tensor.shape}
    sizes |= {value for value in (*observation.args, *observation.kwargs.values())
              if type(value) is int and value > 0}
    derived = sizes | {a + step for a in sizes for step in (-1, 1)} | {a * b for a in sizes for b in sizes} | \
        {a // b for a in sizes for b in sizes if b and a % b == 0}
    foreign = sorted({size for size in found if size >= 2 and size not in derived})
    if not foreign:
        return None
    return "size_written_in_code", (
        f"Your {observation.function} raised on a size of {foreign[0]}, which is none of the sizes of this call's "
        "arguments (nor one more or less, a product or a ratio of two of them): a number written into the code, "
        "copied from an example (3 colour channels, a vocabulary of 256, a head width of 64), where the size must "
        "be read from the arguments' shapes.")


def crashed_backward(function: str, error: LearnerError) -> Diagnosis | None:
    """Why backpropagating through the learner's function raised, when its message tells: an in-place write into a
    tensor autograd saved, a tensor made under torch.inference_mode() saved for the backward pass, a caller's tensor
    switched off, a reentrant checkpoint, or a hand-written backward that raises."""
    if "Inference tensors cannot be saved for backward" in error.message:
        return "inference_mode_breaks_autograd", (
            f"Your {function} computes the right values but its backward pass fails: a tensor made under "
            "torch.inference_mode() (a table of constants, say) meets the inputs in an operation autograd must "
            "differentiate, and inference tensors cannot be saved for backward. Build such tables outside "
            "inference_mode (torch.no_grad() is enough for constants), or not in a special mode at all.")
    if "modified by an inplace operation" in error.message:
        return "in_place_breaks_autograd", (
            f"Your {function} computes the right values but its backward pass fails: it writes in place (exp_, mul_, "
            "nan_to_num_, /=, an [...] = assignment) into a tensor autograd saved to differentiate an earlier step "
            "(the output of exp, softmax, tanh, sigmoid). Write the new value into a new tensor (x = x * y, "
            "torch.where).")
    if "One of the differentiated Tensors does not require grad" in error.message:
        return "gradient_switched_off", (
            f"Your {function} switches autograd off for an argument the caller gave it (requires_grad_(False), "
            "detach_() or .requires_grad = False on the caller's tensor), so the caller's backward pass cannot reach "
            "it. Leave the caller's tensors as they are: x.detach() makes a separate tensor if one is needed.")
    if "use_reentrant=True, torch.utils.checkpoint is incompatible" in error.message:
        return "reentrant_checkpoint", (
            f"Your {function} computes the right values but its backward pass cannot give gradients to its inputs "
            "and weights: torch.utils.checkpoint with use_reentrant=True answers only .backward() on a graph whose "
            "inputs require grad, and passes nothing to weights otherwise. Pass use_reentrant=False (or do not "
            "checkpoint: the course's sizes do not need it).")
    if re.search(r', in backward\b', error.message):   # a frame of the learner's own backward
        return "custom_backward_fails", (
            f"Your {function} computes the right values but the backward it defines by hand (a torch.autograd."
            "Function) raises: it must return one gradient per input of forward, each of that input's shape (sum "
            "over broadcast axes, keepdim where the forward reduced), in the order forward took them. Or leave the "
            "backward to autograd, which derives it from the forward.")
    text = _exception_text(error)   # what the text alone says (the forward pass may have raised, with gradients on)
    for types, pattern, name, explanation in _CRASH_READINGS:
        if name not in AFTER_THE_PROBES and error.type_name in types and pattern.search(text):
            return name, f"Your {function} {explanation}"
    return None


def allocates_by_a_bound(function: str, args: tuple, kwargs: dict) -> Diagnosis | None:
    """A call that ran out of memory with an integer argument of a million or more (a bound such as max_new_tokens or
    num_merges, or a window): memory taken in proportion to it, where the result does not grow with it."""
    large = [value for value in (*args, *kwargs.values()) if type(value) is int and value >= 10**6]
    if not large:
        return None
    return "allocates_by_a_bound", (
        f"Your {function} runs out of memory when an integer argument is large ({large[0]:,} in the call shown), "
        "though the result it must give is small: it allocates in proportion to a bound (a buffer of max_new_tokens "
        "ids, a slot per requested merge, a table of every offset up to the window). Grow the result as it is made "
        "(a list you append to, torch.cat at the end), and stop at what the inputs allow.")


def backward_fails(function: str) -> Diagnosis:
    """A call that gave the right values plainly, and raised once its inputs required grad and its result was
    backpropagated, for a reason `crashed_backward` cannot read from the message."""
    return "backward_fails", (
        f"Your {function} gives the right values, but raises once its inputs require grad and its result is "
        "backpropagated (the error shown): a step autograd cannot go back through, such as a sparse gradient "
        "(sparse=True) reshaped or transposed afterwards, a conversion to numpy or to a Python number, an integer or "
        "complex step, or an in-place write into an input. Training needs these gradients: build the result from "
        "operations autograd differentiates, on ordinary dense tensors.")


def _crash_kept_between_calls(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises here, and runs right on the same inputs in a fresh worker: state kept between calls."""
    try:
        expected = calls.reference(observation.function, observation.args, observation.kwargs)
    except Exception:   # noqa: BLE001 - the reference refuses these inputs: a fresh worker tells nothing
        return None
    if _right_in_a_fresh_worker(calls, observation, expected):
        return "remembers_between_calls", _KEPT_BETWEEN_CALLS
    return None


def _crash_empty_input(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on a call with an empty argument (a list or string of no items, a tensor with an axis of 0) on which
    the reference returns a result: the contract defines that edge, and the code assumes at least one item."""
    values = [*observation.args, *observation.kwargs.values()]
    if not any(isinstance(value, (list, tuple, str)) and not value for value in values) and \
            not any(0 in tensor.shape for tensor in _tensors(values)):
        return None
    try:
        calls.reference(observation.function, observation.args, observation.kwargs)
    except Exception:   # noqa: BLE001 - the reference refuses it too: not an edge the contract defines
        return None
    return "breaks_empty_input", (
        f"Your {observation.function} raises on an empty input (the call shown: a list with no items, or a tensor "
        "with an axis of size 0), where the contract gives a result (an empty one). Look for [0] or [-1] on "
        "something that may be empty, torch.stack() or max() of an empty sequence, a range check such as ids.min() "
        "on an empty tensor (test numel() first), or a loop that assumes one item.")


def _crash_layout(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on inputs that are non-contiguous views (or on a model's non-contiguous logits), and runs on
    contiguous copies of the same values."""
    values = (observation.args, observation.kwargs)
    if not any(not tensor.is_contiguous() for tensor in _tensors(values)) and \
            not any(isinstance(value, TableModel) and value.layout != "row_major"
                    for value in (*observation.args, *observation.kwargs.values())):
        return None

    def packed(value: Any) -> Any:
        if isinstance(value, TableModel):
            return TableModel(value.table.contiguous(), value.pos.contiguous(), value.context, kind=value.kind)
        return map_tensors(value, torch.Tensor.contiguous)
    try:
        calls.learner(observation.function, tuple(packed(value) for value in observation.args),
                      {name: packed(value) for name, value in observation.kwargs.items()})
    except LearnerError:
        return None
    if any(0 in tensor.stride() and tensor.numel() > 1 for tensor in _tensors(values)):
        return "assumes_contiguous", (
            "Your function raises when an input is a broadcast view (the call shown passes one: x[:1].expand(...), "
            "whose batch items share one memory) and runs on a contiguous copy of the same values: such a tensor "
            "cannot be written in place, not even to be put back afterwards, and .view() may refuse it. Leave the "
            "inputs alone: compute into new tensors (~x, not x.logical_not_()), or clone() first.")
    return "assumes_contiguous", (
        "Your function raises when an input is a non-contiguous view (the call shown passes one: every axis reversed "
        "in memory, as a transpose or a permute leaves a tensor, or a model whose logits come back transposed) and "
        "runs on a contiguous copy of the same values: .view() needs a compatible layout, so use .reshape() (or "
        ".contiguous() first).")


# What torch and Python say when they get a float where they need an integer.
_FLOAT_AS_INTEGER = re.compile(r"ints?, ?(but found element of type|not|but got) float|got \([^)]*\bfloat\b"
                               r"|'float' object cannot be interpreted as an integer|slice indices must be integers"
                               r"|valid indices \(got float\)|indices must be integers or slices, not float")

# Crashes whose exception text alone says what went wrong: (exception types, a pattern of the text, the diagnosis,
# its explanation after "Your <function> "). Those of `AFTER_THE_PROBES` are read only when no probe says more (a
# dtype clash for float64 inputs alone is `breaks_float64`), the others before the probes.
_CRASH_READINGS = (
    (("TypeError", "IndexError"), _FLOAT_AS_INTEGER, "float_used_as_size",
     "hands a float to something that takes an integer (a size, an index, a slice bound, a range): in Python 3, / "
     "gives a float even when it divides evenly (8 / 2 == 4.0). Compute sizes and indices with // (or int(...))."),
    (("RuntimeError",), re.compile("Boolean value of Tensor with more than one"), "tensor_tested_for_truth",
     "tests a tensor for truth (if b:, if not mask:, b or default, while x:), which raises for a tensor of more than "
     "one value (the call shown). To ask whether an optional argument was given, write `if b is not None:`; to ask "
     "about its values, say which: `if bool(mask.any()):`."),
    (("RuntimeError",), re.compile("refers to a single memory location"), "writes_into_shared_memory",
     "writes in place into a tensor whose entries share memory (the call shown): expand(), expand_as() and "
     "broadcast_to() give views in which many entries are one memory location, and torch refuses to write into "
     "them. Build the tensor at its full size (zeros(...) of the whole shape), or write into .repeat(...) or "
     ".clone() of the expanded view."),
    (("NotImplementedError",), re.compile(r"not implemented for '(Bool|Long|Int|Short|Char|Byte)'"),
     "operation_not_for_dtype",
     "applies an operation torch does not have for tensors of that dtype (the call shown: a product, an einsum or "
     "a reduction of bool or integer tensors): matmul and einsum need floating-point operands. Combine masks with "
     "&, | and ~, and cast a mask or a one-hot to the input's dtype (.to(X.dtype)) before multiplying."),
    (("error", "PatternError"), re.compile(r"unbalanced parenthesis|nothing to repeat|bad escape|unterminated "
                                           r"character set|missing \)|multiple repeat|bad character range"),
     "regex_not_escaped",
     "builds a regular expression from the symbols themselves, and a symbol holds characters that are regex syntax "
     "('(', '+', '*', '.', '[', '\\'): the pattern fails to compile, or matches something else. Put every piece of "
     "text into a pattern through re.escape(...), or compare the symbols as strings without regular expressions."),
    (("NotImplementedError",), re.compile(r"^(?![\s\S]*not implemented for ')"), "option_not_finished",
     "raises NotImplementedError on inputs its contract accepts (the call shown): a branch of it is not written "
     "yet (an option, a mask, a batch axis, a dtype, an end condition). The main path works: finish that branch, "
     "the contract says what it must give."),
    (("TypeError", "AttributeError"), re.compile(r"unsupported operand type\(s\) for .*'NoneType'|'NoneType' object "
                                                 r"(is not (subscriptable|callable|iterable)|has no attribute)"),
     "none_used_as_a_value",
     "uses None as a value (the call shown): an optional argument left out, whose default is None, is used as if it "
     "were given (a bias added, a mask indexed), or a helper or branch returns nothing (a function that reaches its "
     "end without return gives None). Handle the None case: `if b is not None: ...`."),
    (("RecursionError",), re.compile(r"maximum recursion depth"), "recursion_too_deep",
     "nests one Python call per item (recursion on the rest of a list, or a generator wrapped around the previous "
     "one for every merge), and Python stops at about 1,000 levels (the call shown is longer: a model's sample, a "
     "real vocabulary's merges). Walk the items with a loop, keeping the result so far in a variable."),
    (("RuntimeError",), re.compile(r"[Cc]an't call numpy\(\) on Tensor that requires grad"), "numpy_on_a_graph",
     "calls .numpy() on a tensor that is part of autograd's graph (the call shown, made with gradients on, as in a "
     "caller's training step): torch refuses. For looking at values (printing, logging, a check) use "
     "x.detach().numpy() or x.tolist(); for the computation itself stay in torch, or the gradient is lost."),
    (("RuntimeError", "AssertionError", "AttributeError"),
     re.compile(r"not compiled with CUDA|[Nn]o CUDA GPUs|CUDA driver|has no attribute '_cuda_"), "needs_cuda",
     "asks for CUDA (torch.cuda..., .cuda(), device='cuda') on a machine without it: the grader, like many "
     "learners' laptops, runs on the CPU. Keep tensors on the device of the inputs (x.device, x.new_zeros(...)) and "
     "leave out GPU-only calls such as torch.cuda.synchronize()."),
    (("RuntimeError",), re.compile(r"leaf Variable that requires grad"), "in_place_on_a_leaf_that_requires_grad",
     "writes in place into a tensor it made with requires_grad=True (the call shown): autograd refuses in-place "
     "writes into such a leaf, or into a view of it. Make the buffer without requires_grad (torch.zeros(..., "
     "dtype=x.dtype)) and write into it: the gradient flows through what is written; or build the result with "
     "torch.cat / torch.stack."),
    (("ZeroDivisionError", "RuntimeError"), re.compile(r"ZeroDivisionError|division by zero|divide by zero"),
     "divides_by_zero",
     "divides by a number that is zero on an input the contract allows (the call shown: a length of 0, a count or "
     "size of 0): integer division and modulo by zero raise. Handle that case apart, or compute without dividing "
     "(j < L instead of j // L == 0)."),
    (("ValueError",), re.compile(r"math domain error"), "math_function_out_of_domain",
     "calls a function of `math` on a value outside its domain (the call shown: math.log of a probability that "
     "underflowed to 0, math.sqrt of a value rounded below 0): math raises where torch gives -inf or NaN. Work in "
     "log space from the start (torch.log_softmax), or use torch's functions, which follow the contract's values."),
    (("OverflowError", "RuntimeError"), re.compile(r"int too (big|large) to convert|value cannot be converted to "
                                                  r"type .* without overflow|Overflow when unpacking long"),
     "integer_overflow",
     "computes with a number too large for a fixed-size integer on an input the contract allows (the call shown: a "
     "large window, length or count, squared or multiplied into a tensor of int64, or kept in a small integer "
     "dtype). Compare the numbers themselves rather than their squares or products (|i - j| <= window, not "
     "(i - j)**2 <= window**2), and keep sizes as Python ints or int64."),
    (("RuntimeError",), re.compile(r"number of categories cannot exceed"), "multinomial_category_limit",
     "draws with torch.multinomial over more categories than it takes (the call shown: a vocabulary past 2**24 "
     "ids). For a uniform id, draw it directly, torch.randint(vocab_size, shape, generator=generator); keep "
     "torch.multinomial for distributions over few categories."),
    (("RuntimeError", "ValueError"), re.compile(r"random_ expects 'from' to be less than 'to'|empty range for "
                                                r"randrange|invalid multinomial distribution \(sum of probabilities"),
     "draws_from_an_empty_range",
     "draws from an empty range on an input the contract allows (the call shown: a list of one item, a bound one "
     "too small such as torch.randint(len(items) - 1, ...), or probabilities that are all zero): torch.randint(n) "
     "draws from 0 .. n - 1, so its bound is the number of choices itself, and it needs at least one."),
    (("IndexError",), re.compile(r"tensors used as indices must be long, int, byte or bool"), "index_dtype_refused",
     "indexes with a tensor of a dtype torch does not take as an index (the call shown: int16 or int8 positions or "
     "ids, which the contract allows): convert the indices with .long() before indexing."),
    (("RuntimeError",), re.compile(r"out=\.\.\. arguments don't support automatic differentiation"),
     "out_argument_breaks_autograd",
     "writes a result into a buffer of its own through out=... (torch.index_select(..., out=buf), torch.matmul(..., "
     "out=buf)), and autograd refuses such calls when an input requires grad (the call shown: a caller's training "
     "step). Let the operation return a new tensor (buf = torch.index_select(...)) instead."),
    (("RuntimeError",), re.compile(r"to have the same dtype|expected scalar type|[Ee]xpected .*same dtype"
                                   r"|dtype to be equal to|dtypes match|to have same dtypes"),
     "mixed_dtypes",
     "combines tensors of two dtypes where torch does not promote one to the other (the call shown): matmul, "
     "einsum and bmm, scatter and index assignment (x[idx] = v) want one dtype. Make what you build in the dtype of "
     "the input it meets: one_hot(...).to(X.dtype), torch.zeros(..., dtype=X.dtype), torch.ones_like(x), "
     "x.new_tensor(...)."),
)
AFTER_THE_PROBES = frozenset({"operation_not_for_dtype", "mixed_dtypes"})


def _crash_reading(observation: Observation, error: LearnerError, text: str, after_probes: bool) -> Diagnosis | None:
    """What the exception's text alone says, from `_CRASH_READINGS`: those read before or after the probes."""
    for types, pattern, name, explanation in _CRASH_READINGS:
        if (name in AFTER_THE_PROBES) == after_probes and error.type_name in types and pattern.search(text):
            return name, f"Your {observation.function} {explanation}"
    return None


def _exception_text(error: LearnerError) -> str:
    """The exception's own text, after the traceback (``TypeError: ...`` and any lines that follow it)."""
    start = error.message.rfind(f"\n{error.type_name}: ")
    return error.message[start + 1:] if start >= 0 else error.message.splitlines()[-1] if error.message else ""


def _raised_by_a_raise_statement(message: str) -> bool:
    """Whether the traceback's last line of code is the learner's own `raise` (an input check), not an operation
    that failed (Python raises ValueError for a failed unpacking, torch for some bad arguments)."""
    code = [line.strip() for line in message.splitlines()
            if line.startswith("    ") and line.strip() and set(line.strip()) - set("^~ ")]
    return bool(code) and code[-1].startswith("raise ")


def _raised_in_earlier_function(judge: Judge, function: str, error: LearnerError) -> Diagnosis | None:
    """The traceback's frames (the learner's last three) pass through a function of an exercise this one builds on:
    that function is correct code (it passed its own checks, or a correct one stands in for it), so what the
    learner's function handed it does not fit its contract."""
    if judge.exercise not in course.NAMES:
        return None
    owners = {f.name: name for name in _earlier_exercises(judge.exercise) for f in course.get(name).functions}
    frames = _FRAME.findall(error.message)
    names = [name for _, _, name in frames]
    start = len(names) - 1 - names[::-1].index(function) + 1 if function in names else 0
    callee = next((name for name in names[start:] if name in owners and name != function), None)
    if callee is None:
        return None
    where = f" at line {frames[start - 1][1]}" if start and names[start] == callee else ""
    return "raised_in_called_function", (
        f"Your {function} raises inside {callee} (your {owners[callee]} exercise), which it calls{where}, directly "
        f"or through other functions: {callee} is graded on its own, so the arguments your {function} hands it most "
        f"likely do not fit its contract. Compare their shapes, dtypes and order with {callee}'s docstring (a mask "
        "sized for the wrong sequence, (N, D) where (D, N) is expected, an argument in another's place).")


def _earlier_exercises(exercise: str) -> set[str]:
    """Every exercise ``exercise`` builds on, directly or not."""
    found, pending = set(), list(course.get(exercise).builds_on)
    while pending:
        name = pending.pop()
        if name not in found:
            found.add(name)
            pending += course.get(name).builds_on
    return found


def _crash_stage(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It stops raising, and is right, once one function it builds on is replaced by a correct one."""
    try:
        expected = calls.reference(observation.function, observation.args, observation.kwargs)
    except Exception:   # noqa: BLE001 - the reference refuses it too: an invalid call, nothing to probe
        return None
    return _stage(calls, observation, expected)


def _crash_batch(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on the batch but is right on each item of it alone."""
    batch = _right_on_every_item(calls, observation)
    if batch is not None:
        return "breaks_batching", (
            f"Your function is right on each item alone, without the batch axes {batch}, but raises on them together: "
            "it assumes a fixed number of axes (a 2-D-only matmul such as torch.mm/addmm or F.linear on columns, a "
            "loop over the first axis, .T, indexing with axis 0 or 1). Index axes from the end (-1, -2) and let "
            "every leading axis broadcast.")
    return None


def _crash_batch_of_one(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on a batch of several but runs, in the reference's form, on a batch of one (the first item, its batch
    axis kept)."""
    for batch, _ in _single_items(observation):
        if len(batch) != 1 or batch[0] < 2:
            continue
        one = [_first_of_batch(value, batch[0]) for value in (observation.args, observation.kwargs)]
        if _runs_in_form(calls, observation, *one):
            return "breaks_batching", (
                f"Your function runs on a batch of one but raises on a batch of {batch[0]}: something of size 1 meets "
                "the batch axis where it must be broadcast or expanded to the batch (a parameter given a leading "
                "axis of 1 and joined with torch.cat, which does not broadcast: expand it to the batch first).")
    return None


def _crash_without_batch(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on inputs without batch axes but runs, in the reference's form, once the first tensor argument has a
    leading axis of size 1 (the other arguments broadcast against it)."""
    if _batched(observation):
        return None
    args, kwargs = list(observation.args), dict(observation.kwargs)
    slot = next((i for i, value in enumerate(args) if isinstance(value, torch.Tensor) and value.dim() >= 1), None)
    if slot is None:
        return None
    args[slot] = args[slot].unsqueeze(0)
    if _runs_in_form(calls, observation, tuple(args), kwargs):
        return "needs_batch_axis", (
            "Your function raises on inputs without batch axes and runs once a batch axis of size 1 is added: it "
            "assumes a batch axis (x.shape[1], a loop over the first axis, unsqueeze(2) or dim=1 counted from the "
            "left). The contract allows none: count axes from the end (-1, -2) and let leading axes be optional.")
    return None


def _crash_long_sequence(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on a long sequence (over 1,000 tokens) and runs, in the reference's form, on its first 256 tokens; or
    it raises on integer positions past 1,000 and runs on the same positions modulo 256: a table or buffer of fixed
    size (nanoGPT's block_size, a cache built for 2,048 positions)."""
    tensors = _tensors((observation.args, observation.kwargs))
    lead = next((value for value in tensors if value.dim() >= 1), None)
    if lead is not None and lead.shape[-1] > 1000:
        n = lead.shape[-1]
        cut = map_tensors((observation.args, observation.kwargs),
                          lambda tensor: tensor[..., :256] if tensor.dim() >= 1 and tensor.shape[-1] == n else tensor)
        what = f"a sequence of {n} tokens and runs on its first 256"
    elif any(not value.is_floating_point() and value.dtype != torch.bool and value.numel()
             and int(value.max()) > 1000 for value in tensors):
        cut = map_tensors((observation.args, observation.kwargs), lambda tensor: tensor % 256 if not
                          tensor.is_floating_point() and tensor.dtype != torch.bool else tensor)
        what = "positions past 1,000 and runs on the same positions modulo 256"
    else:
        return None
    if _runs_in_form(calls, observation, *cut):
        return "breaks_for_long_sequences", (
            f"Your function raises on {what}: a table or buffer of fixed size (a mask or position table built once "
            "for a block size or a maximum length, as nanoGPT and Hugging Face do) is too short. The contract has "
            "no maximum length: build what you need from the sizes and positions you are given.")
    return None


def _first_of_batch(value: Any, size: int) -> Any:
    """``value`` with every tensor that starts with the batch axis (``size``) cut to its first item, the axis kept."""
    if isinstance(value, torch.Tensor):
        return value[:1] if value.dim() >= 2 and value.shape[0] == size else value
    if isinstance(value, (tuple, list)):
        return type(value)(_first_of_batch(item, size) for item in value)
    if isinstance(value, dict):
        return {key: _first_of_batch(item, size) for key, item in value.items()}
    return value


def _runs_in_form(calls: _Calls, observation: Observation, args: tuple, kwargs: dict) -> bool:
    """Whether the learner's function runs on these other inputs and returns the reference's form there (types,
    shapes, dtypes; values aside, so that functions with free random draws count too)."""
    try:
        want = calls.reference(observation.function, args, kwargs)
    except Exception:   # noqa: BLE001 - not a valid call of the contract: it tells nothing
        return False
    try:
        got = calls.learner(observation.function, args, kwargs)
    except LearnerError:
        return False
    return same_form(got, want)


def _as_lists(value: Any) -> Any:
    """A tuple as a list, and the tuples inside it likewise (the items of a list are left as they are: merges are
    lists of tuples)."""
    return [_as_lists(item) for item in value] if isinstance(value, tuple) else value


def _crash_tuple_sequence(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises when a sequence argument is a tuple, and runs in the reference's form once each tuple argument is
    a list: a list method (append, pop, copy, sort) or a + with a list, which a tuple does not have."""
    tuples = [index for index, value in enumerate(observation.args) if isinstance(value, tuple)]
    named = [key for key, value in observation.kwargs.items() if isinstance(value, tuple)]
    if not (tuples or named):
        return None
    args = tuple(_as_lists(value) for value in observation.args)
    kwargs = {key: _as_lists(value) for key, value in observation.kwargs.items()}
    if not _runs_in_form(calls, observation, args, kwargs):
        return None
    return "needs_a_list", (
        "Your function raises when a sequence argument is a tuple (the call shown) and runs once it is a list: it "
        "uses what only a list has (append, pop, copy, sort, list + list). The contract allows any sequence, a tuple "
        "as much as a list: build a list of your own (list(x), or [*x]) before you change or extend it.")


def _crash_float64(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises on float64 inputs but is right on the same inputs in float32."""
    if not any(isinstance(value, torch.Tensor) and value.dtype == torch.float64
               for value in _tensors((observation.args, observation.kwargs))):
        return None
    args, kwargs = _in_float32(observation.args), _in_float32(observation.kwargs)
    loose = Observation(observation.function, args, kwargs, None, tol=Tolerance(rtol=1e-4, atol=1e-4))
    if _right_on(calls, loose, args, kwargs):
        return "breaks_float64", (
            "Your function is right on float32 inputs but raises on float64 ones: a tensor it makes itself is float32 "
            "(torch.zeros, torch.ones, torch.tensor or a one-hot without dtype=..., or a .float()) and meets the "
            "float64 input. Make new tensors in the input's dtype (dtype=X.dtype, torch.zeros_like).")
    return None


def _crash_token_count(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises for N tokens but runs once N is made equal to the size of an axis of another argument: that axis
    meets the token axis (a bias added as a row, a transpose too many)."""
    names = _parameter_names(calls.judge, observation.function)
    labelled = [(names[i] if i < len(names) else f"argument {i}", value) for i, value in enumerate(observation.args)]
    labelled += list(observation.kwargs.items())
    tensors = [(label, value) for label, value in labelled if isinstance(value, torch.Tensor)]
    lead = next((value for _, value in tensors if value.is_floating_point() and value.dim() >= 2), None)
    if lead is None:
        return None
    count = lead.shape[-1]
    sizes = {}
    for label, value in tensors:
        for axis, size in enumerate(value.shape):
            if size not in (count, 1) and size not in sizes:
                sizes[size] = f"axis {axis} of {label}"

    def resized(value: Any, size: int) -> Any:
        if not isinstance(value, torch.Tensor):
            return value
        picks = torch.arange(size) % count
        for axis in (-1, -2):
            if value.dim() >= -axis and value.shape[axis] == count:
                value = value.index_select(axis, picks)
        return value

    for size, where in sorted(sizes.items())[:3]:
        args = tuple(resized(value, size) for value in observation.args)
        kwargs = {key: resized(value, size) for key, value in observation.kwargs.items()}
        try:
            calls.reference(observation.function, args, kwargs)
            calls.learner(observation.function, args, kwargs)
        except _Budget:
            raise
        except Exception:   # noqa: BLE001 - still raises, or not a valid call of the contract
            continue
        return "breaks_unless_sizes_match", (
            f"Your function raises for N = {count} tokens but runs for N = {size}, the size of {where}: an axis of "
            "that size meets the token axis. Most often a vector (a bias, a gain) is added as a row where it must be "
            "a column (b[:, None] against a (D, N) matrix), or a matrix is transposed once too often.")
    return None


def _crash_size_argument_matches_an_axis(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises for an integer size argument, and is right once that size is made equal to the length of an axis
    of a tensor argument: a loop or an index runs over one of the two sizes where the other is meant."""
    names = _parameter_names(calls.judge, observation.function)
    tensors = [(label, value) for label, value, _ in _argument_slots(observation, names)
               if isinstance(value, torch.Tensor)]
    for label, value, rebuild in _argument_slots(observation, names):
        if type(value) is not int or value < 1:
            continue
        lengths = sorted({(size, f"axis {axis} of {other}") for other, tensor in tensors
                          for axis, size in enumerate(tensor.shape) if size not in (0, 1, value)})[:3]
        for size, where in lengths:
            if _right_on(calls, observation, *rebuild(size)):
                return "breaks_unless_sizes_match", (
                    f"Your function raises for {label}={value} but is right for {label}={size}, the length of "
                    f"{where}: a loop, an index or a shape uses one of these two sizes where the other is meant "
                    f"(a loop over range({label}) that indexes {where.split(' of ')[1]}, say). Take each size from "
                    "where the contract puts it.")
    return None


def _crash_sizes(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises for a size given as an integer argument, and is right for the size next to it (one more or one
    less): an odd size, a size of one, a size not divisible by something the contract does not require."""
    found = _right_for_a_neighbouring_size(calls, observation)
    if found is None:
        return None
    label, value, other = found
    return "breaks_for_size", (
        f"Your function raises for {label}={value} but is right for {label}={other}: a size the contract allows is "
        f"not handled ({'an odd' if value % 2 else 'an even'} {label}, or a size of one): look for slices with a "
        "step, halves, or shapes assumed to divide evenly.")


def _crash_axis_of_one(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises when a tensor argument has an axis of size 1, and runs, in the reference's form, once every such
    axis of the tensor arguments has size 2 (its entry repeated): an axis of one squeezed away (squeeze() with no axis
    removes a batch of one too), or an index that assumes two items or more."""
    names = _parameter_names(calls.judge, observation.function)
    ones = [(label, tuple(value.shape)) for label, value, _ in _argument_slots(observation, names)
            if isinstance(value, torch.Tensor) and 1 in value.shape]
    if not ones:
        return None

    def doubled(value: Any) -> Any:
        if isinstance(value, torch.Tensor) and 1 in value.shape:
            return value.repeat(*(2 if size == 1 else 1 for size in value.shape))
        return value

    args = tuple(doubled(value) for value in observation.args)
    kwargs = {key: doubled(value) for key, value in observation.kwargs.items()}
    if not _runs_in_form(calls, observation, args, kwargs):
        return None
    where = ", ".join(f"{label} of shape {shape}" for label, shape in ones[:2])
    return "breaks_for_axis_of_one", (
        f"Your function raises when an axis has size 1 ({where}) and runs once that axis has size 2: an axis of one "
        f"is dropped or mishandled. {_SQUEEZED} An index that assumes two items or more does the same.")


# What breaks_for_axis_of_one most often comes from, and the way out.
_SQUEEZED = ("Most often squeeze() without an axis, which removes every axis of size 1 (a batch of one, a single "
             "token, a single id, a single window) and so changes how many axes the rest of the code sees; name the "
             "axis (squeeze(-1)), or index with a slice (x[..., :1]) that keeps it.")


# What torch says when code indexes or reduces along an axis that is not there.
_AXIS_MISSING = re.compile(r"too many indices for tensor of dimension|Dimension out of range|number of dims don't "
                           r"match|dimension specified as \d+ but tensor has no dimensions")


def _crash_result_axis_of_one(calls: _Calls, observation: Observation, error: LearnerError) -> Diagnosis | None:
    """It raised for an axis that is not there, on a call whose result has an axis of size 1 (one window, one head,
    one batch item): an axis of one squeezed away on the way, as squeeze() with no axis does."""
    if error.type_name not in ("IndexError", "RuntimeError") or not _AXIS_MISSING.search(_exception_text(error)):
        return None
    try:
        want = calls.reference(observation.function, observation.args, observation.kwargs)
    except Exception:   # noqa: BLE001 - not a valid call of the contract: it tells nothing
        return None
    if not (isinstance(want, torch.Tensor) and 1 in want.shape):
        return None
    return "breaks_for_axis_of_one", (
        f"Your function raises for an axis that is not there (the call shown), and this call's result has an axis "
        f"of size 1 (its shape is {tuple(want.shape)}): an axis of one was dropped on the way. {_SQUEEZED}")


# (type, value at an edge of an argument's range) -> a value inside the range, to call with instead
_INSIDE_OF_EDGE = {(float, 0.0): 0.5, (float, 1.0): 0.5, (int, 0): 1}


def _crash_edge_value(calls: _Calls, observation: Observation) -> Diagnosis | None:
    """It raises for an argument at an edge of its range (a float of 0 or 1, an integer of 0) and is right once that
    one argument is moved inside (0.5, 1), and for no other such argument: the contract gives the edge a meaning (a
    temperature of 0 is greedy, a top_p of 1 keeps every token, a shift of 0 shifts nothing) that the function does
    not handle. An argument at its default value is not an edge."""
    names = _parameter_names(calls.judge, observation.function)
    try:
        defaults = {name: p.default for name, p in
                    inspect.signature(getattr(calls.judge.reference, observation.function)).parameters.items()}
    except (AttributeError, TypeError, ValueError):
        defaults = {}
    fixed = []
    for label, value, rebuild in _argument_slots(observation, names):
        inside = _INSIDE_OF_EDGE.get((type(value), value)) if type(value) in (int, float) else None
        if inside is not None and defaults.get(label, inspect.Parameter.empty) != value and \
                _right_on(calls, observation, *rebuild(inside)):
            fixed.append((label, value, inside))
    if len(fixed) != 1:
        return None
    label, value, inside = fixed[0]
    return "breaks_at_edge_value", (
        f"Your function raises for {label}={value!r} but is right for {label}={inside!r}: the contract allows "
        f"{label}={value!r} and says what it means (a temperature of 0 picks the most likely token, a top_p of 1 "
        "keeps every token, a shift or count of 0 changes nothing). Handle that value on its own path instead of "
        "dividing by it, indexing with it or searching for something it makes empty.")


def _tensors(value: Any) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [tensor for item in value for tensor in _tensors(item)]
    if isinstance(value, dict):
        return [tensor for item in value.values() for tensor in _tensors(item)]
    return []


def _in_float32(value: Any) -> Any:
    return map_tensors(value, lambda tensor: tensor.float() if tensor.dtype == torch.float64 else tensor)


def _ordinal_suffix(n: int) -> str:
    """"st", "nd", "rd" or "th": 21st, 42nd, 13th."""
    return "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
