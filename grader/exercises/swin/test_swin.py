"""Hidden checks: ``window_partition``, ``window_reverse``, ``shifted_window_mask`` and ``patch_merging``.

The window functions and the mask only move or compare values: exact. The invariant checks build a small windowed
attention around the learner's function (the rest from the reference) and perturb one token to see where its
influence arrives; the attention there is the suite's own float64 code, and an output counts as changed when it
moves by more than 1e-9 (a perturbation of size 1 moves an influenced output by far more, and an untouched one not
at all).

``patch_merging`` tolerance (u = 2^-24): the layer norm over the 4C features of a merged token errs by
(8C + 8)·u·c·max|γ| + u·max|β| with c = max over tokens of (|mean| + σ) / sqrt(σ² + eps) (as in the
transformer-layer suite); the product with W (length 4C) carries that through max_row Σ|W| and adds
4C·u·max_row Σ|W|·max|normalised|. Four times the sum.
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.diagnose import U32
from grader.judge import EXACT, Judge, Tolerance, generator, norm_params, randn
from reference.swin import cyclic_shift, window_partition, window_reverse

# (leading axes, C, H, W, M): unbatched, one and two leading axes, H != W, one window (M = H = W), M = 1, C = 1,
# Swin's 7x7 windows
GRID_CASES = [((), 3, 4, 6, 2), ((2,), 1, 6, 9, 3), ((2, 3), 2, 4, 4, 4), ((), 5, 3, 3, 1), ((1,), 4, 14, 7, 7),
              ((2,), 2, 8, 12, 4), ((), 2, 2, 6, 2)]


# ------------------------------------------------------------------------------------------------ window_partition

@pytest.mark.grades("window_partition", weight=2)
def test_window_partition_random_grids(learner):
    """Random grids of many shapes (H != W, one window, M = 1, 7x7 windows, one and two leading axes), float32 and
    float64, and one 8x8 grid cut by windows of 2, 4, 8, 1 and 2 again: the windows (..., nW, C, M*M), in raster
    order over the grid of windows and inside each window."""
    gen = generator(1401)
    with Judge(learner, "swin") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, C, H, W, M in GRID_CASES:
                judge.expect("window_partition", randn(gen, *batch, C, H, W, dtype=dtype), M, tol=EXACT)
        grid = randn(gen, 3, 8, 8)
        for M in (2, 4, 8, 1, 2):   # one grid cut by every window size in turn: nothing kept from the last size
            judge.expect("window_partition", grid, M, tol=EXACT)


@pytest.mark.grades("window_partition")
def test_window_partition_order(learner):
    """A grid whose token (h, w) holds 100 c + 10 h + w in channel c: window k must cover rows (k // (W/M))·M ... and
    columns (k % (W/M))·M ..., its tokens listed row by row, each token's C values kept together."""
    with Judge(learner, "swin") as judge:
        for C, H, W, M in ((2, 4, 6, 2), (1, 6, 3, 3)):
            c, h, w = torch.meshgrid(torch.arange(C), torch.arange(H), torch.arange(W), indexing="ij")
            judge.expect("window_partition", (100 * c + 10 * h + w).double(), M, tol=EXACT)


def windowed_attention(windows: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
    """Single-head self-attention inside each window, (..., nW, C, T) -> (..., nW, C, T), in float64: queries, keys
    and values are the tokens themselves; ``mask`` (nW, T keys, T queries), True = visible."""
    X = windows.double()
    scores = X.transpose(-2, -1) @ X / X.shape[-2] ** 0.5                   # (..., nW, keys, queries)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return X @ torch.softmax(scores, dim=-2)


def changed_positions(before: torch.Tensor, after: torch.Tensor) -> torch.Tensor:
    """(H, W) bool: grid positions whose output column moved (see the module docstring)."""
    return ((after - before).abs() > 1e-9).flatten(0, -3).any(dim=0)


def block_of(h: int, w: int, H: int, W: int, M: int) -> torch.Tensor:
    """(H, W) bool: the M x M window that holds (h, w)."""
    rows, columns = torch.arange(H)[:, None] // M, torch.arange(W)[None, :] // M
    return (rows == h // M) & (columns == w // M)


@pytest.mark.grades("window_partition")
def test_a_token_attends_only_within_its_window(learner):
    """Windowed attention built on the learner's window_partition (and the reference's window_reverse): perturbing
    one token changes outputs inside its own M x M window and nowhere else."""
    gen = generator(1402)
    with Judge(learner, "swin") as judge:
        for batch, C, H, W, M in (((), 3, 6, 4, 2), ((2,), 2, 6, 9, 3), ((), 2, 8, 8, 4)):
            X = randn(gen, *batch, C, H, W, dtype=torch.float64)
            h, w = int(torch.randint(H, (), generator=gen)), int(torch.randint(W, (), generator=gen))
            Y = X.clone()
            Y[..., :, h, w] += 1.0
            outputs = []
            for grid in (X, Y):
                windows = judge.expect("window_partition", grid, M, tol=EXACT)
                if not judge.last_has_expected_form():
                    break
                outputs.append(window_reverse(windowed_attention(windows), M, H, W))
            if len(outputs) == 2:
                judge.require(torch.equal(changed_positions(*outputs), block_of(h, w, H, W, M)),
                              f"with your windows, perturbing token ({h}, {w}) of a {H}x{W} grid changed outputs "
                              f"outside its {M}x{M} window (or none inside it): a window must hold exactly the "
                              "tokens of one M x M block")


@pytest.mark.grades("window_partition")
def test_window_partition_rejects_windows_that_do_not_tile(learner):
    """ValueError when M does not divide H, does not divide W (with H fine), divides neither, is larger than the grid,
    or is below 1: 0, and negative windows that divide both sides (4 % -2 == 0, so a divisibility test alone lets
    them through)."""
    gen = generator(1403)
    with Judge(learner, "swin") as judge:
        judge.expect("window_partition", randn(gen, 2, 6, 4), 2, tol=EXACT)
        judge.expect_value_error("window_partition", randn(gen, 2, 6, 4), 3, argument="window (3 does not divide W=4)")
        judge.expect_value_error("window_partition", randn(gen, 2, 5, 4), 2, argument="window (2 does not divide H=5)")
        judge.expect_value_error("window_partition", randn(gen, 2, 5, 7), 2,
                                 argument="window (2 divides neither H=5 nor W=7)")
        judge.expect_value_error("window_partition", randn(gen, 1, 2, 4, 4), 8, argument="window (8 > the 4x4 grid)")
        judge.expect_value_error("window_partition", randn(gen, 2, 4, 4), 0, argument="window (0)")
        judge.expect_value_error("window_partition", randn(gen, 2, 4, 4), -2, argument="window (-2)")
        judge.expect_value_error("window_partition", randn(gen, 2, 3, 6), -1, argument="window (-1)")


@pytest.mark.grades("window_partition")
def test_window_partition_gradients(learner):
    """Autograd through window_partition routes each window entry's gradient back to its token (float64)."""
    gen = generator(1404)
    with Judge(learner, "swin") as judge:
        judge.expect_grad("window_partition", (randn(gen, 2, 3, 4, 6, dtype=torch.float64), 2), {}, [0], tol=EXACT,
                          seed=21)


# -------------------------------------------------------------------------------------------------- window_reverse

@pytest.mark.grades("window_reverse", weight=2)
def test_window_reverse_random_windows(learner):
    """Random windows (..., nW, C, M*M) of many grids (H != W, one window, M = 1, leading axes), float32 and float64:
    the grid (..., C, H, W) they tile; and one 8x8 grid from windows of 2, 4, 8, 1 and 2 again."""
    gen = generator(1405)
    with Judge(learner, "swin") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, C, H, W, M in GRID_CASES:
                windows = randn(gen, *batch, (H // M) * (W // M), C, M * M, dtype=dtype)
                judge.expect("window_reverse", windows, M, H, W, tol=EXACT)
        for M in (2, 4, 8, 1, 2):   # one grid cut by every window size in turn: nothing kept from the last size
            judge.expect("window_reverse", randn(gen, (8 // M) ** 2, 3, M * M), M, 8, 8, tol=EXACT)


@pytest.mark.grades("window_reverse")
def test_window_reverse_undoes_the_partition(learner):
    """window_reverse(window_partition(X, M), M, H, W) == X on random grids (the partition is the reference's), and
    windowed attention built on the learner's window_reverse only moves a perturbation inside its window."""
    gen = generator(1406)
    with Judge(learner, "swin") as judge:
        for batch, C, H, W, M in GRID_CASES[:5]:
            X = randn(gen, *batch, C, H, W, dtype=torch.float64)
            back = judge.call("window_reverse", window_partition(X, M).contiguous(), M, H, W, tol=EXACT)
            if judge.last_has_expected_form():
                judge.require(torch.equal(back, X), "window_reverse(window_partition(X)) is not X: the windows must "
                              "go back to the blocks they came from, in the same token order")
        X = randn(gen, 2, 6, 9, dtype=torch.float64)
        Y = X.clone()
        Y[:, 4, 7] += 1.0
        outputs = [judge.call("window_reverse", windowed_attention(window_partition(grid, 3)), 3, 6, 9, tol=EXACT)
                   for grid in (X, Y)]
        if judge.last_has_expected_form():
            judge.require(torch.equal(changed_positions(*outputs), block_of(4, 7, 6, 9, 3)),
                          "with your window_reverse, a perturbation of token (4, 7) reached outputs outside its window")


@pytest.mark.grades("window_reverse")
def test_window_reverse_rejects_mismatched_windows(learner):
    """ValueError when M does not divide the height, the width or both (also where (H/M)·⌊W/M⌋ is the number of
    windows given), and when the number of windows is not (H/M)(W/M), also when the windows hold as many tokens in all
    as the grid."""
    gen = generator(1407)
    with Judge(learner, "swin") as judge:
        judge.expect("window_reverse", randn(gen, 6, 2, 4), 2, 4, 6, tol=EXACT)
        judge.expect_value_error("window_reverse", randn(gen, 6, 2, 4), 2, 5, 6, argument="height (5, M=2)")
        judge.expect_value_error("window_reverse", randn(gen, 6, 2, 9), 3, 6, 8, argument="width (8, M=3)")
        judge.expect_value_error("window_reverse", randn(gen, 6, 2, 4), 2, 5, 7,
                                 argument="height and width (5 x 7, M=2)")
        judge.expect_value_error("window_reverse", randn(gen, 1, 2, 16), 4, 4, 6,   # one window either way
                                 argument="width (6, M=4)")
        judge.expect_value_error("window_reverse", randn(gen, 5, 2, 4), 2, 4, 6,
                                 argument="windows (5 windows for a 4x6 grid of 2x2 windows)")
        # the right number of tokens in all (2 x 8 = 4 x 4), in 2 windows where a 4x4 grid has 4
        judge.expect_value_error("window_reverse", randn(gen, 2, 1, 8), 2, 4, 4,
                                 argument="windows (2 windows of 8 tokens for a 4x4 grid of 2x2 windows)")
        judge.expect_value_error("window_reverse", randn(gen, 1, 3, 4), 2, 2, 4,
                                 argument="windows (1 window for a 2x4 grid of 2x2 windows)")
        # M*M divides H*W (16 = 2 x 8) but M = 4 divides neither side
        judge.expect_value_error("window_reverse", randn(gen, 1, 1, 16), 4, 2, 8, argument="height (2, M=4)")


@pytest.mark.grades("window_reverse")
def test_window_reverse_gradients(learner):
    """Autograd through window_reverse routes each token's gradient back to its window entry (float64)."""
    gen = generator(1408)
    with Judge(learner, "swin") as judge:
        judge.expect_grad("window_reverse", (randn(gen, 2, 6, 3, 4, dtype=torch.float64), 2, 4, 6), {}, [0],
                          tol=EXACT, seed=22)


# --------------------------------------------------------------------------------------------- shifted_window_mask

# (H, W, M, shift): Swin's shift M // 2, other shifts, shift 0, H != W, one window (H = W = M), one row of windows,
# M = 1, Swin's 7x7 windows on a 14x28 grid
MASK_CASES = [(4, 4, 2, 1), (6, 9, 3, 1), (8, 12, 4, 2), (8, 8, 4, 3), (6, 6, 3, 0), (4, 4, 4, 2), (3, 9, 3, 2),
              (5, 5, 1, 0), (14, 28, 7, 3), (12, 8, 4, 1)]


def neighbours_before_the_roll(height: int, width: int, window: int, shift: int) -> torch.Tensor:
    """(nW, T, T): True iff, in a window of the rolled grid, the offset between key j and query i is the same as
    their offset in the grid before the roll (along both axes): the roll did not carry one of them around the edge
    away from the other. An independent statement of the contract's mask."""
    rows, columns = torch.meshgrid(torch.arange(height), torch.arange(width), indexing="ij")
    rolled = torch.stack([rows, columns]).double()                                  # (2, H, W): rolled positions
    original = torch.stack([(rows + shift) % height, (columns + shift) % width]).double()
    rolled_w, original_w = window_partition(rolled, window), window_partition(original, window)   # (nW, 2, T)
    rolled_offset = rolled_w[:, :, :, None] - rolled_w[:, :, None, :]              # (nW, 2, keys, queries)
    original_offset = original_w[:, :, :, None] - original_w[:, :, None, :]
    return (rolled_offset == original_offset).all(dim=1)


@pytest.mark.grades("shifted_window_mask", weight=2)
def test_shifted_window_mask_random_grids(learner):
    """Many grids, windows and shifts (Swin's M // 2, other shifts, shift 0, H != W, one window, M = 1, 7x7 windows,
    a side of 260, past what a byte counts): the boolean mask (nW, M*M, M*M) of the reference, [window, key, query]."""
    gen = generator(1409)
    with Judge(learner, "swin") as judge:
        for H, W, M, shift in (*MASK_CASES, (260, 4, 4, 2)):
            judge.expect("shifted_window_mask", H, W, M, shift, tol=EXACT)
        for _ in range(4):
            M = int(torch.randint(2, 6, (), generator=gen))
            H, W = (M * int(v) for v in torch.randint(1, 4, (2,), generator=gen))
            judge.expect("shifted_window_mask", H, W, M, int(torch.randint(1, M, (), generator=gen)), tol=EXACT)


@pytest.mark.grades("shifted_window_mask", weight=2)
def test_mask_blocks_exactly_the_pairs_that_were_not_neighbours(learner):
    """After the roll up and left, a key and a query of one window may attend iff the roll did not separate them:
    their offset in the rolled window equals their offset in the original grid. The mask is also symmetric and True
    on its diagonal (a token always sees itself)."""
    with Judge(learner, "swin") as judge:
        for H, W, M, shift in MASK_CASES[:4] + MASK_CASES[5:7] + MASK_CASES[8:]:
            mask = judge.call("shifted_window_mask", H, W, M, shift, tol=EXACT)
            if not judge.last_has_expected_form():
                continue
            expected = neighbours_before_the_roll(H, W, M, shift)
            judge.require(torch.equal(mask, expected), f"shifted_window_mask({H}, {W}, {M}, {shift}) allows "
                          f"{int((mask & ~expected).sum())} pairs that the roll separated and blocks "
                          f"{int((~mask & expected).sum())} pairs that were neighbours")
            judge.require(torch.equal(mask, mask.transpose(-2, -1)), "the mask is not symmetric: if j may see i, "
                          "i may see j")
            judge.require(bool(mask.diagonal(dim1=-2, dim2=-1).all()), "a token must always see itself")


@pytest.mark.grades("shifted_window_mask")
def test_shift_zero_and_windows_away_from_the_edges(learner):
    """shift = 0 gives an all-True mask (equal to plain windows); with a shift, only windows in the last row or
    column of windows mix wrapped tokens, so every other window is all True."""
    with Judge(learner, "swin") as judge:
        for H, W, M in ((6, 9, 3), (4, 8, 2), (7, 7, 7)):
            mask = judge.call("shifted_window_mask", H, W, M, 0, tol=EXACT)
            if judge.last_has_expected_form():
                judge.require(bool(mask.all()), f"with shift 0 nothing wraps around, so every pair of a window is "
                              f"visible; shifted_window_mask({H}, {W}, {M}, 0) blocks some")
        for H, W, M, shift in ((9, 12, 3, 1), (8, 8, 4, 2)):
            mask = judge.call("shifted_window_mask", H, W, M, shift, tol=EXACT)
            if judge.last_has_expected_form():
                grid_rows, grid_columns = torch.meshgrid(torch.arange(H // M), torch.arange(W // M), indexing="ij")
                inner = ((grid_rows < H // M - 1) & (grid_columns < W // M - 1)).flatten()
                judge.require(bool(mask[inner].all()), f"shifted_window_mask({H}, {W}, {M}, {shift}) blocks pairs in "
                              "a window that holds no wrapped token (not in the last row or column of windows)")


@pytest.mark.grades("shifted_window_mask")
def test_shifted_attention_keeps_tokens_apart(learner):
    """Shifted-window attention (roll up and left, windows, the learner's mask, back, roll back): perturbing one
    token changes exactly the outputs of the tokens that share its rolled window and were its neighbours before the
    roll, never one across the seam where the roll wrapped the grid around."""
    gen = generator(1410)
    with Judge(learner, "swin") as judge:
        for H, W, M, shift in ((6, 6, 3, 1), (8, 4, 4, 2), (6, 9, 3, 2)):
            mask = judge.call("shifted_window_mask", H, W, M, shift, tol=EXACT)
            if not judge.last_has_expected_form():
                continue
            X = randn(gen, 2, H, W, dtype=torch.float64)
            # The bottom-right token of the original grid: its rolled window also holds tokens from the other side.
            h, w = H - 1, W - 1
            Y = X.clone()
            Y[:, h, w] += 1.0

            def attend(grid):
                windows = window_partition(cyclic_shift(grid, shift), M)
                return cyclic_shift(window_reverse(windowed_attention(windows, mask), M, H, W), -shift)

            rolled_h, rolled_w = (h - shift) % H, (w - shift) % W
            allowed = torch.zeros(H, W, dtype=torch.bool)
            partners = neighbours_before_the_roll(H, W, M, shift)
            window = (rolled_h // M) * (W // M) + rolled_w // M
            token = (rolled_h % M) * M + rolled_w % M
            for other in range(M * M):
                if partners[window, other, token]:
                    r = (rolled_h // M) * M + other // M
                    c = (rolled_w // M) * M + other % M
                    allowed[(r + shift) % H, (c + shift) % W] = True
            judge.require(torch.equal(changed_positions(attend(X), attend(Y)), allowed),
                          f"with your mask, shifted-window attention on a {H}x{W} grid (M={M}, shift={shift}) let "
                          f"token ({h}, {w}) reach outputs it was not a neighbour of, or not reach its neighbours")


@pytest.mark.grades("shifted_window_mask")
def test_shifted_window_mask_rejects_invalid_sizes(learner):
    """ValueError when the shift is not in [0, M) (equal to M, or negative) and when M does not divide the grid (one
    side, or both)."""
    with Judge(learner, "swin") as judge:
        judge.expect("shifted_window_mask", 4, 6, 2, 1, tol=EXACT)
        judge.expect_value_error("shifted_window_mask", 4, 6, 2, 2, argument="shift (2 = M)")
        judge.expect_value_error("shifted_window_mask", 4, 6, 2, -1, argument="shift (negative)")
        judge.expect_value_error("shifted_window_mask", 4, 6, 4, 2, argument="window (4 does not divide W=6)")
        judge.expect_value_error("shifted_window_mask", 5, 6, 2, 1, argument="window (2 does not divide H=5)")
        judge.expect_value_error("shifted_window_mask", 5, 7, 2, 1, argument="window (2 divides neither H=5 nor W=7)")


# --------------------------------------------------------------------------------------------------- patch_merging

def merging_inputs(gen, batch, C, H, W, dtype=torch.float32):
    gamma, beta = norm_params(gen, 4 * C, dtype)
    return randn(gen, *batch, C, H, W, dtype=dtype), gamma, beta, randn(gen, 2 * C, 4 * C, dtype=dtype,
                                                                      scale=(4 * C) ** -0.5)


def merging_tol(X, gamma, beta, W, eps: float = 1e-5) -> Tolerance:
    blocks = [X.double()[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]
    merged = torch.cat(blocks, dim=-3).flatten(-2)                              # (..., 4C, N/4)
    mean, var = merged.mean(dim=-2), merged.var(dim=-2, unbiased=False)
    c = float(((mean.abs() + var.sqrt()) / (var + eps).sqrt()).max())
    norm_error = (2 * merged.shape[-2] + 8) * U32 * c * float(gamma.abs().max()) + U32 * float(beta.abs().max())
    normalised = (merged - mean[..., None, :]) / (var[..., None, :] + eps).sqrt() * gamma.double()[:, None] \
        + beta.double()[:, None]
    row_sum = float(W.double().abs().sum(dim=1).max())
    bound = row_sum * norm_error + merged.shape[-2] * U32 * row_sum * float(normalised.abs().max())
    return Tolerance(rtol=4 * bound, atol=4 * bound)


# (leading axes, C, H, W): one block, H != W, C = 1, one and two leading axes, Swin's 56x56 -> 28x28 in miniature
MERGE_CASES = [((), 1, 2, 2), ((), 3, 4, 6), ((2,), 2, 6, 4), ((2, 3), 1, 2, 8), ((1,), 4, 8, 8), ((), 5, 10, 2)]


@pytest.mark.grades("patch_merging", weight=2)
def test_patch_merging_random_grids(learner):
    """Random grids (one 2x2 block, H != W, C = 1 to 5, leading axes), float32 and float64: each 2x2 block stacked
    top-left, bottom-left, top-right, bottom-right (4C), layer-normalised, times W: (..., 2C, H/2, W/2)."""
    gen = generator(1411)
    with Judge(learner, "swin") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, C, H, W in MERGE_CASES:
                args = merging_inputs(gen, batch, C, H, W, dtype)
                judge.expect("patch_merging", *args, tol=merging_tol(*args))
        args = merging_inputs(gen, (2,), 3, 4, 4)
        judge.expect("patch_merging", *args, eps=0.1, tol=merging_tol(*args, eps=0.1))


@pytest.mark.grades("patch_merging")
def test_patch_merging_is_local(learner):
    """Changing one token changes only the merged token of its own 2x2 block."""
    gen = generator(1412)
    with Judge(learner, "swin") as judge:
        for batch, C, H, W in MERGE_CASES[1:5]:
            X, gamma, beta, Wm = merging_inputs(gen, batch, C, H, W)
            h, w = int(torch.randint(H, (), generator=gen)), int(torch.randint(W, (), generator=gen))
            Y = X.clone()
            Y[..., :, h, w] += 2.0
            tol = merging_tol(X, gamma, beta, Wm)
            before = judge.expect("patch_merging", X, gamma, beta, Wm, tol=tol)
            if not judge.last_has_expected_form():
                continue
            after = judge.call("patch_merging", Y, gamma, beta, Wm, tol=merging_tol(Y, gamma, beta, Wm))
            if not judge.last_has_expected_form():
                continue
            moved = ((after.double() - before.double()).abs() > 1e-4).flatten(0, -3).any(dim=0)   # (H/2, W/2)
            block = torch.zeros(H // 2, W // 2, dtype=torch.bool)
            block[h // 2, w // 2] = True
            judge.require(torch.equal(moved, block), f"changing token ({h}, {w}) changed merged tokens other than "
                          f"({h // 2}, {w // 2}): a merged token must be built from its own 2x2 block only")


@pytest.mark.grades("patch_merging")
def test_patch_merging_gradients(learner):
    """Autograd through patch_merging gives the reference's gradients for X, gamma, beta and W (float64)."""
    gen = generator(1413)
    with Judge(learner, "swin") as judge:
        args = merging_inputs(gen, (2,), 2, 4, 6, torch.float64)
        judge.expect_grad("patch_merging", args, {}, [0, 1, 2, 3], tol=merging_tol(*args).scaled(8.0), seed=23)


@pytest.mark.grades("patch_merging")
def test_patch_merging_rejects_invalid_inputs(learner):
    """ValueError for an odd height, an odd width, both odd, and gamma or W of the wrong shape (W's rows too)."""
    gen = generator(1414)
    with Judge(learner, "swin") as judge:
        X, gamma, beta, W = merging_inputs(gen, (), 2, 4, 4)
        judge.expect("patch_merging", X, gamma, beta, W, tol=merging_tol(X, gamma, beta, W))
        judge.expect_value_error("patch_merging", randn(gen, 2, 3, 4), gamma, beta, W, argument="X (H = 3 is odd)")
        judge.expect_value_error("patch_merging", randn(gen, 2, 4, 5), gamma, beta, W, argument="X (W = 5 is odd)")
        judge.expect_value_error("patch_merging", randn(gen, 2, 3, 5), gamma, beta, W,   # a test for either side odd
                                 argument="X (H = 3 and W = 5 both odd)")            # by h ^ w lets this through
        judge.expect_value_error("patch_merging", X, gamma[:4], beta, W, argument="gamma (4 entries for 4C = 8)")
        judge.expect_value_error("patch_merging", X, gamma, beta, W.T, argument="W (8, 4) instead of (4, 8)")
        judge.expect_value_error("patch_merging", X, gamma, beta, randn(gen, 6, 8), argument="W (6, 8): 2C = 4 rows")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def merging_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """A grid of 2·n_q by 4 tokens (one block of 2x2 when n_q = 1)."""
    X, gamma, beta, W = merging_inputs(gen, case.batch, 3, 2 * case.n_q, 4, case.dtype)
    if case.extra.get("constant_columns"):                  # a flat 2x2 block: its merged token has zero variance
        X = X.clone()
        X[..., :, :2, :2] = 0.5
        X[..., :, -2:, -2:] = 0.0                           # and a block of zeros (no scale to divide by)
    return (X * case.scale, gamma, beta, W), {}


def partition_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """A (..., 3, 4, 6) grid in windows of 2 x 2."""
    return (randn(gen, *case.batch, 3, 4, 6, dtype=case.dtype), 2), {}


def reverse_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """The six 2 x 2 windows (..., 6, 3, 4) of a 4 x 6 grid of 3 channels."""
    return (randn(gen, *case.batch, 6, 3, 4, dtype=case.dtype), 2, 4, 6), {}


# window_partition and window_reverse only move entries: exact, and with the general clauses only (docs/contract.md)
def window_mask_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    window = int(torch.randint(2, 4, (), generator=gen))
    rows, columns = (int(torch.randint(1, 4, (), generator=gen)) for _ in range(2))
    return (rows * window, columns * window, window, int(torch.randint(0, window, (), generator=gen))), {}


SPECS = {"shifted_window_mask": Spec(window_mask_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "patch_merging": Spec(merging_clause_inputs, lambda args, kwargs: merging_tol(*args),
                               ("batching", "single_token", "float64", "large_magnitudes", "constant_columns")),
         "window_partition": Spec(partition_clause_inputs, lambda args, kwargs: EXACT, ()),
         "window_reverse": Spec(reverse_clause_inputs, lambda args, kwargs: EXACT, ())}
globals().update(clause_checks("swin", SPECS))
