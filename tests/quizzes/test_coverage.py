"""Every point of the exam checklist (note 000) and every drill (note 001) is covered by bank items, part by part,
with at least one answer the linter recomputes with the reference; the map lives in quizzes/bank/_coverage.yaml."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from quizzes.coverage import COVERAGE_FILE, coverage_problems, load_coverage
from quizzes.model import load_bank

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
CHECKLIST_NOTE = SEEDS / "000_9801c9b941101b20.txt"
DRILL_NOTE = SEEDS / "001_d7a5c03d5a11fc3e.txt"
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}


def seed_text(path: Path) -> str:
    assert path.exists(), f"the lecture notes are missing: {path} (CI has ../shared beside the project)"
    return path.read_text(encoding="utf-8")


def checklist_points() -> dict[int, str]:
    """Point number -> its text, from the exam checklist at the end of note 000."""
    tail = seed_text(CHECKLIST_NOTE).split("Exam-readiness checklist", 1)[1]
    return {int(number): text for number, text in re.findall(r"^\s*(\d+)\.\s+(.*)$", tail, re.M)}


def drill_names() -> list[str]:
    """'§3 D2' for drill D2 of section 3 of note 001, in order."""
    names, section = [], None
    for line in seed_text(DRILL_NOTE).splitlines():
        if heading := re.match(r"^(\d+)\. \S", line):
            section = int(heading.group(1))
        if drill := re.match(r"^D(\d+) · ", line):
            names.append(f"§{section} D{drill.group(1)}")
    return names


def uncovered(entries, points: dict[int, str], drills: list[str]) -> list[str]:
    """Checklist points and drills of the notes that the map does not list."""
    listed = {entry.name for entry in entries}
    wanted = [f"checklist {n}" for n in points] + [f"drill {name}" for name in drills]
    return [name for name in wanted if name not in listed]


def numbers_in(text: str) -> list[float]:
    """Numbers in prose: 1,024 and 37K and 3.3 billion and 175e9 (LaTeX braces and brackets removed first)."""
    text = re.sub(r"\\[()]|[{}]", "", str(text))
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    found = [float(m.group(1)) * 10 ** int(m.group(2)) for m in re.finditer(r"(\d+(?:\.\d+)?)e(\d+)", text)]
    for match in re.finditer(r"(\d+(?:\.\d+)?)\s?(k|m|b|thousand|million|billion)?(?![a-z0-9])", text, re.I):
        found.append(float(match.group(1)) * _SCALE.get((match.group(2) or "").lower(), 1))
    return found


def item_numbers(question) -> list[float]:
    """Every number an item shows in any of its variants (texts, parameters, answers)."""
    texts = [question.prompt, question.explanation, question.answer, *question.hints, *question.choices,
             *map(str, question.misconceptions), *question.misconceptions.values()]
    numbers = []
    for variant in question.all_variants():
        numbers += [float(v) for v in variant.params.values()]
        numbers += [n for text in texts for n in numbers_in(variant.render(str(text)))]
    return numbers


@pytest.fixture(scope="module")
def entries():
    return load_coverage()


@pytest.fixture(scope="module")
def bank():
    return load_bank()


def test_the_notes_have_18_points_and_16_drills():
    assert sorted(checklist_points()) == list(range(1, 19))
    assert len(drill_names()) == 16, drill_names()


def test_every_point_and_drill_of_the_notes_is_in_the_map(entries):
    assert uncovered(entries, checklist_points(), drill_names()) == []
    names = [entry.name for entry in entries]
    assert len(names) == len(set(names)) == 18 + 16, "each point and drill is listed once"


def test_every_listed_item_exists_and_computed_ones_are_checked_against_the_reference(entries, bank):
    assert coverage_problems(bank) == []
    for entry in entries:
        assert entry.computed, f"{entry.name}: no item with a computed answer"
        assert all(keys for keys in entry.parts.values()), f"{entry.name}: a part without items"


def test_every_number_of_a_checklist_point_appears_in_the_items_that_cover_it(entries, bank):
    """'24 layers, 16 heads, dim 64, 512 tokens, batch 256, 3.3B-word corpus' is covered in full only if each of
    these numbers is taught by an item mapped to that point (to 2.5 %: the notes round 37,888 to 37K)."""
    questions = {q.key: q for quiz in bank for q in quiz.questions}
    points = checklist_points()
    for entry in entries:
        if not entry.name.startswith("checklist "):
            continue
        text = points[int(entry.name.split()[1])]
        taught = [n for key in entry.items for n in item_numbers(questions[key])]
        for number in numbers_in(text):
            if number < 3:  # t_1, n ≥ 2, weights summing to 1: notation rather than facts
                continue
            assert any(abs(n - number) <= 0.025 * number for n in taught), (
                f"{entry.name}: the notes' figure {number:g} appears in none of its items")


def test_a_map_that_drops_a_point_or_a_drill_fails(tmp_path, bank):
    text = COVERAGE_FILE.read_text(encoding="utf-8")
    dropped = re.sub(r"  - point: 7\n(    .*\n)+", "", text, count=1)
    dropped = re.sub(r'  - drill: "§5 D2"\n(    .*\n)+', "", dropped, count=1)
    path = tmp_path / "_coverage.yaml"
    path.write_text(dropped, encoding="utf-8")
    assert uncovered(load_coverage(path), checklist_points(), drill_names()) == ["checklist 7", "drill §5 D2"]


def test_a_map_naming_a_missing_or_unchecked_item_fails(tmp_path, bank):
    path = tmp_path / "_coverage.yaml"
    shutil.copy(COVERAGE_FILE, path)
    text = path.read_text(encoding="utf-8")
    text = text.replace("computed: [self-attention/fc-input-size, transformer-layer/ffn-shared-count]",
                        "computed: [self-attention/no-such-item, tokens-embeddings/utf8-bytes]")
    path.write_text(text, encoding="utf-8")
    problems = coverage_problems(bank, path)
    assert any("checklist 1: no item 'self-attention/no-such-item'" in p for p in problems), problems
    assert any("'tokens-embeddings/utf8-bytes' is listed as computed but" in p for p in problems), problems
