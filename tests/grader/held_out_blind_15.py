r"""Sixteenth blind batch of held-out implementations (written without reading grader/ or tests/ beyond the batch files
the brief allows).

How it was written: from docs/contract.md (read clause by clause for edges the earlier batches had not tested),
course/registry.py's function lists and the model answers (solutions/), after reading the entry names, docstrings and
"counted right" comments of the earlier blind batches (tests/grader/held_out_blind.py, held_out_blind_2.py ...
held_out_blind_14.py), so as to repeat none of their names or ideas and to respect their recorded decisions (a mask
never has batch axes of its own; only the ValueErrors the contract names count; nsp/mlm draws are graded by
distribution; gradients are compared at finite inputs). Nothing else under grader/ or tests/ was opened, listed,
grepped or run, nor docs/grading.md. Several drafted ideas were dropped on finding them in earlier batches (group_norm
layer norm, pixel_unshuffle windows, start token in the ids' dtype, aten gru_cell, residuals from the layer input,
top-p on the unrenormalised top-k, a global mask by sum == 1, T5's inclusive exact boundary).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind15/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source appended to its module) and run against its exercise's visible tests
(`pytest exercises/tests/test_<module>.py --target p_<name>`); every right entry passes them, and each wrong entry's
comment says whether it does (19 of the 33 do). Each wrong entry's recorded input was run on the model answer and on
the entry and the difference printed (demo.py). Each right entry was compared with the model answer (battery.py), the
battery run twice in one process: float64 (1e-10 of the result's scale) and float32 (2e-5), no, one and two batch
axes, N = 1 and N = 0 where allowed, N_q != N_k, masks (none, random with a fully masked query, causal, padding-style
(N_k, 1), batched), transposed (non-contiguous) inputs, gradients with respect to every float input and every
parameter under a random upstream gradient (float64 and float32), the contract's ValueErrors, arguments unchanged and
output dtypes and shapes; the sampling entry on 60 seeded generations (temperatures 1, 0.7 and 0, top-k, top-p, eos,
context_size); the nsp entry, whose draws differ from the model answer's, by the frequency of every (A, B, label) over
20,000 seeds (largest difference 0.006, within sampling noise), plus its ValueError and empty cases.

Emphasis: mistakes an experienced engineer still makes. Argument validation that rejects valid input (broadcastable
masks in apply_mask, attention, transformer_layer and cross_attention; top_k > V; C != 3; a window beyond n; int32
positions; an unbatched window stack; shifts above M/2; an empty batch taken for N = 0; merges holding '</w>'), the
named ValueErrors off by one or partial (one_hot's bound, negative embed ids, nsp's single document, window_partition's
width), state and aliasing across calls (an lru_cached mask tensor, a causal mask built on the first call, a [CLS]
column cached by id, tie order kept from earlier BPE rounds), dtype (a float32 output bias in a float64 call, a
default-dtype zero), numerics at extreme but allowed values (an unshifted softmax fast path below exp's float32 limit,
E[x^2] - E[x]^2 on large-mean columns), broadcasting and layout (row-form projections through .T, batch taken from the
state, y_prev expanded to the context's batch, .view on a transposed grid, a shared draw per column in mlm, negative
rotary positions indexing a table, the mean divided by D, axis 1 taken for channels, N = 1 scale fallback). Right
entries: correct alternatives in unusual forms (explicit tie ranks, caches keyed by every argument that matters,
F.one_hot / F.embedding / F.linear, where with new_tensor, finfo.tiny floors, stacked projections chunked, a sublayer
table, functional_call on a meta GRUCell, modular wrap flags, index_select shifts, a dropped all-True mask).

Judgement calls: blind15_mha_output_bias_cast_to_float32 differs from the model answer by about 1e-9 relative on a
float64 call, beyond float64's tolerance; the contract says a float64 input is computed in float64, so it is written as
wrong. blind15_causal_mask_lru_cached_shared_tensor and blind15_patch_embedding_cls_column_cached_by_id are wrong only
across calls (an edited output, a parameter updated in place), as held_out_blind_10.py's and held_out_blind_14.py's
cached-result entries. No entry written as wrong is counted right.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
Added by the grader's maintainer after the batch came: two entries written as wrong are counted right and moved to
RIGHT_BLIND_15, renamed blind15_right_... (a one-pass layer-norm variance, right by the fifth batch's recorded decision;
a ValueError for an empty batch, on which the contract is silent); see their comments.
"""


