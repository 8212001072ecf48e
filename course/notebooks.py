"""The one way a notebook of the course becomes a Python module: at autograde, in a notebook's self-check, and when a
notebook imports an earlier exercise from the learner's own notebook (`course.my_notebooks`).

A notebook's code is its given cells (locked) and its solution cells (the learner's), in order; cells a learner adds,
test cells and markdown are not part of it. Exercises import their siblings relatively in `solutions/`
(`from .softmax import softmax_cols`); a notebook shows such an import as
`from course.my_notebooks.softmax import softmax_cols  # <SIBLING_NOTE>`, which imports the learner's own saved softmax
notebook, and `to_module` turns it back into the relative import, so that a graded module imports the learner's
sibling module beside it. No notebook line names the reference or the grader.

IPython syntax in solution cells (magics, `!shell`) is turned into Python with IPython's own transformer, imported
only when a notebook is converted (a Jupyter kernel has it).
"""
from __future__ import annotations

import io
import json
import os
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

SIBLING_PACKAGE = "course.my_notebooks"
SIBLING_NOTE = "your own notebook (saved) is used, here and when graded"
SIBLING_LINE = re.compile(r"^from " + re.escape(SIBLING_PACKAGE) + r"\.(\w+) import (.+?)  # "
                          + re.escape(SIBLING_NOTE) + r"$")


@dataclass(frozen=True)
class CodeCell:
    """One code cell: `cell_id` is its nbgrader grade_id; `solution` cells are the learner's, the others locked."""

    cell_id: str
    source: str
    solution: bool


def sibling_import(module: str, names: str) -> str:
    """The notebook line that imports `names` from the learner's own notebook of exercise `module`."""
    return f"from {SIBLING_PACKAGE}.{module} import {names}  # {SIBLING_NOTE}"


def notebook_cells(nb: dict) -> list[CodeCell]:
    """The code a notebook contributes, by its own nbgrader metadata: solution cells and locked code cells, in order.
    `nb` is a notebook as nbformat reads it or as plain JSON (a cell's source may be a list of lines). (At autograde
    the notebook was first restored from the release, so that metadata is the instructor's.)"""
    cells = []
    for cell in nb.get("cells", []):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.get("cell_type") == "code" and not meta.get("grade") and (meta.get("solution") or meta.get("locked")):
            source = cell.get("source", "")
            cells.append(CodeCell(meta["grade_id"], "".join(source) if isinstance(source, list) else source,
                                  solution=bool(meta.get("solution"))))
    return cells


def read_cells(path: Path) -> list[CodeCell]:
    """The code cells of a saved notebook file (`notebook_cells`); ValueError if it is not a notebook."""
    try:
        nb = json.loads(Path(path).read_text(encoding="utf-8"))
        return notebook_cells(nb)
    except (UnicodeDecodeError, json.JSONDecodeError, AttributeError, KeyError, TypeError) as error:
        raise ValueError(f"{path} is not a notebook of the course ({type(error).__name__}: {error})") from None


def notebook_folder() -> Path:
    """The folder of the notebook this kernel serves: from Jupyter's JPY_SESSION_NAME when that names a file, else the
    current folder (Jupyter starts a notebook's kernel in the notebook's folder)."""
    session = os.environ.get("JPY_SESSION_NAME")
    if session and Path(session).is_file():
        return Path(session).resolve().parent
    return Path.cwd()


def _relative_imports_to_module(source: str) -> str:
    """A given cell's sibling imports (`SIBLING_LINE`) made relative again, line by line."""
    return "\n".join(SIBLING_LINE.sub(r"from .\1 import \2", line) for line in source.splitlines())


def to_module(exercise: str, cells: list[CodeCell]) -> tuple[str, dict[str, str]]:
    """Notebook code cells (in order) -> (module text, {solution cell id: why it was left out}).

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
