"""Visible checks: Swin's windows, the shifted-window mask and patch merging, on grids small enough to draw.

Windows and masks only move or compare values, so they are compared exactly. Patch merging is checked with W = I
and gamma = 1, beta = 0 on blocks whose four tokens are a fixed pattern: its tolerance 1e-5 covers the layer norm's
float32 rounding (a few units of 6e-8 relative, times values of order 1).
"""
import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

# A 1-channel 4x4 grid whose token (h, w) holds the number 10 h + w, so a value tells where it came from.
GRID = (10 * torch.arange(4)[:, None] + torch.arange(4)[None, :]).float()[None]     # (C=1, H=4, W=4)


def test_windows_of_a_4x4_grid(exercise):
    """M = 2: four windows, in raster order (top-left, top-right, bottom-left, bottom-right), each listing its
    tokens row by row."""
    windows = exercise.window_partition(GRID, 2)
    assert_shape(windows, (4, 1, 4), "window_partition(4x4 grid, M=2)", names=("nW", "C", "M*M"))
    expected = [[[0, 1, 10, 11]], [[2, 3, 12, 13]], [[20, 21, 30, 31]], [[22, 23, 32, 33]]]
    assert_close(windows, expected, 0, "the windows of the 4x4 grid")


def test_non_square_grid_and_channels(exercise):
    """A (2, 3, 2, 4) batch with M = 2: (2, 2, 3, 4) -- two windows side by side, all 3 channels of a token kept
    together in one column."""
    X = torch.arange(48.0).reshape(2, 3, 2, 4)
    windows = exercise.window_partition(X, 2)
    assert_shape(windows, (2, 2, 3, 4), "window_partition((2, 3, 2, 4), M=2)", names=("B", "nW", "C", "M*M"))
    assert_close(windows[0, 1, 2], [18.0, 19.0, 22.0, 23.0], 0, "channel 2 of the second window of image 0")


def test_window_reverse_undoes_the_partition(exercise):
    """window_reverse(window_partition(X)) is X, for a 6x4 grid and M = 2."""
    X = torch.arange(48.0).reshape(2, 6, 4)
    back = exercise.window_reverse(exercise.window_partition(X, 2), 2, 6, 4)
    assert_close(back, X, 0, "window_reverse(window_partition(X, 2), 2, 6, 4)", names=("C", "H", "W"))


def test_window_must_divide_the_grid(exercise):
    """A 4-wide window tiles a 4x4 grid once; a 3-wide one does not tile it: ValueError."""
    assert_shape(exercise.window_partition(GRID, 4), (1, 1, 16), "window_partition(4x4 grid, M=4)")
    with pytest.raises(ValueError):
        exercise.window_partition(GRID, 3)


def test_mask_of_a_4x4_grid_shifted_by_1(exercise):
    """H = W = 4, M = 2, s = 1. After the roll, rolled row 3 is old row 0 (it wrapped around) and rows 0-2 are old
    rows 1-3. Window 0 (rows 0-1, columns 0-1) wrapped nowhere: all True. In window 3 (rows 2-3, columns 2-3) the
    tokens (2, 2), (2, 3), (3, 2), (3, 3) each sit in their own region, so each sees only itself."""
    mask = exercise.shifted_window_mask(4, 4, 2, 1)
    assert_shape(mask, (4, 4, 4), "shifted_window_mask(4, 4, 2, 1)", names=("nW", "M*M", "M*M"))
    assert mask.dtype == torch.bool, f"the mask should be bool, got {mask.dtype}"
    assert mask[0].all(), "window 0 holds no wrapped token: every pair must be visible"
    assert torch.equal(mask[3], torch.eye(4, dtype=torch.bool)), f"window 3: got\n{mask[3].int()}"
    # Window 1 (rows 0-1, columns 2-3): column 3 wrapped, column 2 did not. Tokens in raster order: (0, 2), (0, 3),
    # (1, 2), (1, 3); visible iff both in column 2 or both in column 3.
    column_3 = torch.tensor([False, True, False, True])
    assert torch.equal(mask[1], column_3[:, None] == column_3[None, :]), f"window 1: got\n{mask[1].int()}"


def test_no_shift_means_no_mask(exercise):
    """shift = 0: nothing wrapped around, every pair inside a window is visible."""
    assert exercise.shifted_window_mask(4, 6, 2, 0).all()


def test_patch_merging_order(exercise):
    """One 2x2 block of a 1-channel grid with tokens 1 (top-left), 2 (top-right), 3 (bottom-left) and
    4 (bottom-right): the merged column is (1, 3, 2, 4) -- top-left, bottom-left, top-right, bottom-right. After the
    layer norm (gamma = 1, beta = 0), W (2, 4) picks its features 1 and 2: the normalised 3 and 2."""
    X = torch.tensor([[[1.0, 2.0], [3.0, 4.0]]])                 # (C=1, 2, 2)
    W = torch.tensor([[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])  # picks features 1 and 2 of the merged column
    out = exercise.patch_merging(X, torch.ones(4), torch.zeros(4), W)
    assert_shape(out, (2, 1, 1), "patch_merging of a (1, 2, 2) grid", names=("2C", "H/2", "W/2"))
    # merged = (1, 3, 2, 4): mean 2.5, biased variance 1.25; (3 - 2.5) / sqrt(1.25 + 1e-5), (2 - 2.5) / ...
    scale = (1.25 + 1e-5) ** -0.5
    assert_close(out[:, 0, 0], [0.5 * scale, -0.5 * scale], 1e-5, "the merged token's features 1 and 2")


def test_patch_merging_halves_the_grid(exercise):
    """(2, 3, 4, 6) -> (2, 6, 2, 3); an odd grid is a ValueError."""
    out = exercise.patch_merging(torch.randn(2, 3, 4, 6), torch.ones(12), torch.zeros(12), torch.randn(6, 12))
    assert_shape(out, (2, 6, 2, 3), "patch_merging((2, 3, 4, 6))", names=("B", "2C", "H/2", "W/2"))
    with pytest.raises(ValueError):
        exercise.patch_merging(torch.randn(3, 3, 4), torch.ones(12), torch.zeros(12), torch.randn(6, 12))
