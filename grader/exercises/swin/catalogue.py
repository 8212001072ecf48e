"""Swin: ``window_partition`` / ``window_reverse`` ((..., C, H, W) <-> (..., nW, C, M*M), raster order twice),
``shifted_window_mask`` (the rolled grid's windows, [window, key, query]) and ``patch_merging`` (2x2 blocks stacked
top-left, bottom-left, top-right, bottom-right; layer norm; W)."""
import torch

from grader.catalogue import alternative, wrong
from solutions.swin import window_partition
from solutions.transformer_layer import layer_norm

# ----------------------------------------------------------------------------------------------- window_partition

@wrong("window_partition", """
    Your windows are numbered down the columns of the window grid (top to bottom, then the next column). Number them
    like text: left to right along the top row of windows, then the next row -- window k sits at window-row
    k // (W/M), window-column k % (W/M), the order in which Swin's weights and masks expect them.""")
def windows_column_major(X, window):
    *batch, C, H, W = X.shape
    M = window
    grid = X.reshape(*batch, C, H // M, M, W // M, M).movedim((-2, -4), (-5, -4))   # (..., b, a, C, p, q)
    return grid.reshape(*batch, (H // M) * (W // M), C, M * M)


@wrong("window_partition", """
    Inside each window your tokens are listed column by column. A window is a little sequence in raster order: its
    top row left to right, then the next row, so the token at (p, q) inside the window is token p * M + q.""")
def tokens_column_major_in_window(X, window):
    *batch, C, H, W = X.shape
    M = window
    grid = X.reshape(*batch, C, H // M, M, W // M, M).movedim((-4, -2), (-5, -4))   # (..., a, b, C, p, q)
    return grid.transpose(-2, -1).reshape(*batch, (H // M) * (W // M), C, M * M)


@wrong("window_partition", """
    You reshaped the grid straight into (..., nW, C, M*M). A reshape never moves data, so each "window" is a run of
    consecutive numbers in memory -- pieces of one image row, even of another channel -- not an M x M block. Split H
    into (H/M, M) and W into (W/M, M), move the two window-grid axes in front of C, and only then flatten.""")
def partition_by_reshape_only(X, window):
    *batch, C, H, W = X.shape
    return X.reshape(*batch, (H // window) * (W // window), C, window * window)


@wrong("window_partition", """
    Your windows are (..., nW, M*M, C): one ROW per token, the layout of Hugging Face's code. In this course a token
    is a column: each window must be (C, M*M), its tokens side by side as columns.""")
def windows_with_tokens_as_rows(X, window):
    *batch, C, H, W = X.shape
    M = window
    grid = X.reshape(*batch, C, H // M, M, W // M, M).movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (H // M) * (W // M), C, M * M).transpose(-2, -1)


@alternative("window_partition", "Loops over the grid of windows, slicing each M x M block.")
def loop_over_windows(X, window):
    if window < 1 or X.shape[-2] % window or X.shape[-1] % window:
        raise ValueError("window must divide H and W")
    M = window
    blocks = [X[..., :, r:r + M, c:c + M].flatten(-2)
              for r in range(0, X.shape[-2], M) for c in range(0, X.shape[-1], M)]
    return torch.stack(blocks, dim=-3)


@alternative("window_partition", "torch.nn.functional.unfold (kernel = stride = M), which lists blocks in raster "
                                 "order with their values channel by channel.")
def unfold_windows(X, window):
    *batch, C, H, W = X.shape
    if window < 1 or H % window or W % window:
        raise ValueError("window must divide H and W")
    M = window
    flat = X.reshape(-1, C, H, W)
    columns = torch.nn.functional.unfold(flat, kernel_size=M, stride=M)               # (B, C*M*M, nW)
    windows = columns.reshape(flat.shape[0], C, M * M, -1).permute(0, 3, 1, 2)       # (B, nW, C, M*M)
    return windows.reshape(*batch, -1, C, M * M)


@alternative("window_partition", "einsum as a named permutation of the split axes.")
def einsum_permutation(X, window):
    *batch, C, H, W = X.shape
    if window < 1 or H % window or W % window:
        raise ValueError("window must divide H and W")
    M = window
    grid = X.reshape(*batch, C, H // M, M, W // M, M)
    return torch.einsum("...capbq->...abcpq", grid).reshape(*batch, (H // M) * (W // M), C, M * M)


# ------------------------------------------------------------------------------------------------- window_reverse

@wrong("window_reverse", """
    You put the windows back down the columns of the window grid (window 1 below window 0). window_partition numbers
    windows like text, left to right first, so window k goes back to window-row k // (W/M), window-column
    k % (W/M).""")
def reverse_windows_column_major(windows, window, height, width):
    *batch, _, C, _ = windows.shape
    M = window
    grid = windows.reshape(*batch, width // M, height // M, C, M, M)                 # (..., b, a, C, p, q)
    grid = grid.movedim((-4, -5), (-4, -2))                                          # (..., C, a, p, b, q)
    return grid.reshape(*batch, C, height, width)


@wrong("window_reverse", """
    You reshaped the windows straight back into (..., C, H, W). The windows are blocks, not runs of memory: unflatten
    nW into (H/M, W/M) and M*M into (M, M), move each window-grid axis next to its within-window axis, then
    flatten.""")
def reverse_by_reshape_only(windows, window, height, width):
    *batch, _, C, _ = windows.shape
    return windows.reshape(*batch, C, height, width)


@alternative("window_reverse", "A loop writing each window into its block of a zero grid (out of place).")
def loop_into_blocks(windows, window, height, width):
    M = window
    if M < 1 or height % M or width % M or windows.shape[-3] != (height // M) * (width // M):
        raise ValueError("window must divide the grid and nW must be (H/M)(W/M)")
    rows = []
    for r in range(height // M):
        row = [windows[..., r * (width // M) + c, :, :].unflatten(-1, (M, M)) for c in range(width // M)]
        rows.append(torch.cat(row, dim=-1))                                           # (..., C, M, W)
    return torch.cat(rows, dim=-2)


@alternative("window_reverse", "torch.nn.functional.fold, the inverse of unfold for non-overlapping blocks.")
def fold_windows(windows, window, height, width):
    M = window
    if M < 1 or height % M or width % M or windows.shape[-3] != (height // M) * (width // M):
        raise ValueError("window must divide the grid and nW must be (H/M)(W/M)")
    *batch, nW, C, T = windows.shape
    columns = windows.reshape(-1, nW, C * T).transpose(1, 2)                         # (B, C*M*M, nW)
    grid = torch.nn.functional.fold(columns, (height, width), kernel_size=M, stride=M)
    return grid.reshape(*batch, C, height, width)


# -------------------------------------------------------------------------------------------- shifted_window_mask

@wrong("shifted_window_mask", """
    Your mask is for a grid rolled DOWN and RIGHT (torch.roll by +shift): it separates the first rows and columns
    of the windows at the top and left. Swin rolls up and left, torch.roll(X, (-shift, -shift), dims=(-2, -1)), so
    the tokens that wrapped around are the last `shift` rows and columns of the rolled grid: rolled index r came
    from (r + shift) mod size and wrapped iff r + shift >= size.""")
def roll_in_wrong_direction(height, width, window, shift):
    wrapped_rows = torch.arange(height) < shift
    wrapped_columns = torch.arange(width) < shift
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]


@wrong("shifted_window_mask", """
    Your mask is built from the regions of the grid before the shift, where every window is one region, so it lets
    every pair of a window attend: that is the mask for shift = 0. After the roll, the windows along the bottom and
    right edges hold tokens from opposite sides of the image; label the ROLLED grid (which rows and columns wrapped
    around) and compare labels within each window.""")
def mask_from_unshifted_regions(height, width, window, shift):
    rows = torch.arange(height)[:, None] // window
    columns = torch.arange(width)[None, :] // window
    labels = window_partition((rows * width + columns)[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]


@wrong("shifted_window_mask", """
    You let two tokens attend only if they sat in the same window before the shift. But tokens from two old windows
    that meet in a shifted window WERE neighbours -- that is why Swin shifts: so that information crosses the old
    borders. Only the pairs that the roll carried around the edge of the grid must be kept apart.""")
def mask_from_previous_windows(height, width, window, shift):
    rows = torch.arange(height)[:, None] // window
    columns = torch.arange(width)[None, :] // window
    old_window = torch.roll(rows * width + columns, shifts=(-shift, -shift), dims=(0, 1))
    labels = window_partition(old_window[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]


@wrong("shifted_window_mask", """
    Your region labels are in the coordinates of the grid BEFORE the roll (the rows that will wrap around are the
    first `shift` ones there, the part of the last window that stays put at the bottom): either you labelled the
    original grid and forgot to roll the labels like the tokens, or you rolled correct labels back to the original
    grid before cutting windows. The mask describes the windows of the ROLLED grid: partition labels that went
    through the same torch.roll(-shift) as the tokens (or label the rolled grid directly: rolled index r wrapped
    iff r + shift >= size).""")
def labels_in_the_original_frame(height, width, window, shift):
    def regions(size):
        index = torch.arange(size)
        return 2 * (index < shift).long() + (index >= size - window + shift).long()

    labels = 3 * regions(height)[:, None] + regions(width)[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]


@wrong("shifted_window_mask", """
    Your mask is inverted: True where a pair must be kept apart. In this course a mask is True where the key is
    VISIBLE to the query (as in masking and attention); Hugging Face's additive mask marks blocked pairs instead.""")
def mask_true_means_blocked(height, width, window, shift):
    rows = torch.arange(height) + shift >= height
    columns = torch.arange(width) + shift >= width
    labels = window_partition((2 * rows.long()[:, None] + columns.long()[None, :])[None], window)[:, 0]
    return labels[:, :, None] != labels[:, None, :]


@wrong("shifted_window_mask", """
    You returned an additive float mask (0 for visible, a large negative number for blocked), as Hugging Face's Swin
    does. The contract asks for a boolean mask, True = visible, [window, key, query]; apply_mask turns it into -inf
    scores where it is False.""")
def additive_float_mask(height, width, window, shift):
    rows = torch.arange(height) + shift >= height
    columns = torch.arange(width) + shift >= width
    labels = window_partition((2 * rows.long()[:, None] + columns.long()[None, :])[None], window)[:, 0]
    blocked = labels[:, :, None] != labels[:, None, :]
    return torch.zeros(blocked.shape).masked_fill(blocked, -100.0)


@alternative("shifted_window_mask", "Hugging Face's recipe: three slices per axis label the rolled grid's regions.")
def slices_of_the_rolled_grid(height, width, window, shift):
    if window < 1 or height % window or width % window or not 0 <= shift < window:
        raise ValueError("window must divide the grid and 0 <= shift < window")
    labels = torch.zeros(height, width)
    count = 0
    pieces = (slice(0, -window), slice(-window, -shift), slice(-shift, None)) if shift else (slice(None),)
    for rows in pieces:
        for columns in pieces:
            labels[rows, columns] = count
            count += 1
    windows = window_partition(labels[None], window)[:, 0]                          # (nW, M*M)
    return (windows[:, :, None] - windows[:, None, :]) == 0


@alternative("shifted_window_mask", "torch.roll the original coordinates like the tokens; visible iff the roll kept "
                                    "the pair's offset.")
def roll_coordinates(height, width, window, shift):
    if window < 1 or height % window or width % window or not 0 <= shift < window:
        raise ValueError("window must divide the grid and 0 <= shift < window")
    rows, columns = torch.meshgrid(torch.arange(height), torch.arange(width), indexing="ij")
    here = torch.stack([rows, columns]).double()                                     # (2, H, W)
    came_from = torch.roll(here, shifts=(-shift, -shift), dims=(1, 2))
    here_w, from_w = window_partition(here, window), window_partition(came_from, window)   # (nW, 2, T)
    same = (here_w[..., :, None] - here_w[..., None, :]) == (from_w[..., :, None] - from_w[..., None, :])
    return same.all(dim=1)


@alternative("shifted_window_mask", "Index arithmetic in plain loops over windows and token pairs.")
def loops_over_pairs(height, width, window, shift):
    if window < 1 or height % window or width % window or not 0 <= shift < window:
        raise ValueError("window must divide the grid and 0 <= shift < window")
    M = window
    nW = (height // M) * (width // M)
    mask = torch.zeros(nW, M * M, M * M, dtype=torch.bool)
    for w in range(nW):
        top, left = (w // (width // M)) * M, (w % (width // M)) * M
        for j in range(M * M):
            for i in range(M * M):
                rj, cj, ri, ci = top + j // M, left + j % M, top + i // M, left + i % M
                same_rows = (rj + shift >= height) == (ri + shift >= height)
                same_columns = (cj + shift >= width) == (ci + shift >= width)
                mask[w, j, i] = same_rows and same_columns
    return mask


# -------------------------------------------------------------------------------------------------- patch_merging

@wrong("patch_merging", """
    You stacked each 2x2 block in reading order (top-left, top-right, bottom-left, bottom-right). Swin (the paper and
    every released checkpoint) stacks it column first: top-left, bottom-left, top-right, bottom-right, i.e.
    X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]. With the wrong order, W
    multiplies the wrong neighbours.""")
def merged_in_reading_order(X, gamma, beta, W, eps=1e-5):
    H, Wd = X.shape[-2:]
    blocks = [X[..., 0::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 0::2], X[..., 1::2, 1::2]]
    merged = torch.cat(blocks, dim=-3).flatten(-2)
    return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (H // 2, Wd // 2))


@wrong("patch_merging", """
    Your 4C features are interleaved channel by channel (the four neighbours of channel 0, then of channel 1, ...),
    which is what unfold or a reshape of (C, 2, 2) gives. The contract stacks whole tokens: the C features of the
    top-left token, then all C of the bottom-left one, then top-right, then bottom-right.""")
def features_interleaved_by_channel(X, gamma, beta, W, eps=1e-5):
    *batch, C, H, Wd = X.shape
    blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)                            # (..., C, i, p, j, q)
    blocks = blocks.movedim((-5, -1, -3, -4, -2), (-5, -4, -3, -2, -1))               # (..., C, q, p, i, j)
    merged = blocks.reshape(*batch, 4 * C, H // 2, Wd // 2)
    return (W @ layer_norm(merged.flatten(-2), gamma, beta, eps)).unflatten(-1, (H // 2, Wd // 2))


@wrong("patch_merging", """
    You reshaped (..., C, H, W) straight to (..., 4C, H/2, W/2). The numbers that end up in one merged column are
    then not the four tokens of a 2x2 block. Take the four strided views X[..., r::2, c::2] and concatenate them on
    the channel axis.""")
def merge_by_reshape_only(X, gamma, beta, W, eps=1e-5):
    *batch, C, H, Wd = X.shape
    merged = X.reshape(*batch, 4 * C, (H // 2) * (Wd // 2))
    return (W @ layer_norm(merged, gamma, beta, eps)).unflatten(-1, (H // 2, Wd // 2))


@wrong("patch_merging", """
    You left out the layer norm: Swin normalises each merged 4C-feature column (with gamma and beta) before the
    projection W. Apply layer_norm to the merged tokens, then W @.""")
def merging_without_norm(X, gamma, beta, W, eps=1e-5):
    H, Wd = X.shape[-2:]
    blocks = [X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]]
    return (W @ torch.cat(blocks, dim=-3).flatten(-2)).unflatten(-1, (H // 2, Wd // 2))


@alternative("patch_merging", "unfold with kernel 2, stride 2, then the (C, 2, 2) features reordered to (q, p, C).")
def unfold_then_reorder(X, gamma, beta, W, eps=1e-5):
    *batch, C, H, Wd = X.shape
    if H % 2 or Wd % 2 or gamma.shape != (4 * C,) or W.shape != (2 * C, 4 * C):
        raise ValueError("an even grid and gamma (4C,), W (2C, 4C) are needed")
    columns = torch.nn.functional.unfold(X.reshape(-1, C, H, Wd), kernel_size=2, stride=2)   # (B, C*4, N/4)
    blocks = columns.unflatten(1, (C, 2, 2))                                          # (B, C, p, q, N/4)
    merged = blocks.permute(0, 3, 2, 1, 4).reshape(-1, 4 * C, columns.shape[-1])      # (q, p, C) order
    mean = merged.mean(dim=1, keepdim=True)
    variance = merged.var(dim=1, keepdim=True, unbiased=False)
    normed = (merged - mean) / torch.sqrt(variance + eps) * gamma[:, None] + beta[:, None]
    return (W @ normed).reshape(*batch, 2 * C, H // 2, Wd // 2)


@alternative("patch_merging", "One reshape to (..., C, i, p, j, q), the neighbours moved in (q, p) order, einsum "
                              "for W.")
def reshape_and_einsum(X, gamma, beta, W, eps=1e-5):
    *batch, C, H, Wd = X.shape
    if H % 2 or Wd % 2 or gamma.shape != (4 * C,) or W.shape != (2 * C, 4 * C):
        raise ValueError("an even grid and gamma (4C,), W (2C, 4C) are needed")
    blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)                             # (..., C, i, p, j, q)
    merged = torch.einsum("...cipjq->...qpcij", blocks).reshape(*batch, 4 * C, H // 2, Wd // 2)
    normed = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return torch.einsum("oc,...cn->...on", W, normed).unflatten(-1, (H // 2, Wd // 2))
