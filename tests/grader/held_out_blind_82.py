"""Eighty-third blind batch of held-out implementations (prefix blind82_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_81.py) were only skimmed for
their entry names (about 5 960 of them, listed and grepped by function and keyword) so that no entry repeats one.
Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, benchmarks/, nor the batches
written at the same time (held_out_blind_83.py, held_out_blind_84.py).

Emphasis: interactions between two or more options or clauses. Every wrong entry is right for each option on its own
and wrong for one allowed combination: a one-query fast path with a batched mask and several heads; a finite -1e4
fill with a mask and scores at a thousand times the usual scale; (batch, head) folded head-major with per-item masks
tiled batch-major; a blind decoder query with a nonzero output bias; a causal mask expanded over the first axis with
no (or two) batch axes; an encoder padding mask leaking into the decoder's self-attention when N_e == N_d; pre-LN with
a mask; a self-attention fast path taken when Xq is Xkv together with a mask; a batched mask with an unbatched
decoder state; greedy decoding with context_size; top_k together with top_p in generate; float64 logits with a
filter; beam ties across beams; causal buckets with an odd count; channel groups with a batch axis. Right entries
handle the same combinations by other routes: a log-of-mask bias, double-where softmaxes for blind columns, the mask
expanded to the full (..., H, N_k, N_q) score shape, a head loop sharing the mask, cross-attention written out with
blind queries left at bo, table-driven decoder and encoder layers, ranks scattered back plus searchsorted for the
nucleus, a clamped window start, an index-keyed stable ranking of beams, rotary angles written as p / base^(2i/D),
T5 buckets with the log argument clamped, channel groups as an einsum axis, additive attention with safe scores for
blind states, closed-form costs without an n = 0 special case, and swin regions from the rolled rows' origins.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind82/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and `import torch.nn.functional as F` added, the entry's source
replacing the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (11 of the 15 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry, with a control input where the
options are used one at a time; the comment gives both results. Right entries were compared with the model answer
on random inputs, float32 and float64 (and once more with float32 inputs under torch.set_default_dtype(float64)):
attention, multi-head, cross-attention, decoder and encoder layers on 200-300 cases each with no batch, (1,), (2,)
and (2, 3) batches, N_q and N_k of 1-4, masks (N_k, N_q), batched, per-item, padding (..., N_k, 1), (1, N_q) and
ones with blind queries, Xq passed twice as the same object, scores at 1000x scale, norm_first both ways; results to
1e-5 (float32) / 1e-12 (float64), the same dtypes and shapes, and gradients of a random projection of the output
with respect to every floating input to 1e-4 with no NaN. next_token_probs on 3000 logits (integer-valued ties, 1000x
scale, temperatures 0, 1e-3 ... 100, top_k None/1/2/3/10 over V = 1..8, top_p None/0.1 ... 1.0); generate on 300
random causal models with three calls on one seeded generator (same ids, same generator state after); beam_search
on 400 random integer-logit models (ties), widths 1-4, 0-4 steps, eos None/0/1/V-1; rotary with offsets up to 5000,
bases 10, 500, 10000 and gradients; relative_position_bucket on 500 random settings (odd and even counts, both modes);
channel_attention with scale None/0.0/0.3/2 and gradients; additive_attention with s, H and the mask batched
independently (broadcasting), blind states and gradients; sparse_attention_cost exactly (and as an int) for every
pattern, n = 0..29, 10**6 and 10**12 + 7, sizes 0..13, and its ValueErrors; shifted_window_mask exactly for every
M = 1..4, H, W up to 12 and shift 0..M-1.

Judgement calls: the earlier batches already hold nearly every single-clause and most two-clause mistakes for these
functions, so I dropped my drafts whose idea an earlier entry's name already states (mask after the softmax,
top-p on the un-renormalised top-k, temperature after the filters, nucleus before top-k, greedy as a tiny
temperature, generate's negative window start and eos found in the prompt, beam search stopping on any finished
beam, width-one greedy ignoring eos and finished beams queued last, rotary key positions defaulting to the query's
or to a query-length table, float32 inverse frequencies, the pre-LN branch dropping the mask, padded outputs
zeroed, the cross-attention made causal, head-major mask tiling in multi_head_attention, a 3-D mask read as per-head,
mask.unsqueeze(1), strided masks from a tiled identity, local masks from diagonals, swin column regions from the
height, apply_mask's default-dtype fill, a whole-batch blind guard). That, and the time box, leave the batch far
below the 35 / 25 asked. A drafted wrong entry, an SDPA that squeezes the lone query's scores before masking, turned
out right on every mask shape the contract allows (a (..., N_k, 1) mask squeezes to the scores' shape), so it was
dropped. blind82_ntp_filtered_probs_copied_into_default_dtype_buffer fails by raising rather than by a wrong value.
blind82_decoder_layer_enc_mask_also_hides_decoder_keys assumes the contract's decoder self-attention mask is causal
only, whatever enc_mask is (the contract names enc_mask only for the cross-attention). No right entry is one I was
unsure of.

Counts: 15 wrong, 16 right.
Wrong per function: {'additive_attention': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 2, 'decoder_layer': 2, 'generate': 2, 'multi_head_attention': 2, 'next_token_probs': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'shifted_window_mask': 1, 'sparse_attention_cost': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_82 = {
    # Hides keys with a finite -1e4 (BERT's extended mask) and zeroes blind queries explicitly, so each clause alone
# looks right; with a mask AND scores a thousand times the usual scale a visible score far below -1e4 loses to the
# hidden one. Q = 100*[[1, 1]], K = 100*[[-1000, 1]], V = [[1, 2]], key 1 hidden: model output [1, 1] (weights
# [[1, 1], [0, 0]]), entry [2, 2] (all weight on the hidden key). At scale 1 both give [1, 1]. Passes the visible tests.
    "blind82_sdpa_hidden_score_set_to_minus_ten_thousand": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, -1e4)          # "minus a big number", as BERT's extended mask
            weights = torch.softmax(scores, dim=-2)
            if mask is not None:
                weights = weights * mask.any(dim=-2, keepdim=True)   # a query with no visible key gets nothing
            return V @ weights, weights
'''),
    # A one-query fast path (a decoding step) that reads the mask's only column (..., N_k) but never gives it the head
# axis: with a batched mask it lines the batch axis up with the heads. Xq (2, 4, 1), Xkv (2, 4, 5), 2 heads, a
# per-item mask (2, 5, 1): outputs differ by 0.198 (item b's mask applied to head b of every item); with batch 3 it
# raises. Unbatched masks, no mask, and N_q > 1 go through the model path and agree. Passes the visible tests.
    "blind82_mha_single_query_shortcut_mask_without_head_axis": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if Q.shape[-1] == 1:
                # one query (a decoding step): a weighted sum over keys is enough, no score matrix
                scores = (K * Q).sum(dim=-2) / math.sqrt(Q.shape[-2])          # (..., H, N_k)
                if mask is not None:
                    scores = scores.masked_fill(~mask[..., 0], float("-inf"))  # (..., N_k): the query's column
                weights = torch.softmax(scores, dim=-1).nan_to_num(0.0).unsqueeze(-1)   # (..., H, N_k, 1)
                heads = V @ weights
            else:
                if mask is not None:
                    mask = mask.unsqueeze(-3)
                heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # When Xq is Xkv (self-attention) it takes a fused-projection path that drops the mask; cross calls and
# self-attention without a mask are right. X (2, 4, 3) passed twice as the same object, 2 heads, causal mask: max
# diff 2.11; the same call with Xkv = X.clone() agrees. Fails the visible tests.
    "blind82_mha_shared_input_fast_path_forgets_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if Xq is Xkv:
                # self-attention: one stacked projection gives Q, K and V together
                W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
                b = torch.cat([params["bq"], params["bk"], params["bv"]])
                Q, K, V = linear(Xq, W, b).split(dim, dim=-2)
                Q, K, V = (split_heads(Y, num_heads) for Y in (Q, K, V))
                heads, _ = scaled_dot_product_attention(Q, K, V)
                return linear(merge_heads(heads), params["Wo"], params["bo"])
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Multiplies the whole output by "the query sees some key": a query that enc_mask hides from every encoder
# position gets 0 instead of bo (the contract: its attention output is bo). Xd (2, 4, 3), Xe (2, 4, 5), enc_mask
# all True except item 0's query 1 all False: that column is 0 in the entry, Wo·0 + bo in the model (max diff 0.83).
# Without a blind query the results agree. Passes the visible tests.
    "blind82_cross_attention_blind_queries_output_zeroed": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            out = multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            if enc_mask is not None:
                sees_something = enc_mask.any(dim=-2, keepdim=True)        # (..., 1, N_d or 1)
                out = out * sees_something                               # a query that reads nothing outputs 0
            return out
'''),
    # Folds (batch, head) into one axis head-major (index h·B + b) but tiles the mask batch-major with
# repeat_interleave (index b·H + h): right with one item, one head, or one mask shared by the batch; wrong with
# per-item masks and both B > 1 and H > 1. Xd (2, 4, 3), Xe (2, 4, 5), 2 heads, random (2, 5, 3) enc_mask:
# max diff 1.22. Passes the visible tests.
    "blind82_cross_attention_heads_folded_head_major_mask_interleaved": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            *batch, dim, n_d = X_dec.shape
            n_e = X_enc.shape[-1]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            d_h = dim // num_heads

            def fold(Y, n):                      # (..., D, n) -> (H * B, d_h, n), head-major
                Y = Y.reshape(-1, num_heads, d_h, n).transpose(0, 1)
                return Y.reshape(-1, d_h, n)

            Q = fold(params["Wq"] @ X_dec + params["bq"][:, None], n_d)
            K = fold(params["Wk"] @ X_enc + params["bk"][:, None], n_e)
            V = fold(params["Wv"] @ X_enc + params["bv"][:, None], n_e)
            mask = None
            if enc_mask is not None:
                flat = enc_mask.expand(*batch, n_e, n_d).reshape(-1, n_e, n_d)
                mask = flat.repeat_interleave(num_heads, dim=0)          # each item's mask, once per head
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_h)          # (H * B, N_e, N_d)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-2).nan_to_num(0.0)     # a blind query: 0/0 -> 0
            heads = V @ weights                                          # (H * B, d_h, N_d)
            heads = heads.reshape(num_heads, -1, d_h, n_d).transpose(0, 1).reshape(*batch, dim, n_d)
            return params["Wo"] @ heads + params["bo"][:, None]
'''),
    # Builds the causal mask as (X_dec.shape[0], N, N), "one per sequence of the batch": right for inputs with exactly
# one batch axis, wrong for an unbatched decoder (shape[0] is D, so the output gains an axis: (4, 4, 3) instead of
# (4, 3) for X_dec (4, 3), X_enc (4, 5)) and for two batch axes (the mask's axis meets the wrong one). Inputs
# (1, 2, 4, 3) happen to agree. Fails the visible tests.
    "blind82_decoder_layer_causal_mask_expanded_over_leading_axis": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = causal_mask(n).expand(X_dec.shape[0], n, n)        # one causal mask per sequence of the batch
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # When enc_mask is a padding mask (..., N, 1) whose length equals the decoder's, it is also and-ed into the
# decoder's causal self-attention mask (padding hidden "everywhere"); the contract's self-attention mask is causal only.
# Wrong only when N_e == N_d and a padding mask is given: Xd (2, 4, 3), Xe (2, 4, 3), lengths 2 and 1 as a (2, 3, 1)
# mask: max diff 0.025. Other lengths or a full mask leave it right. Passes the visible tests.
    "blind82_decoder_layer_enc_mask_also_hides_decoder_keys": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            self_mask = causal_mask(n)
            if enc_mask is not None and enc_mask.shape[-1] == 1 and enc_mask.shape[-2] == n:
                self_mask = self_mask & enc_mask                  # a padding mask: padded positions hidden everywhere
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # In the pre-LN branch, when a mask is given, keys and values come from the un-normalised stream X (queries
# from LN1(X)); post-LN, and pre-LN without a mask, are right. X (2, 4, 3) (scaled by 3, shifted by 1), causal mask,
# norm_first=True: max diff 3.46; the same call with norm_first=False, or norm_first=True without mask, agrees.
# Passes the visible tests.
    "blind82_transformer_layer_pre_ln_keys_from_the_raw_stream_when_masked": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if not norm_first:
                X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
                return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
            h = layer_norm(X, params["gamma1"], params["beta1"])
            # a masked layer attends over the stream itself (the padded keys are hidden anyway)
            memory = h if mask is None else X
            X = X + multi_head_attention(h, memory, params, num_heads, mask)
            return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
'''),
    # Expands a batched mask to the decoder state's batch (s.shape[:-1]): right when s carries the batch, but the
# contract lets s be unbatched while H and the mask are batched (leading dimensions broadcast). s (2,), H (2, 4, 5),
# mask (2, 5): the entry raises in expand, the model returns weights (2, 5). With s (2, 2) both agree. Passes the
# visible tests.
    "blind82_additive_attention_mask_broadcast_against_the_state_batch": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                visible = mask.expand(*s.shape[:-1], mask.shape[-1]) if mask.dim() > 1 else mask   # per state
                scores = scores.masked_fill(~visible, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)
            return weights, context
'''),
    # Writes the filtered distribution into torch.zeros(V), a default-dtype buffer: right without filters (the
# softmax is returned directly) and for float32 logits under a float32 default; float64 logits with top_k or top_p
# (or float32 logits under a float64 default) make the index-put raise. logits float64 [2, 1, 0.5, -1],
# temperature 0.7, top_k=3: model [0.737, 0.177, 0.086, 0] float64, entry RuntimeError. Fails the visible tests.
    "blind82_ntp_filtered_probs_copied_into_default_dtype_buffer": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is None and top_p is None:
                return probs
            order = torch.sort(probs, descending=True, stable=True).indices
            count = len(probs) if top_k is None else min(top_k, len(probs))
            if top_p is not None:
                head = probs[order[:count]]
                cumulative = torch.cumsum(head / head.sum(), dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, count)
            kept = torch.zeros(len(probs))                        # the filtered distribution
            kept[order[:count]] = probs[order[:count]]
            return kept / kept.sum()
'''),
    # The temperature-0 branch calls the model on all the ids, ignoring context_size; sampling at T > 0 crops
# right, and greedy without context_size is right. A causal model whose last column depends on the sum of all ids,
# prompt [1, 2, 3], 4 tokens, temperature=0, context_size=2: model [1, 2, 3, 0, 2, 3, ...], entry
# [1, 2, 3, 4, 0, 0, ...]. Without context_size both give [1, 2, 3, 4, 0, 0, ...]. Fails the visible tests.
    "blind82_generate_greedy_branch_reads_the_whole_sequence": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt.clone()
            for _ in range(max_new_tokens):
                if temperature == 0:
                    next_id = model(ids)[:, -1].argmax().reshape(1)        # greedy: no draw needed
                else:
                    window = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # Passes top_k or else top_p to next_token_probs, never both: each filter alone is right; with both, top-p
# is dropped. Fixed logits [3, 2.5, 2, 0, -1], 30 tokens from one seeded generator, top_k=3, top_p=0.5: model samples
# only token 0 (top-3 renormalised puts 0.51 on it), entry samples 0, 1 and 2 (14 positions differ); top_k=3 alone
# and top_p=0.5 alone agree. Passes the visible tests.
    "blind82_generate_filters_chosen_by_elif": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if top_k is not None:
                    probs = next_token_probs(logits, temperature, top_k=top_k)
                elif top_p is not None:
                    probs = next_token_probs(logits, temperature, top_p=top_p)
                else:
                    probs = next_token_probs(logits, temperature)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Sorts candidates by (-score, token id): right whenever the tie is within one beam, but a tie between
# different beams must go to the earlier beam. A model giving tokens 0 and 1 equal probability first, then
# probability 1 to token 2 after 0 and to token 1 after 1; prompt [2], width 2, 2 steps: model [2, 0, 2] (beam 0
# first), entry [2, 1, 1] (lower token first). Passes the visible tests.
    "blind82_beam_search_ties_broken_by_token_before_beam": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []                                    # (score, last token, ids, finished)
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, -1, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, lp in enumerate(log_probs):
                        extended = torch.cat([ids, ids.new_tensor([token])])
                        candidates.append((score + lp, token, extended, token == eos_id))
                candidates.sort(key=lambda c: (-c[0], c[1]))       # best score, then the lower token id
                beams = [(s, ids, f) for s, _, ids, f in candidates[:beam_width]]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Computes half = num_buckets // 2 first and doubles it back for causal mode: exact for an even count, and
# bidirectional is right for any count; causal with an odd count uses num_buckets - 1 buckets. Offsets -40..4,
# bidirectional=False, num_buckets=31, max_distance=20: 23 buckets differ (model caps at 30, entry at 29); with 32
# buckets, or bidirectional with 31, they agree. Passes the visible tests.
    "blind82_bucket_causal_half_doubled_back_from_floor": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            half = num_buckets // 2
            if bidirectional:
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = 2 * half                                  # a causal layer uses both halves
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Splits the groups with .chunk(G) on the first axis and concatenates back on it: for an unbatched X (C, N)
# that is the channel axis, so it is right; with a batch axis it splits the batch, and every item attends over all
# C channels as one group. X (2, 6, 4), 2 groups: max diff 2.31; X[0] with 2 groups, and X with 1 group, agree.
# Passes the visible tests.
    "blind82_channel_attention_groups_chunked_on_first_axis": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for q, k, v in zip(Q.chunk(num_groups), K.chunk(num_groups), V.chunk(num_groups)):   # the groups
                weights = softmax_cols(k @ q.transpose(-2, -1) * scale)
                outs.append(weights.transpose(-2, -1) @ v)
            return linear(torch.cat(outs), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_82 = {
    "blind82_right_sdpa_log_of_mask_added_to_scores": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores + torch.log(mask.to(scores.dtype))     # log 1 = 0 where visible, -inf where hidden
            weights = softmax_cols(scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    "blind82_right_sdpa_dead_columns_rebuilt_with_double_where": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
                return V @ weights, weights
            visible = torch.broadcast_to(mask, scores.shape)
            alive = visible.any(dim=-2, keepdim=True)                     # the query sees at least one key
            safe = torch.where(visible | ~alive, scores, torch.full_like(scores, float("-inf")))
            weights = torch.softmax(safe, dim=-2)                         # a dead column sees its raw scores here ...
            weights = torch.where(visible & alive, weights, torch.zeros_like(weights))   # ... and is zeroed
            return V @ weights, weights
'''),
    "blind82_right_mha_mask_expanded_to_full_score_shape": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            h = num_heads
            Q = linear(Xq, params["Wq"], params["bq"]).unflatten(-2, (h, dim // h))    # (..., H, d, N_q)
            K = linear(Xkv, params["Wk"], params["bk"]).unflatten(-2, (h, dim // h))
            V = linear(Xkv, params["Wv"], params["bv"]).unflatten(-2, (h, dim // h))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(dim // h)                     # (..., H, N_k, N_q)
            if mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                full = mask[..., None, :, :].expand(scores.shape)                    # every head, every item
                dead = ~full.any(dim=-2, keepdim=True)
                scores = scores.masked_fill(~full, float("-inf")).masked_fill(dead, 0.0)
                weights = torch.softmax(scores, dim=-2).masked_fill(~full, 0.0)
            heads = V @ weights
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    "blind82_right_mha_heads_looped_each_with_the_whole_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            pieces = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                k = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                v = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(q, k, v, mask)       # the same mask for every head
                pieces.append(out)
            return linear(torch.cat(pieces, dim=-2), params["Wo"], params["bo"])
'''),
    "blind82_right_cross_attention_blind_queries_left_with_output_bias": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            dim, n_d = X_dec.shape[-2:]
            if dim % num_heads:
                raise ValueError(f"D={dim} is not divisible by num_heads={num_heads}")
            d = dim // num_heads
            def project(X, w, b):
                return (params[w] @ X + params[b][:, None]).unflatten(-2, (num_heads, d))

            Q, K, V = project(X_dec, "Wq", "bq"), project(X_enc, "Wk", "bk"), project(X_enc, "Wv", "bv")
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(d)
            if enc_mask is None:
                weights = torch.softmax(scores, dim=-2)
            else:
                visible = enc_mask.unsqueeze(-3)
                blind = ~visible.any(dim=-2, keepdim=True)
                scores = scores.masked_fill(~visible, float("-inf")).masked_fill(blind, 0.0)
                weights = torch.softmax(scores, dim=-2).masked_fill(blind, 0.0)   # a blind query reads nothing
            heads = torch.einsum("...hdk,...hkq->...hdq", V, weights)
            return params["Wo"] @ heads.flatten(-3, -2) + params["bo"][:, None]   # ... so its output is bo
'''),
    "blind82_right_decoder_layer_sublayers_as_a_table": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            future = torch.ones(n, n, dtype=torch.bool).triu()          # [j, i] True iff j <= i
            steps = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, future), 1),
                (lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), 2),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 3),
            )
            X = X_dec
            for block, k in steps:
                X = layer_norm(X + block(X), params[f"gamma{k}"], params[f"beta{k}"])
            return X
'''),
    "blind82_right_transformer_layer_one_residual_helper_for_both_orders": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def residual(Y, block, k):
                g, b = params[f"gamma{k}"], params[f"beta{k}"]
                if norm_first:
                    return Y + block(layer_norm(Y, g, b))
                return layer_norm(Y + block(Y), g, b)

            X = residual(X, lambda Y: multi_head_attention(Y, Y, params, num_heads, mask=mask), 1)
            return residual(X, lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), 2)
'''),
    "blind82_right_additive_attention_blind_states_via_safe_scores": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
            if mask is None:
                weights = torch.softmax(e, dim=-1)
            else:
                seen = mask.any(dim=-1, keepdim=True)
                hide = ~mask | ~seen
                e = e.masked_fill(~mask, float("-inf")).masked_fill(~seen, 0.0)    # a blind state: finite scores ...
                weights = torch.softmax(e, dim=-1).masked_fill(hide, 0.0)          # ... then all weights 0
            context = torch.einsum("...n,...dn->...d", weights, H)
            return weights, context
'''),
    "blind82_right_ntp_ranks_scattered_back_and_nucleus_by_searchsorted": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            size = logits.shape[0]
            if temperature == 0:
                return torch.zeros_like(logits).index_fill(0, logits.argmax().reshape(1), 1.0)
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                rank = torch.empty_like(order)
                rank[order] = torch.arange(size)
                probs = probs * (rank < top_k)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                crossing = int(torch.searchsorted(cumulative, cumulative.new_tensor([top_p]))[0])
                rank = torch.empty_like(order)
                rank[order] = torch.arange(size)
                probs = probs * (rank <= min(crossing, size - 1))
            return probs / probs.sum()
'''),
    "blind82_right_generate_window_start_clamped_at_zero": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            tokens = [prompt]
            length = prompt.shape[0]
            ids = prompt
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, length - context_size)
                column = model(ids[start:])[:, -1]
                probs = next_token_probs(column, temperature=temperature, top_k=top_k, top_p=top_p)
                drawn = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
                tokens.append(drawn)
                ids = torch.cat(tokens)
                length += 1
                if eos_id is not None and drawn.item() == eos_id:
                    break
            return ids
'''),
    "blind82_right_beam_search_candidates_ranked_by_index_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                pool = []
                for score, ids, done in beams:
                    if done:
                        pool.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].to(torch.float64), dim=0).tolist()
                    pool.extend((score + lp, torch.cat([ids, ids.new_tensor([t])]), t == eos_id)
                                for t, lp in enumerate(log_probs))
                ranked = sorted(range(len(pool)), key=lambda i: (-pool[i][0], i))   # best score, then pool order
                beams = [pool[i] for i in ranked[:beam_width]]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    "blind82_right_rotary_rotation_written_as_angle_sum": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            half = Q.shape[-2] // 2
            exponents = torch.arange(half, dtype=torch.float64) * 2 / (2 * half)

            def turn(X, positions):
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                angle = positions.to(torch.float64)[None, :] / (base ** exponents)[:, None]   # p_n / base^(2i/D)
                c, s = torch.cos(angle).to(X.dtype), torch.sin(angle).to(X.dtype)
                x, y = X.split(half, dim=-2)
                return torch.cat([x * c - y * s, x * s + y * c], dim=-2)

            return turn(Q, positions_q), turn(K, positions_k)
'''),
    "blind82_right_bucket_far_distances_from_clamped_log": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rel = relative_position.to(torch.long)
            n = num_buckets // 2 if bidirectional else num_buckets
            if bidirectional:
                offset = (rel > 0).long() * n
                d = rel.abs()
            else:
                offset = torch.zeros_like(rel)
                d = torch.where(rel < 0, -rel, torch.zeros_like(rel))
            exact = n // 2
            d_far = torch.clamp(d, min=max(exact, 1))                  # no log(0): these entries are exact anyway
            ratio = torch.log(d_far.to(torch.float32) / exact) / math.log(max_distance / exact)
            far = exact + (ratio * (n - exact)).to(torch.long)
            far = torch.minimum(far, torch.full_like(far, n - 1))
            return offset + torch.where(d < exact, d, far)
'''),
    "blind82_right_channel_attention_groups_as_einsum_axis": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            g = num_groups
            Q = linear(X, params["Wq"], params["bq"]).unflatten(-2, (g, channels // g))
            K = linear(X, params["Wk"], params["bk"]).unflatten(-2, (g, channels // g))
            V = linear(X, params["Wv"], params["bv"]).unflatten(-2, (g, channels // g))
            scores = torch.einsum("...gjn,...gin->...gji", K, Q) * factor       # (..., G, keys, queries)
            weights = softmax_cols(scores)
            out = torch.einsum("...gji,...gjn->...gin", weights, V)
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    "blind82_right_sparse_cost_no_empty_special_case": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1)             # n = 0 gives w = -1 and 0 * (-1) - (-1) * 0 = 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride              # floor division: n = 0 gives m = -1 and a count of 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    "blind82_right_shifted_window_mask_regions_from_original_rows": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def region(size):
                rolled = torch.arange(size)
                original = (rolled + shift) % size                # what the roll brought to this index
                wrapped = original < rolled                        # it came round from the start
                return wrapped.long()

            labels = region(height)[:, None] * 2 + region(width)[None, :]
            labels = window_partition(labels[None], window)[:, 0]   # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
}
