"""Take the learner's answers, and nothing else of theirs, before nbgrader grades a submission.

A submitted notebook is untrusted JSON: its kernelspec, cell metadata (grade flags, points, ids, checksums), outputs
and execution counts are all the learner's to edit, and so is every other file in the submission folder. Two steps run
first in `Autograde.sanitize_preprocessors`:

- `SetAsideExtraFiles` deletes from `autograded/<learner>/<assignment>/` every file that is not a notebook of the
  assignment (nbgrader copies them there from `submitted/`, and the kernel would start in that folder: an
  `ipykernel_launcher.py` or `sitecustomize.py` there would run as the grading user). They stay in `submitted/`; the
  feedback lists them.
- `RestoreFromRelease` rebuilds the notebook from the instructor's release copy (`restore`): every cell the course
  put there comes back as released, except that a solution cell keeps the source the learner wrote in it. Cells the
  learner added (or copies of the course's cells) stay, as plain cells without nbgrader metadata or outputs, which
  nothing grades or runs. So a test cell the learner deleted, edited or duplicated is graded as released, and the
  learner's answers are graded all the same.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
from nbformat import NotebookNode
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import NbGraderPreprocessor

NOTES_HEADING = "**Grading notes**"
TIMESTAMP_FILE = "timestamp.txt"  # `nbgrader collect` writes it beside the notebooks; nbgrader reads it in submitted/


def grade_id(cell: object) -> str | None:
    """A cell's nbgrader grade_id, or None when the cell or its metadata is malformed."""
    if not isinstance(cell, dict):
        return None
    meta = cell.get("metadata")
    nbgrader = meta.get("nbgrader") if isinstance(meta, dict) else None
    value = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
    return value if isinstance(value, str) else None


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    return source if isinstance(source, str) else ""


def _nbgrader_metadata(cell: dict) -> object:
    meta = cell.get("metadata")
    return meta.get("nbgrader") if isinstance(meta, dict) else None


def _cells(kind: str, ids: list[str]) -> str:
    return f"The {kind} {ids[0]} was" if len(ids) == 1 else f"The {kind}s {', '.join(ids)} were"


NEW_CELL = {"code": nbformat.v4.new_code_cell, "markdown": nbformat.v4.new_markdown_cell,
            "raw": nbformat.v4.new_raw_cell}


def _plain(cell: dict, taken_ids: set[str]) -> NotebookNode:
    """A learner's own cell as a plain cell: its type (code, markdown or raw) and source, nothing else; a fresh
    cell id that none of the course's cells has."""
    new = NEW_CELL.get(cell.get("cell_type"), nbformat.v4.new_raw_cell)
    plain = new(_source(cell))
    while plain.id in taken_ids:
        plain = new(_source(cell))
    taken_ids.add(plain.id)
    return plain


