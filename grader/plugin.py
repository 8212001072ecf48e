"""The pytest plugin behind the hidden suites (loaded by grader/exercises/conftest.py).

- `--submission=PATH` names what to grade (default: solutions/, so `pytest grader/exercises` is the self-check), in
  one word: see `_refuse_collecting_the_submission`;
- the session fixture `learner` is a `grader.sandbox.Submission` of it;
- `@pytest.mark.grades(function, weight=1)` says which function of the exercise a check grades; the function's points
  (from the course registry) are split between its checks in proportion to their weights. A test module's exercise
  is its file name minus `test_`;
- a mistake costs its points once: before the checks of an exercise run, every function of an earlier exercise it
  builds on that failed its own checks is replaced, in the sandbox, by the model answer (`Submission.substitute`:
  the correct code stays in the grader); `--strict-composition` keeps the learner's own functions throughout;
- the fixture `diagnosis` (`diagnosis.record(text)`) or raising `grader.diagnose.Misconception` names a mistake;
- each check's result (`grader.report.CheckResult`, as a dict) is attached to its pytest report as the user
  property "grader_check", so `grader.api` (and xdist) can collect it; the terminal summary prints the scores.
  A check that failed because the sandbox itself could not start gets "grader_error" instead: no grade is given.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest

import course
from course import files
from grader.diagnose import SANDBOX_READINGS
from grader.report import NOT_RUN, CheckResult, Report
from grader.sandbox import InputModified, LearnerError, Limits, SandboxUnavailable, Submission

RESULTS = pytest.StashKey[list]()
SUBMISSION = pytest.StashKey[Submission]()
WEIGHTS = pytest.StashKey[dict]()  # (exercise, function) -> the sum of the weights of all its collected checks
SUBSTITUTED = pytest.StashKey[list]()  # "exercise.function" replaced by the model answer while a check ran
_OUTCOMES = pytest.StashKey[tuple]()  # (the results list summed up, how many of it are read, outcome per exercise)
MAX_MESSAGE = 600
MODIFIES_INPUT = ("modifies_input_in_place: Your function changes a tensor it was given (masked_fill_, sub_, an "
                  "indexed assignment, X -= mean, ...), so the caller's data changes behind its back. Compute into a "
                  "new tensor instead: x.masked_fill(...), X - mean, torch.where(...).")


def solutions_dir() -> Path:
    try:
        return files.package_dir("solutions")
    except FileNotFoundError as error:
        raise pytest.UsageError(f"no --submission given, and {error}") from None


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("grader", "grading a submission with the hidden suites")
    group.addoption("--submission", default=None, metavar="PATH",
                    help="a filled-in copy of exercises/ or one module to grade (default: solutions/); write "
                         "--submission=PATH, one word")
    group.addoption("--call-timeout", type=float, default=Limits.call_timeout, metavar="SECONDS",
                    help="CPU time allowed for one call into the learner's code (waiting: three times it)")
    group.addoption("--hide", action="append", default=[], metavar="PATH",
                    help="another path the learner's code must not read (repeatable)")
    group.addoption("--allow", action="append", default=[], metavar="FOLDER",
                    help="a folder of extra packages the learner's code may import (repeatable)")
    group.addoption("--function", action="append", default=[], metavar="NAME",
                    help="run only the checks that grade this function (repeatable; default: every function)")
    group.addoption("--strict-composition", action="store_true",
                    help="grade later exercises with the learner's own earlier functions even where those fail "
                         "(by default a failed earlier function is replaced by a correct one, so a mistake costs once)")
    group.addoption("--fail-fast", action="store_true",
                    help="stop grading a function at its first failed check: its later checks are not run and "
                         "score 0 (a quick answer to \"which functions pass?\"; the score is a lower bound)")


def pytest_sessionstart(session: pytest.Session) -> None:
    from grader.diagnose import NAMED_THIS_GRADING

    NAMED_THIS_GRADING.clear()  # a mistake named for one submission says nothing about the next


def forget_check(item: pytest.Item) -> None:
    """Clear what a check's last run left on its item (the substitutes), before it runs again on
    another submission in the same session (`grader.api.grade_many`)."""
    if SUBSTITUTED in item.stash:
        del item.stash[SUBSTITUTED]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "grades(function, weight=1): the function a check grades, and its share")
    _refuse_collecting_the_submission(config)
    config.stash[RESULTS] = []
    config.stash[WEIGHTS] = {}
    _CONFIG[:] = [config]


# The session's config, for the fixtures: a fixture that asks for pytest's `request` makes every check that uses it
# build a fixture definition for `request` again (pytest 9 re-reads its signature each time: ~2 % of a grade).
_CONFIG: list[pytest.Config] = []


def _refuse_collecting_the_submission(config: pytest.Config) -> None:
    """`--submission PATH` as two words: pytest's first pass, which does not know the option yet, took PATH for a
    folder to test and imported its conftest.py in this process, outside the sandbox. Stop before its test files
    are collected too, and say how to write it."""
    args = [str(arg) for arg in config.invocation_params.args]
    if "--submission" in args:
        given = args[args.index("--submission") + 1] if args.index("--submission") + 1 < len(args) else "PATH"
        raise pytest.UsageError(f"write --submission={given} (one word): as two words pytest also takes {given} for "
                                "a folder to test, and reads the learner's conftest.py outside the sandbox")


@pytest.fixture(scope="session")
def learner() -> Submission:
    config = _CONFIG[0]
    path = config.getoption("submission") or solutions_dir()
    limits = Limits(call_timeout=config.getoption("call_timeout"))
    with Submission(path, limits, hide=tuple(config.getoption("hide")), allow=tuple(config.getoption("allow")),
                    given=given_modules()) as submission:
        config.stash[SUBMISSION] = submission
        yield submission


def given_modules() -> dict[str, str]:
    """`_course_<exercise>` -> the source of the course code a `given_module` exercise (the capstone) runs on the
    learner's functions, placed beside their modules in the sandbox: public code, never an answer."""
    return {f"_course_{exercise.name}": Path(importlib.util.find_spec(exercise.given_module).origin).read_text(
        encoding="utf-8") for exercise in course.EXERCISES if exercise.given_module}


