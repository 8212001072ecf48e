"""Cheat: exhaust the worker's resources and keep them exhausted: open files until EMFILE (all kept open), fill the
private /tmp, /dev/shm and HOME until ENOSPC/EFBIG, then return a result too large for the protocol (a float64
tensor whose encoding exceeds the reply cap), raising if even that fails. The grader must score zero, and keep
grading the other exercise (the next calls get a fresh worker)."""
import os

import torch

_held = []


def _fill(folder):
    chunk = b"\0" * 2**20
    for i in range(1000):
        try:
            with open(os.path.join(folder, f"fill{i}"), "wb") as handle:
                for _ in range(64):
                    handle.write(chunk)
        except OSError:
            return


def softmax_cols(scores):
    for folder in ("/tmp", "/dev/shm", "/var/tmp", os.path.expanduser("~")):
        _fill(folder)
    while True:
        try:
            _held.append(open("/dev/null"))
        except OSError:
            break
    return torch.zeros(9 * 2**20, dtype=torch.float64)  # 72 MB: over the 64 MB reply cap once encoded
