"""Model answer of the exercise 'swin' (Swin: shifted windows, patch merging); its lesson is in course/registry.py."""
from __future__ import annotations

import torch

from .transformer_layer import layer_norm


def _check_grid(height: int, width: int, window: int) -> None:
    if isinstance(window, bool) or not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive integer, got {window!r}")
    if height % window or width % window:
        raise ValueError(f"window={window} must divide the grid's height and width, got a {height}x{width} grid")


def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    """A grid X (..., C, H, W) -> its windows (..., nW, C, M*M), M = window, nW = (H/M)(W/M).

    Windows in raster order over the grid of windows; inside a window, tokens in raster order.
    """
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    ### BEGIN SOLUTION  (todo: split H into (H/M, M) and W into (W/M, M), move the two window-grid axes before C)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)   # (..., C, a, p, b, q)
    grid = grid.movedim((-4, -2), (-5, -4))                            # (..., a, b, C, p, q)
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
    ### END SOLUTION


def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    """Windows (..., nW, C, M*M) -> the grid (..., C, H, W) they tile: the inverse of window_partition."""
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    ### BEGIN SOLUTION  (todo: the reverse of window_partition: unflatten nW and M*M, move a and b back, reshape)
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)  # (..., a, b, C, p, q)
    grid = grid.movedim((-5, -4), (-4, -2))                                 # (..., C, a, p, b, q)
    return grid.reshape(*batch, channels, height, width)
    ### END SOLUTION


def shifted_window_mask(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    """The mask (nW, M*M, M*M) bool of the windows of the grid rolled up and left by `shift`.

    [w, j, i] is True iff key j and query i of window w were neighbours before the roll (along each axis, both or
    neither of them wrapped around).
    """
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    ### BEGIN SOLUTION  (todo: flag the rolled rows and columns that wrapped around, label each token, compare labels)
    # Rolled index r held original index (r + shift) mod size: it wrapped around iff r + shift >= size.
    wrapped_rows = torch.arange(height) + shift >= height              # (H,)
    wrapped_columns = torch.arange(width) + shift >= width             # (W,)
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]   # (H, W): 4 possible regions
    labels = window_partition(labels[None], window)[:, 0]              # (nW, M*M)
    return labels[:, :, None] == labels[:, None, :]                    # (nW, keys, queries)
    ### END SOLUTION


def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                  eps: float = 1e-5) -> torch.Tensor:
    """A grid X (..., C, H, W) -> (..., 2C, H/2, W/2): each 2x2 block becomes one token.

    Block features are stacked top-left, bottom-left, top-right, bottom-right (4C), layer-normalised with
    gamma, beta (4C,), then projected by W (2C, 4C) without bias.
    """
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError(f"with C={channels}: gamma and beta must be ({4 * channels},) and W ({2 * channels}, "
                         f"{4 * channels}); got {tuple(gamma.shape)}, {tuple(beta.shape)}, {tuple(W.shape)}")
    ### BEGIN SOLUTION  (todo: the four strided views X[..., r::2, c::2] in the contract's order, cat on C, LN, W @)
    top_left = X[..., 0::2, 0::2]                                       # (..., C, H/2, W/2) each
    bottom_left = X[..., 1::2, 0::2]
    top_right = X[..., 0::2, 1::2]
    bottom_right = X[..., 1::2, 1::2]
    merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)   # (..., 4C, H/2, W/2)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)           # (..., 4C, H/2 * W/2)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))        # (..., 2C, H/2, W/2)
    ### END SOLUTION
