"""Visible checks: patchify and the ViT patch embedding: patch order and flattening order, by hand."""
import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape


def test_two_patches_side_by_side(exercise):
    """A 2x4 image, P=2: the left patch [0, 1, 4, 5], then the right patch [2, 3, 6, 7], as columns."""
    image = torch.arange(8.0).reshape(1, 1, 2, 4)
    expected = [[[0.0, 2.0], [1.0, 3.0], [4.0, 6.0], [5.0, 7.0]]]
    assert_close(exercise.patchify(image, 2), expected, 0, "patchify(2x4 image, P=2)", names=("B", "C*P*P", "N"))


def test_patches_in_row_major_order(exercise):
    """A 4x4 image, P=2: top-left, top-right, bottom-left, bottom-right."""
    image = torch.arange(16.0).reshape(1, 1, 4, 4)
    expected = [[[0.0, 2.0, 8.0, 10.0], [1.0, 3.0, 9.0, 11.0], [4.0, 6.0, 12.0, 14.0], [5.0, 7.0, 13.0, 15.0]]]
    assert_close(exercise.patchify(image, 2), expected, 0, "patchify(4x4 image, P=2)", names=("B", "C*P*P", "N"))


def test_channels_come_first_inside_a_patch(exercise):
    """Two channels, one 2x2 patch: channel 0's four pixels, then channel 1's (like Conv2d's weight)."""
    image = torch.arange(8.0).reshape(1, 2, 2, 2)
    patches = exercise.patchify(image, 2)
    assert_close(patches, torch.arange(8.0).reshape(1, 8, 1), 0, "patchify(2 channels, one patch)")


def test_size_must_be_a_multiple_of_the_patch(exercise):
    """A 3x4 image cannot be cut into 2x2 patches: ValueError."""
    assert_shape(exercise.patchify(torch.zeros(1, 1, 4, 4), 2), (1, 4, 4), "patchify(4x4 image, P=2)")
    with pytest.raises(ValueError):
        exercise.patchify(torch.zeros(1, 1, 3, 4), 2)


def test_patch_embedding_by_hand(exercise):
    """W = I, b = 0: [CLS] is column 0, then the patches, then + positions."""
    image = torch.arange(8.0).reshape(1, 1, 2, 4)
    cls_token = torch.full((4,), 9.0)
    positions = torch.arange(12.0).reshape(4, 3)
    out = exercise.patch_embedding(image, 2, torch.eye(4), torch.zeros(4), cls_token, positions)
    expected = torch.tensor([[[9.0, 0.0, 2.0], [9.0, 1.0, 3.0], [9.0, 4.0, 6.0], [9.0, 5.0, 7.0]]]) + positions
    assert_close(out, expected, 0, "patch_embedding with W = I", names=("B", "D", "N+1"))


def test_patch_embedding_shapes_and_bias(exercise):
    """Images (2, 3, 4, 6), P=2, D=5: (2, 5, 7); with W = 0 every patch column equals b (+ positions 0)."""
    images = torch.randn(2, 3, 4, 6, generator=torch.Generator().manual_seed(0))
    b = torch.arange(5.0)
    out = exercise.patch_embedding(images, 2, torch.zeros(5, 12), b, torch.zeros(5), torch.zeros(5, 7))
    assert_shape(out, (2, 5, 7), "patch_embedding output", names=("B", "D", "N+1"))
    assert_close(out[:, :, 1:], b[None, :, None].expand(2, 5, 6), 0, "patch columns with W = 0 (the bias b)")
    assert_close(out[:, :, 0], torch.zeros(2, 5), 0, "the [CLS] column (cls_token = 0, positions = 0)")
