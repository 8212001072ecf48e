"""ImageGPT against code nobody here wrote: Hugging Face's ``ImageGPTImageProcessor`` (colour quantisation), its
``ImageGPTModel`` / ``ImageGPTForCausalImageModeling`` / ``ImageGPTForImageClassification`` with the same random
weights, and scipy's k-means for the palette — in float64 (≤ 1e-10) and float32 (relative).

Hugging Face works in rows, (B, N, D); we in columns, (B, D, N): comparisons convert through ``reference.convention``.
"""
from __future__ import annotations

import copy

import pytest
import torch
from peers import max_error, randomized, tolerance
from scipy.cluster.vq import kmeans2
from transformers import (
    ImageGPTConfig,
    ImageGPTForCausalImageModeling,
    ImageGPTForImageClassification,
    ImageGPTImageProcessor,
    ImageGPTImageProcessorPil,
    ImageGPTModel,
)
from transformers.models.imagegpt.image_processing_imagegpt import color_quantize_torch

from reference.convention import to_rows
from reference.imagegpt import (
    average_pool_head,
    dequantize_pixels,
    fit_palette,
    kmeans_plus_plus,
    lloyd,
    pixel_sequence,
    quantize_pixels,
)
from reference.models import ImageGPT
from reference.models.hf import config_from_hf
from reference.sampling import generate

DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
SIDE, COLOURS = 6, 16                       # 6×6 images: 36 pixel tokens; a 16-colour palette + the start token
SMALL_IMAGEGPT = dict(n_embd=16, n_layer=2, n_head=4, n_positions=SIDE * SIDE, vocab_size=COLOURS + 1,
                      resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, pad_token_id=None, bos_token_id=None,
                      eos_token_id=None)


def uint8_images(count: int, seed: int, height: int = SIDE, width: int = SIDE) -> torch.Tensor:
    return torch.randint(0, 256, (count, 3, height, width), generator=torch.Generator().manual_seed(seed),
                         dtype=torch.uint8)


def normalised(images: torch.Tensor, dtype: torch.dtype = torch.float64) -> torch.Tensor:
    """uint8 pixels -> [-1, 1], ImageGPT's colour space (the processor's rescale by 1/255 and normalise by 0.5)."""
    return images.to(dtype) / 127.5 - 1


@pytest.fixture(scope="module")
def palette() -> torch.Tensor:
    """A 16-colour palette (3, 16) fitted by our k-means on random images, in [-1, 1]."""
    return fit_palette(normalised(uint8_images(4, seed=0)), COLOURS, seed=0)


# ------------------------------------------------------------------ colour quantisation

@pytest.mark.parametrize("processor_class", [ImageGPTImageProcessor, ImageGPTImageProcessorPil])
def test_imagegpt_quantize_pixels_equals_hf_image_processor(palette, processor_class):
    """The processor rescales, normalises and quantises each image to (H·W,) ids in raster order; given its own
    normalised pixels, quantize_pixels gives the same ids."""
    images = uint8_images(5, seed=1, height=SIDE, width=4)                     # non-square: 6 rows of 4
    processor = processor_class(clusters=palette.T.float().numpy(), do_resize=False)
    theirs = processor(images=list(images), return_tensors="pt")["input_ids"]  # (B, H·W)
    pixels = processor(images=list(images), do_color_quantize=False, return_tensors="pt")["pixel_values"]
    assert max_error(pixels.double(), normalised(images)) < 1e-6, "the processor's colour space is not [-1, 1]"
    ours = quantize_pixels(pixels.float(), palette.float())
    assert ours.shape == (5, SIDE, 4)
    assert torch.equal(ours.flatten(-2), theirs), "ids differ from the processor's: nearest colour, raster order"


@DTYPES
def test_imagegpt_quantize_pixels_equals_hf_color_quantize(palette, dtype):
    """Hugging Face's ``color_quantize_torch`` (pixels as rows, palette as rows) on the same values."""
    images = normalised(uint8_images(3, seed=2), dtype)
    theirs = color_quantize_torch(images.movedim(1, -1).reshape(-1, 3), palette.T.to(dtype))
    assert torch.equal(quantize_pixels(images, palette.to(dtype)).reshape(-1), theirs)


