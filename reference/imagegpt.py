"""ImageGPT's view of an image: pixels as tokens. A colour palette (k-means), pixels to palette ids and back, the
raster-order sequence a next-pixel decoder reads, and the classifier that averages the final token features.

Conventions (the column convention, applied to images):

* an image is a grid of pixel columns, ``images (..., C, H, W)``: the pixel at (h, w) is the column
  ``images[..., :, h, w]`` of its C colour values (PyTorch's own image layout);
* a palette is a table with one **column** per colour, ``palette (C, K)`` — like the embedding table Ω_e (D, V);
* an image of palette ids is ``(..., H, W)``; a sequence of ids is ``(..., N)``, N = H·W in raster order (row by
  row, each row left to right): pixel (h, w) is token h·W + w.

ImageGPT (Chen et al. 2020) quantises RGB pixels to a 9-bit palette of 512 colours fitted by k-means, so a 32×32
image is a sequence of 1024 tokens from a vocabulary of 512 colours plus one start-of-sequence token.
"""
from __future__ import annotations

import torch

from ._shapes import check_positive_int, check_shape

_CHUNK = 1 << 16  # pixels per distance block in _nearest_colour: bounds memory at 64K × K distances


def _check_palette(images: torch.Tensor, palette: torch.Tensor) -> None:
    sizes: dict[str, int] = {}
    check_shape("images", images, ("C", "H", "W"), sizes)
    check_shape("palette", palette, ("C", "K"), sizes, batched=False)
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError(f"images and palette: expected floating-point tensors, got {images.dtype} and {palette.dtype}")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour (shape (C, K) with K ≥ 1)")


def _pixel_rows(images: torch.Tensor) -> torch.Tensor:
    """(..., C, H, W) -> (M, C): every pixel of every image, one row each (leading axes, then raster order)."""
    return images.movedim(-3, -1).reshape(-1, images.shape[-3])


def _nearest_colour(pixels: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    """pixels (M, C), palette (C, K) -> (M,) the id of each pixel's nearest colour (squared Euclidean distance,
    computed exactly as Σ_c (x_c − p_c)², so ties go to the lowest id)."""
    ids = torch.empty(pixels.shape[0], dtype=torch.long, device=pixels.device)
    for start in range(0, pixels.shape[0], _CHUNK):
        block = pixels[start:start + _CHUNK]                                  # (m, C)
        distances = sum((block[:, c, None] - palette[c, None, :]).square()    # (m, K)
                        for c in range(palette.shape[0]))
        ids[start:start + _CHUNK] = distances.argmin(dim=1)
    return ids


def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.LongTensor:
    """images (..., C, H, W), palette (C, K) -> ids (..., H, W): each pixel's nearest palette colour.

    The distance is the squared Euclidean distance between the pixel column and the colour column; ties go to the
    lowest id. Images and palette must live in the same colour space (Hugging Face's ImageGPT palette is in [-1, 1]:
    pixels scaled by 1/127.5 and shifted by -1).
    """
    _check_palette(images, palette)
    dtype = torch.promote_types(images.dtype, palette.dtype)
    ids = _nearest_colour(_pixel_rows(images.to(dtype)), palette.to(dtype))
    return ids.reshape(images.shape[:-3] + images.shape[-2:])


def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    """ids (..., H, W), palette (C, K) -> images (..., C, H, W) in the palette's dtype: pixel (h, w) becomes the
    palette column ``ids[..., h, w]``."""
    check_shape("ids", ids, ("H", "W"), {})
    check_shape("palette", palette, ("C", "K"), {}, batched=False)
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids: expected an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):   # as ints: a uint8 bound would wrap
        raise ValueError(f"ids: every id must lie in [0, {palette.shape[1]}), got min {int(ids.min())} and max "
                         f"{int(ids.max())}")
    return palette[:, ids.long()].movedim(0, -3)                               # (C, ..., H, W) -> (..., C, H, W)


def pixel_sequence(ids: torch.Tensor, sos_id: int) -> tuple[torch.LongTensor, torch.LongTensor]:
    """ids (..., H, W) -> (inputs, targets), each (..., H·W): the image as a next-pixel prediction problem.

    ``targets`` lists the pixels in raster order (row by row, left to right). ``inputs`` is the same sequence shifted
    right by one, starting with the start-of-sequence token: ``inputs = [sos_id, targets[0], …, targets[N−2]]``.
    A causal decoder reading ``inputs`` predicts ``targets`` column by column: column n sees the start token and the
    pixels before pixel n, never pixel n itself. (ImageGPT's start token is the id after the palette: 512.)
    """
    check_shape("ids", ids, ("H", "W"), {})
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids: expected an integer tensor of palette ids, got {ids.dtype}")
    check_positive_int("sos_id", sos_id, minimum=0)
    if ids.shape[-2] * ids.shape[-1] == 0:
        raise ValueError(f"ids: expected an image of at least one pixel, got shape {tuple(ids.shape)}")
    targets = ids.long().flatten(-2)                                           # (..., N), raster order
    start = torch.full_like(targets[..., :1], sos_id)                          # (..., 1)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets


