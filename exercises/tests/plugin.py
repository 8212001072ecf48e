"""The progress board of `pytest exercises`, loaded only by exercises/conftest.py.

Each visible test file exercises/tests/test_<name>.py checks one exercise. A check that raises NotImplementedError
(an untouched stub) is TODO, any other failure is FAIL, and an exercise is DONE when all its checks pass. Instead of
pytest's dots and tracebacks, the board lists the exercises in course order (the course registry) with, for each
one, what to do next or the first failing check, a short traceback and a hint from the registry's hint ladder. `-v`
or an explicit `--tb` brings pytest's own output back.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import course

TESTS_DIR = Path(__file__).resolve().parent


@dataclass
class Check:
    """The outcome of one visible test."""

    name: str
    doc: str
    outcome: str = "passed"  # passed | todo | failed
    message: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    source: Path | None = None  # the file that raised, for a TODO


@dataclass
class Exercise:
    number: int
    name: str
    collected: int = 0  # its checks, before -k or -m deselect any
    checks: dict[str, Check] = field(default_factory=dict)  # nodeid -> outcome, in the order run

    @property
    def status(self) -> str:
        outcomes = [check.outcome for check in self.checks.values()]
        if not outcomes:
            return "not run"
        if "failed" in outcomes:
            return "FAIL"
        if "todo" in outcomes or len(outcomes) < self.collected:
            return "TODO"  # DONE needs every check, not a selection
        return "DONE"

    def first(self, outcome: str) -> Check | None:
        return next((check for check in self.checks.values() if check.outcome == outcome), None)


BOARD = pytest.StashKey[dict]()
QUIET = pytest.StashKey[bool]()  # board mode: pytest's own per-test output is replaced by the board
COLOURS = {"DONE": {"green": True}, "TODO": {"yellow": True}, "FAIL": {"red": True}, "not run": {}}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("attn exercises", "the exercise progress board")
    group.addoption(
        "--target",
        default=None,
        help="package whose modules the visible tests check: exercises (default) or solutions; "
        "the environment variable ATTN_TARGET does the same",
    )
    group.addoption("--hint", type=int, default=1, metavar="N", help="show hint N of a failing exercise (default 1)")


def target_package(config: pytest.Config) -> str:
    return config.getoption("--target") or os.environ.get("ATTN_TARGET") or "exercises"


def exercise_of(item: pytest.Item) -> str | None:
    """The exercise a visible test checks (from its file name), or None for any other test."""
    path = Path(item.path)
    name = path.stem.removeprefix("test_")
    return name if path.parent == TESTS_DIR and name in course.NAMES else None


@pytest.fixture
def exercise(request: pytest.FixtureRequest):
    """The module under test: <target>.<name> for a test in exercises/tests/test_<name>.py."""
    return importlib.import_module(f"{target_package(request.config)}.{exercise_of(request.node)}")


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    config.stash[BOARD] = {name: Exercise(course.number(name), name) for name in course.NAMES
                           if (TESTS_DIR / f"test_{name}.py").is_file()}  # the learner kit has no capstone
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    # Quiet unless the user asked for pytest's usual output with -v or --tb.
    config.stash[QUIET] = config.get_verbosity() <= 0 and config.option.tbstyle == "auto" and reporter is not None
    if config.stash[QUIET]:
        config.option.tbstyle = "no"  # the board shows a short traceback instead
        reporter.reportchars = ""  # no "short test summary" and no warnings summary
        reporter.showfspath = False  # no per-file progress lines


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the visible tests in course order (a stable sort keeps each file's own order)."""
    items.sort(key=lambda item: course.order_key(exercise_of(item) or ""))


def pytest_itemcollected(item: pytest.Item) -> None:
    if name := exercise_of(item):
        item.config.stash[BOARD][name].collected += 1


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config):
    """In board mode, print nothing per test: no dots, no F's (the counts in the last line stay)."""
    if not (config.stash[QUIET] and report.nodeid.split("::")[0].startswith(_tests_prefix(config))):
        return None
    if report.passed and report.when != "call":
        return "", "", ""  # a passing setup or teardown is not a test
    return report.outcome, "", ""


def _tests_prefix(config: pytest.Config) -> str:
    return TESTS_DIR.relative_to(config.rootpath).as_posix() if TESTS_DIR.is_relative_to(config.rootpath) else "\0"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    name = exercise_of(item)
    if name is None:
        return report
    checks = item.config.stash[BOARD][name].checks
    check = checks.setdefault(item.nodeid, Check(item.name, _first_line(getattr(item.obj, "__doc__", None))))
    if call.excinfo is not None and report.failed and check.outcome == "passed":
        _record_failure(check, call.excinfo, item.config)
    return report


def _record_failure(check: Check, excinfo: pytest.ExceptionInfo, config: pytest.Config) -> None:
    roots = [root for root in (TESTS_DIR, _package_dir(target_package(config))) if root]
    helpers = {Path(__file__).resolve(), TESTS_DIR / "checks.py"}
    frames = [
        entry
        for entry in excinfo.traceback
        if any(_is_under(Path(entry.path), root) for root in roots) and Path(entry.path).resolve() not in helpers
    ]
    if excinfo.errisinstance(NotImplementedError):
        check.outcome = "todo"
        check.message = [str(excinfo.value)]
        check.source = Path(frames[-1].path) if frames else None
        return
    check.outcome = "failed"
    text = f"{excinfo.typename}: {excinfo.value}" if not excinfo.errisinstance(AssertionError) else str(excinfo.value)
    check.message = text.strip().splitlines()[:10] + _explain_shape_error(str(excinfo.value))
    if excinfo.errisinstance(SyntaxError) and excinfo.value.text:
        check.message.append(f"    {excinfo.value.text.strip()}")  # the line that does not parse
    check.frames = [
        f"{_relative(Path(entry.path))}:{entry.lineno + 1} in {entry.name}\n"
        f"    {str(entry.statement).strip().splitlines()[0]}"
        for entry in frames[-3:]
    ]


