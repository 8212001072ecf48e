"""How fast `attn quiz` shows its first question, in a fresh process, against Python's own start-up.

Each run starts `python -m attn.cli quiz ...` and stops the clock when the first question's "[1/" appears on its
output: through a pipe (plain prompts) and through a pseudo-terminal (the coloured prompts a learner sees). The peers,
timed in the same run and the same way (spawn to exit), are a bare interpreter (`python -c pass`) and
`python -c "import yaml"`, the floor for any tool that reads YAML. Reported: medians of --runs runs, after one
warm-up run that also caches the byte-code (as `pip install` does).

    OMP_NUM_THREADS=1 python benchmarks/bench_quiz.py [--runs 15]

Goal (issue 17): the first question within 0.3 s, which on this machine is about 3× a bare interpreter's start.
"""
from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GOAL_SECONDS = 0.3


def spawn_to_exit(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def spawn_to_first_question(args: list[str], env: dict, tty: bool) -> float:
    """Seconds from spawning ``args`` until "[1/" is on its output (a pipe, or a pty when ``tty``)."""
    if tty:
        master, slave = os.openpty()
        start = time.perf_counter()
        process = subprocess.Popen(args, env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
        os.close(slave)
        read_fd = master
    else:
        start = time.perf_counter()
        process = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        read_fd = process.stdout.fileno()
    seen = b""
    try:
        while b"[1/" not in seen:
            ready, _, _ = select.select([read_fd], [], [], 30)
            if not ready:
                raise TimeoutError(f"no question after 30 s: {seen[-300:]!r}")
            chunk = os.read(read_fd, 4096)
            if not chunk:
                raise RuntimeError(f"the quiz ended before its first question: {seen[-300:]!r}")
            seen += chunk
        elapsed = time.perf_counter() - start
    finally:
        process.kill()
        process.wait()
        if tty:
            os.close(master)
    return elapsed


def median_of(runs: int, measure) -> float:
    measure()  # warm the page cache
    return statistics.median(measure() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="bench-quiz-")
    # Byte-code is cached (in a temporary folder, not in the tree) as it is after `pip install`, which compiles it.
    env = dict(os.environ, ATTN_QUIZ_HOME=home, TERM="xterm-256color", COLUMNS="100", OMP_NUM_THREADS="1",
               PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    seed_review = [sys.executable, "-c", "from quizzes.progress import Progress\n"
                   "p = Progress('bench')\n"
                   "[p.record(k, right=False) for k in ('self-attention/scale-divisor', 'models/few-shot')]\n"
                   "p.save()"]
    subprocess.run(seed_review, env=env, check=True)
    quiz = [sys.executable, "-m", "attn.cli", "quiz"]
    rows = {
        "python -c pass": median_of(args.runs, lambda: spawn_to_exit([sys.executable, "-c", "pass"], env)),
        'python -c "import yaml"': median_of(args.runs, lambda: spawn_to_exit([sys.executable, "-c", "import yaml"],
                                                                              env)),
    }
    for label, command, tty in (
            ("take self-attention, pipe", quiz + ["take", "self-attention", "--no-save", "--user", "bench"], False),
            ("take self-attention, terminal", quiz + ["take", "self-attention", "--no-save", "--user", "bench"], True),
            ("review (whole bank), terminal", quiz + ["review", "--user", "bench"], True)):
        rows[label] = median_of(args.runs, lambda: spawn_to_first_question(command, env, tty))
    bare, yaml_peer = rows["python -c pass"], rows['python -c "import yaml"']
    print(f"{'measurement':34} {'seconds':>8} {'× bare':>7} {'× yaml':>7}")
    for label, seconds in rows.items():
        print(f"{label:34} {seconds:8.3f} {seconds / bare:7.2f} {seconds / yaml_peer:7.2f}")
    worst = max(seconds for label, seconds in rows.items() if "," in label)
    print(f"\nslowest first question: {worst:.3f} s (goal < {GOAL_SECONDS} s): "
          f"{'met' if worst < GOAL_SECONDS else 'NOT met'}")
    print(json.dumps({label: round(seconds, 4) for label, seconds in rows.items()}))


if __name__ == "__main__":
    main()