WRONG_BLIND_15 = {
    # ------------------------------------------------------------------ bpe
    # Ties broken by the first time a pair was ever seen (an order kept across rounds, as incremental BPE trainers keep
    # it) instead of its first occurrence in the current segmentation. Recorded: corpus 'abcb bbbc ca aac', 6 merges:
    # model [('b','c'), ('a','bc'), ('abc','b'), ...], entry [('b','c'), ('b','</w>'), ('b','b'), ...] (after the first
    # merge, ('a','bc') is first in the current scan but ('b','</w>') was seen earlier in round one). fails the visible
    # tests.
    "blind15_train_bpe_ties_by_first_round_seen": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    first_seen = {}
    merges = []
    for _ in range(num_merges):
        pair_counts = {}
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] = pair_counts.get(pair, 0) + frequency
                first_seen.setdefault(pair, len(first_seen))
        if not pair_counts:
            break
        best = min(pair_counts, key=lambda p: (-pair_counts[p], first_seen[p]))
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # Validates the merges and rejects any pair holding '</w>', though train_bpe itself learns such pairs (('r','</w>')
    # in the worked example) and any list of pairs is valid. Recorded: bpe_encode('low', [('w','</w>')]): model
    # ['l','o','w</w>'], entry ValueError. fails the visible tests.
    "blind15_bpe_encode_rejects_marker_in_merges": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    for pair in merges:
        if any(END_OF_WORD in part for part in pair):
            raise ValueError("merges must not contain the end-of-word symbol")
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),
    # ------------------------------------------------------------------ embeddings
    # Range check `max > V` instead of `max >= V`: id == V is accepted and gives an all-zero column. Recorded:
    # one_hot(tensor([0, 3]), 3): model ValueError, entry returns a (3, 2) tensor with an empty second column. fails the
    # visible tests.
    "blind15_one_hot_bound_check_inclusive": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    if token_ids.numel() and (int(token_ids.min()) < 0 or int(token_ids.max()) > vocab_size):
        raise ValueError("token ids out of range")
    vocabulary = torch.arange(vocab_size, device=token_ids.device)
    matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
    return matches.to(dtype or torch.get_default_dtype())
'''),
    # Range check tests only the upper bound; a negative id indexes from the end of the table (Python wrap-around)
    # instead of raising the named ValueError. Recorded: omega_e (2, 4) float64, ids [0, -1]: model ValueError, entry
    # returns column 3 for id -1. passes the visible tests.
    "blind15_embed_negative_ids_wrap": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    if token_ids.numel() and int(token_ids.max()) >= omega_e.shape[-1]:
        raise ValueError("token id beyond the vocabulary")
    return omega_e[:, token_ids].movedim(0, -2)
'''),
    # ------------------------------------------------------------------ softmax
    # 'Fast path': skips the max shift when every finite score is below 88 (exp's float32 overflow limit for one entry),
    # but the column sum of several such exps overflows. Recorded: a (3, 2) float32 tensor of 87.9: model 1/3
    # everywhere, entry 0 everywhere (inf sum); max difference 0.333. passes the visible tests.
    "blind15_softmax_unshifted_below_float32_exp_limit": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    finite = scores[torch.isfinite(scores)]
    if finite.numel() == 0 or float(finite.abs().max()) < 88.0:
        exps = torch.exp(scores)          # no overflow below exp's float32 limit: skip the shift
    else:
        column_max = scores.amax(dim=-2, keepdim=True)
        column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
        exps = torch.exp(scores - column_max)
    column_sum = exps.sum(dim=-2, keepdim=True)
    return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # ------------------------------------------------------------------ masking
    # functools.lru_cache returns one shared tensor per n: a caller that edits its mask in place (combining it with
    # padding via &=, say) changes every later causal_mask(n). Recorded: m = causal_mask(3); m[0, 1] = False;
    # causal_mask(3) no longer equals the model answer's (state across calls). passes the visible tests.
    "blind15_causal_mask_lru_cached_shared_tensor": ("masking", "causal_mask", '''
import functools as _functools

@_functools.lru_cache(maxsize=None)
def causal_mask(n):
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return keys <= queries
'''),
    # Validation rejects a broadcastable mask (the contract: a mask broadcastable to the scores). Recorded: scores (2,
    # 3, 3), mask (3, 3): model masks every batch element, entry ValueError. fails the visible tests.
    "blind15_apply_mask_requires_equal_shapes": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError("mask must be bool")
    if mask.shape != scores.shape:
        raise ValueError(f"mask {tuple(mask.shape)} does not match scores {tuple(scores.shape)}")
    return scores.masked_fill(~mask, float("-inf"))