MATMUL = re.compile(r"shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)")
BROADCAST = re.compile(
    r"size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at non-singleton dimension (\d+)"
)


def _explain_shape_error(message: str) -> list[str]:
    """A plain-words reading of PyTorch's two most common shape errors."""
    if match := MATMUL.search(message):
        rows_a, cols_a, rows_b, cols_b = match.groups()
        return [
            f"In A @ B, A is {rows_a}x{cols_a} and B is {rows_b}x{cols_b}: A's columns ({cols_a}) must equal B's rows "
            f"({rows_b}). Is an operand transposed the wrong way? (X is (D, N): tokens are columns; W is (out, in).)"
        ]
    if match := BROADCAST.search(message):
        size_a, size_b, dim = match.groups()
        return [
            f"Two tensors meet with sizes {size_a} and {size_b} at the broadcast shape's axis {dim} (PyTorch counts "
            f"from the left); broadcasting needs equal sizes or a 1 there. Compare both shapes axis by axis from the "
            f"right: axis -1 is the tokens, axis -2 the features."
        ]
    return []


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    board: dict[str, Exercise] = config.stash[BOARD]
    if not any(exercise.collected for exercise in board.values()):
        return  # no visible test ran: not our session
    write = terminalreporter.write_line
    target = target_package(config)
    terminalreporter.write_sep("=", f"your exercises (checking the package {target!r})", bold=True)
    for exercise in board.values():
        passed = sum(check.outcome == "passed" for check in exercise.checks.values())
        status = exercise.status
        terminalreporter.write(f"{exercise.number:>2}  {exercise.name:<18} ")
        terminalreporter.write(f"{status:<8}", bold=True, **COLOURS[status])
        write(f" {passed}/{exercise.collected} checks pass" if exercise.checks else "")
        if status == "TODO":
            _write_todo(write, exercise, board, target)
        elif status == "FAIL":
            _write_failure(write, exercise, board, config.getoption("--hint"), target)
    done = sum(exercise.status == "DONE" for exercise in board.values())
    not_run = sum(exercise.status == "not run" for exercise in board.values())
    progress = f"{done}/{len(board)} done"
    if not_run:
        progress += f" ({not_run} not run)"
    unsolved = next((exercise for exercise in board.values() if exercise.status in ("TODO", "FAIL")), None)
    if unsolved:
        progress += f" - next up: exercise {unsolved.number}, {unsolved.name} ({_module_path(target, unsolved.name)})"
    terminalreporter.write_line(progress, bold=True, green=done == len(board))


def _write_todo(write, exercise: Exercise, board: dict[str, Exercise], target: str) -> None:
    todo = exercise.first("todo")
    if todo is None:
        ran = len(exercise.checks)
        write(f"      next: only {ran} of its checks ran; run them all with pytest exercises -k {exercise.name}")
        return
    pointer = todo.message[0] if todo.message else "a function here still raises NotImplementedError"
    waiting_on = todo.source.stem if todo.source else exercise.name
    if waiting_on in board and waiting_on != exercise.name:
        write(f"      next: finish exercise {board[waiting_on].number} ({waiting_on}) first -- {pointer}")
    else:
        write(f"      next: in {_module_path(target, exercise.name)}, write {pointer}")


def _write_failure(write, exercise: Exercise, board: dict[str, Exercise], hint_level: int, target: str) -> None:
    failed = exercise.first("failed")
    unsolved = [name for name in builds_on(exercise.name) if board[name].status in ("TODO", "FAIL")]
    if unsolved:
        names = ", ".join(unsolved)
        write(f"      note: this exercise calls earlier ones that do not pass yet ({names}): fix those first")
    write(f"      first failing check: {failed.name}" + (f" -- {failed.doc}" if failed.doc else ""))
    for line in failed.message:
        write(f"        {line}")
    for frame in failed.frames:
        write("        " + frame.replace("\n", "\n        "))
    hints = course.get(exercise.name).hints
    if hints:
        level = min(max(hint_level, 1), len(hints))
        write(f"      hint {level}/{len(hints)}: {hints[level - 1]}")
        if level < len(hints):
            write(f"      (still stuck? pytest exercises --hint {level + 1})")


def builds_on(name: str) -> list[str]:
    """The exercises that `name` builds on (the registry's `builds_on`), directly or through each other, in course
    order."""
    found: set[str] = set()
    pending = [name]
    while pending:
        for earlier in course.get(pending.pop()).builds_on:
            if earlier not in found:
                found.add(earlier)
                pending.append(earlier)
    return sorted(found, key=course.order_key)


def _package_dir(package: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    return Path(spec.submodule_search_locations[0]) if spec and spec.submodule_search_locations else None


def _module_path(package: str, name: str) -> str:
    directory = _package_dir(package)
    return _relative(directory / f"{name}.py") if directory else f"{package}/{name}.py"


def _relative(path: Path) -> str:
    return os.path.relpath(path) if _is_under(path.resolve(), Path.cwd()) else str(path)


def _is_under(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root.resolve())


def _first_line(doc: str | None) -> str:
    return doc.strip().splitlines()[0] if doc and doc.strip() else ""
