"""`attn grade`, `attn grade-all` and `attn gradescope-bundle` (also `python -m grader <command>`).

Each entry point takes argv (without the command name) and returns an exit code: 0 when grading ran (whatever the
score), 1 when the grader could not grade, 2 for bad arguments, 3 when there was nothing to grade (no module of the
submission is an exercise asked for).
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import sys
from collections.abc import Callable
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path

from grader.report import write_atomic

GRADER_FAILED, BAD_ARGUMENTS, NOTHING_GRADED = 1, 2, 3


def submission_root(path: Path) -> Path:
    """The folder holding the modules: PATH itself, or its only subfolder when PATH has no .py of its own
    (an uploaded zip of exercises/ unpacks as submission/exercises/...)."""
    if path.is_dir() and not any(path.glob("*.py")):
        folders = [p for p in path.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))]
        if len(folders) == 1 and any(folders[0].glob("*.py")):
            return folders[0]
    return path


def _common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exercise", action="append", metavar="NAME",
                        help="grade only this exercise (repeatable; default: every exercise with a hidden suite)")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="CPU time allowed for one call into the learner's code (default 10; waiting: three "
                             "times it)")
    parser.add_argument("--allow", action="append", default=[], type=Path, metavar="FOLDER",
                        help="a folder of extra packages the learner's code may import, beyond the course "
                        "environment's site-packages (repeatable)")
    parser.add_argument("--strict-composition", action="store_true",
                        help="grade later exercises with the learner's own earlier functions even where those "
                             "fail (by default a failed earlier function is replaced by a correct one: a mistake "
                             "costs once)")


# ---------------------------------------------------------------------------------------------------------- grade

def grade_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="attn grade", description="Grade one submission with the hidden suites.")
    parser.add_argument("path", type=Path,
                        help="a filled-in copy of exercises/, or a single module such as attention.py")
    parser.add_argument("--json", action="store_true", help="print the machine-readable report instead of text")
    parser.add_argument("--gradescope", nargs="?", const=Path("results.json"), type=Path, metavar="FILE",
                        help="also write Gradescope's results.json (default FILE: ./results.json)")
    parser.add_argument("--hide", action="append", default=[], type=Path, metavar="PATH",
                        help="another path the learner's code must not read (repeatable), e.g. a copy of the course")
    parser.add_argument("--function", action="append", default=[], metavar="NAME",
                        help="run only the checks of this function (repeatable), e.g. the one you are working on; "
                             "each check keeps the points it has in a full grade")
    parser.add_argument("--fail-fast", action="store_true",
                        help="stop grading a function at its first failed check (its later checks are not run and "
                             "score 0): a quicker answer to which functions pass")
    _common_options(parser)
    args = parser.parse_args(argv)
    if not args.path.exists():
        parser.error(f"{args.path} does not exist")

    from grader.sandbox.server import SandboxUnavailable, default_server

    default_server()  # the fork server imports torch while this process imports torch, pytest and the suites
    from grader.api import GraderError, NothingGraded, grade

    try:
        hide = [*args.hide, *([args.gradescope.resolve().parent] if args.gradescope else [])]
        report = grade(submission_root(args.path), args.exercise, call_timeout=args.timeout, hide=tuple(hide),
                       allow=tuple(args.allow), strict_composition=args.strict_composition,
                       functions=tuple(args.function), fail_fast=args.fail_fast)
    except NothingGraded as error:
        print(f"attn grade: {error}", file=sys.stderr)
        if args.gradescope:
            _gradescope_failure(args.gradescope, f"The autograder graded nothing, {error}: upload your modules "
                                "under the exercises' names.")
        return NOTHING_GRADED
    except ValueError as error:
        print(f"attn grade: {error}", file=sys.stderr)
        return BAD_ARGUMENTS
    except (GraderError, SandboxUnavailable) as error:
        print(f"attn grade: the grader failed: {error}", file=sys.stderr)
        if args.gradescope:
            _gradescope_failure(args.gradescope, f"The autograder failed (not your code's fault): {error}")
        return GRADER_FAILED
    if args.gradescope:
        write_atomic(args.gradescope, json.dumps(report.to_gradescope(), indent=2, sort_keys=True) + "\n")
    sys.stdout.write(report.to_json() if args.json else report.to_text())
    return 0


def _gradescope_failure(path: Path, message: str) -> None:
    """Gradescope's results.json for a grade that did not happen: the reason, and no score (never a zero that reads
    like a grade)."""
    write_atomic(path, json.dumps({"output": message, "visibility": "visible", "stdout_visibility": "hidden",
                                   "tests": []}, indent=2, sort_keys=True) + "\n")


# ---------------------------------------------------------------------------------------------------------- grade-all

def grade_all_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="attn grade-all", description="Grade every submission folder in DIR, in parallel, into a CSV. "
        "Each student's JSON report is kept in <CSV name>-reports/ beside the CSV; a rerun skips the submissions "
        "whose report is up to date (same files) unless --force.")
    parser.add_argument("directory", type=Path, metavar="DIR", help="one folder per student")
    parser.add_argument("--out", type=Path, default=Path("grades.csv"), metavar="CSV",
                        help="the grades table to write (default: grades.csv)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1), help="submissions graded at once")
    parser.add_argument("--force", action="store_true", help="regrade submissions that already have a report")
    parser.add_argument("--report", type=Path, metavar="HTML",
                        help="also write the class report: this HTML page and the same data as JSON beside it")
    parser.add_argument("--anonymise", action="store_true", help="leave learner names out of the class report")
    _common_options(parser)
    args = parser.parse_args(argv)
    if not args.directory.is_dir():
        parser.error(f"{args.directory} is not a folder")
    if args.report and args.report.suffix.lower() not in (".html", ".htm"):
        parser.error(f"--report must name an .html file, got {args.report}")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    students = sorted(p for p in args.directory.iterdir() if p.is_dir() and not p.name.startswith("."))
    reports_dir = args.out.parent / f"{args.out.stem}-reports"
    reports_dir.mkdir(parents=True, exist_ok=True)
    hide = tuple(str(p.resolve()) for p in (args.directory, reports_dir, args.out))  # other students' work
    pending = [s for s in students if args.force or not _up_to_date(reports_dir / f"{s.name}.json", s)]
    failures: dict[str, str] = {}
    console = Console(stderr=True)
    columns = (TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
               TextColumn("{task.description}"))
    with Progress(*columns, console=console, disable=not pending) as progress:
        task = progress.add_task("", total=len(pending))
        _grade_students(pending, reports_dir, args, hide, failures,
                        lambda name: progress.update(task, advance=1, description=name))
    rows = _write_csv(args.out, students, reports_dir, failures)
    skipped = len(students) - len(pending)
    console.print(f"{len(pending) - len(failures)} graded, {skipped} up to date, {len(failures)} failed; "
                  f"{len(rows)} rows in {args.out}, reports in {reports_dir}/")
    for name, reason in sorted(failures.items()):
        console.print(f"  {name}: {reason}")
    if args.report:
        from grader.classreport.build import read_reports, relative_link, write_class_report

        reports, absent = read_reports(reports_dir, [s.name for s in students if s.name not in failures])
        links = {name: relative_link(reports_dir / f"{name}.json", args.report) for name in reports}
        write_class_report(args.report, reports, links=links, absent={**absent, **failures},
                           anonymise=args.anonymise, title=f"Class report: {args.directory.resolve().name}")
        console.print(f"class report in {args.report} and {args.report.with_suffix('.json')}")
    return GRADER_FAILED if failures else 0


def _up_to_date(report_path: Path, student: Path) -> bool:
    """A report exists and was made from exactly the files the student has now."""
    from grader.api import submission_sha256

    try:
        return json.loads(report_path.read_text())["sha256"] == submission_sha256(submission_root(student))
    except (OSError, ValueError, KeyError):
        return False


def _grade_students(students: list[Path], reports_dir: Path, args, hide: tuple[str, ...], failures: dict[str, str],
                    advance: Callable[[str], None]) -> None:
    """Grade each student into reports_dir/<name>.json: in this process for one job, else in `args.jobs` grading
    processes, each of which keeps one pytest session (the suites collected once) for all the students it is given.
    A student whose grading process dies is given to a fresh process once more, then recorded as failed; one
    student's failure never stops the others."""
    options = {"exercises": args.exercise, "call_timeout": args.timeout, "hide": hide,
               "allow": tuple(str(folder) for folder in args.allow), "strict_composition": args.strict_composition}
    if args.jobs == 1:  # in this process: no grading process to start
        from grader.api import grade_many

        by_root, recorded = {submission_root(student).resolve(): student for student in students}, set()

        def graded(root: Path, outcome) -> None:
            recorded.add(root)
            _record(by_root[root].name, _write_report(outcome, reports_dir / f"{by_root[root].name}.json"),
                    failures, advance)

        try:
            grade_many(list(by_root), graded, **options)
        except Exception as error:  # noqa: BLE001 - the suites could not run: say so for every student left
            for root in by_root.keys() - recorded:
                _record(by_root[root].name, _reason(error), failures, advance)
        return
    context = get_context("spawn")
    waiting, tries = list(students), dict.fromkeys((s.name for s in students), 0)
    processes: dict[Connection, tuple[BaseProcess, list[Path]]] = {}  # connection -> (process, the student it has)

    def start() -> None:
        ours, theirs = context.Pipe()
        process = context.Process(target=_grading_process, args=(theirs, options, str(reports_dir)))
        process.start()
        theirs.close()
        processes[ours] = (process, [])

    def lost(connection: Connection) -> None:
        """The grading process behind `connection` died: its student goes to a fresh process once more."""
        process, holding = processes.pop(connection)
        process.join(timeout=5)
        for student in holding:
            tries[student.name] += 1
            if tries[student.name] < 2:
                waiting.insert(0, student)
            else:
                _record(student.name, "the grading process died", failures, advance)
        if waiting:
            start()

    try:
        for _ in range(min(args.jobs, len(waiting))):
            start()
        while processes:
            for connection, (_, holding) in list(processes.items()):
                if not holding and waiting:
                    holding.append(waiting.pop(0))
                    try:
                        connection.send((holding[0].name, str(submission_root(holding[0]))))
                    except OSError:
                        lost(connection)
            busy = [connection for connection, (_, holding) in processes.items() if holding]
            if not busy:
                break
            for connection in wait(busy):
                try:
                    name, reason = connection.recv()
                except (EOFError, OSError):
                    lost(connection)
                    continue
                processes[connection][1].clear()
                _record(name, reason, failures, advance)
    finally:
        for connection, (process, _) in processes.items():
            with contextlib.suppress(OSError):
                connection.send(None)
        for connection, (process, _) in processes.items():
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
            connection.close()


