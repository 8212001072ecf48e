"""`attn quiz ...`: list, take, review and lint the YAML quizzes.

Starting this tool imports neither torch nor sympy: the first question is on screen before either could load
(`benchmarks/bench_quiz.py`). sympy comes only when a formula answer is graded; only `lint` touches the reference.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .loader import QuizFileError, load_yaml
from .model import BANK_DIR, Quiz, bank_files, find_quiz, load_bank, load_quiz
from .progress import Progress, default_user


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="attn quiz", description="Self-study quizzes on attention and "
                                     "transformers, written in YAML (see docs/quizzes.md).")
    commands = parser.add_subparsers(dest="command", required=True)

    def add_user(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--user", default=None, help="whose progress to use (default: $USER)")

    listing = commands.add_parser("list", help="the quizzes and your progress in each")
    add_user(listing)

    take = commands.add_parser("take", help="take one quiz")
    take.add_argument("name", help="quiz name (see `attn quiz list`) or path to a quiz file")
    take.add_argument("--answers", type=Path, help="YAML/JSON file mapping question id -> answer (or list of tries)")
    take.add_argument("--json", action="store_true", help="print the result as JSON (nothing else on stdout)")
    take.add_argument("--seed", help="which variants to show (default: the user name)")
    take.add_argument("--only", nargs="+", metavar="ID", help="ask only these question ids")
    take.add_argument("--no-save", action="store_true", help="do not record progress")
    add_user(take)

    review = commands.add_parser("review", help="bring back missed and due questions (spaced repetition)")
    review.add_argument("--limit", type=int, default=10, help="at most this many questions (default 10)")
    review.add_argument("--seed", help="which variants to show (default: the user name)")
    review.add_argument("--answers", type=Path, help="as for take")
    review.add_argument("--json", action="store_true", help="as for take")
    add_user(review)

    lint = commands.add_parser("lint", help="check quiz files: schema, answers, variants, reference checks")
    lint.add_argument("files", nargs="*", type=Path, help=f"quiz files (default: every file in {BANK_DIR})")
    lint.add_argument("--no-reference", action="store_true",
                      help="skip the checks that run the reference (no torch import)")

    commands.add_parser("schema", help="print the JSON Schema of a quiz file")
    return parser


def _terminal(answers: Path | None, quiet: bool):
    from .session import ColourTerminal, PlainTerminal, ScriptedTerminal
    if answers is not None:
        data = load_yaml(answers)
        if not isinstance(data, dict):
            raise QuizFileError(answers, 1, "an answers file maps question ids to answers")
        return ScriptedTerminal(data, quiet=quiet)
    if quiet:
        raise SystemExit("attn quiz: --json needs --answers (the JSON report must be the only output)")
    colour = sys.stdin.isatty() and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return ColourTerminal() if colour else PlainTerminal()


def _run(items: list, args: argparse.Namespace, user: str, save: bool) -> int:
    from .session import run
    terminal = _terminal(args.answers, quiet=args.json)
    result = run(items, terminal, user, args.seed or user, Progress.load(user), save=save)
    if args.json:
        print(json.dumps(result.to_json(), indent=1, default=str))
    return 0


def _list(user: str) -> int:
    progress = Progress.load(user)
    rows = []
    for quiz in load_bank():
        keys = [q.key for q in quiz.questions]
        seen = [k for k in keys if k in progress.records]
        mastered = [k for k in seen if progress.records[k].box >= 3]
        rows.append((quiz.name, quiz.title, len(keys), len(seen), len(mastered), len(progress.due(keys))))
    header = ("quiz", "title", "questions", "seen", "mastered", "to review")
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
    print(f"\nTake one with `attn quiz take NAME`; progress of {user!r} is in {Progress.path_for(user)}")
    return 0


def _review(args: argparse.Namespace, user: str) -> int:
    """The due questions, most often missed first; only the quiz files they come from are read."""
    progress = Progress.load(user)
    quizzes: dict[str, Quiz | None] = {}
    items = []
    for key in progress.due(list(progress.records)):
        name, _, qid = key.partition("/")
        if name not in quizzes:
            path = BANK_DIR / f"{name}.yaml"
            quizzes[name] = load_quiz(path) if path in bank_files() else None  # a quiz since removed
        quiz = quizzes[name]
        question = next((q for q in quiz.questions if q.id == qid), None) if quiz else None
        if question is not None:
            items.append((quiz, question))
        if len(items) == args.limit:
            break
    if not items:
        print("Nothing to review: no missed or due questions. Take a quiz with `attn quiz take NAME`.")
        return 0
    return _run(items, args, user, save=True)


def _take(args: argparse.Namespace, user: str) -> int:
    quiz: Quiz = find_quiz(args.name)
    questions = [q for q in quiz.questions if not args.only or q.id in args.only]
    if not questions:
        raise SystemExit(f"attn quiz: no question of {quiz.name!r} matches {args.only}")
    return _run([(quiz, q) for q in questions], args, user, save=not args.no_save)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    user = getattr(args, "user", None) or default_user()
    try:
        if args.command == "list":
            return _list(user)
        if args.command == "take":
            return _take(args, user)
        if args.command == "review":
            return _review(args, user)
        if args.command == "schema":
            from .schema import json_schema
            print(json.dumps(json_schema(), indent=1))
            return 0
        from .lint import lint_files
        problems = lint_files(args.files or bank_files(), reference=not args.no_reference)
        if not args.files and not problems:
            from .coverage import coverage_problems
            problems = coverage_problems(load_bank())
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{len(problems)} problem(s) in {len(args.files or bank_files())} file(s)",
              file=sys.stderr if problems else sys.stdout)
        return 1 if problems else 0
    except (QuizFileError, KeyError, ValueError) as error:
        print(f"attn quiz: {error.args[0] if isinstance(error, KeyError) else error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a reader that stopped early, such as `head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 0
