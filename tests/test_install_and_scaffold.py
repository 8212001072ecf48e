"""The course as a maintainer meets it: installed without `-e`, and grown by one exercise with one command.

Both tests build a fresh virtual environment that reaches this environment's third-party packages (torch, nbgrader)
through a `.pth` line, and installs the course itself into it: from this checkout with plain `pip install .`, or
editable from a copy of the checkout that `attn exercises new` then extends.
"""
from __future__ import annotations

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


def test_a_regular_install_builds_the_stubs_the_nbgrader_course_and_the_leak_scan(tmp_path):
    checkout = tmp_path / "checkout"  # pip builds in the source tree: build it in a copy, not in this checkout
    shutil.copytree(ROOT, checkout, ignore=SKIP)
    python = make_venv(tmp_path / "venv", str(checkout))
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
