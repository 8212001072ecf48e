r"""Seventeenth blind batch of held-out implementations (written without reading grader/ or tests/ beyond the batch files
the brief allows).

How it was written: from docs/contract.md (read clause by clause for the functions below), course/registry.py's
function lists, the stubs, the learner-visible tests (run only as `pytest exercises/tests/test_<module>.py --target
<package>`) and the model answers (solutions/), after reading the entry names, sources, docstrings and "counted right"
comments of the earlier blind batches (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_15.py),
so as to repeat none of their names or ideas and to respect their recorded decisions (tokens given to bpe_decode come
from bpe_encode; a mask never has batch axes of its own; only the ValueErrors the contract names count; an empty batch
is not graded). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch
written alongside this one (held_out_blind_17.py). (A directory listing of tests/grader/ was printed once, by mistake,
together with the listing of /work/main; no file in it other than the earlier batches was read.)

Emphasis: the functions the earlier batches tested least: attention.linear, multihead.split_heads / merge_heads,
positions.rotate_columns, rnn_attention.gru_step (helpers, graded through self_attention, multi_head_attention,
channel_attention, rotary_embedding and attention_decoder_step), bpe.merge_pair (through train_bpe and bpe_encode),
bpe.bpe_decode, the four masking functions, strided_mask, global_token_mask and self_attention. Clauses aimed at:
output dtypes (default-dtype buffers and angles), batch axes (none, one, two; a batch of one; states that broadcast),
empty and size-1 inputs (n = 0, N = 1, window 0, length 0, length n), the named ValueErrors (an assert, a check that
lets 0 through), no mutation (an in-place unsqueeze_ of a bias), gradients (weights assigned through .data),
non-contiguous inputs (.view to fold batch axes), exact boundaries (strides from 3 on, odd starting offsets, adjacent
occurrences, the 5th character after a marker), defaults (mask=None, base) and layout conventions (interleaved heads,
the head axis first, the mask transposed, left padding, clockwise rotation, the bias outside the reset gate).
Right entries: other torch ops (addmm-free homogeneous coordinates, tensordot, selection einsum, index grids, gcd,
conv1d of the identity, Tensor.where, where with a scalar, matmul outer sums, a bilinear score matrix), loops (row
pairs, heads into new_zeros, a flattened batch) and index arithmetic, all without numpy.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind16/pk/<name>/p16_<name>/, a
copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests; every right entry passes them, and each wrong entry's comment says whether it does (12 of the 47 do). Each
wrong entry's recorded input was run on the model answer and on the entry and the difference printed (demo.py): a
value, a shape, a dtype, an exception or a missing ValueError, a mutated argument, a gradient that never arrives.
Each right entry was compared with the model answer by battery.py, each case run twice: float64 (1e-10 of the
result's scale) and float32 (2e-5); no, one and two batch axes; N = 1 and N_q != N_k; D_k != D_v and head widths 1,
2, 3; masks none, random, padding-style (N_k, 1), causal, with a fully masked query, all False; transposed
(non-contiguous) inputs and weights; gradients under a random upstream gradient with respect to every float64 input
and parameter (params dicts included), with the same pattern of unreachable leaves; the contract's ValueErrors (D
not divisible by H, an odd rotary D, '</w>' in the corpus or text, stride < 1); arguments unchanged (shapes too) and
output dtypes. Helpers were checked through every graded function that calls them (linear through self_attention
and multi_head_attention; split/merge_heads through multi_head_attention and channel_attention; rotate_columns
through rotary_embedding with default, given, negative and int32 positions and three bases; gru_step through
attention_decoder_step with broadcasting state and encoder batches and masks; merge_pair through 400 random
train_bpe / bpe_encode cases, including merge lists that build earlier pairs and corpora holding '|' and 'é';
bpe_decode on every bpe_encode output of those cases); the masks exhaustively for n = 0 .. 11, every window 0 .. 13
and stride -2 .. 13, lengths 0 .. n with B = 0, 1, 3 and non-contiguous lengths, is_global with no, one, two and an
empty batch axis, all/none/some global, non-contiguous; apply_mask with ±inf and ±1e300 scores. The battery was checked
to catch a sample of the wrong entries (float32 angles, the in-place bias, the .data GRU weights, the .view over a
transposed is_global).

Judgement calls: blind16_causal_mask_nested_list_empty is wrong only at n = 0 (a float32 (0,) tensor for a bool (0, 0)
mask); the contract gives causal_mask(n) -> (n, n) with no lower bound, and raising a ValueError there would not be
penalised, but returning a wrongly typed tensor is. blind16_linear_bias_unsqueezed_in_place gives the model's values
on every call; it is wrong because it changes the shape of the caller's bias (the grader checks arguments are
unchanged). blind16_gru_step_cat_input_and_state_unbroadcast and blind16_self_attention_squeezes_unit_batch are wrong
only on batch shapes (states that broadcast, a batch axis of size 1), which the contract allows. No entry written as
wrong is counted right.

Added by the grader's maintainer after the batch came: one entry written as right is counted wrong and moved to
WRONG_BLIND_16 (blind16_bpe_decode_split_whitespace_join: decoding a model's samples; see its comment).

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

Also counted wrong after it came (2026-11-27, when the contract's dtype rule was made to say "whatever torch's default
dtype"): blind16_right_global_token_mask_outer_sum_matmul, moved to WRONG_BLIND_16 (see its comment).
"""


WRONG_BLIND_16 = {
    # ------------------------------------------------------------------ attention.linear
    # torch.addmm(b[:, None], W, X) takes 2-D matrices only, so a batch of sequences fails (clause: leading batch axes).
    # Recorded: multi_head_attention(X, X, params, 2) with X = randn(2, 4, 3) float64: model a (2, 4, 3) output, entry
    # RuntimeError 'mat2 must be a matrix, got 3-D tensor'. Passes the visible tests.
    "blind16_linear_addmm_two_dimensional": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    return torch.addmm(b[:, None], W, X)          # b + W @ X in one fused call
'''),
    # b.unsqueeze_(-1) turns the caller's bias into a column in place (clause: arguments unchanged; unsqueeze_ changes
    # the tensor's shape). Values agree. Recorded: multi_head_attention(X, X, params, 2), X = randn(4, 3) float64:
    # afterwards params['bq'] (and bk, bv, bo) has shape (4, 1) instead of (4,). Passes the visible tests.
    "blind16_linear_bias_unsqueezed_in_place": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    if b.dim() == 1:
        b.unsqueeze_(-1)                           # a column, to broadcast over the tokens
    return W @ X + b
'''),
    # Folds the batch axes with X.view(-1, D, N) for bmm: a non-contiguous X whose batch axes cannot be merged fails
    # (clause: non-contiguous inputs, use reshape). Recorded: multi_head_attention(X, X, params, 2) with X = randn(3, 2,
    # 4, 5).transpose(0, 1) float64: model a (2, 3, 4, 5) output, entry RuntimeError 'view size is not compatible with
    # input tensor's size and stride'. Passes the visible tests.
    "blind16_linear_bmm_over_viewed_batch": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    d_in, n = X.shape[-2], X.shape[-1]
    flat = X.view(-1, d_in, n)                      # fold the batch axes for bmm
    out = torch.bmm(W.expand(flat.shape[0], *W.shape), flat) + b[:, None]
    return out.view(*X.shape[:-2], W.shape[0], n)
