"""ImageGPT: ``quantize_pixels`` (nearest palette colour), ``dequantize_pixels``, ``pixel_sequence`` (raster order,
shifted behind the start token) and ``average_pool_head`` (mean of all token columns, then W, b)."""
import torch

from grader.catalogue import alternative, wrong

# ------------------------------------------------------------------------------------------------ quantize_pixels

@wrong("quantize_pixels", """
    You summed the squared differences over the colours and took the argmin over the channels: the axes are swapped.
    In (..., C, K) differences between a pixel column (C, 1) and the palette (C, K), the channels are axis -2 and the
    colours axis -1. Sum over the C channels (a distance per colour), then argmin over the K colours.""")
def distance_summed_over_colours(images, palette):
    differences = images.unsqueeze(-1) - palette[:, None, None, :]       # (..., C, H, W, K)
    return differences.square().sum(dim=-1).argmin(dim=-3)


@wrong("quantize_pixels", """
    You picked the colour with the largest dot product pixel . colour. That is not the nearest colour:
    |x - p|^2 = |x|^2 - 2 x.p + |p|^2, and dropping |p|^2 favours long (bright, saturated) colours. Minimise the
    squared distance, or x.p - |p|^2 / 2 if you like the expansion.""")
def nearest_by_dot_product(images, palette):
    pixels = images.movedim(-3, -1)                                       # (..., H, W, C)
    return (pixels @ palette).argmax(dim=-1)


@wrong("quantize_pixels", """
    You measured the distance with absolute differences (L1) instead of squared ones. The contract's nearest colour
    is the Euclidean one, sum_c (x_c - p_c)^2; the two disagree whenever a pixel is close to one colour in one
    channel and to another in several.""")
def manhattan_distance(images, palette):
    differences = images.movedim(-3, -1)[..., :, None] - palette        # (..., H, W, C, K)
    return differences.abs().sum(dim=-2).argmin(dim=-1)


@wrong("quantize_pixels", """
    Ties go to the HIGHEST id in your code (a loop with `<=`, or an argmin over the reversed palette). When two
    colours are equally near, the contract takes the lowest id, which is what torch.argmin (the first minimum) or a
    loop that replaces the best colour only on a strict `<` gives.""")
def ties_to_highest_id(images, palette):
    pixels = images.movedim(-3, -1)[..., :, None]                        # (..., H, W, C, 1)
    best = torch.full(pixels.shape[:-2], float("inf"), dtype=pixels.dtype)
    ids = torch.zeros(pixels.shape[:-2], dtype=torch.long)
    for k in range(palette.shape[1]):
        distance = (pixels[..., 0] - palette[:, k]).square().sum(dim=-1)
        closer = distance <= best
        best = torch.where(closer, distance, best)
        ids = torch.where(closer, torch.full_like(ids, k), ids)
    return ids


@wrong("quantize_pixels", """
    You read the palette's ROWS as the colours, as if it were (K, C) like Hugging Face's clusters array. In this
    course the palette is (C, K): one COLUMN per colour, like the embedding table Omega_e (D, V). With C != K your
    code fails on the shapes; with C == K it runs and silently measures the distances to the wrong colours. Compare
    each pixel (C values) with the palette's columns: differences (..., H, W, C, K), summed over C (axis -2).""")
def palette_rows_as_colours(images, palette):
    pixels = images.movedim(-3, -1).unsqueeze(-2)                        # (..., H, W, 1, C)
    return (pixels - palette).square().sum(dim=-1).argmin(dim=-1)        # palette read as (K, C)


@alternative("quantize_pixels", "A loop over the colours keeping the best one so far (strict <, so ties stay low).")
def loop_over_colours(images, palette):
    if images.dim() < 3 or images.shape[-3] != palette.shape[0]:
        raise ValueError("images (..., C, H, W) and palette (C, K) must have the same C")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images (..., C, H, W) and palette (C, K) must be floating point with the same C")
    if palette.shape[1] == 0:
        raise ValueError("palette: no colours")
    best = None
    ids = torch.zeros(images.shape[:-3] + images.shape[-2:], dtype=torch.long)
    for k in range(palette.shape[1]):
        distance = (images - palette[:, k, None, None]).square().sum(dim=-3)   # (..., H, W)
        if best is None:
            best = distance
            continue
        closer = distance < best
        best = torch.where(closer, distance, best)
        ids = torch.where(closer, torch.full_like(ids, k), ids)
    return ids


