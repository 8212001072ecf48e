"""Swin against Hugging Face's ``modeling_swin`` (code nobody here wrote): its ``window_partition`` and
``window_reverse``, ``SwinLayer.get_attn_mask``, ``SwinRelativePositionBias``, ``SwinAttention``, ``SwinPatchMerging``,
``SwinLayer``, and ``SwinModel`` / ``SwinForImageClassification`` stage by stage, with the same random weights — in
float64 (≤ 1e-10) and float32 (relative) — plus the invariants a shifted window must keep.

Hugging Face holds grids channels-last (B, H, W, C) and windows as (B·nW, M, M, C); ours are (B, C, H, W) and
(B, nW, C, M·M): comparisons convert through ``reference.convention``. Its float64 runs use the "sdpa" attention
(its "eager" one computes the softmax in float32 whatever the input).
"""
from __future__ import annotations

import copy

import pytest
import torch
from peers import TOL, max_error, randomized, tolerance
from transformers import SwinConfig, SwinForImageClassification, SwinModel
from transformers.models.swin import modeling_swin

from reference.convention import (
    additive_rows_mask,
    grid_to_columns,
    grid_to_rows,
    to_rows,
    windows_to_rows,
)
from reference.models import SwinTransformer
from reference.models.hf import config_from_hf
from reference.multihead import multi_head_attention
from reference.swin import (
    attention_cost,
    cyclic_shift,
    patch_merging,
    relative_position_bias,
    relative_position_index,
    shifted_window_mask,
    window_attention,
    window_partition,
    window_reverse,
)

DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
GRIDS = [(8, 8, 4, 2), (12, 8, 4, 2), (12, 8, 4, 1), (6, 9, 3, 1), (4, 4, 4, 2), (14, 7, 7, 3)]  # H, W, M, shift
SMALL_SWIN = dict(image_size=32, patch_size=2, num_channels=3, embed_dim=8, depths=[2, 2, 3], num_heads=[2, 2, 4],
                  window_size=4, drop_path_rate=0.0, attn_implementation="sdpa")


def attention_params(C: int, seed: int, dtype: torch.dtype = torch.float64) -> dict[str, torch.Tensor]:
    generator = torch.Generator().manual_seed(seed)
    return {key: 0.5 * torch.randn((C, C) if key.startswith("W") else (C,), generator=generator, dtype=dtype)
            for key in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}


# ------------------------------------------------------------------ windows

