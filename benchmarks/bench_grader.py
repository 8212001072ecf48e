"""How fast the isolated grader is.

1. One submission (solutions/), every hidden suite, in a fresh process: wall time of `python -m grader grade`, and
   its ratio to `python -c "import torch"` (the floor for any Python grader of torch code); also the CPU time of each
   (the process and its children: the grader's fork server imports torch a second time, in parallel), which is what
   decides the wall time when other jobs keep the cores busy. Also, in one process: a warm regrade, one round trip
   into the sandbox, and one worker start (fork + namespaces + privilege drop).
2. N generated submissions (a mix of correct, partly wrong and broken): throughput of `grade-all`.
3. The same submissions as notebooks, graded by `nbgrader autograde` on the course of `grader/notebooks` (when nbgrader
   and that course builder are installed): throughput, and the ratio to grade-all.

    OMP_NUM_THREADS=1 python benchmarks/bench_grader.py [--students 100] [--nbgrader-students 20] [--jobs 2]

The nbgrader run is long (a kernel per notebook), so it grades the first --nbgrader-students of the same mix and the
comparison is per submission. PYTHONDONTWRITEBYTECODE is removed from the environment, so that the project's
modules load from their .pyc files as on a learner's or instructor's machine (torch's come compiled with it).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"} | {
    "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
KINDS = ("correct", "partly_wrong", "untouched", "syntax_error", "crash")
WEIGHTS = (40, 35, 15, 5, 5)


def timed(args: list[str], cwd: Path = REPO) -> float:
    return timed_with_cpu(args, cwd)[0]


def timed_with_cpu(args: list[str], cwd: Path = REPO) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and every child it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


# -------------------------------------------------------------------------------------------- 1. one submission

def one_submission(runs: int) -> dict:
    import torch

    from grader.api import grade
    from grader.sandbox import Submission

    torch_runs, grade_runs = [], []
    timed([sys.executable, "-m", "grader", "grade", str(REPO / "solutions"), "--json"])  # writes the .pyc files
    for _ in range(runs):  # interleaved, so that both see the same load
        torch_runs.append(timed_with_cpu([sys.executable, "-c", "import torch"]))
        grade_runs.append(timed_with_cpu([sys.executable, "-m", "grader", "grade", str(REPO / "solutions"), "--json"]))
    torch_import, cold = min(wall for wall, _ in torch_runs), min(wall for wall, _ in grade_runs)
    torch_cpu, cold_cpu = min(cpu for _, cpu in torch_runs), min(cpu for _, cpu in grade_runs)
    grade(REPO / "solutions")  # starts this process's fork server and imports the suites
    start = time.perf_counter()
    report = grade(REPO / "solutions")
    warm = time.perf_counter() - start
    x = torch.randn(8, 8)
    with Submission(REPO / "solutions") as learner:
        learner.call("softmax", "softmax_cols", x)
        start = time.perf_counter()
        for _ in range(1000):
            learner.call("softmax", "softmax_cols", x)
        round_trip = (time.perf_counter() - start) / 1000
    starts = []
    for _ in range(20):
        with Submission(REPO / "solutions") as learner:
            start = time.perf_counter()
            learner.call("softmax", "softmax_cols", x)
            starts.append(time.perf_counter() - start)
    return {"checks": len(report.checks), "score": f"{report.score:g}/{report.max_score:g}",
            "isolation": report.isolation.get("mode"), "import_torch_s": torch_import, "grade_cold_s": cold,
            "ratio_to_import_torch": cold / torch_import, "import_torch_cpu_s": torch_cpu, "grade_cold_cpu_s": cold_cpu,
            "cpu_ratio_to_import_torch": cold_cpu / torch_cpu, "grade_warm_s": warm, "round_trip_ms": round_trip * 1e3,
            "worker_start_and_first_call_ms": statistics.median(starts) * 1e3}


# -------------------------------------------------------------------------------------------- the submissions

def exercises_with_suites() -> list[str]:
    from course import NAMES as EXERCISES
    from grader.api import suite_files

    present = {path.stem.removeprefix("test_") for path in suite_files()}
    return [name for name in EXERCISES if name in present]


def plan(students: int, exercises: list[str], seed: int = 0) -> list[tuple[str, str, dict[str, str]]]:
    """(student, kind, {exercise: module text}) for a deterministic mix; every module is learner-style text."""
    import course
    from grader.catalogue import submission_module, variants

    rng = random.Random(seed)
    exercises = [name for name in exercises if course.get(name).writes_code]  # the capstone has no module of its own
    solutions = {name: (REPO / "solutions" / f"{name}.py").read_text() for name in exercises}
    stubs = {name: (REPO / "exercises" / f"{name}.py").read_text() for name in exercises}
    wrong = [v for v in variants(correct=False) if v.exercise in exercises]
    kinds = [kind for kind, weight in zip(KINDS, WEIGHTS, strict=True) for _ in range(weight)]
    out = []
    for index in range(students):
        kind = kinds[index * len(kinds) // students]
        modules = dict(solutions)
        if kind == "partly_wrong":
            for variant in rng.sample(wrong, k=min(2, len(wrong))):
                modules[variant.exercise] = submission_module(modules[variant.exercise], variant)
        elif kind == "untouched":
            modules = dict(stubs)
        elif kind == "syntax_error":
            victim = rng.choice(exercises)
            modules[victim] = solutions[victim] + "\ndef broken(:\n"
        elif kind == "crash":
            victim = rng.choice(exercises)
            modules[victim] = solutions[victim] + "\nimport os\nos._exit(3)\n"
        out.append((f"student{index:03d}", kind, modules))
    return out


def write_folders(root: Path, submissions) -> Path:
    for student, _, modules in submissions:
        folder = root / student
        folder.mkdir(parents=True)
        for name, text in modules.items():
            (folder / f"{name}.py").write_text(text)
    return root


# -------------------------------------------------------------------------------------------- 2. grade-all

def grade_all(root: Path, jobs: int) -> dict:
    seconds, cpu = timed_with_cpu([sys.executable, "-m", "grader", "grade-all", str(root / "folders"), "--out",
                                   str(root / "grades.csv"), "--jobs", str(jobs), "--timeout", "5"])
    count = sum(1 for _ in (root / "folders").iterdir())
    return {"submissions": count, "jobs": jobs, "seconds": seconds, "per_submission_s": seconds / count,
            "cpu_per_submission_s": cpu / count}


# -------------------------------------------------------------------------------------------- 3. nbgrader

def nbgrader_autograde(root: Path, submissions, exercises: list[str]) -> dict | None:
    try:
        import nbformat

        from grader.notebooks.cells import split_module
        from grader.notebooks.course import build_course
    except ImportError as error:
        print(f"(skipping nbgrader: {error})")
        return None
    course, assignment = root / "course", "bench"
    build_course(course, assignment, exercises)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment, "--force"], cwd=course,
                   env=ENV, check=True, capture_output=True)
    release = course / "release" / assignment
    for student, _, modules in submissions:
        folder = course / "submitted" / student / assignment
        folder.mkdir(parents=True)
        for exercise in exercises:
            notebook = nbformat.read(release / f"{exercise}.ipynb", as_version=4)
            if exercise not in modules:  # the capstone: nothing to write, its checks run on the other notebooks
                nbformat.write(notebook, folder / f"{exercise}.ipynb")
                continue
            try:
                answers = {cell.cell_id: cell.source for cell in split_module(exercise, modules[exercise])
                           if cell.solution}
            except (SyntaxError, ValueError):  # a module that does not parse (or a stub): its text in one cell
                answers = {}
                first = next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("solution"))
                first.source = modules[exercise]
            for cell in notebook.cells:
                grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
                if grade_id in answers:
                    cell.source = answers[grade_id]
            nbformat.write(notebook, folder / f"{exercise}.ipynb")
    seconds, cpu = timed_with_cpu([sys.executable, "-m", "nbgrader", "autograde", assignment, "--force"], cwd=course)
    return {"submissions": len(submissions), "seconds": seconds, "per_submission_s": seconds / len(submissions),
            "cpu_per_submission_s": cpu / len(submissions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--nbgrader-students", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--runs", type=int, default=3, help="repetitions of the one-submission timings (best of)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()

    results = {"one_submission": one_submission(args.runs)}
    print(json.dumps(results, indent=2))
    if not args.students:  # the one-submission figures only
        return
    exercises = exercises_with_suites()
    submissions = plan(args.students, exercises)
    with tempfile.TemporaryDirectory(prefix="bench-grader-") as tmp:
        root = Path(tmp)
        write_folders(root / "folders", submissions)
        results["grade_all"] = grade_all(root, args.jobs)
        print(json.dumps(results["grade_all"], indent=2))
        if args.nbgrader_students and shutil.which("jupyter", path=ENV["PATH"]):
            results["nbgrader"] = nbgrader_autograde(root, submissions[:: max(1, args.students //
                                                                           args.nbgrader_students)], exercises)
            if results["nbgrader"]:
                results["speedup_vs_nbgrader"] = (results["nbgrader"]["per_submission_s"]
                                                  / results["grade_all"]["per_submission_s"])
                results["cpu_speedup_vs_nbgrader"] = (results["nbgrader"]["cpu_per_submission_s"]
                                                      / results["grade_all"]["cpu_per_submission_s"])
    results["exercises"] = exercises
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
