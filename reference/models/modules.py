"""Parameter holders for the models: nn.Modules whose parameters carry the contract's names, so that
``module.params()`` can be handed straight to the functional core (``reference.transformer_layer`` and friends).

Weights are stored (out, in) like ``nn.Linear.weight``; every computation is a call into the core.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import torch
from torch import nn

from .._shapes import check_shape
from ..attention import project
from ..cross_attention import decoder_layer
from ..multihead import ATTENTION_KEYS
from ..transformer_layer import FEED_FORWARD_KEYS, layer_norm, transformer_layer

if TYPE_CHECKING:
    from .config import ModelConfig


def empty_parameter(*shape: int) -> nn.Parameter:
    """Uninitialised storage (see ``init_weights``); under ``torch.device("meta")`` it costs no memory."""
    return nn.Parameter(torch.empty(*shape))


def init_weights(module: nn.Module, std: float = 0.02) -> None:
    """GPT-2/BERT-style initialisation: layer-norm gains (``gamma*``) 1, biases and shifts (``b*``, ``beta*``) 0,
    every other weight N(0, std²)."""
    with torch.no_grad():
        for name, parameter in module.named_parameters():
            leaf = name.rsplit(".", 1)[-1]
            if leaf.startswith("gamma"):
                parameter.fill_(1.0)
            elif leaf.startswith("b"):
                parameter.zero_()
            else:
                parameter.normal_(0.0, std)


def check_ids(name: str, ids: torch.Tensor, dims: tuple[str, ...] = ("B", "N")) -> None:
    """ValueError unless ``ids`` is an integer tensor of shape ``dims`` with at least one token."""
    check_shape(name, ids, dims, {}, batched=False)
    if ids.dtype.is_floating_point or ids.dtype == torch.bool or ids.shape[-1] == 0:
        raise ValueError(f"{name}: expected a non-empty integer tensor of token ids, shape ({', '.join(dims)}), "
                         f"got dtype {ids.dtype} and shape {tuple(ids.shape)}")


class Affine(nn.Module):
    """``weight (out, in) @ X + bias``, X (..., in, N) -> (..., out, N)."""

    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.weight = empty_parameter(d_out, d_in)
        self.bias = empty_parameter(d_out)

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        return project(self.weight, X, self.bias, "weight")


class Norm(nn.Module):
    """Layer norm over the rows of each column, X (..., D, N) -> (..., D, N)."""

    def __init__(self, d_model: int, eps: float) -> None:
        super().__init__()
        self.gamma = empty_parameter(d_model)
        self.beta = empty_parameter(d_model)
        self.eps = eps

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        return layer_norm(X, self.gamma, self.beta, self.eps)


def _add_attention_parameters(module: nn.Module, d_model: int) -> None:
    """The eight parameters of multi-head attention: Wq, Wk, Wv, Wo (D, D) and bq, bk, bv, bo (D,)."""
    for key in ATTENTION_KEYS:
        setattr(module, key, empty_parameter(*((d_model, d_model) if key.startswith("W") else (d_model,))))


class Attention(nn.Module):
    """The parameters of one multi-head attention, as ``multi_head_attention`` takes them."""

    def __init__(self, d_model: int) -> None:
        super().__init__()
        _add_attention_parameters(self, d_model)

    def params(self) -> dict[str, torch.Tensor]:
        return dict(self.named_parameters())


class _Layer(nn.Module):
    """What every layer has: a feed-forward network (W1 (F, D), b1, W2 (D, F), b2) and ``num_norms`` layer norms
    (gamma1, beta1, …), plus the settings the core needs."""

    def __init__(self, config: ModelConfig, num_norms: int) -> None:
        super().__init__()
        D, F = config.d_model, config.d_ff
        self.W1, self.b1 = empty_parameter(F, D), empty_parameter(F)
        self.W2, self.b2 = empty_parameter(D, F), empty_parameter(D)
        for k in range(1, num_norms + 1):
            setattr(self, f"gamma{k}", empty_parameter(D))
            setattr(self, f"beta{k}", empty_parameter(D))
        self.num_heads = config.num_heads
        self.norm_first = config.norm_first
        self.activation = config.activation
        self.eps = config.layer_norm_eps

    def feed_forward_params(self) -> dict[str, torch.Tensor]:
        return {key: getattr(self, key) for key in FEED_FORWARD_KEYS}


class TransformerLayer(_Layer):
    """One encoder layer (self-attention + feed-forward); its flat parameter dict is ``transformer_layer``'s."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__(config, num_norms=2)
        _add_attention_parameters(self, config.d_model)  # flat, beside the FFN's, as transformer_layer wants them

    def params(self) -> dict[str, torch.Tensor]:
        return dict(self.named_parameters())

    def forward(self, X: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        """X (B, D, N) -> (B, D, N); ``mask`` (…, N_k, N_q), True = visible."""
        return transformer_layer(X, self.params(), self.num_heads, mask, self.norm_first,
                                 activation=self.activation, eps=self.eps)


class DecoderLayer(_Layer):
    """One decoder layer of an encoder–decoder: masked self-attention, cross-attention, feed-forward."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__(config, num_norms=3)
        self.self_attn = Attention(config.d_model)
        self.cross_attn = Attention(config.d_model)

    def params(self) -> dict:
        return {"self_attn": self.self_attn.params(), "cross_attn": self.cross_attn.params(),
                **dict(self.named_parameters(recurse=False))}

    def forward(self, X: torch.Tensor, memory: torch.Tensor, enc_mask: torch.Tensor | None = None) -> torch.Tensor:
        """X (B, D, N_d) attends causally to itself and to ``memory`` (B, D, N_e) -> (B, D, N_d)."""
        return decoder_layer(X, memory, self.params(), self.num_heads, enc_mask, norm_first=self.norm_first,
                             activation=self.activation, eps=self.eps)
