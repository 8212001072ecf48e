"""Scan what learners receive (nbgrader's `release/`, `feedback/`, the learner distribution of `attn release`, an
environment it is installed in) for text they must never see.

Forbidden text, per exercise: the solution (the lines inside solution markers), the markers themselves, the hidden
suite (`grader/exercises/<exercise>/test_<exercise>.py`), its catalogue of mistakes (`catalogue.py`) and the
reference (`reference/<exercise>.py`). A line counts when it is at least `MIN_CHARS` long once stripped and is not
part of what learners are meant to see: the generated stub in `exercises/` (lesson and hints included), the visible
tests, the notebook's given cells and the check descriptions the test cells show (and the hints as the registry
writes them, unwrapped).

`installed_roots(python)` lists where an interpreter's environment keeps the files installed into it (its own
site-packages, and the source folder of an editable install), so that `scan` reads a learner's environment as
installed.
"""
from __future__ import annotations

import html
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import course
from course import files, markers

from .cells import split_module

MIN_CHARS = 20
KINDS = ("solution", "marker", "suite", "catalogue", "reference")


@dataclass(frozen=True)
class Leak:
    path: Path
    kind: str
    exercise: str
    text: str


def forbidden_lines(exercises: list[str], kinds: tuple[str, ...] = KINDS) -> dict[str, tuple]:
    """{stripped line: (kind, exercise)} that must not appear in what learners receive."""
    from grader.api import list_checks

    solutions = {name: files.solution(name).read_text() for name in exercises}
    allowed = "\n".join([*(files.stub(name).read_text() for name in exercises),
                         *(files.visible_tests(name).read_text() for name in exercises),
                         *(course.lesson_text(name) for name in exercises),
                         *(hint for name in exercises for hint in course.get(name).hints),  # as the registry holds them
                         *(cell.source for name in exercises for cell in split_module(name, solutions[name])
                           if not cell.solution),
                         *(check.description for name in exercises for check in list_checks(name))])
    forbidden: dict[str, tuple[str, str]] = {}
    for exercise in exercises:
        lines = solutions[exercise].splitlines()
        sources = {"solution": "\n".join(line for region in markers.regions(solutions[exercise])
                                         for line in region.body(lines)),
                   "suite": files.hidden_suite(exercise).read_text(),
                   "catalogue": (files.hidden_dir(exercise) / "catalogue.py").read_text(),
                   "reference": files.reference_module(exercise).read_text()}
        for kind in kinds:
            if kind == "marker":
                forbidden.update({marker: ("marker", exercise) for marker in ("BEGIN SOLUTION", "END SOLUTION")})
                continue
            forbidden.update({line: (kind, exercise) for line in _lines(sources[kind])
                              if len(line) >= MIN_CHARS and line not in allowed})
    return forbidden


def scan(folder: Path, forbidden: dict[str, tuple]) -> list[Leak]:
    """Every forbidden line found in the notebooks, HTML and other files under `folder` (binary files included, read
    as text: a string constant in a .pyc or a wheel's member still shows)."""
    leaks = []
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        text = _visible_text(path)
        leaks += [Leak(path, kind, exercise, line) for line, (kind, exercise) in forbidden.items() if line in text]
    return leaks


INSTALLED_ROOTS = """\
import importlib.metadata, importlib.util, json, sysconfig
from pathlib import Path
site = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
roots = set(site)
for dist in importlib.metadata.distributions(path=[str(folder) for folder in site]):
    names = {Path(str(f)).parts[0].removesuffix(".py") for f in dist.files or [] if not str(f).startswith(("..", "/"))}
    names |= set((dist.read_text("top_level.txt") or "").split())
    for name in names:
        spec = importlib.util.find_spec(name) if name.isidentifier() and not name.startswith("__") else None
        for folder in (spec.submodule_search_locations or []) if spec else []:
            roots.add(Path(folder).resolve())
print(json.dumps(sorted(str(root) for root in roots)))
"""


def installed_roots(python: Path) -> list[Path]:
    """The folders holding what is installed in the environment of interpreter `python`: its site-packages (not the
    folders other environments add to its path) and the folder of every package an installed distribution provides
    (for an editable install, its source folder)."""
    done = subprocess.run([str(python), "-I", "-c", INSTALLED_ROOTS], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"{python} could not list its installed files:\n{done.stderr[-2000:]}")
    return [Path(root) for root in json.loads(done.stdout)]


def _visible_text(path: Path) -> str:
    """A file's text as a learner reads it: a notebook's cell sources and outputs, HTML unescaped."""
    raw = path.read_text(errors="replace")
    if path.suffix == ".ipynb":
        try:
            return "\n".join(_strings(json.loads(raw)))
        except json.JSONDecodeError:
            return raw
    return html.unescape(raw) if path.suffix in {".html", ".htm"} else raw


def _strings(node) -> list[str]:
    """Every string in a JSON document, lists of strings (a cell's lines) joined."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, list) and all(isinstance(item, str) for item in node):
        return ["".join(node)]
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    return [text for item in items for text in _strings(item)]


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}
