"""`attn show WHAT`: one picture from the parts, without training.

- ``attention``: the weights of each head of one multi-head self-attention with random (seeded) weights on the words
  of a text, without a mask and with the causal mask;
- ``positions``: the sinusoidal position table and the similarity of its columns;
- ``bpe``: the merge curve of BPE trained on a text (vocabulary size against corpus length in tokens);
- ``patches``: one of scikit-learn's digits cut into 2×2 patches by ``patchify``.
"""
from __future__ import annotations

from pathlib import Path

import torch

from . import pictures
from .parts import load_parts

TEXT = ("a transformer reads a sentence as a matrix whose columns are tokens and every token asks every other token "
        "how much it matters while the tokens that come later wait their turn in a decoder")
PICTURES = {
    "attention": (("embeddings", "masking", "attention"), "the heads of a random self-attention on a text"),
    "positions": (("embeddings",), "the sinusoidal position table"),
    "bpe": (("bpe",), "BPE's vocabulary size against the corpus length, merge by merge"),
    "patches": (("patch_embedding",), "a digit cut into patches"),
}


def show(what: str, parts: str, path: Path, text: str | None = None, seed: int = 0) -> Path:
    """Draw picture ``what`` from ``parts`` ("mine", "solutions" or "reference") into ``path``."""
    if what not in PICTURES:
        raise ValueError(f"what: expected one of {', '.join(sorted(PICTURES))}, got {what!r}")
    loaded = load_parts(parts, PICTURES[what][0])
    for line in loaded.describe():
        print(line)
    return {"attention": _attention, "positions": _positions, "bpe": _bpe, "patches": _patches}[what](
        loaded, Path(path), text, seed)


def _attention(parts, path: Path, text: str | None, seed: int) -> Path:
    words = (text or TEXT).split()[:24]
    dim, heads = 32, 4
    generator = torch.Generator().manual_seed(seed)
    vocabulary = sorted(set(words))
    omega = torch.randn(dim, len(vocabulary), generator=generator)
    ids = torch.tensor([[vocabulary.index(word) for word in words]])
    X = parts.module("embeddings").embed(omega, ids) + parts.module("embeddings").sinusoidal_positions(len(words),
                                                                                                        dim)
    params = {name: torch.randn(dim, dim, generator=generator) / dim ** 0.5 if name.startswith("W") else
              torch.zeros(dim) for name in ("Wq", "bq", "Wk", "bk", "Wv", "bv")}
    A = parts.assembly
    maps = [A.head_weights(X, X, params, heads)[0],
            A.head_weights(X, X, params, heads, parts.module("masking").causal_mask(len(words)))[0]]
    return pictures.attention_grid(maps, words, path, "random attention weights: row 1 without a mask, row 2 "
                                   "with the causal mask (rows: keys, columns: queries)")


def _positions(parts, path: Path, text: str | None, seed: int) -> Path:
    table = parts.module("embeddings").sinusoidal_positions(64, 64)
    return pictures.position_image(table, path, "sinusoidal positions, D = 64, positions 0-63")


def _bpe(parts, path: Path, text: str | None, seed: int) -> Path:
    from .gpt import merge_curve

    corpus = text or TEXT
    bpe = parts.module("bpe")
    merges = bpe.train_bpe(corpus, 500)
    return pictures.bpe_curve(merge_curve(bpe, corpus, merges), path, f"BPE on a text of {len(corpus.split())} words")


def _patches(parts, path: Path, text: str | None, seed: int) -> Path:
    from sklearn.datasets import load_digits

    image = torch.tensor(load_digits().images[seed % 1797], dtype=torch.float32) / 16.0
    patches = parts.module("patch_embedding").patchify(image[None, None], 2)[0]
    return pictures.patches_figure(image, patches, 2, path, "a digit cut into 2×2 patches (patchify)")
