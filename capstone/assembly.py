"""The capstone models, assembled from the course's parts: a GPT, a Vision Transformer, an encoder–decoder
translator and ImageGPT's next-pixel decoder. Nothing here is an exercise: this is public course code that only
calls the contract's functions (docs/contract.md) and adds them up.

It imports its parts relatively and inside each function (`from .transformer_layer import transformer_layer`), so
this one file runs on any package that holds the contract's modules: the learner's `exercises/`, the model answers
`solutions/` or the library `reference/` (`capstone.parts` loads it beside them), and in the grader's sandbox beside
a submission's modules as `_course_capstone`, where a missing module costs only the models that need it.

Weights are one flat dict of tensors named as the reference models name their parameters (`token_embedding`,
`layers.0.Wq`, `decoder_layers.1.cross_attn.Wk`, `final_norm.gamma`, ...: `reference.models`), passed as keyword
arguments so that the grader can ask for the gradient of each one. Column convention throughout: ids (B, N) ->
hidden states (B, D, N) -> logits (B, V, N).
"""
from __future__ import annotations

import math

import torch

# The contract's modules each model calls, for messages that say where a model's parts come from.
MODULES = {
    "gpt": ("embeddings", "masking", "transformer_layer", "multihead", "attention", "softmax"),
    "vit": ("patch_embedding", "transformer_layer", "multihead", "attention", "softmax", "masking"),
    "translation": ("embeddings", "masking", "transformer_layer", "cross_attention", "multihead", "attention",
                    "softmax"),
    "imagegpt": ("embeddings", "masking", "transformer_layer", "multihead", "attention", "softmax"),
}


def prefixed(weights: dict[str, torch.Tensor], prefix: str) -> dict[str, torch.Tensor]:
    """The entries of ``weights`` under ``prefix`` (``"layers.0."``), with the prefix removed."""
    return {name[len(prefix):]: value for name, value in weights.items() if name.startswith(prefix)}


def num_layers(weights: dict[str, torch.Tensor], stack: str) -> int:
    """How many layers ``stack`` (``"layers"``, ``"encoder_layers"``, ...) has in ``weights``."""
    indices = {int(name.split(".")[1]) for name in weights if name.startswith(stack + ".")}
    return len(indices)


def decoder_layer_params(weights: dict[str, torch.Tensor], prefix: str) -> dict:
    """A decoder layer's parameters as ``decoder_layer`` takes them: ``self_attn`` and ``cross_attn`` sub-dicts."""
    flat = prefixed(weights, prefix)
    params: dict = {key: value for key, value in flat.items() if "." not in key}
    params["self_attn"] = prefixed(flat, "self_attn.")
    params["cross_attn"] = prefixed(flat, "cross_attn.")
    return params


# ------------------------------------------------------------------------------------------------ decoders

def decoder_states(ids: torch.Tensor, num_heads: int, **weights: torch.Tensor) -> list[torch.Tensor]:
    """A GPT-style stack on ids (B, N): [X_0, X_1, ..., X_L, H], each (B, D, N).

    X_0 = Ω_e[:, ids] + P[:, :N] (learned positions ``position_embedding`` (D, N_max)); X_l = pre-LN layer l with a
    causal mask; H = the final layer norm of X_L.
    """
    from .embeddings import embed
    from .masking import causal_mask
    from .transformer_layer import layer_norm, transformer_layer

    num_positions = ids.shape[-1]
    X = embed(weights["token_embedding"], ids) + weights["position_embedding"][:, :num_positions]
    mask = causal_mask(num_positions)
    states = [X]
    for index in range(num_layers(weights, "layers")):
        X = transformer_layer(X, prefixed(weights, f"layers.{index}."), num_heads, mask, norm_first=True)
        states.append(X)
    states.append(layer_norm(X, weights["final_norm.gamma"], weights["final_norm.beta"]))
    return states


def gpt_logits(ids: torch.Tensor, num_heads: int, **weights: torch.Tensor) -> torch.Tensor:
    """The GPT: ids (B, N) -> logits (B, V, N), the head tied to the embedding (Ω_eᵀ H); column n scores the token
    after position n. ``reference.models.GPTDecoder`` with ReLU layers computes the same."""
    hidden = decoder_states(ids, num_heads, **weights)[-1]
    return weights["token_embedding"].T @ hidden


