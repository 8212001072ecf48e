"""Quizzes and questions as loaded from the bank, and the seeded variant of a question one learner sees.

A question with ``params`` has one variant per combination of their values. Each learner (seed) gets their own
order of the combinations and meets the next one on each attempt, so a question that comes back for review comes
back with new numbers. Rendering ``{expr}`` placeholders needs exact arithmetic only, never sympy.
"""
from __future__ import annotations

import hashlib
import itertools
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from .expressions import FormatError, evaluate
from .loader import QuizFileError, line_of, load_yaml
from .question_types import TYPES, Outcome, QuestionType
from .schema import validate_quiz

BANK_DIR = Path(__file__).parent / "bank"
DEFAULT_ATTEMPTS = 2
_PLACEHOLDER = re.compile(r"\{([^{}\n]+)\}")


@dataclass(frozen=True)
class Question:
    """One question as written in YAML (see docs/quizzes.md); ``line`` is where it starts in its file."""
    quiz: str
    id: str
    type: str
    prompt: str
    answer: object
    explanation: str
    source: str
    line: int
    path: str
    accept: tuple = ()
    misconceptions: dict = field(default_factory=dict)
    hints: tuple[str, ...] = ()
    params: dict = field(default_factory=dict)
    check: dict | None = None
    tags: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    tolerance: dict = field(default_factory=dict)
    symbols: tuple[str, ...] = ()
    verbatim: str = ""
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def key(self) -> str:
        """``quiz/id``: how progress refers to this question."""
        return f"{self.quiz}/{self.id}"

    @property
    def kind(self) -> QuestionType:
        """The registered question type that reads, grades and shows this question."""
        return TYPES[self.type]

    def all_params(self) -> list[dict]:
        """Every combination of the parameter values (one empty dict when there are no params)."""
        names = list(self.params)
        return [dict(zip(names, values)) for values in itertools.product(*(self.params[n] for n in names))]

    def variant(self, seed: str, attempt: int = 0) -> "Variant":
        """The variant for ``seed`` (normally the user name) on its ``attempt``-th showing (0 = the first): the same
        seed and attempt always give the same variant, and successive attempts walk through every combination
        of the params in a seeded order before any repeats."""
        digest = hashlib.sha256(f"{seed}/{self.key}".encode()).digest()
        options = self.all_params()
        order = list(range(len(options)))
        random.Random(digest).shuffle(order)
        shuffle_key = random.Random(digest + attempt.to_bytes(4, "big")).random()
        return Variant(self, options[order[attempt % len(options)]], shuffle_key)

    def all_variants(self) -> list["Variant"]:
        """One variant per parameter combination (for lint)."""
        return [Variant(self, params, 0.0) for params in self.all_params()]


@dataclass(frozen=True)
class Variant:
    """A question with its parameters fixed; choices are rendered and shuffled by ``shuffle_key``."""
    question: Question
    params: dict
    shuffle_key: float

    def render(self, text: str) -> str:
        """Replace ``{name}`` by a parameter and ``{expr}`` by the value of an expression in the parameters;
        ``{expr:,}`` groups the digits of a whole number (``1,048,576``)."""
        if not self.params:
            return text

        def value(match: re.Match) -> str:
            inner = match.group(1).strip()
            grouped = inner.endswith(":,")
            inner = inner[:-2] if grouped else inner
            try:
                number = self.params[inner] if inner in self.params else evaluate(inner, self.params)
            except FormatError:
                return match.group(0)
            return format_number(number, grouped)

        return _PLACEHOLDER.sub(value, text)

    @property
    def prompt(self) -> str:
        return self.render(self.question.prompt)

    @property
    def choices(self) -> tuple[str, ...]:
        """The rendered choices in this learner's order."""
        rendered = [self.render(choice) for choice in self.question.choices]
        random.Random(self.shuffle_key).shuffle(rendered)
        return tuple(rendered)

    def grade(self, text: str) -> Outcome:
        """Grade learner ``text`` (``FormatError`` when it cannot be read, which costs no attempt)."""
        return self.question.kind.grade(self, text)

    def answer_text(self) -> str:
        """The right answer as shown to the learner."""
        return self.question.kind.answer_text(self)


