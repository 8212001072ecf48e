"""A mistake costs its points once: a later exercise is graded with correct functions in the place of the learner's
earlier ones that fail their own checks. The correct code stays in the grader: the sandbox holds proxies that call
back for values and gradients (`Submission.substitute`)."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
import torch

import solutions.softmax as model_softmax
from course.files import package_dir
from grader.api import grade
from grader.sandbox import LearnerError, Submission

ATTENTION = textwrap.dedent("""
    import math
    import torch
    from .softmax import softmax_cols

    def attend(Q, K, V):
        weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
        return V @ weights, weights
""")
ROWS = "import torch\n\ndef softmax_cols(scores):\n    return torch.softmax(scores, dim=-1)\n"


def learner_folder(tmp_path: Path, softmax: str) -> Path:
    (tmp_path / "softmax.py").write_text(softmax)
    (tmp_path / "attention.py").write_text(ATTENTION)
    return tmp_path


def expected(Q, K, V):
    weights = torch.softmax(K.transpose(-2, -1) @ Q / Q.shape[-2] ** 0.5, dim=-2)
    return V @ weights, weights


@pytest.fixture
def qkv():
    generator = torch.Generator().manual_seed(0)
    return tuple(torch.randn(2, 4, 5, generator=generator, dtype=torch.float64) for _ in range(3))


def test_a_substitute_gives_correct_values_and_gradients_and_can_be_undone(tmp_path, qkv):
    with Submission(learner_folder(tmp_path, ROWS)) as learner:
        wrong = learner.call("attention", "attend", *qkv)[1]
        learner.substitute({("softmax", "softmax_cols"): model_softmax.softmax_cols})
        output, weights = learner.call("attention", "attend", *qkv)
        assert torch.allclose(weights, expected(*qkv)[1]) and torch.allclose(output, expected(*qkv)[0])
        cotangent = torch.randn(2, 4, 5, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
        _, grads = learner.call_with_grad("attention", "attend", qkv, {}, [0, 1, 2], cotangent)
        inputs = [t.clone().requires_grad_() for t in qkv]
        want = torch.autograd.grad((expected(*inputs)[0] * cotangent).sum(), inputs)
        assert all(torch.allclose(grads[i], want[i], atol=1e-12) for i in range(3)), "gradients through the proxy"
        learner.substitute({})
        assert torch.equal(learner.call("attention", "attend", *qkv)[1], wrong), "the learner's own function is back"


def test_a_module_that_does_not_import_is_stood_in_for(tmp_path, qkv):
    with Submission(learner_folder(tmp_path, "def softmax_cols(s:\n")) as learner:
        with pytest.raises(LearnerError) as error:
            learner.call("attention", "attend", *qkv)
        assert error.value.kind == "import"
        learner.substitute({("softmax", "softmax_cols"): model_softmax.softmax_cols})
        assert torch.allclose(learner.call("attention", "attend", *qkv)[1], expected(*qkv)[1])


def test_the_correct_code_never_enters_the_sandbox_and_only_substitutes_answer(tmp_path, qkv):
    """The learner's code sees a proxy (no source, no model answer); calling back for a function that is not
    substituted breaks the protocol and costs the call."""
    spy = textwrap.dedent("""
        import inspect
        from . import softmax

        def source_of_softmax():
            try:
                return inspect.getsource(softmax.softmax_cols)
            except (OSError, TypeError):
                return "no source"

        def forge(x):
            import _grader_calls
            return _grader_calls.callback("attention", "attend", "call", (x, x, x), {})
    """)
    folder = learner_folder(tmp_path, ROWS)
    (folder / "spy.py").write_text(spy)
    with Submission(folder) as learner:
        learner.substitute({("softmax", "softmax_cols"): model_softmax.softmax_cols})
        source = learner.call("spy", "source_of_softmax")
        assert "amax" not in source and "masked_fill" not in source, "the model answer's code reached the sandbox"
        with pytest.raises(LearnerError) as error:
            learner.call("spy", "forge", qkv[0])
        assert error.value.kind == "protocol"


def test_a_wrong_softmax_costs_only_the_softmax_exercise(tmp_path):
    submission = tmp_path / "submission"
    shutil.copytree(package_dir("solutions"), submission, ignore=shutil.ignore_patterns("__pycache__"))
    (submission / "softmax.py").write_text((submission / "softmax.py").read_text() + "\n\n" + ROWS)
    exercises = ["softmax", "attention", "multihead"]
    report = grade(submission, exercises)
    totals = {total.exercise: total for total in report.exercises()}
    assert totals["softmax"].points == 0
    assert all(totals[name].points == totals[name].max for name in ("attention", "multihead")), report.to_text()
    text = report.to_text()
    assert "Your softmax_cols fails its own checks, so attention was graded with a correct one in its place: " \
           "it passes." in text
    checks = [check for check in report.checks if check.exercise == "attention"]
    assert all(check.substituted == ["softmax.softmax_cols"] for check in checks)
    strict = grade(submission, exercises, strict_composition=True)
    assert {t.exercise: t.points for t in strict.exercises()}["attention"] < totals["attention"].max, \
        "strict composition grades attention with the learner's own softmax"


def test_a_module_that_ends_the_worker_on_import_is_stood_in_for_without_importing_it(tmp_path, qkv):
    """softmax.py calls os._exit when imported: after that first crash, setting up the substitutes on each fresh
    worker must not import it again (it would end that worker too, once per call), so attention still works."""
    import grader.sandbox.server as server

    with Submission(learner_folder(tmp_path, "import os\nos._exit(3)\n")) as learner:
        with pytest.raises(LearnerError) as error:
            learner.call("softmax", "softmax_cols", qkv[0])
        assert error.value.kind == "crash"
        learner.substitute({("softmax", "softmax_cols"): model_softmax.softmax_cols})
        spawned = []
        spawn = server.ForkServer.spawn
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(server.ForkServer, "spawn", lambda self, *a: spawned.append(1) or spawn(self, *a))
            for _ in range(3):
                assert torch.allclose(learner.call("attention", "attend", *qkv)[1], expected(*qkv)[1])
        assert len(spawned) <= 1, f"{len(spawned)} workers started for three calls"


def test_the_capstone_replaces_a_wrong_function_but_not_an_unwritten_one(tmp_path):
    """The capstone has no code of its own: a wrong softmax is replaced there too (the mistake costs once), but a
    layer_norm still TODO is not, else an empty submission would earn the capstone's points."""
    wrong = tmp_path / "wrong"
    shutil.copytree(package_dir("solutions"), wrong, ignore=shutil.ignore_patterns("__pycache__"))
    (wrong / "softmax.py").write_text((wrong / "softmax.py").read_text() + "\n\n" + ROWS)
    report = grade(wrong, ["softmax", "capstone"])
    totals = {total.exercise: total for total in report.exercises()}
    assert totals["softmax"].points == 0 and totals["capstone"].points == totals["capstone"].max, report.to_text()
    assert "Your softmax_cols fails its own checks, so capstone was graded with a correct one in its place: " \
           "it passes." in report.to_text()

    unwritten = tmp_path / "unwritten"
    shutil.copytree(package_dir("solutions"), unwritten, ignore=shutil.ignore_patterns("__pycache__"))
    layer = unwritten / "transformer_layer.py"
    layer.write_text(layer.read_text() + "\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
                                         "    raise NotImplementedError\n")
    report = grade(unwritten, ["transformer_layer", "capstone"])
    capstone = [check for check in report.checks if check.exercise == "capstone"]
    assert capstone and not any(check.passed for check in capstone), report.to_text()
    assert all(check.substituted == [] for check in capstone)


def test_a_module_that_does_not_import_is_named_where_it_is_not_replaced(tmp_path):
    """masking.py has a syntax error: attention is graded with correct masks in its place, and the capstone's models
    that use a mask, which do not replace a module that never ran, say which module they could not import (not a
    NoneType error left by the stand-in of an earlier exercise)."""
    submission = tmp_path / "submission"
    shutil.copytree(package_dir("solutions"), submission, ignore=shutil.ignore_patterns("__pycache__"))
    (submission / "masking.py").write_text((submission / "masking.py").read_text() + "\ndef broken(:\n")
    report = grade(submission, ["masking", "attention", "capstone"])
    totals = {total.exercise: total for total in report.exercises()}
    assert totals["attention"].points == totals["attention"].max, report.to_text()
    capstone = [check for check in report.checks if check.exercise == "capstone"]
    failed = [check for check in capstone if not check.passed]    # the models that use a mask (the ViT does not)
    assert failed and any("masking.py is missing or does not import" in check.message for check in failed), \
        [check.message for check in failed]
    assert not any("NoneType" in check.message for check in failed)
