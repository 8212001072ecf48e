# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/patch_embedding.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 10 · Patch embedding (the Vision Transformer's tokenizer)

Difficulty: ★★☆ · Time: about 40 minutes

What
    A Vision Transformer (ViT) reads an image as a sequence: cut it into P x P patches, flatten each patch into a
    column, project every column to D features with one shared linear map, put a learned [CLS] column in front, and
    add position embeddings. From then on it is the transformer you already built.

Formula
    patches = patchify(images, P)                (C*P*P, N) per image, N = (H/P)(W/P)
    X = W patches + b 1^T                        (D, N)
    X = [cls_token, X] + positions               (D, N + 1), [CLS] is column 0

Order (this is the whole difficulty)
    Patches are numbered row-major: left to right along the top row of patches, then the next row down.
    Inside a patch the C*P*P numbers are flattened channel first, then pixel row, then pixel column -- the order of
    Conv2d(C, D, P, stride=P).weight.reshape(D, -1), so a ViT's patch projection *is* that convolution.

Shapes
    images (B, C, H, W) -> patchify -> (B, C*P*P, N);  W (D, C*P*P), b (D,), cls_token (D,), positions (D, N + 1)
    -> patch_embedding -> (B, D, N + 1).

The classic trap
    images.reshape(B, C*P*P, N) without moving axes. It has the right shape and the wrong contents: neighbouring
    numbers in memory are neighbouring pixels of one image row, not one patch. Split H into (H/P, P) and W into
    (W/P, P), permute so the patch-grid axes come before the within-patch axes, and only then flatten.

Hints (one at a time)
    1. images.reshape(B, C, H // P, P, W // P, P) names the axes (b, c, grid_row, pixel_row, grid_col, pixel_col).
    2. permute(0, 2, 4, 1, 3, 5) gives (b, grid_row, grid_col, c, pixel_row, pixel_col); reshape to (B, N, C*P*P)
       and transpose the last two axes.
    3. For [CLS]: cls_token[:, None] is one column; expand it to (B, D, 1) and torch.cat along the last axis.
"""
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
    raise NotImplementedError('patchify: reshape to (B, C, H/P, P, W/P, P), permute the grid axes first, flatten, transpose')


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
    raise NotImplementedError('patch_embedding: linear(patchify(...), W, b), prepend cls_token as column 0, add positions')