'''),
    # ------------------------------------------------------------------ attention
    # Validation requires the mask's last two axes to be exactly (N_k, N_q), rejecting a broadcastable padding mask
    # (N_k, 1). Recorded: Q (2,4,3), K (2,4,5), V (2,6,5) float64, mask (5, 1): model output, entry ValueError. passes
    # the visible tests.
    "blind15_sdpa_mask_trailing_shape_checked_exactly": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K and Q disagree on D_k")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V and K disagree on N_k")
    if mask is not None and tuple(mask.shape[-2:]) != (K.shape[-1], Q.shape[-1]):
        raise ValueError(f"mask must be (..., N_k={K.shape[-1]}, N_q={Q.shape[-1]}), got {tuple(mask.shape)}")
    d_k = Q.shape[-2]
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Projects with the row form X^T W^T + b, transposing by reversing every axis (X.T / permute(reversed)), which is
    # only a transpose for 2-D X; batched X get their batch axis moved to the end. Recorded: X (2, 4, 3) float64: model
    # output (2, 4, 3), entry RuntimeError in the matmul. passes the visible tests (unbatched inputs only).
    "blind15_self_attention_projection_through_dot_T": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Xt = X.T if X.dim() == 2 else X.permute(*range(X.dim() - 1, -1, -1))
    Q = (Xt @ Wq.T + bq).permute(*range(X.dim() - 1, -1, -1))
    K = (Xt @ Wk.T + bk).permute(*range(X.dim() - 1, -1, -1))
    V = (Xt @ Wv.T + bv).permute(*range(X.dim() - 1, -1, -1))
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # The output bias is added as bo.float(): a float64 call computes with a bias rounded to float32. Recorded: D = 4, H
    # = 2, X (4, 3) float64, random params: max difference 1.6e-8 (relative 1.2e-9, above float64 accuracy). fails the
    # visible tests.
    "blind15_mha_output_bias_cast_to_float32": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask = mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return params["Wo"] @ merge_heads(heads) + params["bo"].float()[:, None]
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Validation demands a (..., N, N) mask and rejects the broadcastable padding mask (B, N, 1) that
    # masking.padding_mask returns. Recorded: X (2, 4, 5) float64, H = 2, mask padding_mask([3, 5], 5): model output,
    # entry ValueError. passes the visible tests.
    "blind15_transformer_layer_mask_must_be_square": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    n = X.shape[-1]
    if mask is not None and tuple(mask.shape[-2:]) != (n, n):
        raise ValueError(f"the self-attention mask must be (..., {n}, {n}), got {tuple(mask.shape)}")
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)
    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
    else:
        X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
        X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
    return X
'''),
    # ------------------------------------------------------------------ cross_attention
    # Validation requires enc_mask's last axis to be N_d, rejecting padding_mask of the encoder lengths (B, N_e, 1), the
    # contract's own example. Recorded: X_dec (2,4,3), X_enc (2,4,5) float64, H = 2, enc_mask padding_mask([2, 5], 5):
    # model output, entry ValueError. fails the visible tests.
    "blind15_cross_attention_mask_query_axis_checked_exactly": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None and (enc_mask.shape[-2] != X_enc.shape[-1] or enc_mask.shape[-1] != X_dec.shape[-1]):
        raise ValueError(f"enc_mask must be (..., N_e, N_d), got {tuple(enc_mask.shape)}")
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The causal mask is built once, on the first call, and reused: every later call with another N_d uses the wrong
    # size (state across calls). Recorded: a first call with N_d = 2, then X_dec (2, 4, 3): model output, entry
    # RuntimeError (size 2 vs 3). fails the visible tests.
    "blind15_decoder_layer_causal_mask_built_on_first_call": ("cross_attention", "decoder_layer", '''
_SELF_MASK = []

def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    if not _SELF_MASK:
        _SELF_MASK.append(causal_mask(X_dec.shape[-1]))
    self_mask = _SELF_MASK[0]
    X = X_dec
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                   params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # ------------------------------------------------------------------ sampling
    # For a single-token sequence returns torch.zeros(()) (default dtype) without calling the model, instead of the
    # empty sum in the logits' dtype. Recorded: a float64 model, ids [2]: model 0.0 float64, entry 0.0 float32. passes
    # the visible tests.
    "blind15_sequence_log_prob_single_token_default_dtype_zero": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    if len(ids) < 2:
        return torch.zeros(())                 # nothing to score: skip the model call
    log_probs = torch.log_softmax(model(ids), dim=0)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),
    # Validation rejects top_k > V, which the contract allows (a k of V or more keeps every token). Recorded: logits [1,
    # 2, 3], top_k = 5: model softmax of all three, entry ValueError. passes the visible tests.
    "blind15_next_token_probs_top_k_validated_against_vocab": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError("temperature must be >= 0")
    if top_k is not None and not 1 <= top_k <= logits.shape[-1]:
        raise ValueError(f"top_k must lie in [1, V={logits.shape[-1]}]; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError("top_p must lie in (0, 1]")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    order = torch.sort(probs, descending=True, stable=True).indices
    if top_k is not None:
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Validation assumes RGB and rejects C != 3; the contract takes any C. Recorded: images (1, 1, 4, 4), P = 2: model
    # (1, 4, 4), entry ValueError. fails the visible tests.
    "blind15_patchify_requires_three_channels": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if channels != 3:
        raise ValueError(f"images must be RGB (B, 3, H, W); got {channels} channels")
    if height % patch_size or width % patch_size:
        raise ValueError("H and W must be multiples of patch_size")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Caches cls_token + positions[:, 0] keyed by the tensors' ids: after an in-place update of cls_token (an optimizer
    # step) the stale column is returned, and the cached column carries the first call's graph only. Recorded: images
    # (2,3,4,4) float64, P = 2, D = 5: a first call, then cls_token += 1 under no_grad: max difference 1 in column 0 of
    # the second call. passes the visible tests.
    "blind15_patch_embedding_cls_column_cached_by_id": ("patch_embedding", "patch_embedding", '''
_CLS_COLUMNS = {}

def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    key = (id(cls_token), id(positions))
    if key not in _CLS_COLUMNS:
        _CLS_COLUMNS[key] = (cls_token + positions[:, 0])[:, None]      # the [CLS] column never changes
    first = _CLS_COLUMNS[key].expand(tokens.shape[0], -1, 1)
    return torch.cat([first, tokens + positions[:, 1:]], dim=-1)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Expands H to s's batch shape, assuming the state carries every batch axis; the contract broadcasts them both ways.
    # Recorded: s (3,), H (2, 4, 5) float64, D_a = 6: model weights (2, 5), entry RuntimeError in expand. passes the
    # visible tests.
    "blind15_additive_attention_batch_taken_from_state": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError("H must be (..., D_h, N)")
    batch = s.shape[:-1]
    H = H.expand(*batch, *H.shape[-2:])                    # one encoder per decoder state
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # Flattens the grid with .view, which fails on a non-contiguous features tensor (the contract: use reshape unless
    # the layout is known). Recorded: features randn(2, 4, 3, 5).transpose(-1, -2) float64, s (2, 3): model output,
    # entry RuntimeError (view size not compatible). passes the visible tests.
    "blind15_grid_attention_cells_flattened_with_view": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError("features must be (..., C, H, W)")
    height, width = features.shape[-2:]
    cells = features.view(*features.shape[:-2], height * width)
    weights, context = additive_attention(s, cells, W, U, v)
    return weights.view(*weights.shape[:-1], height, width), context
'''),
    # Expands y_prev to the context's batch shape (from s_prev and H), so a batched y_prev with unbatched s_prev and H
    # fails; the contract broadcasts all leading axes. Recorded: s_prev (3,), y_prev (2, 2), H (4, 5) float64: model s
    # (2, 3), entry RuntimeError in expand. passes the visible tests.
    "blind15_decoder_step_inputs_expanded_to_context_batch": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = torch.cat([y_prev.expand(*context.shape[:-1], y_prev.shape[-1]), context], dim=-1)
    s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
    logits = torch.cat([s, context], dim=-1) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # ------------------------------------------------------------------ sparse_attention
    # Validation rejects a size larger than n, though the contract caps the window at n - 1. Recorded:
    # sparse_attention_cost('local', 4, window=10): model 16, entry ValueError. fails the visible tests.
    "blind15_sparse_cost_rejects_window_beyond_n": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    if size > n:
        raise ValueError(f"{pattern} size {size} exceeds the sequence length {n}")
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ positions
    # Validation rejects positions that are not int64; the contract takes integer tensors. Recorded: Q, K (4, 3)
    # float64, positions_q int32 [0, 1, 2]: model rotated tensors, entry ValueError. passes the visible tests.
    "blind15_rotary_positions_must_be_int64": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must have an even D")
    for name, p in (("positions_q", positions_q), ("positions_k", positions_k)):
        if p is not None and p.dtype != torch.long:
            raise ValueError(f"{name} must be a LongTensor, got {p.dtype}")
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Builds a cos/sin table for positions 0 .. max and indexes it with the positions (as position_ids caches do): a
    # negative position wraps to the end of the table. Recorded: Q, K (4, 3) float64, positions_q [-1, 0, 1]: Q' max
    # difference 0.41 (column 0 rotated by +1 instead of -1); K' identical. passes the visible tests.
    "blind15_rotary_table_indexed_by_positions": ("positions", "rotary_embedding", '''
def _rotate_with_table(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    length = int(positions.max()) + 1 if positions.numel() else 1
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    table = theta[:, None] * torch.arange(length, dtype=torch.float64)[None, :]     # (D/2, max position + 1)
    angles = table[:, positions.long()]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must have an even D")
    return _rotate_with_table(Q, positions_q, base), _rotate_with_table(K, positions_k, base)
'''),
    # ------------------------------------------------------------------ pretraining
    # Draws the 'chosen' coin once per position (shape (N,)) and shares it across the batch rows, so rows are not chosen
    # independently. Recorded: ids (1000, 20) without specials, mask_prob 0.5, seed 0: all 1000 rows of the entry have
    # the same chosen pattern (model: 1). fails the visible tests.
    "blind15_mlm_one_draw_shared_by_batch_rows": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    n = ids.shape[-1]
    chosen = eligible & (torch.rand(n, generator=generator) < mask_prob)      # one draw per position
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Off-by-one in the named ValueError: a single document is rejected only with three or more sentences, so one
    # document of two sentences goes through (a pair, or a RuntimeError from randint(0) when the coin says 'random').
    # Recorded: nsp_pairs([['a', 'b']], seed 0): model ValueError, entry [('a', 'b', 0)]. fails the visible tests.
    "blind15_nsp_single_document_check_needs_three_sentences": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 2 for document in documents):
        raise ValueError("give at least two documents")
    pairs = []
    for index, document in enumerate(documents):
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
    # Reads the channel count from axis 1 rather than -3: an unbatched (C, H, W) image is checked against H. Recorded:
    # images rand(3, 4, 5), palette rand(3, 8): model ids (4, 5), entry ValueError (4 channels vs 3). fails the visible
    # tests.
    "blind15_quantize_channel_count_read_from_axis_one": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[1] != palette.shape[0]:
        raise ValueError(f"images have {images.shape[1]} channels but the palette has {palette.shape[0]}")
    if palette.shape[1] == 0:
        raise ValueError("empty palette")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),
    # The mean divides the token sum by X.shape[-2] (D) instead of N. Recorded: X (4, 6) float64, W (3, 4): max
    # difference 1.3 (relative 0.5); identical when D = N. fails the visible tests.
    "blind15_average_pool_divides_by_feature_count": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("N = 0")
    pooled = X.sum(dim=-1) / X.shape[-2]
    logits = torch.einsum("kd,...d->...k", W, pooled)
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # Validation demands exactly (B, nW, C, M*M), rejecting unbatched windows (and more batch axes). Recorded: windows
    # (4, 3, 4), M = 2, 4x4 grid: model (3, 4, 4), entry ValueError. fails the visible tests.
    "blind15_window_reverse_requires_batch_axis": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() != 4 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (B, nW, C, M*M), got {tuple(windows.shape)}")
    batch, _, channels, _ = windows.shape
    grid = windows.reshape(batch, height // M, width // M, channels, M, M)
    grid = grid.permute(0, 3, 1, 4, 2, 5)
    return grid.reshape(batch, channels, height, width)
'''),
    # Validation caps the shift at window // 2 (Swin's usual shift), rejecting allowed shifts up to M - 1. Recorded:
    # shifted_window_mask(8, 8, 4, 3): model (4, 16, 16) mask, entry ValueError. passes the visible tests.
    "blind15_shifted_mask_shift_capped_at_half_window": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift <= window // 2:
        raise ValueError(f"shift must lie in [0, window // 2 = {window // 2}], got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The named ValueError checks only that M divides H: a width that M does not divide reaches reshape and raises
    # RuntimeError instead. Recorded: X (2, 4, 5), M = 2: model ValueError, entry RuntimeError; on (2, 4, 6) identical.
    # passes the visible tests.
    "blind15_window_partition_window_checked_against_height_only": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    *batch, channels, height, width = X.shape
    if window < 1 or height % window:
        raise ValueError(f"window={window} must divide H={height}")
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # ------------------------------------------------------------------ davit
    # Default scale falls back to 1/sqrt(C/G) when N = 1 (the contract's default is 1/sqrt(N) for every N). Recorded: X
    # (4, 1) float64, G = 1: max difference 1.6 (relative 0.21); identical for N > 1. passes the visible tests.
    "blind15_channel_attention_scale_from_channels_when_one_token": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    if scale is None:
        # a single token carries no spread to normalise: fall back on the per-group width, as DaViT does
        scale = 1 / math.sqrt(tokens if tokens > 1 else channels // num_groups)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_15 = {
    # ------------------------------------------------------------------ bpe
    # Plain dicts, the tie rule written out: each round records every pair's first-occurrence rank in the current scan
    # and sorts by (-count, rank). Checked: visible tests pass; battery agrees with the model answer (values, dtypes,
    # gradients, errors, no mutation), run twice.
    "blind15_right_train_bpe_explicit_scan_rank": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    frequency = {}
    for word in words:
        key = tuple(word)
        frequency[key] = frequency.get(key, 0) + 1
    segmentation = [list(word) for word in frequency]
    weights = list(frequency.values())
    merges = []
    while len(merges) < num_merges:
        counts, rank = {}, {}
        for symbols, weight in zip(segmentation, weights):
            for i in range(len(symbols) - 1):
                pair = (symbols[i], symbols[i + 1])
                counts[pair] = counts.get(pair, 0) + weight
                rank.setdefault(pair, len(rank))      # position of first occurrence in this scan
        if not counts:
            break
        best = sorted(counts, key=lambda p: (-counts[p], rank[p]))[0]
        merges.append(best)
        segmentation = [merge_pair(symbols, best) for symbols in segmentation]
    return merges
'''),
    # Per-word lru_cache keyed by the word and the whole merge list as a tuple, so a cached result can only be reused
    # for the same merges; the '</w>' check still runs on the text. Checked: visible tests pass; battery agrees with the
    # model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_bpe_encode_word_cache_keyed_by_merges": ("bpe", "bpe_encode", '''
import functools as _functools

@_functools.lru_cache(maxsize=4096)
def _encode_word(word, merges):
    symbols = list(word) + [END_OF_WORD]
    for pair in merges:
        symbols = merge_pair(symbols, pair)
    return tuple(symbols)

def bpe_encode(text, merges):
    split_words(text, "text")
    key = tuple(tuple(pair) for pair in merges)
    tokens = []
    for word in text.split():
        tokens.extend(_encode_word(word, key))
    return tokens
'''),
    # ------------------------------------------------------------------ embeddings
    # torch.nn.functional.one_hot after the range check, axes moved and cast to dtype (default dtype when None).
    # Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind15_right_one_hot_functional_after_check": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    table = torch.nn.functional.one_hot(token_ids, vocab_size)        # (..., N, V) int64
    return table.movedim(-1, -2).to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # F.embedding on omega_e's transposed view (V, D), then the last two axes swapped; gradients reach omega_e. Checked:
    # visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run
    # twice.
    "blind15_right_embed_functional_embedding_on_transpose": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    rows = torch.nn.functional.embedding(token_ids, omega_e.mT)       # (..., N, D)
    return rows.transpose(-1, -2)
'''),
    # ------------------------------------------------------------------ softmax
    # Shift by the column max with non-finite maxima replaced by 0, denominator floored at finfo.tiny (an all -inf
    # column gives 0/tiny = 0). Checked: visible tests pass; battery agrees with the model answer (values, dtypes,
    # gradients, errors, no mutation), run twice.
    "blind15_right_softmax_cols_finite_shift_tiny_floor": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    shift = scores.amax(dim=-2, keepdim=True)
    shift = torch.where(torch.isfinite(shift), shift, torch.zeros_like(shift))
    exps = (scores - shift).exp()
    total = exps.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
    return exps / total
'''),
    # ------------------------------------------------------------------ masking
    # Positions expanded to (B, n), compared with lengths[:, None] via .lt, query axis added. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_padding_mask_expanded_positions": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    positions = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)
    return positions.lt(lengths.unsqueeze(1)).unsqueeze(2)
'''),
    # torch.where with a 0-d -inf built by scores.new_tensor (same dtype and device). Checked: visible tests pass;
    # battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_apply_mask_where_new_tensor": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError("mask must be a bool tensor")
    return torch.where(mask, scores, scores.new_tensor(float("-inf")))
'''),
    # torch.ones(n, n, dtype=bool).triu(): the upper triangle is j <= i in the (key, query) layout. Checked: visible
    # tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_causal_mask_triu_of_ones": ("masking", "causal_mask", '''
def causal_mask(n):
    return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # ------------------------------------------------------------------ attention
    # Scores computed in the row layout (Q^T K) and transposed back; output as (weights^T V^T)^T. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_sdpa_scores_transposed_twice": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError("K and Q disagree on D_k")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError("V and K disagree on N_k")
    scores = (Q.mT @ K).mT / math.sqrt(Q.shape[-2])          # (N_q, N_k) then back to (N_k, N_q)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return (weights.mT @ V.mT).mT, weights
'''),
    # ------------------------------------------------------------------ multihead
    # K and V from one stacked (2D, D) projection chunked in two; heads by unflatten, mask[..., None, :, :], merge by
    # flatten. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind15_right_mha_stacked_kv_projection_chunked": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError("D must be divisible by num_heads")
    W_kv = torch.cat([params["Wk"], params["Wv"]], dim=0)
    b_kv = torch.cat([params["bk"], params["bv"]], dim=0)
    K_all, V_all = linear(Xkv, W_kv, b_kv).chunk(2, dim=-2)
    Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (num_heads, dim // num_heads))
    K = K_all.unflatten(-2, (num_heads, dim // num_heads))
    V = V_all.unflatten(-2, (num_heads, dim // num_heads))
    heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
    return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Both sublayers from a table of (block, gamma key, beta key), one loop for pre- and post-LN. Checked: visible tests
    # pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_transformer_layer_sublayer_table": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    sublayers = (
        (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
    )
    for block, gamma, beta in sublayers:
        norm = lambda Y: layer_norm(Y, params[gamma], params[beta], 1e-5)
        X = X + block(norm(X)) if norm_first else norm(X + block(X))
    return X
'''),
    # Centred columns divided by sqrt(mean of squares + eps), gamma and beta applied with torch.addcmul. Checked:
    # visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run
    # twice.
    "blind15_right_layer_norm_standardised_by_std": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    centred = X - X.mean(dim=-2, keepdim=True)
    spread = centred.square().mean(dim=-2, keepdim=True).add(eps).sqrt()
    return torch.addcmul(beta[:, None], gamma[:, None], centred / spread)
