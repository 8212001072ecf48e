"""Name the learner's mistake: compare their outputs with every known-wrong variant's outputs on the same inputs.

A hidden check records what it asked the learner and what came back (``Observation``). When the check fails, the
grader runs each wrong variant of the catalogue (trusted code, in the grader's process) on the same inputs; the
first variant that reproduces EVERY recorded output — within the check's tolerance — names the misconception. If
none does, a generic diagnosis is derived from the first wrong output: its shape explained axis by axis,
its dtype, NaNs, a transpose, a permutation of columns, a constant factor, columns that do not sum to 1.
"""
from __future__ import annotations

import contextlib

import copy
import difflib
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch

from course.axes import axis_name
from grader import catalogue
from grader.memo import memoised
from grader.sandbox.protocol import NumpyArray, Seed, TableModel, grad_slot

U32 = 2.0 ** -24  # unit roundoff of float32 (≈ 6e-8): the accuracy every check is built around

# Names of the diagnoses that do NOT come from the catalogue (derived from invariants; see ``generic``).
GENERIC = frozenset({"wrong_shape", "wrong_dtype", "not_finite", "transposed", "columns_permuted", "constant_factor",
                     "columns_not_normalised", "negative_weights", "different_values", "different_sequence",
                     "different_length", "different_result", "no_gradient", "wrong_gradient", "missing_value_error",
                     "invariant_broken", "modifies_input_in_place", "entries_rearranged", "mask_allows_too_much",
                     "mask_allows_too_little", "mask_negated", "whitespace_differs", "segmentation_differs",
                     "unexpected_symbols", "wrong_type", "text_cut_short", "returns_extra_values",
                     "text_normalised", "text_extra", "text_missing", "text_replaced",
                     "unreadable_result", "gradient_switched_off", "weights_transposed",
                     "implicit_default_differs", "count_off_at_the_edges", "count_off_per_row",
                     "wrong_in_first_column_only", "reentrant_checkpoint", "custom_backward_fails",
                     "backward_reads_a_later_call", "imports_hidden_package", "draws_repeat_across_calls",
                     # structural diagnoses (grader.probes), found by probing the learner's function
                     "axes_permuted", "right_up_to_normalisation", "right_for_first_columns",
                     "fully_masked_queries_wrong", "float32_accuracy", "batch_axis", "heads", "argument_ignored",
                     "stage_wrong", "argument_misused", "raised_in_called_function", "nondeterministic",
                     "breaks_for_size", "breaks_unless_sizes_match", "rejects_valid_input", "argument_transposed",
                     "needs_batch_axis", "wrong_for_size", "breaks_for_long_sequences", "in_place_breaks_autograd",
                     "default_argument_differs", "float_used_as_size", "breaks_at_edge_value",
                     "size_written_in_code", "right_only_when_square", "tensor_tested_for_truth", "first_wrong_step",
                     "explicit_zero_ignored", "explicit_zero_differs",
                     "wrong_after_the_last_step", "breaks_empty_input", "identity_decides",
                     "inference_mode_breaks_autograd", "integer_argument_misread", "signature_differs",
                     "breaks_for_axis_of_one", "writes_into_shared_memory", "read_in_another_axis_order",
                     "operation_not_for_dtype", "mixed_dtypes", "changes_global_settings",
                     "in_place_on_a_leaf_that_requires_grad", "numpy_on_a_graph", "needs_cuda", "recursion_too_deep",
                     "result_items_in_another_order", "regex_not_escaped", "option_not_finished",
                     "none_used_as_a_value",
                     "returns_inference_tensor", "changes_model_mode", "changes_model_state", "starts_threads_at_import",
                     "backward_fails",
                     "integer_overflow", "multinomial_category_limit", "allocates_by_a_bound",
                     "draws_from_an_empty_range", "argument_sign_flipped",
                     "tokens_and_width_mixed_up", "needs_a_list",
                     # a clause check whose failure nothing more specific explains (grader.clauses)
                     "breaks_structured_tokens", "breaks_batching", "breaks_single_token", "breaks_unequal_lengths",
                     "breaks_float64",
                     "breaks_large_magnitudes", "breaks_fully_masked_query", "hidden_keys_leak", "breaks_one_head",
                     "breaks_clause", "assumes_contiguous", "breaks_broadcasting", "remembers_between_calls",
                     "shares_its_results", "breaks_constant_columns", "follows_the_default_dtype",
                     "mask_not_broadcast", "renamed_parameter", "zero_token_taken_for_padding",
                     "scores_lose_precision", "all_visible_mask_differs", "argument_type_refused",
                     "breaks_small_magnitudes", "second_backward_differs", "graph_kept_across_calls",
                     "global_generator_touched", "patches_torch", "rebinds_module_function",
                     "differs_without_grad", "breaks_in_inference_mode", "model_handled_as_one_kind",
                     "turns_grad_mode_on", "gradient_follows_requires_grad", "gradient_of_repeated_tokens",
                     "params_extra_entries_refused", "params_read_in_order", "out_argument_breaks_autograd", "divides_by_zero",
                     "math_function_out_of_domain", "index_dtype_refused", "breaks_many_batch_axes",
                     "breaks_long_sequences"})
