"""The models, built on the functional core: a BERT-style encoder, a GPT-style decoder with a KV cache, an
encoder–decoder for translation, and the vision models — a Vision Transformer, ImageGPT, Swin and DaViT; before the
transformer, an RNN encoder–decoder with additive attention and an attention captioner over a CNN's feature grid
(with a SAGAN self-attention block). Column convention throughout: ids (B, N) -> hidden (B, D, N), logits (B, V, N);
images (B, C, H, W) -> hidden (B, D, N), class logits (B, K); the multiscale models work on grids of tokens
(B, D, h, w) between their stages.

Build them by name with ``reference.configs.build_model``; load Hugging Face weights with ``reference.models.hf``
and timm's DaViT weights with ``reference.models.timm_weights``.
The models import nothing of ``reference.configs``: the named configurations sit on top of them.
"""
from .bert import BertEncoder
from .build import MODEL_CLASSES, instantiate
from .captioner import AttentionCaptioner, FeatureMapSelfAttention
from .config import HierarchicalConfig, ModelConfig
from .davit import DaViT
from .encoder_decoder import EncoderDecoder
from .gpt import GPTDecoder, KVCache
from .imagegpt import ImageGPT
from .rnn_seq2seq import AttentionSeq2Seq
from .swin import SwinTransformer
from .vit import VisionTransformer

__all__ = ["AttentionCaptioner", "AttentionSeq2Seq", "BertEncoder", "DaViT", "EncoderDecoder",
           "FeatureMapSelfAttention", "GPTDecoder", "HierarchicalConfig", "ImageGPT", "KVCache", "MODEL_CLASSES",
           "ModelConfig", "SwinTransformer", "VisionTransformer", "instantiate"]
