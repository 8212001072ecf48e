"""DaViT against timm's ``timm.models.davit`` (code nobody here wrote): ``ChannelAttention`` (the paper's),
``ChannelAttentionV2`` (Florence-2's), ``SpatialBlock``, ``ChannelBlock`` and the whole ``DaVit``, with the same random
weights — float64 (≤ 1e-10) and float32 (relative) — plus channel attention's own invariants.

timm works in rows, (B, N, C), and channels-last grids inside its blocks; ours are (B, C, N) and (B, C, H, W).
timm is imported through ``peers.import_timm`` (see there why).
"""
from __future__ import annotations

import copy

import pytest
import torch
from peers import TOL, import_timm, max_error, randomized, tolerance

from reference.attention import scaled_dot_product_attention
from reference.convention import split_fused, to_columns, to_rows
from reference.davit import channel_attention, channel_block, dual_block, spatial_block
from reference.models import DaViT, HierarchicalConfig
from reference.models.timm_weights import config_from_timm
from reference.multihead import split_heads

davit = import_timm()

DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])


def attention_params(module: torch.nn.Module, roles: tuple[int, int, int] = (0, 1, 2)) -> dict[str, torch.Tensor]:
    """Our q, k, v, o parameters from a timm attention (fused ``qkv``, then ``proj``); ``roles`` says which part of
    the fused projection plays our query, key and value."""
    parts = {name: split_fused(module.qkv.weight, index) for name, index in zip(("Wq", "Wk", "Wv"), roles)}
    parts |= {name: split_fused(module.qkv.bias, index) for name, index in zip(("bq", "bk", "bv"), roles)}
    return parts | {"Wo": module.proj.weight, "bo": module.proj.bias}


def block_params(block: torch.nn.Module, roles: tuple[int, int, int] = (0, 1, 2)) -> dict[str, torch.Tensor]:
    """``reference.davit.BLOCK_KEYS`` from a timm ``SpatialBlock`` or ``ChannelBlock``."""
    return attention_params(block.attn, roles) | {
        "W1": block.mlp.fc1.weight, "b1": block.mlp.fc1.bias, "W2": block.mlp.fc2.weight, "b2": block.mlp.fc2.bias,
        "gamma1": block.norm1.weight, "beta1": block.norm1.bias, "gamma2": block.norm2.weight,
        "beta2": block.norm2.bias, "cpe1_weight": block.cpe1.proj.weight, "cpe1_bias": block.cpe1.proj.bias,
        "cpe2_weight": block.cpe2.proj.weight, "cpe2_bias": block.cpe2.proj.bias}


PAPER_ROLES = (1, 2, 0)  # timm's ChannelAttention: its k makes the queries, v the keys, q the values


# ------------------------------------------------------------------ channel attention

@DTYPES
def test_davit_channel_attention_default_scale_equals_timm_channel_attention_v2(dtype):
    """The default scale 1/sqrt(N) with the usual roles is timm's ``ChannelAttentionV2(dynamic_scale=True)``."""
    theirs = randomized(davit.ChannelAttentionV2(12, num_heads=3, qkv_bias=True), seed=1).to(dtype)
    X = torch.randn(2, 10, 12, dtype=dtype, generator=torch.Generator().manual_seed(2))   # (B, N, C) rows
    with torch.no_grad():
        peer = theirs(X)
        ours = channel_attention(to_columns(X), attention_params(theirs), num_groups=3)
    assert max_error(to_rows(ours), peer) <= tolerance(peer)


@DTYPES
def test_davit_channel_attention_with_the_papers_scale_equals_timm_channel_attention(dtype):
    """The DaViT paper's code (timm's ``ChannelAttention``) scales by 1/sqrt(C/G) and names q, k, v differently."""
    theirs = randomized(davit.ChannelAttention(12, num_heads=3, qkv_bias=True), seed=3).to(dtype)
    X = torch.randn(2, 10, 12, dtype=dtype, generator=torch.Generator().manual_seed(4))
    with torch.no_grad():
        peer = theirs(X)
        ours = channel_attention(to_columns(X), attention_params(theirs, PAPER_ROLES), 3, scale=4 ** -0.5)
    assert max_error(to_rows(ours), peer) <= tolerance(peer)


