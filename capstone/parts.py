"""Whose parts a capstone model is built from: the learner's (`mine`), the model answers' or the reference's.

`load_parts(kind, modules)` imports the contract's modules of one package under a private name (so the learner's
files load afresh and nothing is patched in the real packages), puts the reference's function in the place of every
function that is still TODO (its body raises NotImplementedError) and of every module that is missing or does not
import, and loads the capstone assembly (`capstone/assembly.py`) beside them, so that its relative imports pick those
parts up. `Parts.fallbacks` says which functions came from the reference, for the clear line the command prints.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

from course import files

KINDS = ("mine", "solutions", "reference")
ASSEMBLY = Path(__file__).with_name("assembly.py")
ASSEMBLY_NAME = "_course_capstone"  # its name beside the parts, here and in the grader's sandbox


def package_of(kind: str) -> str:
    """The package a kind of parts comes from; `mine` is the learner's `exercises` (or ATTN_TARGET, as for the
    board: `ATTN_TARGET=solutions` runs the model answers)."""
    if kind not in KINDS:
        raise ValueError(f"parts: expected one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "mine":
        return os.environ.get("ATTN_TARGET") or "exercises"
    return kind


def assembly_source() -> str:
    """The assembly's source text, as the grader places it in the sandbox."""
    return ASSEMBLY.read_text(encoding="utf-8")


@dataclass
class Parts:
    """The loaded parts: `module(name)` is the package's (patched) module, `assembly` the capstone assembly."""

    kind: str
    package: str
    modules: dict[str, types.ModuleType]
    assembly: types.ModuleType
    fallbacks: list[str] = field(default_factory=list)  # "module.function" taken from the reference
    problems: list[str] = field(default_factory=list)   # modules missing or not importing, and why

    def module(self, name: str) -> types.ModuleType:
        return self.modules[name]

    def describe(self) -> list[str]:
        """The lines `attn capstone` prints about where the parts come from."""
        source = {"mine": f"your {self.package}/ modules", "solutions": "the model answers (solutions/)",
                  "reference": "the reference library (reference/)"}[self.kind]
        lines = [f"parts: {source}"]
        lines += [f"  {problem}" for problem in self.problems]
        if self.fallbacks:
            lines.append(f"  still TODO, so the reference's version is used: {', '.join(self.fallbacks)}")
        return lines


def load_parts(kind: str, modules: tuple[str, ...], package: str | None = None, fallback: bool = True) -> Parts:
    """The contract's `modules` (and the siblings they import) of `kind`'s package (or of `package`, a learner's
    package of another name), TODO functions and missing modules replaced by the reference's unless `fallback` is
    False, and the assembly beside them."""
    package = package or package_of(kind)
    private = f"_capstone_parts_{package}"
    for name in [name for name in sys.modules if name == private or name.startswith(private + ".")]:
        del sys.modules[name]  # a fresh load: the learner may have edited their files since
    root = types.ModuleType(private)
    root.__path__ = [str(files.package_dir(package))]
    sys.modules[private] = root
    parts = Parts(kind, package, {}, types.ModuleType(ASSEMBLY_NAME))
    wanted = _with_siblings(Path(root.__path__[0]), modules) if kind != "reference" else list(modules)
    for name in wanted:
        parts.modules[name] = _import(private, package, name, parts) if fallback else \
            importlib.import_module(f"{private}.{name}")
    if kind != "reference" and fallback:
        _replace_todo(private, parts)
    parts.assembly = _load_assembly(private)
    return parts


def _with_siblings(folder: Path, modules: tuple[str, ...]) -> list[str]:
    """`modules` and, transitively, the sibling modules their files import relatively (dependencies first)."""
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name in ordered:
            return
        path = folder / f"{name}.py"
        if path.is_file():
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except SyntaxError:
                tree = ast.Module(body=[], type_ignores=[])
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                    visit(node.module)
        ordered.append(name)

    for name in modules:
        visit(name)
    return ordered


def _import(private: str, package: str, name: str, parts: Parts) -> types.ModuleType:
    """`private.name`, or a stand-in holding the reference's module when the file is missing or fails to import."""
    path = files.package_dir(package) / f"{name}.py"
    if not path.is_file():
        parts.problems.append(f"{package}/{name}.py does not exist: the reference's {name} stands in for it")
        return _stand_in(private, name)
    try:
        return importlib.import_module(f"{private}.{name}")
    except Exception as error:  # noqa: BLE001 - the learner's module may fail in any way: say how, then go on
        parts.problems.append(f"{package}/{name}.py does not import ({type(error).__name__}: {error}): the "
                              f"reference's {name} stands in for it")
        return _stand_in(private, name)


def _stand_in(private: str, name: str) -> types.ModuleType:
    module = types.ModuleType(f"{private}.{name}")
    reference = importlib.import_module(f"reference.{name}")
    module.__dict__.update({key: value for key, value in vars(reference).items() if not key.startswith("__")})
    module.__dict__.update(ADAPTERS.get(name, {}))
    sys.modules[module.__name__] = module
    return module


def todo_functions(path: Path) -> list[str]:
    """The top-level functions of a file whose body still raises NotImplementedError (a stub not yet written)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return []
    return [node.name for node in tree.body if isinstance(node, ast.FunctionDef) and any(
        isinstance(statement, ast.Raise) and statement.exc is not None
        and "NotImplementedError" in ast.unparse(statement.exc).split("(")[0] for statement in node.body)]


def _replace_todo(private: str, parts: Parts) -> None:
    """Every TODO function, in its module and wherever a sibling imported it, becomes the reference's."""
    replaced: dict[int, object] = {}
    for name, module in parts.modules.items():
        if getattr(module, "__file__", None) is None:
            continue  # a stand-in: already the reference
        for function in todo_functions(Path(module.__file__)):
            original = getattr(module, function, None)
            if original is None:
                continue
            replaced[id(original)] = reference_function(name, function)
            parts.fallbacks.append(f"{name}.{function}")
    for module in parts.modules.values():
        for key, value in list(vars(module).items()):
            if id(value) in replaced:
                setattr(module, key, replaced[id(value)])


def reference_function(module: str, function: str):
    """The reference's function for a contract function (an adapter where the reference names or orders it
    differently)."""
    adapted = ADAPTERS.get(module, {}).get(function)
    return adapted if adapted is not None else getattr(importlib.import_module(f"reference.{module}"), function)


def _linear(X, W, b):
    from reference.attention import project

    return project(W, X, b)


def _merge_pair(symbols, pair):
    from reference.bpe import _merge_word

    return _merge_word(list(symbols), *pair)


# Exercise helpers the reference has under another name or signature.
ADAPTERS = {"attention": {"linear": _linear}, "bpe": {"merge_pair": _merge_pair}}


def _load_assembly(private: str) -> types.ModuleType:
    name = f"{private}.{ASSEMBLY_NAME}"
    spec = importlib.util.spec_from_file_location(name, ASSEMBLY)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
