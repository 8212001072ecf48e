"""The stub generator (attn/stubs.py): exercises/ is generated from solutions/ and must not drift or leak answers."""
import re
import shutil
from pathlib import Path

import pytest

from attn import stubs
from course import CODED as EXERCISES

REPO = Path(__file__).resolve().parents[2]

SAMPLE = '''"""A lesson."""
import torch


def double(x: torch.Tensor) -> torch.Tensor:
    """Twice x: (N,) -> (N,)."""
    if x.ndim != 1:
        raise ValueError("x must be (N,)")
    ### BEGIN SOLUTION  (todo: multiply by 2)
    y = x * 2
    return y
    ### END SOLUTION


class Box:
    def area(self,
             scale: float) -> float:
        def helper():
            return 1
        ### BEGIN SOLUTION
        return helper() * scale
        ### END SOLUTION
'''


def test_marked_regions_become_pointed_stubs():
    stub = stubs.make_stub(SAMPLE, "sample.py")
    assert '    raise NotImplementedError("double: multiply by 2")\n' in stub.replace("'", '"')
    assert "        raise NotImplementedError('area: see the lesson at the top of this file')\n" in stub
    assert "y = x * 2" not in stub and "helper() * scale" not in stub, "solution code must not reach the stub"
    assert "SOLUTION" not in stub, "markers must not reach the stub"
    outside = ['"""A lesson."""', '"""Twice x: (N,) -> (N,)."""', 'raise ValueError("x must be (N,)")', "def helper():"]
    for kept in outside:
        assert kept in stub, f"{kept!r} lies outside the markers and must be copied unchanged"
    compile(stub, "sample.py", "exec")


@pytest.mark.parametrize(
    "broken, problem",
    [
        ("def f():\n    ### BEGIN SOLUTION\n    return 1\n", "without END"),
        ("def f():\n    return 1\n    ### END SOLUTION\n", "without BEGIN"),
        ("def f():\n    ### BEGIN SOLUTION\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n", "nested"),
        ("def f():\n    ### BEGIN SOLUTION hint: x\n    return 1\n    ### END SOLUTION\n", "todo:"),
        ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n", "inside a function"),
    ],
)
def test_malformed_markers_are_reported(broken, problem):
    with pytest.raises(ValueError, match=problem):
        stubs.make_stub(broken, "broken.py")


def test_exercises_match_solutions():
    """The drift test: `attn exercises check` passes on the committed tree."""
    assert stubs.main(["check"]) == 0, "exercises/ drifted from solutions/: run `attn exercises sync`"


def test_check_detects_drift_and_sync_repairs_it(tmp_path, capsys, monkeypatch):
    """On copies of solutions/ (and an empty exercises/), found through the one file locator."""
    solutions, exercises = tmp_path / "solutions", tmp_path / "exercises"
    shutil.copytree(REPO / "solutions", solutions)
    exercises.mkdir()
    folders = {"solutions": solutions, "exercises": exercises, "course": tmp_path / "course"}  # no docs/ beside it
    monkeypatch.setattr(stubs.files, "package_dir", folders.__getitem__)
    assert stubs.main(["check"]) == 1, "missing stubs must count as drift"
    assert stubs.main(["sync"]) == 0
    assert stubs.main(["check"]) == 0
    (solutions / "softmax.py").write_text((solutions / "softmax.py").read_text() + "\n# a new line\n")
    assert stubs.main(["check"]) == 1, "an edited solution must make check fail"
    assert "softmax.py" in capsys.readouterr().out, "check should name the drifted file"


@pytest.mark.parametrize("name", EXERCISES)
def test_stubs_carry_no_solution_text(name):
    """No markers, and no line that only a solution region contains, appears in exercises/<name>.py."""
    solution = (REPO / "solutions" / f"{name}.py").read_text()
    stub = (REPO / "exercises" / f"{name}.py").read_text()
    inside, outside = set(), set()
    in_region = False
    for line in solution.splitlines():
        if "BEGIN SOLUTION" in line or "END SOLUTION" in line:
            in_region = "BEGIN" in line
            continue
        (inside if in_region else outside).add(line.strip())
    leaked = (inside - outside - {""}) & {line.strip() for line in stub.splitlines()}
    assert not leaked, f"exercises/{name}.py contains solution lines: {sorted(leaked)}"
    assert not re.search(r"(BEGIN|END) SOLUTION", stub)
    assert stub.startswith("# Your exercise file") and "attn exercises sync" in stub.splitlines()[1]
    assert stub.count("raise NotImplementedError(") == solution.count("### BEGIN SOLUTION")
