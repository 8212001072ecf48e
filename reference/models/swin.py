"""A Swin Transformer classifier (Liu et al. 2021): shifted-window attention on a grid of patch tokens that halves
in size and doubles in width from stage to stage; the final tokens are averaged (no <cls>) and mapped to classes.

images (B, C, H, W) -> patch tokens on a grid (B, D0, H/P, W/P) -> stage s on (B, D0·2^s, H/(P·2^s), W/(P·2^s))
-> hidden (B, D_last, N_last), tokens as columns -> logits (B, K).

Layer norms follow Hugging Face's ``SwinModel``: the patch-embedding and patch-merging norms use eps 1e-5, the
blocks' and the final norm ``config.layer_norm_eps``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

import torch
from torch import nn

from .._shapes import check_shape
from ..imagegpt import average_pool_head
from ..multihead import ATTENTION_KEYS
from ..patch_embedding import patchify
from ..swin import patch_merging, window_attention
from ..transformer_layer import feed_forward, layer_norm
from .modules import Affine, Norm, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import HierarchicalConfig

PATCH_NORM_EPS = 1e-5  # nn.LayerNorm's default, which Hugging Face's embedding and merging norms keep


def grid_layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float) -> torch.Tensor:
    """Layer norm of every token of a grid X (..., C, H, W) over its C features."""
    return layer_norm(X.flatten(-2), gamma, beta, eps).unflatten(-1, X.shape[-2:])


class SwinBlock(nn.Module):
    """X ← X + WindowAttention(LN₁(X)); X ← X + FFN(LN₂(X)) on a grid, exact GELU.

    Parameters: the attention keys (Wq, bq, …, Wo, bo), ``bias_table`` (heads, (2M−1)²), W1, b1, W2, b2, gamma1,
    beta1, gamma2, beta2. ``shift`` is 0 or half the window.
    """

    def __init__(self, dim: int, num_heads: int, hidden: int, window: int, shift: int, eps: float) -> None:
        super().__init__()
        for key in ATTENTION_KEYS:
            setattr(self, key, empty_parameter(*((dim, dim) if key.startswith("W") else (dim,))))
        self.bias_table = empty_parameter(num_heads, (2 * window - 1) ** 2)
        self.W1, self.b1 = empty_parameter(hidden, dim), empty_parameter(hidden)
        self.W2, self.b2 = empty_parameter(dim, hidden), empty_parameter(dim)
        self.gamma1, self.beta1 = empty_parameter(dim), empty_parameter(dim)
        self.gamma2, self.beta2 = empty_parameter(dim), empty_parameter(dim)
        self.num_heads, self.window, self.shift, self.eps = num_heads, window, shift, eps

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        params = dict(self.named_parameters())
        normed = grid_layer_norm(X, self.gamma1, self.beta1, self.eps)
        X = X + window_attention(normed, params, self.num_heads, self.window, self.shift, self.bias_table)
        tokens = X.flatten(-2)                                                    # (B, C, H·W)
        hidden = layer_norm(tokens, self.gamma2, self.beta2, self.eps)
        tokens = tokens + feed_forward(hidden, self.W1, self.b1, self.W2, self.b2, "gelu")
        return tokens.unflatten(-1, X.shape[-2:])


class PatchMerging(nn.Module):
    """``reference.swin.patch_merging``'s parameters: gamma, beta (4C,) and weight (2C, 4C)."""

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.gamma, self.beta = empty_parameter(4 * dim), empty_parameter(4 * dim)
        self.weight = empty_parameter(2 * dim, 4 * dim)

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        return patch_merging(X, self.gamma, self.beta, self.weight, PATCH_NORM_EPS)


class SwinStage(nn.Module):
    """``depth`` blocks alternating plain and shifted windows (no shift where the grid is one window), then patch
    merging unless it is the last stage."""

    def __init__(self, config: HierarchicalConfig, stage: int) -> None:
        super().__init__()
        dim, window = config.dims[stage], config.window_size
        shift = window // 2 if config.grid_sizes[stage] > window else 0
        self.blocks = nn.ModuleList(
            SwinBlock(dim, config.num_heads[stage], config.hidden_size(stage), window, shift if b % 2 else 0,
                      config.layer_norm_eps)
            for b in range(config.depths[stage]))
        self.merge = PatchMerging(dim) if stage + 1 < len(config.dims) else None

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        for block in self.blocks:
            X = block(X)
        return X if self.merge is None else self.merge(X)


class SwinTransformer(nn.Module):
    """Swin: patch embedding + layer norm, the stages, a final layer norm, and ``average_pool_head``."""

    uncounted_heads = ()  # configs.count_parameters counts the classifier too, as the paper does

    def __init__(self, config: HierarchicalConfig) -> None:
        super().__init__()
        D0, P = config.dims[0], config.patch_size
        self.config = config
        self.patch_weight = empty_parameter(D0, config.num_channels * P * P)  # (D0, C·P·P): a stride-P convolution
        self.patch_bias = empty_parameter(D0)
        self.embedding_norm = Norm(D0, PATCH_NORM_EPS)
        self.stages = nn.ModuleList(SwinStage(config, stage) for stage in range(len(config.dims)))
        self.final_norm = Norm(config.dims[-1], config.layer_norm_eps)
        self.head = Affine(config.dims[-1], config.num_classes) if config.num_classes else None
        init_weights(self)

    @classmethod
    def from_hf(cls, state_dict: Mapping[str, torch.Tensor], config: HierarchicalConfig) -> SwinTransformer:
        """The model holding a Hugging Face Swin state dict (filled by ``reference.models.hf.fill_swin``)."""
        from .hf import fill_swin  # hf never imports this module: no cycle

        with torch.device("cpu"):
            return fill_swin(cls(config), state_dict)

    def stage_outputs(self, images: torch.Tensor) -> list[torch.Tensor]:
        """images (B, C, H, W) -> the token grids after the patch embedding and after each stage (merging
        included), each (B, D, h, w): what Hugging Face's ``reshaped_hidden_states`` holds."""
        size = self.config.image_size
        check_shape("images", images, ("B", self.config.num_channels, size, size), {}, batched=False)
        grid = size // self.config.patch_size
        tokens = self.patch_weight @ patchify(images, self.config.patch_size) + self.patch_bias[:, None]
        X = self.embedding_norm(tokens).unflatten(-1, (grid, grid))              # (B, D0, H/P, W/P)
        outputs = [X]
        for stage in self.stages:
            X = stage(X)
            outputs.append(X)
        return outputs

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) at the configured size -> final hidden states (B, D_last, N_last), layer-normed."""
        return self.final_norm(self.stage_outputs(images)[-1].flatten(-2))

    def classify(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) -> class logits (B, K): the mean of the final token columns, then a linear map."""
        if self.head is None:
            raise ValueError("config.num_classes is 0: this Swin has no classification head")
        return average_pool_head(self(images), self.head.weight, self.head.bias)
