"""ViT patch embedding: cut an image into P×P patches, flatten each into a column, project, prepend [CLS].

Patch n is at grid row n // (W/P), grid column n % (W/P) (row-major); each column lists its pixels in
(channel, row, column) order — the order of ``Conv2d(C, D, P, stride=P).weight.reshape(D, -1)``, so the projection
equals that convolution.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape


def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    """images (B, C, H, W) -> patches (B, C·P·P, N) with N = (H/P)·(W/P)."""
    check_shape("images", images, ("B", "C", "H", "W"), {}, batched=False)
    check_positive_int("patch_size", patch_size)
    B, C, H, W = images.shape
    P = patch_size
    if H % P or W % P:
        raise ValueError(f"images: height {H} and width {W} must both be multiples of patch_size={P}")
    grid = images.reshape(B, C, H // P, P, W // P, P)          # (B, C, gh, p, gw, q)
    columns = grid.permute(0, 1, 3, 5, 2, 4)                   # (B, C, p, q, gh, gw)
    return columns.reshape(B, C * P * P, (H // P) * (W // P))


def patch_embedding(images: torch.Tensor, patch_size: int, W: torch.Tensor, b: torch.Tensor,
                    cls_token: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """images (B, C, H, W) -> tokens (B, D, N+1): W·patches + b, [CLS] as column 0, then + positions (D, N+1)."""
    patches = patchify(images, patch_size)                      # (B, C·P·P, N)
    sizes = {"CPP": patches.shape[1], "N+1": patches.shape[2] + 1}
    check_shape("W", W, ("D", "CPP"), sizes, batched=False)
    check_shape("b", b, ("D",), sizes, batched=False)
    check_shape("cls_token", cls_token, ("D",), sizes, batched=False)
    check_shape("positions", positions, ("D", "N+1"), sizes, batched=False)
    tokens = W @ patches + b[:, None]                           # (B, D, N)
    cls = cls_token[None, :, None].expand(len(images), -1, 1)   # (B, D, 1)
    return torch.cat([cls, tokens], dim=-1) + positions
