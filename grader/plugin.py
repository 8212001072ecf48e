"""The pytest plugin behind the hidden suites (loaded by grader/suites/conftest.py).

- `--submission PATH` names what to grade (default: solutions/, so `pytest grader/suites` is the self-check);
- the session fixture `learner` is a `grader.sandbox.Submission` of it;
- `@pytest.mark.points(n)` weighs a check (default 1); a test module's exercise is its file name minus `test_`;
- the fixture `diagnosis` (`diagnosis.record(text)`) or raising `grader.diagnose.Misconception` names a mistake;
- each check's result (`grader.report.CheckResult`, as a dict) is attached to its pytest report as the user
  property "grader_check", so `grader.api` (and xdist) can collect it; the terminal summary prints the scores.
  A check that failed because the sandbox itself could not start gets "grader_error" instead: no grade is given.
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from attn import course
from grader.report import CheckResult, Report
from grader.sandbox import InputModified, LearnerError, Limits, SandboxUnavailable, Submission

RESULTS = pytest.StashKey[list]()
SUBMISSION = pytest.StashKey[Submission]()
_DIAGNOSIS = pytest.StashKey["Diagnosis"]()
MAX_MESSAGE = 600
MODIFIES_INPUT = ("modifies_input_in_place: Your function changes a tensor it was given (masked_fill_, sub_, an "
                  "indexed assignment, X -= mean, ...), so the caller's data changes behind its back. Compute into a "
                  "new tensor instead: x.masked_fill(...), X - mean, torch.where(...).")


def solutions_dir() -> Path:
    try:
        return course.solutions_dir()
    except FileNotFoundError as error:
        raise pytest.UsageError(f"no --submission given, and {error}") from None


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("grader", "grading a submission with the hidden suites")
    group.addoption("--submission", default=None, metavar="PATH",
                    help="a filled-in copy of exercises/ or one module to grade (default: solutions/)")
    group.addoption("--call-timeout", type=float, default=Limits.call_timeout, metavar="SECONDS",
                    help="wall time allowed for one call into the learner's code")
    group.addoption("--hide", action="append", default=[], metavar="PATH",
                    help="another path the learner's code must not read (repeatable)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "points(n): the check's weight in the grade (default 1)")
    config.stash[RESULTS] = []


@pytest.fixture(scope="session")
def learner(request: pytest.FixtureRequest) -> Submission:
    config = request.config
    path = config.getoption("submission") or solutions_dir()
    limits = Limits(call_timeout=config.getoption("call_timeout"))
    with Submission(path, limits, hide=tuple(config.getoption("hide"))) as submission:
        config.stash[SUBMISSION] = submission
        yield submission


class Diagnosis:
    """What a check found the learner's mistake to be (the last recorded text wins)."""

    def __init__(self) -> None:
        self.text: str | None = None

    def record(self, text: str) -> None:
        self.text = text


@pytest.fixture
def diagnosis(request: pytest.FixtureRequest) -> Diagnosis:
    found = Diagnosis()
    request.node.stash[_DIAGNOSIS] = found
    return found


def exercise_of(item: pytest.Item) -> str:
    return Path(item.path).stem.removeprefix("test_")


def check_id(item: pytest.Item) -> str:
    """`<exercise>::<test name>[<params>]`: stable, independent of where the suites are installed."""
    return f"{exercise_of(item)}::{item.nodeid.split('::', 1)[-1]}"


def points_of(item: pytest.Item) -> float:
    marker = item.get_closest_marker("points")
    points = marker.args[0] if marker and marker.args else 1
    if not isinstance(points, (int, float)) or points <= 0:
        raise pytest.UsageError(f"{item.nodeid}: points must be a positive number, got {points!r}")
    return points


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if call.excinfo is not None and isinstance(call.excinfo.value, SandboxUnavailable):
        report.user_properties.append(("grader_error", str(call.excinfo.value)))  # the machine's fault: no grade
        return report
    if report.skipped or not (report.when == "call" or (report.when == "setup" and report.failed)):
        return report
    result = make_result(item, call, report.passed)
    report.user_properties.append(("grader_check", asdict(result)))
    item.config.stash[RESULTS].append(result)
    return report


def make_result(item: pytest.Item, call: pytest.CallInfo, passed: bool) -> CheckResult:
    points = points_of(item)
    recorded = item.stash.get(_DIAGNOSIS, None)
    diagnosis = recorded.text if recorded else None
    message, error = "", None
    if not passed and call.excinfo is not None:
        exc = call.excinfo.value
        if isinstance(exc, LearnerError):
            todo = exc.type_name == "NotImplementedError"
            message, error = exc.message, "todo" if todo else exc.kind
            if isinstance(exc, InputModified):
                diagnosis = diagnosis or MODIFIES_INPUT
        elif hasattr(exc, "explanation") and hasattr(exc, "name"):  # grader.diagnose.Misconception
            message = _first_paragraph(str(exc))
            diagnosis = diagnosis or f"{exc.name}: {exc.explanation}"
        elif isinstance(exc, AssertionError):
            message = _first_paragraph(str(exc))
        else:
            message = f"the check could not run: {type(exc).__name__}: {_first_paragraph(str(exc))}"
    return CheckResult(id=check_id(item), exercise=exercise_of(item), points=points if passed else 0,
                       max=points, passed=passed, message=message[:MAX_MESSAGE], diagnosis=diagnosis, error=error)


def _first_paragraph(text: str) -> str:
    """An assertion's own message without pytest's introspection (which would show the hidden test's source)."""
    text = text.split("\nassert ", 1)[0].strip()
    return "check failed" if not text or text.startswith("assert ") else text


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    results = config.stash.get(RESULTS, [])
    if not results:
        return
    submission = config.stash.get(SUBMISSION, None)
    report = Report(str(config.getoption("submission") or solutions_dir()), results,
                    isolation=submission.isolation if submission else {})
    terminalreporter.write_sep("=", "grade")
    terminalreporter.write(report.to_text())
