"""Time `nbgrader autograde` per submission on the nbgrader course (real nbgrader, kernels and isolated grader).

Run: python benchmarks/bench_nbgrader.py [--exercises softmax,masking,attention] [--learners 4]
Builds the course in a temporary folder, hands in the model answers for --learners learners, then times
`nbgrader autograde <assignment> --student <learner>` once per learner (each a fresh nbgrader process, as an
instructor grading one late submission would run it) and once for all of them together (the batch, per submission).
Every submission must come out with full marks, or the timing means nothing.
"""
from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from grader.notebooks.course import answered

ASSIGNMENT = "bench"


def run(args: list[str], cwd: Path) -> float:
    """Run a command with this interpreter's bin first on PATH (nbgrader needs `alembic`); its wall time."""
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    start = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exercises", default="softmax,masking,attention")
    parser.add_argument("--learners", type=int, default=4)
    args = parser.parse_args()
    nbgrader = [sys.executable, "-m", "nbgrader"]
    with tempfile.TemporaryDirectory() as folder:
        course = Path(folder) / "course"
        build = run([sys.executable, "-m", "attn", "nbgrader", "build", str(course), "--assignment", ASSIGNMENT,
                     "--exercises", args.exercises], Path.cwd())
        generate = run([*nbgrader, "generate_assignment", ASSIGNMENT], course)
        release, source = course / "release" / ASSIGNMENT, course / "source" / ASSIGNMENT
        learners = [f"learner{number}" for number in range(args.learners)]
        for learner in learners:
            (course / "submitted" / learner / ASSIGNMENT).mkdir(parents=True)
            for path in sorted(release.glob("*.ipynb")):
                given, answers = (nbformat.read(p, as_version=4) for p in (path, source / path.name))
                nbformat.write(answered(given, answers), course / "submitted" / learner / ASSIGNMENT / path.name)
        single = [run([*nbgrader, "autograde", ASSIGNMENT, "--student", learner, "--force"], course)
                  for learner in learners]
        batch = run([*nbgrader, "autograde", ASSIGNMENT, "--force"], course)
        run([*nbgrader, "export", "--to", "grades.csv"], course)
        with open(course / "grades.csv", newline="") as handle:
            rows = list(csv.DictReader(handle))
        if any(float(row["score"]) != float(row["max_score"]) for row in rows):
            raise SystemExit(f"a model-answer submission lost points: {rows}")
        notebooks = len(list(release.glob("*.ipynb")))
    print(f"course: {args.exercises} ({notebooks} notebooks, {rows[0]['max_score']} points); build {build:.1f} s, "
          f"generate_assignment {generate:.1f} s")
    print(f"autograde, one learner per nbgrader run: {min(single):.1f} s best, {sum(single) / len(single):.1f} s "
          f"mean ({', '.join(f'{s:.1f}' for s in single)})")
    print(f"autograde, {len(learners)} learners in one run: {batch:.1f} s, "
          f"{batch / len(learners):.1f} s per submission")


if __name__ == "__main__":
    main()
