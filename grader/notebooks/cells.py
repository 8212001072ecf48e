"""A solution module -> the code cells of its notebook (the way back, a notebook's cells -> a module, is
`course.notebooks.to_module`, shared with the learner's side).

A module in `solutions/` is a docstring, then top-level statements. Every statement that holds a solution region
(`course.markers`) becomes its own *solution* cell (the learner's part); runs of other statements (imports,
constants, given helpers) become locked *given* cells. The lesson comes from the course registry.

Exercises import their siblings relatively (`from .softmax import softmax_cols`), which a kernel cannot run, so a
notebook shows such an import as `from course.my_notebooks.softmax import softmax_cols  # <SIBLING_NOTE>`: while the
learner works it imports their own saved softmax notebook (`course.my_notebooks`), and `to_module` turns it back, so
grading uses the learner's own sibling notebook too, as `attn grade` does with an `exercises/` folder.
"""
from __future__ import annotations

import ast

from course import markers
from course.notebooks import SIBLING_LINE, CodeCell, sibling_import


def split_module(exercise: str, text: str) -> list[CodeCell]:
    """A model answer's code (its docstring left out) -> its code cells in order. ValueError if it has no solution
    marker (or a malformed one: `course.markers` says where)."""
    tree = ast.parse(text)
    regions = markers.regions(text, f"solutions/{exercise}.py")
    if not regions:
        raise ValueError(f"solution module {exercise!r} has no {markers.BEGIN!r} marker: nothing for the learner to do")
    begins = {region.begin for region in regions}
    has_docstring = ast.get_docstring(tree, clean=False) is not None
    body = tree.body[1:] if has_docstring else tree.body
    lines = text.splitlines()
    runs: list[tuple[bool, int, int, list[ast.stmt]]] = []  # (solution, first line, end line, statements)
    start = tree.body[0].end_lineno if has_docstring else 0
    for node in body:
        end = _end_with_trailing_comments(lines, node.end_lineno)
        solution = any(start < begin <= end for begin in begins)
        if runs and not solution and not runs[-1][0]:
            runs[-1] = (False, runs[-1][1], end, runs[-1][3] + [node])
        else:
            runs.append((solution, start, end, [node]))
        start = end
    cells, given = [], 0
    for solution, first, end, nodes in runs:
        if solution:
            chunk = _todo_as_comment("\n".join(lines[first:end]).strip("\n"))
            cells.append(CodeCell(f"{exercise}-{_defined_name(chunk)}", chunk, True))
        else:
            given += 1
            cells.append(CodeCell(f"{exercise}-given-{given}", _relative_imports_to_notebook(lines, first, end, nodes),
                                  False))
    return cells


def _defined_name(chunk: str) -> str:
    """The name a solution statement defines (function or class), for a readable cell id."""
    node = ast.parse(chunk).body[-1]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        raise ValueError(f"a solution marker must sit inside a function or class, found it in:\n{chunk}")
    return node.name


def _todo_as_comment(chunk: str) -> str:
    """`### BEGIN SOLUTION  (todo: pointer)` -> a `# todo: pointer` line above a bare marker, so that the pointer
    survives nbgrader replacing the marked region with its stub."""
    lines = chunk.splitlines()
    for region in reversed(markers.regions(chunk)):
        if region.pointer:
            lines[region.begin - 1:region.begin] = [f"{region.indent}# todo: {region.pointer}",
                                                    f"{region.indent}{markers.BEGIN}"]
    return "\n".join(lines)


def sibling_imports(cells: list[CodeCell]) -> set[str]:
    """The exercises that given cells import from the learner's own notebooks (`SIBLING_LINE`)."""
    return {match[1] for cell in cells if not cell.solution
            for match in map(SIBLING_LINE.match, cell.source.splitlines()) if match}


def _end_with_trailing_comments(lines: list[str], end: int) -> int:
    """Extend a statement ending at line `end` (1-based, inclusive) over the indented comments that close its body,
    such as `### END SOLUTION`; returns the exclusive 0-based end."""
    last = end
    for number in range(end, len(lines)):
        line = lines[number]
        if line.strip() and not (line[:1].isspace() and line.lstrip().startswith("#")):
            break
        if line.strip():
            last = number + 1
    return last


def _relative_imports_to_notebook(lines: list[str], first: int, end: int, nodes: list[ast.stmt]) -> str:
    """The given code in `lines[first:end]`, its top-level `from .sibling import names` rewritten to the
    kernel-runnable import of the learner's own sibling notebook."""
    chunk = lines[first:end]
    for node in reversed(nodes):
        if not (isinstance(node, ast.ImportFrom) and node.level):
            continue
        if node.level != 1 or node.module is None:
            raise ValueError(f"only `from .sibling import name` works between exercises, got: {ast.unparse(node)}")
        names = ", ".join(ast.unparse(alias) for alias in node.names)
        chunk[node.lineno - 1 - first:node.end_lineno - first] = [sibling_import(node.module, names)]
    return "\n".join(chunk).strip("\n")
