"""The misconception catalogue: known-wrong versions of every exercise function, and correct alternatives.

Each variant is ONE plain function in ``grader/catalogue/<exercise>.py``, written the way a learner would write the
contract function, decorated with ``@wrong(function, explanation)`` or ``@alternative(function, note)``. Its Python
name is the variant's stable name (``softmax_over_rows``); its source is the single copy used everywhere:

* ``load(variant)`` runs it in the grader (trusted code) on top of the model answer ``solutions/<exercise>.py`` — a
  correct module with exactly the contract's signatures, structured like a learner's — so the diagnosis can compare
  a learner's output with what each known mistake produces on the same inputs;
* ``overlay_source(variant)`` is the same def renamed to the contract name, ready to be appended to a learner-style
  module (the tests build real submissions this way and grade them through the sandbox).

A variant may call the other contract functions of its own exercise by name, and import other exercises' contract
functions inside its body (``from .softmax import softmax_cols``), as a learner's module does; in the grader those
resolve to the model answers.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import sys
import textwrap
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from attn.course import EXERCISES

BASE_PACKAGE = "solutions"
_OVERLAY_HEADER = "import math\n\nimport torch\n\n\n"


@dataclass(frozen=True)
class Variant:
    """One catalogue entry: ``function`` of ``exercise`` written differently; ``correct`` says if it is right."""

    exercise: str
    name: str
    function: str
    correct: bool
    explanation: str
    source: str  # the def, decorator removed, still under its catalogue name

    @property
    def label(self) -> str:
        return f"{self.exercise}.{self.name}"


_REGISTRY: dict[str, list[Variant]] = {}


def _register(function: str, explanation: str, correct: bool) -> Callable[[Callable], Callable]:
    def decorate(fn: Callable) -> Callable:
        exercise = fn.__module__.rsplit(".", 1)[-1]
        source = textwrap.dedent(inspect.getsource(fn))
        definition = ast.parse(source).body[0]
        source = "\n".join(source.splitlines()[definition.lineno - 1:]) + "\n"  # drop the decorator lines
        variant = Variant(exercise, fn.__name__, function, correct, inspect.cleandoc(explanation), source)
        _REGISTRY.setdefault(exercise, []).append(variant)
        return fn
    return decorate


def wrong(function: str, explanation: str) -> Callable[[Callable], Callable]:
    """Register a known-wrong ``function``; ``explanation`` tells the learner what is wrong, why, and how to fix it."""
    return _register(function, explanation, correct=False)


def alternative(function: str, note: str) -> Callable[[Callable], Callable]:
    """Register a correct alternative implementation of ``function`` (it must get full marks)."""
    return _register(function, note, correct=True)


def variants(exercise: str | None = None, correct: bool | None = None) -> list[Variant]:
    """The catalogue in file order, optionally for one exercise and only the wrong (False) or correct (True) ones."""
    for name in EXERCISES if exercise is None else (exercise,):
        importlib.import_module(f"{__name__}.{name}")
    chosen = [v for name in (EXERCISES if exercise is None else (exercise,)) for v in _REGISTRY.get(name, [])]
    return [v for v in chosen if correct is None or v.correct == correct]


def overlay_source(variant: Variant) -> str:
    """The variant as module text to append to a learner-style module: imports, then the def under its contract name."""
    renamed = variant.source.replace(f"def {variant.name}(", f"def {variant.function}(", 1)
    return _OVERLAY_HEADER + renamed


def submission_module(base_source: str, *chosen: Variant) -> str:
    """A complete learner module: ``base_source`` (a correct module) with each chosen variant's function replacing
    its own (later definitions win, as in any Python module)."""
    parts = [base_source.rstrip("\n")]
    parts += [f"# --- catalogue variant {variant.label} ---\n" + overlay_source(variant) for variant in chosen]
    return "\n\n\n".join(parts)


_LOADED: dict[str, types.ModuleType] = {}


def load(variant: Variant) -> types.ModuleType:
    """A fresh copy of ``solutions.<exercise>`` with the variant's function swapped in (cached).

    The module lives in the ``solutions`` package, so relative imports (``from .softmax import softmax_cols``) reach
    the model answers; functions of the same module that call the replaced one (``self_attention`` calling
    ``scaled_dot_product_attention``) use the variant, as they would in a learner's module.
    """
    if variant.label not in _LOADED:
        base = importlib.import_module(f"{BASE_PACKAGE}.{variant.exercise}")
        path = Path(base.__file__)
        name = f"{BASE_PACKAGE}._catalogue_{variant.exercise}_{variant.name}"
        module = types.ModuleType(name)
        module.__file__ = str(path)
        module.__package__ = BASE_PACKAGE
        sys.modules[name] = module
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
        exec(compile(overlay_source(variant), f"<catalogue {variant.label}>", "exec"), module.__dict__)
        _LOADED[variant.label] = module
    return _LOADED[variant.label]
