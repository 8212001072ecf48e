"""Ninth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, docs/learners.md, the stubs (exercises/*.py), the learner-visible tests
(exercises/tests/), the model answers (solutions/) and the course registry (course/registry.py), after reading the
seven earlier blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_7.py) for
their docstrings, entry names and comments, so as to repeat none of their names or ideas and to respect the entries
they mark "counted right"; nothing else under grader/ or tests/, and not docs/grading.md, was opened, listed, grepped
or run. Every entry was built into a scratch package (/tmp/blind8: a copy of solutions/ with the entry's source
appended to its module, the stub-check placeholder replaced by the stub's own lines) and run against its exercise's
visible tests with `pytest exercises/tests/test_<module>.py --target mysub`; each comment says whether it passes them.
Right entries were compared with the model answer on batteries of inputs (float32, and float64 at a relative
tolerance of 1e-10; no, one and two batch axes; N = 1; N_q != N_k; fully masked queries; ties; non-contiguous
views; gradients with respect to every float input and weight; the contract's ValueErrors; arguments unmodified;
output dtypes); mlm_corrupt and nsp_pairs, whose draws are free, by statistics over many seeds. Each wrong entry has
a recorded input the contract allows on which it differs from the model answer (a value, a shape, a dtype, an
exception, a missing ValueError, a gradient), named in its comment.

Emphasis: wrong code that PASSES the learner-visible tests (42 of the 60 wrong entries do), the mistakes the grader
exists for: half-fixed code (NaN clean-up only for 2-D scores, a mask honoured only in the pre-LN branch or only
before the softmax when unbatched, batching right for outputs but not for returned weights), rare branches and
shortcuts (one key, stride 1, shift 0, window 1, a single patch, a single group, an all-False mask, top_p exactly 1,
a one-token sequence, a batch of one squeezed away), optional arguments given explicitly (rope base, DaViT scale,
an integer one_hot dtype), float32 constants met in float64 arithmetic (rsqrt scales, 1/N, a float32 buffer),
missing or loosened ValueErrors (checks with `and`, on one side, on totals, case-folded names, upper bounds only),
gradients cut by a defensive copy (.clone().detach() of scores or params, detached weights), Python-set membership
on tensors, and a few plain convention mix-ups (BERT's and timm's eps, Hugging Face's preference for finished
beams, alphabetical or incremental BPE tie orders). Right entries meet the whole contract in other styles.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract made sparse_attention_cost exact for every n, 10^12
too, with no loop over n): blind8_right_sparse_cost_per_query_counts, moved to WRONG_BLIND_8 (see its comment).
"""
WRONG_BLIND_8 = {
    # ------------------------------------------------------------------ softmax
    # Shortcut for one key (M = 1): returns ones, but a lone -inf score must get weight 0. Differs on [[-inf,
    # 0.5]] (float64): model [[0, 1]], this [[1, 1]]. Passes the visible tests.
    "blind8_softmax_single_key_shortcut": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    if scores.shape[-2] == 1:
        return torch.ones_like(scores)          # one key: it gets all the weight
    column_max = scores.amax(dim=-2, keepdim=True)
    column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Max shift applied only when some score exceeds 80 (fear of overflow only): a column of very negative scores
    # underflows. Differs on [[-1e4], [-1e4 + 1]] (float32): model [0.27, 0.73], this [0, 0] (0/0 guarded to 0).
    # Passes the visible tests.
    "blind8_softmax_shift_only_when_overflowing": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    finite = scores.masked_fill(torch.isinf(scores), 0.0)
    if finite.numel() and finite.max() > 80:         # exp overflows float32 past ~88: shift only then
        column_max = scores.amax(dim=-2, keepdim=True)
        scores = scores - column_max.masked_fill(column_max == float("-inf"), 0.0)
    exps = torch.exp(scores)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # NaN clean-up for fully masked columns written for the unbatched case only (half-fixed). Differs on a (1, 2,
    # 1) tensor of -inf: model zeros, this NaN. Passes the visible tests.
    "blind8_softmax_dead_columns_guarded_on_2d_only": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    column_max = scores.amax(dim=-2, keepdim=True)
    exps = torch.exp(scores - column_max)
    weights = exps / exps.sum(dim=-2, keepdim=True)
    if scores.dim() == 2:                          # a fully masked query: its column is NaN, make it zeros
        weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    return weights
'''),
    # ------------------------------------------------------------------ masking
    # Habitual .squeeze() of lengths: a batch of one becomes 0-d and indexing it fails. Differs on
    # padding_mask(tensor([2]), 3): model (1, 3, 1) [T, T, F], this IndexError. Passes the visible tests.
    "blind8_padding_mask_squeezes_lengths": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    lengths = lengths.squeeze()
    keys = torch.arange(n, device=lengths.device)
    return (keys[None, :] < lengths[:, None])[:, :, None]
'''),
    # Copies the scores with .clone().detach() (the idiom PyTorch's copy-construct warning suggests) to avoid
    # writing into the argument: the gradient is cut. Differs on scores (2, 2) float64 with requires_grad and a
    # causal mask: model's output has a grad_fn, this none. Passes the visible tests.
    "blind8_apply_mask_clone_detach_copy": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    masked = scores.clone().detach()                # a copy, so the caller's scores stay as they were
    masked[~mask.expand_as(scores)] = float("-inf")
    return masked
'''),
    # Caps the window at n // 2, believing it then covers the sequence (it does not: the band needs n - 1).
    # Differs on local_mask(4, 3): model all True, this False at [0, 3] and [3, 0]. Passes the visible tests.
    "blind8_local_mask_window_clamped_to_half": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    window = min(window, n // 2)          # a window wider than half the sequence covers it anyway
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys).abs() <= window
'''),
    # ------------------------------------------------------------------ attention
    # Returns weights.squeeze(0) (a debugging leftover): a batch axis of size 1 disappears from the weights only.
    # Differs on Q, K, V of shape (1, 2, 3): weights (3, 3) instead of (1, 3, 3). Passes the visible tests.
    "blind8_sdpa_weights_squeezed": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights.squeeze(0)