def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    """Final token features X (..., D, N), W (K, D), b (K,) or None -> class logits (..., K).

    The mean of the N token columns, then ``W @ mean + b``: how ImageGPT (Hugging Face's
    ``ImageGPTForImageClassification``, no bias) and Swin (with a bias) classify, with no <cls> token.
    """
    sizes: dict[str, int] = {}
    check_shape("X", X, ("D", "N"), sizes)
    check_shape("W", W, ("K", "D"), sizes, batched=False)
    if b is not None:
        check_shape("b", b, ("K",), sizes, batched=False)
    if sizes["N"] == 0:
        raise ValueError("X: expected at least one token column to average")
    pooled = X.mean(dim=-1)                                                    # (..., D)
    logits = pooled @ W.T                                                      # (..., K): W @ pooled, batched
    return logits if b is None else logits + b


# ------------------------------------------------------------------ the palette: k-means on pixels

def kmeans_plus_plus(pixels: torch.Tensor, num_colours: int, generator: torch.Generator) -> torch.Tensor:
    """pixels (C, M) -> initial palette (C, K): k-means++ seeding (Arthur & Vassilvitskii 2007).

    The first colour is a pixel drawn uniformly; each next one is a pixel drawn with probability proportional to its
    squared distance to the nearest colour chosen so far (uniformly again if every pixel is already a colour).
    """
    rows = pixels.T                                                            # (M, C)
    num_pixels = rows.shape[0]
    chosen = [int(torch.randint(num_pixels, (1,), generator=generator, device=pixels.device))]
    nearest = (rows - rows[chosen[0]]).square().sum(dim=1)                    # (M,) squared distance
    for _ in range(num_colours - 1):
        weights = nearest if nearest.sum() > 0 else torch.ones_like(nearest)
        index = int(torch.multinomial(weights, 1, generator=generator))
        chosen.append(index)
        nearest = torch.minimum(nearest, (rows - rows[index]).square().sum(dim=1))
    return pixels[:, chosen]


def lloyd(pixels: torch.Tensor, palette: torch.Tensor, num_iterations: int) -> torch.Tensor:
    """pixels (C, M), palette (C, K) -> palette (C, K) after up to ``num_iterations`` Lloyd steps.

    Each step assigns every pixel to its nearest colour (as ``quantize_pixels``) and moves each colour to the mean of
    its pixels; a colour that no pixel chose keeps its place. Stops early once no assignment changes.
    """
    rows = pixels.T                                                            # (M, C)
    assignment = None
    for _ in range(num_iterations):
        new_assignment = _nearest_colour(rows, palette)
        if assignment is not None and torch.equal(new_assignment, assignment):
            break
        assignment = new_assignment
        counts = torch.bincount(assignment, minlength=palette.shape[1])         # (K,)
        sums = torch.zeros_like(palette).index_add_(1, assignment, pixels)     # (C, K)
        palette = torch.where(counts > 0, sums / counts.clamp(min=1), palette)
    return palette


def fit_palette(images: torch.Tensor, num_colours: int = 512, num_iterations: int = 30,
                seed: int = 0) -> torch.Tensor:
    """images (..., C, H, W) -> palette (C, K): k-means on all their pixels, K = ``num_colours``.

    k-means++ seeding drawn from ``torch.Generator().manual_seed(seed)`` (the same seed gives the same palette), then
    ``lloyd``. ImageGPT's palette has 512 colours (9 bits). ValueError if there are fewer pixels than colours.
    """
    check_shape("images", images, ("C", "H", "W"), {})
    if not images.is_floating_point():
        raise ValueError(f"images: expected a floating-point tensor, got {images.dtype}")
    check_positive_int("num_colours", num_colours)
    check_positive_int("num_iterations", num_iterations, minimum=0)
    pixels = _pixel_rows(images).T                                             # (C, M)
    if pixels.shape[1] < num_colours:
        raise ValueError(f"images: {pixels.shape[1]} pixels cannot make a palette of {num_colours} colours")
    generator = torch.Generator(device=images.device).manual_seed(seed)
    return lloyd(pixels, kmeans_plus_plus(pixels, num_colours, generator), num_iterations)
