"""The capstones' pictures, drawn with matplotlib's object-oriented API (no pyplot state, no display needed).

Every picture is saved at a fixed size, ``figsize × DPI`` pixels (``SIZES``), so tests can check it. Attention
weights follow the course's layout: rows are keys, columns are queries, each column sums to 1.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import torch
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

DPI = 100
SIZES = {  # picture -> (width, height) in inches; pixels are these times DPI
    "loss": (8, 4), "attention": (12, 9), "positions": (8, 4), "bpe": (6, 4), "patches": (8, 4),
    "alignment": (12, 4), "completions": (10, 5),
}


def pixel_size(kind: str) -> tuple[int, int]:
    """The (width, height) in pixels of a picture of this kind."""
    width, height = SIZES[kind]
    return width * DPI, height * DPI


def _figure(kind: str) -> Figure:
    figure = Figure(figsize=SIZES[kind], dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _save(figure: Figure, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=DPI)
    return path


def _smooth(values: Sequence[float], window: int) -> list[float]:
    """The running mean of the last ``window`` values."""
    out, total = [], 0.0
    for index, value in enumerate(values):
        total += value - (values[index - window] if index >= window else 0.0)
        out.append(total / min(index + 1, window))
    return out


def loss_curve(loss: Sequence[float], accuracy: Sequence[float], path: Path, title: str) -> Path:
    """Training loss (log scale) and batch accuracy per step, raw and smoothed."""
    figure = _figure("loss")
    left, right = figure.subplots(1, 2)
    steps = range(1, len(loss) + 1)
    window = max(1, len(loss) // 50)
    left.plot(steps, loss, color="0.8", linewidth=0.5)
    left.plot(steps, _smooth(loss, window), color="C0")
    left.set(yscale="log", xlabel="step", ylabel="loss (cross-entropy, nats)", title="training loss")
    right.plot(steps, [100 * a for a in accuracy], color="0.8", linewidth=0.5)
    right.plot(steps, [100 * a for a in _smooth(accuracy, window)], color="C1")
    right.set(xlabel="step", ylabel="% right", ylim=(0, 100), title="accuracy on the training batch")
    figure.suptitle(title)
    return _save(figure, path)


def attention_grid(maps: Sequence[torch.Tensor], labels: Sequence[str], path: Path, title: str) -> Path:
    """``maps[l]`` (H, N, N): the weights of each head (columns of the grid) of each layer (rows); rows of a matrix
    are keys, columns queries, both labelled with the tokens."""
    figure = _figure("attention")
    layers, heads = len(maps), maps[0].shape[0]
    axes = figure.subplots(layers, heads, squeeze=False)
    small = len(labels) <= 24
    for layer, weights in enumerate(maps):
        for head in range(heads):
            axis = axes[layer][head]
            axis.imshow(weights[head].detach().float().numpy(), cmap="viridis", vmin=0, vmax=1)
            axis.set_title(f"layer {layer + 1}, head {head + 1}", fontsize=8)
            positions = range(len(labels))
            axis.set_xticks(positions, labels if small else [], rotation=90, fontsize=5)
            axis.set_yticks(positions, labels if small else [], fontsize=5)
            if head == 0:
                axis.set_ylabel("key", fontsize=7)
            if layer == layers - 1:
                axis.set_xlabel("query", fontsize=7)
    figure.suptitle(title)
    return _save(figure, path)


def position_image(table: torch.Tensor, path: Path, title: str) -> Path:
    """A position table (D, N) as an image — row = feature, column = position — and the cosine similarity of every
    pair of positions."""
    figure = _figure("positions")
    left, right = figure.subplots(1, 2)
    table = table.detach().double()
    image = left.imshow(table.numpy(), aspect="auto", cmap="RdBu_r")
    left.set(xlabel="position n", ylabel="feature", title="the table: one column per position")
    figure.colorbar(image, ax=left)
    unit = table / table.norm(dim=0, keepdim=True).clamp_min(1e-12)
    similarity = right.imshow((unit.T @ unit).numpy(), cmap="viridis", vmin=-1, vmax=1)
    right.set(xlabel="position", ylabel="position", title="cosine similarity of positions")
    figure.colorbar(similarity, ax=right)
    figure.suptitle(title)
    return _save(figure, path)


def bpe_curve(points: Sequence[tuple[int, int]], path: Path, title: str) -> Path:
    """(vocabulary size, corpus length in tokens) after 0, 1, 2, … merges: each merge adds one symbol to the
    vocabulary and shortens the corpus."""
    figure = _figure("bpe")
    axis = figure.subplots()
    axis.plot([p[0] for p in points], [p[1] for p in points], marker=".", color="C2")
    axis.set(xlabel="vocabulary size (symbols)", ylabel="corpus length (tokens)", title=title)
    axis.annotate("characters", points[0], textcoords="offset points", xytext=(5, 5), fontsize=8)
    axis.annotate(f"{len(points) - 1} merges", points[-1], textcoords="offset points", xytext=(-40, 8), fontsize=8)
    return _save(figure, path)


def patches_figure(image: torch.Tensor, patches: torch.Tensor, patch_size: int, path: Path, title: str) -> Path:
    """An image (H, W) with its patch grid drawn, and its patches (C·P·P, N) as ``patchify`` cut them, numbered in
    the order they become tokens."""
    figure = _figure("patches")
    left, right = figure.subfigures(1, 2)
    axis = left.subplots()
    height, width = image.shape
    axis.imshow(image.numpy(), cmap="gray_r")
    for line in range(0, height + 1, patch_size):
        axis.axhline(line - 0.5, color="C1", linewidth=1)
    for line in range(0, width + 1, patch_size):
        axis.axvline(line - 0.5, color="C1", linewidth=1)
    per_row = width // patch_size
    for number in range(patches.shape[1]):
        row, col = divmod(number, per_row)
        axis.text(col * patch_size - 0.4, row * patch_size - 0.1, str(number + 1), color="C3", fontsize=7)
    axis.set(xticks=[], yticks=[], title="the image and its patch grid")
    grid = right.subplots(height // patch_size, per_row)
    for number, cell in enumerate(grid.flat):
        cell.imshow(patches[:, number].reshape(patch_size, patch_size).numpy(), cmap="gray_r", vmin=0,
                    vmax=float(image.max()) or 1.0)
        cell.set(xticks=[], yticks=[])
        cell.set_title(f"token {number + 1}", fontsize=6)
    right.suptitle("patches, in token order ([CLS] is token 0)", fontsize=9)
    figure.suptitle(title)
    return _save(figure, path)


def alignments(maps: Sequence[torch.Tensor], sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]],
               path: Path, title: str) -> Path:
    """One cross-attention matrix (N_s, N_t) per sentence: row = source word (key), column = target word (query)."""
    figure = _figure("alignment")
    axes = figure.subplots(1, len(maps), squeeze=False)[0]
    for axis, weights, source, target in zip(axes, maps, sources, targets):
        axis.imshow(weights.detach().float().numpy(), cmap="Greys", vmin=0, vmax=1)
        axis.set_xticks(range(len(target)), target, rotation=90, fontsize=8)
        axis.set_yticks(range(len(source)), source, fontsize=8)
    axes[0].set_ylabel("source word (key)")
    figure.supxlabel("target word (query)", fontsize=9)
    figure.suptitle(title)
    return _save(figure, path)


def completions_grid(originals: torch.Tensor, halves: torch.Tensor, completions: torch.Tensor, path: Path,
                     title: str, labels: Sequence[str] = ()) -> Path:
    """Three rows of images (M, H, W): the held-out digits, their top halves, the model's completions."""
    figure = _figure("completions")
    count = originals.shape[0]
    axes = figure.subplots(3, count, squeeze=False)
    for row, (images, name) in enumerate(((originals, "held-out digit"), (halves, "top half given"),
                                          (completions, "completed"))):
        for column in range(count):
            axis = axes[row][column]
            axis.imshow(images[column].numpy(), cmap="gray_r", vmin=0, vmax=1)
            axis.set(xticks=[], yticks=[])
            if column == 0:
                axis.set_ylabel(name, fontsize=8)
            if row == 2 and labels:
                axis.set_xlabel(labels[column], fontsize=7)
    figure.suptitle(title)
    return _save(figure, path)
