"""Thirteenth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, README.md, the course registry
(course/registry.py), the stubs (exercises/*.py), the learner-visible tests (exercises/tests/, run only as `pytest
exercises/tests/test_<module>.py --target <package>`), the model answers (solutions/), after reading the eleven
earlier blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_11.py) for their
docstrings, entry names (counted per function, to weight the functions they touched least: linear, split_heads,
merge_heads, gru_step, rotate_columns, merge_pair, the masks, bpe_decode, grid_attention, window_partition/reverse,
pixel_sequence, embed) and "counted right" comments, so as to repeat none of their names or ideas and to respect the
decisions they record (tokens given to bpe_decode come from bpe_encode; a mask never has batch axes of its own; only
the ValueErrors the contract names count; what generator=None means is open). Nothing else under grader/ or tests/,
not docs/grading.md, and not the batch written alongside this one (held_out_blind_13.py) was opened, grepped or run
(a directory listing of tests/grader/ was printed once, by mistake, when looking for the earlier batch files; no
file in it other than those batches was read).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind12/pk/<name>/: a copy of
solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible tests;
each wrong entry's comment says whether it passes them (13 of the 56 do). Each wrong entry's recorded input was run
on the model answer and on the entry and the difference printed (demos.py): a value, a shape, a dtype, an exception
or a missing ValueError, a mutated argument, a cut gradient, a random stream that ignores or never advances the
generator. Each right entry agrees with the model answer on a battery (check.py), run twice in one process: float32
and float64 (float64 to 1e-10 of the result's scale, float32 to 2e-5); no, one and two batch axes; N = 1; N_q != N_k;
D_k and head widths that are not perfect squares (1, 2, 3, 5); masks none, random, shared by a batch, as padding,
causal, with a fully masked query, all False; broadcasting states in rnn_attention; the inputs made non-contiguous;
gradients with respect to every float64 input and weight (params dicts included); the contract's ValueErrors;
arguments unmodified (lists too); output dtypes; and, for the dtype-sensitive ones, again under
torch.set_default_dtype(torch.float64). Helpers (linear, merge_pair, split_heads, merge_heads, rotate_columns) were
also checked through the graded functions that call them; generate was compared draw for draw with seeded
generators, including the contexts the model saw and the generator's state afterwards. Every right entry passes the
visible tests. The battery was checked to catch a sample of the wrong entries (a float32 path, a mutated X_dec, a cut
gradient, a generator never advanced, a non-square D_k, an odd-D key).

Emphasis: the mistakes of first-time learners (the kind asked about on CS231n, ARENA, d2l and Coursera forums):
loops with an off-by-one on one edge (range(n - 1), range(0, H - P, P), an exclusive window bound, positions counted
from 1, a slice [:-3] for a 4-character marker, range(1, len - 1), one beam step short); .T on batched tensors
(linear's rows form, F.layer_norm, F.one_hot, patchify, dequantize); numpy / Python round trips that lose dtype or
gradients (torch.tensor(x.tolist()), np.maximum on .detach().numpy(), .float() "to be safe"); in-place `+=` on an
argument; reshape(-1, ...) and `C, N = X.shape` that assume a batch layout; keepdim forgotten where two sizes can be
equal (B == 4C in patch merging, B == N for a global mask); Python pitfalls (`d_k ** 1/2`, math.isqrt, `is` on
strings, `or` on tensors, a set of merges, list.pop on the caller's list, sorted()[-k:] for ties, a Counter made once);
seeds set inside the function (torch.manual_seed ignoring or never advancing the generator). Right ones are equally
novice-looking but correct: explicit loops over columns, cells, windows, patches and merges, Python lists rebuilt
into tensors where no gradient is needed, index arithmetic without numpy, sorted(reverse=True) (stable), h * (h > 0),
`mask == 0` on a bool mask, complex rotary, plain-dict BPE counts with values.index(max(values)). No entry written as
wrong is counted right (one drafted as wrong, top-k rebuilt with torch.tensor of 0-d tensors, turned out to keep
values and dtype and was dropped rather than counted right, since it would return the default dtype for float32
logits under a float64 default dtype).

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_12 = {
    # ------------------------------------------------------------------ bpe
    # A for loop over range(len(symbols) - 1) with a skip flag; the last symbol is appended only `if len(symbols) > 1`
    # (a guard against an empty list), so a word already merged into one symbol vanishes. Recorded: bpe_encode('a b',
    # [('a', '</w>'), ('b', '</w>')]) gives ['b</w>'] (model ['a</w>', 'b</w>']): the second merge drops the finished
    # 'a</w>'. Fails the visible tests.
    "blind12_merge_pair_single_symbol_word_dropped": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    merged = []
    skip = False
    for i in range(len(symbols) - 1):
        if skip:
            skip = False
            continue
        if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
            merged.append(symbols[i] + symbols[i + 1])
            skip = True
        else:
            merged.append(symbols[i])
    if not skip and len(symbols) > 1:   # guard against symbols[-1] on an empty list
        merged.append(symbols[-1])
    return merged
'''),

    # pair_counts = Counter() created once, before the merge loop, so the counts of earlier rounds pile up and stale
    # pairs keep winning. Recorded: low x5, lower x2, newer x6, 4 merges: model [('w','e'), ('we','r'),
    # ('wer','</w>'), ('l','o')], entry [('w','e'), ('r','</w>'), ('l','o'), ('n','e')]. Fails the visible tests.
    "blind12_train_bpe_pair_counter_outside_loop": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    pair_counts = Counter()          # counted once, up here
    for _ in range(num_merges):
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),

    # `while merges: pair = merges.pop(0)` empties the caller's list (mutated argument) and only the first word gets
    # the merges. Recorded: bpe_encode('ab ab', [('a','b'), ('ab','</w>')]) gives ['ab</w>', 'a', 'b', '</w>'] (model
    # ['ab</w>', 'ab</w>']) and leaves the caller's merges []. Fails the visible tests.
    "blind12_bpe_encode_pops_merges_from_callers_list": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        while merges:
            pair = merges.pop(0)
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),

    # set(merges) to 'avoid applying a merge twice': the merges are applied in hash order, not in the order given.
    # Recorded: bpe_encode('abc', [('a','b'), ('ab','c'), ('b','c'), ('abc','</w>'), ('c','</w>')]) is ['abc</w>'] for
    # the model; the entry gives ['a', 'bc', '</w>'], ['ab', 'c</w>'] or ['abc', '</w>'] depending on PYTHONHASHSEED
    # (0..5 tried). Fails the visible tests.
    "blind12_bpe_encode_iterates_set_of_merges": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    unique_merges = set(merges)      # no need to apply a merge twice
    tokens = []
    for symbols in words:
        for pair in unique_merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),

    # Strips the end-of-word marker with token[:-3] (len('</w>') is 4). Recorded: bpe_decode(['lo', 'w</w>', 'new',
    # 'er</w>']) gives 'low< newer<' (model 'low newer'). Fails the visible tests.
    "blind12_bpe_decode_marker_slice_off_by_one": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    text = ""
    for token in tokens:
        if token.endswith(END_OF_WORD):
            text += token[:-3] + " "
        else:
            text += token
    return text.rstrip(" ")
'''),

    # ------------------------------------------------------------------ embeddings
    # F.one_hot gives (..., N, V); `.T` turns it into (V, N) for 1-D ids but reverses every axis of a batch. Recorded:
    # ids (2, 3), V = 4: entry shape (4, 3, 2), model (2, 4, 3). Fails the visible tests.
    "blind12_one_hot_functional_dot_T": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    rows = torch.nn.functional.one_hot(token_ids, vocab_size)   # (..., N, V)
    return rows.T.to(dtype or torch.get_default_dtype())
'''),

    # torch.tensor([omega_e[:, t].tolist() for t in ids]): Python floats re-wrapped in the default dtype, cut from the
    # graph. Recorded: float64 omega_e (3, 5) requiring grad, ids [1, 4, 0]: the entry returns float32 (model float64)
    # with requires_grad False (no gradient reaches omega_e). Fails the visible tests.
    "blind12_embed_tensor_of_column_lists": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    flat = token_ids.reshape(-1)
    columns = torch.tensor([omega_e[:, t].tolist() for t in flat])     # (B*N, D)
    columns = columns.reshape(*token_ids.shape, omega_e.shape[0])      # (..., N, D)
    return columns.transpose(-2, -1)
'''),

    # torch.stack([omega_e[:, t] for t in token_ids], dim=1): right for 1-D ids, but a batch row t gives a (D, N)
    # block and stacking on dim 1 makes (D, B, N). Recorded: omega_e (3, 5), ids (2, 2): entry shape (3, 2, 2), model
    # (2, 3, 2). Fails the visible tests.
    "blind12_embed_stack_columns_on_dim_one": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    return torch.stack([omega_e[:, t] for t in token_ids], dim=1)
'''),

    # ------------------------------------------------------------------ softmax
    # Loops over columns with range(N - 1) into torch.zeros_like(scores): the last column stays 0. Recorded:
    # softmax_cols([[0, ln 3], [0, 0]]): entry column 1 [0, 0] (model [0.75, 0.25]). Fails the visible tests.
    "blind12_softmax_column_loop_range_n_minus_one": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    out = torch.zeros_like(scores)
    for j in range(scores.shape[-1] - 1):
        column = scores[..., :, j]
        top = column.max(dim=-1, keepdim=True).values
        top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
        exps = torch.exp(column - top)
        total = exps.sum(dim=-1, keepdim=True)
        out[..., :, j] = exps / torch.where(total == 0, torch.ones_like(total), total)
    return out
'''),

    # ------------------------------------------------------------------ masking
    # Loops over queries with range(n - 1): the last query column stays all False. Recorded: causal_mask(3) column 2
    # is [False, False, False] (model [True, True, True]). Fails the visible tests.
    "blind12_causal_mask_loop_range_n_minus_one": ("masking", "causal_mask", '''
def causal_mask(n):
    mask = torch.zeros(n, n, dtype=torch.bool)
    for i in range(n - 1):
        for j in range(i + 1):
            mask[j, i] = True
    return mask
'''),

    # Counts key positions from 1 (torch.arange(1, n + 1)) and keeps `position < length`, hiding each sequence's last
    # real key. Recorded: padding_mask([2, 3], 3)[:, :, 0] gives [[T, F, F], [T, T, F]] (model [[T, T, F], [T, T,
    # T]]). Fails the visible tests.
    "blind12_padding_mask_positions_from_one": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    positions = torch.arange(1, n + 1, device=lengths.device)      # positions 1 .. n
    return (positions[None, :] < lengths[:, None])[:, :, None]
'''),

    # Loops j over range(max(0, i - w), min(n, i + w)): the exclusive upper bound drops key i + w. Recorded:
    # local_mask(3, 1) has [1, 0] False (model True): query 0 does not see key 1. Fails the visible tests.
    "blind12_local_mask_loop_upper_bound_exclusive": ("masking", "local_mask", '''
def local_mask(n, window):
    mask = torch.zeros(n, n, dtype=torch.bool)
    for i in range(n):
        for j in range(max(0, i - window), min(n, i + window)):
            mask[j, i] = True
    return mask
'''),

    # Adds .float() to the result 'to be safe': float64 scores come back float32. Recorded: apply_mask(float64 (2, 2)
    # scores, mask) returns float32 (model float64), values rounded to float32. Passes the visible tests.
    "blind12_apply_mask_result_cast_with_float": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible); got {mask.dtype}")
    return scores.masked_fill(~mask, float("-inf")).float()
'''),

    # ------------------------------------------------------------------ attention
    # W @ X + b without b[:, None]: b broadcasts along the token axis, an error unless N == D_out, and silently wrong
    # then. Recorded: X (3, 2), W (2, 3), b = [1, -1] (N == D_out = 2): max abs difference 2; X (3, 4) raises
    # RuntimeError. Fails the visible tests.
    "blind12_linear_bias_added_along_tokens": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    return W @ X + b
'''),

    # Computes W.float() @ X.float() + b.float() and casts back: a float64 input goes through float32. Recorded: X (4,
    # 3), W (2, 4), b (2,) float64: dtype float64 but relative error 3.7e-8 (the contract asks float64 accuracy).
    # Passes the visible tests.
    "blind12_linear_casts_to_float": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    out = W.float() @ X.float() + b.float()[:, None]
    return out.to(X.dtype)
'''),

    # Rows form (X.T @ W.T + b).T, right for one matrix, but .T on a batched X reverses every axis. Recorded: X (3, 4,
    # 3), W (4, 4): RuntimeError (batch2 size mismatch) where the model returns (3, 4, 3). Passes the visible tests.
    "blind12_linear_dot_T_on_batched_X": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    return (X.T @ W.T + b).T       # rows form, like nn.Linear
'''),

    # `K^T Q / d_k ** 1/2` reads as (K^T Q / d_k) / 2: divides by 2 D_k instead of sqrt(D_k). Recorded: Q (3, 2), K
    # (3, 4), V (2, 4) (seeds 0, 1, 2): output off by 0.13. Fails the visible tests.
    "blind12_sdpa_power_precedence_half": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    d_k = Q.shape[-2]
    scores = K.transpose(-2, -1) @ Q / d_k ** 1/2
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),

    # Divides by math.isqrt(d_k), the integer square root: right for D_k = 1, 4, 9, ..., wrong otherwise. Recorded: Q
    # (3, 2), K (3, 4), V (2, 4), D_k = 3 (isqrt 1): output off by 0.072. Passes the visible tests.
    "blind12_sdpa_scale_math_isqrt": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    d_k = Q.shape[-2]
    scores = K.transpose(-2, -1) @ Q / math.isqrt(d_k)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),

    # ------------------------------------------------------------------ multihead
    # Y.reshape(-1, H, D/H, N) folds all batch axes into one: an unbatched call gains a leading axis of 1, two batch
    # axes become one. Recorded: multi_head_attention(X (4, 3), X, params, 2) returns shape (1, 4, 3) (model (4, 3)).
    # Fails the visible tests.
    "blind12_split_heads_reshape_minus_one_batch": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    dim, n = Y.shape[-2], Y.shape[-1]
    return Y.reshape(-1, num_heads, dim // num_heads, n)
'''),

    # Transposes (H, D/H) before reshaping, as for PyTorch's (B, N, H, d) layout: head rows come out interleaved.
    # Recorded: multi_head_attention(X (4, 3) seed 0, params seed 1, H = 2): max abs difference 6.2. Fails the visible
    # tests.
    "blind12_merge_heads_transpose_before_reshape": ("multihead", "merge_heads", '''
def merge_heads(heads):
    *batch, num_heads, head_dim, n = heads.shape
    return heads.transpose(-3, -2).reshape(*batch, num_heads * head_dim, n)
'''),

    # Loops over heads and stores torch.tensor(out.tolist(), dtype=...) for each: the values are right but the graph
    # is cut before Wo. Recorded: X (4, 3) and params requiring grad, H = 2, backward of the output's sum: X.grad and
    # Wq.grad are None (only Wo, bo get gradients). Passes the visible tests.
    "blind12_mha_head_outputs_rewrapped_torch_tensor": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    d = dim // num_heads
    outputs = []
    for h in range(num_heads):
        rows = slice(h * d, (h + 1) * d)
        out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        outputs.append(torch.tensor(out.tolist(), dtype=Xq.dtype))
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # F.layer_norm(X.T, (D,), gamma, beta, eps).T: right for one (D, N) matrix, but .T on a batch reverses all axes.
    # Recorded: X (2, 3, 4): RuntimeError (normalized_shape [3] against (4, 3, 2)) where the model returns (2, 3, 4).
    # Fails the visible tests.
    "blind12_layer_norm_functional_on_dot_T": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    rows = torch.nn.functional.layer_norm(X.T, (X.shape[-2],), gamma, beta, eps)
    return rows.T
'''),

    # ReLU as np.maximum(hidden.detach().numpy(), 0) and back with torch.from_numpy: values right, graph cut below W2.
    # Recorded: X (3, 2), W1 (5, 3), b1, W2 (3, 5), b2 float64 requiring grad: after backward W1.grad and b1.grad are
    # None. Passes the visible tests.
    "blind12_feed_forward_numpy_maximum": ("transformer_layer", "feed_forward", '''
import numpy as np

def feed_forward(X, W1, b1, W2, b2):
    hidden = linear(X, W1, b1)
    hidden = torch.from_numpy(np.maximum(hidden.detach().numpy(), 0))
    return linear(hidden, W2, b2)
'''),

    # ------------------------------------------------------------------ cross_attention
    # First residual written `X = X_dec; X += self_attention(...)`: adds into the caller's X_dec. Recorded: X_dec (4,
    # 3), X_enc (4, 5), H = 2: the output equals the model's on the original X_dec, but X_dec is changed by the call,
    # and an X_dec requiring grad raises RuntimeError (leaf used in an in-place operation). Fails the visible tests.
    "blind12_decoder_layer_residual_plus_equals_on_x_dec": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    X += multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
    X = layer_norm(X, params["gamma1"], params["beta1"])
    X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),

    # enc_mask.squeeze() 'drops the useless axis' of a padding mask (B, N_e, 1): the mask then no longer lines up with
    # the scores (and with B = 1 the batch axis goes too). Recorded: X_dec (2, 4, 3), X_enc (2, 4, 5),
    # padding_mask([2, 5], 5): RuntimeError (size 5 vs 3); with B = 1: IndexError. Fails the visible tests.
    "blind12_cross_attention_enc_mask_squeezed": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None:
        enc_mask = enc_mask.squeeze()          # (B, N_e, 1) -> (B, N_e): drop the useless axis
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),

    # ------------------------------------------------------------------ sampling
    # Top-k by sorted(range(V), key=prob)[-k:] (ascending, take the tail): among tied tokens the higher ids are kept.
    # Recorded: logits [1, 1, 1, 0], top_k = 2: entry [0, 0.5, 0.5, 0] (model [0.5, 0.5, 0, 0]). Fails the visible
    # tests.
    "blind12_next_token_probs_top_k_python_sorted_tail": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        ranked = sorted(range(len(probs)), key=lambda i: float(probs[i]))   # smallest first
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[ranked[-top_k:]] = True
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

    # Seeds the global RNG from generator.initial_seed() and draws without the generator: the generator is never
    # advanced, so successive calls sharing it repeat the same tokens (and the global RNG is reset). Recorded: bigram
    # model (V = 5, seed 3), prompt [0], 8 tokens, two calls sharing Generator seed 7: model [0,0,2,1,1,3,3,1,2] then
    # [0,4,0,0,4,1,1,2,1]; entry [0,0,2,1,1,3,3,1,2] twice. Passes the visible tests.
    "blind12_generate_global_seed_from_generator": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    if generator is not None:
        torch.manual_seed(generator.initial_seed())     # make the run reproducible
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),

    # Loops over range(1, len(ids) - 1): the last token's log-probability is left out. Recorded: bigram model (V = 5,
    # seed 3), ids [0, 3, 1, 4]: entry -3.2828 (model -4.9239). Fails the visible tests.
    "blind12_sequence_log_prob_loop_misses_last_token": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = torch.zeros((), dtype=log_probs.dtype)
    for n in range(1, len(ids) - 1):
        total = total + log_probs[ids[n], n - 1]
    return total
'''),

    # log_probs[ids[1:], :-1].sum(): a row index with a column slice picks an (N-1, N-1) block, not the pairs (ids[n],
    # n-1). Recorded: bigram model, ids [0, 3, 1, 4]: entry -14.7568 (model -4.9239). Fails the visible tests.
    "blind12_sequence_log_prob_row_slice_not_diagonal": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)    # (V, N)
    return log_probs[ids[1:], :-1].sum()
'''),

    # Loops over range(max_new_tokens - 1): one token short. Recorded: bigram model (V = 5, seed 3), prompt [0], width
    # 2, 3 new tokens: entry [0, 4, 1] (model [0, 4, 4, 1]). Fails the visible tests.
    "blind12_beam_search_loop_one_step_short": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens - 1):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Loops over patch corners with range(0, H - P, P): the last row and column of patches are skipped. Recorded:
    # images (1, 1, 4, 4), P = 2: entry (1, 4, 1), model (1, 4, 4). Fails the visible tests.
    "blind12_patchify_loop_range_stops_early": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    columns = []
    for r in range(0, height - P, P):
        for c in range(0, width - P, P):
            columns.append(images[:, :, r:r + P, c:c + P].reshape(batch, -1))
    return torch.stack(columns, dim=-1)
'''),

    # Ends with `.T` to turn (B, N, CPP) into (B, CPP, N): .T on a 3-D tensor reverses all axes. Recorded: images (2,
    # 1, 4, 4), P = 2: entry (4, 4, 2), model (2, 4, 4). Fails the visible tests.
    "blind12_patchify_dot_T_at_the_end": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).T
'''),

    # ------------------------------------------------------------------ rnn_attention
    # h' = (1 - z) h + z n (the gates' roles swapped against nn.GRUCell's (1 - z) n + z h). Recorded: E = 3, D = 2,
    # random weights (seed 0): max abs difference 0.14 (through attention_decoder_step's state). Fails the visible
    # tests.
    "blind12_gru_step_update_interpolation_swapped": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    r = torch.sigmoid(reset_x + reset_h)
    z = torch.sigmoid(update_x + update_h)
    n = torch.tanh(new_x + r * new_h)
    return (1 - z) * h + z * n
'''),

    # gates.chunk(3) splits dim 0: right for an unbatched step, but a batch of states is split along the batch.
    # Recorded: x (3, 3), h (3, 2): RuntimeError (size 6 vs 2) where the model returns (3, 2). Fails the visible
    # tests.
    "blind12_gru_step_chunk_dim_zero": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    gates_x = x @ weight_ih.T + bias_ih
    gates_h = h @ weight_hh.T + bias_hh
    reset_x, update_x, new_x = gates_x.chunk(3)
    reset_h, update_h, new_h = gates_h.chunk(3)
    r = torch.sigmoid(reset_x + reset_h)
    z = torch.sigmoid(update_x + update_h)
    n = torch.tanh(new_x + r * new_h)
    return (1 - z) * n + z * h
'''),

    # Scores as (v[:, None] * hidden).sum(0): right unbatched, but a batch sums over the batch axis. Recorded: s (2,
    # 3), H (2, 2, 4): RuntimeError (size 2 vs 5) where the model returns weights (2, 4). Fails the visible tests.
    "blind12_additive_attention_score_sum_over_axis_zero": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)                 # (D_a, N)
    scores = (v[:, None] * hidden).sum(0)              # (N,)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),

    # context = H @ weights, a matrix-vector product for one state; with a batch, weights (B, N) is read as a matrix.
    # Recorded: s (4, 3), H (4, 2, 4) (B == N = 4): context of shape (4, 2, 4) (model (4, 2)); other shapes raise.
    # Fails the visible tests.
    "blind12_additive_attention_context_matmul_vector": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = H @ weights                               # matrix times vector
    return weights, context
'''),

    # logits = W_out @ [s; c] + b_out: right for one state vector, a shape error (or a wrong product) for a batch of
    # rows. Recorded: B = 2, D_s = D_h = 2, E = 3, N = 4, V = 6: RuntimeError (6x4 and 2x4) where the model returns
    # (2, 6). Fails the visible tests.
    "blind12_decoder_step_readout_W_left_multiplies": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    logits = params["W_out"] @ stack(s, context) + params["b_out"]
    return s, logits, weights
'''),

    # Reshapes the weights with s's batch shape, forgetting that s and the features broadcast. Recorded: s (3,)
    # unbatched, features (2, 4, 2, 3): RuntimeError (shape [2, 3] invalid for 12) where the model returns weights (2,
    # 2, 3). Passes the visible tests.
    "blind12_grid_attention_weights_shaped_by_state_batch": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)
    return weights.reshape(*s.shape[:-1], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # (g_j + g_i) == 1 on integer flags: an exclusive or, so two global tokens do not see each other. Recorded:
    # is_global [T, F, T]: entry [0, 0] and [0, 2] False (model True). Fails the visible tests.
    "blind12_global_token_mask_sum_equals_one": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    g = is_global.long()
    return (g[..., :, None] + g[..., None, :]) == 1
'''),

    # Compares the pattern with `is`: works for interned literals, not for an equal string built at run time.
    # Recorded: sparse_attention_cost(''.join(['den', 'se']), 4): ValueError (unknown pattern) where the model returns
    # 16. Passes the visible tests.
    "blind12_sparse_cost_pattern_compared_with_is": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    if pattern is "dense":
        return n * n
    if pattern is "causal":
        return n * (n + 1) // 2
    if pattern is "local":
        if window is None:
            raise ValueError("the 'local' pattern needs window=...")
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern is "strided":
        if stride is None:
            raise ValueError("the 'strided' pattern needs stride=...")
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    if pattern is "global":
        if num_global is None:
            raise ValueError("the 'global' pattern needs num_global=...")
        return num_global * (2 * n - num_global)
    raise ValueError(f"unknown pattern {pattern!r}")
'''),

    # is_global.unsqueeze(-1) | is_global, relying on broadcasting for the query axis: right for 1-D flags, but (B, N,
    # 1) | (B, N) lines B up with N. Recorded: is_global (2, 2) [[T, F], [F, F]] (B == N): entry
    # [[[1,1],[0,0]],[[1,0],[0,0]]] (model [[[1,1],[1,0]],[[0,0],[0,0]]]); (2, 3) raises. Fails the visible tests.
    "blind12_global_token_mask_implicit_query_row": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    return is_global.unsqueeze(-1) | is_global       # (..., N, 1) | (..., N) broadcasts to (..., N, N)
'''),

    # ------------------------------------------------------------------ positions
    # torch.cat of the two rotated halves without dim: the default dim 0 is the row axis only for an unbatched (D, N).
    # Recorded: rotary_embedding(Q (2, 4, 3), K (2, 4, 3)): Q' of shape (4, 2, 3) (model (2, 4, 3)). Fails the visible
    # tests.
    "blind12_rotate_columns_cat_default_dim": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin])
'''),

    # Checks only Q's D for evenness: an odd-D K gives no ValueError and a garbled result. Recorded:
    # rotary_embedding(Q (4, 3), K (3, 3)): the model raises ValueError, the entry returns K' of shape (4, 3). Passes
    # the visible tests.
    "blind12_rotary_checks_only_query_parity": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    if Q.shape[-2] % 2:
        raise ValueError(f"Q must have an even D; got shape {tuple(Q.shape)}")
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),

    # `positions_q = positions_q or torch.arange(N)`: the truth value of a tensor of several positions raises.
    # Recorded: rotary_embedding(Q (4, 3), K (4, 3), positions_q=[5, 6, 7]): RuntimeError (ambiguous boolean value)
    # where the model returns (4, 3). Fails the visible tests.
    "blind12_rotary_positions_default_with_or": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    positions_q = positions_q or torch.arange(Q.shape[-1])
    positions_k = positions_k or torch.arange(K.shape[-1])
    return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),

    # ------------------------------------------------------------------ pretraining
    # Calls torch.manual_seed(42) inside and draws from the global RNG: the generator is ignored, so every call makes
    # the same choices. Recorded: ids 5..24 (1, 20), V = 30, specials [0, 1]: labels with Generator seeds 1 and 2 are
    # identical for the entry (not for the model). Passes the visible tests.
    "blind12_mlm_corrupt_manual_seed_inside": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    torch.manual_seed(42)                      # reproducible masking
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape) < mask_prob)
    action = torch.rand(ids.shape)
    random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),

    # eligible = torch.tensor([[int(t) not in special for t in row] for row in ids]) assumes (B, N) ids. Recorded: 1-D
    # ids [0, 5, 6, 7, 1]: TypeError (iteration over a 0-d tensor) where the model returns (5,) tensors. Passes the
    # visible tests.
    "blind12_mlm_specials_nested_list_comprehension": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = [int(t) for t in special_ids]
    eligible = torch.tensor([[int(t) not in special for t in row] for row in ids])
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),

    # Calls torch.manual_seed(0) inside and draws from the global RNG: the generator is ignored and every call returns
    # the same pairs. Recorded: documents of 4, 2 and 3 sentences, Generator seeds 1 and 2: identical pairs for the
    # entry (not for the model). Passes the visible tests.
    "blind12_nsp_pairs_manual_seed_inside": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: give at least two")
    torch.manual_seed(0)                       # same pairs every run
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            if torch.rand(()).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, ()).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), ()).item()], 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # images.permute(0, 2, 3, 1) assumes exactly one batch axis. Recorded: an unbatched image (3, 2, 2), palette (3,
    # 4): RuntimeError where the model returns ids [[0, 2], [1, 3]]. Fails the visible tests.
    "blind12_quantize_permute_assumes_batch_axis": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    pixels = images.permute(0, 2, 3, 1)[..., :, None]          # (B, H, W, C, 1)
    distances = ((pixels - palette) ** 2).sum(dim=-2)
    return distances.argmin(dim=-1)
'''),

    # inputs = torch.tensor([sos_id] + targets[:-1].tolist()): right for one image, but for a batch targets[:-1] drops
    # an image, not a pixel. Recorded: ids (2, 2, 2), sos 9: TypeError where the model gives inputs [[9, 1, 2, 3], [9,
    # 5, 6, 7]]. Fails the visible tests.
    "blind12_pixel_sequence_python_list_prepend": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.flatten(-2).long()
    inputs = torch.tensor([sos_id] + targets[:-1].tolist())
    return inputs, targets
'''),

    # reshape(-1, H*W) 'one row per image': an unbatched image gets a leading axis of 1, two batch axes are folded.
    # Recorded: ids (2, 2), sos 9: entry shapes (1, 4), model (4,). Fails the visible tests.
    "blind12_pixel_sequence_reshape_minus_one_rows": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    height, width = ids.shape[-2:]
    targets = ids.long().reshape(-1, height * width)          # one row per image
    start = torch.full((targets.shape[0], 1), sos_id, dtype=torch.long)
    inputs = torch.cat([start, targets[:, :-1]], dim=1)
    return inputs, targets
'''),

    # X.mean(1): the token axis for an unbatched (D, N), the feature axis for a batch. Recorded: X (2, 3, 4), W (5,
    # 3): RuntimeError (2x4 and 3x5) where the model returns (2, 5). Fails the visible tests.
    "blind12_average_pool_head_mean_over_dim_one": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.mean(1)
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),

    # palette.T[ids] gives (..., H, W, C); `.T` reverses every axis, so H and W swap (and a batch axis lands last).
    # Recorded: ids (2, 3), palette (3, 4): entry (3, 3, 2), model (3, 2, 3); square ids (2, 2): max abs difference
    # 2.2 (the image transposed). Fails the visible tests.
    "blind12_dequantize_rows_then_dot_T": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    colours = palette.T[ids.long()]          # (..., H, W, C)
    return colours.T                         # channels first
'''),

    # ------------------------------------------------------------------ swin
    # Loops over window corners with range(0, H - M, M) (one window kept when the loop is empty): the last row and
    # column of windows are skipped. Recorded: X (1, 4, 4), M = 2: entry (1, 1, 4), model (4, 1, 4). Fails the visible
    # tests.
    "blind12_window_partition_loop_range_stops_early": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    windows = []
    for r in range(0, height - M, M):
        for c in range(0, width - M, M):
            windows.append(X[..., r:r + M, c:c + M].reshape(*batch, channels, M * M))
    if not windows:
        windows.append(X[..., :M, :M].reshape(*batch, channels, M * M))
    return torch.stack(windows, dim=-3)
'''),

    # Unpacks B, nW, C, MM = windows.shape and permute(0, 3, 1, 4, 2, 5): exactly one batch axis. Recorded: unbatched
    # windows (4, 2, 4) of a (2, 4, 4) grid: ValueError (not enough values to unpack, not a contract ValueError) where
    # the model returns (2, 4, 4). Fails the visible tests.
    "blind12_window_reverse_permute_one_batch_axis": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError("windows must be (..., nW, C, M*M) for this grid")
    B, _, C, _ = windows.shape
    grid = windows.reshape(B, height // M, width // M, C, M, M).permute(0, 3, 1, 4, 2, 5)
    return grid.reshape(B, C, height, width)
'''),

    # An inline layer norm with merged.mean(dim=-3) without keepdim: (..., h, w) broadcasts on the right axes only
    # without a batch axis; with one, B lines up with 4C. Recorded: X (4, 1, 2, 2) (B == 4C = 4): max abs difference
    # 0.57; X (2, 1, 2, 2): RuntimeError. Fails the visible tests.
    "blind12_patch_merging_inline_norm_keepdim_forgotten": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    mean = merged.mean(dim=-3)
    var = ((merged - mean) ** 2).mean(dim=-3)
    normed = (merged - mean) / torch.sqrt(var + eps)
    normed = normed * gamma[:, None, None] + beta[:, None, None]
    return torch.einsum("oc,...chw->...ohw", W, normed)
'''),

    # ------------------------------------------------------------------ davit
    # `C, N = X.shape` for the default scale: a batched X raises. Recorded: X (2, 4, 3), G = 2: ValueError (too many
    # values to unpack; no contract ValueError) where the model returns (2, 4, 3). Fails the visible tests.
    "blind12_channel_attention_unpacks_two_dims": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    C, N = X.shape
    if scale is None:
        scale = 1 / math.sqrt(N)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_12 = {
    # ------------------------------------------------------------------ bpe
    # Right: A while loop comparing the slice symbols[i:i+2] with list(pair) (a one-element tail slice never matches),
    # building a new list. Checked: agrees with the model answer on the battery (238 cases over two runs: values,
    # dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_merge_pair_slice_compare_while": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    target = list(pair)
    out = []
    i = 0
    while i < len(symbols):
        if symbols[i:i + 2] == target:
            out.append(pair[0] + pair[1])
            i = i + 2
        else:
            out.append(symbols[i])
            i = i + 1
    return out
'''),

    # Right: Plain dicts (insertion-ordered) for word and pair counts, range(len - 1) pair loops, and
    # values.index(max(values)) for the first maximum in insertion order: the tie rule. Checked: agrees with the model
    # answer on the battery (82 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes
    # the visible tests.
    "blind12_right_train_bpe_index_of_max_value": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = split_words(corpus, "corpus")
    counts = {}
    for word in words:
        key = tuple(word)
        counts[key] = counts.get(key, 0) + 1
    pieces = {key: list(key) for key in counts}
    merges = []
    for step in range(num_merges):
        pair_counts = {}
        for key in counts:
            symbols = pieces[key]
            for i in range(len(symbols) - 1):
                pair = (symbols[i], symbols[i + 1])
                pair_counts[pair] = pair_counts.get(pair, 0) + counts[key]
        if len(pair_counts) == 0:
            break
        pairs = list(pair_counts.keys())
        values = list(pair_counts.values())
        best = pairs[values.index(max(values))]      # index() finds the first one
        merges.append(best)
        for key in pieces:
            pieces[key] = merge_pair(pieces[key], best)
    return merges
'''),

    # Right: Merges outermost (a while loop over their indices), each applied to every word, then the words' tokens
    # collected; the same result as words outermost, since each word is merged on its own. Checked: agrees with the
    # model answer on the battery (86 cases over two runs: values, dtypes, errors, gradients, arguments unchanged);
    # passes the visible tests.
    "blind12_right_bpe_encode_index_while_over_merges": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    words = split_words(text, "text")
    k = 0
    while k < len(merges):
        words = [merge_pair(word, merges[k]) for word in words]
        k += 1
    tokens = []
    for word in words:
        for token in word:
            tokens.append(token)
    return tokens
'''),

    # Right: Splits the joined text on '</w>', joins the pieces with spaces and strips trailing spaces in a while
    # loop. Checked: agrees with the model answer on the battery (34 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_bpe_decode_split_on_marker_join_spaces": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    pieces = "".join(tokens).split(END_OF_WORD)
    text = " ".join(pieces)
    while text.endswith(" "):
        text = text[:-1]
    return text
'''),

    # ------------------------------------------------------------------ embeddings
    # Right: omega_e.t()[token_ids] gives (..., N, D) rows; transpose(-2, -1) puts D before N. Checked: agrees with
    # the model answer on the battery (48 cases over two runs: values, dtypes, errors, gradients, arguments
    # unchanged); passes the visible tests.
    "blind12_right_embed_index_rows_then_swap_last_two": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    rows = omega_e.t()[token_ids]            # (..., N, D): row n is token n's embedding
    return rows.transpose(-2, -1)
'''),

    # Right: Nested Python loops with math.sin / math.cos in double precision, then torch.tensor(...,
    # dtype=torch.get_default_dtype()); an odd D's last sine row is filled by the i + 1 < dim guard. (In float32 it is
    # more accurate than the model answer, as an earlier batch's right_sinusoidal_float64_then_default_dtype.)
    # Checked: agrees with the model answer on the battery (48 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_sinusoidal_nested_math_loops": ("embeddings", "sinusoidal_positions", '''
import math

def sinusoidal_positions(num_positions, dim):
    table = [[0.0] * num_positions for _ in range(dim)]
    for n in range(num_positions):
        for i in range(0, dim, 2):
            angle = n / 10000 ** (i / dim)
            table[i][n] = math.sin(angle)
            if i + 1 < dim:
                table[i + 1][n] = math.cos(angle)
    return torch.tensor(table, dtype=torch.get_default_dtype()).reshape(dim, num_positions)
'''),

    # ------------------------------------------------------------------ softmax
    # Right: A loop over columns: each column shifted by its maximum (0 for an all -inf column), exponentiated,
    # divided by its sum (1 where the sum is 0), stacked on the last axis. Checked: agrees with the model answer on
    # the battery (52 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible
    # tests.
    "blind12_right_softmax_cols_per_column_loop_stack": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    columns = []
    for j in range(scores.shape[-1]):
        column = scores[..., :, j]                                  # (..., M)
        top = column.max(dim=-1, keepdim=True).values
        top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
        exps = torch.exp(column - top)
        total = exps.sum(dim=-1, keepdim=True)
        total = torch.where(total == 0, torch.ones_like(total), total)
        columns.append(exps / total)
    if not columns:
        return scores.clone()
    return torch.stack(columns, dim=-1)
'''),

    # ------------------------------------------------------------------ masking
    # Right: Query positions expanded to (n, n) compared >= with key positions as a column: [j, i] = i >= j. Checked:
    # agrees with the model answer on the battery (14 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_causal_mask_expand_ge": ("masking", "causal_mask", '''
def causal_mask(n):
    queries = torch.arange(n).expand(n, n)          # [j, i] = i
    keys = torch.arange(n).unsqueeze(1)             # [j, 0] = j
    return queries >= keys
'''),

    # Right: A nested list comprehension of Python bools, torch.tensor(..., dtype=torch.bool) and a reshape to (B, n,
    # 1) (B = 0 and n = 0 included). Checked: agrees with the model answer on the battery (18 cases over two runs:
    # values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_padding_mask_nested_list_comprehension": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    rows = [[j < int(length) for j in range(n)] for length in lengths]
    mask = torch.tensor(rows, dtype=torch.bool, device=lengths.device)
    return mask.reshape(len(lengths), n, 1)
'''),

    # Right: Band of a boolean ones matrix: triu(diagonal=-w) & tril(diagonal=w) keeps -w <= i - j <= w. Checked:
    # agrees with the model answer on the battery (70 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_local_mask_ones_triu_then_tril": ("masking", "local_mask", '''
def local_mask(n, window):
    ones = torch.ones(n, n, dtype=torch.bool)
    return torch.triu(ones, diagonal=-window) & torch.tril(ones, diagonal=window)
'''),

    # Right: masked_fill(mask == 0, -inf): on a bool mask, mask == 0 is ~mask (the stub's dtype check kept). Checked:
    # agrees with the model answer on the battery (116 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_apply_mask_masked_fill_eq_zero": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible); got {mask.dtype}")
    return scores.masked_fill(mask == 0, float("-inf"))
'''),

    # ------------------------------------------------------------------ attention
    # Right: einsum('oi,...in->...on') plus b.unsqueeze(-1). Checked: agrees with the model answer on the battery (932
    # cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_linear_einsum_unsqueezed_bias": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    return torch.einsum("oi,...in->...on", W, X) + b.unsqueeze(-1)
'''),

    # Right: The nn.Linear rows form on transpose(-2, -1) (not .T) and transposed back. Checked: agrees with the model
    # answer on the battery (932 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes
    # the visible tests.
    "blind12_right_linear_rows_form_transposed_back": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    rows = X.transpose(-2, -1) @ W.t() + b          # (..., N, D_out)
    return rows.transpose(-2, -1)
'''),

    # Right: An explicit loop over query columns: each (..., N_k, 1) column masked (the mask expanded to the scores'
    # shape first) and softmaxed with the course's softmax_cols, then concatenated. Checked: agrees with the model
    # answer on the battery (1120 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes
    # the visible tests.
    "blind12_right_sdpa_query_column_loop_expanded_mask": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    d_k = Q.shape[-2]
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
    if mask is not None:
        mask = mask.expand(scores.shape)
    columns = []
    for i in range(scores.shape[-1]):
        column = scores[..., :, i:i + 1]                 # (..., N_k, 1)
        if mask is not None:
            column = apply_mask(column, mask[..., :, i:i + 1])
        columns.append(softmax_cols(column))
    if columns:
        weights = torch.cat(columns, dim=-1)
    else:
        weights = softmax_cols(scores)
    return V @ weights, weights
'''),

    # Right: One projection with torch.cat([Wq, Wk, Wv]) and the biases, split by the sizes [D_k, D_k, D_v] (not in
    # equal chunks), then scaled_dot_product_attention. Checked: agrees with the model answer on the battery (276
    # cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_self_attention_concatenated_weights_split_sizes": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    W_all = torch.cat([Wq, Wk, Wv], dim=0)
    b_all = torch.cat([bq, bk, bv], dim=0)
    projected = linear(X, W_all, b_all)
    Q, K, V = torch.split(projected, [Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),

    # ------------------------------------------------------------------ multihead
    # Right: Row blocks h*D/H .. (h+1)*D/H sliced in a list comprehension and stacked on dim -3. Checked: agrees with
    # the model answer on the battery (642 cases over two runs: values, dtypes, errors, gradients, arguments
    # unchanged); passes the visible tests.
    "blind12_right_split_heads_stack_of_row_blocks": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    head_dim = Y.shape[-2] // num_heads
    blocks = [Y[..., h * head_dim:(h + 1) * head_dim, :] for h in range(num_heads)]
    return torch.stack(blocks, dim=-3)
'''),

    # Right: heads.reshape(*batch, -1, N). Checked: agrees with the model answer on the battery (642 cases over two
    # runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_merge_heads_reshape_minus_one": ("multihead", "merge_heads", '''
def merge_heads(heads):
    return heads.reshape(*heads.shape[:-3], -1, heads.shape[-1])
'''),

    # Right: Per-head projections with the row slices Wq[lo:hi], bq[lo:hi] (and K, V), one
    # scaled_dot_product_attention call per head with the shared mask, heads concatenated on dim -2, then Wo. Checked:
    # agrees with the model answer on the battery (624 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_mha_projection_row_slices_per_head": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    d = dim // num_heads
    outputs = []
    for h in range(num_heads):
        lo, hi = h * d, (h + 1) * d
        Q = linear(Xq, params["Wq"][lo:hi], params["bq"][lo:hi])
        K = linear(Xkv, params["Wk"][lo:hi], params["bk"][lo:hi])
        V = linear(Xkv, params["Wv"][lo:hi], params["bv"][lo:hi])
        out, _ = scaled_dot_product_attention(Q, K, V, mask)
        outputs.append(out)
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # Right: ReLU as h * (h > 0) (gradient 0 at h = 0, like relu), with W @ X + b[:, None] written out. Checked:
    # agrees with the model answer on the battery (28 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_feed_forward_relu_by_boolean_product": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    h = W1 @ X + b1[:, None]
    h = h * (h > 0)
    return W2 @ h + b2[:, None]
'''),

    # Right: hidden[hidden <= 0] = 0.0 on the fresh hidden layer (not an argument): values and gradients of relu,
    # including at exact zeros. Checked: agrees with the model answer on the battery (28 cases over two runs: values,
    # dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_feed_forward_zero_negatives_by_index": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = linear(X, W1, b1)
    hidden[hidden <= 0] = 0.0
    return linear(hidden, W2, b2)
'''),

    # ------------------------------------------------------------------ cross_attention
    # Right: Causal mask as torch.ones(n, n, dtype=bool).triu(), and every step written out with its own name.
    # Checked: agrees with the model answer on the battery (336 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_decoder_layer_bool_ones_triu_causal": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    causal = torch.ones(n, n, dtype=torch.bool).triu()     # [j, i] True for j <= i
    a = multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal)
    x1 = layer_norm(X_dec + a, params["gamma1"], params["beta1"])
    c = multi_head_attention(x1, X_enc, params["cross_attn"], num_heads, enc_mask)
    x2 = layer_norm(x1 + c, params["gamma2"], params["beta2"])
    f = feed_forward(x2, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(x2 + f, params["gamma3"], params["beta3"])
'''),

    # ------------------------------------------------------------------ sampling
    # Right: Greedy arg-max by an explicit loop with strict > (first maximum); top-k by Python's sorted(...,
    # reverse=True), which keeps equal keys in their original order (lower ids first); top-p as the model answer.
    # Checked: agrees with the model answer on the battery (1648 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_next_token_probs_python_sorted_reverse_top_k": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        best = 0
        for i in range(1, len(logits)):
            if logits[i] > logits[best]:
                best = i
        probs = torch.zeros_like(logits)
        probs[best] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        values = probs.tolist()
        ranked = sorted(range(len(values)), key=lambda i: values[i], reverse=True)   # stable: ties keep id order
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[ranked[:top_k]] = True
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

    # Right: Tokens kept in a Python list, a tensor rebuilt each step, the context cut with an explicit start index,
    # draws with torch.multinomial(probs, 1, generator=generator).item(). Checked: agrees with the model answer on the
    # battery (384 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible
    # tests.
    "blind12_right_generate_python_list_rebuilt_each_step": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    tokens = prompt.tolist()
    for step in range(max_new_tokens):
        ids = torch.tensor(tokens, dtype=prompt.dtype)
        if context_size is not None:
            ids = ids[len(ids) - min(context_size, len(ids)):]
        logits = model(ids)
        probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
        new = torch.multinomial(probs, 1, generator=generator).item()
        tokens.append(new)
        if new == eos_id:
            break
    return torch.tensor(tokens, dtype=prompt.dtype)
'''),

    # Right: A loop over n = 1 .. N-1 adding the 0-d tensors log_probs[ids[n], n-1] to log_probs.new_zeros(()) (no
    # .item()). Checked: agrees with the model answer on the battery (12 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_sequence_log_prob_loop_of_tensor_terms": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = log_probs.new_zeros(())
    for n in range(1, len(ids)):
        total = total + log_probs[ids[n], n - 1]
    return total
'''),

    # ------------------------------------------------------------------ patch_embedding
    # Right: Double loop over patch corners (range(0, H, P), range(0, W, P)), each (B, C, P, P) slice reshaped to (B,
    # CPP), stacked on the last axis. Checked: agrees with the model answer on the battery (48 cases over two runs:
    # values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_patchify_double_loop_slices": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    columns = []
    for r in range(0, height, P):
        for c in range(0, width, P):
            columns.append(images[:, :, r:r + P, c:c + P].reshape(batch, channels * P * P))
    if not columns:
        return images.new_zeros(batch, channels * P * P, 0)
    return torch.stack(columns, dim=-1)
'''),

    # Right: W @ patches + b.reshape(-1, 1), [CLS] as cls_token.reshape(1, -1, 1).repeat(B, 1, 1), cat on dim 2, +
    # positions.unsqueeze(0). Checked: agrees with the model answer on the battery (24 cases over two runs: values,
    # dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_patch_embedding_cls_repeat_per_image": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)                    # (B, C*P*P, N)
    tokens = W @ patches + b.reshape(-1, 1)                   # (B, D, N)
    cls = cls_token.reshape(1, -1, 1).repeat(tokens.shape[0], 1, 1)
    out = torch.cat((cls, tokens), dim=2)
    return out + positions.unsqueeze(0)
'''),

    # ------------------------------------------------------------------ rnn_attention
    # Right: Each gate's weight and bias rows sliced out ([:D], [D:2D], [2D:]) and the GRU equations written out one
    # by one. Checked: agrees with the model answer on the battery (24 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_gru_step_sliced_gate_weights": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    D = h.shape[-1]
    W_ir, W_iz, W_in = weight_ih[:D], weight_ih[D:2 * D], weight_ih[2 * D:]
    W_hr, W_hz, W_hn = weight_hh[:D], weight_hh[D:2 * D], weight_hh[2 * D:]
    b_ir, b_iz, b_in = bias_ih[:D], bias_ih[D:2 * D], bias_ih[2 * D:]
    b_hr, b_hz, b_hn = bias_hh[:D], bias_hh[D:2 * D], bias_hh[2 * D:]
    r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
    z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
    n = torch.tanh(x @ W_in.T + b_in + r * (h @ W_hn.T + b_hn))
    return (1 - z) * n + z * h
'''),

    # Right: W s via matmul(W, s.unsqueeze(-1)), scores by matmul(v, tanh(...)) (1-D v on the left), mask by
    # torch.where with a -inf tensor, context as the broadcast product (weights.unsqueeze(-2) * H).sum(-1). Checked:
    # agrees with the model answer on the battery (240 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_additive_attention_v_row_matmul": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s and H")
    Ws = torch.matmul(W, s.unsqueeze(-1))            # (..., D_a, 1)
    e = torch.matmul(v, torch.tanh(Ws + U @ H))      # (..., N): v^T tanh(...)
    if mask is not None:
        e = torch.where(mask, e, torch.tensor(float("-inf"), dtype=e.dtype))
    weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
    context = (weights.unsqueeze(-2) * H).sum(dim=-1)
    return weights, context
'''),

    # Right: A loop over the H x W cells computing e_ij = v^T tanh(W s + U h_ij) cell by cell (row by row), broadcast
    # and stacked, one softmax_cols over all cells, context as a broadcast weighted sum. Checked: agrees with the
    # model answer on the battery (120 cases over two runs: values, dtypes, errors, gradients, arguments unchanged);
    # passes the visible tests.
    "blind12_right_grid_attention_cell_loop_scores": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    query = s @ W.T                                          # (..., D_a)
    scores = []
    for i in range(height):
        for j in range(width):
            key = features[..., :, i, j] @ U.T               # (..., D_a)
            scores.append(torch.tanh(query + key) @ v)       # (...,)
    e = torch.stack(torch.broadcast_tensors(*scores), dim=-1)     # (..., H*W), row by row
    weights = softmax_cols(e.unsqueeze(-1)).squeeze(-1)
    context = (features.flatten(-2) * weights.unsqueeze(-2)).sum(dim=-1)
    return weights.reshape(*weights.shape[:-1], height, width), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Right: |i - j| % stride == 0: the absolute difference is a multiple of the stride iff the difference is.
    # Checked: agrees with the model answer on the battery (126 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_strided_mask_abs_difference_mod": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    i = torch.arange(n)
    distance = (i[None, :] - i[:, None]).abs()
    return distance % stride == 0
'''),

    # Right: Integer division round trip d // s * s == d (floor division, right for negative d too). Checked: agrees
    # with the model answer on the battery (126 cases over two runs: values, dtypes, errors, gradients, arguments
    # unchanged); passes the visible tests.
    "blind12_right_strided_mask_floor_division_roundtrip": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    offsets = torch.arange(n).unsqueeze(0) - torch.arange(n).unsqueeze(1)     # [j, i] = i - j
    return offsets // stride * stride == offsets
'''),

    # ------------------------------------------------------------------ positions
    # Right: The pair (x_i, x_{i+D/2}) as a complex number times torch.polar(1, angle) (complex64 for float32,
    # complex128 for float64), real and imaginary parts stacked back: the contract allows complex implementations.
    # Checked: agrees with the model answer on the battery (300 cases over two runs: values, dtypes, errors,
    # gradients, arguments unchanged); passes the visible tests.
    "blind12_right_rotate_columns_complex_multiply": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    half = dim // 2
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    rotation = torch.polar(torch.ones_like(angles), angles).to(
        torch.complex128 if X.dtype == torch.float64 else torch.complex64)
    z = torch.complex(X[..., :half, :], X[..., half:, :]) * rotation
    return torch.cat([z.real, z.imag], dim=-2)
'''),

    # Right: T5's code with num_buckets //= 2 and the logarithm taken on distance.clamp(min=1).float() (no log(0); the
    # exact branch is chosen for d < n/2 anyway). Checked: agrees with the model answer on the battery (86 cases over
    # two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_bucket_log_on_clamped_distance": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    n = relative_position.long()
    result = torch.zeros_like(n)
    if bidirectional:
        num_buckets //= 2
        result = result + (n > 0).long() * num_buckets
        n = n.abs()
    else:
        n = -torch.min(n, torch.zeros_like(n))
    max_exact = num_buckets // 2
    is_small = n < max_exact
    safe = n.clamp(min=1).float()
    val_if_large = max_exact + (torch.log(safe / max_exact) / math.log(max_distance / max_exact)
                                * (num_buckets - max_exact)).long()
    val_if_large = torch.min(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
    return result + torch.where(is_small, n, val_if_large)
'''),

    # ------------------------------------------------------------------ imagegpt
    # Right: inputs = torch.empty_like(targets), column 0 set to sos_id, the rest filled with targets[..., :-1].
    # Checked: agrees with the model answer on the battery (88 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_pixel_sequence_empty_like_fill": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.flatten(-2).to(torch.long)
    inputs = torch.empty_like(targets)
    inputs[..., 0] = sos_id
    inputs[..., 1:] = targets[..., :-1]
    return inputs, targets
'''),

    # Right: Sum over tokens divided by N, pooled @ W.T, plus b or the Python 0 when b is None. Checked: agrees with
    # the model answer on the battery (36 cases over two runs: values, dtypes, errors, gradients, arguments
    # unchanged); passes the visible tests.
    "blind12_right_average_pool_head_zero_default_bias": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.sum(dim=-1) / X.shape[-1]
    bias = b if b is not None else 0
    return pooled @ W.T + bias
'''),

    # Right: A loop over palette colours keeping a running minimum with a strict < (ties stay with the lower id),
    # distances summed over the channel axis in the promoted dtype. Checked: agrees with the model answer on the
    # battery (46 cases over two runs: values, dtypes, errors, gradients, arguments unchanged); passes the visible
    # tests.
    "blind12_right_quantize_running_best_over_colours": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    images = images.to(dtype)
    palette = palette.to(dtype)
    best_id = None
    best_distance = None
    for k in range(palette.shape[1]):
        colour = palette[:, k].reshape(-1, 1, 1)                    # (C, 1, 1)
        distance = ((images - colour) ** 2).sum(dim=-3)             # (..., H, W)
        if best_id is None:
            best_id = torch.zeros(distance.shape, dtype=torch.long)
            best_distance = distance
        else:
            closer = distance < best_distance                      # strict: a tie keeps the lower id
            best_id = torch.where(closer, k, best_id)
            best_distance = torch.where(closer, distance, best_distance)
    return best_id
'''),

    # ------------------------------------------------------------------ swin
    # Right: Double loop over window corners, each (..., C, M, M) slice reshaped to (..., C, M*M), stacked on dim -3
    # (an empty grid gives nW = 0). Checked: agrees with the model answer on the battery (152 cases over two runs:
    # values, dtypes, errors, gradients, arguments unchanged); passes the visible tests.
    "blind12_right_window_partition_slice_loop_stack": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    windows = []
    for r in range(0, height, M):
        for c in range(0, width, M):
            windows.append(X[..., r:r + M, c:c + M].reshape(*batch, channels, M * M))
    if not windows:
        return X.new_zeros(*batch, 0, channels, M * M)
    return torch.stack(windows, dim=-3)
'''),

    # Right: Python loops: each rolled row and column gets the region label 0 (< size - M), 1 (< size - shift) or 2,
    # each window's M*M labels listed in raster order, and [j][i] = labels equal; torch.tensor at the end. Checked:
    # agrees with the model answer on the battery (288 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_shifted_window_mask_python_label_lists": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    def region(index, size):
        if index < size - window:
            return 0
        if index < size - shift:
            return 1
        return 2
    M = window
    masks = []
    for wr in range(0, height, M):
        for wc in range(0, width, M):
            labels = []
            for r in range(wr, wr + M):
                for c in range(wc, wc + M):
                    labels.append((region(r, height), region(c, width)))
            masks.append([[labels[j] == labels[i] for i in range(M * M)] for j in range(M * M)])
    return torch.tensor(masks, dtype=torch.bool).reshape(len(masks), M * M, M * M)
'''),

    # Right: reshape to (..., C, H/2, 2, W/2, 2), permute to (..., c, r, C, h, w) so that block index c*2 + r runs
    # top-left, bottom-left, top-right, bottom-right, reshape to 4C, then the course's layer_norm and W @. Checked:
    # agrees with the model answer on the battery (76 cases over two runs: values, dtypes, errors, gradients,
    # arguments unchanged); passes the visible tests.
    "blind12_right_patch_merging_reshape_blocks_column_first": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("shapes disagree")
    batch = X.shape[:-3]
    blocks = X.reshape(*batch, channels, height // 2, 2, width // 2, 2)     # (..., C, h, r, w, c)
    nb = len(batch)
    # (..., c, r, C, h, w): block position c*2 + r = TL, BL, TR, BR
    order = list(range(nb)) + [nb + 4, nb + 2, nb, nb + 1, nb + 3]
    merged = blocks.permute(*order).reshape(*batch, 4 * channels, height // 2, width // 2)
    tokens = layer_norm(merged.reshape(*batch, 4 * channels, -1), gamma, beta, eps)
    return (W @ tokens).reshape(*batch, 2 * channels, height // 2, width // 2)
'''),
}
