"""Cheat (denial of service): at import, start as many threads as the limits allow, each spinning forever, so that
the worker burns CPU between calls and while the grader grades the next exercise in the same worker (the CPU limit
then ends it), and the machine's other grading jobs slow down. softmax_cols itself returns garbage. The grader must
score zero and keep the other exercise's full marks."""
import threading

import torch


def _spin():
    x = 0
    while True:
        x += 1


for _ in range(48):
    try:
        threading.Thread(target=_spin, daemon=True).start()
    except RuntimeError:
        break


def softmax_cols(scores):
    return torch.zeros_like(scores)
