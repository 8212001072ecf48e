"""Forty-ninth blind batch of held-out implementations (prefix blind48_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md and docs/convention.md, course/registry.py (the lessons,
and which functions are zero-point helpers), the stubs (exercises/*.py: signatures, docstrings and input-check lines,
substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were
only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_47.py) were only skimmed: their entry names and, for the functions of this
batch, their sources, to repeat none of their mistakes (a sinusoidal exponent without its factor 2, queries-only
global tokens, a rotate_half without its minus sign were checked against them and found new). Nothing else under
grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written at the same time
(held_out_blind_49.py).

Emphasis: the least-tested functions. Every entry is for one of linear, split_heads, merge_heads, merge_pair,
rotate_columns, gru_step, bpe_decode, causal_mask, global_token_mask, local_mask, padding_mask, apply_mask,
window_reverse, grid_attention, sinusoidal_positions, strided_mask, self_attention and embed, each with at least two
wrong and one right entry. Wrong: a zero bias skipped (no gradient), a 1x1 conv1d that takes one batch axis, a batch
folded into the tokens by reshape, a head buffer in the default dtype, cat for stack, heads prepended in reverse
order, view on non-contiguous heads, a merge spelled "a b", a generator for a list, rotate_half without its sign,
frequencies over D/2, rotated halves interleaved by stack, a GRU in the column convention through .T, a sigmoid
candidate, the input bias in the hidden product, an unfinished last word dropped, reduce without an initial value,
trailing spaces stripped per token, triu(-1), a numpy mask, an argument unsqueezed in place, queries-only global
tokens, diagflat with a window past n, .T on a 1-D arange, a renamed parameter, a head axis in the padding mask, a
full-length row blanked by a -0 slice, a mask unsqueezed at the wrong end, a column max subtracted in apply_mask, 'and'
for 'or' and assert for ValueError in window_reverse, tanh of the state only, additive scores scaled by sqrt(D_a),
flatten() across the batch, W @ s for a batch of states, exponents without the factor 2 / over num_positions / with
2*pi, one stride either side, a stride capped at n - 1, the output without the weights, a mask applied after the
softmax, torch's fused attention with our mask untransposed, softmax over dim 0, F.one_hot without num_classes and
omega_e.t_(). Right: each function written another way (in-place bias on a fresh product, conv1d / conv2d with the
batch flattened, new_empty buffers, tensor_split, contiguous().view, match-then-splice, complex pairs, sigmoid
through tanh, column form with unsqueeze, UTF-8 bytes, a lazy regex, torch's square-subsequent mask transposed,
cartesian_prod, a column OR its transpose, clamped diagflat, triu minus triu, repeat_interleave runs, masked_scatter,
a gather index and an explicit permutation for window_reverse, a rotation recurrence for the sinusoidal table, cdist
offsets, the scale folded into Wq, tensordot and vmap lookups).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind48/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (19 of the 46 wrong entries pass them). Each wrong entry's recorded input was run
on the model answer and on the entry and both results printed; each differs as its comment says. Right entries were
compared with the model answer under both default dtypes on float32 and float64 inputs (float64 to 1e-10; float32
against a float64 run of the model answer, allowed 2e-5 of the result's scale or four times the model answer's own
float32 error; exactly for masks, ids, strings and lists; dtypes, shapes and result types), batched (no, one and two
batch axes, broadcasting s and features or x and h where the contract allows it) and not, non-contiguous inputs,
keyword calls, sizes of 1 and 0 where allowed (n = 0 masks, no lengths, no ids, N = 0 global flags, empty token lists),
inputs a thousand times the usual scale, dead queries, the contract's ValueErrors (same exception on both sides:
linear's shape check, apply_mask's non-bool mask, strided_mask for strides -2..0, window_reverse's undivided sides
and wrong window counts, embed's ids outside [0, V), grid_attention's features without a grid), arguments left
unchanged, and gradients of every floating-point input with a random cotangent. local_mask was compared for n 0-7 x
windows -1..9, strided_mask for n 0-8 x strides -2..9, sinusoidal_positions for N 0..2000 x D 1..64, merge_pair and
bpe_decode on eleven inputs each (overlaps, leading and repeated markers, a decomposed accent, an unfinished word).

Judgement calls: linear, split_heads, merge_heads, merge_pair, rotate_columns and gru_step are zero-point helpers;
their wrong entries are wrong on direct calls and, except blind48_merge_heads_view_assumes_contiguous, also break the
graded function that uses them (multi_head_attention, train_bpe, rotary_embedding, attention_decoder_step). That entry
fails only on non-contiguous heads, which multi_head_attention never passes, so it is wrong by the contract's rule
on inputs, not on any graded caller. blind48_linear_zero_bias_skipped differs only for a bias that is exactly zero
(values agree; the bias gets no gradient). blind48_apply_mask_also_subtracts_column_max leaves attention unchanged
(the softmax is shift-invariant) and is wrong only on apply_mask's own result. blind48_local_mask_window_renamed is
wrong only on a call by name, blind48_causal_mask_numpy_array and blind48_merge_pair_generator only on the result's
type (their values or items agree). blind48_self_attention_mask_after_softmax_renormalised agrees wherever a query
sees some key. blind48_right_sinusoidal_rotation_recurrence differs from the model answer by up to 1e-4 at N = 2000
under a float32 default, because the model answer's float32 angles are that far from the true table; against a
float64 table the entry is within 3e-8 (float32 default) and 2e-13 (float64 default). For
blind48_right_self_attention_scale_folded_into_query and blind48_right_grid_attention_conv2d_keys one float32 case
at 30x / 1000x scale first came out a few times further from the float64 result than the model answer; over 40
seeds each their float32 errors have the same distribution as the model answer's (median ratio 1.0, same maximum),
so both are kept as right. Fewer entries than asked (about 55 / 35): the time box, and the earlier batches' coverage
of these functions.

Counts: 46 wrong, 27 right.
Wrong per function: {'apply_mask': 2, 'bpe_decode': 3, 'causal_mask': 2, 'embed': 2, 'global_token_mask': 2, 'grid_attention': 4, 'gru_step': 3, 'linear': 3, 'local_mask': 3, 'merge_heads': 2, 'merge_pair': 2, 'padding_mask': 2, 'rotate_columns': 3, 'self_attention': 4, 'sinusoidal_positions': 3, 'split_heads': 2, 'strided_mask': 2, 'window_reverse': 2}.
Right per function: {'apply_mask': 1, 'bpe_decode': 2, 'causal_mask': 2, 'embed': 2, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 2, 'linear': 2, 'local_mask': 2, 'merge_heads': 1, 'merge_pair': 1, 'padding_mask': 2, 'rotate_columns': 1, 'self_attention': 1, 'sinusoidal_positions': 1, 'split_heads': 2, 'strided_mask': 1, 'window_reverse': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_48 = {
    # Skips the bias when it is all zeros (a common initialisation): the value is the same, but autograd never reaches b,
    # so a zero bias gets no gradient and never trains. X = arange(4).reshape(2, 2) float64, W = I, b = zeros(2) (all
    # requiring grad), loss = sum: model b.grad [2, 2], entry b.grad None. Passes the visible tests.
    "blind48_linear_zero_bias_skipped": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            out = W @ X
            if torch.any(b != 0):                  # a zero bias adds nothing: skip the broadcast
                out = out + b[:, None]
            return out
'''),
    # A 1x1 conv1d as the projection: conv1d takes only (C, L) or (B, C, L), so two batch axes fail. X =
    # arange(12).reshape(2, 1, 2, 3), W = I, b = 0: model returns X (2, 1, 2, 3), entry raises RuntimeError (Expected 2D
    # (unbatched) or 3D (batched) input to conv1d). Passes the visible tests.
    "blind48_linear_pointwise_conv1d": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            # a 1x1 convolution over the token axis is the same map applied to every column
            return torch.nn.functional.conv1d(X, W[:, :, None], b)
'''),
    # Folds the batch into the token axis with X.reshape(D_in, -1) instead of moving D_in first: with a batch axis
    # the reshape interleaves features of different sequences. X = arange(4).reshape(2, 2, 1), W = [[0, 1], [1, 0]],
    # b = 0: model [[[1], [0]], [[3], [2]]], entry [[[2], [3]], [[0], [1]]]. Passes the visible tests.
    "blind48_linear_batch_folded_into_tokens": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            d_in, n = X.shape[-2], X.shape[-1]
            flat = X.reshape(d_in, -1)                 # every token of every sequence as one wide matrix
            out = W @ flat + b[:, None]
            return out.reshape(*X.shape[:-2], W.shape[0], n)
'''),
    # Fills a torch.empty buffer made without a dtype, so the heads take the default dtype: float32 Y under
    # torch.set_default_dtype(torch.float64) comes back float64 (and float64 Y under a float32 default loses its
    # precision). Y = arange(4).reshape(4, 1) float32, H = 2, default float64: model float32, entry float64 (values
    # agree). Fails the visible tests.
    "blind48_split_heads_buffer_in_default_dtype": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            *batch, dim, n = Y.shape
            d = dim // num_heads
            out = torch.empty(*batch, num_heads, d, n)
            for h in range(num_heads):
                out[..., h, :, :] = Y[..., h * d:(h + 1) * d, :]
            return out
'''),
    # torch.cat of the row blocks on dim -3 instead of torch.stack: with a batch axis the blocks are concatenated along
    # the batch ((H*B, D/H, N), head-major), unbatched Y raises IndexError. Y = arange(8).reshape(2, 4, 1), H = 2: model
    # (2, 2, 2, 1), entry (4, 2, 1) [[0, 1], [4, 5], [2, 3], [6, 7]]. Fails the visible tests.
    "blind48_split_heads_cat_instead_of_stack": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            d = Y.shape[-2] // num_heads
            return torch.cat(Y.split(d, dim=-2), dim=-3)      # the row blocks side by side on a head axis
'''),
    # Builds the row list with insert(0, ...), so the heads come out in reverse order (last head on top). heads =
    # [[[0]], [[1]]] (H = 2, D/H = 1, N = 1): model [[0], [1]], entry [[1], [0]]. Fails the visible tests.
    "blind48_merge_heads_rows_prepended_in_loop": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            rows = []
            for h in range(heads.shape[-3]):
                rows.insert(0, heads[..., h, :, :])        # put each head on the stack
            return torch.cat(rows, dim=-2)
'''),
    # view instead of reshape: right for the contiguous heads that V @ weights produces (so multi_head_attention is
    # unaffected), but the contract allows any non-contiguous input. heads = arange(12).reshape(2, 3, 2).transpose(-1, -2)
    # (H = 2, D/H = 2, N = 3): model [[0, 2, 4], [1, 3, 5], [6, 8, 10], [7, 9, 11]], entry raises RuntimeError (view size
    # is not compatible with input tensor's size and stride). Passes the visible tests.
    "blind48_merge_heads_view_assumes_contiguous": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            *batch, num_heads, head_dim, n = heads.shape
            return heads.view(*batch, num_heads * head_dim, n)      # no copy: heads come straight from V @ weights
'''),
    # Writes the merged symbol as "a b", the way a merges file spells a merge, instead of the concatenation "ab".
    # merge_pair(["l", "o", "w"], ("l", "o")): model ['lo', 'w'], entry ['l o', 'w']. Fails the visible tests.
    "blind48_merge_pair_joined_with_space": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            merged, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                    merged.append(" ".join(pair))          # the merge as a merges file writes it
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            return merged
'''),
    # A generator function (yield) instead of a function returning a list: the symbols it yields are right, but the
    # result is a generator, which train_bpe cannot slice or zip twice. merge_pair(["a", "a", "a"], ("a", "a")): model
    # ['aa', 'a'], entry <generator object> (list() of it is ['aa', 'a']). Fails the visible tests.
    "blind48_merge_pair_generator": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            i = 0
            while i < len(symbols):
                if tuple(symbols[i:i + 2]) == tuple(pair):
                    yield symbols[i] + symbols[i + 1]
                    i += 2
                else:
                    yield symbols[i]
                    i += 1
'''),
    # Hugging Face's rotate_half written as cat([x2, x1]) without the minus sign: the top half gets + x2 sin instead of
    # - x2 sin, so the map is no rotation. X = [[0, 0], [1, 1]] (D = 2, N = 2), default positions, base 1e4: model
    # [[0, -0.8415], [1, 0.5403]], entry [[0, 0.8415], [1, 0.5403]]. Fails the visible tests.
    "blind48_rotate_columns_rotate_half_without_negation": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            inv_freq = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = inv_freq[:, None] * positions.to(torch.float64)[None, :]
            angles = torch.cat([angles, angles], dim=0)                   # (D, N), as Hugging Face's emb
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            half = dim // 2
            rotated = torch.cat([X[..., half:, :], X[..., :half, :]], dim=-2)     # rotate_half
            return X * cos + rotated * sin
'''),
    # theta_i = base^(-2i / (D/2)): the exponent 2i divided by the number of pairs instead of D, so every frequency
    # but the first is squared. X = e_1 (D = 4, N = 2), base 1e4: model row 3 at position 1 is 0.0100 (theta_1 = 1e-2),
    # entry 1.0e-4. Fails the visible tests.
    "blind48_rotate_columns_exponent_over_half_dim": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            half = dim // 2
            if positions is None:
                positions = torch.arange(num)
            # one frequency per pair, D/2 of them: theta_i = base^(-2i / (D/2))
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / half)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., :half, :], X[..., half:, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # torch.stack of the two rotated halves on dim -2 then flatten, instead of torch.cat: the output rows come out
    # interleaved (x'_0, x'_{D/2}, x'_1, ...). X = [[1], [2], [3], [4]] at position 0: model [[1], [2], [3], [4]], entry
    # [[1], [3], [2], [4]]. Fails the visible tests.
    "blind48_rotate_columns_halves_stacked": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            half = dim // 2
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., :half, :], X[..., half:, :]
            pairs = torch.stack([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)   # (..., D/2, 2, N)
            return pairs.flatten(-3, -2)
'''),
    # The course's column convention forced onto the GRU with .T: right for a (B, I) batch only; an unbatched x (I,)
    # broadcasts the bias column into a (3D, 3D) table (and two batch axes are reversed by .T). x = [1, 1], h = [0.5],
    # weight_ih 0.5, weight_hh 1, bias_ih 0, bias_hh [1, -1, 2]: model [0.6878] (shape (1,)), entry [[0.6878] x 3]
    # (shape (3, 1)). Fails the visible tests.
    "blind48_gru_step_column_convention_T": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # states as columns, as everywhere else in the course
            gi = weight_ih @ x.T + bias_ih[:, None]          # (3D, B)
            gh = weight_hh @ h.T + bias_hh[:, None]
            r_i, z_i, n_i = gi.chunk(3, dim=0)
            r_h, z_h, n_h = gh.chunk(3, dim=0)
            r = torch.sigmoid(r_i + r_h)
            z = torch.sigmoid(z_i + z_h)
            n = torch.tanh(n_i + r * n_h)
            return ((1 - z) * n + z * h.T).T
'''),
    # The candidate state through a sigmoid instead of tanh (an LSTM-gate habit). Same input as above: model
    # [0.6878], entry [0.6755]. Fails the visible tests.
    "blind48_gru_step_candidate_sigmoid": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            r_x, z_x, n_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            r_h, z_h, n_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.sigmoid(n_x + r * n_h)
            return (1 - z) * n + z * h
'''),
    # Copy-paste slip: the hidden product gets bias_ih instead of bias_hh. Same input as above: model [0.6878],
    # entry [0.5706]. Fails the visible tests.
    "blind48_gru_step_input_bias_in_hidden_product": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            gi = x @ weight_ih.T + bias_ih
            gh = h @ weight_hh.T + bias_ih
            r_x, z_x, n_x = gi.chunk(3, dim=-1)
            r_h, z_h, n_h = gh.chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            return (1 - z) * n + z * h
'''),
    # Collects a word until a token ending in "</w>" closes it, and never flushes the buffer at the end: a token
    # sequence that ends inside a word (a model's sample cut mid-word) loses that word. ["the</w>", "lo", "w"]: model
    # 'the low', entry 'the'. Passes the visible tests.
    "blind48_bpe_decode_unfinished_word_dropped": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            words, current = [], ""
            for token in tokens:
                if token.endswith(END_OF_WORD):
                    words.append(current + token[: -len(END_OF_WORD)])
                    current = ""
                else:
                    current += token
            return " ".join(words).rstrip(" ")
'''),
    # functools.reduce(operator.add, tokens) without an initial "": an empty token list (what bpe_encode("") gives)
    # raises. []: model '', entry raises TypeError (reduce() of empty iterable with no initial value). Passes the visible
    # tests.
    "blind48_bpe_decode_reduce_without_initial": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import functools
            import operator
            text = functools.reduce(operator.add, tokens)
            return text.replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # Strips the trailing space of every token instead of the text's end, so the spaces between words vanish.
    # ["a</w>", "b</w>"]: model 'a b', entry 'ab'. Fails the visible tests.
    "blind48_bpe_decode_rstrip_per_token": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return "".join(token.replace(END_OF_WORD, " ").rstrip(" ") for token in tokens)
'''),
    # triu(diagonal=-1) keeps the first sub-diagonal too: key j is visible to query i for j <= i + 1, the next token
    # leaks. causal_mask(3): model row 1 [False, True, True], entry [True, True, True]. Fails the visible tests.
    "blind48_causal_mask_triu_diagonal_minus_one": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n, dtype=torch.bool).triu(diagonal=-1)
'''),
    # Returns numpy's np.triu array instead of a tensor (the contract: a tensor, not a numpy array). causal_mask(2):
    # model tensor([[True, True], [False, True]]), entry array([[True, True], [False, True]]). Fails the visible tests.
    "blind48_causal_mask_numpy_array": ("masking", "causal_mask", '''
        def causal_mask(n):
            import numpy as np
            return np.triu(np.ones((n, n), dtype=bool))        # key j <= query i: upper triangle
'''),
    # unsqueeze_ on the argument: the mask is right, but the caller's is_global is left with a new trailing axis.
    # is_global = [True, False, False]: both masks [[T, T, T], [T, F, F], [T, F, F]]; afterwards is_global has shape (3,)
    # with the model, (3, 1) with the entry. Passes the visible tests.
    "blind48_global_token_mask_unsqueezes_input_in_place": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            keys = is_global.unsqueeze_(-1)                 # (..., N, 1)
            return keys | keys.transpose(-2, -1)
'''),
    # Reads only 'a global token attends to every key': [j, i] True iff query i is global, so ordinary queries no
    # longer see the global keys. is_global = [True, False, False]: model [[T, T, T], [T, F, F], [T, F, F]], entry
    # [[T, F, F], [T, F, F], [T, F, F]]. Fails the visible tests.
    "blind48_global_token_mask_queries_only": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            # a global token attends to every key
            return is_global.unsqueeze(-2).expand(*is_global.shape[:-1], n, n)
'''),
    # Sums torch.diagflat diagonals for offsets -window..window without capping the window at n - 1: a window of n or
    # more asks for a diagonal of negative length. local_mask(2, 3): model all True (2, 2), entry raises RuntimeError
    # (Trying to create tensor with negative dimension -1). Passes the visible tests.
    "blind48_local_mask_diagflat_window_beyond_n": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for k in range(-window, window + 1):
                mask |= torch.diagflat(torch.ones(n - abs(k), dtype=torch.bool), k)
            return mask
'''),
    # pos - pos.T on a 1-D arange: .T of a vector is the vector itself, so the 'distance matrix' is a vector of zeros.
    # local_mask(3, 1): model (3, 3) band [[T, T, F], [T, T, T], [F, T, T]], entry tensor([True, True, True]) of shape (3,).
    # Fails the visible tests.
    "blind48_local_mask_T_on_positions": ("masking", "local_mask", '''
        def local_mask(n, window):
            pos = torch.arange(n)
            return (pos - pos.T).abs() <= window
'''),
    # Renames the parameter window to w: a call by name (the contract's rule, which the grader follows once per
    # function) fails. local_mask(n=3, window=1): model the (3, 3) band, entry raises TypeError (unexpected keyword argument
    # 'window'). Passes the visible tests.
    "blind48_local_mask_window_renamed": ("masking", "local_mask", '''
        def local_mask(n, w):
            pos = torch.arange(n)
            return (pos[None, :] - pos[:, None]).abs() <= w
'''),
    # Adds a head axis as Hugging Face's extended attention mask does: (B, 1, n, 1) instead of (B, n, 1); against
    # (B, N_k, N_q) scores it broadcasts to (B, B, N_k, N_q). lengths = [1, 2], n = 2: model shape (2, 2, 1), entry
    # (2, 1, 2, 1). Fails the visible tests.
    "blind48_padding_mask_head_axis_added": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)
            visible = keys[None, :] < lengths[:, None]              # (B, n)
            return visible[:, None, :, None]                          # (B, heads, keys, queries)
'''),
    # Blanks the padding tail with mask[b, -(n - length):]: for a full-length sequence -(0) is 0 and the slice is the
    # whole row, so every key of a full sequence is hidden. lengths = [2, 1], n = 2: model [[[T], [T]], [[T], [F]]], entry
    # [[[F], [F]], [[T], [F]]]. Fails the visible tests.
    "blind48_padding_mask_tail_blanked_negative_slice": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            mask = torch.ones(len(lengths), n, 1, dtype=torch.bool)
            for b, length in enumerate(lengths.tolist()):
                mask[b, -(n - length):] = False          # the last n - length keys are padding
            return mask
'''),
    # Brings a mask with fewer axes to the scores' rank by unsqueezing at the end instead of the front (broadcasting
    # lines axes up from the right), so a (N_k, N_q) mask over batched scores is read as (N_k, N_q, 1). scores = zeros(2, 2,
    # 2), mask [[T, T], [F, T]]: model hides [b, 1, 0] in both batch items, entry hides [1, 0, :] (all of batch item 1's
    # key 0). Passes the visible tests.
    "blind48_apply_mask_unsqueezes_mask_at_end": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            while mask.dim() < scores.dim():
                mask = mask.unsqueeze(-1)              # bring the mask to the scores' rank
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Also subtracts each column's maximum ('ready for the softmax'): attention is unchanged (the softmax is
    # shift-invariant) but apply_mask no longer returns the scores at visible entries. scores = [[1, 2], [3, 4]], mask
    # [[T, T], [F, T]]: model [[1, 2], [-inf, 4]], entry [[0, -2], [-inf, 0]]. Fails the visible tests.
    "blind48_apply_mask_also_subtracts_column_max": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            masked = scores.masked_fill(~mask, float("-inf"))
            top = masked.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)    # ready for the softmax: no overflow
            return masked - top
'''),
    # Tests divisibility with 'and' instead of 'or': a window dividing one side only gets past the check and the
    # reshape raises RuntimeError instead of the contract's ValueError. windows zeros(1, 1, 16), M = 4, H = 4, W = 6: model
    # raises ValueError (window=4 must divide ...), entry RuntimeError (shape '[1, 4, 6]' is invalid). Passes the visible
    # tests.
    "blind48_window_reverse_sides_checked_with_and": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            if M < 1 or (height % M and width % M):
                raise ValueError(f"window={M} must divide the grid's sides, got {height}x{width}")
            if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M):
                raise ValueError(f"expected {(height // M) * (width // M)} windows, got shape {tuple(windows.shape)}")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # The contract's checks written as assert statements: AssertionError instead of ValueError (and nothing at all
    # under python -O). windows zeros(3, 1, 4), M = 2, H = W = 4 (3 windows for 4 tiles): model raises ValueError, entry
    # AssertionError. Passes the visible tests.
    "blind48_window_reverse_checks_with_assert": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            assert M >= 1 and height % M == 0 and width % M == 0, "the window must tile the grid"
            assert windows.shape[-3] == (height // M) * (width // M), "one window per tile"
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Bracket slip: tanh(W s) + U h instead of tanh(W s + U h). s = [1, -1], features [[[0, 1], [2, 3]]] (C = 1),
    # W = I, U = [[1], [-1]], v = [1, 2]: model weights [[0.2944, 0.2404], [0.2331, 0.2321]], context [1.4029]; entry
    # [[0.6439, 0.2369], [0.0871, 0.0321]], [0.5073]. Passes the visible tests.
    "blind48_grid_attention_tanh_of_state_only": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                  # (..., C, H*W)
            hidden = torch.tanh((s @ W.T).unsqueeze(-1)) + U @ cells      # (..., D_a, H*W)
            scores = v @ hidden                                           # (..., H*W)
            weights = torch.softmax(scores, dim=-1)
            context = (cells * weights.unsqueeze(-2)).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Divides the additive scores by sqrt(D_a), carried over from scaled dot-product attention (Bahdanau's scores
    # are not scaled). Same input as above: model weights [[0.2944, 0.2404], [0.2331, 0.2321]], entry [[0.2809, 0.2435],
    # [0.2382, 0.2375]] (context 1.4029 vs 1.4322). Passes the visible tests.
    "blind48_grid_attention_scores_scaled_by_sqrt_da": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))
            scores = (v @ hidden) / math.sqrt(v.shape[0])                  # keep the scores near unit scale
            weights = torch.softmax(scores, dim=-1)
            context = (cells * weights.unsqueeze(-2)).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # scores.flatten() with no arguments flattens the batch too: one softmax over every cell of every image, so the
    # weights of a batch sum to 1 together. The input above batched twice (s (2, 2), features (2, 1, 2, 2)): model each
    # item's weights [[0.2944, 0.2404], [0.2331, 0.2321]], entry half of that, [[0.1472, 0.1202], [0.1165, 0.1160]].
    # Fails the visible tests.
    "blind48_grid_attention_softmax_over_flatten_all": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            hidden = torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))
            scores = v @ hidden                                            # (..., H*W)
            weights = torch.softmax(scores.flatten(), dim=0).reshape(scores.shape)   # one softmax over every cell
            context = (cells * weights.unsqueeze(-2)).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # W @ s, the column habit, instead of s @ W.T: right for one state (D_s,), wrong for a batch of states (B, D_s).
    # The input above with s repeated 3 times (s (3, 2)): model weights (3, 2, 2), entry raises RuntimeError (mat1 and mat2
    # shapes cannot be multiplied (2x2 and 3x2)). Fails the visible tests.
    "blind48_grid_attention_state_projected_as_column": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            query = (W @ s).unsqueeze(-1)                                  # W s, a column
            hidden = torch.tanh(U @ cells + query)
            scores = v @ hidden
            weights = torch.softmax(scores, dim=-1)
            context = (cells * weights.unsqueeze(-2)).sum(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Uses the pair index i in the exponent but drops its factor 2: n / 10000^(i/D) instead of n / 10000^(2i/D).
    # sinusoidal_positions(2, 4): model row 2 at n = 1 is sin(0.01) = 0.0100, entry sin(0.1) = 0.0998. Fails the visible
    # tests.
    "blind48_sinusoidal_pair_exponent_missing_two": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            n = torch.arange(num_positions, dtype=dtype)
            i = torch.arange((dim + 1) // 2, dtype=dtype)             # the pair index i of rows 2i and 2i + 1
            angles = n[None, :] / 10000 ** (i[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Divides the exponent by num_positions instead of dim (the two sizes mixed up). sinusoidal_positions(2, 4): model
    # row 2 at n = 1 is 0.0100, entry sin(1e-4) = 1.0e-4. Fails the visible tests.
    "blind48_sinusoidal_exponent_over_num_positions": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            n = torch.arange(num_positions, dtype=dtype)
            two_i = torch.arange(0, dim, 2, dtype=dtype)
            angles = n[None, :] / 10000 ** (two_i[:, None] / num_positions)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Angles 2*pi*n / 10000^(2i/D), frequencies read as turns per position (NeRF-style 2*pi). sinusoidal_positions(2,
    # 2): model column 1 [0.8415, 0.5403], entry [sin 2pi, cos 2pi] = [1.7e-07, 1.0]. Fails the visible tests.
    "blind48_sinusoidal_two_pi_factor": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            n = torch.arange(num_positions, dtype=dtype)
            two_i = torch.arange(0, dim, 2, dtype=dtype)
            frequency = 2 * math.pi / 10000 ** (two_i / dim)          # turns per position, in radians
            angles = frequency[:, None] * n[None, :]
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Keeps only keys i and i +- stride (one step) instead of every multiple i +- k*stride. strided_mask(5, 2): model
    # [0, 4] True, entry False. Fails the visible tests.
    "blind48_strided_mask_one_stride_either_side": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offset = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return (offset % stride == 0) & (offset.abs() <= stride)      # keys i and i +- stride
'''),
    # Caps a stride longer than the sequence at n - 1 (like a window), so the last key becomes visible from the first
    # query. strided_mask(3, 5): model the identity, entry also [0, 2] and [2, 0] True. Fails the visible tests.
    "blind48_strided_mask_stride_capped_at_n_minus_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            stride = min(stride, max(n - 1, 1))            # a stride longer than the sequence means the last key
            offset = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offset % stride == 0
'''),
    # Returns only the output, not the (output, weights) pair. X = [[1, 0, 2], [0, 1, 1]], all projections I, biases
    # 0: model a tuple (output (2, 3), weights (3, 3)), entry the output tensor alone. Fails the visible tests.
    "blind48_self_attention_returns_output_only": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            output, _ = scaled_dot_product_attention(Q, K, V, mask)
            return output
'''),
    # Masks after the softmax (weights * mask, then renormalised): the same where some key is visible, but a query
    # that sees no key gets 0/0 = NaN instead of zero weights and output. The input above with every key hidden from
    # query 1 (mask column 1 all False): model output column 1 [0, 0] and weights column 1 zeros, entry NaN there.
    # Passes the visible tests.
    "blind48_self_attention_mask_after_softmax_renormalised": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            weights = softmax_cols(K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2]))
            if mask is not None:
                weights = weights * mask                                   # drop the hidden keys ...
                weights = weights / weights.sum(dim=-2, keepdim=True)      # ... and renormalise each column
            return V @ weights, weights
'''),
    # Output from torch's fused scaled_dot_product_attention on the transposed Q, K, V with our (N_k, N_q) mask
    # passed as attn_mask without transposing it (torch wants (N_q, N_k)): the weights are right, the output is not for an
    # asymmetric mask. The input above with causal_mask(3): model output [[1, 0.3302, 1.7981], [0, 0.6698, 0.8983]],
    # entry [[1.4359, 1, 2], [0.7160, 1, 1]]. Passes the visible tests.
    "blind48_self_attention_torch_sdpa_mask_untransposed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
            # the fused kernel for the output (rows are tokens there)
            out = torch.nn.functional.scaled_dot_product_attention(Q.mT, K.mT, V.mT, attn_mask=mask)
            return out.mT, weights
'''),
    # torch.softmax(scores, dim=0): axis 0 is the key axis only for unbatched scores; with a batch axis the softmax
    # runs over the batch. The input above batched twice (X (2, 2, 3)): model weights [[0.2840, 0.1978, 0.1017], ...] in
    # each item, entry 0.5 everywhere. Passes the visible tests.
    "blind48_self_attention_softmax_dim_zero": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = torch.softmax(scores, dim=0)                     # over the keys, the rows
            weights = torch.nan_to_num(weights)                        # a query that sees no key
            return V @ weights, weights
'''),
    # torch.nn.functional.one_hot(ids) without num_classes: the vocabulary size is read from the largest id, so the
    # product with omega_e fails unless the ids contain V - 1. omega_e = arange(6).reshape(2, 3), ids = [0, 1]: model
    # [[0, 1], [3, 4]], entry raises RuntimeError (mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)). Passes the
    # visible tests.
    "blind48_embed_functional_one_hot_classes_inferred": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            T = torch.nn.functional.one_hot(token_ids).to(omega_e.dtype)    # (..., N, V)
            return omega_e @ T.transpose(-2, -1)
'''),
    # omega_e.t_() to get one row per token: t_ transposes the caller's table in place (and refuses a leaf that
    # requires grad). omega_e = arange(6).reshape(2, 3), ids = [2, 0]: both return [[2, 0], [5, 3]], but afterwards
    # omega_e has shape (2, 3) with the model, (3, 2) with the entry. Passes the visible tests.
    "blind48_embed_table_transposed_in_place": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = omega_e.t_()                      # (V, D): one row per token
            return rows[token_ids].transpose(-2, -1)
'''),
}

RIGHT_BLIND_48 = {
    # Right: the bias is added in place to the fresh product of matmul (which saved W and X, not its output, for
    # backward), so neither the arguments nor the gradients are touched.
    "blind48_right_linear_bias_added_in_place_to_product": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            out = torch.matmul(W, X)
            out += b.unsqueeze(-1)          # the product is a fresh tensor: adding in place is safe
            return out
'''),
    # Right: the 1x1 conv1d done properly, the batch axes flattened into conv1d's one batch axis and restored.
    "blind48_right_linear_conv1d_flattened_batch": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            batch, (d_in, n) = X.shape[:-2], X.shape[-2:]
            flat = X.reshape(-1, d_in, n)                                     # (B', D_in, N)
            out = torch.nn.functional.conv1d(flat, W.unsqueeze(-1), b)        # a 1x1 convolution per column
            return out.reshape(*batch, W.shape[0], n)
'''),
    # Right: the buffer comes from Y.new_empty, so it keeps Y's dtype; slice assignment records the copies for autograd.
    "blind48_right_split_heads_new_empty_filled_per_head": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            *batch, dim, n = Y.shape
            d = dim // num_heads
            out = Y.new_empty(*batch, num_heads, d, n)
            for h in range(num_heads):
                out[..., h, :, :] = Y[..., h * d:(h + 1) * d, :]
            return out
'''),
    # Right: tensor_split into H contiguous row blocks, stacked on a new axis at -3.
    "blind48_right_split_heads_tensor_split_stack": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            return torch.stack(torch.tensor_split(Y, num_heads, dim=-2), dim=-3)
'''),
    # Right: view after .contiguous(), so non-contiguous heads are copied first.
    "blind48_right_merge_heads_contiguous_then_view": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            *batch, num_heads, head_dim, n = heads.shape
            return heads.contiguous().view(*batch, num_heads * head_dim, n)
'''),
    # Right: finds the non-overlapping match starts left to right first, then splices a copy from the right.
    "blind48_right_merge_pair_match_positions_then_splice": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            starts, i = [], 0
            while i < len(symbols) - 1:
                if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                    starts.append(i)
                    i += 2                            # the next match may not reuse symbols[i + 1]
                else:
                    i += 1
            out = list(symbols)
            for s in reversed(starts):                # splice from the right so earlier indices stay valid
                out[s:s + 2] = [out[s] + out[s + 1]]
            return out
'''),
    # Right: pairs (x_i, x_{i+D/2}) as complex numbers times e^{i p theta} (the contract allows complex
    # implementations), computed in float64 and cast back to X's dtype.
    "blind48_right_rotate_columns_polar_halves": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            half = dim // 2
            if positions is None:
                positions = torch.arange(num)
            exponents = torch.arange(half, dtype=torch.float64) * 2 / dim
            angles = torch.outer(base ** -exponents, positions.to(torch.float64))       # (D/2, N)
            phase = torch.polar(torch.ones_like(angles), angles)                         # e^{i angle}
            pairs = torch.complex(X[..., :half, :].to(torch.float64), X[..., half:, :].to(torch.float64))
            turned = pairs * phase
            return torch.cat([turned.real, turned.imag], dim=-2).to(X.dtype)
'''),
    # Right: sigma(a) = (1 + tanh(a/2)) / 2 exactly, gates sliced by rows, and h' = n + z (h - n) = (1 - z) n + z h.
    "blind48_right_gru_step_sigmoid_through_tanh": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            def sigmoid(a):
                return 0.5 * (1 + torch.tanh(0.5 * a))        # the logistic function written with tanh
            d = h.shape[-1]
            gi = x @ weight_ih.T + bias_ih
            gh = h @ weight_hh.T + bias_hh
            r = sigmoid(gi[..., :d] + gh[..., :d])
            z = sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
            n = torch.tanh(gi[..., 2 * d:] + r * gh[..., 2 * d:])
            return n + z * (h - n)
'''),
    # Right: the column form done with unsqueeze(-1) / squeeze(-1), so any batch axes (and broadcasting x against h)
    # work.
    "blind48_right_gru_step_column_form_unsqueezed": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # the course's column form: each state a (..., size, 1) column
            gi = (weight_ih @ x.unsqueeze(-1)).squeeze(-1) + bias_ih
            gh = (weight_hh @ h.unsqueeze(-1)).squeeze(-1) + bias_hh
            r_x, z_x, n_x = gi.chunk(3, dim=-1)
            r_h, z_h, n_h = gh.chunk(3, dim=-1)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            return (1 - z) * n + z * h
'''),
    # Right: the same join / replace / rstrip on the UTF-8 bytes; "</w>" is ASCII and UTF-8 is self-synchronising, so
    # nothing else changes and decomposed characters round-trip.
    "blind48_right_bpe_decode_utf8_bytes": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            raw = b"".join(token.encode("utf-8") for token in tokens)
            return raw.replace(END_OF_WORD.encode("utf-8"), b" ").rstrip(b" ").decode("utf-8")
'''),
    # Right: a lazy group followed by ' *' at the end of the full match (DOTALL) is the text without its trailing
    # spaces.
    "blind48_right_bpe_decode_lazy_regex": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import re
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return re.fullmatch(r"(.*?) *", text, flags=re.DOTALL).group(1)
'''),
    # Right: torch's generate_square_subsequent_mask is 0 where key <= query in (queries, keys) layout; == 0 and .T give
    # ours.
    "blind48_right_causal_mask_square_subsequent_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            blocked = torch.nn.Transformer.generate_square_subsequent_mask(n)   # (queries, keys), -inf above the diagonal
            return (blocked == 0).T
'''),
    # Right: every (key j, query i) pair in row-major order from cartesian_prod, compared and reshaped (n = 0 gives
    # an empty (0, 0)).
    "blind48_right_causal_mask_cartesian_prod": ("masking", "causal_mask", '''
        def causal_mask(n):
            pos = torch.arange(n)
            pairs = torch.cartesian_prod(pos, pos).reshape(n * n, 2)      # (key j, query i), row-major
            return (pairs[:, 0] <= pairs[:, 1]).reshape(n, n)
'''),
    # Right: the flags as a (..., N, 1) column OR its (..., 1, N) transpose.
    "blind48_right_global_token_mask_column_or_transpose": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            column = is_global.unsqueeze(-1)          # (..., N, 1): the keys
            return column | column.mT                 # (..., 1, N): the queries
'''),
    # Right: the diagflat sum with the window capped at n - 1, so a window of n or more gives the dense mask (and a
    # negative window the empty band, as the model answer).
    "blind48_right_local_mask_diagflat_clamped": ("masking", "local_mask", '''
        def local_mask(n, window):
            reach = min(window, n - 1)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for k in range(-reach, reach + 1):
                mask |= torch.diagflat(torch.ones(n - abs(k), dtype=torch.bool), k)
            return mask
'''),
    # Right: triu(-w) keeps j >= i - w, removing triu(w + 1) drops j > i + w.
    "blind48_right_local_mask_triu_minus_triu": ("masking", "local_mask", '''
        def local_mask(n, window):
            ones = torch.ones(n, n, dtype=torch.bool)
            return ones.triu(-window) & ~ones.triu(window + 1)      # j >= i - window and not j > i + window
'''),
    # Right: each row is a run of lengths[b] True then n - lengths[b] False, built with repeat_interleave.
    "blind48_right_padding_mask_repeat_interleave_runs": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            runs = torch.stack([lengths, n - lengths], dim=1).reshape(-1)          # L_0, n - L_0, L_1, ...
            values = torch.tensor([True, False], device=lengths.device).repeat(len(lengths))
            return torch.repeat_interleave(values, runs).reshape(len(lengths), n, 1)
'''),
    # Right: masked_scatter writes -inf where the (expanded) mask is False into a new tensor; the backward passes the
    # gradient of the kept scores.
    "blind48_right_apply_mask_masked_scatter_of_inf": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = (~mask).expand_as(scores)
            return scores.masked_scatter(hidden, torch.full_like(scores, float("-inf")))
'''),
    # Right: for every grid cell (h, w) the index of its window and its place inside, gathered from the windows
    # flattened as (..., C, nW*M*M).
    "blind48_right_window_reverse_gather_source_index": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            rows = torch.arange(height, device=windows.device)[:, None]
            cols = torch.arange(width, device=windows.device)[None, :]
            k = (rows // M) * (width // M) + cols // M            # the window that holds cell (h, w)
            t = (rows % M) * M + cols % M                         # and the cell's place inside it
            source = (k * (M * M) + t).reshape(-1)                # (H*W,) into the nW*M*M tokens
            flat = windows.transpose(-3, -2).flatten(-2)          # (..., C, nW*M*M)
            return flat[..., source].unflatten(-1, (height, width))
'''),
    # Right: U h at every cell as a 1x1 conv2d on the flattened batch, one softmax over the H*W cells.
    "blind48_right_grid_attention_conv2d_keys": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, height, width = features.shape[-3:]
            grid = features.reshape(-1, C, height, width)
            keys = torch.nn.functional.conv2d(grid, U[:, :, None, None])          # U h at every cell, (B', D_a, H, W)
            keys = keys.reshape(*features.shape[:-3], U.shape[0], height * width)
            hidden = torch.tanh(keys + (s @ W.T).unsqueeze(-1))                  # (..., D_a, H*W)
            scores = (v[:, None] * hidden).sum(dim=-2)                            # (..., H*W)
            weights = torch.softmax(scores, dim=-1)                               # one softmax over the whole grid
            context = (features.flatten(-2) @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Right: each column is the previous one turned by e^{i w} (complex128 products), more accurate than the model
    # answer's float32 angles (the contract asks for float32 accuracy).
    "blind48_right_sinusoidal_rotation_recurrence": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            half = (dim + 1) // 2
            freqs = torch.tensor([10000.0 ** (-2 * i / dim) for i in range(half)], dtype=torch.float64)
            step = torch.polar(torch.ones_like(freqs), freqs)        # e^{i w_i}: one position further
            z = torch.ones(half, dtype=torch.complex128)             # e^{i w_i n} at n = 0
            columns = []
            for _ in range(num_positions):
                columns.append(z)
                z = z * step
            table = torch.zeros(dim, num_positions, dtype=torch.float64)
            if columns:
                phases = torch.stack(columns, dim=-1)                # (ceil(D/2), N)
                table[0::2] = phases.imag
                table[1::2] = phases.real[: dim // 2]
            return table.to(torch.get_default_dtype())
'''),
    # Right: |i - j| from torch.cdist of the float64 positions (exact for integers), visible iff a multiple of the
    # stride; the stub's check gives the ValueError.
    "blind48_right_strided_mask_cdist_offsets": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            pos = torch.arange(n, dtype=torch.float64)[:, None]
            distance = torch.cdist(pos, pos, p=1)                    # |i - j|, exact for integers
            return torch.remainder(distance, stride) == 0
'''),
    # Right: 1/sqrt(D_k) folded into Wq and bq before the projection: K^T (s Q) = s K^T Q, and autograd carries the
    # factor back to Wq and bq.
    "blind48_right_self_attention_scale_folded_into_query": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            scale = 1 / math.sqrt(Wq.shape[0])                     # 1/sqrt(D_k) folded into the query projection
            Q = linear(X, Wq * scale, bq * scale)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: omega_e times one_hot in omega_e's dtype as a tensordot over V, then D moved next to N (exact: one
    # nonzero term per sum).
    "blind48_right_embed_tensordot_one_hot": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            T = one_hot(token_ids, omega_e.shape[-1], dtype=omega_e.dtype)             # (..., V, N)
            return torch.tensordot(omega_e, T, dims=([1], [T.dim() - 2])).movedim(0, -2)
'''),
    # Right: torch.vmap of a one-id column lookup over the flattened ids, reshaped to (D, ..., N) and moved.
    "blind48_right_embed_vmap_over_flat_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            column = lambda i: omega_e[:, i]                         # one id -> its (D,) column
            flat = torch.vmap(column, out_dims=1)(token_ids.reshape(-1))          # (D, numel)
            return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Right: the model's reshape with the permutation of (..., a, b, C, p, q) -> (..., C, a, p, b, q) written out for
    # any number of batch axes.
    "blind48_right_window_reverse_explicit_permutation": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            lead = windows.dim() - 3                                  # number of batch axes
            rows, cols = height // M, width // M
            grid = windows.reshape(*windows.shape[:lead], rows, cols, windows.shape[-2], M, M)
            # (..., a, b, C, p, q) -> (..., C, a, p, b, q)
            order = list(range(lead)) + [lead + 2, lead, lead + 3, lead + 1, lead + 4]
            return grid.permute(order).reshape(*windows.shape[:lead], windows.shape[-2], height, width)
'''),
    # Right: the key positions as an (n, 1) column against lengths (B, 1, 1) broadcast straight to (B, n, 1).
    "blind48_right_padding_mask_key_column_against_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device).unsqueeze(-1)     # (n, 1): one row per key
            return keys < lengths[:, None, None]                            # (B, 1, 1) -> (B, n, 1)
'''),
}
