"""Named model configurations with their published sizes, and a builder that costs no memory.

``build_model(name)`` builds on PyTorch's ``meta`` device by default: parameters get shapes but no storage, so even
GPT-3 (175 billion parameters) builds instantly, and ``count_parameters`` counts it exactly.

What ``count_parameters`` counts, per kind (the convention of the published figures):

* ``encoder`` (BERT): embeddings (token, position, segment, their layer norm), the layers and the pooler — what
  Hugging Face's ``BertModel`` holds. The masked-LM head and the classifier are not counted.
* ``decoder`` (GPT): embeddings, the layers and the final layer norm. The LM head is tied to the token embedding,
  so it adds nothing (counted once).
* ``encoder_decoder`` (Transformer): the one embedding shared by source, target and the tied output projection
  (counted once), the encoder and decoder layers. Sinusoidal positions have no parameters.
* ``vit``: the backbone — patch projection, [CLS], positions, layers, final layer norm. The classification head is
  not counted.
* ``imagegpt``: embeddings (palette ids + start token, positions), the layers and the final norm — what Hugging Face's
  ``ImageGPTModel`` holds, as the ImageGPT paper counts. The next-pixel head and the classifier are not counted.
* ``swin`` and ``davit``: everything, the 1000-class ImageNet classifier included, as both papers count (Hugging
  Face's ``SwinForImageClassification``, timm's ``davit_*`` models).
"""
from __future__ import annotations

from dataclasses import replace

import torch

from .models import HierarchicalConfig, ModelConfig, instantiate

Config = ModelConfig | HierarchicalConfig


def _transformer(name: str, d_model: int, num_heads: int) -> ModelConfig:
    """Vaswani et al. 2017, Table 3: 6 + 6 post-LN ReLU layers, d_ff = 4·d_model, a shared 37000-token BPE vocabulary
    (WMT 2014 English–German), sinusoidal positions, embeddings scaled by sqrt(d_model)."""
    return ModelConfig(name, "encoder_decoder", d_model, 6, num_heads, 4 * d_model, vocab_size=37000,
                       num_decoder_layers=6, activation="relu")


def _bert(name: str, d_model: int, num_layers: int, num_heads: int) -> ModelConfig:
    """Devlin et al. 2019 (and Hugging Face's configs): uncased WordPiece vocabulary of 30522, 512 positions,
    2 segments, post-LN with exact GELU, layer-norm eps 1e-12."""
    return ModelConfig(name, "encoder", d_model, num_layers, num_heads, 4 * d_model, vocab_size=30522,
                       max_positions=512, type_vocab_size=2, layer_norm_eps=1e-12)


def _gpt(name: str, d_model: int, num_layers: int, num_heads: int, max_positions: int = 1024) -> ModelConfig:
    """GPT-2 (Radford et al. 2019) and GPT-3 (Brown et al. 2020): byte-level BPE vocabulary of 50257, pre-LN with a
    final layer norm, d_ff = 4·d_model, and the tanh approximation of GELU (Hugging Face's "gelu_new")."""
    return ModelConfig(name, "decoder", d_model, num_layers, num_heads, 4 * d_model, vocab_size=50257,
                       max_positions=max_positions, norm_first=True, activation="gelu_tanh")


def _vit(name: str, d_model: int, num_layers: int, num_heads: int, d_ff: int, patch_size: int) -> ModelConfig:
    """Dosovitskiy et al. 2021, Table 1, at 224×224 RGB with a 1000-class ImageNet head; pre-LN, exact GELU,
    layer-norm eps 1e-12 as in Hugging Face's ports."""
    return ModelConfig(name, "vit", d_model, num_layers, num_heads, d_ff, image_size=224, patch_size=patch_size,
                       num_classes=1000, layer_norm_eps=1e-12, norm_first=True)


def _imagegpt(name: str, d_model: int, num_layers: int, num_heads: int) -> ModelConfig:
    """Chen et al. 2020, at 32×32 pixels (1024 positions) with the 9-bit palette: 512 colours plus the start token;
    pre-norm layers with RMS norms, the quick GELU, d_ff = 4·d_model (Hugging Face's ``ImageGPTConfig``)."""
    return ModelConfig(name, "imagegpt", d_model, num_layers, num_heads, 4 * d_model, vocab_size=513,
                       max_positions=32 * 32, norm_first=True, activation="quick_gelu")