'''),
    # Fills a torch.zeros buffer column by column; the buffer has the default dtype, so float64 inputs come out float32
    # (clause: keep the dtype, compute float64 in float64). Recorded: self_attention(X (4, 3), Wq (2, 4), ..., Wv (3,
    # 4), ...) float64: model float64 outputs, entry float32 (first output entry 0.24467142943816683 vs
    # 0.24467143416404724). Fails the visible tests (1 failed, 6 passed).
    "blind16_linear_column_loop_default_dtype_buffer": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    out = torch.zeros(*X.shape[:-2], W.shape[0], X.shape[-1])
    for n in range(X.shape[-1]):
        out[..., :, n] = (W @ X[..., :, n].unsqueeze(-1)).squeeze(-1) + b
    return out
'''),
    # ------------------------------------------------------------------ multihead.split_heads
    # reshape(..., D/H, H, N).transpose(-3, -2): head h gets rows h, h + H, h + 2H, ... instead of the block h*D/H ..
    # (h+1)*D/H - 1 (clause: PyTorch's head layout). Recorded: multi_head_attention(X, X, params, 2), X = randn(4, 3)
    # float64 (seed 1): outputs differ by up to 4.5 (relative 1.25). Fails the visible tests (1 failed, 4 passed).
    "blind16_split_heads_interleaved_rows": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    *batch, dim, n = Y.shape
    return Y.reshape(*batch, dim // num_heads, num_heads, n).transpose(-3, -2)
'''),
    # torch.stack(chunks, dim=0) puts the head axis before the batch axes: (H, ..., D/H, N). Unbatched input is right;
    # with a batch, merge_heads then folds batch rows into heads. Recorded: multi_head_attention(X, X, params, 2), X =
    # randn(2, 4, 3) float64: outputs differ by up to 4.8 (relative 1.14); same shape. Fails the visible tests (1
    # failed, 4 passed).
    "blind16_split_heads_head_axis_first": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    return torch.stack(Y.chunk(num_heads, dim=-2), dim=0)      # one slab per head
'''),
    # Y.unfold(-2, d, d) gives (..., H, N, d): the window lands on the last axis, so tokens and features swap. Recorded:
    # multi_head_attention(X, X, params, 2), X = randn(4, 3) float64: model a (4, 3) output, entry ValueError from
    # linear (the merged heads have 6 rows). Fails the visible tests (5 failed).
    "blind16_split_heads_unfold_window_last": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    head_dim = Y.shape[-2] // num_heads
    return Y.unfold(-2, head_dim, head_dim)                    # windows of head_dim rows
'''),
    # Unpacks `*batch, n, dim = Y.shape` (rows read as tokens), so the head width is computed from N; right only when N
    # == D. Recorded: multi_head_attention(X, X, params, 2), X = randn(4, 6) float64: model a (4, 6) output, entry
    # ValueError from linear. Fails the visible tests (4 failed, 1 passed).
    "blind16_split_heads_shape_unpacked_rows_first": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    *batch, n, dim = Y.shape
    return Y.reshape(*batch, num_heads, dim // num_heads, n)
'''),
    # ------------------------------------------------------------------ multihead.merge_heads
    # torch.cat(list(heads), dim=-2) iterates over axis 0, which is the head axis only for an unbatched input; with a
    # batch it stacks batch entries instead of heads. Recorded: multi_head_attention(X, X, params, 2), X = randn(2, 4,
    # 3) float64: same shape, outputs differ by up to 4.8. Fails the visible tests (1 failed, 4 passed).
    "blind16_merge_heads_iterates_first_axis": ("multihead", "merge_heads", '''
def merge_heads(heads):
    return torch.cat(list(heads), dim=-2)                      # head 0 on top
'''),
    # Copies the heads into torch.empty(...), which has the default dtype: float64 heads go through a float32 buffer
    # (clause: keep the dtype). Recorded: multi_head_attention(X, X, params, 2), X = randn(4, 3) float64: model a
    # float64 (4, 3) output, entry RuntimeError 'expected m1 and m2 to have the same dtype' in the output projection.
    # Fails the visible tests (5 failed).
    "blind16_merge_heads_empty_buffer_default_dtype": ("multihead", "merge_heads", '''
def merge_heads(heads):
    *batch, num_heads, head_dim, n = heads.shape
    out = torch.empty(*batch, num_heads * head_dim, n)
    for h in range(num_heads):
        out[..., h * head_dim:(h + 1) * head_dim, :] = heads[..., h, :, :]
    return out
'''),
    # heads.squeeze() first, to drop stray unit axes, also drops N = 1, D/H = 1 or a batch of one (clause: size-1
    # inputs). Recorded: multi_head_attention(X, X, params, 2), X = randn(4, 1) float64 (one token): model a (4, 1)
    # output, entry ValueError 'not enough values to unpack'. Fails the visible tests (3 failed, 2 passed).
    "blind16_merge_heads_squeezed_first": ("multihead", "merge_heads", '''
def merge_heads(heads):
    heads = heads.squeeze()                                    # drop stray unit axes
    *batch, num_heads, head_dim, n = heads.shape
    return heads.reshape(*batch, num_heads * head_dim, n)
'''),
    # Written for no batch axis or one: with two batch axes reshape(B, -1, N) folds the second batch axis into the rows.
    # Recorded: multi_head_attention(X, X, params, 2), X = randn(2, 3, 4, 5) float64: model a (2, 3, 4, 5) output, entry
    # ValueError from linear (24 rows). Passes the visible tests.
    "blind16_merge_heads_one_batch_axis_at_most": ("multihead", "merge_heads", '''
def merge_heads(heads):
    if heads.dim() == 4:
        return heads.reshape(heads.shape[0], -1, heads.shape[-1])
    return heads.reshape(-1, heads.shape[-1])
'''),
    # ------------------------------------------------------------------ positions.rotate_columns
    # theta and the angles are computed in the default dtype (float32) and only cos/sin cast to X's dtype: a float64
    # call loses float64 accuracy at large positions (clause: float64 computed in float64). Recorded:
    # rotary_embedding(Q, K, pos, pos), Q, K = randn(8, 3) float64, pos = [0, 1000, 4000]: relative error 2.4e-8 (Q')
    # and 3.7e-8 (K'). Fails the visible tests (3 failed, 5 passed).
    "blind16_rotate_columns_angles_in_default_float32": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2) / dim)            # (D/2,)
    angles = theta[:, None] * positions[None, :]               # (D/2, N)
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # theta_i = base^(-i/D) instead of base^(-2i/D). D = 2 agrees (i = 0 only). Recorded: rotary_embedding(Q, Q), Q =
    # randn(4, 3) float64: rows 1 and 3 differ by up to 0.082. Fails the visible tests (1 failed, 7 passed).
    "blind16_rotate_columns_exponent_i_over_d": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(dim // 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Default positions 1 .. N instead of 0 .. N - 1; scores K'ᵀQ' are unchanged (they depend on offsets only), but Q'
    # and K' are not. Recorded: rotary_embedding(Q, Q), Q = randn(2, 3) float64: column 0 rotated (entry -0.165 vs the
    # unrotated 0.661). Fails the visible tests (2 failed, 6 passed).
    "blind16_rotate_columns_positions_from_one": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(1, num + 1)                   # the first token is position 1
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Ignores the base argument and always uses 10000 (clause: base, a keyword with a default). Agrees at the default.
    # Recorded: rotary_embedding(Q, Q, base=100.0), Q = randn(4, 3) float64: differs by up to 0.082. Fails the visible
    # tests (1 failed, 7 passed).
    "blind16_rotate_columns_base_hard_coded": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Rotates by minus the angle (x'_i = x_i cos + x_{i+D/2} sin, ...). Scores still depend only on offsets, but with
    # the opposite sign convention. Recorded: rotary_embedding(Q, Q), Q = randn(2, 3) float64: columns 1 and 2 differ by
    # up to 0.76. Fails the visible tests (2 failed, 6 passed).
    "blind16_rotate_columns_clockwise": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos + bottom * sin, bottom * cos - top * sin], dim=-2)