# Calls the sandbox fails although they returned, by the error type it gives them: the diagnosis each gets.
SANDBOX_READINGS = {
    # torch's global settings left changed (the message names which)
    "SettingsChanged": ("changes_global_settings", (
        "Your function gives its result but leaves one of torch's global settings changed (the message names "
        "which), and the caller's code runs on under it: gradients switched off (or on) for the rest of a training "
        "loop or an inference, float64 for every tensor made later, a program limited to one thread. Use the "
        "context managers, which put a setting back on exit (with torch.no_grad():, with torch.enable_grad():), "
        "pass dtypes explicitly rather than setting the default, or save and restore a setting in try/finally.")),
    "TorchPatched": ("patches_torch", (
        "Your function gives its result but replaces one of torch's own functions for the whole process (the message "
        "names which): torch.softmax = ..., F.softmax = ..., or a method set on torch.Tensor. Every other piece of "
        "code in the program that calls it, a caller's training loop or another library, then runs your version. "
        "Define a function of your own (def my_softmax(...)) and call it where you need it; never assign to "
        "torch's names.")),
    "FunctionRebound": ("rebinds_module_function", (
        "Your function gives its result but rebinds a function of its module (the message names which) to another "
        "one (global softmax_cols; softmax_cols = ...), so every later call of that module's functions, graded or "
        "a caller's, runs with the new one. Give a variant a name of its own, or pass what differs as an argument; "
        "a cache wrapped around the same function (functools.lru_cache(f)) is fine.")),
    "ModelModeChanged": ("changes_model_mode", (
        "Your function hands the model it is given back in another mode than it came in (the message says which): "
        "switched to eval mode and left there, a caller who scores or samples in the middle of training trains on "
        "without dropout; switched to training mode afterwards, a caller's validation loop goes on with dropout. "
        "Leave the mode to the caller (the model is called as it is given), or put it back as it was: was = "
        "model.training; model.eval(); ...; model.train(was).")),
    "ModelStateChanged": ("changes_model_state", (
        "Your function changes the model it is given beyond its mode (the message says what): which weights "
        "require grad (requires_grad_(), a frozen layer unfrozen or a trained one frozen), their dtype "
        "(model.double() converts the caller's module in place), the gradients the caller is accumulating "
        "(model.zero_grad()), or it calls model.forward(ids) directly, which skips the module's hooks. Call the "
        "model as it is given, model(ids), and convert or detach its logits instead.")),
    "GradModeChanged": ("turns_grad_mode_on", (
        "Your function was called under torch.no_grad() and returned a result that requires grad: it turns grad mode "
        "on inside (torch.enable_grad(), torch.set_grad_enabled(True)), so a caller who asked for no graph (an "
        "evaluation, sampling, inference) gets one, and keeps its memory alive. Leave grad mode as the caller set "
        "it: a caller who wants gradients calls with grad mode on.")),
    "GlobalGeneratorTouched": ("global_generator_touched", (
        "Your function was given a generator but also drew from torch's global generator, or seeded it "
        "(torch.manual_seed): a caller's other random streams move (or repeat) because of a call that should draw "
        "only from its own. Pass generator=generator to every draw, and never seed the global generator.")),
    "SecondBackwardDiffers": ("second_backward_differs", (
        "Your function's backward pass works once but not twice through the same graph (loss.backward("
        "retain_graph=True), then again, as gradient penalties and some training loops do): it pops, deletes or "
        "changes what its forward saved. In a torch.autograd.Function, leave ctx's saved tensors as they are, or "
        "let autograd derive the backward.")),
    "GraphKeptAcrossCalls": ("graph_kept_across_calls", (
        "Your function keeps something between calls that carries the autograd graph of one call into the next (a "
        "buffer added to, a cached tensor computed from an earlier input): a later call's loss then sends gradient "
        "into an earlier step's tensors, and memory grows with every step. Compute each call's result from its own "
        "inputs only; cache nothing that requires grad.")),
    "ThreadsLeftRunning": ("starts_threads_at_import", (
        "Importing your module starts threads that are still running when the import ends (code at module level: "
        "threading.Thread(...).start(), a pool's workers, a background loop). Every later call, of this exercise "
        "and of any other, would run beside them, and a spinning thread slows every one of them; so the module is "
        "not imported again, and its functions fail. Start no work when the module is imported: do it inside the "
        "functions, and let every thread you start finish before the function returns.")),
    "InferenceTensorReturned": ("returns_inference_tensor", (
        "Your function returns a tensor made under torch.inference_mode(): the caller cannot backpropagate through "
        "anything computed from it, nor change it in place. torch.no_grad() saves the same work and returns "
        "ordinary tensors.")),
}
# The diagnoses that only say that something differs, without saying how.
UNSPECIFIC = frozenset({"different_values", "different_result", "different_sequence", "invariant_broken"})
# What a clause check's own name says better: a failed clause names the clause unless the diagnosis says more than
# "the values differ" or "the mask (an optional argument) is used wrongly" (grader.clauses).
WEAKER_THAN_A_CLAUSE = UNSPECIFIC | {"argument_misused"}


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
    def float32(cls, growth: float, scale: float = 1.0) -> Tolerance:
        return cls(rtol=growth * U32, atol=growth * U32 * scale)

    @classmethod
    def exact(cls) -> Tolerance:
        return cls(0.0, 0.0)

    def scaled(self, factor: float) -> Tolerance:
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
    names: tuple[str, ...] = ()  # the function's parameter names, for messages about its arguments
    global_seed: int | None = None  # torch.manual_seed(n) before the call (`Judge.global_seed`), else None


def describe(value: Any) -> str:
    """A short description of an argument that does not reveal it: shapes and dtypes, lengths, small numbers."""
    if isinstance(value, torch.Tensor):
        return f"{str(value.dtype).removeprefix('torch.')} {tuple(value.shape)}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 and " " not in value else f"a text of {len(value.split())} words"
    if isinstance(value, TableModel):
        return f"a model with vocabulary {value.table.shape[0]}" + (
            "" if value.context == "last" else " (reading every earlier token)")
    if isinstance(value, Seed):
        return "a seeded generator"
    if isinstance(value, dict):
        return "params"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} items"
    return repr(value)