'''),
    # Applies the mask only if mask.any(): an all-False mask is skipped, so queries that see no key get uniform
    # weights instead of zeros. Differs on Q, K, V (2, 2) with mask zeros(2, 2, bool). Passes the visible tests.
    "blind8_sdpa_mask_skipped_unless_any_visible": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None and mask.any():
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Returns weights.detach() ("the weights are only for plotting"): no gradient flows back from the returned
    # weights. Differs on Q, K, V (2, 3) float64: the gradient of a loss on the weights w.r.t. Q is zero instead
    # of nonzero. Passes the visible tests.
    "blind8_sdpa_weights_returned_detached": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights.detach()      # the weights are only for plotting
'''),
    # Writes attention inline and scales by sqrt(D) (X's rows) instead of sqrt(D_k). Differs on X (4, 3) with Wq,
    # Wk (2, 4): scores divided by 2 instead of sqrt(2). Passes the visible tests.
    "blind8_self_attention_scales_by_model_width": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(X.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Puts every sequence's tokens side by side with X.reshape(D, -1), which for a batch mixes rows of different
    # sequences. Differs on X (2, 4, 3) (right on unbatched X). Passes the visible tests.
    "blind8_self_attention_batch_flattened_into_tokens": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    dim, n = X.shape[-2], X.shape[-1]
    flat = X.reshape(dim, -1)                      # all tokens of all sequences side by side
    Q = (Wq @ flat + bq[:, None]).reshape(*X.shape[:-2], -1, n)
    K = (Wk @ flat + bk[:, None]).reshape(*X.shape[:-2], -1, n)
    V = (Wv @ flat + bv[:, None]).reshape(*X.shape[:-2], -1, n)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # Copies params with {k: v.clone().detach()} so as not to touch the caller's dict: gradients never reach the
    # weights. Differs on Xq, Xkv (4, 3), D = 4, H = 2, float64: gradient w.r.t. Wq is zero. Passes the visible
    # tests.
    "blind8_mha_params_defensive_detached_copy": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    params = {name: value.clone().detach() for name, value in params.items()}   # never touch the caller's dict
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Scale computed as torch.tensor(D/H, dtype=float32).rsqrt(): 1/sqrt(2) rounded to float32 meets float64
    # scores (exact only for head width 1, 4, 16, ...). Differs on float64 Xq, Xkv (4, 3), D = 4, H = 2: error
    # 3e-9, far beyond float64 accuracy. Passes the visible tests.
    "blind8_mha_float32_rsqrt_scale": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
    from .softmax import softmax_cols
    scale = torch.tensor(dim // num_heads, dtype=torch.float32).rsqrt()
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    scores = K.transpose(-2, -1) @ Q * scale
    if mask is not None:
        scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
    heads = V @ softmax_cols(scores)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # BERT's layer-norm eps 1e-12 as the default instead of the contract's 1e-5. Differs on X = 0.01 * randn(3, 2)
    # float64 with the default eps (0.02 off). Fails the visible tests (test_post_ln_normalises_the_output).
    "blind8_layer_norm_bert_default_eps": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-12):
    mean = X.mean(dim=-2, keepdim=True)
    variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Pre-LN branch normalises only the queries: multi_head_attention(LN1(X), X, ...) takes keys and values from
    # the raw X. Differs on X (4, 3), H = 2, norm_first=True (post-LN is right). Passes the visible tests.
    "blind8_transformer_layer_prenorm_keys_unnormalised": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        normed = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(normed, X, params, num_heads, mask)
        X = X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
    else:
        X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
        X = layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
    return X
'''),
    # The mask reaches the attention in the pre-LN branch only; the post-LN (default) branch drops it. Differs on
    # X (4, 3), H = 2 with a causal mask, norm_first=False. Fails the visible tests (test_shapes_and_causality).
    "blind8_transformer_layer_mask_only_in_prenorm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        normed = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(normed, normed, params, num_heads, mask)
        X = X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
        return X
    attended = multi_head_attention(X, X, params, num_heads)
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # einsum written for (D, N) and for one batch axis, folding batches with reshape(-1, D, N) and unfolding with
    # X.shape[0]: two batch axes come back as (B1, B2*D, N). Differs on X (2, 3, 4, 5): shape (2, 12, 5) instead
    # of (2, 3, 4, 5). Passes the visible tests.
    "blind8_feed_forward_einsum_unbatched": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    if X.dim() == 2:
        hidden = torch.relu(torch.einsum("fd,dn->fn", W1, X) + b1[:, None])
        return torch.einsum("df,fn->dn", W2, hidden) + b2[:, None]
    hidden = torch.relu(torch.einsum("fd,bdn->bfn", W1, X.reshape(-1, *X.shape[-2:])) + b1[:, None])
    return (torch.einsum("df,bfn->bdn", W2, hidden) + b2[:, None]).reshape(X.shape[0], -1, X.shape[-1])
'''),
    # ------------------------------------------------------------------ cross_attention
    # Adds the residual X_dec inside cross_attention (a sublayer and its residual mixed up), so decoder_layer adds
    # it twice. Differs on X_dec (4, 3), X_enc (4, 5), H = 2. Fails the visible tests
    # (test_decoder_layer_reads_the_encoder).
    "blind8_cross_attention_adds_residual": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    return X_dec + multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The FFN reads the state before cross-attention (X1) while its residual is added to the state after it.
    # Differs on X_dec (4, 3), X_enc (4, 5), H = 2, float64. Passes the visible tests.
    "blind8_decoder_layer_ffn_on_pre_cross_state": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    causal = causal_mask(X_dec.shape[-1])
    X1 = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                    params["gamma1"], params["beta1"])
    X2 = layer_norm(X1 + cross_attention(X1, X_enc, params["cross_attn"], num_heads, enc_mask),
                    params["gamma2"], params["beta2"])
    thought = feed_forward(X1, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X2 + thought, params["gamma3"], params["beta3"])