'''),
    # ------------------------------------------------------------------ rnn_attention.gru_step
    # n = tanh(W_in x + b_in + r ⊙ (W_hn h) + b_hn): b_hn outside the reset gate (the cuDNN/Keras reset_after=False
    # form), not nn.GRUCell's r ⊙ (W_hn h + b_hn). Recorded: attention_decoder_step(s (3,), y (2,), H (4, 5), params)
    # float64, seed 1: s differs by up to 0.15, logits by up to 0.34. Fails the visible tests (2 failed, 8 passed).
    "blind16_gru_step_candidate_bias_outside_reset": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    D = h.shape[-1]
    gx = x @ weight_ih.T + bias_ih
    gh = h @ weight_hh[: 2 * D].T + bias_hh[: 2 * D]
    r = torch.sigmoid(gx[..., :D] + gh[..., :D])
    z = torch.sigmoid(gx[..., D:2 * D] + gh[..., D:])
    n = torch.tanh(gx[..., 2 * D:] + r * (h @ weight_hh[2 * D:].T) + bias_hh[2 * D:])
    return (1 - z) * n + z * h
'''),
    # The update gate uses only the input part, sigmoid(W_iz x + b_iz), dropping W_hz h + b_hz. Recorded:
    # attention_decoder_step(s (3,), y (2,), H (4, 5), params) float64, seed 1: s differs by up to 0.42, logits by up to
    # 0.83. Fails the visible tests (1 failed, 9 passed).
    "blind16_gru_step_update_gate_ignores_state": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = torch.sigmoid(reset_x + reset_h)
    update = torch.sigmoid(update_x)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h
'''),
    # Builds an nn.GRUCell and assigns the given weights through .data: autograd never reaches weight_ih, weight_hh,
    # bias_ih, bias_hh, and nn.GRUCell takes at most one batch axis. Recorded: attention_decoder_step(s (3,), y (2,), H
    # (4, 5), params requiring grad) float64, logits.sum().backward(): model weight_ih.grad a (9, 6) tensor, entry None;
    # and with s (2, 2, 3), y (2, 2, 2), H (2, 2, 4, 5): entry ValueError 'GRUCell: Expected input to be 1D or 2D'.
    # Passes the visible tests.
    "blind16_gru_step_grucell_weights_via_data": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    cell = torch.nn.GRUCell(weight_ih.shape[1], weight_hh.shape[1])
    cell.weight_ih.data = weight_ih
    cell.weight_hh.data = weight_hh
    cell.bias_ih.data = bias_ih
    cell.bias_hh.data = bias_hh
    return cell(x, h)
'''),
    # One matmul on torch.cat([x, h]) for the reset and update gates: cat needs x and h with the same batch axes, but
    # they broadcast here (an unbatched state against a batch of encoders). Recorded: attention_decoder_step(s (3,), y
    # (2, 2), H (2, 4, 5), params) float64: model (s (2, 3), logits (2, 6), weights (2, 5)), entry RuntimeError 'Tensors
    # must have same number of dimensions'. Passes the visible tests.
    "blind16_gru_step_cat_input_and_state_unbroadcast": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    D = h.shape[-1]
    joint = torch.cat([x, h], dim=-1)                                  # [x; h]
    joint_W = torch.cat([weight_ih[: 2 * D], weight_hh[: 2 * D]], dim=1)
    r, z = torch.sigmoid(joint @ joint_W.T + bias_ih[: 2 * D] + bias_hh[: 2 * D]).chunk(2, dim=-1)
    n = torch.tanh(x @ weight_ih[2 * D:].T + bias_ih[2 * D:] + r * (h @ weight_hh[2 * D:].T + bias_hh[2 * D:]))
    return (1 - z) * n + z * h
'''),
    # ------------------------------------------------------------------ bpe.merge_pair
    # str.replace on '|a|b|' inside '|'-joined symbols: the delimiter between two adjacent occurrences is consumed by
    # the first, so the second is missed (and a corpus holding '|' breaks it). Recorded: bpe_encode('abab', [('a',
    # 'b')]): model ['ab', 'ab', '</w>'], entry ['ab', 'a', 'b', '</w>']. Fails the visible tests (1 failed, 9 passed).
    "blind16_merge_pair_padded_bar_replace": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    padded = "|" + "|".join(symbols) + "|"
    merged = padded.replace("|" + pair[0] + "|" + pair[1] + "|", "|" + pair[0] + pair[1] + "|")
    return merged[1:-1].split("|") if symbols else []
'''),
    # Looks at the pairs (0, 1), (2, 3), ... only, stepping by two: an occurrence starting at an odd index is never
    # merged. Recorded: bpe_encode('xab', [('a', 'b')]): model ['x', 'ab', '</w>'], entry ['x', 'a', 'b', '</w>']. Fails
    # the visible tests (2 failed, 8 passed).
    "blind16_merge_pair_even_aligned_steps": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    merged = []
    for i in range(0, len(symbols), 2):
        chunk = symbols[i:i + 2]
        if tuple(chunk) == tuple(pair):
            merged.append(chunk[0] + chunk[1])
        else:
            merged.extend(chunk)
    return merged
