"""`attn release DIR`: the learner distribution, everything a learner needs and no answer.

DIR gets its own installable project (`pyproject.toml`, distribution `attention-course-learner`) holding

- `exercises/`: the stubs, the visible tests and the board (`pytest exercises`), and `exercises.tests.selfcheck`,
  which a notebook's check cells run;
- `course/`: the registry (lessons, hints, points), `course.notebooks` and `course.my_notebooks`, through which a
  notebook imports an earlier exercise from the learner's own notebook;
- `quizzes/`: the engine and the bank, and `attn/`: the command line (`attn quiz`);
- `notebooks/<exercise>.ipynb`: the nbgrader notebooks as nbgrader's own release makes them (`attn nbgrader build`,
  then nbgrader's `generate_assignment` with its release steps: solutions cleared, outputs cleared, cells locked);
- `docs/`: the learner's pages, and a README saying how to install and work.

Nothing of `solutions/`, `reference/` or `grader/` goes in (no model answer, no reference, no hidden suite, no
catalogue), nor the solution-marker parser. Before it returns, the command scans DIR with the leak scan
(`grader.notebooks.leaks`) and fails if any solution, hidden-check, catalogue or reference line is there.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path

import course
from course import files

DISTRIBUTION = "attention-course"  # the course project, whose dependencies the learner distribution shares
LEARNER_DISTRIBUTION = "attention-course-learner"
# package -> files left out (build-side only). attn keeps only its command line.
PACKAGES = {"course": ("markers.py",), "exercises": (), "quizzes": ()}
ATTN_FILES = ("__init__.py", "__main__.py", "cli.py")
# docs page -> the heading where the learner's part ends (None: the whole page)
DOCS = {"learners.md": "## For instructors", "quizzes.md": "## For authors", "contract.md": None,
        "convention.md": None}
ASSIGNMENT = "release"

PYPROJECT = """\
# The learner distribution of the attention course, written by `attn release`. Install it editable
# (`pip install -e .`): the stubs you edit in exercises/ are then the code the board and the notebooks run.
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "{version}"
description = "Learn attention and transformers by building them: exercises, notebooks and quizzes."
readme = "README.md"
requires-python = "{python}"
dependencies = [
{dependencies}
]

[project.optional-dependencies]
notebooks = ["jupyterlab>=4", "ipykernel>=6"]  # the notebooks in notebooks/

[project.scripts]
attn = "attn.cli:main"

[tool.setuptools.packages.find]
include = ["course*", "exercises*", "quizzes*", "attn*"]

[tool.setuptools.package-data]
"*" = ["*.yaml", "*.json", "*.md"]

[tool.pytest.ini_options]
testpaths = ["exercises"]
addopts = "--import-mode=importlib -p no:cacheprovider"
"""

README = """\
# Attention course: the learner's kit

You implement the pieces of a transformer yourself, as files or as notebooks, and check yourself as you go.
Everything here is yours to read: the lessons, hints, visible tests and quizzes. The model answers and the grader's
hidden checks are not here; your instructor grades with them.

## Install

With Python {python} (a virtual environment is best), in this folder:

```bash
pip install -e .                 # the exercises, their board and the quizzes ({torch})
pip install -e ".[notebooks]"    # also JupyterLab, for the notebooks
```

