"""Grade a submission with the hidden suites, in-process with pytest; list the checks an exercise has.

    report = grade("path/to/exercises")          # a filled-in copy of exercises/, or one module file
    print(report.to_text())
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import io
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone
from collections.abc import Callable, Iterable
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
          strict_composition: bool = False, functions: tuple[str, ...] = (), fail_fast: bool = False) -> Report:
    """Run the hidden suites on a submission. A single module is graded only on its own exercise.

    `hide`: more paths the learner's code must not read; `allow`: folders of extra packages it may import;
    `suites`: another folder of suites (tests, courses); `strict_composition`: grade later exercises with the
    learner's own failed earlier functions (by default those are replaced by correct ones, so that one mistake costs
    its points once); `functions`: run only the checks of these functions (a check's points stay what they are in
    a full grade); `fail_fast`: stop grading a function at its first failed check (its later checks are recorded as
    not run, with no points). NothingGraded when no check would run: a module named after none of the exercises
    asked for (a folder is always graded: a module missing from it fails its checks), or a function none of them
    asks for."""
    path = Path(path).resolve()
    wanted = suite_files(exercises, suites)
    if path.is_file():  # collect only the module's own suite
        wanted = [suite for suite in wanted if suite.parent.name == path.stem] or wanted
    outcomes: list[Report | Exception] = []
    grade_many([path], lambda _, outcome: outcomes.append(outcome), [suite.parent.name for suite in wanted],
               call_timeout=call_timeout, hide=hide, allow=allow, suites=suites,
               strict_composition=strict_composition, functions=functions, fail_fast=fail_fast)
    if isinstance(outcomes[0], Exception):
        raise outcomes[0]
    return outcomes[0]


def grade_many(paths: Iterable[str | Path], on_graded: Callable[[Path, Report | Exception], None],
               exercises: list[str] | None = None, *, call_timeout: float | None = None,
               hide: tuple[str | Path, ...] = (), allow: tuple[str | Path, ...] = (), suites: Path = SUITES,
               strict_composition: bool = False, functions: tuple[str, ...] = (), fail_fast: bool = False) -> None:
    """Grade each submission of `paths` (read one at a time: a generator may wait for the next) in one pytest
    session, so the suites are collected once; `on_graded(path, report)` after each, or `on_graded(path, error)`
    (NothingGraded, GraderError, ValueError, OSError) for a submission that could not be graded: it never stops the
    others. The options are `grade`'s, the same for every submission. GraderError when the suites themselves cannot
    run (before any submission is graded)."""
    wanted = suite_files(exercises, suites)
    asked = [suite.parent.name for suite in wanted]
    if not asked:
        raise NothingGraded("nothing to grade: no exercise was asked for")
    offered = {f.name for name in asked for f in course.get(name).functions}
    unknown = sorted(set(functions) - offered)
    if unknown:
        raise NothingGraded(f"nothing to grade for {', '.join(unknown)}: the exercise(s) graded ({', '.join(asked)}) "
                            f"ask for {', '.join(sorted(offered))}")
    collector = _Collector(_Submissions(paths, on_graded, asked))
    # Options and their values as one token each: pytest's first pass does not know --submission yet, and would
    # take a separate value for a path to collect, importing the submission's conftest.py and test_*.py here,
    # outside the sandbox. No --submission: each submission is set before its checks run (`_Submissions`).
    args = [str(p) for p in wanted] + [f"--hide={p}" for p in hide]
    args += [f"--allow={p}" for p in allow] + ([f"--call-timeout={call_timeout}"] if call_timeout else [])
    args += ["--strict-composition"] if strict_composition else []
    args += ["--fail-fast"] if fail_fast else []
    args += [f"--function={name}" for name in functions]
    _run_pytest(args, collector, suites)


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


_FROZEN: list[bool] = []  # whether this process froze its objects (`_Submissions.run`)


class _Submissions:
    """The run loop of a grading session: the collected checks run once per submission, each with its own sandbox.

    Between two submissions every fixture is torn down (the session's `learner` with the rest), and what a check
    leaves on its item or the session (its diagnosis, the substitutes, the results so far, the mistakes named so
    far) is cleared: a submission's report depends on its files alone."""

    def __init__(self, paths: Iterable[str | Path], on_graded: Callable[[Path, Report | Exception], None],
                 asked: list[str]) -> None:
        self.paths, self.on_graded, self.asked = paths, on_graded, asked
        self.results: list[CheckResult] = []
        self.errors: list[str] = []

    def run(self, session: pytest.Session) -> None:
        # What the process holds when it first grades (torch, pytest, the suites, their checks) lives as long as it
        # does: frozen, the cyclic garbage collector stops walking it on every full collection. Once per process:
        # later, garbage of earlier grades not yet collected would be frozen with it and never freed.
        # Then collections come less often (`protocol.GC_THRESHOLD`, as in the sandbox's workers).
        if not _FROZEN:
            from grader.sandbox.protocol import GC_THRESHOLD

            gc.freeze()
            gc.set_threshold(*GC_THRESHOLD)
            _FROZEN.append(True)
        for given in self.paths:
            path = Path(given).resolve()
            try:
                outcome: Report | Exception = self._grade(session, path)
            except (NothingGraded, GraderError, ValueError, OSError) as error:
                outcome = error
            except Exception as error:  # noqa: BLE001 - the grader's own failure on one submission, not the batch's
                outcome = GraderError(f"the grader failed on {path}: {type(error).__name__}: {error}")
                session._setupstate.teardown_exact(None)  # no fixture of this submission survives into the next
            self.on_graded(path, outcome)
        return True

    def _grade(self, session: pytest.Session, path: Path) -> Report:
        from grader.diagnose import NAMED_THIS_GRADING
        from grader.plugin import RESULTS, SUBMISSION, exercise_of, forget_check

        files = read_submission(path)
        wanted = [name for name in self.asked if not path.is_file() or name == path.stem]
        if not wanted:
            needed = ", ".join(f"{name}.py" for name in self.asked[:3]) + (", ..." if len(self.asked) > 3 else "")
            raise NothingGraded(f"nothing to grade in {path}: a module is graded on the exercise it is named after, "
                                f"the exercise(s) asked for are {', '.join(self.asked)} ({needed}), and the file is "
                                f"{path.name}")
        items = [item for item in session.items if exercise_of(item) in wanted]
        config = session.config
        config.option.submission = str(path)
        config.stash[RESULTS] = []
        if SUBMISSION in config.stash:
            del config.stash[SUBMISSION]
        NAMED_THIS_GRADING.clear()  # a mistake named for one submission says nothing about the next
        self.results, self.errors = [], []
        for index, item in enumerate(items):
            forget_check(item)
            nextitem = items[index + 1] if index + 1 < len(items) else None  # None: tear every fixture down
            item.ihook.pytest_runtest_protocol(item=item, nextitem=nextitem)
        if self.errors:
            raise GraderError(f"the hidden suites could not run on {path}:\n" + "\n".join(self.errors))
        if not self.results:
            raise GraderError(f"no hidden check ran on {path} (exercises {', '.join(self.asked)})")
        submission = config.stash.get(SUBMISSION, None)
        return Report(str(path), self.results, isolation=submission.isolation if submission else {},
                      sha256=_fingerprint(files), graded_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))


class _Collector:
    """A pytest plugin object gathering what grader.plugin attaches to each report (for the submission being graded,
    when `submissions` runs the loop), and the collected checks."""

    def __init__(self, submissions: _Submissions | None = None) -> None:
        self.submissions = submissions
        self.collected: list[CheckInfo] = []
        self.errors: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == "grader_check":
                self.submissions.results.append(CheckResult(**value))
            elif name == "grader_error":
                self.submissions.errors.append(f"{report.nodeid}: {value}")

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

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool | None:
        if self.submissions is None or self.errors or session.testsfailed:
            return None  # pytest's own loop: collect-only, or collection errors (it stops, _run_pytest raises)
        self.submissions.run(session)
        return True
