"""The sizes of one transformer: ``ModelConfig`` for the single-scale models (BERT, GPT, the encoder–decoder, ViT,
ImageGPT) and ``HierarchicalConfig`` for the multiscale vision models (Swin, DaViT), shared by the model classes,
the named configurations (``reference.configs``) and the weight loaders (``reference.models.hf``, ``.timm_weights``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..transformer_layer import ACTIVATIONS

KINDS = ("encoder", "decoder", "encoder_decoder", "vit", "imagegpt")


@dataclass(frozen=True)
class ModelConfig:
    """The sizes of one transformer. Fields that do not apply to a kind stay 0.

    ``num_layers`` counts the encoder layers of an ``encoder_decoder`` and ``num_decoder_layers`` its decoder layers.
    ``max_positions`` is the size of a learned position table (0 for sinusoidal positions and ViT, whose table has
    one column per patch plus [CLS]). ``norm_first`` picks pre-LN layers, which end with a final layer norm.
    An ``imagegpt``'s ``vocab_size`` counts its palette colours plus the start-of-sequence token (the last id), and
    ``max_positions`` is its pixel count H·W.
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
            "imagegpt": {"vocab_size", "max_positions"},
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


HIERARCHICAL_KINDS = ("swin", "davit")
CHANNEL_SCALES = ("group", "tokens")


@dataclass(frozen=True)
class HierarchicalConfig:
    """The sizes of a multiscale vision transformer: a stem cuts the image into a grid of tokens (``patch_size``
    pixels a side), then stage s runs ``depths[s]`` blocks of width ``dims[s]`` with ``num_heads[s]`` heads on a
    grid that halves between stages, attending within ``window_size``² windows.

    ``swin``: patch embedding + layer norm; blocks alternate plain and shifted windows (shift ``window_size // 2``,
    none where the grid is a single window); patch merging between stages, so ``dims`` must double. ``davit``: a
    7×7 convolution of stride 4 (``patch_size`` must be 4) + layer norm; each of a stage's ``depths[s]`` dual blocks
    is a spatial block then a channel block; a 2×2 convolution of stride 2 between stages. ``channel_scale`` (DaViT
    only) picks channel attention's scale: ``"group"`` 1/sqrt(channels per group) as in the DaViT paper and timm's
    ``ChannelAttention``, ``"tokens"`` 1/sqrt(N) as in timm's ``ChannelAttentionV2`` (see
    ``reference.davit.channel_attention``). Every stage's grid must be a multiple of the window (no padding).
    """

    name: str
    kind: str
    image_size: int
    patch_size: int
    dims: tuple[int, ...]
    depths: tuple[int, ...]
    num_heads: tuple[int, ...]
    window_size: int
    num_channels: int = 3
    num_classes: int = 0
    mlp_ratio: float = 4.0
    layer_norm_eps: float = 1e-5
    channel_scale: str = "group"

    def __post_init__(self) -> None:
        if self.kind not in HIERARCHICAL_KINDS:
            raise ValueError(f"kind: expected one of {', '.join(HIERARCHICAL_KINDS)}, got {self.kind!r}")
        for field in ("image_size", "patch_size", "window_size", "num_channels"):
            _check_positive(field, getattr(self, field), self.kind)
        stages = len(self.dims)
        for field in ("dims", "depths", "num_heads"):
            value = getattr(self, field)
            if not isinstance(value, tuple) or len(value) != stages or not value:
                raise ValueError(f"{field}: expected a non-empty tuple with one entry per stage ({stages}), "
                                 f"got {value!r}")
            for entry in value:
                _check_positive(field, entry, self.kind)
        for stage, (dim, heads) in enumerate(zip(self.dims, self.num_heads)):
            if dim % heads:
                raise ValueError(f"num_heads: stage {stage} has width {dim}, not divisible by {heads} heads")
        if self.kind == "swin" and any(b != 2 * a for a, b in zip(self.dims, self.dims[1:])):
            raise ValueError(f"dims: Swin's patch merging doubles the width at every stage, got {self.dims}")
        if self.kind == "davit" and self.patch_size != 4:
            raise ValueError(f"patch_size: DaViT's stem has stride 4, got {self.patch_size}")
        if self.channel_scale not in CHANNEL_SCALES:
            raise ValueError(f"channel_scale: expected one of {', '.join(CHANNEL_SCALES)}, got {self.channel_scale!r}")
        if self.image_size % self.patch_size:
            raise ValueError(f"image_size: {self.image_size} is not a multiple of patch_size={self.patch_size}")
        for stage, grid in enumerate(self.grid_sizes):
            if grid % self.window_size or (stage + 1 < stages and grid % 2):
                raise ValueError(f"window_size: stage {stage} has a {grid}×{grid} grid, which must be a multiple "
                                 f"of the window {self.window_size} (and even, to halve, before the last stage)")
        if self.num_classes < 0 or self.layer_norm_eps <= 0 or self.mlp_ratio <= 0:
            raise ValueError("num_classes must be ≥ 0, and layer_norm_eps and mlp_ratio > 0")

    @property
    def grid_sizes(self) -> tuple[int, ...]:
        """The side of each stage's token grid: image_size / patch_size, halved at every stage."""
        first = self.image_size // self.patch_size
        return tuple(first >> stage for stage in range(len(self.dims)))

    def hidden_size(self, stage: int) -> int:
        """The feed-forward width of stage ``stage``: mlp_ratio × dims[stage]."""
        return int(self.mlp_ratio * self.dims[stage])


def _check_positive(field: str, value: object, kind: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{field}: a {kind} needs positive integers, got {value!r}")
