"""A GPT-style decoder: causal pre-LN layers over token + learned position embeddings, a final layer norm and an LM
head tied to the token embedding. ids (B, N) -> logits (B, V, N); column n scores the token after position n.

Generation keeps a KV cache: the keys and values of the tokens already seen, per layer, so each new token costs one
column of work instead of a pass over the whole sequence.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import torch
from torch import nn

from .._shapes import check_positive_int
from ..attention import project, scaled_dot_product_attention
from ..embeddings import embed, learned_positions
from ..masking import causal_mask
from ..multihead import combine_heads, project_heads
from ..sampling import beam_search, next_token_probs, sequence_log_prob
from ..transformer_layer import feed_forward, residual_sublayers
from .modules import Norm, TransformerLayer, check_ids, empty_parameter, init_weights

if TYPE_CHECKING:
    from .config import ModelConfig


class KVCache:
    """Per layer, the keys and values of every position seen so far, each (B, H, D/H, N_past)."""

    def __init__(self) -> None:
        self.keys: list[torch.Tensor] = []
        self.values: list[torch.Tensor] = []

    def __len__(self) -> int:
        """The number of cached positions."""
        return self.keys[0].shape[-1] if self.keys else 0

    def extend(self, layer: int, K: torch.Tensor, V: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Append the new positions' K, V (B, H, D/H, n) to layer ``layer``; return all of them."""
        if layer == len(self.keys):
            self.keys.append(K)
            self.values.append(V)
        else:
            self.keys[layer] = torch.cat([self.keys[layer], K], dim=-1)
            self.values[layer] = torch.cat([self.values[layer], V], dim=-1)
        return self.keys[layer], self.values[layer]


def cached_layer(layer: TransformerLayer, X: torch.Tensor, cache: KVCache, index: int) -> torch.Tensor:
    """``layer`` on the new columns X (B, D, n) only, attending to the cached positions and causally to each other.

    Equals the last n columns of ``layer`` run on the whole sequence with a causal mask.
    """
    params = layer.params()

    def attend(Y: torch.Tensor) -> torch.Tensor:
        Q, K, V = (project_heads(params, c, Y, layer.num_heads) for c in "qkv")  # (B, H, D/H, n)
        K, V = cache.extend(index, K, V)                                       # (B, H, D/H, past + n)
        num_keys, num_new = K.shape[-1], Q.shape[-1]
        visible = causal_mask(num_keys, device=X.device)[:, num_keys - num_new:]  # the new queries' columns
        heads, _ = scaled_dot_product_attention(Q, K, V, visible)
        return combine_heads(params, heads)

    def feed(Y: torch.Tensor) -> torch.Tensor:
        return feed_forward(Y, **layer.feed_forward_params(), activation=layer.activation)

    return residual_sublayers(X, (attend, feed), params, layer.norm_first, layer.eps)


class GPTDecoder(nn.Module):
    """GPT-2 / GPT-3 shaped decoder (dense attention in every layer)."""

    uncounted_heads = ()  # the LM head is the token embedding: nothing extra to leave out

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D = config.d_model
        self.config = config
        self.token_embedding = empty_parameter(D, config.vocab_size)        # Ω_e (D, V), also the LM head
        self.position_embedding = empty_parameter(D, config.max_positions)  # (D, N_max), learned
        self.layers = nn.ModuleList(TransformerLayer(config) for _ in range(config.num_layers))
        self.final_norm = Norm(D, config.layer_norm_eps) if config.norm_first else None
        init_weights(self)

    def forward(self, ids: torch.Tensor, cache: KVCache | None = None) -> torch.Tensor:
        """ids (B, N) -> logits (B, V, N).

        With a ``cache``, ``ids`` are the tokens that follow the cached ones: they get the next positions, attend
        to the cached keys and values, and are added to the cache.
        """
        check_ids("ids", ids)
        num_past = 0 if cache is None else len(cache)
        num_positions = num_past + ids.shape[1]
        if num_positions > self.config.max_positions:
            raise ValueError(f"ids: the model has max_positions={self.config.max_positions}, "
                             f"got {num_positions} positions")
        X = embed(self.token_embedding, ids) + learned_positions(self.position_embedding, num_positions)[:, num_past:]
        if cache is None:
            mask = causal_mask(ids.shape[1], device=ids.device)
            for layer in self.layers:
                X = layer(X, mask)
        else:
            for index, layer in enumerate(self.layers):
                X = cached_layer(layer, X, cache, index)
        if self.final_norm is not None:
            X = self.final_norm(X)
        return project(self.token_embedding.T, X, name="token_embedding.T")   # tied head: Ω_eᵀ H

    def sequence_logits(self, ids: torch.Tensor) -> torch.Tensor:
        """ids (N,) -> logits (V, N): the model as ``reference.sampling`` sees it (recomputes everything)."""
        return self(ids[None])[0]

    @torch.no_grad()
    def generate(self, prompt: torch.Tensor, max_new_tokens: int, temperature: float = 1.0,
                 top_k: int | None = None, top_p: float | None = None, eos_id: int | None = None,
                 generator: torch.Generator | None = None) -> torch.Tensor:
        """prompt (N0,) -> (N0 + n_new,), with the KV cache.

        Draws exactly as ``reference.sampling.generate(self.sequence_logits, …)`` does (``next_token_probs``, then
        ``torch.multinomial(probs, 1, generator=generator)``), so both give the same tokens. ``temperature=0`` is
        greedy. Stops after emitting ``eos_id``.
        """
        check_ids("prompt", prompt, ("N",))
        check_positive_int("max_new_tokens", max_new_tokens, minimum=0)
        if len(prompt) + max_new_tokens - 1 > self.config.max_positions:
            raise ValueError(f"max_new_tokens: the prompt ({len(prompt)}) plus {max_new_tokens} new tokens need "
                             f"more than max_positions={self.config.max_positions} positions")
        cache = KVCache()
        ids = prompt.long()
        new_columns = ids
        for _ in range(max_new_tokens):
            logits = self(new_columns[None], cache)[0, :, -1]
            token = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator)
            ids = torch.cat([ids, token])
            if eos_id is not None and int(token) == eos_id:
                break
            new_columns = token
        return ids

    @torch.no_grad()
    def beam_search(self, prompt: torch.Tensor, beam_width: int, max_new_tokens: int,
                    eos_id: int | None = None) -> torch.Tensor:
        """The best sequence by ``reference.sampling.beam_search`` (prompt included)."""
        return beam_search(self.sequence_logits, prompt, beam_width, max_new_tokens, eos_id)

    def sequence_log_prob(self, ids: torch.Tensor) -> torch.Tensor:
        """log p(ids[1:] | ids[0]) by the chain rule, one forward pass (0-d tensor)."""
        return sequence_log_prob(self.sequence_logits, ids)
