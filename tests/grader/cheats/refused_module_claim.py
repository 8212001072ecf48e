"""Cheat: raise a forged ModuleNotFoundError naming a standard-library module (`json`).

The worker reports `module="json"`; the grader asks itself whether the sandbox user could read that module's file,
using the permission bits as the grader sees them (an interpreter under /root, 0700, looks unreadable) and, on
"unreadable", raises SandboxUnavailable: the whole grade is abandoned as a fault of the machine. The grader must not
let the learner's exception decide that the grading machine is broken (verify by importing in a fresh worker, or
count it as the learner's import failure)."""


def softmax_cols(scores):
    raise ModuleNotFoundError("No module named 'json'", name="json")