'''),
    # Compares the list slice symbols[i:i+2] with the tuple pair: a list never equals a tuple, so nothing is ever
    # merged. Recorded: bpe_encode('ab', [('a', 'b')]): model ['ab', '</w>'], entry ['a', 'b', '</w>']. Fails the
    # visible tests (7 failed, 3 passed).
    "blind16_merge_pair_slice_compared_to_tuple": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    merged = []
    i = 0
    while i < len(symbols):
        if symbols[i:i + 2] == pair:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged
'''),
    # ------------------------------------------------------------------ bpe.bpe_decode
    # str.replace(END_OF_WORD, ' ', 1): only the first marker becomes a space. Recorded: bpe_decode(bpe_encode('ab cd',
    # [])): model 'ab cd', entry 'ab cd</w>'. Fails the visible tests (1 failed, 9 passed).
    "blind16_bpe_decode_replace_count_one": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    return "".join(tokens).replace(END_OF_WORD, " ", 1).rstrip(" ")
'''),
    # Keeps only the tokens that end a word (as if every word were one token), dropping word pieces. Recorded:
    # bpe_decode(bpe_encode('low', [])) (tokens ['l', 'o', 'w', '</w>']): model 'low', entry ''. Fails the visible tests
    # (1 failed, 9 passed).
    "blind16_bpe_decode_keeps_only_word_final_tokens": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    words = [token[: -len(END_OF_WORD)] for token in tokens if token.endswith(END_OF_WORD)]
    return " ".join(words)
'''),
    # Replaces each marker by hand with text[i + 5:], one past the 4-character '</w>', eating the next word's first
    # character. Recorded: bpe_decode(bpe_encode('ab cd', [])): model 'ab cd', entry 'ab d'. Fails the visible tests (1
    # failed, 9 passed).
    "blind16_bpe_decode_index_skip_five": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    text = "".join(tokens)
    while END_OF_WORD in text:
        i = text.index(END_OF_WORD)
        text = text[:i] + " " + text[i + 5:]
    return text.rstrip(" ")
'''),
    # ------------------------------------------------------------------ masking.causal_mask
    # torch.tensor of a nested list of Python bools: right for n >= 1, but n = 0 gives torch.tensor([]), a float32 (0,)
    # tensor, not a bool (0, 0) mask (clause: BoolTensor (n, n)). Recorded: causal_mask(0): model bool (0, 0), entry
    # float32 (0,). Passes the visible tests.
    "blind16_causal_mask_nested_list_empty": ("masking", "causal_mask", '''
def causal_mask(n):
    return torch.tensor([[j <= i for i in range(n)] for j in range(n)])
'''),
    # Returns (1, n, n) 'ready to broadcast' (a mask has no batch axes of its own; the contract's shape is (n, n)).
    # Recorded: causal_mask(3): model shape (3, 3), entry (1, 3, 3), same values. Fails the visible tests (1 failed, 5
    # passed).
    "blind16_causal_mask_leading_unit_axis": ("masking", "causal_mask", '''
def causal_mask(n):
    positions = torch.arange(n)
    return (positions[:, None] <= positions[None, :]).unsqueeze(0)   # (1, n, n): ready to broadcast
'''),
    # ------------------------------------------------------------------ masking.padding_mask
    # lengths.clamp(min=1): a sequence of length 0 gets key 0 visible (the contract: no key visible, and such a query's
    # attention output is zero). Recorded: padding_mask(tensor([0, 2]), 3): model row 0 all False, entry [True, False,
    # False]. Passes the visible tests.
    "blind16_padding_mask_clamps_empty_to_one": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    lengths = lengths.clamp(min=1)               # keep at least one key, or softmax has nothing to normalise
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys < lengths[:, None])[:, :, None]
'''),
    # Left padding (keys n - L .. n - 1 visible), the decoder-generation habit, instead of key j visible iff j < L.
    # Recorded: padding_mask(tensor([1, 2]), 3): model [[T, F, F], [T, T, F]], entry [[F, F, T], [F, T, T]]. Fails the
    # visible tests (1 failed, 5 passed).
    "blind16_padding_mask_left_padded": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    keys = torch.arange(n, device=lengths.device)[None, :]
    return (keys >= n - lengths[:, None])[:, :, None]        # padding on the left, as for generation
'''),
    # one_hot(lengths, n).cumsum() == 0: right while every length is below n, but a full-length sequence (L = n,
    # allowed) is an out-of-range class. Recorded: padding_mask(tensor([1, 3]), 3): model [[T, F, F], [T, T, T]], entry
    # RuntimeError 'Class values must be smaller than num_classes'. Fails the visible tests (1 failed, 5 passed).
    "blind16_padding_mask_one_hot_length_n_out_of_range": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    ends = torch.nn.functional.one_hot(lengths, n)            # 1 at the first padded key
    return (ends.cumsum(dim=-1) == 0)[:, :, None]
'''),
    # ------------------------------------------------------------------ masking.local_mask
    # |i - j| / window <= 1: right for window >= 1, but window = 0 gives 0/0 = NaN on the diagonal, so nothing is
    # visible (contract: the diagonal). Recorded: local_mask(3, 0): model the identity, entry all False. Fails the
    # visible tests (1 failed, 5 passed).
    "blind16_local_mask_ratio_to_window": ("masking", "local_mask", '''
def local_mask(n, window):
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return offsets.abs() / window <= 1                       # within one window of the query
'''),
    # ones.tril(window).triu(window): the minus sign on the lower diagonal is dropped, leaving only the diagonal at
    # offset +window. Recorded: local_mask(3, 1): model the tridiagonal band, entry True only at [0, 1] and [1, 2].
    # Fails the visible tests (1 failed, 5 passed).
    "blind16_local_mask_triu_sign_dropped": ("masking", "local_mask", '''
def local_mask(n, window):
    return torch.ones(n, n, dtype=torch.bool).tril(window).triu(window)
'''),
    # ------------------------------------------------------------------ masking.apply_mask
    # Transposes the mask (reading it as (N_q, N_k), Hugging Face's layout) before filling: the course's masks are (N_k,
    # N_q). Recorded: apply_mask(zeros(2, 2), [[T, T], [F, T]]) float64: model -inf at [1, 0], entry -inf at [0, 1].
    # Fails the visible tests (2 failed, 4 passed).
    "blind16_apply_mask_transposes_to_query_rows": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor; got {mask.dtype}")
    return scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
