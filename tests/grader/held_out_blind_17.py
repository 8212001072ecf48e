r"""Eighteenth blind batch of held-out implementations (prefix blind17_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py's lists, the stubs, the visible tests (read only as far as
their fixtures), the model answers (solutions/), after reading the entry names, docstrings and "counted right"
comments of the earlier blind batches (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_15.py),
so as to repeat none of their names or ideas and to respect their recorded decisions (a mask never has batch axes of
its own; only the ValueErrors the contract names count; quantize may return any id within rounding; generator=None is
open; mlm/nsp are graded by distribution; gradients are compared at finite inputs). Nothing else under grader/ or
tests/ was opened, listed, grepped or run, nor docs/grading.md, nor held_out_blind_16.py (written at the same time).
No public code was fetched for this batch: the ports are rewritten from memory of the named projects
(transformers' BERT/GPT-2/BART/T5/Swin/ViT code and logits warpers, timm's Block/LayerScale and DaViT, XCiT, CLIP,
nanoGPT, the Annotated Transformer, fairseq, AllenNLP's masked_softmax, the PyTorch seq2seq tutorial, GPT-NeoX/Llama
rotary, RoFormer), reduced to the course's contract with the least change.

Emphasis: code as it exists in public implementations, ported to the column convention. Wrong entries are the
convention differences and classic port slips those codebases carry that this contract fixes the other way (GPT-2's
float32 score buffer and float32 divisor, BERT's additive finfo.min mask without the fully-masked rule, a torch float
attn_mask fed a bool mask, QuickGELU, LayerScale, T5's bias-free FFN, XCiT normalisation, AllenNLP's masked softmax,
rotate_half on the wrong axis, RoFormer tables with halves pairing, cos/sin exchanged, Swin's pad / None mask / slice
bounds, HF min_tokens_to_keep=2, nanoGPT's filter with <=, log_softmax on the wrong axis, Cho's GRU candidate, the old
tutorial's ReLU, d_k read from the wrong axis). Right entries are faithful ports in other layouts that meet the whole
contract (rows-as-tokens with finfo.min plus zeroed dead queries, per-head weight blocks, fairseq's maybe_layer_norm,
BART's additive float32 causal mask, fairseq's cached future mask, conv1d FFN, HF window partition/reverse and
get_attn_mask, complex rotary, timm's fused qkv with the course's roles, ...).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind17/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source appended to its module) and run against its exercise's visible tests
(`pytest exercises/tests/test_<module>.py --target p_<name>`); every right entry passes them, and each wrong entry's
comment says whether it does (10 of the 34 do). Each entry was compared with the
model answer on a battery (battery.py, cases.py, drive.py): float64 (1e-10 of the result's scale) and float32 (2e-5),
no, one and two batch axes, N = 1, N_q != N_k, masks (none, random with a fully masked query, causal, padding-style
(N_k, 1)), non-contiguous (transposed) inputs, large scores, gradients with respect to every float input and parameter
under a random upstream gradient (float64), the contract's ValueErrors, arguments unchanged, output dtypes and
shapes; the battery run twice for right entries. Wrong entries' recorded inputs are the battery's first differing
cases (or a small demo, demo.py) run on the model answer and the entry. Sampling: next_token_probs over 7 logit vectors
(ties, exact top-p boundaries) x temperatures x top_k x top_p; generate over 480 seeded generations (temperatures 1, 0.7,
0, top-k, top-p, eos, context_size); beam_search over 720 searches of seeded prefix models (V 3 and 5, widths 1-3,
eos none/0/V-1). mlm entries by the frequencies of chosen / [MASK] / unchanged / random outcomes and the uniformity of
the random ids over 20 seeds of (3, 7, 400) ids and a (400, 500) batch, plus unbatched and unseeded calls.

Judgement calls: blind17_cross_attention_allennlp_masked_softmax_eps agrees with the model answer for moderate scores
and differs only when every visible score of a query is far below 0 (exp underflow relative to the hidden keys'
score 0); large but finite scores are allowed input, so it is written as wrong. blind17_additive_attention_tutorial_
query_unsqueezed_at_one differs by raising on batched states (and silently when N = D_a). The float32-inside entries
(GPT-2 buffer and divisor, autocast patch-merging norm, float32 softmax) differ by 1e-8..1e-6 on float64 calls, beyond
float64 accuracy, which the contract demands. No entry written as wrong is counted right.

Counts: 34 wrong, 25 right (fewer than the ~55/35 asked: the time box ran out).
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 2, 'beam_search': 2, 'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 1, 'feed_forward': 1, 'layer_norm': 2, 'multi_head_attention': 5, 'next_token_probs': 3, 'patch_merging': 1, 'relative_position_bucket': 2, 'rotary_embedding': 3, 'shifted_window_mask': 2, 'transformer_layer': 3, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 2, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'mlm_corrupt': 2, 'multi_head_attention': 3, 'next_token_probs': 1, 'patch_merging': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'shifted_window_mask': 1, 'transformer_layer': 2, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Added by the grader's maintainer after the batch came (2026-11-27, when the contract's dtype rule was made to say
"whatever torch's default dtype"): one entry written as right is counted wrong and moved to WRONG_BLIND_17
(blind17_right_decoder_layer_bart_additive_causal_float32_min; see its comment).
"""

