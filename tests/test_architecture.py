"""The shape of the code, read with `ast` from the source: imports run one way, with no cycle anywhere.

Layers, bottom to top: `course` (the registry) and `reference` (the library) import nothing else of the project;
`solutions` and the learner's `exercises` stubs import only each other's siblings; `capstone` assembles models from
any package of parts (it loads them by name) on top of `course` and `reference`; the visible tests' board reads
`course` and the capstone's visible tests `capstone`; `quizzes` and `grader` build on those; `attn`, the command line, sits on top and nothing imports it.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("course", "reference", "solutions", "capstone", "exercises", "quizzes", "grader", "attn")
# What each package may import from the project (besides itself).
ALLOWED = {
    "course": set(),
    "reference": set(),
    "solutions": set(),
    "capstone": {"course", "reference"},  # the learner's parts it loads by package name, never by import
    "exercises": {"course", "capstone"},
    "quizzes": {"course", "reference"},
    "grader": {"course", "reference", "solutions", "capstone"},
    "attn": {"course", "reference", "solutions", "capstone", "exercises", "quizzes", "grader"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, top_level_only: bool) -> set[str]:
    """The project modules a file imports (absolute names; relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    nodes = tree.body if top_level_only else list(_walk_runtime(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found |= {f"{base}.{alias.name}" for alias in node.names}  # a submodule, or else an attribute of base
    return {name for name in found if name.split(".")[0] in PACKAGES}


def _walk_runtime(node: ast.AST):
    """Every node, except those under `if TYPE_CHECKING:` (imports for type hints only, never run)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            continue
        yield from _walk_runtime(child)


def sources() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if "__pycache__" not in path.parts]


def test_packages_import_only_the_layers_below_them():
    wrong = []
    for path in sources():
        package = path.relative_to(ROOT).parts[0]
        for name in imports(path, top_level_only=False):
            target = name.split(".")[0]
            if target != package and target not in ALLOWED[package]:
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


def test_nothing_imports_the_command_line_package():
    outside = [f"{path.relative_to(ROOT)}: {name}" for path in sources() if path.parts[len(ROOT.parts)] != "attn"
               for name in imports(path, top_level_only=False) if name.split(".")[0] == "attn"]
    tests = [f"{path.relative_to(ROOT)}" for path in (ROOT / "tests").rglob("*.py")
             if any(name.split(".")[0] == "attn" and "stubs" not in name for name in imports(path, False))]
    assert not outside, outside
    assert not [test for test in tests if "exercises" not in test and "cli" not in test], tests


def unit(module: str) -> str:
    """A module's room: a sub-package as a whole (`reference.models`, `grader.exercises`), or a module of a
    top-level package (`reference.configs`)."""
    return ".".join(module.split(".")[:2])


@pytest.mark.parametrize("granularity", ["module", "room"])
@pytest.mark.parametrize("top_level_only", [True, False], ids=["module-level imports", "all imports"])
def test_no_import_cycle(top_level_only, granularity):
    """Among the project's modules and among its rooms (sub-packages and modules), at module level (what runs on
    import) and counting lazy imports too."""
    modules = {module_name(path): path for path in sources()}
    name_of = (lambda module: module) if granularity == "module" else unit
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = graph.setdefault(name_of(name), set())
        for imported in imports(path, top_level_only):
            while imported and imported not in modules:  # `from pkg import name` names a module or an attribute
                imported = imported.rpartition(".")[0]
            if imported and name_of(imported) != name_of(name):
                targets.add(name_of(imported))
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(target):] + [target]))
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