def test_davit_channel_attention_is_attention_over_the_transposed_groups():
    """Channels are the tokens and their N values the features: per group, scaled dot-product attention (scale
    1/sqrt(N)) of Q_gᵀ, K_gᵀ, V_gᵀ, transposed back — with identity projections, the groups are X's rows."""
    C, N, G = 6, 5, 2
    eye, zero = torch.eye(C, dtype=torch.float64), torch.zeros(C, dtype=torch.float64)
    params = {"Wq": eye, "Wk": eye, "Wv": eye, "Wo": eye, "bq": zero, "bk": zero, "bv": zero, "bo": zero}
    X = torch.randn(3, C, N, dtype=torch.float64)
    groups = split_heads(X, G)                                                  # (3, G, C/G, N)
    channels_as_columns = groups.transpose(-2, -1)                              # (3, G, N, C/G)
    expected, _ = scaled_dot_product_attention(channels_as_columns, channels_as_columns, channels_as_columns)
    assert max_error(channel_attention(X, params, G), expected.transpose(-2, -1).flatten(-3, -2)) <= TOL


def test_davit_channel_attention_is_equivariant_to_permuting_tokens_and_keeps_leading_axes():
    generator = torch.Generator().manual_seed(5)
    theirs = randomized(davit.ChannelAttentionV2(8, num_heads=2, qkv_bias=True), seed=6)
    params = attention_params(theirs)
    X = torch.randn(2, 3, 8, 7, dtype=torch.float64, generator=generator)       # leading axes (2, 3)
    permutation = torch.randperm(7, generator=generator)
    out = channel_attention(X, params, 2)
    assert out.shape == X.shape
    assert max_error(channel_attention(X[..., permutation], params, 2), out[..., permutation]) <= TOL
    assert channel_attention(X.float(), {k: v.float() for k, v in params.items()}, 2).dtype == torch.float32


def test_davit_channel_attention_rejects_bad_groups():
    params = attention_params(davit.ChannelAttentionV2(8, num_heads=2, qkv_bias=True))
    with pytest.raises(ValueError, match="num_groups"):
        channel_attention(torch.randn(1, 8, 4), params, 3)
    with pytest.raises(ValueError, match="X"):
        channel_attention(torch.randn(1, 6, 4), params, 2)                      # 6 channels, 8-wide weights


# ------------------------------------------------------------------ blocks

@DTYPES
def test_davit_spatial_block_equals_timm_spatial_block(dtype):
    theirs = randomized(davit.SpatialBlock(8, num_heads=2, window_size=3), seed=7).to(dtype)
    X = torch.randn(2, 8, 6, 9, dtype=dtype, generator=torch.Generator().manual_seed(8))   # non-square, 6 windows
    with torch.no_grad():
        peer = theirs(X)
        ours = spatial_block(X, block_params(theirs), num_heads=2, window=3)
    assert max_error(ours, peer) <= tolerance(peer)


@DTYPES
@pytest.mark.parametrize("v2", [False, True])
def test_davit_channel_block_equals_timm_channel_block(dtype, v2):
    theirs = randomized(davit.ChannelBlock(8, num_heads=2, qkv_bias=True, v2=v2), seed=9).to(dtype)
    X = torch.randn(2, 8, 5, 4, dtype=dtype, generator=torch.Generator().manual_seed(10))
    scale = None if v2 else 4 ** -0.5
    with torch.no_grad():
        peer = theirs(X)
        ours = channel_block(X, block_params(theirs, (0, 1, 2) if v2 else PAPER_ROLES), 2, scale)
    assert max_error(ours, peer) <= tolerance(peer)


