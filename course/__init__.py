"""The course as data: which exercises exist, in which order, and what each one asks for.

    import course
    course.NAMES                      # ('bpe', 'embeddings', ..., in teaching order)
    course.get("softmax").functions   # (Function('softmax_cols', 7),)
    course.number("softmax")          # 3: its position, derived, never written by hand
    course.CODED                      # the exercises whose functions the learner writes (all but the capstone)

The list itself is `course.registry`; `course.markers` parses solution markers and `course.files` finds the course's
files. This package imports nothing else of the project, so every other part can read it.
"""
from __future__ import annotations

import textwrap

from .model import Exercise, Function
from .registry import EXERCISES

NAMES: tuple[str, ...] = tuple(exercise.name for exercise in EXERCISES)
CODED: tuple[str, ...] = tuple(exercise.name for exercise in EXERCISES if exercise.writes_code)  # stub, model answer
_BY_NAME = {exercise.name: exercise for exercise in EXERCISES}

__all__ = ["CODED", "EXERCISES", "NAMES", "Exercise", "Function", "get", "lesson_text", "number", "order_key"]


def _check(exercises: tuple[Exercise, ...]) -> None:
    """Rules across entries: names unique, an exercise builds only on exercises taught before it."""
    seen: list[str] = []
    for exercise in exercises:
        if exercise.name in seen:
            raise ValueError(f"course registry: exercise {exercise.name!r} is listed twice")
        later = [name for name in exercise.builds_on if name not in seen]
        if later:
            raise ValueError(f"course registry: {exercise.name!r} builds on {later}, which must come before it")
        seen.append(exercise.name)


_check(EXERCISES)


def get(name: str) -> Exercise:
    """The exercise called `name`; ValueError listing the course's exercises otherwise."""
    if name not in _BY_NAME:
        raise ValueError(f"unknown exercise {name!r}; the course has {', '.join(NAMES)}")
    return _BY_NAME[name]


def number(name: str) -> int:
    """An exercise's number: its position in the course, from 1."""
    return NAMES.index(get(name).name) + 1


def order_key(name: str) -> tuple[int, str]:
    """Sort key: the course's exercises in teaching order, any other name after them, alphabetically."""
    return (NAMES.index(name) if name in _BY_NAME else len(NAMES), name)


def lesson_text(name: str) -> str:
    """An exercise's lesson as learners read it (the stub's docstring, the notebook's first cell): number and title,
    difficulty and time, the lesson's sections, then the hint ladder."""
    exercise = get(name)
    note = f" ({exercise.difficulty_note})" if exercise.difficulty_note else ""
    hints = [f"    {number}. " + "\n       ".join(textwrap.wrap(hint, width=113, break_on_hyphens=False))
             for number, hint in enumerate(exercise.hints, start=1)]
    return (f"Exercise {number(name)} · {exercise.title}\n\n"
            f"Difficulty: {exercise.stars}{note} · Time: about {exercise.minutes} minutes\n\n"
            f"{exercise.lesson.rstrip()}\n\nHints (one at a time)\n" + "\n".join(hints) + "\n")