class NotRun(pytest.skip.Exception):
    """A check not run under --fail-fast: an earlier check of its function failed in this grading."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """Under --fail-fast, before any fixture is set up: skip a check whose function already failed a check. Once a
    check's fixtures are set up, before it runs: if it uses the learner, substitute the failed functions of the
    earlier exercises it builds on."""
    if item.config.getoption("fail_fast") and not any(item.iter_markers("skip")) and \
            not any(item.iter_markers("skipif")):   # a skipped check is no check, here as in a full grade
        outcome = _outcomes(item.config).get(exercise_of(item))
        function = graded_function(item)[0]
        if outcome is not None and function in outcome.broken:
            raise NotRun(f"not run: an earlier check of {function} failed (--fail-fast)", _use_item_location=True)
    result = yield
    submission = (getattr(item, "funcargs", None) or {}).get("learner")
    if submission is None:
        return result
    wanted = item.config.getoption("submission")
    if wanted and submission.path != Path(wanted):  # a session grading many (grader.api.grade_many): never mix two
        raise RuntimeError(f"the sandbox holds {submission.path}, the check grades {wanted}")
    substitutes = {} if item.config.getoption("strict_composition") else \
        failed_prerequisites(exercise_of(item), _outcomes(item.config))
    submission.substitute({key: model_answer(*key) for key in substitutes})
    item.stash[SUBSTITUTED] = sorted(f"{module}.{function}" for module, function in substitutes)
    return result


@dataclass
class ExerciseOutcome:
    """What the checks of one exercise graded so far in this session found."""

    broken: set[str] = field(default_factory=set)   # functions with a failed check
    written: set[str] = field(default_factory=set)  # functions with a check passed, or failed not for a TODO
    passed_any: bool = False
    never_ran: bool = True                           # every failure so far: the module is missing or does not import


def _outcomes(config: pytest.Config) -> dict[str, ExerciseOutcome]:
    """The outcome of every exercise from the session's results, brought up to date with the results added since
    the last call (each check asks: read all results every time, the cost would grow with their square)."""
    results = config.stash[RESULTS]
    held = config.stash.get(_OUTCOMES, None)
    if held is None or held[0] is not results:          # a new submission's results
        held = config.stash[_OUTCOMES] = (results, [0], {})
    _, read, outcomes = held
    for result in results[read[0]:]:
        if result.error == NOT_RUN:   # tells nothing the check that failed before it did not
            continue
        outcome = outcomes.setdefault(result.exercise, ExerciseOutcome())
        if result.passed:
            outcome.passed_any = True
        else:
            outcome.broken.add(result.function)
            outcome.never_ran &= result.error in ("import", "missing")
        if result.passed or result.error not in UNWRITTEN:
            outcome.written.add(result.function)
    read[0] = len(results)
    return outcomes


UNWRITTEN = ("todo", "import", "missing")   # failures that say a function is not written yet (or never ran)


def failed_prerequisites(exercise: str, outcomes: dict[str, ExerciseOutcome]) -> set[tuple[str, str]]:
    """(exercise, function) of every earlier exercise `exercise` builds on, directly or not, whose function failed a
    check graded in this session; an exercise with a failure also loses its helpers (functions with no points, graded
    only through the others), and one whose module never ran (missing, does not import) loses every function.

    An exercise with no code of its own (a `given_module`: the capstone) keeps unwritten work: a function that only
    failed as TODO, or a module that never ran, is not replaced, else an empty submission would earn its points. Nor
    is anything replaced there once more than half of the graded functions it builds on fail their own checks: its
    points pay for models built mostly from the learner's code (a submission of placeholders that return 0 is written
    work, and with every part replaced it earned the whole capstone)."""
    if exercise not in course.NAMES:
        return set()
    keeps_unwritten = bool(course.get(exercise).given_module)
    earlier, pending = set(), list(course.get(exercise).builds_on)
    while pending:
        name = pending.pop()
        if name not in earlier:
            earlier.add(name)
            pending += course.get(name).builds_on
    failed = set()
    for name in earlier:
        outcome = outcomes.get(name)
        if outcome is None or not outcome.broken:
            continue
        never_ran = outcome.never_ran and not outcome.passed_any
        if keeps_unwritten:
            mistakes = outcome.broken & outcome.written
            if never_ran or not mistakes:
                continue
            failed |= {(name, f.name) for f in course.get(name).functions if f.name in mistakes or not f.points}
        else:
            failed |= {(name, f.name) for f in course.get(name).functions
                       if never_ran or f.name in outcome.broken or not f.points}
    if keeps_unwritten:
        graded = {(name, f.name) for name in earlier for f in course.get(name).functions if f.points}
        if 2 * len(failed & graded) > len(graded):
            return set()
    return failed


def model_answer(exercise: str, function: str):
    """The model answer's function, run in the grader when the sandbox calls its substitute."""
    return getattr(importlib.import_module(f"solutions.{exercise}"), function)