def restore(submitted: NotebookNode | dict, release: NotebookNode) -> tuple[NotebookNode, list[str]]:
    """The release notebook with the learner's solution sources filled in, and the learner's own cells kept as plain
    cells after the course cell they followed; returns it and notes for the learner on what was put back.

    For each grade_id only the learner's first cell counts; a solution cell they deleted is graded as released (not
    answered). Notebook metadata, every other cell, points, flags, ids, outputs and counts come from `release`."""
    cells = submitted.get("cells") if isinstance(submitted, dict) else None
    cells = [cell for cell in cells if isinstance(cell, dict)] if isinstance(cells, list) else []
    course = {grade_id(cell): cell for cell in release.cells if grade_id(cell)}
    first: dict[str, dict] = {}
    own_after: dict[str | None, list[dict]] = {}  # course grade_id (None: the top) -> learner cells that followed it
    anchor = None
    for cell in cells:
        key = grade_id(cell)
        if key in course and key not in first:
            first[key] = cell
            anchor = key
        else:
            own_after.setdefault(anchor, []).append(cell)
    notebook = nbformat.from_dict({**release, "cells": []})
    taken_ids = {cell.get("id") for cell in release.cells}
    notebook.cells += [_plain(cell, taken_ids) for cell in own_after.get(None, [])]
    notes, put_back, unanswered = [], [], []
    for cell in release.cells:
        key = grade_id(cell)
        restored = nbformat.from_dict(cell)
        mine = first.get(key)
        if key and cell.metadata["nbgrader"].get("solution"):
            if mine is None:
                unanswered.append(key)
            else:
                restored.source = _source(mine)
        elif key and cell.metadata["nbgrader"].get("grade") and (mine is None or _source(mine) != cell.source or
                                                                  _nbgrader_metadata(mine) != cell.metadata.nbgrader):
            put_back.append(key)
        notebook.cells.append(restored)
        notebook.cells += [_plain(own, taken_ids) for own in own_after.get(key, [])] if key else []
    if put_back:
        notes.append(f"{_cells('test cell', put_back)} missing or changed in your notebook: put back as released "
                     "and graded.")
    if unanswered:
        notes.append(f"{_cells('solution cell', unanswered)} missing from your notebook: graded as not answered.")
    if any(grade_id(cell) in course for extra in own_after.values() for cell in extra):
        notes.append("Copies of the course's cells are kept as your own cells: only the first cell with each id is "
                     "graded.")
    return notebook, notes


def add_notes(nb: NotebookNode, notes: list[str]) -> None:
    """Head the notebook with a markdown cell listing `notes` (merged into one that is already there)."""
    if not notes:
        return
    lines = "\n".join(f"- {note}" for note in notes)
    if nb.cells and nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith(NOTES_HEADING):
        nb.cells[0].source += "\n" + lines
    else:
        nb.cells.insert(0, nbformat.v4.new_markdown_cell(f"{NOTES_HEADING}\n\n{lines}"))


def release_notebook(coursedir: CourseDirectory, assignment: str, notebook: str) -> NotebookNode:
    """The notebook as the instructor released it (`release/<assignment>/<notebook>.ipynb`)."""
    path = Path(coursedir.format_path(coursedir.release_directory, ".", assignment)) / f"{notebook}.ipynb"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: grading takes every cell but the learner's answers from the "
                                "release, so run `nbgrader generate_assignment` before `autograde`")
    return nbformat.read(path, as_version=4)


class RestoreFromRelease(NbGraderPreprocessor):
    """First sanitizing step: the submitted notebook rebuilt from the release around the learner's answers."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        info = resources["nbgrader"]
        release = release_notebook(CourseDirectory(config=self.config), info["assignment"], info["notebook"])
        restored, notes = restore(nb, release)
        add_notes(restored, resources.get("grading_notes", []) + notes)
        return restored, resources


class SetAsideExtraFiles(NbGraderPreprocessor):
    """Deletes from the learner's autograded folder every file nbgrader copied there that is not a notebook of the
    assignment, and notes it for the learner. Their submitted folder keeps them."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        info = resources["nbgrader"]
        coursedir = CourseDirectory(config=self.config)
        folder = Path(coursedir.format_path(coursedir.autograded_directory, info["student"], info["assignment"]))
        extra = sorted(path for path in folder.iterdir()
                       if not _is_notebook(path) and path.name != TIMESTAMP_FILE) if folder.is_dir() else []
        for path in extra:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
        submitted = Path(coursedir.format_path(coursedir.submitted_directory, info["student"], info["assignment"]))
        handed_in = sorted(path.name for path in submitted.iterdir()
                           if not _is_notebook(path) and path.name != TIMESTAMP_FILE) if submitted.is_dir() else []
        if handed_in:
            self.log.warning("Set aside files handed in beside the notebooks of %s: %s", info["student"],
                             ", ".join(handed_in))
            resources["grading_notes"] = [f"Only notebooks are graded: the other files you handed in "
                                          f"({', '.join(handed_in)}) were set aside, never run."]
        return nb, resources


def _is_notebook(path: Path) -> bool:
    return path.suffix == ".ipynb" and path.is_file() and not path.is_symlink()
