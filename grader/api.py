"""Grade a submission with the hidden suites, in-process with pytest; list the checks an exercise has.

    report = grade("path/to/exercises")          # a filled-in copy of exercises/, or one module file
    print(report.to_text())
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest

import course
from course import files
from grader.report import CheckResult, Report
from grader.sandbox import read_submission

SUITES = files.package_dir("grader") / "exercises"  # one folder per exercise: <name>/test_<name>.py, catalogue.py


class GraderError(RuntimeError):
    """The hidden suites themselves could not run (a problem of the course, never of the learner)."""


class NothingGraded(ValueError):
    """No check would run (a module named after none of the exercises asked for): an error, never `0 / 0`."""


@dataclass(frozen=True)
class CheckInfo:
    id: str
    exercise: str
    points: float
    description: str


def suite_files(exercises: list[str] | None = None, suites: Path = SUITES) -> list[Path]:
    """The hidden suites, `<exercise>/test_<exercise>.py`, of the given exercises (all by default), in course order."""
    found = {path.parent.name: path for path in Path(suites).glob("*/test_*.py")
             if path.stem == f"test_{path.parent.name}"}
    # Always in course order: a later exercise is graded after the earlier ones it builds on (a mistake costs once).
    wanted = sorted(exercises if exercises is not None else found, key=course.order_key)
    unknown = [name for name in wanted if name not in found]
    if unknown:
        raise ValueError(f"no hidden suite for exercise(s) {', '.join(unknown)}; have: {', '.join(sorted(found))}")
    return [found[name] for name in wanted]


def grade(path: str | Path, exercises: list[str] | None = None, *, call_timeout: float | None = None,
          hide: tuple[str | Path, ...] = (), allow: tuple[str | Path, ...] = (), suites: Path = SUITES,
          strict_composition: bool = False, functions: tuple[str, ...] = ()) -> Report:
    """Run the hidden suites on a submission. A single module is graded only on its own exercise.

    `hide`: more paths the learner's code must not read; `allow`: folders of extra packages it may import;
    `suites`: another folder of suites (tests, courses); `strict_composition`: grade later exercises with the
    learner's own failed earlier functions (by default those are replaced by correct ones, so that one mistake costs
    its points once); `functions`: run only the checks of these functions (a check's points stay what they are in
    a full grade). NothingGraded when no check would run: a module named after none of the exercises asked for (a
    folder is always graded: a module missing from it fails its checks), or a function none of them asks for."""
    path = Path(path).resolve()
    files = read_submission(path)
    wanted = suite_files(exercises, suites)
    asked = [suite.parent.name for suite in wanted]
    if path.is_file():
        wanted = [suite for suite in wanted if suite.parent.name == path.stem]
    if not wanted:
        needed = ", ".join(f"{name}.py" for name in asked[:3]) + (", ..." if len(asked) > 3 else "")
        found = f"the file is {path.name}" if path.is_file() else "no exercise was asked for"
        raise NothingGraded(f"nothing to grade in {path}: a module is graded on the exercise it is named after, the "
                            f"exercise(s) asked for are {', '.join(asked) or 'none'} ({needed or 'no module'}), and "
                            f"{found}")
    offered = {f.name for suite in wanted for f in course.get(suite.parent.name).functions}
    unknown = sorted(set(functions) - offered)
    if unknown:
        graded = ", ".join(suite.parent.name for suite in wanted)
        raise NothingGraded(f"nothing to grade for {', '.join(unknown)}: the exercise(s) graded ({graded}) ask for "
                            f"{', '.join(sorted(offered))}")
    digest = _fingerprint(files)
    collector = _Collector()
    # Options and their values as one token each: pytest's first pass does not know --submission yet, and would
    # take a separate value for a path to collect, importing the submission's conftest.py and test_*.py here,
    # outside the sandbox.
    args = [str(p) for p in wanted] + [f"--submission={path}", *(f"--hide={p}" for p in hide)]
    args += [f"--allow={p}" for p in allow] + ([f"--call-timeout={call_timeout}"] if call_timeout else [])
    args += ["--strict-composition"] if strict_composition else []
    args += [f"--function={name}" for name in functions]
    _run_pytest(args, collector, suites)
    if not collector.results:
        raise GraderError(f"no hidden check ran on {path} (exercises {', '.join(asked)})")
    isolation = collector.submission.isolation if collector.submission else {}
    return Report(str(path), collector.results, isolation=isolation, sha256=digest,
                  graded_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))


def list_checks(exercise: str, suites: Path = SUITES) -> list[CheckInfo]:
    """The checks of one exercise's hidden suite (collected, not run)."""
    collector = _Collector()
    _run_pytest([str(p) for p in suite_files([exercise], suites)] + ["--collect-only"], collector, suites)
    return collector.collected


