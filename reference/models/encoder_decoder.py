"""An encoder–decoder transformer for translation, shaped like "Attention is all you need" (base/big).

Source and target share one token embedding Ω_e (D, V), scaled by sqrt(D) and added to sinusoidal positions; the
output projection is Ω_eᵀ (tied). The encoder's post-LN layers read the source; each decoder layer attends causally
to the target so far and then to the encoder's output (cross-attention).
src (B, N_s), tgt (B, N_t) -> logits (B, V, N_t); column n scores the target token after position n.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import torch
from torch import nn

from ..attention import project
from ..embeddings import embed, sinusoidal_positions
from ..masking import padding_mask
from ..sampling import generate
from .modules import DecoderLayer, Norm, TransformerLayer, check_ids, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import ModelConfig


class EncoderDecoder(nn.Module):
    """``src_lengths`` (B,) marks source padding: only the first ``src_lengths[b]`` source tokens are visible."""

    uncounted_heads = ()  # the output projection is the shared embedding: nothing extra to leave out

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D = config.d_model
        self.config = config
        self.token_embedding = empty_parameter(D, config.vocab_size)  # Ω_e (D, V): source, target and output
        self.encoder_layers = nn.ModuleList(TransformerLayer(config) for _ in range(config.num_layers))
        self.decoder_layers = nn.ModuleList(DecoderLayer(config) for _ in range(config.num_decoder_layers))
        self.encoder_norm = Norm(D, config.layer_norm_eps) if config.norm_first else None
        self.decoder_norm = Norm(D, config.layer_norm_eps) if config.norm_first else None
        init_weights(self)

    def embed_tokens(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (B, N) -> sqrt(D) Ω_e[:, ids] + Π[:, :N], shape (B, D, N)."""
        check_ids("ids", ids)
        D = self.config.d_model
        positions = sinusoidal_positions(ids.shape[1], D, dtype=self.token_embedding.dtype)
        return math.sqrt(D) * embed(self.token_embedding, ids) + positions.to(ids.device)

    @staticmethod
    def _source_mask(src_lengths: torch.Tensor | None, batch_size: int, num_source: int) -> torch.Tensor | None:
        """(B, N_s, 1): hides padded source columns from every query (None: nothing is padded)."""
        if src_lengths is None:
            return None
        if src_lengths.shape != (batch_size,):
            raise ValueError(f"src_lengths: expected shape ({batch_size},), got {tuple(src_lengths.shape)}")
        return padding_mask(src_lengths, num_source)

    def encode(self, src: torch.Tensor, src_lengths: torch.Tensor | None = None) -> torch.Tensor:
        """src (B, N_s) -> memory (B, D, N_s)."""
        X = self.embed_tokens(src)
        mask = self._source_mask(src_lengths, *src.shape)
        for layer in self.encoder_layers:
            X = layer(X, mask)
        return X if self.encoder_norm is None else self.encoder_norm(X)

    def decode(self, tgt: torch.Tensor, memory: torch.Tensor,
               src_lengths: torch.Tensor | None = None) -> torch.Tensor:
        """tgt (B, N_t), memory (B, D, N_s) -> logits (B, V, N_t). ``src_lengths`` hides padded source columns."""
        X = self.embed_tokens(tgt)
        enc_mask = self._source_mask(src_lengths, X.shape[0], memory.shape[-1])
        for layer in self.decoder_layers:
            X = layer(X, memory, enc_mask)
        if self.decoder_norm is not None:
            X = self.decoder_norm(X)
        return project(self.token_embedding.T, X, name="token_embedding.T")

    def forward(self, src: torch.Tensor, tgt: torch.Tensor, src_lengths: torch.Tensor | None = None) -> torch.Tensor:
        """src (B, N_s), tgt (B, N_t) -> logits (B, V, N_t) (teacher forcing)."""
        return self.decode(tgt, self.encode(src, src_lengths), src_lengths)

    @torch.no_grad()
    def translate(self, src: torch.Tensor, bos_id: int, eos_id: int, max_new_tokens: int) -> torch.Tensor:
        """src (N_s,) -> target ids (n,), greedy: starts with ``bos_id``, ends with ``eos_id`` or after
        ``max_new_tokens`` tokens. The source is encoded once; the decoder reruns on the growing target."""
        check_ids("src", src, ("N",))
        memory = self.encode(src[None])
        start = torch.tensor([bos_id], device=src.device)
        return generate(lambda tgt: self.decode(tgt[None], memory)[0], start, max_new_tokens, temperature=0.0,
                        eos_id=eos_id)
