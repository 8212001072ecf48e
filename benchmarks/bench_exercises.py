"""Time the learner's `pytest exercises` (with solutions in place) against `python -c "import torch"`.

Both commands run as fresh interpreters, alternately, in this one run; each figure is the median of --repeats runs.
Goal: the board takes at most 3x the time of importing torch. Run from the repository root:

    OMP_NUM_THREADS=1 python benchmarks/bench_exercises.py [--repeats 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
IMPORT_TORCH = [sys.executable, "-c", "import torch"]
BOARD = [sys.executable, "-m", "pytest", "exercises", "--target", "solutions"]
GOAL = 3.0


def seconds(command: list[str]) -> float:
    start = time.perf_counter()
    env = os.environ | {"OMP_NUM_THREADS": "1"}
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    seconds(IMPORT_TORCH)  # warm the file cache for both
    seconds(BOARD)
    torch_times, board_times = [], []
    for _ in range(args.repeats):
        torch_times.append(seconds(IMPORT_TORCH))
        board_times.append(seconds(BOARD))
    torch_s, board_s = statistics.median(torch_times), statistics.median(board_times)
    ratio = board_s / torch_s
    print(f"| command | median s ({args.repeats} runs) |")
    print("|---|---|")
    print(f"| python -c 'import torch' | {torch_s:.2f} |")
    print(f"| pytest exercises --target solutions | {board_s:.2f} |")
    print(f"ratio {ratio:.2f} (goal <= {GOAL:g}): {'met' if ratio <= GOAL else 'NOT met'}")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
