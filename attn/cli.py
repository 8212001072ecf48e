"""Dispatch `attn <command> ...` to the module that implements it.

Each command's module is imported only when that command runs, so `attn quiz` starts without importing torch.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys

# command -> ("module:function", one-line help). Each function takes argv (list[str]) and returns an exit code.
COMMANDS: dict[str, tuple[str, str]] = {
    "quiz": ("quizzes.cli:main", "take, review and lint the YAML quizzes"),
    "grade": ("grader.cli:grade_main", "grade one submission (a filled-in exercises/ folder or one module)"),
    "grade-all": ("grader.cli:grade_all_main", "grade every submission folder in a directory into a CSV"),
    "report": ("grader.classreport.cli:main", "write the class report (HTML and JSON) of a grade-all run"),
    "gradescope-bundle": ("grader.cli:gradescope_bundle_main", "write a Gradescope autograder bundle"),
    "nbgrader": ("grader.notebooks.cli:main", "build an nbgrader course from solutions/"),
    "exercises": ("attn.stubs:main", "regenerate or check the stubs and docs tables; scaffold an exercise"),
    "release": ("attn.release:main", "write the learner distribution (stubs, notebooks, quizzes; no answers)"),
}


def available(command: str) -> bool:
    """Whether this installation has the command's module (the learner distribution has only some of them)."""
    module = COMMANDS[command][0].split(":")[0]
    return all(importlib.util.find_spec(".".join(module.split(".")[:depth])) is not None
               for depth in range(1, module.count(".") + 2))


def usage() -> str:
    lines = ["usage: attn <command> [options]", "", "commands:"]
    lines += [f"  {name:<18} {help_text}" for name, (_, help_text) in COMMANDS.items() if available(name)]
    lines += ["", "Run `attn <command> --help` for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in {"-h", "--help"}:
        print(usage())
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(f"attn: unknown command {command!r}\n\n{usage()}", file=sys.stderr)
        return 2
    if not available(command):
        print(f"attn: {command!r} is not part of this installation (a learner's has only "
              f"{', '.join(name for name in COMMANDS if available(name))})", file=sys.stderr)
        return 2
    module_name, function_name = COMMANDS[command][0].split(":")
    function = getattr(importlib.import_module(module_name), function_name)
    return int(function(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
