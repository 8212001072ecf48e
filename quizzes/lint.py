"""`attn quiz lint`: everything that can be wrong with a quiz file, reported as ``file:line: message``.

First the schema (the one in ``schema.py``, as for loading). Then, for every question: duplicate ids; what its
type asks of a question as a whole (``QuestionType.question_problems``: feedback for every wrong option, a typical
wrong answer with its explanation, a check and seeded params for computed answers); and in every variant, that the
texts render, the answer parses and grades right as shown, accepted alternatives grade right, misconceptions grade
wrong and get their own feedback (``QuestionType.problems``), and that the check agrees with the reference.
"""
from __future__ import annotations

import re
from pathlib import Path

from .expressions import FormatError
from .loader import QuizFileError, load_yaml
from .model import Question, Quiz, Variant, parse_quiz
from .schema import validate_quiz

_LEFTOVER = re.compile(r"\{[^{}\n]+\}")


def _variant_problems(variant: Variant) -> list[str]:
    """What is wrong with one variant of a question (messages without location)."""
    question = variant.question
    problems: list[str] = []
    if question.params:
        texts = [question.prompt, question.explanation, *question.hints, *question.choices,
                 *question.misconceptions.values()]
        for text in texts:
            for leftover in _LEFTOVER.findall(variant.render(text)):
                problems.append(f"{leftover} is neither a parameter nor an expression in them")
    try:
        problems += question.kind.problems(variant)
    except (FormatError, ValueError, re.error) as error:
        problems.append(f"{type(error).__name__}: {error}")
    return problems


def _check_problems(variant: Variant) -> list[str]:
    """Compare the answer with what the reference computes (imports torch)."""
    from .checks import check_values, run_check
    question = variant.question
    try:
        computed = run_check(variant)
    except Exception as error:  # a broken check or reference: report it, keep linting
        return [f"check failed to run: {type(error).__name__}: {error}"]
    sized = Variant(question, check_values(variant), variant.shuffle_key)
    try:
        if question.kind.agrees(computed, sized):
            return []
    except (FormatError, ValueError) as error:
        return [str(error)]
    shown = computed if not isinstance(computed, tuple) else tuple(int(d) for d in computed)
    return [f"the reference gives {shown}, the answer says {question.kind.answer_text(sized)}"]


def lint_quiz(quiz: Quiz, reference: bool = True) -> list[str]:
    """Problems of a schema-valid quiz, as ``file:line: question 'id': message``."""
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for question in quiz.questions:
        where = f"{quiz.path}:{question.line}: question {question.id!r}: "
        if question.id in first_line:
            problems.append(f"{where}duplicate id (first on line {first_line[question.id]})")
        first_line.setdefault(question.id, question.line)
        problems += [where + p for p in _question_problems(question, reference)]
    return problems


def _question_problems(question: Question, reference: bool) -> list[str]:
    problems = question.kind.question_problems(question)
    for variant in question.all_variants():
        label = f"(params {variant.params}) " if variant.params else ""
        problems += [label + p for p in _variant_problems(variant)]
        if reference and question.check:
            problems += [label + p for p in _check_problems(variant)]
    return list(dict.fromkeys(problems))


def lint_files(paths: list[Path], reference: bool = True) -> list[str]:
    """Lint each file; problems are strings ``file:line: message``."""
    problems: list[str] = []
    for path in paths:
        try:
            data = load_yaml(path)
        except QuizFileError as error:
            problems.append(str(error))
            continue
        errors = validate_quiz(data, path)
        if errors:
            problems += [str(error) for error in errors]
            continue
        problems += lint_quiz(parse_quiz(data, path), reference)
    return problems
