"""`attn quiz lint`: everything that can be wrong with a quiz file, reported as ``file:line: message``.

Beyond the schema: duplicate ids; in every variant, the prompt and texts render, the answer parses and its shown
form grades right, every accepted alternative grades right and every misconception grades wrong (and gets its own
feedback); questions tagged ``spec`` have a check; and every ``check`` agrees with the reference.
"""
from __future__ import annotations

import re
from pathlib import Path

from .expressions import FormatError
from .grading import GRADERS, MultiChoiceGrader, TextGrader, answer_text, grade, is_right
from .loader import QuizFileError, load_yaml
from .model import Question, Quiz, Variant, load_quiz
from .schema import validate_quiz

_LEFTOVER = re.compile(r"\{[^{}\n]+\}")


def _variant_problems(variant: Variant) -> list[str]:
    """What is wrong with one variant of a question (messages without location)."""
    try:
        return _unsafe_variant_problems(variant)
    except (FormatError, ValueError, re.error) as error:
        return [f"{type(error).__name__}: {error}"]


def _unsafe_variant_problems(variant: Variant) -> list[str]:
    question = variant.question
    grader = GRADERS[question.type]
    problems: list[str] = []
    texts = [question.prompt, question.explanation, *question.hints, *question.choices,
             *question.misconceptions.values()]
    if question.params:
        for text in texts:
            for leftover in _LEFTOVER.findall(variant.render(text)):
                problems.append(f"{leftover} is neither a parameter nor an expression in them")
    if len(set(question.choices)) != len(question.choices):
        problems.append("two choices are the same")
    try:
        shown = answer_text(variant)
    except (FormatError, ValueError) as error:
        return problems + [f"the answer {question.answer!r} does not parse: {error}"]
    answer = grader.reference(question.answer, variant, "answer")
    if question.type == "shape" and any(d.is_number and not (d.is_Integer and d > 0) for d in answer):
        problems.append(f"the shape {shown} has a dimension that is not a positive whole number")
    if not isinstance(grader, (TextGrader, MultiChoiceGrader)) and not grade(variant, shown).correct:
        problems.append(f"the answer as shown ({shown!r}) does not grade right")
    for alternative in question.accept:
        try:
            if isinstance(grader, TextGrader):
                grader.reference(alternative, variant, "accept")
            elif not _grades_right(variant, alternative):
                problems.append(f"accepted alternative {alternative!r} does not grade right")
        except (FormatError, ValueError, re.error) as error:
            problems.append(f"accepted alternative {alternative!r} does not parse: {error}")
    for key, feedback in question.misconceptions.items():
        problems += _misconception_problems(variant, key, feedback)
    return problems


def _grades_right(variant: Variant, alternative: object) -> bool:
    """Learner-style text is graded as a learner's; with params the alternative is evaluated like the answer."""
    if variant.question.params:
        grader = GRADERS[variant.question.type]
        return is_right(grader, grader.reference(alternative, variant, "accept"), variant)
    return grade(variant, str(alternative)).correct


def _misconception_problems(variant: Variant, key: str, feedback: str) -> list[str]:
    question = variant.question
    grader = GRADERS[question.type]
    try:
        wrong = grader.reference(key, variant, "misconception")
    except (FormatError, ValueError, re.error) as error:
        return [f"misconception {key!r} does not parse: {error}"]
    if isinstance(grader, MultiChoiceGrader):
        return []
    if isinstance(grader, TextGrader):
        answer = grader.reference(question.answer, variant, "answer")
        return [f"misconception {key!r} matches the answer"] if grader.same(answer, wrong, question) else []
    answer = grader.reference(question.answer, variant, "answer")
    if grader.same(wrong, answer, question):
        return [f"misconception {key!r} grades right"]
    if not question.params:
        outcome = grade(variant, key)
        if outcome.correct or outcome.feedback != feedback:
            return [f"misconception {key!r}, typed by a learner, does not get its feedback"]
    return []


def _check_problems(variant: Variant) -> list[str]:
    """Compare the answer with what the reference computes (imports torch)."""
    from .checks import check_values, run_check
    question = variant.question
    grader = GRADERS[question.type]
    try:
        computed = run_check(variant)
    except Exception as error:  # a broken check or reference: report it, keep linting
        return [f"check failed to run: {type(error).__name__}: {error}"]
    sized = Variant(question, check_values(variant), variant.shuffle_key)
    answer = grader.reference(question.answer, sized, "answer")
    if question.type == "shape":
        ok = tuple(int(d) if d.is_Integer else d for d in answer) == tuple(computed)
    elif question.type == "numeric":
        ok = grader.same(float(computed), answer, question)
    elif question.type == "integer":
        ok = computed == answer
    else:
        return [f"checks are for integer, numeric and shape questions, not {question.type}"]
    return [] if ok else [f"the reference gives {computed}, the answer says {grader.show(answer)}"]


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
    problems: list[str] = []
    for name, values in question.params.items():
        if not values or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            problems.append(f"params {name!r} must be a non-empty list of numbers")
    if problems:
        return problems
    if "spec" in question.tags and not question.check:
        problems.append("tagged 'spec' but has no check")
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
            errors = validate_quiz(load_yaml(path), path)
        except QuizFileError as error:
            problems.append(str(error))
            continue
        if errors:
            problems += [str(error) for error in errors]
            continue
        problems += lint_quiz(load_quiz(path), reference)
    return problems