def materialise(value: Any) -> Any:
    """Arguments as a Python function receives them: a Seed becomes a fresh seeded generator, tensors are copied."""
    if isinstance(value, Seed):
        return torch.Generator().manual_seed(value.n)
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (list, tuple)):
        return type(value)(materialise(item) for item in value)
    if isinstance(value, dict):
        return {key: materialise(item) for key, item in value.items()}
    return copy.copy(value)


def map_tensors(value: Any, change: Callable[[torch.Tensor], torch.Tensor]) -> Any:
    """`value` with `change` applied to every tensor in it (inside tuples, lists, dicts and table models, rebuilt)."""
    if isinstance(value, torch.Tensor):
        return change(value)
    if isinstance(value, TableModel):
        return TableModel(change(value.table), change(value.pos), value.context, value.layout, value.kind)
    if isinstance(value, (tuple, list)):
        return type(value)(map_tensors(item, change) for item in value)
    if isinstance(value, dict):
        return {key: map_tensors(item, change) for key, item in value.items()}
    return value


def run_trusted(fn: Callable, args: tuple, kwargs: dict, grad: tuple[list, torch.Tensor] | None = None) -> Any:
    """Run a trusted function the way the sandbox runs the learner's: ``fn(*args, **kwargs)``, or with ``grad`` the
    pair (output, grads) of the backward pass of (output * cotangent).sum() (output = first item of a tuple), or of
    the sum over a tuple's items when ``cotangent`` is a tuple (one per item, None for an item not differentiated)."""
    args, kwargs = materialise(args), materialise(kwargs)
    if grad is None:
        return fn(*args, **kwargs)
    wrt, cotangent = grad
    args = list(args)
    leaves = {}
    for key in wrt:
        container, name = grad_slot(args, kwargs, key)
        container[name] = container[name].detach().requires_grad_(True)
        leaves[key] = container[name]
    output = fn(*args, **kwargs)
    if isinstance(cotangent, tuple):  # one per output item (None: not differentiated)
        pairs = [(item, cot) for item, cot in zip(output, cotangent, strict=True) if cot is not None]
    else:
        pairs = [(output[0] if isinstance(output, tuple) else output, cotangent)]
    terms = [(item * cot).sum() for item, cot in pairs if item.requires_grad]
    if terms:
        sum(terms).backward()
    return output, {key: leaf.grad for key, leaf in leaves.items()}


def unused_as_zero(got: tuple, expected: tuple, tol: Tolerance) -> tuple[tuple, tuple]:
    """Gradient results where an argument one side leaves unused (no gradient) while the other's gradient is zero
    within `tol` count as zero on both sides: a key bias's true gradient is 0 (the column softmax cancels it), so an
    implementation may drop it. A missing gradient where the other side's is not zero stays missing."""
    (output, grads), (want_output, want_grads) = got, expected
    if not (isinstance(grads, dict) and isinstance(want_grads, dict)):
        return got, expected
    grads, want_grads = dict(grads), dict(want_grads)
    for key in set(grads) & set(want_grads):
        mine, theirs = grads[key], want_grads[key]
        if mine is None and isinstance(theirs, torch.Tensor) and agree(torch.zeros_like(theirs), theirs, tol):
            grads[key] = torch.zeros_like(theirs)
        elif theirs is None and isinstance(mine, torch.Tensor) and agree(mine, torch.zeros_like(mine), tol):
            want_grads[key] = torch.zeros_like(mine)
    return (output, grads), (want_output, want_grads)


def infinite_inputs_as_zero(got: tuple, expected: tuple, args: tuple, kwargs: dict) -> tuple[tuple, tuple]:
    """Gradient results with the entries at infinite inputs (a masked score of -inf) set to 0 on both sides: a function
    is constant there, and how autograd fills them (0, or NaN from a guarded 0/0) is no part of the contract."""
    (output, grads), (want_output, want_grads) = got, expected
    if not (isinstance(grads, dict) and isinstance(want_grads, dict)):
        return got, expected
    grads, want_grads = dict(grads), dict(want_grads)
    for key in set(grads) & set(want_grads):
        holder, name = grad_slot(list(args), dict(kwargs), key)
        infinite = torch.isinf(holder[name])
        if not bool(infinite.any()):
            continue
        for side in (grads, want_grads):
            if isinstance(side[key], torch.Tensor) and side[key].shape == infinite.shape:
                side[key] = side[key].masked_fill(infinite, 0)
    return (output, grads), (want_output, want_grads)


# pure, and every submission of a class is graded on the same inputs (the catalogue's variants are run through it)
evaluate = memoised(run_trusted)


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
            return f"{where} should be a tensor, got {_type_name(got)}"
        if _token_sequences(got, expected) and got.shape != expected.shape:
            return f"{where} has {len(got)} tokens, expected {len(expected)}{_first_difference(got, expected)}"
        if got.shape != expected.shape:
            return f"{where} has shape {tuple(got.shape)}, expected {tuple(expected.shape)}"
        if got.dtype != expected.dtype:
            return f"{where} has dtype {_dtype(got)}, expected {_dtype(expected)}"
        return _value_difference(got, expected, tol, where)
    if isinstance(expected, (tuple, list)):
        # a list is due where the contract returns one (tokens, merges, examples); a list where a tuple is due
        # unpacks as the tuple does
        if not isinstance(got, list if isinstance(expected, list) else (tuple, list)):
            return f"{where} should be a {type(expected).__name__} of {len(expected)} items, got {_type_name(got)}"
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
        if math.isclose(got, expected, rel_tol=tol.rtol, abs_tol=tol.atol):
            return None
        if math.isnan(got) and math.isnan(expected):
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
    if torch.allclose(g, e, rtol=tol.rtol, atol=tol.atol):  # the common case, in one call: |g - e| <= atol + rtol |e|
        return None
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