def _swin(name: str, embed_dim: int, depths: tuple[int, ...], first_heads: int) -> HierarchicalConfig:
    """Liu et al. 2021, Table 1 and §3.3: 224×224 RGB, 4×4 patches, 7×7 windows, widths C·2^s and heads doubling
    from stage to stage, 1000 ImageNet classes."""
    return HierarchicalConfig(name, "swin", 224, 4, tuple(embed_dim * 2 ** s for s in range(4)), depths,
                              tuple(first_heads * 2 ** s for s in range(4)), 7, num_classes=1000)


def _davit(name: str, embed_dim: int, depths: tuple[int, ...], first_heads: int) -> HierarchicalConfig:
    """Ding et al. 2022, Table 1 (timm's ``davit_tiny`` / ``_small`` / ``_base``): 224×224 RGB, stride-4 stem, 7×7
    windows, widths C·2^s, heads (and channel groups) doubling per stage, 1000 classes; channel attention scaled by
    the group width, as the paper and its code do."""
    return HierarchicalConfig(name, "davit", 224, 4, tuple(embed_dim * 2 ** s for s in range(4)), depths,
                              tuple(first_heads * 2 ** s for s in range(4)), 7, num_classes=1000)


CONFIGS: dict[str, Config] = {config.name: config for config in (
    _transformer("transformer-base", 512, 8),
    _transformer("transformer-large", 1024, 16),
    _bert("bert-base", 768, 12, 12),
    _bert("bert-large", 1024, 24, 16),
    _gpt("gpt2-small", 768, 12, 12),
    _gpt("gpt2-medium", 1024, 24, 16),
    _gpt("gpt2-large", 1280, 36, 20),
    _gpt("gpt2-xl", 1600, 48, 25),
    _gpt("gpt3", 12288, 96, 96, max_positions=2048),
    _vit("vit-b16", 768, 12, 12, 3072, 16),
    _vit("vit-l16", 1024, 24, 16, 4096, 16),
    _vit("vit-h14", 1280, 32, 16, 5120, 14),
    # sentence-transformers/all-MiniLM-L6-v2: a 6-layer BERT of width 384 (its config.json).
    replace(_bert("all-minilm-l6-v2", 384, 6, 12), d_ff=1536),
    # iGPT-S/M/L; the head counts (8, 8, 16) are those of Hugging Face's openai/imagegpt-* configurations.
    _imagegpt("imagegpt-small", 512, 24, 8),
    _imagegpt("imagegpt-medium", 1024, 36, 8),
    _imagegpt("imagegpt-large", 1536, 48, 16),
    _swin("swin-tiny", 96, (2, 2, 6, 2), 3),
    _swin("swin-small", 96, (2, 2, 18, 2), 3),
    _swin("swin-base", 128, (2, 2, 18, 2), 4),
    _davit("davit-tiny", 96, (1, 1, 3, 1), 3),
    _davit("davit-small", 96, (1, 1, 9, 1), 3),
    _davit("davit-base", 128, (1, 1, 9, 1), 4),
)}

def get_config(name: str) -> Config:
    """The named configuration; ValueError listing the known names otherwise."""
    if name not in CONFIGS:
        raise ValueError(f"name: unknown model {name!r}; known models: {', '.join(CONFIGS)}")
    return CONFIGS[name]


def _as_config(name_or_config: str | Config) -> Config:
    if isinstance(name_or_config, (ModelConfig, HierarchicalConfig)):
        return name_or_config
    if isinstance(name_or_config, str):
        return get_config(name_or_config)
    raise ValueError("name_or_config: expected a model name, a ModelConfig or a HierarchicalConfig, got "
                     f"{type(name_or_config).__name__}")


def build_model(name_or_config: str | Config, device: str | torch.device = "meta") -> torch.nn.Module:
    """A freshly initialised model of that configuration on ``device`` (default ``meta``: shapes only, no memory)."""
    return instantiate(_as_config(name_or_config), device)


def count_parameters(name_or_config: str | Config) -> int:
    """Parameters of the model as its published size counts them (see the module docstring), tied ones once."""
    model = build_model(name_or_config, device="meta")
    return sum(parameter.numel() for name, parameter in model.named_parameters()
               if name.split(".")[0] not in model.uncounted_heads)
