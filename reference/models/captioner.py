"""Image captioning with attention ("show, attend and tell", Xu et al., 2015), small, plus a SAGAN block.

A small fixed CNN — two stride-2 3×3 convolutions with ReLU, then a self-attention block over its feature map
(``FeatureMapSelfAttention``, SAGAN's 1×1-convolution queries, keys and values with a residual) — turns an image
(3, H, W) into a grid of features (C, H/4, W/4). A GRU decoder starts from s_0 = tanh(W_init mean(grid) + b_init)
and at every step attends additively over the grid cells with its previous state
(``reference.rnn_attention.grid_attention`` computes that attention; the decoder step is
``attention_decoder_step`` over the cells in row-major order), so each word gets its own view of the image.

images (B, 3, H, W), tgt_in (B, T) -> logits (B, V, T), weights (B, H/4, W/4, T).
"""
from __future__ import annotations

import torch
from torch import nn

from ..attention import project
from ..conv_attention import feature_map_self_attention
from ..embeddings import embed
from ..rnn_attention import attention_decoder_step
from .modules import check_ids, empty_parameter, init_weights


class FeatureMapSelfAttention(nn.Module):
    """SAGAN's self-attention block: (B, C, H, W) -> (B, C, H, W), every cell attending to every cell.

    Queries and keys have ``key_channels`` rows (default C/8, at least 1); γ starts at 0 (the block starts as the
    identity). The parameters are the (out, in) matrices of 1×1 convolutions.
    """

    def __init__(self, channels: int, key_channels: int | None = None) -> None:
        super().__init__()
        C_k = key_channels or max(channels // 8, 1)
        self.Wq, self.bq = empty_parameter(C_k, channels), empty_parameter(C_k)
        self.Wk, self.bk = empty_parameter(C_k, channels), empty_parameter(C_k)
        self.Wv, self.bv = empty_parameter(channels, channels), empty_parameter(channels)
        self.gamma = nn.Parameter(torch.zeros(()))

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        return feature_map_self_attention(features, dict(self.named_parameters()))[0]


class AttentionCaptioner(nn.Module):
    """A small CNN encoder with self-attention, and a GRU decoder attending over its feature grid."""

    def __init__(self, vocab_size: int, embed_dim: int, hidden_dim: int, attention_dim: int,
                 channels: int = 32, in_channels: int = 3) -> None:
        super().__init__()
        E, D, A, C = embed_dim, hidden_dim, attention_dim, channels
        self.cnn = nn.Sequential(nn.Conv2d(in_channels, C // 2, 3, stride=2, padding=1), nn.ReLU(),
                                 nn.Conv2d(C // 2, C, 3, stride=2, padding=1), nn.ReLU(),
                                 FeatureMapSelfAttention(C))
        self.embedding = empty_parameter(E, vocab_size)                     # (E, V)
        self.W_init, self.b_init = empty_parameter(D, C), empty_parameter(D)
        self.W, self.U, self.v = empty_parameter(A, D), empty_parameter(A, C), empty_parameter(A)
        self.decoder_cell = nn.GRUCell(E + C, D)                             # input: [embedding; context]
        self.W_out, self.b_out = empty_parameter(vocab_size, D + C), empty_parameter(vocab_size)
        init_weights(self, std=0.1)
        with torch.no_grad():
            self.cnn[-1].gamma.zero_()                                       # SAGAN: start as the identity

    def step_params(self) -> dict[str, torch.Tensor]:
        """The parameter dict of ``attention_decoder_step``."""
        cell = self.decoder_cell
        return dict(W=self.W, U=self.U, v=self.v, weight_ih=cell.weight_ih, weight_hh=cell.weight_hh,
                    bias_ih=cell.bias_ih, bias_hh=cell.bias_hh, W_out=self.W_out, b_out=self.b_out)

    def encode(self, images: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """images (B, C_in, H, W) -> (feature grid (B, C, H/4, W/4), s_0 (B, D))."""
        if not isinstance(images, torch.Tensor) or images.dim() != 4:
            raise ValueError(f"images: expected a tensor (B, C, H, W), got shape {tuple(getattr(images, 'shape', ()))}")
        grid = self.cnn(images)
        mean = grid.flatten(-2).mean(dim=-1, keepdim=True)                   # (B, C, 1)
        return grid, torch.tanh(project(self.W_init, mean, self.b_init, "W_init")[..., 0])

    def forward(self, images: torch.Tensor, tgt_in: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """images (B, C_in, H, W), tgt_in (B, T) -> (logits (B, V, T), weights (B, H/4, W/4, T))."""
        check_ids("tgt_in", tgt_in)
        grid, s = self.encode(images)
        cells = grid.flatten(-2)                                             # (B, C, h·w), row-major
        inputs = embed(self.embedding, tgt_in)                               # (B, E, T)
        params, logits, weights = self.step_params(), [], []
        for t in range(tgt_in.shape[1]):
            s, step_logits, step_weights = attention_decoder_step(s, inputs[..., t], cells, params)
            logits.append(step_logits)
            weights.append(step_weights.unflatten(-1, grid.shape[-2:]))
        return torch.stack(logits, dim=-1), torch.stack(weights, dim=-1)

    @torch.no_grad()
    def caption(self, image: torch.Tensor, bos_id: int, eos_id: int, max_new_tokens: int
                ) -> tuple[torch.Tensor, torch.Tensor]:
        """Greedy caption of one image (C_in, H, W) -> (ids (1 + T,), weights (H/4, W/4, T))."""
        grid, s = self.encode(image[None])
        ids, weights, params = [bos_id], [], self.step_params()
        for _ in range(max_new_tokens):
            y = embed(self.embedding, torch.tensor([ids[-1]]))[..., 0]        # (1, E)
            s, logits, step_weights = attention_decoder_step(s, y, grid.flatten(-2), params)
            ids.append(int(logits[0].argmax()))
            weights.append(step_weights[0].unflatten(-1, grid.shape[-2:]))
            if ids[-1] == eos_id:
                break
        return torch.tensor(ids), torch.stack(weights, dim=-1)
