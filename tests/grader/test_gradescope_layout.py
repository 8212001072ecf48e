"""The Gradescope bundle, run as Gradescope runs it.

Gradescope unzips the autograder into /autograder/source, runs `setup.sh` there once (as root) to build the image,
copies `run_autograder` to /autograder/run_autograder, and for each submission puts the student's files in
/autograder/submission, runs /autograder/run_autograder and reads /autograder/results/results.json. Here the root is a
temporary folder (AUTOGRADER_ROOT), `setup.sh` skips apt-get and reaches torch and the other dependencies already
installed in this environment (ATTN_SYSTEM_PACKAGES=skip, ATTN_THIRD_PARTY; any network access is pointed at a dead
proxy), and otherwise both scripts are the bundle's own. A right, a wrong and a broken submission are graded; each
results.json must follow Gradescope's documented format (the schema below, written from Gradescope's "Autograder
Specifications": https://gradescope-autograders.readthedocs.io/en/latest/specs/) and say what happened.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import jsonschema
import pytest

import course
from course import files
from grader.cli import gradescope_bundle_main

pytestmark = pytest.mark.slow

FORMATS = ["text", "html", "simple_format", "md", "ansi"]
VISIBILITY = ["hidden", "after_due_date", "after_published", "visible"]
TEST = {
    "type": "object",
    "properties": {
        "score": {"type": "number"},
        "max_score": {"type": "number"},
        "status": {"enum": ["passed", "failed"]},
        "name": {"type": "string"},
        "name_format": {"enum": FORMATS},
        "number": {"type": "string"},
        "output": {"type": "string"},
        "output_format": {"enum": FORMATS},
        "tags": {"type": "array", "items": {"type": "string"}},
        "visibility": {"enum": VISIBILITY},
        "extra_data": {"type": "object"},
    },
    "additionalProperties": False,
}
RESULTS_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "score": {"type": "number"},
        "execution_time": {"type": "number"},
        "output": {"type": "string"},
        "output_format": {"enum": FORMATS},
        "test_output_format": {"enum": FORMATS},
        "test_name_format": {"enum": FORMATS},
        "visibility": {"enum": VISIBILITY},
        "stdout_visibility": {"enum": VISIBILITY},
        "extra_data": {"type": "object"},
        "tests": {"type": "array", "items": TEST},
        "leaderboard": {"type": "array", "items": {
            "type": "object", "required": ["name", "value"],
            "properties": {"name": {"type": "string"}, "value": {"type": ["number", "string"]},
                           "order": {"enum": ["asc", "desc"]}}}},
    },
    "additionalProperties": False,
    # The score is given for the whole submission, or on every test.
    "anyOf": [{"required": ["score"]},
              {"required": ["tests"], "properties": {"tests": {"items": {"required": ["score"]}}}}],
}
WRONG_SOFTMAX = "\n\ndef softmax_cols(scores):  # normalises each row: the later definition wins\n" \
                "    return torch.softmax(scores, dim=-1)\n"
BROKEN_SOFTMAX = "def softmax_cols(scores:\n    return scores\n"


@pytest.fixture(scope="module")
def autograder(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The bundle unpacked and set up in a temporary /autograder: (root, the environment the scripts run with)."""
    root = tmp_path_factory.mktemp("gradescope") / "autograder"
    bundle = root.parent / "autograder.zip"
    assert gradescope_bundle_main(["--out", str(bundle), "--timeout", "10"]) == 0
    source = root / "source"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(source)
        for info in archive.infolist():  # zipfile drops the modes Gradescope keeps: executables stay executable
            (source / info.filename).chmod(info.external_attr >> 16 & 0o777)
    dead = "http://127.0.0.1:9"  # nothing listens there: a download would fail loudly
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ATTN_SYSTEM_PACKAGES": "skip",
           "ATTN_THIRD_PARTY": sysconfig.get_paths()["purelib"], "PIP_NO_INDEX": "1", "http_proxy": dead,
           "https_proxy": dead, "HTTP_PROXY": dead, "HTTPS_PROXY": dead,
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])}
    for name in ("PYTHONPATH", "VIRTUAL_ENV"):
        env.pop(name, None)
    done = subprocess.run(["bash", "./setup.sh"], cwd=source, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"setup.sh failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    shutil.copy2(source / "run_autograder", root / "run_autograder")  # where Gradescope runs it from
    return root, env


def grade(autograder: tuple[Path, dict[str, str]], modules: dict[str, str]) -> dict:
    """Hand in `modules` (file name -> text), run run_autograder, return the validated results.json."""
    root, env = autograder
    shutil.rmtree(root / "submission", ignore_errors=True)
    shutil.rmtree(root / "results", ignore_errors=True)
    (root / "submission").mkdir()
    (root / "results").mkdir()
    for name, text in modules.items():
        (root / "submission" / name).write_text(text)
    assert os.stat(root / "run_autograder").st_mode & stat.S_IXUSR
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, f"run_autograder failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, RESULTS_SCHEMA)
    tests = results["tests"]
    assert len({test["name"] for test in tests}) == len(tests), "two tests with one name"
    assert all(0 <= test["score"] <= test["max_score"] for test in tests)
    assert results["score"] == pytest.approx(sum(test["score"] for test in tests))
    assert all((test["status"] == "passed") == (test["score"] == test["max_score"]) for test in tests)
    return results


def model_answers() -> dict[str, str]:
    return {f"{name}.py": files.solution(name).read_text() for name in course.CODED}


def by_exercise(results: dict) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for test in results["tests"]:
        grouped.setdefault(test["tags"][0], []).append(test)
    return grouped


def test_setup_installs_the_course_into_its_own_environment_offline(autograder):
    root, env = autograder
    probe = subprocess.run([str(root / "venv" / "bin" / "python"), "-c",
                            "import grader, sys; print(grader.__file__, sys.prefix)"],
                           cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert probe.returncode == 0 and str(root / "venv") in probe.stdout, probe.stderr[-2000:]


def test_a_right_submission_gets_full_marks(autograder):
    results = grade(autograder, model_answers())
    maximum = sum(function.points for exercise in course.EXERCISES for function in exercise.functions)
    assert maximum > 0 and results["score"] == pytest.approx(maximum)
    assert set(by_exercise(results)) == set(course.NAMES)
    assert all(test["status"] == "passed" for test in results["tests"])


def test_a_wrong_submission_loses_the_points_of_its_mistake_and_is_told_why(autograder):
    modules = model_answers()
    modules["softmax.py"] += WRONG_SOFTMAX
    results = grade(autograder, modules)
    grouped = by_exercise(results)
    softmax_failed = [test for test in grouped["softmax"] if test["status"] == "failed"]
    assert softmax_failed and 0 < results["score"] < sum(test["max_score"] for test in results["tests"])
    assert all(test["output"].strip() for test in softmax_failed), "a failed test must say what went wrong"
    assert any("Diagnosis:" in test["output"] for test in softmax_failed), softmax_failed[0]["output"]
    assert all(test["status"] == "passed" for test in grouped["bpe"] + grouped["embeddings"]), \
        "exercises that do not use softmax lost points"


def test_a_broken_submission_is_graded_and_says_it_does_not_import(autograder):
    modules = model_answers()
    modules["softmax.py"] = BROKEN_SOFTMAX
    results = grade(autograder, modules)
    grouped = by_exercise(results)
    assert grouped["softmax"] and all(test["score"] == 0 for test in grouped["softmax"])
    assert any("SyntaxError" in test["output"] or "import" in test["output"] for test in grouped["softmax"]), \
        grouped["softmax"][0]["output"]
    assert all(test["status"] == "passed" for test in grouped["bpe"]), "a module that does not import cost others"