def imagegpt_logits(ids: torch.Tensor, num_heads: int, **weights: torch.Tensor) -> torch.Tensor:
    """ImageGPT's decoder: pixel-id sequences (B, N) (palette ids, the start token K last) -> logits (B, K, N) over
    the K palette colours from its own head ``lm_head`` (K, D), untied: the start token is never predicted."""
    hidden = decoder_states(ids, num_heads, **weights)[-1]
    return weights["lm_head"] @ hidden


# ------------------------------------------------------------------------------------------------ ViT

def vit_states(images: torch.Tensor, patch_size: int, num_heads: int, **weights: torch.Tensor) -> list[torch.Tensor]:
    """A ViT on images (B, C, H, W): [X_0, ..., X_L, H], each (B, D, N+1), [CLS] in column 0.

    X_0 = ``patch_embedding`` (patch projection, [CLS], learned positions); pre-LN layers without a mask; H = the
    final layer norm.
    """
    from .patch_embedding import patch_embedding
    from .transformer_layer import layer_norm, transformer_layer

    X = patch_embedding(images, patch_size, weights["patch_weight"], weights["patch_bias"], weights["cls_token"],
                        weights["positions"])
    states = [X]
    for index in range(num_layers(weights, "layers")):
        X = transformer_layer(X, prefixed(weights, f"layers.{index}."), num_heads, None, norm_first=True)
        states.append(X)
    states.append(layer_norm(X, weights["final_norm.gamma"], weights["final_norm.beta"]))
    return states


def vit_logits(images: torch.Tensor, patch_size: int, num_heads: int, **weights: torch.Tensor) -> torch.Tensor:
    """images (B, C, H, W) -> class logits (B, K) from the final [CLS] column: ``head.weight`` (K, D) h + ``head.bias``.
    ``reference.models.VisionTransformer.classify`` with ReLU layers computes the same."""
    cls = vit_states(images, patch_size, num_heads, **weights)[-1][..., 0]            # (B, D)
    return cls @ weights["head.weight"].T + weights["head.bias"]


# ------------------------------------------------------------------------------------------------ translation

