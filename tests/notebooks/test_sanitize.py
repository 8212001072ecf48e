"""`sanitize.restore`: only the learner's solution-cell sources survive from a submitted notebook (fast unit tests;
`test_nbgrader_attacks.py` runs the same attacks through real `nbgrader autograde`)."""
from __future__ import annotations

import json

import nbformat
import pytest
from nbformat import v4

from grader.notebooks.sanitize import add_notes, grade_id, restore

SOLUTION, GIVEN, TEST = "ex-f", "ex-given-1", "check-ex-test_f"


def meta(cell_id: str, **flags) -> dict:
    nbgrader = {"grade": False, "grade_id": cell_id, "locked": False, "schema_version": 3, "solution": False,
                "task": False, **flags}
    return {"nbgrader": nbgrader}


@pytest.fixture
def release() -> nbformat.NotebookNode:
    nb = v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                  "language": "python"}})
    nb.cells = [v4.new_markdown_cell("# Lesson", metadata=meta("ex-lesson", locked=True)),
                v4.new_code_cell("import torch", metadata=meta(GIVEN, locked=True)),
                v4.new_code_cell("def f(x):\n    raise NotImplementedError()", metadata=meta(SOLUTION, solution=True)),
                v4.new_code_cell("check('ex::test_f')", metadata=meta(TEST, grade=True, locked=True, points=2))]
    return nb


def submitted(release, answer: str = "def f(x):\n    return x") -> nbformat.NotebookNode:
    nb = nbformat.from_dict(json.loads(nbformat.writes(release)))
    nb.cells[2].source = answer
    return nb


def test_an_untouched_answered_notebook_comes_back_as_released_with_its_answer(release):
    nb, notes = restore(submitted(release), release)
    assert notes == []
    assert [cell.source for cell in nb.cells] == [c.source for c in release.cells[:2]] + \
        ["def f(x):\n    return x", release.cells[3].source]
    assert [cell.metadata for cell in nb.cells] == [cell.metadata for cell in release.cells]
    nbformat.validate(nb)


def test_metadata_outputs_and_counts_come_from_the_release(release):
    nb = submitted(release)
    nb.metadata["kernelspec"] = {"name": "evil", "display_name": "Evil", "language": "R"}
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [v4.new_output("stream", text="passed")], 3
    nb.cells[3].metadata["nbgrader"]["points"] = 1000
    nb.cells[2].metadata["nbgrader"].update(grade=True, points=1000)
    restored, notes = restore(nb, release)
    assert restored.metadata == release.metadata
    assert all(not cell.get("outputs") and cell.get("execution_count") is None
               for cell in restored.cells if cell.cell_type == "code")
    assert [cell.metadata for cell in restored.cells] == [cell.metadata for cell in release.cells]
    assert any(TEST in note for note in notes), "the changed test cell should be named in the notes"


def test_a_deleted_test_cell_is_put_back_and_the_answer_kept(release):
    nb = submitted(release)
    del nb.cells[3]
    restored, notes = restore(nb, release)
    assert restored.cells[3].source == release.cells[3].source and restored.cells[2].source.endswith("return x")
    assert "put back" in notes[0]


def test_cells_with_the_course_ids_count_once_and_the_first_one_counts(release):
    nb = submitted(release)
    fake = v4.new_code_cell("print('passed')", metadata=meta(TEST, grade=True, points=1000))
    copy = v4.new_code_cell("def f(x):\n    return 0", metadata=meta(SOLUTION, solution=True))
    nb.cells = [fake, *nb.cells, copy]
    restored, notes = restore(nb, release)
    graded = [grade_id(cell) for cell in restored.cells if grade_id(cell)]
    assert graded == [grade_id(cell) for cell in release.cells], "each course id exactly once, in release order"
    assert restored.cells[-1].source == release.cells[3].source, "the test cell as released, in its place"
    assert all("passed" not in cell.source for cell in restored.cells), "the forged test cell must be gone"
    copies = [cell for cell in restored.cells if grade_id(cell) is None]
    assert [cell.source for cell in copies] == [release.cells[3].source, "def f(x):\n    return 0"], \
        "the later copies stay as the learner's own plain cells"
    assert restored.cells[2].source.endswith("return x"), "the first solution cell is the one graded"
    assert any("only the first cell" in note for note in notes)


def test_the_learners_own_cells_stay_plain_after_the_cell_they_followed(release):
    nb = submitted(release)
    nb.cells.insert(3, v4.new_code_cell("assert f(1) == 1", metadata={"tags": ["mine"], "nbgrader": {"grade": True}}))
    nb.cells.insert(0, v4.new_markdown_cell("my notes"))
    restored, _ = restore(nb, release)
    assert [cell.source for cell in restored.cells][0] == "my notes"
    own = restored.cells[4]
    assert own.source == "assert f(1) == 1" and own.metadata == {} and own.cell_type == "code"
    assert len({cell.id for cell in restored.cells}) == len(restored.cells)
    nbformat.validate(restored)


def test_a_deleted_solution_cell_is_graded_as_not_answered(release):
    nb = submitted(release)
    del nb.cells[2]
    restored, notes = restore(nb, release)
    assert restored.cells[2].source == release.cells[2].source and "not answered" in notes[0]


@pytest.mark.parametrize("junk", [{}, {"cells": "text"}, {"cells": [1, "x", None, {"metadata": []}]},
                                  {"cells": [{"cell_type": "code", "source": 5, "metadata": {"nbgrader": 1}}]},
                                  {"cells": [{"cell_type": "code", "source": ["def f(x):\n", "    return x"],
                                              "metadata": {"nbgrader": {"grade_id": SOLUTION}}}]}])
def test_malformed_notebooks_give_a_valid_notebook(release, junk):
    restored, _ = restore(junk, release)
    nbformat.validate(restored)
    assert [grade_id(cell) for cell in restored.cells if grade_id(cell)] == [grade_id(c) for c in release.cells]


def test_notes_head_the_notebook_once(release):
    nb = nbformat.from_dict(release)
    add_notes(nb, ["one"])
    add_notes(nb, ["two"])
    assert nb.cells[0].source.count("Grading notes") == 1 and "- one\n- two" in nb.cells[0].source