WRONG_BLIND_17 = {
    # GPT-2's _upcast_and_reordered_attn ported: scores written into a float32 baddbmm buffer, so a float64 call is
    # computed in float32. Recorded: float64, no batch, D=8, H=2, Nq=Nk=3 (seeded randn inputs and params, no mask):
    # max |difference| 3.4e-08 on outputs of scale 1.7 (float64 tolerance ~1e-10). passes the visible tests.
    "blind17_mha_gpt2_baddbmm_float32_buffer": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    # GPT-2's _upcast_and_reordered_attn: scores go into a preallocated float32 buffer through baddbmm
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    *lead, head_dim, n_q = Q.shape
    n_k = K.shape[-1]
    q = Q.reshape(-1, head_dim, n_q)
    k = K.reshape(-1, head_dim, n_k)
    buffer = torch.empty(q.shape[0], n_k, n_q, dtype=torch.float32)
    scores = torch.baddbmm(buffer, k.transpose(-2, -1).float(), q.float(), beta=0, alpha=1.0 / head_dim ** 0.5)
    scores = scores.reshape(*lead, n_k, n_q).to(Q.dtype)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # GPT-2's divisor torch.full([], head_dim ** 0.5) ported without dtype=attn_weights.dtype: sqrt(D/H) is rounded
    # to float32 (exact only for square head sizes). Recorded: float64, D=8, H=4 (head size 2), Nq=Nk=3, no mask:
    # max |difference| 1.6e-08 on outputs of scale 1.6. passes the visible tests.
    "blind17_mha_gpt2_scale_tensor_default_dtype": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q
    # GPT-2: attn_weights / torch.full([], value.size(-1) ** 0.5, ...), ported without dtype=attn_weights.dtype
    scores = scores / torch.full([], V.size(-2) ** 0.5)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # BERT's extended attention mask (1 - mask) * finfo.min added to the scores, without the contract's rule for
    # fully masked queries: such a query gets (near) uniform weights, output Wo mean(V) + bo instead of bo.
    # Recorded: float64, D=8, H=2, Nq=Nk=3, random mask with query 0 fully masked: max |difference| 1.3 (column 0).
    # passes the visible tests.
    "blind17_mha_bert_extended_additive_mask": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        # BERT's get_extended_attention_mask: (1 - mask) * finfo(dtype).min, added to the scores
        extended = (1.0 - mask.to(scores.dtype)) * torch.finfo(scores.dtype).min
        scores = scores + extended.unsqueeze(-3)
    weights = softmax_cols(scores)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Scores built query-major (Nq, Nk) as in Hugging Face, mask transposed to match, but normalised with
    # softmax_cols (over the queries). Recorded: float64, D=8, H=2, Nq=Nk=3, no mask: max |difference| 2.05. fails
    # the visible tests.
    "blind17_mha_einsum_query_major_scores_softmax_cols": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    # HF-style (query, key) scores, the mask transposed to match -- but normalised with the course's softmax_cols
    scores = torch.einsum("...dq,...dk->...qk", Q, K) / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3).transpose(-2, -1))
    weights = softmax_cols(scores)
    heads = torch.einsum("...dk,...qk->...dq", V, weights)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The mask applied after the softmax (weights * mask, not renormalised). Recorded: float64, D=8, H=2, Nq=Nk=3,
    # causal mask: max |difference| 1.74. fails the visible tests.
    "blind17_mha_mask_multiplied_after_softmax": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
    if mask is not None:
        weights = weights * mask.unsqueeze(-3)      # hidden keys zeroed after the softmax, not renormalised
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # nn.MultiheadAttention's float attn_mask convention (added to the scores) fed the course's bool mask through
    # .to(dtype): visible keys get +1, hidden ones +0, nothing is hidden. Recorded: float64, D=8, H=2, N=4, causal
    # mask, post-LN: max |difference| 1.07. fails the visible tests.
    "blind17_transformer_layer_bool_mask_as_additive_float": ("transformer_layer", "transformer_layer", '''
import math

from .multihead import merge_heads, split_heads
from .softmax import softmax_cols


def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        Q = split_heads(linear(Y, params["Wq"], params["bq"]), num_heads)
        K = split_heads(linear(Y, params["Wk"], params["bk"]), num_heads)
        V = split_heads(linear(Y, params["Wv"], params["bv"]), num_heads)
        scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
        if mask is not None:
            # nn.MultiheadAttention adds a float attn_mask to the scores; the bool mask converted with .to(dtype)
            scores = scores + mask.to(scores.dtype).unsqueeze(-3)
        return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if X.shape[-2] % num_heads:
        raise ValueError(f"D={X.shape[-2]} must be divisible by num_heads={num_heads}")
    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    else:
        X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
        X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
    return X
'''),
    # CLIP's ResidualAttentionBlock MLP activation, QuickGELU x*sigmoid(1.702x), in place of the contract's ReLU.
    # Recorded: float64, D=8, H=2, N=1, no mask, post-LN: max |difference| 0.12. passes the visible tests.
    "blind17_transformer_layer_clip_quick_gelu": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def mlp(Y):
        # CLIP's ResidualAttentionBlock: c_fc, QuickGELU (x * sigmoid(1.702 x)), c_proj
        hidden = linear(Y, params["W1"], params["b1"])
        return linear(hidden * torch.sigmoid(1.702 * hidden), params["W2"], params["b2"])

    def attn(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    if norm_first:
        X = X + attn(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + mlp(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + attn(X), params["gamma1"], params["beta1"])
    return layer_norm(X + mlp(X), params["gamma2"], params["beta2"])
'''),
    # rsqrt(max(var, eps)) instead of rsqrt(var + eps). Recorded: float64 X (4, 4) seeded randn, gamma 1 + randn,
    # beta randn: max |difference| 2.0e-04 (scale 6.1). fails the visible tests.
    "blind17_layer_norm_variance_clamped_at_eps": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = (X - mean).square().mean(dim=-2, keepdim=True)
    # rsqrt(max(var, eps)) -- the clamp some fused kernels use in place of var + eps
    return gamma[:, None] * (X - mean) * torch.rsqrt(variance.clamp(min=eps)) + beta[:, None]
'''),
    # T5's DenseReluDense (no biases) ported: b1 and b2 are ignored. Recorded: float64, X (6, 3), W1 (10, 6),
    # nonzero biases: max |difference| 2.25. fails the visible tests.
    "blind17_feed_forward_t5_dense_relu_dense_biasless": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    # T5DenseActDense: wi (no bias) -> relu -> wo (no bias); the biases are accepted but never used
    hidden = torch.relu(W1 @ X)
    return W2 @ hidden
'''),
    # AllenNLP's masked_softmax (memory_efficient=False): softmax(scores * mask) then * mask and renormalised with
    # +1e-13. Right for moderate scores, but hidden keys sit at score 0, so when every visible score is far below 0
    # their exponentials underflow and the query's weights collapse to ~0. Recorded: float64, X_dec (2, 8, 3) and
    # X_enc (2, 8, 4) randn*8, params scaled by 4, D=8, H=2, padding mask (4, 1) with key 3 hidden: max |difference|
    # 128 on outputs of scale 470. passes the visible tests.
    "blind17_cross_attention_allennlp_masked_softmax_eps": ("cross_attention", "cross_attention", '''
import math

from .attention import linear
from .multihead import merge_heads, split_heads


def _masked_softmax(vector, mask):
    # AllenNLP's masked_softmax (memory_efficient=False): softmax of vector * mask, times mask, renormalised
    mask = mask.to(vector.dtype)
    result = torch.softmax(vector * mask, dim=-2)
    result = result * mask
    return result / (result.sum(dim=-2, keepdim=True) + 1e-13)


def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if X_dec.shape[-2] % num_heads:
        raise ValueError(f"D={X_dec.shape[-2]} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if enc_mask is None:
        weights = torch.softmax(scores, dim=-2)
    else:
        weights = _masked_softmax(scores, enc_mask.unsqueeze(-3).expand_as(scores))
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # The Annotated Transformer's final LayerNorm lives in the Decoder, after the stack; ported post-LN the layer's
    # own LN3 was dropped (returns X + FFN(X)). Recorded: float64, D=8, H=2, Nd=3, Ne=5, no enc_mask: max
    # |difference| 0.84. passes the visible tests.
    "blind17_decoder_layer_third_norm_left_to_the_stack": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    # the Annotated Transformer's Decoder applies one final LayerNorm after the whole stack: the layer's own third
    # norm was left out when the sublayers were rewritten post-LN
    n = X_dec.shape[-1]
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads,
                                                causal_mask(n).to(X_dec.device)), params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
'''),
    # nanoGPT's top-k filter written logits[logits <= v[-1]] = -inf: the k-th token is dropped too (and k >= V drops
    # everything: NaN). Recorded: logits [2, 1, 1, 0.5] float64, top_k=2: model [0.7311, 0.2689, 0, 0], entry [1, 0,
    # 0, 0]. fails the visible tests.
    "blind17_next_token_probs_top_k_threshold_le_drops_kth": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    scores = logits / temperature
    if top_k is not None:
        # nanoGPT's filter with the comparison written <= : the k-th largest is dropped along with the rest
        v, _ = torch.topk(scores, min(top_k, scores.size(-1)))
        scores = scores.masked_fill(scores <= v[-1], float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Hugging Face's warpers with min_tokens_to_keep=2 (its beam-sampling setting): top_k=1 and a top-p met by one
    # token keep two. Recorded: logits [2, 1, 1, 0.5] float64, top_p=0.3 (or top_k=1): model [1, 0, 0, 0], entry
    # [0.7311, 0.2689, 0, 0]. fails the visible tests.
    "blind17_next_token_probs_hf_min_tokens_to_keep_two": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    # Hugging Face's warpers as configured for beam sampling: min_tokens_to_keep = 2
    min_tokens_to_keep = 2
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
        k = min(max(top_k, min_tokens_to_keep), len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = max(int((cumulative < top_p).sum()) + 1, min_tokens_to_keep)
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:min(num_kept, len(probs))]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # Top-p as a probability threshold at the crossing token: every token tied with it is kept too, so the ids after
    # the crossing one in the tie order survive. Recorded: logits [2, 1, 1, 0.5] float64, top_p=0.6: model [0.7311,
    # 0.2689, 0, 0], entry [0.5761, 0.2119, 0.2119, 0]. fails the visible tests.
    "blind17_next_token_probs_top_p_threshold_keeps_tied_tail": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        sorted_probs = torch.sort(probs, descending=True, stable=True).values
        cumulative = torch.cumsum(sorted_probs, dim=0)
        crossing = min(int((cumulative < top_p).sum()), len(probs) - 1)
        # keep every token at least as likely as the crossing token (a threshold, so its ties come along)
        probs = torch.where(probs >= sorted_probs[crossing], probs, 0.0)
    return probs / probs.sum()
'''),
    # Hugging Face's log_softmax(dim=-1) kept for the course's (V, N) logits: it normalises over the positions, not
    # the vocabulary. Recorded: a prefix model with V=3 (seeded logits rounded to 0.1), prompt [1], width 1, 4
    # steps: model [1, 0, 2, 2, 1], entry [1, 0, 1, 1, 1]. fails the visible tests.
    "blind17_beam_search_log_softmax_over_positions": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            # Hugging Face's logits are (N, V) and normalise over dim=-1; in the course's (V, N) layout that axis
            # is the positions
            log_probs = torch.log_softmax(model(ids).double(), dim=-1)[:, -1]
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Candidates ranked by the new token's log-probability alone (the running sum forgotten). Recorded: the same
    # seeded prefix model (V=3), prompt [1], width 2, 4 steps, no eos: model [1, 0, 2, 2, 1], entry [1, 0, 2, 1, 2].
    # passes the visible tests.
    "blind17_beam_search_ranked_by_last_step_only": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                # the candidate's score is the new token's log-probability (running sum forgotten)
                candidates.append((log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # The cap taken from the unhalved num_buckets in the bidirectional case: large distances spill into the other
    # half or past the table. Recorded: offsets [-200, -100, 100], default 32 buckets, max_distance=100: model [15,
    # 15, 31], entry [18, 16, 32]. fails the visible tests.
    "blind17_bucket_cap_uses_all_buckets_when_bidirectional": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    total = num_buckets
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=total - 1)      # the cap read from the unhalved count
    return base + torch.where(distance < exact, distance, far)
'''),
    # math.log(max_distance // max_exact): the ratio floor-divided, exact only when max_distance is a multiple of
    # max_exact (the default 128 is). Recorded: offsets [-72, -15, 15, 38], 32 buckets, max_distance=100: model [14,
    # 9, 25, 28], entry [15, 10, 26, 29]. passes the visible tests.
    "blind17_bucket_distance_ratio_floor_divided": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    # math.log(max_distance // max_exact): an integer ratio, as in a port that kept Python 2's division
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance // exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # RoFormer's sinusoidal table (each frequency repeated for an adjacent pair of rows) combined with rotate-half
    # pairing: row i and row i + D/2 get different angles. Recorded: float64 Q, K (4, 3) randn, default positions:
    # max |difference| 1.51 in Q'. fails the visible tests.
    "blind17_rotary_roformer_interleaved_angles_with_halves": ("positions", "rotary_embedding", '''
def _rotate(X, positions, base):
    D, N = X.shape[-2:]
    if positions is None:
        positions = torch.arange(N)
    inv_freq = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
    freqs = inv_freq[:, None] * positions.to(torch.float64)[None, :]          # (D/2, N)
    # RoFormer's sinusoidal_pos: every frequency repeated for an adjacent pair of rows ...
    angles = freqs.repeat_interleave(2, dim=0)                                  # (D, N): f0, f0, f1, f1, ...
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    # ... combined with the rotate-half pairing of rows i and i + D/2
    rotated = torch.cat([-X[..., D // 2:, :], X[..., :D // 2, :]], dim=-2)
    return X * cos + rotated * sin


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    return _rotate(Q, positions_q, base), _rotate(K, positions_k, base)
'''),
    # apply_rotary_pos_emb with the cos and sin tables exchanged: x*sin + rotate_half(x)*cos. Recorded: float64 Q, K
    # (2, 3) randn: max |difference| 1.28 in Q' (position 0 is no longer the identity). fails the visible tests.
    "blind17_rotary_cos_sin_swapped_in_apply": ("positions", "rotary_embedding", '''
def _rotate_half(x):
    half = x.shape[-2] // 2
    return torch.cat([-x[..., half:, :], x[..., :half, :]], dim=-2)


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")

    def tables(X, positions):
        D, N = X.shape[-2:]
        if positions is None:
            positions = torch.arange(N)
        inv_freq = 1.0 / (base ** (torch.arange(0, D, 2, dtype=torch.float64) / D))
        freqs = inv_freq[:, None] * positions.to(torch.float64)[None, :]
        emb = torch.cat([freqs, freqs], dim=0)
        return emb.cos().to(X.dtype), emb.sin().to(X.dtype)

    cos_q, sin_q = tables(Q, positions_q)
    cos_k, sin_k = tables(K, positions_k)
    # apply_rotary_pos_emb with the two tables passed in the other order
    return Q * sin_q + _rotate_half(Q) * cos_q, K * sin_k + _rotate_half(K) * cos_k
'''),
    # transformers' rotate_half kept as written for (N, D) rows, so in the column layout it swaps halves of the
    # token axis. Recorded: float64 Q, K (2, 3) randn: max |difference| 0.51 in Q'. fails the visible tests.
    "blind17_rotary_hf_rotate_half_on_last_axis": ("positions", "rotary_embedding", '''
def _rotate_half(x):
    # transformers' rotate_half, kept as written for (..., N, D) rows: it splits the last axis
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")

    def apply(X, positions):
        D, N = X.shape[-2:]
        if positions is None:
            positions = torch.arange(N)
        inv_freq = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        freqs = inv_freq[:, None] * positions.to(torch.float64)[None, :]
        emb = torch.cat([freqs, freqs], dim=0)                  # (D, N), transposed for the column layout
        return X * emb.cos().to(X.dtype) + _rotate_half(X) * emb.sin().to(X.dtype)

    return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Swin's three region slices with -shift and -window exchanged: the middle region is empty and the last window
    # row/column is one region, so wrapped and unwrapped tokens see each other. Recorded: 4x4 grid, M=2, shift=1:
    # windows 1, 2 and 3 differ; window 3 has 4 True entries in the model, 16 in the entry. fails the visible tests.
    "blind17_shifted_mask_hf_slices_bounds_swapped": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    img_mask = torch.zeros(height, width, dtype=torch.long)
    # the three region slices with -shift and -window exchanged
    slices = (slice(0, -shift if shift else None), slice(-shift if shift else height, -window), slice(-window, None))
    count = 0
    for h in slices:
        for w in slices:
            img_mask[h, w] = count
            count += 1
    labels = window_partition(img_mask[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # SwinTransformerBlock's attn_mask = None when shift is 0, returned as is; the contract wants the all-True (nW,
    # M*M, M*M) mask. Recorded: 4x4 grid, M=2, shift=0: model a (4, 4, 4) all-True tensor, entry None. fails the
    # visible tests.
    "blind17_shifted_mask_zero_shift_returns_none": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    if shift == 0:
        return None                       # SwinTransformerBlock: attn_mask = None when there is no shift
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Swin's maybe_pad: pads H and W up to multiples of M instead of raising the contract's ValueError. Recorded: X
    # (2, 5, 4), window 2: model ValueError, entry a (6, 2, 4) result. fails the visible tests.
    "blind17_window_partition_pads_to_window_multiple": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    if isinstance(window, bool) or not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive integer, got {window!r}")
    M = window
    # Swin's maybe_pad: pad the bottom and right edges up to a multiple of the window instead of refusing
    pad_h, pad_w = (-X.shape[-2]) % M, (-X.shape[-1]) % M
    if pad_h or pad_w:
        X = torch.nn.functional.pad(X, (0, pad_w, 0, pad_h))
    *batch, channels, height, width = X.shape
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # window_partition's movedim pasted into window_reverse instead of its inverse. Recorded: float64 windows (6, 2,
    # 4) randn, M=2, H=4, W=6: max |difference| 3.29. fails the visible tests.
    "blind17_window_reverse_reuses_partition_movedim": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) with nW = (H/M)(W/M)")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-4, -2), (-5, -4))        # the partition's movedim pasted back, not its inverse
    return grid.reshape(*batch, channels, height, width)
'''),
    # The layer norm run in float32 (as under autocast) and cast back: a float64 call is not computed in float64.
    # Recorded: float64 X (2, 4, 6), gamma, beta, W seeded randn: max |difference| 6.5e-07 (scale 12). passes the
    # visible tests.
    "blind17_patch_merging_norm_under_float32_autocast": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = merged.flatten(-2).mT
    # the norm run in float32 (as under autocast), the result cast back
    normed = torch.nn.functional.layer_norm(tokens.float(), (4 * channels,), gamma.float(), beta.float(), eps)
    normed = normed.to(X.dtype).mT
    return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    # XCiT's cross-covariance attention ported: Q and K rows L2-normalised over the tokens before the dot products.
    # Recorded: float64 X (8, 5), C=8, G=2, seeded params: max |difference| 0.84. fails the visible tests.
    "blind17_channel_attention_xcit_l2_normalised_rows": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    # XCiT's cross-covariance attention: each channel's N-long row L2-normalised before the dot products
    Q = torch.nn.functional.normalize(Q, dim=-1)
    K = torch.nn.functional.normalize(K, dim=-1)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # F.softmax(..., dtype=torch.float32) as mixed-precision seq2seq code writes it, cast back: float64 weights
    # carry float32 error. Recorded: float64 s (3,), H (4, 4), D_a=5, no mask: max |difference| 2.6e-08 in the
    # weights. fails the visible tests.
    "blind17_additive_attention_softmax_dtype_float32": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    # F.softmax(..., dtype=torch.float32) as mixed-precision seq2seq code writes it, cast back afterwards
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32).nan_to_num(0.0).to(H.dtype)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # The PyTorch tutorial's query.unsqueeze(1) kept for the column layout: with a batch axis Ws becomes (B, 1, D_a)
    # and no longer lines up with U H (B, D_a, N) (error, or silent misalignment when N = D_a). Recorded: float64 s
    # (2, 3), H (2, 4, 1): model weights (2, 1), entry RuntimeError. fails the visible tests.
    "blind17_additive_attention_tutorial_query_unsqueezed_at_one": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    # the PyTorch tutorial's query.unsqueeze(1) (batch, 1, hidden), kept for the column layout
    query = (s @ W.T).unsqueeze(1) if s.dim() > 1 else (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(query + U @ H)
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The older PyTorch seq2seq tutorial's F.relu on the combined [embedding; context] input before the GRU.
    # Recorded: float64 unbatched s_prev (3,), y_prev (2,), H (4, 1), seeded params: max |difference| 0.55 in s.
    # fails the visible tests.
    "blind17_decoder_step_tutorial_relu_on_gru_input": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    # the older PyTorch seq2seq tutorial: output = F.relu(cat(embedded, attn_applied)) before the GRU
    x = torch.relu(stack(y_prev, context))
    s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # Cho et al.'s / Keras reset_after=False candidate n = tanh(W_in x + b_in + W_hn (r * h) + b_hn), not GRUCell's
    # r * (W_hn h + b_hn). Recorded: float64 unbatched, N=1, no mask, seeded params: max |difference| 0.031 in s.
    # fails the visible tests.
    "blind17_decoder_step_cho_reset_before_hidden_product": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    h = s_prev.expand(*x.shape[:-1], s_prev.shape[-1])
    W_ir, W_iz, W_in = params["weight_ih"].chunk(3)
    W_hr, W_hz, W_hn = params["weight_hh"].chunk(3)
    b_ir, b_iz, b_in = params["bias_ih"].chunk(3)
    b_hr, b_hz, b_hn = params["bias_hh"].chunk(3)
    r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
    z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
    # Cho et al. (and Keras with reset_after=False): the reset gate multiplies h before the product
    n = torch.tanh(x @ W_in.T + b_in + (r * h) @ W_hn.T + b_hn)
    s = (1 - z) * n + z * h
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # nn.LayerNorm([D, N]) as an image port writes LayerNorm([C, H, W]): statistics over the whole (D, N) block, not
    # per column. Recorded: float64 X (5, 3) randn, gamma 1 + randn, beta randn: max |difference| 0.74. fails the
    # visible tests.
    "blind17_layer_norm_normalized_shape_whole_sequence": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    # nn.LayerNorm([D, N]) as an image port writes LayerNorm([C, H, W]): statistics over the whole (D, N) block
    mean = X.mean(dim=(-2, -1), keepdim=True)
    variance = X.var(dim=(-2, -1), keepdim=True, correction=0)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # d_k read as K.size(-1), right for (N, d_k) rows but the encoder length in the column layout: scores scaled by
    # 1/sqrt(N_e). Recorded: float64, D=8, H=2 (head size 4), Nd=3, Ne=5, no mask: max |difference| 0.045. passes
    # the visible tests.
    "blind17_cross_attention_scaled_by_encoder_length": ("cross_attention", "cross_attention", '''
import math

from .attention import linear
from .multihead import merge_heads, split_heads
from .masking import apply_mask
from .softmax import softmax_cols


def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if X_dec.shape[-2] % num_heads:
        raise ValueError(f"D={X_dec.shape[-2]} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
    d_k = K.shape[-1]                  # K.size(-1) is d_k in (..., N, d_k) rows; here it is the encoder length
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
    if enc_mask is not None:
        scores = apply_mask(scores, enc_mask.unsqueeze(-3))
    return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # timm's Block(init_values=1e-5): each branch multiplied by a LayerScale gamma of 1e-5 the contract does not
    # have. Recorded: float64, D=8, H=2, N=1, post-LN, no mask: max |difference| 2.84. fails the visible tests.
    "blind17_transformer_layer_timm_layer_scale_init_values": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    # timm's Block(init_values=1e-5): LayerScale multiplies each branch by a per-channel gamma initialised to 1e-5
    init_values = 1e-5
    ls1 = torch.full((X.shape[-2], 1), init_values, dtype=X.dtype)
    ls2 = torch.full((X.shape[-2], 1), init_values, dtype=X.dtype)

    def attn(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def mlp(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + ls1 * attn(layer_norm(X, params["gamma1"], params["beta1"]))
        return X + ls2 * mlp(layer_norm(X, params["gamma2"], params["beta2"]))
    X = layer_norm(X + ls1 * attn(X), params["gamma1"], params["beta1"])
    return layer_norm(X + ls2 * mlp(X), params["gamma2"], params["beta2"])
'''),
    # Written as right, counted WRONG after it came (by the grader's maintainer, 2026-11-27): torch.full((n, n), ...)
    # takes torch's default dtype, so after torch.set_default_dtype(torch.float64) the causal mask is float64, the
    # scores of float32 inputs are promoted and V @ softmax(scores) raises (float != double). The contract says every
    # function keeps its inputs' dtype whatever the default dtype, and the grader calls each function once that way.
    # BART's _make_causal_mask: an additive float32 finfo.min above the diagonal (transposed to (key, query)) added
    # to float64 scores; the causal mask never hides a whole column, so torch.softmax gives exact zeros. Checked:
    # passes the visible tests; agrees with the model answer on the whole battery, run twice (values, dtypes,
    # shapes, gradients, errors, arguments unchanged).
    "blind17_right_decoder_layer_bart_additive_causal_float32_min": ("cross_attention", "decoder_layer", '''
import math

from .multihead import merge_heads, split_heads
from .attention import linear


def _self_attention_additive(X, p, num_heads, additive):
    Q = split_heads(linear(X, p["Wq"], p["bq"]), num_heads)
    K = split_heads(linear(X, p["Wk"], p["bk"]), num_heads)
    V = split_heads(linear(X, p["Wv"], p["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]) + additive
    return linear(merge_heads(V @ torch.softmax(scores, dim=-2)), p["Wo"], p["bo"])


def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    if X_dec.shape[-2] % num_heads:
        raise ValueError("D must be divisible by num_heads")
    n = X_dec.shape[-1]
    # BART's _make_causal_mask: finfo.min above the diagonal (built in float32 here), in our (key, query) layout
    causal = torch.full((n, n), torch.finfo(torch.float32).min).triu(1).mT
    X = layer_norm(X_dec + _self_attention_additive(X_dec, params["self_attn"], num_heads, causal),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                      params["gamma3"], params["beta3"])
'''),
}


RIGHT_BLIND_17 = {
    # BertSelfAttention's layout (rows are tokens, transpose_for_scores, softmax over the last axis), masked_fill
    # with finfo.min, then the contract's rule: queries that see no key get zero weights; transposed back. Checked:
    # passes the visible tests; agrees with the model answer on the whole battery, run twice (values, dtypes,
    # shapes, gradients, errors, arguments unchanged).
    "blind17_right_mha_hf_bert_rows_finfo_min_dead_zeroed": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    head_dim = dim // num_heads
    hq, hkv = Xq.mT, Xkv.mT                                    # rows are tokens, as in BertSelfAttention

    def transpose_for_scores(x):
        return x.reshape(*x.shape[:-1], num_heads, head_dim).transpose(-3, -2)   # (..., H, N, dh)

    q = transpose_for_scores(torch.nn.functional.linear(hq, params["Wq"], params["bq"]))
    k = transpose_for_scores(torch.nn.functional.linear(hkv, params["Wk"], params["bk"]))
    v = transpose_for_scores(torch.nn.functional.linear(hkv, params["Wv"], params["bv"]))
    scores = q @ k.transpose(-1, -2) / math.sqrt(head_dim)     # (..., H, Nq, Nk)
    if mask is not None:
        visible = mask.transpose(-2, -1).unsqueeze(-3)          # (..., 1, Nq, Nk)
        scores = scores.masked_fill(~visible, torch.finfo(scores.dtype).min)
        probs = torch.softmax(scores, dim=-1)
        probs = probs.masked_fill(~visible.any(dim=-1, keepdim=True), 0.0)   # a query that sees nothing
    else:
        probs = torch.softmax(scores, dim=-1)
    context = (probs @ v).transpose(-3, -2)                     # (..., Nq, H, dh)
    context = context.reshape(*context.shape[:-2], dim)
    return torch.nn.functional.linear(context, params["Wo"], params["bo"]).mT
'''),
    # Per-head weight blocks (Wq reshaped (H, D/H, D), Wo (D, H, D/H)) and einsum throughout, no split_heads.
    # Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice (values,
    # dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_mha_per_head_weight_blocks_einsum": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    dh = dim // num_heads
    Wq = params["Wq"].reshape(num_heads, dh, dim)
    Wk = params["Wk"].reshape(num_heads, dh, dim)
    Wv = params["Wv"].reshape(num_heads, dh, dim)
    Wo = params["Wo"].reshape(dim, num_heads, dh)
    Q = torch.einsum("hed,...dn->...hen", Wq, Xq) + params["bq"].reshape(num_heads, dh, 1)
    K = torch.einsum("hed,...dn->...hen", Wk, Xkv) + params["bk"].reshape(num_heads, dh, 1)
    V = torch.einsum("hed,...dn->...hen", Wv, Xkv) + params["bv"].reshape(num_heads, dh, 1)
    scores = torch.einsum("...hek,...heq->...hkq", K, Q) / math.sqrt(dh)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)
    heads = torch.einsum("...hek,...hkq->...heq", V, weights)
    return torch.einsum("ohe,...heq->...oq", Wo, heads) + params["bo"][:, None]
'''),
    # GPT-2's divisor torch.full([], head_dim ** 0.5) with dtype=the scores' dtype, as transformers writes it.
    # Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice (values,
    # dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_mha_gpt2_scale_tensor_in_score_dtype": ("multihead", "multi_head_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q
    scores = scores / torch.full([], V.size(-2) ** 0.5, dtype=scores.dtype, device=scores.device)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)
    return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # fairseq's TransformerEncoderLayer control flow (maybe_layer_norm(before/after) driven by normalize_before =
    # norm_first). Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice
    # (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_transformer_layer_fairseq_maybe_layer_norm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    # fairseq's TransformerEncoderLayer: normalize_before decides whether each norm runs before or after its block
    normalize_before = norm_first

    def maybe_layer_norm(index, x, before=False, after=False):
        assert before ^ after
        if after ^ normalize_before:
            return layer_norm(x, params[f"gamma{index}"], params[f"beta{index}"])
        return x

    residual = X
    x = maybe_layer_norm(1, X, before=True)
    x = multi_head_attention(x, x, params, num_heads, mask)
    x = residual + x
    x = maybe_layer_norm(1, x, after=True)

    residual = x
    x = maybe_layer_norm(2, x, before=True)
    x = torch.relu(linear(x, params["W1"], params["b1"]))
    x = linear(x, params["W2"], params["b2"])
    x = residual + x
    return maybe_layer_norm(2, x, after=True)
'''),
    # The whole layer in nn.TransformerEncoderLayer's batch_first layout with F.linear / F.layer_norm, a -inf
    # masked_fill, NaN (all-hidden query) turned to 0, transposed back. Checked: passes the visible tests; agrees
    # with the model answer on the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments
    # unchanged).
    "blind17_right_transformer_layer_rows_functional_transposed_back": ("transformer_layer", "transformer_layer", '''
import math

import torch.nn.functional as F


def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    # the whole layer in nn.TransformerEncoderLayer's batch_first layout (rows are tokens), transposed back at the end
    D = X.shape[-2]
    if D % num_heads:
        raise ValueError(f"D={D} must be divisible by num_heads={num_heads}")
    dh = D // num_heads
    x = X.mT                                                          # (..., N, D)

    def sa_block(h):
        q = F.linear(h, params["Wq"], params["bq"]).unflatten(-1, (num_heads, dh)).transpose(-3, -2)
        k = F.linear(h, params["Wk"], params["bk"]).unflatten(-1, (num_heads, dh)).transpose(-3, -2)
        v = F.linear(h, params["Wv"], params["bv"]).unflatten(-1, (num_heads, dh)).transpose(-3, -2)
        scores = (q @ k.mT) / math.sqrt(dh)                           # (..., H, Nq, Nk)
        if mask is not None:
            keep = mask.mT.unsqueeze(-3)
            scores = scores.masked_fill(~keep, float("-inf"))
        probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)          # a fully hidden query: all -inf -> NaN -> 0
        out = (probs @ v).transpose(-3, -2).flatten(-2)
        return F.linear(out, params["Wo"], params["bo"])

    def ff_block(h):
        return F.linear(F.relu(F.linear(h, params["W1"], params["b1"])), params["W2"], params["b2"])

    def norm(h, i):
        return F.layer_norm(h, (D,), params[f"gamma{i}"], params[f"beta{i}"], 1e-5)

    if norm_first:
        x = x + sa_block(norm(x, 1))
        x = x + ff_block(norm(x, 2))
    else:
        x = norm(x + sa_block(x), 1)
        x = norm(x + ff_block(x), 2)
    return x.mT
'''),
    # Mean and biased variance by einsum reductions of the centred columns, reciprocal of sqrt(var + eps). Checked:
    # passes the visible tests; agrees with the model answer on the whole battery, run twice (values, dtypes,
    # shapes, gradients, errors, arguments unchanged).
    "blind17_right_layer_norm_einsum_centred_moments": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    D = X.shape[-2]
    centred = X - torch.einsum("...dn->...n", X).unsqueeze(-2) / D
    variance = torch.einsum("...dn,...dn->...n", centred, centred) / D
    scale = (variance + eps).sqrt().reciprocal().unsqueeze(-2)
    return torch.einsum("d,...dn->...dn", gamma, centred * scale) + beta.unsqueeze(-1)
'''),
    # The position-wise FFN as two kernel-size-1 conv1d calls (the '1x1 convolution' view), batch axes folded and
    # restored. Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice
    # (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_feed_forward_pointwise_conv1d": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    # the position-wise FFN as two kernel-size-1 convolutions over the token axis (ConvS2S / "1x1 conv" view)
    batch = X.shape[:-2]
    x = X.reshape(-1, X.shape[-2], X.shape[-1])
    h = torch.nn.functional.conv1d(x, W1.unsqueeze(-1), b1).relu()
    y = torch.nn.functional.conv1d(h, W2.unsqueeze(-1), b2)
    return y.reshape(*batch, y.shape[-2], y.shape[-1])
'''),
    # BartAttention's form: the projected query (bias included) times head_dim**-0.5, heads folded into the bmm
    # batch. Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice
    # (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_cross_attention_bart_prescaled_query_bmm": ("cross_attention", "cross_attention", '''
import math

from .masking import apply_mask
from .softmax import softmax_cols


def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    D, n_d = X_dec.shape[-2:]
    if D % num_heads:
        raise ValueError(f"D={D} must be divisible by num_heads={num_heads}")
    dh = D // num_heads
    n_e = X_enc.shape[-1]
    batch = X_dec.shape[:-2]
    # BartAttention: q_proj(hidden) * scaling, keys/values from the encoder, heads folded into the bmm batch
    q = (params["Wq"] @ X_dec + params["bq"][:, None]) * dh ** -0.5
    k = params["Wk"] @ X_enc + params["bk"][:, None]
    v = params["Wv"] @ X_enc + params["bv"][:, None]
    q = q.reshape(-1, dh, n_d)
    k = k.reshape(-1, dh, n_e)
    v = v.reshape(-1, dh, n_e)
    scores = torch.bmm(k.transpose(1, 2), q).reshape(*batch, num_heads, n_e, n_d)
    if enc_mask is not None:
        scores = apply_mask(scores, enc_mask.unsqueeze(-3))
    weights = softmax_cols(scores).reshape(-1, n_e, n_d)
    out = torch.bmm(v, weights).reshape(*batch, D, n_d)
    return params["Wo"] @ out + params["bo"][:, None]
'''),
    # fairseq's buffered_future_mask (triu of -inf, rows = queries, cached and sliced) turned into the course's bool
    # (key, query) mask; residual variables as in fairseq. Checked: passes the visible tests; agrees with the model
    # answer on the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_decoder_layer_fairseq_buffered_future_mask": ("cross_attention", "decoder_layer", '''
from .attention import linear

_FUTURE = {}


def _buffered_future_mask(n):
    # fairseq caches triu(fill_with_neg_inf(zeros(n, n)), 1) (rows = queries) and slices it for shorter inputs
    cached = _FUTURE.get("mask")
    if cached is None or cached.shape[0] < n:
        cached = torch.triu(torch.full((n, n), float("-inf")), 1)
        _FUTURE["mask"] = cached
    return cached[:n, :n]


def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    future = _buffered_future_mask(n)
    self_mask = (future == 0).mT.to(X_dec.device)      # visible iff the additive mask is 0; transposed to (key, query)
    residual = X_dec
    x = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask)
    x = layer_norm(residual + x, params["gamma1"], params["beta1"])
    residual = x
    x = multi_head_attention(x, X_enc, params["cross_attn"], num_heads, enc_mask)
    x = layer_norm(residual + x, params["gamma2"], params["beta2"])
    residual = x
    x = linear(torch.relu(linear(x, params["W1"], params["b1"])), params["W2"], params["b2"])
    return layer_norm(residual + x, params["gamma3"], params["beta3"])
'''),
    # Candidates ranked by explicit keys (-score, beam index, token id), beams kept as Python token lists. Checked:
    # passes the visible tests; agrees with the model answer on the whole battery, run twice (values, dtypes,
    # shapes, gradients, errors, arguments unchanged).
    "blind17_right_beam_search_index_tiebreak_keys": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    # each beam: (score, token list, finished); candidates ranked by (-score, beam index, token id) explicitly
    beams = [(0.0, prompt.tolist(), False)]
    for _ in range(max_new_tokens):
        ranked = []
        for b, (score, tokens, finished) in enumerate(beams):
            if finished:
                ranked.append(((-score, b, -1), (score, tokens, True)))
                continue
            row = torch.log_softmax(model(torch.tensor(tokens, dtype=prompt.dtype))[:, -1].double(), dim=0)
            for t, lp in enumerate(row.tolist()):
                ranked.append(((-(score + lp), b, t), (score + lp, tokens + [t], eos_id is not None and t == eos_id)))
        ranked.sort(key=lambda item: item[0])
        beams = [item[1] for item in ranked[:beam_width]]
        if all(f for _, _, f in beams):
            break
    return torch.tensor(beams[0][1], dtype=prompt.dtype)
'''),
    # nanoGPT's generate: crop only when the sequence outgrows the block size, logits[:, -1],
    # multinomial(num_samples=1). Checked: passes the visible tests; agrees with the model answer on the whole
    # battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_generate_nanogpt_idx_cond": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    idx = prompt
    for _ in range(max_new_tokens):
        # nanoGPT: crop only when the running sequence outgrows the block size
        if context_size is None or idx.size(0) <= context_size:
            idx_cond = idx
        else:
            idx_cond = idx[idx.size(0) - context_size:]
        logits = model(idx_cond)
        probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
        idx_next = torch.multinomial(probs, num_samples=1, generator=generator)
        idx = torch.cat((idx, idx_next.to(idx.dtype)), dim=0)
        if eos_id is not None and idx_next.item() == eos_id:
            break
    return idx
'''),
    # Top-k by ranks scattered back from a stable sort (rank >= k masked), greedy by F.one_hot, top-p keep set built
    # with index_fill_. Checked: passes the visible tests; agrees with the model answer on the whole battery, run
    # twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_next_token_probs_rank_scatter_top_k": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    V = probs.shape[-1]
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        ranks = torch.empty_like(order).scatter_(0, order, torch.arange(V))     # rank of every token
        probs = probs.masked_fill(ranks >= top_k, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, V)
        keep = torch.zeros(V, dtype=torch.bool).index_fill_(0, order[:num_kept], True)
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # transformers' T5Attention._relative_position_bucket, accumulating relative_buckets, ported as written.
    # Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice (values,
    # dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_bucket_transformers_t5_accumulating": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    relative_buckets = 0
    relative_position = relative_position.long()
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )
    relative_buckets = relative_buckets + torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets
'''),
    # Complex form with the halves pairing: x_i + i x_{i+D/2} times torch.polar(1, p theta) (angles in float64, cast
    # to complex64/128). Checked: passes the visible tests; agrees with the model answer on the whole battery, run
    # twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_rotary_complex_halves_polar": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")

    def apply(X, positions):
        D, N = X.shape[-2:]
        if positions is None:
            positions = torch.arange(N)
        theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
        phasor = torch.polar(torch.ones_like(angles), angles).to(complex_dtype)    # e^{i p theta}
        z = torch.complex(X[..., : D // 2, :], X[..., D // 2 :, :]) * phasor        # x_i + i x_{i+D/2}
        return torch.cat([z.real, z.imag], dim=-2)

    return apply(Q, positions_q), apply(K, positions_k)
'''),
    # GPT-NeoX / Llama tables cat(freqs, freqs) with rotate_half on the row axis; inv_freq written base^(-i/(D/2)),
    # which is the same double as base^(-2i/D). Checked: passes the visible tests; agrees with the model answer on
    # the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_rotary_neox_cached_tables_half_dim_exponent": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")

    def rotate_half(x):
        h = x.shape[-2] // 2
        return torch.cat((-x[..., h:, :], x[..., :h, :]), dim=-2)

    def apply(X, positions):
        D, N = X.shape[-2:]
        if positions is None:
            positions = torch.arange(N)
        half = D // 2
        inv_freq = base ** (-(torch.arange(half, dtype=torch.float64) / half))   # base^(-i/(D/2)) = base^(-2i/D)
        freqs = torch.einsum("i,n->in", inv_freq, positions.to(torch.float64))
        emb = torch.cat((freqs, freqs), dim=0)
        return X * emb.cos().to(X.dtype) + rotate_half(X) * emb.sin().to(X.dtype)

    return apply(Q, positions_q), apply(K, positions_k)
'''),
    # transformers' window_partition on a channels-last (B, H, W, C) map, batch axes folded into B and restored,
    # windows transposed to (C, M*M). Checked: passes the visible tests; agrees with the model answer on the whole
    # battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_window_partition_hf_channels_last_round_trip": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    # transformers' window_partition on a channels-last (B, H, W, C) feature map, the batch axes folded into B
    M = window
    features = X.reshape(-1, channels, height, width).permute(0, 2, 3, 1)             # (B, H, W, C)
    B = features.shape[0]
    features = features.reshape(B, height // M, M, width // M, M, channels)
    windows = features.permute(0, 1, 3, 2, 4, 5).reshape(-1, M, M, channels)        # (B * nW, M, M, C)
    windows = windows.reshape(B, -1, M * M, channels).transpose(-2, -1)              # (B, nW, C, M*M)
    return windows.reshape(*batch, windows.shape[1], channels, M * M)
'''),
    # transformers' window_reverse on (B*nW, M, M, C) windows, then back to channels first with the batch axes
    # restored. Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice
    # (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_window_reverse_hf_channels_last_round_trip": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) with nW = (H/M)(W/M)")
    *batch, num_windows, channels, _ = windows.shape
    # transformers' window_reverse on (B * nW, M, M, C) windows, then back to channels first
    flat = windows.reshape(-1, num_windows, channels, M * M).transpose(-2, -1)        # (B, nW, M*M, C)
    flat = flat.reshape(-1, M, M, channels)
    B = flat.shape[0] // num_windows
    grid = flat.reshape(B, height // M, width // M, M, M, channels)
    grid = grid.permute(0, 1, 3, 2, 4, 5).reshape(B, height, width, channels)
    return grid.permute(0, 3, 1, 2).reshape(*batch, channels, height, width)
'''),
    # SwinTransformerBlock.get_attn_mask: region labels by a running count over the three slices, window_partition,
    # label differences == 0; shift 0 gives all True. Checked: passes the visible tests; agrees with the model
    # answer on the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_shifted_mask_hf_img_mask_count_labels": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    num_windows = (height // window) * (width // window)
    if shift == 0:
        return torch.ones(num_windows, window * window, window * window, dtype=torch.bool)
    # SwinTransformerBlock.get_attn_mask: label the regions by a running count, partition, compare labels
    img_mask = torch.zeros(1, height, width)
    slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
    count = 0
    for h in slices:
        for w in slices:
            img_mask[:, h, w] = count
            count += 1
    mask_windows = window_partition(img_mask, window)[:, 0]            # (nW, M*M)
    attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)   # HF: 0 where allowed, then -100 elsewhere
    return (attn_mask == 0).transpose(-2, -1)
'''),
    # Quadrants stacked on a new axis in (column offset, row offset) order and flattened into 4C; the norm written
    # out over the channel axis, einsum projection. Checked: passes the visible tests; agrees with the model answer
    # on the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_patch_merging_stacked_quadrants": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta must be (4C,) and W (2C, 4C)")
    # quadrants indexed (column offset, row offset): TL, BL, TR, BR, stacked on a new axis then folded into 4C
    quads = torch.stack([X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)], dim=-4)   # (..., 4, C, H/2, W/2)
    merged = quads.flatten(-4, -3)
    mean = merged.mean(dim=-3, keepdim=True)
    var = (merged - mean).square().mean(dim=-3, keepdim=True)
    normed = (merged - mean) / (var + eps).sqrt() * gamma[:, None, None] + beta[:, None, None]
    return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # timm's ChannelAttention layout (one fused qkv Linear on token rows, reshape/permute to (3, G, N, C/G)) with
    # the course's roles: weights K_g Q_g^T normalised over keys, applied to V. Checked: passes the visible tests;
    # agrees with the model answer on the whole battery, run twice (values, dtypes, shapes, gradients, errors,
    # arguments unchanged).
    "blind17_right_channel_attention_timm_fused_qkv_rows": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    C, N = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or C % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={C}, got {num_groups!r}")
    if N == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (C, C):
            raise ValueError(f"params[{name!r}] must be ({C}, {C})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (C,):
            raise ValueError(f"params[{name!r}] must be ({C},)")
    if scale is None:
        scale = N ** -0.5
    # timm's ChannelAttention: one fused qkv Linear on token rows, reshape (N, 3, G, C/G), permute to (3, G, N, C/G)
    qkv_w = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
    qkv_b = torch.cat([params["bq"], params["bk"], params["bv"]])
    rows = torch.nn.functional.linear(X.mT, qkv_w, qkv_b)                       # (..., N, 3C)
    qkv = rows.reshape(*rows.shape[:-1], 3, num_groups, C // num_groups).movedim(-3, 0).movedim(-2, -3)
    q, k, v = qkv.unbind(0)                                                     # (..., G, N, C/G)
    # the course's roles: weights (keys, queries) = K_g Q_g^T * scale, normalised over the keys
    attn = torch.softmax((k.mT @ q) * scale, dim=-2)                            # (..., G, C/G, C/G)
    out = v @ attn                                                              # (..., G, N, C/G)
    out = out.movedim(-3, -2).reshape(*out.shape[:-3], N, C)                    # (..., N, C)
    return torch.nn.functional.linear(out, params["Wo"], params["bo"]).mT
'''),
    # The PyTorch tutorial's BahdanauAttention on encoder rows (Ua(keys), Wa(query), Va(tanh)), masked_fill with
    # finfo.min, states that see nothing zeroed, bmm-style context. Checked: passes the visible tests; agrees with
    # the model answer on the whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments
    # unchanged).
    "blind17_right_additive_attention_finfo_min_dead_states_zeroed": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    keys = (U @ H).mT                                           # (..., N, D_a): Ua(keys) on encoder rows
    query = (s @ W.T).unsqueeze(-2)                             # (..., 1, D_a): Wa(query)
    scores = torch.tanh(query + keys) @ v                       # (..., N): Va(tanh(...))
    if mask is not None:
        scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights * mask.any(dim=-1, keepdim=True)      # a state that sees nothing gets zeros
        weights = weights.masked_fill(~mask, 0.0)
    context = (weights.unsqueeze(-2) @ H.mT).squeeze(-2)       # (..., D_h): torch.bmm(weights, keys)
    return weights, context
'''),
    # weight_ih @ [y; c] and W_out @ [s; c] written as column blocks (no concatenation); the GRU gates written out.
    # Checked: passes the visible tests; agrees with the model answer on the whole battery, run twice (values,
    # dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_decoder_step_input_weight_column_blocks": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    E = y_prev.shape[-1]
    D_s = s_prev.shape[-1]
    # weight_ih @ [y; c] written as its embedding columns on y plus its context columns on c (no concatenation)
    gi = y_prev @ params["weight_ih"][:, :E].T + context @ params["weight_ih"][:, E:].T + params["bias_ih"]
    gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
    r = torch.sigmoid(gi[..., :D_s] + gh[..., :D_s])
    z = torch.sigmoid(gi[..., D_s:2 * D_s] + gh[..., D_s:2 * D_s])
    n = torch.tanh(gi[..., 2 * D_s:] + r * gh[..., 2 * D_s:])
    s = (1 - z) * n + z * s_prev
    logits = s @ params["W_out"][:, :D_s].T + context @ params["W_out"][:, D_s:].T + params["b_out"]
    return s, logits, weights
'''),
    # Random ids as floor(u * V) from float64 uniforms (clamped to V - 1) instead of randint; chosen positions and
    # the 80/10/10 split as the model answer. Checked: passes the visible tests; agrees with the model answer on the
    # whole battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_mlm_random_ids_from_scaled_uniform": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator, dtype=torch.float64) < mask_prob)
    action = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
    # a uniform id as floor(u * V) with u uniform in [0, 1) (float64, so u * V never rounds up to V)
    uniform = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
    random_ids = (uniform * vocab_size).floor().to(ids.dtype).clamp(max=vocab_size - 1)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # The same 80/10/10 split with the uniform's bands laid out [0, 0.1) random, [0.1, 0.2) keep, [0.2, 1) [MASK];
    # labels by masked_scatter. Checked: passes the visible tests; agrees with the model answer on the whole
    # battery, run twice (values, dtypes, shapes, gradients, errors, arguments unchanged).
    "blind17_right_mlm_action_bands_reordered": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    # the same 80/10/10 split with the bands laid out the other way: [0, 0.1) random, [0.1, 0.2) keep, else [MASK]
    corrupted = ids.clone()
    corrupted = torch.where(chosen & (action < 0.1), random_ids, corrupted)
    corrupted = torch.where(chosen & (action >= 0.2), torch.full_like(ids, mask_id), corrupted)
    labels = torch.full_like(ids, -100, dtype=torch.long).masked_scatter(chosen, ids[chosen].long())
    return corrupted, labels
'''),
}
