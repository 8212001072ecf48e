"""Scan what learners receive (nbgrader's `release/`, `feedback/`, the learner distribution of `attn release`, an
environment it is installed in) for text they must never see.

Forbidden text, per exercise: the solution (the lines inside solution markers), the markers themselves, the hidden
suite (`grader/exercises/<exercise>/test_<exercise>.py`), its catalogue of mistakes (`catalogue.py`) and the
reference (`reference/<exercise>.py`). A line counts when it is at least `MIN_CHARS` long once stripped and is not
part of what learners are meant to see: the generated stub in `exercises/` (lesson and hints included), the visible
tests, the notebook's given cells and the check descriptions the test cells show (and the hints as the registry
writes them, unwrapped).

`installed_files(python)` lists the course's files installed in an interpreter's environment (an editable install's
source folder included), so that `scan_files` reads a learner's environment as installed.
"""
from __future__ import annotations

import html
import json
import re
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
    """Every forbidden line found in the notebooks, HTML and other text files under `folder` (`scan_files`)."""
    return scan_files(sorted(p for p in Path(folder).rglob("*") if p.is_file() and not p.is_symlink()), forbidden)


def scan_files(paths: list[Path], forbidden: dict[str, tuple]) -> list[Leak]:
    """Every forbidden line found anywhere in the text of these files. Files holding a NUL byte (compiled modules,
    shared libraries) are binary and skipped: an installed module's source is scanned as its .py.

    A forbidden line is looked for, as a substring, only in files that hold its longest word (`_anchor`), so that
    thousands of files are scanned in seconds."""
    by_anchor: dict[str, list[str]] = {}
    for line in forbidden:
        by_anchor.setdefault(_anchor(line), []).append(line)
    order = {line: number for number, line in enumerate(forbidden)}
    leaks = []
    for path in paths:
        text = _visible_text(path)
        if text is None:
            continue
        words = set(WORD.findall(text)) | {""}
        candidates = [line for anchor in words.intersection(by_anchor) for line in by_anchor[anchor]]
        leaks += [Leak(path, *forbidden[line], line) for line in sorted(candidates, key=order.get) if line in text]
    return leaks


WORD = re.compile(r"\w+")


def _anchor(line: str) -> str:
    """The longest word of a line ("" if it has none): a file that lacks it cannot hold the line."""
    return max(WORD.findall(line), key=len, default="")


COURSE_PACKAGES = ("course", "exercises", "quizzes", "attn", "reference", "grader", "solutions")
INSTALLED_FILES = """\
import importlib.metadata, importlib.util, json, sys, sysconfig
from pathlib import Path
site = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
course_files, others = set(), set()
for dist in importlib.metadata.distributions(path=[str(folder) for folder in site]):
    files = {Path(dist.locate_file(name)).resolve() for name in dist.files or []}
    if (dist.metadata["Name"] or "").lower().startswith("attention-course"):
        course_files |= files
    else:
        others |= files
found = course_files | {path.resolve() for root in site for path in root.rglob("*")} - others
for name in sys.argv[1:]:
    spec = importlib.util.find_spec(name)
    folders = [Path(folder) for folder in spec.submodule_search_locations or []] if spec else []
    found |= {path.resolve() for folder in folders for path in folder.rglob("*")}
    if spec and not folders and spec.origin:
        found.add(Path(spec.origin).resolve())
print(json.dumps(sorted(str(path) for path in found if path.is_file())))
"""


def installed_files(python: Path) -> list[Path]:
    """The course's files as installed in the environment of interpreter `python`: the files of its distributions
    `attention-course*`, every file of that environment's own site-packages that no other distribution installed, and
    the files of any importable package named like one of the course's (an editable install's source folder
    included). Third-party distributions (torch...) and folders other environments add to its path are left out."""
    done = subprocess.run([str(python), "-I", "-c", INSTALLED_FILES, *COURSE_PACKAGES], capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"{python} could not list its installed files:\n{done.stderr[-2000:]}")
    return [Path(path) for path in json.loads(done.stdout)]


def _visible_text(path: Path) -> str | None:
    """A file's text as a learner reads it: a notebook's cell sources and outputs, HTML unescaped; None for a binary
    file."""
    with open(path, "rb") as handle:
        data = handle.read(8192)
        if b"\0" in data:
            return None
        data += handle.read()
    if b"\0" in data:
        return None
    raw = data.decode(errors="replace")
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
