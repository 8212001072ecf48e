"""Model answer: patch embedding (the Vision Transformer's tokenizer).

Its lesson is its entry in the course registry (course/registry.py)."""
from __future__ import annotations

import torch

from .attention import linear


def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    """Cut images (B, C, H, W) into P x P patches -> (B, C*P*P, N), N = (H/P)(W/P), patches in row-major order.

    Each column is one patch flattened in (channel, row, column) order. ValueError if H or W is not a multiple of P.
    """
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(
            f"images (B, C, H, W) must have H and W divisible by patch_size={patch_size}; got H={height}, W={width}"
        )
    ### BEGIN SOLUTION  (todo: reshape to (B, C, H/P, P, W/P, P), permute the grid axes first, flatten, transpose)
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P)
    grid = grid.permute(0, 2, 4, 1, 3, 5)  # (B, grid_row, grid_col, C, pixel_row, pixel_col)
    num_patches = (height // P) * (width // P)
    return grid.reshape(batch, num_patches, channels * P * P).transpose(1, 2)
    ### END SOLUTION


def patch_embedding(
    images: torch.Tensor,
    patch_size: int,
    W: torch.Tensor,
    b: torch.Tensor,
    cls_token: torch.Tensor,
    positions: torch.Tensor,
) -> torch.Tensor:
    """ViT input: images (B, C, H, W) -> (B, D, N + 1) = [cls_token, W patches + b] + positions.

    W (D, C*P*P), b (D,), cls_token (D,), positions (D, N + 1); [CLS] is column 0.
    """
    ### BEGIN SOLUTION  (todo: linear(patchify(...), W, b), prepend cls_token as column 0, add positions)
    tokens = linear(patchify(images, patch_size), W, b)  # (B, D, N)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)  # (B, D, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
    ### END SOLUTION