def format_number(number: object, grouped: bool = False) -> str:
    """A whole number without a decimal point (``64``, or ``1,048,576`` when ``grouped``), others to 6 digits."""
    if isinstance(number, float) and number.is_integer() and abs(number) < 1e15:
        number = int(number)
    if isinstance(number, Fraction) and number.denominator == 1:
        number = number.numerator
    if isinstance(number, int):
        return f"{number:,}" if grouped else str(number)
    return f"{float(number):.6g}"


@dataclass(frozen=True)
class Quiz:
    name: str
    title: str
    topic: str
    questions: tuple[Question, ...]
    path: str
    attempts: int = DEFAULT_ATTEMPTS

    def question(self, qid: str) -> Question:
        for question in self.questions:
            if question.id == qid:
                return question
        raise KeyError(f"quiz {self.name!r} has no question {qid!r}")


def _question(quiz: str, raw: dict, path: Path) -> Question:
    return Question(
        quiz=quiz, id=raw["id"], type=raw["type"], prompt=raw["prompt"], answer=raw["answer"],
        explanation=raw["explanation"], source=raw["source"], line=line_of(raw), path=str(path),
        accept=tuple(raw.get("accept", ())),
        misconceptions={str(k): v for k, v in raw.get("misconceptions", {}).items()},
        hints=tuple(raw.get("hints", ())), params=dict(raw.get("params", {})), check=raw.get("check"),
        tags=tuple(raw.get("tags", ())), choices=tuple(raw.get("choices", ())),
        tolerance=dict(raw.get("tolerance", {})), symbols=tuple(raw.get("symbols", ())),
        verbatim=raw.get("verbatim", ""), raw=raw)


def parse_quiz(data: dict, path: str | Path) -> Quiz:
    """A Quiz from the loaded YAML of a file that passed ``validate_quiz``."""
    path = Path(path)
    questions = tuple(_question(path.stem, raw, path) for raw in data["questions"])
    return Quiz(name=path.stem, title=data["title"], topic=data["topic"], questions=questions, path=str(path),
                attempts=data.get("attempts", DEFAULT_ATTEMPTS))


def load_quiz(path: str | Path) -> Quiz:
    """Load and schema-check one quiz file; raises ``QuizFileError`` (the first problem) if it is malformed."""
    data = load_yaml(path)
    errors = validate_quiz(data, path)
    if errors:
        raise errors[0]
    return parse_quiz(data, path)


def bank_files(directory: Path = BANK_DIR) -> list[Path]:
    """The quiz files of the bank, by name; files starting with ``_`` hold other bank data (the coverage map)."""
    return sorted(path for path in directory.glob("*.yaml") if not path.name.startswith("_"))


def load_bank(directory: Path = BANK_DIR) -> list[Quiz]:
    """Every quiz in the bank directory, sorted by file name."""
    return [load_quiz(path) for path in bank_files(directory)]


def find_quiz(name: str, directory: Path = BANK_DIR) -> Quiz:
    """A bank quiz by name (file stem), or a quiz file by path."""
    if Path(name).suffix in {".yaml", ".yml"} and Path(name).exists():
        return load_quiz(name)
    path = directory / f"{name}.yaml"
    if not path.exists():
        known = ", ".join(p.stem for p in bank_files(directory))
        raise KeyError(f"no quiz named {name!r} (available: {known})")
    return load_quiz(path)


__all__ = ["Question", "Variant", "Quiz", "QuizFileError", "load_quiz", "parse_quiz", "load_bank", "find_quiz",
           "bank_files", "format_number"]
