"""A Vision Transformer (ViT): an image becomes a sequence of patch columns plus [CLS], read by pre-LN layers.

images (B, C, H, W) -> hidden (B, D, N+1) with N = (H/P)(W/P) patches; column 0 is [CLS], whose final state the
classification head reads: logits (B, K).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import torch
from torch import nn

from .._shapes import check_shape
from ..patch_embedding import patch_embedding
from .modules import Affine, Norm, TransformerLayer, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import ModelConfig


class VisionTransformer(nn.Module):
    """ViT with learned 1-D positions and a linear head on the final [CLS] column."""

    uncounted_heads = ("head",)  # configs.count_parameters counts the backbone

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D, P = config.d_model, config.patch_size
        self.config = config
        self.patch_weight = empty_parameter(D, config.num_channels * P * P)  # (D, C·P·P): a stride-P convolution
        self.patch_bias = empty_parameter(D)
        self.cls_token = empty_parameter(D)
        self.positions = empty_parameter(D, config.num_patches + 1)          # learned, column 0 for [CLS]
        self.layers = nn.ModuleList(TransformerLayer(config) for _ in range(config.num_layers))
        self.final_norm = Norm(D, config.layer_norm_eps) if config.norm_first else None
        self.head = Affine(D, config.num_classes) if config.num_classes else None
        init_weights(self)

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) at the configured size -> hidden (B, D, N+1)."""
        size, channels = self.config.image_size, self.config.num_channels
        check_shape("images", images, ("B", channels, size, size), {}, batched=False)
        X = patch_embedding(images, self.config.patch_size, self.patch_weight, self.patch_bias, self.cls_token,
                            self.positions)
        for layer in self.layers:
            X = layer(X)
        return X if self.final_norm is None else self.final_norm(X)

    def classify(self, images: torch.Tensor) -> torch.Tensor:
        """images (B, C, H, W) -> class logits (B, K) from the final [CLS] column."""
        if self.head is None:
            raise ValueError("config.num_classes is 0: this ViT has no classification head")
        return self.head(self(images)[..., :1])[..., 0]
