"""Run learner code in an isolated worker process and bring back plain data.

    with Submission("path/to/exercises") as learner:
        weights = learner.call("softmax", "softmax_cols", scores)

See docs/grading.md for what the isolation guarantees.
"""
from grader.sandbox.server import ForkServer, SandboxUnavailable, default_server
from grader.sandbox.submission import KINDS, InputModified, LearnerError, Limits, Submission, read_submission

__all__ = ["ForkServer", "KINDS", "InputModified", "LearnerError", "Limits", "SandboxUnavailable", "Submission",
           "default_server", "read_submission"]
