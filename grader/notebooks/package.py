"""Grade modules built from notebooks: write them as a package and run the isolated grader on it, once per content."""
from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

_RESULTS: dict[str, dict[str, object]] = {}  # hash of (modules, exercises) -> check id -> result


def grade_modules(modules: dict[str, str], exercises: list[str], hide: tuple[str | Path, ...] = (),
                  strict_composition: bool = False) -> dict[str, object]:
    """{exercise: module text} -> {check id: the grader's result} for `exercises`; the same content is graded once.
    `hide`: more paths the learner's code must not read (at autograde, the course folder: other learners' work)."""
    from grader.api import grade

    content = json.dumps([modules, sorted(exercises), strict_composition], sort_keys=True)
    key = hashlib.sha256(content.encode()).hexdigest()
    if key not in _RESULTS:
        with tempfile.TemporaryDirectory(prefix="notebook-submission-") as folder:
            for name, text in modules.items():
                (Path(folder) / f"{name}.py").write_text(text)
            report = grade(folder, exercises=sorted(exercises), hide=tuple(hide),
                           strict_composition=strict_composition)
        _RESULTS[key] = {result.id: result for result in report.checks}
    return _RESULTS[key]
