"""Model answer: additive (Bahdanau) attention, one step of an RNN decoder with it, and attention over a CNN grid."""
from __future__ import annotations

import torch

from .softmax import softmax_cols

DECODER_PARAMS = ("W", "U", "v", "weight_ih", "weight_hh", "bias_ih", "bias_hh", "W_out", "b_out")


def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Additive attention of a decoder state s (..., D_s) over encoder states H (..., D_h, N).

    W (D_a, D_s), U (D_a, D_h), v (D_a,); mask (..., N) bool, True = visible. e_i = vᵀ tanh(W s + U h_i).
    Returns (weights (..., N), the softmax of e over the N positions; context (..., D_h) = Σ_i weights_i h_i).
    """
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N) with the encoder states as columns; got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError(f"W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s {tuple(s.shape)} and H {tuple(H.shape)}")
    ### BEGIN SOLUTION  (todo: W s as a column plus U H, tanh, then vᵀ; softmax over N (mask first); context H·weights)
    query = (s @ W.T).unsqueeze(-1)                      # (..., D_a, 1): the same for every position
    hidden = torch.tanh(U @ H + query)                       # (..., D_a, N)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)          # (..., N): e_i = vᵀ hidden[:, i]
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)  # the positions as one column: sums to 1
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)        # (..., D_h)
    return weights, context
    ### END SOLUTION


def gru_step(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
             bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
    """One GRU step x (..., I), h (..., D) -> h' (..., D) with nn.GRUCell's parameters: weight_ih (3D, I),
    weight_hh (3D, D), bias_ih and bias_hh (3D,), their rows stacked as reset, update, candidate gates."""
    ### BEGIN SOLUTION  (todo: r, z from sigmoids of both products; n = tanh(x part + r * h part); (1 - z) n + z h)
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)     # (..., D) each
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = torch.sigmoid(reset_x + reset_h)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h
    ### END SOLUTION


def stack(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """[a; b]: a (..., P) over b (..., Q) -> (..., P + Q), the leading dimensions broadcast."""
    batch = torch.broadcast_tensors(a[..., 0], b[..., 0])[0].shape      # the leading dimensions, broadcast
    return torch.cat([a.expand(*batch, a.shape[-1]), b.expand(*batch, b.shape[-1])], dim=-1)


def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One decoder step: s_prev (..., D_s), y_prev (..., E), H (..., D_h, N), mask (..., N) or None.

    params: W (D_a, D_s), U (D_a, D_h), v (D_a,); weight_ih (3D_s, E + D_h), weight_hh (3D_s, D_s), bias_ih and
    bias_hh (3D_s,); W_out (V, D_s + D_h), b_out (V,). Returns (s (..., D_s), logits (..., V), weights (..., N)).
    """
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}; it needs {list(DECODER_PARAMS)}")
    ### BEGIN SOLUTION  (todo: attend with s_prev; GRU on [y_prev; c] from s_prev; logits = W_out [s; c] + b_out)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
    ### END SOLUTION


def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    """Additive attention of s (..., D_s) over a feature grid (..., C, H, W): one C-vector per cell.

    W (D_a, D_s), U (D_a, C), v (D_a,). Returns (weights (..., H, W), summing to 1 over the whole grid;
    context (..., C)).
    """
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    ### BEGIN SOLUTION  (todo: flatten the H x W cells into N = H*W columns, additive_attention, unflatten the weights)
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)   # cells in row-major order
    return weights.unflatten(-1, (height, width)), context
    ### END SOLUTION
