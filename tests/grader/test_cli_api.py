"""grader.plugin, grader.api and grader.report on a small suite written here, so each mechanism is tested alone."""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grader.api import GraderError, NothingGraded, grade, grade_many, list_checks
from grader.report import CheckResult, Report

SUITE = {
    "conftest.py": 'pytest_plugins = ["grader.plugin"]\n',
    "softmax/test_softmax.py": '''
        import pytest
        import torch

        from grader.diagnose import Misconception

        SCORES = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]])


        @pytest.mark.grades("softmax_cols", weight=2)
        def test_columns_sum_to_one(learner):
            """Every column of the weights sums to 1."""
            out = learner.call("softmax", "softmax_cols", SCORES)
            assert torch.allclose(out.sum(-2), torch.ones(3)), "the columns do not sum to 1"


        @pytest.mark.grades("softmax_cols")
        def test_matches_softmax(learner, diagnosis):
            out = learner.call("softmax", "softmax_cols", SCORES)
            if torch.allclose(out, torch.softmax(SCORES, dim=-1)):
                raise Misconception("softmax_over_rows", "You normalised each row instead of each column.",
                                    "the weights differ from the expected ones")
            if torch.allclose(out, torch.ones_like(out)):
                diagnosis.record("constant_output: every weight is 1")
            assert torch.allclose(out, torch.softmax(SCORES, dim=-2)), "the weights differ from the expected ones"


        @pytest.mark.grades("softmax_cols")
        def test_bare_assert_hides_the_source(learner):
            secret = torch.softmax(SCORES, dim=-2)
            assert torch.allclose(learner.call("softmax", "softmax_cols", SCORES), secret)


        @pytest.mark.grades("softmax_cols", weight=1.5)
        @pytest.mark.parametrize("n", [1, 3])
        def test_shapes(learner, n):
            assert learner.call("softmax", "softmax_cols", torch.zeros(n, 2)).shape == (n, 2), "wrong shape"


        @pytest.mark.grades("softmax_cols", weight=1000)
        @pytest.mark.skip(reason="skipped checks do not count")
        def test_skipped(learner):
            pass
    ''',
}

SUBMISSIONS = {
    "correct": "import torch\n\ndef softmax_cols(s):\n    return torch.softmax(s, dim=-2)\n",
    "rows": "import torch\n\ndef softmax_cols(s):\n    return torch.softmax(s, dim=-1)\n",
    "ones": "import torch\n\ndef softmax_cols(s):\n    return torch.ones_like(s)\n",
    "stub": "def softmax_cols(s):\n    raise NotImplementedError\n",
}


@pytest.fixture(scope="module")
def suites(tmp_path_factory):
    root = tmp_path_factory.mktemp("suites")
    for name, source in SUITE.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(textwrap.dedent(source))
    return root


@pytest.fixture(scope="module")
def submissions(tmp_path_factory):
    root = tmp_path_factory.mktemp("submissions")
    for name, source in SUBMISSIONS.items():
        (root / name).mkdir()
        (root / name / "softmax.py").write_text(source)
    return root


@pytest.fixture(scope="module")
def reports(suites, submissions):
    return {name: grade(submissions / name, suites=suites) for name in SUBMISSIONS}


def by_id(report: Report) -> dict[str, CheckResult]:
    return {check.id: check for check in report.checks}


def test_a_correct_submission_gets_every_point(reports):
    report = reports["correct"]
    assert (report.score, report.max_score) == (7, 7) and all(check.passed for check in report.checks)


def test_check_ids_are_stable_and_carry_the_exercise(reports):
    assert sorted(by_id(reports["correct"])) == [
        "softmax::test_bare_assert_hides_the_source", "softmax::test_columns_sum_to_one",
        "softmax::test_matches_softmax", "softmax::test_shapes[1]", "softmax::test_shapes[3]"]


def test_points_are_the_functions_points_shared_by_weight(reports):
    """softmax_cols is worth 7 in the course registry; its checks weigh 2 + 1 + 1 + 1.5 + 1.5 = 7 (a check marked
    skip takes no share), so each check is worth its weight."""
    check = by_id(reports["correct"])["softmax::test_columns_sum_to_one"]
    assert (check.function, check.points, check.max, check.passed) == ("softmax_cols", 2, 2, True)