'''),
    # Fills hidden scores with +inf instead of -inf. Recorded: apply_mask(zeros(2, 2), [[T, T], [F, T]]) float64: model
    # -inf at [1, 0], entry +inf. Fails the visible tests (1 failed, 5 passed).
    "blind16_apply_mask_positive_infinity": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor; got {mask.dtype}")
    return scores.masked_fill(~mask, float("inf"))
'''),
    # Inverts the mask as 1 - mask, which torch refuses for bool tensors. Recorded: apply_mask(zeros(2, 2), [[T, T], [F,
    # T]]): model the masked scores, entry RuntimeError 'Subtraction, the `-` operator, with a bool tensor is not
    # supported'. Fails the visible tests (3 failed, 3 passed).
    "blind16_apply_mask_one_minus_bool": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    hidden = 1 - mask
    return scores.masked_fill(hidden.bool(), float("-inf"))
'''),
    # ------------------------------------------------------------------ sparse_attention.strided_mask
    # Checks the stride with assert, raising AssertionError instead of the contract's ValueError (and nothing under
    # python -O). Recorded: strided_mask(4, 0): model ValueError, entry AssertionError. Fails the visible tests (1
    # failed, 8 passed).
    "blind16_strided_mask_asserts_stride": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    assert stride >= 1, "stride must be positive"
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys) % stride == 0
'''),
    # (i + j) % stride instead of (i - j) % stride: the same for strides 1 and 2, different from 3 on. Recorded:
    # strided_mask(4, 3): model [1, 1] True, entry False (and [1, 2] True). Fails the visible tests (2 failed, 7
    # passed).
    "blind16_strided_mask_sum_of_positions": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries + keys) % stride == 0
'''),
    # Validation `stride < 0` lets stride 0 through to the modulo. Recorded: strided_mask(4, 0): model ValueError, entry
    # RuntimeError 'ZeroDivisionError'. Fails the visible tests (1 failed, 8 passed).
    "blind16_strided_mask_rejects_negative_only": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 0:
        raise ValueError(f"stride must not be negative; got {stride}")
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    return (queries - keys) % stride == 0
'''),
    # ------------------------------------------------------------------ sparse_attention.global_token_mask
    # Folds the batch axes with is_global.view(-1, N): a non-contiguous is_global whose batch axes cannot be merged
    # fails (clause: non-contiguous inputs). Recorded: global_token_mask(g) with g of shape (2, 2, 3) made by
    # transpose(0, 1): model a (2, 2, 3, 3) mask, entry RuntimeError 'view size is not compatible'. Passes the visible
    # tests.
    "blind16_global_token_mask_flattens_batch_with_view": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    flat = is_global.view(-1, n)
    mask = flat[:, :, None] | flat[:, None, :]
    return mask.view(*is_global.shape[:-1], n, n)
'''),
    # Shortcut for 'no token is global' returns zeros(N, N), dropping the batch axes. Recorded:
    # global_token_mask(zeros(2, 3, dtype=bool)): model shape (2, 3, 3), entry (3, 3). Passes the visible tests.
    "blind16_global_token_mask_no_global_shortcut_drops_batch": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    n = is_global.shape[-1]
    if not bool(is_global.any()):
        return torch.zeros(n, n, dtype=torch.bool)         # nothing global: nothing visible
    return is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
'''),
    # XOR instead of OR: a pair of two global tokens (and a global token with itself) is hidden. Recorded:
    # global_token_mask(tensor([T, T, F])): model [0, 0] True, entry False. Fails the visible tests (2 failed, 7
    # passed).
    "blind16_global_token_mask_exclusive_or": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    return is_global.unsqueeze(-1) ^ is_global.unsqueeze(-2)
'''),
    # ------------------------------------------------------------------ attention.self_attention
    # mask has no default (clause: mask=None). Recorded: self_attention(X, Wq, bq, Wk, bk, Wv, bv) float64: model
    # (output, weights), entry TypeError 'missing 1 required positional argument: mask'. Fails the visible tests (2
    # failed, 5 passed).
    "blind16_self_attention_mask_required": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Scales by sqrt(D_v) read from V instead of sqrt(D_k); right whenever D_v == D_k. Recorded: self_attention with X
    # (4, 3), Wq, Wk (2, 4), Wv (3, 4) float64 (seed 1): weights differ by up to 0.068, output by up to 0.18. Passes the
    # visible tests.
    "blind16_self_attention_scale_from_value_width": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(V.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # Squeezes a leading batch axis of size 1 ('a batch of one is one sequence'), so the outputs lose it (clause: batch
    # axes; size-1 inputs). Recorded: self_attention with X of shape (1, 4, 3) float64: model shapes (1, 3, 3) and (1,
    # 3, 3), entry (3, 3) and (3, 3). Passes the visible tests.
    "blind16_self_attention_squeezes_unit_batch": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    if X.dim() > 2 and X.shape[0] == 1:
        X = X.squeeze(0)                               # a batch of one is one sequence
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Returns (weights, output) instead of (output, weights). Recorded: self_attention with X (4, 3), D_v = 3 float64:
    # both come back as (3, 3), swapped; values differ by up to 0.93. Fails the visible tests (2 failed, 5 passed).
    "blind16_self_attention_returns_weights_first": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = linear(X, Wq, bq)
    K = linear(X, Wk, bk)
    V = linear(X, Wv, bv)
    output, weights = scaled_dot_product_attention(Q, K, V, mask)
    return weights, output
'''),
    # Written as right, counted WRONG after it came (by the grader's maintainer, 2026-11-27): ' '.join(text.split())
    # collapses the spaces of "</w>" tokens that follow one another or come first. bpe_encode never gives those, but
    # bpe_decode's tokens are any sequence of vocabulary tokens: a language model's samples (the capstone decodes
    # them) can hold "</w>" twice in a row, and the contract's rule (concatenate, each "</w>" becomes a space, strip
    # only trailing spaces) keeps both spaces. Differs on ["</w>", "a", "</w>", "</w>", "b</w>"]: model " a  b",
    # entry "a b". Passes the visible tests.
    "blind16_bpe_decode_split_whitespace_join": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    return " ".join("".join(tokens).replace(END_OF_WORD, " ").split())