'''),
    # The third layer norm is given eps=1e-6 (timm's habit) while the contract fixes 1e-5 for all. Differs on
    # X_dec (4, 3), X_enc (4, 5), H = 2, float64: about 1e-5 off. Passes the visible tests.
    "blind8_decoder_layer_last_norm_eps_1e6": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    causal = causal_mask(X_dec.shape[-1])
    X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"], eps=1e-6)
    return X
'''),
    # ------------------------------------------------------------------ sampling
    # Finds the crossing token with nonzero(cumulative >= top_p)[0]: when rounding leaves the total just below
    # top_p = 1 there is no crossing, and it raises IndexError. Differs on logits = torch.randn(7,
    # generator=manual_seed(0)) (float32), top_p=1.0: model returns the softmax, this IndexError. Passes the
    # visible tests.
    "blind8_top_p_first_crossing_by_nonzero": ("sampling", "next_token_probs", '''
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
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        crossing = int(torch.nonzero(cumulative >= top_p)[0])     # the first token that reaches p
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[: crossing + 1]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # At the end prefers any finished beam over a better unfinished one (Hugging Face's habit of returning
    # finished hypotheses). Differs on the bigram table P = [[0, .1, .1, 0], [.5, 0, .9, 0], [.5, 0, 0, 0], [0,
    # .9, 0, 1]] (P[next, prev]), prompt [0], beam_width 2, max_new_tokens 1, eos_id 2: model [0, 1], this [0, 2].
    # Passes the visible tests.
    "blind8_beam_search_finished_beams_rescored_by_length": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, torch.cat([ids, torch.tensor([token])]), token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    finished = [beam for beam in beams if beam[2]]
    return (finished or beams)[0][1]
'''),
    # -cross_entropy(mean) * length: for a one-token sequence the mean over no targets is NaN. Differs on ids [0]
    # with any model: model 0.0, this NaN. Passes the visible tests.
    "blind8_sequence_log_prob_cross_entropy_times_length": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)
    loss = torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:])
    return -loss * len(ids[1:])
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Divisibility check written with `and` instead of `or`: only one side not divisible slips through. Differs on
    # images (1, 1, 4, 3), P = 2: model ValueError, this RuntimeError from reshape. Fails the visible tests
    # (test_size_must_be_a_multiple_of_the_patch).
    "blind8_patchify_check_and_not_or": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size and width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, -1, P)
    grid = grid.permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Assembles [CLS] and the patch tokens in torch.zeros(B, D, N+1), a float32 buffer, so float64 inputs lose
    # precision. Differs on float64 images (1, 1, 2, 2), P = 2: 8e-8 off. Passes the visible tests.
    "blind8_patch_embedding_buffer_default_dtype": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)          # (B, D, N)
    batch, dim, n = tokens.shape
    out = torch.zeros(batch, dim, n + 1)
    out[:, :, 0] = cls_token
    out[:, :, 1:] = tokens
    return out + positions
'''),
    # Shortcut for a single patch (P = H = W) flattens channels-last (row, column, channel). Differs on images (1,
    # 2, 2, 2), P = 2. Fails the visible tests (test_channels_come_first_inside_a_patch).
    "blind8_patchify_one_patch_flattened_wrong_axis": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    if P == height and P == width:                      # the whole image is one patch
        return images.permute(0, 2, 3, 1).reshape(batch, -1, 1)
    grid = images.reshape(batch, channels, height // P, P, width // P, P)
    grid = grid.permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Read-out W_out [s_prev; c] uses the previous state instead of the new one. Differs on s (3,), y (2,), H (4,
    # 5) with D_s = 3, E = 2, D_h = 4, V = 6. Fails the visible tests (test_decoder_step_order).
    "blind8_decoder_step_readout_from_previous_state": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s_prev, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # The mask argument never reaches additive_attention. Differs on s (3,), y (2,), H (4, 5), mask [T, T, F, T,
    # F]. Fails the visible tests (test_decoder_step_batched_with_mask).
    "blind8_decoder_step_mask_dropped": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"])
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # weights.reshape(-1, H, W).squeeze(0): a batch of one loses its axis. Differs on s (1, 3), features (1, 4, 2,
    # 2): weights (2, 2) instead of (1, 2, 2). Passes the visible tests.
    "blind8_grid_attention_weights_reshaped_unbatched": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)
    return weights.reshape(-1, height, width).squeeze(0), context
'''),
    # A 1-D mask goes in as -inf before the softmax; a batched mask is multiplied into the weights after it (half-
    # fixed), so they no longer sum to 1. Differs on s (2, 3), H (2, 4, 5), mask (2, 5) with one hidden position.
    # Fails the visible tests (test_mask_and_a_fully_hidden_state).
    "blind8_additive_attention_mask_applied_after_softmax_if_batched": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    query = (s @ W.T).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
    if mask is not None and mask.dim() == 1:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    if mask is not None and mask.dim() > 1:
        weights = weights * mask                       # batched masks: zero the hidden positions
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # ------------------------------------------------------------------ sparse_attention
    # Stride 1 shortcut returns torch.ones(n, n), a float tensor. Differs on strided_mask(3, 1): dtype float32
    # instead of bool. Passes the visible tests.
    "blind8_strided_mask_dense_shortcut_float": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    if stride == 1:
        return torch.ones(n, n)                      # stride 1 is the dense mask
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys) % stride == 0
'''),
    # Loops over the first batch axis only, treating each row as unbatched. Differs on is_global of shape (2, 1,
    # 3): shape (2, 1, 3, 3) expected, this (2, 1, 1, 3). Passes the visible tests.
    "blind8_global_token_mask_loop_first_axis_only": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    if is_global.dim() == 1:
        return is_global[:, None] | is_global[None, :]
    return torch.stack([g[:, None] | g[None, :] for g in is_global])
'''),
    # Normalises the pattern name with .strip().lower(), so an unknown spelling is accepted. Differs on
    # sparse_attention_cost("Dense", 4): model ValueError, this 16. Passes the visible tests.
    "blind8_sparse_cost_pattern_case_folded": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    pattern = pattern.strip().lower()
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        if window is None:
            raise ValueError("local needs window")
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        if stride is None:
            raise ValueError("strided needs stride")
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    if num_global is None:
        raise ValueError("global needs num_global")
    return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ positions
    # K is rotated with the literal 10000.0 instead of the base argument. Differs on Q, K (4, 3), base=100.0 (the
    # default base is right). Passes the visible tests.
    "blind8_rotary_keys_default_base": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, 10000.0)
