"""The solution markers of a model answer, parsed in one place.

In `solutions/<name>.py` the learner's part of each function is marked

    ### BEGIN SOLUTION  (todo: a one-line pointer)
    ...the answer...
    ### END SOLUTION

`regions(source)` finds them (and rejects unbalanced, nested or malformed markers, or one outside a function); the
stub generator, the notebook builder and the leak scan all read them through it.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
_BEGIN_LINE = re.compile(r"^(?P<indent>\s*)### BEGIN SOLUTION(?:\s+\(todo: (?P<pointer>.+)\))?\s*$")
_END_LINE = re.compile(r"^\s*### END SOLUTION\s*$")


@dataclass(frozen=True)
class Region:
    """One marked region: `begin` and `end` are the 1-based lines of its two markers."""

    begin: int
    end: int
    indent: str
    pointer: str | None
    function: str

    def body(self, lines: list[str]) -> list[str]:
        """The answer's lines (between the markers) of the module's `lines`."""
        return lines[self.begin:self.end - 1]


def regions(source: str, filename: str = "<solution>") -> list[Region]:
    """Every marked region of a model answer, in order; ValueError naming `filename` and the line otherwise."""
    tree = ast.parse(source, filename)
    found: list[Region] = []
    open_at: tuple[int, re.Match] | None = None
    for number, line in enumerate(source.splitlines(), start=1):
        begin, end = _BEGIN_LINE.match(line), _END_LINE.match(line)
        where = f"{filename}:{number}"
        if begin and open_at:
            raise ValueError(f"{where}: nested BEGIN SOLUTION")
        if end and not open_at:
            raise ValueError(f"{where}: END SOLUTION without BEGIN SOLUTION")
        if "BEGIN SOLUTION" in line and not begin:
            raise ValueError(f"{where}: write the marker as `{BEGIN}  (todo: <one-line pointer>)`")
        if begin:
            open_at = (number, begin)
        elif end:
            start, match = open_at
            function = _enclosing_function(tree, start)
            if function is None:
                raise ValueError(f"{filename}:{start}: a solution region must be inside a function")
            found.append(Region(start, number, match["indent"], match["pointer"], function))
            open_at = None
    if open_at:
        raise ValueError(f"{filename}:{open_at[0]}: BEGIN SOLUTION without END SOLUTION")
    return found


def _enclosing_function(tree: ast.Module, line: int) -> str | None:
    """Name of the innermost function whose body spans `line`, or None at module level."""
    spans = [(node.lineno, node.name) for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno < line <= node.end_lineno]
    return max(spans)[1] if spans else None