def submission_sha256(path: Path) -> str:
    """A fingerprint of what the learner submitted (every file the sandbox would receive)."""
    return _fingerprint(read_submission(path))


def _fingerprint(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for name, data in sorted(files.items()):
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def _run_pytest(args: list[str], collector: _Collector, suites: Path) -> None:
    # rootdir is two levels up, so that test modules are named after their folders (grader.exercises.softmax...,
    # never plain exercises.softmax, the learner's package): pytest keeps imported test modules in sys.modules.
    # No conftest.py is loaded (the grader's plugin is named here instead): none beside the suites can add hooks.
    # Only the plugins grading needs: the grade is read from each check's own result, so no terminal report, no
    # output capture and no warnings capture (each wraps every phase of every check: a quarter of a stub's grade),
    # no hypothesis (its autoloaded plugin costs seconds), no unraisable-exception plugins (a full gc per session);
    # plain asserts, so that no message can show the hidden test's source.
    unneeded = ("terminal", "capture", "warnings", "cacheprovider", "logging", "unraisableexception", "threadexception",
                "pastebin", "junitxml", "doctest", "setuponly", "setupplan", "stepwise", "faulthandler", "legacypath",
                "tmpdir", "monkeypatch", "recwarn", "unittest", "debugging", "subtests")
    base = ["--disable-plugin-autoload", "--noconftest", "-p", "grader.plugin", "--assert=plain", "-o", "addopts=",
            *(f"-pno:{name}" for name in unneeded), "--import-mode=importlib",
            f"--rootdir={Path(suites).resolve().parent.parent}", f"--confcutdir={suites}"]
    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # once for the session, as pytest's -W ignore did for every check
        code = pytest.main(base + args, plugins=[collector])
    if collector.errors or code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR,
                                    pytest.ExitCode.INTERRUPTED):
        details = "\n".join(collector.errors) or output.getvalue()[-3000:]
        raise GraderError(f"the hidden suites could not run (pytest exit code {int(code)}):\n{details}")


def _one_line(excinfo: pytest.ExceptionInfo) -> str:
    """A failed check's pytest report text. The grade is read from each check's own result (grader.plugin), never
    from this text; pytest's formatting of the traceback (Python compiles every frame's line to place its carets)
    took about 5 ms per failed check, half the grade of a stub."""
    return f"{excinfo.typename}: {excinfo.value}"


class _Collector:
    """A pytest plugin object gathering what grader.plugin attaches to each report."""

    def __init__(self) -> None:
        self.results: list[CheckResult] = []
        self.collected: list[CheckInfo] = []
        self.errors: list[str] = []
        self.submission = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == "grader_check":
                self.results.append(CheckResult(**value))
            elif name == "grader_error":
                self.errors.append(f"{report.nodeid}: {value}")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.errors.append(f"{report.nodeid}: {str(report.longrepr)[-2000:]}")

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        from grader.plugin import check_id, exercise_of, points_of

        for item in items:
            item.repr_failure = _one_line  # type: ignore[method-assign]
            doc = (getattr(item, "obj", None).__doc__ or "").strip()
            summary = " ".join(doc.split("\n\n", 1)[0].split())  # the docstring's first paragraph, one line
            self.collected.append(CheckInfo(check_id(item), exercise_of(item), points_of(item), summary or item.name))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        from grader.plugin import SUBMISSION

        self.submission = session.config.stash.get(SUBMISSION, None)

