"""Fifty-seventh blind batch of held-out implementations (prefix blind56_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py (which exercise builds on which), the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py: which earlier functions each composite imports and how it calls them). The learner-visible tests were
only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_55.py) were only skimmed for their entry names and header decisions; every name
here was checked against theirs. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md,
nor the batch written at the same time (held_out_blind_57.py).

Emphasis: composites that call the learner's own earlier functions wrongly. Each wrong entry's own code is plausible
and the callee is the model answer's; the mistake is in the call: arguments in the wrong slot (the value bias taken
from the keys, the second norm's shift in the first norm, the FFN biases crossed, the self-attention parameters
reused for the cross step, Q handed to attention as V, Wv/bv as the output projection, the embedding handed to
additive attention as the state, images given width-first to patchify), a result unpacked in the wrong order
(attention's (output, weights) read as (weights, output); additive_attention's (weights, context) read as
(context, weights); the second item of attention's tuple taken as the heads), masks handed over for the wrong
layout (transposed to query-major, reduced to keys, a head axis added in front or not at all, a causal mask sized by
the encoder), the wrong tensor (keys projected from the query input, pre-LN keys from the raw stream, cross-attention
queries from the layer input, the FFN reading the layer input, the encoder as the query side), a keyword the callee
does not take (enc_mask= to multi_head_attention), a positional argument left at its default (rotary base), the
wrong positions (K rotated with Q's positions or backwards), a row-layout tensor where columns are expected (rotary on
transposed tokens, channel attention given untransposed groups, a query-major channel softmax), a size given as a
count (groups vs group size), an earlier step done again by hand (queries pre-scaled before attention scales them,
the bias added after linear, the temperature applied before next_token_probs, softmax before next_token_probs, a
final layer norm after pre-LN, the end-of-word marker appended after the merges instead of split_words', the merges
replayed across word boundaries, a one-hot in the default dtype), the mask dropped and applied to the weights after
the fact, additive attention run per grid row, and the shifted-window labels rolled forward or not at all. Right
entries call the same earlier functions in unusual but correct ways: keyword arguments in shuffled orders, a stacked
Q/K/V projection split after one linear, heads folded into one batch axis for one attention call and unfolded again,
per-head weight slices, self-attention through cross_attention (lazily imported), multi-head cross-attention by hand
from split_heads / attention / merge_heads, a causal mask from triu, positions split between [CLS] and the patches,
Q and K rotated in one rotate_columns call, shifted-window labels of the unrolled grid rolled back, channel attention
through scaled_dot_product_attention on transposed groups (an explicit scale folded into Q), BPE training that
replays the merges so far with bpe_encode, encoding as a reduce over merge_pair, embed as omega_e @ one_hot in the
table's dtype.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind56/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and 17 of the
49 wrong entries do (each wrong comment says whether it does). Each entry was also run against the model answer on
a fixed battery of inputs (both default dtypes, float32 and float64 inputs): no, one and two batch axes, broadcast
batch axes (rnn_attention), N_q != N_k, N = 1, every divisor head and group count (H = 1 and H = D included), no mask,
causal, random, 2-D and padding (..., N_k, 1) masks, with queries that see no key, pre- and post-LN, explicit and
zero channel-attention scales, rectangular grids and every shift of several windows, explicit positions and bases,
broadcast decoder states, seeded generation under every filter, eos and context_size (three generator seeds each),
beam widths 1..5 with and without eos over random tables, several corpora and merge lists (merges that cross a word
end included), ids of several shapes (transposed included), the contract's ValueErrors, arguments left unchanged, and
gradients of every floating-point input under a random cotangent (to 2e-4; no NaN at finite entries). Values to 2e-5
(float32) and 1e-10 (float64) scaled by the result's magnitude, exactly for masks, ids and merges. Every right entry
agrees everywhere; every wrong entry differs on the input its comment records (model and entry both printed).

Judgement calls: several wrong entries agree with the model answer on the common call and
differ only on inputs the contract allows: blind56_rotary_base_left_at_default_in_call (a base other than 10000),
blind56_rotary_keys_rotated_with_query_positions (explicit positions), blind56_mha_batched_mask_lines_up_with_heads and
blind56_mha_mask_head_axis_added_in_front (a mask with a batch axis), blind56_cross_attention_enc_mask_reduced_to_keys
(right on padding masks, wrong on a full (N_e, N_d) mask), blind56_generate_temperature_applied_before_the_callee
(equal at temperature 1 and 0), and blind56_bpe_encode_merges_over_whole_text, which equals the model answer on every
merge list train_bpe can learn and differs only on hand-made lists whose pairs cross a word end (the contract says any
list of pairs is valid; this is the most borderline wrong entry). Several others crash on the usual sizes and are
silently wrong only where two sizes coincide (the FFN biases when F = D, the encoder-length causal mask when N_e = N_d,
the memory-first cross call, attention's weights taken as heads when N_k = D/H, the decoder step unpacked context first
when N = D_h or queried with the embedding when E = D_s); they are kept, as the brief's 'arguments swapped' kind.
Right entries judged right after a second look: blind56_right_train_bpe_segmentation_replayed_with_bpe_encode calls
split_words without argument="corpus", so its ValueError message names 'text' (the exception and its type are the
contract's; the message is not); blind56_right_transformer_layer_attention_through_cross_attention imports
cross_attention inside the function (a later exercise's module, present in every submission folder, and the import
would be circular at module level); blind56_right_channel_attention_through_sdpa_transposed folds an explicit scale
into Q as scale * sqrt(N) (scale 0.0 gives uniform weights on both sides). A right beam_search that scored with
next_token_probs(...).log() instead of log_softmax was left out: equal in exact arithmetic, but rounding can reorder
near-tied beams. Fewer entries than the brief's 55 / 35, for the time box.

Counts: 49 wrong, 21 right.
Wrong per function: {'attention_decoder_step': 4, 'beam_search': 1, 'bpe_encode': 2, 'channel_attention': 3, 'cross_attention': 2, 'decoder_layer': 5, 'embed': 2, 'generate': 2, 'grid_attention': 3, 'multi_head_attention': 6, 'patch_embedding': 3, 'rotary_embedding': 4, 'self_attention': 4, 'shifted_window_mask': 2, 'train_bpe': 1, 'transformer_layer': 5}.
Right per function: {'attention_decoder_step': 1, 'bpe_encode': 1, 'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 2, 'embed': 1, 'generate': 1, 'grid_attention': 1, 'multi_head_attention': 2, 'patch_embedding': 1, 'rotary_embedding': 2, 'self_attention': 2, 'shifted_window_mask': 1, 'train_bpe': 1, 'transformer_layer': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_56 = {
    # Unpacks scaled_dot_product_attention's (output, weights) as (weights, output) and returns them in that order, so
    # self_attention hands back (weights, output). X (4, 3), Wq, Wk, Wv (2, 4), biases (2,) from randn (torch.Generator
    # seed 0, float64): model returns shapes ((2, 3), (3, 3)), output[0, 0] = 0.1525; entry returns ((3, 3), (2, 3)),
    # first item [0, 0] = 0.0009. Fails the visible tests.
    "blind56_self_attention_sdpa_result_unpacked_weights_first": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            weights, output = scaled_dot_product_attention(Q, K, V, mask)
            return output, weights
'''),
    # Divides Q by sqrt(D_k) itself (the lecture's formula) and then lets scaled_dot_product_attention divide again:
    # scores scaled by 1/D_k. Same inputs as the batch's self_attention demos (X (4, 3), Wq, Wk, Wv (2, 4), biases (2,),
    # randn (torch.Generator seed 0, float64)): output[0, 0] model 0.1525, entry -0.0757. Equal only when D_k = 1.
    # Passes the visible tests.
    "blind56_self_attention_prescaled_queries_scaled_again": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            d_k = Wq.shape[0]
            Q = linear(X, Wq, bq) / math.sqrt(d_k)      # scaled queries, as in the lecture's formula
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Copy-paste slip in the third projection: V = linear(X, Wv, bk), the key bias on the values (crashes when D_v !=
    # D_k, silently wrong when they agree). X (4, 3), Wq, Wk, Wv (2, 4), biases (2,) from randn (torch.Generator seed 0,
    # float64): output[1, 2] model 2.7835, entry 1.1829; the weights agree. Fails the visible tests.
    "blind56_self_attention_value_bias_from_keys": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bk)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Transposes the mask before handing it to scaled_dot_product_attention (the lecture draws masks queries x keys), so
    # a causal mask becomes anti-causal. X (4, 3), weights randn (torch.Generator seed 0, float64), mask causal_mask(3):
    # weights[0, 0] model 1.0 (query 0 sees only key 0), entry 0.0009; output[1, 0] model -1.1027, entry 2.7814. Passes
    # the visible tests.
    "blind56_self_attention_mask_flipped_to_query_major": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            if mask is not None:
                mask = mask.transpose(-2, -1)          # rows are queries in the lecture's picture
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Takes scaled_dot_product_attention(...)[-1], the weights (..., H, N_k, N_q), as the head outputs; merge_heads then
    # gives H*N_k rows, which Wo accepts only when N_k = D/H (then the result is silently wrong). D = 4, H = 2, Xq, Xkv
    # (4, 3), params randn (torch.Generator seed 0, float64): model returns (4, 3) with [0, 0] = 4.0411, entry raises
    # ValueError (W must have shape (D_out, D_in=6)). Fails the visible tests.
    "blind56_mha_sdpa_last_item_taken_as_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads = scaled_dot_product_attention(Q, K, V, mask)[-1]
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Hands the mask to scaled_dot_product_attention without the head axis: a 2-D mask still broadcasts, but a batched
    # mask (B, N_k, N_q) lines its batch axis up with the head axis (wrong when B = H, an error otherwise). D = 4, H =
    # 2, Xq, Xkv (2, 4, 3) randn (torch.Generator seed 0, float64), mask (2, 3, 3) = [causal_mask(3), all True]:
    # output[1, 1, 0] model 3.1355, entry 4.0342. Passes the visible tests.
    "blind56_mha_batched_mask_lines_up_with_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)    # the mask broadcasts over the heads
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Projects the keys from Xq instead of Xkv (values from Xkv): right for self-attention, wrong for cross-attention
    # (and a ValueError from attention when N_q != N_k). D = 4, H = 2, Xq and Xkv (4, 3) distinct, params randn
    # (torch.Generator seed 0, float64): output[3, 1] model 2.8856, entry -0.0623. Fails the visible tests.
    "blind56_mha_keys_projected_from_query_input": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xq, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Calls scaled_dot_product_attention(Q, K, Q, mask): the queries handed over as values (works only when N_q = N_k).
    # D = 4, H = 2, Xq and Xkv (4, 3) distinct, params randn (torch.Generator seed 0, float64): output[0, 1] model
    # 4.027, entry -1.8768. Fails the visible tests.
    "blind56_mha_sdpa_given_queries_as_values": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, Q, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The output projection is called with Wv and bv instead of Wo and bo (copy-paste of the projection line). D = 4, H
    # = 2, Xq, Xkv (4, 3), params randn (torch.Generator seed 0, float64): output[0, 1] model 4.027, entry -1.3931.
    # Fails the visible tests.
    "blind56_mha_output_projection_with_value_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wv"], params["bv"])
'''),
    # The first layer_norm is called with gamma1 and beta2 (the shift of the second norm). D = 4, F = 6, H = 2, X (4, 3)
    # and params randn (torch.Generator seed 0, float64), post-LN: output[0, 1] model 0.1551, entry 0.329. Passes the
    # visible tests.
    "blind56_transformer_layer_first_norm_shift_from_second": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            norm1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta2"])
            norm2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                X = X + attend(norm1(X))
                return X + think(norm2(X))
            X = norm1(X + attend(X))
            return norm2(X + think(X))
'''),
    # Pre-LN: multi_head_attention(LN1(X), X, ...): the queries normalised, the keys and values from the raw residual
    # stream. Post-LN is right. D = 4, F = 6, H = 2, X (4, 3) and params randn (torch.Generator seed 0, float64),
    # norm_first=True: output[0, 1] model 2.797, entry 0.2313. Passes the visible tests.
    "blind56_transformer_layer_pre_ln_keys_from_raw_stream": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            g1, b1, g2, b2 = params["gamma1"], params["beta1"], params["gamma2"], params["beta2"]
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + multi_head_attention(layer_norm(X, g1, b1), X, params, num_heads, mask)
                return X + ffn(layer_norm(X, g2, b2))
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), g1, b1)
            return layer_norm(X + ffn(X), g2, b2)
'''),
    # Pre-LN: calls layer_norm(·, gamma2, beta2) once more on the layer's output ('leave the layer normalised'), a GPT-2
    # final norm inside every layer. Post-LN is right. D = 4, F = 6, H = 2, X (4, 3), params randn (torch.Generator seed
    # 0, float64), norm_first=True: output[1, 1] model 3.6773, entry 1.1104. Fails the visible tests.
    "blind56_transformer_layer_pre_ln_extra_final_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            norm1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            norm2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                X = X + attend(norm1(X))
                X = X + think(norm2(X))
                return norm2(X)                      # leave the layer normalised, as post-LN does
            X = norm1(X + attend(X))
            return norm2(X + think(X))
'''),
    # feed_forward(Y, W1, b2, W2, b1): the two biases crossed in the call; a RuntimeError unless F = D, silently wrong
    # when F = D. D = 4, F = 6, H = 2, X (4, 3), params randn (torch.Generator seed 0, float64): model returns (4, 3)
    # with [0, 0] = 0.9587, entry raises RuntimeError (size of tensor a (6) must match ... b (4)). Fails the visible
    # tests.
    "blind56_transformer_layer_ffn_biases_crossed_in_call": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            p = params
            attend = lambda Y: multi_head_attention(Y, Y, p, num_heads, mask)
            think = lambda Y: feed_forward(Y, p["W1"], p["b2"], p["W2"], p["b1"])
            if norm_first:
                X = X + attend(layer_norm(X, p["gamma1"], p["beta1"]))
                return X + think(layer_norm(X, p["gamma2"], p["beta2"]))
            X = layer_norm(X + attend(X), p["gamma1"], p["beta1"])
            return layer_norm(X + think(X), p["gamma2"], p["beta2"])
'''),
    # Post-LN: the residual is right (A = LN1(X + MHA(X))) but the FFN is called on the layer's input X instead of A:
    # LN2(A + FFN(X)). Pre-LN is right. D = 4, F = 6, H = 2, X (4, 3), params randn (torch.Generator seed 0, float64):
    # output[3, 0] model -2.107, entry 1.2935. Passes the visible tests.
    "blind56_transformer_layer_post_ln_ffn_reads_layer_input": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            norm1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            norm2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                X = X + attend(norm1(X))
                return X + think(norm2(X))
            A = norm1(X + attend(X))
            return norm2(A + think(X))
'''),
    # Transposes enc_mask to (N_d, N_e) before multi_head_attention (decoder queries as rows): wrong whenever the mask
    # is not symmetric, an error or a broadcast accident when N_e != N_d. D = 4, H = 2, X_dec, X_enc (4, 3) randn
    # (torch.Generator seed 0, float64), enc_mask causal_mask(3): output[0, 1] model 6.4848, entry 0.4912. Fails the
    # visible tests.
    "blind56_cross_attention_enc_mask_transposed_to_query_major": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.transpose(-2, -1)      # (decoder queries, encoder keys)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Reduces enc_mask to a per-key mask with any(dim=-1) ('an encoder mask says which keys exist'): right for padding
    # masks (B, N_e, 1), wrong for a full (N_e, N_d) mask that hides keys from some queries only. D = 4, H = 2, X_dec,
    # X_enc (4, 3) randn (torch.Generator seed 0, float64), enc_mask causal_mask(3): output[0, 0] model 7.4509, entry
    # 4.0411 (the unmasked value). Passes the visible tests.
    "blind56_cross_attention_enc_mask_reduced_to_keys": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.any(dim=-1, keepdim=True)   # an encoder mask says which keys exist
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The cross-attention is called with X_dec (the layer's input) as its queries instead of the stream after the first
    # add-and-norm; the residual adds to the right stream. D = 4, F = 6, H = 2, X_dec (4, 3), X_enc (4, 5), params randn
    # (torch.Generator seed 0, float64): output[0, 1] model -0.3948, entry -0.5147. Passes the visible tests.
    "blind56_decoder_layer_cross_queries_from_layer_input": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X_dec, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # causal_mask(X_enc.shape[-1]): the self-attention mask sized by the encoder; right when N_e = N_d, an error
    # otherwise. D = 4, F = 6, H = 2, X_dec (4, 3), X_enc (4, 5), params randn (torch.Generator seed 0, float64): model
    # returns (4, 3) with [0, 0] = -0.2971, entry raises RuntimeError (size of tensor a (5) must match ... b (3)). Fails
    # the visible tests.
    "blind56_decoder_layer_causal_mask_from_encoder_length": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_enc.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # Both attention calls get params['self_attn']: the cross step ignores params['cross_attn']. D = 4, F = 6, H = 2,
    # X_dec (4, 3), X_enc (4, 5), params randn (torch.Generator seed 0, float64): output[1, 1] model 1.1575, entry 0.2.
    # Fails the visible tests.
    "blind56_decoder_layer_cross_step_with_self_attn_params": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            attn = params["self_attn"]
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, attn, num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, attn, num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # cross_attention(X_enc, X, ...): encoder and decoder swapped in the call, so the encoder supplies the queries; an
    # error when N_e != N_d, silently wrong when they agree. D = 4, F = 6, H = 2, X_dec (4, 3), X_enc (4, 5), params
    # randn (torch.Generator seed 0, float64): model returns (4, 3), entry raises RuntimeError (size of tensor a (3)
    # must match ... b (5)). Fails the visible tests.
    "blind56_decoder_layer_cross_call_memory_first": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X_enc, X, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # Calls multi_head_attention directly for the cross step with cross_attention's keyword, enc_mask=enc_mask, which
    # multi_head_attention does not take (its parameter is mask). D = 4, F = 6, H = 2, X_dec (4, 3), X_enc (4, 5),
    # params randn (torch.Generator seed 0, float64): model returns (4, 3), entry raises TypeError (unexpected keyword
    # argument 'enc_mask'). Fails the visible tests.
    "blind56_decoder_layer_mha_given_enc_mask_keyword": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, mask=causal),
                           params["gamma1"], params["beta1"])
            read = multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask=enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # Divides the logits by the temperature and then passes the temperature to next_token_probs, which divides again:
    # sampling at T squared. Equal at T = 1 and at T = 0. model(ids) = T[:, ids] with T = 2 * randn(5, 5)
    # (torch.Generator seed 7), prompt [1], temperature 0.5: first-step probabilities model [0.0199, 0.0003, 0.9487,
    # 0.0029, 0.0282], entry [0.0004, 0.0, 0.9987, 0.0, 0.0009] (seeded draws differ on other inputs, e.g. temperature
    # 0.7, top_k 3). Passes the visible tests.
    "blind56_generate_temperature_applied_before_the_callee": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature > 0:
                    logits = logits / temperature            # sharpen or flatten first
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Applies torch.softmax to the last column itself and hands the probabilities to next_token_probs as logits, which
    # softmaxes them again (a flattened distribution). model(ids) = T[:, ids], T = 2 * randn(5, 5) (seed 7), prompt [1],
    # defaults: first-step probabilities model [0.1042, 0.0131, 0.7189, 0.04, 0.1239], entry [0.1748, 0.1596, 0.3233,
    # 0.164, 0.1783]; with generator seed 1 the ids are model [1, 2, 0, 4, 0, 4, 0], entry [1, 0, 0, 4, 0, 4, 0]. Passes
    # the visible tests.
    "blind56_generate_probabilities_fed_back_as_logits": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = torch.softmax(model(context)[:, -1], dim=0)
                probs = next_token_probs(probs, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Scores each extension with log next_token_probs(logits, top_k=beam_width): the kept tokens are the right ones, but
    # top-k renormalises, so each beam's children are shifted by that beam's log of its top-k mass and the beams are
    # ranked on the wrong sums. model(ids) = T[:, ids], T = 3 * randn(5, 5) (torch.Generator seed 38), prompt [3],
    # beam_width 2, 4 steps: model [3, 1, 0, 4, 3], entry [3, 1, 1, 1, 1]. Passes the visible tests.
    "blind56_beam_search_scores_from_top_k_renormalised": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    # only the beam_width best tokens can survive: let next_token_probs keep them
                    probs = next_token_probs(model(ids)[:, -1].double(), top_k=beam_width)
                    for token, p in enumerate(probs.tolist()):
                        if p > 0:
                            extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                            candidates.append((score + math.log(p), extended, token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Adds b[:, None] after linear(...), which has already added b: the bias counted twice on the patch columns. images
    # (1, 1, 4, 2), P = 2, W (3, 4), b, cls_token (3,), positions (3, 3) randn (torch.Generator seed 0, float64):
    # output[0, 1, 2] model -0.7955, entry 0.661. Fails the visible tests.
    "blind56_patch_embedding_bias_added_after_linear": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b) + b[:, None]
            cls = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # Adds the positions before prepending [CLS] but with the slices swapped: the patches get positions[:, :-1] and
    # [CLS] the last column. images (1, 1, 4, 2), P = 2, W (3, 4), b, cls_token (3,), positions (3, 3) randn
    # (torch.Generator seed 0, float64): output[0, 2, 2] model -2.8111, entry -0.0495. Fails the visible tests.
    "blind56_patch_embedding_cls_gets_last_position": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b) + positions[:, :-1]
            cls = (cls_token + positions[:, -1])[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1)
'''),
    # Unpacks additive_attention's (weights, context) as (context, weights), as attention's (output, weights) would
    # suggest; the GRU then gets the weights as its context (an error unless N = D_h). D_s = 4, E = 3, D_h = 5, N = 4,
    # D_a = 6, V = 7, s_prev, y_prev, H, params randn (torch.Generator seed 0, float64): model returns s (4,), logits
    # (7,), weights (4,); entry raises RuntimeError (mat1 and mat2 shapes cannot be multiplied (1x7 and 8x12)). Fails
    # the visible tests.
    "blind56_decoder_step_attention_unpacked_context_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            context, weights = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Calls additive_attention without the mask and multiplies the returned weights by it afterwards: the weights no
    # longer sum to 1 and the context (and so s and the logits) still reads the hidden positions. D_s = 4, E = 3, D_h =
    # 5, N = 4, inputs randn (torch.Generator seed 0, float64), mask [True, True, False, False]: weights[1] model
    # 0.5833, entry 0.0848; logits[4] model -2.6913, entry -0.2821. Passes the visible tests.
    "blind56_decoder_step_mask_applied_to_weights_only": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"])
            if mask is not None:
                weights = weights * mask                       # hide the padded positions
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The read-out is stack(context, s) @ W_out.T instead of stack(s, context): the columns of W_out meet the wrong
    # features (it always runs: the stacked vector has D_s + D_h rows either way). D_s = 4, E = 3, D_h = 5, N = 4, V =
    # 7, inputs randn (torch.Generator seed 0, float64): logits[4] model -0.2821, entry -2.9397; s and the weights
    # agree. Fails the visible tests.
    "blind56_decoder_step_readout_stacks_context_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(context, s) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Flattens features.transpose(-2, -1) (cells column by column) for additive_attention, then unflattens the weights
    # row-major: the context is right (a permutation of the cells), the weights land on the wrong cells when H, W > 1. s
    # (4,), features (5, 2, 3), W (3, 4), U (3, 5), v (3,) randn (torch.Generator seed 0, float64): weights[0, 2] model
    # 0.2461, entry 0.082. Passes the visible tests.
    "blind56_grid_attention_cells_flattened_column_major": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.transpose(-2, -1).flatten(-2)          # (..., C, H*W)
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Runs additive_attention once per grid row (rows as a batch axis), then averages the row contexts: a softmax per
    # row, not one over the grid. s (4,), features (5, 2, 3), W (3, 4), U (3, 5), v (3,) randn (torch.Generator seed 0,
    # float64): weights[0, 2] model 0.2461, entry 0.6005 (each row sums to 1); context[2] model -0.5812, entry -0.4469.
    # Fails the visible tests.
    "blind56_grid_attention_rows_attended_separately": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            rows = features.movedim(-2, -3)                          # (..., H, C, W): each row a sequence
            weights, context = additive_attention(s.unsqueeze(-2), rows, W, U, v)   # (..., H, W), (..., H, C)
            return weights, context.mean(dim=-2)
'''),
    # rotate_columns(K, positions_q, base): the keys rotated with the queries' positions; right with default positions
    # (then both are arange), wrong when positions are given. Q, K (4, 3) randn (torch.Generator seed 0, float64),
    # positions_q [0, 1, 2], positions_k [5, 6, 7]: K'[2, 1] model -1.7565, entry 0.1108. Fails the visible tests.
    "blind56_rotary_keys_rotated_with_query_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_q, base)
'''),
    # Rotates K by the negated positions ('K enters the score transposed'): scores then depend on p_q + p_k, not on p_q
    # - p_k. Q, K (4, 3) randn (torch.Generator seed 0, float64), default positions: K'[0, 1] model 1.8645, entry
    # -0.6752 (column 0, position 0, agrees). Fails the visible tests.
    "blind56_rotary_keys_rotated_backwards": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_k is None:
                positions_k = torch.arange(K.shape[-1])
            # K enters the score transposed, so its rotation runs the other way
            return rotate_columns(Q, positions_q, base), rotate_columns(K, -positions_k, base)
'''),
    # Calls rotate_columns on Q.transpose(-2, -1) and K.transpose(-2, -1) (row layout), so it pairs tokens instead of
    # features and the angles run over the features: wrong values and, for N != D, the wrong shape or an error. Q, K (4,
    # 3) randn (torch.Generator seed 0, float64), default positions: model returns Q' (4, 3), entry (4, 4). Fails the
    # visible tests.
    "blind56_rotary_rotate_columns_on_token_rows": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            Qr = rotate_columns(Q.transpose(-2, -1), positions_q, base).transpose(-2, -1)
            Kr = rotate_columns(K.transpose(-2, -1), positions_k, base).transpose(-2, -1)
            return Qr, Kr
'''),
    # Passes 10000.0 to rotate_columns instead of the base argument: right at the default base, wrong for any other. Q,
    # K (4, 3) randn (torch.Generator seed 0, float64), default positions, base=100.0: Q'[3, 2] model -0.0995, entry
    # 0.154. Fails the visible tests.
    "blind56_rotary_base_left_at_default_in_call": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return rotate_columns(Q, positions_q, 10000.0), rotate_columns(K, positions_k, 10000.0)
'''),
    # Labels the unrolled grid's regions (the first `shift` rows and columns wrap, the last M - shift meet them) and
    # rolls the labels with torch.roll(labels, (shift, shift)), the opposite direction to the grid's roll (-shift):
    # right only for shift 0. shifted_window_mask(4, 4, 2, 1), window 0: model all True ([[1, 1, 1, 1]] * 4), entry the
    # identity (only the diagonal True). Fails the visible tests.
    "blind56_shifted_mask_original_labels_rolled_forward": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # label the unshifted grid: the first `shift` rows / columns are the ones that wrap, the last M - shift
            # before them the ones they meet; then roll the labels with the grid
            rows = torch.zeros(height, dtype=torch.long)
            rows[height - window + shift:] = 1
            rows[:shift] = 2
            cols = torch.zeros(width, dtype=torch.long)
            cols[width - window + shift:] = 1
            cols[:shift] = 2
            labels = 3 * rows[:, None] + cols[None, :]
            labels = torch.roll(labels, (shift, shift), dims=(0, 1))
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Hands the groups Q_g, K_g, V_g (C/G, N) to scaled_dot_product_attention as they are, without transposing:
    # attention among the N tokens with C/G features (scores (N, N), scale 1/sqrt(C/G)) instead of among channels; the
    # shapes fit, so it runs. X (4, 3), params randn (torch.Generator seed 0, float64), num_groups 2: output[2, 0] model
    # 1.5565, entry -2.5467. Fails the visible tests.
    "blind56_channel_attention_sdpa_on_untransposed_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)   # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            from .attention import scaled_dot_product_attention
            if scale is not None:
                Q = Q * (scale * math.sqrt(Q.shape[-2]))
            attended, _ = scaled_dot_product_attention(Q, K, V)
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Builds the scores query-major, Q_g K_gᵀ (queries as rows), but still normalises with softmax_cols, so each key
    # channel's weights sum to 1 over the queries, then weights @ V_g. X (4, 3), params randn (torch.Generator seed 0,
    # float64), num_groups 2: output[2, 2] model -4.0814, entry -2.7573. Passes the visible tests.
    "blind56_channel_attention_softmax_over_query_channels": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(Q @ K.transpose(-2, -1) * scale)     # (queries, keys)
            return linear(merge_heads(weights @ V), params["Wo"], params["bo"])
'''),
    # Hands split_heads the group size C/G where it expects the number of groups: right only when G = sqrt(C). X (4, 3),
    # params randn (torch.Generator seed 0, float64), num_groups 1 (so split_heads gets 4): output[3, 2] model 3.7117,
    # entry 1.1436. Fails the visible tests.
    "blind56_channel_attention_groups_count_and_size_confused": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(X.shape[-1])
            group_size = X.shape[-2] // num_groups
            Q = split_heads(linear(X, params["Wq"], params["bq"]), group_size)
            K = split_heads(linear(X, params["Wk"], params["bk"]), group_size)
            V = split_heads(linear(X, params["Wv"], params["bv"]), group_size)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Applies each merge with merge_pair to the symbols of the whole text at once (all words concatenated, '</w>'
    # included) instead of word by word, so a merge may join across a word end. Equal on merges learned by train_bpe
    # (none crosses a word); the contract takes any list. text 'a b', merges [('a', '</w>'), ('a</w>', 'b')]: model
    # ['a</w>', 'b', '</w>'], entry ['a</w>b', '</w>']. Passes the visible tests.
    "blind56_bpe_encode_merges_over_whole_text": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            symbols = [s for word in split_words(text, "text") for s in word]   # one pass over the whole text
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            return symbols
'''),
    # Splits with text.split() and appends '</w>' after the merges, instead of letting split_words add it before them:
    # merges that involve '</w>' never apply (and the '</w>' ValueError is lost). text 'low', merges [('w', '</w>')]:
    # model ['l', 'o', 'w</w>'], entry ['l', 'o', 'w', '</w>']. Fails the visible tests.
    "blind56_bpe_encode_end_marker_appended_after_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for word in text.split():
                symbols = list(word)
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols + [END_OF_WORD])          # close the word once it is merged
            return tokens
'''),
    # Calls merge_pair on the word's original characters (list(w)) with only the newest merge, not on the current
    # segmentation, so every round restarts from characters plus one merge. corpus 'low low lower', 3 merges: model
    # [('l', 'o'), ('lo', 'w'), ('low', '</w>')], entry [('l', 'o'), ('lo', 'w'), ('l', 'o')]. Fails the visible tests.
    "blind56_train_bpe_merges_applied_to_original_chars": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            current = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for w, f in freq.items():
                    for p in zip(current[w], current[w][1:]):
                        pairs[p] += f
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                current = {w: merge_pair(list(w), best) for w in freq}     # apply the new merge to each word
            return merges
'''),
    # Calls check_token_ids with omega_e.shape[0] (D) instead of the vocabulary size (V = shape[1]): valid ids >= D
    # raise, and with D > V out-of-range ids raise IndexError instead of ValueError. omega_e (2, 5) randn (seed 0), ids
    # [3]: model returns (2, 1) [[0.5684], [-0.7193]], entry raises ValueError. Fails the visible tests.
    "blind56_embed_ids_checked_against_width": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[0])
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # omega_e @ one_hot(ids, V) without dtype=: the one-hot comes in the default dtype, so a float64 table under a
    # float32 default (or the reverse) fails the matmul. omega_e (2, 5) float64 randn (seed 0), ids [3], default dtype
    # float32: model (2, 1) float64, entry raises RuntimeError (expected m1 and m2 to have the same dtype). Fails the
    # visible tests.
    "blind56_embed_one_hot_left_in_default_dtype": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            return omega_e @ one_hot(token_ids, omega_e.shape[-1]).to(omega_e.device)
'''),
    # Gives the mask its head axis with unsqueeze(0) instead of unsqueeze(-3): the same for a 2-D mask, but a batched
    # mask (B, N_k, N_q) becomes (1, B, N_k, N_q) and its batch axis meets the head axis. D = 4, H = 2, Xq, Xkv (2, 4,
    # 3) randn (torch.Generator seed 0, float64), mask (2, 3, 3) = [causal_mask(3), all True]: output[1, 1, 0] model
    # 3.1355, entry 4.0342. Passes the visible tests.
    "blind56_mha_mask_head_axis_added_in_front": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(0)                      # a head axis for the mask
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Hands patchify images.transpose(-2, -1) ('patches run along x first'): the patch order becomes column-major and
    # each patch is flattened transposed. images (1, 1, 4, 2), P = 2, W (3, 4), b, cls_token (3,), positions (3, 3)
    # randn (torch.Generator seed 0, float64): output[0, 1, 1] model 2.7357, entry -1.3589. Fails the visible tests.
    "blind56_patch_embedding_patchify_given_width_first_images": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # patches run along x first, so hand patchify the images as (B, C, W, H)
            tokens = linear(patchify(images.transpose(-2, -1), patch_size), W, b)
            cls = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # Scores the attention with y_prev (the previous token's embedding) instead of s_prev: additive_attention raises its
    # ValueError unless E = D_s, and is silently wrong when they agree. D_s = 4, E = 3, D_h = 5, N = 4, inputs randn
    # (torch.Generator seed 0, float64): model returns (s, logits, weights), entry raises ValueError (W ... do not fit s
    # (3,)). Fails the visible tests.
    "blind56_decoder_step_attention_queried_with_previous_embedding": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(y_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Unflattens the weights as (W, H) and transposes, as if the cells had been flattened column by column (they were
    # flattened row by row): right on one row or column, wrong otherwise. s (4,), features (5, 2, 3), W (3, 4), U (3,
    # 5), v (3,) randn (torch.Generator seed 0, float64): weights[0, 1] model 0.082, entry 0.2461; the context agrees.
    # Passes the visible tests.
    "blind56_grid_attention_weights_unflattened_width_first": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (width, height)).transpose(-2, -1), context   # (..., H, W)
'''),
    # Flags the rows and columns that the roll sends round (index < shift) on the unrolled grid and partitions those
    # labels without rolling them: the mask of the wrong grid. shifted_window_mask(4, 4, 2, 1), window 0: model all
    # True, entry the identity (only the diagonal True). Fails the visible tests.
    "blind56_shifted_mask_labels_left_unrolled": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) < shift                 # the rows the roll sends round
            wrapped_cols = torch.arange(width) < shift
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
}

RIGHT_BLIND_56 = {
    # Right: scaled_dot_product_attention called with every argument by keyword, in reverse order; the projections are
    # the contract's.
    "blind56_right_self_attention_sdpa_keywords_reversed": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            return scaled_dot_product_attention(mask=mask, V=linear(X, Wv, bv), K=linear(X, Wk, bk),
                                                Q=linear(X, Wq, bq))
'''),
    # Right: one linear call with the three weights and biases stacked, split by (D_k, D_k, D_v) rows; row blocks of a
    # stacked product are the separate products.
    "blind56_right_self_attention_stacked_projection_split": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            sizes = [Wq.shape[0], Wk.shape[0], Wv.shape[0]]
            QKV = linear(X, torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))
            Q, K, V = QKV.split(sizes, dim=-2)
            output, weights = scaled_dot_product_attention(Q, K, V, mask=mask)
            return output, weights
'''),
    # Right: the batch and head axes (broadcast with the mask's, which gets its head axis first) are folded into one
    # batch axis for a single scaled_dot_product_attention call, then unfolded before merge_heads; nothing is mixed
    # between heads or batch items.
    "blind56_right_mha_heads_folded_into_one_batch_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)   # (..., H, d, N_q)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            *lead, d, n_q = Q.shape
            n_k = K.shape[-1]
            if mask is not None:
                shape = torch.broadcast_shapes(mask.unsqueeze(-3).shape, (*lead, n_k, n_q))
                lead = list(shape[:-2])
                mask = mask.unsqueeze(-3).expand(shape).reshape(-1, n_k, n_q)
            Q = Q.expand(*lead, d, n_q).reshape(-1, d, n_q)
            K = K.expand(*lead, d, n_k).reshape(-1, d, n_k)
            V = V.expand(*lead, V.shape[-2], n_k).reshape(-1, V.shape[-2], n_k)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)               # (B*H, d, N_q)
            heads = heads.reshape(*lead, d, n_q)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: each head projects with its row slice of Wq, Wk, Wv and the biases (the same rows split_heads would take),
    # attends with the shared mask, and the head outputs are stacked in order before Wo.
    "blind56_right_mha_per_head_weight_slices_through_self_linear": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = Xq.shape[-2] // num_heads
            outs = []
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                Q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                K = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                V = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(Q, K, V, mask)
                outs.append(out)
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # Right: every earlier function called with keyword arguments in other orders (Xkv before Xq is harmless: both are
    # Y), eps=1e-5 explicit.
    "blind56_right_transformer_layer_keyword_calls": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def mha(Y):
                return multi_head_attention(mask=mask, num_heads=num_heads, params=params, Xkv=Y, Xq=Y)
            def ffn(Y):
                return feed_forward(b2=params["b2"], W2=params["W2"], b1=params["b1"], W1=params["W1"], X=Y)
            def ln(Y, k):
                return layer_norm(Y, beta=params[f"beta{k}"], gamma=params[f"gamma{k}"], eps=1e-5)
            if norm_first:
                X = X + mha(ln(X, 1))
                return X + ffn(ln(X, 2))
            X = ln(X + mha(X), 1)
            return ln(X + ffn(X), 2)
'''),
    # Right: the self-attention goes through cross_attention(Y, Y, params, H, mask), which is one multi_head_attention
    # call; imported inside the function to avoid the circular import.
    "blind56_right_transformer_layer_attention_through_cross_attention": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from .cross_attention import cross_attention      # self-attention is cross-attention to itself
            g1, b1, g2, b2 = (params[k] for k in ("gamma1", "beta1", "gamma2", "beta2"))
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = layer_norm(X, g1, b1)
                X = X + cross_attention(Y, Y, params, num_heads, mask)
                return X + ffn(layer_norm(X, g2, b2))
            X = layer_norm(X + cross_attention(X, X, params, num_heads, mask), g1, b1)
            return layer_norm(X + ffn(X), g2, b2)
'''),
    # Right: one multi_head_attention call with every argument by keyword (enc_mask given as mask).
    "blind56_right_cross_attention_keywords_shuffled": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            return multi_head_attention(Xkv=X_enc, mask=enc_mask, Xq=X_dec, num_heads=num_heads, params=params)
'''),
    # Right: multi-head cross-attention written out from linear, split_heads, scaled_dot_product_attention and
    # merge_heads, the mask given its head axis with [..., None, :, :], the D % H ValueError kept.
    "blind56_right_cross_attention_heads_by_hand": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            if X_dec.shape[-2] % num_heads:
                raise ValueError("D must be divisible by num_heads")
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            mask = None if enc_mask is None else enc_mask[..., None, :, :]
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Right: the causal mask as the upper triangle of a square of True ([j, i] True iff j <= i, the contract's layout),
    # and the masked self-attention through cross_attention(X, X, params['self_attn'], ...).
    "blind56_right_decoder_layer_self_step_via_cross_attention_triu": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()   # [j, i]: j <= i
            X = X_dec
            X = layer_norm(X + cross_attention(X, X, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Right: an add-and-norm helper and every earlier function called with keywords in other orders; causal_mask(n=...)
    # and cross_attention's own parameter names.
    "blind56_right_decoder_layer_keyword_calls_and_sub_blocks": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def add_norm(X, Y, k):
                return layer_norm(eps=1e-5, beta=params[f"beta{k}"], gamma=params[f"gamma{k}"], X=X + Y)
            X = X_dec
            causal = causal_mask(n=X.shape[-1]).to(X.device)
            X = add_norm(X, multi_head_attention(X, X, num_heads=num_heads, params=params["self_attn"],
                                                 mask=causal), 1)
            X = add_norm(X, cross_attention(enc_mask=enc_mask, num_heads=num_heads, params=params["cross_attn"],
                                            X_enc=X_enc, X_dec=X), 2)
            X = add_norm(X, feed_forward(X, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"]), 3)
            return X
'''),
    # Right: next_token_probs called by keyword in reverse order, the last column as [..., -1], multinomial with
    # num_samples=1 and the generator; the same crop and eos stop.
    "blind56_right_generate_keyword_probs_and_last_column_by_ellipsis": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt.clone()
            steps = 0
            while steps < max_new_tokens:
                window = ids[-context_size:] if context_size is not None else ids
                logits = model(window)[..., -1]
                probs = next_token_probs(top_p=top_p, top_k=top_k, temperature=temperature, logits=logits)
                token = torch.multinomial(probs, num_samples=1, generator=generator)
                ids = torch.cat((ids, token.to(dtype=ids.dtype)))
                steps += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Right: the positions are added before concatenating, column 0 to [CLS] and the rest to the patches; patchify and
    # linear called by keyword.
    "blind56_right_patch_embedding_positions_split_between_cls_and_patches": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(patch_size=patch_size, images=images)
            tokens = linear(b=b, W=W, X=patches) + positions[:, 1:]
            cls = (cls_token + positions[:, 0]).unsqueeze(-1)                     # (D, 1)
            return torch.cat([cls.expand(tokens.shape[0], *cls.shape), tokens], dim=-1)
'''),
    # Right: additive_attention and gru_step called by keyword, the GRU input [y_prev; c] built with torch.cat after
    # expanding both to the broadcast batch shape (what stack does), the read-out with .mT.
    "blind56_right_decoder_step_keyword_calls_cat_broadcast": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(mask=mask, v=params["v"], U=params["U"], W=params["W"], H=H,
                                                  s=s_prev)
            batch = torch.broadcast_shapes(y_prev.shape[:-1], context.shape[:-1])
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
            s = gru_step(x=x, h=s_prev, weight_ih=params["weight_ih"], weight_hh=params["weight_hh"],
                         bias_ih=params["bias_ih"], bias_hh=params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].mT + params["b_out"]
            return s, logits, weights
'''),
    # Right: the cells reshaped to (..., C, H*W) in raster order and the weights reshaped back, additive_attention
    # called by keyword.
    "blind56_right_grid_attention_reshape_cells_and_back": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            *lead, C, height, width = features.shape
            cells = features.reshape(*lead, C, height * width)
            weights, context = additive_attention(s=s, H=cells, W=W, U=U, v=v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # Right: Q and K concatenated along the tokens (after expanding to their shared batch shape) with their positions
    # concatenated likewise, one rotate_columns call, split back; each column's rotation depends only on its own
    # position.
    "blind56_right_rotary_q_and_k_rotated_in_one_call": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            n_q, n_k = Q.shape[-1], K.shape[-1]
            pq = torch.arange(n_q) if positions_q is None else positions_q
            pk = torch.arange(n_k) if positions_k is None else positions_k
            both = torch.cat(torch.broadcast_tensors(Q[..., :1], K[..., :1]), dim=-1)   # shared batch shape
            batch = both.shape[:-2]
            joined = torch.cat([Q.expand(*batch, *Q.shape[-2:]), K.expand(*batch, *K.shape[-2:])], dim=-1)
            rotated = rotate_columns(joined, torch.cat([pq, pk]), base=base)
            return rotated[..., :n_q], rotated[..., n_q:]
'''),
    # Right: rotate_columns called by keyword, K before Q; each with its own positions and the given base.
    "blind56_right_rotary_keyword_calls_positions_first": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            K_rot = rotate_columns(positions=positions_k, base=base, X=K)
            Q_rot = rotate_columns(base=base, X=Q, positions=positions_q)
            return Q_rot, K_rot
'''),
    # Right: the regions labelled on the unrolled grid (the first `shift` rows or columns wrap, the M - shift before the
    # end meet them) and rolled by -shift with the grid, which gives the contract's rolled labels.
    "blind56_right_shifted_mask_original_labels_rolled_back": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                lab = torch.zeros(size, dtype=torch.long)
                lab[size - window + shift:] = 1          # meets the wrapped part in the last window
                lab[:shift] = 2                          # wraps around to the end
                return lab
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            labels = torch.roll(labels, (-shift, -shift), dims=(0, 1))      # as the grid is rolled
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Right: the contract's equivalence, scaled_dot_product_attention on the transposed groups (channels as tokens, N as
    # D_k, so the default 1/sqrt(N)) transposed back; an explicit scale is folded into Q as scale * sqrt(N).
    "blind56_right_channel_attention_through_sdpa_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            if scale is not None:
                Q = Q * (scale * math.sqrt(X.shape[-1]))      # sdpa divides by sqrt(N)
            out, _ = scaled_dot_product_attention(Q, K, V)    # channels are the tokens here
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Right: each round recomputes every word's segmentation with bpe_encode(word, merges so far), which replays the
    # merges in order exactly as training applied them; words counted in first-appearance order; split_words' default
    # argument name only changes the error message.
    "blind56_right_train_bpe_segmentation_replayed_with_bpe_encode": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus)                 # the message names 'text'; the check is the same
            freq = Counter("".join(w[:-1]) for w in words)
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, f in freq.items():
                    symbols = bpe_encode(word, merges)  # the current segmentation: the merges so far, in order
                    for p in zip(symbols, symbols[1:]):
                        pairs[p] += f
                if not pairs:
                    break
                merges.append(max(pairs, key=pairs.get))
            return merges
'''),
    # Right: functools.reduce(merge_pair, merges, word) applies the merges in order to each word from split_words.
    "blind56_right_bpe_encode_reduce_over_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            from functools import reduce
            return [tok for word in split_words(text, argument="text")
                    for tok in reduce(merge_pair, merges, word)]
'''),
    # Right: the contract's definition, omega_e @ one_hot(ids, V, dtype=omega_e.dtype); a product with one-hot columns
    # is exact, ids are checked by one_hot.
    "blind56_right_embed_one_hot_in_table_dtype": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            T = one_hot(token_ids, omega_e.shape[-1], dtype=omega_e.dtype).to(omega_e.device)   # (..., V, N)
            return omega_e @ T
'''),
}