'''),
    # Halves num_buckets for the causal case too (the causal case uses all of them). Differs on offsets [-20,
    # -40], bidirectional=False. Fails the visible tests (test_causal_buckets).
    "blind8_bucket_causal_halves_buckets": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets // 2
    if bidirectional:
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # ------------------------------------------------------------------ pretraining
    # Membership tested in set(special_ids): with special_ids given as a LongTensor the set holds 0-d tensors that
    # never equal Python ints, so special ids get chosen. Differs on ids [[0, 5, 6, 7, 1], [0, 8, 9, 1, 2]],
    # special_ids=tensor([0, 1, 2]), mask_prob=1: specials labelled instead of -100. Passes the visible tests.
    "blind8_mlm_special_ids_python_set": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = set(special_ids)
    eligible = torch.tensor([token not in special for token in ids.reshape(-1).tolist()],
                            dtype=torch.bool).reshape(ids.shape)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Labels copied from the corrupted tensor instead of the original ids. Differs with mask_prob=1: chosen
    # positions labelled mask_id instead of their original id. Fails the visible tests
    # (test_mask_prob_one_chooses_every_ordinary_token).
    "blind8_mlm_labels_from_corrupted": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = ids.clone()
    corrupted[chosen & (action < 0.8)] = mask_id
    replace = chosen & (action >= 0.8) & (action < 0.9)
    corrupted[replace] = random_ids[replace]
    labels = torch.full_like(ids, -100)
    labels[chosen] = corrupted[chosen]
    return corrupted, labels
'''),
    # The random B is the sentence at the successor's position in the other document (clamped), not a uniform one.
    # Differs on documents [[a1, a2, a3], [b1, b2, b3]]: for A = a1 the random B is always b2 (model: b1, b2, b3
    # about equally often). Passes the visible tests.
    "blind8_nsp_random_sentence_same_position": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        for position, (a, successor) in enumerate(zip(document, document[1:])):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[min(position + 1, len(other) - 1)], 1))   # the sentence in B's place
    return pairs
