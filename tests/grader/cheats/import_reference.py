"""Cheat: import the reference, the grader or the solutions (also after putting the repository back on sys.path)
and return their answer. Scores zero only if every import fails."""
import glob
import sys

import torch


def _steal():
    for finder in glob.glob(f"{sys.prefix}/lib/python3*/site-packages/__editable__*finder.py"):
        text = open(finder).read()
        for line in text.splitlines():
            if line.startswith("MAPPING"):
                for path in eval(line.split("=", 1)[1]).values():
                    sys.path.append(path.rsplit("/", 1)[0])
    for name in ("reference.softmax", "solutions.softmax", "grader.suites.test_softmax"):
        try:
            __import__(name)
            return torch.softmax  # the import worked: the learner would have the answer
        except ImportError:
            continue
    raise ImportError("could not import the reference, the solutions or the grader")


def softmax_cols(scores):
    return _steal()(scores, dim=-2)
