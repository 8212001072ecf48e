"""The commands: `grade` (text, --json, --gradescope), `grade-all` (CSV, reports, resume, --force) and the bundle,
run on the real hidden softmax suite."""
import json
import multiprocessing
import shutil
import stat
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
import tomllib

from grader.api import SUITES
from grader.cli import grade_all_main, grade_main, gradescope_bundle_main, submission_root

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (SUITES / "softmax" / "test_softmax.py").exists(), reason="no hidden softmax suite yet")


def run_grade(capsys, *argv):
    code = grade_main([*argv, "--exercise", "softmax"])
    return code, capsys.readouterr().out


def test_grade_prints_a_readable_report(capsys):
    code, out = run_grade(capsys, str(REPO / "exercises"))
    assert code == 0 and out.startswith("Submission:") and "softmax: 0 /" in out and "Hint: Not started" in out


def test_grade_json_is_the_machine_readable_report(capsys):
    code, out = run_grade(capsys, str(REPO / "solutions"), "--json")
    data = json.loads(out)
    assert code == 0 and data["score"] == data["max_score"] > 0
    assert {check["exercise"] for check in data["checks"]} == {"softmax"}


def test_grade_writes_gradescope_results(tmp_path, capsys):
    results = tmp_path / "results" / "results.json"
    code, _ = run_grade(capsys, str(REPO / "solutions" / "softmax.py"), "--gradescope", str(results))
    data = json.loads(results.read_text())
    assert code == 0 and data["score"] == pytest.approx(sum(test["max_score"] for test in data["tests"])) and data["score"] == 7


def test_the_hidden_suites_give_the_same_report_twice(tmp_path):
    from grader.api import grade
    from grader.catalogue import overlay_source, variants

    for module in ("softmax", "masking", "attention"):
        shutil.copy(REPO / "solutions" / f"{module}.py", tmp_path)
    mistake = variants("attention", correct=False)[0]
    with open(tmp_path / "attention.py", "a") as handle:
        handle.write("\n\n" + overlay_source(mistake))
    first, second = (grade(tmp_path, ["softmax", "attention"]).to_dict() for _ in range(2))
    assert first.pop("graded_at") and second.pop("graded_at")
    assert first == second and 0 < first["score"] < first["max_score"]


def test_learner_code_that_iterates_over_a_set_grades_the_same_in_every_process(tmp_path):
    """The sandbox fixes the hash seed: a result that depends on the order of a set of strings (as a learner's pair
    counts in a set can) is the same in three fresh grading processes, and so is the whole report."""
    (tmp_path / "softmax.py").write_text(
        "import torch\n\n\ndef softmax_cols(scores):\n"
        "    order = list({'a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'})\n"
        "    return torch.softmax(scores, dim=-2) * (1 + order.index('a1') / 100)\n")
    reports = []
    for _ in range(3):
        done = subprocess.run([sys.executable, "-m", "grader", "grade", str(tmp_path / "softmax.py"), "--exercise",
                               "softmax", "--json"], capture_output=True, text=True, cwd=REPO, check=True)
        report = json.loads(done.stdout)
        report.pop("graded_at")
        reports.append(report)
    assert reports[0] == reports[1] == reports[2] and reports[0]["score"] < reports[0]["max_score"]


def test_grade_finds_the_modules_inside_an_unpacked_folder(tmp_path):
    (tmp_path / "exercises").mkdir()
    shutil.copy(REPO / "solutions" / "softmax.py", tmp_path / "exercises")
    assert submission_root(tmp_path) == tmp_path / "exercises"
    assert submission_root(tmp_path / "exercises") == tmp_path / "exercises"


def test_a_grade_that_would_run_no_check_is_an_error_never_zero_out_of_zero(tmp_path, capsys):
    renamed = tmp_path / "my_attention.py"
    shutil.copy(REPO / "solutions" / "attention.py", renamed)
    results = tmp_path / "results" / "results.json"
    code = grade_main([str(renamed), "--exercise", "attention", "--gradescope", str(results)])
    out, err = capsys.readouterr()
    assert code == 3 and "Score" not in out and "0 / 0" not in out + err
    assert "exercise(s) asked for are attention (attention.py)" in err and "the file is my_attention.py" in err
    data = json.loads(results.read_text())
    assert "score" not in data and data["tests"] == [] and "my_attention.py" in data["output"], data