'''),
    # Loops over range(len(documents) - 1), so the last document's examples are missing. Differs on [[a1, a2, a3],
    # [b1, b2, b3]]: 2 examples instead of 4. Fails the visible tests (test_nsp_pairs_structure).
    "blind8_nsp_documents_loop_skips_last": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index in range(max(len(documents) - 1, 1)):
        document = documents[index]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # The float check tests dtype == float32, so float64 images raise ValueError. Differs on float64 images (3, 2,
    # 2) and palette (3, 4). Passes the visible tests.
    "blind8_quantize_float32_only_check": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if images.dtype != torch.float32 or palette.dtype != torch.float32:
        raise ValueError(f"images and palette must be float, got {images.dtype} and {palette.dtype}")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    pixels = images.movedim(-3, -1)[..., :, None]
    return (pixels - palette).square().sum(dim=-2).argmin(dim=-1)
'''),
    # Range check tests only ids >= K: a negative id indexes from the end. Differs on ids [[-1, 0]]: model
    # ValueError, this a colour. Passes the visible tests.
    "blind8_dequantize_range_check_upper_only": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
    if ids.numel() and int(ids.max()) >= palette.shape[1]:
        raise ValueError(f"ids must be below K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # Empty-image check tests only the width. Differs on ids of shape (0, 3): model ValueError, this returns
    # ([sos], []). Passes the visible tests.
    "blind8_pixel_sequence_empty_check_width_only": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.long().flatten(-2)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Mean as X.sum(-1) * (1 / torch.tensor(N, dtype=float32)): 1/3 rounded to float32 meets float64 X. Differs on
    # float64 X (4, 3), W (2, 4): 1.6e-8 off. Passes the visible tests.
    "blind8_average_pool_mean_in_float32": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns")
    pooled = X.sum(dim=-1) * (1.0 / torch.tensor(X.shape[-1], dtype=torch.float32))
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # shift = 0 shortcut counts the windows as (H // M) ** 2, assuming a square grid. Differs on (4, 8, 2, 0):
    # shape (4, 4, 4) instead of (8, 4, 4). Passes the visible tests.
    "blind8_shifted_mask_zero_shift_square_count": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must satisfy 0 <= shift < window, got {shift!r}")
    if shift == 0:
        num_windows = (height // window) ** 2
        return torch.ones(num_windows, window * window, window * window, dtype=torch.bool)
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # Checks nW * M*M == H*W instead of nW and M*M separately. Differs on windows (2, 1, 8), M = 2, H = W = 4:
    # model ValueError, this a grid. Passes the visible tests.
    "blind8_window_reverse_checks_token_total": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] * windows.shape[-1] != height * width:
        raise ValueError(f"windows do not tile a {height}x{width} grid: shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Unflattens the merged tokens with side = int(sqrt(N)), assuming a square grid. Differs on X (1, 2, 2, 8):
    # shape (1, 4, 1, 4) expected, this (1, 4, 2, 2). Passes the visible tests.
    "blind8_patch_merging_unflatten_square": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    side = int((tokens.shape[-1]) ** 0.5)
    return (W @ tokens).reshape(*tokens.shape[:-2], 2 * channels, side, tokens.shape[-1] // side)
'''),
    # ------------------------------------------------------------------ davit
    # Treats an explicit scale as a divisor (like sqrt(d)) while the contract multiplies by it. Differs on X (4,
    # 3), G = 2, scale = 0.5 (the default is right). Fails the visible tests (test_explicit_scale).
    "blind8_channel_attention_divides_by_given_scale": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    tokens = X.shape[-1]
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = K @ Q.transpose(-2, -1)
    scores = scores / math.sqrt(tokens) if scale is None else scores / scale
    attended = softmax_cols(scores).transpose(-2, -1) @ V
    return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Shape checks cover the weight matrices only; a bias of shape (1,) broadcasts silently. Differs on params
    # with bo of shape (1,), C = 4, G = 2: model ValueError, this a result. Passes the visible tests.
    "blind8_channel_attention_checks_weights_not_biases": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("X has no tokens")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    scale = 1 / math.sqrt(tokens) if scale is None else scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    attended = softmax_cols(K @ Q.transpose(-2, -1) * scale).transpose(-2, -1) @ V
    return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Default scale as torch.rsqrt(torch.tensor(float(N))), a float32 constant meeting float64 scores. Differs on
    # float64 X (4, 3), G = 2: 7e-9 off. Passes the visible tests.
    "blind8_channel_attention_float32_rsqrt_tokens": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = torch.rsqrt(torch.tensor(float(X.shape[-1])))
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    attended = softmax_cols(K @ Q.transpose(-2, -1) * scale).transpose(-2, -1) @ V
    return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ embeddings
    # F.one_hot then .T for 1-D ids and .permute(0, 2, 1) otherwise: two batch axes raise. Differs on ids of shape
    # (1, 2, 2), V = 3: model (1, 2, 3, 2), this RuntimeError. Passes the visible tests.
    "blind8_one_hot_permute_assumes_one_batch_axis": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    hot = torch.nn.functional.one_hot(token_ids, vocab_size).to(dtype or torch.get_default_dtype())
    if hot.dim() == 2:
        return hot.T
    return hot.permute(0, 2, 1)
'''),
    # Looks up the flattened ids, (D, B*N), then reshapes to (B, D, N) without moving axes. Differs on ids [[0,
    # 1], [2, 3]] with omega_e (3, 5). Fails the visible tests (test_embed_batch_and_dtype).
    "blind8_embed_flat_lookup_reshaped": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    columns = omega_e[:, token_ids.reshape(-1)]                # (D, B*N)
    return columns.reshape(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # An odd D gets a zero row at the end instead of the sine row. Differs on sinusoidal_positions(4, 3). Fails
    # the visible tests (test_sinusoidal_odd_dimension_ends_with_a_sine).
    "blind8_sinusoidal_odd_row_zero_padded": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    dtype = torch.get_default_dtype()
    positions = torch.arange(num_positions, dtype=dtype)
    pair_index = torch.arange(0, dim - dim % 2, 2, dtype=dtype)
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.stack([torch.sin(angles), torch.cos(angles)], dim=1).reshape(-1, num_positions)
    if dim % 2:
        table = torch.cat([table, torch.zeros(1, num_positions, dtype=dtype)])   # pad the odd row
    return table
'''),
    # ------------------------------------------------------------------ bpe
    # Walks the distinct words in sorted order (a determinism habit), so ties go by alphabet instead of first
    # appearance. Differs on train_bpe("ba ab", 1): model [(b, a)], this [(a, b)]. Fails the visible tests
    # (test_ties_go_to_the_pair_seen_first).
    "blind8_train_bpe_words_sorted_alphabetically": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in sorted(word_counts)}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, symbols in segmentation.items():
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += word_counts[word]
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Updates pair counts incrementally (minbpe/Hugging Face style); new pairs go to the end of the Counter, so
    # ties follow insertion history instead of the current scan. Differs on the worked example (low x5, lower x2,
    # newer x6), 2 merges: second merge (r, </w>) instead of (we, r). Fails the visible tests
    # (test_worked_example_first_two_merges).
    "blind8_train_bpe_incremental_pair_counts": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    pair_counts = Counter()
    for word, frequency in word_counts.items():
        for pair in zip(word, word[1:]):
            pair_counts[pair] += frequency
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter({pair: count for pair, count in pair_counts.items() if count > 0})
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word, frequency in word_counts.items():
            old = segmentation[word]
            new = merge_pair(old, best)
            if new != old:
                for pair in zip(old, old[1:]):
                    pair_counts[pair] -= frequency
                for pair in zip(new, new[1:]):
                    pair_counts[pair] += frequency
                segmentation[word] = new
    return merges
'''),
    # Checks for "</w>" among whole words only (`in text.split()`). Differs on bpe_encode("lo</w>w", []): model
    # ValueError, this tokens. Fails the visible tests (test_end_of_word_symbol_in_input_is_rejected).
    "blind8_bpe_encode_end_of_word_check_whole_words": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    if END_OF_WORD in text.split():
        raise ValueError("text must not contain </w>")
    tokens = []
    for word in text.split():
        symbols = list(word) + [END_OF_WORD]
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # With a single group the default scale becomes 1/sqrt(C) ("one group is ordinary attention"); groups > 1 use
    # 1/sqrt(N). Differs on X (4, 3), G = 1. Fails the visible tests (test_davit.py).
    "blind8_channel_attention_one_group_scales_by_channels": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    channels, tokens = X.shape[-2:]
    if scale is None:
        scale = 1 / math.sqrt(channels) if num_groups == 1 else 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    attended = softmax_cols(K @ Q.transpose(-2, -1) * scale).transpose(-2, -1) @ V
    return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Early return torch.tensor(0.0) for a sequence with nothing to score: float32 where the model's logits are
    # float64. Differs on ids [0] with a float64 model: dtype float32 instead of float64. Passes the visible
    # tests.
    "blind8_sequence_log_prob_short_sequence_float32_zero": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    if len(ids) < 2:
        return torch.tensor(0.0)                 # nothing to score
    log_probs = torch.log_softmax(model(ids), dim=0)
    return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # M = 1 shortcut X.flatten(-2).unsqueeze(-1) gives (..., C, H*W, 1) instead of (..., H*W, C, 1). Differs on X
    # (2, 2, 3), M = 1. Passes the visible tests.
    "blind8_window_partition_unit_window_shortcut": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    if window == 1:                                   # every token is its own window
        return X.flatten(-2).unsqueeze(-1)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M).movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # M = 1 shortcut reshapes (nW, C, 1) straight to (C, H, W), which mixes tokens and channels. Differs on
    # windows (6, 2, 1), M = 1, H = 2, W = 3. Passes the visible tests.
    "blind8_window_reverse_unit_window_plain_reshape": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid")
    *batch, _, channels, _ = windows.shape
    if M == 1:
        return windows.reshape(*batch, channels, height, width)
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M).movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Counted wrong since 2026-11-27, when the contract made the cost exact for every n, 10^12 too, with no loop over n
    # (docs/contract.md): at n = 10^9 + 1 this loop runs out of time (cost_not_in_closed_form). Written as right.
    # Counts the visible keys query by query in a loop; the same ints and ValueErrors. Passes the visible tests;
    # agrees with the model answer on the check battery.
    "blind8_right_sparse_cost_per_query_counts": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    needs = {"local": ("window", window), "strided": ("stride", stride), "global": ("num_global", num_global)}
    if pattern in needs and needs[pattern][1] is None:
        raise ValueError(f"the {pattern!r} pattern needs {needs[pattern][0]}=...")
    total = 0
    for i in range(n):                                  # keys visible to query i
        if pattern == "dense":
            total += n
        elif pattern == "causal":
            total += i + 1
        elif pattern == "local":
            total += min(i + window, n - 1) - max(i - window, 0) + 1
        elif pattern == "strided":
            total += i // stride + (n - 1 - i) // stride + 1
        else:
            total += n if i < num_global else num_global
    return total
