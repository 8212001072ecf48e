"""grader.memo: trusted results are remembered by the value of their inputs, and handed out as independent copies."""
import torch

from grader.diagnose import evaluate
from grader.memo import fingerprint, memoised
from grader.sandbox.protocol import Seed, TableModel


def test_fingerprints_tell_apart_what_a_function_could_tell_apart():
    x = torch.arange(6.0).reshape(2, 3)
    assert fingerprint(x) == fingerprint(x.clone())
    different = [x.double(), x.reshape(3, 2), x.t().contiguous(), x.t(), x + 1e-7, torch.zeros(1), torch.tensor([-0.0]),
                 x.clone().requires_grad_(True)]
    keys = [fingerprint(x)] + [fingerprint(value) for value in different]
    assert len(set(keys)) == len(keys), "equal keys for values a function can tell apart"
    assert fingerprint(torch.tensor([0.0])) != fingerprint(torch.tensor([-0.0]))
    assert fingerprint([1, 2.0, "a", None, True]) != fingerprint([1, 2.0, "a", None, 1])
    assert fingerprint({"a": (1,)}) != fingerprint({"a": [1]})
    assert fingerprint(Seed(3)) == fingerprint(Seed(3)) != fingerprint(Seed(4))
    table = TableModel(torch.ones(2, 2), torch.zeros(2, 3))
    assert fingerprint(table) == fingerprint(TableModel(torch.ones(2, 2), torch.zeros(2, 3)))
    assert fingerprint(table) != fingerprint(TableModel(torch.ones(2, 2), torch.zeros(2, 3), context="sum"))


def test_a_call_is_computed_once_and_every_caller_gets_its_own_copy():
    calls = []

    @memoised
    def run(fn, args, kwargs):
        calls.append(args)
        return fn(*args, **kwargs)

    x = torch.randn(3, 4)
    first = run(torch.softmax, (x,), {"dim": 0})
    first.zero_()  # a caller scribbling on its result...
    second = run(torch.softmax, (x.clone(),), {"dim": 0})
    assert len(calls) == 1 and torch.equal(second, torch.softmax(x, dim=0))  # ...changes nothing for the next one
    run(torch.softmax, (x,), {"dim": 1})
    run(torch.softmax, (x.double(),), {"dim": 0})
    assert len(calls) == 3


def test_arguments_without_a_fingerprint_and_exceptions_are_not_remembered():
    calls = []

    @memoised
    def run(fn, value):
        calls.append(value)
        return fn(value)

    odd = object()
    run(id, odd)
    run(id, odd)
    assert len(calls) == 2
    for _ in range(2):
        try:
            run(int, "not a number")
        except ValueError:
            pass
    assert len(calls) == 4


def test_evaluate_gives_the_same_outputs_and_gradients_from_memory():
    x = torch.randn(4, 3, dtype=torch.float64)
    cotangent = torch.randn(4, 3, dtype=torch.float64)
    fresh = evaluate(torch.softmax, (x,), {"dim": -2}, ([0], cotangent))
    again = evaluate(torch.softmax, (x.clone(),), {"dim": -2}, ([0], cotangent.clone()))
    assert torch.equal(fresh[0], again[0]) and torch.equal(fresh[1][0], again[1][0])
    assert fresh[1][0] is not again[1][0] and not again[0].requires_grad


def test_a_call_that_draws_from_the_global_generator_is_not_remembered():
    """A variant that ignores the generator it is given (torch.rand without generator=) is not a function of its
    arguments: each call must draw again, as the learner's code it stands for does."""
    def ignores_the_generator(x, generator=None):
        return x + torch.rand(x.shape)

    x = torch.zeros(3)
    first = evaluate(ignores_the_generator, (x,), {"generator": Seed(1)})
    second = evaluate(ignores_the_generator, (x,), {"generator": Seed(1)})
    assert not torch.equal(first, second)


def test_a_result_is_remembered_per_default_dtype():
    """A function whose result follows torch's default dtype (one_hot with dtype=None) is computed again when the
    default changes: the key holds it."""
    @memoised
    def run(fn, args, kwargs):
        return fn(*args, **kwargs)

    zeros = run(torch.zeros, (2,), {})
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        assert run(torch.zeros, (2,), {}).dtype == torch.float64
    finally:
        torch.set_default_dtype(previous)
    assert zeros.dtype == run(torch.zeros, (2,), {}).dtype == torch.float32


def test_the_judges_reference_results_are_remembered():
    """Every check asks for the reference's result through `reference_result`: a second call on equal inputs (seeded
    draws included) must not run the reference again, as every submission of a class meets the same inputs."""
    from grader.judge import reference_result

    runs = []

    def pairs(documents, generator=None):
        runs.append(1)
        return [(a, b, int(torch.randint(2, (), generator=generator))) for a, b in zip(documents, documents[1:])]

    first = reference_result(pairs, (["a", "b", "c"], Seed(5)), {})
    again = reference_result(pairs, (["a", "b", "c"], Seed(5)), {})
    assert first == again and len(runs) == 1
    scores = torch.randn(3, 4)
    reference_result(torch.softmax, (scores, 0), {})
    reference_result(torch.softmax, (scores.clone(), 0), {})
    assert len(reference_result.cache) >= 2