@pytest.mark.parametrize("height, width, window, shift", GRIDS)
def test_swin_window_partition_and_reverse_equal_hf(height, width, window, shift):
    X = torch.randn(2, 5, height, width, dtype=torch.float64)
    windows = window_partition(X, window)
    num_windows = (height // window) * (width // window)
    assert windows.shape == (2, num_windows, 5, window * window)
    theirs = modeling_swin.window_partition(grid_to_rows(X), window)            # (B·nW, M, M, C)
    assert torch.equal(windows_to_rows(windows, window), theirs), "window order or token order within a window"
    back = modeling_swin.window_reverse(theirs, window, height, width)          # (B, H, W, C)
    assert torch.equal(window_reverse(windows, window, height, width), grid_to_columns(back))
    assert torch.equal(window_reverse(windows, window, height, width), X), "window_reverse must undo the partition"


def test_swin_windows_keep_leading_axes_dtypes_and_one_window():
    X = torch.randn(3, 2, 4, 6, 6, dtype=torch.float32)                         # leading axes (3, 2)
    windows = window_partition(X, 3)
    assert windows.shape == (3, 2, 4, 4, 9) and windows.dtype == torch.float32
    assert torch.equal(windows[1, 0, 3, :, 4], X[1, 0, :, 4, 4]), "window 3 is the bottom-right one; token 4 its centre"
    one = window_partition(X, 6)
    assert one.shape == (3, 2, 1, 4, 36) and torch.equal(one[..., 0, :, :], X.flatten(-2)), \
        "a single window is the whole grid in raster order"
    gamma, beta, W = torch.randn(16), torch.randn(16), torch.randn(8, 16)
    merged = patch_merging(X, gamma, beta, W)
    assert merged.shape == (3, 2, 8, 3, 3) and merged.dtype == torch.float32
    assert torch.allclose(merged[2, 1], patch_merging(X[2, 1], gamma, beta, W))
    params = {key: value.float() for key, value in attention_params(4, seed=13).items()}
    table = torch.randn(2, 25)
    attended = window_attention(X, params, 2, 3, 1, table)
    assert attended.shape == X.shape and attended.dtype == torch.float32
    assert torch.allclose(attended[1, 0], window_attention(X[1, 0], params, 2, 3, 1, table), atol=1e-6)


@pytest.mark.parametrize("call", [
    lambda: window_partition(torch.randn(1, 2, 6, 8), 4),                       # 4 does not divide 6
    lambda: window_partition(torch.randn(1, 2, 8, 6), 4),
    lambda: window_reverse(torch.randn(1, 4, 2, 16), 4, 8, 6),
    lambda: window_reverse(torch.randn(1, 3, 2, 16), 4, 8, 8),                  # 3 windows cannot tile 8×8
    lambda: shifted_window_mask(8, 10, 4, 2),
    lambda: window_partition(torch.randn(2, 8, 8), 0),
])
def test_swin_a_window_that_does_not_tile_the_grid_raises_value_error(call):
    with pytest.raises(ValueError, match="window"):
        call()


# ------------------------------------------------------------------ the shifted-window mask

@pytest.mark.parametrize("height, width, window, shift", GRIDS)
def test_swin_shifted_window_mask_equals_hf_attention_mask(height, width, window, shift):
    layer = modeling_swin.SwinLayer(SwinConfig(window_size=window), dim=4, input_resolution=(height, width),
                                    num_heads=1, shift_size=shift)
    theirs = layer.get_attn_mask(height, width, torch.float64, "cpu")          # (nW, N_q, N_k), 0 or -100
    ours = shifted_window_mask(height, width, window, shift)
    assert ours.dtype == torch.bool and ours.shape == (theirs.shape[0], window ** 2, window ** 2)
    assert torch.equal(additive_rows_mask(ours, dtype=torch.float64), theirs)


@pytest.mark.parametrize("height, width, window, shift", GRIDS)
def test_swin_mask_blocks_exactly_the_pairs_the_roll_brought_together(height, width, window, shift):
    """In the rolled grid, token (h, w) came from ((h + s) mod H, (w + s) mod W). Two tokens of one window may
    attend to each other iff the roll kept their offset: both or neither wrapped around, in rows and in columns."""
    mask = shifted_window_mask(height, width, window, shift)
    rows = torch.arange(height)[:, None].expand(height, width)
    columns = torch.arange(width)[None, :].expand(height, width)
    wrapped = torch.stack([rows + shift >= height, columns + shift >= width])   # (2, H, W) in rolled coordinates
    wrapped = window_partition(wrapped[None].long(), window)[0]                 # (nW, 2, M·M)
    expected = (wrapped[:, :, :, None] == wrapped[:, :, None, :]).all(dim=1)    # (nW, keys, queries)
    assert torch.equal(mask, expected)
    assert mask.diagonal(dim1=-2, dim2=-1).all(), "a token always sees itself"
    assert torch.equal(mask, mask.transpose(-2, -1)), "visibility is symmetric"


def test_swin_shift_zero_mask_is_all_visible_and_bad_shifts_raise():
    assert shifted_window_mask(8, 12, 4, 0).all()
    with pytest.raises(ValueError, match="shift"):
        shifted_window_mask(8, 8, 4, 4)                                          # shift must be < window
    with pytest.raises(ValueError, match="shift"):
        shifted_window_mask(8, 8, 4, -1)


def test_swin_cyclic_shift_moves_tokens_up_and_left_like_hf():
    X = torch.randn(2, 3, 8, 12, dtype=torch.float64)
    layer = modeling_swin.SwinLayer(SwinConfig(window_size=4), dim=3, input_resolution=(8, 12), num_heads=1,
                                    shift_size=2)
    assert torch.equal(cyclic_shift(X, 2), grid_to_columns(layer.cyclic_shift(grid_to_rows(X))))
    assert torch.equal(cyclic_shift(X, 2)[..., 0, 0], X[..., 2, 2]), "token (2, 2) moves to (0, 0)"
    assert torch.equal(cyclic_shift(cyclic_shift(X, 2), -2), X)


# ------------------------------------------------------------------ relative position bias and window attention

@pytest.mark.parametrize("window", [1, 2, 4, 7])
def test_swin_relative_position_bias_equals_hf(window):
    theirs = modeling_swin.SwinRelativePositionBias(3, (window, window)).double()
    with torch.no_grad():
        theirs.relative_position_bias_table.normal_()
    table = theirs.relative_position_bias_table.T                               # ((2M−1)², H) -> (H, (2M−1)²)
    assert torch.equal(relative_position_bias(table, window), theirs()[0].transpose(-2, -1))
    index = relative_position_index(window)
    assert index.shape == (window ** 2, window ** 2) and index.max() == (2 * window - 1) ** 2 - 1
    assert (index.diagonal() == (2 * window - 1) * (window - 1) + window - 1).all(), "offset (0, 0) on the diagonal"


@DTYPES
@pytest.mark.parametrize("shift", [0, 2])
def test_swin_window_attention_equals_hf_swin_attention_on_the_rolled_windows(dtype, shift):
    """Hugging Face's ``SwinAttention`` takes the windows of the rolled grid and the additive mask; rolling back and
    reversing its output must give ours."""
    C, heads, window, H, W = 8, 2, 4, 8, 12
    theirs = modeling_swin.SwinAttention(SwinConfig(attn_implementation="sdpa"), C, heads, window)
    theirs = randomized(theirs, seed=1).to(dtype)
    params = {"Wq": theirs.q_proj.weight, "bq": theirs.q_proj.bias, "Wk": theirs.k_proj.weight,
              "bk": theirs.k_proj.bias, "Wv": theirs.v_proj.weight, "bv": theirs.v_proj.bias,
              "Wo": theirs.o_proj.weight, "bo": theirs.o_proj.bias}
    table = theirs.relative_position_bias.relative_position_bias_table.T
    X = torch.randn(2, C, H, W, dtype=dtype, generator=torch.Generator().manual_seed(2))
    mask = additive_rows_mask(shifted_window_mask(H, W, window, shift), dtype=dtype) if shift else None
    with torch.no_grad():
        windows = windows_to_rows(window_partition(cyclic_shift(X, shift), window), window).flatten(1, 2)
        out = theirs(windows, mask)[0].unflatten(1, (window, window))           # (B·nW, M, M, C)
        peer = cyclic_shift(grid_to_columns(modeling_swin.window_reverse(out, window, H, W)), -shift)
        ours = window_attention(X, params, heads, window, shift, table)
    assert max_error(ours, peer) <= tolerance(peer)


def test_swin_window_attention_with_one_window_and_no_bias_is_multi_head_attention():
    X = torch.randn(2, 8, 4, 4, dtype=torch.float64)
    params = attention_params(8, seed=3)
    expected = multi_head_attention(X.flatten(-2), X.flatten(-2), params, 2).unflatten(-1, (4, 4))
    assert max_error(window_attention(X, params, 2, window=4), expected) <= TOL


def test_swin_shift_zero_equals_unshifted_and_a_token_attends_only_within_its_window():
    """The Jacobian of window attention: output token i depends on input token j only if both lie in one window
    (of the rolled grid, and then only if the mask lets them meet)."""
    C, H, W, M = 4, 4, 8, 2
    params = attention_params(C, seed=4)
    X = torch.randn(1, C, H, W, dtype=torch.float64)
    table = torch.randn(2, 9, dtype=torch.float64)
    assert torch.equal(window_attention(X, params, 2, M, 0, table), window_attention(X, params, 2, M, bias_table=table))
    for shift in (0, 1):
        jacobian = torch.autograd.functional.jacobian(
            lambda Y: window_attention(Y, params, 2, M, shift, table), X)      # (1, C, H, W, 1, C, H, W)
        depends = jacobian.abs().sum(dim=(0, 1, 4, 5)).reshape(H * W, H * W) > 0   # [output token, input token]
        position = torch.arange(H * W)
        rolled = cyclic_shift(position.reshape(1, 1, H, W), shift)              # the rolled grid of token numbers
        windows = window_partition(rolled, M)[0, :, 0]                         # (nW, M·M) original token numbers
        allowed = torch.zeros(H * W, H * W, dtype=torch.bool)
        for w, tokens in enumerate(windows):
            visible = shifted_window_mask(H, W, M, shift)[w]                   # (keys, queries)
            allowed[tokens[:, None], tokens[None, :]] = visible.T               # [query, key]
        assert torch.equal(depends, allowed), f"shift {shift}: attention leaks across windows or regions"


def test_swin_window_attention_rejects_bad_heads_and_tables():
    X, params = torch.randn(1, 8, 4, 4), attention_params(8, seed=5, dtype=torch.float32)
    with pytest.raises(ValueError, match="num_heads"):
        window_attention(X, params, 3, 2)
    with pytest.raises(ValueError, match="bias_table"):
        window_attention(X, params, 2, 2, 1, torch.randn(2, 25))
    with pytest.raises(ValueError, match="params"):
        window_attention(X, {k: v for k, v in params.items() if k != "Wo"}, 2, 2)


def test_swin_attention_cost_is_linear_in_tokens_with_windows():
    assert attention_cost(56, 56, 96) == 2 * 3136 ** 2 * 96
    assert attention_cost(56, 56, 96, window=7) == 2 * 3136 * 49 * 96
    assert attention_cost(112, 112, 96, window=7) == 4 * attention_cost(56, 56, 96, window=7)


# ------------------------------------------------------------------ patch merging

@DTYPES
def test_swin_patch_merging_equals_hf(dtype):
    theirs = randomized(modeling_swin.SwinPatchMerging(6), seed=6).to(dtype)
    X = torch.randn(2, 6, 8, 10, dtype=dtype, generator=torch.Generator().manual_seed(7))
    with torch.no_grad():
        peer = theirs(to_rows(X.flatten(-2)), (8, 10))                          # (B, H/2·W/2, 2C)
        ours = patch_merging(X, theirs.norm.weight, theirs.norm.bias, theirs.reduction.weight)
    assert ours.shape == (2, 12, 4, 5)
    assert max_error(to_rows(ours.flatten(-2)), peer) <= tolerance(peer)


def test_swin_patch_merging_concatenates_top_left_bottom_left_top_right_bottom_right():
    X = torch.stack([torch.arange(4.0).reshape(2, 2), torch.zeros(2, 2)])[None]  # C=2; channel 0 is 0 1 / 2 3
    stacked = torch.tensor([0.0, 0, 2, 0, 1, 0, 3, 0])                        # 4 tokens × 2 channels, paper order
    pick_channel_0 = torch.eye(8)[0::2]                                         # W (2C=4, 4C=8)
    merged = patch_merging(X, torch.ones(8), torch.zeros(8), pick_channel_0, eps=0.0)
    normed = (stacked - stacked.mean()) / stacked.var(unbiased=False).sqrt()
    assert torch.allclose(merged[0, :, 0, 0], normed[0::2]), "order (0,0), (1,0), (0,1), (1,1)"
    with pytest.raises(ValueError, match="even"):
        patch_merging(torch.randn(1, 2, 4, 5), torch.ones(8), torch.zeros(8), torch.randn(4, 8))
    with pytest.raises(ValueError, match="W"):
        patch_merging(torch.randn(1, 2, 4, 4), torch.ones(8), torch.zeros(8), torch.randn(8, 4))


# ------------------------------------------------------------------ the model, stage by stage

@pytest.fixture(scope="module")
def swin():
    theirs = randomized(SwinForImageClassification(SwinConfig(**SMALL_SWIN, num_labels=5)), seed=8)
    return SwinTransformer.from_hf(theirs.state_dict(), config_from_hf(theirs.config, "small-swin", 5)), theirs


@DTYPES
def test_swin_block_equals_hf_swin_layer(swin, dtype):
    """The second block of stage 0 (shifted windows) against Hugging Face's ``SwinLayer``."""
    ours, theirs = (copy.deepcopy(model).to(dtype) for model in swin)
    block, peer_layer = ours.stages[0].blocks[1], theirs.swin.encoder.layers[0].blocks[1]
    assert block.shift == peer_layer.shift_size == 2
    X = torch.randn(2, 8, 16, 16, dtype=dtype, generator=torch.Generator().manual_seed(9))
    with torch.no_grad():
        peer = peer_layer(to_rows(X.flatten(-2)), (16, 16))[0]
        error = max_error(to_rows(block(X).flatten(-2)), peer)
    assert error <= tolerance(peer), f"block differs by {error:.2e}"


@DTYPES
def test_swin_stages_and_logits_match_hf_swin_for_image_classification(swin, dtype):
    ours, theirs = (copy.deepcopy(model).to(dtype) for model in swin)
    images = torch.randn(2, 3, 32, 32, dtype=dtype, generator=torch.Generator().manual_seed(10))
    with torch.no_grad():
        peer = theirs(pixel_values=images, output_hidden_states=True)
        stages = ours.stage_outputs(images)
        logits = ours.classify(images)
    assert [tuple(s.shape) for s in stages] == [(2, 8, 16, 16), (2, 16, 8, 8), (2, 32, 4, 4), (2, 32, 4, 4)]
    for index, (mine, their) in enumerate(zip(stages, peer.reshaped_hidden_states, strict=True)):
        error = max_error(mine, their)
        assert error <= tolerance(their), f"stage output {index} differs by {error:.2e}"
    error = max_error(logits, peer.logits)
    assert error <= tolerance(peer.logits), f"logits differ by {error:.2e}: final norm, mean of the tokens, head"


def test_swin_last_stage_is_one_window_without_shift(swin):
    ours, theirs = swin
    assert [block.shift for block in ours.stages[2].blocks] == [0, 0, 0], "a 4×4 grid with 4×4 windows has no shift"
    assert [block.shift for block in ours.stages[0].blocks] == [0, 2]


def test_swin_loads_hf_swin_model_from_memory_and_from_a_saved_file(tmp_path):
    """transformers ≥ 5 names Swin's modules differently in memory than in checkpoint files: both must load."""
    from safetensors.torch import load_file

    theirs = randomized(SwinModel(SwinConfig(**SMALL_SWIN)), seed=11)
    theirs.save_pretrained(tmp_path)
    config = config_from_hf(theirs.config, "small-swin")
    images = torch.randn(1, 3, 32, 32, dtype=torch.float64, generator=torch.Generator().manual_seed(12))
    with torch.no_grad():
        peer = theirs(pixel_values=images)
        for state_dict in (theirs.state_dict(), load_file(tmp_path / "model.safetensors")):
            ours = SwinTransformer.from_hf(state_dict, config).double()
            assert max_error(to_rows(ours(images)), peer.last_hidden_state) <= TOL
            pooled = ours(images).mean(dim=-1)
            assert max_error(pooled, peer.pooler_output) <= TOL, "the pooler is the mean of the final tokens"


def test_swin_loader_and_config_reject_what_the_reference_lacks(swin):
    ours, theirs = swin
    state_dict = theirs.state_dict()
    with pytest.raises(ValueError, match="missing"):
        SwinTransformer.from_hf({k: v for k, v in state_dict.items() if "downsample.norm" not in k}, ours.config)
    with pytest.raises(ValueError, match="unexpected"):
        SwinTransformer.from_hf({**state_dict, "swin.embeddings.position_embeddings": torch.zeros(1, 256, 8)}, ours.config)
    with pytest.raises(ValueError, match="absolute"):
        config_from_hf(SwinConfig(**SMALL_SWIN, use_absolute_embeddings=True), "x")
    with pytest.raises(ValueError, match="window_size"):
        config_from_hf(SwinConfig(**{**SMALL_SWIN, "window_size": 3}), "x")   # 16 is not a multiple of 3
    with pytest.raises(ValueError, match="images"):
        ours(torch.randn(1, 3, 28, 28))
