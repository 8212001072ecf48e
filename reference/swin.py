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

Shapes follow the column convention; memory does not always: the window functions keep each token's C features side
by side in memory (what ``torch.channels_last`` does for images), which makes every per-token projection of every
window a single matrix product. Nothing but speed depends on it.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape
from .multihead import check_heads, check_params, split_heads
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
    ValueError unless M divides H and W. (In memory each window is stored token by token, its C features side by
    side — ``.contiguous()`` gives the usual layout — so that projecting all windows is one matrix product.)
    """
    check_shape("X", X, ("C", "H", "W"), {})
    *lead, C, H, W = X.shape
    _check_window(H, W, window)
    M = window
    grid = X.movedim(-3, -1).reshape(*lead, H // M, M, W // M, M, C)      # (..., wh, p, ww, q, C)
    tokens = grid.transpose(-4, -3).reshape(*lead, (H // M) * (W // M), M * M, C)  # (..., nW, p·q, C)
    return tokens.transpose(-2, -1)                                         # (..., nW, C, M·M)


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
    grid = windows.transpose(-2, -1).reshape(*lead, height // M, width // M, M, M, C)   # (..., wh, ww, p, q, C)
    return grid.transpose(-4, -3).reshape(*lead, height, width, C).movedim(-1, -3)     # (..., C, H, W)


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
    (H, W). ``cyclic_shift(·, −shift)`` rolls it back. (Rolled token by token in memory, like the windows.)"""
    if not shift:
        return X
    return torch.roll(X.movedim(-3, -1), shifts=(-shift, -shift), dims=(-3, -2)).movedim(-1, -3)


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

    Each window is a sequence of M·M token columns, attended as ``multi_head_attention`` would (``params``: Wq, Wk,
    Wv, Wo (C, C) and bq, bk, bv, bo (C,); head h owns features h·C/H … (h+1)·C/H; scores KᵀQ/sqrt(C/H)), plus, per
    head h, ``relative_position_bias(bias_table, window)[h]`` added to the scores (no table: no bias, as in DaViT's
    spatial attention). With ``shift`` > 0 (Swin's odd blocks) the grid is rolled by ``cyclic_shift`` first, attended
    with ``shifted_window_mask``, and rolled back.

    Speed: the windows come out of ``window_partition`` stored token by token, so each projection of all windows is
    one matrix product (queries, keys and values together), and the scores and weighted sums of all windows and heads
    are one batched product each.
    """
    check_params(params)
    sizes: dict[str, int] = {}
    check_shape("X", X, ("C", "H", "W"), sizes)
    C, H, W = sizes["C"], sizes["H"], sizes["W"]
    check_heads(C, num_heads)
    _check_window(H, W, window)
    _check_shift(shift, window)
    M, scale = window, (C // num_heads) ** -0.5
    for key in ("Wq", "Wk", "Wv", "Wo"):
        check_shape(key, params[key], ("C", "C"), sizes, batched=False)
    for key in ("bq", "bk", "bv", "bo"):
        check_shape(key, params[key], ("C",), sizes, batched=False)
    windows = window_partition(cyclic_shift(X, shift), M)                       # (..., nW, C, M·M)
    weight = torch.cat([params["Wq"] * scale, params["Wk"], params["Wv"]])       # (3C, C), 1/sqrt(C/H) folded in
    bias = torch.cat([params["bq"] * scale, params["bk"], params["bv"]])
    qkv = _project_tokens(weight, windows, bias)                                # (..., nW, 3C, M·M)
    heads = split_heads(qkv, 3 * num_heads).unflatten(-3, (3, num_heads))       # (..., nW, 3, heads, C/H, M·M)
    # A = V softmax_cols(KᵀQ + B) per head, computed transposed — Aᵀ = softmax over the last axis of (QᵀK + Bᵀ),
    # times Vᵀ — from one copy of Qᵀ, Kᵀ, Vᵀ: the softmax then runs along memory, and Aᵀ comes out token by token.
    Q_t, K_t, V_t = heads.movedim(-4, 0).transpose(-2, -1).contiguous()         # each (..., nW, heads, M·M, C/H)
    scores_t = Q_t @ K_t.transpose(-2, -1)                                      # (..., nW, heads, queries, keys)
    added = _bias_and_mask(bias_table, num_heads, H, W, M, shift, X)
    if added is not None:
        scores_t = scores_t + added
    heads_t = torch.softmax(scores_t, dim=-1) @ V_t                             # (..., nW, heads, M·M, C/H)
    merged = heads_t.transpose(-3, -2).flatten(-2).transpose(-2, -1)            # merge_heads: (..., nW, C, M·M)
    out = _project_tokens(params["Wo"], merged, params["bo"])                   # (..., nW, C, M·M)
    return cyclic_shift(window_reverse(out, M, H, W), -shift)


def _project_tokens(W: torch.Tensor, X: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """W X + b 1ᵀ for X (..., in, N) stored token by token: ``F.linear`` on the token rows, one matrix product over
    all leading axes (``W @ X`` would be one small product per window)."""
    return torch.nn.functional.linear(X.transpose(-2, -1), W, b).transpose(-2, -1)


def _bias_and_mask(bias_table: torch.Tensor | None, num_heads: int, height: int, width: int, window: int, shift: int,
                   X: torch.Tensor) -> torch.Tensor | None:
    """What window attention adds to its transposed scores (queries, keys): the relative position bias (heads, M·M,
    M·M) and, with a shift, −inf where ``shifted_window_mask`` is False, (nW, heads, M·M, M·M); None if neither."""
    added = None
    if bias_table is not None:
        check_shape("bias_table", bias_table, (num_heads, (2 * window - 1) ** 2), {}, batched=False)
        added = relative_position_bias(bias_table, window).transpose(-2, -1)   # (heads, queries, keys)
    if shift:
        visible = shifted_window_mask(height, width, window, shift, X.device)  # (nW, M·M, M·M); a query sees itself
        blocked = torch.zeros(visible.shape, dtype=X.dtype, device=X.device).masked_fill(~visible, float("-inf"))
        blocked = blocked.transpose(-2, -1)[:, None]                           # (nW, 1, queries, keys)
        added = blocked if added is None else blocked + added
    return None if added is None else added.contiguous()


def attention_cost(height: int, width: int, dim: int, window: int | None = None) -> int:
    """Multiply-adds of the score and weighted-sum products of one attention layer on an H×W grid of D features:
    2·N²·D globally (ViT), 2·N·M²·D within M×M windows (Swin) — linear in N = H·W instead of quadratic."""
    tokens = height * width
    return 2 * tokens * (tokens if window is None else window * window) * dim

