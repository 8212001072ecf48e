"""Generate the learner's stubs in `exercises/` from the model answers in `solutions/`.

`attn exercises sync` rewrites exercises/<name>.py for every exercise in the course; `attn exercises check` exits 1
if any of them differs from what sync would write. In a solution, each region

    ### BEGIN SOLUTION  (todo: a one-line pointer)
    ...answer...
    ### END SOLUTION

becomes, at the same indentation, `raise NotImplementedError("<function>: <pointer>")`. Everything outside the
markers (lesson, imports, signatures, docstrings, given helpers) is copied unchanged.
"""
from __future__ import annotations

import argparse
import ast
import difflib
import re
from pathlib import Path

from attn.course import EXERCISES

REPO = Path(__file__).resolve().parents[1]
BEGIN = re.compile(r"^(?P<indent>\s*)### BEGIN SOLUTION(?:\s+\(todo: (?P<pointer>.+)\))?\s*$")
END = re.compile(r"^\s*### END SOLUTION\s*$")


def header(name: str) -> str:
    """The comment that opens every generated stub."""
    return (
        f"# Your exercise file: fill in the functions below, then run `pytest exercises`.\n"
        f"# (Generated from solutions/{name}.py by `attn exercises sync`: maintainers edit the solution instead.)\n"
    )


def enclosing_function(tree: ast.Module, line: int) -> str | None:
    """Name of the innermost function whose body spans `line`, or None at module level."""
    spans = [
        (node.lineno, node.name)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno < line <= node.end_lineno
    ]
    return max(spans)[1] if spans else None


def make_stub(source: str, filename: str) -> str:
    """Replace each marked solution region of `source` by a NotImplementedError naming its function.

    ValueError (naming `filename` and the line) for an unbalanced, nested or malformed marker.
    """
    tree = ast.parse(source, filename)
    out: list[str] = []
    inside = False
    for number, line in enumerate(source.splitlines(keepends=True), start=1):
        begin, end = BEGIN.match(line), END.match(line)
        where = f"{filename}:{number}"
        if inside:
            if begin:
                raise ValueError(f"{where}: nested BEGIN SOLUTION")
            inside = not end
            continue
        if end:
            raise ValueError(f"{where}: END SOLUTION without BEGIN SOLUTION")
        if "BEGIN SOLUTION" in line and not begin:
            raise ValueError(f"{where}: write the marker as `### BEGIN SOLUTION  (todo: <one-line pointer>)`")
        if begin:
            function = enclosing_function(tree, number)
            if function is None:
                raise ValueError(f"{where}: a solution region must be inside a function")
            pointer = begin["pointer"] or "see the lesson at the top of this file"
            out.append(f"{begin['indent']}raise NotImplementedError({f'{function}: {pointer}'!r})\n")
            inside = True
            continue
        out.append(line)
    if inside:
        raise ValueError(f"{filename}: BEGIN SOLUTION without END SOLUTION")
    return "".join(out)


def expected_stubs(solutions: Path) -> dict[str, str]:
    """Exercise name -> the text `sync` writes for it."""
    stubs = {}
    for name in EXERCISES:
        path = solutions / f"{name}.py"
        stubs[name] = header(name) + make_stub(path.read_text(encoding="utf-8"), str(path))
    return stubs


def sync(solutions: Path, exercises: Path) -> int:
    for name, text in expected_stubs(solutions).items():
        target = exercises / f"{name}.py"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target}")
    return 0


def check(solutions: Path, exercises: Path) -> int:
    drifted = 0
    for name, text in expected_stubs(solutions).items():
        target = exercises / f"{name}.py"
        actual = target.read_text(encoding="utf-8") if target.exists() else ""
        if actual != text:
            drifted += 1
            diff = difflib.unified_diff(
                actual.splitlines(keepends=True), text.splitlines(keepends=True), str(target), "expected"
            )
            print("".join(list(diff)[:40]))
    if drifted:
        print(f"{drifted} exercise stub(s) differ from solutions/: run `attn exercises sync`")
        return 1
    print(f"exercises/ matches solutions/ ({len(EXERCISES)} stubs)")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="attn exercises", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["sync", "check"], help="sync: rewrite the stubs; check: exit 1 on drift")
    parser.add_argument("--solutions", type=Path, default=REPO / "solutions", help="folder of model answers")
    parser.add_argument("--exercises", type=Path, default=REPO / "exercises", help="folder of generated stubs")
    args = parser.parse_args(argv)
    action = sync if args.action == "sync" else check
    return action(args.solutions, args.exercises)
