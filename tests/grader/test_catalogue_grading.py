"""Every catalogue variant, turned into a real submission and graded through the sandbox:

- a wrong variant fails at least one check of its exercise, is named by its own name, and no failed check names a
  different mistake (a check may instead fail with the learner's exception, or a missing contract ValueError, which
  the variants do not bother to raise);
- the correct alternatives get full marks (several alternatives of different functions share one submission).

A submission is solutions/ with the exercise's module extended by the variant's source, graded on that exercise only.
"""
import shutil
from pathlib import Path

import pytest

import course
from grader import catalogue
from grader.api import grade

pytestmark = pytest.mark.slow

SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"
ALLOWED_OTHER_FAILURES = {"missing_value_error"}


def make_submission(folder: Path, exercise: str, *chosen: catalogue.Variant) -> Path:
    folder.mkdir(parents=True)
    for module in SOLUTIONS.glob("*.py"):
        shutil.copy(module, folder / module.name)
    target = folder / f"{exercise}.py"
    target.write_text(catalogue.submission_module(target.read_text(encoding="utf-8"), *chosen), encoding="utf-8")
    return folder


def alternative_rounds(exercise: str) -> list[list[catalogue.Variant]]:
    """The exercise's alternatives packed into few submissions, each replacing a function at most once."""
    rounds: list[list[catalogue.Variant]] = []
    for variant in catalogue.variants(exercise, correct=True):
        slot = next((r for r in rounds if all(v.function != variant.function for v in r)), None)
        if slot is None:
            rounds.append(slot := [])
        slot.append(variant)
    return rounds


@pytest.mark.parametrize("variant", catalogue.variants(correct=False), ids=lambda v: v.label)
def test_wrong_variant_fails_and_is_named(variant, tmp_path):
    report = grade(make_submission(tmp_path / "sub", variant.exercise, variant), exercises=[variant.exercise])
    failed = [check for check in report.checks if not check.passed]
    assert failed, f"{variant.label} passed every check of its exercise"
    names = {check.id: (check.diagnosis or "").split(":")[0] for check in failed}
    assert variant.name in names.values(), f"{variant.label} was never named; diagnoses: {names}"
    wrongly_named = {check.id: names[check.id] for check in failed
                     if names[check.id] not in {variant.name, *ALLOWED_OTHER_FAILURES} and check.error is None}
    assert not wrongly_named, f"{variant.label}: checks that name another mistake: {wrongly_named}"


@pytest.mark.parametrize("exercise", course.NAMES)
def test_correct_alternatives_get_full_marks(exercise, tmp_path):
    for index, chosen in enumerate(alternative_rounds(exercise)):
        report = grade(make_submission(tmp_path / f"round{index}", exercise, *chosen), exercises=[exercise])
        failed = {check.id: check.message for check in report.checks if not check.passed}
        assert report.checks and not failed, f"alternatives {[v.name for v in chosen]} lost points: {failed}"