def matching_variant(exercise: str, observations: list[Observation],
                     expected: list[Any]) -> catalogue.Variant | None:
    """The wrong variant of ``exercise`` that reproduces every observation (None if none does) and is itself wrong
    where the learner is: a variant that leaves the failing function correct explains nothing, however close the
    learner's slightly-off output lies to it. When several do (inputs that cannot tell them apart), the one already
    named on other checks of this grading wins, else the first in the catalogue.

    Variant and learner both compute in the observation's dtype, so each may be off by the check's tolerance: the
    match allows twice that.
    """
    # The learner's wrong outputs first: most variants fail to reproduce one of them, and the rest is not run.
    wrong_first = sorted(range(len(observations)),
                         key=lambda i: agree(observations[i].result, expected[i], observations[i].tol))
    matches = [variant for variant in catalogue.variants(exercise, correct=False)
               if all(_reproduces(catalogue.load(variant), observations[i], expected[i]) for i in wrong_first)]
    named = [variant for variant in matches if variant.label in NAMED_THIS_GRADING]
    return (named or matches or [None])[0]


# Python's own words when a call's arguments do not fit a function's signature (names, count, keyword-only).
NAMES_REFUSED = re.compile(r"unexpected keyword argument|missing \d+ required (positional|keyword-only) argument|"
                           r"got multiple values for argument|takes (from \d+ to )?\d+ positional arguments? but|"
                           r"got some positional-only")


NAMED_THIS_GRADING: set[str] = set()  # variant labels named so far in this grading (reset by the plugin per session)


_FAILED = object()


def unexpanded(got: Any, expected: Any) -> Any:
    """`got` with each tensor that is an expected one broadcast over more batch axes (identical copies, as expanding
    attention's weights over the batch of V gives) reduced to one copy: an output that no batched argument reaches
    may carry the batch or not."""
    if isinstance(got, tuple) and isinstance(expected, tuple) and len(got) == len(expected):
        return tuple(unexpanded(g, e) for g, e in zip(got, expected))
    if not (isinstance(got, torch.Tensor) and isinstance(expected, torch.Tensor)):
        return got
    extra = got.dim() - expected.dim()
    if extra <= 0 or got.shape[extra:] != expected.shape or not got.numel():
        return got
    first = got[(0,) * extra]
    return first if torch.equal(got, first.expand_as(got)) else got


def _reproduces(module: Any, observation: Observation, want: Any) -> bool:
    """Whether the variant module gives the learner's result on this observation, and is itself wrong there if the
    learner is."""
    output = _variant_output(module, observation)
    if output is _FAILED:
        return False
    if observation.grad:
        output = unused_as_zero(output, want, observation.tol)[0]
    else:   # as the learner's own result was read where no batched argument reaches an output (broadcast_batch)
        output = unexpanded(output, observation.result)
    return agree(observation.result, output, observation.tol.scaled(2.0)) and \
        (agree(observation.result, want, observation.tol) or not agree(output, want, observation.tol))


def _variant_output(module: Any, observation: Observation) -> Any:
    """What the variant module computes on the observation's inputs (``_FAILED`` if it cannot run on them)."""
    fn = getattr(module, observation.function, None)
    if fn is None:
        return _FAILED
    if observation.global_seed is not None:   # the variant draws from the seed the learner's call started from
        seed, unseeded = observation.global_seed, fn

        def fn(*args: Any, **kwargs: Any) -> Any:
            torch.manual_seed(seed)
            return unseeded(*args, **kwargs)
    try:
        with torch.no_grad() if observation.grad is None else torch.enable_grad(), \
                contextlib.nullcontext() if observation.global_seed is None else torch.random.fork_rng(devices=[]):
            return evaluate(fn, observation.args, observation.kwargs, observation.grad)
    except Exception:   # a variant that cannot even run on these inputs does not reproduce a result
        return _FAILED


def generic(observation: Observation, expected: Any) -> tuple[str, str]:
    """A diagnosis from invariants when no known mistake matches."""
    got = observation.result
    if observation.grad is not None:
        return _generic_gradient(got, expected, observation.tol, observation.names)
    if isinstance(expected, tuple) and isinstance(got, tuple) and len(got) == len(expected):
        order = _items_in_another_order(got, expected, observation.tol)
        if order:
            return "result_items_in_another_order", (
                f"Your {observation.function or 'function'} returns the right items in another order: item "
                + ", ".join(f"{mine} of yours is item {want} of the contract's" for mine, want in order if mine != want)
                + ". Return them in the order the contract's signature gives (the stub's docstring says it).")
        for index, (g, e) in enumerate(zip(got, expected)):
            if not agree(g, e, observation.tol):
                name, text = generic(Observation(observation.function, (), {}, g, tol=observation.tol), e)
                return name, f"In item {index} of the returned tuple: {text}"
    if isinstance(expected, torch.Tensor) and isinstance(got, torch.Tensor):
        return _generic_tensor(got, expected, observation.tol, observation.function)
    if isinstance(expected, list) and isinstance(got, list):
        return _generic_sequence(got, expected, observation.function, observation.args)
    if isinstance(expected, str) and isinstance(got, str) and got.split() == expected.split():
        return "whitespace_differs", ("Your text has the right words but its spacing differs (spaces between, before "
                                      "or after them, or other whitespace): " + FUNCTION_HINTS.get(
                                          observation.function, "check where spaces are added and stripped."))
    if isinstance(expected, str) and isinstance(got, str) and "".join(got.split()) == "".join(expected.split()):
        return "whitespace_differs", ("Your text has the right characters, but spaces where none belong or none "
                                      "where one does: " + FUNCTION_HINTS.get(observation.function,
                                                                               "check where spaces come from."))
    if isinstance(expected, str) and isinstance(got, str) and got != expected and (
            expected.startswith(got) or expected.endswith(got)):
        end = "end" if expected.startswith(got) else "start"
        return "text_cut_short", (f"Your text is the expected one with characters missing at its {end} "
                                  f"({expected[len(got):] if end == 'end' else expected[:-len(got)]!r}): something "
                                  "strips or slices more than it should. str.strip, rstrip and lstrip remove every "
                                  "character of the SET they are given (rstrip('</w>') also eats a final 'w'); "
                                  "to remove a suffix, use str.removesuffix.")
    if isinstance(expected, str) and isinstance(got, str):
        found = _text_edits(got, expected)
        if found:
            return found
    found = _wrong_type(got, expected, observation.tol)
    if found:
        return found
    return "different_result", (f"The result differs from the expected one: "
                                f"{difference(got, expected, observation.tol)}. "
                                + FUNCTION_HINTS.get(observation.function, ""))