def test_grade_runs_only_the_checks_of_the_functions_asked_for(tmp_path, capsys):
    """--function NAME: the checks of that function alone, each worth what it is worth in a full grade; a name the
    graded exercises do not ask for is an error, never an empty grade."""
    shutil.copy(REPO / "solutions" / "attention.py", tmp_path)
    mistake = "\n\ndef self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):\n    raise RuntimeError('not yet')\n"
    with open(tmp_path / "attention.py", "a") as handle:
        handle.write(mistake)
    code = grade_main([str(tmp_path / "attention.py"), "--exercise", "attention", "--json"])
    full = json.loads(capsys.readouterr().out)
    code_one = grade_main([str(tmp_path / "attention.py"), "--exercise", "attention", "--function", "self_attention",
                           "--json"])
    one = json.loads(capsys.readouterr().out)
    assert code == code_one == 0
    assert {check["function"] for check in one["checks"]} == {"self_attention"}
    assert one["checks"] == [check for check in full["checks"] if check["function"] == "self_attention"]
    assert one["score"] == 0 < one["max_score"] < full["max_score"]
    assert grade_main([str(tmp_path / "attention.py"), "--exercise", "attention", "--function", "softmax_cols"]) == 3
    assert "nothing to grade for softmax_cols" in capsys.readouterr().err


def test_grade_all_grades_a_folder_of_misnamed_modules_out_of_the_full_points(tmp_path):
    """A folder is always graded: its misnamed module counts as missing, a real zero out of every point."""
    batch, out = tmp_path / "batch", tmp_path / "grades.csv"
    (batch / "eve").mkdir(parents=True)
    shutil.copy(REPO / "solutions" / "softmax.py", batch / "eve" / "softmax_v2.py")
    assert grade_all_main([str(batch), "--out", str(out), "--jobs", "1", "--exercise", "softmax"]) == 0
    row = out.read_text().splitlines()[1].split(",")
    assert row[:3] == ["eve", "0", row[2]] and float(row[2]) > 0 and row[4] == "graded"


def test_grade_refuses_a_missing_path(tmp_path, capsys):
    with pytest.raises(SystemExit) as caught:
        grade_main([str(tmp_path / "nope")])
    assert caught.value.code == 2 and "does not exist" in capsys.readouterr().err


@pytest.mark.slow  # starts a pool of grading processes (each imports torch and starts a fork server)
def test_grade_all_grades_resumes_and_regrades(tmp_path):
    batch, out = tmp_path / "batch", tmp_path / "grades" / "grades.csv"
    sources = {"ana": REPO / "solutions" / "softmax.py", "ben": REPO / "exercises" / "softmax.py"}
    for student, source in sources.items():
        (batch / student).mkdir(parents=True)
        shutil.copy(source, batch / student / "softmax.py")
    (batch / "cid").mkdir()
    (batch / "cid" / "softmax.py").write_text("def softmax_cols(s:\n")  # does not even parse
    argv = [str(batch), "--out", str(out), "--jobs", "1", "--exercise", "softmax"]

    assert grade_all_main([*argv, "--jobs", "2"]) == 0  # a pool of two grading processes
    rows = {row[0]: row for row in (line.split(",") for line in out.read_text().splitlines()[1:])}
    header = out.read_text().splitlines()[0].split(",")
    assert header[:3] == ["student", "score", "max_score"] and "softmax" in header
    assert rows["ana"][1] == rows["ana"][2] != "0" and rows["ben"][1] == "0" and rows["cid"][1] == "0"
    reports = out.parent / "grades-reports"
    assert sorted(p.name for p in reports.iterdir()) == ["ana.json", "ben.json", "cid.json"], "no temporary files"
    assert json.loads((reports / "cid.json").read_text())["checks"][0]["error"] == "import"

    stamps = {p.name: p.stat().st_mtime_ns for p in reports.iterdir()}
    shutil.copy(REPO / "solutions" / "softmax.py", batch / "ben" / "softmax.py")  # ben resubmits
    assert grade_all_main(argv) == 0
    assert {p.name: p.stat().st_mtime_ns for p in reports.iterdir() if p.name != "ben.json"} == {
        k: v for k, v in stamps.items() if k != "ben.json"}, "up-to-date reports must not be regraded"
    assert json.loads((reports / "ben.json").read_text())["score"] > 0, "a changed submission must be regraded"

    assert grade_all_main([*argv, "--force"]) == 0
    assert all(p.stat().st_mtime_ns > stamps[p.name] for p in reports.iterdir()), "--force regrades everything"