class Diagnosis:
    """What a check found the learner's mistake to be (the last recorded text wins)."""

    def __init__(self) -> None:
        self.text: str | None = None

    def record(self, text: str) -> None:
        self.text = text


@pytest.fixture
def diagnosis() -> Diagnosis:
    return Diagnosis()


def exercise_of(item: pytest.Item) -> str:
    return item.path.stem.removeprefix("test_")


def check_id(item: pytest.Item) -> str:
    """`<exercise>::<test name>[<params>]`: stable, independent of where the suites are installed."""
    return f"{exercise_of(item)}::{item.nodeid.split('::', 1)[-1]}"


def graded_function(item: pytest.Item) -> tuple[str, float]:
    """(function, weight) from the check's `grades` marker; UsageError if it is missing or names no function of the
    exercise's registry entry."""
    marker = item.get_closest_marker("grades")
    if marker is None or len(marker.args) != 1:
        raise pytest.UsageError(f"{item.nodeid}: mark the check with @pytest.mark.grades(\"<function>\", weight=n)")
    function, weight = marker.args[0], marker.kwargs.get("weight", 1)
    exercise = course.get(exercise_of(item))
    if function not in {f.name for f in exercise.functions}:
        raise pytest.UsageError(f"{item.nodeid}: grades {function!r}, which exercise {exercise.name!r} does not ask "
                                f"for (course/registry.py lists {[f.name for f in exercise.functions]})")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
        raise pytest.UsageError(f"{item.nodeid}: weight must be a positive number, got {weight!r}")
    return function, weight


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sum the weights of every collected check per function, before -k or -m deselect any: a check's points do not
    depend on which checks run."""
    weights = config.stash[WEIGHTS]
    for item in items:
        function, weight = graded_function(item)
        if item.get_closest_marker("skip"):
            continue  # a check that never runs takes no share of the points
        weights[(exercise_of(item), function)] = weights.get((exercise_of(item), function), 0) + weight
    for name in {exercise_of(item) for item in items}:
        unchecked = [f.name for f in course.get(name).functions if f.points and (name, f.name) not in weights]
        if unchecked:
            raise pytest.UsageError(f"exercise {name!r}: {unchecked} carry points in course/registry.py but no hidden "
                                    "check grades them")
    only = set(config.getoption("function"))
    if only:  # after the weights: a check's points do not depend on which functions are asked for
        kept = [item for item in items if graded_function(item)[0] in only]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def points_of(item: pytest.Item) -> float:
    """The check's points: its function's points (course registry) times its weight over all its checks' weights."""
    function, weight = graded_function(item)
    exercise = exercise_of(item)
    return course.get(exercise).function(function).points * weight / item.config.stash[WEIGHTS][(exercise, function)]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if call.excinfo is not None and isinstance(call.excinfo.value, SandboxUnavailable):
        report.user_properties.append(("grader_error", str(call.excinfo.value)))  # the machine's fault: no grade
        return report
    if call.excinfo is not None and isinstance(call.excinfo.value, NotRun):
        result = not_run(item, call.excinfo.value.msg)
    elif report.skipped or not (report.when == "call" or (report.when == "setup" and report.failed)):
        return report
    else:
        result = make_result(item, call, report.passed)
    report.user_properties.append(("grader_check", asdict(result)))
    item.config.stash[RESULTS].append(result)
    return report


