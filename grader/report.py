"""A graded submission: per-check results, per-exercise totals, and the text / JSON / Gradescope renderings.

Reports are deterministic: checks are sorted (exercise in course order, then id) and the only field that changes
between two gradings of the same submission is `graded_at`.
"""
from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import course


NOT_RUN = "not_run"   # a check's `error` when --fail-fast skipped it: its function had failed an earlier check


@dataclass(frozen=True)
class CheckResult:
    """One hidden check. `error` is how the learner's code failed (a LearnerError kind, "todo" for a stub, or
    NOT_RUN), None when it ran and the comparison decided."""

    id: str
    exercise: str
    points: float
    max: float
    passed: bool
    message: str = ""
    diagnosis: str | None = None
    error: str | None = None
    function: str = ""  # the function of the exercise the check grades
    substituted: list[str] = field(default_factory=list)  # earlier functions replaced by correct ones while it ran


@dataclass(frozen=True)
class ExerciseTotal:
    exercise: str
    points: float
    max: float
    failed: list[CheckResult]
    hint: str | None



# Control characters other than newline and tab (ESC and the C1 set included): learner text in a report (an
# exception's message) must not move a terminal's cursor, clear its screen or hide lines.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` with every control character but newline and tab shown as an escape (\\x1b), never acted on."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", text)

def total(points: Iterable[float]) -> float:
    """A sum of check points: a function's points split between its checks add up to them again (7, not
    6.999999999999999)."""
    return round(math.fsum(points), 9)