def embed_tokens(omega_e: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    """ids (B, N) -> sqrt(D) Ω_e[:, ids] + Π[:, :N] (sinusoidal positions), (B, D, N)."""
    from .embeddings import embed, sinusoidal_positions

    dim = omega_e.shape[0]
    return math.sqrt(dim) * embed(omega_e, ids) + sinusoidal_positions(ids.shape[-1], dim).to(omega_e.dtype)


def source_mask(src_lengths: torch.Tensor | None, num_source: int) -> torch.Tensor | None:
    """(B, N_s, 1): key j of sentence b visible iff j < src_lengths[b]; None when nothing is padded."""
    from .masking import padding_mask

    return None if src_lengths is None else padding_mask(src_lengths, num_source)


def encode(src: torch.Tensor, src_lengths: torch.Tensor | None, num_heads: int,
           **weights: torch.Tensor) -> list[torch.Tensor]:
    """The encoder on src (B, N_s): [X_0, ..., X_L] (B, D, N_s), post-LN layers; X_L is the memory."""
    from .transformer_layer import transformer_layer

    X = embed_tokens(weights["token_embedding"], src)
    mask = source_mask(src_lengths, src.shape[-1])
    states = [X]
    for index in range(num_layers(weights, "encoder_layers")):
        X = transformer_layer(X, prefixed(weights, f"encoder_layers.{index}."), num_heads, mask)
        states.append(X)
    return states


def decode(tgt: torch.Tensor, memory: torch.Tensor, src_lengths: torch.Tensor | None, num_heads: int,
           **weights: torch.Tensor) -> list[torch.Tensor]:
    """The decoder on tgt (B, N_t) reading ``memory`` (B, D, N_s): [Y_0, ..., Y_L, logits (B, V, N_t)]."""
    from .cross_attention import decoder_layer

    Y = embed_tokens(weights["token_embedding"], tgt)
    enc_mask = source_mask(src_lengths, memory.shape[-1])
    states = [Y]
    for index in range(num_layers(weights, "decoder_layers")):
        Y = decoder_layer(Y, memory, decoder_layer_params(weights, f"decoder_layers.{index}."), num_heads, enc_mask)
        states.append(Y)
    states.append(weights["token_embedding"].T @ Y)
    return states


def translation_states(src: torch.Tensor, src_lengths: torch.Tensor | None, tgt: torch.Tensor, num_heads: int,
                       **weights: torch.Tensor) -> list[torch.Tensor]:
    """Encoder states, then decoder states and the logits: [X_0 .. X_L, Y_0 .. Y_L, logits]."""
    encoded = encode(src, src_lengths, num_heads, **weights)
    return encoded + decode(tgt, encoded[-1], src_lengths, num_heads, **weights)


def translation_logits(src: torch.Tensor, src_lengths: torch.Tensor | None, tgt: torch.Tensor, num_heads: int,
                       **weights: torch.Tensor) -> torch.Tensor:
    """The encoder–decoder with teacher forcing: src (B, N_s), tgt (B, N_t) -> logits (B, V, N_t); one shared,
    tied embedding. ``reference.models.EncoderDecoder`` with ReLU post-LN layers computes the same."""
    return translation_states(src, src_lengths, tgt, num_heads, **weights)[-1]


# ------------------------------------------------------------------------------------------------ pictures

def head_weights(Xq: torch.Tensor, Xkv: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int,
                 mask: torch.Tensor | None = None) -> torch.Tensor:
    """The attention weights of each head, (B, H, N_k, N_q): head h's rows of Wq, Wk, Wv give its own
    ``scaled_dot_product_attention`` (scaled by sqrt(D/H)), as inside ``multi_head_attention``."""
    from .attention import scaled_dot_product_attention

    head = Xq.shape[-2] // num_heads
    weights = []
    for h in range(num_heads):
        rows = slice(h * head, (h + 1) * head)
        Q = params["Wq"][rows] @ Xq + params["bq"][rows, None]
        K = params["Wk"][rows] @ Xkv + params["bk"][rows, None]
        V = params["Wv"][rows] @ Xkv + params["bv"][rows, None]
        weights.append(scaled_dot_product_attention(Q, K, V, mask)[1])
    return torch.stack(weights, dim=-3)


def self_attention_maps(states: list[torch.Tensor], num_heads: int, mask: torch.Tensor | None,
                        **weights: torch.Tensor) -> list[torch.Tensor]:
    """Per pre-LN layer l, the weights (B, H, N, N) of its self-attention on LN1(X_l), from the states
    ``decoder_states`` or ``vit_states`` returned."""
    from .transformer_layer import layer_norm

    maps = []
    for index in range(num_layers(weights, "layers")):
        params = prefixed(weights, f"layers.{index}.")
        normed = layer_norm(states[index], params["gamma1"], params["beta1"])
        maps.append(head_weights(normed, normed, params, num_heads, mask))
    return maps


def cross_attention_maps(tgt: torch.Tensor, memory: torch.Tensor, src_lengths: torch.Tensor | None, num_heads: int,
                         **weights: torch.Tensor) -> list[torch.Tensor]:
    """Per decoder layer, the cross-attention weights (B, H, N_s, N_t): row j a source token, column i a target
    token (the translation's alignment). The queries are each layer's state after its self-attention block."""
    from .masking import causal_mask
    from .multihead import multi_head_attention
    from .transformer_layer import layer_norm

    states = decode(tgt, memory, src_lengths, num_heads, **weights)
    enc_mask = source_mask(src_lengths, memory.shape[-1])
    maps = []
    for index in range(num_layers(weights, "decoder_layers")):
        params = decoder_layer_params(weights, f"decoder_layers.{index}.")
        Y = states[index]
        attended = multi_head_attention(Y, Y, params["self_attn"], num_heads, causal_mask(Y.shape[-1]))
        queries = layer_norm(Y + attended, params["gamma1"], params["beta1"])
        maps.append(head_weights(queries, memory, params["cross_attn"], num_heads, enc_mask))
    return maps
