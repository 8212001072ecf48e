"""The class report's aggregation (`grader.classreport.aggregate`) on hand-made reports: outcomes, bins, counts."""
import pytest

from grader.classreport.aggregate import BROKEN, outcome, score_bin, summarise
from grader.report import CheckResult, Report


def check(id_: str, passed: bool, *, error: str | None = None, diagnosis: str | None = None, points: float = 1,
          message: str = "") -> CheckResult:
    return CheckResult(id=id_, exercise=id_.split("::")[0], points=points if passed else 0, max=points, passed=passed,
                       message=message, diagnosis=diagnosis, error=error)


def test_outcomes_are_decided_by_error_and_diagnosis():
    assert outcome(check("softmax::a", True)) == "passed"
    assert outcome(check("softmax::a", False, error="todo")) == "not_started"
    assert outcome(check("softmax::a", False, error="missing")) == "not_started"
    for kind in BROKEN:
        assert outcome(check("softmax::a", False, error=kind)) == "broken"
    assert outcome(check("softmax::a", False, diagnosis="softmax_over_rows: you normalised rows")) == "misconception"
    for name in ("wrong_shape", "different_values", "modifies_input_in_place"):
        assert outcome(check("softmax::a", False, diagnosis=f"{name}: generic reading")) == "unmatched"
    assert outcome(check("softmax::a", False, error="exception")) == "unmatched"
    assert outcome(check("softmax::a", False)) == "unmatched"


def test_score_bins_at_their_edges():
    assert [score_bin(s, 100) for s in (0, 9.99, 10, 55, 89.9, 99.99, 100)] == [0, 0, 1, 5, 8, 9, 10]
    assert [score_bin(s, 7) for s in range(8)] == [0, 1, 2, 4, 5, 7, 8, 10]


def test_summary_of_hand_made_reports():
    mistake = "softmax_over_rows: You normalised each row instead of each column."
    reports = {
        "a": Report("a", [check("softmax::x", True, points=2), check("softmax::y", True)]),
        "b": Report("b", [check("softmax::x", False, points=2, diagnosis=mistake, message="b's output: 3 differ"),
                          check("softmax::y", False, diagnosis=mistake, message="other")]),
        "c": Report("c", [check("softmax::x", False, points=2, error="import", message="SyntaxError"),
                          check("softmax::y", False, error="import", message="SyntaxError")]),
        "d": Report("d", [check("softmax::x", False, points=2, error="todo"), check("softmax::y", True)]),
    }
    summary = summarise(reports, descriptions={"softmax::x": "x works"}, absent={"e": "not graded"})
    assert summary["learners"] == 4 and summary["absent"] == [{"learner": "e", "reason": "not graded"}]
    assert summary["overall"]["histogram"] == [2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]
    x = next(row for row in summary["checks"] if row["id"] == "softmax::x")
    assert (x["failed"], x["misconception"], x["broken"], x["not_started"], x["failure_rate"]) == (3, 1, 1, 1, 0.75)
    assert x["failure_rate_attempted"] == pytest.approx(2 / 3, abs=1e-4) and x["description"] == "x works"
    assert summary["checks"][0]["id"] == "softmax::x", "most failed first"
    [row] = summary["misconceptions"]
    assert (row["name"], row["learners"], row["checks"]) == ("softmax_over_rows", 1, 2)
    assert row["explanation"] == "You normalised each row instead of each column."
    assert row["examples"] == ["b's output: 3 differ", "other"]
    assert summary["broken"] == [{"learner": "c", "error": "import", "exercises": ["softmax"], "checks": 2,
                                  "message": "SyntaxError"}]
    softmax = summary["exercises"][0]
    assert (softmax["completed"], softmax["broken"], softmax["not_started"], softmax["with_misconception"]) == \
        (1, 1, 0, 1)
    anonymous = summarise(reports, names={"a": "L1", "b": "L2", "c": "L3", "d": "L4", "e": "L5"}, links={"a": "a.json"})
    assert [row["learner"] for row in anonymous["table"]] == ["L1", "L2", "L3", "L4"]
    assert all(row["report"] is None for row in anonymous["table"]) and anonymous["broken"][0]["learner"] == "L3"