'''),
    # ------------------------------------------------------------------ cross_attention
    # Drops an all-True enc_mask before attending (identical result, less work). Checked: visible tests pass; battery
    # agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_cross_attention_all_visible_mask_dropped": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None and bool(enc_mask.all()):
        enc_mask = None                       # every key visible to every query: nothing to mask
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # ------------------------------------------------------------------ sampling
    # torch.multinomial on a (1, V) row (the same draws as on the vector), tokens collected in a list and concatenated
    # each step, crop written with max(0, ...). Checked: visible tests pass; battery agrees with the model answer
    # (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_generate_multinomial_on_one_row": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    pieces = [prompt]
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[max(0, ids.shape[0] - context_size):]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs[None, :], 1, generator=generator)[0]
        pieces.append(next_id.to(prompt.dtype))
        ids = torch.cat(pieces)
        if eos_id is not None and next_id.item() == eos_id:
            break
    return ids
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Positions split: column 0 added to cls_token, columns 1.. to the patch tokens, then concatenated. Checked: visible
    # tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_patch_embedding_positions_split": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]
    first = (cls_token + positions[:, 0]).reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
    return torch.cat([first, tokens], dim=-1)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The accepted nn.GRUCell alternative: a meta-device GRUCell run through torch.func.functional_call with the params'
    # weights, on the broadcast batch flattened to 2-D. Checked: visible tests pass; battery agrees with the model
    # answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_decoder_step_functional_call_grucell": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    x = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
    h = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
    cell = torch.nn.GRUCell(x.shape[-1], h.shape[-1], device="meta")
    weights_dict = {"weight_ih": params["weight_ih"], "weight_hh": params["weight_hh"],
                    "bias_ih": params["bias_ih"], "bias_hh": params["bias_hh"]}
    s = torch.func.functional_call(cell, weights_dict, (x, h)).reshape(*batch, h.shape[-1])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # ------------------------------------------------------------------ sparse_attention
    # Offsets i - j that survive floor division by the stride and multiplication back. Checked: visible tests pass;
    # battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_strided_mask_offsets_floor_divided": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError("stride must be a positive integer")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return torch.div(offsets, stride, rounding_mode="floor") * stride == offsets
'''),
    # ------------------------------------------------------------------ positions
    # Angles from one float64 helper, pow of a tensor base, halves by chunk; loops over (Q, positions_q) and (K,
    # positions_k). Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients,
    # errors, no mutation), run twice.
    "blind15_right_rotary_shared_angle_helper": ("positions", "rotary_embedding", '''
def _angles(dim, positions, base):
    exponents = torch.arange(dim // 2, dtype=torch.float64) * (2.0 / dim)
    return torch.pow(torch.tensor(base, dtype=torch.float64), -exponents)[:, None] * positions.double()[None, :]

def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must have an even D")
    out = []
    for X, p in ((Q, positions_q), (K, positions_k)):
        if p is None:
            p = torch.arange(X.shape[-1])
        a = _angles(X.shape[-2], p, base)
        cos, sin = a.cos().to(X.dtype), a.sin().to(X.dtype)
        x1, x2 = X.chunk(2, dim=-2)
        out.append(torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-2))
    return out[0], out[1]
'''),
    # ------------------------------------------------------------------ pretraining
    # Coin as randint(0, 2), the other document from an explicit list of the others, sentence by index: other draws,
    # same distribution. Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients,
    # errors, no mutation), run twice.
    "blind15_right_nsp_integer_coin": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("a random second sentence needs another document")
    pairs = []
    for index, document in enumerate(documents):
        others = [d for k, d in enumerate(documents) if k != index]
        for position in range(len(document) - 1):
            if int(torch.randint(0, 2, (), generator=generator)) == 0:
                pairs.append((document[position], document[position + 1], 0))
            else:
                other = others[int(torch.randint(0, len(others), (), generator=generator))]
                pairs.append((document[position], other[int(torch.randint(0, len(other), (), generator=generator))], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # F.linear on the mean over tokens (bias None handled by F.linear). Checked: visible tests pass; battery agrees with
    # the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_average_pool_head_functional_linear": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no tokens")
    return torch.nn.functional.linear(X.mean(dim=-1), W, b)
'''),
    # Inputs by index_select with indices [0, 0, 1, ..., N-2] on the flat targets, then column 0 overwritten with sos_id
    # (the index_select result is fresh). Checked: visible tests pass; battery agrees with the model answer (values,
    # dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_pixel_sequence_index_shift": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError("ids must be an integer tensor (..., H, W)")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError("sos_id must be an integer >= 0")
    targets = ids.flatten(-2).to(torch.int64)
    n = targets.shape[-1]
    source = torch.arange(-1, n - 1).clamp_min(0)
    inputs = targets.index_select(-1, source)
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # ------------------------------------------------------------------ swin
    # Wrap flags as (index + shift) % size != index + shift, both flags partitioned into windows and compared together.
    # Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind15_right_shifted_mask_modular_wrap_flags": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError("need 0 <= shift < window")
    rows, cols = torch.arange(height), torch.arange(width)
    row_wrapped = (rows + shift) % height != rows + shift
    col_wrapped = (cols + shift) % width != cols + shift
    region = torch.stack(torch.broadcast_tensors(row_wrapped[:, None], col_wrapped[None, :]))   # (2, H, W)
    M = window
    region = region.reshape(2, height // M, M, width // M, M).permute(1, 3, 0, 2, 4).reshape(-1, 2, M * M)
    return (region[:, :, :, None] == region[:, :, None, :]).all(dim=1)
'''),
    # unflatten on both grid axes, one permute built for any number of batch axes, then two flattens. Checked: visible
    # tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no mutation), run twice.
    "blind15_right_window_partition_unflatten_permute": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be (..., C, H, W)")
    height, width = X.shape[-2:]
    _check_grid(height, width, window)
    M = window
    grid = X.unflatten(-1, (width // M, M)).unflatten(-3, (height // M, M))   # (..., C, a, p, b, q)
    lead = grid.dim() - 5
    order = list(range(lead)) + [lead + 1, lead + 3, lead, lead + 2, lead + 4]
    return grid.permute(order).flatten(-2).flatten(lead, lead + 1)
'''),
    # ------------------------------------------------------------------ davit
    # Q, K, V from one stacked (3C, C) projection chunked in three; groups by unflatten; scores and output by einsum.
    # Checked: visible tests pass; battery agrees with the model answer (values, dtypes, gradients, errors, no
    # mutation), run twice.
    "blind15_right_channel_attention_fused_qkv_chunk": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if tokens == 0:
        raise ValueError("N = 0")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    scale = tokens ** -0.5 if scale is None else scale
    qkv = linear(X, torch.cat([params["Wq"], params["Wk"], params["Wv"]]),
                 torch.cat([params["bq"], params["bk"], params["bv"]]))
    Q, K, V = (t.unflatten(-2, (num_groups, channels // num_groups)) for t in qkv.chunk(3, dim=-2))
    scores = torch.einsum("...in,...jn->...ji", Q, K) * scale           # (keys j, queries i)
    weights = softmax_cols(scores)
    out = torch.einsum("...ji,...jn->...in", weights, V)
    return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Written as wrong, counted RIGHT by the grader's maintainer (2026-11-26): the same one-pass variance is right by
    # the fifth batch's recorded decision (blind4_layer_norm_one_pass_variance, and the catalogue's right
    # tl_right_one_pass_var_f32): the contract bounds no float32 error for columns whose mean dwarfs their spread.
    # Variance as E[x^2] - E[x]^2 (one pass): catastrophic cancellation for columns with a large mean. Recorded: X = 1e4
    # + randn(4, 3) float32, gamma 1, beta 0: model unit-variance columns, entry NaN (negative variance). passes the
    # visible tests.
    "blind15_right_layer_norm_variance_from_raw_moments": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = (X * X).mean(dim=-2, keepdim=True) - mean * mean   # E[x^2] - E[x]^2, one pass
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Written as wrong, counted RIGHT by the grader's maintainer (2026-11-26): the contract does not say whether a
    # batch of size 0 is valid input (many correct reshapes, reshape(-1, C, N), cannot take one either).
    # The N = 0 check is written as X.numel() == 0, which also rejects an empty batch with N > 0 (valid input).
    # Recorded: X (0, 4, 3) float64, G = 2: model an empty (0, 4, 3) result, entry ValueError. passes the visible tests.
    "blind15_right_channel_attention_empty_check_by_numel": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError("num_groups must be a positive divisor of C")
    if X.numel() == 0:
        raise ValueError("X is empty")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] has the wrong shape")
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
