"""`attn report GRADES_DIR`: the class report of an existing grading run, from its per-learner JSON reports.
(`attn nbgrader report` builds the same from an nbgrader course: `grader.notebooks.reports`.)"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

BAD_INPUT = 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="attn report", description="Write the class report (one self-contained HTML page, and the same data "
        "as JSON beside it) from the per-learner JSON reports of `attn grade-all` (the <CSV name>-reports/ folder).")
    parser.add_argument("grades_dir", type=Path, metavar="GRADES_DIR", help="a folder of <learner>.json reports")
    parser.add_argument("--out", type=Path, default=None, metavar="HTML",
                        help="the page to write (default: class.html beside GRADES_DIR); the JSON goes beside it")
    parser.add_argument("--anonymise", action="store_true",
                        help="leave learner names out: numbered learners, no links to their reports")
    parser.add_argument("--title", default=None, help="the page's title")
    args = parser.parse_args(argv)
    if not args.grades_dir.is_dir():
        parser.error(f"{args.grades_dir} is not a folder")
    runs = sorted(p for p in args.grades_dir.glob("*-reports") if p.is_dir())
    if runs:  # the folder of the CSV (which may hold a class.json too), not of the reports
        parser.error(f"{args.grades_dir} holds the reports folder of a run: did you mean {runs[0]}?")
    if not any(args.grades_dir.glob("*.json")):
        parser.error(f"no <learner>.json reports in {args.grades_dir}")
    page = args.out or args.grades_dir.resolve().parent / "class.html"
    if page.suffix.lower() not in (".html", ".htm"):
        parser.error(f"--out must name an .html file, got {page}")

    from .build import read_reports, relative_link, write_class_report

    reports, problems = read_reports(args.grades_dir)
    for learner, problem in problems.items():
        print(f"attn report: {learner}: {problem}", file=sys.stderr)
    links = {learner: relative_link(args.grades_dir / f"{learner}.json", page) for learner in reports}
    summary = write_class_report(page, reports, links=links, absent=problems, anonymise=args.anonymise,
                                 title=args.title or f"Class report: {args.grades_dir.resolve().name}")
    print(f"wrote {page} and {page.with_suffix('.json')}: {summary['learners']} learners"
          + (f", {len(problems)} report(s) unreadable (see above)" if problems else ""))
    return BAD_INPUT if problems else 0
