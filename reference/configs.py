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
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import torch

from .models import BertEncoder, EncoderDecoder, GPTDecoder, VisionTransformer
from .transformer_layer import ACTIVATIONS

KINDS = ("encoder", "decoder", "encoder_decoder", "vit")


@dataclass(frozen=True)
class ModelConfig:
    """The sizes of one transformer. Fields that do not apply to a kind stay 0.

    ``num_layers`` counts the encoder layers of an ``encoder_decoder`` and ``num_decoder_layers`` its decoder layers.
    ``max_positions`` is the size of a learned position table (0 for sinusoidal positions and ViT, whose table has
    one column per patch plus [CLS]). ``norm_first`` picks pre-LN layers, which end with a final layer norm.
    """

    name: str
    kind: str
    d_model: int
    num_layers: int
    num_heads: int
    d_ff: int
    vocab_size: int = 0
    max_positions: int = 0
    num_decoder_layers: int = 0
    type_vocab_size: int = 0
    image_size: int = 0
    patch_size: int = 0
    num_channels: int = 3
    num_classes: int = 0
    layer_norm_eps: float = 1e-5
    activation: str = "gelu"
    norm_first: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {self.kind!r}")
        if self.activation not in ACTIVATIONS:
            raise ValueError(f"activation: expected one of {', '.join(sorted(ACTIVATIONS))}, got {self.activation!r}")
        required = {"d_model", "num_layers", "num_heads", "d_ff"} | {
            "encoder": {"vocab_size", "max_positions", "type_vocab_size"},
            "decoder": {"vocab_size", "max_positions"},
            "encoder_decoder": {"vocab_size", "num_decoder_layers"},
            "vit": {"image_size", "patch_size", "num_channels"},
        }[self.kind]
        for field in sorted(required):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{field}: a {self.kind} needs a positive integer, got {value!r}")
        if self.d_model % self.num_heads:
            raise ValueError(f"num_heads: d_model={self.d_model} is not divisible by num_heads={self.num_heads}")
        if self.kind == "vit" and self.image_size % self.patch_size:
            raise ValueError(f"image_size: {self.image_size} is not a multiple of patch_size={self.patch_size}")
        if self.num_classes < 0 or self.layer_norm_eps <= 0:
            raise ValueError("num_classes must be ≥ 0 and layer_norm_eps > 0")

    @property
    def num_patches(self) -> int:
        """Patches per image of a ViT: (image_size / patch_size)²."""
        return (self.image_size // self.patch_size) ** 2


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


CONFIGS: dict[str, ModelConfig] = {config.name: config for config in (
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
)}

MODEL_CLASSES = {"encoder": BertEncoder, "decoder": GPTDecoder, "encoder_decoder": EncoderDecoder,
                 "vit": VisionTransformer}


def get_config(name: str) -> ModelConfig:
    """The named configuration; ValueError listing the known names otherwise."""
    if name not in CONFIGS:
        raise ValueError(f"name: unknown model {name!r}; known models: {', '.join(CONFIGS)}")
    return CONFIGS[name]


def _as_config(name_or_config: str | ModelConfig) -> ModelConfig:
    if isinstance(name_or_config, ModelConfig):
        return name_or_config
    if isinstance(name_or_config, str):
        return get_config(name_or_config)
    raise ValueError(f"name_or_config: expected a model name or a ModelConfig, got {type(name_or_config).__name__}")


def build_model(name_or_config: str | ModelConfig, device: str | torch.device = "meta") -> torch.nn.Module:
    """A freshly initialised model of that configuration on ``device`` (default ``meta``: shapes only, no memory)."""
    config = _as_config(name_or_config)
    with torch.device(device):
        return MODEL_CLASSES[config.kind](config)


def count_parameters(name_or_config: str | ModelConfig) -> int:
    """Parameters of the model as its published size counts them (see the module docstring), tied ones once."""
    model = build_model(name_or_config, device="meta")
    return sum(parameter.numel() for name, parameter in model.named_parameters()
               if name.split(".")[0] not in model.uncounted_heads)
