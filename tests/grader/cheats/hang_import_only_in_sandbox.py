"""Cheat: behave only when not graded. The import checks for signs of the sandbox (running as `nobody`, a cwd or
HOME under /tmp/work, no network, PID 1) and then hangs in the import, sleeping in a loop that also swallows
signals it can catch; outside the sandbox it would import normally. The grader must time the import out, give up on
the module (not retry it for each call), score zero and still grade the other exercise."""
import os
import signal
import time

import torch

GRADED = os.getuid() == 65534 or os.getcwd().startswith("/tmp/work") or os.getpid() == 1 \
    or os.environ.get("HOME", "").startswith("/tmp/work")

if GRADED:
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGXCPU, signal.SIGALRM):
        try:
            signal.signal(sig, signal.SIG_IGN)
        except (OSError, ValueError):
            pass
    while True:
        time.sleep(0.05)


def softmax_cols(scores):
    return torch.zeros_like(scores)
