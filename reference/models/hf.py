"""Loading Hugging Face weights into the reference models.

Hugging Face works in the row convention, which changes little for weights: ``nn.Linear`` stores (out, in) as we
do, embedding tables are (V, D) where ours are (D, V), and GPT-2's ``Conv1D`` stores (in, out), its ``c_attn``
stacking Wq, Wk, Wv side by side. Every conversion is one of ``reference.convention``'s.

ImageGPT is laid out as GPT-2; Swin as ViT, plus a relative position bias table per block ((2M−1)², heads), stored
(heads, (2M−1)²) here, one column per relative offset.

Each loader reads a state dict, strict in both directions: a backbone parameter missing from it, or a key nobody
understands, is a ValueError. Heads the state dict does not have (the masked-LM and next-sentence heads when loading
a ``BertModel``, the pooler when loading a ``BertForMaskedLM``, a ViT head when loading a ``ViTModel``) keep their
fresh initialisation. The model takes the state dict's floating-point dtype, so float64 weights stay exact.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Mapping

import torch
from torch import nn

from ..convention import conv1d_to_linear, split_fused, table_to_columns
from .bert import BertEncoder
from .config import HierarchicalConfig, ModelConfig
from .gpt import GPTDecoder
from .loading import Source, layer_source, load_state, same, strip_prefix
from .vit import VisionTransformer


def _on_cpu(model_class: type[nn.Module], config: ModelConfig) -> nn.Module:
    with torch.device("cpu"):
        return model_class(config)


def _gpt2_fused(index: int, weight: bool) -> Callable[[torch.Tensor], torch.Tensor]:
    """Part ``index`` of GPT-2's fused q/k/v projection: weights (D, 3D) in ``Conv1D``'s (in, out) layout, biases
    (3D,)."""
    return lambda t: split_fused(conv1d_to_linear(t) if weight else t, index)


# ------------------------------------------------------------------ BERT (BertModel, BertForMaskedLM, …)

_BERT_LAYER: dict[str, Source] = {
    **{f"{w}{c}": (f"attention.self.{part}.{kind}", same)
       for c, part in zip("qkv", ("query", "key", "value")) for w, kind in (("W", "weight"), ("b", "bias"))},
    "Wo": ("attention.output.dense.weight", same), "bo": ("attention.output.dense.bias", same),
    "gamma1": ("attention.output.LayerNorm.weight", same), "beta1": ("attention.output.LayerNorm.bias", same),
    "W1": ("intermediate.dense.weight", same), "b1": ("intermediate.dense.bias", same),
    "W2": ("output.dense.weight", same), "b2": ("output.dense.bias", same),
    "gamma2": ("output.LayerNorm.weight", same), "beta2": ("output.LayerNorm.bias", same),
}
_BERT_TOP: dict[str, Source] = {
    "token_embedding": ("embeddings.word_embeddings.weight", table_to_columns),
    "position_embedding": ("embeddings.position_embeddings.weight", table_to_columns),
    "segment_embedding": ("embeddings.token_type_embeddings.weight", table_to_columns),
    "embedding_norm.gamma": ("embeddings.LayerNorm.weight", same),
    "embedding_norm.beta": ("embeddings.LayerNorm.bias", same),
    "pooler.weight": ("pooler.dense.weight", same), "pooler.bias": ("pooler.dense.bias", same),
    "mlm_head.transform.weight": ("cls.predictions.transform.dense.weight", same),
    "mlm_head.transform.bias": ("cls.predictions.transform.dense.bias", same),
    "mlm_head.norm.gamma": ("cls.predictions.transform.LayerNorm.weight", same),
    "mlm_head.norm.beta": ("cls.predictions.transform.LayerNorm.bias", same),
    "mlm_head.bias": ("cls.predictions.bias", same),
    "nsp_head.weight": ("cls.seq_relationship.weight", same), "nsp_head.bias": ("cls.seq_relationship.bias", same),
    "classifier.weight": ("classifier.weight", same), "classifier.bias": ("classifier.bias", same),
}


def load_bert(state_dict: Mapping[str, torch.Tensor], config: ModelConfig) -> nn.Module:
    """A ``BertEncoder`` holding the weights of a Hugging Face ``BertModel`` / ``BertForMaskedLM`` /
    ``BertForPreTraining`` (MLM and NSP heads) / ``BertForSequenceClassification`` state dict."""
    return load_state(
        _on_cpu(BertEncoder, config), strip_prefix(state_dict, "bert."),
        lambda name: layer_source(name, _BERT_LAYER, "encoder.layer.") or _BERT_TOP[name],
        optional=("pooler", "mlm_head", "nsp_head", "classifier"),
        tied={"cls.predictions.decoder.weight": "embeddings.word_embeddings.weight",
              "cls.predictions.decoder.bias": "cls.predictions.bias"},
        ignored=lambda key: key == "embeddings.position_ids")                  # a buffer: 0, 1, …, N_max − 1


def load_pretrained_bert(folder: str | Path, name: str = "bert") -> nn.Module:
    """A ``BertEncoder`` from a Hugging Face model folder (``config.json`` + ``model.safetensors``)."""
    from safetensors.torch import load_file  # a development dependency, needed only here

    folder = Path(folder)
    config = config_from_hf(json.loads((folder / "config.json").read_text()), name)
    return load_bert(load_file(folder / "model.safetensors"), config)


# ------------------------------------------------------------------ GPT-2 (GPT2LMHeadModel, GPT2Model)

_GPT2_LAYER: dict[str, Source] = {
    **{f"W{c}": ("attn.c_attn.weight", _gpt2_fused(i, weight=True)) for i, c in enumerate("qkv")},
    **{f"b{c}": ("attn.c_attn.bias", _gpt2_fused(i, weight=False)) for i, c in enumerate("qkv")},
    "Wo": ("attn.c_proj.weight", conv1d_to_linear), "bo": ("attn.c_proj.bias", same),
    "gamma1": ("ln_1.weight", same), "beta1": ("ln_1.bias", same),
    "W1": ("mlp.c_fc.weight", conv1d_to_linear), "b1": ("mlp.c_fc.bias", same),
    "W2": ("mlp.c_proj.weight", conv1d_to_linear), "b2": ("mlp.c_proj.bias", same),
    "gamma2": ("ln_2.weight", same), "beta2": ("ln_2.bias", same),
}
_GPT2_TOP: dict[str, Source] = {
    "token_embedding": ("wte.weight", table_to_columns), "position_embedding": ("wpe.weight", table_to_columns),
    "final_norm.gamma": ("ln_f.weight", same), "final_norm.beta": ("ln_f.bias", same),
}


def load_gpt2(state_dict: Mapping[str, torch.Tensor], config: ModelConfig) -> nn.Module:
    """A ``GPTDecoder`` holding the weights of a Hugging Face ``GPT2LMHeadModel`` / ``GPT2Model`` state dict.

    Hugging Face's GPT-2 defaults to ``activation_function="gelu_new"``, the tanh approximation of GELU, which the
    reference calls ``"gelu_tanh"``; ``config_from_hf`` maps the names.
    """
    return load_state(
        _on_cpu(GPTDecoder, config), strip_prefix(state_dict, "transformer."),
        lambda name: layer_source(name, _GPT2_LAYER, "h.") or _GPT2_TOP[name],
        tied={"lm_head.weight": "wte.weight"},
        ignored=lambda key: key.endswith((".attn.bias", ".attn.masked_bias")))  # old checkpoints' mask buffers


# ------------------------------------------------------------------ ViT (ViTModel, ViTForImageClassification)

_VIT_LAYER: dict[str, Source] = {
    **{f"{w}{c}": (f"attention.attention.{part}.{kind}", same)
       for c, part in zip("qkv", ("query", "key", "value")) for w, kind in (("W", "weight"), ("b", "bias"))},
    "Wo": ("attention.output.dense.weight", same), "bo": ("attention.output.dense.bias", same),
    "gamma1": ("layernorm_before.weight", same), "beta1": ("layernorm_before.bias", same),
    "W1": ("intermediate.dense.weight", same), "b1": ("intermediate.dense.bias", same),
    "W2": ("output.dense.weight", same), "b2": ("output.dense.bias", same),
    "gamma2": ("layernorm_after.weight", same), "beta2": ("layernorm_after.bias", same),
}
_VIT_TOP: dict[str, Source] = {
    "patch_weight": ("embeddings.patch_embeddings.projection.weight", lambda w: w.flatten(1)),  # (D, C·P·P)
    "patch_bias": ("embeddings.patch_embeddings.projection.bias", same),
    "cls_token": ("embeddings.cls_token", lambda t: t.reshape(-1)),                           # (1, 1, D) -> (D,)
    "positions": ("embeddings.position_embeddings", lambda t: table_to_columns(t[0])),     # (1, N+1, D)
    "final_norm.gamma": ("layernorm.weight", same), "final_norm.beta": ("layernorm.bias", same),
    "head.weight": ("classifier.weight", same), "head.bias": ("classifier.bias", same),
}


# transformers ≥ 5 renames ViT's layer modules in memory; checkpoint files keep the names above.
_VIT_V5_RENAMES = (
    ("attention.q_proj.", "attention.attention.query."), ("attention.k_proj.", "attention.attention.key."),
    ("attention.v_proj.", "attention.attention.value."), ("attention.o_proj.", "attention.output.dense."),
    ("mlp.fc1.", "intermediate.dense."), ("mlp.fc2.", "output.dense."),
)


def _vit_checkpoint_key(key: str) -> str:
    """A ViT key in the checkpoint layout, whether it came from a file or from a transformers ≥ 5 model."""
    if not key.startswith("layers."):
        return key
    key = "encoder.layer." + key.removeprefix("layers.")
    for new, old in _VIT_V5_RENAMES:
        key = key.replace(new, old)
    return key


def load_vit(state_dict: Mapping[str, torch.Tensor], config: ModelConfig) -> nn.Module:
    """A ``VisionTransformer`` holding the weights of a ``ViTModel`` / ``ViTForImageClassification`` state dict.

    ``ViTModel``'s optional pooler (tanh of a dense layer on [CLS]) is not part of ViT's classification path,
    which reads the final [CLS] column directly; its weights are skipped.
    """
    state_dict = {_vit_checkpoint_key(key): value for key, value in strip_prefix(state_dict, "vit.").items()}
    return load_state(
        _on_cpu(VisionTransformer, config), state_dict,
        lambda name: layer_source(name, _VIT_LAYER, "encoder.layer.") or _VIT_TOP[name],
        optional=("head",),
        ignored=lambda key: key.startswith("pooler."))


# ------------------------------------------------------------------ ImageGPT (ImageGPTModel and its two task models)

_IMAGEGPT_LAYER: dict[str, Source] = {key: source for key, source in _GPT2_LAYER.items()
                                      if not key.startswith("beta")}                 # GPT-2's layout, norms without β
_IMAGEGPT_TOP: dict[str, Source] = {
    "token_embedding": ("wte.weight", table_to_columns), "position_embedding": ("wpe.weight", table_to_columns),
    "final_gamma": ("ln_f.weight", same), "lm_head": ("lm_head.weight", same), "head_weight": ("score.weight", same),
}


def fill_imagegpt(model: nn.Module, state_dict: Mapping[str, torch.Tensor]) -> nn.Module:
    """A fresh ``ImageGPT`` filled with the weights of a Hugging Face ``ImageGPTModel``,
    ``ImageGPTForCausalImageModeling`` or ``ImageGPTForImageClassification`` state dict (``ImageGPT.from_hf``). Its
    layers are laid out as GPT-2's (``Conv1D``, fused q/k/v); its norms have a gain and no shift. The heads a state
    dict lacks keep their fresh initialisation."""
    return load_state(
        model, strip_prefix(state_dict, "transformer."),
        lambda name: layer_source(name, _IMAGEGPT_LAYER, "h.") or _IMAGEGPT_TOP[name],
        optional=("lm_head", "head_weight"),
        ignored=lambda key: key.endswith((".attn.bias", ".attn.masked_bias")))  # old checkpoints' mask buffers


# ------------------------------------------------------------------ Swin (SwinModel, SwinForImageClassification)

_SWIN_BLOCK: dict[str, Source] = {
    **{f"{w}{c}": (f"attention.self.{part}.{kind}", same)
       for c, part in zip("qkv", ("query", "key", "value")) for w, kind in (("W", "weight"), ("b", "bias"))},
    "Wo": ("attention.output.dense.weight", same), "bo": ("attention.output.dense.bias", same),
    "bias_table": ("attention.self.relative_position_bias_table", table_to_columns),   # ((2M−1)², H) -> (H, (2M−1)²)
    "gamma1": ("layernorm_before.weight", same), "beta1": ("layernorm_before.bias", same),
    "W1": ("intermediate.dense.weight", same), "b1": ("intermediate.dense.bias", same),
    "W2": ("output.dense.weight", same), "b2": ("output.dense.bias", same),
    "gamma2": ("layernorm_after.weight", same), "beta2": ("layernorm_after.bias", same),
}
_SWIN_MERGE: dict[str, Source] = {"gamma": ("downsample.norm.weight", same), "beta": ("downsample.norm.bias", same),
                                  "weight": ("downsample.reduction.weight", same)}
_SWIN_TOP: dict[str, Source] = {
    "patch_weight": ("embeddings.patch_embeddings.projection.weight", lambda w: w.flatten(1)),  # (D0, C·P·P)
    "patch_bias": ("embeddings.patch_embeddings.projection.bias", same),
    "embedding_norm.gamma": ("embeddings.norm.weight", same), "embedding_norm.beta": ("embeddings.norm.bias", same),
    "final_norm.gamma": ("layernorm.weight", same), "final_norm.beta": ("layernorm.bias", same),
    "head.weight": ("classifier.weight", same), "head.bias": ("classifier.bias", same),
}

# transformers ≥ 5 renames Swin's attention and MLP modules in memory; checkpoint files keep the names above.
_SWIN_V5_RENAMES = (
    ("attention.q_proj.", "attention.self.query."), ("attention.k_proj.", "attention.self.key."),
    ("attention.v_proj.", "attention.self.value."), ("attention.o_proj.", "attention.output.dense."),
    ("attention.relative_position_bias.relative_position_bias_table", "attention.self.relative_position_bias_table"),
    ("mlp.fc1.", "intermediate.dense."), ("mlp.fc2.", "output.dense."),
)


def _swin_checkpoint_key(key: str) -> str:
    """A Swin key in the checkpoint layout, whether it came from a file or from a transformers ≥ 5 model."""
    for new, old in _SWIN_V5_RENAMES:
        key = key.replace(new, old)
    return key


def _swin_source(name: str) -> Source:
    """``stages.{s}.blocks.{b}.{key}`` and ``stages.{s}.merge.{key}`` live in ``encoder.layers.{s}``."""
    parts = name.split(".")
    if parts[0] != "stages":
        return _SWIN_TOP[name]
    stage = f"encoder.layers.{parts[1]}."
    if parts[2] == "blocks":
        key, convert = _SWIN_BLOCK[parts[4]]
        return f"{stage}blocks.{parts[3]}.{key}", convert
    key, convert = _SWIN_MERGE[parts[3]]
    return stage + key, convert


def fill_swin(model: nn.Module, state_dict: Mapping[str, torch.Tensor]) -> nn.Module:
    """A fresh ``SwinTransformer`` filled with the weights of a Hugging Face ``SwinModel`` /
    ``SwinForImageClassification`` state dict, in memory or from a file (``SwinTransformer.from_hf``). Its
    relative-position index buffers, which older checkpoints store, are recomputed rather than read; absolute position
    embeddings and mask tokens are not part of this Swin."""
    state_dict = {_swin_checkpoint_key(key): value for key, value in strip_prefix(state_dict, "swin.").items()}
    return load_state(model, state_dict, _swin_source, optional=("head",),
                 ignored=lambda key: key.endswith("relative_position_index"))


# ------------------------------------------------------------------ configurations

# Hugging Face activation names -> the reference's (``reference.transformer_layer.ACTIVATIONS``).
_HF_ACTIVATIONS = {"gelu": "gelu", "gelu_new": "gelu_tanh", "gelu_pytorch_tanh": "gelu_tanh",
                   "quick_gelu": "quick_gelu"}


def config_from_hf(hf_config, name: str, num_classes: int = 0) -> ModelConfig | HierarchicalConfig:
    """A ``ModelConfig`` from a Hugging Face ``BertConfig``, ``GPT2Config``, ``ViTConfig`` or ``ImageGPTConfig``, or a
    ``HierarchicalConfig`` from a ``SwinConfig`` (object or dict). ValueError for settings the reference lacks."""
    get = hf_config.get if isinstance(hf_config, dict) else lambda key: getattr(hf_config, key, None)
    model_type = get("model_type")
    hf_activation = get("activation_function" if model_type in ("gpt2", "imagegpt") else "hidden_act")
    if hf_activation not in _HF_ACTIVATIONS:
        raise ValueError(f"hf_config: activation {hf_activation!r} is not one of {sorted(_HF_ACTIVATIONS)}")
    activation = _HF_ACTIVATIONS[hf_activation]
    if model_type == "bert":
        return ModelConfig(name, "encoder", get("hidden_size"), get("num_hidden_layers"),
                           get("num_attention_heads"), get("intermediate_size"), vocab_size=get("vocab_size"),
                           max_positions=get("max_position_embeddings"), type_vocab_size=get("type_vocab_size"),
                           num_classes=num_classes, layer_norm_eps=get("layer_norm_eps"), activation=activation)
    if model_type == "gpt2":
        d_model = get("n_embd")
        return ModelConfig(name, "decoder", d_model, get("n_layer"), get("n_head"), get("n_inner") or 4 * d_model,
                           vocab_size=get("vocab_size"), max_positions=get("n_positions"),
                           layer_norm_eps=get("layer_norm_epsilon"), norm_first=True, activation=activation)
    if model_type == "vit":
        return ModelConfig(name, "vit", get("hidden_size"), get("num_hidden_layers"), get("num_attention_heads"),
                           get("intermediate_size"), image_size=get("image_size"), patch_size=get("patch_size"),
                           num_channels=get("num_channels"), num_classes=num_classes,
                           layer_norm_eps=get("layer_norm_eps"), norm_first=True, activation=activation)
    if model_type == "imagegpt":
        unsupported = [key for key, fine in (("scale_attn_weights", True), ("scale_attn_by_inverse_layer_idx", False),
                                             ("add_cross_attention", False)) if bool(get(key)) != fine]
        if unsupported:
            raise ValueError(f"hf_config: the reference ImageGPT does not support {', '.join(unsupported)}")
        d_model = get("n_embd")
        return ModelConfig(name, "imagegpt", d_model, get("n_layer"), get("n_head"), get("n_inner") or 4 * d_model,
                           vocab_size=get("vocab_size"), max_positions=get("n_positions"), num_classes=num_classes,
                           layer_norm_eps=get("layer_norm_epsilon"), norm_first=True, activation=activation)
    if model_type == "swin":
        if activation != "gelu" or not get("qkv_bias") or get("use_absolute_embeddings"):
            raise ValueError("hf_config: the reference Swin has exact GELU, q/k/v biases and no absolute positions")
        image_size, patch_size = get("image_size"), get("patch_size")
        if not (isinstance(image_size, int) and isinstance(patch_size, int)):
            raise ValueError(f"hf_config: the reference Swin takes square images and patches, got {image_size}, "
                             f"{patch_size}")
        depths = tuple(get("depths"))
        return HierarchicalConfig(name, "swin", image_size, patch_size,
                                  tuple(get("embed_dim") * 2 ** stage for stage in range(len(depths))), depths,
                                  tuple(get("num_heads")), get("window_size"), num_channels=get("num_channels"),
                                  num_classes=num_classes, mlp_ratio=get("mlp_ratio"),
                                  layer_norm_eps=get("layer_norm_eps"))
    raise ValueError(f"hf_config: model_type {model_type!r} is not one of 'bert', 'gpt2', 'vit', 'imagegpt', 'swin'")