Keep the `-e`: your edits in `exercises/` are then the code that runs. On Linux without a GPU, install the CPU build
of {torch} first (from PyTorch's CPU wheel index), or pip brings a multi-GB CUDA build.

## Exercises as files

```bash
pytest exercises                 # the board: each exercise DONE, TODO or FAIL, the first failing check, a hint
pytest exercises --hint 2        # the next hint
```

Work through `exercises/` in order; [docs/learners.md](docs/learners.md) explains the board,
[docs/contract.md](docs/contract.md) every function and [docs/convention.md](docs/convention.md) the convention
(tokens are columns).

## Exercises as notebooks

Open `notebooks/` in Jupyter (`jupyter lab notebooks`). Each notebook is one exercise: the lesson, the code you are
given, a cell for each function you write, and one check cell per hidden check. Running a check cell runs the
exercise's visible tests on your **saved** notebook; the hidden checks run when you hand the notebook in. A notebook
that builds on an earlier exercise imports it from your own earlier notebook in the same folder
(`from course.my_notebooks.softmax import softmax_cols`), as grading does: save that notebook, and restart the kernel
after changing it.

## Quizzes

```bash
attn quiz list                   # the quizzes and your progress
attn quiz take self-attention    # one quiz
attn quiz review                 # spaced repetition of what you missed
```

See [docs/quizzes.md](docs/quizzes.md).
"""


def write_release(out: Path) -> list[Path]:
    """Write the learner distribution into `out` (which must be empty or absent); returns the files written."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ValueError(f"{out} exists and is not an empty folder: name a new one")
    docs = files.package_dir("course").parent / "docs"
    missing = [name for name in DOCS if not (docs / name).is_file()]
    if missing:
        raise ValueError(f"the learner's docs {missing} are not in {docs}: run `attn release` from the course "
                         "checkout (an editable install)")
    out.mkdir(parents=True, exist_ok=True)
    for package, left_out in PACKAGES.items():
        _copy_package(package, out / package, left_out)
    (out / "attn").mkdir()
    for name in ATTN_FILES:
        shutil.copyfile(files.package_dir("attn") / name, out / "attn" / name)
    (out / "docs").mkdir()
    for name, end in DOCS.items():
        text = (docs / name).read_text(encoding="utf-8")
        (out / "docs" / name).write_text(_learners_part(text, end), encoding="utf-8")
    _write_notebooks(out / "notebooks")
    python, torch = metadata.metadata(DISTRIBUTION)["Requires-Python"] or ">=3.10", _torch_pin()
    (out / "pyproject.toml").write_text(PYPROJECT.format(
        name=LEARNER_DISTRIBUTION, version=metadata.version(DISTRIBUTION), python=python,
        dependencies="\n".join(f'    "{requirement}",' for requirement in _dependencies())), encoding="utf-8")
    (out / "README.md").write_text(README.format(python=python, torch=torch), encoding="utf-8")
    return sorted(path for path in out.rglob("*") if path.is_file())


def _learners_part(text: str, end: str | None) -> str:
    """A docs page up to the line that starts with `end` (the first heading meant for others)."""
    if end is None:
        return text
    lines = text.splitlines()
    cut = next((index for index, line in enumerate(lines) if line.startswith(end)), None)
    if cut is None:
        raise RuntimeError(f"the docs page has no line starting with {end!r}: update attn.release.DOCS")
    return "\n".join(lines[:cut]).rstrip() + "\n"


def _copy_package(package: str, target: Path, left_out: tuple[str, ...]) -> None:
    source = files.package_dir(package)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", *left_out))


def _write_notebooks(target: Path) -> None:
    """Build the nbgrader course in a scratch folder and release it with nbgrader's own `generate_assignment` steps
    (no gradebook); the released notebooks go to `target`."""
    from nbgrader.converters import GenerateAssignment
    from nbgrader.coursedir import CourseDirectory

    from grader.notebooks.course import build_course
    from grader.notebooks.settings import course_settings

    with tempfile.TemporaryDirectory(prefix="attn-release-") as scratch:
        build_course(Path(scratch), ASSIGNMENT, list(course.NAMES))
        config = course_settings(ASSIGNMENT)
        config.CourseDirectory.root = scratch
        config.GenerateAssignment.no_database = True  # nbgrader's --no-db
        config.SaveCells.enabled = False
        coursedir = CourseDirectory(config=config)
        coursedir.assignment_id = ASSIGNMENT
        converter = GenerateAssignment(coursedir=coursedir, config=config)
        converter.force = True
        converter.start()
        shutil.copytree(Path(scratch) / "release" / ASSIGNMENT, target)


def _dependencies() -> list[str]:
    """The course's own dependencies (not its extras), from the installed project's metadata: pyproject.toml is the
    one place they are written."""
    return [requirement.replace(" ", "") for requirement in metadata.requires(DISTRIBUTION) or []
            if "extra ==" not in requirement]


def _torch_pin() -> str:
    """The torch requirement as pip writes it (`torch==2.13.0`)."""
    return next((requirement for requirement in _dependencies()
                 if requirement.startswith("torch") and requirement[5:6] in "=<>!~"), "torch")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="attn release", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, metavar="DIR", help="the folder to write (new or empty)")
    args = parser.parse_args(argv)
    try:
        written = write_release(args.out)
    except (ValueError, RuntimeError) as error:  # a non-empty folder, docs or the Jupyter kernel missing
        print(f"attn release: {error}", file=sys.stderr)
        return 2

    from grader.notebooks.leaks import forbidden_lines, scan

    leaks = scan(args.out, forbidden_lines(list(course.NAMES)))
    for leak in leaks:
        print(f"{leak.path}: {leak.kind} text of {leak.exercise}: {leak.text}")
    if leaks:
        print(f"attn release: {len(leaks)} leak(s) in {args.out}: do not hand it out", file=sys.stderr)
        return 1
    notebooks = len(list((args.out / "notebooks").glob("*.ipynb")))
    print(f"Learner distribution written to {args.out}: {len(written)} files, {notebooks} notebooks; the leak scan "
          f"found no solution, hidden check, catalogue or reference text.\n"
          f"Learners install it with `pip install -e {args.out}` (README.md there says how to work).")
    return 0
