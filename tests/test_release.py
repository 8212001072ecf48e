"""The learner distribution (`attn release DIR`), installed alone and used as a learner uses it.

`attn release` writes DIR; a fresh virtual environment gets DIR and nothing else of the project (third-party packages
such as torch, ipykernel and nbclient come from this environment through a `.pth` line, which does not run this
environment's own `.pth` files, so the editable install of the checkout stays out). There, a learner's workflow runs:
the board, the visible tests of a solved exercise, a quiz, and the notebooks executed by nbclient in a kernel of that
environment (their check cells run the visible tests; an earlier exercise comes from the learner's own notebook).
The installed files, the wheel a regular install uses, and DIR are scanned for every solution body, hidden check,
catalogue entry and reference line.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import nbformat
import pytest

import course
from course import files
from grader.notebooks.cells import split_module
from grader.notebooks.leaks import KINDS, forbidden_lines, installed_files, scan, scan_files

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_RUNNER = """\
import sys
import nbclient, nbformat
path, probe = sys.argv[1], sys.argv[2]
nb = nbformat.read(path, as_version=4)
given = max(i for i, cell in enumerate(nb.cells) if cell.metadata.get("nbgrader", {}).get("locked")
            and cell.cell_type == "code" and not cell.metadata["nbgrader"].get("grade")
            and not cell.metadata["nbgrader"].get("solution"))
nb.cells.insert(given + 1, nbformat.v4.new_code_cell(probe))
nbclient.NotebookClient(nb, kernel_name="python3", allow_errors=True, timeout=600,
                        resources={"metadata": {"path": str(__import__("pathlib").Path(path).parent)}}).execute()
nbformat.write(nb, path + ".out")
"""
PROBE = """\
import importlib.util, sys
print("kernel:", sys.executable)
print("importable:", [name for name in ("reference", "grader", "solutions") if importlib.util.find_spec(name)])
print("softmax_cols from:", softmax_cols.__module__)"""


def make_venv(folder: Path) -> Path:
    """A venv reaching this environment's third-party packages through a .pth line, and no project package."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    python = folder / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "zz-third-party.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def run(python: Path, *args: str, cwd: Path, home: Path, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "HOME": str(home), "ATTN_QUIZ_HOME": str(home / "quiz"),
           "PATH": os.pathsep.join([str(python.parent), os.environ["PATH"]])}
    for name in ("PYTHONPATH", "ATTN_TARGET", "JPY_SESSION_NAME", "NBGRADER_EXECUTION"):
        env.pop(name, None)
    done = subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def answer_notebook(path: Path, exercise: str, replace: dict[str, str] | None = None) -> None:
    """Fill a released notebook's solution cells with the model answers (or the given text), as a learner would."""
    answers = {cell.cell_id: cell.source for cell in split_module(exercise, files.solution(exercise).read_text())
               if cell.solution}
    answers.update(replace or {})
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers and cell.metadata.nbgrader.get("solution"):
            cell.source = answers[grade_id]
    nbformat.write(nb, path)


def check_cell_outputs(nb) -> list[tuple[str, str]]:
    """(stdout, error name) of each check cell of an executed notebook."""
    out = []
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade"):
            text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
            error = next((o.ename for o in cell.outputs if o.output_type == "error"), "")
            out.append((text, error))
    return out


def leaks_in(paths: list[Path]) -> list[str]:
    return [f"{leak.path}: {leak.kind} of {leak.exercise}: {leak.text}"
            for leak in scan_files(paths, forbidden_lines(list(course.NAMES)))]


