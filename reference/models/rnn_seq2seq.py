"""An RNN encoder–decoder with additive attention (RNNsearch, Bahdanau et al., 2015).

The encoder is a bidirectional ``nn.GRU``: column i of H (B, 2D_h, N) stacks the forward and backward states at
source position i. The decoder starts from s_0 = tanh(W_init h←_1 + b_init) (the backward state at the first
position, which has read the whole source) and runs ``reference.rnn_attention.attention_decoder_step`` once per
target token, with the weights of an ``nn.GRUCell``: at every step it scores all source positions with its previous
state, so each output token gets a context vector of its own.

src (B, N) -> logits (B, V, T), attention weights (B, N, T): column t is the distribution over target tokens after
target position t, and the weights its decoder step put on each source position.
"""
from __future__ import annotations

import torch
from torch import nn

from ..attention import project
from ..embeddings import embed
from ..masking import padding_mask
from ..rnn_attention import attention_decoder_step
from .modules import check_ids, empty_parameter, init_weights


class AttentionSeq2Seq(nn.Module):
    """Bidirectional GRU encoder, GRU decoder attending additively over the encoder states at every step."""

    def __init__(self, src_vocab_size: int, tgt_vocab_size: int, embed_dim: int, hidden_dim: int,
                 attention_dim: int) -> None:
        super().__init__()
        E, D, A = embed_dim, hidden_dim, attention_dim
        self.src_embedding = empty_parameter(E, src_vocab_size)              # (E, V_src), one column per token
        self.tgt_embedding = empty_parameter(E, tgt_vocab_size)              # (E, V_tgt)
        self.encoder = nn.GRU(E, D, batch_first=True, bidirectional=True)
        self.W_init, self.b_init = empty_parameter(D, D), empty_parameter(D)
        self.W, self.U, self.v = empty_parameter(A, D), empty_parameter(A, 2 * D), empty_parameter(A)
        self.decoder_cell = nn.GRUCell(E + 2 * D, D)                         # input: [embedding; context]
        self.W_out, self.b_out = empty_parameter(tgt_vocab_size, 3 * D), empty_parameter(tgt_vocab_size)
        init_weights(self, std=0.1)

    def step_params(self) -> dict[str, torch.Tensor]:
        """The parameter dict of ``attention_decoder_step``."""
        cell = self.decoder_cell
        return dict(W=self.W, U=self.U, v=self.v, weight_ih=cell.weight_ih, weight_hh=cell.weight_hh,
                    bias_ih=cell.bias_ih, bias_hh=cell.bias_hh, W_out=self.W_out, b_out=self.b_out)

    def encode(self, src: torch.Tensor, src_lengths: torch.Tensor | None = None
               ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """src (B, N) -> (H (B, 2D, N), s_0 (B, D), mask (B, N) or None); padded positions of H are zero."""
        check_ids("src", src)
        rows = embed(self.src_embedding, src).transpose(-2, -1)              # nn.GRU reads rows (B, N, E)
        if src_lengths is None:
            states, _ = self.encoder(rows)
            mask = None
        else:
            if src_lengths.shape != src.shape[:1]:
                raise ValueError(f"src_lengths: expected shape ({src.shape[0]},), got {tuple(src_lengths.shape)}")
            mask = padding_mask(src_lengths, src.shape[1])[..., 0]          # (B, N), True = real token
            packed = nn.utils.rnn.pack_padded_sequence(rows, src_lengths.cpu(), batch_first=True,
                                                       enforce_sorted=False)
            states, _ = nn.utils.rnn.pad_packed_sequence(self.encoder(packed)[0], batch_first=True,
                                                         total_length=src.shape[1])
        H = states.transpose(-2, -1)                                         # (B, 2D, N)
        backward_first = H[:, self.W_init.shape[0]:, 0]                 # h←_1 (B, D)
        s0 = torch.tanh(project(self.W_init, backward_first[..., None], self.b_init, "W_init")[..., 0])
        return H, s0, mask

    def forward(self, src: torch.Tensor, tgt_in: torch.Tensor, src_lengths: torch.Tensor | None = None
                ) -> tuple[torch.Tensor, torch.Tensor]:
        """Teacher forcing: src (B, N), tgt_in (B, T) (starting with BOS) -> (logits (B, V, T), weights (B, N, T))."""
        check_ids("tgt_in", tgt_in)
        H, s, mask = self.encode(src, src_lengths)
        inputs = embed(self.tgt_embedding, tgt_in)                           # (B, E, T)
        params, logits, weights = self.step_params(), [], []
        for t in range(tgt_in.shape[1]):
            s, step_logits, step_weights = attention_decoder_step(s, inputs[..., t], H, params, mask)
            logits.append(step_logits)
            weights.append(step_weights)
        return torch.stack(logits, dim=-1), torch.stack(weights, dim=-1)

    @torch.no_grad()
    def translate(self, src: torch.Tensor, bos_id: int, eos_id: int, max_new_tokens: int
                  ) -> tuple[torch.Tensor, torch.Tensor]:
        """Greedy decoding of one source src (N,) -> (target (1 + T,) starting with BOS and ending at the first EOS,
        weights (N, T): column t is where step t looked)."""
        if src.dim() != 1:
            raise ValueError(f"src: expected one sequence of ids (N,), got shape {tuple(src.shape)}")
        H, s, _ = self.encode(src[None])
        target, weights, params = [bos_id], [], self.step_params()
        for _ in range(max_new_tokens):
            y = embed(self.tgt_embedding, torch.tensor([target[-1]]))[..., 0]  # (1, E)
            s, logits, step_weights = attention_decoder_step(s, y, H, params)
            target.append(int(logits[0].argmax()))
            weights.append(step_weights[0])
            if target[-1] == eos_id:
                break
        return torch.tensor(target), torch.stack(weights, dim=-1)