'''),
    # Written as right, counted WRONG after it came (by the grader's maintainer, 2026-11-27): torch.ones(1, n) takes
    # torch's default dtype while g is float32, so after torch.set_default_dtype(torch.float64) the product raises
    # (float != double). The contract says every function works whatever the default dtype (a course may set it to
    # float64), and the grader calls each function once that way.
    # ------------------------------------------------------------------ sparse_attention.global_token_mask
    # g as float32 columns times a ones row plus a ones column times g as a row (two outer products by matmul), > 0.
    # Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (9 passed).
    "blind16_right_global_token_mask_outer_sum_matmul": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    g = is_global.to(torch.float32)
    n = g.shape[-1]
    ones = torch.ones(1, n)
    as_keys = g.unsqueeze(-1) @ ones                   # (..., N, N): row j is g[j]
    as_queries = ones.T @ g.unsqueeze(-2)              # column i is g[i]
    return (as_keys + as_queries) > 0
'''),
}


RIGHT_BLIND_16 = {
    # ------------------------------------------------------------------ attention.linear
    # Homogeneous coordinates: [W | b] @ [X; 1], the row of ones made with X.new_ones (X's dtype and batch axes).
    # Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (7 passed).
    "blind16_right_linear_homogeneous_ones_row": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    ones = X.new_ones(*X.shape[:-2], 1, X.shape[-1])           # a row of ones under every column
    augmented_W = torch.cat([W, b.unsqueeze(-1)], dim=-1)      # (D_out, D_in + 1)
    return augmented_W @ torch.cat([X, ones], dim=-2)
'''),
    # Broadcast product W[:, :, None] * X[..., None, :, :] summed over the input axis, then the bias column. Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (7 passed).
    "blind16_right_linear_broadcast_product_sum": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    products = W.unsqueeze(-1) * X.unsqueeze(-3)               # (..., D_out, D_in, N)
    return products.sum(dim=-2) + b.unsqueeze(-1)
'''),
    # torch.tensordot over W's input axis and X's axis -2, the output axis moved back in front of the tokens (a non-
    # contiguous result). Checked by battery.py against the model answer (see the docstring), twice; passes the visible
    # tests (7 passed).
    "blind16_right_linear_tensordot_movedim": ("attention", "linear", '''
def linear(X, W, b):
    if W.shape[-1] != X.shape[-2]:
        raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
    out = torch.tensordot(W, X, dims=([1], [X.dim() - 2]))    # (D_out, ..., N)
    return out.movedim(0, -2) + b[:, None]
'''),
    # ------------------------------------------------------------------ multihead.split_heads
    # Multiplies by a 0/1 selection tensor (the identity reshaped (H, D/H, D)) with einsum: exact, since each output is
    # one input times 1 plus zeros. Checked by battery.py against the model answer (see the docstring), twice; passes
    # the visible tests (5 passed).
    "blind16_right_split_heads_selection_einsum": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    dim = Y.shape[-2]
    head_dim = dim // num_heads
    selection = torch.eye(dim, dtype=Y.dtype, device=Y.device).reshape(num_heads, head_dim, dim)
    return torch.einsum("hir,...rn->...hin", selection, Y)
'''),
    # Advanced indexing with the (H, D/H) grid of row numbers: Y[..., rows, :]. Checked by battery.py against the model
    # answer (see the docstring), twice; passes the visible tests (5 passed).
    "blind16_right_split_heads_index_grid": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    dim = Y.shape[-2]
    rows = torch.arange(dim, device=Y.device).reshape(num_heads, dim // num_heads)
    return Y[..., rows, :]
'''),
    # Moves the row axis to the front, reshapes it to (H, D/H, ...), then moves both axes back before the tokens.
    # Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (5 passed).
    "blind16_right_split_heads_movedim_front": ("multihead", "split_heads", '''
def split_heads(Y, num_heads):
    dim = Y.shape[-2]
    front = Y.movedim(-2, 0)                                   # (D, ..., N)
    front = front.reshape(num_heads, dim // num_heads, *front.shape[1:])
    return front.movedim((0, 1), (-3, -2))
'''),
    # ------------------------------------------------------------------ multihead.merge_heads
    # Moves the head axis to the front and concatenates the H slabs along the rows. Checked by battery.py against the
    # model answer (see the docstring), twice; passes the visible tests (5 passed).
    "blind16_right_merge_heads_movedim_cat": ("multihead", "merge_heads", '''
def merge_heads(heads):
    return torch.cat(tuple(heads.movedim(-3, 0)), dim=-2)
'''),
    # Slice assignment into heads.new_zeros (the heads' dtype and device), head h into rows h*D/H .. (h+1)*D/H - 1;
    # autograd flows through the copies. Checked by battery.py against the model answer (see the docstring), twice;
    # passes the visible tests (5 passed).
    "blind16_right_merge_heads_new_zeros_slices": ("multihead", "merge_heads", '''
def merge_heads(heads):
    *batch, num_heads, head_dim, n = heads.shape
    out = heads.new_zeros(*batch, num_heads * head_dim, n)
    for h in range(num_heads):
        out[..., h * head_dim:(h + 1) * head_dim, :] = heads[..., h, :, :]
    return out
'''),
    # Permutes to (..., N, H, D/H), flattens the last two axes (index h*D/H + i) and transposes back. Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (5 passed).
    "blind16_right_merge_heads_tokens_first_flatten": ("multihead", "merge_heads", '''
def merge_heads(heads):
    nd = heads.dim()
    order = list(range(nd - 3)) + [nd - 1, nd - 3, nd - 2]    # (..., N, H, D/H)
    return heads.permute(*order).flatten(-2, -1).transpose(-2, -1)
'''),
    # ------------------------------------------------------------------ positions.rotate_columns
    # Hugging Face's Llama form: X * cos(cat[θ, θ]) + rotate_half(X) * sin(cat[θ, θ]), rotate_half = [-x_bottom; x_top],
    # angles in float64 (inv_freq = 1 / base^(2i/D)). Checked by battery.py against the model answer (see the
    # docstring), twice; passes the visible tests (8 passed).
    "blind16_right_rotate_columns_rotate_half": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
    freqs = torch.outer(inv_freq, positions.to(torch.float64))            # (D/2, N)
    emb = torch.cat([freqs, freqs], dim=0)                                 # (D, N)
    cos, sin = emb.cos().to(X.dtype), emb.sin().to(X.dtype)
    half = dim // 2
    rotated = torch.cat([-X[..., half:, :], X[..., :half, :]], dim=-2)     # rotate_half
    return X * cos + rotated * sin
