"""The models, built on the functional core: a BERT-style encoder, a GPT-style decoder with a KV cache, an
encoder–decoder for translation and a Vision Transformer. Column convention throughout: ids (B, N) -> hidden
(B, D, N), logits (B, V, N).

Build them by name with ``reference.configs.build_model``; load Hugging Face weights with ``reference.models.hf``.
The models import nothing of ``reference.configs``: the named configurations sit on top of them.
"""
from .bert import BertEncoder
from .build import MODEL_CLASSES, instantiate
from .config import ModelConfig
from .encoder_decoder import EncoderDecoder
from .gpt import GPTDecoder, KVCache
from .vit import VisionTransformer

__all__ = ["BertEncoder", "EncoderDecoder", "GPTDecoder", "KVCache", "MODEL_CLASSES", "ModelConfig",
           "VisionTransformer", "instantiate"]