@alternative("quantize_pixels", "The expansion |x|^2 - 2 x.p + |p|^2 with einsum (rounding differs "
                                "from the direct sum; only near-ties may change).")
def expanded_distance_einsum(images, palette):
    if images.dim() < 3 or images.shape[-3] != palette.shape[0] or palette.shape[1] == 0:
        raise ValueError("images (..., C, H, W) and palette (C, K >= 1) must share C")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    cross = torch.einsum("...chw,ck->...hwk", images, palette)
    distances = images.square().sum(dim=-3)[..., None] - 2 * cross + palette.square().sum(dim=0)
    return distances.argmin(dim=-1)


@alternative("quantize_pixels", "torch.cdist between the pixel rows and the colour rows.")
def cdist_rows(images, palette):
    if images.dim() < 3 or images.shape[-3] != palette.shape[0] or palette.shape[1] == 0:
        raise ValueError("images (..., C, H, W) and palette (C, K >= 1) must share C")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    C = palette.shape[0]
    pixels = images.movedim(-3, -1).reshape(-1, C)                       # (M, C)
    distances = torch.cdist(pixels.double(), palette.T.double())         # (M, K)
    return distances.argmin(dim=1).reshape(images.shape[:-3] + images.shape[-2:])


# ---------------------------------------------------------------------------------------------- dequantize_pixels

@wrong("dequantize_pixels", """
    Your images come out channels-last, (..., H, W, C), the layout of PIL and NumPy. The course keeps PyTorch's
    image layout (..., C, H, W): every pixel is a column of C values. Move the channel axis in front of H and W
    (movedim(-1, -3)).""")
def dequantized_channels_last(ids, palette):
    return palette.T[ids]


@alternative("dequantize_pixels", "One-hot columns times the palette, as X = Omega_e T in the embeddings exercise.")
def one_hot_product(ids, palette):
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids: integer tensor expected")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):   # ints: uint8 would wrap K
        raise ValueError("ids: out of range")
    one_hot = torch.nn.functional.one_hot(ids.long(), palette.shape[1]).to(palette.dtype)   # (..., H, W, K)
    return torch.einsum("ck,...hwk->...chw", palette, one_hot)


@alternative("dequantize_pixels", "torch.nn.functional.embedding with the transposed palette as the table.")
def embedding_lookup(ids, palette):
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids: integer tensor expected")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):   # ints: uint8 would wrap K
        raise ValueError("ids: out of range")
    return torch.nn.functional.embedding(ids.long(), palette.T).movedim(-1, -3)


# ------------------------------------------------------------------------------------------------- pixel_sequence

@wrong("pixel_sequence", """
    Your sequence reads the image column by column (top to bottom, then the next column). ImageGPT reads it like
    text: row 0 from left to right, then row 1, ...: pixel (h, w) is token h * W + w, which is what
    ids.flatten(-2) gives.""")
def column_major_order(ids, sos_id):
    targets = ids.long().transpose(-2, -1).flatten(-2)
    start = torch.full_like(targets[..., :1], sos_id)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets


@wrong("pixel_sequence", """
    You wrote the start token over the first pixel instead of shifting the sequence: inputs[n] is then pixel n for
    n >= 1, so the model is shown the very pixel it must predict. Shift right by one: inputs = [sos_id] followed by
    targets[:-1].""")
def start_token_overwrites_first_pixel(ids, sos_id):
    targets = ids.long().flatten(-2)
    inputs = targets.clone()
    inputs[..., 0] = sos_id
    return inputs, targets


@wrong("pixel_sequence", """
    Your inputs are the targets shifted the wrong way (the pixels after n, with the start token at the end). A
    causal decoder at position n may only have seen pixels BEFORE n: inputs = [sos_id, targets[0], ...,
    targets[N-2]].""")
def shifted_left_start_token_last(ids, sos_id):
    targets = ids.long().flatten(-2)
    end = torch.full_like(targets[..., :1], sos_id)
    return torch.cat([targets[..., 1:], end], dim=-1), targets


@alternative("pixel_sequence", "torch.roll by one along the sequence, then the start token written into place 0.")
def roll_then_start_token(ids, sos_id):
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool or ids.numel() == 0 or sos_id < 0:
        raise ValueError("ids: a non-empty integer image; sos_id >= 0")
    targets = ids.reshape(*ids.shape[:-2], -1).to(torch.int64)
    inputs = torch.roll(targets, shifts=1, dims=-1)
    inputs[..., 0] = sos_id
    return inputs, targets


