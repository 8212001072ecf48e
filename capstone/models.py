"""Small instances of the four capstone models, with random non-trivial weights: what the grader's composition
checks, the learner's visible capstone tests and the project's tests build and compare.

Weights are named as ``reference.models`` names its parameters (the assembly's convention); ``tiny_cases`` yields
(model, positional arguments of its ``<model>_logits``, weights, the loss of a training step on its logits).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from reference.models import EncoderDecoder, GPTDecoder, ModelConfig, VisionTransformer

HEADS = 2


def random_weights(model: torch.nn.Module, seed: int, dtype: torch.dtype, extra: dict | None = None) -> dict:
    """Every weight of the model random and non-trivial: matrices N(0, 1/fan_in), biases and shifts N(0, 0.1²),
    layer-norm gains 1 + N(0, 0.1²), embeddings and positions N(0, 1)."""
    generator = torch.Generator().manual_seed(seed)
    shapes = {name: tuple(p.shape) for name, p in model.named_parameters()} | (extra or {})
    weights = {}
    for name, shape in shapes.items():
        leaf = name.rsplit(".", 1)[-1]
        noise = torch.randn(shape, generator=generator, dtype=torch.float64)
        if leaf.startswith("gamma"):
            value = 1 + 0.1 * noise
        elif leaf.startswith("b") or leaf == "bias":
            value = 0.1 * noise
        elif len(shape) == 2 and leaf not in ("token_embedding", "position_embedding", "positions"):
            value = noise / shape[1] ** 0.5
        else:
            value = noise
        weights[name] = value.to(dtype)
    return weights


def tiny_cases(dtype: torch.dtype):
    """(model, args, weights, loss of the logits): one small instance of each capstone model, batch of 2."""
    gen = torch.Generator().manual_seed(7)
    gpt = ModelConfig("g", "decoder", 16, 2, HEADS, 32, vocab_size=11, max_positions=9, norm_first=True,
                      activation="relu")
    ids = torch.randint(11, (2, 7), generator=gen)
    yield ("gpt", (ids, HEADS), random_weights(GPTDecoder(gpt), 1, dtype),
           lambda logits: F.cross_entropy(logits[..., :-1], ids[:, 1:]))
    vit = ModelConfig("v", "vit", 16, 2, HEADS, 32, image_size=4, patch_size=2, num_channels=2, num_classes=5,
                      norm_first=True, activation="relu")
    images = torch.randn(2, 2, 4, 6, generator=gen, dtype=torch.float64).to(dtype)  # not square: 6 patches
    model = VisionTransformer(vit)
    shapes = {"positions": (16, 7)}
    labels = torch.tensor([1, 3])
    yield ("vit", (images, 2, HEADS), random_weights(model, 2, dtype, shapes),
           lambda logits: F.cross_entropy(logits, labels))
    translation = ModelConfig("t", "encoder_decoder", 16, 2, HEADS, 32, vocab_size=13, num_decoder_layers=2,
                              activation="relu")
    src, tgt = torch.randint(13, (2, 6), generator=gen), torch.randint(13, (2, 5), generator=gen)
    lengths = torch.tensor([6, 4])
    yield ("translation", (src, lengths, tgt, HEADS), random_weights(EncoderDecoder(translation), 3, dtype),
           lambda logits: F.cross_entropy(logits[..., :-1], tgt[:, 1:]))
    imagegpt = ModelConfig("i", "decoder", 16, 2, HEADS, 32, vocab_size=6, max_positions=9, norm_first=True,
                           activation="relu")
    pixels = torch.cat([torch.full((2, 1), 5), torch.randint(5, (2, 8), generator=gen)], dim=1)
    yield ("imagegpt", (pixels, HEADS), random_weights(GPTDecoder(imagegpt), 4, dtype, {"lm_head": (5, 16)}),
           lambda logits: F.cross_entropy(logits[..., :-1], pixels[:, 1:]))
