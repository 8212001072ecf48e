"""An interactive `attn quiz take` driven through a pseudo-terminal, so the coloured prompts are what a learner sees."""
from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizzes.model import load_quiz

MINI = Path(__file__).parent / "data" / "mini.yaml"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a POSIX pseudo-terminal")


class Terminal:
    """A child process whose stdin/stdout/stderr are the slave side of a pty; we read and type on the master."""

    def __init__(self, argv: list[str], env: dict):
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"did not see {text!r}; screen so far:\n{self.seen}")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.master, 4096).decode(errors="replace")
                except OSError:  # the child closed the terminal
                    chunk = ""
                if not chunk and self.process.poll() is not None:
                    raise AssertionError(f"process ended before {text!r}; screen:\n{self.seen}")
                self.seen += ANSI.sub("", chunk).replace("\r", "")
        return self.seen

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
        finally:
            os.close(self.master)


def test_interactive_quiz_in_a_terminal(tmp_path):
    seed = "pty"
    letter = "abc"[load_quiz(MINI).question("mixer").variant(seed).choices.index("attention")]
    env = dict(os.environ, ATTN_QUIZ_HOME=str(tmp_path), TERM="xterm-256color", COLUMNS="100")
    term = Terminal([sys.executable, "-m", "attn.cli", "quiz", "take", str(MINI), "--only", "mixer", "scores",
                     "--seed", seed, "--user", "pty"], env)
    try:
        term.expect("Shape of KᵀQ?")
        term.expect("answer")
        term.type("hint")
        term.expect("No more hints.")
        term.type("(N_q, N_k")
        term.expect("Could not read that")
        term.type("(N_q, N_k)")
        term.expect("Rows are keys.")
        term.type("N_k × N_q")
        term.expect("Right.")
        term.expect("Which sub-block mixes tokens?")
        term.type(letter)
        screen = term.expect("Score: 2/2")
    finally:
        code = term.close()
    assert code == 0
    assert "Row = key, column = query." in screen and "Only attention mixes tokens." in screen
    assert "Score: 2/2 (right on the first try: 1)" in screen
    assert (tmp_path / "progress-pty.json").exists()