def test_imagegpt_quantize_picks_the_nearest_colour_and_the_lowest_id_on_ties():
    palette = torch.tensor([[0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 1.0]])     # (C=2, K=4): colour 2 repeats colour 0
    images = torch.tensor([[[0.1, 0.9, 0.5]], [[0.0, 0.1, 0.0]]])             # (2, 1, 3): pixels (0.1, 0), (0.9, 0.1),
    assert quantize_pixels(images, palette).tolist() == [[0, 1, 0]]            # (0.5, 0): a tie between 0, 1 and 2


def test_imagegpt_quantize_then_dequantize_is_the_nearest_colour_and_exact_on_palette_images(palette):
    ids = torch.randint(0, COLOURS, (2, 3, 5, 7), generator=torch.Generator().manual_seed(3))   # batch axes (2, 3)
    images = dequantize_pixels(ids, palette)
    assert images.shape == (2, 3, 3, 5, 7) and images.dtype == palette.dtype
    assert torch.equal(images[1, 2, :, 4, 6], palette[:, ids[1, 2, 4, 6]]), "pixel (h, w) is palette column id[h, w]"
    assert torch.equal(quantize_pixels(images, palette), ids), "an image of palette colours must quantise to its ids"
    noisy = normalised(uint8_images(2, seed=4))
    nearest = dequantize_pixels(quantize_pixels(noisy, palette), palette)
    distance = (noisy - nearest).square().sum(dim=1)                           # (B, H, W)
    every = (noisy[:, :, None] - palette[None, :, :, None, None]).square().sum(dim=1)   # (B, K, H, W)
    assert torch.equal(distance, every.amin(dim=1)), "some pixel is closer to another colour"


def test_imagegpt_quantize_and_dequantize_reject_bad_input(palette):
    with pytest.raises(ValueError, match="palette"):
        quantize_pixels(torch.rand(1, 3, 4, 4), palette[:2])                   # 2 channels in the palette, 3 in images
    with pytest.raises(ValueError, match="images"):
        quantize_pixels(torch.rand(3, 4), palette)                             # no grid
    with pytest.raises(ValueError, match="floating"):
        quantize_pixels(uint8_images(1, seed=5), palette)
    with pytest.raises(ValueError, match="ids"):
        dequantize_pixels(torch.tensor([[0, COLOURS]]), palette)               # id outside [0, K)
    with pytest.raises(ValueError, match="ids"):
        dequantize_pixels(torch.zeros(2, 2), palette)                          # float ids


# ------------------------------------------------------------------ the palette: k-means

@pytest.mark.filterwarnings("ignore:One of the clusters is empty")
def test_imagegpt_lloyd_equals_scipy_kmeans2_from_the_same_start():
    """scipy's ``kmeans2(minit="matrix")`` runs Lloyd's iterations from given centres and, like ours, leaves a centre
    that no point chose where it was."""
    pixels = normalised(uint8_images(2, seed=6, height=16, width=16)).movedim(1, -1).reshape(-1, 3).T   # (3, 512)
    start = torch.cat([pixels[:, :7], torch.full((3, 1), 5.0)], dim=1)        # 8 colours; the last is far: empty
    for iterations in (1, 4, 50):
        ours = lloyd(pixels, start, iterations)
        theirs, _ = kmeans2(pixels.T.numpy(), start.T.numpy(), iter=iterations, minit="matrix", missing="warn")
        assert max_error(ours, torch.from_numpy(theirs).T) <= 1e-10, f"after {iterations} iterations"
    assert torch.equal(ours[:, 7], start[:, 7]), "an empty cluster's colour must stay put"


def test_imagegpt_fit_palette_is_seeded_and_finds_separated_clusters():
    generator = torch.Generator().manual_seed(7)
    centres = torch.tensor([[-0.8, 0.0, 0.8, 0.0], [-0.8, 0.8, 0.8, -0.8], [0.0, 0.5, 0.0, -0.5]])   # (3, 4)
    labels = torch.arange(4).repeat(50)
    pixels = centres[:, labels] + 0.01 * torch.randn(3, 200, generator=generator)
    images = pixels.reshape(3, 10, 20)                                         # one 10×20 image
    palette = fit_palette(images, 4, seed=3)
    assert torch.equal(palette, fit_palette(images, 4, seed=3)), "the same seed must give the same palette"
    assert (palette[:, :, None] - centres[:, None, :]).norm(dim=0).amin(dim=0).max() < 0.01, "a cluster was missed"
    assert palette.dtype == torch.float32 and fit_palette(images.double(), 4).dtype == torch.float64