@dataclass
class Report:
    submission: str
    checks: list[CheckResult]
    isolation: dict = field(default_factory=dict)
    sha256: str = ""
    graded_at: str = ""

    def __post_init__(self) -> None:
        self.checks = sorted(self.checks, key=lambda c: (*course.order_key(c.exercise), c.id))

    @property
    def score(self) -> float:
        return total(check.points for check in self.checks)

    @property
    def max_score(self) -> float:
        return total(check.max for check in self.checks)

    def exercises(self) -> list[ExerciseTotal]:
        names = sorted({check.exercise for check in self.checks}, key=course.order_key)
        totals = []
        for name in names:
            checks = [check for check in self.checks if check.exercise == name]
            failed = [check for check in checks if not check.passed]
            totals.append(ExerciseTotal(name, total(c.points for c in checks), total(c.max for c in checks), failed,
                                        hint_for(name, failed)))
        return totals

    # ---------------------------------------------------------------------------------------------- renderings

    def to_dict(self) -> dict:
        return {
            "submission": self.submission,
            "sha256": self.sha256,
            "graded_at": self.graded_at,
            "score": self.score,
            "max_score": self.max_score,
            "isolation": self.isolation,
            "exercises": [{"exercise": t.exercise, "score": t.points, "max": t.max, "hint": t.hint}
                          for t in self.exercises()],
            "checks": [asdict(check) for check in self.checks],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Report:
        data = json.loads(text)
        return cls(submission=data["submission"], checks=[CheckResult(**check) for check in data["checks"]],
                   isolation=data.get("isolation", {}), sha256=data.get("sha256", ""),
                   graded_at=data.get("graded_at", ""))

    def to_text(self) -> str:
        lines = [f"Submission: {self.submission}", f"Score: {_number(self.score)} / {_number(self.max_score)}"]
        lines += [f"Warning: {warning}" for warning in self.isolation.get("warnings", [])]
        for total in self.exercises():
            mark = "ok" if not total.failed else "--"
            lines += ["", f"[{mark}] {total.exercise}: {_number(total.points)} / {_number(total.max)}"]
            for check in total.failed:
                if check.error != NOT_RUN:
                    lines.append(f"    FAILED {check.id} ({_number(check.max)} pt)")
                    lines += [f"        {line}" for line in check.message.splitlines()[:8]]
            not_run = Counter(check.function for check in total.failed if check.error == NOT_RUN)
            lines += [f"    NOT RUN: {count} more check{'s' if count > 1 else ''} of {function} (--fail-fast: it "
                      "failed a check above)" for function, count in not_run.items()]
            diagnoses = Counter(check.diagnosis for check in total.failed if check.diagnosis)
            for diagnosis, count in diagnoses.items():  # each named mistake once, in order of first appearance
                where = f" ({count} checks)" if count > 1 else ""
                first, *rest = diagnosis.splitlines()
                lines += [f"    Diagnosis{where}: {first}", *(f"        {line}" for line in rest)]
            lines += [f"    {line}" for line in substitution_lines(total, self.checks)]
            if total.hint:
                lines.append(f"    Hint: {total.hint}")
        return printable("\n".join(lines)) + "\n"

    def to_gradescope(self) -> dict:
        """Gradescope's results.json: one test per check, tagged with its exercise."""
        tests = []
        for number, check in enumerate(self.checks, 1):
            output = check.message + (f"\nDiagnosis: {check.diagnosis}" if check.diagnosis else "")
            tests.append({"number": str(number), "name": check.id, "score": check.points, "max_score": check.max,
                          "status": "passed" if check.passed else "failed", "output": output,
                          "tags": [check.exercise], "visibility": "visible"})
        summary = [f"{t.exercise}: {_number(t.points)} / {_number(t.max)}" + (f" - {t.hint}" if t.hint else "")
                   for t in self.exercises()]
        summary += [f"Warning: {warning}" for warning in self.isolation.get("warnings", [])]
        return {"score": self.score, "output": "\n".join(summary), "visibility": "visible",
                "stdout_visibility": "hidden", "tests": tests}


def substitution_lines(total: ExerciseTotal, checks: list[CheckResult]) -> list[str]:
    """What the grade of an exercise owes to earlier functions replaced by correct ones (a mistake costs once)."""
    substituted = sorted({name for check in checks if check.exercise == total.exercise for name in check.substituted})
    if not substituted:
        return []
    names = ", ".join(name.partition(".")[2] for name in substituted)
    one = len(substituted) == 1
    verdict = "it passes" if not total.failed else "it still fails on its own account: see the checks above"
    return [f"Your {names} {'fails its' if one else 'fail their'} own checks, so {total.exercise} was graded with "
            f"{'a correct one in its place' if one else 'correct ones in their place'}: {verdict}."]


def hint_for(exercise: str, failed: list[CheckResult]) -> str | None:
    """One next step for the learner, from how the exercise's checks failed."""
    if not failed:
        return None
    errors = {check.error for check in failed} - {NOT_RUN}
    if exercise in course.NAMES and not course.get(exercise).writes_code:
        return ("Nothing to write here: these checks run your functions of the other exercises together "
                "(docs/capstone.md). " + ("Some of them are still TODO: finish those first." if "todo" in errors else
                                         "The first failed check names where your model leaves the reference's."))
    if errors == {"todo"}:
        return f"Not started yet: fill in the TODOs in {exercise}.py (the stub raises NotImplementedError)."
    if "missing" in errors:
        return f"Part of {exercise} is missing from the submission: check the file and function names."
    if "import" in errors:
        return f"{exercise}.py does not import: fix the error shown above first, then the other checks can run."
    if errors & {"timeout", "memory", "crash"}:
        return f"Your {exercise} code hangs, crashes or uses too much memory on some inputs (see above)."
    from grader.diagnose import GENERIC  # imports torch: only needed once something failed

    named = {check.diagnosis.split(":", 1)[0] for check in failed if check.diagnosis}
    if named - GENERIC:
        return "Your output matches the known mistake named above: fix that and grade again."
    if named:
        return "The diagnosis above says how your output differs: start from the first failed check."
    where = f"the `{exercise}` section of docs/contract.md" if exercise in course.NAMES else "docs/contract.md"
    return f"Compare your {exercise} code with {where}, on the shapes and dtypes named in the failed checks."


def _number(value: float) -> str:
    return f"{value:g}"


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that readers see the old or the new content, never half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False,
                                     encoding="utf-8") as handle:
        handle.write(text)
        temporary = Path(handle.name)
    os.replace(temporary, path)
