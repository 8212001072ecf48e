"""Attention before the transformer: an RNN decoder that attends over its encoder's states (Bahdanau et al., 2015),
and the same attention over a CNN's grid of features, for captioning (Xu et al., 2015).

Column convention: the encoder states are H (..., D_h, N), one column per source position; a feature grid is
(..., C, H, W), one C-vector per cell. A decoder state is a single vector s (..., D_s): the decoder runs one step
at a time. Weights are stored (out, in), so W s is ``W @ s``.

At decoder step t the alignment score of source position i is e_i = vᵀ tanh(W s_{t-1} + U h_i) — a one-hidden-layer
MLP of the *previous* decoder state and h_i — and the weights softmax(e) mix the encoder states into a context
vector c_t = Σ_i a_i h_i, a new one at every step (the fixed-size bottleneck of a plain RNN encoder–decoder is gone).

The GRU cell is written out (``gru_cell``) with ``torch.nn.GRUCell``'s parameter layout, so the weights of an
``nn.GRUCell`` (or one layer and direction of an ``nn.GRU``) plug straight in.
"""
from __future__ import annotations

import torch

from ._shapes import broadcast_shapes, check_shape
from .softmax import softmax_cols

DECODER_KEYS = ("W", "U", "v", "weight_ih", "weight_hh", "bias_ih", "bias_hh", "W_out", "b_out")


def matvec(W: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """W (out, in), x (..., in) -> W x of shape (..., out)."""
    return (W @ x.unsqueeze(-1)).squeeze(-1)


def stack_rows(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """a (..., P), b (..., Q) -> [a; b] of shape (..., P + Q), the leading dimensions broadcast."""
    batch = broadcast_shapes(a.shape[:-1], b.shape[:-1])
    return torch.cat([a.expand(*batch, -1), b.expand(*batch, -1)], dim=-1)


def gru_cell(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
             bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
    """One GRU step, x (..., I), h (..., D) -> h' (..., D), with ``nn.GRUCell``'s parameters: ``weight_ih`` (3D, I)
    and ``weight_hh`` (3D, D) stack the reset, update and candidate rows in that order, biases (3D,).

    r = σ(W_ir x + b_ir + W_hr h + b_hr),  z = σ(W_iz x + b_iz + W_hz h + b_hz),
    n = tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn)),  h' = (1 − z) ⊙ n + z ⊙ h.
    """
    sizes: dict[str, int] = {}
    check_shape("x", x, ("I",), sizes)
    check_shape("h", h, ("D",), sizes)
    sizes["3D"] = 3 * sizes["D"]
    check_shape("weight_ih", weight_ih, ("3D", "I"), sizes, batched=False)
    check_shape("weight_hh", weight_hh, ("3D", "D"), sizes, batched=False)
    check_shape("bias_ih", bias_ih, ("3D",), sizes, batched=False)
    check_shape("bias_hh", bias_hh, ("3D",), sizes, batched=False)
    input_reset, input_update, input_new = (matvec(weight_ih, x) + bias_ih).chunk(3, dim=-1)
    hidden_reset, hidden_update, hidden_new = (matvec(weight_hh, h) + bias_hh).chunk(3, dim=-1)
    reset = torch.sigmoid(input_reset + hidden_reset)
    update = torch.sigmoid(input_update + hidden_update)
    candidate = torch.tanh(input_new + reset * hidden_new)
    return (1 - update) * candidate + update * h


def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                       mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Bahdanau attention of a decoder state over encoder states -> (weights (..., N), context (..., D_h)).

    s (..., D_s), H (..., D_h, N), W (D_a, D_s), U (D_a, D_h), v (D_a,); ``mask`` (..., N) is True where a source
    position is visible (padding is not). e_i = vᵀ tanh(W s + U h_i), weights = softmax over the N positions,
    context = H · weights = Σ_i a_i h_i. A state that may see no position gets all-zero weights and context.
    """
    sizes: dict[str, int] = {}
    check_shape("s", s, ("D_s",), sizes)
    check_shape("H", H, ("D_h", "N"), sizes)
    check_shape("W", W, ("D_a", "D_s"), sizes, batched=False)
    check_shape("U", U, ("D_a", "D_h"), sizes, batched=False)
    check_shape("v", v, ("D_a",), sizes, batched=False)
    hidden = torch.tanh(U @ H + matvec(W, s).unsqueeze(-1))           # (..., D_a, N): one MLP per position
    scores = (v @ hidden).unsqueeze(-1)                                # (..., N, 1): e as a column
    if mask is not None:
        if not isinstance(mask, torch.Tensor) or mask.dtype != torch.bool or mask.shape[-1:] != scores.shape[-2:-1]:
            raise ValueError(f"mask: expected a boolean tensor (..., N={sizes['N']}), True = visible")
        scores = scores.masked_fill(~mask.unsqueeze(-1), float("-inf"))
    weights = softmax_cols(scores)                                     # the column sums to 1 over positions
    return weights.squeeze(-1), (H @ weights).squeeze(-1)


def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                           params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One step of a GRU decoder with additive attention -> (s_t (..., D_s), logits (..., V), weights (..., N)).

    s_prev (..., D_s) is s_{t-1}; y_prev (..., E) the embedding of the previous output token; H (..., D_h, N) the
    encoder states; ``mask`` (..., N) as in ``additive_attention``. ``params``: the attention's W (D_a, D_s),
    U (D_a, D_h), v (D_a,); the GRU cell's weight_ih (3D_s, E + D_h), weight_hh (3D_s, D_s), bias_ih, bias_hh
    (3D_s,) in ``nn.GRUCell``'s layout; the read-out W_out (V, D_s + D_h), b_out (V,).

        weights, c_t = additive_attention(s_{t-1}, H)          # scored with the previous state
        s_t = GRU([y_{t-1}; c_t], s_{t-1})                      # input: embedding rows, then context rows
        logits = W_out [s_t; c_t] + b_out
    """
    missing = [key for key in DECODER_KEYS if key not in params]
    if missing:
        raise ValueError(f"params: missing {', '.join(missing)} (expected keys {', '.join(DECODER_KEYS)})")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    check_shape("y_prev", y_prev, ("E",), {})
    s = gru_cell(stack_rows(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    readout = stack_rows(s, context)                                   # (..., D_s + D_h)
    sizes: dict[str, int] = {}
    check_shape("W_out", params["W_out"], ("V", readout.shape[-1]), sizes, batched=False)
    check_shape("b_out", params["b_out"], ("V",), sizes, batched=False)
    return s, matvec(params["W_out"], readout) + params["b_out"], weights


def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    """Additive attention of a decoder state over a CNN feature grid -> (weights (..., H, W), context (..., C)).

    s (..., D_s), features (..., C, H, W), W (D_a, D_s), U (D_a, C), v (D_a,). e_{ij} = vᵀ tanh(W s + U h_{ij});
    one softmax over all H·W cells together (the weights sum to 1 over the whole grid); context = Σ_ij a_ij h_ij.
    """
    check_shape("features", features, ("C", "H", "W"), {})
    grid = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)   # cells in row-major order
    return weights.unflatten(-1, grid), context