@pytest.mark.slow  # starts two or three grading processes
@pytest.mark.parametrize("deaths", [1, 2])
def test_grade_all_gives_a_student_whose_grading_process_dies_one_fresh_process(tmp_path, deaths):
    """A grading process killed while it holds a student: the student goes to a fresh process once; a second death
    records the student as failed (no report, the reason in the CSV), and the command says the grading failed."""
    batch, out = tmp_path / "batch", tmp_path / "grades.csv"
    (batch / "ana").mkdir(parents=True)
    shutil.copy(REPO / "solutions" / "softmax.py", batch / "ana" / "softmax.py")
    killed: list[int] = []
    stop = threading.Event()

    def kill_the_first_grading_processes() -> None:
        while not stop.is_set() and len(killed) < deaths:
            for process in multiprocessing.active_children():
                if process.pid not in killed and len(killed) < deaths:
                    process.kill()  # it was sent the student on start, so it holds one
                    killed.append(process.pid)
            time.sleep(0.05)

    killer = threading.Thread(target=kill_the_first_grading_processes, daemon=True)
    killer.start()
    try:
        code = grade_all_main([str(batch), "--out", str(out), "--jobs", "2", "--exercise", "softmax"])
    finally:
        stop.set()
        killer.join()
    assert len(killed) == deaths
    row = out.read_text().splitlines()[1].split(",")
    if deaths == 1:
        assert code == 0 and row[0] == "ana" and row[1] == row[2] != "0" and row[-2] == "graded"
    else:
        assert code != 0 and row[:3] == ["ana", "", ""] and row[-2] == "the grading process died"
        assert not (tmp_path / "grades-reports" / "ana.json").exists()
    assert not multiprocessing.active_children(), "every grading process is joined"


def test_the_gradescope_bundle_has_the_scripts_and_the_grader_side_only(tmp_path, capsys):
    bundle = tmp_path / "autograder.zip"
    assert gradescope_bundle_main(["--out", str(bundle), "--timeout", "5"]) == 0
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        run = archive.read("run_autograder").decode()
        mode = archive.getinfo("run_autograder").external_attr >> 16
        setup = archive.read("setup.sh").decode()
    assert {"setup.sh", "run_autograder", "course/pyproject.toml", "course/grader/exercises/softmax/test_softmax.py",
            "course/grader/exercises/softmax/catalogue.py", "course/course/registry.py",
            "course/reference/softmax.py"} <= names
    pinned = next(d for d in tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
                  if d.startswith("torch"))
    assert f"pip install --quiet {pinned} " in setup, "setup.sh installs the torch that pyproject.toml pins"
    assert not any(name.startswith("course/exercises") for name in names)   # learners' stubs: not the grader's
    assert "course/solutions/softmax.py" in names                            # the catalogue builds on them
    assert "course/capstone/assembly.py" in names                            # the capstone's checks run it
    assert 'ROOT="${AUTOGRADER_ROOT:-/autograder}"' in run and 'ROOT="${AUTOGRADER_ROOT:-/autograder}"' in setup
    assert mode & stat.S_IXUSR and '--gradescope "$ROOT/results/results.json"' in run and "--timeout 5" in run
    assert '--hide "$ROOT/source"' in run, "the course copy in the image holds the hidden suites"


def test_python_dash_m_grader_lists_its_commands():
    run = subprocess.run([sys.executable, "-m", "grader"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "grade-all" in run.stderr
