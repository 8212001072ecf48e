"""A solution module <-> the code cells of its notebook, and the learner's cells -> a module the grader can import.

A module in `solutions/` is a docstring, then top-level statements. Every statement that holds a solution region
(`course.markers`) becomes its own *solution* cell (the learner's part); runs of other statements (imports,
constants, given helpers) become locked *given* cells. The lesson comes from the course registry.

Exercises import their siblings relatively (`from .softmax import softmax_cols`), which a kernel cannot run, so a
notebook shows such an import as `from reference.softmax import softmax_cols  # <SIBLING_NOTE>` (the library stands in
for the learner's other notebook while they work) and `to_module` turns it back, so grading uses the learner's own
sibling notebook, as `attn grade` does with an `exercises/` folder.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass

from course import markers

SIBLING_NOTE = "your own notebook is used when graded"
_SIBLING_LINE = re.compile(r"^from reference\.(\w+) import (.+?)  # " + re.escape(SIBLING_NOTE) + r"$")


@dataclass(frozen=True)
class CodeCell:
    """One code cell: `cell_id` is its nbgrader grade_id; `solution` cells are the learner's, the others locked."""

    cell_id: str
    source: str
    solution: bool


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
    """The exercises that given cells import (as `from reference.<sibling> import ...  # SIBLING_NOTE`)."""
    return {match[1] for cell in cells if not cell.solution
            for match in map(_SIBLING_LINE.match, cell.source.splitlines()) if match}


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
    kernel-runnable library import."""
    chunk = lines[first:end]
    for node in reversed(nodes):
        if not (isinstance(node, ast.ImportFrom) and node.level):
            continue
        if node.level != 1 or node.module is None:
            raise ValueError(f"only `from .sibling import name` works between exercises, got: {ast.unparse(node)}")
        names = ", ".join(ast.unparse(alias) for alias in node.names)
        chunk[node.lineno - 1 - first:node.end_lineno - first] = [
            f"from reference.{node.module} import {names}  # {SIBLING_NOTE}"]
    return "\n".join(chunk).strip("\n")


def _relative_imports_to_module(source: str) -> str:
    """Inverse of `_relative_imports_to_notebook`, line by line."""
    return "\n".join(_SIBLING_LINE.sub(r"from .\1 import \2", line) for line in source.splitlines())


def to_module(exercise: str, cells: list[CodeCell]) -> tuple[str, dict[str, str]]:
    """Notebook code cells (in order) -> (module text for the grader, {solution cell id: why it was left out}).

    Given cells go in as they are (sibling imports made relative again). Each solution cell is turned from IPython
    syntax into Python and wrapped in its own `try:` so that a cell that raises when run costs what it defines, not
    the module; a cell that does not compile is left out, and said why. `from __future__` imports of given
    cells move to the top, where Python requires them.
    """
    future: list[str] = []
    parts: list[str] = []
    left_out: dict[str, str] = {}
    for cell in cells:
        if not cell.solution:
            body = _relative_imports_to_module(cell.source)
            kept = [line for line in body.splitlines() if not line.startswith("from __future__ import")]
            future += [line for line in body.splitlines() if line.startswith("from __future__ import")]
            parts.append(f"# --- given cell {cell.cell_id}\n" + "\n".join(kept))
            continue
        wrapped = _wrapped(cell.cell_id, cell.source)
        if wrapped is None:
            left_out[cell.cell_id] = f"it does not compile ({_compile_error(cell.source)})"
            parts.append(f"# --- solution cell {cell.cell_id}: left out, it does not compile")
        else:
            parts.append(f"# --- solution cell {cell.cell_id}\n{wrapped}")
    header = f'"""{exercise}: given cells and the learner\'s solution cells, in notebook order."""'
    broken = "_broken_cells: dict = {}  # solution cell id -> the error it raised when the module was imported"
    return "\n".join([header, *dict.fromkeys(future), broken, "", *parts, ""]), left_out


def _python_source(source: str) -> str:
    """IPython cell text (magics, `!shell`) -> plain Python, statically: no learner code runs here."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def _wrapped(cell_id: str, source: str) -> str | None:
    """`try:` + the cell indented + `except`; None if the result does not compile."""
    try:
        python = _python_source(source)
        indented = _indent(python)
    except (SyntaxError, tokenize.TokenError, IndentationError, ValueError):
        return None
    text = (f"try:\n{indented}\n    pass\nexcept (Exception, SystemExit) as _error:\n"
            f"    _broken_cells[{cell_id!r}] = repr(_error)")
    try:
        compile(text, f"<cell {cell_id}>", "exec")
    except (SyntaxError, ValueError):
        return None
    return text


def _compile_error(source: str) -> str:
    try:
        compile(_python_source(source), "<cell>", "exec")
    except SyntaxError as error:
        return f"{type(error).__name__}: {error.msg} (line {error.lineno})"
    except Exception as error:  # noqa: BLE001 - any failure to read the cell is reported the same way
        return f"{type(error).__name__}: {error}"
    return "it cannot be nested in a try block (for example a `from __future__` import)"


def _indent(source: str) -> str:
    """Indent by four spaces every line except those inside a multi-line string, whose text must not change."""
    inside_string: set[int] = set()
    fstring_starts: list[int] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        name = tokenize.tok_name[token.type]
        if name == "FSTRING_START":
            fstring_starts.append(token.start[0])
        elif name == "FSTRING_END":
            inside_string.update(range(fstring_starts.pop() + 1, token.end[0] + 1))
        elif token.type == tokenize.STRING:
            inside_string.update(range(token.start[0] + 1, token.end[0] + 1))
    return "\n".join(line if number in inside_string or not line.strip() else "    " + line
                     for number, line in enumerate(source.splitlines(), start=1))


def notebook_cells(nb) -> list[CodeCell]:
    """The code a notebook contributes, by its own nbgrader metadata: solution cells and locked code cells, in order.
    (At autograde the notebook was first restored from the release, so that metadata is the instructor's.)"""
    cells = []
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.get("cell_type") == "code" and not meta.get("grade") and (meta.get("solution") or meta.get("locked")):
            cells.append(CodeCell(meta["grade_id"], cell.get("source", ""), solution=bool(meta.get("solution"))))
    return cells