'''),
}

RIGHT_BLIND_8 = {
    # Written as wrong (an integer dtype argument is replaced by the default float dtype: one_hot(tensor([0, 2]), 3,
    # torch.long) is float32, not int64); counted right: the course's one-hot columns are floating point, the hidden
    # suite grades the dtype argument in floating dtypes only (an integer dtype would reject correct code that fills in
    # float values), and docs/contract.md now says dtype is a floating-point dtype, so an integer one is outside it.
    "blind8_one_hot_dtype_honoured_only_if_float": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    if dtype is None or not dtype.is_floating_point:
        dtype = torch.get_default_dtype()             # one-hot columns are multiplied by float tables
    vocabulary = torch.arange(vocab_size)
    return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype)
'''),
    # torch.softmax after zeroing the dead columns, then zeros there; identical elsewhere, gradient at finite
    # inputs the same. Passes the visible tests; agrees with the model answer on the check battery.
    "blind8_right_softmax_refill_dead_columns": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    dead = torch.isneginf(scores).all(dim=-2, keepdim=True)        # (..., 1, N): columns with no visible key
    weights = torch.softmax(scores.masked_fill(dead, 0.0), dim=-2)
    return weights.masked_fill(dead, 0.0)
'''),
    # Upper triangle of ones, diagonal included: [j, i] for j <= i. Passes the visible tests; agrees with the
    # model answer on the check battery.
    "blind8_right_causal_mask_ones_triu": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Expanded key positions compared with lengths (B, 1), then a query axis. Passes the visible tests; agrees
    # with the model answer on the check battery.
    "blind8_right_padding_mask_expand_compare": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    keys = torch.arange(n).expand(lengths.shape[0], n)
    return keys.lt(lengths.unsqueeze(1)).unsqueeze(2)
'''),
    # torch.where with a 0-d -inf in the scores' dtype; the same values, gradient and broadcasting. Passes the
    # visible tests; agrees with the model answer on the check battery.
    "blind8_right_apply_mask_where_new_tensor": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    return torch.where(mask, scores, scores.new_tensor(float("-inf")))
'''),
    "blind8_right_sdpa_keys_prescaled_mT": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K must match Q")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V must match K")
    scores = (K / math.sqrt(K.shape[-2])).mT @ Q
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores)
    return torch.matmul(V, weights), weights
'''),
    # torch.matmul projections with unsqueeze(-1) biases, then the learner's own attention. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_self_attention_matmul_unsqueeze": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = torch.matmul(Wq, X) + bq.unsqueeze(-1)
    K = torch.matmul(Wk, X) + bk.unsqueeze(-1)
    V = torch.matmul(Wv, X) + bv.unsqueeze(-1)
    return scaled_dot_product_attention(Q, K, V, mask=mask)
'''),
    # unflatten for the heads, mask[..., None, :, :] for the head axis, flatten(-3, -2) to merge. Passes the
    # visible tests; agrees with the model answer on the check battery.
    "blind8_right_mha_mask_none_index": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads:
        raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
    import math
    from .softmax import softmax_cols
    head_dim = dim // num_heads
    Q = (params["Wq"] @ Xq + params["bq"][:, None]).unflatten(-2, (num_heads, head_dim))
    K = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, head_dim))
    V = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, head_dim))
    scores = K.mT @ Q / math.sqrt(head_dim)
    if mask is not None:
        scores = scores.masked_fill(~mask[..., None, :, :], float("-inf"))
    heads = V @ softmax_cols(scores)
    return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Projects once, chunks the rows per head and calls scaled_dot_product_attention per head. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_mha_heads_as_batch_of_sdpa_calls": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
    Q, K, V = (linear(X, params["W" + x], params["b" + x]) for X, x in ((Xq, "q"), (Xkv, "k"), (Xkv, "v")))
    outputs = []
    for Qh, Kh, Vh in zip(Q.chunk(num_heads, dim=-2), K.chunk(num_heads, dim=-2), V.chunk(num_heads, dim=-2)):
        outputs.append(scaled_dot_product_attention(Qh, Kh, Vh, mask)[0])
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # std_mean with correction=0 and sqrt(std^2 + eps), addcmul for gamma and beta. Passes the visible tests;
    # agrees with the model answer on the check battery.
    "blind8_right_layer_norm_std_mean_hypot": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    std, mean = torch.std_mean(X, dim=-2, keepdim=True, correction=0)
    return torch.addcmul(beta.unsqueeze(-1), gamma.unsqueeze(-1), (X - mean) / torch.sqrt(std * std + eps))
'''),
    # Both sublayers from one table, pre- or post-LN in one loop. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_transformer_layer_sublayer_table": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    sublayers = (
        (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
    )
    for sublayer, gamma, beta in sublayers:
        if norm_first:
            X = X + sublayer(layer_norm(X, params[gamma], params[beta], 1e-5))
        else:
            X = layer_norm(X + sublayer(X), params[gamma], params[beta], 1e-5)
    return X
'''),
    # clamp(min=0) for ReLU, addmm unbatched, matmul otherwise. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_feed_forward_clamp_min": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = (W1 @ X + b1[:, None]).clamp(min=0)
    return torch.addmm(b2[:, None], W2, hidden) if hidden.dim() == 2 else W2 @ hidden + b2[:, None]
'''),
    # Expands the encoder mask to (.., N_e, N_d) before the call; the same broadcast. Passes the visible tests;
    # agrees with the model answer on the check battery.
    "blind8_right_cross_attention_mask_expanded": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None:
        shape = torch.broadcast_shapes(enc_mask.shape, (X_enc.shape[-1], X_dec.shape[-1]))
        enc_mask = enc_mask.expand(shape)
    return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # Causal mask from arange comparisons, three residual + norm steps in a loop. Passes the visible tests; agrees
    # with the model answer on the check battery.
    "blind8_right_decoder_layer_arange_causal": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    positions = torch.arange(X_dec.shape[-1])
    causal = positions.unsqueeze(1) <= positions.unsqueeze(0)
    steps = (
        (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal), 1),
        (lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
    )
    X = X_dec
    for step, k in steps:
        X = layer_norm(X + step(X), params[f"gamma{k}"], params[f"beta{k}"])
    return X