def make_result(item: pytest.Item, call: pytest.CallInfo, passed: bool) -> CheckResult:
    points = points_of(item)
    recorded = (getattr(item, "funcargs", None) or {}).get("diagnosis")
    diagnosis = recorded.text if recorded else None
    message, error = "", None
    if not passed and call.excinfo is not None:
        exc = call.excinfo.value
        if isinstance(exc, LearnerError):
            message, error = exc.message, "todo" if exc.todo else exc.kind
            if isinstance(exc, InputModified):
                diagnosis = diagnosis or MODIFIES_INPUT
            found = getattr(exc, "diagnosis", None)   # what grader.probes.crashed found out about the exception
            found = found or SANDBOX_READINGS.get(exc.type_name)
            if found:
                diagnosis = diagnosis or f"{found[0]}: {found[1]}"
        elif hasattr(exc, "explanation") and hasattr(exc, "name"):  # grader.diagnose.Misconception
            message = _first_paragraph(str(exc))
            diagnosis = diagnosis or f"{exc.name}: {exc.explanation}"
        elif isinstance(exc, AssertionError):
            message = _first_paragraph(str(exc))
        else:
            message = f"the check could not run: {type(exc).__name__}: {_first_paragraph(str(exc))}"
    return CheckResult(id=check_id(item), exercise=exercise_of(item), points=points if passed else 0,
                       max=points, passed=passed, message=message[:MAX_MESSAGE], diagnosis=diagnosis, error=error,
                       function=graded_function(item)[0], substituted=item.stash.get(SUBSTITUTED, []))


def not_run(item: pytest.Item, message: str) -> CheckResult:
    """A check --fail-fast did not run: failed, with no points, no diagnosis."""
    return CheckResult(id=check_id(item), exercise=exercise_of(item), points=0, max=points_of(item), passed=False,
                       message=message, error=NOT_RUN, function=graded_function(item)[0])


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
