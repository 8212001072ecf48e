"""Swin's shifted windows (Liu et al. 2021): attention within M×M windows of a grid of patch tokens, the cyclic shift
by half a window that lets neighbouring windows talk, the mask that keeps the shifted windows honest, and patch
merging, which halves the grid and doubles the features.

Conventions (the column convention, on a grid):

* a grid of tokens is ``X (..., C, H, W)``: the token at (h, w) is the column ``X[..., :, h, w]`` of its C features
  (PyTorch's image layout), and flattening the grid gives the usual sequence ``(..., C, H·W)``, raster order;
* a window is a sequence ``(C, M·M)`` of its tokens in raster order within the window; ``window_partition`` returns
  the windows of a grid stacked on a new axis, ``(..., nW, C, M·M)``, windows in raster order over the grid of
  windows (nW = (H/M)·(W/M)) — the order of Hugging Face's and the paper's ``window_partition``;
* masks are boolean, ``(nW, M·M, M·M)`` with entry [w, j, i] True when, in window w, key j is visible to query i
  (the course's (N_k, N_q) layout). Hugging Face adds −100 where ours is False (``convention.additive_rows_mask``).

The cyclic shift moves the grid up and left by ``shift`` (``torch.roll(X, (−shift, −shift), (−2, −1))``) before
the partition and back afterwards, so the token at (h, w) lands at (h − shift, w − shift) mod (H, W).
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape
from .multihead import check_heads, check_params
from .transformer_layer import layer_norm


def _check_window(height: int, width: int, window: int) -> None:
    check_positive_int("window", window)
    if height % window or width % window:
        raise ValueError(f"window: {window} does not divide the {height}×{width} grid (both sides must be multiples)")


def _check_shift(shift: int, window: int) -> None:
    check_positive_int("shift", shift, minimum=0)
    if shift >= window:
        raise ValueError(f"shift: expected 0 ≤ shift < window={window}, got {shift}")


def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    """A grid X (..., C, H, W) -> its windows (..., nW, C, M·M), M = ``window``, nW = (H/M)·(W/M).

    Window k covers grid rows (k // (W/M))·M … +M and columns (k % (W/M))·M … +M; its tokens are in raster order.
    ValueError unless M divides H and W.
    """
    check_shape("X", X, ("C", "H", "W"), {})
    *lead, C, H, W = X.shape
    _check_window(H, W, window)
    M = window
    grid = X.reshape(*lead, C, H // M, M, W // M, M)                  # (..., C, wh, p, ww, q)
    windows = grid.movedim(-4, -5).movedim(-2, -4)                    # (..., wh, ww, C, p, q)
    return windows.reshape(*lead, (H // M) * (W // M), C, M * M)


def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    """Windows (..., nW, C, M·M) -> the grid (..., C, H, W) they tile: the inverse of ``window_partition``.

    ValueError unless M divides ``height`` and ``width`` and nW = (H/M)·(W/M).
    """
    check_positive_int("height", height)
    check_positive_int("width", width)
    _check_window(height, width, window)
    M = window
    check_shape("windows", windows, ((height // M) * (width // M), "C", M * M), {})
    *lead, _, C, _ = windows.shape
    grid = windows.reshape(*lead, height // M, width // M, C, M, M)   # (..., wh, ww, C, p, q)
    grid = grid.movedim(-3, -5).movedim(-3, -2)                       # (..., C, wh, p, ww, q)
    return grid.reshape(*lead, C, height, width)


def _regions(size: int, window: int, shift: int, device: torch.device | str | None) -> torch.Tensor:
    """(size,) the region of each index of the rolled axis: 0 for indices that were already neighbours, 1 and 2 for
    the last window's two pieces — the part of the last window that stayed, and the part that wrapped around."""
    index = torch.arange(size, device=device)
    return (index >= size - window).long() + (index >= size - shift).long()


def shifted_window_mask(height: int, width: int, window: int, shift: int,
                        device: torch.device | str | None = None) -> torch.BoolTensor:
    """(nW, M·M, M·M) boolean: [w, j, i] True iff key j and query i of window w of the **rolled** grid were
    neighbours before the roll (they lie in the same region: the windows along the bottom and right edges mix the
    last rows/columns with the first ones that wrapped around, which must not see each other).

    ``shift = 0`` gives all True (plain windows: nothing wrapped around). ValueError unless M divides the grid and
    0 ≤ shift < M.
    """
    check_positive_int("height", height)
    check_positive_int("width", width)
    _check_window(height, width, window)
    _check_shift(shift, window)
    rows = _regions(height, window, shift, device)                     # (H,)
    columns = _regions(width, window, shift, device)                   # (W,)
    labels = (rows[:, None] * 3 + columns[None, :])[None]              # (1, H, W): one label per region
    labels = window_partition(labels, window)[:, 0]                     # (nW, M·M)
    return labels[:, :, None] == labels[:, None, :]                     # (nW, M·M keys, M·M queries)


def cyclic_shift(X: torch.Tensor, shift: int) -> torch.Tensor:
    """A grid X (..., C, H, W) rolled up and left by ``shift``: token (h, w) moves to (h − shift, w − shift) mod
    (H, W). ``cyclic_shift(·, −shift)`` rolls it back."""
    return torch.roll(X, shifts=(-shift, -shift), dims=(-2, -1)) if shift else X


def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    """A grid X (..., C, H, W) -> (..., 2C, H/2, W/2): each 2×2 block of tokens becomes one.

    The four tokens of the block at rows 2i, 2i+1 and columns 2j, 2j+1 are stacked into one column of 4C features in
    the order of the paper and Hugging Face — (2i, 2j), (2i+1, 2j), (2i, 2j+1), (2i+1, 2j+1): top-left, bottom-left,
    top-right, bottom-right — layer-normalised over the 4C features (gamma, beta (4C,)) and projected by W (2C, 4C)
    (no bias). ValueError if H or W is odd.
    """
    sizes: dict[str, int] = {}
    check_shape("X", X, ("C", "H", "W"), sizes)
    C, H, Wd = sizes["C"], sizes["H"], sizes["W"]
    if H % 2 or Wd % 2:
        raise ValueError(f"X: patch merging needs an even grid, got {H}×{Wd}")
    sizes["4C"], sizes["2C"] = 4 * C, 2 * C
    check_shape("gamma", gamma, ("4C",), sizes, batched=False)
    check_shape("beta", beta, ("4C",), sizes, batched=False)
    check_shape("W", W, ("2C", "4C"), sizes, batched=False)
    blocks = [X[..., row::2, column::2] for column in (0, 1) for row in (0, 1)]  # 4 × (..., C, H/2, W/2)
    merged = torch.cat(blocks, dim=-3).flatten(-2)                     # (..., 4C, H/2·W/2)
    merged = layer_norm(merged, gamma, beta, eps)
    return (W @ merged).unflatten(-1, (H // 2, Wd // 2))                # (..., 2C, H/2, W/2)


# ------------------------------------------------------------------ window attention with a relative position bias

def relative_position_index(window: int, device: torch.device | str | None = None) -> torch.LongTensor:
    """(M·M, M·M): [j, i] the column of the bias table for key j and query i of a window.

    With (dy, dx) = position of query i − position of key j, each in [−(M−1), M−1], the column is
    (dy + M − 1)·(2M − 1) + (dx + M − 1): the table has (2M − 1)² columns, one per relative offset.
    """
    check_positive_int("window", window)
    M = window
    position = torch.arange(M * M, device=device)
    row, column = position // M, position % M                           # (M·M,) each
    dy = row[None, :] - row[:, None]                                    # (keys, queries): query − key
    dx = column[None, :] - column[:, None]
    return (dy + M - 1) * (2 * M - 1) + (dx + M - 1)


def relative_position_bias(table: torch.Tensor, window: int) -> torch.Tensor:
    """A learned table (heads, (2M−1)²), one column per relative offset -> the bias (heads, M·M, M·M) that each head
    adds to its scores (layout (keys, queries), like the scores)."""
    check_shape("table", table, ("heads", (2 * window - 1) ** 2), {}, batched=False)
    return table[:, relative_position_index(window, table.device)]


def window_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int, window: int, shift: int = 0,
                     bias_table: torch.Tensor | None = None) -> torch.Tensor:
    """Multi-head self-attention within windows: a grid X (..., C, H, W) -> (..., C, H, W).

    With ``shift`` > 0 (Swin's odd blocks) the grid is rolled by ``cyclic_shift`` first, attended in windows with
    ``shifted_window_mask``, and rolled back. Each head h adds ``relative_position_bias(bias_table, window)[h]`` to
    its scores KᵀQ/sqrt(C/H) (no table: no bias, as in DaViT's spatial attention). ``params``: Wq, Wk, Wv, Wo (C, C)
    and bq, bk, bv, bo (C,), as ``multi_head_attention`` takes them; head h owns features h·C/H … (h+1)·C/H.

    Queries, keys and values are projected on the whole grid (a projection acts on each token alone, so it commutes
    with rolling and partitioning); then all windows of all heads are one batched matrix product.
    """
    check_params(params)
    sizes: dict[str, int] = {}
    check_shape("X", X, ("C", "H", "W"), sizes)
    C, H, W = sizes["C"], sizes["H"], sizes["W"]
    check_heads(C, num_heads)
    _check_window(H, W, window)
    _check_shift(shift, window)
    M, d = window, C // num_heads
    for key in ("Wq", "Wk", "Wv", "Wo"):
        check_shape(key, params[key], ("C", "C"), sizes, batched=False)
    for key in ("bq", "bk", "bv", "bo"):
        check_shape(key, params[key], ("C",), sizes, batched=False)

    weight = torch.cat([params["Wq"] * d ** -0.5, params["Wk"], params["Wv"]])   # (3C, C); the scale folded into Wq
    bias = torch.cat([params["bq"] * d ** -0.5, params["bk"], params["bv"]])
    qkv = weight @ X.flatten(-2) + bias[:, None]                                 # (..., 3C, H·W)
    qkv = window_partition(cyclic_shift(qkv.unflatten(-1, (H, W)), shift), M)    # (..., nW, 3C, M·M)
    Q, K, V = qkv.unflatten(-2, (3, num_heads, d)).unbind(-4)                    # each (..., nW, heads, d, M·M)

    scores = K.transpose(-2, -1) @ Q                                             # (..., nW, heads, M·M, M·M)
    if bias_table is not None:
        check_shape("bias_table", bias_table, (num_heads, (2 * M - 1) ** 2), {}, batched=False)
        scores = scores + relative_position_bias(bias_table, M)                  # (heads, M·M, M·M) broadcasts
    if shift:
        visible = shifted_window_mask(H, W, M, shift, X.device)                 # (nW, M·M, M·M)
        scores = scores.masked_fill(~visible[:, None], float("-inf"))            # a query always sees itself
    weights = torch.softmax(scores, dim=-2)                                      # columns sum to 1
    heads = V @ weights                                                          # (..., nW, heads, d, M·M)
    grid = cyclic_shift(window_reverse(heads.flatten(-3, -2), M, H, W), -shift)  # (..., C, H, W)
    return (params["Wo"] @ grid.flatten(-2) + params["bo"][:, None]).unflatten(-1, (H, W))


def attention_cost(height: int, width: int, dim: int, window: int | None = None) -> int:
    """Multiply-adds of the score and weighted-sum products of one attention layer on an H×W grid of D features:
    2·N²·D globally (ViT), 2·N·M²·D within M×M windows (Swin) — linear in N = H·W instead of quadratic."""
    tokens = height * width
    return 2 * tokens * (tokens if window is None else window * window) * dim