def test_a_misconception_names_the_mistake(reports):
    check = by_id(reports["rows"])["softmax::test_matches_softmax"]
    assert not check.passed and check.points == 0
    assert check.diagnosis == "softmax_over_rows: You normalised each row instead of each column."
    assert check.message == "the weights differ from the expected ones"
    assert "known mistake" in reports["rows"].exercises()[0].hint


def test_the_diagnosis_fixture_records_a_diagnosis(reports):
    assert by_id(reports["ones"])["softmax::test_matches_softmax"].diagnosis == "constant_output: every weight is 1"


def test_a_bare_assert_does_not_leak_the_hidden_source(reports):
    check = by_id(reports["rows"])["softmax::test_bare_assert_hides_the_source"]
    assert check.message == "check failed" and "secret" not in check.message


def test_a_stub_gets_zero_and_the_not_started_hint(reports):
    report = reports["stub"]
    assert report.score == 0 and {check.error for check in report.checks} == {"todo"}
    assert report.exercises()[0].hint.startswith("Not started")


def test_reports_are_identical_apart_from_the_timestamp(suites, submissions, reports):
    again = grade(submissions / "rows", suites=suites)
    first, second = reports["rows"].to_dict(), again.to_dict()
    assert first.pop("graded_at") and second.pop("graded_at")
    assert first == second


def test_one_session_grades_many_as_separate_grades_would(suites, submissions, reports, tmp_path):
    """grade_many: the suites collected once, every submission graded as grade() grades it alone (the diagnoses of
    one never reach the next: "ones" records one, "correct" after it must not show it), and a path that cannot be
    graded gives its error without stopping the others."""
    (tmp_path / "other.py").write_text(SUBMISSIONS["correct"])
    order = ["ones", "correct", "missing", "rows", "other.py", "stub", "ones"]
    paths = [tmp_path / name if name in ("missing", "other.py") else submissions / name for name in order]
    graded: list[tuple[Path, object]] = []
    grade_many(iter(paths), lambda path, outcome: graded.append((path, outcome)), suites=suites)
    assert [path for path, _ in graded] == [path.resolve() for path in paths], "one outcome per path, in order"
    outcomes = dict(zip(order, (outcome for _, outcome in graded)))
    assert isinstance(outcomes["missing"], (OSError, ValueError)), outcomes["missing"]
    assert isinstance(outcomes["other.py"], NothingGraded)
    for index, name in enumerate(order):
        if name in SUBMISSIONS:
            alone, many = reports[name].to_dict(), graded[index][1].to_dict()
            assert {**alone, "graded_at": None} == {**many, "graded_at": None}, name


def test_fail_fast_stops_a_function_at_its_first_failure(suites, submissions, reports):
    """--fail-fast: after a function's first failed check its later checks are recorded as not run (no points, the
    same maximum); a submission that passes gets the full grade's report; one graded after a failing one in the
    same session starts afresh."""
    graded: list = []
    grade_many([submissions / "ones", submissions / "correct", submissions / "rows"],
               lambda path, outcome: graded.append(outcome), suites=suites, fail_fast=True)
    ones, correct, rows = graded
    for report, name in ((ones, "ones"), (rows, "rows")):   # the report lists checks by id, not in the run's order
        assert [check.id for check in report.checks if check.error is None] == ["softmax::test_columns_sum_to_one"]
        assert sum(check.error == "not_run" for check in report.checks) == 4 and report.score == 0
        assert report.max_score == reports[name].max_score
        assert "NOT RUN: 4 more checks of softmax_cols (--fail-fast" in report.to_text()
    assert {**correct.to_dict(), "graded_at": None} == {**reports["correct"].to_dict(), "graded_at": None}


def test_json_has_the_documented_fields_and_roundtrips(reports):
    data = json.loads(reports["rows"].to_json())
    assert set(data["checks"][0]) >= {"id", "exercise", "points", "max", "passed", "message", "diagnosis"}
    assert data["isolation"]["mode"] in {"full", "partial", "none"} and len(data["sha256"]) == 64
    assert Report.from_json(reports["rows"].to_json()).to_json() == reports["rows"].to_json()


def test_gradescope_results_have_one_test_per_check(reports):
    results = reports["rows"].to_gradescope()
    assert results["score"] == reports["rows"].score and len(results["tests"]) == 5
    assert {test["status"] for test in results["tests"]} == {"passed", "failed"}
    assert all(set(test) >= {"name", "score", "max_score", "output"} for test in results["tests"])


