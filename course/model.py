"""What an exercise is: the fields of one entry of the course registry (`course.registry`)."""
from __future__ import annotations

import re
from dataclasses import dataclass

NAME = re.compile(r"[a-z][a-z0-9_]*")
SECTION = re.compile(r"^[A-Z][^\n]*$")  # a lesson section heading: an unindented line; its body is indented


@dataclass(frozen=True)
class Function:
    """A function the learner writes. `points` is what its hidden checks are worth together (their weights split
    it); 0 for a helper that is graded only through the functions that call it."""

    name: str
    points: float

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"function name: expected a Python identifier in snake_case, got {self.name!r}")
        if isinstance(self.points, bool) or not isinstance(self.points, (int, float)) or self.points < 0:
            raise ValueError(f"{self.name}: points must be a number >= 0, got {self.points!r}")


@dataclass(frozen=True)
class Exercise:
    """One exercise: the module `solutions/<name>.py` (model answer), `exercises/<name>.py` (its generated stub),
    `exercises/tests/test_<name>.py` (visible tests) and `grader/exercises/<name>/` (hidden suite and catalogue).

    `lesson` is the stub's and the notebook's lesson: sections whose heading is an unindented line and whose body is
    indented by four spaces. `hints` are shown one at a time by the board. `builds_on` names the earlier exercises
    whose functions the model answer (or the `given_module`) imports; `quiz_topics` the quizzes
    (`quizzes/bank/<topic>.yaml`) that go with it.

    `given_module` marks an exercise with no code to write (the capstone): its functions are course code, the module
    named there (a file found through the installed packages, e.g. "capstone.assembly"), which the hidden suite places
    beside the learner's modules and runs on their functions. Such an exercise has no model answer and no stub; its
    checks grade how the learner's other functions work together.
    """

    name: str
    title: str
    summary: str
    difficulty: int
    minutes: int
    functions: tuple[Function, ...]
    lesson: str
    hints: tuple[str, ...]
    builds_on: tuple[str, ...] = ()
    quiz_topics: tuple[str, ...] = ()
    difficulty_note: str = ""
    given_module: str = ""

    def __post_init__(self) -> None:
        where = f"exercise {self.name!r}"
        if not NAME.fullmatch(self.name):
            raise ValueError(f"exercise name: expected a Python module name in snake_case, got {self.name!r}")
        if not self.title.strip() or "\n" in self.title or not self.summary.strip():
            raise ValueError(f"{where}: title and summary must be one non-empty line each")
        if self.difficulty not in (1, 2, 3):
            raise ValueError(f"{where}: difficulty must be 1, 2 or 3 (stars), got {self.difficulty!r}")
        if isinstance(self.minutes, bool) or not isinstance(self.minutes, int) or self.minutes <= 0:
            raise ValueError(f"{where}: minutes must be a positive integer, got {self.minutes!r}")
        names = [function.name for function in self.functions]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"{where}: functions must be a non-empty list without repeats, got {names}")
        if not any(function.points > 0 for function in self.functions):
            raise ValueError(f"{where}: at least one function must carry points")
        for line in self.lesson.splitlines():
            if line.strip() and not (SECTION.match(line) or line.startswith("    ")):
                raise ValueError(f"{where}: lesson line {line!r} is neither a section heading nor indented by 4")
        if not self.hints or any(not hint.strip() for hint in self.hints):
            raise ValueError(f"{where}: give at least one hint, none empty")

    @property
    def writes_code(self) -> bool:
        """Whether the learner writes this exercise's functions (False for a `given_module` exercise)."""
        return not self.given_module

    @property
    def points(self) -> float:
        return sum(function.points for function in self.functions)

    @property
    def stars(self) -> str:
        return "★" * self.difficulty + "☆" * (3 - self.difficulty)

    def function(self, name: str) -> Function:
        for function in self.functions:
            if function.name == name:
                return function
        raise KeyError(f"exercise {self.name!r} has no function {name!r}; it has {[f.name for f in self.functions]}")
