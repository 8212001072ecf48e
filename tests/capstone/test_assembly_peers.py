"""The capstone assembly, on the reference's parts and on the model answers', against PyTorch's own modules with the
same weights (float64 and float32): nn.TransformerEncoderLayer stacks for the GPT, ImageGPT's decoder and the ViT,
nn.Transformer for the translator. Our column layout is their rows transposed; weights copy unchanged."""
from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from capstone.models import HEADS, tiny_cases
from capstone.parts import load_parts

TOLERANCE = {torch.float64: 1e-10, torch.float32: 1e-4}


def attention_into(module: nn.MultiheadAttention, weights: dict, prefix: str) -> None:
    module.in_proj_weight.copy_(torch.cat([weights[prefix + w] for w in ("Wq", "Wk", "Wv")]))
    module.in_proj_bias.copy_(torch.cat([weights[prefix + b] for b in ("bq", "bk", "bv")]))
    module.out_proj.weight.copy_(weights[prefix + "Wo"])
    module.out_proj.bias.copy_(weights[prefix + "bo"])


def feed_forward_into(layer, weights: dict, prefix: str, norms: int) -> None:
    layer.linear1.weight.copy_(weights[prefix + "W1"]), layer.linear1.bias.copy_(weights[prefix + "b1"])
    layer.linear2.weight.copy_(weights[prefix + "W2"]), layer.linear2.bias.copy_(weights[prefix + "b2"])
    for k in range(1, norms + 1):
        norm = getattr(layer, f"norm{k}")
        norm.weight.copy_(weights[f"{prefix}gamma{k}"]), norm.bias.copy_(weights[f"{prefix}beta{k}"])


def encoder_stack(weights: dict, stack: str, norm_first: bool, dtype) -> list[nn.TransformerEncoderLayer]:
    layers = []
    for k in range(len({n.split(".")[1] for n in weights if n.startswith(stack + ".")})):
        D, F = weights[f"{stack}.{k}.W1"].shape[1], weights[f"{stack}.{k}.W1"].shape[0]
        layer = nn.TransformerEncoderLayer(D, HEADS, F, dropout=0.0, activation="relu", batch_first=True,
                                           norm_first=norm_first, dtype=dtype)
        attention_into(layer.self_attn, weights, f"{stack}.{k}.")
        feed_forward_into(layer, weights, f"{stack}.{k}.", 2)
        layers.append(layer.eval())
    return layers


def decoder_peer(ids, weights, dtype, head):
    X = weights["token_embedding"].T[ids] + weights["position_embedding"].T[: ids.shape[1]]      # (B, N, D)
    mask = nn.Transformer.generate_square_subsequent_mask(ids.shape[1], dtype=dtype)
    for layer in encoder_stack(weights, "layers", True, dtype):
        X = layer(X, src_mask=mask, is_causal=True)
    X = nn.functional.layer_norm(X, X.shape[-1:], weights["final_norm.gamma"], weights["final_norm.beta"])
    return (X @ head.T).transpose(1, 2)                                                              # (B, V, N)


def vit_peer(images, patch, weights, dtype):
    D = weights["cls_token"].shape[0]
    conv = nn.Conv2d(images.shape[1], D, patch, stride=patch, dtype=dtype)
    conv.weight.copy_(weights["patch_weight"].reshape(conv.weight.shape)), conv.bias.copy_(weights["patch_bias"])
    X = conv(images).flatten(2).transpose(1, 2)                                                     # (B, N, D)
    X = torch.cat([weights["cls_token"].expand(len(images), 1, D), X], dim=1) + weights["positions"].T
    for layer in encoder_stack(weights, "layers", True, dtype):
        X = layer(X)
    X = nn.functional.layer_norm(X, (D,), weights["final_norm.gamma"], weights["final_norm.beta"])
    return X[:, 0] @ weights["head.weight"].T + weights["head.bias"]


def sinusoids(n: int, dim: int, dtype) -> torch.Tensor:
    position = torch.arange(n, dtype=torch.float64)[:, None]
    angle = position / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    table = torch.zeros(n, dim, dtype=torch.float64)
    table[:, 0::2], table[:, 1::2] = torch.sin(angle), torch.cos(angle)
    return table.float().to(dtype)  # the contract's default dtype, then the model's (as the assembly does)


def translation_peer(src, lengths, tgt, weights, dtype):
    omega = weights["token_embedding"]
    D, F = omega.shape[0], weights["encoder_layers.0.W1"].shape[0]
    model = nn.Transformer(D, HEADS, 2, 2, F, dropout=0.0, activation="relu", batch_first=True, dtype=dtype).eval()
    for k, layer in enumerate(model.encoder.layers):
        attention_into(layer.self_attn, weights, f"encoder_layers.{k}.")
        feed_forward_into(layer, weights, f"encoder_layers.{k}.", 2)
    for k, layer in enumerate(model.decoder.layers):
        attention_into(layer.self_attn, weights, f"decoder_layers.{k}.self_attn.")
        attention_into(layer.multihead_attn, weights, f"decoder_layers.{k}.cross_attn.")
        feed_forward_into(layer, weights, f"decoder_layers.{k}.", 3)
    embed = lambda ids: math.sqrt(D) * omega.T[ids] + sinusoids(ids.shape[1], D, dtype)  # noqa: E731
    padding = torch.arange(src.shape[1])[None] >= lengths[:, None]                           # True = padding
    memory = embed(src)
    for layer in model.encoder.layers:
        memory = layer(memory, src_key_padding_mask=padding)
    Y = embed(tgt)
    causal = nn.Transformer.generate_square_subsequent_mask(tgt.shape[1], dtype=dtype)
    for layer in model.decoder.layers:
        Y = layer(Y, memory, tgt_mask=causal, tgt_is_causal=True, memory_key_padding_mask=padding)
    return (Y @ omega).transpose(1, 2)


@pytest.mark.parametrize("kind", ["reference", "solutions"])
@pytest.mark.parametrize("dtype", [torch.float64, torch.float32], ids=["float64", "float32"])
def test_the_assembly_equals_pytorch(kind, dtype):
    assembly = load_parts(kind, ("embeddings", "masking", "transformer_layer", "cross_attention",
                                 "patch_embedding")).assembly
    for model, args, weights, _ in tiny_cases(dtype):
        with torch.no_grad():
            ours = getattr(assembly, f"{model}_logits")(*args, **weights)
            if model == "gpt":
                peer = decoder_peer(args[0], weights, dtype, weights["token_embedding"].T)
            elif model == "imagegpt":
                peer = decoder_peer(args[0], weights, dtype, weights["lm_head"])
            elif model == "vit":
                peer = vit_peer(args[0], args[1], weights, dtype)
            else:
                peer = translation_peer(args[0], args[1], args[2], weights, dtype)
        scale = 1 + float(peer.abs().max())
        if model == "translation":  # sinusoidal_positions is float32 by contract: rounded once, however computed
            scale *= 1e4 if dtype == torch.float64 else 1
        assert ours.shape == peer.shape, model
        assert float((ours - peer).abs().max()) <= TOLERANCE[dtype] * scale, (model, float((ours - peer).abs().max()))