def test_the_text_report_shows_failures_diagnosis_and_hint(reports):
    text = reports["rows"].to_text()
    assert "FAILED softmax::test_matches_softmax" in text and "Diagnosis: softmax_over_rows" in text
    assert "Hint:" in text


def test_a_single_module_is_graded_only_on_its_exercise(suites, submissions, tmp_path):
    report = grade(submissions / "correct" / "softmax.py", suites=suites)
    assert {check.exercise for check in report.checks} == {"softmax"} and report.score == 7
    renamed = tmp_path / "softmax_final.py"
    renamed.write_text(SUBMISSIONS["correct"])
    with pytest.raises(NothingGraded, match=r"asked for are softmax \(softmax\.py\).*the file is softmax_final\.py"):
        grade(renamed, ["softmax"], suites=suites)  # never an empty report that reads 0 / 0


def test_list_checks_collects_without_running(suites):
    checks = list_checks("softmax", suites=suites)
    first = next(check for check in checks if check.id == "softmax::test_columns_sum_to_one")
    assert (first.points, first.description) == (2, "Every column of the weights sums to 1.")
    assert len(checks) == 6  # the skipped check is collected but does not count when graded


def test_a_broken_suite_is_a_grader_error_not_a_zero(tmp_path, submissions):
    (tmp_path / "conftest.py").write_text(SUITE["conftest.py"])
    (tmp_path / "softmax").mkdir()
    (tmp_path / "softmax" / "test_softmax.py").write_text("def test_x(:\n")
    with pytest.raises(GraderError, match="could not run"):
        grade(submissions / "correct", suites=tmp_path)


def test_an_unknown_exercise_is_a_value_error(suites, submissions):
    with pytest.raises(ValueError, match="no hidden suite for exercise"):
        grade(submissions / "correct", ["nope"], suites=suites)


@pytest.mark.slow  # a fresh interpreter imports torch and pytest: ~10 s on a loaded machine
def test_plain_pytest_on_the_suites_grades_and_prints_the_score(suites, submissions):
    run = subprocess.run([sys.executable, "-m", "pytest", str(suites), "-p", "no:cacheprovider",
                          f"--rootdir={suites}", f"--submission={submissions / 'rows'}"],
                         capture_output=True, text=True, timeout=120, cwd=Path(suites))
    assert "Score: 3 / 7" in run.stdout and "softmax_over_rows" in run.stdout, run.stdout[-2000:]


@pytest.mark.slow  # a fresh interpreter imports torch and pytest: ~10 s on a loaded machine
def test_plain_pytest_refuses_a_submission_it_would_also_collect(suites, submissions):
    """`--submission PATH` in two words makes pytest take PATH for a folder to test as well (its first pass does not
    know the option): the plugin stops with a usage error that shows the one-word form."""
    rows = submissions / "rows"
    run = subprocess.run([sys.executable, "-m", "pytest", str(suites), "-p", "no:cacheprovider",
                          f"--rootdir={suites}", "--submission", str(rows)],
                         capture_output=True, text=True, timeout=120, cwd=Path(suites))
    assert run.returncode == pytest.ExitCode.USAGE_ERROR, run.stdout[-2000:] + run.stderr[-2000:]
    assert f"--submission={rows}" in run.stderr and "Score" not in run.stdout


def test_a_sandbox_that_cannot_start_is_a_grader_error_not_a_zero(suites, submissions, monkeypatch):
    from grader.sandbox import SandboxUnavailable, submission

    class BrokenServer:
        def spawn(self, *args):
            raise SandboxUnavailable("no fork server on this machine")

    monkeypatch.setattr(submission, "default_server", BrokenServer)
    with pytest.raises(GraderError, match="no fork server"):
        grade(submissions / "correct", suites=suites)


def test_hint_names_a_known_mistake_only_for_catalogued_diagnoses():
    from grader.report import hint_for

    def failed(diagnosis: str) -> CheckResult:
        return CheckResult(id="c", exercise="softmax", points=0, max=1, passed=False, message="m", diagnosis=diagnosis)

    assert "known mistake" in hint_for("softmax", [failed("softmax_over_rows: rows, not columns")])
    generic = hint_for("softmax", [failed("transposed: your output is the transpose")])
    assert "known mistake" not in generic and "diagnosis above" in generic