@alternative("pixel_sequence", "Index arithmetic: pixel n sits at (n // W, n % W); inputs gathered at n - 1.")
def index_arithmetic(ids, sos_id):
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool or ids.numel() == 0 or sos_id < 0:
        raise ValueError("ids: a non-empty integer image; sos_id >= 0")
    H, W = ids.shape[-2:]
    n = torch.arange(H * W)
    targets = ids.long()[..., n // W, n % W]
    previous = (n - 1).clamp(min=0)
    inputs = torch.where(n == 0, torch.tensor(sos_id), targets[..., previous])
    return inputs, targets


# ---------------------------------------------------------------------------------------------- average_pool_head

@wrong("average_pool_head", """
    You classified from column 0 alone, as ViT does with its [CLS] token. ImageGPT (and Swin) have no [CLS]: column 0
    is just the first pixel position. Average all N columns, X.mean(dim=-1), then apply W and b.""")
def first_column_as_cls(X, W, b=None):
    logits = X[..., 0] @ W.T
    return logits if b is None else logits + b


@wrong("average_pool_head", """
    You left column 0 out of the average, as if it were a [CLS] token (or the start token's place). There is no such
    column here: the features of every one of the N positions belong to the image. Average X over all N columns.""")
def skipped_first_column_as_cls(X, W, b=None):
    logits = X[..., 1:].mean(dim=-1) @ W.T
    return logits if b is None else logits + b


@wrong("average_pool_head", """
    You averaged over the features (axis -2) instead of the tokens (axis -1). X is (..., D, N) with tokens as
    columns: the pooled vector must have one entry per FEATURE, mean over the N columns, before W (K, D) maps it to
    K logits. (It only ran because D happened to equal N.)""")
def mean_over_features(X, W, b=None):
    logits = X.mean(dim=-2) @ W.T
    return logits if b is None else logits + b


@wrong("average_pool_head", """
    You summed the token columns instead of averaging them, so the logits grow with the number of tokens (an image
    twice as large gets logits twice as large). Divide by N: X.mean(dim=-1).""")
def sum_instead_of_mean(X, W, b=None):
    logits = X.sum(dim=-1) @ W.T
    return logits if b is None else logits + b


@wrong("average_pool_head", """
    You averaged over one column too many (dividing the sum by N + 1), as if a [CLS] or start token sat among the
    columns. X holds exactly the N token columns to pool, no extra one: divide by N (X.mean(dim=-1)).""")
def counted_an_extra_column(X, W, b=None):
    logits = (X.sum(dim=-1) / (X.shape[-1] + 1)) @ W.T
    return logits if b is None else logits + b


@wrong("average_pool_head", """
    You ignored the bias b when it is given. b is optional (ImageGPT's own head has none, Swin's has one): add it
    whenever it is not None.""")
def bias_ignored(X, W, b=None):
    return X.mean(dim=-1) @ W.T


@alternative("average_pool_head", "Project every token first, then average the logits (linear maps commute with "
                                  "the mean).")
def project_then_average(X, W, b=None):
    if X.shape[-1] == 0 or W.shape[1] != X.shape[-2]:
        raise ValueError("X (..., D, N >= 1) and W (K, D) expected")
    if b is not None and b.shape != (W.shape[0],):
        raise ValueError("b: (K,) expected")
    per_token = torch.einsum("kd,...dn->...kn", W, X)                     # (..., K, N)
    logits = per_token.mean(dim=-1)
    return logits if b is None else logits + b


@alternative("average_pool_head", "A loop over the tokens accumulating the sum, then a matrix-vector product.")
def loop_over_tokens(X, W, b=None):
    if X.shape[-1] == 0 or W.shape[1] != X.shape[-2]:
        raise ValueError("X (..., D, N >= 1) and W (K, D) expected")
    if b is not None and b.shape != (W.shape[0],):
        raise ValueError("b: (K,) expected")
    total = torch.zeros(X.shape[:-1], dtype=X.dtype)
    for n in range(X.shape[-1]):
        total = total + X[..., n]
    pooled = total / X.shape[-1]                                          # (..., D)
    logits = (W @ pooled.unsqueeze(-1)).squeeze(-1)
    return logits if b is None else logits + b
