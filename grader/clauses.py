"""Contract clauses, checked in every function whose contract includes them, from one table per exercise.

A clause is a promise the contract makes about whole families of inputs: leading batch axes are batch axes, one
token is a sequence, N_q may differ from N_k, float64 inputs give float64 accuracy, huge magnitudes do not overflow, a
query that sees no key gets what the contract says, hidden keys stay hidden however large their scores. A function
that inherits a clause (multi-head attention inherits attention's masking, a layer inherits multi-head's) must keep
it too, so each exercise's suite declares, per function, how to build its inputs and which clauses apply:

    SPECS = {"scaled_dot_product_attention": Spec(make=sdpa_inputs, tol=sdpa_tol,
                                                   clauses=("batching", "float64", "fully_masked_query", ...))}
    globals().update(clause_checks("attention", SPECS))

and one check per (function, clause) is generated, graded with the function's other checks. `make(gen, case)`
returns the call's (args, kwargs) for a `Case`; `tol(args, kwargs)` the float32 tolerance of that call.

float64: the reference runs in float64 on the same inputs, so a float64 case is held to the float32 bound scaled by
u64/u32 = 2^-29, times 4 for the two roundings (ours and the learner's): a float32 path inside (error ~ u32) fails it
by seven orders of magnitude, while a float64 computation in any order passes.
"""
from __future__ import annotations

import contextlib
import importlib
import inspect
import itertools
import math
import weakref
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import pytest
import torch

from grader.diagnose import (NAMES_REFUSED, WEAKER_THAN_A_CLAUSE, Misconception, Tolerance, agree, map_tensors,
                             unexpanded)
from grader.judge import Judge, call_text, generator
from grader.sandbox import InputModified, LearnerError
from grader.sandbox.protocol import TableModel, change_in_place

FLOAT64_FROM_FLOAT32 = 2.0 ** -29 * 4
LONG_SEQUENCE = 1025            # tokens of the long_sequence clause: past 512 and 1024
LONG_SEQUENCE_ENTRIES = 3_000_000   # at most this many tensor entries in its call (a grid of 1025 x 1025 is not)


@dataclass(frozen=True)
class Case:
    """The sizes and kind of one call; `make` reads what applies to its function."""

    batch: tuple[int, ...] = ()
    n_q: int = 5                 # queries, or tokens of a self-attention input
    n_k: int = 6                 # keys
    dim: int = 8                 # model width D
    heads: int = 2
    dtype: torch.dtype = torch.float32
    scale: float = 1.0           # magnitude of the inputs
    mask: str | None = None      # None, "random", "fully_masked_query", "no_key_visible" or "hidden_keys_large"
    hidden_factor: float = 1e3   # "hidden_keys_large": how much larger the hidden keys are made
    extra: dict = field(default_factory=dict)  # what a function-specific clause needs


@dataclass(frozen=True)
class Spec:
    """How a function of an exercise is called: `make(gen, case) -> (args, kwargs)`, its float32 tolerance
    `tol(args, kwargs)`, the clauses its contract includes, and the case the clauses vary."""

    make: Callable[[torch.Generator, Case], tuple[tuple, dict]]
    tol: Callable[[tuple, dict], Tolerance]
    clauses: tuple[str, ...]
    base: Case = Case()
    differentiable: bool = True  # the contract's rule for float results of float tensors (see EVERY_FUNCTION)
    modes: tuple[dict, ...] = ({},)  # a function with modes (a flag) keeps every clause in each: merged into extra
    options: dict = field(default_factory=dict)  # optional arguments to give one at a time under the default dtype


@dataclass(frozen=True)
class Clause:
    description: str
    cases: Callable[[Case], list[Case]]