def _items_in_another_order(got: tuple, expected: tuple, tol: Tolerance) -> list[tuple[int, int]] | None:
    """(index in got, index in expected) for each item, when every item of got agrees with a different item of
    expected than its own place's (a permutation other than the identity), else None."""
    if not 2 <= len(got) <= 4:
        return None
    for order in itertools.permutations(range(len(got))):
        if list(order) != list(range(len(got))) and all(agree(got[mine], expected[want], tol)
                                                        for mine, want in enumerate(order)):
            return list(enumerate(order))
    return None


MAX_TEXT_COMPARED = 5_000   # characters of both texts (difflib's matching is quadratic): longer ones read generically


def _text_edits(got: str, expected: str) -> tuple[str, str] | None:
    """How a wrong text differs from the expected one: in Unicode form only, or by the edits that turn the expected
    text into it (insertions only, deletions only, or replacements), the most frequent ones quoted."""
    for form in ("NFC", "NFKC"):
        if unicodedata.normalize(form, got) == unicodedata.normalize(form, expected):
            return "text_normalised", (
                "Your text has the right characters in another Unicode form (an accent composed with its letter where "
                "the tokens keep it apart, or the reverse; a ligature such as 'ﬁ' spelled out): something normalises "
                "it. Keep every character exactly as the tokens give it.")
    if len(got) + len(expected) > MAX_TEXT_COMPARED:
        return None
    edits: Counter[tuple[str, str]] = Counter()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, expected, got, autojunk=False).get_opcodes():
        if tag != "equal":
            edits[expected[i1:i2], got[j1:j2]] += 1
    if not edits:
        return None
    places = sum(edits.values())
    shown = "; ".join(_edit_text(want, mine) + (f" ({count} times)" if count > 1 else "")
                      for (want, mine), count in edits.most_common(3))
    more = "" if len(edits) <= 3 else f"; and {len(edits) - 3} other edit{'s' if len(edits) > 4 else ''}"
    where = f"in {places} place{'s' if places > 1 else ''}: {shown}{more}"
    if all(not want for want, _ in edits):
        return "text_extra", f"Your text is the expected one with text added {where}. Look for what is never removed."
    if all(not mine for _, mine in edits):
        return "text_missing", (f"Your text is the expected one with characters left out {where}. Look for what "
                                "skips, slices or drops more than it should.")
    return "text_replaced", f"Your text differs from the expected one {where}."


def _edit_text(want: str, mine: str) -> str:
    if not want:
        return f"an extra {mine!r}"
    if not mine:
        return f"{want!r} left out"
    return f"{mine!r} where the expected text has {want!r}"


def wrong_kind(observation: Observation, expected: Any) -> tuple[str, str] | None:
    """The result is of another kind than the contract's (see `_wrong_type`): said before any probe reads its values."""
    return None if observation.grad is not None else _wrong_type(observation.result, expected, observation.tol)


def _type_name(value: Any) -> str:
    return getattr(value, "type_name", type(value).__name__)


def _wrong_type(got: Any, expected: Any, tol: Tolerance) -> tuple[str, str] | None:
    """A value of another kind than the contract's: a Python number, list or numpy array for a tensor, a tensor for
    a Python number, a float for an int, a tuple for a list; or the result with more beside it."""
    number = (int, float)
    index = next((index for index, item in enumerate(got) if agree(item, expected, tol)), None) \
        if isinstance(expected, torch.Tensor) and isinstance(got, (tuple, list)) else None
    if index is not None:
        return "returns_extra_values", (
            f"Your result is a {type(got).__name__} of {len(got)} items whose item {index} is the expected result: "
            "return the result alone. Only the functions whose contract says so return more than one value "
            "(scaled_dot_product_attention's weights); keep anything else you computed (weights, scores, a cache) to "
            "yourself.")
    if got is None and expected is not None:
        text = ("Your function returns None here: on this input it reaches its end (or a bare `return`) without "
                "returning its result. Look for a return inside a loop or an if that this input never reaches, or a "
                "result assigned inside the loop and returned nowhere, or `return x.sort()`: list methods that change "
                "the list in place (sort, append, extend) return None.")
    elif isinstance(expected, torch.Tensor) and isinstance(got, NumpyArray):
        text = ("Your result is a numpy array where a tensor is expected: compute with torch from start to end (a "
                "numpy round trip also cuts autograd off), or at least return torch.from_numpy(...) of it.")
    elif isinstance(expected, torch.Tensor) and isinstance(got, (tuple, list)):
        text = (f"Your result is a Python {type(got).__name__} where a tensor is expected: keep the values in a "
                "tensor (torch.stack or torch.cat of the pieces, torch.tensor(...) of numbers) and return it.")
    elif isinstance(expected, list) and isinstance(got, tuple):
        text = ("Your result is a tuple where the contract returns a list: a tuple never equals a list ([1] != (1,)) "
                "and cannot be appended to; return list(...) of it.")
    elif isinstance(expected, torch.Tensor) and isinstance(got, number):
        text = (f"Your result is a Python {type(got).__name__} where a tensor is expected (a 0-d tensor for one "
                "number): .item(), float() or int() turned it into a number; return the tensor itself.")
    elif isinstance(expected, number) and isinstance(got, torch.Tensor):
        text = (f"Your result is a tensor where a Python {type(expected).__name__} is expected: convert it "
                f"({type(expected).__name__}(...) or .item()).")
    elif isinstance(expected, int) and not isinstance(expected, bool) and type(got) is float:
        text = ("Your result is a float where an int is expected: / divides into a float in Python even when the "
                "division is exact; count with // (or int(...) of an exact value).")
    else:
        return None
    return "wrong_type", text