def test_imagegpt_kmeans_plus_plus_draws_distinct_pixels():
    pixels = normalised(uint8_images(1, seed=8)).reshape(3, -1)               # (3, 36)
    palette = kmeans_plus_plus(pixels, 36, torch.Generator().manual_seed(0))
    assert sorted(map(tuple, palette.T.tolist())) == sorted(map(tuple, pixels.T.tolist())), \
        "k-means++ never draws a pixel that is already a colour while others are left"


def test_imagegpt_fit_palette_rejects_too_few_pixels():
    with pytest.raises(ValueError, match="pixels"):
        fit_palette(torch.rand(3, 4, 4), 512)                                  # 16 pixels for 512 colours


# ------------------------------------------------------------------ the pixel sequence and the average-pool head

def test_imagegpt_pixel_sequence_is_raster_order_shifted_by_the_start_token():
    ids = torch.tensor([[[1, 2, 3], [4, 5, 6]]])                               # (1, 2, 3)
    inputs, targets = pixel_sequence(ids, sos_id=9)
    assert targets.tolist() == [[1, 2, 3, 4, 5, 6]], "targets are the pixels row by row"
    assert inputs.tolist() == [[9, 1, 2, 3, 4, 5]], "inputs are [sos] + targets[:-1]"
    batched, _ = pixel_sequence(torch.zeros(2, 3, 4, 5, dtype=torch.int32), sos_id=16)
    assert batched.shape == (2, 3, 20) and batched.dtype == torch.long
    with pytest.raises(ValueError, match="ids"):
        pixel_sequence(torch.zeros(2, 2), sos_id=16)                           # float ids
    with pytest.raises(ValueError, match="ids"):
        pixel_sequence(torch.zeros(2, 0, 3, dtype=torch.long), sos_id=16)      # no pixel
    assert [t.tolist() for t in pixel_sequence(torch.tensor([[7]]), sos_id=16)] == [[16], [7]]


@DTYPES
def test_imagegpt_average_pool_head_equals_mean_then_linear(dtype):
    generator = torch.Generator().manual_seed(9)
    X = torch.randn(2, 3, 8, 11, generator=generator, dtype=dtype)            # (…, D, N)
    W, b = torch.randn(5, 8, generator=generator, dtype=dtype), torch.randn(5, generator=generator, dtype=dtype)
    theirs = torch.nn.functional.linear(to_rows(X).mean(dim=-2), W, b)
    assert max_error(average_pool_head(X, W, b), theirs) <= tolerance(theirs)
    assert max_error(average_pool_head(X, W), theirs - b) <= tolerance(theirs)
    with pytest.raises(ValueError, match="W"):
        average_pool_head(X, W.T)


# ------------------------------------------------------------------ the model

@pytest.fixture(scope="module")
def causal_peer():
    theirs = randomized(ImageGPTForCausalImageModeling(ImageGPTConfig(**SMALL_IMAGEGPT)), seed=10)
    return ImageGPT.from_hf(theirs.state_dict(), config_from_hf(theirs.config, "small-imagegpt")), theirs


