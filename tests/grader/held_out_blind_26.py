"""Twenty-seventh blind batch of held-out implementations (prefix blind26_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures, docstrings and input-check lines) and
the model answers (solutions/*.py) of masking, embeddings, bpe, attention, multihead, rnn_attention, positions, swin,
sparse_attention and imagegpt. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py
--target <package>`), never read beyond plugin.py's --target option. The entry names of the earlier blind batches
(held_out_blind.py, held_out_blind_2.py ... held_out_blind_24.py) were extracted by function, and their "counted
right" / "counted WRONG" comments read, so as to repeat as few of their ideas as possible and to respect their recorded
decisions (apply_mask need not reject a non-bool mask; ' '.join(text.split()) is wrong for bpe_decode; a mask may have
fewer batch axes than the scores; an empty batch is not graded). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_25.py).

Emphasis: the functions the earlier batches probed least: masking (causal_mask, padding_mask, local_mask, apply_mask),
embeddings (one_hot, embed), bpe (bpe_decode, merge_pair), the helpers attention.linear, multihead.split_heads and
merge_heads, rnn_attention.gru_step and positions.rotate_columns (each redefined in its module and graded through the
callers that use it: train_bpe/bpe_encode, self_attention, multi_head_attention, attention_decoder_step,
rotary_embedding), rnn_attention.grid_attention, swin.window_partition and window_reverse, sparse_attention.strided_mask
and global_token_mask, imagegpt.dequantize_pixels and pixel_sequence. The wrong entries aim at edges the contract
names: sizes of 0 or 1 and exact boundaries (a length of 0 or of n, a window equal to the grid's side, a stride of n or
more, the last palette colour, a window of n // 2 + 1), dtypes (positions held in float16 or bfloat16, positions above
2**24 through float32, a table cache without the dtype in its key, bool images), batch axes (one batch letter, a bias
shaped for a batch, tensordot without moving the batch back, stack on axis 1, squeeze()), masks lined up from the right
(a head axis inserted into a 3-D mask, a squeezed padding mask, a query that sees nothing), the named ValueErrors
(missing for tiny n or without the divisibility check; added for a valid sos_id, a whole-grid window, the last colour),
parameter names and order (num_classes, (width, height)), gradients (scale_grad_by_freq), non-ASCII text (NFC) and
runs of equal symbols in BPE. The right entries are written far from the model answers: triu_indices scatter, cumsum
counts, two triangles, cdist of positions, scatter_ and identity rows for one-hot, a write-pointer merge, baddbmm and
addmm linear layers, Tensor.unfold heads, a selector einsum, lerp in the GRU, a pair axis for rotary, transposes of
adjacent axes for windows, unit-window shortcuts, diagonal views, where(a, a, b), and flat or axis rolls and F.pad for
pixel sequences.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind26/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted; build.py) and run against its exercise's visible tests; every right entry passes them, and
each wrong entry's comment says whether it does (22 of the 42 wrong entries pass them). Each wrong entry's
recorded input was run on the model answer and on the entry and both results printed (probes.py, demos.py); each
differs as its comment says. Right entries were compared with the model answer (battery.py) on float32 and float64
inputs (to 1e-5 and 1e-11; exactly for masks, ids and strings), batched (one and two batch axes, broadcast batch axes
where the contract allows them) and not, sizes of 0 and 1, non-contiguous inputs, masks of the broadcastable shapes,
the contract's ValueErrors (same exception type on both sides), keyword arguments, arguments left unchanged, and
gradients of every floating-point input with a random cotangent; the helper entries were compared through their graded
callers (for merge_pair: train_bpe and bpe_encode on fixed and 300 random corpora with non-ASCII symbols and arbitrary
merge lists), and the masks also at n = 1500 and 2100.

Judgement calls: blind26_causal_mask_half_precision_positions and blind26_local_mask_bfloat16_positions differ only
for n above 2049 and 256; blind26_rotate_columns_positions_through_float32 only for positions above 2**24;
blind26_rotate_columns_tables_cached_without_dtype only on a sequence of calls in two dtypes with the same shapes (it is
stateful); blind26_gru_step_state_clamped only for a previous state outside [-1, 1], which the contract allows.
blind26_window_reverse_width_before_height differs only for positional callers on a non-square grid. Dropped after
checking: two "view" mistakes (gru_step weight blocks and rotary halves by .view), since splitting one axis is always a
valid view and they agree with the model; a right dequantize_pixels by a one-hot matrix product (exact, but an
infinite palette entry would give NaN, and an earlier batch has the idea); a right rotary that took the sine as a
shifted cosine (differs by ~1e-10 at positions near 1e6, beyond float64 accuracy). No entry written as wrong is
counted right.

Counts: 42 wrong, 27 right (fewer than the ~55/30 asked: the time box; quality over count).
Wrong per function: {'apply_mask': 3, 'bpe_decode': 2, 'causal_mask': 1, 'dequantize_pixels': 2, 'embed': 2, 'grid_attention': 3, 'gru_step': 3, 'linear': 4, 'local_mask': 2, 'merge_heads': 2, 'merge_pair': 2, 'one_hot': 1, 'padding_mask': 2, 'pixel_sequence': 2, 'rotate_columns': 3, 'split_heads': 2, 'strided_mask': 2, 'window_partition': 2, 'window_reverse': 2}.
Right per function: {'apply_mask': 1, 'bpe_decode': 1, 'causal_mask': 1, 'embed': 1, 'global_token_mask': 1, 'grid_attention': 1, 'gru_step': 1, 'linear': 2, 'local_mask': 2, 'merge_heads': 1, 'merge_pair': 1, 'one_hot': 3, 'padding_mask': 1, 'pixel_sequence': 3, 'rotate_columns': 1, 'split_heads': 1, 'strided_mask': 1, 'window_partition': 2, 'window_reverse': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_26 = {
    # Positions built in float16 to save memory (an AMP habit): integers above 2048 are not representable, so
    # 2049 rounds to 2048 and the key just after a query compares equal to it. Shows from n = 2050 on:
    # causal_mask(2050)[2049, 2048] is False in the model, True here. Passes the visible tests.
    "blind26_causal_mask_half_precision_positions": ("masking", "causal_mask", '''
        def causal_mask(n):
            # positions kept in float16 "to save memory": integers above 2048 round, so a key just after a query
            # can compare equal to it
            positions = torch.arange(n, dtype=torch.float16)
            return positions[:, None] <= positions[None, :]
    '''),
    # Looks the mask up as row lengths[b] - 1 of a lower-triangular table; a sequence of length 0 picks row -1
    # (the last row, all visible). Shows on padding_mask(tensor([0, 2]), 3): the model hides every key of
    # sequence 0, the entry shows them all. Passes the visible tests.
    "blind26_padding_mask_rows_of_lower_triangle": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # row L - 1 of the lower-triangular table has keys 0 .. L - 1 visible; a length of 0 picks row -1,
            # the last row, where every key is visible
            table = torch.ones(n, n, dtype=torch.bool, device=lengths.device).tril()
            return table[lengths - 1][:, :, None]
    '''),
    # Distances computed on bfloat16 positions (autocast): exact only up to 256, so 257 rounds to 256. Shows on
    # local_mask(300, 0)[257, 256]: False in the model, True here. Passes the visible tests.
    "blind26_local_mask_bfloat16_positions": ("masking", "local_mask", '''
        def local_mask(n, window):
            # distances computed in bfloat16 (an autocast habit): exact only up to 256
            positions = torch.arange(n, dtype=torch.bfloat16)
            return (positions[None, :] - positions[:, None]).abs() <= window
    '''),
    # A dense shortcut taken as soon as 2 * window >= n ("a window covering half the sequence reaches
    # everything"), true only from window >= n - 1. Shows on local_mask(5, 3): [4, 0] and [0, 4] are False in
    # the model, True here. Passes the visible tests.
    "blind26_local_mask_dense_once_half_covered": ("masking", "local_mask", '''
        def local_mask(n, window):
            # shortcut: "a window covering half the sequence reaches every token" -- true only from n - 1 on
            if 2 * window >= n:
                return torch.ones(n, n, dtype=torch.bool)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).abs() <= window
    '''),
    # Hugging Face / fairseq habit: a 3-D mask over 4-D scores gets a head axis at position 1, but the contract
    # lines masks up from the right: a (3, N_k, N_q) mask over scores (2, 3, N_k, N_q) becomes (3, 1, N_k, N_q)
    # and no longer broadcasts. Shows on apply_mask(zeros(2, 3, 2, 2), ones(3, 2, 2, bool)): RuntimeError here.
    # Passes the visible tests.
    "blind26_apply_mask_head_axis_for_three_dim_masks": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # Hugging Face / fairseq habit: a (B, N_k, N_q) mask over (B, H, N_k, N_q) scores gains a head axis
            if mask.dim() == 3 and scores.dim() == 4:
                mask = mask.unsqueeze(1)
            return scores.masked_fill(~mask, float("-inf"))
    '''),
    # "NaN-safe" masking: a query column that sees no key keeps all its scores (softmax then gives uniform
    # weights), where the contract wants -inf there (and zero weights downstream). Shows on scores [[1, 2], [3,
    # 4]], mask [[T, F], [T, F]]: column 1 is -inf in the model, unchanged here. Passes the visible tests.
    "blind26_apply_mask_dead_queries_left_open": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # "NaN-safe" masking: a query that sees no key keeps all its scores (so the softmax gives uniform weights)
            mask = mask | ~mask.any(dim=-2, keepdim=True)
            return scores.masked_fill(~mask, float("-inf"))
    '''),
    # Second parameter renamed after torch.nn.functional.one_hot's num_classes; the contract keeps the stub's
    # names and callers may pass them by name. Shows on one_hot(token_ids=tensor([0, 2]), vocab_size=3):
    # TypeError here. Passes the visible tests.
    "blind26_one_hot_parameter_named_num_classes": ("embeddings", "one_hot", '''
        def one_hot(token_ids, num_classes, dtype=None):
            # the second parameter renamed after torch.nn.functional.one_hot's
            check_token_ids(token_ids, num_classes)
            matches = token_ids.unsqueeze(-2) == torch.arange(num_classes)[:, None]
            return matches.to(dtype or torch.get_default_dtype())
    '''),
    # An nn.Embedding config copied with scale_grad_by_freq=True: the forward pass is right, the gradient of
    # omega_e is divided by how often each id occurs in the batch. Shows on the gradient of embed(omega_e,
    # tensor([1, 1, 2])).sum(): column 1 is 2 in the model, 1 here. Passes the visible tests.
    "blind26_embed_scale_grad_by_freq": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            # copied from an nn.Embedding(scale_grad_by_freq=True) config: forward right, gradient divided by the
            # number of times each id occurs in the batch
            rows = torch.nn.functional.embedding(token_ids, omega_e.T, scale_grad_by_freq=True)
            return rows.movedim(-1, -2)
    '''),
    # token_ids.squeeze() to "drop the batch axis of a single sentence": a batch of one (1, N) loses its batch
    # axis (and N = 1 its token axis). Shows on ids of shape (1, 3): output (1, D, 3) in the model, (D, 3) here.
    # Passes the visible tests.
    "blind26_embed_ids_squeezed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            token_ids = token_ids.squeeze()  # "drop the batch axis of a single sentence"
            return omega_e[:, token_ids].movedim(0, -2)
    '''),
    # A token that is exactly "</w>" treated as a special token and dropped, so its space is lost. Shows on
    # ["a", "</w>", "b</w>"]: model "a b", entry "ab". Fails the visible tests.
    "blind26_bpe_decode_skips_bare_marker_tokens": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # a token that is only "</w>" treated as a special token and skipped
            text = "".join(token for token in tokens if token != END_OF_WORD)
            return text.replace(END_OF_WORD, " ").rstrip(" ")
    '''),
    # A tokenizers-style NFC normaliser applied to the decoded text: decomposed accents are recomposed, so
    # decode(encode(t)) != ' '.join(t.split()) for such text. Shows on ["e\u0301</w>"]: model "e\u0301" (2 code
    # points), entry "\u00e9". Passes the visible tests.
    "blind26_bpe_decode_nfc_normalised": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import unicodedata
            # a tokenizers-style normaliser applied on the way out: decomposed accents are recomposed
            text = "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
            return unicodedata.normalize("NFC", text)
    '''),
    # merge_pair searches for the left symbol and merges if the right one follows, but gives up at the first
    # left symbol not followed by the right one. Shows through bpe_encode("axab", [("a", "b")]): model [a, x,
    # ab, </w>], entry [a, x, a, b, </w>]. Fails the visible tests.
    "blind26_merge_pair_stops_at_first_unmatched_left": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            merged = list(symbols)
            start = 0
            # look for the left symbol, merge if the right one follows; gives up at the first left symbol that is
            # not followed by the right one
            while pair[0] in merged[start:]:
                i = merged.index(pair[0], start)
                if i + 1 < len(merged) and merged[i + 1] == pair[1]:
                    merged[i:i + 2] = [pair[0] + pair[1]]
                    start = i + 1
                else:
                    break
            return merged
    '''),
    # "Avoid overlaps" by refusing to start a merge right after a position where the pair also starts: right on
    # "aaa", wrong on a run of four. Shows through train_bpe("aaaa", 2): model [(a, a), (aa, aa)], entry [(a,
    # a), (aa, a)]; and bpe_encode("aaaa", [(a, a)]): [aa, aa, </w>] vs [aa, a, a, </w>]. Passes the visible
    # tests.
    "blind26_merge_pair_skips_after_a_match_start": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            starts = {i for i, p in enumerate(zip(symbols, symbols[1:])) if p == pair}
            merged = []
            i = 0
            while i < len(symbols):
                # "avoid overlaps": do not start a merge right after a position where the pair also starts
                if i in starts and i - 1 not in starts:
                    merged.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            return merged
    '''),
    # linear's einsum written with one batch letter ("oi,bin->bon") plus a 2-D special case: inputs with two
    # batch axes fail. Shows through self_attention on X of shape (2, 3, 4, 5): RuntimeError here. Passes the
    # visible tests.
    "blind26_linear_einsum_single_batch_letter": ("attention", "linear", '''
        def linear(X, W, b):
            if W.shape[-1] != X.shape[-2]:
                raise ValueError("W must be (D_out, D_in)")
            if X.dim() == 2:
                return W @ X + b[:, None]
            return torch.einsum("oi,bin->bon", W, X) + b[:, None]   # one batch letter
    '''),
    # The bias shaped b[None, :, None] for a (B, D, N) batch: an unbatched X gains a leading axis of 1. Shows
    # through self_attention on X (4, 5): output (4, 5) in the model, (1, 4, 5) here. Fails the visible tests.
    "blind26_linear_bias_with_batch_axis": ("attention", "linear", '''
        def linear(X, W, b):
            if W.shape[-1] != X.shape[-2]:
                raise ValueError("W must be (D_out, D_in)")
            return W @ X + b[None, :, None]   # bias shaped for a (B, D, N) batch
    '''),
    # The shape check compares W.shape[0] (D_out) with X's D_in: fine while D_k == D, a ValueError otherwise.
    # Shows through self_attention with Wq, Wk (2, 4), Wv (3, 4) on X (4, 5): the model returns (3, 5), the
    # entry raises. Fails the visible tests.
    "blind26_linear_checks_output_width": ("attention", "linear", '''
        def linear(X, W, b):
            # the shape check compares the wrong side of W: fine while D_out == D_in
            if W.shape[0] != X.shape[-2]:
                raise ValueError(f"W must be (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
            return W @ X + b[:, None]
    '''),
    # split_heads returns Y unchanged for one head ("nothing to split"): without the head axis, merge_heads
    # flattens the batch axis into the rows. Shows through multi_head_attention(ones(2, 4, 3), ones(2, 4, 3),
    # params, 1): ValueError here, (2, 4, 3) in the model. Passes the visible tests.
    "blind26_split_heads_single_head_shortcut": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            if num_heads == 1:
                return Y        # "nothing to split"
            *batch, dim, n = Y.shape
            return Y.reshape(*batch, num_heads, dim // num_heads, n)
    '''),
    # merge_heads reads the token count from the wrong axis (heads.shape[-2], the head width): right only while
    # N_q == D/H. Shows through multi_head_attention with D = 4, H = 2, N_q = 3: ValueError here. Fails the
    # visible tests.
    "blind26_merge_heads_width_from_head_dim": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # the token count read from the wrong axis: right while N == D/H
            return heads.reshape(*heads.shape[:-3], -1, heads.shape[-2])
    '''),
    # Tokens-first flatten (transpose the last two axes, reshape to (N, D), transpose back) with the head axis
    # left in front of the tokens: rows are interleaved across tokens unless H = 1 or N = 1. Shows through
    # multi_head_attention with D = 4, H = 2, N = 3: values differ. Fails the visible tests.
    "blind26_merge_heads_tokens_first_without_moving_heads": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            *batch, num_heads, head_dim, n = heads.shape
            # tokens-first flatten, but the head axis was left in front of the tokens
            return heads.transpose(-1, -2).reshape(*batch, n, num_heads * head_dim).transpose(-1, -2)
    '''),
    # torch's GRUCell arithmetic with addmm, which takes matrices only: an unbatched state (or two batch axes)
    # fails. Shows through attention_decoder_step on s_prev (3,), y_prev (2,), H (4, 7): RuntimeError here.
    # Fails the visible tests.
    "blind26_gru_step_addmm": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # torch's own GRUCell arithmetic with addmm: matrices only (a batch axis, exactly one)
            gi = torch.addmm(bias_ih, x, weight_ih.T)
            gh = torch.addmm(bias_hh, h, weight_hh.T)
            reset_x, update_x, new_x = gi.chunk(3, dim=-1)
            reset_h, update_h, new_h = gh.chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
    '''),
    # New state clamped to [-1, 1] ("a GRU state lives in the tanh range"), true only when the previous state
    # does; any s_prev is allowed. Shows through attention_decoder_step with s_prev = 5 * ones(3): model about
    # [5.0, 4.05, 5.0], entry [1, 1, 1]. Fails the visible tests.
    "blind26_gru_step_state_clamped": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            # "a GRU state lives in [-1, 1]": true only when the previous state does
            return ((1 - update) * candidate + update * h).clamp(-1.0, 1.0)
    '''),
    # D read as X.size(1), written for (B, D, N): an unbatched (D, N) input uses N as D (and a 4-D input the
    # second batch axis). Shows through rotary_embedding on Q = K = ones(4, 6): values differ (the entry's
    # output even has other rows). Fails the visible tests.
    "blind26_rotate_columns_dim_from_axis_one": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.size(1), X.shape[-1]    # written for (B, D, N)
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    '''),
    # cos/sin tables cached by (D, base, positions) but not by dtype: after a float64 call, a float32 call gets
    # float64 tables and returns float64 (the other order loses float64 accuracy). Shows on
    # rotary_embedding(Q64, K64) then rotary_embedding(Q32, K32) with the same shapes: float32 out in the model,
    # float64 here. Passes the visible tests.
    "blind26_rotate_columns_tables_cached_without_dtype": ("positions", "rotate_columns", '''
        _ROTARY_TABLES = {}

        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            key = (dim, base, tuple(positions.tolist()))      # the dtype is not part of the key
            if key not in _ROTARY_TABLES:
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                _ROTARY_TABLES[key] = (angles.cos().to(X.dtype), angles.sin().to(X.dtype))
            cos, sin = _ROTARY_TABLES[key]
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    '''),
    # positions.float() before the float64 angles: integer positions above 2**24 are rounded. Shows through
    # rotary_embedding(ones(2, 1), ones(2, 1), tensor([2**24 + 1]), tensor([0])): Q' is [0.889, 1.100] in the
    # model, [1.406, -0.153] here. Passes the visible tests.
    "blind26_rotate_columns_positions_through_float32": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            positions = positions.float()          # integer positions above 2**24 are rounded
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    '''),
    # The scores stabilised with each row's own maximum before the one softmax over the whole grid; that shifts
    # rows by different amounts and changes the weights (right only when every row has the same max, e.g. H =
    # 1). Shows on a random 2x3 grid: weights differ (rows no longer in the right proportion). Passes the
    # visible tests.
    "blind26_grid_attention_row_max_stabiliser": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                                  # (..., D_a, 1, 1)
            keys = torch.einsum("ac,...chw->...ahw", U, features)                  # (..., D_a, H, W)
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))       # (..., H, W)
            # stabilised with each row's own maximum before the one softmax over the grid
            e = e - e.amax(dim=-1, keepdim=True)
            weights = e.exp() / e.exp().sum(dim=(-2, -1), keepdim=True)
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
    '''),
    # context = (cells @ weights[..., None]).squeeze(): meant to drop the trailing 1, it also drops a batch axis
    # of 1 (or C = 1). Shows on s (1, 3), features (1, 4, 2, 3): context (1, 4) in the model, (4,) here. Passes
    # the visible tests.
    "blind26_grid_attention_context_squeezed": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            weights, _ = additive_attention(s, cells, W, U, v)
            context = (cells @ weights.unsqueeze(-1)).squeeze()    # meant: drop the trailing 1
            return weights.unflatten(-1, (height, width)), context
    '''),
    # An extra check "the window must be smaller than the grid": a single window covering the whole grid (M == H
    # or M == W) is valid. Shows on window_partition(arange(8.).reshape(2, 2, 2), 2): the model gives one
    # window, the entry raises ValueError. Fails the visible tests.
    "blind26_window_partition_rejects_window_equal_to_side": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            *batch, channels, height, width = X.shape
            if window >= height or window >= width:
                raise ValueError("the window must be smaller than the grid")
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
    '''),
    # Checks the window count (nW == (H // M)(W // M)) but not that M divides the sides, so the contract's
    # ValueError becomes a reshape RuntimeError. Shows on window_reverse(zeros(4, 3, 4), 2, 5, 4): ValueError in
    # the model, RuntimeError here. Passes the visible tests.
    "blind26_window_reverse_count_check_only": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            M = window
            if M < 1:
                raise ValueError("window must be positive")
            # only the window count is checked, not that M divides the sides
            if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
                raise ValueError("windows do not tile the grid")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
    '''),
    # Signature in (x, y) order, window_reverse(windows, window, width, height): positional callers get the
    # sides swapped on a non-square grid. Shows on window_reverse(windows of a 4x6 grid, 2, 4, 6): (2, 4, 6) in
    # the model, (2, 6, 4) here. Fails the visible tests.
    "blind26_window_reverse_width_before_height": ("swin", "window_reverse", '''
        def window_reverse(windows, window, width, height):
            # the parameters in (width, height) order, as in an (x, y) convention
            _check_grid(height, width, window)
            M = window
            if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
                raise ValueError("windows do not tile the grid")
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
    '''),
    # A shortcut for n <= 1 placed above the stride check, so stride < 1 is not rejected for tiny n. Shows on
    # strided_mask(1, 0): ValueError in the model, [[True]] here. Passes the visible tests.
    "blind26_strided_mask_small_n_shortcut_before_check": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if n <= 1:   # "nothing to stride over"; placed above the stride check
                return torch.ones(n, n, dtype=torch.bool)
            if stride < 1:
                raise ValueError(f"stride must be a positive integer; got {stride}")
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
    '''),
    # Range check against palette.shape[0] (C) instead of shape[1] (K). Shows on dequantize_pixels(tensor([[5,
    # 0]]), randn(3, 8)): the model looks the colours up, the entry raises ValueError. Fails the visible tests.
    "blind26_dequantize_range_checked_against_channels": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError("ids must be integers")
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[0]):   # shape[0] is C
                raise ValueError("ids out of range")
            return palette[:, ids.long()].movedim(0, -3)
    '''),
    # Integer check written as "not floating point and not complex": a bool image passes although the contract
    # wants a ValueError for non-integer ids. Shows on pixel_sequence(tensor([[True, False]]), 2): ValueError in
    # the model, a result here. Passes the visible tests.
    "blind26_pixel_sequence_bool_ids_accepted": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # integer check by "not floating point" only: a bool image passes
            if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex():
                raise ValueError("ids must be an integer tensor (..., H, W)")
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError("the image has no pixels")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
                raise ValueError("sos_id must be an integer >= 0")
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
    '''),
    # Extra check that the start token is larger than every pixel id; the contract accepts any sos_id >= 0.
    # Shows on pixel_sequence(tensor([[3, 7]]), 5): model ([5, 3], [3, 7]), entry ValueError. Passes the visible
    # tests.
    "blind26_pixel_sequence_requires_sos_above_ids": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            # extra sanity check: the start token must not collide with a pixel id
            if sos_id <= int(ids.max()):
                raise ValueError("sos_id must be larger than every pixel id")
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
    '''),
    # torch.stack(Y.chunk(H, -2), dim=1): the head axis lands right after one batch axis, so an unbatched input
    # (or two batch axes) is scrambled. Shows through multi_head_attention on unbatched X (4, 3), H = 2: values
    # differ. Fails the visible tests.
    "blind26_split_heads_stacked_on_axis_one": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # heads stacked at axis 1, i.e. right after the batch axis of a (B, D, N) input
            return torch.stack(Y.chunk(num_heads, dim=-2), dim=1)
    '''),
    # context = cells @ weights, a matrix-vector product that is right only when unbatched; batched weights (B,
    # H*W) are taken as a matrix. Shows on s (2, 3), features (2, 4, 2, 3): RuntimeError here. Fails the visible
    # tests.
    "blind26_grid_attention_context_matmul_weight_vector": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                       # (..., C, H*W)
            weights, _ = additive_attention(s, cells, W, U, v)  # (..., H*W)
            context = cells @ weights                          # a matrix-vector product when unbatched
            return weights.unflatten(-1, (height, width)), context
    '''),
    # mask.squeeze() to "drop the unit axes of a padding mask": a (1, N_k, 1) mask becomes (N_k,), which lines
    # up with the queries. Shows on scores zeros(1, 3, 2), mask (1, 3, 1): RuntimeError here (with N_k == N_q it
    # silently hides queries instead of keys). Fails the visible tests.
    "blind26_apply_mask_mask_squeezed": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            mask = mask.squeeze()   # "drop the unit axes of a padding mask" -- a (1, N_k, 1) mask becomes (N_k,),
            #                         which then lines up with the queries
            return scores.masked_fill(~mask, float("-inf"))
    '''),
    # Unbatched input unsqueezed then squeeze()d at the end: meant squeeze(0), it also drops C = 1 and a single
    # window. Shows on window_partition(arange(16.).reshape(1, 4, 4), 2): (4, 1, 4) in the model, (4, 4) here.
    # Fails the visible tests.
    "blind26_window_partition_squeezes_every_unit_axis": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            unbatched = X.dim() == 3
            if unbatched:
                X = X.unsqueeze(0)
            B, C, H, W = X.shape[-4:]
            M = window
            lead = X.shape[:-4]
            grid = X.reshape(*lead, B, C, H // M, M, W // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            out = grid.reshape(*lead, B, (H // M) * (W // M), C, M * M)
            return out.squeeze() if unbatched else out    # meant squeeze(0): also drops C = 1 or a single window
    '''),
    # Lengths clamped "into the valid index range" 0 .. n - 1, so a full-length sequence loses its last key.
    # Shows on padding_mask(tensor([3, 1]), 3): key 2 of sequence 0 is visible in the model, hidden here. Fails
    # the visible tests.
    "blind26_padding_mask_lengths_clamped_to_last_index": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # lengths clamped "into the valid index range" 0 .. n - 1: a full-length sequence loses its last key
            lengths = lengths.clamp(max=n - 1)
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys < lengths[:, None])[:, :, None]
    '''),
    # Off-by-one the strict way: ids >= K - 1 rejected, so the last palette colour raises. Shows on
    # dequantize_pixels(tensor([[7, 0]]), randn(3, 8)): ValueError here. Fails the visible tests.
    "blind26_dequantize_rejects_last_colour": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError("ids must be integers")
            last = palette.shape[1] - 1
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= last):    # off by one: K - 1 is valid
                raise ValueError(f"ids must lie in [0, {last})")
            return palette[:, ids.long()].movedim(0, -3)
    '''),
    # torch.tensordot(W, X) puts W's output axis first, (D_out, ..., N), and the batch axis is never moved back:
    # right only for an unbatched X. Shows through self_attention on X (2, 4, 5) with D_k = 3: RuntimeError
    # here. Passes the visible tests.
    "blind26_linear_tensordot_without_movedim": ("attention", "linear", '''
        def linear(X, W, b):
            if W.shape[-1] != X.shape[-2]:
                raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
            # tensordot puts W's remaining axis first: (D_out, ..., N); right only for an unbatched X
            return torch.tensordot(W, X, dims=([1], [X.dim() - 2])) + b[:, None]
    '''),
    # For stride >= n the mask is taken as dense ("every key lies within one stride"); it is the identity (only
    # offset 0 is a multiple of the stride). Shows on strided_mask(3, 3): eye in the model, all True here. Fails
    # the visible tests.
    "blind26_strided_mask_dense_when_stride_exceeds_n": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if stride >= n:
                # "every key lies within one stride of the query": taken as dense (it is the identity)
                return torch.ones(n, n, dtype=torch.bool)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
    '''),
    # The recurrent bias used only inside the candidate (like cuDNN's b_hn), left out of the reset and update
    # gates. Shows through attention_decoder_step on ones inputs with random params: s differs ([0.680, 0.998,
    # 0.747] vs [0.615, 0.999, 0.660]). Fails the visible tests.
    "blind26_gru_step_hidden_bias_only_in_candidate": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T).chunk(3, dim=-1)
            d = h.shape[-1]
            # the recurrent bias used only inside the candidate (as cuDNN's b_hn), left out of the r and z gates
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * (new_h + bias_hh[2 * d:]))
            return (1 - update) * candidate + update * h
    '''),
}


RIGHT_BLIND_26 = {
    # torch.triu_indices scattered into a False grid. Passes the visible tests; agrees with the model on the
    # battery above.
    "blind26_right_causal_mask_triu_indices_scatter": ("masking", "causal_mask", '''
        def causal_mask(n):
            # the upper triangle's coordinates (row = key j <= column = query i), written into a False grid
            rows, cols = torch.triu_indices(n, n)
            mask = torch.zeros(n, n, dtype=torch.bool)
            mask[rows, cols] = True
            return mask
    '''),
    # 1-based token counts from a cumsum of ones compared with the lengths. Passes the visible tests; agrees
    # with the model on the battery above.
    "blind26_right_padding_mask_cumsum_counts": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # key j is the (j+1)-th token: visible iff j + 1 <= length
            counts = torch.ones(lengths.shape[0], n, dtype=torch.long, device=lengths.device).cumsum(dim=1)
            return counts.le(lengths.unsqueeze(1)).unsqueeze(2)
    '''),
    # The band as triu(-w) & tril(w) of an all-True grid. Passes the visible tests; agrees with the model on the
    # battery above.
    "blind26_right_local_mask_two_triangles": ("masking", "local_mask", '''
        def local_mask(n, window):
            full = torch.ones(n, n, dtype=torch.bool)
            # triu(-w): i - j >= -w; tril(w): i - j <= w
            return full.triu(-window) & full.tril(window)
    '''),
    # clone(), then masked_fill_ on the copy (the input is untouched; the gradient is zero where hidden, as the
    # model's). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_apply_mask_clone_then_fill_in_place": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.clone()
            out.masked_fill_(mask.logical_not(), -math.inf)
            return out
    '''),
    # scatter_ of ones into a zero (..., V, N) tensor along the vocabulary axis. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_one_hot_scatter_ones": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            shape = (*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
            out = torch.zeros(shape, dtype=dtype if dtype is not None else torch.get_default_dtype(),
                              device=token_ids.device)
            return out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
    '''),
    # torch.nn.functional.one_hot, transposed to columns and cast to the requested (or default) dtype. Passes
    # the visible tests; agrees with the model on the battery above.
    "blind26_right_one_hot_functional_transposed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            rows = torch.nn.functional.one_hot(token_ids, vocab_size)       # (..., N, V), int64
            return rows.transpose(-1, -2).to(torch.get_default_dtype() if dtype is None else dtype)
    '''),
    # Columns picked with the flattened ids, unflattened to (D, ..., N), then D moved next to N. Passes the
    # visible tests; agrees with the model on the battery above.
    "blind26_right_embed_flat_columns_unflattened": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            flat = omega_e[:, token_ids.reshape(-1)]                   # (D, prod(...) * N)
            return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
    '''),
    # A character list with trailing spaces popped one by one (only spaces, so leading and inner runs stay).
    # Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_bpe_decode_pop_trailing_spaces": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            chars = list("".join(tokens).replace(END_OF_WORD, " "))
            while chars and chars[-1] == " ":
                chars.pop()
            return "".join(chars)
    '''),
    # merge_pair compacting a copy in place with read and write pointers (graded through train_bpe and
    # bpe_encode). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_merge_pair_write_pointer": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            out = list(symbols)     # a copy, compacted in place with a write pointer
            write = read = 0
            while read < len(out):
                if read + 1 < len(out) and out[read] == pair[0] and out[read + 1] == pair[1]:
                    out[write] = out[read] + out[read + 1]
                    read += 2
                else:
                    out[write] = out[read]
                    read += 1
                write += 1
            del out[write:]
            return out
    '''),
    # linear as baddbmm over the batch axes folded into one (1 when unbatched), reshaped back (graded through
    # self_attention). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_linear_baddbmm_flattened_batch": ("attention", "linear", '''
        def linear(X, W, b):
            if W.shape[-1] != X.shape[-2]:
                raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
            *batch, d_in, n = X.shape
            flat = X.reshape(-1, d_in, n)                             # (B, D_in, N), B = 1 when unbatched
            B = flat.shape[0]
            out = torch.baddbmm(b[:, None].expand(B, W.shape[0], n), W.expand(B, *W.shape), flat)
            return out.reshape(*batch, W.shape[0], n)
    '''),
    # linear as one addmm on every token as a row, transposed back (graded through self_attention). Passes the
    # visible tests; agrees with the model on the battery above.
    "blind26_right_linear_addmm_tokens_as_rows": ("attention", "linear", '''
        def linear(X, W, b):
            if W.shape[-1] != X.shape[-2]:
                raise ValueError(f"W must have shape (D_out, D_in={X.shape[-2]}); got {tuple(W.shape)}")
            *batch, d_in, n = X.shape
            rows = X.transpose(-1, -2).reshape(-1, d_in)               # every token a row
            out = torch.addmm(b, rows, W.T)                            # (tokens, D_out)
            return out.reshape(*batch, n, W.shape[0]).transpose(-1, -2)
    '''),
    # split_heads as Tensor.unfold of the feature axis into windows of D/H rows, then the last two axes swapped
    # (graded through multi_head_attention). Passes the visible tests; agrees with the model on the battery
    # above.
    "blind26_right_split_heads_unfold_transposed": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            size = Y.shape[-2] // num_heads
            # unfold the feature axis into non-overlapping windows of D/H rows: (..., H, N, D/H)
            return Y.unfold(-2, size, size).transpose(-1, -2)
    '''),
    # merge_heads as an einsum with a 0/1 selector (H, D/H, D) taken from the identity (graded through
    # multi_head_attention). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_merge_heads_selection_einsum": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            num_heads, head_dim = heads.shape[-3], heads.shape[-2]
            # selector[h, d, k] = 1 iff k == h * head_dim + d
            selector = torch.eye(num_heads * head_dim, dtype=heads.dtype, device=heads.device)
            selector = selector.reshape(num_heads, head_dim, num_heads * head_dim)
            return torch.einsum("...hdn,hdk->...kn", heads, selector)
    '''),
    # Gates from F.linear slices, then h' = lerp(n, h, z) = n + z (h - n) after broadcasting n and h (graded
    # through attention_decoder_step). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_gru_step_lerp_towards_state": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            gi = torch.nn.functional.linear(x, weight_ih, bias_ih)
            gh = torch.nn.functional.linear(h, weight_hh, bias_hh)
            d = h.shape[-1]
            reset = torch.sigmoid(gi[..., :d] + gh[..., :d])
            update = torch.sigmoid(gi[..., d:2 * d] + gh[..., d:2 * d])
            candidate = torch.tanh(gi[..., 2 * d:] + reset * gh[..., 2 * d:])
            # (1 - z) n + z h = n + z (h - n)
            candidate, h = torch.broadcast_tensors(candidate, h)
            return torch.lerp(candidate, h, update)
    '''),
    # The two halves put on their own axis with unflatten, rotated, stacked back and flattened (graded through
    # rotary_embedding). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_rotate_columns_unflattened_pair_axis": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            pos = torch.arange(num) if positions is None else positions
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta.unsqueeze(1) * pos.to(torch.float64).unsqueeze(0)        # (D/2, N)
            c, s = torch.cos(angles).to(X.dtype), torch.sin(angles).to(X.dtype)
            pairs = X.unflatten(-2, (2, dim // 2))          # (..., 2, D/2, N): the halves on an axis
            top, bottom = pairs.unbind(-3)
            return torch.stack((top * c - bottom * s, top * s + bottom * c), dim=-3).flatten(-3, -2)
    '''),
    # additive_attention over the reshaped cells with an explicit all-True mask. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_grid_attention_all_visible_mask": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *_, channels, height, width = features.shape
            cells = features.reshape(*features.shape[:-2], height * width)
            every_cell = torch.ones(height * width, dtype=torch.bool, device=features.device)
            weights, context = additive_attention(s, cells, W, U, v, mask=every_cell)
            return weights.reshape(*weights.shape[:-1], height, width), context
    '''),
    # Two reshapes and two transposes of adjacent axes, no movedim or permute (the result is a non-contiguous
    # view, which the contract allows). Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_window_partition_transposes_only": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            *batch, channels, height, width = X.shape
            M = window
            a, b = height // M, width // M
            grid = X.reshape(*batch, channels, a, M, b, M).transpose(-3, -2)   # (..., C, a, b, p, q)
            return grid.reshape(*batch, channels, a * b, M * M).transpose(-3, -2)
    '''),
    # The inverse of the previous entry: transposes of adjacent axes and reshapes. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_window_reverse_transposes_only": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            M = window
            a, b = height // M, width // M
            grid = windows.transpose(-3, -2).reshape(*batch, channels, a, b, M, M)  # (..., C, a, b, p, q)
            return grid.transpose(-3, -2).reshape(*batch, channels, height, width)
    '''),
    # A shortcut for M = 1 (each token its own window: flatten, transpose, unsqueeze), otherwise an explicit
    # positive-index permute. Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_window_partition_unit_window_columns": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            if window == 1:
                # every token is its own window: (..., C, H*W) -> (..., H*W, C, 1)
                return X.flatten(-2).transpose(-1, -2).unsqueeze(-1)
            *batch, channels, height, width = X.shape
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            nb = len(batch)
            grid = grid.permute(*range(nb), nb + 1, nb + 3, nb, nb + 2, nb + 4)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
    '''),
    # Diagonal views at offsets 0, ±s, ±2s, ... filled with True. Passes the visible tests; agrees with the
    # model on the battery above.
    "blind26_right_strided_mask_diagonal_views_filled": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(0, n, stride):
                mask.diagonal(offset).fill_(True)
                mask.diagonal(-offset).fill_(True)
            return mask
    '''),
    # torch.where(keys, keys, queries), i.e. keys or queries, on the broadcast flags. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_global_token_mask_where_self": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            keys = is_global[..., :, None]
            queries = is_global[..., None, :]
            return torch.where(keys, keys, queries)      # keys or queries
    '''),
    # torch.roll along the pixel axis (a new tensor), then the first slot overwritten with the start token.
    # Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_pixel_sequence_roll_then_start": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            inputs = torch.roll(targets, shifts=1, dims=-1)      # a new tensor: the last pixel wraps to the front
            inputs[..., 0] = sos_id
            return inputs, targets
    '''),
    # F.pad of targets[..., :-1] on the left with the start token (a 1x1 image pads an empty axis). Passes the
    # visible tests; agrees with the model on the battery above.
    "blind26_right_pixel_sequence_functional_pad": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1]).long()
            inputs = torch.nn.functional.pad(targets[..., :-1], (1, 0), value=sos_id)
            return inputs, targets
    '''),
    # torch.roll with no dims rolls the flattened tensor: each row's first slot gets the previous row's last
    # pixel and is then overwritten with the start token, so every row is right. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_pixel_sequence_flat_roll_then_start": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            # torch.roll without dims rolls the flattened tensor: each row's first slot receives the previous row's
            # last pixel, and is then overwritten by the start token
            inputs = targets.roll(1)
            inputs[..., 0] = sos_id
            return inputs, targets
    '''),
    # |i - j| as torch.cdist(p=1) of float64 1-D positions (exact integers). Passes the visible tests; agrees
    # with the model on the battery above.
    "blind26_right_local_mask_cdist_of_positions": ("masking", "local_mask", '''
        def local_mask(n, window):
            # |i - j| as the L1 distance between 1-D positions (exact in float64 for any realistic n)
            positions = torch.arange(n, dtype=torch.float64).unsqueeze(1)           # (n, 1)
            return torch.cdist(positions, positions, p=1) <= window
    '''),
    # Rows of an identity in the requested dtype indexed by the ids, then transposed. Passes the visible tests;
    # agrees with the model on the battery above.
    "blind26_right_one_hot_identity_rows_transposed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            identity = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return identity[token_ids].transpose(-1, -2)          # row v of the identity is token v's one-hot
    '''),
    # A shortcut for M = 1 (squeeze, transpose, unflatten), otherwise a reshape and an explicit positive-index
    # permute. Passes the visible tests; agrees with the model on the battery above.
    "blind26_right_window_reverse_unit_window_columns": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            if window == 1:
                # each window is one token (C, 1): (..., H*W, C, 1) -> (..., C, H*W) -> (..., C, H, W)
                return windows.squeeze(-1).transpose(-1, -2).unflatten(-1, (height, width))
            *batch, _, channels, _ = windows.shape
            a, b = height // M, width // M
            nb = len(batch)
            grid = windows.reshape(*batch, a, b, channels, M, M)
            grid = grid.permute(*range(nb), nb + 2, nb, nb + 3, nb + 1, nb + 4)     # (..., C, a, p, b, q)
            return grid.reshape(*batch, channels, height, width)
    '''),
}