FUNCTION_HINTS = {
    "softmax_cols": "Check the axis (-2: each column sums to 1), the max subtraction, and all -inf columns.",
    "one_hot": "Column n must be the unit vector of token ids[n]: shape (..., V, N).",
    "embed": "Column n must be Ω_e[:, ids[n]]: shape (..., D, N), in Ω_e's dtype.",
    "sinusoidal_positions": "Row 2i is sin(n / 10000^(2i/D)), row 2i+1 the cosine of the same angle; shape (D, N).",
    "apply_mask": "Hidden entries (mask False) become -inf; visible ones keep their score.",
    "scaled_dot_product_attention": "Check KᵀQ (keys as rows), the 1/sqrt(D_k) scale, the mask before the softmax, "
                                    "and the softmax over the keys (axis -2).",
    "self_attention": "Check each projection W X + b[:, None] and the scale sqrt(D_k) (the query width).",
    "multi_head_attention": "Check the head split (contiguous row blocks of D/H), the per-head scale sqrt(D/H), the "
                            "order in which heads are stacked back, and Wo, bo at the end.",
    "layer_norm": "Normalise each column over its D features: biased variance, eps inside the sqrt, then γ and β.",
    "feed_forward": "W2 relu(W1 X + b1) + b2, with the biases added to every column.",
    "transformer_layer": "Check the order of the four lines: residual sums, which layer norm (1 or 2) goes where, "
                         "and post-LN (norm after the sum) versus pre-LN (norm before the sub-block).",
    "cross_attention": "Queries come from X_dec, keys and values from X_enc; enc_mask is (N_e, N_d).",
    "decoder_layer": "Causal self-attention, then cross-attention to X_enc, then the feed-forward network, each as "
                     "X ← LN_k(X + block(X)).",
    "next_token_probs": "Order: temperature (divide), top-k, top-p on the renormalised result, renormalise.",
    "sequence_log_prob": "Column n-1 of the logits scores ids[n]; log-softmax over the vocabulary (axis 0).",
    "causal_mask": "Entry [j, i] (key j, query i) is True iff j <= i: on and above the diagonal.",
    "padding_mask": "Shape (B, n, 1): key j of sequence b is visible iff j < lengths[b].",
    "local_mask": "Entry [j, i] is True iff |i - j| <= window.",
    "generate": "Each step: model on the last context_size tokens, LAST column, next_token_probs, one "
                "torch.multinomial(probs, 1, generator=generator); append, then stop if it was eos_id.",
    "beam_search": "Score = summed log-probabilities; finished beams (ending in eos) keep their score and compete; "
                   "ties go to the earlier beam, then the lower token id.",
    "train_bpe": "Count pairs weighted by word frequency (overlaps included), take the most frequent (ties: first "
                 "seen), merge non-overlapping occurrences left to right on whole symbols.",
    "bpe_encode": "Apply the merges one after another in the order learned, each on every word, left to right.",
    "bpe_decode": "Concatenate, turn every </w> into a space, strip trailing spaces.",
    "patchify": "Patches row-major over the grid; each column lists its pixels in (channel, row, column) order.",
    "patch_embedding": "W @ patches + b, then [CLS] as column 0, then + positions (D, N+1).",
    "additive_attention": "e_i = vᵀ tanh(W s + U h_i) for every encoder column, a softmax over the N positions, and "
                          "the context H · weights.",
    "attention_decoder_step": "Attend with the PREVIOUS state, then the GRU on [y_prev; context], then the read-out "
                              "W_out [s; context] + b_out.",
    "grid_attention": "Score every cell of the (H, W) grid, one softmax over all H·W cells together, then the "
                      "weighted sum of the feature columns.",
    "strided_mask": "[j, i] is True iff i - j is a multiple of the stride (either sign), on the (N_k, N_q) layout.",
    "global_token_mask": "[j, i] is True iff token j or token i is global.",
    "sparse_attention_cost": "The number of True entries of the pattern's (n, n) mask, in closed form.",
    "relative_position_bucket": "Offsets are key - query; the upper half of the buckets for keys after the query "
                                "(bidirectional), exact below n/2, logarithmic above, capped at n - 1.",
    "rotary_embedding": "Rotate rows i and i + D/2 of Q and of K by position · base^(-2i/D), both with their own "
                        "positions.",
    "mlm_corrupt": "15% of the eligible (non-special) positions chosen; of those 80% [MASK], 10% a random token, "
                   "10% unchanged; labels the original ids there, -100 elsewhere.",
    "nsp_pairs": "Half the pairs the true next sentence (label 0), half a random sentence of another document "
                 "(label 1).",
}


