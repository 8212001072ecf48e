"""Learner functions must leave their arguments unchanged: the sandbox compares every tensor argument before and
after each call, and a write into one fails the call with a learner-facing message."""
import shutil
import textwrap
from pathlib import Path

import pytest
import torch

from grader.api import grade
from grader.sandbox import InputModified, LearnerError, Limits, Submission
from grader.sandbox.protocol import TableModel

ROOT = Path(__file__).resolve().parents[2]
IN_PLACE = "modified its argument"

BAD_SOFTMAX = """
    def softmax_cols(scores):
        scores.sub_(scores.amax(-2, keepdim=True))  # in place: the caller's scores change
        exps = torch.exp(scores)
        return exps / exps.sum(dim=-2, keepdim=True)
"""
BAD_APPLY_MASK = """
    def apply_mask(scores, mask):
        if mask.dtype != torch.bool:
            raise ValueError("mask must be a bool tensor")
        return scores.masked_fill_(~mask, float("-inf"))
"""
PROBES = """
    import torch

    def returns_input(x, mask=None):
        return x

    def returns_nan_input(x):
        return x

    def writes_kwarg(x, mask):
        mask.zero_()
        return x + 1

    def writes_nested(params, model):
        params["W"].add_(1)
        model.table.mul_(2)
        return params["W"].sum()

    def reshapes_in_place(x):
        x.unsqueeze_(0)
        return x.clone()

    def writes_same_values(x):
        x.copy_(x.clone())
        return x * 2

    def grad_writes_other(x, y):
        y.add_(1)
        return x * y

    def grad_returns_input(x):
        return x
"""


def with_module(folder: Path, exercise: str, source: str) -> None:
    module = folder / f"{exercise}.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n\n" + textwrap.dedent(source), encoding="utf-8")


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    root = tmp_path_factory.mktemp("probes")
    (root / "probes.py").write_text(textwrap.dedent(PROBES))
    with Submission(root, Limits(call_timeout=5)) as submission:
        yield submission


def test_returning_the_unchanged_input_is_not_a_modification(probes):
    x = torch.randn(3, 4)
    assert torch.equal(probes.call("probes", "returns_input", x, mask=torch.ones(3, 4, dtype=torch.bool)), x)
    nan = torch.tensor([float("nan"), -0.0, float("inf")])
    assert probes.call("probes", "returns_nan_input", nan).isnan()[0]
    assert torch.equal(probes.call("probes", "writes_same_values", torch.arange(4.0)), torch.arange(4.0) * 2)
    output, grads = probes.call_with_grad("probes", "grad_returns_input", (x,), {}, [0], torch.ones(3, 4))
    assert torch.equal(output, x) and torch.equal(grads[0], torch.ones(3, 4))


@pytest.mark.parametrize("function, args, kwargs, which", [
    ("writes_kwarg", (torch.randn(2, 2),), {"mask": torch.ones(2, 2, dtype=torch.bool)}, "mask"),
    ("writes_nested", ({"W": torch.zeros(2)}, TableModel(torch.ones(2, 2), torch.ones(2, 3))), {},
     "params['W'], model.table"),
    ("reshapes_in_place", (torch.randn(3),), {}, "x"),
])
def test_a_write_into_an_argument_fails_the_call_and_names_it(probes, function, args, kwargs, which):
    before = [a.clone() for a in args if isinstance(a, torch.Tensor)]
    with pytest.raises(LearnerError) as caught:
        probes.call("probes", function, *args, **kwargs)
    error = caught.value
    assert isinstance(error, InputModified) and error.kind == "exception" and error.type_name is None
    assert error.message.startswith(f"{function} {IN_PLACE}") and f" {which} in place" in error.message
    assert "masked_fill(...)" in error.message and len(error.message) < 300
    assert all(torch.equal(a, b) for a, b in zip([a for a in args if isinstance(a, torch.Tensor)], before)), \
        "the grader's own tensors never change"
    assert torch.equal(probes.call("probes", "returns_input", torch.ones(2)), torch.ones(2)), "later calls go on"


def test_call_with_grad_checks_the_other_arguments_too(probes):
    x, y = torch.randn(2, 3, dtype=torch.float64), torch.randn(2, 3, dtype=torch.float64)
    with pytest.raises(LearnerError, match=r"grad_writes_other modified its argument y in place"):
        probes.call_with_grad("probes", "grad_writes_other", (x, y), {}, [0], torch.ones(2, 3, dtype=torch.float64))


@pytest.mark.slow
def test_in_place_softmax_and_apply_mask_fail_their_checks_with_the_message(tmp_path):
    folder = tmp_path / "sub"
    shutil.copytree(ROOT / "solutions", folder, ignore=shutil.ignore_patterns("__pycache__"))
    with_module(folder, "softmax", BAD_SOFTMAX)
    with_module(folder, "masking", BAD_APPLY_MASK)
    report = grade(folder, exercises=["softmax", "masking"])
    failed = {check.id: check.message for check in report.checks if not check.passed}
    for exercise, function in (("softmax", "softmax_cols"), ("masking", "apply_mask")):
        mine = {i: m for i, m in failed.items() if i.startswith(f"{exercise}::")}
        assert mine, f"an in-place {function} passed every check"
        assert any(f"{function} {IN_PLACE} scores in place" in m for m in mine.values()), mine
    for check in report.checks:
        if not check.passed:
            assert check.error == "exception" and check.diagnosis.startswith("modifies_input_in_place: ")
    assert any(check.passed for check in report.checks if check.exercise == "masking"), \
        "checks of the other (correct) mask functions still pass"
