"""Cheat (the grader's memory and time): reply with a tensor of a few bytes that stands for a huge one.

At import it replaces the worker's `send_back` so that results go out with the protocol's "expanded" field (meant
for the grader's own broadcast inputs), and softmax_cols returns its input broadcast to (1000, 1000, *shape): about
a hundred bytes on the wire, a (1000, 1000, M, N) view once decoded, which the grader's comparisons and probes would
then build in full (13 GB and rising, a grade of minutes, before the grader refused "expanded" in what the worker
sends). Found by a red-team pass on 2026-11-28.
"""
import sys

import torch

calls = sys.modules.get("_grader_calls")
protocol = sys.modules.get("_grader_protocol")
if calls is not None and protocol is not None:
    calls.send_back = lambda value: protocol.encode(value, keep_layout=True)


def softmax_cols(scores):
    return scores.detach().clone().expand(1000, 1000, *scores.shape)