def _token_sequences(got: torch.Tensor, expected: torch.Tensor) -> bool:
    """Both are 1-D integer tensors: sequences of token ids, whose length is part of the answer (an eos ends one)."""
    return (got.dim() == expected.dim() == 1 and not got.dtype.is_floating_point
            and not expected.dtype.is_floating_point and got.dtype != torch.bool)


def _first_difference(got: torch.Tensor, expected: torch.Tensor) -> str:
    common = min(len(got), len(expected))
    differ = (got[:common] != expected[:common]).nonzero()
    if len(differ):
        return f"; they first differ at position {int(differ[0])}"
    return "; it stops early, after the same tokens" if len(got) < len(expected) else "; it runs on past the end"


def _generic_tensor(got: torch.Tensor, expected: torch.Tensor, tol: Tolerance, function: str = "") -> tuple[str, str]:
    if _token_sequences(got, expected) and got.shape != expected.shape:
        return _generic_sequence(got.tolist(), expected.tolist(), function)
    if got.shape != expected.shape:
        return "wrong_shape", _explain_shape(tuple(got.shape), tuple(expected.shape))
    if got.dtype != expected.dtype:
        return "wrong_dtype", (f"Your result has dtype {_dtype(got)}, expected {_dtype(expected)}. Functions keep "
                               "the dtype of their floating-point inputs (float32 in, float32 out), masks are bool "
                               "and token ids are long (int64).")
    if expected.dtype == torch.bool:
        found = _mask_difference(got, expected)
        if found:
            return found
    if not expected.dtype.is_floating_point:
        return "different_values", ("Some entries differ from the expected ones. " + FUNCTION_HINTS.get(
            function, "Check the index conventions: rows are keys (or features), columns are queries (or tokens)."))
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
    if g.numel() > 1 and agree(g.flatten().sort().values, e.flatten().sort().values, tol.scaled(2.0)):
        return "entries_rearranged", ("Your result holds exactly the expected values, but some are in other places: "
                                      "an indexing or layout mistake (a reshape or view where a permute/transpose is "
                                      "needed, two axes or two counts read in the wrong order, a roll the wrong way).")
    ratio = constant_ratio(g, e)
    if ratio is not None:
        return "constant_factor", (f"Your result is the expected one times a constant, about {ratio:.4g}"
                                   f"{known_constant(ratio)}. Look for a missing or extra scale factor.")
    if e.dim() >= 2 and torch.allclose(e.sum(dim=-2), torch.ones(()).double(), atol=1e-6) and bool((e >= 0).all()):
        if torch.allclose(g.sum(dim=-1), torch.ones(()).double(), atol=1e-4):
            return "columns_not_normalised", ("The columns of your weights do not sum to 1, but the rows do: did "
                                              "you normalise over the wrong axis? Each column (one query) must sum to "
                                              "1 over the keys (axis -2).")
        if bool((g < -1e-6).any()):
            return "negative_weights", "Some of your weights are negative; softmax weights are in [0, 1]."
        return "columns_not_normalised", "The columns of your weights do not sum to 1 (each query's weights must)."
    return "different_values", ("Your values differ from the expected ones and match no known mistake. "
                                + FUNCTION_HINTS.get(function, ""))


def _mask_difference(got: torch.Tensor, expected: torch.Tensor) -> tuple[str, str] | None:
    """A boolean result that is True wherever it should be and more (or only where it should be, but not
    everywhere), with an example entry read as [key j, query i] in a (..., N_k, N_q) mask."""
    extra, missing = got & ~expected, expected & ~got
    if expected.numel() > 1 and bool((got == ~expected).all()):
        return "mask_negated", ("Your mask is the exact opposite of the expected one: True wherever it must be False "
                                "and the reverse. True means the key is visible (attention allowed), False hidden.")
    if bool(extra.any()) == bool(missing.any()):
        return None
    wrong = extra if bool(extra.any()) else missing
    example = tuple(int(i) for i in wrong.nonzero()[0])
    where = ""
    if expected.dim() >= 2:
        j, i = example[-2], example[-1]
        where = f" (for example entry {list(example)}: key {j}, query {i}"
        if expected.shape[-1] == expected.shape[-2]:
            below, above = bool(wrong.tril(-1).any()), bool(wrong.triu(1).any())
            side = ("every such entry has the key after the query (j > i)" if below and not above else
                    "every such entry has the key before the query (j < i)" if above and not below else "")
            where += f"; {side}" if side else ""
        where += ")"
    if bool(extra.any()):
        return "mask_allows_too_much", (f"Your mask is True wherever it should be, and also at {int(extra.sum())} "
                                        f"entries that must be False{where}: a condition is missing or too loose "
                                        "(an absolute value, a second bound, an 'and' written as 'or').")
    return "mask_allows_too_little", (f"Your mask is False at {int(missing.sum())} entries that must be True{where}, "
                                      "and right elsewhere: a condition is too strict or a case is left out (one "
                                      "direction of a symmetric rule, the diagonal, an 'or' written as 'and').")


