"""Thirty-sixth blind batch of held-out implementations (prefix blind35_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (the "Images and grids of tokens" section, patch_embedding, imagegpt, swin and
sparse_attention), the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks
marker) and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches (held_out_blind.py ...
held_out_blind_33.py) were only skimmed for their entry names, the comments above them and header decisions, so that
no mistake is repeated under a new name. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor the batch written at the same time (held_out_blind_34.py).

Emphasis: the geometry of the vision and sparse exercises, and above all mistakes that agree with the model answer on
the square, one-channel or tiny inputs a learner tests with: x/y mix-ups in loops over patch and window corners
(patchify, window_partition, window_reverse: right on square images), a window number split by the windows per
column (right on square grids), a label grid broadcast transposed in shifted_window_mask and a 2 x 2 block reshape
with the sides swapped in patch_merging (both right on square grids), chunk for split (right when H = W = P*P),
channels-last ports reshaped instead of transposed (window_partition, window_reverse, quantize_pixels,
dequantize_pixels, patch_merging: right for one channel or a single merged token), a dilated split (M, H/M) and its
inverse (right for M = 1 or a single window), the image's quadrants taken for the 2 x 2 blocks (right on a 2 x 2
grid), a column-major conv grid in patch_embedding and a width-first unflatten in dequantize_pixels (right on one row
or one column), the direction of the cyclic shift (the sign of torch.roll flipped on the coordinates, or on one axis
only), and a strided pattern off by one position. Right entries avoid einops and the model answer's
reshape/movedim: gathers and scatters with computed index tensors, advanced indexing and index_put, strided-view
stacks, transposes only, floor-divided wrap counts, a separable row x column mask, var_mean, loops over channels, a
one-hot Gram matrix.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind35/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (5 of the 23 wrong entries pass them). Each wrong entry's recorded
input was run on the model answer and on the entry and both results printed; each differs as its comment says, and
each claim of agreement (square grids, one channel, M = 1, one window, ...) was checked by running both on such
inputs. Right entries were compared with the model answer under both default dtypes (float32 and float64) on float32
and float64 inputs (to 2e-5 and 1e-10; exactly for ids and masks), contiguous and non-contiguous (transposed) inputs,
with and without gradients (every floating-point input, a random cotangent), arguments checked unchanged: patchify on
(B, C, H, W, P) = (2, 3, 4, 6, 2), (1, 1, 1, 1, 1), (2, 2, 6, 9, 3), (1, 3, 8, 4, 4), (3, 1, 4, 4, 2), (1, 2, 6, 4, 2),
(1, 1, 2, 8, 2), an empty batch, int64 and uint8 images and keyword calls; window_partition / window_reverse on
unbatched, one and two batch axes, grids 4x6, 6x4, 6x9, 4x4 (M = 4), 3x3 (M = 1), 2x2, 8x4, 12x6, int64, bool and uint8
grids, empty batches; shifted_window_mask on ten grids (square and not, one window, M = 1) with every shift from -1 to M;
patch_merging on unbatched, one and two batch axes, 2x2 to 4x6 and 6x4 grids, eps by keyword, an empty batch; quantize_pixels
on rectangular images, K = 1 and 512, exact ties between duplicate colours, mixed float32/float64 inputs, empty images;
dequantize_pixels with int64, int32 and uint8 ids, an empty batch, a palette without channels; strided_mask for n 0..9
and strides 1..11 and 100; and the contract's ValueErrors (non-divisible sides, window 0, shift = M and -1, wrong
window counts, mismatched channels, integer images, empty palettes, out-of-range and float ids, stride 0 and -1):
same outcome on both sides.

Judgement calls: several wrong entries differ from the model answer only on inputs a quick test may not use
(rectangular grids for the x/y mix-ups, C > 1 for the channels-last reshapes, more than one merged token for
patch_merging_channels_last_result_reshaped, H = W != P*P for patchify_chunk_for_split); they are wrong by the
contract, which takes any H, W and C. blind35_patch_merging_image_quadrants agrees with the model on an arange grid
(its blocks and quadrants normalise to the same values), so its recorded input is random. The right entry
blind35_right_strided_mask_residue_one_hot_gram uses an int64 matmul, which torch supports on the CPU (the mask is made
on the CPU, as the model answer's is). Fewer entries than asked (about 55 / 35): earlier batches already cover most
single mistakes of these functions, and the time box; no right entry is one I was unsure of.

Counts: 23 wrong, 13 right.
Wrong per function: {'dequantize_pixels': 2, 'patch_embedding': 1, 'patch_merging': 3, 'patchify': 4, 'quantize_pixels': 2, 'shifted_window_mask': 3, 'strided_mask': 1, 'window_partition': 4, 'window_reverse': 3}.
Right per function: {'dequantize_pixels': 1, 'patch_merging': 1, 'patchify': 2, 'quantize_pixels': 2, 'shifted_window_mask': 2, 'strided_mask': 1, 'window_partition': 2, 'window_reverse': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_35 = {
    # Loops over patch corners with the row corners running over the WIDTH and the column corners over the HEIGHT (an
    # x/y mix-up): right on square images, where the two ranges coincide. images arange(8.).reshape(1, 1, 2, 4), P = 2:
    # model (1, 4, 2) with columns [0, 1, 4, 5] and [2, 3, 6, 7]; entry RuntimeError (shape '[1, 4]' is invalid for
    # input of size 0: the slice at row 2 is empty). Fails the visible tests.
    "blind35_patchify_corner_loops_sides_swapped": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for top in range(0, width, P):
                for left in range(0, height, P):
                    block = images[:, :, top:top + P, left:left + P]
                    columns.append(block.reshape(batch, channels * P * P))
            return torch.stack(columns, dim=-1)
'''),
    # Tensor.unfold on W first, then on H: the last two axes come out (column, row), so every patch is flattened in
    # (channel, column, row) order, transposed inside the patch (clause: each column in (channel, row, column) order).
    # Right only for P = 1. images arange(4.).reshape(1, 1, 2, 2), P = 2: model column [0, 1, 2, 3], entry [0, 2, 1, 3].
    # Fails the visible tests.
    "blind35_patchify_unfold_width_then_height": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            blocks = images.unfold(3, P, P).unfold(2, P, P)      # (B, C, H/P, W/P, P, P)
            blocks = blocks.permute(0, 2, 3, 1, 4, 5)            # (B, H/P, W/P, C, P, P)
            return blocks.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # The grid is permuted to (B, grid_row, grid_col, C, P, P) correctly, but the last step reshapes straight to (B,
    # C*P*P, N) instead of reshaping to (B, N, C*P*P) and transposing: the columns are not patches. Right when there is
    # one patch (P = H = W) or one value per patch (C = P = 1). images arange(8.).reshape(1, 1, 2, 4), P = 2: model
    # columns [0, 1, 4, 5], [2, 3, 6, 7]; entry [0, 4, 2, 6], [1, 5, 3, 7]. Fails the visible tests.
    "blind35_patchify_final_reshape_instead_of_transpose": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)                # (B, grid_row, grid_col, C, P, P)
            return grid.reshape(batch, channels * P * P, -1)     # (B, C*P*P, N)
'''),
    # The projection as a stride-P convolution (right), but the (B, D, H/P, W/P) grid is flattened after .transpose(-1,
    # -2): patches numbered down each column instead of row-major (clause: patches in row-major order). Right when the
    # grid of patches has one row or one column. images arange(16.).reshape(1, 1, 4, 4), P = 2, W = ones(1, 4), b,
    # cls_token and positions zero: model [[0, 10, 18, 42, 50]], entry [[0, 10, 42, 18, 50]]. Passes the visible tests.
    "blind35_patch_embedding_conv_grid_flattened_column_major": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            D = W.shape[0]
            kernel = W.reshape(D, images.shape[1], patch_size, patch_size)
            grid = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size)   # (B, D, H/P, W/P)
            tokens = grid.transpose(-1, -2).reshape(grid.shape[0], D, -1)
            cls = cls_token.reshape(1, D, 1).expand(grid.shape[0], D, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # A precomputed gather index whose window number is split as divmod(k, H/M) (windows per column) instead of
    # divmod(k, W/M) (windows per row): right on square grids. X arange(24.).reshape(1, 6, 4), M = 2: model windows 2..5
    # are [8, 9, 12, 13], [10, 11, 14, 15], [16, 17, 20, 21], [18, 19, 22, 23]; entry [4, 5, 8, 9], [8, 9, 12, 13], [10,
    # 11, 14, 15], [12, 13, 16, 17] (column indices run past the width and wrap into the next row). A 4 x 6 grid raises
    # IndexError instead. Fails the visible tests.
    "blind35_window_partition_window_index_from_rows": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows_of_windows, cols_of_windows = height // M, width // M
            index = torch.empty(rows_of_windows * cols_of_windows, M * M, dtype=torch.long)
            for k in range(rows_of_windows * cols_of_windows):
                r, c = divmod(k, rows_of_windows)
                for p in range(M):
                    for q in range(M):
                        index[k, p * M + q] = (r * M + p) * width + c * M + q
            flat = X.reshape(*batch, channels, height * width)
            return flat[..., index].transpose(-3, -2)
'''),
    # Window corners looped with the top edge running over the WIDTH and the left edge over the HEIGHT: right on square
    # grids. X arange(8.).reshape(1, 2, 4), M = 2: model (2, 1, 4) windows [0, 1, 4, 5], [2, 3, 6, 7]; entry
    # RuntimeError (shape '[1, 4]' is invalid for input of size 0). Fails the visible tests.
    "blind35_window_partition_corner_loops_sides_swapped": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = []
            for top in range(0, width, M):
                for left in range(0, height, M):
                    windows.append(X[..., top:top + M, left:left + M].reshape(*batch, channels, M * M))
            return torch.stack(windows, dim=-3)
'''),
    # Each side split as (M, H/M) instead of (H/M, M): every 'window' takes every (H/M)-th row and column, a dilated
    # grid rather than an M x M block. Right for M = 1 and for a single window (M = H = W). X arange(16.).reshape(1, 4,
    # 4), M = 2: model window 0 [0, 1, 4, 5], entry [0, 2, 8, 10]. Fails the visible tests.
    "blind35_window_partition_dilated_windows": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, M, height // M, M, width // M)    # (..., C, p, a, q, b)
            grid = grid.movedim((-3, -1), (-5, -4))                             # (..., a, b, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # A channels-last port (Hugging Face's layout: windows (nW, M*M, C)) ending with a reshape to (nW, C, M*M) where a
    # transpose was needed: the channel and token axes are interleaved. Right for one channel (and for M = 1). X
    # arange(8.).reshape(2, 2, 2), M = 2: model [[0, 1, 2, 3], [4, 5, 6, 7]], entry [[0, 4, 1, 5], [2, 6, 3, 7]]. Fails
    # the visible tests.
    "blind35_window_partition_channels_last_reshaped_not_transposed": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            Y = X.movedim(-3, -1)                                              # (..., H, W, C)
            Y = Y.reshape(*batch, height // M, M, width // M, M, channels)     # (..., a, p, b, q, C)
            Y = Y.transpose(-4, -3)                                            # (..., a, b, p, q, C)
            return Y.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Hugging Face's window_reverse on (..., a, b, M, M, C) windows, fed the course's (..., nW, C, M*M) windows by a
    # plain reshape: channel and token values are mixed up. Right for one channel (and M = 1). windows =
    # window_partition(arange(8.).reshape(2, 2, 2), 2), M = 2, H = W = 2: model the grid back ([[0, 1], [2, 3]], [[4,
    # 5], [6, 7]]), entry [[0, 2], [4, 6]], [[1, 3], [5, 7]]. Fails the visible tests.
    "blind35_window_reverse_hf_port_reads_windows_token_major": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, channels, _ = windows.shape
            Y = windows.reshape(*batch, height // M, width // M, M, M, channels)   # (..., a, b, p, q, C)
            Y = Y.transpose(-4, -3)                                                # (..., a, p, b, q, C)
            Y = Y.reshape(*batch, height, width, channels)
            return Y.movedim(-1, -3)
'''),
    # After unflattening to (..., a, b, C, p, q) the window-grid axes are moved inside the in-window axes, (..., C, p,
    # a, q, b): the inverse of a dilated partition, not of window_partition. Right for M = 1 and for a single window.
    # windows = window_partition(arange(16.).reshape(1, 4, 4), 2), M = 2, 4 x 4: model row 0 [0, 1, 2, 3], entry [0, 2,
    # 1, 3]. Fails the visible tests.
    "blind35_window_reverse_window_axes_moved_inside": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)  # (..., a, b, C, p, q)
            grid = grid.movedim((-5, -4), (-3, -1))                                # (..., C, p, a, q, b)
            return grid.reshape(*batch, channels, height, width)
'''),
    # Region labels broadcast as 2 * rows[None, :] + cols[:, None]: a (W, H) label grid, row flags along the second
    # axis. On a square grid the row and column flags are the same vector and the visible pairs come out identical; on a
    # rectangular grid the windows of the transposed grid are used. shifted_window_mask(2, 4, 2, 1): model window 0 [[T,
    # T, F, F], [T, T, F, F], [F, F, T, T], [F, F, T, T]], entry [[T, F, T, F], [F, T, F, T], [T, F, T, F], [F, T, F,
    # T]]. Passes the visible tests.
    "blind35_shifted_mask_label_grid_broadcast_transposed": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift >= height).long()
            cols = (torch.arange(width) + shift >= width).long()
            labels = 2 * rows[None, :] + cols[:, None]
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # The 2 x 2 blocks cut with X.reshape(..., C, W/2, 2, H/2, 2) (the halves of the two sides swapped) and unflattened
    # back as (H/2, W/2): right on square grids. X randn(1, 2, 4) (seed 0), gamma 1, beta 0, W randn(2, 4) (seed 1): max
    # |difference| 2.28 against the model. Passes the visible tests.
    "blind35_patch_merging_grid_sides_swapped_in_reshape": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            h, w = height // 2, width // 2
            lead = X.shape[:-3]
            n = len(lead)
            blocks = X.reshape(*lead, channels, w, 2, h, 2)
            blocks = blocks.permute(*range(n), n + 4, n + 2, n, n + 1, n + 3)   # (..., dx, dy, C, h, w)
            tokens = layer_norm(blocks.reshape(*lead, 4 * channels, h * w), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (h, w))
'''),
    # A channels-last computation (..., H/2, W/2, 2C) returned with a reshape to (..., 2C, H/2, W/2) instead of moving
    # the feature axis: right only when the merged grid is a single token (a 2 x 2 input). X randn(1, 2, 4) (seed 0),
    # gamma 1, beta 0, W randn(2, 4) (seed 1): max |difference| 0.49; on every 2 x 2 input it agrees. Passes the visible
    # tests.
    "blind35_patch_merging_channels_last_result_reshaped": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            Y = X.movedim(-3, -1)                                      # (..., H, W, C)
            merged = torch.cat([Y[..., 0::2, 0::2, :], Y[..., 1::2, 0::2, :],
                                Y[..., 0::2, 1::2, :], Y[..., 1::2, 1::2, :]], dim=-1)   # (..., H/2, W/2, 4C)
            mean = merged.mean(-1, keepdim=True)
            var = merged.var(-1, keepdim=True, unbiased=False)
            normed = (merged - mean) / torch.sqrt(var + eps) * gamma + beta
            out = normed @ W.T                                         # (..., H/2, W/2, 2C)
            return out.reshape(*X.shape[:-3], 2 * channels, height // 2, width // 2)
'''),
    # Channels moved last with transpose(-3, -1), which gives (..., W, H, C), not (..., H, W, C), and the ids are
    # returned without transposing back: (..., W, H). images [[[0.9, 0.1, 0], [0.2, 0.8, 1]], [[0.1, 0.9, 0], [0.1, 0.2,
    # 1]]] (2, 2, 3), palette the four corners of the unit square (2, 4): model [[1, 2, 0], [0, 1, 3]], entry [[1, 0],
    # [2, 1], [0, 3]]. Fails the visible tests.
    "blind35_quantize_channels_last_by_transpose": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).transpose(-3, -1)               # channels last
            distances = ((pixels[..., :, None] - palette.to(dtype)) ** 2).sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Pixels made rows by images.reshape(..., H*W, C) instead of moving the channel axis: for C > 1 each 'pixel' mixes
    # values of different pixels and channels. Right for one channel. The same images and palette as above: model [[1,
    # 2, 0], [0, 1, 3]], entry [[1, 0, 3], [2, 0, 2]]. Fails the visible tests.
    "blind35_quantize_reshaped_to_pixel_rows": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            *batch, C, H, W = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(*batch, H * W, C)        # one pixel per row
            distances = ((pixels[..., :, None, :] - palette.to(dtype).T) ** 2).sum(dim=-1)   # (..., H*W, K)
            return distances.argmin(dim=-1).reshape(*batch, H, W)
'''),
    # palette.T[ids] gives (..., H, W, C), turned into (..., C, H, W) by a reshape instead of movedim: right for a one-
    # channel palette only. ids [[0, 3]], palette the unit square's corners (2, 4): model [[[0, 1]], [[0, 1]]], entry
    # [[[0, 0]], [[1, 1]]]. Fails the visible tests.
    "blind35_dequantize_channels_last_reshaped": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.T[ids.long()]                             # (..., H, W, C)
            return colours.reshape(*ids.shape[:-2], palette.shape[0], *ids.shape[-2:])
'''),
    # The raster sequence of colours unflattened as (W, H) and transposed, which reads it column by column: right for
    # images of one row or one column. ids [[0, 1, 2], [3, 3, 3]], the same palette: model channel 0 [[0, 1, 0], [1, 1,
    # 1]], entry [[0, 0, 1], [1, 1, 1]]. Fails the visible tests.
    "blind35_dequantize_unflattened_width_first": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            H, W = ids.shape[-2:]
            flat = palette[:, ids.long().flatten(-2)]                   # (C, ..., H*W)
            return flat.movedim(0, -2).unflatten(-1, (W, H)).transpose(-1, -2)
'''),
    # Query positions numbered 1 .. n and keys 0 .. n - 1: the pattern is shifted by one (i + 1 - j a multiple of the
    # stride), so a token no longer sees itself. Right for stride 1. strided_mask(3, 2): model [[T, F, T], [F, T, F],
    # [T, F, T]], entry [[F, T, F], [T, F, T], [F, T, F]]. Fails the visible tests.
    "blind35_strided_mask_queries_numbered_from_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(1, n + 1)[None, :]
            return (queries - keys) % stride == 0
'''),
    # Window k written back at corners looped with the top edge over the WIDTH and the left edge over the HEIGHT: right
    # on square grids. windows = window_partition(arange(8.).reshape(1, 2, 4), 2), M = 2, H = 2, W = 4: model [[0, 1, 2,
    # 3], [4, 5, 6, 7]], entry RuntimeError (an empty slice of the grid receives a 2 x 2 window). Fails the visible
    # tests.
    "blind35_window_reverse_corner_loops_sides_swapped": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, channels, _ = windows.shape
            grid = windows.new_zeros(*batch, channels, height, width)
            k = 0
            for top in range(0, width, M):
                for left in range(0, height, M):
                    grid[..., top:top + M, left:left + M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
                    k += 1
            return grid
'''),
    # The original index held at each rolled position taken from torch.roll(arange, +shift) (the sign of the roll
    # flipped): rolled index r is credited with original (r - shift) mod size, so the rows r in [shift, 2*shift) are
    # flagged as wrapped instead of the last `shift` ones. Right for shift 0 and when size = 2*shift.
    # shifted_window_mask(4, 4, 2, 1): model window 0 all True and window 3 the identity; entry window 0 the identity
    # and window 3 all True (the four windows' masks come out in reverse order). Fails the visible tests.
    "blind35_shifted_mask_rolled_arange_sign_flipped": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # the original index now sitting at each rolled position; the ones below `shift` came round the edge
            rows = torch.roll(torch.arange(height), shift) < shift
            cols = torch.roll(torch.arange(width), shift) < shift
            labels = 2 * rows.long()[:, None] + cols.long()[None, :]
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # The coordinate grid rolled with shifts (-shift, +shift): up (right) but RIGHT instead of left (clause:
    # torch.roll(X, (-shift, -shift)), up and left); the column flags then mark the first `shift` rolled columns. Right
    # for shift 0 and when the width is one window of 2*shift. shifted_window_mask(2, 4, 2, 1): model window 0 [[T, T,
    # F, F], [T, T, F, F], [F, F, T, T], [F, F, T, T]] and window 1 the identity; entry the two swapped. Fails the
    # visible tests.
    "blind35_shifted_mask_columns_rolled_right": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rolled = torch.roll(torch.arange(height * width).reshape(height, width), shifts=(-shift, shift), dims=(0, 1))
            orig_row, orig_col = rolled // width, rolled % width
            row_wrapped = (orig_row < shift).long()
            col_wrapped = (orig_col >= width - shift).long() if shift else torch.zeros_like(orig_col)
            labels = 2 * row_wrapped + col_wrapped
            windows = window_partition(labels[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # The 'four corners' read as the four QUADRANTS of the image (top half / bottom half, left half / right half)
    # instead of the four pixels of each 2 x 2 block (clause: the block at rows 2i, 2i+1 and columns 2j, 2j+1): right on
    # a 2 x 2 grid. X randn(1, 4, 4) (seed 0), gamma 1, beta 0, W randn(2, 4) (seed 1): max |difference| 2.38 (an arange
    # grid happens to normalise to the same values, so the recorded input is random). Passes the visible tests.
    "blind35_patch_merging_image_quadrants": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            h, w = height // 2, width // 2
            top_left, bottom_left = X[..., :h, :w], X[..., h:, :w]
            top_right, bottom_right = X[..., :h, w:], X[..., h:, w:]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=-3)   # (..., 4C, H/2, W/2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (h, w))
'''),
    # torch.chunk(P, dim) where torch.split(P, dim) was meant: P strips of H/P rows (then P blocks of W/P columns)
    # instead of strips of P rows, i.e. patches of size (H/P) x (W/P). Right exactly when H = W = P*P, e.g. a 4 x 4
    # image with P = 2 or 9 x 9 with P = 3. images arange(36.).reshape(1, 1, 6, 6), P = 2: model (1, 4, 9), entry (1, 9,
    # 4) (3 x 3 blocks). Fails the visible tests.
    "blind35_patchify_chunk_for_split": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for strip in images.chunk(P, dim=2):                 # strips of P pixel rows
                for block in strip.chunk(P, dim=3):              # P x P blocks
                    columns.append(block.reshape(batch, -1))
            return torch.stack(columns, dim=-1)
'''),
}
RIGHT_BLIND_35 = {
    # Right: one int64 index (C*P*P, N) of flat positions c*H*W + (r*P + p)*W + s*P + q built by broadcasting, gathered
    # from the flattened images: rows in (channel, row, column) order, columns in row-major patch order; gather keeps
    # the dtype and is differentiable.
    "blind35_right_patchify_gather_flat_index": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            a, b = height // P, width // P
            dev = images.device
            c = torch.arange(channels, device=dev).view(-1, 1, 1, 1, 1)
            p = torch.arange(P, device=dev).view(1, -1, 1, 1, 1)
            q = torch.arange(P, device=dev).view(1, 1, -1, 1, 1)
            r = torch.arange(a, device=dev).view(1, 1, 1, -1, 1)
            s = torch.arange(b, device=dev).view(1, 1, 1, 1, -1)
            flat_index = c * (height * width) + (r * P + p) * width + s * P + q     # (C, P, P, a, b)
            index = flat_index.reshape(1, -1).expand(batch, -1)
            picked = torch.gather(images.reshape(batch, channels * height * width), 1, index)
            return picked.reshape(batch, channels * P * P, a * b)
'''),
    # Right: the rolled-free window formula of the contract as two (nW, M*M) index tensors (window k at rows (k //
    # (W/M))*M + t // M, columns (k % (W/M))*M + t % M), applied by advanced indexing on the last two axes, then C and
    # nW swapped.
    "blind35_right_window_partition_advanced_index": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            b = width // M
            k = torch.arange((height // M) * b, device=X.device)[:, None]
            t = torch.arange(M * M, device=X.device)[None, :]
            rows = (k // b) * M + t // M                  # (nW, M*M)
            cols = (k % b) * M + t % M
            return X[..., rows, cols].transpose(-3, -2)   # (..., C, nW, M*M) -> (..., nW, C, M*M)
'''),
    # Right: one strided view X[..., p::M, q::M] per in-window offset (p, q) in raster order, stacked as the last axis
    # (..., C, a, b, M*M); the window grid flattened in raster order and moved before C.
    "blind35_right_window_partition_offset_slices_stacked": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            parts = [X[..., p::M, q::M] for p in range(M) for q in range(M)]   # each (..., C, H/M, W/M)
            stacked = torch.stack(parts, dim=-1)                               # (..., C, a, b, M*M)
            return stacked.flatten(-3, -2).transpose(-3, -2)
'''),
    # Right: the same (nW, M*M) row and column index tensors as the advanced-index partition, used to index_put the
    # windows (C and nW swapped) into a new_zeros grid in the windows' dtype; autograd records the copy.
    "blind35_right_window_reverse_index_put_into_zeros": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, channels, _ = windows.shape
            b = width // M
            k = torch.arange(nW, device=windows.device)[:, None]
            t = torch.arange(M * M, device=windows.device)[None, :]
            rows = (k // b) * M + t // M
            cols = (k % b) * M + t % M
            grid = windows.new_zeros(*batch, channels, height, width)
            grid[..., rows, cols] = windows.transpose(-3, -2)
            return grid
'''),
    # Right: the rolled-grid row and column of every (window, token) pair by arithmetic (no window_partition);
    # floor((index + shift) / size) is 1 exactly when index + shift >= size (the contract's wrapped test) and 0
    # otherwise; visible iff both counts agree.
    "blind35_right_shifted_mask_floor_divided_wrap_count": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            a, b = height // M, width // M
            k = torch.arange(a * b)[:, None]
            t = torch.arange(M * M)[None, :]
            row = (k // b) * M + t // M                             # rolled row of token t of window k
            col = (k % b) * M + t % M
            row_wraps = torch.div(row + shift, height, rounding_mode="floor")   # 1 if it came round the edge
            col_wraps = torch.div(col + shift, width, rounding_mode="floor")
            same_rows = row_wraps[:, :, None] == row_wraps[:, None, :]
            same_cols = col_wraps[:, :, None] == col_wraps[:, None, :]
            return same_rows & same_cols
'''),
    # Right: the blocks as reshape (..., C, h, 2, w, 2) and a permute to (..., dx, dy, C, h, w) (top-left, bottom-left,
    # top-right, bottom-right), the layer norm written out with torch.var_mean(correction=0) over the 4C axis, and the
    # projection as an einsum on the grid.
    "blind35_right_patch_merging_var_mean_on_reshaped_blocks": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            lead = X.shape[:-3]
            n = len(lead)
            h, w = height // 2, width // 2
            blocks = X.reshape(*lead, channels, h, 2, w, 2)                     # (..., C, h, dy, w, dx)
            blocks = blocks.permute(*range(n), n + 4, n + 2, n, n + 1, n + 3)   # (..., dx, dy, C, h, w)
            features = blocks.reshape(*lead, 4 * channels, h, w)
            var, mean = torch.var_mean(features, dim=-3, keepdim=True, correction=0)
            normed = (features - mean) / torch.sqrt(var + eps)
            normed = normed * gamma[:, None, None] + beta[:, None, None]
            return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # Right: channels moved last with transpose(-3, -1) (giving (..., W, H, C)), distances and argmin computed there,
    # and the ids transposed back to (..., H, W); in the promoted dtype, argmin takes the lowest id of a tie.
    "blind35_right_quantize_transpose_there_and_back": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).transpose(-3, -1)                  # (..., W, H, C)
            distances = ((pixels[..., :, None] - palette.to(dtype)) ** 2).sum(dim=-2)   # (..., W, H, K)
            return distances.argmin(dim=-1).transpose(-1, -2)            # (..., H, W)
'''),
    # Right: squared differences accumulated channel by channel into a zero (..., H, W, K) buffer in the promoted dtype,
    # then argmin (ties to the lowest id; duplicate colours give bit-identical sums).
    "blind35_right_quantize_channel_loop_accumulated": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            total = torch.zeros(*images.shape[:-3], *images.shape[-2:], palette.shape[1], dtype=dtype,
                                device=images.device)                                  # (..., H, W, K)
            for c in range(images.shape[-3]):
                diff = images[..., c, :, :, None].to(dtype) - palette[c].to(dtype)
                total = total + diff * diff
            return total.argmin(dim=-1)
'''),
    # Right: one-hot residues i mod s (min(s, n) classes suffice, since residues of 0 .. n-1 are below n) and their Gram
    # matrix: positive exactly when i and j share a residue, i.e. when s divides i - j.
    "blind35_right_strided_mask_residue_one_hot_gram": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            classes = max(min(stride, n), 1)
            residue = torch.arange(n) % stride                                   # < classes
            one_hot = torch.nn.functional.one_hot(residue, num_classes=classes)  # (n, classes)
            return (one_hot @ one_hot.T) > 0
'''),
    # Right: reshape (B, C, a, P, b, P), swap the in-patch row axis with the grid-column axis, merge to (B, C, N, P*P),
    # swap C and N, merge to (B, N, C*P*P) and transpose: only reshapes and two-axis transposes.
    "blind35_right_patchify_transposes_only": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            a, b = height // P, width // P
            x = images.reshape(batch, channels, a, P, b, P)
            x = x.transpose(3, 4)                                    # (B, C, a, b, P, P)
            x = x.reshape(batch, channels, a * b, P * P)             # (B, C, N, P*P)
            x = x.transpose(1, 2)                                    # (B, N, C, P*P)
            return x.reshape(batch, a * b, channels * P * P).transpose(1, 2)
'''),
    # Right: each (window, token) slot's flat grid position computed arithmetically, then scatter along the flattened
    # grid into new_zeros (scatter is differentiable in its source) and unflattened to (H, W).
    "blind35_right_window_reverse_scatter_arithmetic_positions": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, channels, _ = windows.shape
            b = width // M
            k = torch.arange(nW, device=windows.device)[:, None]
            t = torch.arange(M * M, device=windows.device)[None, :]
            position = ((k // b) * M + t // M) * width + (k % b) * M + t % M        # (nW, M*M) flat grid index
            src = windows.transpose(-3, -2).reshape(*batch, channels, nW * M * M)
            index = position.reshape(-1).expand_as(src)
            grid = src.new_zeros(*batch, channels, height * width).scatter(-1, index, src)
            return grid.reshape(*batch, channels, height, width)
'''),
    # Right: the mask factorises over the axes: per window row an (M, M) 'same row flag' block, per window column
    # likewise, combined by a broadcast AND over (a, b, p, q, p', q') and reshaped with tokens t = p*M + q in raster
    # order.
    "blind35_right_shifted_mask_separable_row_column_blocks": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            row_flags = (torch.arange(height) + shift >= height).reshape(height // M, M)   # (a, M)
            col_flags = (torch.arange(width) + shift >= width).reshape(width // M, M)      # (b, M)
            row_ok = row_flags[:, :, None] == row_flags[:, None, :]                       # (a, M keys, M queries)
            col_ok = col_flags[:, :, None] == col_flags[:, None, :]                       # (b, M, M)
            both = row_ok[:, None, :, None, :, None] & col_ok[None, :, None, :, None, :]   # (a, b, p, q, p', q')
            return both.reshape((height // M) * (width // M), M * M, M * M)
'''),
    # Right: one index_select per palette row over the flattened ids (cast to int64, so uint8 ids are indices, not a
    # mask), each plane reshaped to the ids' shape and stacked at -3; a palette without channels handled separately.
    "blind35_right_dequantize_index_select_per_channel": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = ids.reshape(-1).long()
            if palette.shape[0] == 0:                               # no channels: nothing to stack
                return palette[:, flat].reshape(0, *ids.shape).movedim(0, -3)
            planes = [palette[c].index_select(0, flat).reshape(ids.shape) for c in range(palette.shape[0])]
            return torch.stack(planes, dim=-3)
'''),
}