CLAUSES: dict[str, Clause] = {
    "batching": Clause(
        "leading batch axes are batch axes: none, one of size 1, one of size 3, two (and two with a mask, where the "
        "function takes one)",
        lambda base: [replace(base, batch=batch) for batch in [(), (1,), (3,), (2, 2)]]
        + [replace(base, batch=(2, 3), mask=base.mask or "random")]),
    "single_token": Clause(
        "one token is a sequence: N = 1 (queries and keys), once more in a batch of one (a squeeze() with no axis "
        "drops both), and a single query against several keys, alone and in a batch of two with a mask of its own "
        "for each item where the function takes one (a shortcut for one query must still give the mask its axes)",
        lambda base: [replace(base, n_q=1, n_k=1), replace(base, n_q=1, n_k=1, batch=(1,)), replace(base, n_q=1),
                      replace(base, n_q=1, batch=(2,), mask=base.mask or "random")]),
    "unequal_lengths": Clause(
        "N_q and N_k are independent: more keys than queries, more queries than keys, and as many (with a mask, "
        "where the function takes one: a rule for one length must not catch the other)",
        lambda base: [replace(base, n_q=3, n_k=7), replace(base, n_q=7, n_k=2),
                      replace(base, n_q=base.n_k, mask=base.mask or "random")]),
    # The second case's width is 1.5 times the base's (12 for 8; heads of width 6): a constant such as 1/sqrt(d)
    # rounded to float32 is exact for widths that are powers of 4, and would pass at the base width alone.
    "float64": Clause(
        "float64 inputs give a float64 result with float64 accuracy (a float32 computation inside is not enough), "
        "at two widths",
        lambda base: [replace(base, dtype=torch.float64),
                      replace(base, dtype=torch.float64, batch=(2,), dim=base.dim * 3 // 2)]),
    "large_magnitudes": Clause(
        "inputs a thousand times larger than usual give the right result, with no overflow to inf or NaN; where the "
        "function takes a mask, once more with a random one (a query's visible scores can then all lie far below "
        "zero, where a softmax that lets hidden keys count as score 0 underflows)",
        lambda base: [replace(base, scale=1e3)]),
    # For functions with "large_magnitudes" (their `make` reads case.scale): implied, as its other end.
    "small_magnitudes": Clause(
        "inputs a thousand times smaller than usual give the right result, in float32 and float64: no threshold, "
        "floor or clamp of the code's own decides there (a variance floor, a ReLU that takes tiny values for zero, "
        "an eps where the contract has none)",
        lambda base: [replace(base, scale=1e-3), replace(base, scale=1e-3, dtype=torch.float64)]),
    "fully_masked_query": Clause(
        "a query that may see no key gets what the contract says (zero weights), never NaN or a uniform average: "
        "some queries, a mask that shows no key to any query, some queries of two keys (a shortcut for a size), and "
        "one key hidden from one query and from several (a shortcut for a single token must still read the mask)",
        lambda base: [replace(base, mask="fully_masked_query"), replace(base, mask="fully_masked_query", batch=(2,)),
                      replace(base, mask="no_key_visible"), replace(base, mask="fully_masked_query", n_k=2),
                      replace(base, mask="no_key_visible", n_q=1, n_k=1), replace(base, mask="no_key_visible", n_k=1)]),
    "hidden_keys_large": Clause(
        "hidden keys stay hidden however large their scores (the mask is applied before the softmax, with -inf)",
        lambda base: [replace(base, mask="hidden_keys_large"), replace(base, mask="hidden_keys_large", batch=(2,))]),
    # For functions that take a mask: the mask's own leading axes broadcast against the inputs' batch axes.
    "mask_broadcast": Clause(
        "a mask broadcasts to the scores' shape: with inputs of two batch axes (2, 3), masks of shapes (N_k, N_q), "
        "(3, N_k, N_q), (1, 3, N_k, N_q), (2, 1, N_k, N_q) and (2, 3, N_k, 1) (one visibility per key, shared by "
        "the queries, as a padding mask)",
        lambda base: [replace(base, batch=(2, 3), mask="random",
                              extra={**base.extra, "mask_batch": batch, "mask_per_key": per_key})
                      for batch, per_key in (((), False), ((3,), False), ((1, 3), False), ((2, 1), False),
                                             ((2, 3), True))]),
    "one_head": Clause(
        "one head (H = 1) and heads of width one (H = D)",
        lambda base: [replace(base, heads=1), replace(base, heads=base.dim)]),
    # One batched case each: the batching clause already varies the batch, these vary the layout and autograd.
    "non_contiguous": Clause(
        "inputs may be non-contiguous views: every tensor argument of two axes or more (weights too) is given "
        "column-major, its axes in reversed order in memory as a transpose or permute leaves them (two batch axes, "
        "and none: a reshape that folds no batch axis keeps the layout, so strides computed for a packed tensor "
        "read it in the wrong order); a model among the arguments returns its logits transposed in memory; and "
        "every argument that carries the batch axes given as one item broadcast over them (x[:1, :1].expand(2, 3, "
        "...): the items share memory, which cannot be written in place, not even to be put back)",
        lambda base: [replace(base, batch=(2, 3), extra={**base.extra, "layout": "column_major"}),
                      replace(base, extra={**base.extra, "layout": "column_major"}),
                      replace(base, batch=(2, 3), extra={**base.extra, "layout": "expanded_batch"})]),
    # For a contract that says its arguments' batch axes broadcast; cases built from the function's batched and
    # unbatched inputs (see `_batched_alone`).
    "broadcast_batch": Clause(
        "leading batch axes broadcast between arguments, as in torch.matmul: each argument that can carry batch "
        "axes carries them alone in turn, the others unbatched; once more with one token (N = 1), where a shortcut "
        "takes the batch from one argument",
        lambda base: [replace(base, batch=(2,)), replace(base, batch=(2,), n_q=1, n_k=1)]),
    # Sizes as the base case has them: a cache keyed by the shapes, the sizes or id() returns the first call's result.
    "fresh_values": Clause(
        "a result depends on the arguments' values, not only on their shapes or on earlier calls: a call, a call "
        "with arguments of the same shapes and other values, the first call again, and the first call with one "
        "argument at a time taken from the second, and with each integer argument changed; and a result the caller "
        "holds is its own (a later call does not overwrite it, changing it does not change the next result)",
        lambda base: [base]),
    # For functions with two tensor arguments of one shape and dtype (`_same_object_calls`); as many queries as keys.
    "same_object": Clause(
        "one tensor may be passed as two arguments, the same object (self-attention's "
        "multi_head_attention(X, X, ...)): each pair of tensor arguments of the same shape and dtype given as one "
        "object, with a mask where the function takes one; and, with one query fewer than keys, each argument that "
        "can be given as the first columns of another (a view of its memory: one data pointer for two arguments); "
        "in a params dict, weights tied (one tensor under two keys), alone and all at once with their biases; "
        "identity says nothing about the call",
        lambda base: [replace(base, n_q=base.n_k, mask=base.mask or "random")]),
    # For functions that normalise each column (a layer norm inside): `make` reads extra["constant_columns"].
    "constant_columns": Clause(
        "a token whose features are all equal (zero variance), and one whose features are all zero, is normalised "
        "to beta exactly, with finite gradients "
        "for every input and weight (a standard deviation taken before eps is added, sqrt(var) at var = 0, has an "
        "infinite derivative there); float64, a batch of two, autograd as in the gradients clause",
        lambda base: [replace(base, dtype=torch.float64, batch=(2,), extra={**base.extra, "constant_columns": True})]),
    "keywords": Clause(
        "every argument may be passed by the name the contract's signature gives it (callers write mask=..., "
        "top_k=..., num_heads=...): the base call, with a mask where the function takes one, each argument given "
        "by keyword",
        lambda base: [replace(base, mask=base.mask or "random")]),
    # Sizes as the base case has them, a batch of two; in `_cases`, once more with a query that sees no key where the
    # contract has one (the zeros that fill such a query are where a tensor of the default dtype slips in).
    "default_dtype": Clause(
        "float32 inputs give a float32 result whatever torch's default dtype: the call made while "
        "torch.set_default_dtype(torch.float64) is in force (a result the contract puts in the default dtype, with "
        "no float input to follow, is float64 there), and again without each optional tensor argument (a bias, a "
        "mask, positions: what stands in for it follows the inputs' dtype); made as an inference caller makes it, "
        "under torch.no_grad(), which the function must leave on. And float64 inputs there give the float64 result "
        "(a constant made in the default dtype, torch.tensor(-1e40), rounds to -inf in float32 but not in float64)",
        lambda base: [replace(base, batch=(2,), extra={**base.extra, "default_dtype": torch.float64}),
                      replace(base, dtype=torch.float64, extra={**base.extra, "default_dtype": torch.float64})]),
    # For functions that take a mask (`WITH_A_MASK`): the tensors that hold tokens are found by `_token_slots`.
    "zero_tokens": Clause(
        "a token whose features are all exactly zero is an ordinary token, not padding: the second query and the "
        "second key (a column of every sequence input) all zeros, without a mask (every key visible) and with one",
        lambda base: [replace(base, extra={**base.extra, "zero_tokens": True}),
                      replace(base, mask=base.mask or "random", extra={**base.extra, "zero_tokens": True})]),
    # For functions that take a mask (`WITH_A_MASK`).
    "every_key_visible": Clause(
        "a mask that hides nothing (every entry True) gives exactly what no mask gives: float64 inputs, a batch of "
        "two, and one token (a shortcut for an all-True mask must keep the dtype, the gradients and every other "
        "argument)",
        lambda base: [replace(base, mask="all_visible", dtype=torch.float64, batch=(2,)),
                      replace(base, mask="all_visible", n_q=1, n_k=1)]),
    # For functions that take tokens (`_token_slots`): each structured variant of the inputs (`_structured_calls`).
    "structured_tokens": Clause(
        "inputs that trained models and real data give and random draws do not: each tensor of tokens in turn all "
        "zeros (zero queries, a memory of padding only, a black image), every one of them all zeros at once, and "
        "each in turn a single token repeated (every column a copy of the first: a sequence of one repeated id) and "
        "every entry equal (a flat grey image), these two with gradients; float64, a batch of two, with a mask where "
        "the function takes one",
        lambda base: [replace(base, dtype=torch.float64, batch=(2,), mask=base.mask or "random")]),
    # For functions whose inputs carry batch axes (`_batch_slots`), with the batching clause or not.
    "many_batch_axes": Clause(
        "three leading batch axes, the middle one of size 1 ((2, 1, 3)), with a mask where the function takes one: "
        "every leading axis is a batch axis, however many there are (code that folds exactly two, or picks a "
        "layout by the number of axes, fails here)",
        lambda base: [replace(base, batch=(2, 1, 3), mask=base.mask or "random")]),
    # For functions that take tokens (`_token_slots`) whose long call stays small enough (`_affords_a_long_sequence`).
    "long_sequence": Clause(
        f"a sequence longer than the fixed buffers public code cuts its masks and position tables from (BERT's 512 "
        f"tokens, GPT-2's 1,024): {LONG_SEQUENCE:,} queries and as many keys, with a mask where the function takes one",
        lambda base: [replace(base, n_q=LONG_SEQUENCE, n_k=LONG_SEQUENCE, mask=base.mask or "random")]),
    "grad_off": Clause(
        "a caller that wants no gradients gets what one that wants them gets: the call made under torch.no_grad() "
        "with every floating-point tensor argument requiring grad (a trained model's weights do), float32 and "
        "float64 (at float64 accuracy), then a call on other values of the same shapes, then every argument by name "
        "with each optional float argument at 0 (at inputs a thousand times smaller too, where the function takes "
        "large ones); the result requires no grad (the function must not turn grad mode on again)",
        lambda base: [base, replace(base, dtype=torch.float64, batch=(2,))]),
    "inference_mode": Clause(
        "a serving loop may call the function inside torch.inference_mode(): its first tensor argument made there "
        "(an inference tensor: no version counter, not writable outside the mode), every other floating-point "
        "tensor requiring grad, as a trained model's weights do; threads started inside do not inherit the mode",
        lambda base: [base]),
    # For functions that take a model (`_has_a_model`).
    "model_kinds": Clause(
        "a model is called as it is given, whatever it is: a module in eval mode (left in eval mode), a plain "
        "function (no .eval(), no .training; its parameter positional-only and not named ids; plain Python over its "
        "ids, which torch.func.vmap cannot run), a trained module whose logits require grad (called with grad on, "
        "and under torch.no_grad()), a module in the middle of training (weights that require grad with gradients "
        "accumulated, a frozen one, a forward hook: left as they are), and a module whose logits are a view of its "
        "own weights (writing into the logits writes into the model)",
        lambda base: [replace(base, extra={**base.extra, "model_kind": kind})
                      for kind in ("eval", "function", "tracked", "trained", "weights_view")]),
    "gradients": Clause(
        "autograd reaches every floating-point tensor argument, each weight of a params dict included, with the "
        "reference's gradients, from every returned tensor (attention's weights too); a batch of two, float64 "
        "inputs, the float32 bound (float32 internals are accepted); where the contract has queries that see no "
        "key, once more with such a query (no NaN may reach a weight), and once more with a mask that hides nothing; "
        "once more with every one-dimensional float tensor (biases, gains) all zeros, once with the gains all ones "
        "and the other vectors zeros (a layer as initialised), and once with every weight matrix all zeros; where "
        "the contract covers large inputs, once more with inputs a thousand "
        "times larger (tanh written with exponentials overflows there); once with an evaluation pass under no_grad "
        "on the same tensors first and another call of the function between the call and its backward pass (a layer "
        "run twice before the loss), backpropagated twice, the later result not reaching the earlier inputs; once "
        "with the first tensor argument requiring no grad and the others torch.nn.Parameters (a first layer's data "
        "and a module's weights), once with only the first requiring grad, with a history (the output of an earlier "
        "step); and once with the second "
        "token a copy of the first, where the function takes tokens (a repeated token computed once sends its "
        "gradient to one copy); gradients are compared at finite inputs",
        lambda base: [replace(base, dtype=torch.float64, batch=(2,))]),
}

# Clauses of docs/contract.md's general rules, checked for every function of a table (gradients: those whose Spec
# says `differentiable`).
EVERY_FUNCTION = ("non_contiguous", "fresh_values", "keywords", "default_dtype", "grad_off", "inference_mode",
                  "gradients", "same_object", "model_kinds", "many_batch_axes")
# Clauses checked for every function that takes a mask (whose table has "fully_masked_query"): only the mask hides.
WITH_A_MASK = ("zero_tokens", "every_key_visible")


def register(name: str, description: str, cases: Callable[[Case], list[Case]],
             diagnosis: tuple[str, str] | None = None) -> None:
    """A clause of one function's contract (a tie rule, an exact threshold, whitespace), for its exercise's table,
    with the (name, explanation) a failure of it gets when nothing more specific explains it (else breaks_clause).
    (A suite imported again registers the same clause again: the later definition stands.)"""
    CLAUSES[name] = Clause(description, cases)
    if diagnosis:
        CLAUSE_DIAGNOSES[name] = diagnosis


def clause_checks(exercise: str, specs: dict[str, Spec], weight: float = 1) -> dict[str, Callable]:
    """One pytest check per (function, clause) of `specs`, named `test_clause_<function>_<clause>`, for the suite's
    module namespace."""
    checks = {}
    for function, spec in specs.items():
        implied = [c for c in EVERY_FUNCTION if c not in spec.clauses and (c != "gradients" or spec.differentiable)
                   and (c != "non_contiguous" or _has_a_layout(spec)) and (c != "same_object" or _has_a_pair(spec))
                   and (c != "model_kinds" or _has_a_model(spec))
                   and (c != "many_batch_axes" or _has_batch_axes(spec))]
        slots = _token_slots(spec, spec.base)
        if slots:   # a zero token is a token; with a mask, only the mask hides
            implied += [c for c in (WITH_A_MASK if "fully_masked_query" in spec.clauses else ("zero_tokens",))
                        if c not in spec.clauses]
            if "long_sequence" not in spec.clauses and _affords_a_long_sequence(spec, slots):
                implied.append("long_sequence")
            if "structured_tokens" not in spec.clauses:
                implied.append("structured_tokens")
        if "large_magnitudes" in spec.clauses and "small_magnitudes" not in spec.clauses:
            implied.append("small_magnitudes")
        for clause in (*spec.clauses, *implied):
            if clause not in CLAUSES:
                raise ValueError(f"{exercise}.{function}: unknown clause {clause!r}; known: {sorted(CLAUSES)}")
            check = _make_check(exercise, function, spec, clause)
            check.__name__ = check.__qualname__ = f"test_clause_{function}_{clause}"
            check.__doc__ = f"{function}: {CLAUSES[clause].description}."
            checks[check.__name__] = pytest.mark.grades(function, weight=weight)(check)
    return checks


def _affords_a_long_sequence(spec: Spec, slots: dict[tuple, list[int]]) -> bool:
    """Whether the long_sequence call holds at most LONG_SEQUENCE_ENTRIES entries in its float tensors (a score
    matrix does; a grid whose both sides follow the lengths does not): the base call's tensors with each axis of
    tokens (`slots`) at LONG_SEQUENCE, counted without making them (the suites are collected at every grade)."""
    tensors = _tensor_paths(spec.make(generator(0), spec.base))
    return sum(math.prod(LONG_SEQUENCE if axis in slots.get(path, ()) else size
                         for axis, size in enumerate(tensor.shape)) for path, tensor in tensors.items()) \
        <= LONG_SEQUENCE_ENTRIES


def _has_a_layout(spec: Spec) -> bool:
    """Whether the non-contiguous case gives the function a tensor whose layout can change (two axes or more of size
    above one), or a model whose logits' layout can: with only vectors and scalars, the clause would repeat a plain
    call."""
    case = CLAUSES["non_contiguous"].cases(spec.base)[0]
    args, kwargs = spec.make(generator(0), case)
    return any(sum(size > 1 for size in tensor.shape) >= 2 for tensor in _tensor_paths((args, kwargs)).values()) \
        or any(isinstance(value, TableModel) for value in (*args, *kwargs.values()))


def _expect_with_a_view(judge: Judge, learner, exercise: str, function: str, args: tuple, kwargs: dict,
                        tol: Tolerance) -> None:
    """The call with one argument a view of another's first columns; when it fails and the same call with a copy of
    the view is right, the function decides by memory (data_ptr(), storage, `_base`): `identity_decides`."""
    try:
        before = len(judge.problems)
        judge.expect(function, *args, tol=tol, **kwargs)
        if len(judge.problems) == before:
            return
        what = judge.problems[-1]
    except LearnerError as error:
        if error.kind != "exception" or error.todo or isinstance(error, InputModified):
            raise
        what = error.message
        if not Judge(learner, exercise).agrees(function, *_copied_views(args), tol=tol, **_copied_views(kwargs)):
            raise
    else:
        if not Judge(learner, exercise).agrees(function, *_copied_views(args), tol=tol, **_copied_views(kwargs)):
            return   # the check fails with its own diagnosis
    raise Misconception("identity_decides", (
        "Your function computes something else when one argument is a view of another's memory (the call shown: "
        "the queries are the first columns of the keys' tensor, as a caller slicing one sequence passes them) than "
        "for a copy: it decides from data_ptr(), the storage or the identity of its arguments, which says nothing "
        "about the call. A caller says what it wants with the arguments; compute the same thing either way."),
        what) from None


def _copied_views(value: Any) -> Any:
    """`value` (a tuple of arguments, or a dict of them) with every tensor that is a view replaced by a copy."""
    change = (lambda item: item.clone() if isinstance(item, torch.Tensor) and item._base is not None else item)
    return {key: change(item) for key, item in value.items()} if isinstance(value, dict) else \
        tuple(change(item) for item in value)


def _the_reference_refuses(judge: Judge, function: str, args: tuple, kwargs: dict) -> bool:
    """Whether the reference raises on the call (an argument made a view of another's first columns has one column
    less, which another argument's length may have to match)."""
    try:
        judge.run_reference(function, args, kwargs)
    except Exception:   # noqa: BLE001 - the reference's ValueError or shape error: not a call of the contract
        return True
    return False


def _has_batch_axes(spec: Spec) -> bool:
    """Whether the function's inputs carry batch axes (its `make` follows a case's batch)."""
    (case,) = CLAUSES["many_batch_axes"].cases(spec.base)
    return bool(_batch_slots(spec, case))


def _has_a_model(spec: Spec) -> bool:
    """Whether the function takes a model (a TableModel among its arguments)."""
    args, kwargs = spec.make(generator(0), spec.base)
    return any(isinstance(value, TableModel) for value in (*args, *kwargs.values()))


def _models_of_kind(call: tuple[tuple, dict], kind: str) -> tuple[tuple, dict]:
    """The call with each model handed over as `kind` says (`TableModel.kind`)."""
    def of_kind(value: Any) -> Any:
        if not isinstance(value, TableModel):
            return value
        if kind == "weights_view":   # a position-only model, in the middle of training
            return TableModel(value.table, value.pos, value.context, "weights_view", "trained")
        return TableModel(value.table, value.pos, value.context, value.layout, kind)
    args, kwargs = call
    return tuple(of_kind(value) for value in args), {name: of_kind(value) for name, value in kwargs.items()}


def _has_a_pair(spec: Spec) -> bool:
    """Whether the same_object case has two tensor arguments that can be one object."""
    (case,) = CLAUSES["same_object"].cases(spec.base)
    return bool(_same_object_calls(*spec.make(generator(0), case)))


def _same_object_calls(args: tuple, kwargs: dict) -> list[tuple[tuple, dict]]:
    """(args, kwargs) once for each pair of tensor arguments (positional or keyword) of the same shape and dtype,
    the later one replaced by the earlier one's object; once with every such group one object at the same time
    (tied weights: Wq is Wk and bq is bk together), where that is not already one of the pairs; and, in a params
    dict, once for each weight matrix tied to the first of its shape (params["Wk"] is params["Wq"]), its bias
    apart, and once with every tensor of the dict tied to the first of its shape, biases too."""
    slots = [(slot, value) for slot, value in [*enumerate(args), *kwargs.items()] if isinstance(value, torch.Tensor)]
    calls, pairs, groups = [], 0, {}
    for index, (first, tensor) in enumerate(slots):
        for second, other in slots[index + 1:]:
            if other.shape == tensor.shape and other.dtype == tensor.dtype:
                calls.append(_with_objects(args, kwargs, {second: tensor}))
                pairs += 1
        groups.setdefault((tuple(tensor.shape), tensor.dtype), []).append((first, tensor))
    shared = {slot: members[0][1] for members in groups.values() for slot, _ in members[1:]}
    if pairs > 1 and len(shared) > 1:
        calls.append(_with_objects(args, kwargs, shared))

    for slot, value in [*enumerate(args), *kwargs.items()]:   # tied weights in a params dict, the biases apart
        if isinstance(value, dict):
            first: dict = {}
            for key, tensor in value.items():
                if isinstance(tensor, torch.Tensor) and tensor.is_floating_point() and tensor.dim() >= 2:
                    tied = first.setdefault((tuple(tensor.shape), tensor.dtype), tensor)
                    if tied is not tensor:
                        calls.append(_with_objects(args, kwargs, {slot: {**value, key: tied}}))
            # and every tensor of the dict tied to the first of its shape at once, biases too (Wk is Wq and bk is bq:
            # a model with one projection for queries and keys), while the sequences stay apart
            every: dict = {}
            tied_all = {key: every.setdefault((tuple(tensor.shape), tensor.dtype), tensor)
                        if isinstance(tensor, torch.Tensor) and tensor.is_floating_point() else tensor
                        for key, tensor in value.items()}
            if sum(tied_all[key] is not value[key] for key in value) > 1:
                calls.append(_with_objects(args, kwargs, {slot: tied_all}))
    return calls


def _view_calls(args: tuple, kwargs: dict) -> list[tuple[tuple, dict]]:
    """(args, kwargs) once for each pair of tensor arguments of one dtype whose shapes differ only in the number of
    columns, the shorter one replaced by the first columns of the longer: a view of its memory (`Xq = X[..., :n]`
    beside `Xkv = X`, one data pointer for two arguments)."""
    slots = [(slot, value) for slot, value in [*enumerate(args), *kwargs.items()] if isinstance(value, torch.Tensor)]
    calls = []
    for first, tensor in slots:
        for second, other in slots:
            if tensor.dim() >= 2 and other.dtype == tensor.dtype and other.shape[:-1] == tensor.shape[:-1] and \
                    0 < tensor.shape[-1] < other.shape[-1]:
                calls.append(_with_objects(args, kwargs, {first: other[..., :tensor.shape[-1]]}))
    return calls


def _with_objects(args: tuple, kwargs: dict, objects: dict) -> tuple[tuple, dict]:
    """(args, kwargs) with the arguments at the slots of `objects` (indices or names) replaced by those objects."""
    return (tuple(objects.get(index, value) for index, value in enumerate(args)),
            {name: objects.get(name, value) for name, value in kwargs.items()})


# What a failed clause check says when nothing more specific explains it: the clause itself is the diagnosis.
CLAUSE_DIAGNOSES: dict[str, tuple[str, str]] = {
    "batching": ("breaks_batching", "Your function is right without a batch axis but wrong with one (or with two): "
                 "index axes from the end (-1, -2), and let every leading axis broadcast as a batch axis."),
    "single_token": ("breaks_single_token", "Your function is wrong for a sequence of one token (N = 1): look for a "
                     "squeeze(), a loop or a slice that assumes N > 1."),
    "unequal_lengths": ("breaks_unequal_lengths", "Your function is wrong for some pairing of the query and key "
                        "counts: somewhere N_q and N_k (or the two axes of a (N_k, N_q) matrix) are swapped, or, "
                        "when they are equal, a mask or rule meant for one attention reaches the other (test shapes "
                        "only to reject inputs, never to choose what to compute)."),
    "float64": ("breaks_float64", "Your result for float64 inputs is wrong or not accurate to float64: look for a "
                "path that only float64 takes, or a part computed in float32 (a .float(), a float32 constant tensor, "
                "torch.tensor(...) without a dtype)."),
    "large_magnitudes": ("breaks_large_magnitudes", "Large inputs give a wrong result: something overflows, "
                         "loses precision or is capped (subtract the maximum before exp; avoid squaring before "
                         "normalising; ReLU has no upper bound, unlike ReLU6 or a clamp)."),
    "small_magnitudes": ("breaks_small_magnitudes", "Inputs a thousand times smaller than usual give a wrong "
                         "result: a threshold, floor or clamp of your own decides there (var.clamp(min=...), an eps "
                         "where the contract has none or larger than its eps, values below 1e-6 taken for zero, a "
                         "ReLU with a threshold). Use exactly the contract's formula and eps, and no other guard."),
    "fully_masked_query": ("breaks_fully_masked_query", "A query that may see no key must get what the contract "
                           "says (all-zero weights), not NaN, a uniform average or the nearest key."),
    "hidden_keys_large": ("hidden_keys_leak", "Keys the mask hides still change the result when their scores are "
                          "large: hide them BEFORE the softmax (their scores -inf), not by zeroing weights after it "
                          "and renormalising, and not with a finite penalty that a large score can beat."),
    "mask_broadcast": ("mask_not_broadcast", "Your function is right when the mask carries every batch axis of the "
                       "inputs, but not when it has fewer leading axes or axes of size 1 (the call shown), which the "
                       "contract allows: a mask broadcasts to the scores' shape, lined up from the right. Do not fold "
                       "or reshape the mask on its own, and do not decide where an axis goes from mask.dim(); let "
                       "masked_fill / torch.where broadcast it (unsqueeze(-3) for a head axis)."),
    "one_head": ("breaks_one_head", "Your function is wrong with one head (H = 1) or with heads of width one "
                 "(H = D): check the split and merge of the heads at these extremes."),
    "non_contiguous": ("assumes_contiguous", "Your function fails or differs when an input is a non-contiguous "
                       "view (here every axis reversed in memory, as a transpose or a permute leaves a tensor): "
                       ".view() needs a compatible layout, so use .reshape() (or .contiguous() first), and never read "
                       "a tensor's memory in storage order."),
    "broadcast_batch": ("breaks_broadcasting", "Your function is right when every argument carries the same batch "
                        "axes, but not when only one does (the call shown): its contract says leading axes "
                        "broadcast, as torch.matmul broadcasts them. Do not reshape one argument with another's batch "
                        "shape or fold each argument's batch axes apart (reshape(-1, ...) and bmm); let matmul and + "
                        "broadcast, with unsqueeze where an axis is missing."),
    "fresh_values": ("remembers_between_calls", "Your function returns a result remembered from an earlier call: "
                     "arguments of the same shapes but other values get the earlier call's result (or the same call "
                     "gets another one the second time). A cache must be keyed by everything the result depends on "
                     "(the values, not only the shapes, the sizes or id(), which Python reuses); or keep nothing "
                     "between calls (no module-level dict, no mutable default argument)."),
    "same_object": ("identity_decides", "Your function computes something else when one tensor object is passed as "
                    "two arguments (self-attention's multi_head_attention(X, X, ...)) than for two equal copies: it "
                    "tests identity (`a is b`, id()) or writes into one argument what the other still needs. A caller "
                    "says what it wants with the arguments (mask=...), never with identity: compute the same thing "
                    "either way."),
    "constant_columns": ("breaks_constant_columns", "A token whose features are all equal breaks your layer norm: "
                         "its output or its gradients are not finite or not the reference's. Add eps to the variance "
                         "before the square root, sqrt(var + eps), and do not compute sqrt(var) on its own (its "
                         "derivative at var = 0 is infinite, and autograd turns 0 times infinity into NaN)."),
    "keywords": ("renamed_parameter", "Your function does not take its arguments under the names the contract's "
                 "signature gives them (the stub's), so a caller that passes one by name (mask=..., top_k=...) gets "
                 "a TypeError or a wrong result: keep the stub's parameter names and order."),
    "default_dtype": ("follows_the_default_dtype", "Your function is right under torch's usual default dtype but "
                      "not after torch.set_default_dtype(torch.float64) (the call shown says its inputs' dtypes): a "
                      "tensor made without a dtype (torch.zeros(shape), torch.ones, torch.full, torch.tensor([...]), "
                      "torch.arange(...) of floats) takes the default dtype, and mixing it in promotes the result or "
                      "makes a product fail, or keeps a value that float32 would have rounded (torch.tensor(-1e40) "
                      "is -inf only in float32). Make constants from the inputs: zeros_like(x), x.new_zeros(shape), "
                      "dtype=x.dtype, float('-inf')."),
    "every_key_visible": ("all_visible_mask_differs", "Your function is right with a mask that hides some keys, and "
                          "without a mask, but not with a mask that hides none (every entry True), which must give "
                          "exactly what no mask gives: the same values, dtype and gradients, with every other "
                          "argument still applied. A shortcut for 'nothing hidden' (if mask.all(): ...) that returns "
                          "something else, or calls on without an argument, is the usual cause."),
    "zero_tokens": ("zero_token_taken_for_padding", "Your function is right on ordinary inputs but not when a "
                    "token's features are all exactly zero (in the call shown, the second query and the second key): "
                    "an all-zero column is an ordinary token, and a key is hidden only where the mask hides it (no "
                    "mask: every key is visible). Do not infer padding, or anything else, from the values "
                    "(x.abs().sum(0) == 0, x.any(0))."),
    "structured_tokens": ("breaks_structured_tokens", "Your function is right on random inputs but not on a "
                          "structured one the contract allows (the call shown): a tensor of tokens all zeros (zero "
                          "queries, a memory of padding only, a black image) or one token repeated throughout (a "
                          "flat image, one id repeated). A shortcut taken for such inputs (if not Q.any(): ..., if "
                          "every column is equal: use the first) must give exactly what the general computation "
                          "gives, its values and its gradients, every other argument (a mask, the biases) still "
                          "applied; usually the general computation is right there already, without the shortcut."),
    "many_batch_axes": ("breaks_many_batch_axes", "Your function is right with no batch axis, one or two, but not "
                        "with three (the call shown: (2, 1, 3)): it folds exactly two batch axes (flatten(0, 1), "
                        "reshape(B * H, ...)), picks a layout by the number of axes (if x.dim() == 4: ... else: "
                        "x.T), or writes batch letters into an einsum. Index the last axes from the end and let "
                        "every leading axis ride along: x.flatten(0, -3) and .unflatten(0, x.shape[:-2]), "
                        "torch.matmul, '...' in einsum."),
    "long_sequence": ("breaks_long_sequences", "Your function is right on short sequences but not on one of "
                      f"{LONG_SEQUENCE:,} tokens (the call shown): a length is fixed in the code instead of read "
                      "from the arguments, such as a mask or a position table cut from a buffer of 512 or 1024 "
                      "tokens, or a maximum length of a model you copied. Build every size from the inputs."),
    "grad_off": ("differs_without_grad", "Your function is right when grad mode is on but not when the caller runs "
                 "it under torch.no_grad() (the call shown; its weights require grad, as a trained model's do): "
                 "something decided by torch.is_grad_enabled() or by requires_grad computes another result there (a "
                 "fused path that drops an argument such as eps, float32 for float64 inputs, a cache kept only at "
                 "inference, a shortcut). The grad mode may only save work: compute the same values either way."),
    "inference_mode": ("breaks_in_inference_mode", "Your function fails or differs when a caller runs it inside "
                       "torch.inference_mode() (the call shown: its first argument made there, its weights "
                       "requiring grad, as a serving loop calls a trained model): threads do not inherit the mode, "
                       "so a thread pool computes with grad on and tries to save inference tensors for backward; and "
                       "an inference tensor has no version counter (x._version) and cannot be written outside the "
                       "mode. Compute in the calling thread, with ordinary operations."),
    "model_kinds": ("model_handled_as_one_kind", "Your function works with the model as usually handed over (a "
                    "torch.nn.Module in training mode) but not as the call shown hands it over: a model may be any "
                    "callable (a plain function has no .eval() or .training), a module given in eval mode is handed "
                    "back in eval mode, a trained module's logits require grad outside torch.no_grad() "
                    "(.numpy() refuses them: use .tolist(), .item() or torch operations), and a module's logits may "
                    "be a view of its own weights (compute into new tensors: logits / T, not logits /= T). Call the "
                    "model as it is given, on a LongTensor of ids, model(ids)."),
    "gradients": ("wrong_gradient", "Your outputs are right but autograd does not give the reference's gradients "
                  "for every input and weight: look for .detach(), .data, .item(), torch.no_grad(), a tensor rebuilt "
                  "from values (torch.tensor(...)), or an in-place write on the way."),
}


def _make_check(exercise: str, function: str, spec: Spec, clause: str) -> Callable:
    def check(learner) -> None:
        gen = generator(_stable_seed(exercise, function, clause))
        failing = None
        try:
            with Judge(learner, exercise) as judge:
                for index, case in enumerate(_cases(spec, clause)):
                    if not judge.problems:  # the case the failure's message shows is the first that went wrong
                        failing = case
                    if clause == "broadcast_batch":
                        for args, kwargs in _batched_alone(spec, gen, case):
                            judge.call(function, *args, tol=spec.tol(args, kwargs), **kwargs)
                            observed = judge.observations[-1]
                            observed.result = unexpanded(observed.result, judge.expected[-1])
                            judge.require_agreement(len(judge.observations) - 1)
                        continue
                    if clause == "fresh_values":
                        _expect_fresh_results(judge, function, spec, gen, case)
                        continue
                    if clause == "same_object":
                        pairs = _view_calls if case.extra.get("views") else _same_object_calls
                        for args, kwargs in pairs(*spec.make(gen, case)):
                            if not case.extra.get("views"):
                                judge.expect(function, *args, tol=spec.tol(args, kwargs), **kwargs)
                            elif not _the_reference_refuses(judge, function, args, kwargs):   # lengths that fit
                                _expect_with_a_view(judge, learner, exercise, function, args, kwargs,
                                                    spec.tol(args, kwargs))
                        continue
                    if clause == "keywords":
                        tiny = _call_and_tolerance(spec, gen, replace(case, scale=1e-3)) \
                            if "large_magnitudes" in spec.clauses else None   # where an eps floor shows
                        _expect_by_keyword(judge, exercise, function, *_call_and_tolerance(spec, gen, case), tiny)
                        continue
                    if clause == "default_dtype":
                        args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                        for call in [(args, kwargs), *_optional_arguments_left_out(exercise, function, args, kwargs),
                                     *_options_given(exercise, function, args, kwargs, spec.options)]:
                            _expect_under_default_dtype(learner, exercise, function, *call, tol,
                                                        case.extra["default_dtype"])
                        continue
                    if clause == "grad_off":
                        args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                        _expect_without_grad(judge, exercise, function, spec, gen, case, (args, kwargs), tol,
                                             by_name=index == 0)
                        continue
                    if clause == "inference_mode":
                        args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                        slots = [key for key, value in [*enumerate(args), *kwargs.items()]
                                 if isinstance(value, torch.Tensor)][:1]
                        with judge.caller("inference", requires_grad=[key for key in float_slots(args, kwargs)
                                                                      if key not in slots], inference_args=slots), \
                                _crash_named_by(clause):
                            judge.expect(function, *args, tol=tol, **kwargs)
                        continue
                    if clause == "structured_tokens":
                        args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                        for call, with_grad in _structured_calls((args, kwargs), _token_slots(spec, case)):
                            if _the_reference_refuses(judge, function, *call):
                                continue
                            if with_grad and spec.differentiable:
                                judge.expect_grad(function, *call, float_slots(*call), tol=tol.scaled(8.0),
                                                  seed=_stable_seed(exercise, function, clause))
                            else:
                                judge.expect(function, *call[0], tol=tol.scaled(FLOAT64_FROM_FLOAT32), **call[1])
                        continue
                    if clause == "model_kinds":
                        args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                        args, kwargs = _models_of_kind((args, kwargs), case.extra["model_kind"])
                        with _crash_named_by(clause):
                            judge.expect(function, *args, tol=tol, **kwargs)
                            if case.extra["model_kind"] == "tracked" and not judge.problems:
                                with judge.caller("no_grad"):
                                    judge.expect(function, *args, tol=tol, **kwargs)
                        continue
                    args, kwargs, tol = _call_and_tolerance(spec, gen, case)
                    if _SPECIAL_WEIGHTS.intersection(case.extra):
                        special = _special_weights(exercise, function, spec, case, (args, kwargs))
                        if special is None:
                            continue
                        args, kwargs = special
                    if case.extra.get("zero_tokens"):
                        args, kwargs = _tokens_zeroed((args, kwargs), _token_slots(spec, case))
                    if clause in ("gradients", "constant_columns"):
                        wrt, tracked = float_slots(args, kwargs), case.extra.get("tracked")
                        if tracked:   # the data plain and the weights nn.Parameters, or the data alone with a history
                            if len(wrt) < 2:
                                continue
                            wrt = wrt[1:] if tracked == "first_plain" else wrt[:1]
                        if case.extra.get("duplicate_tokens"):
                            slots = _token_slots(spec, case)
                            if not slots:
                                continue
                            args, kwargs = _tokens_duplicated((args, kwargs), slots)
                        before = len(judge.problems)
                        judge.expect_grad(function, args, kwargs, wrt, tol=tol.scaled(8.0),
                                          seed=_stable_seed(exercise, function, str(index)),
                                          non_leaf=wrt if tracked == "first_only" else [],
                                          parameters=wrt if tracked == "first_plain" else [])
                        if before == 0 and judge.problems and (tracked or case.extra.get("duplicate_tokens")):
                            raise Misconception(*(_PARTLY_TRACKED if tracked else _DUPLICATE_TOKENS),
                                                judge.problems[-1])
                        if clause == "gradients" and index == 0 and not judge.problems:
                            _expect_grad_with_a_later_call(judge, function, args, kwargs, tol.scaled(8.0),
                                                           _stable_seed(exercise, function, str(index)),
                                                           spec.make(gen, case))
                        continue
                    if case.extra.get("layout") == "column_major":  # a crash is named by grader.probes
                        args, kwargs = column_major(args), column_major(kwargs)
                    if case.extra.get("layout") == "expanded_batch":
                        args, kwargs = _batch_expanded((args, kwargs), _batch_slots(spec, case), len(case.batch))
                    if case.dtype == torch.float64:
                        tol = tol.scaled(FLOAT64_FROM_FLOAT32)
                    with judge.patience(4 if clause == "long_sequence" else 1):   # a loop over tokens is allowed
                        judge.expect(function, *args, tol=tol, **kwargs)
        except Misconception as failed:
            special = sorted(_SPECIAL_WEIGHTS.intersection(failing.extra)) if failing is not None else []
            if special:   # the message says which weights the call had: the values a shortcut looks for
                failed = Misconception(failed.name, failed.explanation,
                                       f"{failed} (in this call {_SPECIAL_WEIGHT_WORDS[special[0]]})")
            if failed.name not in WEAKER_THAN_A_CLAUSE | STEP_ONLY | CLAUSE_OUTRANKS.get(clause, set()) or \
                    not _right_without_the_clause(learner, exercise, function, spec, clause, failing):
                raise failed from None
            name, explanation = CLAUSE_DIAGNOSES.get(clause, ("breaks_clause", (
                f"Your {function} breaks a clause of its contract: {CLAUSES[clause].description}.")))
            if failed.name == "first_wrong_step":   # where, in a function right without the clause
                explanation += f" Where it goes wrong: {failed.explanation}"
            raise Misconception(name, explanation, str(failed)) from None
    return check


@contextlib.contextmanager
def _crash_named_by(clause: str):
    """A crash inside that nothing named (no crash reading, no probe) is named by the clause: only its way of
    calling differs from calls that work."""
    try:
        yield
    except LearnerError as error:
        if not _unnamed_crash(error):
            raise
        raise Misconception(*CLAUSE_DIAGNOSES[clause], error.message) from None


def _unnamed_crash(error: LearnerError) -> bool:
    """Whether an error is the learner's function raising, not yet named: not a stub's TODO, a modified input, a
    timeout or a worker's death, and with no diagnosis of its own."""
    return error.kind == "exception" and not error.todo and not isinstance(error, InputModified) \
        and getattr(error, "diagnosis", None) is None


# Clauses that change how a call is made (by keyword, under another default dtype, on a non-contiguous view, through
# autograd, repeated, with batch axes on one argument) rather than its sizes and values: their failing case, made the
# ordinary way, is the call without the clause.
_HOW_THE_CALL_IS_MADE = ("keywords", "default_dtype", "non_contiguous", "gradients", "fresh_values", "broadcast_batch",
                         "same_object", "grad_off", "inference_mode", "model_kinds")


def _right_without_the_clause(learner, exercise: str, function: str, spec: Spec, clause: str, failing: Case) -> bool:
    """Whether the learner's function is right on the failing case without what its clause adds: a clause's diagnosis
    ("right without a batch axis but wrong with one") holds only then. For a clause of sizes or values (batching, a
    single token, float64, large magnitudes, a mask...), the plain case is the table's base case, in the failing case's
    mode, with a random mask where the failing case had a mask; for a clause of how the call is made, the failing case
    itself, called by position, contiguous, under the usual default dtype, forward only."""
    mode = {key: value for option in spec.modes for key, value in option.items()}
    if clause in _HOW_THE_CALL_IS_MADE:
        plain = replace(failing, extra={key: value for key, value in failing.extra.items()
                                        if key not in ("layout", "default_dtype", *_SPECIAL_WEIGHTS)})
        seed = _stable_seed(exercise, function, clause, "plain")
    else:   # the same plain case for every clause of sizes or values: asked once per submission and function
        plain = replace(spec.base, extra={**spec.base.extra, **{key: failing.extra[key] for key in mode
                                                                if key in failing.extra}},
                        mask="random" if failing.mask else spec.base.mask)
        seed = _stable_seed(exercise, function, "plain")
    float32_internals = clause in ("gradients", "constant_columns")   # accepted there
    special = sorted(_SPECIAL_WEIGHTS.intersection(failing.extra))
    key = (exercise, function, seed, repr(plain), float32_internals, tuple(special))
    known = _RIGHT_ON_THE_PLAIN_CASE.setdefault(learner, {})
    if key not in known:
        args, kwargs, tol = _call_and_tolerance(spec, generator(seed), plain)
        if special:
            args, kwargs = _special_weights(exercise, function, spec, failing, (args, kwargs)) or (args, kwargs)
        if float32_internals:
            tol = tol.scaled(8.0)
        elif plain.dtype == torch.float64:
            tol = tol.scaled(FLOAT64_FROM_FLOAT32)
        known[key] = Judge(learner, exercise).agrees(function, *args, tol=tol, **kwargs)
    return known[key]


# learner -> {plain case: whether the learner is right there}, for as long as the learner (one submission) lives
_RIGHT_ON_THE_PLAIN_CASE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def by_stub_names(exercise: str, function: str, args: tuple, kwargs: dict) -> dict:
    """The call's arguments, every one under its name in the contract's signature (the model answer's, from which
    the stubs are made)."""
    names = list(_signature(exercise, function).parameters)
    return {**dict(zip(names, args, strict=False)), **kwargs}


def _expect_by_keyword(judge: Judge, exercise: str, function: str, args: tuple, kwargs: dict,
                       tol: Tolerance, tiny: tuple[tuple, dict, Tolerance] | None = None,
                       other_arguments: bool = True) -> None:
    """The call with every argument given by its name in the contract's signature (the model answer's, from which
    the stubs are made). A TypeError there is the names' fault: the same call by position is checked elsewhere.
    With `other_arguments`, then arguments of other types and a params dict with an entry more."""
    by_name = by_stub_names(exercise, function, args, kwargs)
    try:
        result = judge.expect(function, tol=tol, **by_name)
    except LearnerError as error:
        if error.type_name != "TypeError" or not NAMES_REFUSED.search(error.message):
            raise
        raise Misconception(*CLAUSE_DIAGNOSES["keywords"], error.message) from None
    if not judge.problems:
        _expect_explicit_zeros(judge, exercise, function, by_name, tol, result)
    if not judge.problems and tiny is not None:   # inputs a thousand times smaller: eps = 0 against a floor of 1e-6
        tiny_by_name = by_stub_names(exercise, function, *tiny[:2])
        _expect_explicit_zeros(judge, exercise, function, tiny_by_name, tiny[2],
                               judge.run_reference(function, (), tiny_by_name))
    if not judge.problems and other_arguments:
        _expect_every_argument_given(judge, exercise, function, by_name, tol)
    if not judge.problems and other_arguments:
        _expect_other_argument_types(judge, exercise, function, by_name, tol)
    if not judge.problems and other_arguments:
        _expect_more_params(judge, function, by_name, tol)


def _expect_more_params(judge: Judge, function: str, by_name: dict, tol: Tolerance) -> None:
    """The call with each dict argument (a params dict) in the reverse of its order (sub-dicts too: a dict's order
    is the caller's, a checkpoint's or an optimiser's, never the contract's), then holding entries more than the
    function reads, as a layer passes its whole dict on to multi_head_attention."""
    for name, value in by_name.items():
        if not isinstance(value, dict) or not value:
            continue
        for call, mistake in (({**by_name, name: _reversed_dict(value)}, _PARAMS_IN_ORDER),
                              ({**by_name, name: {**value, **_entries_more(value)}}, _MORE_PARAMS)):
            before = len(judge.problems)
            try:
                judge.expect(function, tol=tol, **call)
            except LearnerError as error:   # the same call with the dict as it was returned: the dict is the cause
                if error.kind != "exception" or error.todo or isinstance(error, InputModified):
                    raise
                raise Misconception(*mistake, error.message) from None
            if len(judge.problems) > before:
                raise Misconception(*mistake, judge.problems[-1])


def _expect_every_argument_given(judge: Judge, exercise: str, function: str, by_name: dict, tol: Tolerance) -> None:
    """The call with every parameter of the contract's signature given, those the call left out at their defaults:
    once all by name (an optional parameter renamed refuses it), once all by position but the stub's keyword-only
    ones (a parameter made keyword-only, or one inserted before it, refuses it or takes another's value)."""
    every = _every_argument(exercise, function, by_name)
    if every is None:
        return
    calls = [] if len(every) == len(by_name) else [((), every, CLAUSE_DIAGNOSES["keywords"])]
    keyword_only = _keyword_only(exercise, function)
    calls.append((tuple(value for name, value in every.items() if name not in keyword_only),
                  {name: value for name, value in every.items() if name in keyword_only}, _NOT_BY_POSITION))
    for args, kwargs, mistake in calls:
        before = len(judge.problems)
        try:
            judge.expect(function, *args, tol=tol, **kwargs)
        except LearnerError as error:
            if error.type_name != "TypeError" or not NAMES_REFUSED.search(error.message):
                raise
            raise Misconception(*mistake, error.message) from None
        if len(judge.problems) > before:
            raise Misconception(*mistake, judge.problems[-1])


def _signature(exercise: str, function: str) -> inspect.Signature:
    """The contract's signature of `function` (the model answer's, from which the stubs are made)."""
    return inspect.signature(getattr(importlib.import_module(f"solutions.{exercise}"), function))


def _keyword_only(exercise: str, function: str) -> set[str]:
    """The parameters the contract's signature takes by name only (after a `*`)."""
    return {name for name, parameter in _signature(exercise, function).parameters.items()
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY}


def _every_argument(exercise: str, function: str, by_name: dict) -> dict | None:
    """`by_name` with every parameter of the contract's signature that it leaves out at its default, in the
    signature's order; None if a parameter without a default is missing."""
    every = {}
    for name, parameter in _signature(exercise, function).parameters.items():
        if name in by_name:
            every[name] = by_name[name]
        elif parameter.default is inspect.Parameter.empty:
            return None
        else:
            every[name] = parameter.default
    return every


_NOT_BY_POSITION = ("signature_differs", (
    "Your function refuses (or misreads) its arguments given by position in the order of the stub's signature, "
    "every optional one included (the call shown): a parameter made keyword-only (after a *), or one added, removed "
    "or moved before the others. Keep the stub's signature, names and order: callers pass optional arguments by "
    "position too (one_hot(ids, V, torch.float64))."))


def _entries_more(params: dict) -> dict:
    """Two entries a params dict may hold beside the function's own: a wider layer's weight and bias (a
    feed-forward's W1 (F, D) and b1 (F,), F = D + 3), of the dict's first tensor's dtype, fitting no weight of its."""
    first = next((item for item in params.values() if isinstance(item, torch.Tensor) and item.dim()),
                 torch.zeros(1))
    width = first.shape[-1]
    return {"W_more": torch.full((width + 3, width), 0.5, dtype=first.dtype),
            "b_more": torch.full((width + 3,), 0.5, dtype=first.dtype)}


def _reversed_dict(value: dict) -> dict:
    """The same entries (the same objects), in the reverse order, and so in every dict inside."""
    return {key: _reversed_dict(item) if isinstance(item, dict) else item for key, item in reversed(value.items())}


_PARAMS_IN_ORDER = ("params_read_in_order", (
    "Your function is right with a params dict in the order the checks usually build it, but not with the same "
    "entries in another order (the call shown): it takes weights by position (list(params.values())[:8], the first "
    "two sub-dicts) where it must take them by name. A dict's order is whatever its maker chose (a checkpoint, an "
    "optimiser, a layer that adds its own entries): read params[\"Wq\"], params[\"self_attn\"]."))


_MORE_PARAMS = ("params_extra_entries_refused", (
    "Your function is right with a params dict that holds exactly the entries it reads, but not with one that holds "
    "more (the call shown): a layer passes its whole dict on (transformer_layer gives multi_head_attention its "
    "feed-forward and norm weights too, of other shapes). Read the entries you need by name and ignore the others; "
    "do not check the dict's keys against a fixed set, nor every entry's shape against your own, nor iterate over it "
    "in order."))


def _expect_other_argument_types(judge: Judge, exercise: str, function: str, by_name: dict, tol: Tolerance) -> None:
    """The call with each argument in another type its annotation allows, one at a time: an int where a float is
    annotated (PEP 484: an int is acceptable where a float is; temperature=1, scale=1, base=10000), a tuple where a
    Sequence is (special_ids=(0, 1)). A float argument given or defaulting to x takes round(x) (1 where x is None or
    rounds to 0 without being 0), where the reference accepts it and answers finitely."""
    parameters = inspect.signature(getattr(importlib.import_module(f"solutions.{exercise}"), function)).parameters
    for name, parameter in parameters.items():
        annotation = str(parameter.annotation)
        value = by_name.get(name, parameter.default)
        if "Sequence" in annotation and isinstance(value, list):
            other, kind = tuple(value), "a tuple"
        elif "float" in annotation and (value is None or type(value) is float) and value is not inspect.Parameter.empty:
            integral = value is not None and math.isfinite(value) and (value == round(value) or round(value) != 0)
            other = int(round(value)) if integral else 1
            kind = f"the int {other}"
        else:
            continue
        call = {**by_name, name: other}
        try:
            want = judge.run_reference(function, (), call)
        except Exception:   # noqa: BLE001 - not a valid value here
            continue
        if not all(bool(t.isfinite().all()) for t in _tensor_paths(want).values() if t.is_floating_point()):
            continue
        before = len(judge.problems)
        judge.call(function, tol=tol, **call)
        judge.require_agreement(len(judge.observations) - 1)
        if len(judge.problems) > before:
            found = judge.diagnosis()
            if found is not None and found[0] not in WEAKER_THAN_A_CLAUSE:
                raise Misconception(*found, judge.problems[-1])
            raise Misconception("argument_type_refused", f"Your {function} is right with the usual call, but not "
                                f"when {name} is given as {kind}, which its annotation ({annotation}) allows: an int "
                                "is a float wherever a float is asked for, and a Sequence may be a tuple. Do not "
                                "test isinstance(x, float) or isinstance(x, list) to decide what to compute; convert "
                                "(float(x), torch.as_tensor(x), list(x)) or use the value as it is.",
                                judge.problems[-1])


def _expect_explicit_zeros(judge: Judge, exercise: str, function: str, by_name: dict, tol: Tolerance,
                           result: Any) -> None:
    """Each optional float argument (a default such as eps=1e-5) given by name as 0.0, where the reference accepts
    that and answers otherwise, finitely: 0 is a value like any other, and `eps = eps or 1e-5` reads it as left out."""
    parameters = inspect.signature(getattr(importlib.import_module(f"solutions.{exercise}"), function)).parameters
    expected = judge.expected[-1]
    for name, parameter in parameters.items():
        if type(parameter.default) is not float or parameter.default == 0.0:
            continue
        call = {**by_name, name: 0.0}
        try:
            want = judge.run_reference(function, (), call)
        except Exception:   # noqa: BLE001 - 0 is outside this argument's range
            continue
        if _identical(want, expected) or not all(bool(t.isfinite().all()) for t in _tensor_paths(want).values()
                                                 if t.is_floating_point()):
            continue
        before = len(judge.problems)
        got = judge.call(function, tol=tol, **call)
        judge.require_agreement(len(judge.observations) - 1)
        if len(judge.problems) > before:
            found = judge.diagnosis()   # a catalogue mistake about that argument (temperature 0) says more
            if found is not None and found[0] not in WEAKER_THAN_A_CLAUSE:
                raise Misconception(*found, judge.problems[-1])
            ignored = _identical(got, result)
            why = (" (it returns the same as with the default): `x = x or default` reads 0 as left out, since 0 is "
                   "falsy. Test for the missing value itself (`if x is None`), or keep the contract's default in the "
                   "signature and use the argument as given." if ignored else
                   ": 0 is a value the contract allows for it, with the meaning the formula gives it (no smoothing "
                   "for an eps of 0). Look for a branch or a guard that treats 0 apart.")
            raise Misconception("explicit_zero_ignored" if ignored else "explicit_zero_differs",
                                f"Your {function} is right when {name} is left out, but not when {name}=0.0 is given"
                                + why, judge.problems[-1])


def _expect_grad_with_a_later_call(judge: Judge, function: str, args: tuple, kwargs: dict, tol: Tolerance,
                                   seed: int, later: tuple[tuple, dict]) -> None:
    """The same backward pass with one more call, on other inputs of the same shapes, between the call and its
    backward pass (a layer run twice before the loss), and an evaluation pass under no_grad on the same tensors
    before the call, all in a fresh copy of the learner's module (what it caches starts empty): the gradients must
    not change (in the sandbox: backpropagated twice, and the later call's result must not reach this call's
    inputs)."""
    judge.expect_grad(function, args, kwargs, float_slots(args, kwargs), tol=tol, seed=seed, then=later)
    if judge.problems:
        raise Misconception("backward_reads_a_later_call", (
            f"Your {function}'s gradients are right when its backward pass follows a single call at once, and wrong "
            "in a training loop's order: an evaluation pass under torch.no_grad() on the same tensors first, then "
            "the call, then another call before the loss (a layer run twice): the backward reads what another call "
            "left behind (a global, a class attribute, a cache, an lru_cache filled under no_grad) instead of what "
            "its own forward saved. In a torch.autograd.Function keep what backward needs on ctx "
            "(ctx.save_for_backward), or let autograd derive the backward; cache nothing that autograd needs."),
            judge.problems[-1])


def _optional_arguments_left_out(exercise: str, function: str, args: tuple, kwargs: dict) -> list[tuple[tuple, dict]]:
    """The call once without each argument that defaults to None and is given a tensor here (a bias, a mask,
    positions): what stands in for a missing argument is often made without a dtype. Arguments before it stay
    positional, those after it go by name."""
    parameters = inspect.signature(getattr(importlib.import_module(f"solutions.{exercise}"), function)).parameters
    names = list(parameters)
    by_name = by_stub_names(exercise, function, args, kwargs)
    calls = []
    for index, name in enumerate(names):
        if parameters[name].default is None and isinstance(by_name.get(name), torch.Tensor):
            given = list(itertools.takewhile(lambda n: n in by_name, names[:index]))
            calls.append((tuple(by_name[n] for n in given),
                          {n: v for n, v in by_name.items() if n not in given and n != name}))
    return calls


def _options_given(exercise: str, function: str, args: tuple, kwargs: dict, options: dict) -> list[tuple[tuple, dict]]:
    """The call once with each of `options` (an optional argument left at its default here: top_k, top_p) given,
    every argument by name: the code of an option can make its own constants."""
    by_name = by_stub_names(exercise, function, args, kwargs)
    return [((), {**by_name, name: value}) for name, value in options.items() if by_name.get(name) != value]


def _expect_without_grad(judge: Judge, exercise: str, function: str, spec: Spec, gen: torch.Generator, case: Case,
                         call: tuple[tuple, dict], tol: Tolerance, by_name: bool) -> None:
    """The grad_off clause's calls, under torch.no_grad(): `call` with its floating-point tensors requiring grad,
    another of the same shapes, and (with `by_name`) the keywords clause's calls (by name, optional floats at 0, tiny
    inputs)."""
    args, kwargs = call
    other_args, other_kwargs, other_tol = _call_and_tolerance(spec, gen, case)
    floats = [tensor for tensor in _tensor_paths(call).values() if tensor.is_floating_point()]
    if floats and all(tensor.dtype == torch.float64 for tensor in floats):   # where `make` follows the case's dtype
        tol, other_tol = tol.scaled(FLOAT64_FROM_FLOAT32), other_tol.scaled(FLOAT64_FROM_FLOAT32)
    if not spec.differentiable:   # inputs that require grad, with grad on (the gradients clause does it elsewhere)
        with judge.caller(requires_grad=float_slots(args, kwargs)):
            judge.expect(function, *args, tol=tol, **kwargs)
        if judge.problems:
            return
    with judge.caller("no_grad", requires_grad=float_slots(args, kwargs)):
        judge.expect(function, *args, tol=tol, **kwargs)
        if not judge.problems:
            judge.expect(function, *other_args, tol=other_tol, **other_kwargs)
    if by_name and not judge.problems:
        tiny = _call_and_tolerance(spec, gen, replace(case, scale=1e-3)) if "large_magnitudes" in spec.clauses \
            else None
        with judge.caller("no_grad"):
            _expect_by_keyword(judge, exercise, function, args, kwargs, tol, tiny, other_arguments=False)


def _expect_under_default_dtype(learner, exercise: str, function: str, args: tuple, kwargs: dict, tol: Tolerance,
                                dtype: torch.dtype) -> None:
    """The call with torch's default dtype set to `dtype`, in the sandbox and for the reference, diagnosed there too.
    When it fails and the same call under the usual default agrees, the default dtype is the mistake."""
    with Judge(learner, exercise) as judge:
        try:
            with judge.default_dtype(dtype):
                judge.expect(function, *args, tol=tol, **kwargs)
                if judge.problems:
                    judge.fail()
        except (Misconception, LearnerError) as failed:
            if isinstance(failed, InputModified) or isinstance(failed, LearnerError) and failed.kind != "exception":
                raise
            usual = Judge(learner, exercise)
            try:
                usual.expect(function, *args, tol=tol, **kwargs)
            except LearnerError:
                raise failed from None
            if usual.problems:
                raise
            what = failed.message if isinstance(failed, LearnerError) else str(failed)
            if not _agrees_without_grad(learner, exercise, function, args, kwargs, tol):   # the grad mode, not the dtype
                raise Misconception(*CLAUSE_DIAGNOSES["grad_off"], f"under torch.no_grad() (here with "
                                    f"torch.set_default_dtype({dtype}) in force, and without it too), {what}") from None
            raise Misconception(*CLAUSE_DIAGNOSES["default_dtype"], f"with torch.set_default_dtype({dtype}) in force, "
                                f"{what}") from None


def _agrees_without_grad(learner, exercise: str, function: str, args: tuple, kwargs: dict, tol: Tolerance) -> bool:
    """Whether the call, made under torch.no_grad() with the usual default dtype, agrees with the reference."""
    judge = Judge(learner, exercise)
    with judge.caller("no_grad"):
        return judge.agrees(function, *args, tol=tol, **kwargs)


def keyword_checks(exercise: str, calls: dict[str, Callable[[], tuple[tuple, dict]]],
                   weight: float = 1) -> dict[str, Callable]:
    """The `keywords` clause for functions whose results are compared with no reference value (random draws whose
    distribution the contract fixes, not their stream): `calls[function]()` gives a call (Seeds for generators),
    made by position (its result of the reference's form: types, shapes, dtypes) and again with every argument under
    the stub's name; the two results must be identical (unless the call by position itself gives another result the
    second time: other checks fail draws that ignore the seed)."""
    checks = {}
    for function, make in calls.items():
        def check(learner, function=function, make=make) -> None:
            args, kwargs = make()
            judge = Judge(learner, exercise)
            by_position = judge.call(function, *args, **kwargs)
            if not judge.last_has_expected_form():   # a constant equals itself by name too: it must be a result
                judge.fail()
            by_name = by_stub_names(exercise, function, args, kwargs)
            try:
                again = judge.call(function, **by_name)
            except LearnerError as error:
                if error.type_name != "TypeError" or not NAMES_REFUSED.search(error.message):
                    raise
                raise Misconception(*CLAUSE_DIAGNOSES["keywords"], error.message) from None
            if not _identical(by_position, again) and \
                    _identical(by_position, judge.call(function, *args, **kwargs)):  # not a call that varies anyway
                raise Misconception(*CLAUSE_DIAGNOSES["keywords"], f"{call_text(function, (), by_name)} gave "
                                    "another result than the same call with the arguments by position")
            if _identical(by_position, again):   # draws that follow the seeds (other checks fail those that do not)
                _expect_ints_as_floats(judge, exercise, function, by_name)
        check.__name__ = check.__qualname__ = f"test_clause_{function}_keywords"
        check.__doc__ = f"{function}: {CLAUSES['keywords'].description}."
        checks[check.__name__] = pytest.mark.grades(function, weight=weight)(check)
    return checks


def _expect_ints_as_floats(judge: Judge, exercise: str, function: str, by_name: dict) -> None:
    """For a function whose draws are compared with no reference: each float argument given as 1.0 and as the int 1
    (an int is a float wherever a float is annotated) draws the same (the same seeds)."""
    parameters = inspect.signature(getattr(importlib.import_module(f"solutions.{exercise}"), function)).parameters
    for name, parameter in parameters.items():
        if "float" not in str(parameter.annotation) or type(parameter.default) is not float:
            continue
        try:
            as_float = judge.call(function, **{**by_name, name: 1.0})
        except LearnerError:
            continue   # 1 is outside this argument's range, or the function fails there anyway (other checks)
        call = {**by_name, name: 1}
        try:
            as_int = judge.call(function, **call)
        except LearnerError as error:
            if not _unnamed_crash(error):
                raise
            raise Misconception("argument_type_refused", _INT_AS_FLOAT.format(function=function, name=name),
                                f"{call_text(function, (), call)}: {error.message}") from None
        if not _identical(as_float, as_int):
            raise Misconception("argument_type_refused", _INT_AS_FLOAT.format(function=function, name=name),
                                f"{call_text(function, (), call)} drew otherwise than with {name}=1.0")


_INT_AS_FLOAT = ("Your {function} is right with the usual call, but not when {name} is given as the int 1, which its "
                 "annotation (float) allows: an int is a float wherever a float is asked for. torch.full(shape, 1) "
                 "makes an integer tensor (which torch.bernoulli refuses); convert (float({name})) or give the dtype.")


# Probe readings a clause explains better: at inputs a thousand times larger, an argument whose change is lost (a
# capped activation, a saturated softmax) is a symptom of the magnitude, not an argument left unused.
# A composite's first wrong step: where it goes wrong, kept as part of the clause's diagnosis (which says on what).
STEP_ONLY = frozenset({"first_wrong_step"})
CLAUSE_OUTRANKS = {"large_magnitudes": {"argument_ignored"},
                   # a zero key hidden gives its weight to the others: right up to each column's scale, wrong from
                   # the attention step on
                   "zero_tokens": {"right_up_to_normalisation"},
                   # right on contiguous copies: a probe that rebuilds the inputs (contiguous) reads a shape into it
                   "non_contiguous": {"right_only_when_square", "axes_permuted", "read_in_another_axis_order",
                                      "argument_transposed", "batch_axis", "wrong_for_size", "breaks_for_size"}}


def _expect_fresh_results(judge: Judge, function: str, spec: Spec, gen: torch.Generator, case: Case) -> None:
    """Calls A, B (the same shapes, other values), A again, then A with each tensor-bearing argument in turn taken
    from B, each compared with the reference. When A was right and a later result is wrong because it is an earlier
    call's result (B given A's, A given B's, A with one argument changed given A's), the mistake is state kept
    between calls (a cache keyed by too little), whatever else a probe would read into it."""
    first = _call_and_tolerance(spec, gen, case)
    calls = [first, _call_and_tolerance(spec, gen, case), first]
    results = []
    for args, kwargs, tol in calls:
        results.append(judge.call(function, *args, tol=tol, **kwargs))
        judge.require_agreement(len(judge.observations) - 1)
        if not judge.problems:
            continue
        if len(results) > 1 and _identical(results[-1], results[-2]):      # the previous call's result
            raise Misconception(*CLAUSE_DIAGNOSES["fresh_values"], judge.problems[-1])
        return
    expected_first = judge.expected[-1]
    (args, kwargs, tol), (other_args, other_kwargs, _) = first, calls[1]
    slots, expected_mixed = [], []
    for slot in [*range(len(args)), *kwargs]:      # A with one argument of B's: a cache keyed by the others
        if not _tensor_paths(args[slot] if isinstance(slot, int) else kwargs[slot]):
            continue
        if isinstance(slot, int):
            mixed = (*args[:slot], other_args[slot], *args[slot + 1:]), kwargs
        else:
            mixed = args, {**kwargs, slot: other_kwargs[slot]}
        result = judge.call(function, *mixed[0], tol=tol, **mixed[1])
        judge.require_agreement(len(judge.observations) - 1)
        if judge.problems:
            if _identical(result, results[0]):
                raise Misconception(*CLAUSE_DIAGNOSES["fresh_values"], judge.problems[-1])
            return
        slots.append(slot)
        expected_mixed.append(judge.expected[-1])
    _expect_fresh_for_other_integers(judge, function, spec, first, results[0], expected_first)
    if judge.problems:
        return
    changed = map_tensors(first[:2], torch.Tensor.clone)   # A's values as a caller's in-place update leaves them
    in_place = change_in_place(changed, calls[1][:2])   # its lists refilled from B's
    _expect_results_not_shared(judge, function, first, calls[1], expected_first, slots, expected_mixed,
                               (*changed, spec.tol(*changed)) if in_place else None)


def _expect_fresh_for_other_integers(judge: Judge, function: str, spec: Spec, first: tuple, result_first: Any,
                                     expected_first: Any) -> None:
    """A with one integer argument at a time changed to another value the reference accepts and answers differently
    (twice, half, one more or one less): a result cached by the tensors alone (a patch index kept per image shape,
    a table per length) is A's, and is named so."""
    args, kwargs, _ = first
    for slot in [*range(len(args)), *kwargs]:
        value = args[slot] if isinstance(slot, int) else kwargs[slot]
        if type(value) is not int:
            continue
        for other in dict.fromkeys((2 * value, value // 2, value + 1, value - 1)):
            if other < 1 or other == value:
                continue
            mixed = ((*args[:slot], other, *args[slot + 1:]), kwargs) if isinstance(slot, int) else \
                (args, {**kwargs, slot: other})
            try:
                want = judge.run_reference(function, *mixed)
            except Exception:   # noqa: BLE001 - not a valid value here: try the next
                continue
            if _identical(want, expected_first):
                continue
            result = judge.call(function, *mixed[0], tol=spec.tol(*mixed), **mixed[1])
            judge.require_agreement(len(judge.observations) - 1)
            if judge.problems and _identical(result, result_first):
                raise Misconception(*CLAUSE_DIAGNOSES["fresh_values"], judge.problems[-1] + " (the result of the "
                                    f"call with {'argument ' + str(slot) if isinstance(slot, int) else slot}="
                                    f"{value}: a cache keyed without it)")
            if judge.problems:
                return
            break


def _expect_results_not_shared(judge: Judge, function: str, first: tuple, other: tuple, expected: Any,
                               slots: list, expected_mixed: list, changed: tuple | None) -> None:
    """A result the caller holds is its own: a later call does not overwrite it, and changing it in place does not
    change what the same call returns next (a buffer or a cached tensor handed out as it is). And the same argument
    objects passed again with one of them swapped, or with their values `changed` in place ((args, kwargs, tol), or
    None when no float tensor can change), give a fresh result (a cache keyed by id() or `is`)."""
    (args, kwargs, tol), (other_args, other_kwargs, _) = first, other
    kept, after, _, again, mixed, updated = judge.learner.call_held(judge.exercise, function, args, kwargs, other_args,
                                                                     other_kwargs, slots, changed is not None)
    call = call_text(function, args, kwargs)
    if changed is not None and not agree(updated, judge.run_reference(function, *changed[:2]), changed[2]):
        raise Misconception(*CLAUSE_DIAGNOSES["fresh_values"], f"{call} called again on the same argument objects, "
                            "after the caller changed their values in place (tensors as an optimiser step changes "
                            "weights, lists refilled with other items), returned a stale result: a cache keyed by "
                            "the identity of an argument (id(), is)")
    for slot, got, want in zip(slots, mixed, expected_mixed, strict=True):
        if not agree(got, want, tol):
            raise Misconception(*CLAUSE_DIAGNOSES["fresh_values"], f"{call} called again on the same argument "
                                f"objects, with only {'argument ' + str(slot) if isinstance(slot, int) else slot} "
                                "changed, returned a stale result: a cache keyed by the identity of an argument "
                                "(id(), is) or by too few of them")
    if not _identical(after, kept):
        raise Misconception("shares_its_results", _SHARED, f"the result of {call} changed when {function} was "
                            "called again on other arguments: each call writes into the same buffer")
    if not agree(again, expected, tol):
        raise Misconception("shares_its_results", _SHARED, f"after the caller changed the result of {call} in "
                            f"place, the same call returned the changed values: {function} hands out a tensor (or "
                            "list) it keeps")


_SHARED = ("Your function hands out something it keeps: a buffer that later calls write into, or a cached tensor "
           "(or list) returned as it is, so that a caller who changes the result in place (x += ..., masked_fill_) "
           "changes what the next call returns. Return a new tensor each call: .clone() what you cache, or keep "
           "nothing between calls.")


def _identical(a: Any, b: Any) -> bool:
    """Bit for bit the same result (tensors of equal dtype, shape and values; NaN equal to NaN)."""
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        same_nan = a.is_floating_point() and torch.equal(a.isnan(), b.isnan())
        return a.dtype == b.dtype and a.shape == b.shape and bool(
            torch.equal(a, b) or same_nan and torch.equal(a.nan_to_num(), b.nan_to_num()))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(_identical(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def _cases(spec: Spec, clause: str) -> list[Case]:
    cases = [replace(case, extra={**case.extra, **mode}) for case in CLAUSES[clause].cases(spec.base)
             for mode in spec.modes]
    if clause == "default_dtype" and "fully_masked_query" in spec.clauses:  # zeros for a query that sees no key
        cases.append(replace(cases[0], mask="fully_masked_query"))
    if clause == "gradients" and "fully_masked_query" in spec.clauses:  # the backward pass of a guarded 0/0 too
        cases.append(replace(cases[0], mask="fully_masked_query"))
    if clause == "large_magnitudes" and "fully_masked_query" in spec.clauses:  # the function takes a mask
        cases.append(replace(cases[0], mask="random", batch=(2, 3)))
    if clause == "gradients" and "large_magnitudes" in spec.clauses:  # a derivative through an exp that overflows
        cases.append(replace(cases[0], scale=1e3))
    if clause == "gradients" and "fully_masked_query" in spec.clauses:  # a mask that hides nothing: no shortcut
        cases.append(replace(cases[0], mask="all_visible"))
    if clause == "gradients":  # weights at special values still get their gradients (no "skip it when it is zero")
        cases += [replace(cases[0], extra={**cases[0].extra, special: True}) for special in sorted(_SPECIAL_WEIGHTS)]
    if clause == "gradients":  # inputs tracked as a first layer's or a later step's are; a token repeated
        cases += [replace(cases[0], extra={**cases[0].extra, "tracked": tracked})
                  for tracked in ("first_plain", "first_only")]
        cases.append(replace(cases[0], batch=(), extra={**cases[0].extra, "duplicate_tokens": True}))
    if clause == "same_object" and cases[0].n_k > 1:   # one query fewer than keys: the queries a view of the keys
        cases.append(replace(cases[0], n_q=cases[0].n_k - 1, extra={**cases[0].extra, "views": True}))
    if clause == "zero_tokens" and "fully_masked_query" not in spec.clauses:   # no mask to give
        cases = [case for case in cases if case.mask == spec.base.mask]
    return cases


_PARTLY_TRACKED = ("gradient_follows_requires_grad", (
    "Your gradients are right when every input is a plain tensor that requires grad, but not when only some inputs "
    "require grad, the weights are torch.nn.Parameters or an input has a history (the call shown): a first layer's "
    "data requires no grad while its weights (Parameters) do, and a layer's input is the output of the one before "
    "(it has a grad_fn). Do not decide from an input's requires_grad, is_leaf, grad_fn or exact type what to "
    "compute (torch.set_grad_enabled(x.requires_grad), x.detach() when x.grad_fn is not None, torch.tensor(W) "
    "when type(W) is not torch.Tensor): autograd already skips what needs no gradient."))
_DUPLICATE_TOKENS = ("gradient_of_repeated_tokens", (
    "Your outputs are right but the gradients are not when two tokens are equal (the call shown: the second token a "
    "copy of the first): a repeated token computed once and its result copied (torch.unique, a dict keyed by "
    "values) sends the gradient of every copy to one of them, and changing one copy would not change the other. "
    "Compute every token as it is given."))


# Weights at the values that invite a shortcut, each a gradient case of its own (`_special_weights`).
_SPECIAL_WEIGHTS = frozenset({"zero_vectors", "initial_values", "zero_matrices"})
_SPECIAL_WEIGHT_WORDS = {"zero_vectors": "every bias and gain is all zeros",
                         "initial_values": "the gains are all ones and the biases all zeros, as a layer starts: a "
                                           "shortcut for that case must keep them on the graph",
                         "zero_matrices": "every weight matrix is all zeros, as a zero-initialised layer: a shortcut "
                                          "for that case must keep them on the graph"}


def _special_weights(exercise: str, function: str, spec: Spec, case: Case,
                     call: tuple[tuple, dict]) -> tuple[tuple, dict] | None:
    """The call with its weights at special values, as `case.extra` asks, or None when it has no such weight:
    - "zero_vectors": every one-dimensional float tensor (a bias, a gain, a vector of weights) all zeros;
    - "initial_values": as a layer starts: the gains (named gamma...) all ones and every other one-dimensional float
      tensor all zeros (an identity affine map: a layer norm that skips gamma and beta there drops them from the
      graph), where the function has a gain;
    - "zero_matrices": every float tensor of two axes or more that holds no tokens (a weight matrix, a table) all
      zeros (a zero-initialised projection)."""
    if case.extra.get("zero_matrices"):
        tokens = _token_slots(spec, case)
        matrices = [path for path, tensor in _tensor_paths(call).items()
                    if tensor.is_floating_point() and tensor.dim() >= 2 and path not in tokens]
        for path in matrices:
            call = _replaced(call, path, torch.zeros_like(_tensor_paths(call)[path]))
        return call if matrices else None
    gains = case.extra.get("initial_values")
    names = list(by_stub_names(exercise, function, *call)) if gains else []
    found = []

    def vector(name: str, value: Any) -> Any:
        if isinstance(value, dict):
            return {key: vector(str(key), item) for key, item in value.items()}
        if isinstance(value, (tuple, list)):
            return type(value)(vector(name, item) for item in value)
        if isinstance(value, torch.Tensor) and value.is_floating_point() and value.dim() == 1:
            found.append(name)
            return torch.ones_like(value) if gains and name.startswith("gamma") else torch.zeros_like(value)
        return value

    args, kwargs = call
    special = (tuple(vector(names[index] if index < len(names) else "", value) for index, value in enumerate(args)),
               {name: vector(name, value) for name, value in kwargs.items()})
    if not found or gains and not any(name.startswith("gamma") for name in found):
        return None
    return special


def _token_slots(spec: Spec, case: Case) -> dict[tuple, list[int]]:
    """Where the float tensors that hold tokens sit among a call's (args, kwargs), each with its axes of tokens: the
    axes whose size follows N_q or N_k (a sequence's columns, both axes of a score matrix)."""
    plain = _tensor_paths(spec.make(generator(0), case))
    longer = _tensor_paths(spec.make(generator(0), replace(case, n_q=case.n_q + 1, n_k=case.n_k + 1)))
    slots = {}
    for path, tensor in plain.items():
        other = longer.get(path)
        if other is None or not tensor.is_floating_point() or other.dim() != tensor.dim():
            continue
        axes = [axis for axis in range(tensor.dim()) if other.shape[axis] != tensor.shape[axis]
                and tensor.shape[axis] > 1]
        if axes:
            slots[path] = axes
    return slots


def _tokens_duplicated(call: tuple[tuple, dict], slots: dict[tuple, list[int]]) -> tuple[tuple, dict]:
    """The call with the second token of every tensor in `slots` a copy of the first (index 1 of each of its axes of
    tokens set to index 0)."""
    paths = _tensor_paths(call)
    for path, axes in slots.items():
        tensor = paths[path].clone()
        for axis in axes:
            tensor.select(axis, 1).copy_(tensor.select(axis, 0))
        call = _replaced(call, path, tensor)
    return call


def _tokens_zeroed(call: tuple[tuple, dict], slots: dict[tuple, list[int]]) -> tuple[tuple, dict]:
    """The call with the second token of every tensor in `slots` all zeros (index 1 of each of its axes of tokens)."""
    paths = _tensor_paths(call)
    for path, axes in slots.items():
        tensor = paths[path].clone()
        for axis in axes:
            tensor.select(axis, 1).zero_()
        call = _replaced(call, path, tensor)
    return call


def _structured_calls(call: tuple[tuple, dict], slots: dict[tuple, list[int]]
                      ) -> list[tuple[tuple[tuple, dict], bool]]:
    """The call with structured tokens, each with whether to backpropagate: each tensor of `slots` all zeros in turn
    (values), all of them zeros at once (values), each in turn with every token a copy of its first, and each in turn
    with every entry equal (values and gradients: a shortcut for identical tokens sends the gradient to one copy)."""
    paths = _tensor_paths(call)
    zeroed = [(_replaced(call, path, torch.zeros_like(paths[path])), False) for path in slots]
    every = call
    for path in slots:
        every = _replaced(every, path, torch.zeros_like(paths[path]))
    repeated, constant = [], []
    for path, axes in slots.items():
        tensor = paths[path].clone()
        for axis in axes:
            tensor = tensor.narrow(axis, 0, 1).expand_as(tensor).clone()
        repeated.append((_replaced(call, path, tensor), True))
        constant.append((_replaced(call, path, paths[path].flatten()[0].expand_as(paths[path]).clone()), True))
    return [*zeroed, *([(every, False)] if len(slots) > 1 else []), *repeated, *constant]


def _batch_expanded(call: tuple[tuple, dict], slots: list[tuple], axes: int) -> tuple[tuple, dict]:
    """The call with each tensor in `slots` replaced by its first item broadcast over its `axes` leading (batch) axes:
    equal values, one memory for every item (stride 0)."""
    paths = _tensor_paths(call)
    for path in slots:
        tensor = paths[path]
        call = _replaced(call, path, tensor[(slice(0, 1),) * axes].expand_as(tensor))
    return call


def _batch_slots(spec: Spec, case: Case) -> list[tuple]:
    """Where the tensors that carry the batch axes sit among a call's (args, kwargs): the paths of the tensors whose
    shape differs between a batched and an unbatched call."""
    batched = _tensor_paths(spec.make(generator(0), case))
    plain = _tensor_paths(spec.make(generator(0), replace(case, batch=())))
    return [path for path, tensor in batched.items()
            if path in plain and tuple(tensor.shape) != tuple(plain[path].shape)]


def _batched_alone(spec: Spec, gen: torch.Generator, case: Case) -> list[tuple[tuple, dict]]:
    """One call per batch-carrying argument: that argument batched (as `case` asks), every other one unbatched."""
    batched = spec.make(gen, case)
    plain = spec.make(gen, replace(case, batch=()))
    return [_replaced(plain, path, _tensor_paths(batched)[path]) for path in _batch_slots(spec, case)]


def _tensor_paths(value: Any, path: tuple = ()) -> dict[tuple, torch.Tensor]:
    """Every tensor inside nested tuples, lists and dicts, by its path of indices and keys."""
    if isinstance(value, torch.Tensor):
        return {path: value}
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, (tuple, list)) else ()
    return {found: tensor for key, item in items for found, tensor in _tensor_paths(item, (*path, key)).items()}


def _replaced(value: Any, path: tuple, new: torch.Tensor) -> Any:
    if not path:
        return new
    key, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: _replaced(item, rest, new) if k == key else item for k, item in value.items()}
    return type(value)(_replaced(item, rest, new) if i == key else item for i, item in enumerate(value))


def _call_and_tolerance(spec: Spec, gen: torch.Generator, case: Case) -> tuple[tuple, dict, Tolerance]:
    """The call's (args, kwargs) and its float32 tolerance. Enlarged hidden keys change nothing in a right result, so
    they must not widen the bound either: for that case the bound is taken on the same inputs (the same generator
    state) with the hidden keys left at their usual size."""
    if case.mask != "hidden_keys_large":
        args, kwargs = spec.make(gen, case)
        return args, kwargs, spec.tol(args, kwargs)
    state = gen.get_state()
    tol = spec.tol(*spec.make(gen, replace(case, hidden_factor=1.0)))
    gen.set_state(state)
    args, kwargs = spec.make(gen, case)
    return args, kwargs, tol


def _stable_seed(*parts: str) -> int:
    """A seed from names that does not change between runs (Python's hash of a str does)."""
    return sum((index + 1) * ord(char) for index, char in enumerate("/".join(parts))) % 100_000


# ------------------------------------------------------------------------------------------- input helpers

def float_slots(args: tuple, kwargs: dict) -> list[int | str]:
    """Every floating-point tensor among the arguments, as `Judge.expect_grad`'s `wrt` entries: an argument's index
    or name, "<index or name>/<key>" for a tensor of a dict argument (a params dict)."""
    slots: list[int | str] = []
    for key, value in [*enumerate(args), *kwargs.items()]:
        if isinstance(value, torch.Tensor) and value.is_floating_point():
            slots.append(key)
        elif isinstance(value, dict):
            slots += [f"{key}/{entry}" for entry, item in value.items()
                      if isinstance(item, torch.Tensor) and item.is_floating_point()]
    return slots


def column_major(value: Any) -> Any:
    """`value` with every tensor of two axes or more (in lists, tuples and dicts too) replaced by an equal tensor laid
    out in column-major (Fortran) order: the order of its axes reversed in memory, batch axes included. A
    non-contiguous view, as a transpose or a permute gives, which neither `.view()` on the last axes nor on the batch
    axes accepts. A table model among them returns its logits in that layout too."""
    def reversed_layout(tensor: torch.Tensor) -> torch.Tensor:
        if tensor.dim() >= 2 and sum(size > 1 for size in tensor.shape) >= 2:
            axes = tuple(reversed(range(tensor.dim())))
            return tensor.permute(axes).contiguous().permute(axes)
        return tensor

    def models_too(item: Any) -> Any:
        if isinstance(item, TableModel):
            return TableModel(item.table, item.pos, item.context, "column_major", item.kind)
        if isinstance(item, (tuple, list)):
            return type(item)(models_too(part) for part in item)
        if isinstance(item, dict):
            return {key: models_too(part) for key, part in item.items()}
        return item
    return models_too(map_tensors(value, reversed_layout))


def random_mask(gen: torch.Generator, case: Case, n_k: int, n_q: int) -> torch.Tensor | None:
    """The (batch..., N_k, N_q) boolean mask a case asks for (True = visible; the mask_broadcast clause gives it
    batch axes of its own, `extra["mask_batch"]`, and a query axis of 1, `extra["mask_per_key"]`):
    - "random": about 60 % visible, every query seeing at least one key;
    - "fully_masked_query": random, and query 0 (and the last query when there are several) sees no key;
    - "no_key_visible": all False, no query sees a key;
    - "all_visible": all True, every query sees every key;
    - "hidden_keys_large": random; `hide_large` then makes the hidden keys' scores large."""
    if case.mask is None:
        return None
    batch = case.extra.get("mask_batch", case.batch)                 # the mask_broadcast clause's own batch axes
    mask = torch.rand(*batch, n_k, 1 if case.extra.get("mask_per_key") else n_q, generator=gen) < 0.6
    mask[..., 0, :] = True
    if case.mask in ("no_key_visible", "all_visible"):
        mask[...] = case.mask == "all_visible"
    if case.mask == "fully_masked_query":
        mask[..., :, 0] = False
        if n_q > 2:
            mask[..., :, -1] = False
    return mask


def hide_large(keys: torch.Tensor, mask: torch.Tensor | None, case: Case) -> torch.Tensor:
    """For "hidden_keys_large": the key columns (..., D, N_k) hidden from every query multiplied by
    `case.hidden_factor`, so that their scores are large (of either sign) for every query, enough for a softmax over
    all keys to round every visible weight to zero; other cases: unchanged. A key hidden from some queries only is
    left alone."""
    if case.mask != "hidden_keys_large" or mask is None:
        return keys
    hidden = ~mask.any(dim=-1)                                  # (batch..., N_k): no query sees this key
    if not bool(hidden.any()):
        mask[..., -1, :] = False                                # make one
        hidden = ~mask.any(dim=-1)
    return torch.where(hidden.unsqueeze(-2), keys * case.hidden_factor, keys)