def _record(name: str, reason: str | None, failures: dict[str, str], advance: Callable[[str], None]) -> None:
    if reason:
        failures[name] = reason
    advance(name)


def _grading_process(connection: Connection, options: dict, reports_dir: str) -> None:
    """A grading process of grade-all: grade each (name, submission folder) it receives, in one pytest session,
    writing <reports_dir>/<name>.json and answering (name, None), or (name, why not); None ends it."""
    from grader.sandbox.server import default_server

    default_server()  # the fork server imports torch while this process imports torch, pytest and the suites
    from grader.api import grade_many

    current: list[str] = []

    def submissions():
        while (message := connection.recv()) is not None:
            name, root = message
            current[:] = [name]
            yield root

    def graded(_: Path, outcome) -> None:
        connection.send((current[0], _write_report(outcome, Path(reports_dir) / f"{current[0]}.json")))
        current.clear()

    try:
        grade_many(submissions(), graded, **options)
    except Exception as error:  # noqa: BLE001 - the suites could not run: say so for every student given
        reason = _reason(error)
        if current:
            connection.send((current[0], reason))
        while (message := connection.recv()) is not None:
            connection.send((message[0], reason))


def _write_report(outcome, report_path: Path) -> str | None:
    """Write a student's JSON report atomically; None, or why there is none (the grader could not grade them)."""
    if isinstance(outcome, Exception):
        return _reason(outcome)
    write_atomic(report_path, outcome.to_json())
    return None


