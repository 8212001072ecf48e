"""Cheat: raise a forged PermissionError whose filename is a file that does not exist, inside a folder of the
sandbox's import path (the standard library, or site-packages).

The grader's `Submission._refused` takes that filename from the worker's reply and, since `readable_by` answers
False for a path that does not exist, decides that "the sandbox user cannot read an installed module": it raises
SandboxUnavailable and the whole grade (every exercise, the control too) is abandoned as a fault of the machine.
The grader must not let a learner's exception turn into a grader failure."""
import os
import sys


def softmax_cols(scores):
    folder = next(p for p in sys.path[1:] if os.path.isdir(p) and "site-packages" not in p)
    raise PermissionError(13, "Permission denied", os.path.join(folder, "no_such_module_here.py"))
