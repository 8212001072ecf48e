"""Visible checks: ImageGPT's palette ids, the next-pixel sequence and the average-pool head, on cases worked by hand.

Every case here uses small whole numbers, which float32 represents and adds exactly, so ids and sequences are
compared exactly and the head's logits with a tolerance of 1e-6 (its only rounding is the division by N).
"""
import pytest
import torch

from exercises.tests.checks import assert_close, assert_shape

# Three colours in a 2-channel colour space, one column each: black (0, 0), red-ish (4, 0), green-ish (0, 4).
PALETTE = torch.tensor([[0.0, 4.0, 0.0],
                        [0.0, 0.0, 4.0]])


def test_each_pixel_gets_its_nearest_colour(exercise):
    """A 1x3 image of pixels (1, 0), (3, 1), (1, 3): nearest colours 0, 1 and 2."""
    image = torch.tensor([[[1.0, 3.0, 1.0]],
                          [[0.0, 1.0, 3.0]]])                   # (C=2, H=1, W=3)
    ids = exercise.quantize_pixels(image, PALETTE)
    assert_shape(ids, (1, 3), "quantize_pixels of a (2, 1, 3) image", names=("H", "W"))
    assert ids.dtype == torch.long, f"ids should be long (int64), got {ids.dtype}"
    assert ids.tolist() == [[0, 1, 2]], f"expected ids [[0, 1, 2]], got {ids.tolist()}"


def test_distance_runs_over_the_channels(exercise):
    """Pixel (3, 3) is 18 from colour 0, 10 from colour 1 and 10 from colour 2 (squared): a tie between 1 and 2 goes to
    the lower id, 1. Pixel (0, 1) is nearest to black (distance 1)."""
    image = torch.tensor([[[3.0, 0.0]], [[3.0, 1.0]]])           # (2, 1, 2)
    ids = exercise.quantize_pixels(image, PALETTE)
    assert ids.tolist() == [[1, 0]], f"expected [[1, 0]] (the tie goes to the lower id), got {ids.tolist()}"


def test_a_batch_of_images_keeps_its_leading_axis(exercise):
    """Two 2x2 images at once: (2, C, 2, 2) -> (2, 2, 2)."""
    images = torch.zeros(2, 2, 2, 2)
    images[1, 0] = 4.0                                            # the second image is all colour 1
    ids = exercise.quantize_pixels(images, PALETTE)
    assert_shape(ids, (2, 2, 2), "quantize_pixels of a (2, 2, 2, 2) batch", names=("B", "H", "W"))
    assert ids.tolist() == [[[0, 0], [0, 0]], [[1, 1], [1, 1]]], f"got {ids.tolist()}"


def test_dequantize_looks_up_palette_columns(exercise):
    """ids [[2, 0]] -> pixel 0 is column 2 of the palette, pixel 1 is column 0; channels come first: (C, H, W)."""
    images = exercise.dequantize_pixels(torch.tensor([[2, 0]]), PALETTE)
    assert_close(images, [[[0.0, 0.0]], [[4.0, 0.0]]], 0, "dequantize_pixels([[2, 0]])", names=("C", "H", "W"))


def test_palette_colours_survive_the_round_trip(exercise):
    """An image painted in palette colours comes back unchanged from quantize then dequantize."""
    ids = torch.tensor([[0, 1], [2, 1]])
    image = exercise.dequantize_pixels(ids, PALETTE)
    assert exercise.quantize_pixels(image, PALETTE).tolist() == ids.tolist()
    with pytest.raises(ValueError):
        exercise.dequantize_pixels(torch.tensor([[3]]), PALETTE)  # there is no colour 3


def test_pixel_sequence_is_raster_order_shifted_by_one(exercise):
    """A 2x3 image [[1, 2, 3], [4, 5, 6]] with start token 9: targets 1..6 row by row, inputs 9, 1, ..., 5."""
    inputs, targets = exercise.pixel_sequence(torch.tensor([[1, 2, 3], [4, 5, 6]]), 9)
    assert targets.tolist() == [1, 2, 3, 4, 5, 6], f"targets: got {targets.tolist()}, expected row by row"
    assert inputs.tolist() == [9, 1, 2, 3, 4, 5], f"inputs: got {inputs.tolist()}, expected the start token first"


def test_one_pixel_image(exercise):
    """A 1x1 image: the only input is the start token, the only target the pixel."""
    inputs, targets = exercise.pixel_sequence(torch.tensor([[[7]]]), 512)
    assert inputs.tolist() == [[512]] and targets.tolist() == [[7]], f"got {inputs.tolist()}, {targets.tolist()}"


def test_average_pool_head_by_hand(exercise):
    """X has columns (1, 0), (3, 2): mean (2, 1). W = [[1, 1], [1, -1]], b = (0, 10): logits (3, 11)."""
    X = torch.tensor([[1.0, 3.0], [0.0, 2.0]])
    W = torch.tensor([[1.0, 1.0], [1.0, -1.0]])
    assert_close(exercise.average_pool_head(X, W, torch.tensor([0.0, 10.0])), [3.0, 11.0], 1e-6,
                 "average_pool_head with a bias", names=("K",))
    assert_close(exercise.average_pool_head(X, W), [3.0, 1.0], 1e-6, "average_pool_head without a bias (b=None)")


def test_every_column_is_averaged(exercise):
    """Three tokens of a batch of 2: no [CLS] column is skipped, so column 0 counts as much as the others."""
    X = torch.zeros(2, 1, 3)
    X[:, 0, 0] = 3.0                                              # only the first token is non-zero
    logits = exercise.average_pool_head(X, torch.ones(1, 1))
    assert_close(logits, [[1.0], [1.0]], 1e-6, "average_pool_head of a (2, 1, 3) batch", names=("B", "K"))
