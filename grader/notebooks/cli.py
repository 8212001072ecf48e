"""`attn nbgrader build OUT_DIR` writes the nbgrader course; `attn nbgrader scan DIR` checks what learners receive;
`attn nbgrader report` writes the class report of an autograded assignment."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import course

NEXT_STEPS = """\
Course written to {out} ({count} notebooks in source/{assignment}/). Next, from {out}:
  nbgrader generate_assignment {assignment}
  attn nbgrader scan release/{assignment}
  (learners' notebooks go to submitted/<learner>/{assignment}/)
  nbgrader autograde {assignment}
  nbgrader generate_feedback {assignment}
  nbgrader export --to grades.csv"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="attn nbgrader", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="write nbgrader_config.py and source/<assignment>/*.ipynb")
    build.add_argument("out_dir", type=Path)
    build.add_argument("--assignment", default="attention", help="the nbgrader assignment name (default: attention)")
    build.add_argument("--exercises", type=_names, default=list(course.NAMES),
                       help="comma-separated exercises (default: every exercise); sibling imports must be included")
    scan = commands.add_parser("scan", help="fail if a folder (release/, feedback/, a learner distribution) or an "
                               "environment's installed files hold hidden or solution text")
    scan.add_argument("folder", type=Path, nargs="?", default=None)
    scan.add_argument("--python", type=Path, default=None, metavar="PATH",
                      help="scan the course's files installed in the environment of this interpreter (a "
                           "learner's): its own site-packages but third-party distributions, and the source folders "
                           "of editable installs")
    scan.add_argument("--exercises", type=_names, default=None,
                      help="comma-separated exercises (default: the notebooks found in the folder)")
    scan.add_argument("--feedback", action="store_true",
                      help="feedback shows the learner's own code: look for hidden-suite and reference text only")
    report = commands.add_parser("report", help="the class report of an autograded assignment (HTML and JSON)")
    report.add_argument("course", type=Path, nargs="?", default=Path("."), help="the course folder (default: .)")
    report.add_argument("--assignment", default=None, help="default: the gradebook's only assignment")
    report.add_argument("--out", type=Path, default=None, help="the HTML page to write (default: COURSE/class.html)")
    report.add_argument("--anonymise", action="store_true", help="leave learner names out of the report")
    report.add_argument("--db", default=None, help="the gradebook's URL (default: sqlite:///COURSE/gradebook.db)")
    args = parser.parse_args(argv)

    if args.command == "report":
        from .reports import nbgrader_report

        return nbgrader_report(args.course, args.assignment, args.out, args.anonymise, args.db)
    if args.command == "build":
        from .course import build_course

        try:
            written = build_course(args.out_dir, args.assignment, args.exercises)
        except (ValueError, RuntimeError) as error:  # a missing suite or kernel, an exercise without its imports
            print(f"attn nbgrader build: {error}", file=sys.stderr)
            return 2
        print(NEXT_STEPS.format(out=args.out_dir, count=len(written), assignment=args.assignment))
        return 0

    from .leaks import KINDS, forbidden_lines, installed_files, scan_files

    if (args.folder is None) == (args.python is None):
        parser.error("name a folder or --python, one of the two")
    if args.python is not None:
        where, paths = f"the course's files installed for {args.python}", installed_files(args.python)
        exercises = args.exercises or list(course.NAMES)
    else:
        if not args.folder.is_dir():
            parser.error(f"{args.folder} is not a folder")
        where, paths = str(args.folder), sorted(p for p in args.folder.rglob("*") if p.is_file() and not p.is_symlink())
        exercises = args.exercises or sorted({path.stem for pattern in ("*.ipynb", "*.html")
                                              for path in args.folder.rglob(pattern) if path.stem in course.NAMES})
    if not exercises:  # scanning nothing must not pass
        parser.error(f"no exercise notebooks in {args.folder}; name them with --exercises")
    forbidden = forbidden_lines(exercises, ("suite", "reference") if args.feedback else KINDS)
    leaks = scan_files(paths, forbidden)
    for leak in leaks:
        print(f"{leak.path}: {leak.kind} text of {leak.exercise}: {leak.text}")
    print(f"{len(leaks)} leak(s) in {where}, {len(paths)} files ({', '.join(exercises)})")
    return 1 if leaks else 0


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in course.NAMES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown exercises {unknown}; the course has {', '.join(course.NAMES)}")
    return names
