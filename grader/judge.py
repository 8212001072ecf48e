"""What every hidden check does: call the learner (through the sandbox) and the reference (here) on the same inputs,
compare in the grader, and when something differs fail with a diagnosis that names the mistake.

    def test_random_shapes(learner):
        with Judge(learner, "softmax") as judge:
            for shape in SHAPES:
                judge.expect("softmax_cols", randn(gen, *shape), tol=Tolerance.float32(64))

A ``Judge`` records every call; on leaving the ``with`` block it raises ``Misconception`` if any comparison or
invariant failed, naming the catalogue variant that reproduces ALL the recorded outputs (or a generic diagnosis).
Learner exceptions (``LearnerError``) propagate: the plugin reports them as the check's message.

Accuracy: the reference runs in float64 on the very values the learner got (float32 inputs are upcast exactly), and
the result is rounded to the expected dtype. So a check's tolerance measures only the learner's own rounding. Float32
inputs are held to float32 bounds; float64 inputs must give a float64 result with float64 accuracy: the contract's
"float64" clause (`grader.clauses`) holds them to the float32 bound scaled by 2^-29 (times 4), which a float32
computation inside misses by orders of magnitude.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import math
from typing import Any

import torch

from grader.diagnose import (
    NAMED_THIS_GRADING,
    SANDBOX_READINGS,
    U32,
    UNSPECIFIC,
    Misconception,
    Observation,
    Tolerance,
    agree,
    describe,
    difference,
    infinite_inputs_as_zero,
    map_tensors,
    materialise,
    run_trusted,
    generic,
    matching_variant,
    same_form,
    slot_text,
    unused_as_zero,
    wrong_kind,
)
from grader.memo import memoised
from grader.sandbox import InputModified, LearnerError
from grader.sandbox.protocol import TableModel

EXACT = Tolerance.exact()
MISSING_VALUE_ERROR = ("missing_value_error", "The contract asks for a ValueError on this invalid input, naming the "
                       "argument and what is expected of it. Check the input before computing: "
                       "if <bad>: raise ValueError(\"<argument>: expected ..., got ...\").")


def upcast(value: Any) -> Any:
    """float32 (and float16) tensors -> float64, recursively; models too. Exact: every float32 is a float64."""
    return map_tensors(value, lambda tensor: tensor.double() if tensor.is_floating_point() else tensor)


def _like(typed: Any, exact: Any) -> Any:
    """``exact`` with every floating tensor rounded to the dtype of the matching tensor in ``typed``."""
    if isinstance(typed, torch.Tensor) and isinstance(exact, torch.Tensor) and typed.is_floating_point():
        return exact.detach().to(typed.dtype)
    if isinstance(typed, (list, tuple)) and isinstance(exact, (list, tuple)) and len(typed) == len(exact):
        return type(typed)(_like(t, e) for t, e in zip(typed, exact))
    if isinstance(typed, dict) and isinstance(exact, dict):
        return {key: _like(typed[key], exact.get(key)) if key in exact else typed[key] for key in typed}
    if isinstance(typed, float) and isinstance(exact, (float, int)):
        return float(exact)
    if isinstance(typed, torch.Tensor):
        return typed.detach()
    return typed


DRAWS_REPEAT = ("draws_repeat_across_calls", "Your function gives the same draws every time it is called with one "
                "generator: it saves and restores the generator's state, seeds it again, makes a generator of its "
                "own from it, or remembers its result by the generator. A generator is one random stream: each call "
                "must draw from it and leave it where its draws ended, so that the next call (the next epoch, the "
                "next sample) gets new ones.")


def call_text(function: str, args: tuple, kwargs: dict) -> str:
    """``function(float32 (2, 4, 6), ..., top_k=3)``: the first four arguments and the keywords, described."""
    parts = [describe(a) for a in args[:4]] + (["..."] if len(args) > 4 else [])
    parts += [f"{k}={describe(v)}" for k, v in kwargs.items()]
    return f"{function}({', '.join(parts)})"


@contextlib.contextmanager
def naming_the_call(function: str, args: tuple, kwargs: dict, doing: str = ""):
    """A failure of the learner's code says which call failed: the function, its arguments' shapes and dtypes."""
    try:
        yield
    except LearnerError as error:
        if error.kind not in ("missing", "import") and not error.todo:
            error.message = f"while {doing}{call_text(function, args, kwargs)}:\n{error.message}"
        raise


class Judge:
    """The comparisons of one check on one exercise (see the module docstring)."""

    def __init__(self, learner: Any, exercise: str, reference: Any = None) -> None:
        """`reference`: the trusted module the learner is compared with (default `reference.<exercise>`)."""
        self.learner = learner
        self.exercise = exercise
        self.reference = reference or importlib.import_module(f"reference.{exercise}")
        self.observations: list[Observation] = []
        self.expected: list[Any] = []
        self.problems: list[str] = []
        self.missing_value_errors = 0
        self.first_disagreement: int | None = None  # the observation the failure message shows first
        self._global_seed: int | None = None  # see `global_seed`
        self._raising_accepted = False        # see `expect_if_returns`

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, exc_type, exc, traceback) -> bool:
        if exc_type is None and self.problems:
            self.fail()
        if isinstance(exc, LearnerError) and exc.kind == "exception" and self.problems:
            # Earlier cases already went wrong: report those (they can be diagnosed), then the exception.
            self.problems.append(f"then a call raised {exc.type_name}")
            self.fail()
        return False

    # -------------------------------------------------------------------------------------------- calling
    def patience(self, factor: float, give_up: bool = True):
        """Inside, the learner's calls may take `factor` times the call time limit (a large size, for a loop; or a
        fraction of it, with `give_up=False`, for a size only a closed form answers in time: see Submission.patience)."""
        return self.learner.patience(factor, give_up)

    @contextlib.contextmanager
    def default_dtype(self, dtype: torch.dtype):
        """Inside, torch's default dtype is `dtype` for the learner's calls (in the sandbox) and for the reference
        (here): for a contract that says "in the default float dtype"."""
        previous = torch.get_default_dtype()
        with self.learner.default_dtype(dtype):
            torch.set_default_dtype(dtype)
            try:
                yield
            finally:
                torch.set_default_dtype(previous)

    @contextlib.contextmanager
    def caller(self, grad_mode: str | None = None, requires_grad: list[int | str] = (),
               inference_args: list[int | str] = ()):
        """Inside, the learner's plain calls are made as such a caller makes them (`Submission.caller`): under a grad
        mode, with some arguments requiring grad or made in inference mode. The reference's values do not depend on
        it."""
        with self.learner.caller(grad_mode, requires_grad, inference_args):
            yield

    @contextlib.contextmanager
    def global_seed(self, seed: int):
        """Inside, each learner call starts from `torch.manual_seed(seed)` (in the sandbox), and so does each run of
        the reference (here, the grader's own random state kept): for a contract whose randomness, with no generator
        given, comes from torch's global generator."""
        previous, self._global_seed = self._global_seed, seed
        with self.learner.global_seed(seed):
            try:
                yield
            finally:
                self._global_seed = previous

    def run_reference(self, function: str, args: tuple, kwargs: dict, grad: tuple | None = None) -> Any:
        """The reference's result on these inputs: computed in float64, rounded to the dtypes it returns."""
        seed = self._global_seed
        if seed is None:
            return reference_result(getattr(self.reference, function), args, kwargs, grad)
        fn = getattr(self.reference, function)

        def seeded(*args: Any, **kwargs: Any) -> Any:   # each run (typed, then upcast) from the same state
            torch.manual_seed(seed)
            return fn(*args, **kwargs)

        with torch.random.fork_rng(devices=[]):
            return reference_result(seeded, args, kwargs, grad)

    def call(self, function: str, *args: Any, tol: Tolerance = EXACT, **kwargs: Any) -> Any:
        """The learner's result (recorded for the diagnosis, with the reference's result next to it). A call that
        raises is probed for why (``grader.probes.crashed``); what is found rides on the error as ``diagnosis``."""
        expected = _Deferred(lambda: self.run_reference(function, args, kwargs))
        try:
            with naming_the_call(function, args, kwargs):  # the reference runs here while the sandbox runs the learner
                result = self.learner.call_while(expected.compute, self.exercise, function, args, kwargs)
        except LearnerError as error:
            if error.kind == "exception" and not error.todo and \
                    not isinstance(error, InputModified) and \
                    not self._raising_accepted:
                from grader.probes import crashed

                error.diagnosis = crashed(self, Observation(function, args, kwargs, None, tol=tol), error)
            elif error.kind == "memory":
                from grader.probes import allocates_by_a_bound

                error.diagnosis = allocates_by_a_bound(function, args, kwargs)
            raise
        self._record(Observation(function, args, kwargs, result, tol=tol), expected.value())
        return result

    def expect(self, function: str, *args: Any, tol: Tolerance, **kwargs: Any) -> Any:
        """Call the learner and require agreement with the reference within ``tol``; returns the learner's result."""
        result = self.call(function, *args, tol=tol, **kwargs)
        self.require_agreement(len(self.observations) - 1)
        return result

    def agrees(self, function: str, *args: Any, tol: Tolerance, **kwargs: Any) -> bool:
        """One quiet comparison: whether the learner's result agrees with the reference's within ``tol``. Nothing is
        recorded, no diagnosis is sought and a crash is not probed (it is a disagreement)."""
        expected = _Deferred(lambda: self.run_reference(function, args, kwargs))
        try:
            result = self.learner.call_while(expected.compute, self.exercise, function, args, kwargs)
        except LearnerError:
            return False
        return difference(result, expected.value(), tol) is None

    def expect_if_returns(self, function: str, *args: Any, tol: Tolerance, **kwargs: Any) -> Any:
        """An edge the contract leaves open (a size of 0, no tokens): a result must be the reference's, but raising
        an exception there is accepted (None then). A timeout, a crash of the worker or a modified argument fails."""
        self._raising_accepted = True
        try:
            return self.expect(function, *args, tol=tol, **kwargs)
        except LearnerError as error:
            if error.kind == "exception" and not error.todo and \
                    not isinstance(error, InputModified):
                return None
            raise
        finally:
            self._raising_accepted = False

    def expect_grad(self, function: str, args: tuple, kwargs: dict, wrt: list, tol: Tolerance, seed: int,
                    then: tuple[tuple, dict] | None = None, non_leaf: list = (), parameters: list = ()) -> None:
        """Backpropagate a random cotangent through the learner's function; outputs and gradients must agree with
        the reference's autograd within ``tol``. The forward pass is compared first: if it is already wrong, that is
        the failure (and the cotangent would not even fit the learner's output). With `then` = (args, kwargs), the
        learner's function is called once more on those between the call and its backward pass; it gets the
        `non_leaf` ones with a history and the `parameters` ones as torch.nn.Parameters (`Submission.call_with_grad`)."""
        before = len(self.problems)
        self.expect(function, *args, tol=tol, **kwargs)
        if len(self.problems) > before:
            return
        typed_output = self.expected[-1]
        gen = torch.Generator().manual_seed(seed)
        if isinstance(typed_output, tuple):  # every output carries gradient (attention's weights too), ids none
            cotangent = tuple(_cotangent(item, gen) if isinstance(item, torch.Tensor) and item.is_floating_point()
                              else None for item in typed_output)
        else:
            cotangent = _cotangent(typed_output, gen)
        try:
            with naming_the_call(function, args, kwargs, "backpropagating through "):
                result = self.learner.call_with_grad(self.exercise, function, args, kwargs, wrt, cotangent,
                                                     **({} if then is None else {"then": then}), non_leaf=non_leaf,
                                                     parameters=parameters)
        except LearnerError as error:
            if error.kind == "exception" and getattr(error, "diagnosis", None) is None:
                from grader.probes import backward_fails, crashed_backward

                error.diagnosis = crashed_backward(function, error) or (
                    None if isinstance(error, InputModified) or error.type_name in SANDBOX_READINGS
                    else backward_fails(function))
            raise
        observation = Observation(function, args, kwargs, result, grad=(list(wrt), cotangent), tol=tol,
                                  names=self.parameter_names(function))
        expected = self.run_reference(function, args, kwargs, observation.grad)
        observation.result, expected = unused_as_zero(*infinite_inputs_as_zero(result, expected, args, kwargs), tol)
        self._record(observation, expected)
        self.require_agreement(len(self.observations) - 1)

    def expect_stream_continues(self, function: str, *args: Any, times: int = 3, exact: bool = False,
                                **kwargs: Any) -> None:
        """`times` calls on the very same argument objects, a seeded generator among them (or, inside `global_seed`,
        torch's global generator, seeded once): the draws go on from call
        to call (a generator is one random stream), so the results differ where the reference's do; with `exact`
        (a contract that fixes the draws) each result must be the reference's, made the same way. Skipped when the
        check already failed: its first failure says more than a repeat would."""
        if self.problems:
            return
        with naming_the_call(function, args, kwargs):
            got = self.learner.call_repeated(self.exercise, function, args, kwargs, times)
        fn, (same_args, same_kwargs) = getattr(self.reference, function), materialise((args, kwargs))
        with torch.random.fork_rng(devices=[]):
            if self._global_seed is not None:   # seeded once, as the sandbox seeds the learner's calls
                torch.manual_seed(self._global_seed)
            want = [fn(*same_args, **same_kwargs) for _ in range(times)]
        call = call_text(function, args, kwargs)
        if all(difference(result, got[0], EXACT) is None for result in got[1:]) and \
                any(difference(result, want[0], EXACT) is not None for result in want[1:]):
            raise Misconception(*DRAWS_REPEAT, f"{call}, called {times} times with one generator, gave the same "
                                "result every time")
        for index, (result, expected) in enumerate(zip(got, want)):
            problem = difference(result, expected, EXACT) if exact else None
            if problem:
                raise AssertionError(f"{call}, call {index + 1} of {times} with one generator: {problem}")

    def parameter_names(self, function: str) -> tuple[str, ...]:
        """The parameter names of the reference's `function` (the contract's), () if it has none to read."""
        return _parameter_names(getattr(self.reference, function, None))

    def expect_value_error(self, function: str, *args: Any, argument: str, **kwargs: Any) -> None:
        """The learner must raise ValueError for these (invalid) inputs; ``argument`` names what is wrong."""
        try:
            self.learner.call(self.exercise, function, *args, **kwargs)
        except LearnerError as error:
            if error.type_name == "ValueError":
                return
            if error.todo:
                self.problems.append(f"{function} is not implemented yet")
            else:
                self.missing_value_errors += 1
                self.problems.append(f"{call_text(function, args, kwargs)} with an invalid {argument} raised "
                                     f"{error.type_name or error.kind}, expected ValueError")
            return
        self.missing_value_errors += 1
        self.problems.append(f"{call_text(function, args, kwargs)} with an invalid {argument} returned a result; "
                             f"expected a ValueError naming {argument}")

    # -------------------------------------------------------------------------------------------- judging
    def require(self, condition: bool, message: str) -> None:
        """An invariant of the learner's outputs (``message`` says what should hold and what likely broke it)."""
        if not condition:
            self.problems.append(message)

    def require_close(self, got: Any, want: Any, tol: Tolerance, message: str) -> None:
        """Two of the learner's own results must agree within ``tol`` (an invariance)."""
        self.require(agree(got, want, tol), message)

    def last_has_expected_form(self) -> bool:
        """Whether the last result has the reference's structure, shapes and dtypes (values aside). An invariant
        check judges the invariant only on such results; otherwise it records the mismatch and stops."""
        if same_form(self.observations[-1].result, self.expected[-1]):
            return True
        self.require_agreement(len(self.observations) - 1)
        return False

    def require_agreement(self, index: int) -> None:
        observation, want = self.observations[index], self.expected[index]
        problem = gradient_difference(observation, want) if observation.grad is not None else \
            difference(observation.result, want, observation.tol)
        if problem:
            if self.first_disagreement is None:
                self.first_disagreement = index
            self.problems.append(f"{call_text(observation.function, observation.args, observation.kwargs)}: {problem}")

    def fail(self) -> None:
        message = self.problems[0]
        if len(self.problems) > 1:
            message += f" (and {len(self.problems) - 1} more failed case{'s' if len(self.problems) > 2 else ''})"
        found = self.diagnosis()
        if found is None and self.missing_value_errors:
            found = MISSING_VALUE_ERROR
        if found is None:
            found = ("invariant_broken", "Your results match the expected ones on the compared inputs, but a property "
                     "that every correct implementation has does not hold (see the message).")
        raise Misconception(*found, message)

    def diagnosis(self) -> tuple[str, str] | None:
        """(name, explanation) of the mistake: the catalogue variant that reproduces every recorded output, else
        what the structural probes find about the first wrong output (`grader.probes`), else a generic reading of
        it. None when every output agrees (the check failed on something its message says)."""
        wrong = [index for index, (observation, want) in enumerate(zip(self.observations, self.expected, strict=True))
                 if not agree(observation.result, want, observation.tol)]
        if not wrong:
            return None
        variant = matching_variant(self.exercise, self.observations, self.expected)
        if variant is not None:
            NAMED_THIS_GRADING.add(variant.label)
            return variant.name, variant.explanation
        from grader.probes import structural

        first = self.first_disagreement if self.first_disagreement in wrong else wrong[0]  # the case the message shows
        observation, want = self.observations[first], self.expected[first]
        return (self.exercise_reading(first) or wrong_kind(observation, want) or structural(self, observation, want)
                or generic(observation, want))

    def names_nothing_specific(self) -> bool:
        """Whether `diagnosis()` finds no specific mistake (none, or only a generic "the values differ"): a check
        may then name one of its own."""
        found = self.diagnosis()
        return found is None or found[0] in UNSPECIFIC

    def exercise_reading(self, index: int) -> tuple[str, str] | None:
        """An exercise's own reading of wrong observation `index`, asked after the catalogue and before the generic
        probes (none here; a suite's Judge subclass may have one)."""
        return None

    def _record(self, observation: Observation, expected: Any) -> None:
        observation.global_seed = self._global_seed
        self.observations.append(observation)
        self.expected.append(expected)


def gradient_difference(observation: Observation, want: tuple) -> str | None:
    """How a gradient call's (output, gradients) differs from the reference's, gradients named by parameter."""
    (output, grads), (want_output, want_grads) = observation.result, want
    problem = difference(output, want_output, observation.tol)
    if problem:
        return f"the output: {problem}"
    for key in want_grads:
        mine, theirs = grads.get(key), want_grads[key]
        if mine is None and theirs is not None:
            return f"no gradient reaches {slot_text(key, observation.names)}"
        problem = difference(mine, theirs, observation.tol)
        if problem:
            return f"the gradient of {slot_text(key, observation.names)}: {problem}"
    return None


class _Deferred:
    """A computation that runs once, when first asked for (``compute``) or at the latest when its ``value`` is
    needed; what it raises is raised by ``value``."""

    def __init__(self, work) -> None:
        self._work, self._done, self._value, self._error = work, False, None, None

    def compute(self) -> None:
        if not self._done:
            self._done = True
            try:
                self._value = self._work()
            except Exception as error:  # noqa: BLE001 - kept, and raised where the value is used
                self._error = error

    def value(self) -> Any:
        self.compute()
        if self._error is not None:
            raise self._error
        return self._value


def _cotangent(output: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """A random N(0, 1) cotangent for a float output, 0 at its infinite entries: an infinite output (a masked score) is
    a constant, so no gradient flows through it whatever an implementation builds it with (masked_fill, or adding
    -inf)."""
    cotangent = torch.randn(output.shape, generator=gen, dtype=torch.float64).to(output.dtype)
    return torch.where(torch.isfinite(output), cotangent, 0) if output.is_floating_point() else cotangent


@memoised  # one lookup per call instead of one per evaluation below (every submission meets the same inputs)
def reference_result(fn: Any, args: tuple, kwargs: dict, grad: tuple | None = None) -> Any:
    """``fn``'s result in the dtypes it returns on these inputs, its values computed in float64 (float32 inputs are
    upcast exactly)."""
    typed = run_trusted(fn, args, kwargs, grad)
    floating = [t for t in _leaves((args, kwargs)) if isinstance(t, torch.Tensor) and t.is_floating_point()]
    if all(t.dtype == torch.float64 for t in floating):   # nothing to upcast: the typed result is the exact one
        return typed
    exact = run_trusted(fn, upcast(args), upcast(kwargs), None if grad is None else (grad[0], upcast(grad[1])))
    return _like(typed, exact)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, TableModel):
        return [value.table]
    return [value]


# ------------------------------------------------------------------------------------------------ seeded inputs

# Even widths up to 256 where torch.arange(0, 1, 2 / D) has D/2 + 1 values (float32 and float64 alike): a table of
# pair exponents built with a float step (sinusoidal positions, rotary frequencies) cannot fill D/2 pairs there.
FLOAT_STEP_MISCOUNTS = [dim for dim in range(2, 257, 2) if len(torch.arange(0, 1, 2 / dim)) != dim // 2]


def generator(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def randn(gen: torch.Generator, *shape: int, dtype: torch.dtype = torch.float32, scale: float = 1.0) -> torch.Tensor:
    values = torch.randn(shape, generator=gen, dtype=torch.float64)   # float64 draws whatever the dtype asked for
    return (values if scale == 1.0 else values.mul_(scale)).to(dtype)


def attention_params(gen: torch.Generator, dim: int, dtype: torch.dtype = torch.float32) -> dict[str, torch.Tensor]:
    """Wq, Wk, Wv, Wo (D, D) with entries of variance 1/D (so projections keep unit scale) and biases (D,)."""
    params = {}
    for name in ("q", "k", "v", "o"):
        params[f"W{name}"] = randn(gen, dim, dim, dtype=dtype, scale=dim ** -0.5)
        params[f"b{name}"] = randn(gen, dim, dtype=dtype, scale=0.5)
    return params


def norm_params(gen: torch.Generator, dim: int,
                dtype: torch.dtype = torch.float32) -> tuple[torch.Tensor, torch.Tensor]:
    """A layer norm's γ ~ 1 + N(0, 0.2²) and β ~ N(0, 0.2²), both (D,)."""
    return 1 + randn(gen, dim, dtype=dtype, scale=0.2), randn(gen, dim, dtype=dtype, scale=0.2)


def feed_forward_params(gen: torch.Generator, dim: int, hidden: int, dtype: torch.dtype = torch.float32) -> dict:
    """W1 (F, D), b1 (F,), W2 (D, F), b2 (D,), scaled to keep unit-size activations."""
    return {"W1": randn(gen, hidden, dim, dtype=dtype, scale=dim ** -0.5), "b1": randn(gen, hidden, dtype=dtype,
            scale=0.3), "W2": randn(gen, dim, hidden, dtype=dtype, scale=hidden ** -0.5),
            "b2": randn(gen, dim, dtype=dtype, scale=0.3)}


def attention_tol(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, extra: float = 0.0,
                  mask: torch.Tensor | None = None, weights_known: bool = False,
                  scale: float | None = None) -> Tolerance:
    """A float32 error bound for V softmax_cols(apply_mask(KᵀQ·scale, mask)) on these inputs (u = 2^-24; the scale
    is 1/sqrt(D_k) unless given):

    - scores: a length-D_k dot product errs by at most (D_k + extra)·u·(|K|ᵀ|Q|)·scale =: e_s (absolute;
      ``extra`` adds the rounding of whatever produced Q and K, e.g. projections);
    - weights: an absolute score error e_s changes a weight by a relative 2·e_s; the softmax itself adds
      (2·max|s| + N_k + 3)·u relative (see test_softmax.py);
    - output V·weights: the weights' relative error plus N_k·u for the length-N_k sums, times max|V|.
    Four times the bound, relative to max(1, max|V|); typically 1e-6 .. 1e-5.

    That linear bound says nothing once score errors reach units (inputs a thousand times larger: scores of 1e6).
    With ``weights_known`` (the call's ``mask`` given, None meaning none), each weight's own range is used where it is
    tighter: moving every score of a query by at most E (e_s of its visible keys plus the softmax's shift error
    2·u·max|s|) moves the log-odds of weight w by at most 2E, so w stays between σ(logit(w) − 2E) and
    σ(logit(w) + 2E); a near one-hot column then stays near one-hot, whatever the size of E.
    """
    dk, nk = Q.shape[-2], K.shape[-1]
    scale = dk ** -0.5 if scale is None else abs(scale)
    Qd, Kd = Q.double(), K.double()
    scores = Kd.transpose(-2, -1) @ Qd * scale
    pair_errors = (dk + extra) * U32 * (Kd.abs().transpose(-2, -1) @ Qd.abs()) * scale
    score_error = float(pair_errors.max()) if pair_errors.numel() else 0.0
    weight_error = 2 * score_error + (2 * float(scores.abs().max() if scores.numel() else 0) + nk + 3) * U32
    bound = 4 * (weight_error + nk * U32)
    tol = Tolerance(rtol=bound, atol=bound * max(1.0, float(V.abs().max() if V.numel() else 0)))
    if not weights_known or weight_error < 1e-2 or scores.numel() == 0:
        return tol
    visible = torch.ones_like(scores, dtype=torch.bool) if mask is None else mask.expand_as(scores)
    hidden_scores = scores.masked_fill(~visible, float("-inf"))
    shift = hidden_scores.amax(dim=-2, keepdim=True).abs().nan_to_num(posinf=0.0, neginf=0.0)
    spread = 2 * (pair_errors.masked_fill(~visible, 0).amax(dim=-2, keepdim=True) + 2 * U32 * shift)
    weights = torch.softmax(hidden_scores, dim=-2).nan_to_num(0.0)          # a query that sees no key: zeros
    log_odds = torch.log(weights) - torch.log1p(-weights)
    moved = torch.maximum((torch.sigmoid(log_odds + spread) - weights).abs(),
                          (weights - torch.sigmoid(log_odds - spread)).abs()).nan_to_num(0.0)
    moved = moved + weights * (2 * nk + 3) * U32                           # the softmax's and the sums' rounding
    # the output V·weights, and the weights themselves (attention returns both)
    output_error = 4 * max(float((V.double().abs() @ moved).max()), float(moved.max()))
    if output_error < tol.atol:
        return Tolerance(rtol=4 * (2 * nk + 3) * U32, atol=output_error)
    return tol


def mha_tol(Xq: torch.Tensor, Xkv: torch.Tensor, params: dict, num_heads: int, mask: torch.Tensor | None = None,
            weights_known: bool = False) -> Tolerance:
    """The per-head ``attention_tol`` (on the split, projected Q, K, V, whose length-D projections add D·u relative)
    carried through W_o: an absolute error e on the stacked heads becomes max_row Σ|W_o|·e, and the length-D output
    product adds D·u·max_row Σ|W_o|·max|heads|. Four times that bound. ``mask`` and ``weights_known``: as
    ``attention_tol``'s (the mask applies to every head)."""
    p = {key: value.double() for key, value in params.items()}
    dim = Xq.shape[-2]

    def split(W, b, X):
        return (W @ X.double() + b[:, None]).unflatten(-2, (num_heads, dim // num_heads))

    Q, K, V = split(p["Wq"], p["bq"], Xq), split(p["Wk"], p["bk"], Xkv), split(p["Wv"], p["bv"], Xkv)
    head_error = attention_tol(Q, K, V, extra=2 * dim, mask=None if mask is None else mask.unsqueeze(-3),
                               weights_known=weights_known).atol
    wo = p["Wo"].abs()
    heads_size = float(V.abs().max())
    bound = float(wo.sum(dim=1).max()) * head_error + dim * U32 * float(wo.sum(dim=1).max()) * heads_size
    # rtol: the bound itself, where it is small; a bound of 1e-2 or more is an absolute one on outputs of large
    # magnitude (inputs made large), where the bound as a relative error would allow anything
    return Tolerance(rtol=4 * bound if bound < 1e-2 else 4 * dim * U32, atol=4 * bound)


@functools.lru_cache(maxsize=None)
def _parameter_names(function: Any) -> tuple[str, ...]:
    """The parameter names of a trusted function (asked on every call a check makes, so read once)."""
    try:
        return tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()