'''),
    # Computes everything in float64 (X upcast) and casts the result back to X's dtype: float32 results within float32
    # rounding of the model answer; gradients reach X through the casts. Checked by battery.py against the model answer
    # (see the docstring), twice; passes the visible tests (8 passed).
    "blind16_right_rotate_columns_float64_compute_cast_back": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    x = X.to(torch.float64)
    theta = torch.tensor(float(base), dtype=torch.float64).pow(-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta.unsqueeze(1) * positions.to(torch.float64).unsqueeze(0)
    c, s = torch.cos(angles), torch.sin(angles)
    top, bottom = x[..., : dim // 2, :], x[..., dim // 2 :, :]
    return torch.cat([c * top - s * bottom, s * top + c * bottom], dim=-2).to(X.dtype)
'''),
    # A Python loop over the D/2 row pairs, each angle p · base^(-2i/D) in float64, rows stacked in order (tops, then
    # bottoms). Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (8
    # passed).
    "blind16_right_rotate_columns_row_pair_loop": ("positions", "rotate_columns", '''
def rotate_columns(X, positions, base):
    dim, num = X.shape[-2], X.shape[-1]
    half = dim // 2
    p = torch.arange(num, dtype=torch.float64) if positions is None else positions.to(torch.float64)
    tops, bottoms = [], []
    for i in range(half):
        angle = p * base ** (-2.0 * i / dim)
        c, s = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
        a, b = X[..., i, :], X[..., i + half, :]
        tops.append(a * c - b * s)
        bottoms.append(b * c + a * s)
    if not tops:
        return X.clone()
    return torch.stack(tops + bottoms, dim=-2)
'''),
    # ------------------------------------------------------------------ rnn_attention.gru_step
    # Reset and update gates from one matmul on [x; h] with [W_ih | W_hh] (rows of r and z), x and h first expanded to
    # their broadcast batch shape; the candidate as nn.GRUCell's. Checked by battery.py against the model answer (see
    # the docstring), twice; passes the visible tests (10 passed).
    "blind16_right_gru_step_joint_rz_matmul_broadcast": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    D = h.shape[-1]
    batch = torch.broadcast_shapes(x.shape[:-1], h.shape[:-1])
    xb, hb = x.expand(*batch, x.shape[-1]), h.expand(*batch, D)
    joint = torch.cat([xb, hb], dim=-1)
    joint_W = torch.cat([weight_ih[: 2 * D], weight_hh[: 2 * D]], dim=1)
    r, z = torch.sigmoid(joint @ joint_W.T + bias_ih[: 2 * D] + bias_hh[: 2 * D]).chunk(2, dim=-1)
    n = torch.tanh(xb @ weight_ih[2 * D:].T + bias_ih[2 * D:] + r * (hb @ weight_hh[2 * D:].T + bias_hh[2 * D:]))
    return (1 - z) * n + z * hb
'''),
    # sigmoid(a) written as (1 + tanh(a/2)) / 2, and h' = n + z ⊙ (h - n), algebraically (1 - z) ⊙ n + z ⊙ h. Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (10 passed).
    "blind16_right_gru_step_tanh_sigmoid_residual_form": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    def sigmoid(a):
        return 0.5 * (1 + torch.tanh(0.5 * a))
    gx = torch.matmul(x, weight_ih.transpose(0, 1)) + bias_ih
    gh = torch.matmul(h, weight_hh.transpose(0, 1)) + bias_hh
    D = h.shape[-1]
    r = sigmoid(gx[..., :D] + gh[..., :D])
    z = sigmoid(gx[..., D:2 * D] + gh[..., D:2 * D])
    n = torch.tanh(gx[..., 2 * D:] + r * gh[..., 2 * D:])
    return n + z * (h - n)
'''),
    # ------------------------------------------------------------------ bpe.merge_pair
    # Repeatedly merges the leftmost occurrence at or after the last merge (a joined symbol is longer than pair[0], so
    # it never starts a new occurrence): the same as one left-to-right pass. Checked by battery.py against the model
    # answer (see the docstring), twice; passes the visible tests (10 passed).
    "blind16_right_merge_pair_repeat_first_occurrence": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    result = list(symbols)
    start = 0
    while True:
        hits = [i for i in range(start, len(result) - 1) if result[i] == pair[0] and result[i + 1] == pair[1]]
        if not hits:
            return result
        i = hits[0]
        result[i:i + 2] = [pair[0] + pair[1]]
        start = i + 1
'''),
    # Looks back at the last output symbol: if it is pair[0] and the current symbol pair[1], join them in place in the
    # output list (a joined symbol is never pair[0] again, so merges do not overlap). The input list is not modified.
    # Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (10 passed).
    "blind16_right_merge_pair_lookback_on_output": ("bpe", "merge_pair", '''
def merge_pair(symbols, pair):
    out = []
    for symbol in symbols:
        # a merged symbol is longer than pair[0], so it never merges again
        if out and out[-1] == pair[0] and symbol == pair[1]:
            out[-1] = out[-1] + symbol
        else:
            out.append(symbol)
    return out
'''),
    # ------------------------------------------------------------------ bpe.bpe_decode
    # Per token: a token ending in '</w>' becomes its prefix plus a space (bpe_encode puts '</w>' only at the end of a
    # token), then the trailing spaces are stripped. Checked by battery.py against the model answer (see the docstring),
    # twice; passes the visible tests (10 passed).
    "blind16_right_bpe_decode_endswith_slice": ("bpe", "bpe_decode", '''
def bpe_decode(tokens):
    parts = []
    for token in tokens:
        if token.endswith(END_OF_WORD):
            parts.append(token[: len(token) - len(END_OF_WORD)] + " ")
        else:
            parts.append(token)
    return "".join(parts).rstrip(" ")
'''),
    # ------------------------------------------------------------------ masking.causal_mask
    # Flat index k = j*n + i over arange(n*n): visible iff k // n <= k % n (max(n, 1) guards n = 0). Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_causal_mask_flat_index_arithmetic": ("masking", "causal_mask", '''
def causal_mask(n):
    flat = torch.arange(n * n)
    return (flat // max(n, 1) <= flat % max(n, 1)).reshape(n, n)
'''),
    # Row j (key j) is arange(n) >= j, rows stacked; n = 0 returns an empty bool (0, 0) mask. Checked by battery.py
    # against the model answer (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_causal_mask_stacked_rows": ("masking", "causal_mask", '''
def causal_mask(n):
    if n == 0:
        return torch.zeros(0, 0, dtype=torch.bool)
    queries = torch.arange(n)
    return torch.stack([queries >= j for j in range(n)])
'''),
    # ------------------------------------------------------------------ masking.padding_mask
    # lengths[:, None] - arange(n) clamped to [0, 1], as bool: positive iff j < L. Checked by battery.py against the
    # model answer (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_padding_mask_clamped_difference": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    remaining = lengths.unsqueeze(-1) - torch.arange(n, device=lengths.device)   # keys left to the end
    return remaining.clamp(0, 1).bool().unsqueeze(-1)
'''),
    # A (n + 1, n) table whose row L is [j < L], indexed by the lengths. Checked by battery.py against the model answer
    # (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_padding_mask_table_rows_by_length": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    table = torch.arange(n, device=lengths.device)[None, :] < torch.arange(n + 1, device=lengths.device)[:, None]
    return table[lengths].unsqueeze(-1)                                # row L: keys 0 .. L-1