def _reason(error: Exception) -> str:
    lines = str(error).splitlines()
    return f"{type(error).__name__}: {lines[0][:200] if lines else ''}"


def _write_csv(out: Path, students: list[Path], reports_dir: Path, failures: dict[str, str]) -> list[list]:
    import course
    from grader.report import Report

    reports = {}
    for student in students:
        path = reports_dir / f"{student.name}.json"
        if path.exists() and student.name not in failures:
            reports[student.name] = Report.from_json(path.read_text())
    exercises = sorted({t.exercise for r in reports.values() for t in r.exercises()}, key=course.order_key)
    rows = []
    for student in students:
        report = reports.get(student.name)
        if report is None:
            rows.append([student.name, "", "", *([""] * len(exercises)), failures.get(student.name, "not graded"), ""])
            continue
        totals = {t.exercise: t.points for t in report.exercises()}
        rows.append([student.name, f"{report.score:g}", f"{report.max_score:g}",
                     *(f"{totals[e]:g}" if e in totals else "" for e in exercises), "graded", report.graded_at])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["student", "score", "max_score", *exercises, "status", "graded_at"])
    writer.writerows(rows)
    write_atomic(out, buffer.getvalue())
    return rows


# ---------------------------------------------------------------------------------------------------------- bundle

def gradescope_bundle_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="attn gradescope-bundle",
        description="Write a Gradescope autograder zip (setup.sh, run_autograder and the course's grader).")
    parser.add_argument("--out", type=Path, default=Path("autograder.zip"), help="the zip to write")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="CPU time allowed for one call into the learner's code (waiting: three times it)")
    args = parser.parse_args(argv)
    from grader.gradescope import write_bundle

    files = write_bundle(args.out, call_timeout=args.timeout)
    print(f"wrote {args.out} ({files} files): upload it as the autograder of a Gradescope programming assignment")
    return 0
