"""Sixty-seventh blind batch of held-out implementations (prefix blind66_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_64.py) were only skimmed for their entry names (about 4600)
and the header of held_out_blind_57.py, so that no name or mechanism here repeats one of theirs where I could tell.
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batches written at the
same time (held_out_blind_65.py, held_out_blind_67.py).

Emphasis: mask and selection conventions. Wrong entries get one convention wrong in a way that shows only on some
allowed input: a strict causal mask patched only at [0, 0]; a padding mask cut to the batch's shortest length or reading
lengths as pad counts; a local window that clamps future offsets to 0 or drops the farthest past diagonal; apply_mask
transposing every mask whose trailing sizes differ (padding masks) or collapsing an attention mask into key padding;
blind-query guards that lose keepdim (batched masks) or only fire when every query is blind (NaN otherwise), in
attention and in additive attention; padding masks that also blind padded queries or zero padded outputs; masks padded
on the left to four axes or read as per-head masks when the batch size equals the head count; a blind query's attention
update zeroed instead of bo, or the diagonal forced visible; padding inferred from all-zero key or encoder columns when no
mask is given; a decoder whose causal mask is a sliding window of four, or sits on the cross-attention block; the mask
applied to the encoder states instead of the scores; the mask read as key_padding_mask flags; a blind decoder state given
the mean context; global flags of the first batch item for all items; one wrap flag for either axis in Swin's mask; MLM
specials read as positions or as an id range, labels only where the token changed; a next-pixel shift that leaks the
target; and an additive 0/-inf float bias whose blind columns send NaN gradients into finite scores. Right entries use
another, equivalent convention internally: blocked flags (True = hidden) with where or masked_fill, additive float
masks fed to a -inf-safe softmax, the row layout with the mask transposed, a masked log-sum-exp with a where guard,
boolean-index assignment on fresh scores, and "multiply by the mask after a stable softmax" done safely (the exponent
clamped at 0 against the visible maximum, the column sum floored at 1), PyTorch's additive subsequent mask compared
with 0, complements of strictly-later keys, keep-flags for top-k/top-p with the mass before each token, one-based
residues, Swin's mask from original versus rolled offsets, one-uniform and nested-coin MLM draws.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind66/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added to its module, the entry's
source replacing the function and the stub's input checks substituted) and run against its exercise's visible tests
(with -x): every right entry passes them, and each wrong entry's comment says whether it does (12 of the 30 wrong
entries pass them). Each wrong entry's recorded input was run on the model answer and on the entry and both results
printed; each differs as its comment says (or raises where it says so). Right entries were compared with the model
answer under both default dtypes (float32 and float64), 120 random cases each: masks exactly for n = 1..12, windows
-1..14, strides 1..14, lengths 0..n, every Swin grid with M = 1..4, sides up to 3M and every shift; attention-family
functions on float32/float64 inputs with batch shapes (), (2,), (2, 3), masks of the full shape, 2-D, padding
(B, N_k, 1), fewer leading axes and unit axes, a forced all-False (blind) query column in 30 % of cases, inputs at 1000x
scale and exactly 0, the same object passed twice, values to 1e-4 (float32) / 1e-9 (float64) with the same -inf
pattern, and gradients of every input and weight compared at finite entries (no NaN allowed there) to float32
accuracy relative to the gradient's scale; the decoder step and additive attention with masks of every broadcast shape
and blind states; next_token_probs on integer-tied and random logits at 1x and 1000x, every temperature including 0,
top_k 1..V+2, top_p in {0.1, 1/3, 0.5, 0.9, 1.0}; generate with three calls on one seeded generator (same ids, same
generator state afterwards); pixel_sequence on uint8/int16/int32/int64 and transposed ids; mlm_corrupt (its draws differ
from the model answer's) by its invariants and frequencies on 20 000 positions: ids unchanged (non-contiguous, int32 and
int64), dtypes, specials (list, tuple, tensor, empty) never chosen, labels = ids exactly where chosen, unchanged
elsewhere, chosen fraction within 0.02 of mask_prob for 0, 0.15, 0.5 and 1, 80 % [MASK] and 10 % + 10 %/V unchanged
within 0.03, random ids over [0, V), empty ids, a second call on the generator giving new draws.

Judgement calls: blind66_cross_attention_head_loop_float_bias_nan_gradient was written as a right entry and failed my
gradient check (its values are right; NaN reaches the gradient of X_dec through the blind column's softmax), so it is
kept as a wrong entry that the visible tests do not catch. blind66_right_additive_attention_log_softmax_where_blind and
blind66_right_decoder_step_inline_attention_blocked_flags use torch.softmax/log_softmax: in float32 with 1000x-scale
inputs the gradient of v, whose true value is about 0, differs from the model answer's by up to 2.4e-4 while the other
gradients are of order 1e3 (a relative 1e-7, float32 rounding of a saturated softmax); I kept them as right on the
contract's "float32 accuracy", but a grader that scales its tolerance per tensor could disagree. Several wrong entries
show only on inputs the visible tests may not try: a batch size equal to the head count
(blind66_mha_batch_mask_read_as_per_head_when_sizes_match), a blind query with bo != 0
(blind66_transformer_layer_blind_query_update_zeroed_not_bo), an all-zero encoder column without a mask
(blind66_cross_attention_zero_encoder_columns_taken_for_padding), N_d > 5 (blind66_decoder_layer_causal_window_of_four).
blind66_mlm_corrupt_labels_only_where_token_changed and blind66_mlm_corrupt_special_ids_read_as_a_range are wrong in
distribution (about 10 % of the chosen positions unlabelled; ids between two special ids never chosen). Dropped: an
apply_mask that subtracts torch.where(mask, 0.0, inf) (wrong only through the default dtype, and earlier batches have that
idea); an HF-style ascending top-p (earlier batches have it); top-k/top-p, strided and sparse-cost ideas, which earlier
batches cover under nearly every mechanism I thought of. Fewer entries than asked (30 / 27 instead of about 55 / 35):
the time box, and the heavy earlier coverage of exactly these mask functions; no right entry is one I was unsure of
beyond the float32 note above.

Counts: 30 wrong, 27 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 2, 'attention_decoder_step': 2, 'causal_mask': 1, 'cross_attention': 2, 'decoder_layer': 2, 'global_token_mask': 1, 'local_mask': 2, 'mlm_corrupt': 3, 'multi_head_attention': 2, 'padding_mask': 2, 'pixel_sequence': 1, 'scaled_dot_product_attention': 3, 'self_attention': 1, 'shifted_window_mask': 1, 'transformer_layer': 3}.
Right per function: {'additive_attention': 2, 'apply_mask': 1, 'attention_decoder_step': 1, 'causal_mask': 2, 'cross_attention': 1, 'decoder_layer': 2, 'generate': 1, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 2, 'next_token_probs': 1, 'padding_mask': 1, 'pixel_sequence': 1, 'scaled_dot_product_attention': 5, 'self_attention': 1, 'shifted_window_mask': 1, 'strided_mask': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_66 = {
    # Builds the strict mask (key j < query i) and then, to keep query 0 from being blind, opens [0, 0] only: every
    # later query still cannot see itself. causal_mask(2): model [[T, T], [F, T]], entry [[T, T], [F, F]]. Fails the visible tests.
    "blind66_causal_mask_strict_then_first_query_patched": ("masking", "causal_mask", '''
        def causal_mask(n):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            mask = keys < queries
            if n > 0:
                mask[0, 0] = True          # query 0 would see nothing otherwise
            return mask
'''),
    # Pads the whole batch to its shortest sequence: key j is visible iff j < min(lengths), so the longer sequences
    # lose their tail keys. padding_mask(tensor([2, 3]), 3): model row 1 [T, T, T], entry [T, T, F]. Fails the visible tests.
    "blind66_padding_mask_whole_batch_cut_to_shortest": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            shortest = int(lengths.min()) if lengths.numel() else n
            keys = torch.arange(n, device=lengths.device)
            visible = (keys < shortest).expand(lengths.shape[0], n)
            return visible[:, :, None].clone()
'''),
    # Clamps the signed offset i - j at zero before comparing it with the window, so every key after the query has
    # "distance 0" and is visible: a causal-style window that forgot the future is symmetric.
    # local_mask(3, 0): model the identity, entry [j, i] True for every j >= i. Fails the visible tests.
    "blind66_local_mask_future_offsets_clamped_to_zero": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys).clamp(min=0) <= window
'''),
    # Sums the diagonals d = -window .. window - 1 (range's end is exclusive): the diagonal d = window, key j = i -
    # window (the farthest past key), is missing. local_mask(2, 1): model all True, entry [0, 1] False. Fails the visible tests.
    "blind66_local_mask_diagonal_range_end_exclusive": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for d in range(-window, window):
                if abs(d) < n:
                    mask |= torch.diag(torch.ones(n - abs(d), dtype=torch.bool), d)
            return mask
'''),
    # "Fixes" masks given in the (N_q, N_k) layout by transposing whenever the mask's last two sizes differ from the
    # scores': a padding mask (B, N_k, 1) is then read as (B, 1, N_k) and hides queries instead of keys (square
    # scores) or fails to broadcast. scores (2, 3, 3), mask = padding_mask([2, 3], 3): model hides key 2 of batch 0,
    # entry hides query 2 of batch 0. Fails the visible tests.
    "blind66_apply_mask_transposed_unless_trailing_sizes_match": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if tuple(mask.shape[-2:]) != tuple(scores.shape[-2:]):
                mask = mask.transpose(-2, -1)
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Hides with the most negative finite number and removes blind queries with a "has any visible key" factor taken
    # without keepdim: (..., N_q) lines up with the scores' last axis only for a 2-D mask; for a batched mask (B, N_k,
    # N_q) the batch axis meets the key axis. 2-D masks are right; mask (2, 3, 3) with column 0 of batch 1 all False:
    # the factor has shape (2, 3) and zeroes key rows, not the blind query (wrong values, or a broadcast error). Passes the visible tests.
    "blind66_sdpa_blind_query_factor_without_keepdim": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                hidden = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
                weights = torch.softmax(hidden, dim=-2) * mask
                weights = weights * mask.any(dim=-2)
            return V @ weights, weights
'''),
    # Guards the blind-query case only when no query at all sees a key (mask.any() is False); a mask with one blind
    # query among seeing ones gives NaN for that query from torch.softmax over an all -inf column.
    # mask [[T, F], [T, F]] (query 1 blind): model column 1 zeros, entry NaN. Passes the visible tests.
    "blind66_sdpa_blind_guard_only_when_every_query_blind": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                if not bool(mask.any()):
                    weights = torch.zeros_like(scores.expand(torch.broadcast_shapes(scores.shape, mask.shape)))
                    return V @ weights, weights
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-2)
            return V @ weights, weights
'''),
    # Treats a padding mask (..., N, 1) as also padding the queries: it ANDs it with its transpose, so a padded
    # query sees nothing (zero output) where the contract lets it attend to the real keys. Other masks are untouched.
    # mask = padding_mask([2, 3], 3) over X (2, D, 3): model query 2 of batch 0 averages keys 0, 1; entry gives 0. Passes the visible tests.
    "blind66_self_attention_padding_mask_also_blinds_padded_queries": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            if mask is not None and mask.shape[-1] == 1 and X.shape[-1] > 1:
                mask = mask & mask.transpose(-2, -1)        # padded tokens neither give nor take attention
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Pads the mask on the left to four axes (Hugging Face's (B, 1, N_k, N_q) habit) instead of inserting the head
    # axis at -3: a 2-D mask is fine, but a batched mask (B, N_k, N_q) becomes (1, B, N_k, N_q) and its batch axis
    # meets the head axis. mask (2, 3, 3) over Xq (2, D, 3), 2 heads, masks differing per batch item: head h of every
    # item gets item h's mask. Fails the visible tests.
    "blind66_mha_mask_left_padded_to_four_axes": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                while mask.dim() < 4:
                    mask = mask.unsqueeze(0)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Reads a batched mask whose leading size equals num_heads as a per-head mask (H, N_k, N_q), as Hugging Face's
    # head masks are: a batch mask (B, N_k, N_q) with B == H then gives head h of every item item h's mask.
    # mask (2, 3, 3) over Xq (2, D, 3) with 2 heads, items' masks differing: wrong; with B != H it is right. Passes the visible tests.
    "blind66_mha_batch_mask_read_as_per_head_when_sizes_match": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and not (mask.dim() >= 3 and mask.shape[-3] == num_heads):
                mask = mask.unsqueeze(-3)                      # one mask for every head
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Zeroes the attention sub-block's output for a query that sees no key, as if "nothing attended" meant no
    # update; the contract's attention output for such a query is bo (attention gives 0, then Wo @ 0 + bo).
    # A mask with an all-False column and bo != 0: model LN1(x + bo), entry LN1(x). Right when no query is blind. Passes the visible tests.
    "blind66_transformer_layer_blind_query_update_zeroed_not_bo": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                out = multi_head_attention(Y, Y, params, num_heads, mask)
                if mask is not None:
                    sees = mask.any(dim=-2, keepdim=True)           # (..., 1, N): query sees some key
                    out = out * sees.to(out.dtype)
                return out

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
    # Forces every token to see itself (mask | identity) "so no query is blind": a mask hiding the diagonal (a
    # blind query, or any pattern without self-attention) is changed. mask with column 0 all False: model query 0's
    # attention output is bo; entry attends to key 0. Passes the visible tests.
    "blind66_transformer_layer_self_forced_visible": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                n = X.shape[-1]
                mask = mask | torch.eye(n, dtype=torch.bool, device=X.device)
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Infers encoder padding from the data when no enc_mask is given: an all-zero encoder column is taken for a pad
    # token and hidden. Inputs may be exactly zero, and without a mask every encoder column is visible.
    # X_enc with column 2 all zeros, enc_mask=None: model attends to it, entry hides it. Passes the visible tests.
    "blind66_cross_attention_zero_encoder_columns_taken_for_padding": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is None:
                real = (X_enc != 0).any(dim=-2)                   # (..., N_e): a pad column is all zeros
                if not bool(real.all()):
                    enc_mask = real.unsqueeze(-1)                 # (..., N_e, 1)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Limits the decoder's causal self-attention to a sliding window of the last four keys (Mistral-style) where the
    # contract's causal mask shows every earlier key. Right for N_d <= 5; N_d = 6: query 5 no longer sees key 0. Passes the visible tests.
    "blind66_decoder_layer_causal_window_of_four": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            self_mask = (keys <= queries) & (queries - keys <= 4)
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Puts the causal mask on the wrong block: self-attention unmasked, and the cross-attention masked with
    # key j <= query i (and enc_mask). Any N_d >= 2: model query 0 of self-attention sees only itself; entry sees
    # every decoder token. Fails the visible tests.
    "blind66_decoder_layer_causal_mask_on_cross_block": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n_dec, n_enc = X_dec.shape[-1], X_enc.shape[-1]
            causal = torch.arange(n_enc)[:, None] <= torch.arange(n_dec)[None, :]     # (N_e, N_d)
            cross_mask = causal if enc_mask is None else causal & enc_mask
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, cross_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Applies the mask to the encoder states (zeroing hidden columns of H) instead of to the scores: hidden positions
    # keep their softmax weight (of the score v^T tanh(W s)), and the weights of visible ones are not renormalised.
    # mask [F, T, T]: model weights[0] = 0, entry weights[0] > 0. Fails the visible tests.
    "blind66_additive_attention_mask_zeroes_encoder_states": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None:
                H = H * mask.unsqueeze(-2).to(H.dtype)             # hidden states contribute nothing
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
            weights = torch.softmax(scores, dim=-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Returns zeros for a blind state only when every state of the batch is blind; a batch mixing seeing and blind
    # states gets NaN for the blind ones (torch.softmax of an all -inf row).
    # mask [[T, F], [F, F]]: model row 1 zeros, entry NaN. Fails the visible tests.
    "blind66_additive_attention_blind_guard_for_whole_batch_only": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
            if mask is not None:
                if not bool(mask.any()):
                    weights = torch.zeros_like(scores.expand(torch.broadcast_shapes(scores.shape, mask.shape)))
                    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # Passes the mask on inverted, reading it as PyTorch's key_padding_mask (True = padding): the decoder attends to
    # exactly the hidden positions. mask [T, T, F]: model weights[2] = 0, entry weights on position 2 only. Fails the visible tests.
    "blind66_decoder_step_mask_read_as_key_padding_flags": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            key_padding_mask = None if mask is None else ~mask   # PyTorch's flags: True = pad
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], key_padding_mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # A blind decoder state (mask all False) reads the mean encoder state as its context "so the GRU gets
    # something"; the contract gives it zero weights and a zero context. mask all False: the weights are zeros in
    # both, but the entry's new state and logits use H.mean(-1) as the context (logits differ). Passes the visible tests.
    "blind66_decoder_step_blind_state_reads_mean_context": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            if mask is not None:
                blind = ~mask.any(dim=-1, keepdim=True)            # (..., 1)
                context = torch.where(blind, H.mean(dim=-1), context)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Uses the special ids as positions: positions 0 .. are excluded instead of tokens whose id is special, so a
    # [CLS] or [SEP] elsewhere can be chosen and real tokens at those positions never are.
    # ids [[1, 5, 6, 2]], special_ids [1, 2], mask_prob=1.0: model labels [-100, 5, 6, -100], entry labels
    # [1, -100, -100, 2]. Fails the visible tests.
    "blind66_mlm_corrupt_special_ids_taken_as_positions": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            for position in (special_ids.tolist() if torch.is_tensor(special_ids) else list(special_ids)):
                if position < ids.shape[-1]:
                    eligible[..., position] = False
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Labels only the positions whose token actually changed (corrupted != ids): the 10 % kept unchanged, and the
    # random draws that hit the original id, get -100 although they were chosen. Seeded, mask_prob=1.0: the
    # model labels every non-special position; the entry leaves about 10 % of them at -100. Fails the visible tests.
    "blind66_mlm_corrupt_labels_only_where_token_changed": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(corrupted != ids, ids.long(), -100)
            return corrupted, labels
'''),
    # Shifts by one but slices the wrong end: inputs = [sos, targets[1:]], so column n >= 1 is given the very pixel
    # it must predict (a causal leak). ids [[3, 4]], sos 9: model inputs [9, 3], entry [9, 4]. Fails the visible tests.
    "blind66_pixel_sequence_inputs_leak_the_target_pixel": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            return torch.cat([start, targets[..., 1:]], dim=-1), targets
'''),
    # Reads `lengths` as the number of pad tokens at the end: key j is visible iff j < n - lengths[b].
    # padding_mask(tensor([1]), 3): model [[T], [F], [F]], entry [[T], [T], [F]]. Right only where 2·lengths = n. Fails the visible tests.
    "blind66_padding_mask_lengths_taken_as_pad_counts": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            pads = lengths[:, None]
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys < n - pads)[:, :, None]
'''),
    # Collapses the attention mask into key padding: a key is kept only if every query may see it (all over the
    # query axis), so under a causal mask only key 0 survives, for every query.
    # scores zeros (3, 3), mask = causal_mask(3): model column 2 keeps all three scores, entry keeps only row 0. Fails the visible tests.
    "blind66_apply_mask_keys_kept_only_if_every_query_sees_them": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            key_visible = mask.all(dim=-1, keepdim=True)          # (..., N_k, 1)
            return scores.masked_fill(~key_visible, float("-inf"))
'''),
    # Without a mask, hides every key whose K column is exactly zero, taking it for a padded position; inputs may
    # be exactly zero and no mask means every key is visible. K with column 1 all zero, mask=None: model gives key 1
    # weight exp(0)/sum, entry 0. Fails the visible tests.
    "blind66_sdpa_zero_key_columns_taken_for_padding": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if mask is None:
                mask = (K != 0).any(dim=-2).unsqueeze(-1)           # (..., N_k, 1): a zero key is padding
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            weights = softmax_cols(apply_mask(scores, mask))
            return V @ weights, weights
'''),
    # Zeroes the layer's output columns at padded positions when the mask is a padding mask (..., N, 1), as a
    # "clean-up" of tokens that do not exist; the contract's layer transforms every column.
    # mask = padding_mask([2, 3], 3): model column 2 of item 0 is a normal layer output, entry 0. Passes the visible tests.
    "blind66_transformer_layer_padded_token_outputs_zeroed": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            if mask is not None and mask.shape[-1] == 1 and X.shape[-1] > 1:
                X = X * mask.transpose(-2, -1).to(X.dtype)             # real tokens only
            return X
'''),
    # Builds the global mask from the first batch item's flags and expands it over the batch: every item gets item
    # 0's global tokens. is_global [[T, F, F], [F, F, T]]: model item 1 has row 2 and column 2 True, entry item 1
    # equals item 0's mask. Fails the visible tests.
    "blind66_global_token_mask_first_item_flags_for_whole_batch": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            flags = is_global.reshape(-1, n)[0] if is_global.dim() > 1 and is_global.numel() else is_global.reshape(-1)[:n]
            single = flags[:, None] | flags[None, :]
            return single.expand(*is_global.shape[:-1], n, n).clone()
'''),
    # One "wrapped" flag per token (row wrapped OR column wrapped) instead of the pair of flags: a token wrapped only
    # along the rows and one wrapped only along the columns look alike. height=width=4, window=2, shift=1, the
    # bottom-right window (3): model [3, 1, 2] False (token (2, 3) vs (3, 2)), entry True. Fails the visible tests.
    "blind66_shifted_window_mask_one_flag_for_either_wrap": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) + shift >= height
            cols = torch.arange(width) + shift >= width
            wrapped = (rows[:, None] | cols[None, :]).long()
            flags = window_partition(wrapped[None], window)[:, 0]
            return flags[:, :, None] == flags[:, None, :]
'''),
    # Treats the special ids as a closed range [min, max] and excludes every id inside it: ordinary tokens whose ids
    # lie between two special ids are never chosen. special_ids [0, 3], ids all 1, mask_prob=1.0: model labels all
    # 1, entry labels all -100. Passes the visible tests.
    "blind66_mlm_corrupt_special_ids_read_as_a_range": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            if special.numel():
                eligible = (ids.long() < special.min()) | (ids.long() > special.max())
            else:
                eligible = torch.ones(ids.shape, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # Hides with an additive float bias (0 / -inf) added to finite scores, then torch.softmax and torch.where to zero
    # a blind query: the values are right, but the blind column's softmax is NaN and its backward sends NaN into
    # the finite scores, so the gradients of X_dec (and the weights) are NaN. enc_mask (3, 2) with column 1 all
    # False, backward of out.sum(): model X_dec.grad[:, 1] = 0, entry NaN. Passes the visible tests.
    "blind66_cross_attention_head_loop_float_bias_nan_gradient": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            dim = X_dec.shape[-2]
            if dim % num_heads != 0:
                raise ValueError("D must be divisible by num_heads")
            d = dim // num_heads
            Q = params["Wq"] @ X_dec + params["bq"][:, None]
            K = params["Wk"] @ X_enc + params["bk"][:, None]
            V = params["Wv"] @ X_enc + params["bv"][:, None]
            outs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                scores = K[..., rows, :].transpose(-2, -1) @ Q[..., rows, :] / math.sqrt(d)
                if enc_mask is not None:
                    bias = torch.zeros_like(scores).masked_fill(~enc_mask, float("-inf"))
                    weights = torch.softmax(scores + bias, dim=-2)
                    weights = torch.where(torch.isfinite(bias).any(dim=-2, keepdim=True), weights, 0.0)
                else:
                    weights = torch.softmax(scores, dim=-2)
                outs.append(V[..., rows, :] @ weights)
            return params["Wo"] @ torch.cat(outs, dim=-2) + params["bo"][:, None]
'''),
}

RIGHT_BLIND_66 = {
    # Sign of the offset i - j: 0 on the diagonal, +1 for earlier keys.
    "blind66_right_causal_mask_sign_of_offset_nonnegative": ("masking", "causal_mask", '''
        def causal_mask(n):
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]     # [j, i] = i - j
            return torch.sign(offsets) >= 0
'''),
    # Running count of rows (j + 1) against the count of query columns (i + 1), in exact small integers.
    "blind66_right_causal_mask_row_counts_against_query_counts": ("masking", "causal_mask", '''
        def causal_mask(n):
            key_counts = torch.ones(n, n, dtype=torch.long).cumsum(dim=0)       # [j, i] = j + 1
            query_counts = torch.arange(1, n + 1)[None, :]                      # [., i] = i + 1
            return key_counts <= query_counts
'''),
    # Remaining length lengths[b] - j is positive exactly for the real keys.
    "blind66_right_padding_mask_remaining_length_positive": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            remaining = lengths[:, None] - torch.arange(n, device=lengths.device)[None, :]
            return remaining.gt(0).unsqueeze(-1)
'''),
    # Causal half-window (0 <= i - j <= w) OR its transpose (0 <= j - i <= w).
    "blind66_right_local_mask_causal_band_or_its_transpose": ("masking", "local_mask", '''
        def local_mask(n, window):
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            past = (keys <= queries) & (queries - keys <= window)
            return past | past.transpose(0, 1)
'''),
    # Inverted flags (True = blocked) and torch.where with a 0-d -inf of the scores' dtype.
    "blind66_right_apply_mask_where_on_blocked_flags": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            blocked = mask.logical_not()
            return torch.where(blocked, scores.new_tensor(float("-inf")), scores)
'''),
    # Stable softmax done without -inf: the exponent is clamped at 0 (hidden keys can have any score), multiplied by
    # the mask, and the column sum floored at 1 (a seeing column's maximum contributes exp(0) = 1, a blind column 0).
    "blind66_right_sdpa_clamped_exponent_times_mask_sum_floored_at_one": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                mask = torch.ones((), dtype=torch.bool, device=scores.device)
            visible_max = torch.where(mask, scores, float("-inf")).amax(dim=-2, keepdim=True)
            shifted = torch.clamp(scores - visible_max, max=0.0)
            exps = torch.exp(shifted) * mask.to(scores.dtype)
            weights = exps / exps.sum(dim=-2, keepdim=True).clamp(min=1.0)
            return V @ weights, weights
'''),
    # Log-sum-exp normaliser over the masked column; a blind column's (-inf) - (-inf) NaN is replaced by torch.where.
    "blind66_right_sdpa_masked_logsumexp_where_guard": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            normaliser = torch.logsumexp(scores, dim=-2, keepdim=True)
            sees = torch.isfinite(normaliser)
            weights = torch.where(sees, torch.exp(scores - torch.where(sees, normaliser, 0.0)), 0.0)
            return V @ weights, weights
'''),
    # Row layout inside (scores (..., N_q, N_k), mask transposed, softmax over the last axis), blind rows zeroed,
    # weights transposed back to the column layout.
    "blind66_right_sdpa_row_layout_with_transposed_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            rows = Q.transpose(-2, -1) @ K / math.sqrt(Q.shape[-2])              # (..., N_q, N_k)
            if mask is not None:
                visible = mask.transpose(-2, -1)                                # (..., N_q, N_k)
                rows = rows.masked_fill(~visible, float("-inf"))
                sees = visible.any(dim=-1, keepdim=True)
                weights_rows = torch.where(sees, torch.softmax(rows, dim=-1), 0.0)
            else:
                weights_rows = torch.softmax(rows, dim=-1)
            weights = weights_rows.transpose(-2, -1)
            return V @ weights, weights
'''),
    # Additive float mask (0 visible, -inf hidden) built from the blocked flags, added, then the course softmax.
    "blind66_right_sdpa_additive_float_mask_from_blocked_flags": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                bias = torch.zeros_like(scores).masked_fill(mask.logical_not(), float("-inf"))
                scores = scores + bias
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # einsum scores and the mask as an additive bias whose shape is the broadcast of scores and mask.
    "blind66_right_self_attention_einsum_additive_bias": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = torch.einsum("od,...dn->...on", Wq, X) + bq[:, None]
            K = torch.einsum("od,...dn->...on", Wk, X) + bk[:, None]
            V = torch.einsum("od,...dn->...on", Wv, X) + bv[:, None]
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                shape = torch.broadcast_shapes(scores.shape, mask.shape)
                bias = torch.zeros(shape, dtype=scores.dtype, device=scores.device)
                scores = scores + bias.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Heads written out with a head axis; mask gets its head axis by [..., None, :, :]; hidden entries handled by
    # the clamped-exponent trick (multiply by the mask, floor the column sum at 1).
    "blind66_right_mha_heads_inline_mask_multiplied_clamped_exponent": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d_head = dim // num_heads
            def heads(X, W, b):
                Y = W @ X + b[:, None]
                return Y.reshape(*Y.shape[:-2], num_heads, d_head, Y.shape[-1])
            Q = heads(Xq, params["Wq"], params["bq"])
            K = heads(Xkv, params["Wk"], params["bk"])
            V = heads(Xkv, params["Wv"], params["bv"])
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_head)                # (..., H, N_k, N_q)
            keep = torch.ones((), dtype=torch.bool) if mask is None else mask[..., None, :, :]
            top = torch.where(keep, scores, float("-inf")).amax(dim=-2, keepdim=True)
            exps = torch.exp(torch.clamp(scores - top, max=0.0)) * keep.to(scores.dtype)
            weights = exps / exps.sum(dim=-2, keepdim=True).clamp(min=1.0)
            out = V @ weights                                                   # (..., H, d, N_q)
            out = out.reshape(*out.shape[:-3], num_heads * d_head, out.shape[-1])
            return params["Wo"] @ out + params["bo"][:, None]
'''),
    # Blocked flags with masked_fill(-inf), torch.softmax, then blind queries zeroed by a keepdim "sees" factor
    # computed on the head-expanded mask.
    "blind66_right_mha_blocked_flags_softmax_then_sees_factor": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                blocked = ~mask.unsqueeze(-3)
                weights = torch.softmax(scores.masked_fill(blocked, float("-inf")), dim=-2)
                sees = (~blocked).any(dim=-2, keepdim=True)
                weights = torch.where(sees, weights, 0.0)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # The mask broadcast to the full batch and (N, N) first (it never adds batch axes, so this only expands it).
    "blind66_right_transformer_layer_mask_broadcast_to_full_batch": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                n = X.shape[-1]
                mask = torch.broadcast_to(mask, (*X.shape[:-2], n, n))
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(ln1(X))
                return X + ffn(ln2(X))
            X = ln1(X + mha(X))
            return ln2(X + ffn(X))
'''),
    # Self-attention mask as the complement of the strictly-later keys (tril(-1) marks key j > query i).
    "blind66_right_decoder_layer_self_mask_complement_of_later_keys": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            later = torch.ones(n, n, dtype=torch.bool).tril(-1)             # [j, i]: j > i
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, ~later),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Two boolean keep flags intersected: top-k by stable rank, top-p on the renormalised survivors with the
    # cumulative mass *before* each token (a token is kept iff the mass before it is < p).
    "blind66_right_next_token_probs_keep_flags_with_mass_before": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[int(torch.argmax(logits))] = 1.0
                return out
            probs = torch.softmax(logits / temperature, dim=-1)
            keep = torch.ones_like(probs, dtype=torch.bool)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                rank = torch.empty_like(order)
                rank[order] = torch.arange(len(order))
                keep = rank < top_k
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                before = torch.cat([cumulative.new_zeros(1), cumulative[:-1]])
                keep_sorted = before < top_p
                keep = torch.zeros_like(keep)
                keep[order[keep_sorted]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The window as a start index max(0, len - context_size) and narrow.
    "blind66_right_generate_window_start_and_narrow": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, ids.shape[0] - context_size)
                window = ids.narrow(0, start, ids.shape[0] - start)
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and int(token) == eos_id:
                    break
            return ids
'''),
    # Scores softmaxed with the clamped-exponent trick: exp(min(e - max_visible, 0)) * mask, sum floored at 1.
    "blind66_right_additive_attention_clamped_exponent_times_mask": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)   # (..., N)
            keep = torch.ones((), dtype=torch.bool) if mask is None else mask
            top = torch.where(keep, scores, float("-inf")).amax(dim=-1, keepdim=True)
            exps = torch.exp(torch.clamp(scores - top, max=0.0)) * keep.to(scores.dtype)
            weights = exps / exps.sum(dim=-1, keepdim=True).clamp(min=1.0)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)
            return weights, context
'''),
    # log_softmax over the masked row; a blind row (all -inf) is replaced by zeros with where.
    "blind66_right_additive_attention_log_softmax_where_blind": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
            if mask is not None:
                e = e.masked_fill(mask.logical_not(), float("-inf"))
                sees = mask.any(dim=-1, keepdim=True)
                weights = torch.where(sees, torch.log_softmax(e, dim=-1).exp(), 0.0)
            else:
                weights = torch.softmax(e, dim=-1)
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # Attention written inline in the decoder step with the mask as blocked flags and a where guard.
    "blind66_right_decoder_step_inline_attention_blocked_flags": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(params["U"] @ H + (s_prev @ params["W"].T)[..., None])
            e = (params["v"][:, None] * hidden).sum(dim=-2)
            if mask is not None:
                blocked = ~mask
                e = e.masked_fill(blocked, float("-inf"))
                weights = torch.where(blocked.all(dim=-1, keepdim=True), 0.0, torch.softmax(e, dim=-1))
            else:
                weights = torch.softmax(e, dim=-1)
            context = (H @ weights[..., None])[..., 0]
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Nested coin flips with torch.bernoulli: chosen w.p. mask_prob; then [MASK] w.p. 0.8; else random w.p. 0.5.
    "blind66_right_mlm_corrupt_bernoulli_nested_halves": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            is_special = (ids.long()[..., None] == special).any(dim=-1)
            chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob), dtype=torch.float64),
                                     generator=generator).bool() & ~is_special
            to_mask = chosen & torch.bernoulli(torch.full(ids.shape, 0.8, dtype=torch.float64),
                                               generator=generator).bool()
            to_random = chosen & ~to_mask & torch.bernoulli(torch.full(ids.shape, 0.5, dtype=torch.float64),
                                                            generator=generator).bool()
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[to_mask] = mask_id
            corrupted[to_random] = random_ids[to_random]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # One uniform per position: chosen iff u < p; within [0, p): [MASK] below 0.8p, random below 0.9p, kept above.
    "blind66_right_mlm_corrupt_one_uniform_scaled_bands": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = torch.isin(ids, special, invert=True)
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = eligible & (u < mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (u < 0.8 * mask_prob), mask_id, ids)
            corrupted = torch.where(chosen & (u >= 0.8 * mask_prob) & (u < 0.9 * mask_prob), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # inputs = the targets rolled right by one with the start token written into column 0 of a fresh tensor.
    "blind66_right_pixel_sequence_rolled_targets_start_written": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1]).to(torch.long)
            inputs = torch.roll(targets, shifts=1, dims=-1).clone()
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Residues of one-based positions: (i + 1) and (j + 1) agree mod s iff i - j is a multiple of s.
    "blind66_right_strided_mask_one_based_residues_equal": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            positions = torch.arange(1, n + 1)
            return (positions[:, None] % stride) == (positions[None, :] % stride)
'''),
    # Per axis: two tokens of a window were neighbours iff their offset in original coordinates equals their offset
    # in the rolled grid (a wrap changes it by the side length).
    "blind66_right_shifted_window_mask_original_offsets_match_rolled": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rolled_r, rolled_c = torch.meshgrid(torch.arange(height), torch.arange(width), indexing="ij")
            orig_r, orig_c = (rolled_r + shift) % height, (rolled_c + shift) % width
            coords = torch.stack([rolled_r, rolled_c, orig_r, orig_c])          # (4, H, W) as channels
            win = window_partition(coords, window)                               # (nW, 4, M*M)
            d = win[:, :, :, None] - win[:, :, None, :]                          # (nW, 4, keys, queries)
            return (d[:, 0] == d[:, 2]) & (d[:, 1] == d[:, 3])
'''),
    # enc_mask broadcast to the decoder batch and (N_e, N_d) before the one multi-head call.
    "blind66_right_cross_attention_mask_broadcast_to_batch": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                shape = (*X_dec.shape[:-2], X_enc.shape[-1], X_dec.shape[-1])
                enc_mask = enc_mask.broadcast_to(shape)
            return multi_head_attention(X_dec, X_enc, params, num_heads, mask=enc_mask)
'''),
    # PyTorch's additive subsequent mask in the column layout (-inf strictly below the diagonal: key j > query i),
    # turned back into the course's boolean mask by comparing with 0.
    "blind66_right_decoder_layer_additive_future_mask_compared_to_zero": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            additive = torch.full((n, n), float("-inf")).tril(-1)              # [j, i] = -inf iff j > i
            self_mask = additive == 0
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Hidden scores written with boolean indexing into the freshly computed scores (never into an input).
    "blind66_right_sdpa_boolean_index_assignment_on_fresh_scores": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                hidden = ~mask.expand(torch.broadcast_shapes(scores.shape, mask.shape))
                scores = scores.expand(hidden.shape).clone()
                scores[hidden] = float("-inf")
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
}
