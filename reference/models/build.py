"""A model of a configuration, by its kind: the one place that maps a configuration's ``kind`` to a model class."""
from __future__ import annotations

import torch
from torch import nn

from .bert import BertEncoder
from .config import HierarchicalConfig, ModelConfig
from .davit import DaViT
from .encoder_decoder import EncoderDecoder
from .gpt import GPTDecoder
from .imagegpt import ImageGPT
from .swin import SwinTransformer
from .vit import VisionTransformer

MODEL_CLASSES: dict[str, type[nn.Module]] = {"encoder": BertEncoder, "decoder": GPTDecoder,
                                             "encoder_decoder": EncoderDecoder, "vit": VisionTransformer,
                                             "imagegpt": ImageGPT, "swin": SwinTransformer, "davit": DaViT}


def instantiate(config: ModelConfig | HierarchicalConfig, device: str | torch.device = "meta") -> nn.Module:
    """A freshly initialised model of ``config`` on ``device`` (``meta``: shapes only, no memory)."""
    with torch.device(device):
        return MODEL_CLASSES[config.kind](config)
