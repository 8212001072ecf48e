"""The course order: the one list that says which exercises exist and in which order they are taken.

`attn exercises sync` generates one stub per name, and the `pytest exercises` progress report lists them in this
order. Each name is a module in `solutions/` and `exercises/` and a visible test file `exercises/tests/test_<name>.py`.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

EXERCISES: tuple[str, ...] = (
    "bpe",
    "embeddings",
    "softmax",
    "masking",
    "attention",
    "multihead",
    "transformer_layer",
    "cross_attention",
    "sampling",
    "patch_embedding",
)


def solutions_dir() -> Path:
    """The folder of the model answers (the installed `solutions` package of this checkout)."""
    spec = importlib.util.find_spec("solutions")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the solutions package is not installed: run `pip install -e .` in the course checkout")
    return Path(list(spec.submodule_search_locations)[0])
