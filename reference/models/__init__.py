"""The models, built on the functional core: a BERT-style encoder, a GPT-style decoder with a KV cache, an
encoder–decoder for translation and a Vision Transformer; before the transformer, an RNN encoder–decoder with
additive attention and an attention captioner over a CNN's feature grid (with a SAGAN self-attention block).
Column convention throughout: ids (B, N) -> hidden (B, D, N), logits (B, V, N).

Build them by name with ``reference.configs.build_model``; load Hugging Face weights with ``reference.models.hf``.
The models import nothing of ``reference.configs``: the named configurations sit on top of them.
"""
from .bert import BertEncoder
from .build import MODEL_CLASSES, instantiate
from .captioner import AttentionCaptioner, FeatureMapSelfAttention
from .config import ModelConfig
from .encoder_decoder import EncoderDecoder
from .gpt import GPTDecoder, KVCache
from .rnn_seq2seq import AttentionSeq2Seq
from .vit import VisionTransformer

__all__ = ["AttentionCaptioner", "AttentionSeq2Seq", "BertEncoder", "EncoderDecoder", "FeatureMapSelfAttention",
           "GPTDecoder", "KVCache", "MODEL_CLASSES", "ModelConfig", "VisionTransformer", "instantiate"]
