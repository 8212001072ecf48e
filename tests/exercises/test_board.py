"""`pytest exercises` as a learner runs it: the board on fresh stubs, on solutions, on a half-done submission, with -x.

Each scenario is one real `python -m pytest exercises` subprocess in the repository, as README's set-up leaves it
(the committed exercises/ are the generated stubs; test_stubs.py checks they match solutions/).
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course import NAMES as EXERCISES
from exercises.tests.checks import assert_shape
from exercises.tests.plugin import _explain_shape_error, builds_on

REPO = Path(__file__).resolve().parents[2]


def start_board(*args: str, pythonpath: Path | None = None, target: str | None = None) -> subprocess.Popen:
    """Start `python -m pytest exercises ARGS` in the repository (ATTN_TARGET only if `target` is given)."""
    env = {key: value for key, value in os.environ.items() if key != "ATTN_TARGET"}
    env |= {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONWARNINGS": "default"}
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    if target:
        env["ATTN_TARGET"] = target
    command = [sys.executable, "-m", "pytest", "exercises", *args]
    return subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def status_of(output: str) -> dict[str, str]:
    """Exercise name -> DONE / TODO / FAIL / not run, read from the board."""
    rows = re.findall(r"^\s*\d+\s+(\w+)\s+(DONE|TODO|FAIL|not run)", output, flags=re.MULTILINE)
    return dict(rows)


@pytest.fixture(scope="module")
def boards(tmp_path_factory) -> dict[str, subprocess.CompletedProcess]:
    """The four scenarios, run side by side: fresh stubs, solutions, a half-done submission, the same with -x."""
    learner = half_done_submission(tmp_path_factory.mktemp("submission"))
    running = {
        "fresh": start_board(),
        "solutions": start_board(target="solutions"),
        "learner": start_board("--target", "learner", pythonpath=learner),
        "learner -x": start_board("-x", "--target", "learner", pythonpath=learner),
    }
    finished = {}
    for name, process in running.items():
        stdout, stderr = process.communicate(timeout=300)
        finished[name] = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    return finished


def half_done_submission(root: Path) -> Path:
    """Package `learner` under root: bpe, embeddings and softmax solved, masking untouched, attention with Q^T K."""
    package = root / "learner"
    package.mkdir()
    for name in ["__init__", *EXERCISES]:
        shutil.copy(REPO / "exercises" / f"{name}.py", package)
    for name in ["bpe", "embeddings", "softmax"]:
        shutil.copy(REPO / "solutions" / f"{name}.py", package)
    attention = (REPO / "solutions" / "attention.py").read_text()
    buggy = attention.replace("scores = K.transpose(-2, -1) @ Q", "scores = Q.transpose(-2, -1) @ K")
    assert buggy != attention, "the planted bug no longer applies to solutions/attention.py"
    (package / "attention.py").write_text(buggy)
    return root


@pytest.fixture
def fresh(boards) -> subprocess.CompletedProcess:
    return boards["fresh"]


def test_fresh_stubs_are_all_todo(fresh):
    assert fresh.returncode != 0, "the board must exit non-zero while anything is unsolved"
    assert status_of(fresh.stdout) == {name: "TODO" for name in EXERCISES}, fresh.stdout
    assert f"0/{len(EXERCISES)} done" in fresh.stdout
    passing = re.findall(r"TODO\s+(\d+)/\d+ checks pass", fresh.stdout)
    assert passing == ["0"] * len(EXERCISES), "an untouched stub must fail every one of its checks"
    assert list(status_of(fresh.stdout)) == list(EXERCISES), "the board lists the exercises in course order"


def test_fresh_board_says_what_to_do_next(fresh):
    pointers = re.findall(r"next: in exercises/(\w+)\.py, write (\w+): ", fresh.stdout)
    assert [module for module, _ in pointers] == list(EXERCISES), fresh.stdout
    assert ("bpe", "merge_pair") in pointers


def test_fresh_board_is_quiet(fresh):
    """No dots, no pytest tracebacks, no warnings summary: just the board and pytest's counts."""
    assert "Traceback" not in fresh.stdout and "FAILURES" not in fresh.stdout, fresh.stdout
    assert "warnings summary" not in fresh.stdout
    assert not re.search(r"^exercises/tests/test_\w+\.py", fresh.stdout, flags=re.MULTILINE), fresh.stdout
    assert fresh.stderr == "", fresh.stderr


def test_solutions_pass_every_visible_test(boards):
    """The documented switch: ATTN_TARGET=solutions (the option --target solutions does the same)."""
    result = boards["solutions"]
    assert result.returncode == 0, result.stdout
    assert status_of(result.stdout) == {name: "DONE" for name in EXERCISES}, result.stdout
    assert f"{len(EXERCISES)}/{len(EXERCISES)} done" in result.stdout


def test_half_done_submission(boards):
    result = boards["learner"]
    status = status_of(result.stdout)
    assert result.returncode != 0
    assert status["bpe"] == status["embeddings"] == status["softmax"] == "DONE", result.stdout
    assert status["masking"] == "TODO" and status["attention"] == "FAIL", result.stdout
    assert f"3/{len(EXERCISES)} done" in result.stdout and "next up: exercise 4, masking" in result.stdout
    attention_part = result.stdout.split(" 5  attention")[1].split(" 6  multihead")[0]
    assert "first failing check: test_worked_example" in attention_part
    assert "A's columns (2) must equal B's rows (1)" in attention_part, "the shape error should be explained"
    assert "learner/attention.py:" in attention_part, "the short traceback should point into the learner's file"
    assert "note: this exercise calls earlier ones that do not pass yet (masking)" in attention_part
    assert re.search(r"hint 1/\d: K.transpose", attention_part), attention_part


def test_stop_at_the_first_unsolved_exercise(boards):
    """-x stops at the first exercise that is not done; the later ones are "not run"."""
    result = boards["learner -x"]
    status = status_of(result.stdout)
    assert result.returncode != 0
    assert [status[name] for name in EXERCISES[:4]] == ["DONE", "DONE", "DONE", "TODO"], result.stdout
    assert all(status[name] == "not run" for name in EXERCISES[4:]), result.stdout
    assert f"3/{len(EXERCISES)} done ({len(EXERCISES) - 4} not run)" in result.stdout


def test_shape_mismatch_is_explained_axis_by_axis():
    import torch

    with pytest.raises(AssertionError) as error:
        assert_shape(torch.zeros(2, 5, 3), (2, 3, 5), "output", names=("B", "D", "N"))
    message = str(error.value)
    assert "axis -3 (B): got 2, expected 2  ok" in message
    assert "axis -2 (D): got 5, expected 3  <- wrong" in message and "axis -1 (N): got 3, expected 5  <- wrong" in message
    assert "transpose" in message
    assert "A's columns (3) must equal B's rows (4)" in _explain_shape_error(
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"
    )[0]


def test_earlier_exercises_come_from_the_registry_transitively():
    assert builds_on("softmax") == []
    assert builds_on("multihead") == ["softmax", "masking", "attention"], "multihead -> attention -> softmax, masking"
