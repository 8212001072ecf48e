"""The course order: the one list that says which exercises exist and in which order they are taken.

`attn exercises sync` generates one stub per name, and the `pytest exercises` progress report lists them in this
order. Each name is a module in `solutions/` and `exercises/` and a visible test file `exercises/tests/test_<name>.py`.
"""
from __future__ import annotations

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
