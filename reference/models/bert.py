"""A BERT-style encoder: bidirectional post-LN layers over token + position + segment embeddings.

ids (B, N) -> hidden (B, D, N). On top: a masked-LM head tied to the token embedding (logits (B, V, N)), and a
pooler reading the [CLS] column, followed by the next-sentence head (logits (B, 2), Hugging Face's
``BertForPreTraining``) or a classifier (logits (B, K)). ``reference.pretraining`` makes the training examples.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import torch
from torch import nn

from ..attention import project
from ..embeddings import embed, learned_positions
from ..masking import padding_mask
from ..pretraining import IGNORE_INDEX
from ..transformer_layer import ACTIVATIONS
from .modules import Affine, Norm, TransformerLayer, check_ids, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import ModelConfig


class MaskedLMHead(nn.Module):
    """logits = Ω_eᵀ LN(act(W h + b)) + bias: a transform, then the token embedding read backwards (tied)."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.transform = Affine(config.d_model, config.d_model)
        self.norm = Norm(config.d_model, config.layer_norm_eps)
        self.bias = empty_parameter(config.vocab_size)
        self.activation = ACTIVATIONS[config.activation]

    def forward(self, hidden: torch.Tensor, omega_e: torch.Tensor) -> torch.Tensor:
        """hidden (B, D, N), Ω_e (D, V) -> logits (B, V, N)."""
        return project(omega_e.T, self.norm(self.activation(self.transform(hidden))), self.bias, "omega_e.T")


class BertEncoder(nn.Module):
    """BERT. ``lengths`` (B,) marks padding: in row b only the first ``lengths[b]`` tokens are visible as keys."""

    uncounted_heads = ("mlm_head", "nsp_head", "classifier")  # configs.count_parameters: BertModel's (with pooler)

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D = config.d_model
        self.config = config
        self.token_embedding = empty_parameter(D, config.vocab_size)        # Ω_e (D, V)
        self.position_embedding = empty_parameter(D, config.max_positions)  # (D, N_max), learned
        self.segment_embedding = empty_parameter(D, config.type_vocab_size)  # (D, number of segments)
        self.embedding_norm = Norm(D, config.layer_norm_eps)
        self.layers = nn.ModuleList(TransformerLayer(config) for _ in range(config.num_layers))
        self.final_norm = Norm(D, config.layer_norm_eps) if config.norm_first else None
        self.pooler = Affine(D, D)
        self.mlm_head = MaskedLMHead(config)
        self.nsp_head = Affine(D, 2)                                        # is-next (0) / random (1) from [CLS]
        self.classifier = Affine(D, config.num_classes) if config.num_classes else None
        init_weights(self)

    def forward(self, ids: torch.Tensor, segments: torch.Tensor | None = None,
                lengths: torch.Tensor | None = None) -> torch.Tensor:
        """ids (B, N), segments (B, N) (default all 0), lengths (B,) (default no padding) -> hidden (B, D, N)."""
        check_ids("ids", ids)
        num_tokens = ids.shape[1]
        if num_tokens > self.config.max_positions:
            raise ValueError(f"ids: at most max_positions={self.config.max_positions} tokens, got {num_tokens}")
        if segments is None:
            segments = torch.zeros_like(ids)
        elif segments.shape != ids.shape:
            raise ValueError(f"segments: expected the shape of ids {tuple(ids.shape)}, got {tuple(segments.shape)}")
        mask = None
        if lengths is not None:
            if lengths.shape != ids.shape[:1]:
                raise ValueError(f"lengths: expected shape ({ids.shape[0]},), got {tuple(lengths.shape)}")
            mask = padding_mask(lengths, num_tokens)                       # (B, N_k, 1)
        X = (embed(self.token_embedding, ids) + learned_positions(self.position_embedding, num_tokens)
             + embed(self.segment_embedding, segments))
        X = self.embedding_norm(X)
        for layer in self.layers:
            X = layer(X, mask)
        return X if self.final_norm is None else self.final_norm(X)

    def masked_lm_logits(self, ids: torch.Tensor, segments: torch.Tensor | None = None,
                         lengths: torch.Tensor | None = None) -> torch.Tensor:
        """ids (B, N) -> logits (B, V, N): column n scores every token for position n."""
        return self.mlm_head(self(ids, segments, lengths), self.token_embedding)

    def pooled(self, hidden: torch.Tensor) -> torch.Tensor:
        """hidden (B, D, N) -> (B, D): tanh(W h_[CLS] + b), the summary of the sequence."""
        return torch.tanh(self.pooler(hidden[..., :1]))[..., 0]

    def pretraining_logits(self, ids: torch.Tensor, segments: torch.Tensor | None = None,
                           lengths: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """ids (B, N) -> (MLM logits (B, V, N), NSP logits (B, 2)), the two heads of BERT's pre-training."""
        hidden = self(ids, segments, lengths)
        return self.mlm_head(hidden, self.token_embedding), self.nsp_head(self.pooled(hidden)[..., None])[..., 0]

    def pretraining_loss(self, ids: torch.Tensor, mlm_labels: torch.Tensor, nsp_labels: torch.Tensor,
                         segments: torch.Tensor | None = None, lengths: torch.Tensor | None = None) -> torch.Tensor:
        """Mean cross-entropy over the chosen positions (``mlm_labels`` (B, N), -100 elsewhere) plus the mean NSP
        cross-entropy (``nsp_labels`` (B,), 0 = is next): a 0-d tensor, as ``BertForPreTraining`` sums them."""
        mlm_logits, nsp_logits = self.pretraining_logits(ids, segments, lengths)
        if mlm_labels.shape != ids.shape or nsp_labels.shape != ids.shape[:1]:
            raise ValueError(f"mlm_labels, nsp_labels: expected shapes {tuple(ids.shape)} and ({ids.shape[0]},), "
                             f"got {tuple(mlm_labels.shape)} and {tuple(nsp_labels.shape)}")
        mlm = nn.functional.cross_entropy(mlm_logits, mlm_labels, ignore_index=IGNORE_INDEX)  # classes on dim 1
        return mlm + nn.functional.cross_entropy(nsp_logits, nsp_labels)

    def classify(self, ids: torch.Tensor, segments: torch.Tensor | None = None,
                 lengths: torch.Tensor | None = None) -> torch.Tensor:
        """ids (B, N) -> class logits (B, K) from the pooled [CLS] column."""
        if self.classifier is None:
            raise ValueError("config.num_classes is 0: this encoder has no classifier")
        return self.classifier(self.pooled(self(ids, segments, lengths))[..., None])[..., 0]
