"""The misconception catalogue: known-wrong versions of every exercise function, and correct alternatives.

Each variant is ONE plain function in `grader/exercises/<exercise>/catalogue.py`, an ordinary module, written the way a
learner would write the contract function and decorated with `@wrong(function, explanation)` or
`@alternative(function, note)`. Its Python name is the variant's stable name (`softmax_over_rows`). A variant calls
other contract functions by name: those of earlier exercises and of its own exercise are imported at the top of its
catalogue module from the model answers (`from solutions.softmax import softmax_cols`), as a learner's module imports
them.

* `load(variant)` is the model answer `solutions.<exercise>` with the variant swapped in: every function of that
  module that calls the replaced one (`self_attention` calling `scaled_dot_product_attention`) calls the variant, as
  in a learner's module. Nothing is executed from source text: the model answer's functions are rebound to a new
  namespace.
* `overlay_source(variant)` is the variant's def renamed to the contract name, with the imports a learner's module
  would need (`from .softmax import softmax_cols` for earlier exercises), ready to be appended to a learner-style
  module (the tests build real submissions this way and grade them through the sandbox).
"""
from __future__ import annotations

import importlib
import inspect
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass

import course

MODEL_ANSWERS = "solutions"
HIDDEN_PACKAGE = "grader.exercises"
_OVERLAY_HEADER = "import math\n\nimport torch\n"


@dataclass(frozen=True)
class Variant:
    """One catalogue entry: `function` of `exercise` written differently; `correct` says if it is right."""

    exercise: str
    name: str
    function: str
    correct: bool
    explanation: str
    implementation: Callable

    @property
    def label(self) -> str:
        return f"{self.exercise}.{self.name}"

    @property
    def source(self) -> str:
        """The def, decorator removed, under its catalogue name."""
        source = textwrap.dedent(inspect.getsource(self.implementation))
        return source[source.index("def "):]


_REGISTRY: dict[str, list[Variant]] = {}


def _register(function: str, explanation: str, correct: bool) -> Callable[[Callable], Callable]:
    def decorate(fn: Callable) -> Callable:
        package, _, module = fn.__module__.rpartition(".")
        if module != "catalogue":
            raise ValueError(f"{fn.__module__}.{fn.__name__}: variants live in grader/exercises/<name>/catalogue.py")
        exercise = package.rpartition(".")[2]
        variant = Variant(exercise, fn.__name__, function, correct, inspect.cleandoc(explanation), fn)
        _REGISTRY.setdefault(exercise, []).append(variant)
        return fn
    return decorate


def wrong(function: str, explanation: str) -> Callable[[Callable], Callable]:
    """Register a known-wrong `function`; `explanation` tells the learner what is wrong, why, and how to fix it."""
    return _register(function, explanation, correct=False)


def alternative(function: str, note: str) -> Callable[[Callable], Callable]:
    """Register a correct alternative implementation of `function` (it must get full marks)."""
    return _register(function, note, correct=True)


def variants(exercise: str | None = None, correct: bool | None = None) -> list[Variant]:
    """The catalogue in file order, optionally for one exercise and only the wrong (False) or correct (True) ones.
    A catalogue module that does not import raises: a lost diagnosis must never pass silently."""
    names = course.NAMES if exercise is None else (exercise,)
    for name in names:
        importlib.import_module(f"{HIDDEN_PACKAGE}.{name}.catalogue")
    chosen = [variant for name in names for variant in _REGISTRY.get(name, [])]
    return [variant for variant in chosen if correct is None or variant.correct == correct]


def sibling_imports(variant: Variant) -> list[str]:
    """The imports a learner's module needs for the variant: `from .<exercise> import <name>` for every function of
    another exercise's model answer that the variant calls by name."""
    wanted: dict[str, set[str]] = {}
    for name in _global_names(variant.implementation.__code__):
        value = variant.implementation.__globals__.get(name)
        module = getattr(value, "__module__", "") or ""
        if module.startswith(f"{MODEL_ANSWERS}.") and module != f"{MODEL_ANSWERS}.{variant.exercise}":
            wanted.setdefault(module.rpartition(".")[2], set()).add(name)
    return [f"from .{module} import {', '.join(sorted(names))}" for module, names in sorted(wanted.items())]


def _global_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return names


def overlay_source(variant: Variant) -> str:
    """The variant as module text to append to a learner-style module: imports, then the def under its contract
    name."""
    renamed = variant.source.replace(f"def {variant.name}(", f"def {variant.function}(", 1)
    imports = "\n".join(sibling_imports(variant))
    return _OVERLAY_HEADER + (f"\n{imports}\n" if imports else "") + "\n\n" + renamed


def submission_module(base_source: str, *chosen: Variant) -> str:
    """A complete learner module: `base_source` (a correct module) with each chosen variant's function replacing
    its own (later definitions win, as in any Python module)."""
    parts = [base_source.rstrip("\n")]
    parts += [f"# --- catalogue variant {variant.label} ---\n" + overlay_source(variant) for variant in chosen]
    return "\n\n\n".join(parts)


_LOADED: dict[str, types.ModuleType] = {}


def load(variant: Variant) -> types.ModuleType:
    """The model answer `solutions.<exercise>` with the variant in the place of its function (cached): the module's
    other functions are rebound to the new namespace, so the ones that call the replaced function call the variant."""
    if variant.label not in _LOADED:
        base = importlib.import_module(f"{MODEL_ANSWERS}.{variant.exercise}")
        module = types.ModuleType(f"{MODEL_ANSWERS}._catalogue_{variant.exercise}_{variant.name}")
        namespace = module.__dict__
        namespace.update({key: value for key, value in vars(base).items() if key != "__name__"})
        for key, value in vars(base).items():
            if isinstance(value, types.FunctionType) and value.__module__ == base.__name__:
                namespace[key] = _rebound(value, namespace)
        namespace[variant.function] = variant.implementation
        _LOADED[variant.label] = module
    return _LOADED[variant.label]


def _rebound(function: types.FunctionType, namespace: dict) -> types.FunctionType:
    """The same function, its global names looked up in `namespace`."""
    copy = types.FunctionType(function.__code__, namespace, function.__name__, function.__defaults__,
                              function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__doc__, copy.__qualname__ = function.__doc__, function.__qualname__
    return copy