def image_batch(palette: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Two images quantised with the palette, as (inputs, targets) sequences (2, 36)."""
    return pixel_sequence(quantize_pixels(normalised(uint8_images(2, seed=11)), palette), sos_id=COLOURS)


@DTYPES
def test_imagegpt_hidden_states_and_next_pixel_logits_match_hf(causal_peer, palette, dtype):
    ours, theirs = (copy.deepcopy(model).to(dtype) for model in causal_peer)
    inputs, _ = image_batch(palette)
    with torch.no_grad():
        peer = theirs(inputs, output_hidden_states=True)
        hidden = ours(inputs)
        logits = ours.next_pixel_logits(inputs)
    error = max_error(to_rows(hidden), peer.hidden_states[-1])
    assert error <= tolerance(peer.hidden_states[-1]), \
        f"final hidden states differ by {error:.2e}: RMS norms (no centring, no β), quick GELU, pre-norm order"
    assert logits.shape == (2, COLOURS, SIDE * SIDE), "the head scores the palette colours, never the start token"
    error = max_error(to_rows(logits), peer.logits)
    assert error <= tolerance(peer.logits), f"next-pixel logits differ by {error:.2e}: the head is untied"


def test_imagegpt_log_likelihood_of_an_image_equals_hf(causal_peer, palette):
    """log p(image) = Σ_n log p(pixel n | start token, pixels < n): pixel_sequence lines inputs and targets up."""
    ours, theirs = causal_peer
    inputs, targets = image_batch(palette)
    with torch.no_grad():
        peer = torch.log_softmax(theirs(inputs).logits, dim=-1).gather(-1, targets[..., None]).sum()
        mine = torch.log_softmax(ours.next_pixel_logits(inputs), dim=-2).gather(-2, targets[:, None]).sum()
    assert abs(mine.item() - peer.item()) <= 1e-9


def test_imagegpt_greedy_image_equals_hf_generate_from_the_start_token(causal_peer):
    ours, theirs = causal_peer
    start = torch.tensor([COLOURS])
    peer = theirs.generate(start[None], attention_mask=torch.ones(1, 1, dtype=torch.long), do_sample=False,
                           max_length=SIDE * SIDE + 1, pad_token_id=0)[0]
    image = generate(ours.sequence_logits, start, SIDE * SIDE, temperature=0.0)
    assert len(set(peer[1:].tolist())) >= 2, "the peer's greedy image is one colour: too uniform to test anything"
    assert image.tolist() == peer.tolist()
    assert image[1:].max() < COLOURS, "the start token is never generated"


@DTYPES
def test_imagegpt_classifier_matches_hf_image_classification(palette, dtype):
    theirs = randomized(ImageGPTForImageClassification(ImageGPTConfig(**SMALL_IMAGEGPT, num_labels=3)), seed=12)
    ours = ImageGPT.from_hf(theirs.state_dict(), config_from_hf(theirs.config, "small-imagegpt", num_classes=3))
    ours, theirs = ours.to(dtype), theirs.to(dtype)
    inputs, _ = image_batch(palette)
    with torch.no_grad():
        peer = theirs(inputs).logits
        error = max_error(ours.classify(inputs), peer)
    assert error <= tolerance(peer), f"class logits differ by {error:.2e}: mean of the final columns, then score"


def test_imagegpt_loads_an_hf_model_saved_to_a_file(tmp_path, palette):
    from safetensors.torch import load_file

    theirs = randomized(ImageGPTModel(ImageGPTConfig(**SMALL_IMAGEGPT)), seed=13)
    theirs.save_pretrained(tmp_path)
    inputs, _ = image_batch(palette)
    ours = ImageGPT.from_hf(load_file(tmp_path / "model.safetensors"), config_from_hf(theirs.config, "small-imagegpt"))
    with torch.no_grad():
        assert max_error(to_rows(ours.double()(inputs)), theirs(inputs).last_hidden_state) <= 1e-10


def test_imagegpt_loader_and_config_reject_what_the_reference_lacks(causal_peer):
    ours, theirs = causal_peer
    state_dict = theirs.state_dict()
    config = ours.config
    with pytest.raises(ValueError, match="missing"):
        ImageGPT.from_hf({k: v for k, v in state_dict.items() if "h.1.ln_2" not in k}, config)
    with pytest.raises(ValueError, match="unexpected"):
        ImageGPT.from_hf({**state_dict, "transformer.h.0.ln_1.bias": torch.zeros(16)}, config)    # a β we do not have
    with pytest.raises(ValueError, match="scale_attn_by_inverse_layer_idx"):
        config_from_hf(ImageGPTConfig(**SMALL_IMAGEGPT, scale_attn_by_inverse_layer_idx=True), "x")
    with pytest.raises(ValueError, match="max_positions"):
        ours(torch.zeros(1, SIDE * SIDE + 1, dtype=torch.long))
    with pytest.raises(ValueError, match="num_classes"):
        ours.classify(torch.zeros(1, 4, dtype=torch.long))


def test_dequantize_takes_uint8_ids_of_a_palette_larger_than_a_byte():
    """uint8 ids against ImageGPT's 512 colours: the range check compares ints, so the bound 512 does not wrap to 0 in
    uint8 (it did: every id was reported out of range). Found by a held-out probe with the same slip."""
    palette = torch.randn(3, 512)
    ids = torch.tensor([[3, 200], [255, 0]], dtype=torch.uint8)
    assert torch.equal(dequantize_pixels(ids, palette), dequantize_pixels(ids.long(), palette))
