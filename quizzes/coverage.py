"""The coverage map, ``bank/_coverage.yaml``: which bank items cover each point of the exam checklist of note 000
and each drill of note 001, part by part, and which of them have answers lint recomputes with the reference."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .loader import QuizFileError, line_of, load_yaml
from .model import BANK_DIR, Quiz
from .schema import coverage_schema, validate

COVERAGE_FILE = BANK_DIR / "_coverage.yaml"


@dataclass(frozen=True)
class Entry:
    """One checklist point ("checklist 5") or drill ("drill §3 D2") and the items covering it."""
    name: str
    about: str
    parts: dict[str, tuple[str, ...]]
    computed: tuple[str, ...]
    line: int

    @property
    def items(self) -> set[str]:
        return {key for keys in self.parts.values() for key in keys} | set(self.computed)


def load_coverage(path: Path = COVERAGE_FILE) -> list[Entry]:
    """The entries of the coverage map; ``QuizFileError`` (file and line) if it is malformed."""
    data = load_yaml(path)
    errors = validate(data, coverage_schema(), path)
    if errors:
        raise errors[0]
    entries = []
    for kind, key in (("checklist", "point"), ("drills", "drill")):
        for raw in data[kind]:
            name = f"checklist {raw[key]}" if kind == "checklist" else f"drill {raw[key]}"
            entries.append(Entry(name, raw["about"], {part: tuple(keys) for part, keys in raw["parts"].items()},
                                 tuple(raw["computed"]), line_of(raw)))
    return entries


def coverage_problems(quizzes: list[Quiz], path: Path = COVERAGE_FILE) -> list[str]:
    """Items the map names that do not exist, and `computed` items that are not numbers or shapes checked against
    the reference (a self-contained ``formula`` does not count), as ``file:line: message``."""
    try:
        entries = load_coverage(path)
    except QuizFileError as error:
        return [str(error)]
    questions = {q.key: q for quiz in quizzes for q in quiz.questions}
    problems = []
    for entry in entries:
        where = f"{path}:{entry.line}: {entry.name}: "
        problems += [f"{where}no item {key!r} in the bank" for key in sorted(entry.items) if key not in questions]
        for key in entry.computed:
            question = questions.get(key)
            if question and not (question.kind.computed and question.check and "formula" not in question.check):
                problems.append(f"{where}{key!r} is listed as computed but its answer is not checked against "
                                "reference/ (it needs a config, module or call check)")
    return problems
