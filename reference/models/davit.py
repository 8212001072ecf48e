"""A DaViT classifier (Ding et al. 2022): stages of dual attention blocks — spatial window attention, then channel
group attention — on a grid of tokens that halves in size between stages, as timm's ``DaVit`` builds it.

images (B, 3, H, W) -> stem (7×7 convolution, stride 4, layer norm) -> grid (B, D0, H/4, W/4) -> stage s on
(B, D_s, H/2^(s+2), W/2^(s+2)) -> hidden (B, D_last, N_last), tokens as columns -> the mean token, layer-normed,
mapped to logits (B, K). Between stages a layer norm then a 2×2 convolution of stride 2 halves the grid.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

import torch
import torch.nn.functional as F
from torch import nn

from .._shapes import check_shape
from ..davit import BLOCK_KEYS, channel_block, spatial_block
from .modules import Affine, Norm, empty_parameter, init_weights
from .swin import grid_layer_norm

if TYPE_CHECKING:
    from .config import HierarchicalConfig

STEM_KERNEL = 7


class DaViTBlock(nn.Module):
    """The parameters of one spatial or channel block (``reference.davit.BLOCK_KEYS``): attention, feed-forward,
    two layer norms and two 3×3 depthwise convolutions (``cpe1_weight`` (C, 1, 3, 3), ``cpe1_bias``, …)."""

    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        for key in BLOCK_KEYS:
            if key.startswith("cpe"):
                shape = (dim, 1, 3, 3) if key.endswith("weight") else (dim,)
            elif key in ("W1", "b1"):
                shape = (hidden, dim) if key == "W1" else (hidden,)
            elif key == "W2":
                shape = (dim, hidden)
            else:
                shape = (dim, dim) if key.startswith("W") else (dim,)
            setattr(self, key, empty_parameter(*shape))

    def params(self) -> dict[str, torch.Tensor]:
        return dict(self.named_parameters())


class DualBlock(nn.Module):
    """A spatial block then a channel block (``reference.davit.dual_block``), ``num_heads`` heads and groups."""

    def __init__(self, config: HierarchicalConfig, stage: int) -> None:
        super().__init__()
        dim, hidden = config.dims[stage], config.hidden_size(stage)
        self.spatial, self.channel = DaViTBlock(dim, hidden), DaViTBlock(dim, hidden)
        self.num_heads, self.window, self.eps = config.num_heads[stage], config.window_size, config.layer_norm_eps
        self.channel_scale = (dim // self.num_heads) ** -0.5 if config.channel_scale == "group" else None

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        X = spatial_block(X, self.spatial.params(), self.num_heads, self.window, self.eps)
        return channel_block(X, self.channel.params(), self.num_heads, self.channel_scale, self.eps)


class Downsample(nn.Module):
    """Layer norm of each token, then a 2×2 convolution of stride 2: (B, C_in, h, w) -> (B, C_out, h/2, w/2)."""

    def __init__(self, d_in: int, d_out: int, eps: float) -> None:
        super().__init__()
        self.gamma, self.beta = empty_parameter(d_in), empty_parameter(d_in)
        self.weight, self.bias = empty_parameter(d_out, d_in, 2, 2), empty_parameter(d_out)
        self.eps = eps

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        return F.conv2d(grid_layer_norm(X, self.gamma, self.beta, self.eps), self.weight, self.bias, stride=2)


class DaViTStage(nn.Module):
    def __init__(self, config: HierarchicalConfig, stage: int) -> None:
        super().__init__()
        dims = config.dims
        self.downsample = Downsample(dims[stage - 1], dims[stage], config.layer_norm_eps) if stage else None
        self.blocks = nn.ModuleList(DualBlock(config, stage) for _ in range(config.depths[stage]))

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        if self.downsample is not None:
            X = self.downsample(X)
        for block in self.blocks:
            X = block(X)
        return X


class DaViT(nn.Module):
    """DaViT: the convolutional stem, the stages, and a head that layer-norms the mean token and maps it to classes."""

    uncounted_heads = ()  # configs.count_parameters counts the classifier too, as the paper does

    def __init__(self, config: HierarchicalConfig) -> None:
        super().__init__()
        D0 = config.dims[0]
        self.config = config
        self.stem_weight = empty_parameter(D0, config.num_channels, STEM_KERNEL, STEM_KERNEL)
        self.stem_bias = empty_parameter(D0)
        self.stem_norm = Norm(D0, config.layer_norm_eps)
        self.stages = nn.ModuleList(DaViTStage(config, stage) for stage in range(len(config.dims)))
        self.head_norm = Norm(config.dims[-1], config.layer_norm_eps)
        self.head = Affine(config.dims[-1], config.num_classes) if config.num_classes else None
        init_weights(self)

    @classmethod
    def from_timm(cls, state_dict: Mapping[str, torch.Tensor], config: HierarchicalConfig) -> DaViT:
        """The model holding a timm DaViT state dict (filled by ``reference.models.timm_weights.fill_davit``)."""
        from .timm_weights import fill_davit  # timm_weights never imports this module: no cycle

        with torch.device("cpu"):
            return fill_davit(cls(config), state_dict)

    def stage_outputs(self, images: torch.Tensor) -> list[torch.Tensor]:
        """images (B, C, H, W) -> the token grids after the stem and after each stage, each (B, D, h, w)."""
        size = self.config.image_size
        check_shape("images", images, ("B", self.config.num_channels, size, size), {}, batched=False)
        X = F.conv2d(images, self.stem_weight, self.stem_bias, stride=self.config.patch_size,
                     padding=STEM_KERNEL // 2)                                      # (B, D0, H/4, W/4)
        X = grid_layer_norm(X, self.stem_norm.gamma, self.stem_norm.beta, self.stem_norm.eps)
        outputs = [X]
        for stage in self.stages:
            X = stage(X)
            outputs.append(X)
        return outputs

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) at the configured size -> final hidden states (B, D_last, N_last)."""
        return self.stage_outputs(images)[-1].flatten(-2)

    def classify(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) -> class logits (B, K): mean token, layer norm, linear map."""
        if self.head is None:
            raise ValueError("config.num_classes is 0: this DaViT has no classification head")
        pooled = self(images).mean(dim=-1, keepdim=True)                            # (B, D, 1)
        return self.head(self.head_norm(pooled))[..., 0]
