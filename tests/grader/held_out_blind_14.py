r"""Fifteenth blind batch of held-out implementations (written without reading grader/ or tests/ beyond the batch files
the brief allows).

How it was written: from docs/contract.md and docs/convention.md, the course registry's exercise lists, the
learner-visible tests (exercises/tests/, run only as `pytest exercises/tests/test_<module>.py --target
<package>`; test_swin.py was read) and the model answers (solutions/, whose signatures the stubs share), after reading the names, docstrings and "counted
right" comments of the earlier blind batches (tests/grader/held_out_blind.py, held_out_blind_2.py ...
held_out_blind_13.py), so as to repeat none of their names or ideas and to respect the decisions they record (a mask
never has batch axes of its own; Xq's and Xkv's batch axes need not broadcast; only the ValueErrors the contract names
count; gradients are compared at finite inputs only; quantize may return any id within rounding of the nearest).
Nothing else under grader/ or tests/ was opened, listed, grepped or run, nor docs/grading.md.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind14/pk/<name>/p_<name>/: a
copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests; every right entry passes them, and each wrong entry's comment says whether it does (26 of the 45 do). Each wrong
entry's recorded input was run on the model answer and on the entry and the difference printed (demo.py): a value, a
shape, an exception instead of the named ValueError, a missing gradient, a mutated argument, a stale cached result.
Every entry was also run through a comparison battery against the model answer (battery.py), twice in one process so
state carried between calls shows: float32 (2e-5 of the result's scale) and float64 (1e-10), no, one and two batch
axes, batches of one, N = 1, N_q != N_k, non-square grids and H != W, C != D, one window, M = 1 and the whole grid,
every shift 0..M-1, masks (none, random, a fully masked query, causal, padding masks with lengths 0 and N, batched),
transposed and channels-last inputs, integer grids and images (long, uint8, bool), empty batches, gradients with
respect to every float input and every parameter under a random upstream gradient (float64), the contract's
ValueErrors, arguments (and params dicts) unchanged, output dtypes and shapes. Every wrong entry shows at least one
difference there or in its demo; every right entry shows none. A few right entries had extra checks (explicit scales
for channel_attention; the default dtype switched between calls and the returned table mutated for the cached
sinusoidal table; B = 0 for patch_embedding and quantize_pixels; a float64 default dtype for one_hot).

Emphasis. Right entries (41) in unusual but correct styles: einsum everywhere, torch.func.vmap (over images, pixels,
heads), F.unfold and as_strided for patches and windows, index_select / index_copy / scatter instead of slicing, loops
over heads, groups, window rows and batch elements with torch.stack or torch.cat, masks by broadcasting comparisons,
by tril of a flipped square and by cdist, softmax via logsumexp (with dead columns handled without NaN gradients),
layer norm via torch.var_mean and via F.layer_norm on a transposed view, float64 inside and cast back, torch's
scaled_dot_product_attention with dead queries revived then zeroed, F.pad with a negative crop, torch.roll without dims,
caches keyed by every argument that matters and returning fresh tensors. Wrong entries (45), mostly in the vision and
layer exercises, each right on the common case and wrong on one edge: non-square images (patchify, quantize,
dequantize, grid attention), H != W (shifted_window_mask), one window or one block (window_partition, patch_merging,
shifted_window_mask at shift 0), shift = 0 vs shift > 0, C != D or 1 < G < C (channel groups), padding masks with some
hidden keys vs all visible (transformer_layer), fully masked queries or states (value bias after weighting,
torch.softmax), batch axes of size one or two (patch_embedding, pixel_sequence, window_reverse, one_hot, embed,
padding_mask, additive_attention, decoder_layer), N_q != N_k and N_d != N_e, batched masks with B = H, parameters
that are not equal (gamma1 vs gamma2) or biases that are not zero (b in the [CLS] column, bo inside Wo, GRU b_hn),
an eps argument, pre-activations above 6, gradients only (cls_token copied), float64 only (float32 rsqrt, conv and
encoder projections, eps 1e-6), a second call only (caches keyed by id or by length only), a mutated argument only
(reshape to the same shape is a view), the named ValueErrors (shift = M, only H checked, nW unchecked).

Judgement calls: blind14_decoder_layer_norm_eps_one_e_minus_6 and the float32-inside entries differ from the model
answer by 1e-7..1e-5, beyond the float64 tolerance but within float32's on unit-scale inputs; the contract says a
float64 input is computed in float64 and fixes eps at 1e-5, so they are written as wrong.
blind14_transformer_layer_fused_qkv_cached_by_id is wrong only across calls (a weight updated in place, or a freed id
reused); its visible-test result varies between runs. One entry drafted as wrong (a conv kernel built with
W.view(D, C, P, P), meant to fail on a non-contiguous W) turned out right, since view can always split one axis, and
was replaced; no entry written as wrong is counted right.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_14 = {
    # ------------------------------------------------------------------ patch_embedding
    # The grid is reshaped (B, C, W/P, P, H/P, P): right on square images only. Recorded: a (1, 2, 4, 6) arange image, P
    # = 2: max difference 4 (patches hold pixels from the wrong rows); on a 4x4 image identical. fails the visible
    # tests.
    "blind14_patchify_grid_sides_swapped_in_reshape": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    grid = images.reshape(batch, channels, width // P, P, height // P, P)
    grid = grid.permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # as_strided with the strides of a contiguous (B, C, H, W) tensor applied to whatever layout the caller passed
    # (clause: inputs may be non-contiguous views). Recorded: a (1, 3, 4, 4) arange image, P = 2: contiguous identical;
    # its transposed view: max difference 9; channels-last: max difference 30. passes the visible tests.
    "blind14_patchify_as_strided_on_callers_layout": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    sb, sc, sh, sw = channels * height * width, height * width, width, 1    # the strides of a contiguous batch
    patches = images.as_strided((batch, height // P, width // P, channels, P, P),
                                (sb, P * sh, P * sw, sc, sh, sw))
    return patches.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Only H is checked against P (clause: ValueError if H or W is not a multiple of P). Recorded: zeros (1, 3, 4, 6), P
    # = 4: model ValueError, entry RuntimeError from reshape. passes the visible tests.
    "blind14_patchify_checks_height_only": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size:
        raise ValueError(f"H={height} must be a multiple of patch_size={patch_size}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P)
    grid = grid.permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # positions[:, 1:] added to the patch tokens only; the [CLS] column never gets positions[:, 0] (clause: '+
    # positions' on all N+1 columns). Recorded: B=2, C=1, 4x4, P=2, D=3, random float64 inputs: max difference 0.93,
    # column 0 off by exactly positions[:, 0]; identical when positions[:, 0] = 0. fails the visible tests.
    "blind14_patch_embedding_cls_column_skips_position_zero": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]   # the patches' positions
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)           # [CLS] is learned: no position
    return torch.cat([cls_column, tokens], dim=-1)
'''),
    # b added after [CLS] is prepended, so the [CLS] column also gets b. Recorded: B=2, C=1, 4x4, P=2, D=3, random
    # float64: max difference 1.06, column 0 off by exactly b; identical when b = 0. fails the visible tests.
    "blind14_patch_embedding_bias_added_after_cls_prepended": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size)                                 # (B, D, N)
    cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + b[:, None] + positions
'''),
    # cls_token copied with tokens.new_tensor (a detached copy), so no gradient reaches cls_token (clause:
    # differentiable in every float input). Recorded: B=2, 4x4, P=2, D=3, loss = output.sum(): model cls_token.grad =
    # [2, 2, 2], entry None; values identical. passes the visible tests.
    "blind14_patch_embedding_cls_copied_with_new_tensor": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = tokens.new_tensor(cls_token)[:, None].expand(tokens.shape[0], -1, 1)   # same device and dtype
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # The patch projection as a conv2d run in float32 and cast back (clause: a float64 input is computed in float64).
    # Recorded: B=2, C=3, 4x4, P=2, D=5, random float64: max difference 7.8e-7 (about 1e-7 relative, far beyond 1e-10);
    # float32 inputs agree to 1e-6. passes the visible tests.
    "blind14_patch_embedding_conv_in_float32": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    batch, channels, height, width = images.shape
    P = patch_size
    if height % P or width % P:
        raise ValueError("H and W must be multiples of the patch size")
    kernel = W.reshape(W.shape[0], channels, P, P)
    # the patch projection as a strided convolution, run in float32 as mixed-precision ViT code does
    tokens = torch.nn.functional.conv2d(images.float(), kernel.float(), b.float(), stride=P).flatten(2)
    cls_column = cls_token[:, None].expand(batch, -1, 1)
    return torch.cat([cls_column, tokens.to(images.dtype)], dim=-1) + positions
'''),
    # [CLS] prepended as cls_token[None, :, None] (1, D, 1) without expanding to the batch: right for B = 1 only.
    # Recorded: B=1 identical; B=2: RuntimeError from torch.cat. fails the visible tests.
    "blind14_patch_embedding_cls_as_unbatched_column": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)                      # (B, D, N)
    return torch.cat([cls_token[None, :, None], tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ imagegpt
    # The ids computed on flattened pixels are reshaped (..., W, H): right on square images only. Recorded: a (3, 2, 3)
    # float64 image, palette (3, 5): model shape (2, 3), entry (3, 2); a 3x3 image identical. fails the visible tests.
    "blind14_quantize_ids_unflattened_width_first": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    *batch, channels, height, width = images.shape
    pixels = images.to(dtype).flatten(-2)                                    # (..., C, H*W)
    distances = (pixels[..., :, :, None] - palette.to(dtype)[:, None, :]).square().sum(-3)   # (..., H*W, K)
    return distances.argmin(-1).reshape(*batch, width, height)
'''),
    # palette.T[ids] is (..., H, W, C) and transpose(-1, -3) gives (..., C, W, H): the image comes out transposed.
    # Recorded: ids [[0, 1, 2], [3, 4, 0]], palette (3, 5): model (3, 2, 3), entry (3, 3, 2); ids 2x2: same shape, max
    # difference 3.03. fails the visible tests.
    "blind14_dequantize_channel_axis_swapped_with_last": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be integers, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids outside [0, K)")
    colours = palette.T[ids.long()]                                          # (..., H, W, C)
    return colours.transpose(-1, -3)                                         # C before the grid
'''),
    # After rolling along the last axis, inputs[0] = sos_id writes the whole first row of a batch instead of the first
    # column. Recorded: ids [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], sos 9: model inputs [[9, 1, 2, 3], [9, 5, 6, 7]],
    # entry [[9, 9, 9, 9], [8, 5, 6, 7]]; one image identical. passes the visible tests.
    "blind14_pixel_sequence_start_written_to_first_row": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().flatten(-2)
    inputs = targets.roll(1, dims=-1)
    inputs[0] = sos_id
    return inputs, targets
'''),
    # ------------------------------------------------------------------ swin
    # The window-grid axes moved as (b, a): windows listed column by column over the grid of windows; right when the
    # grid has one row or one column of windows. Recorded: the 4x4 grid 10h + w, M = 2: model windows [0,1,10,11],
    # [2,3,12,13], [20,21,30,31], ... entry [0,1,10,11], [20,21,30,31], [2,3,12,13], ...; a 2x6 grid identical. fails
    # the visible tests.
    "blind14_window_partition_windows_column_major": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)   # (..., C, a, p, b, q)
    grid = grid.movedim((-2, -4), (-5, -4))                            # (..., b, a, C, p, q)
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # No check of nW against (H/M)(W/M) (clause: ValueError if nW is not (H/M)(W/M)). Recorded: zeros (2, 1, 4) for a
    # 4x4 grid, M = 2: model ValueError, entry RuntimeError from reshape. passes the visible tests.
    "blind14_window_reverse_window_count_unchecked": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # The batch is folded with reshape(-1, ...) and never unfolded: an unbatched input gains a batch axis (and two batch
    # axes merge into one). Recorded: windows (4, 3, 4), M = 2, 4x4: model (3, 4, 4), entry (1, 3, 4, 4); one batch axis
    # identical. fails the visible tests.
    "blind14_window_reverse_always_batched_result": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    channels = windows.shape[-2]
    flat = windows.reshape(-1, height // M, width // M, channels, M, M)      # (B, a, b, C, p, q)
    grid = flat.permute(0, 3, 1, 4, 2, 5)                                  # (B, C, a, p, b, q)
    return grid.reshape(-1, channels, height, width)
'''),
    # The column wrap flags compare with the height (arange(W) + shift >= H): right on square grids only. Recorded:
    # shifted_window_mask(4, 6, 2, 1): windows 1, 2, 4, 5 differ; (4, 4, 2, 1) identical. passes the visible tests.
    "blind14_shifted_mask_column_flags_from_height": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"need 0 <= shift < window, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= height
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Wrap flags of a roll down and right (r < shift) instead of the contract's roll up and left (r + shift >= size);
    # shift = 0 still all True. Recorded: (4, 4, 2, 1): window 0 not all True (model: all True); (4, 4, 2, 0) identical.
    # fails the visible tests.
    "blind14_shifted_mask_wrap_flags_of_a_downward_roll": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"need 0 <= shift < window, got {shift!r}")
    # rolled index r held original index r - shift: it wrapped around iff r < shift
    wrapped_rows = torch.arange(height) < shift
    wrapped_columns = torch.arange(width) < shift
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The range check admits shift = M (clause: ValueError unless 0 <= shift < M). Recorded: shifted_window_mask(4, 4,
    # 2, 2): model ValueError, entry returns a (4, 4, 4) mask. passes the visible tests.
    "blind14_shifted_mask_accepts_shift_equal_to_window": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift <= window:
        raise ValueError(f"need 0 <= shift <= window, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The eps argument is not passed on to the layer norm (it uses the default 1e-5). Recorded: X (2, 2, 4, 4), random
    # gamma, beta, W, eps = 1e-3, float64: max difference 4.2e-3; the default eps identical. passes the visible tests.
    "blind14_patch_merging_eps_argument_dropped": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Layer-norm statistics over all 4C features of all blocks together (per image) instead of per merged token: right
    # when the grid is one 2x2 block. Recorded: X (2, 2, 4, 2) float64: max difference 1.71; a 2x2 grid identical.
    # passes the visible tests.
    "blind14_patch_merging_statistics_over_all_blocks": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2)                                              # (..., 4C, N)
    mean = tokens.mean(dim=(-2, -1), keepdim=True)
    var = tokens.var(dim=(-2, -1), keepdim=True, correction=0)
    normed = (tokens - mean) / torch.sqrt(var + eps) * gamma[:, None] + beta[:, None]
    return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    # Only H's parity is checked (clause: ValueError if H or W is odd). Recorded: X (2, 2, 4, 3): model ValueError,
    # entry RuntimeError from torch.cat. passes the visible tests.
    "blind14_patch_merging_checks_height_parity_only": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2:
        raise ValueError("odd height")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, -1))
'''),
    # ------------------------------------------------------------------ davit
    # Groups take every G-th channel (unflatten (C/G, G)) instead of contiguous row blocks: right for G = 1 and G = C
    # only. Recorded: X (2, 6, 5), random params, float64: G = 2 max difference 2.42, G = 3 3.40; G = 1 and G = 6
    # identical. fails the visible tests.
    "blind14_channel_attention_groups_interleaved": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} shape")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    def groups(Y):                                   # (..., C, N) -> (..., G, C/G, N)
        return Y.unflatten(-2, (channels // num_groups, num_groups)).transpose(-3, -2)
    Q = groups(linear(X, params["Wq"], params["bq"]))
    K = groups(linear(X, params["Wk"], params["bk"]))
    V = groups(linear(X, params["Wv"], params["bv"]))
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    attended = (weights.transpose(-2, -1) @ V).transpose(-3, -2).flatten(-3, -2)
    return linear(attended, params["Wo"], params["bo"])
'''),
    # bo added before Wo (Wo (A + bo) instead of Wo A + bo). Recorded: X (2, 6, 5), G = 2, random params: max difference
    # 2.61; bo = 0 identical. passes the visible tests.
    "blind14_channel_attention_output_bias_inside_projection": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} shape")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    merged = merge_heads(weights.transpose(-2, -1) @ V)
    return params["Wo"] @ (merged + params["bo"][:, None])
'''),
    # timm's layout q @ k^T (queries, keys) normalised with softmax over dim -2, i.e. over the queries, then attn @ V.
    # Recorded: X (2, 6, 5), G = 2, random params (non-symmetric scores): max difference 1.41. passes the visible tests.
    "blind14_channel_attention_softmax_over_queries": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} shape")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    attn = torch.softmax(Q @ K.transpose(-2, -1) * scale, dim=-2)          # (queries, keys), like timm's q @ k^T
    return linear(merge_heads(attn @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The inverse standard deviation computed in float32 and cast back (clause: float64 in, computed in float64).
    # Recorded: X (2, 8, 5) float64: max difference 2.1e-7 (relative ~1e-7); float32 inputs agree to 5e-7. fails the
    # visible tests.
    "blind14_layer_norm_rsqrt_in_float32": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, correction=0)
    inv_std = torch.rsqrt(variance.float() + eps).to(X.dtype)           # fused-kernel habit: statistics in fp32
    return gamma[:, None] * (X - mean) * inv_std + beta[:, None]
'''),
    # One norm helper with gamma1/beta1 serves both sub-blocks: right only when gamma2 = gamma1 and beta2 = beta1.
    # Recorded: X (2, 4, 5), H = 2, random params, post-LN: max difference 2.47; with gamma2 = gamma1, beta2 = beta1
    # identical. passes the visible tests.
    "blind14_transformer_layer_first_norm_params_reused": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def norm(Y):                                                       # one norm helper for both sub-blocks
        return layer_norm(Y, params["gamma1"], params["beta1"])

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(norm(X))
        return X + think(norm(X))
    X = norm(X + attend(X))
    return norm(X + think(X))
'''),
    # The fused [Wq; Wk; Wv] is cached by the tensors' ids: an in-place update (an optimiser step) or a new tensor
    # reusing a freed id gives a stale weight on a later call. Recorded: X (2, 4, 5), H = 2: first call identical; after
    # params['Wq'].add_(0.5) under no_grad the second call differs by 0.18 (the battery also hit a reused id: a (18, 6)
    # weight cached for another size). Passes the visible tests in most runs (one run in four failed when a later test
    # reused an id).
    "blind14_transformer_layer_fused_qkv_cached_by_id": ("transformer_layer", "transformer_layer", '''
_FUSED = {}


def _fused_qkv(params):
    key = (id(params["Wq"]), id(params["Wk"]), id(params["Wv"]))
    if key not in _FUSED:
        _FUSED[key] = (torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                       torch.cat([params["bq"], params["bk"], params["bv"]]))
    return _FUSED[key]


def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    if X.shape[-2] % num_heads:
        raise ValueError(f"D={X.shape[-2]} not divisible by num_heads={num_heads}")
    W_qkv, b_qkv = _fused_qkv(params)

    def attend(Y):
        Q, K, V = linear(Y, W_qkv, b_qkv).chunk(3, dim=-2)
        from .multihead import merge_heads, split_heads
        from .attention import scaled_dot_product_attention
        m = None if mask is None else mask.unsqueeze(-3)
        heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                split_heads(V, num_heads), m)
        return linear(merge_heads(heads), params["Wo"], params["bo"])

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The mask is transposed to PyTorch's (queries, keys) layout before being handed to the course's
    # multi_head_attention. Recorded: X (2, 4, 5), H = 2: padding_mask([5, 5], 5) (all visible) identical;
    # padding_mask([5, 3], 5): max difference 0.74; causal_mask(5): 1.03. fails the visible tests.
    "blind14_transformer_layer_key_mask_transposed_for_torch": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    if mask is not None:
        mask = mask.transpose(-1, -2)           # (queries, keys), as PyTorch's attn_mask
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)
    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ReLU6 (clipped at 6) instead of ReLU: right while every pre-activation stays below 6. Recorded: X (4, 3), W1
    # scaled by 4 (pre-activations up to ~20): max difference 12.7; W1, b1 scaled down: identical. passes the visible
    # tests.
    "blind14_feed_forward_relu6_activation": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = torch.nn.functional.relu6(linear(X, W1, b1))
    return linear(hidden, W2, b2)
'''),
    # ------------------------------------------------------------------ multihead
    # The head axis added with mask.unsqueeze(0) instead of unsqueeze(-3): an (N_k, N_q) mask still works, a batched
    # mask aligns its batch axis with the heads. Recorded: Xq, Xkv (2, 4, 3), a random (2, 3, 3) mask: H = 2 max
    # difference 1.23 (mask b applied to head b), H = 4 RuntimeError; an unbatched mask identical. passes the visible
    # tests.
    "blind14_mha_batched_mask_unsqueezed_at_front": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} not divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(0)                    # a leading axis for the heads
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # bv added after the weighting (valid only because a column's weights sum to 1): a query that sees no key gets Wo bv
    # + bo instead of bo. Recorded: Xq (4, 3), Xkv (4, 5), H = 2, a mask hiding every key from query 1: query 1 differs
    # by 2.61, the others by 5e-16. passes the visible tests.
    "blind14_mha_value_bias_added_after_weighting": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} not divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(params["Wv"] @ Xkv, num_heads)                 # bias later: the weights of a column sum to 1
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    merged = merge_heads(heads) + params["bv"][:, None]
    return linear(merged, params["Wo"], params["bo"])
'''),
    # Heads merged with reshape(*batch, D, N_k): right only when N_q = N_k. Recorded: Xq (4, 3), Xkv (4, 5), H = 2:
    # RuntimeError; N_q = N_k = 3 identical. fails the visible tests.
    "blind14_mha_heads_merged_with_key_length": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    *batch, dim, n_q = Xq.shape
    n_k = Xkv.shape[-1]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} not divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(heads.reshape(*batch, dim, n_k), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # The causal mask is sized by the encoder's length N_e: right only when N_d = N_e. Recorded: X_dec (4, 3), X_enc (4,
    # 5), H = 2: RuntimeError; N_d = N_e = 3 identical. fails the visible tests.
    "blind14_decoder_layer_causal_mask_sized_by_encoder": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X_enc.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # The causal mask sized by X.size(1), the token axis only for an unbatched (D, N) input; for (B, D, N) it is D.
    # Recorded: X_dec (4, 3), X_enc (4, 5) identical; X_dec (2, 4, 3), X_enc (2, 4, 5): RuntimeError. fails the visible
    # tests.
    "blind14_decoder_layer_causal_size_from_axis_one": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.size(1)).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # Layer norms with eps 1e-6 (T5's) instead of 1e-5 (clause: layer-norm eps 1e-5). Recorded: X_dec (2, 4, 3), X_enc
    # (2, 4, 5), float64: max difference 3.5e-6 (far beyond float64 accuracy; within float32's tolerance on unit-
    # variance columns). passes the visible tests.
    "blind14_decoder_layer_norm_eps_one_e_minus_6": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"], eps=1e-6)
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"], eps=1e-6)
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"], eps=1e-6)
'''),
    # The encoder memory (K, V) projected in float32 and cast back (clause: float64 computed in float64). Recorded:
    # X_dec (2, 4, 3), X_enc (2, 4, 5), H = 2, float64: max difference 8.5e-8; float32 agrees. passes the visible tests.
    "blind14_cross_attention_encoder_projected_in_float32": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    D = X_dec.shape[-2]
    if D % num_heads:
        raise ValueError("D not divisible by num_heads")
    memory = X_enc.float()                                       # the encoder memory is kept in fp32
    K = (params["Wk"].float() @ memory + params["bk"].float()[:, None]).to(X_dec.dtype)
    V = (params["Wv"].float() @ memory + params["bv"].float()[:, None]).to(X_dec.dtype)
    Q = params["Wq"] @ X_dec + params["bq"][:, None]
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                            split_heads(V, num_heads), mask)
    return params["Wo"] @ merge_heads(heads) + params["bo"][:, None]
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Cho et al.'s candidate: b_hn added outside the reset gate (tanh(W_in x + b_in + r * W_hn h + b_hn)) instead of
    # nn.GRUCell's r * (W_hn h + b_hn): right only when b_hn = 0. Recorded: s (3,), y (2,), H (4, 6), random params: the
    # new state differs by 0.061; with bias_hh's candidate rows zeroed identical. fails the visible tests.
    "blind14_decoder_step_candidate_hidden_bias_outside_reset": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    rx, zx, nx = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=-1)
    rh, zh, nh = (s_prev @ params["weight_hh"].T).chunk(3, dim=-1)
    b_hr, b_hz, b_hn = params["bias_hh"].chunk(3)
    r = torch.sigmoid(rx + rh + b_hr)
    z = torch.sigmoid(zx + zh + b_hz)
    n = torch.tanh(nx + r * nh + b_hn)                  # Cho et al.: both candidate biases outside the gate
    s = (1 - z) * n + z * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # W s computed as (W @ s.T).T: right for s with at most one batch axis; with two, s.T reverses every axis. Recorded:
    # s (3, 3), H (3, 4, 6) identical; s (2, 3, 3), H (2, 3, 4, 6): RuntimeError. passes the visible tests.
    "blind14_additive_attention_state_transposed_with_T": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("shapes disagree")
    query = (W @ s.T).T                                  # (..., D_a): states as columns, then back
    hidden = torch.tanh(U @ H + query[..., :, None])
    scores = (v[:, None] * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The cells flattened column by column but the weights unflattened (H, W) as if row by row: right only when H or W
    # is 1. Recorded: s (3,), features (2, 2, 3): weights max difference 0.049; a 1x3 grid identical. passes the visible
    # tests.
    "blind14_grid_attention_weights_transposed_for_plotting": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.transpose(-1, -2).flatten(-2), W, U, v)
    return weights.unflatten(-1, (height, width)), context
'''),
    # ------------------------------------------------------------------ embeddings
    # The vocabulary axis is put first, (V, ..., N): right for unbatched ids only. Recorded: ids (3,) identical; ids
    # [[1, 0, 2], [2, 2, 0]]: model (2, 3, 3), entry (3, 2, 3). fails the visible tests.
    "blind14_one_hot_vocabulary_axis_first": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    vocabulary = torch.arange(vocab_size, device=token_ids.device)
    matches = token_ids.unsqueeze(0) == vocabulary.reshape(-1, *([1] * token_ids.dim()))   # (V, ..., N)
    return matches.to(dtype or torch.get_default_dtype())
'''),
    # omega_e[:, ids] is (D, ..., N) and transpose(0, -2) is right with zero or one batch axis but reverses two.
    # Recorded: ids (3, 5) identical; ids (2, 3, 5): model (2, 3, 4, 5), entry (3, 2, 4, 5); ids (3, 3, 5): same shape,
    # max difference 2.72. passes the visible tests.
    "blind14_embed_transpose_zero_with_minus_two": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e[:, token_ids].transpose(0, -2)          # (D, ..., N) -> (..., D, N)
'''),
    # The table cache is keyed by num_positions only: a second call with the same length and another dim returns the
    # stale table. Recorded: sinusoidal_positions(5, 4) then (5, 6): model (6, 5), entry (4, 5). passes the visible
    # tests.
    "blind14_sinusoidal_cache_keyed_by_length_only": ("embeddings", "sinusoidal_positions", '''
_TABLES = {}


def sinusoidal_positions(num_positions, dim):
    if num_positions not in _TABLES:
        positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
        pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
        angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
        table = torch.empty(dim, num_positions)
        table[0::2] = torch.sin(angles)
        table[1::2] = torch.cos(angles[: dim // 2])
        _TABLES[num_positions] = table
    return _TABLES[num_positions].clone()
'''),
    # ------------------------------------------------------------------ masking
    # lengths.squeeze() (to accept (B, 1) lengths) turns a batch of one into a 0-d tensor. Recorded:
    # padding_mask(tensor([2]), 4): model (1, 4, 1), entry IndexError; lengths [2, 4] identical. passes the visible
    # tests.
    "blind14_padding_mask_lengths_squeezed": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    lengths = lengths.squeeze()                              # accept (B, 1) lengths too
    keys = torch.arange(n, device=lengths.device)
    return (keys[None, :] < lengths[:, None])[:, :, None]
'''),
    # ------------------------------------------------------------------ swin
    # shift = 0 short-cut returns a single window of ones (1, M*M, M*M) instead of one per window. Recorded: (4, 6, 2,
    # 0): model (6, 4, 4), entry (1, 4, 4); (2, 2, 2, 0) (one window) and every shift > 0 identical. passes the visible
    # tests.
    "blind14_shifted_mask_zero_shift_one_window_of_ones": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"need 0 <= shift < window, got {shift!r}")
    if shift == 0:                                       # no roll, nothing to hide
        return torch.ones(1, window * window, window * window, dtype=torch.bool)
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ transformer_layer
    # reshape to the same shape is a view, so 'Y -= mean' centres the caller's X in place (clause: arguments unchanged).
    # Recorded: X (8, 5) float64: X changed by up to 0.66 (also a transposed X and a non-leaf input); values correct; an
    # X requiring grad raises RuntimeError (in-place on a view of a leaf). fails the visible tests.
    "blind14_layer_norm_centres_input_through_reshape_view": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    Y = X.reshape(*X.shape)                              # a working copy of the columns
    Y -= Y.mean(dim=-2, keepdim=True)
    variance = Y.square().mean(dim=-2, keepdim=True)
    return gamma[:, None] * Y / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # ------------------------------------------------------------------ rnn_attention
    # torch.softmax on the masked scores: a state that sees no position gets NaN weights and context instead of zeros.
    # Recorded: s (2, 3), H (2, 4, 6), mask with row 1 all False: entry weights row 1 all NaN (model zeros). fails the
    # visible tests.
    "blind14_additive_attention_torch_softmax_blind_state_nan": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("shapes disagree")
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
}


RIGHT_BLIND_14 = {
    # ------------------------------------------------------------------ patch_embedding
    # as_strided on a contiguous copy: (B, grid_row, grid_col, C, P, P) read straight from the storage with hand-
    # computed strides. Checked: battery.py run twice in one process: 0 problems (48 cases: float32/64, long and uint8
    # images, transposed and channels-last inputs, P = 1 and the whole side, non-square grids, gradients, the
    # ValueError); visible tests pass.
    "blind14_right_patchify_as_strided_on_contiguous_copy": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    x = images.contiguous()
    sb, sc, sh, sw = x.stride()
    # (B, grid_row, grid_col, C, pixel_row, pixel_col) read straight out of the contiguous storage
    patches = x.as_strided((batch, height // P, width // P, channels, P, P),
                           (sb, P * sh, P * sw, sc, sh, sw))
    return patches.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # F.unfold (im2col) with kernel = stride = P, whose rows are already (channel, row, column) and columns the patches
    # in raster order; integer images (im2col has no integer kernel) unfold the pixel numbers in float64 and gather.
    # Checked: battery.py run twice in one process: 0 problems (48 cases as above); visible tests pass.
    "blind14_right_patchify_functional_unfold_kernel_is_stride": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    # im2col with kernel = stride = P: rows (channel, kernel_row, kernel_col), columns the blocks in raster order
    if images.is_floating_point():
        return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
    # im2col has no integer kernel: unfold the pixel numbers (exact in float64) and gather with them
    where = torch.arange(channels * height * width, dtype=torch.float64).reshape(1, channels, height, width)
    index = torch.nn.functional.unfold(where, kernel_size=patch_size, stride=patch_size)[0].long()   # (C*P*P, N)
    return images.reshape(batch, -1)[:, index]
'''),
    # torch.func.vmap of a one-image embedding over the batch axis. Checked: battery.py run twice in one process: 0
    # problems (26 cases: float32/64, non-square, C != D, P = 1 and whole image, transposed W and positions, gradients
    # w.r.t. images, W, b, cls_token, positions), plus B = 0; visible tests pass.
    "blind14_right_patch_embedding_vmap_over_images": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    def one_image(image):                                   # (C, H, W) -> (D, N + 1)
        tokens = W @ patchify(image[None], patch_size)[0] + b[:, None]
        return torch.cat([cls_token[:, None], tokens], dim=1) + positions
    return torch.func.vmap(one_image)(images)
'''),
    # A Python loop over the images (einsum projection, cat of [CLS]) and torch.stack; an empty batch handled apart.
    # Checked: battery.py run twice in one process: 0 problems (26 cases as above), plus B = 0; visible tests pass.
    "blind14_right_patch_embedding_python_loop_stack": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)                  # (B, C*P*P, N); raises the ValueError
    rows = []
    for k in range(patches.shape[0]):
        embedded = torch.einsum("dk,kn->dn", W, patches[k]) + b.unsqueeze(1)
        rows.append(torch.cat([cls_token.unsqueeze(1), embedded], dim=1) + positions)
    if not rows:                                            # an empty batch
        return torch.cat([cls_token[:, None].expand(0, -1, 1), linear(patches, W, b)], dim=-1) + positions
    return torch.stack(rows)
'''),
    # ------------------------------------------------------------------ imagegpt
    # torch.func.vmap of a one-pixel argmin over the flattened pixels (argmin keeps the first of tied colours), with the
    # four named ValueErrors. Checked: battery.py run twice in one process: 0 problems (82 cases: float32/64, no/one/two
    # batch axes, 1x1 images, exact ties from integer palettes, views, empty batches and grids, the ValueErrors);
    # visible tests pass.
    "blind14_right_quantize_vmap_over_pixels": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    colours = palette.to(dtype)
    pixels = images.to(dtype).movedim(-3, -1)                     # (..., H, W, C)
    flat = pixels.reshape(-1, pixels.shape[-1])                   # (P, C)
    if flat.shape[0] == 0:
        return torch.zeros(pixels.shape[:-1], dtype=torch.long)
    nearest = torch.func.vmap(lambda x: (colours - x[:, None]).square().sum(0).argmin())(flat)
    return nearest.reshape(pixels.shape[:-1])
'''),
    # index_select of palette columns with the flattened ids, reshaped and the channel axis moved before H, W. Checked:
    # battery.py run twice in one process: 0 problems (54 cases: uint8/int32/int64 ids, batch axes, views, gradients
    # w.r.t. the palette, the ValueErrors); visible tests pass.
    "blind14_right_dequantize_index_select_flat_ids": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be integers, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids outside [0, K)")
    colours = palette.index_select(1, ids.reshape(-1).long())     # (C, #pixels)
    return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # F.pad(targets, (1, -1), value=sos_id): one start token on the left, negative padding crops the last pixel.
    # Checked: battery.py run twice in one process: 0 problems (131 cases: uint8/int16/int32/int64, batch axes, 1x1, 1xW
    # and Hx1 images, views, sos 0 and 512, the ValueErrors); visible tests pass.
    "blind14_right_pixel_sequence_pad_right_shift_by_one": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.long().flatten(-2)
    # pad one start token on the left and crop one token on the right (negative padding)
    inputs = torch.nn.functional.pad(targets, (1, -1), value=sos_id)
    return inputs, targets
'''),
    # torch.roll without dims (it shifts the flattened tensor, so each row's first slot receives the previous row's last
    # pixel), then exactly those first slots overwritten with the start token. Checked: battery.py run twice in one
    # process: 0 problems (131 cases as above); visible tests pass.
    "blind14_right_pixel_sequence_flat_roll_then_first_column": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.to(torch.int64).reshape(*ids.shape[:-2], -1)
    # torch.roll without dims shifts the flattened tensor: every row's first slot gets the previous row's last
    # pixel, and exactly those slots are then overwritten with the start token
    inputs = torch.roll(targets, 1)
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # The head is affine, so every token is projected first (F.linear on the transposed view, bias included) and the
    # logits are averaged. Checked: battery.py run twice in one process: 0 problems (76 cases: float32/64, batch axes, N
    # = 1, K = 1, b None, views, gradients, the ValueErrors); visible tests pass.
    "blind14_right_average_pool_head_project_every_token_then_mean": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no tokens")
    per_token = torch.nn.functional.linear(X.transpose(-1, -2), W, b)   # (..., N, K): the head is affine
    return per_token.mean(dim=-2)
'''),
    # ------------------------------------------------------------------ swin
    # as_strided on a contiguous copy: (..., a, b, C, p, q) from the grid's strides, then flattened. Checked: battery.py
    # run twice in one process: 0 problems (112 cases: float32/64, long/uint8/bool grids, no/one/two batch axes, M = 1
    # and the whole grid, non-square grids, views, gradients, the ValueErrors); visible tests pass.
    "blind14_right_window_partition_as_strided_windows": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    x = X.contiguous()
    strides = x.stride()
    sc, sh, sw = strides[-3:]
    view = x.as_strided((*batch, height // M, width // M, channels, M, M),
                        (*strides[:-3], M * sh, M * sw, sc, sh, sw))
    return view.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # F.unfold with kernel = stride = M on the batch folded to one axis, (B', C*M*M, nW) regrouped; non-float grids (the
    # mask's integer labels) unfold the pixel numbers instead and gather. Checked: battery.py run twice in one process:
    # 0 problems (112 cases as above; the first draft, unfold on every dtype, failed on integer grids and was fixed);
    # visible tests pass.
    "blind14_right_window_partition_functional_unfold_folded_batch": ("swin", "window_partition", '''
import math as _math


def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    nW = (height // M) * (width // M)
    if not X.is_floating_point():                 # im2col has no integer kernel: unfold the pixel numbers instead
        where = torch.arange(height * width, dtype=torch.float64).reshape(1, 1, height, width)
        index = torch.nn.functional.unfold(where, kernel_size=M, stride=M)[0].long()   # (M*M, nW)
        picked = X.flatten(-2)[..., index.T.reshape(-1)]                               # (..., C, nW*M*M)
        return picked.unflatten(-1, (nW, M * M)).movedim(-3, -2)
    folded = X.reshape(_math.prod(batch), channels, height, width)
    if folded.shape[0] == 0:
        return X.new_zeros(*batch, nW, channels, M * M)
    columns = torch.nn.functional.unfold(folded, kernel_size=M, stride=M)    # (B', C*M*M, nW)
    columns = columns.reshape(-1, channels, M * M, nW).permute(0, 3, 1, 2)
    return columns.reshape(*batch, nW, channels, M * M)
'''),
    # index_copy of every (window, token) value into its flat grid position computed by broadcasting comparisons of
    # window and token indices. Checked: battery.py run twice in one process: 0 problems (104 cases: float32/64 and long
    # windows, batch axes, M = 1 and whole grid, non-square, views, gradients, the ValueErrors); visible tests pass.
    "blind14_right_window_reverse_index_copy_into_zeros": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    *batch, nW, channels, _ = windows.shape
    k = torch.arange(nW)[:, None]
    t = torch.arange(M * M)[None, :]
    rows = (k // (width // M)) * M + t // M
    cols = (k % (width // M)) * M + t % M
    target = (rows * width + cols).reshape(-1)                          # grid position of (window k, token t)
    values = windows.movedim(-3, -2).reshape(*batch, channels, nW * M * M)
    grid = windows.new_zeros(*batch, channels, height * width).index_copy(-1, target, values)
    return grid.reshape(*batch, channels, height, width)
'''),
    # A loop over window rows: each band is the cat of its windows along W, the bands cat along H. Checked: battery.py
    # run twice in one process: 0 problems (104 cases as above); visible tests pass.
    "blind14_right_window_reverse_cat_window_rows": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    per_row = width // M
    tiles = windows.unflatten(-1, (M, M))                               # (..., nW, C, M, M)
    bands = []
    for a in range(height // M):
        band = [tiles[..., a * per_row + j, :, :, :] for j in range(per_row)]
        bands.append(torch.cat(band, dim=-1))                           # (..., C, M, W)
    return torch.cat(bands, dim=-2)
'''),
    # The rolled-grid row and column of every (window, token) pair by broadcasting arithmetic (no window_partition),
    # wrap flags compared per axis. Checked: battery.py run twice in one process: 0 problems (24 cases: square and non-
    # square grids, one window, M = 1, every shift 0..M-1, the ValueErrors for shift = M, shift < 0, M not dividing);
    # visible tests pass.
    "blind14_right_shifted_mask_window_coordinates_broadcast": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"need 0 <= shift < window, got {shift!r}")
    M = window
    k = torch.arange((height // M) * (width // M))[:, None]             # window index
    t = torch.arange(M * M)[None, :]                                    # token index within the window
    row = (k // (width // M)) * M + t // M                              # rolled-grid coordinates, (nW, M*M)
    col = (k % (width // M)) * M + t % M
    row_wrapped = row + shift >= height
    col_wrapped = col + shift >= width
    same_rows = row_wrapped[:, :, None] == row_wrapped[:, None, :]
    same_cols = col_wrapped[:, :, None] == col_wrapped[:, None, :]
    return same_rows & same_cols
'''),
    # The Swin paper's labelling by three slices per axis on the rolled grid (at shift 0 the last assignment, slice(0,
    # None) twice, labels every token alike). Checked: battery.py run twice in one process: 0 problems (24 cases as
    # above); visible tests pass.
    "blind14_right_shifted_mask_region_slices_then_compare": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"need 0 <= shift < window, got {shift!r}")
    # the Swin paper's region labelling: three bands per axis on the rolled grid; with shift = 0 the last
    # assignment (slice(0, None) twice) covers everything, so every token gets one label
    labels = torch.zeros(height, width, dtype=torch.long)
    count = 0
    for rows in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
        for cols in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
            labels[rows, cols] = count
            count += 1
    flat = window_partition(labels[None], window)[:, 0]                 # (nW, M*M)
    return flat.unsqueeze(-1) == flat.unsqueeze(-2)
'''),
    # F.unfold with a 2x2 kernel and stride 2 gives (c, dy, dx); permuted to (dx, dy, c) that is top-left, bottom-left,
    # top-right, bottom-right; layer norm by torch.var_mean, projection by einsum. Checked: battery.py run twice in one
    # process: 0 problems (68 cases: float32/64, batch axes, 2x2 to 8x8 and non-square grids, eps 1e-3, views, gradients
    # w.r.t. X, gamma, beta, W, the ValueErrors); visible tests pass.
    "blind14_right_patch_merging_functional_unfold_two_by_two": ("swin", "patch_merging", '''
import math as _math


def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    folded = X.reshape(_math.prod(batch), channels, height, width)
    cols = torch.nn.functional.unfold(folded, kernel_size=2, stride=2)    # (B', C*2*2, N): (c, dy, dx)
    cols = cols.reshape(-1, channels, 2, 2, cols.shape[-1])               # (B', c, dy, dx, N)
    merged = cols.permute(0, 3, 2, 1, 4).reshape(-1, 4 * channels, cols.shape[-1])   # (dx, dy, c) = TL, BL, TR, BR
    var, mean = torch.var_mean(merged, dim=1, keepdim=True, correction=0)
    normed = (merged - mean) / torch.sqrt(var + eps) * gamma[:, None] + beta[:, None]
    out = torch.einsum("oc,bcn->bon", W, normed)
    return out.reshape(*batch, 2 * channels, height // 2, width // 2)
'''),
    # Blocks by reshape to (..., c, i, dy, j, dx), permuted to channels-last features in (dx, dy, c) order, F.layer_norm
    # over the last axis, einsum projection back to (..., 2C, H/2, W/2). Checked: battery.py run twice in one process: 0
    # problems (68 cases as above); visible tests pass.
    "blind14_right_patch_merging_reshape_blocks_layer_norm_last_axis": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    if height % 2 or width % 2:
        raise ValueError("odd grid")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    blocks = X.reshape(*batch, channels, height // 2, 2, width // 2, 2)   # (..., c, i, dy, j, dx)
    # order the 4C features (dx, dy, c): top-left, bottom-left, top-right, bottom-right
    feats = blocks.permute(*range(len(batch)), -4, -2, -1, -3, -5)        # (..., i, j, dx, dy, c)
    feats = feats.reshape(*batch, height // 2, width // 2, 4 * channels)
    normed = torch.nn.functional.layer_norm(feats, (4 * channels,), gamma, beta, eps)
    return torch.einsum("oc,...ijc->...oij", W, normed)
'''),
    # ------------------------------------------------------------------ davit
    # A loop over the groups with einsum everywhere and the softmax as exp(scores - logsumexp). Checked: battery.py run
    # twice in one process: 0 problems (84 cases: float32/64, batch axes, G = 1, 2, 3, C, N = 1, views, gradients w.r.t.
    # X and all eight parameters, the ValueErrors), plus explicit scales (0.7 and (C/G)^-0.5) agreeing to 1e-14; visible
    # tests pass.
    "blind14_right_channel_attention_group_loop_logsumexp": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} shape")
    if scale is None:
        scale = tokens ** -0.5
    size = channels // num_groups
    outputs = []
    for g in range(num_groups):
        rows = slice(g * size, (g + 1) * size)
        Q = torch.einsum("cd,...dn->...cn", params["Wq"][rows], X) + params["bq"][rows, None]
        K = torch.einsum("cd,...dn->...cn", params["Wk"][rows], X) + params["bk"][rows, None]
        V = torch.einsum("cd,...dn->...cn", params["Wv"][rows], X) + params["bv"][rows, None]
        scores = torch.einsum("...jn,...in->...ji", K, Q) * scale         # (..., keys j, queries i)
        weights = torch.exp(scores - torch.logsumexp(scores, dim=-2, keepdim=True))
        outputs.append(torch.einsum("...ji,...jn->...in", weights, V))
    return torch.einsum("oc,...cn->...on", params["Wo"], torch.cat(outputs, dim=-2)) + params["bo"][:, None]
'''),
    # One C x C attention with a block-diagonal mask (a channel sees only its group's keys), softmax_cols zeroing the
    # other groups. Checked: battery.py run twice in one process: 0 problems (84 cases as above), plus explicit scales;
    # visible tests pass.
    "blind14_right_channel_attention_block_diagonal_over_all_channels": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"{name} shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"{name} shape")
    if scale is None:
        scale = 1.0 / math.sqrt(tokens)
    Q = linear(X, params["Wq"], params["bq"])
    K = linear(X, params["Wk"], params["bk"])
    V = linear(X, params["Wv"], params["bv"])
    group = torch.arange(channels) // (channels // num_groups)
    same_group = group[:, None] == group[None, :]                       # (C keys, C queries), block diagonal
    scores = (K @ Q.transpose(-2, -1) * scale).masked_fill(~same_group, float("-inf"))
    weights = softmax_cols(scores)                                      # zero outside a query's own group
    return linear(weights.transpose(-2, -1) @ V, params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # torch.var_mean (correction 0), rsqrt and addcmul. Checked: battery.py run twice in one process: 0 problems (48
    # cases: float32/64, batch axes, D = 1, N = 1, eps 0.1, views, gradients w.r.t. X, gamma, beta); visible tests pass.
    "blind14_right_layer_norm_var_mean_rsqrt": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
    return torch.addcmul(beta.unsqueeze(-1), gamma.unsqueeze(-1), (X - mean) * torch.rsqrt(var + eps))
'''),
    # F.layer_norm over the last axis of the transposed view (tokens as rows), transposed back. Checked: battery.py run
    # twice in one process: 0 problems (48 cases as above); visible tests pass.
    "blind14_right_layer_norm_functional_on_transposed_view": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    rows = X.transpose(-1, -2)                                          # (..., N, D): one token per row
    return torch.nn.functional.layer_norm(rows, (X.shape[-2],), gamma, beta, eps).transpose(-1, -2)
'''),
    # einsum projections with ReLU as torch.where(pre > 0, pre, 0) (gradient 0 at 0, as relu). Checked: battery.py run
    # twice in one process: 0 problems (32 cases: float32/64, batch axes, N = 1, F < D, views, gradients w.r.t. all five
    # inputs); visible tests pass.
    "blind14_right_feed_forward_einsum_where_relu": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    pre = torch.einsum("fd,...dn->...fn", W1, X) + b1[:, None]
    hidden = torch.where(pre > 0, pre, torch.zeros((), dtype=pre.dtype))
    return torch.einsum("df,...fn->...dn", W2, hidden) + b2[:, None]
'''),
    # The whole layer written out: a loop over heads slicing weight rows, einsum scores, max-shifted softmax with all-
    # masked columns zeroed, layer norm by var_mean. Checked: battery.py run twice in one process: 0 problems (442
    # cases: float32/64, no/one/two batch axes, N_heads 1..D, N = 1, masks none/random/fully-masked query/causal/padding
    # with lengths 0 and N/batched, post- and pre-LN, views, gradients w.r.t. X and all 16 parameters, the ValueError);
    # visible tests pass.
    "blind14_right_transformer_layer_heads_written_out": ("transformer_layer", "transformer_layer", '''
import math


def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def ln(Y, g, b):
        var, mean = torch.var_mean(Y, dim=-2, keepdim=True, correction=0)
        return (Y - mean) / torch.sqrt(var + 1e-5) * g[:, None] + b[:, None]

    def mha(Y):
        D = Y.shape[-2]
        if D % num_heads:
            raise ValueError("D not divisible by num_heads")
        d = D // num_heads
        heads = []
        for h in range(num_heads):
            r = slice(h * d, (h + 1) * d)
            q = torch.einsum("ed,...dn->...en", params["Wq"][r], Y) + params["bq"][r, None]
            k = torch.einsum("ed,...dn->...en", params["Wk"][r], Y) + params["bk"][r, None]
            v = torch.einsum("ed,...dn->...en", params["Wv"][r], Y) + params["bv"][r, None]
            s = torch.einsum("...ej,...ei->...ji", k, q) / math.sqrt(d)
            if mask is not None:
                s = s.masked_fill(~mask, float("-inf"))
            top = s.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            e = torch.exp(s - top)
            total = e.sum(dim=-2, keepdim=True)
            w = e / torch.where(total > 0, total, torch.ones_like(total))
            heads.append(torch.einsum("...ej,...ji->...ei", v, w))
        return torch.einsum("od,...dn->...on", params["Wo"], torch.cat(heads, dim=-2)) + params["bo"][:, None]

    def ffn(Y):
        return params["W2"] @ torch.relu(params["W1"] @ Y + params["b1"][:, None]) + params["b2"][:, None]

    if norm_first:
        X = X + mha(ln(X, params["gamma1"], params["beta1"]))
        return X + ffn(ln(X, params["gamma2"], params["beta2"]))
    X = ln(X + mha(X), params["gamma1"], params["beta1"])
    return ln(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # A Python loop over the flattened batch elements (the mask expanded to the batch and indexed per element),
    # torch.stack and reshape back. Checked: battery.py run twice in one process: 0 problems (442 cases as above);
    # visible tests pass.
    "blind14_right_transformer_layer_python_loop_over_sequences": ("transformer_layer", "transformer_layer", '''
import math as _math


def _one_sequence_layer(X, params, num_heads, mask, norm_first):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])


def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    *batch, D, N = X.shape
    if not batch:
        return _one_sequence_layer(X, params, num_heads, mask, norm_first)
    flat = X.reshape(_math.prod(batch), D, N)
    masks = None
    if mask is not None:
        masks = mask.expand(*batch, *mask.shape[-2:]).reshape(-1, *mask.shape[-2:])
    outs = [_one_sequence_layer(flat[k], params, num_heads, None if masks is None else masks[k], norm_first)
            for k in range(flat.shape[0])]
    if not outs:
        return X.clone()
    return torch.stack(outs).reshape(*batch, D, N)
'''),
    # ------------------------------------------------------------------ multihead
    # Heads by einsum on the (H, D/H, D)-reshaped weights, softmax as exp(scores - logsumexp) with an all-masked
    # column's logsumexp replaced by 0, output projection by einsum on Wo reshaped (D, H, D/H). Checked: battery.py run
    # twice in one process: 0 problems (238 cases: float32/64, batch axes, N_q != N_k, N_q = 1, H = 1..D, masks
    # none/random/fully-masked/causal/padding/batched, views, gradients w.r.t. Xq, Xkv and all eight parameters, the
    # ValueError); visible tests pass.
    "blind14_right_mha_einsum_heads_softmax_by_logsumexp": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"D={D} not divisible by num_heads={num_heads}")
    d = D // num_heads
    def project(W, b, Y):
        return torch.einsum("hed,...dn->...hen", W.reshape(num_heads, d, D), Y) + b.reshape(num_heads, d, 1)
    Q = project(params["Wq"], params["bq"], Xq)                          # (..., H, d, Nq)
    K = project(params["Wk"], params["bk"], Xkv)
    V = project(params["Wv"], params["bv"], Xkv)
    scores = torch.einsum("...hej,...hei->...hji", K, Q) * d ** -0.5
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    lse = torch.logsumexp(scores, dim=-2, keepdim=True)
    lse = torch.where(torch.isinf(lse), torch.zeros_like(lse), lse)     # a query seeing no key: weights exp(-inf)=0
    weights = torch.exp(scores - lse)
    heads = torch.einsum("...hej,...hji->...hei", V, weights)
    return torch.einsum("ohe,...hen->...on", params["Wo"].reshape(D, num_heads, d), heads) + params["bo"][:, None]
'''),
    # torch.func.vmap of a one-head scaled_dot_product_attention over the head axis (in and out dims -3) of the
    # projected, split Q, K, V; the mask closed over. Checked: battery.py run twice in one process: 0 problems (238
    # cases as above); visible tests pass.
    "blind14_right_mha_vmap_over_head_axis_of_projections": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    D = Xq.shape[-2]
    if D % num_heads:
        raise ValueError(f"D={D} not divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)   # (..., H, d, Nq)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    def one_head(q, k, v):
        return scaled_dot_product_attention(q, k, v, mask)[0]
    heads = torch.func.vmap(one_head, in_dims=-3, out_dims=-3)(Q, K, V)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # torch.nn.functional.scaled_dot_product_attention in PyTorch's rows layout; queries that see no key are let see
    # every key (no NaN) and their head outputs multiplied by 0, so their output is bo. Checked: battery.py run twice in
    # one process: 0 problems (198 cases: float32/64, batch axes, N_d != N_e, masks none/random/fully-masked/padding
    # with lengths 0 and N/batched, gradients w.r.t. both inputs and all eight parameters, the ValueError); visible
    # tests pass.
    "blind14_right_cross_attention_torch_sdpa_dead_queries_zeroed": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    D = X_dec.shape[-2]
    if D % num_heads:
        raise ValueError("D not divisible by num_heads")
    d = D // num_heads
    def heads(X, W, b):                                                   # (..., H, N, d): PyTorch's rows layout
        return (W @ X + b[:, None]).unflatten(-2, (num_heads, d)).transpose(-1, -2)
    q = heads(X_dec, params["Wq"], params["bq"])
    k = heads(X_enc, params["Wk"], params["bk"])
    v = heads(X_enc, params["Wv"], params["bv"])
    attn_mask = None
    alive = None
    if enc_mask is not None:
        m = enc_mask.unsqueeze(-3).transpose(-1, -2)                      # (..., 1, Nd or 1, Ne): True takes part
        alive = m.any(dim=-1, keepdim=True)                               # queries that see some key
        attn_mask = m | ~alive                                            # let dead queries see everything ...
    out = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)
    if alive is not None:
        out = out * alive                                                 # ... then zero their head outputs
    merged = out.transpose(-1, -2).flatten(-3, -2)                        # (..., D, Nd)
    return params["Wo"] @ merged + params["bo"][:, None]
'''),
    # The causal mask as tril of the ones flipped on both axes, cached per (n, device) (used internally only, never
    # returned or modified). Checked: battery.py run twice in one process: 0 problems (196 cases: float32/64, batch
    # axes, N_d != N_e, N_d = 1, encoder masks of every kind, gradients w.r.t. both inputs and every parameter; sizes
    # change between calls); visible tests pass.
    "blind14_right_decoder_layer_flipped_tril_cached_causal": ("cross_attention", "decoder_layer", '''
_CAUSAL = {}


def _causal(n, device):
    key = (n, str(device))
    if key not in _CAUSAL:
        ones = torch.ones(n, n, dtype=torch.bool, device=device)
        _CAUSAL[key] = torch.tril(ones).flip(0, 1)                        # [j, i] True iff j <= i
    return _CAUSAL[key]


def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, _causal(X.shape[-1], X.device)),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
    # ------------------------------------------------------------------ rnn_attention
    # einsum scores with broadcasting '...' axes, mask by torch.where, weights exp(scores - logsumexp) with a blind
    # state's logsumexp replaced by 0. Checked: battery.py run twice in one process: 0 problems (84 cases: float32/64, s
    # and H with no/one/two batch axes broadcasting both ways, N = 1, masks with a state that sees nothing, views,
    # gradients w.r.t. s, H, W, U, v); visible tests pass.
    "blind14_right_additive_attention_einsum_logsumexp": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("shapes disagree")
    hidden = torch.tanh(torch.einsum("ad,...d->...a", W, s)[..., :, None] + torch.einsum("ah,...hn->...an", U, H))
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = torch.where(mask, scores, torch.full((), float("-inf"), dtype=scores.dtype))
    lse = torch.logsumexp(scores, dim=-1, keepdim=True)
    weights = torch.exp(scores - torch.where(torch.isinf(lse), torch.zeros_like(lse), lse))
    context = torch.einsum("...n,...hn->...h", weights, H)
    return weights, context
'''),
    # The cells flattened column by column (the one softmax and the weighted sum ignore their order), the weights
    # unflattened (W, H) and transposed back. Checked: battery.py run twice in one process: 0 problems (72 cases:
    # float32/64, broadcasting batch axes, 1x1, 2x3, 4x1 grids, views, gradients); visible tests pass.
    "blind14_right_grid_attention_column_major_cells_transposed_back": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    # cells column by column (the softmax and the weighted sum do not care about the order), then back
    weights, context = additive_attention(s, features.transpose(-1, -2).flatten(-2), W, U, v)
    return weights.unflatten(-1, (width, height)).transpose(-1, -2), context
'''),
    # Scores computed on the grid itself by einsum, one softmax over both grid axes via logsumexp(dim=(-2, -1)), context
    # by einsum. Checked: battery.py run twice in one process: 0 problems (72 cases as above); visible tests pass.
    "blind14_right_grid_attention_two_axis_logsumexp": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    query = torch.einsum("ad,...d->...a", W, s)[..., :, None, None]        # (..., D_a, 1, 1)
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
    scores = torch.einsum("a,...ahw->...hw", v, hidden)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=(-2, -1), keepdim=True))
    context = torch.einsum("...hw,...chw->...c", weights, features)
    return weights, context
'''),
    # The GRU cell by einsum with the gates sliced by rows, s_prev and y_prev expanded to the broadcast batch first, the
    # update written n + z (h - n). Checked: battery.py run twice in one process: 0 problems (24 cases: float32/64,
    # s_prev, y_prev and H batch axes broadcasting in every direction, masks with blind states, gradients w.r.t. the
    # three inputs and all nine parameters); visible tests pass.
    "blind14_right_decoder_step_gates_by_einsum_on_expanded_batch": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
    h = s_prev.expand(*batch, s_prev.shape[-1])
    x = torch.cat([y_prev.expand(*batch, y_prev.shape[-1]), context.expand(*batch, context.shape[-1])], dim=-1)
    D = h.shape[-1]
    gi = torch.einsum("gi,...i->...g", params["weight_ih"], x) + params["bias_ih"]
    gh = torch.einsum("gd,...d->...g", params["weight_hh"], h) + params["bias_hh"]
    r = torch.sigmoid(gi[..., :D] + gh[..., :D])
    z = torch.sigmoid(gi[..., D:2 * D] + gh[..., D:2 * D])
    n = torch.tanh(gi[..., 2 * D:] + r * gh[..., 2 * D:])
    s = n + z * (h - n)                                                   # (1 - z) n + z h
    readout = torch.cat([s, context.expand(*batch, context.shape[-1])], dim=-1)
    logits = torch.einsum("vk,...k->...v", params["W_out"], readout) + params["b_out"]
    return s, logits, weights
'''),
    # ------------------------------------------------------------------ embeddings
    # scatter_ of ones into a fresh zero tensor along the vocabulary axis. Checked: battery.py run twice in one process:
    # 0 problems (19 cases: batch axes, dtype None/float32/float64, views, N = 0, the ValueErrors), plus a float64
    # default dtype; visible tests pass.
    "blind14_right_one_hot_scatter_ones_into_zeros": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                      dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
    return out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # index_select of omega_e's columns with the flattened ids, reshaped and the D axis moved next to N. Checked:
    # battery.py run twice in one process: 0 problems (20 cases: float32/64, no/one/two batch axes, views, gradients
    # w.r.t. omega_e, the ValueErrors); visible tests pass.
    "blind14_right_embed_index_select_flat_ids": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    columns = omega_e.index_select(1, token_ids.reshape(-1))            # (D, #ids)
    return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # The model's table cached per (num_positions, dim, default dtype), a clone returned on every call. Checked:
    # battery.py run twice in one process: 0 problems (the same size asked twice, different dims for one length, D odd
    # and 1, N = 0), plus: the returned tensor mutated in place then the table asked again, and the default dtype
    # switched float32 -> float64 -> float32 between calls: equal to the model each time; visible tests pass.
    "blind14_right_sinusoidal_cache_keyed_by_size_and_dtype_cloned": ("embeddings", "sinusoidal_positions", '''
_TABLES = {}


def sinusoidal_positions(num_positions, dim):
    key = (num_positions, dim, torch.get_default_dtype())
    if key not in _TABLES:
        positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
        pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
        angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
        table = torch.empty(dim, num_positions)
        table[0::2] = torch.sin(angles)
        table[1::2] = torch.cos(angles[: dim // 2])
        _TABLES[key] = table
    return _TABLES[key].clone()                                         # a fresh tensor every call
'''),
    # ------------------------------------------------------------------ masking
    # tril of an all-True square, flipped on both axes: [j, i] True iff (n-1-i) <= (n-1-j), i.e. j <= i. Checked:
    # battery.py run twice in one process: 0 problems (n = 0, 1, 2, 5, 9); visible tests pass.
    "blind14_right_causal_mask_tril_of_flipped_ones": ("masking", "causal_mask", '''
def causal_mask(n):
    # tril of the flipped square, flipped back: [j, i] True iff (n-1-i) <= (n-1-j), i.e. j <= i
    return torch.tril(torch.ones(n, n, dtype=torch.bool)).flip(0, 1)
'''),
    # torch.cdist (p = 1) of the float64 positions compared with the window (exact for these integers); n = 0 handled
    # apart. Checked: battery.py run twice in one process: 0 problems (n 0..9 with windows 0..20); visible tests pass.
    "blind14_right_local_mask_cdist_of_positions": ("masking", "local_mask", '''
def local_mask(n, window):
    positions = torch.arange(n, dtype=torch.float64)[:, None]
    if n == 0:
        return torch.zeros(0, 0, dtype=torch.bool)
    return torch.cdist(positions, positions, p=1) <= window
'''),
    # ------------------------------------------------------------------ softmax
    # exp(scores - logsumexp), the logsumexp taken on scores whose all -inf columns are set to 0 (finite for every
    # column; a dead column comes out exp(-inf) = 0 with no NaN in the backward). Checked: battery.py run twice in one
    # process: 0 problems (32 cases: float32/64, batch axes, entries up to about 3e4, partly and fully -inf columns,
    # views, gradients); visible tests pass.
    "blind14_right_softmax_cols_logsumexp_dead_columns_zeroed": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    dead = (scores == float("-inf")).all(dim=-2, keepdim=True)         # columns that are entirely -inf
    lse = torch.logsumexp(scores.masked_fill(dead, 0.0), dim=-2, keepdim=True)   # finite for every column
    return torch.exp(scores - lse)                                      # a dead column: exp(-inf) = 0
'''),
    # ------------------------------------------------------------------ attention
    # Q, K, V promoted to float64, einsum scores and output, cast back to the input dtype. Checked: battery.py run twice
    # in one process: 0 problems (150 cases: float32/64, batch axes, N_q != N_k, N = 1, masks of every kind, views,
    # gradients, the ValueErrors); visible tests pass.
    "blind14_right_sdpa_einsum_float64_inside_cast_back": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must have Q's D_k")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must have K's N_k")
    dtype = Q.dtype
    q, k, v = Q.double(), K.double(), V.double()
    scores = torch.einsum("...dj,...di->...ji", k, q) / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return torch.einsum("...ej,...ji->...ei", v, weights).to(dtype), weights.to(dtype)
'''),
    # ------------------------------------------------------------------ masking
    # torch.where(mask, scores, a 0-d -inf tensor of the scores' dtype). Checked: battery.py run twice in one process: 0
    # problems (30 cases: float32/64, masks with and without batch axes, padding masks, fully masked columns, gradients
    # (0 at hidden entries), the ValueError for a float mask); visible tests pass.
    "blind14_right_apply_mask_where_zero_dim_fill": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    return torch.where(mask, scores, torch.tensor(float("-inf"), dtype=scores.dtype))
'''),
    # ------------------------------------------------------------------ multihead
    # as_strided on a contiguous copy: (..., H, D/H, N) with the head stride D/H rows. Checked: battery.py run twice in
    # one process: 0 problems (48 cases: float32/64, batch axes, H = 1 and H = D, N = 1, views, gradients); visible
    # tests pass.
    "blind14_right_split_heads_as_strided_on_contiguous": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    *batch, dim, n = Y.shape
    y = Y.contiguous()
    strides = y.stride()
    d = dim // num_heads
    return y.as_strided((*batch, num_heads, d, n), (*strides[:-2], d * strides[-2], strides[-2], strides[-1]))
'''),
}
