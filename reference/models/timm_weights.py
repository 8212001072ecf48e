"""Loading timm's DaViT weights (``timm.models.davit.DaVit``) into the reference ``DaViT``.

timm stores its layers as PyTorch does (``nn.Linear`` (out, in), ``nn.Conv2d``), so weights copy unchanged except
for the fused q/k/v projection of each attention, split with ``reference.convention.split_fused``. One subtlety:
timm's ``ChannelAttention`` (the DaViT paper's, ``channel_scale="group"``) computes softmax(k̂ᵀv̂)·q̂ᵀ — its
projection named k makes the queries, v the keys and q the values — so those three are loaded into Wq, Wk, Wv in
that order; ``ChannelAttentionV2`` (``channel_scale="tokens"``) uses the usual roles. The state dict cannot tell the
two apart (same keys, same shapes): the config decides, and ``config_from_timm`` reads it off a model.

Strict in both directions like ``reference.models.hf``: a missing parameter or an unknown key is a ValueError; the
classifier (``head.fc``) may be absent and then keeps its fresh initialisation.
"""
from __future__ import annotations

from typing import Callable, Mapping

import torch
from torch import nn

from ..convention import split_fused
from .config import HierarchicalConfig
from .loading import Source, load_state, same

# Our q, k, v take part (index) … of timm's fused qkv: the usual roles, and ChannelAttention's (k, v, q).
_ROLES = {"usual": (0, 1, 2), "channel_v1": (1, 2, 0)}

_BLOCK: dict[str, tuple[str, Callable[[torch.Tensor], torch.Tensor]]] = {
    "Wo": ("attn.proj.weight", same), "bo": ("attn.proj.bias", same),
    "gamma1": ("norm1.weight", same), "beta1": ("norm1.bias", same),
    "gamma2": ("norm2.weight", same), "beta2": ("norm2.bias", same),
    "W1": ("mlp.fc1.weight", same), "b1": ("mlp.fc1.bias", same),
    "W2": ("mlp.fc2.weight", same), "b2": ("mlp.fc2.bias", same),
    "cpe1_weight": ("cpe1.proj.weight", same), "cpe1_bias": ("cpe1.proj.bias", same),
    "cpe2_weight": ("cpe2.proj.weight", same), "cpe2_bias": ("cpe2.proj.bias", same),
}
_TOP: dict[str, Source] = {
    "stem_weight": ("stem.conv.weight", same), "stem_bias": ("stem.conv.bias", same),
    "stem_norm.gamma": ("stem.norm.weight", same), "stem_norm.beta": ("stem.norm.bias", same),
    "head_norm.gamma": ("head.norm.weight", same), "head_norm.beta": ("head.norm.bias", same),
    "head.weight": ("head.fc.weight", same), "head.bias": ("head.fc.bias", same),
}
_DOWNSAMPLE: dict[str, str] = {"gamma": "norm.weight", "beta": "norm.bias", "weight": "conv.weight",
                               "bias": "conv.bias"}


def _timm_key(key: str) -> str:
    """Blocks named as Florence-2's DaViT names them (``spatial_block``, ``channel_block``) -> by position."""
    return key.replace(".spatial_block.", ".0.").replace(".channel_block.", ".1.")


def _source(config: HierarchicalConfig) -> Callable[[str], Source]:
    channel_roles = _ROLES["channel_v1" if config.channel_scale == "group" else "usual"]

    def source(name: str) -> Source:
        parts = name.split(".")
        if parts[0] != "stages":
            return _TOP[name]
        stage = f"stages.{parts[1]}."
        if parts[2] == "downsample":
            return stage + "downsample." + _DOWNSAMPLE[parts[3]], same
        block = f"{stage}blocks.{parts[3]}.{0 if parts[4] == 'spatial' else 1}."
        key = parts[5]
        if key[0] in "Wb" and key[1] in "qkv":                                   # Wq, bq, Wk, bk, Wv, bv
            roles = channel_roles if parts[4] == "channel" else _ROLES["usual"]
            index = roles["qkv".index(key[1])]
            return f"{block}attn.qkv.{'weight' if key[0] == 'W' else 'bias'}", lambda t: split_fused(t, index)
        timm_key, convert = _BLOCK[key]
        return block + timm_key, convert

    return source


def fill_davit(model: nn.Module, state_dict: Mapping[str, torch.Tensor]) -> nn.Module:
    """A fresh ``DaViT`` filled with the weights of a timm ``DaVit`` state dict (``DaViT.from_timm``)."""
    config = model.config
    if config.kind != "davit":
        raise ValueError(f"config: expected a davit configuration, got kind {config.kind!r}")
    state_dict = {_timm_key(key): value for key, value in state_dict.items()}
    return load_state(model, state_dict, _source(config), optional=("head",))


def config_from_timm(model: nn.Module, name: str, image_size: int = 224) -> HierarchicalConfig:
    """The ``HierarchicalConfig`` of a timm ``DaVit`` (timm's models take any image size: give the one to use).

    ValueError for settings the reference lacks: no q/k/v biases, no feed-forward network, an activated positional
    convolution, a downsampling kernel other than 2, a head with a hidden layer or a final norm before pooling.
    """
    stages = list(model.stages)
    spatial = [stage.blocks[0][0] for stage in stages]
    channel = [stage.blocks[0][1] for stage in stages]
    checks = {
        "q/k/v biases": all(block.attn.qkv.bias is not None for block in spatial + channel),
        "feed-forward networks": all(block.mlp is not None for block in spatial + channel),
        "plain positional convolutions": all(isinstance(block.cpe1.act, nn.Identity) for block in spatial + channel),
        "2×2 downsampling": all(stage.downsample.conv.kernel_size == (2, 2) for stage in stages[1:]),
        "the pool → norm → linear head": isinstance(model.norm_pre, nn.Identity)
        and isinstance(model.head.pre_logits, nn.Identity),
        "spatial then channel blocks": all(len(stage.blocks[0]) == 2 for stage in stages),
    }
    missing = [what for what, present in checks.items() if not present]
    if missing:
        raise ValueError(f"model: the reference DaViT needs {', '.join(missing)}")
    v2 = type(channel[0].attn).__name__ == "ChannelAttentionV2"
    if v2 and not channel[0].attn.dynamic_scale:
        raise ValueError("model: ChannelAttentionV2 without dynamic_scale scales by the group width with the usual "
                         "roles, which no reference configuration describes")
    fc = model.head.fc
    return HierarchicalConfig(
        name, "davit", image_size, 4,
        tuple(block.attn.proj.out_features for block in spatial), tuple(len(stage.blocks) for stage in stages),
        tuple(block.attn.num_heads for block in spatial), spatial[0].window_size[0],
        num_channels=model.stem.conv.in_channels, num_classes=fc.out_features if isinstance(fc, nn.Linear) else 0,
        mlp_ratio=spatial[0].mlp.fc1.out_features / spatial[0].attn.proj.out_features,
        layer_norm_eps=model.stem.norm.eps, channel_scale="tokens" if v2 else "group")
