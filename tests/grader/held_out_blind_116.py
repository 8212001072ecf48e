"""Hundred-and-seventeenth blind batch of held-out implementations (prefix blind116_), written without reading grader/
or tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>` and `--help` to
find --target), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_113.py) were only skimmed:
their "Emphasis" paragraphs, their entry names (grepped for the mechanisms planned here, to drop repeats) and
held_out_blind_90.py's header for the style. One listing of tests/grader/ was filtered through `grep held_out`, which
also showed the name of one test file there (not opened). Nothing else under grader/ or tests/ was opened, grepped or
run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_114.py,
held_out_blind_115.py, held_out_blind_117.py).

Emphasis: options and arguments passed down through composites. Every wrong entry's own arithmetic is the model
answer's; what goes wrong is how one option or argument reaches an inner step. Wrong entries: a mask that reaches one
of two inner calls only (scaled dot-product attention returning the weights of an unmasked softmax, the decoder step
returning the weights of an unmasked second additive_attention call); an option left at a helper's default (pre-LN
given to the FFN sublayer but not to the attention sublayer, cross-attention run with a helper's `heads=8`); a
positional argument shifted by an inserted parameter (a mask landing in an attention helper's `scale` slot; eps
inserted before transformer_layer's norm_first, a decoder `self_mask` before enc_mask, a Hugging Face
`length_penalty` before beam_search's eos_id; beam width 1 delegated to generate(model, prompt, n, 0, eos_id), where
eos_id lands in top_k; a beam-search helper given width and steps swapped; mlm_corrupt's helper given mask_id and
vocab_size swapped, and mask_prob landing in the [MASK]-share slot of the 80/10/10 split); an option under the wrong
name or value (generate's top_p=top_k typo, its filtered branch dropping the temperature, embed's vocabulary taken as
len(omega_e), a patch size re-derived from W's width, zero eps or window lost to `or`); an option changed before or
while it is forwarded (the caller's mask given its head axis with the in-place unsqueeze_, the caller's params dict
emptied by pop, a head axis added by the layer and again by multi_head_attention, a head axis copied into
self_attention, added only when there are several heads, a padding mask widened to the encoder's length, a mask moved
with .to(X_dec) and so cast to float, a rnn mask given padding_mask's column layout, one mask variable reused for both
decoder blocks and read late); a generator given to the first draw only; and default positions forwarded as None into
one fused rotary call, so K's positions continue after Q's. Right entries are composites that forward every option
correctly in unusual ways: keyword-only and shuffled keyword calls, functools.partial (projections, head splitting,
attention with params / num_heads / mask bound, layer norms with eps, the next-token filter and the draw, patchify,
rotate_columns with base, torch.rand / torch.randint with the generator), dict unpacking (multi_head_attention's
arguments, the decoder step's weights, generate's options, mlm_corrupt's generator), explicit loops over sublayers,
heads, sides and axes, tables of keyword dicts, and a lazy dispatch table of lambdas.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind116/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (12 of the 29 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (the two mlm_corrupt entries by
frequencies on 20 000 positions; the generate-generator entry by the ids drawn under two global seeds). Right entries
were compared with the model answer under both default dtypes with float32 and float64 inputs, random shapes with 0-2
batch axes and sizes from 1, values to 1e-4 / 1e-10, dtypes and shapes exactly, the inputs checked unchanged, the
contract's ValueErrors matched, and gradients of every floating-point input (params included) to 1e-3 / 1e-8:
attention, self-attention, multi-head attention, the transformer layer (both norm orders, positional and keyword),
cross-attention and the decoder layer with no mask, random, causal, batched, padding (B, N_k, 1), all-False and
(1, N_k, N_q) masks, tied weights (Wk is Wq), self-attention with the same object twice, D not divisible by H, and
multi-head attention under torch.no_grad(); the decoder step with broadcast H, batched, shared and all-hidden masks and
a params dict with an extra entry and one missing; grid attention; patch_embedding; rotary with and without positions
and other bases (odd D raising); patch_merging with eps 1e-5, 0.0, 0 and 0.1 and features scaled 1e-3 and 1e3;
channel attention with default and given scales and the N = 0 and bad-G ValueErrors; shifted_window_mask over every
grid up to 8 x 8, window 0..4 and shift -1..5; sparse_attention_cost over every pattern, sizes including 0, n up to
10**15 and missing sizes or unknown names; generate on 300 random context-dependent models (rounded logits for ties,
every option combination, context_size 0..4, eos, positional and keyword calls) with the same ids and the same
generator state afterwards, and under torch.manual_seed with no generator; beam_search on 400 random models (widths
1..4, 0..4 steps, eos None / 0 / V-1, keyword calls, width 0 raising); mlm_corrupt equal to the model answer for the
same seed on 200 calls (int32 and non-contiguous ids, list / tuple / tensor / empty specials, mask_prob 0, 0.15, 0.5,
1) and nsp_pairs equal for the same seed on 300 document lists (empty documents, tuples, the one-document ValueError),
both leaving the generator where the model answer does.

Judgement calls: three wrong entries change the signature by inserting a parameter (transformer_layer's eps,
decoder_layer's self_mask, beam_search's length_penalty); each is right under keyword calls and wrong only when the
following argument is passed positionally, which the contract allows ("parameters keep the names and order of the
stubs' signatures"). blind116_mha_mask_head_axis_added_in_place_on_callers_mask and
blind116_transformer_layer_ffn_and_norm_entries_popped_from_callers_params return the right values on a first call and
are wrong by changing the caller's arguments. blind116_beam_search_width_one_delegated_with_eos_in_the_top_k_slot also
draws from the global random stream (generate at temperature 0 still calls multinomial); it is counted wrong for the
eos it never stops at. blind116_sparse_cost_size_picked_by_or_chain_loses_zero is wrong only for window = 0 (a
diagonal band, which the contract's formula covers). blind116_patch_merging_zero_eps_replaced_by_default_in_the_call
relies on the contract's sentence that eps = 0.0 means no smoothing. A right-entry first draft of generate cropped the
context with ids[len(ids) - context_size:], which differs from the model answer at context_size = 0 (all tokens there);
it was rewritten to keep that case. Planned wrong entries dropped because an earlier batch already holds the same
mechanism for the same function: enc_mask not forwarded to the decoder's cross step, the decoder's FFN written pre-LN,
causal cross-attention, the GRU biases swapped, W and U swapped in grid attention, top_p dropped when top_k is given
(the elif), the rotary base given to Q only, the random ids or the action draw of mlm_corrupt from the global stream,
an NSP partner drawn from the global stream, patch_merging's eps dropped, merges popped from bpe_encode's list, and
most_common in train_bpe. Fewer wrong entries than the aim of 35 (29): the emphasis is narrow and most other option
slips in these composites were already in earlier batches.

Counts: 29 wrong, 22 right.
Wrong per function: {'attention_decoder_step': 2, 'beam_search': 3, 'cross_attention': 2, 'decoder_layer': 3, 'embed': 1, 'generate': 3, 'mlm_corrupt': 2, 'multi_head_attention': 3, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sparse_attention_cost': 1, 'transformer_layer': 4}.
Right per function: {'attention_decoder_step': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 2, 'generate': 2, 'grid_attention': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sparse_attention_cost': 1, 'transformer_layer': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_116 = {
    # The mask reaches only the second of two softmax calls: the output uses the masked weights, but the returned
    # weights come from the first, unmasked softmax. Q = K = V = eye(2), mask = causal_mask(2): model weights
    # [[1, 0.33], [0, 0.67]], entry weights [[0.67, 0.33], [0.33, 0.67]]. Fails the visible tests.
    "blind116_sdpa_returned_weights_from_the_unmasked_softmax_call": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            weights = softmax_cols(scores)
            if mask is None:
                return V @ weights, weights
            visible_weights = softmax_cols(apply_mask(scores, mask))
            return V @ visible_weights, weights
'''),
    # The mask is handed on with the head axis that multi-head attention gives it, although self-attention has no
    # head axis: an unbatched X with a (N, N) mask comes out (1, Dv, N). X (2, 3), identity weights, zero biases,
    # mask = causal_mask(3): model output shape (2, 3), entry (1, 2, 3). Passes the visible tests.
    "blind116_self_attention_mask_forwarded_with_a_head_axis": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            if mask is not None:
                mask = mask.unsqueeze(-3)  # one mask for every head
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The mask gets its head axis with the in-place unsqueeze_, so the caller's mask itself becomes (1, N_k, N_q):
    # the first call is right, the caller's tensor is changed, and a second call with the same mask on unbatched
    # inputs returns (1, D, N_q). mask = causal_mask(3), X (4, 3), 2 heads: model mask shape after the call (3, 3),
    # entry (1, 3, 3); second call output shape model (4, 3), entry (1, 4, 3). Passes the visible tests.
    "blind116_mha_mask_head_axis_added_in_place_on_callers_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask.unsqueeze_(-3)  # one mask for all heads
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # A helper takes an inserted `scale` before `mask`, and the call passes the mask positionally, so it lands in
    # the scale slot: visible scores are multiplied by True (left unscaled) and hidden ones by False (0, not -inf).
    # Without a mask the helper's default scale is right. X = randn(4, 3) (seed 0), random params, 2 heads,
    # mask = causal_mask(3): outputs differ (max |diff| 2.0; without a mask they agree). Fails the visible tests.
    "blind116_mha_mask_passed_into_helpers_inserted_scale_slot": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def attend(Q, K, V, scale=None, mask=None):
                if scale is None:
                    scale = 1 / math.sqrt(Q.shape[-2])
                scores = K.transpose(-2, -1) @ Q * scale
                if mask is not None:
                    scores = scores.masked_fill(~mask, float("-inf"))
                return V @ torch.softmax(scores, dim=-2)

            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads = attend(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The head axis is added only when there are several heads ("one head needs no head axis"); with one head a
    # batched mask (B, N_k, N_q) then lines up its batch axis with the head axis. X (2, 4, 3), 1 head,
    # mask (2, 3, 3): model output (2, 4, 3), entry ValueError (the merged heads are 8 rows wide).
    # Passes the visible tests.
    "blind116_mha_mask_head_axis_only_when_several_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and num_heads > 1:
                mask = mask.unsqueeze(-3)  # shared by the heads
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # A residual helper takes norm_first with a default of False; the FFN call passes it, the attention call does
    # not, so under norm_first=True the attention sublayer stays post-LN and only the FFN is pre-LN.
    # X = randn(4, 3), random params, 2 heads, norm_first=True: outputs differ (max |diff| 3.5; post-LN agrees).
    # Fails the visible tests.
    "blind116_transformer_layer_attention_sublayer_not_given_norm_first": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def residual(Y, sublayer, gamma, beta, norm_first=False):
                if norm_first:
                    return Y + sublayer(layer_norm(Y, gamma, beta))
                return layer_norm(Y + sublayer(Y), gamma, beta)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            X = residual(X, attend, params["gamma1"], params["beta1"])
            X = residual(X, think, params["gamma2"], params["beta2"], norm_first)
            return X
'''),
    # The FFN and norm entries are popped out of the caller's params so that multi-head attention gets "only its
    # own" dict: the result is right, but the caller's dict loses eight entries and a second call with it raises
    # KeyError. X = randn(4, 3), random params, 2 heads: model leaves 16 keys, entry 8; second call model returns,
    # entry KeyError 'W1'. Fails the visible tests.
    "blind116_transformer_layer_ffn_and_norm_entries_popped_from_callers_params": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            ffn = [params.pop(name) for name in ("W1", "b1", "W2", "b2")]
            gamma1, beta1, gamma2, beta2 = (params.pop(name) for name in ("gamma1", "beta1", "gamma2", "beta2"))
            attention_params = params  # what is left: the attention weights
            if norm_first:
                Y = layer_norm(X, gamma1, beta1)
                X = X + multi_head_attention(Y, Y, attention_params, num_heads, mask)
                X = X + feed_forward(layer_norm(X, gamma2, beta2), *ffn)
            else:
                X = layer_norm(X + multi_head_attention(X, X, attention_params, num_heads, mask), gamma1, beta1)
                X = layer_norm(X + feed_forward(X, *ffn), gamma2, beta2)
            return X
'''),
    # The layer gives the mask a head axis before handing it on, and multi_head_attention adds its own: an
    # unbatched X with a (N, N) mask comes out (1, D, N). X (4, 3), random params, 2 heads, mask = causal_mask(3):
    # model output shape (4, 3), entry (1, 4, 3). Passes the visible tests.
    "blind116_transformer_layer_mask_given_a_head_axis_before_mha_adds_one": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            if mask is not None:
                mask = mask.unsqueeze(-3)  # (..., 1, N, N): the same mask for every head

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
    # An `eps` parameter is inserted before norm_first, so a positional norm_first lands in eps: the call
    # transformer_layer(X, params, 2, None, True) runs post-LN with eps = True = 1. X = randn(4, 3), random params:
    # outputs differ (max |diff| 3.7; norm_first=True by keyword agrees). Passes the visible tests.
    "blind116_transformer_layer_eps_parameter_inserted_before_norm_first": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, eps=1e-5, norm_first=False):
            # (the stub's input checks)
            def norm(Y, index):
                return layer_norm(Y, params[f"gamma{index}"], params[f"beta{index}"], eps)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(norm(X, 1))
                X = X + think(norm(X, 2))
            else:
                X = norm(X + attend(X), 1)
                X = norm(X + think(X), 2)
            return X
'''),
    # An attention-block helper has `heads=8` as a default; the self-attention call passes num_heads, the
    # cross-attention call does not, so cross-attention always runs with 8 heads. D = 8, 2 heads, random params,
    # X_dec randn(8, 3), X_enc randn(8, 5): outputs differ (max |diff| 0.11); D = 6 raises
    # ValueError in the entry. Fails the visible tests.
    "blind116_decoder_layer_cross_block_heads_left_at_helper_default": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def attention_block(Y, memory, block_params, mask=None, heads=8):
                return multi_head_attention(Y, memory, block_params, heads, mask)

            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + attention_block(X, X, params["self_attn"], causal, num_heads),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + attention_block(X, X_enc, params["cross_attn"], enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Both attention blocks are lambdas reading one variable `mask`, set to the causal mask and then reused for
    # enc_mask before the blocks run: the self-attention reads the late value (enc_mask, usually None), so the
    # decoder is not causal. Random params, X_dec randn(4, 3), X_enc randn(4, 5), 2 heads, no enc_mask: outputs
    # differ (max |diff| 3.1). Fails the visible tests.
    "blind116_decoder_layer_masks_read_late_through_one_reused_name": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            mask = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            self_block = lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, mask)
            mask = enc_mask
            cross_block = lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, mask)
            ffn_block = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            X = X_dec
            for index, block in enumerate((self_block, cross_block, ffn_block), start=1):
                X = layer_norm(X + block(X), params[f"gamma{index}"], params[f"beta{index}"])
            return X
'''),
    # A `self_mask` parameter (decoder padding) is inserted before enc_mask, so a positional enc_mask lands in
    # self_mask: it is and-ed into the causal mask and the cross-attention runs unmasked. X_dec, X_enc randn(1, 4, 3),
    # random params, decoder_layer(X_dec, X_enc, params, 2, padding_mask(tensor([1]), 3)): outputs differ (max |diff|
    # 2.7; enc_mask by keyword agrees). Passes the visible tests.
    "blind116_decoder_layer_self_mask_parameter_inserted_before_enc_mask": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, self_mask=None, enc_mask=None):
            # (the stub's input checks)
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            if self_mask is not None:
                causal = causal & self_mask
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # A padding mask (B, N_e, 1) is widened "to one column per query" before it is handed on, but with the
    # encoder's length instead of the decoder's: right when N_e == N_d, an error otherwise. X_dec (2, 4, 3),
    # X_enc (2, 4, 5), padding_mask(tensor([5, 2]), 5), 2 heads: model (2, 4, 3), entry RuntimeError.
    # Fails the visible tests.
    "blind116_cross_attention_padding_mask_widened_to_encoder_length": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None and enc_mask.shape[-1] == 1:
                enc_mask = enc_mask.expand(*enc_mask.shape[:-1], X_enc.shape[-1])  # one column per query
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The mask is moved "to the input's device" with .to(X_dec), which also casts it to X_dec's float dtype, and
    # apply_mask refuses a float mask: any enc_mask raises. X_dec (4, 3), X_enc (4, 5), 2 heads,
    # enc_mask = ones(5, 3, dtype=bool): model returns (4, 3), entry ValueError. Fails the visible tests.
    "blind116_cross_attention_enc_mask_moved_with_to_tensor_becomes_float": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None:
                enc_mask = enc_mask.to(X_dec)  # same device as the inputs
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The mask reaches only one of two additive_attention calls: the context comes from the masked call, the
    # returned weights from an unmasked one. s randn(3), H randn(4, 5), mask [T, T, F, F, F]: model weights are 0
    # on the hidden positions, entry weights are not (max |diff| 0.72). Fails the visible tests.
    "blind116_decoder_step_returned_weights_from_an_unmasked_second_call": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, _ = additive_attention(s_prev, H, params["W"], params["U"], params["v"])
            _, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The mask is given the column layout of padding_mask, (..., N, 1), before it is handed on; against the (..., N)
    # scores of additive attention it broadcasts into a batch of N states. s randn(3), H randn(4, 5), mask
    # [T, T, F, F, F]: model s (3,), weights (5,); entry s (5, 3), weights (5, 5). Fails the visible tests.
    "blind116_decoder_step_mask_forwarded_in_padding_mask_layout": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            if mask is not None:
                mask = mask[..., None]  # keys as rows, as padding_mask returns them
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The generator is passed to the first draw (written before the loop) and not to the draws in the loop, which
    # use the global stream. A model with uniform logits over 50 tokens, prompt [0], 6 new tokens,
    # Generator().manual_seed(1) under torch.manual_seed(0) and under torch.manual_seed(5): model the same ids both
    # times, entry only the first new token agrees. Fails the visible tests.
    "blind116_generate_generator_passed_to_the_first_draw_only": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            def probs_after(ids):
                context = ids if context_size is None else ids[-context_size:]
                return next_token_probs(model(context)[:, -1], temperature, top_k, top_p)

            ids = prompt
            if max_new_tokens < 1:
                return ids
            next_id = torch.multinomial(probs_after(ids), 1, generator=generator)
            ids = torch.cat([ids, next_id.to(ids.dtype)])
            if eos_id is not None and int(next_id) == eos_id:
                return ids
            for _ in range(max_new_tokens - 1):
                next_id = torch.multinomial(probs_after(ids), 1)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # A copy-paste slip in the keyword call: top_p=top_k. A given top_p is dropped, and a given top_k (> 1) is
    # also sent as top_p, which next_token_probs rejects. generate(model, [0], 3, top_k=5): model returns,
    # entry ValueError; top_p=0.5 on a model with logits [2, 1, 0, ...]: model draws only id 0, entry draws others.
    # Fails the visible tests.
    "blind116_generate_top_p_keyword_given_the_top_k_value": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature=temperature, top_k=top_k, top_p=top_k)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Two calls of next_token_probs, one per branch: the plain branch passes the temperature, the filtered branch
    # (top_k or top_p given) passes only the filters, so a temperature with a filter is dropped. Logits
    # [1, 0.5, 0, ...] over 8 tokens, temperature=0, top_k=3, 5 new tokens: model always id 0, entry draws ids 1, 2.
    # Passes the visible tests.
    "blind116_generate_filtered_branch_drops_the_temperature": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if top_k is None and top_p is None:
                    probs = next_token_probs(logits, temperature)
                else:
                    probs = next_token_probs(logits, top_k=top_k, top_p=top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Width 1 is delegated to greedy generation, generate(model, prompt, max_new_tokens, 0, eos_id): the fifth
    # positional slot is top_k, so eos_id becomes a top-k and generation never stops at eos (and eos_id = 0 is a
    # ValueError). A model preferring eos 2 after the prompt, then 1: beam_search(model, [0], 1, 4, eos_id=2):
    # model [0, 2], entry [0, 2, 1, 1, 1]. Passes the visible tests.
    "blind116_beam_search_width_one_delegated_with_eos_in_the_top_k_slot": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if beam_width == 1:
                return generate(model, prompt, max_new_tokens, 0, eos_id)  # greedy = a beam of one
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
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The search helper is defined as search(beams, width, steps) and called as search(beams, max_new_tokens,
    # beam_width): width and number of steps swap; right whenever they are equal. A model preferring 3 (then a flat
    # column) over 1 (then a certain 1): beam_search(model, [0], 2, 3): model [0, 1, 1, 1], entry [0, 1, 1].
    # Fails the visible tests.
    "blind116_beam_search_helper_width_and_steps_passed_swapped": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            def search(beams, width, steps):
                for _ in range(steps):
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
                    beams = candidates[:width]
                    if all(finished for _, _, finished in beams):
                        break
                return beams[0][1]

            return search([(0.0, prompt, False)], max_new_tokens, beam_width)
'''),
    # A `length_penalty` (Hugging Face's) is inserted before eos_id with the neutral default 0.0, so a positional
    # eos_id lands in it: beams are ranked by score / length**eos_id and never finish. beam_search(model, [0], 2, 3,
    # 2) with a model preferring eos 2 first: model [0, 2], entry [0, 2, 1, 1]. Passes the visible tests.
    "blind116_beam_search_length_penalty_inserted_before_eos_id": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, length_penalty=0.0, eos_id=None):
            # (the stub's input checks)
            start = len(prompt)
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
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0] / max(len(c[1]) - start, 1) ** length_penalty)
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The vocabulary size handed to one_hot is len(omega_e), the number of ROWS (D), not of columns (V): right only
    # for a square table. omega_e randn(3, 5), ids [4, 0]: model (3, 2), entry ValueError (id 4 outside [0, 3)).
    # Fails the visible tests.
    "blind116_embed_one_hot_given_len_of_table_as_vocabulary": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e @ one_hot(token_ids, len(omega_e), omega_e.dtype)
'''),
    # The size is picked with `window or stride or num_global`, so a size of 0 is passed on as None (or as another
    # pattern's size). sparse_attention_cost("local", 5, window=0): model 5, entry TypeError (min of None);
    # with stride=2 also given the entry uses 2 as the window. Passes the visible tests.
    "blind116_sparse_cost_size_picked_by_or_chain_loses_zero": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            size = window or stride or num_global
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(size, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = (n - 1) // size if n else 0
                return n + 2 * (m * n - size * m * (m + 1) // 2)
            return n * n - (n - size) ** 2
'''),
    # The patch size passed to patchify is re-derived from W's width as sqrt(W.shape[1]) (a one-channel habit)
    # instead of the caller's patch_size: right for C = 1, wrong for colour images. images randn(1, 3, 4, 4), P = 2,
    # W randn(5, 12): model (1, 5, 5), entry ValueError (patch size 3 does not divide 4). Fails the visible tests.
    "blind116_patch_embedding_patch_size_rederived_from_weight_width": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            size = int(math.sqrt(W.shape[1]))  # W is (D, P * P)
            tokens = linear(patchify(images, size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Q and K are rotated in one rotate_columns call over their concatenated columns, and positions that are None
    # are passed on as None: the default positions then run 0 .. N_q + N_k - 1, so K's start at N_q, not 0.
    # Q = K = randn(4, 2), no positions: K' differs (max |diff| 2.9; given positions agree). Passes the visible tests.
    "blind116_rotary_fused_call_default_positions_continue_from_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            num_q, num_k = Q.shape[-1], K.shape[-1]
            if positions_q is None and positions_k is None:
                positions = None
            else:
                if positions_q is None:
                    positions_q = torch.arange(num_q)
                if positions_k is None:
                    positions_k = torch.arange(num_k)
                positions = torch.cat([positions_q, positions_k])
            rotated = rotate_columns(torch.cat([Q, K], dim=-1), positions, base)
            return rotated[..., :num_q], rotated[..., num_q:]
'''),
    # A helper replace(ids, chosen, action, vocab_size, mask_id, generator) is called with mask_id and vocab_size
    # in swapped slots: chosen tokens become vocab_size (an id outside the vocabulary) and random tokens are drawn
    # below mask_id. ids = arange(10) repeated 2000 times, vocabulary 10, mask id 3: model never returns id 10,
    # entry returns it at 81 % of the chosen positions. Fails the visible tests.
    "blind116_mlm_corrupt_helper_given_mask_id_and_vocab_size_swapped": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            def replace(ids, chosen, action, vocab_size, mask_id, generator):
                random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
                out = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
                return torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, out)

            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            corrupted = replace(ids, chosen, action, mask_id, vocab_size, generator)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # mask_prob is passed positionally to a split helper whose first parameter is the [MASK] share (0.8): read as
    # "the probability of [MASK]", it makes only 15 % of the chosen tokens [MASK] and 75 % stay unchanged.
    # ids of 20 000 ordinary tokens, mask_prob 0.15: model 81 % of the chosen become mask_id, entry 16 % (76 %
    # unchanged). Fails the visible tests.
    "blind116_mlm_corrupt_mask_prob_lands_in_the_mask_share_slot": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            def split(action, mask_share=0.8, random_share=0.1):
                to_mask = action < mask_share
                to_random = (action >= mask_share) & (action < mask_share + random_share)
                return to_mask, to_random

            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            to_mask, to_random = split(torch.rand(ids.shape, generator=generator), mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & to_mask, torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & to_random, random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # eps is handed to layer_norm as `eps or 1e-5`, so eps = 0.0 ("no smoothing") becomes the default.
    # X = 1e-3 * randn(1, 2, 4, 4) (seed 0), gamma = 1, beta = 0, W randn(4, 8), eps = 0.0: outputs differ (max
    # |diff| 7.4; the default eps agrees). Passes the visible tests.
    "blind116_patch_merging_zero_eps_replaced_by_default_in_the_call": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps or 1e-5)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
}
RIGHT_BLIND_116 = {
    # Every inner call by keyword, in an order different from the signature's: apply_mask(mask=..., scores=...),
    # softmax_cols(scores=...). Passes the visible tests.
    "blind116_right_sdpa_inner_calls_by_shuffled_keywords": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.transpose(-2, -1), Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(mask=mask, scores=scores)
            weights = softmax_cols(scores=scores)
            return torch.matmul(V, weights), weights
'''),
    # The three projections through functools.partial(linear, X) over a table of (W, b) pairs, and attention
    # called with every argument by keyword. Passes the visible tests.
    "blind116_right_self_attention_partial_projections_keyword_attention": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            import functools

            project = functools.partial(linear, X)
            Q, K, V = (project(W=weight, b=bias) for weight, bias in ((Wq, bq), (Wk, bk), (Wv, bv)))
            return scaled_dot_product_attention(V=V, K=K, Q=Q, mask=mask)
'''),
    # Projections from a dict built in a loop over "qkv", heads split by functools.partial(split_heads,
    # num_heads=...), the mask's head axis by indexing (mask[..., None, :, :]), attention by keyword. Passes the
    # visible tests.
    "blind116_right_mha_projection_table_and_partial_split": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            import functools

            split = functools.partial(split_heads, num_heads=num_heads)
            sources = {"q": Xq, "k": Xkv, "v": Xkv}
            projected = {name: split(linear(source, params["W" + name], params["b" + name]))
                         for name, source in sources.items()}
            options = {} if mask is None else {"mask": mask[..., None, :, :]}
            heads, _ = scaled_dot_product_attention(projected["q"], projected["k"], projected["v"], **options)
            return linear(merge_heads(heads), W=params["Wo"], b=params["bo"])
'''),
    # An explicit loop over heads: each head's rows sliced out and attended with the SAME mask (no head axis is
    # needed per head), passed by keyword; outputs stacked in order. Passes the visible tests.
    "blind116_right_mha_head_loop_each_head_given_the_mask_by_keyword": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            width = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for head in range(num_heads):
                rows = slice(head * width, (head + 1) * width)
                output, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :],
                                                         mask=mask)
                outputs.append(output)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # An explicit loop over the two sublayers, each a (suffix, callable) pair; norm_first chooses the residual form
    # inside the loop, so both sublayers always get the same order. Passes the visible tests.
    "blind116_right_transformer_layer_loop_over_sublayers": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            sublayers = (
                ("1", lambda Y: multi_head_attention(Y, Y, params, num_heads, mask=mask)),
                ("2", lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])),
            )
            for suffix, sublayer in sublayers:
                gamma, beta = params["gamma" + suffix], params["beta" + suffix]
                if norm_first:
                    X = X + sublayer(layer_norm(X, gamma, beta))
                else:
                    X = layer_norm(X + sublayer(X), gamma, beta)
            return X
'''),
    # The options bound once with functools.partial (attention with params, num_heads and mask as keywords,
    # the norms with eps=1e-5 as a keyword), then the two branches. Passes the visible tests.
    "blind116_right_transformer_layer_partial_bound_options": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            from functools import partial

            attend = partial(multi_head_attention, params=params, num_heads=num_heads, mask=mask)
            norm1 = partial(layer_norm, gamma=params["gamma1"], beta=params["beta1"], eps=1e-5)
            norm2 = partial(layer_norm, gamma=params["gamma2"], beta=params["beta2"], eps=1e-5)
            think = partial(feed_forward, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            if not norm_first:
                X = norm1(X + attend(X, X))
                return norm2(X + think(X))
            Y = norm1(X)
            X = X + attend(Y, Y)
            return X + think(norm2(X))
'''),
    # multi_head_attention called with a dict of keyword arguments unpacked (enc_mask under the callee's name
    # "mask"). Passes the visible tests.
    "blind116_right_cross_attention_keyword_dict_unpacked": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            arguments = dict(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
            return multi_head_attention(**arguments)
'''),
    # A table of three sublayers, each with its own keyword dict (memory, params, mask), walked in a loop; the FFN
    # row has no attention options. Passes the visible tests.
    "blind116_right_decoder_layer_sublayer_table_with_keyword_dicts": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            table = [
                ("1", {"memory": None, "block": params["self_attn"], "mask": causal}),
                ("2", {"memory": X_enc, "block": params["cross_attn"], "mask": enc_mask}),
                ("3", None),
            ]
            X = X_dec
            for suffix, options in table:
                if options is None:
                    update = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                else:
                    memory = X if options["memory"] is None else options["memory"]
                    update = multi_head_attention(X, memory, options["block"], num_heads, mask=options["mask"])
                X = layer_norm(X + update, params["gamma" + suffix], params["beta" + suffix])
            return X
'''),
    # num_heads bound once with functools.partial(multi_head_attention, num_heads=...), each attention call
    # giving its mask by keyword; the norms through a helper that reads gamma/beta by index. Passes the visible
    # tests.
    "blind116_right_decoder_layer_partial_heads_keyword_masks": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            import functools

            attend = functools.partial(multi_head_attention, num_heads=num_heads)

            def norm(Y, index):
                return layer_norm(Y, params[f"gamma{index}"], params[f"beta{index}"])

            X = X_dec
            X = norm(X + attend(X, X, params["self_attn"], mask=causal_mask(X.shape[-1]).to(X.device)), 1)
            X = norm(X + attend(X, X_enc, params["cross_attn"], mask=enc_mask), 2)
            X = norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
            return X
'''),
    # The attention and GRU weights forwarded by dict unpacking of the params they need (mask by keyword). Passes
    # the visible tests.
    "blind116_right_decoder_step_weights_forwarded_by_dict_unpacking": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            scoring = {name: params[name] for name in ("W", "U", "v")}
            cell = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
            weights, context = additive_attention(s_prev, H, mask=mask, **scoring)
            s = gru_step(x=stack(y_prev, context), h=s_prev, **cell)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # additive_attention called with every argument by keyword, mask=None explicitly. Passes the visible tests.
    "blind116_right_grid_attention_keyword_call_explicit_no_mask": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(v=v, U=U, W=W, H=features.flatten(-2), s=s, mask=None)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # The sampling options collected once in a dict and unpacked into next_token_probs; the draw with
    # num_samples and generator by keyword; a while loop over the budget. Passes the visible tests.
    "blind116_right_generate_options_dict_unpacked_each_step": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            options = {"temperature": temperature, "top_k": top_k, "top_p": top_p}
            ids = prompt
            remaining = max_new_tokens
            while remaining > 0:
                remaining -= 1
                context = ids[-context_size:] if context_size is not None else ids
                probs = next_token_probs(model(context)[:, -1], **options)
                next_id = torch.multinomial(probs, num_samples=1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The filter and the draw bound once with functools.partial (temperature, top_k, top_p; num_samples and
    # generator), so every step uses exactly the caller's options. Passes the visible tests.
    "blind116_right_generate_partial_filter_and_draw": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            from functools import partial

            distribution = partial(next_token_probs, temperature=temperature, top_k=top_k, top_p=top_p)
            draw = partial(torch.multinomial, num_samples=1, generator=generator)
            pieces = [prompt]
            ids = prompt
            for _ in range(max_new_tokens):
                start = max(len(ids) - context_size, 0) if context_size else 0
                context = ids[start:]
                next_id = draw(distribution(model(context)[:, -1])).to(prompt.dtype)
                pieces.append(next_id)
                ids = torch.cat(pieces)
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # The expansion of one beam in a helper with a keyword-only eos; candidates ranked with sorted() on the
    # negated score (stable: beam order, then token order). Passes the visible tests.
    "blind116_right_beam_search_expand_helper_keyword_only_eos": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            def expand(score, ids, *, eos):
                log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                return [(score + log_prob, torch.cat([ids, ids.new_tensor([token])]), token == eos)
                        for token, log_prob in enumerate(log_probs)]

            beams = [(0.0, prompt, False)]
            step = 0
            while step < max_new_tokens and not all(done for _, _, done in beams):
                step += 1
                candidates = []
                for score, ids, done in beams:
                    candidates.extend([(score, ids, done)] if done else expand(score, ids, eos=eos_id))
                beams = sorted(candidates, key=lambda candidate: -candidate[0])[:beam_width]
            return beams[0][1]
'''),
    # patchify bound with functools.partial(patch_size=...), linear by keyword, positions split between the [CLS]
    # column and the patches. Passes the visible tests.
    "blind116_right_patch_embedding_partial_patchify_split_positions": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            from functools import partial

            cut = partial(patchify, patch_size=patch_size)
            tokens = linear(X=cut(images), W=W, b=b) + positions[:, 1:]
            cls_column = (cls_token + positions[:, 0])[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1)
'''),
    # rotate_columns bound with functools.partial(base=...), applied in a loop over (tensor, positions) pairs, so
    # each side gets its own positions (None -> its own 0 .. N - 1). Passes the visible tests.
    "blind116_right_rotary_partial_base_loop_over_sides": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            from functools import partial

            rotate = partial(rotate_columns, base=base)
            Q_rotated, K_rotated = (rotate(X, positions) for X, positions in ((Q, positions_q), (K, positions_k)))
            return Q_rotated, K_rotated
'''),
    # Every draw takes the generator through one keyword dict, **draw; the same three draws as the model answer.
    # Passes the visible tests.
    "blind116_right_mlm_corrupt_generator_forwarded_by_keyword_dict": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            draw = {"generator": generator}
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = torch.isin(ids, special, invert=True) & (torch.rand(ids.shape, **draw) < mask_prob)
            action = torch.rand(ids.shape, **draw)
            random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype, **draw)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
'''),
    # torch.rand and torch.randint bound to the caller's generator with functools.partial, used for every coin and
    # draw. Passes the visible tests.
    "blind116_right_nsp_pairs_partial_bound_generator": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            from functools import partial

            coin = partial(torch.rand, (), generator=generator)
            below = partial(torch.randint, size=(), generator=generator)
            pairs = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    sentence = document[position]
                    if coin().item() < 0.5:
                        pairs.append((sentence, document[position + 1], 0))
                        continue
                    pick = int(below(len(documents) - 1))
                    other = documents[pick if pick < index else pick + 1]
                    pairs.append((sentence, other[int(below(len(other)))], 1))
            return pairs
'''),
    # layer_norm called with every argument by keyword, eps forwarded as given (0.0 stays 0.0). Passes the visible
    # tests.
    "blind116_right_patch_merging_layer_norm_all_keywords": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            corners = [X[..., rows, columns] for columns in (slice(0, None, 2), slice(1, None, 2))
                       for rows in (slice(0, None, 2), slice(1, None, 2))]
            merged = torch.cat(corners, dim=-3).flatten(-2)
            tokens = layer_norm(X=merged, gamma=gamma, beta=beta, eps=eps)
            return torch.matmul(W, tokens).reshape(*tokens.shape[:-2], W.shape[0], height // 2, width // 2)
'''),
    # One wrap-flag helper called once per axis, with size and shift by keyword. Passes the visible tests.
    "blind116_right_shifted_window_mask_flag_helper_per_axis_by_keyword": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def wrapped(*, size, shift):
                return (torch.arange(size) + shift >= size).long()

            rows = wrapped(size=height, shift=shift)
            columns = wrapped(size=width, shift=shift)
            labels = (2 * rows[:, None] + columns[None, :])[None]        # (1, H, W)
            labels = window_partition(X=labels, window=window)[:, 0]       # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # split_heads bound to num_groups with functools.partial, applied in a loop over the three projections.
    # Passes the visible tests.
    "blind116_right_channel_attention_partial_grouping": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from functools import partial

            group = partial(split_heads, num_heads=num_groups)
            Q, K, V = (group(linear(X, params["W" + name], params["b" + name])) for name in "qkv")
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            weights = softmax_cols(K @ Q.transpose(-2, -1) * factor)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # A dispatch table of lambdas, evaluated lazily for the requested pattern only, each reading its own keyword
    # size. Passes the visible tests.
    "blind116_right_sparse_cost_lazy_lambda_table": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            def local(w):
                w = min(w, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)

            def strided(s):
                m = (n - 1) // s if n else 0
                return n * (2 * m + 1) - s * m * (m + 1)

            table = {
                "dense": lambda: n * n,
                "causal": lambda: n * (n + 1) // 2,
                "local": lambda: local(window),
                "strided": lambda: strided(stride),
                "global": lambda: num_global * (2 * n - num_global),
            }
            return table[pattern]()
'''),
}
