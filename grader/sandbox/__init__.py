"""Run learner code in an isolated worker process and bring back plain data.

    with Submission("path/to/exercises") as learner:
        weights = learner.call("softmax", "softmax_cols", scores)

See docs/grading.md for what the isolation guarantees. The names below are imported on first use, so that starting
the fork server (`server`, no torch) never waits for torch (`submission`, `protocol`): a grading process starts the
server first and imports torch while the server's own interpreter does the same.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.sandbox.server import ForkServer, SandboxUnavailable, default_server
    from grader.sandbox.submission import (KINDS, InputModified, LearnerError, Limits, Submission,
                                           read_submission)

_HOMES = {"ForkServer": "server", "SandboxUnavailable": "server", "default_server": "server",
          "KINDS": "submission", "InputModified": "submission", "LearnerError": "submission", "Limits": "submission",
          "Submission": "submission", "read_submission": "submission"}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module 'grader.sandbox' has no attribute {name!r}")
    return getattr(importlib.import_module(f"grader.sandbox.{_HOMES[name]}"), name)
