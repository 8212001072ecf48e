"""Scan what learners receive (nbgrader's `release/`, `feedback/`) for text they must never see.

Forbidden text, per exercise: the solution (the lines inside solution markers), the markers themselves, the hidden
suite (`grader/exercises/<exercise>/test_<exercise>.py`) and the reference (`reference/<exercise>.py`). A line
counts when it is at least `MIN_CHARS` long once stripped and is not part of what learners are meant to see: the
generated stub in `exercises/` (lesson and hints included), the notebook's given cells and the check descriptions
the test cells show.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path

import course
from course import files, markers

from .cells import split_module

MIN_CHARS = 20
KINDS = ("solution", "marker", "suite", "reference")


@dataclass(frozen=True)
class Leak:
    path: Path
    kind: str
    exercise: str
    text: str


def forbidden_lines(exercises: list[str], kinds: tuple[str, ...] = KINDS) -> dict[str, tuple]:
    """{stripped line: (kind, exercise)} that must not appear in what learners receive."""
    from grader.api import list_checks

    coded = [name for name in exercises if course.get(name).writes_code]  # the capstone has no answer of its own
    solutions = {name: files.solution(name).read_text() if name in coded else "" for name in exercises}
    allowed = "\n".join([*(files.stub(name).read_text() for name in coded),
                         *(course.lesson_text(name) for name in exercises),
                         *(cell.source for name in coded for cell in split_module(name, solutions[name])
                           if not cell.solution),
                         *(check.description for name in exercises for check in list_checks(name))])
    forbidden: dict[str, tuple[str, str]] = {}
    for exercise in exercises:
        lines = solutions[exercise].splitlines()
        sources = {"solution": "\n".join(line for region in markers.regions(solutions[exercise])
                                         for line in region.body(lines)),
                   "suite": files.hidden_suite(exercise).read_text(),
                   "reference": files.reference_module(exercise).read_text() if exercise in coded else ""}
        for kind in kinds:
            if kind == "marker":
                forbidden.update({marker: ("marker", exercise) for marker in ("BEGIN SOLUTION", "END SOLUTION")})
                continue
            forbidden.update({line: (kind, exercise) for line in _lines(sources[kind])
                              if len(line) >= MIN_CHARS and line not in allowed})
    return forbidden


def scan(folder: Path, forbidden: dict[str, tuple]) -> list[Leak]:
    """Every forbidden line found in the notebooks, HTML and other text files under `folder`."""
    leaks = []
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        text = _visible_text(path)
        leaks += [Leak(path, kind, exercise, line) for line, (kind, exercise) in forbidden.items() if line in text]
    return leaks


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
