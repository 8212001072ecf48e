"""The course as a maintainer meets it: installed without `-e`, and grown by one exercise with one command.

The tests build a fresh virtual environment that reaches this environment's third-party packages (torch, nbgrader)
through a `.pth` line, and installs the course itself into it: from this checkout with plain `pip install .`, or
editable from a copy of the checkout that `attn exercises new` then extends.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build", ".hypothesis")


def make_venv(folder: Path, *install: str) -> Path:
    """A venv whose course packages come from `pip install <install>`, everything else from this environment."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    python = folder / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "zz-third-party.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", *install, cwd=folder)
    return python


def run(python: Path, *args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    path = os.pathsep.join([str(python.parent), str(Path(sys.executable).parent), os.environ["PATH"]])  # + alembic
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PATH": path}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


@pytest.fixture(scope="module")
def regular_install(tmp_path_factory) -> tuple[Path, Path]:
    """(python, checkout): the course installed with plain `pip install .` from a copy of this checkout, into a venv
    under the temporary folder (so under /tmp, which the sandbox replaces by a private one)."""
    root = tmp_path_factory.mktemp("regular")
    checkout = root / "checkout"  # pip builds in the source tree: build it in a copy, not in this checkout
    shutil.copytree(ROOT, checkout, ignore=SKIP)
    return make_venv(root / "venv", str(checkout)), checkout


def test_a_regular_install_builds_the_stubs_the_nbgrader_course_and_the_leak_scan(regular_install, tmp_path):
    python, checkout = regular_install
    work = tmp_path / "work"  # never the checkout: everything must come from the installed packages
    work.mkdir()
    located = run(python, "-c", "from course import files; print(files.package_dir('solutions'))", cwd=work).stdout
    assert "site-packages" in located and str(checkout) not in located, located
    assert "match" in run(python, "-m", "attn", "exercises", "check", cwd=work).stdout
    run(python, "-m", "attn", "exercises", "sync", cwd=work)
    run(python, "-m", "attn", "nbgrader", "build", "course", "--assignment", "ps", cwd=work)
    course = work / "course"
    run(python, "-m", "nbgrader", "generate_assignment", "ps", cwd=course)
    scan = run(python, "-m", "attn", "nbgrader", "scan", "release/ps", cwd=course, check=False)
    assert scan.returncode == 0 and scan.stdout.startswith("0 leak(s)"), scan.stdout[-2000:]
    source = run(python, "-m", "attn", "nbgrader", "scan", "source/ps", cwd=course, check=False)
    assert source.returncode == 1 and "solution text" in source.stdout, "the scan must see the solutions in source/"


def test_a_new_exercise_needs_one_command_and_its_own_files(tmp_path):
    copy = tmp_path / "course"
    shutil.copytree(ROOT, copy, ignore=SKIP)
    python = make_venv(tmp_path / "venv", "-e", str(copy))
    new = run(python, "-m", "attn", "exercises", "new", "toy", "--function", "double", "--title", "A toy", cwd=copy)
    assert "course/registry.py" in new.stdout
    solution = copy / "solutions" / "toy.py"
    solution.write_text(solution.read_text().replace('raise NotImplementedError("write the model answer here")',
                                                     "return 2 * X"))
    run(python, "-m", "attn", "exercises", "sync", cwd=copy)          # the one command: stubs and docs tables

    number = len(run(python, "-c", "import course; print(course.NAMES)", cwd=copy).stdout.split(","))
    board = run(python, "-m", "pytest", "exercises", "-q", cwd=copy, check=False).stdout
    assert f"{number}  toy" in board and "TODO" in board.split(f"{number}  toy")[1].splitlines()[0], board[-2000:]
    model = run(python, "-m", "pytest", "exercises", "-q", "--target", "solutions", "-k", "toy", cwd=copy).stdout
    assert "DONE" in model.split(f"{number}  toy")[1].splitlines()[0], model[-2000:]

    graded = run(python, "-m", "attn", "grade", "solutions", "--exercise", "toy", cwd=copy).stdout
    assert "[ok] toy: 1 / 1" in graded, graded
    stub = run(python, "-m", "attn", "grade", "exercises", "--exercise", "toy", cwd=copy).stdout
    assert "[--] toy: 0 / 1" in stub, stub

    run(python, "-m", "attn", "nbgrader", "build", "nb", "--exercises", "toy", cwd=copy)
    notebook = nbformat.read(copy / "nb" / "source" / "attention" / "toy.ipynb", as_version=4)
    assert notebook.cells[0].source.startswith(f"# Exercise {number} · A toy")
    assert "| `exercises/toy.py` | A toy |" in (copy / "docs" / "learners.md").read_text()
    assert "`toy` | `double` (1) |" in (copy / "docs" / "grading.md").read_text()
    assert run(python, "-m", "attn", "exercises", "check", cwd=copy).returncode == 0


LAZY_LEARNER = """\
import regex
import torch

import course_environment_helper  # installed in the venv's site-packages, under /tmp


def softmax_cols(scores):
    torch.broadcast_shapes(scores.shape, (1, scores.shape[-1]))  # imports torch.fx.experimental.symbolic_shapes
    torch.testing.assert_close(scores, scores.clone())
    assert regex.fullmatch(r"\\p{L}+", "attention") and course_environment_helper.READY
    hidden = (scores == float("-inf")).all(dim=-2, keepdim=True)  # a query that sees no key gets zero weights
    return torch.softmax(scores.masked_fill(hidden, 0.0), dim=-2).masked_fill(hidden, 0.0)
"""


def graded(python: Path, submission: Path, *exercises: str) -> dict[str, tuple[float, float]]:
    """Grade with the venv's own `attn grade --json` -> {exercise: (score, max)}."""
    args = [arg for name in exercises for arg in ("--exercise", name)]
    report = json.loads(run(python, "-m", "attn", "grade", str(submission), *args, "--json", cwd=submission).stdout)
    assert report["isolation"]["mode"] == "full" or os.geteuid() != 0, report["isolation"]
    return {total["exercise"]: (total["score"], total["max"]) for total in report["exercises"]}


def test_a_regular_install_under_tmp_grades_with_its_packages_and_hides_its_own(regular_install, tmp_path):
    """The venv lives under /tmp: correct code importing its packages (and torch's lazily imported modules) gets full
    marks; the course's grader-side packages in its site-packages stay out of reach of the cheats."""
    python, checkout = regular_install
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path).stdout.strip()
    Path(site, "course_environment_helper.py").write_text("READY = True\n")
    right = tmp_path / "right"
    right.mkdir()
    (right / "softmax.py").write_text(LAZY_LEARNER)
    assert graded(python, right, "softmax") == {"softmax": (7, 7)}
    if os.geteuid() != 0:
        return  # without root the learner runs as the grading user and may read the course (docs/grading.md)
    for cheat in ("read_hidden_files", "import_reference"):
        attempt = tmp_path / cheat
        attempt.mkdir()
        source = (ROOT / "tests" / "grader" / "cheats" / f"{cheat}.py").read_text()
        (attempt / "softmax.py").write_text(source.replace("__REPO__", str(checkout)))
        shutil.copy(ROOT / "solutions" / "masking.py", attempt / "masking.py")
        scores = graded(python, attempt, "softmax", "masking")
        assert scores["softmax"][0] == 0 and scores["masking"][0] == scores["masking"][1] > 0, (cheat, scores)