'''),
    # top-k on the scaled logits (-inf) before the softmax, which equals renormalising the kept probabilities;
    # top-p keeps the tokens whose preceding mass is below p. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_next_token_probs_top_k_on_logits": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
    scaled = logits / temperature
    if top_k is not None:
        order = torch.sort(scaled, descending=True, stable=True).indices
        hidden = torch.ones_like(scaled, dtype=torch.bool)
        hidden[order[:top_k]] = False
        scaled = scaled.masked_fill(hidden, float("-inf"))
    probs = torch.softmax(scaled, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])   # mass of the tokens ranked above
        probs = probs.clone()
        probs[order[before >= top_p]] = 0.0                           # kept: those ranked before the crossing
    return probs / probs.sum()
'''),
    # log_probs[ids[1:], :-1] is (N-1, N-1); its diagonal holds the scored entries. Passes the visible tests;
    # agrees with the model answer on the check battery.
    "blind8_right_sequence_log_prob_diagonal": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)            # (V, N)
    return log_probs[ids[1:], :-1].diagonal().sum()
'''),
    # Keeps only each beam's best beam_width tokens (stable, in id order) as candidates: the global top beam_width
    # is always among them. Passes the visible tests; agrees with the model answer on the check battery.
    "blind8_right_beam_search_per_beam_prefilter": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, True))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            best = torch.sort(log_probs, descending=True, stable=True).indices[:beam_width].sort().values
            for token in best.tolist():                       # only these can make the global top beam_width
                candidates.append((score + log_probs[token].item(), torch.cat([ids, torch.tensor([token])]),
                                   token == eos_id))
        candidates.sort(key=lambda c: -c[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # Python list of ints, model on a fresh LongTensor, the same multinomial draw per step. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_generate_preallocated_python_ints": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    tokens = prompt.tolist()
    for _ in range(max_new_tokens):
        context = torch.tensor(tokens if context_size is None else tokens[-context_size:], dtype=torch.long)
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        tokens.append(int(torch.multinomial(probs, 1, generator=generator)))
        if tokens[-1] == eos_id:
            break
    return torch.tensor(tokens, dtype=torch.long)
'''),
    # Permutes to (B, C, p, q, a, b) and reshapes to (B, C*P*P, N) without a final transpose. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_patchify_feature_axes_first": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P)
    return grid.permute(0, 1, 3, 5, 2, 4).reshape(batch, channels * P * P, -1)
'''),
    # Adds positions[:, 1:] to the patch tokens and positions[:, 0] to [CLS] before concatenating. Passes the
    # visible tests; agrees with the model answer on the check battery.
    "blind8_right_patch_embedding_split_positions": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
    cls_column = (cls_token + positions[:, 0]).unsqueeze(-1).expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1)
'''),
    # einsum for every product, torch.where for the mask, softmax_cols on a transposed row. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_additive_attention_where_softmax": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    hidden = torch.tanh(torch.einsum("ah,...hn->...an", U, H) + torch.einsum("as,...s->...a", W, s)[..., None])
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
    weights = softmax_cols(scores.unsqueeze(-2).mT).mT.squeeze(-2)
    context = torch.einsum("...hn,...n->...h", H, weights)
    return weights, context
'''),
    # reshape instead of flatten/unflatten for the H*W cells. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_grid_attention_reshape_cells": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    *batch, channels, height, width = features.shape
    weights, context = additive_attention(s, features.reshape(*batch, channels, height * width), W, U, v)
    return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # GRU gates by slicing F.linear outputs; h' = n + z (h - n), algebraically (1 - z) n + z h. Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_decoder_step_grucell_module": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    h = s_prev.expand(*x.shape[:-1], s_prev.shape[-1])
    gates_x = torch.nn.functional.linear(x, params["weight_ih"], params["bias_ih"])
    gates_h = torch.nn.functional.linear(h, params["weight_hh"], params["bias_hh"])
    d = s_prev.shape[-1]
    r = torch.sigmoid(gates_x[..., :d] + gates_h[..., :d])
    z = torch.sigmoid(gates_x[..., d:2 * d] + gates_h[..., d:2 * d])
    n = torch.tanh(gates_x[..., 2 * d:] + r * gates_h[..., 2 * d:])
    s = n + z * (h - n)
    logits = torch.nn.functional.linear(stack(s, context), params["W_out"], params["b_out"])
    return s, logits, weights
'''),
    # i - j is a multiple of s iff i and j have the same residue mod s. Passes the visible tests; agrees with the
    # model answer on the check battery.
    "blind8_right_strided_mask_residue_classes": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    residue = torch.arange(n).remainder(stride)
    return residue.unsqueeze(1).eq(residue.unsqueeze(0))
'''),
    # Expands is_global as keys, ORs with its transpose. Passes the visible tests; agrees with the model answer on
    # the check battery.
    "blind8_right_global_token_mask_expand_or": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    keys = is_global.unsqueeze(-1).expand(*is_global.shape, n)
    return keys | keys.transpose(-2, -1)
'''),
    # Clamps distance 0 to 1 before the float32 log (the exact branch is taken there anyway). Passes the visible
    # tests; agrees with the model answer on the check battery.
    "blind8_right_bucket_sign_split": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    n = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        offset_bucket = (n > 0).long() * half
        d = n.abs()
    else:
        half = num_buckets
        offset_bucket = torch.zeros_like(n)
        d = (-n).clamp(min=0)
    exact = half // 2
    safe = d.clamp(min=1).to(torch.float32)
    far = exact + (torch.log(safe / exact) / math.log(max_distance / exact) * (half - exact)).to(torch.long)
    far = far.clamp(max=half - 1)
    return offset_bucket + torch.where(d < exact, d, far)
'''),
    # rotate-half form with a (D, N) angle table in float64, cast to the input's dtype. Passes the visible tests;
    # agrees with the model answer on the check battery.
    "blind8_right_rotary_stacked_angles": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D")
    def rotate(X, positions):
        half = X.shape[-2] // 2
        if positions is None:
            positions = torch.arange(X.shape[-1])
        inv = torch.pow(float(base), -2.0 * torch.arange(half, dtype=torch.float64) / X.shape[-2])
        angle = torch.outer(inv, positions.double())
        angle = torch.cat([angle, angle], dim=0)                          # (D, N): row i and i + D/2 share
        rotated_half = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)
        return X * angle.cos().to(X.dtype) + rotated_half * angle.sin().to(X.dtype)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Hugging Face style Bernoulli draws (0.15, then 0.8, then 0.5 of the rest): the same distribution, another
    # stream (free per the contract). Checked by statistics. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_mlm_bernoulli_masks": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
    eligible = (ids.unsqueeze(-1) != special).all(dim=-1)
    chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob)), generator=generator).bool() & eligible
    to_mask = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
    to_random = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & chosen & ~to_mask
    random_ids = torch.randint(vocab_size, ids.shape, generator=generator)
    corrupted = ids.masked_fill(to_mask, mask_id)
    corrupted = torch.where(to_random, random_ids.to(ids.dtype), corrupted)
    labels = ids.long().masked_fill(~chosen, -100)
    return corrupted, labels
'''),
    # Coin by randint(2), other document by randperm of the others: the same distributions. Checked by statistics.
    # Passes the visible tests; agrees with the model answer on the check battery.
    "blind8_right_nsp_randperm_other_document": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("need at least two documents")
    pairs = []
    for index, document in enumerate(documents):
        others = [d for k, d in enumerate(documents) if k != index]
        for position in range(len(document) - 1):
            is_next = torch.randint(2, (), generator=generator).item() == 0
            if is_next:
                pairs.append((document[position], document[position + 1], 0))
            else:
                other = others[int(torch.randperm(len(others), generator=generator)[0])]
                sentence = other[int(torch.randint(len(other), (1,), generator=generator))]
                pairs.append((document[position], sentence, 1))
    return pairs
