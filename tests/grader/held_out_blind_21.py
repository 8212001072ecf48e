"""Twenty-second blind batch of held-out implementations (prefix blind21_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md and course/registry.py (the exercise and
function list, the capstone lesson), the model answers (solutions/multihead, transformer_layer, cross_attention,
rnn_attention, positions, sparse_attention), the stubs (their input checks are taken in through the "# (the stub's
input checks)" line), the learner-visible tests (run only as `pytest exercises/tests/test_<module>.py --target
<package>`; the first 20 lines of test_multihead.py were read), after extracting the entry names of the earlier blind
batches (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_20.py) for the functions of this batch
and reading the docstring of held_out_blind_20.py, so as to repeat none of their names or ideas (their many
multi-head, mask-axis, GRU-gate-order, bucket-boundary and pre-/post-LN entries are not redone). Nothing else under
grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the other batch being written at the same time,
nor tests/grader/cheats/. (A directory listing of tests/grader/ was printed once at the start, when looking for the
earlier batch files; no file in it other than those batches was read.)

Emphasis: the mistakes learners post about in course forums and issue trackers (ARENA's transformer chapters, the d2l.ai
attention discussions, the Annotated Transformer, the PyTorch seq2seq tutorial, Llama / GPT-NeoX / Longformer /
Sparse Transformer ports), ported to the column convention, in the composite and later functions: a pre-LN/post-LN
confusion in one branch only, a residual from the normalised tensor or from the wrong variable, the norm on the branch
rather than the stream, the encoder memory normalised, cross-attention queries from the raw self-attention output, a
padding mask expanded to the encoder's length, masking by multiplying scores, an (in, out) weight layout that runs only
when square, the context as a mean, Luong/tutorial read-outs, the reset gate on the wrong half of the candidate, T5's
log span written as max_exact (equal for every even half), float64 rotary tables promoting the output, Llama's
contiguous position slice, linspace frequencies, a global cost that subtracts the diagonal instead of the g×g block, a
local band doubled with its diagonal, Longformer's total-width window, the Sparse Transformer's fixed pattern for the
strided one, a query axis added before the batch axes. Right entries are different in style from the model answers:
ARENA per-head weight einsums, a head loop over the course's own attention, a whole layer in PyTorch's row layout with
torch.nn.functional, a folded table of decoder sublayers, F.softmax with dead-row guards, a two-axis grid softmax,
vector-norm standard deviations, 2×2 rotation einsums, diagonal bands, broadcast_shapes.

The capstone functions (gpt_logits, vit_logits, translation_logits, imagegpt_logits) have no model answer module to
append to (they are course code, capstone/assembly.py, that composes the learner's functions), so no entry targets them
directly; the wrong entries that pass their visible tests (the decoder-layer residual and query mistakes, the rotary
ones) are the kind that would only show in an assembled model.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind21/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub-checks
line replaced by the stub's lines; build.py) and run against its exercise's visible tests; every right entry passes
them, and each wrong entry's comment says whether it does. Each wrong entry's recorded input was run on the model
answer and on the entry and the difference printed (demos.py, demos2.py, demos3.py; demo1.py scanned the bucket
offsets -1200..1199 over 8 bucket counts, 8 max distances and both directions). Right entries were compared with the
model answer (harness.py, cmp_right.py, cmp2.py, cmp3.py): values (float64 to 1e-10 and float32 to 2e-5 of the result's scale),
shapes, dtypes, arguments unchanged, the same exception type where one raises, and the gradients of every floating
input and parameter under a random upstream gradient; the case counts are in each comment.

Judgement calls: blind21_bucket_log_span_written_as_max_exact differs only when the half of the buckets is odd
(num_buckets 10, 6, or an odd causal count); the contract allows any num_buckets. A drafted bucket entry that took the
log as log(d) - log(max_exact) was dropped: over every scanned offset it landed in the model answer's buckets.
blind21_right_layer_norm_vector_norm_std differs from the model answer's float32 gradients on ill-conditioned columns
(a spread of 1e-3 on an offset of 1e3), where the model answer itself is further from the float64 truth; it is kept
as right on that measure. blind21_rotary_float64_tables_promote_output has the right values in the wrong dtype.

Counts: 24 wrong, 12 right.
Wrong per function: {'additive_attention': 3, 'attention_decoder_step': 2, 'cross_attention': 1, 'decoder_layer': 3, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'relative_position_bucket': 1, 'rotary_embedding': 3, 'sparse_attention_cost': 3, 'strided_mask': 1, 'transformer_layer': 3}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'cross_attention': 1, 'decoder_layer': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'rotary_embedding': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1}. (Fewer than the ~55/35 asked: the time box of about 35 minutes ran out.)

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_21 = {
    # A post-LN layer whose FFN block was copied from a GPT-2/nanoGPT Block (x = x + mlp(ln_2(x))), so only the second
    # branch is pre-LN (ARENA/nanoGPT forum confusion between the two layouts). Shows with norm_first=False on any
    # input: X (4, 3) float64, H=2, random params: max |diff| 4.27. Fails the visible tests (the post-LN case).
    "blind21_transformer_layer_post_ln_ffn_branch_pre_normed": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    attn = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
    ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
    ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
    if norm_first:
        X = X + attn(ln1(X))
        X = X + ffn(ln2(X))
    else:
        X = ln1(X + attn(X))
        X = X + ffn(ln2(X))        # the second block copied from a pre-LN (GPT-2) block
    return X
'''),
    # Pre-LN with the residual taken from the normalised tensor (X = LN1(X); X = X + MHA(X)), the d2l/Annotated-
    # Transformer forum slip of reassigning x before the residual. Shows with norm_first=True: X (4, 3), H=2: max
    # |diff| 4.25 (post-LN path unchanged, diff 0). Fails the visible tests.
    "blind21_transformer_layer_prenorm_residual_from_normalised": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    if norm_first:
        X = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(X, X, params, num_heads, mask)
        X = layer_norm(X, params["gamma2"], params["beta2"])
        X = X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
        return X
    X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma2"], params["beta2"])
    return X
'''),
    # The Annotated Transformer's SublayerConnection (x + sublayer(norm(x))) mis-ported to post-LN as x +
    # norm(sublayer(x)): the norm on the branch, the residual stream never normalised. Shows with norm_first=False: X
    # (4, 3), H=2: max |diff| 2.27 (pre-LN path exact). Fails the visible tests.
    "blind21_transformer_layer_post_ln_norm_on_branch_only": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def sublayer(Y, fn, g, b):
        if norm_first:
            return Y + fn(layer_norm(Y, params[g], params[b]))
        return Y + layer_norm(fn(Y), params[g], params[b])   # "norm after the sublayer", residual left outside
    X = sublayer(X, lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1")
    X = sublayer(X, lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
                 "gamma2", "beta2")
    return X
'''),
    # The cross block normalises the encoder memory with the block's own LN2 before attending (mixing up the pre-LN
    # encoder's final norm with the decoder's post-LN norms). Shows on any input: X_dec (4, 3), X_enc (4, 5), H=2: max
    # |diff| 0.171. Fails the visible tests.
    "blind21_decoder_layer_encoder_memory_normalised_by_norm2": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    causal = causal_mask(X.shape[-1]).to(X.device)
    X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                   params["gamma1"], params["beta1"])
    memory = layer_norm(X_enc, params["gamma2"], params["beta2"])      # the block's norm applied to the memory too
    X = layer_norm(X + cross_attention(X, memory, params["cross_attn"], num_heads, enc_mask),
                   params["gamma2"], params["beta2"])
    X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                   params["gamma3"], params["beta3"])
    return X
'''),
    # A padding mask (B, N_e, 1) is expanded to a square (B, N_e, N_e) 'because keys and queries are the encoder's'
    # (self-attention habit), so it only works when N_d == N_e. Shows with X_dec (2, 4, 3), X_enc (2, 4, 5), enc_mask
    # padding (2, 5, 1): RuntimeError (the model answer broadcasts); with N_d = N_e it agrees. Fails the visible tests.
    "blind21_cross_attention_padding_expanded_to_encoder_length": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    if enc_mask is not None and enc_mask.shape[-1] == 1:
        n = X_enc.shape[-1]                                  # expand the padding column to every query
        enc_mask = enc_mask.expand(*enc_mask.shape[:-1], n)
    return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Masking by multiplying the scores by the mask (e_i * mask_i), the d2l masked_softmax discussion's first attempt:
    # hidden positions get score 0, not -inf, so they keep weight. Shows with s (3,), H (4, 5), mask [T, F, T, T, F]:
    # weights differ by 0.315, context by 1.27. Fails the visible tests.
    "blind21_additive_attention_masked_scores_zeroed": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (s @ W.T).unsqueeze(-1)
    scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
    if mask is not None:
        scores = scores * mask                    # hidden positions get score 0
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights * mask.any(dim=-1, keepdim=True)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # s @ W with W stored (D_a, D_s) as nn.Linear does: a row/column layout slip that runs only when D_a == D_s and
    # then uses Wᵀ s. Shows with D_a = D_s = 3, W random: weights differ by 0.129; with D_s = 2, D_a = 3 a
    # RuntimeError. Fails the visible tests.
    "blind21_additive_attention_state_times_w_untransposed": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (s @ W).unsqueeze(-1)                 # nn.Linear weight used as if (in, out)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # Show-Attend-Tell ports that write (features * alpha).mean(...) for the attention-weighted encoding instead of
    # .sum: the context is divided by H·W. Shows with features (4, 2, 3): context differs by 0.425 (weights equal).
    # Fails the visible tests.
    "blind21_grid_attention_context_mean_over_cells": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    # (the stub's input checks)
    height, width = features.shape[-2:]
    cells = features.flatten(-2)
    weights, _ = additive_attention(s, cells, W, U, v)
    context = (cells * weights.unsqueeze(-2)).mean(dim=-1)     # mean of the weighted cells
    return weights.unflatten(-1, (height, width)), context
'''),
    # PyTorch's seq2seq tutorial AttnDecoderRNN reads the logits out of the GRU output alone (self.out(output)); ported
    # with W_out[:, :D_s] the context is dropped from [s; c]. Shows on any step: D_s 3, E 2, D_h 4, V 6: logits differ
    # by 4.17 (s and weights equal). Fails the visible tests.
    "blind21_decoder_step_readout_state_only_tutorial": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    d_s = s.shape[-1]
    logits = s @ params["W_out"][:, :d_s].T + params["b_out"]     # out(output) on the GRU output alone
    return s, logits, weights
'''),
    # T5's log term scaled by max_exact instead of (num_buckets - max_exact), which are equal for every even half (the
    # usual 32 buckets), so copies from memory write max_exact. Shows only when the half is odd: num_buckets=10,
    # offsets [-127, -19, 50, 5]: model [4, 3, 9, 7], entry [3, 3, 8, 7]; with 32 buckets every offset agrees. Passes
    # the visible tests.
    "blind21_bucket_log_span_written_as_max_exact": ("positions", "relative_position_bucket", '''
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
    max_exact = half // 2
    scaled = torch.log(distance.float() / max_exact) / math.log(max_distance / max_exact) * max_exact
    far = torch.clamp(max_exact + scaled.long(), max=half - 1)
    return base + torch.where(distance < max_exact, distance, far)
'''),
    # Accurate float64 cos/sin tables (as the model answer builds) without the cast back to the input's dtype, so
    # float32 Q, K come back float64 (type promotion). Shows with Q (4, 3), K (4, 5) float32: outputs are float64;
    # values agree. Passes the visible tests.
    "blind21_rotary_float64_tables_promote_output": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos(), angles.sin()                 # tables kept in float64 for accuracy
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Global cost counted as g rows plus g columns minus g 'diagonal' entries, instead of minus the g×g block the two
    # share (the overlap counted as the diagonal, so g(g-1) pairs twice). Shows with n=5, g=2: model 16, entry 18 (g =
    # 1 agrees). Passes the visible tests.
    "blind21_sparse_cost_global_overlap_as_diagonal": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
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
    g = num_global
    return g * n + n * g - g          # global rows + global columns, minus the doubly counted diagonal
'''),
    # is_global[..., None] | is_global[None, ...]: the query axis added in front of the batch axes instead of before N,
    # right only unbatched. Shows with is_global (2, 3): RuntimeError; with (2, 2) [[T, F], [F, F]]: wrong values
    # (batch 1 sees batch 0's global). Fails the visible tests.
    "blind21_global_token_mask_query_axis_added_in_front": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    return is_global[..., None] | is_global[None, ...]
'''),
    # Luong-style decoder: the GRU reads only the embedding, the context enters the read-out only; the learner slices
    # weight_ih[:, :E] to make the shapes fit. Shows on any step (same sizes): s differs by 0.526, logits by 1.16.
    # Fails the visible tests.
    "blind21_decoder_step_gru_input_embedding_only_weights_sliced": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    emb = y_prev.shape[-1]
    s = gru_step(y_prev, s_prev, params["weight_ih"][:, :emb], params["weight_hh"],   # Luong: the GRU reads y only
                 params["bias_ih"], params["bias_hh"])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # The reset gate applied to the input's candidate pre-activation (r * (W_in x + b_in)) instead of the hidden one (r
    # * (W_hn h + b_hn)), a misreading of the r ⊙ placement in nn.GRU's docs. Shows with x (2,), h (3,) random: max
    # |diff| 1.2e-3. Fails the visible tests.
    "blind21_gru_step_reset_scales_input_part": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    gi = x @ weight_ih.T + bias_ih
    gh = h @ weight_hh.T + bias_hh
    d = h.shape[-1]
    r = torch.sigmoid(gi[..., :d] + gh[..., :d])
    z = torch.sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
    n = torch.tanh(r * gi[..., 2 * d:] + gh[..., 2 * d:])      # reset gate on the input's candidate part
    return (1 - z) * n + z * h
'''),
    # Llama's freqs_cis[start_pos : start_pos + seqlen]: explicit positions are read as a contiguous run starting at
    # their minimum. Shows with positions_q [0, 5, 2]: Q' differs by 1.8; contiguous positions (e.g. [7, 8, 9]) agree.
    # Passes the visible tests.
    "blind21_rotary_explicit_positions_as_contiguous_slice": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        start = 0 if positions is None else int(positions.min())   # Llama: freqs_cis[start_pos : start_pos + seqlen]
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * torch.arange(start, start + num, dtype=torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The Sparse Transformer's other pattern: 'fixed' summary keys (every stride-th key visible to every query) taken
    # for the strided one, plus the diagonal. Shows with n=4, stride=2: key 1 sees only query 1 in the entry but
    # queries 1 and 3 in the model; key 0 sees every query. Fails the visible tests.
    "blind21_strided_mask_fixed_pattern_summary_keys": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    # (the stub's input checks)
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (keys % stride == 0).expand(n, n) | (keys == queries)     # every stride-th key, plus itself
'''),
    # Longformer's attention_window is the whole window (w/2 each side); the learner halves the contract's one-sided
    # window. Shows with local, n=5, window=2: model 19, entry 13. Fails the visible tests.
    "blind21_sparse_cost_local_window_as_total_width": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window // 2, n - 1) if n else 0          # Longformer: attention_window is both sides together
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # The FFN block's residual taken from the cross-attention output variable (read) instead of the normalised stream,
    # a naming slip in a hand-unrolled layer. Shows on any input: X_dec (4, 3), X_enc (4, 5), H=2: max |diff| 1.51.
    # Passes the visible tests.
    "blind21_decoder_layer_ffn_residual_from_cross_output": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]).to(X.device))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(read + thought, params["gamma3"], params["beta3"])     # residual: the wrong variable
'''),
    # The cross-attention's queries taken from the raw self-attention output instead of the post-LN1 stream (the
    # decoder's cross-attention fed the wrong sequence). Shows on any input (same sizes): max |diff| 0.923. Passes the
    # visible tests.
    "blind21_decoder_layer_cross_queries_from_self_attention_output": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]).to(X.device))
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(attended, X_enc, params["cross_attn"], num_heads, enc_mask)   # queries: the raw sublayer output
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # The local band counted as one causal band (diagonal included) and doubled, so the diagonal is counted twice (n
    # pairs too many). Shows with local, n=5, window=1: model 13, entry 18; n=1, window=0: 1 vs 2. Fails the visible
    # tests.
    "blind21_sparse_cost_local_band_doubled_with_diagonal": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        one_side = n * (w + 1) - w * (w + 1) // 2          # keys j in [i - w, i], the diagonal included
        return 2 * one_side                                  # ... and the mirror image
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # Frequencies from np.linspace(0, 1, D/2) (endpoint kept) instead of 2i/D: the last pair gets base^-1 rather than
    # base^-(D-2)/D. Shows with D=8 (and D=4), default positions: max |diff| 0.045 / 0.136. Fails the visible tests.
    "blind21_rotary_frequencies_linspace_endpoint": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        if positions is None:
            positions = torch.arange(num)
        exponents = torch.linspace(0, 1, dim // 2, dtype=torch.float64)   # np.linspace keeps the endpoint
        theta = base ** (-exponents)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A port from the rows layout where the variance moved to dim=-2 but the mean stayed on dim=-1: each feature is
    # centred by its mean over the tokens. Shows with X (4, 3): max |diff| 1.95; with one token (4, 1) every column is
    # centred to 0 and the output is beta (diff 2.69). Fails the visible tests.
    "blind21_layer_norm_mean_left_on_rows_axis": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-1, keepdim=True)                       # left over from the (N, D) rows version
    var = X.var(dim=-2, keepdim=True, unbiased=False)
    return gamma[:, None] * (X - mean) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # The parentheses of Bahdanau's score slipped: tanh(vᵀ(W s + U h_i)) instead of vᵀ tanh(W s + U h_i), a linear
    # score squashed afterwards. Shows with s (3,), H (4, 5), D_a 3: weights differ by 0.056, context by 0.22. Fails
    # the visible tests.
    "blind21_additive_attention_tanh_after_projection_v": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (s @ W.T).unsqueeze(-1)
    scores = torch.tanh((v.unsqueeze(-1) * (U @ H + query)).sum(dim=-2))    # tanh(vᵀ(W s + U h_i))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
}

RIGHT_BLIND_21 = {
    # Layer norm with the standard deviation as the column's Euclidean norm / sqrt(D) (torch.linalg.vector_norm), mean
    # by sum / D. Agrees with the model answer on 192 cases (float32/float64, D 1..16, N 1 and 3, zero to two batch
    # axes, constant columns, offsets of 1e3 at scales 1e-3..100, eps 1e-12..1, non-contiguous) in values and
    # gradients, except the gradients of ill-conditioned float32 columns (offset 1e3, spread 1e-3) where both are far
    # from the float64 truth: over 300 such columns the entry's worst relative error against float64 is 0.79, the model
    # answer's 1.57.
    "blind21_right_layer_norm_vector_norm_std": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-2]
    centred = X - X.sum(dim=-2, keepdim=True) / d
    std = torch.linalg.vector_norm(centred, dim=-2, keepdim=True) / math.sqrt(d)
    return centred * (gamma.unsqueeze(-1) / torch.sqrt(std * std + eps)) + beta.unsqueeze(-1)
'''),
    # ARENA-style multi-head attention: W_Q etc. reshaped (H, D/H, D), einsum per head, W_O as (D, H, D/H), dead
    # queries by a torch.where guard before torch.softmax over keys. Agrees on 961 cases (float32/float64, 0..2 batch
    # axes, (D, H) in (4,2) (6,3) (4,1) (4,4) (8,2), N_q ≠ N_k, sizes of 1, masks 2-D, batched, padding (…, N_k, 1),
    # all-False) in values and gradients, and the ValueError for D % H.
    "blind21_right_mha_arena_per_head_weight_einsum": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    d = Xq.shape[-2]
    h, dh = num_heads, d // num_heads
    W_Q = params["Wq"].reshape(h, dh, d)
    W_K = params["Wk"].reshape(h, dh, d)
    W_V = params["Wv"].reshape(h, dh, d)
    W_O = params["Wo"].reshape(d, h, dh)
    q = torch.einsum("hed,...dn->...hen", W_Q, Xq) + params["bq"].reshape(h, dh, 1)
    k = torch.einsum("hed,...dn->...hen", W_K, Xkv) + params["bk"].reshape(h, dh, 1)
    v = torch.einsum("hed,...dn->...hen", W_V, Xkv) + params["bv"].reshape(h, dh, 1)
    scores = torch.einsum("...hek,...heq->...hkq", k, q) / math.sqrt(dh)
    if mask is not None:
        m = mask.unsqueeze(-3)
        scores = scores.masked_fill(~m, float("-inf"))
        alive = m.any(dim=-2, keepdim=True)
        scores = torch.where(alive, scores, torch.zeros((), dtype=scores.dtype))
        pattern = torch.softmax(scores, dim=-2) * m
    else:
        pattern = torch.softmax(scores, dim=-2)
    z = torch.einsum("...hek,...hkq->...heq", v, pattern)
    return torch.einsum("dhe,...heq->...dq", W_O, z) + params["bo"][:, None]
'''),
    # Cross-attention as a loop over heads, each projecting with its own row block of Wq, Wk, Wv and calling the
    # course's scaled_dot_product_attention, heads concatenated then Wo. Agrees on 961 cases (as for
    # multi_head_attention, padding masks (B, N_e, 1), all-False masks) in values and gradients, and the ValueError.
    "blind21_right_cross_attention_head_loop_course_sdpa": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import scaled_dot_product_attention
    d = X_dec.shape[-2]
    if d % num_heads:
        raise ValueError("D must be divisible by num_heads")
    dh = d // num_heads
    heads = []
    for i in range(num_heads):
        rows = slice(i * dh, (i + 1) * dh)
        q = params["Wq"][rows] @ X_dec + params["bq"][rows, None]
        k = params["Wk"][rows] @ X_enc + params["bk"][rows, None]
        v = params["Wv"][rows] @ X_enc + params["bv"][rows, None]
        out, _ = scaled_dot_product_attention(q, k, v, enc_mask)
        heads.append(out)
    return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]
'''),
    # The decoder layer as a table of (sublayer, norm index) steps folded over, the causal mask as ones(n, n).triu().
    # Agrees on 384 cases (float32/float64, 0..2 batch axes, N_d ≠ N_e, sizes of 1, enc masks None / 2-D / padding /
    # all-False) in values and gradients.
    "blind21_right_decoder_layer_sublayer_steps_folded": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    n = X_dec.shape[-1]
    future_blocked = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()   # [j, i]: j <= i visible
    steps = (
        (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, future_blocked), "1"),
        (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), "2"),
        (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "3"),
    )
    Y = X_dec
    for sublayer, k in steps:
        Y = layer_norm(Y + sublayer(Y), params["gamma" + k], params["beta" + k])
    return Y
'''),
    # Additive attention with F.linear for W s, einsum for U H and vᵀ, F.softmax over positions with -inf fill and a
    # where-guard for states that see nothing, context by einsum. Agrees on 432 cases (float32/float64, s and H batched
    # separately and broadcasting, masks None / random / all-False / all-True, N = 1, D = 1) in values and gradients.
    "blind21_right_additive_attention_functional_softmax_guarded": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    import torch.nn.functional as F
    keys = torch.einsum("ah,...hn->...an", U, H)
    query = F.linear(s, W).unsqueeze(-1)
    scores = torch.einsum("a,...an->...n", v, torch.tanh(keys + query))
    if mask is None:
        weights = F.softmax(scores, dim=-1)
    else:
        scores = scores.masked_fill(~mask, float("-inf"))
        anyone = mask.any(dim=-1, keepdim=True)
        scores = torch.where(anyone, scores, torch.zeros((), dtype=scores.dtype))
        weights = F.softmax(scores, dim=-1) * mask
    context = torch.einsum("...hn,...n->...h", H, weights)
    return weights, context
'''),
    # Grid attention on the (H, W) grid itself: einsum over channels, max subtracted over both axes, exp, normalised
    # over both axes, context by einsum. Agrees on 80 cases (float32/float64, broadcasting state and feature batches,
    # 1×1, 1×5, 2×3, 4×4 grids, scores up to ~150) in values and gradients.
    "blind21_right_grid_attention_two_axis_amax": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    # (the stub's input checks)
    proj = torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]
    e = torch.einsum("a,...ahw->...hw", v, torch.tanh(proj))
    e = e - e.amax(dim=(-2, -1), keepdim=True)
    p = torch.exp(e)
    weights = p / p.sum(dim=(-2, -1), keepdim=True)
    context = torch.einsum("...chw,...hw->...c", features, weights)
    return weights, context
'''),
    # GRU cell with F.linear, gate blocks sliced by D, h' = n + z (h - n). Agrees on 30 cases (float32/float64, x and h
    # batched separately and broadcasting, I, D of 1) in values and gradients.
    "blind21_right_gru_step_functional_linear_blocks": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    import torch.nn.functional as F
    d = weight_hh.shape[-1]
    blocks = lambda t: (t[..., :d], t[..., d:2 * d], t[..., 2 * d:])
    i_r, i_z, i_n = blocks(F.linear(x, weight_ih, bias_ih))
    h_r, h_z, h_n = blocks(F.linear(h, weight_hh, bias_hh))
    r = torch.sigmoid(i_r + h_r)
    z = torch.sigmoid(i_z + h_z)
    n = torch.tanh(i_n + r * h_n)
    return n + z * (h - n)
'''),
    # RoPE as one 2×2 rotation per (frequency, position), built in float64 (inverse frequencies 1 / base^(i / (D/2))),
    # rows viewed as [top; bottom] pairs and rotated by einsum. Agrees on 1,153 cases (float32/float64, 0..2 batch
    # axes, D 2..8, N of 1, positions -50..3000, int32 positions, bases 10, 1e4, 5e5, non-contiguous Q) in values and
    # gradients, and the ValueError for odd D.
    "blind21_right_rotary_block_rotation_einsum_float64": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        half = dim // 2
        p = torch.arange(num) if positions is None else positions
        inv_freq = 1.0 / base ** (torch.arange(half, dtype=torch.float64) / half)
        ang = p.to(torch.float64)[:, None] * inv_freq[None, :]            # (N, D/2)
        c, s_ = ang.cos(), ang.sin()
        rot = torch.stack([torch.stack([c, -s_], -1), torch.stack([s_, c], -1)], -2)   # (N, D/2, 2, 2)
        pairs = X.unflatten(-2, (2, half))                                  # (..., 2, D/2, N): [top; bottom]
        out = torch.einsum("nhab,...bhn->...ahn", rot.to(X.dtype), pairs)
        return out.flatten(-3, -2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The whole layer in PyTorch's row layout: transpose, F.linear, heads as (…, H, N, D/H), mask transposed,
    # torch.softmax(dim=-1) with a dead-row guard, F.layer_norm with eps 1e-5, transposed back. Agrees on 961 cases
    # (both norm_first, masks 2-D / batched / padding / all-False, H from 1 to D) in values and gradients, and the
    # ValueError for D % H.
    "blind21_right_transformer_layer_rows_functional": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    import torch.nn.functional as F
    x = X.transpose(-1, -2)                                  # tokens as rows
    d = x.shape[-1]
    dh = d // num_heads
    if d % num_heads:
        raise ValueError("D must be divisible by num_heads")
    m = None if mask is None else mask.transpose(-1, -2).unsqueeze(-3)    # (..., 1, N_q, N_k)

    def attn(y):
        def heads(t):
            return t.reshape(*t.shape[:-1], num_heads, dh).transpose(-2, -3)   # (..., H, N, dh)
        q = heads(F.linear(y, params["Wq"], params["bq"]))
        k = heads(F.linear(y, params["Wk"], params["bk"]))
        v = heads(F.linear(y, params["Wv"], params["bv"]))
        sc = q @ k.transpose(-1, -2) / math.sqrt(dh)
        if m is not None:
            sc = sc.masked_fill(~m, float("-inf"))
            live = m.any(dim=-1, keepdim=True)
            sc = torch.where(live, sc, torch.zeros((), dtype=sc.dtype))
            w = F.softmax(sc, dim=-1) * m
        else:
            w = F.softmax(sc, dim=-1)
        o = (w @ v).transpose(-2, -3)
        o = o.reshape(*o.shape[:-2], d)
        return F.linear(o, params["Wo"], params["bo"])

    def ffn(y):
        return F.linear(F.relu(F.linear(y, params["W1"], params["b1"])), params["W2"], params["b2"])

    ln1 = lambda y: F.layer_norm(y, (d,), params["gamma1"], params["beta1"], 1e-5)
    ln2 = lambda y: F.layer_norm(y, (d,), params["gamma2"], params["beta2"], 1e-5)
    if norm_first:
        x = x + attn(ln1(x))
        x = x + ffn(ln2(x))
    else:
        x = ln1(x + attn(x))
        x = ln2(x + ffn(x))
    return x.transpose(-1, -2)
'''),
    # The strided mask as the union of the diagonals k ≡ 0 (mod stride), each band triu(k) & tril(k). Agrees exactly
    # for n 0..39 with strides 1, 2, 3, 5, 7, 39, 40, 41, 100, and the ValueError for stride 0 and -1.
    "blind21_right_strided_mask_diagonal_bands_union": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    # (the stub's input checks)
    full = torch.ones(n, n, dtype=torch.bool)
    mask = torch.zeros(n, n, dtype=torch.bool)
    lowest = -((n - 1) // stride) * stride if n else 0
    for k in range(lowest, n, stride):             # diagonal k holds the pairs with i - j = k
        mask |= full.triu(k) & full.tril(k)
    return mask
'''),
    # Decoder step with torch.broadcast_shapes for the stacked inputs and the GRU written out with matmul on .mT.
    # Agrees on 85 cases (float32/float64, state, embedding, encoder states and mask batched separately and
    # broadcasting, all-False masks, sizes of 1) in values and gradients, and the missing-parameter ValueError.
    "blind21_right_decoder_step_broadcast_shapes_cat": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    lead = torch.broadcast_shapes(y_prev.shape[:-1], context.shape[:-1])
    x = torch.cat((y_prev.expand(*lead, -1), context.expand(*lead, -1)), dim=-1)
    d = s_prev.shape[-1]
    gi = torch.matmul(x, params["weight_ih"].mT) + params["bias_ih"]
    gh = torch.matmul(s_prev, params["weight_hh"].mT) + params["bias_hh"]
    r = torch.sigmoid(gi[..., :d] + gh[..., :d])
    z = torch.sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
    cand = torch.tanh(gi[..., 2 * d:] + r * gh[..., 2 * d:])
    s = (1 - z) * cand + z * s_prev
    lead2 = torch.broadcast_shapes(s.shape[:-1], context.shape[:-1])
    read = torch.cat((s.expand(*lead2, -1), context.expand(*lead2, -1)), dim=-1)
    logits = torch.matmul(read, params["W_out"].mT) + params["b_out"]
    return s, logits, weights
'''),
    # The costs by counting: causal as C(n+1, 2), local as n² minus the two triangles C(n-w, 2) beyond the window,
    # strided as the squares of the residue-class sizes from divmod(n, stride), global as n² - (n-g)². Agrees exactly
    # (same int type) with the model answer for n 0..60, windows 0..70, strides 1..70, num_global 0..n, dense and
    # causal, and raises the same ValueErrors for an unknown pattern and each missing size.
    "blind21_right_sparse_cost_complements_and_residue_sizes": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return math.comb(n + 1, 2)
    if pattern == "local":
        if n == 0:
            return 0
        w = min(window, n - 1)
        return n * n - 2 * math.comb(n - w, 2)          # minus the pairs with |i - j| > w, on both sides
    if pattern == "strided":
        q, r = divmod(n, stride)                         # r residue classes of q + 1 tokens, stride - r of q
        return r * (q + 1) ** 2 + (stride - r) * q ** 2
    return n * n - (n - num_global) ** 2
'''),
}