@pytest.mark.slow
def test_the_learner_distribution_installed_alone_works_and_holds_no_answer(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    release = tmp_path / "learner"
    made = run(Path(sys.executable), "-m", "attn", "release", str(release), cwd=tmp_path, home=home)
    assert "no solution, hidden check" in made.stdout, made.stdout
    assert not any((release / name).exists() for name in ("solutions", "reference", "grader")), \
        "a package of answers or of the grader went into the learner distribution"
    assert sorted(path.stem for path in (release / "notebooks").glob("*.ipynb")) == sorted(course.NAMES)

    # A regular install (the wheel pip builds, then site-packages) holds no answer either.
    build = tmp_path / "build"
    shutil.copytree(release, build)
    wheels = tmp_path / "wheels"
    run(Path(sys.executable), "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", str(build),
        "-w", str(wheels), cwd=tmp_path, home=home)
    (wheel,) = wheels.glob("*.whl")
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist() if "dist-info" not in name}
    assert tops == {"attn", "course", "exercises", "quizzes"}, tops
    regular = make_venv(tmp_path / "regular")
    run(regular, "-m", "pip", "install", "--quiet", "--no-deps", str(wheel), cwd=tmp_path, home=home)
    assert "self-attention" in run(regular, "-m", "attn", "quiz", "list", cwd=tmp_path, home=home).stdout

    # The learner's environment: the distribution alone, editable (their edits in exercises/ are what runs).
    python = make_venv(tmp_path / "venv")
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "-e", str(release),
        cwd=tmp_path, home=home)
    missing = run(python, "-c", "import importlib.util as u; print([n for n in ('reference', 'grader', 'solutions') "
                  "if u.find_spec(n)])", cwd=home, home=home).stdout.strip()
    assert missing == "[]", f"the learner's environment can import {missing}"

    installed = [*installed_files(python), *installed_files(regular)]
    assert release / "exercises" / "softmax.py" in installed, "the editable install's source was not scanned"
    assert any(path.match("site-packages/exercises/softmax.py") for path in installed), "nor the regular install"
    assert not any(part in {"reference", "grader", "solutions"} for path in installed for part in path.parts)
    leaks = leaks_in([*installed, *(path for path in release.rglob("*") if path.is_file())])
    assert not leaks, "the learner distribution holds text learners must not see:\n" + "\n".join(leaks[:20])

    usage = run(python, "-m", "attn", "--help", cwd=home, home=home).stdout
    assert "quiz" in usage and "grade" not in usage, usage
    refused = run(python, "-m", "attn", "grade", "exercises", cwd=home, home=home, check=False)
    assert refused.returncode == 2 and "not part of this installation" in refused.stderr

    # The board, untouched: every exercise TODO.
    board = run(python, "-m", "pytest", "exercises", cwd=release, home=home, check=False)
    assert board.returncode == 1 and f"0/{len(course.NAMES)} done" in board.stdout, board.stdout[-2000:]
    # The learner solves softmax: the board and its visible tests say DONE.
    shutil.copyfile(files.solution("softmax"), release / "exercises" / "softmax.py")
    solved = run(python, "-m", "pytest", "exercises", "-k", "softmax", cwd=release, home=home, check=False).stdout
    assert " softmax " in solved and "DONE" in solved.split(" softmax ")[1].splitlines()[0], solved[-2000:]

    # A quiz, answered from a file: one right, one wrong.
    answers = tmp_path / "answers.yaml"
    answers.write_text("mixed-part: a\nmotivations: d\n")
    quiz = run(python, "-m", "attn", "quiz", "take", "self-attention", "--only", "mixed-part", "motivations",
               "--answers", str(answers), "--json", "--no-save", cwd=home, home=home)
    assert json.loads(quiz.stdout)["score"] == 1 and json.loads(quiz.stdout)["total"] == 2, quiz.stdout[-2000:]

    # The notebooks: softmax, masking and attention answered; attention imports the learner's own two notebooks.
    notebooks = tmp_path / "my-notebooks"
    shutil.copytree(release / "notebooks", notebooks)
    for exercise in ("softmax", "masking", "attention"):
        answer_notebook(notebooks / f"{exercise}.ipynb", exercise)
    runner = tmp_path / "run_notebook.py"
    runner.write_text(NOTEBOOK_RUNNER)
    run(python, str(runner), str(notebooks / "attention.ipynb"), PROBE, cwd=home, home=home)
    executed = nbformat.read(notebooks / "attention.ipynb.out", as_version=4)
    probe = next(cell for cell in executed.cells if cell.source == PROBE)
    printed = "".join(output.get("text", "") for output in probe.outputs)
    assert f"kernel: {python}" in printed and "importable: []" in printed, printed
    assert "softmax_cols from: course.my_notebooks.softmax" in printed, "attention did not use the learner's softmax"
    checks = check_cell_outputs(executed)
    assert checks and all("DONE" in text and not error for text, error in checks), checks[:2]

    # A wrong softmax notebook: its check cells run the visible tests and fail, naming the failing check.
    wrong = "def softmax_cols(scores):\n    return scores.softmax(dim=-1)\n"
    answer_notebook(notebooks / "softmax.ipynb", "softmax", {"softmax-softmax_cols": wrong})
    run(python, str(runner), str(notebooks / "softmax.ipynb"), "print('probe')", cwd=home, home=home)
    checks = check_cell_outputs(nbformat.read(notebooks / "softmax.ipynb.out", as_version=4))
    assert checks and all("FAIL" in text and "first failing check" in text and error == "AssertionError"
                          for text, error in checks), checks[:2]


def test_the_leak_scan_finds_every_kind_of_forbidden_text(tmp_path):
    """One line of each kind, planted in a file of an installed-looking tree, is found and named."""
    forbidden = forbidden_lines(list(course.NAMES))
    for exercise in course.NAMES:
        kinds = {kind for kind, name in forbidden.values() if name == exercise}
        assert {"solution", "suite", "catalogue", "reference"} <= kinds, f"{exercise}: the scan looks for {kinds}"
    planted = {}
    for line, (kind, exercise) in forbidden.items():
        planted.setdefault(kind, line)
    folder = tmp_path / "site-packages" / "pkg"
    folder.mkdir(parents=True)
    (folder / "module.py").write_text("\n".join(f"    {line}  # planted" for line in planted.values()) + "\n")
    found = {leak.kind for leak in scan(tmp_path, forbidden)}
    assert found == set(KINDS), found
