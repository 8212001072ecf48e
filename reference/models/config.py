"""The sizes of one transformer: ``ModelConfig``, shared by every model class, the named configurations
(``reference.configs``) and the weight loaders (``reference.models.hf``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..transformer_layer import ACTIVATIONS

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