def _explain_shape(got: tuple[int, ...], expected: tuple[int, ...]) -> str:
    text = f"Your result has shape {got}, expected {expected}."
    if len(got) != len(expected):
        text += (f" It has {len(got)} dimensions instead of {len(expected)}: "
                 + ("batch dimensions were dropped or merged." if len(got) < len(expected) else
                    "an extra dimension was kept (a head or batch axis not merged back, or a missing squeeze)."))
    elif sorted(got) == sorted(expected) and got[-2:] == expected[-2:][::-1]:
        text += " The last two dimensions are swapped: tokens must be COLUMNS, (..., D, N), scores (..., N_k, N_q)."
    else:
        wrong = [f"{axis_name(i, len(expected))} is {g} instead of {e}"
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
    close = distance <= allowed                                            # (B, N_got, N_expected)
    if not bool(close.any(dim=-1).all()):
        return ""
    in_place = close.diagonal(dim1=-2, dim2=-1) if gc.shape[-1] == ec.shape[-1] else torch.zeros_like(close[..., 0])
    if bool(in_place.all()):                  # each column matches its own: the values are off, not the order
        return ""
    batch, column = (int(i) for i in (~in_place).nonzero()[0])
    match = int(close[batch, column].float().argmax())
    return f"for example your column {column} is expected column {match}"


def constant_ratio(g: torch.Tensor, e: torch.Tensor) -> float | None:
    """c if g = c·e everywhere (entries where e is 0 must be 0 in g too: a factor keeps zeros), else None."""
    mask = e.abs() > 1e-6 * max(float(e.abs().max()), 1e-30)
    if int(mask.sum()) < 2 or not bool((g[~mask].abs() <= 1e-6 * max(float(g.abs().max()), 1e-30)).all()):
        return None
    ratios = g[mask] / e[mask]
    ratio = float(ratios.median())
    if abs(ratio - 1) < 1e-6 or ratio == 0 or not math.isfinite(ratio):    # all zeros: no factor is missing
        return None
    return ratio if bool(((ratios - ratio).abs() <= 1e-4 * abs(ratio)).all()) else None


def known_constant(ratio: float) -> str:
    """' = sqrt(k)', ' = 1/k', ... when the ratio is one of those, else ''."""
    for k in range(2, 1025):
        for value, text in ((math.sqrt(k), f"sqrt({k})"), (1 / math.sqrt(k), f"1/sqrt({k})"),
                            (float(k), f"{k}"), (1 / k, f"1/{k}")):
            if abs(ratio - value) <= 1e-4 * value:
                return f" = {text}"
    return ""


def _generic_sequence(got: list, expected: list, function: str, inputs: tuple = ()) -> tuple[str, str]:
    hint = " " + FUNCTION_HINTS.get(function, "")
    if (got != expected and all(isinstance(item, str) for item in (*got, *expected))
            and "".join(got) == "".join(expected)):
        how = ("more pieces: some merges were not applied, or not where they should be" if len(got) > len(expected)
               else "fewer pieces: merges were applied that should not be" if len(got) < len(expected)
               else "as many pieces, cut in other places")
        return "segmentation_differs", (f"Your tokens spell exactly the expected text but split it differently "
                                        f"({len(got)} tokens, expected {len(expected)}: {how}).{hint}")
    characters = {character for text in inputs if isinstance(text, str) for character in text}
    unexpected = _base_symbols(got) - _base_symbols(expected) - characters
    if got != expected and unexpected and _base_symbols(expected):
        shown = ", ".join(repr(symbol) for symbol in sorted(unexpected)[:3])
        return "unexpected_symbols", (f"Your result holds symbols the expected one never contains ({shown}"
                                      f"{', ...' if len(unexpected) > 3 else ''}): symbols are built differently, "
                                      "e.g. how a word is split into its first symbols or where a marker such as "
                                      f"</w> goes.{hint}")
    for index, (g, e) in enumerate(zip(got, expected)):
        if g != e:
            return "different_sequence", (f"Your sequence first differs at position {index} (of {len(expected)}): "
                                          f"got {g!r}, expected {e!r}.{hint}")
    return "different_length", f"Your sequence has {len(got)} items, expected {len(expected)}.{hint}"


def _base_symbols(items: list) -> set[str]:
    """The strings of a list of pairs of strings (BPE merges) that no earlier pair of the list builds (a merged pair
    (a, b) builds a + b): the symbols it starts from. Empty for any other list."""
    found, built = set(), set()
    for parts in items:
        if not isinstance(parts, tuple) or not all(isinstance(part, str) for part in parts):
            return set()
        found |= {part for part in parts if part not in built}
        if len(parts) == 2:
            built.add(parts[0] + parts[1])
    return found


def slot_text(key: int | str, names: tuple[str, ...] = ()) -> str:
    """A `wrt` entry as a message shows it, by the parameter's name when known: "W1", "params['Wq']" (else "argument
    1", "argument 2['Wq']")."""
    head, _, entry = str(key).partition("/")
    if head.isdigit():
        head = names[int(head)] if int(head) < len(names) else f"argument {head}"
    return f"{head}[{entry!r}]" if entry else head


def _generic_gradient(got: Any, expected: Any, tol: Tolerance, names: tuple[str, ...] = ()) -> tuple[str, str]:
    output, grads = got
    want_output, want_grads = expected
    if not agree(output, want_output, tol):
        return "different_values", ("Your forward output already differs, so the gradients do too; fix the forward "
                                    "pass first.")
    missing = [slot_text(key, names) for key, value in grads.items()
               if value is None and want_grads.get(key) is not None]
    if missing:
        return "no_gradient", (f"No gradient reaches {', '.join(missing)}: the computation was cut off "
                               "from autograd (.detach(), .item(), .tolist(), .numpy(), torch.no_grad(), or building "
                               "a new tensor with torch.tensor(...) from values).")
    return "wrong_gradient", ("Your outputs are right but the gradients differ: an in-place operation or a value "
                              "computed outside autograd (e.g. a .detach()ed max or norm) changed the backward pass.")