'''),
    # ------------------------------------------------------------------ masking.local_mask
    # conv1d of the identity rows with a ones kernel of width 2w + 1 (w capped at n, padding w), in float64, > 0.5; n =
    # 0 handled. Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (6
    # passed).
    "blind16_right_local_mask_conv1d_of_identity": ("masking", "local_mask", '''
def local_mask(n, window):
    if n == 0:
        return torch.zeros(0, 0, dtype=torch.bool)
    w = min(window, n)
    eye = torch.eye(n, dtype=torch.float64).unsqueeze(1)                 # (n, 1, n)
    kernel = torch.ones(1, 1, 2 * w + 1, dtype=torch.float64)
    return torch.nn.functional.conv1d(eye, kernel, padding=w).squeeze(1) > 0.5
'''),
    # The band as the union of 'behind within w' (0 <= i - j <= w) and 'ahead within w' (0 <= j - i <= w). Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_local_mask_both_causal_sides": ("masking", "local_mask", '''
def local_mask(n, window):
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]       # i - j
    behind = (offsets >= 0) & (offsets <= window)
    ahead = (offsets <= 0) & (-offsets <= window)
    return behind | ahead
'''),
    # ------------------------------------------------------------------ masking.apply_mask
    # Tensor.where(mask, -inf) (the method form: self where the condition holds, -inf elsewhere). Checked by battery.py
    # against the model answer (see the docstring), twice; passes the visible tests (6 passed).
    "blind16_right_apply_mask_tensor_where_method": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor; got {mask.dtype}")
    return scores.where(mask, float("-inf"))
'''),
    # Multiplies the scores by the bool mask, then fills the hidden ones with -inf: visible scores are unchanged (x *
    # 1), and so is their gradient. Checked by battery.py against the model answer (see the docstring), twice; passes
    # the visible tests (6 passed).
    "blind16_right_apply_mask_multiply_then_fill": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor; got {mask.dtype}")
    kept = scores * mask                              # visible scores times 1
    return kept.masked_fill(mask.logical_not(), float("-inf"))
'''),
    # ------------------------------------------------------------------ sparse_attention.strided_mask
    # gcd(i - j, stride) == stride iff stride divides i - j (torch.gcd is non-negative and gcd(0, s) = s). Checked by
    # battery.py against the model answer (see the docstring), twice; passes the visible tests (9 passed).
    "blind16_right_strided_mask_gcd": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return torch.gcd(offsets, torch.tensor(stride)) == stride
'''),
    # A stride >= n leaves only offset 0, returned as a bool identity; otherwise torch.remainder. Checked by battery.py
    # against the model answer (see the docstring), twice; passes the visible tests (9 passed).
    "blind16_right_strided_mask_eye_shortcut": ("sparse_attention", "strided_mask", '''
def strided_mask(n, stride):
    if stride < 1:
        raise ValueError(f"stride must be a positive integer; got {stride}")
    if stride >= n:
        return torch.eye(n, dtype=torch.bool)             # no other multiple of stride fits
    offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
    return torch.remainder(offsets, stride) == 0
'''),
    # torch.where(is_global[..., :, None], True, is_global[..., None, :]): True where the key is global, the query's
    # flag elsewhere. Checked by battery.py against the model answer (see the docstring), twice; passes the visible
    # tests (9 passed).
    "blind16_right_global_token_mask_where_scalar_true": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global):
    return torch.where(is_global.unsqueeze(-1), True, is_global.unsqueeze(-2))
'''),
    # ------------------------------------------------------------------ attention.self_attention
    # Scores without forming Q and K: Xᵀ (Wkᵀ Wq) X plus the two bias cross terms and bk·bq, divided by sqrt(D_k); then
    # apply_mask and softmax_cols as usual. Checked by battery.py against the model answer (see the docstring), twice;
    # passes the visible tests (7 passed).
    "blind16_right_self_attention_bilinear_score_matrix": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Xt = X.transpose(-2, -1)                                          # (..., N, D)
    M = Wk.T @ Wq                                                     # (D, D)
    scores = Xt @ M @ X                                               # x_j^T M x_i
    scores = scores + (Xt @ (Wk.T @ bq)).unsqueeze(-1)               # x_j . Wk^T bq, per key row
    scores = scores + ((Wq.T @ bk) @ X).unsqueeze(-2)                # bk . Wq x_i, per query column
    scores = (scores + bk @ bq) / math.sqrt(Wq.shape[0])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    V = Wv @ X + bv[:, None]
    return V @ weights, weights
'''),
    # A loop over the flattened batch (the mask expanded to the batch, then flattened alike), outputs stacked and
    # reshaped; an empty batch falls back to the vectorised path. Checked by battery.py against the model answer (see
    # the docstring), twice; passes the visible tests (7 passed).
    "blind16_right_self_attention_loop_over_flattened_batch": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    *batch, D, N = X.shape
    flat = X.reshape(-1, D, N)
    masks = None if mask is None else mask.expand(*batch, N, N).reshape(-1, N, N)
    outputs, weights = [], []
    for b in range(flat.shape[0]):
        x = flat[b]
        out, w = scaled_dot_product_attention(Wq @ x + bq[:, None], Wk @ x + bk[:, None], Wv @ x + bv[:, None],
                                              None if masks is None else masks[b])
        outputs.append(out)
        weights.append(w)
    if not outputs:
        Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
        return scaled_dot_product_attention(Q, K, V, mask)
    return (torch.stack(outputs).reshape(*batch, Wv.shape[0], N), torch.stack(weights).reshape(*batch, N, N))
'''),
    # einsum for the projections, the scores K^T Q and the output V @ weights; apply_mask and softmax_cols in between.
    # Checked by battery.py against the model answer (see the docstring), twice; passes the visible tests (7 passed).
    "blind16_right_self_attention_einsum_scores": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    Q = torch.einsum("kd,...dn->...kn", Wq, X) + bq[:, None]
    K = torch.einsum("kd,...dn->...kn", Wk, X) + bk[:, None]
    V = torch.einsum("vd,...dn->...vn", Wv, X) + bv[:, None]
    scores = torch.einsum("...kj,...ki->...ji", K, Q) / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return torch.einsum("...vj,...ji->...vi", V, weights), weights
'''),
}