def test_davit_dual_block_is_spatial_then_channel():
    spatial = randomized(davit.SpatialBlock(8, num_heads=2, window_size=2), seed=11)
    channel = randomized(davit.ChannelBlock(8, num_heads=2, qkv_bias=True), seed=12)
    X = torch.randn(1, 8, 4, 4, dtype=torch.float64)
    with torch.no_grad():
        peer = channel(spatial(X))
        ours = dual_block(X, block_params(spatial), block_params(channel, PAPER_ROLES), 2, 2, channel_scale=0.5)
    assert max_error(ours, peer) <= TOL


# ------------------------------------------------------------------ the model

def small_timm_davit(v2: bool, seed: int) -> torch.nn.Module:
    return randomized(davit.DaVit(depths=(1, 2, 1), embed_dims=(8, 16, 32), num_heads=(2, 2, 4), window_size=2,
                                  num_classes=5, channel_attn_v2=v2), seed=seed)


@pytest.fixture(scope="module", params=[False, True], ids=["paper", "v2"])
def model_pair(request):
    theirs = small_timm_davit(request.param, seed=13)
    config = config_from_timm(theirs, "small-davit", image_size=32)
    assert config.channel_scale == ("tokens" if request.param else "group")
    return DaViT.from_timm(theirs.state_dict(), config), theirs


@DTYPES
def test_davit_stages_and_logits_match_timm(model_pair, dtype):
    ours, theirs = (copy.deepcopy(model).to(dtype) for model in model_pair)
    images = torch.randn(2, 3, 32, 32, dtype=dtype, generator=torch.Generator().manual_seed(14))
    with torch.no_grad():
        peer_stages = theirs.forward_intermediates(images, intermediates_only=True)
        peer = theirs(images)
        stages = ours.stage_outputs(images)
        logits = ours.classify(images)
    assert [tuple(s.shape) for s in stages] == [(2, 8, 8, 8), (2, 8, 8, 8), (2, 16, 4, 4), (2, 32, 2, 2)]
    for index, (mine, their) in enumerate(zip(stages[1:], peer_stages, strict=True)):
        error = max_error(mine, their)
        assert error <= tolerance(their), f"stage {index} differs by {error:.2e}"
    error = max_error(logits, peer)
    assert error <= tolerance(peer), f"logits differ by {error:.2e}: mean token, then layer norm, then the head"


def test_davit_loader_rejects_mismatched_state_dicts_and_unsupported_models(model_pair):
    ours, theirs = model_pair
    state_dict = theirs.state_dict()
    with pytest.raises(ValueError, match="missing"):
        DaViT.from_timm({k: v for k, v in state_dict.items() if "cpe2" not in k}, ours.config)
    with pytest.raises(ValueError, match="unexpected"):
        DaViT.from_timm({**state_dict, "norm_pre.weight": torch.ones(32)}, ours.config)
    headless = {k: v for k, v in state_dict.items() if not k.startswith("head.fc")}
    assert DaViT.from_timm(headless, ours.config) is not None, "the classifier may be absent"
    with pytest.raises(ValueError, match="head"):
        config_from_timm(davit.DaVit(depths=(1,), embed_dims=(8,), num_heads=(2,), head_norm_first=True), "x")
    with pytest.raises(ValueError, match="window_size"):
        HierarchicalConfig("x", "davit", 32, 4, (8, 16), (1, 1), (2, 2), window_size=3)


def test_davit_tiny_as_named_matches_timm_davit_tiny():
    """The named configuration is timm's ``davit_tiny`` (read back from a model built on the meta device)."""
    from reference.configs import get_config

    with torch.device("meta"):
        theirs = davit.davit_tiny()
    assert config_from_timm(theirs, "davit-tiny", image_size=224) == get_config("davit-tiny")
