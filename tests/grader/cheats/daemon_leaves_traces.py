"""Cheat: at every call, double-fork a daemon (setsid, SIGTERM/SIGHUP ignored, stdio closed) that outlives the call
and keeps writing fake results into every writable place it can find (cwd, HOME, /tmp, /var/tmp, /dev/shm, the
grading output folder, the repository, /autograder/results) and fake protocol frames into the socket it inherited;
then return garbage. The grader must score zero, kill the daemon with the worker (nothing left behind), and leave
the grading output untouched."""
import json
import os
import signal
import time

import torch

FAKE = json.dumps({"score": 100, "tests": [], "passed": True}).encode()
PLACES = (os.getcwd(), os.path.expanduser("~"), "/tmp", "/var/tmp", "/dev/shm", "__OUT__", "__REPO__",
          "/autograder/results")


def _daemon():
    os.setsid()
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)
    if os.fork():
        os._exit(0)
    while True:
        for place in PLACES:
            for name in ("results.json", "grades.csv", ".pth-hook.pth"):
                try:
                    with open(os.path.join(place, name), "wb") as handle:
                        handle.write(FAKE)
                except OSError:
                    pass
        try:
            os.write(3, len(FAKE).to_bytes(4, "big") + FAKE)
        except OSError:
            pass
        time.sleep(0.05)


def softmax_cols(scores):
    try:
        pid = os.fork()
    except OSError:
        pid = -1
    if pid == 0:
        try:
            _daemon()
        finally:
            os._exit(0)
    if pid > 0:
        os.waitpid(pid, 0)
    return torch.zeros_like(scores)
