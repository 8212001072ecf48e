"""Model answer of the exercise 'imagegpt' (ImageGPT: pixels as tokens); its lesson is in course/registry.py."""
from __future__ import annotations

import torch


def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    """images (..., C, H, W), palette (C, K) -> ids (..., H, W) long: the nearest palette colour of every pixel.

    Squared Euclidean distance over the C channels; ties go to the lowest id.
    """
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError(f"images must be (..., C, H, W) and palette (C, K); got shapes {tuple(images.shape)} and "
                         f"{tuple(palette.shape)}")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError(f"images and palette must be floating point, got {images.dtype} and {palette.dtype}")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError(f"images have C={images.shape[-3]} channels but the palette has {palette.shape[0]} rows")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour, got shape (C, 0)")
    ### BEGIN SOLUTION  (todo: pixel columns minus palette columns, square, sum over the channels, argmin over K)
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]        # (..., H, W, C, 1)
    differences = pixels - palette.to(dtype)                        # (..., H, W, C, K)
    distances = differences.square().sum(dim=-2)                    # (..., H, W, K)
    return distances.argmin(dim=-1)                                 # argmin keeps the first (lowest) id of a tie
    ### END SOLUTION


def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    """ids (..., H, W) of any integer dtype, palette (C, K) -> images (..., C, H, W): pixel (h, w) is palette
    column ids[h, w]."""
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}, got values from {int(ids.min())} to "
                         f"{int(ids.max())}")
    ### BEGIN SOLUTION  (todo: index the palette's columns with ids, then move the channel axis before H, W)
    colours = palette[:, ids.long()]                                # (C, ..., H, W)
    return colours.movedim(0, -3)                                   # (..., C, H, W)
    ### END SOLUTION


def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """ids (..., H, W) of any integer dtype -> (inputs, targets), both long (..., H*W) in raster order.

    targets = the pixels row by row; inputs = [sos_id, targets[0], ..., targets[N-2]] (shifted right by one).
    """
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype} of shape {tuple(ids.shape)}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError(f"ids: the image has no pixels (shape {tuple(ids.shape)})")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    ### BEGIN SOLUTION  (todo: flatten the last two axes; inputs = the start token, then all targets but the last)
    targets = ids.long().reshape(*ids.shape[:-2], -1)               # (..., N): row 0, then row 1, ...
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
    inputs = torch.cat([start, targets[..., :-1]], dim=-1)          # (..., N)
    return inputs, targets
    ### END SOLUTION


def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    """Final token features X (..., D, N), W (K, D), b (K,) or None -> class logits (..., K).

    The mean over the N token columns, then W @ mean + b.
    """
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    ### BEGIN SOLUTION  (todo: mean over the last axis (the tokens), then a batched W @ mean, then the bias)
    pooled = X.mean(dim=-1)                                         # (..., D)
    logits = torch.einsum("kd,...d->...k", W, pooled)               # (..., K)
    return logits if b is None else logits + b
    ### END SOLUTION
