"""The class report from files: read a grading run's per-learner JSON reports, look up what each check does, and
write `class.html` with `class.json` (the same data) beside it."""
from __future__ import annotations

import json
import os
import random
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping
from urllib.parse import quote

import course
from grader.report import Report

from .aggregate import summarise
from .render import render_html


def read_reports(folder: Path, learners: list[str] | None = None) -> tuple[dict[str, Report], dict[str, str]]:
    """(learner -> report, learner -> why there is none) for `<learner>.json` in `folder`: every file there, or the
    named learners only. A file that is not a grader report is named with its line and kept out, never dropped
    silently."""
    paths = {path.stem: path for path in sorted(folder.glob("*.json"))}
    wanted = learners if learners is not None else list(paths)
    reports: dict[str, Report] = {}
    problems: dict[str, str] = {}
    for learner in wanted:
        path = paths.get(learner)
        if path is None:
            problems[learner] = "not graded"
            continue
        try:
            reports[learner] = Report.from_json(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            problems[learner] = f"{path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg})"
        except (OSError, UnicodeDecodeError) as error:
            problems[learner] = f"{path}: cannot be read ({error})"
        except (KeyError, TypeError, AttributeError) as error:
            problems[learner] = f"{path}: not a grader report ({type(error).__name__}: {error})"
    return reports, problems


def check_descriptions(exercises: set[str]) -> dict[str, str]:
    """check id -> the first line of its docstring, for the exercises that have a hidden suite."""
    from grader.api import SUITES, list_checks

    descriptions = {}
    for exercise in sorted(exercises, key=course.order_key):
        if (SUITES / exercise / f"test_{exercise}.py").exists():
            descriptions.update((check.id, check.description) for check in list_checks(exercise))
    return descriptions


def anonymous_names(learners: list[str], rng: random.Random | None = None) -> dict[str, str]:
    """learner -> "learner 07": numbered in a random order, so that neither the numbers nor the table's order say
    anything about the names."""
    order = list(learners)
    (rng or random.SystemRandom()).shuffle(order)
    width = len(str(len(order)))
    return {learner: f"learner {number:0{width}d}" for number, learner in enumerate(order, 1)}


def relative_link(target: Path, page: Path) -> str:
    """A URL for `target` relative to the folder of the HTML page `page`."""
    return quote(Path(os.path.relpath(target.resolve(), page.resolve().parent)).as_posix())


def write_class_report(page: Path, reports: Mapping[str, Report], *, links: Mapping[str, str] | None = None,
                       absent: Mapping[str, str] | None = None, anonymise: bool = False,
                       title: str = "Class report") -> dict:
    """Write `page` (self-contained HTML) and the same data as JSON beside it (`class.html` -> `class.json`);
    returns that data."""
    from grader.report import write_atomic

    exercises = {check.exercise for report in reports.values() for check in report.checks}
    names = anonymous_names([*reports, *(absent or {})]) if anonymise else None
    summary = summarise(reports, descriptions=check_descriptions(exercises), links=links, absent=absent,
                        names=names, title=title)
    summary["generated_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    write_atomic(page, render_html(summary))
    write_atomic(page.with_suffix(".json"), json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    return summary
