"""ImageGPT (Chen et al. 2020): a GPT-style decoder over the raster-order sequence of an image's palette ids.

ids (B, N) -> hidden (B, D, N) -> next-pixel logits (B, K, N) over the K = V − 1 palette colours (the start token is
never predicted), or class logits (B, classes) from the mean of the final token columns. Use
``reference.imagegpt.pixel_sequence`` to turn an image of ids into the input sequence.

It differs from GPT-2 in three places (as OpenAI's code and Hugging Face's ``modeling_imagegpt`` do): its layer
norms only rescale — x / sqrt(mean(x²) + eps) · γ, no centring and no shift β (an RMS norm); the feed-forward
activation is the "quick" GELU x·σ(1.702x); and the output head is its own matrix, not tied to the embedding.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

import torch
from torch import nn

from .._shapes import check_shape
from ..attention import project
from ..embeddings import embed, learned_positions
from ..imagegpt import average_pool_head
from ..masking import causal_mask
from ..multihead import ATTENTION_KEYS, multi_head_attention
from ..transformer_layer import feed_forward
from .modules import check_ids, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import ModelConfig


def rms_norm(X: torch.Tensor, gamma: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """X (..., D, N) -> (..., D, N): each column divided by the root of its mean square (plus eps), times γ (D,)."""
    sizes: dict[str, int] = {}
    check_shape("X", X, ("D", "N"), sizes)
    check_shape("gamma", gamma, ("D",), sizes, batched=False)
    return X / torch.sqrt(X.square().mean(dim=-2, keepdim=True) + eps) * gamma[:, None]


class ImageGPTLayer(nn.Module):
    """A pre-norm decoder layer: X ← X + MHA(RMS₁(X), causal); X ← X + FFN(RMS₂(X)).

    Parameters: the attention keys (Wq, bq, …, Wo, bo), W1 (F, D), b1, W2 (D, F), b2, gamma1, gamma2 (D,).
    """

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D, F = config.d_model, config.d_ff
        for key in ATTENTION_KEYS:
            setattr(self, key, empty_parameter(*((D, D) if key.startswith("W") else (D,))))
        self.W1, self.b1 = empty_parameter(F, D), empty_parameter(F)
        self.W2, self.b2 = empty_parameter(D, F), empty_parameter(D)
        self.gamma1, self.gamma2 = empty_parameter(D), empty_parameter(D)
        self.num_heads, self.eps, self.activation = config.num_heads, config.layer_norm_eps, config.activation

    def forward(self, X: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        normed = rms_norm(X, self.gamma1, self.eps)
        X = X + multi_head_attention(normed, normed, dict(self.named_parameters()), self.num_heads, mask)
        hidden = rms_norm(X, self.gamma2, self.eps)
        return X + feed_forward(hidden, self.W1, self.b1, self.W2, self.b2, self.activation)


class ImageGPT(nn.Module):
    """ImageGPT with learned positions, a final RMS norm, an untied next-pixel head and an average-pool classifier."""

    uncounted_heads = ("lm_head", "head_weight")  # configs.count_parameters counts the backbone (ImageGPTModel)

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D = config.d_model
        self.config = config
        self.token_embedding = empty_parameter(D, config.vocab_size)        # Ω_e (D, V): palette ids + start token
        self.position_embedding = empty_parameter(D, config.max_positions)  # (D, H·W), learned
        self.layers = nn.ModuleList(ImageGPTLayer(config) for _ in range(config.num_layers))
        self.final_gamma = empty_parameter(D)
        self.lm_head = empty_parameter(config.vocab_size - 1, D)            # (K, D): scores the K palette colours
        self.head_weight = empty_parameter(config.num_classes, D) if config.num_classes else None
        init_weights(self)

    @classmethod
    def from_hf(cls, state_dict: Mapping[str, torch.Tensor], config: ModelConfig) -> ImageGPT:
        """The model holding a Hugging Face ImageGPT state dict (filled by ``reference.models.hf.fill_imagegpt``)."""
        from .hf import fill_imagegpt  # hf never imports this module: no cycle

        with torch.device("cpu"):
            return fill_imagegpt(cls(config), state_dict)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (B, N) with N ≤ max_positions -> final hidden states (B, D, N); column n has seen ids[:, :n+1]."""
        check_ids("ids", ids)
        num_positions = ids.shape[1]
        if num_positions > self.config.max_positions:
            raise ValueError(f"ids: the model has max_positions={self.config.max_positions}, "
                             f"got {num_positions} positions")
        X = embed(self.token_embedding, ids) + learned_positions(self.position_embedding, num_positions)
        mask = causal_mask(num_positions, device=ids.device)
        for layer in self.layers:
            X = layer(X, mask)
        return rms_norm(X, self.final_gamma, self.config.layer_norm_eps)

    def next_pixel_logits(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (B, N) -> logits (B, K, N): column n scores the palette colour of the pixel after position n."""
        return project(self.lm_head, self(ids), name="lm_head")

    def classify(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (B, N) -> class logits (B, classes): ``average_pool_head`` of the final hidden states (no bias)."""
        if self.head_weight is None:
            raise ValueError("config.num_classes is 0: this ImageGPT has no classification head")
        return average_pool_head(self(ids), self.head_weight)

    def sequence_logits(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (N,) -> logits (K, N): the model as ``reference.sampling.generate`` sees it, so that
        ``generate(model.sequence_logits, torch.tensor([sos_id]), H·W)[1:]`` draws an image of ids in raster order."""
        return self.next_pixel_logits(ids[None])[0]