'''),
    # Projects every token and divides the sum by N in one einsum. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_average_pool_einsum_over_tokens": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns")
    logits = torch.einsum("kd,...dn->...k", W, X) / X.shape[-1]
    return logits + b if b is not None else logits
'''),
    # Concatenates the start token with all targets and drops the last. Passes the visible tests; agrees with the
    # model answer on the check battery.
    "blind8_right_pixel_sequence_cat_then_drop_last": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.flatten(-2).to(torch.int64)
    start = targets.new_full(targets.shape[:-1] + (1,), sos_id)
    return torch.cat((start, targets), dim=-1)[..., :-1], targets
'''),
    # Broadcasts images (..., 1, C, H, W) against the palette as (K, C, 1, 1); argmin over K keeps the lowest id
    # of a tie. Passes the visible tests; agrees with the model answer on the check battery.
    "blind8_right_quantize_expanded_broadcast": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    diff = images.to(dtype).unsqueeze(-4) - palette.to(dtype).T.reshape(palette.shape[1], palette.shape[0], 1, 1)
    return diff.pow(2).sum(dim=-3).argmin(dim=-3)
'''),
    # unflatten both grid axes and an explicit permutation order. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_window_partition_unflatten_permute": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.unflatten(-1, (width // M, M)).unflatten(-3, (height // M, M))     # (..., C, a, p, b, q)
    n = grid.dim()
    order = list(range(n - 5)) + [n - 4, n - 2, n - 5, n - 3, n - 1]          # (..., a, b, C, p, q)
    return grid.permute(order).reshape(*batch, -1, channels, M * M)
'''),
    # bucketize the rolled rows and columns at H - M and H - shift, compare (row, column) labels per window.
    # Passes the visible tests; agrees with the model answer on the check battery.
    "blind8_right_shifted_mask_coordinate_regions": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must satisfy 0 <= shift < window, got {shift!r}")
    rows = torch.bucketize(torch.arange(height), torch.tensor([height - window, height - shift]), right=True)
    cols = torch.bucketize(torch.arange(width), torch.tensor([width - window, width - shift]), right=True)
    labels = (rows[:, None] * 3 + cols[None, :])
    windows = labels.reshape(height // window, window, width // window, window).permute(0, 2, 1, 3)
    windows = windows.reshape(-1, window * window)
    return windows.unsqueeze(2) == windows.unsqueeze(1)
'''),
    # Folds batch and groups into one bmm axis with reshape. Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_channel_attention_flat_batch_bmm": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    channels, tokens = X.shape[-2:]
    scale = 1 / math.sqrt(tokens) if scale is None else scale
    batch = X.shape[:-2]
    group = channels // num_groups
    def project(name):
        Y = linear(X, params["W" + name], params["b" + name])
        return Y.reshape(-1, num_groups, group, tokens).reshape(-1, group, tokens)
    Q, K, V = project("q"), project("k"), project("v")
    weights = softmax_cols(torch.bmm(K, Q.transpose(1, 2)) * scale)         # (B*G, keys, queries)
    attended = torch.bmm(weights.transpose(1, 2), V).reshape(*batch, channels, tokens)
    return linear(attended, params["Wo"], params["bo"])
'''),
    # index_select of columns, then rows back to (..., D, N). Passes the visible tests; agrees with the model
    # answer on the check battery.
    "blind8_right_embed_gather_columns": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    flat = torch.index_select(omega_e, 1, token_ids.reshape(-1))         # (D, prod(shape))
    return flat.T.reshape(*token_ids.shape, omega_e.shape[0]).transpose(-1, -2)
'''),
    # torch.eq of (..., 1, N) ids with a (V, 1) column. Passes the visible tests; agrees with the model answer on
    # the check battery.
    "blind8_right_one_hot_eq_broadcast": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    classes = torch.arange(vocab_size).reshape(vocab_size, 1)
    return torch.eq(token_ids[..., None, :], classes).to(torch.get_default_dtype() if dtype is None else dtype)
'''),
    # Counter over word strings, a plain dict of pair counts and the first pair reaching the maximum. Passes the
    # visible tests; agrees with the model answer on the check battery.
    "blind8_right_train_bpe_word_string_counter": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    if END_OF_WORD in corpus:
        raise ValueError("corpus must not contain </w>")
    frequency = Counter(corpus.split())
    pieces = {word: list(word) + [END_OF_WORD] for word in frequency}
    merges = []
    while len(merges) < num_merges:
        counts = {}
        for word, symbols in pieces.items():
            for left, right in zip(symbols[:-1], symbols[1:]):
                counts[(left, right)] = counts.get((left, right), 0) + frequency[word]
        if not counts:
            break
        top = max(counts.values())
        best = next(pair for pair, count in counts.items() if count == top)
        merges.append(best)
        pieces = {word: merge_pair(symbols, best) for word, symbols in pieces.items()}
    return merges
'''),
    # top-k on the scaled logits only when k < V, softmax after; equal to the renormalised top-k. Passes the
    # visible tests; agrees with the model answer on the check battery.
    "blind8_right_top_k_guarded_on_scaled_logits": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    scaled = logits / temperature
    if top_k is not None and top_k < len(logits):
        order = torch.sort(scaled, descending=True, stable=True).indices
        scaled = scaled.clone()
        scaled[order[top_k:]] = float("-inf")
    probs = torch.softmax(scaled, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
}
