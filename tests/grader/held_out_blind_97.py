"""Ninety-eighth blind batch of held-out implementations (prefix blind97_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, README.md, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_96.py) were only skimmed for
their entry names, emphases and header style (their entry names were extracted with grep into a scratch list to check
for repeats). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/,
nor the batches written at the same time (held_out_blind_98.py, held_out_blind_99.py). `ls tests/grader/` was run once
to see the batch file names; it also listed the cheats/ directory and a test_*.py file, which were not opened.

Emphasis: modern torch 2.x APIs, as code written today with current documentation or an assistant uses them. Wrong
entries trust a default or a convention of one of them that differs from the contract on an allowed input:
F.scaled_dot_product_attention's (query, key) mask layout given the course's (key, query) causal mask (decoder
layer), its float attn_mask read as 0/1 visibility when it is an additive bias (multi-head attention), a batched
padding mask handed to it without a head axis (cross-attention, wrong when the batch size equals the head count), its
dropout_p switched on by torch.is_grad_enabled() (channel attention); torch.nn.attention.bias.causal_upper_left
materialised as the course's causal mask (torch's layout); torch.where with two Python scalars (the default dtype
promoting float32 scores); torch.logsumexp without the all-hidden guard (additive attention); torch.isin given the
special ids as a Python sequence; torch.meshgrid on batched flags (1-D only); torch.split's remainder chunk taken as
the last context_size ids (generate); F.rms_norm for the pre-LN layer norm; F.pairwise_distance's eps in the nearest
colour; torch.topk(sorted=False) beams read as sorted (beam search); a fused QKV projection split by .chunk(3) (D_v !=
D_k); torch.tensordot, which does not batch (grid attention); F.one_hot followed by movedim(-1, 0) (batched ids).
Right entries use the same APIs correctly: F.sdpa with transposed inputs and masks (the weights from a second call
with identity values), is_causal for square self-attention, sdpa_kernel(SDPBackend.MATH) and Tensor.unflatten heads
in multi-head attention and the transformer layer, an einsum head layout for cross-attention, torch.special.expit,
torch.split by sizes and torch.lerp in the GRU step, torch.where with Python scalars for the default-dtype one-hot,
torch.clamp with tensor bounds (local mask), meshgrid(indexing="xy") where the mask is symmetric (strided mask),
torch.vmap with chunk_size (softmax), torch.unique(return_inverse) with torch.linalg.vector_norm (quantize),
torch.linalg.vecdot with torch.special.softmax (grid attention), F.one_hot @ omega_e.mT (embed).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind97/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (6 of the 17 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (nsp_pairs by the generator's
state before and after a call and by two calls with one generator). Right entries were compared with the model answer
on 40 random cases per dtype combination (float32 and float64 inputs under both default dtypes, shapes with 0-2 batch
axes including (1, 2), non-contiguous inputs, edge sizes), values to 1e-4 / 1e-9 with dtypes and shapes exactly,
ValueErrors matched (D not divisible by H, ids out of range), and gradients of every floating-point input (params
dicts included, tied Wk is Wq, the same tensor as Q and K) to 1e-3 / 1e-7: masks none, shared, per item, padding
(B, N_k, 1) and with all-hidden queries or states; softmax_cols with 1e3/1e4 scores, -inf entries, all -inf columns,
zeros and empty shapes; one_hot with dtype None/float16/32/64; local_mask with windows 0..10 and strided_mask with
strides -1..13 (ValueError matched); quantize_pixels with pixels equal to palette colours and mixed dtypes; the
decoder step with broadcast batch axes and masks hiding none, some or all positions. Each right entry was also run on
float64 inputs under torch.no_grad() and with inputs made in torch.inference_mode(): same results, inputs unchanged,
grad mode restored.

Judgement calls: blind97_decoder_layer_sdpa_causal_mask_in_course_layout ends where an earlier batch's transposed
causal mask in decoder_layer ends (queries seeing later tokens); I kept it because the cause is F.sdpa's own mask
layout, this batch's emphasis. blind97_sdpa_additive_mask_from_where_with_python_scalars is wrong only under a float64
default dtype with float32 inputs and a mask (the contract's "whatever torch's default dtype", which the grader calls
every function once under); it raises there. blind97_cross_attention_sdpa_mask_without_head_axis is silently wrong only
when the batch size equals the head count (and a batched mask is given); with other batch sizes it raises or, for a
2-D mask, is right. blind97_quantize_pixels_functional_pairwise_distance_eps is wrong only where two colours' distances
differ by less than about 1e-6, which is far more than the float64 rounding the contract's tie clause accepts.
blind97_beam_search_unsorted_topk_beams depends on the order torch.topk(sorted=False) returns on CPU (unsorted for
the recorded case in torch 2.13). Right entries: the cross-attention, decoder-layer and transformer-layer ones inline
the heads with Tensor.unflatten and so raise the D % H ValueError themselves (the model answers raise it through
multi_head_attention). Dropped: a scaled_dot_product_attention forcing sdpa_kernel(SDPBackend.FLASH_ATTENTION) (no
CPU kernel: it raises on every input), and many first ideas whose mechanism an earlier batch already holds for the
same function (top-p cumsum in float32, pixel_unshuffle merging, adaptive pooling, inference_mode generation, GELU,
group_norm, Categorical sampling, cross-entropy means, bucketize/searchsorted sides, the torch.polar sinusoid,
unflatten-swapped windows and heads). Fewer entries than the task's aim (17 wrong, 13 right instead of 35 / 20): the
time box, and the earlier batches' coverage of this emphasis.

Counts: 17 wrong, 13 right.
Wrong per function: {'additive_attention': 1, 'beam_search': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'one_hot': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'transformer_layer': 1}.
Right per function: {'attention_decoder_step': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'grid_attention': 1, 'local_mask': 1, 'multi_head_attention': 1, 'one_hot': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'softmax_cols': 1, 'strided_mask': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_97 = {
    # The self-attention goes through F.scaled_dot_product_attention with the course's causal_mask(N) as attn_mask, but
    # torch's mask is (query, key): the course's (key, query) mask there lets each query see itself and LATER tokens.
    # decoder_layer(X_dec (4, 3), X_enc (4, 2), 2 heads; weights from a generator seeded 0), column 0: model
    # [1.080, -0.684, -1.268, 0.871], entry [-0.820, -1.078, 0.521, 1.376]. Fails the visible tests.
    "blind97_decoder_layer_sdpa_causal_mask_in_course_layout": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def self_attend(X, p):
                def heads(W, b):  # (..., H, N, D/H): torch's row layout for F.scaled_dot_product_attention
                    return (W @ X + b[:, None]).unflatten(-2, (num_heads, -1)).mT
                n = X.shape[-1]
                out = F.scaled_dot_product_attention(
                    heads(p["Wq"], p["bq"]), heads(p["Wk"], p["bk"]), heads(p["Wv"], p["bv"]),
                    attn_mask=causal_mask(n).to(X.device),
                )
                return p["Wo"] @ out.mT.flatten(-3, -2) + p["bo"][:, None]

            X = layer_norm(X_dec + self_attend(X_dec, params["self_attn"]), params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # F.scaled_dot_product_attention with nanoGPT's dropout_p, "training" read as torch.is_grad_enabled(): with grad mode
    # on (every training call, and the grader's ordinary calls) 10 % of the attention weights are dropped at random.
    # Two calls on the same X (4, 5), G = 2: model max |difference| 0.0, entry 1.59. Fails the visible tests.
    "blind97_channel_attention_sdpa_dropout_while_grad_enabled": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            def groups(W, b):  # (..., G, C/G, N): each channel is a query row, its N token values its features
                return (W @ X + b[:, None]).unflatten(-2, (num_groups, -1))
            out = F.scaled_dot_product_attention(
                groups(params["Wq"], params["bq"]), groups(params["Wk"], params["bk"]), groups(params["Wv"], params["bv"]),
                dropout_p=0.1 if torch.is_grad_enabled() else 0.0,  # "training" = autograd on, as in nanoGPT
                scale=scale,
            )
            return params["Wo"] @ out.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Draws from generator.clone_state() so as "not to disturb the caller's generator": the passed generator is never
    # advanced, so a training loop gets the same pairs at every call. Two calls with one generator seeded 5 on three
    # documents: model advances it and gives other pairs the second time, entry leaves it unmoved and repeats the pairs.
    # Passes the visible tests.
    "blind97_nsp_pairs_draws_from_cloned_generator_state": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            if generator is not None:
                generator = generator.clone_state()  # draw from a copy: the caller's generator stays untouched
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
    # Turns the bool mask into F.sdpa-style additive form with torch.where(mask, 0.0, -inf): two Python scalars give the
    # DEFAULT dtype, which then promotes float32 scores to float64 under torch.set_default_dtype(torch.float64).
    # float32 Q, K, V (2, 3), (2, 3), (1, 3) with a mask under the float64 default: model float32 output and weights,
    # entry raises RuntimeError (float32 V @ float64 weights). Passes the visible tests.
    "blind97_sdpa_additive_mask_from_where_with_python_scalars": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.mT @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores + torch.where(mask, 0.0, float("-inf"))  # an additive mask, as F.sdpa takes one
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Weights as exp(e - logsumexp(e)): a state whose mask hides every position has logsumexp = -inf and -inf - -inf =
    # NaN. s = [1, 0], H = [[1, 2], [0, 1]], W = U = I, v = [1, 1], mask [False, False]: model weights [0, 0] and context
    # [0, 0], entry [nan, nan] and [nan, nan]. Fails the visible tests.
    "blind97_additive_attention_logsumexp_without_dead_state_guard": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.mT)[..., None])            # (..., D_a, N)
            e = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = torch.exp(e - torch.logsumexp(e, dim=-1, keepdim=True))
            context = (H @ weights[..., None])[..., 0]
            return weights, context
'''),
    # torch.isin(ids, special_ids, invert=True) given special_ids as passed: the contract allows a sequence of ints, and
    # torch.isin takes only a tensor or one number. mlm_corrupt(tensor([[101, 5, 6, 102]]), 200, [101, 102], 103,
    # mask_prob=1.0): model labels [[-100, 5, 6, -100]], entry raises TypeError. Fails the visible tests.
    "blind97_mlm_corrupt_isin_given_the_python_sequence": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            eligible = torch.isin(ids, special_ids, invert=True)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), mask_id, ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids, -100)
            return corrupted, labels
'''),
    # torch.nn.attention.bias.causal_upper_left(n, n)._materialize(): F.sdpa's own causal mask, in torch's (query, key)
    # layout, so the course's (key, query) mask comes out transposed. causal_mask(3): model [[T, T, T], [F, T, T],
    # [F, F, T]], entry [[T, F, F], [T, T, F], [T, T, T]]. Fails the visible tests.
    "blind97_causal_mask_materialized_torch_causal_bias": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            from torch.nn.attention.bias import causal_upper_left
            return causal_upper_left(n, n)._materialize()  # the bool mask F.sdpa's is_causal uses
'''),
    # torch.meshgrid(is_global, is_global, indexing="ij") builds the (key, query) grids, but meshgrid takes 1-D tensors
    # only, so a batch of flags (..., N) fails. is_global [[T, F, F], [F, F, T]]: model shape (2, 3, 3), entry raises
    # RuntimeError. Fails the visible tests.
    "blind97_global_token_mask_meshgrid_of_one_sequence": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            keys, queries = torch.meshgrid(is_global, is_global, indexing="ij")
            return keys | queries
'''),
    # Crops the context as torch.split(ids, context_size)[-1]: the last chunk of a split holds the REMAINDER when the
    # length is not a multiple of context_size, not the last context_size ids. A model whose next token is the first id
    # of its context, prompt [1, 2, 3], context_size=2, one new token: model [1, 2, 3, 2], entry [1, 2, 3, 3].
    # Fails the visible tests.
    "blind97_generate_context_is_last_split_chunk": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else torch.split(ids, context_size)[-1]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The pre-LN branch uses F.rms_norm, as modern pre-norm models do: no mean subtracted and no beta, which is not the
    # contract's layer norm. Post-LN is right. X = [[1, 2], [3, 0], [5, 1], [7, 1]], identity value/output weights, zero
    # FFN, norm_first=True, column 0: model [1.036, 2.069, 5.224, 7.671], entry [1.926, 3.327, 5.954, 8.172].
    # Passes the visible tests.
    "blind97_transformer_layer_pre_ln_as_functional_rms_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:  # modern pre-norm blocks: F.rms_norm over the features of each token
                dim = X.shape[-2]
                X = X + attend(F.rms_norm(X.mT, (dim,), params["gamma1"], eps=1e-5).mT)
                X = X + think(F.rms_norm(X.mT, (dim,), params["gamma2"], eps=1e-5).mT)
                return X
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # F.pairwise_distance for the nearest colour: it measures |x - y + eps| with eps = 1e-6 by default, which moves
    # every distance by up to 1e-6 and flips colours closer than that (far above float64 rounding). Pixel 0 (float64),
    # palette [[1.0, -(1 - 1e-7)]]: model id 1 (distance 0.9999999 < 1), entry id 0. Passes the visible tests.
    "blind97_quantize_pixels_functional_pairwise_distance_eps": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., None, :]     # (..., H, W, 1, C)
            colours = palette.to(dtype).mT                              # (K, C)
            return F.pairwise_distance(pixels, colours).argmin(dim=-1)  # (..., H, W)
'''),
    # Passes the mask to F.scaled_dot_product_attention as mask.to(Q.dtype): a float attn_mask is ADDED to the scores, so
    # visible keys get +1 and hidden keys +0 instead of being hidden. Xq = Xkv = I (2, 2), identity weights, one head,
    # mask [[T, T], [F, T]]: model [[1.000, 0.330], [0.000, 0.670]], entry [[0.847, 0.330], [0.153, 0.670]].
    # Fails the visible tests.
    "blind97_mha_sdpa_bool_mask_cast_to_float": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(X, W, b):
                return (W @ X + b[:, None]).unflatten(-2, (num_heads, -1)).mT  # (..., H, N, D/H)
            Q = heads(Xq, params["Wq"], params["bq"])
            K = heads(Xkv, params["Wk"], params["bk"])
            V = heads(Xkv, params["Wv"], params["bv"])
            attn_mask = None if mask is None else mask.mT.unsqueeze(-3).to(Q.dtype)
            out = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
            return params["Wo"] @ out.mT.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Keeps the beams with torch.topk(scores, beam_width, sorted=False) and returns beams[0]: the kept set is right but
    # unsorted, so the first beam is not the best one. A table model (V = 6, randn * 2, generator seed 0, logits =
    # table[:, ids]), prompt [0], width 4, 3 steps: model [0, 3, 5, 4], entry [0, 2, 5, 4]. Fails the visible tests.
    "blind97_beam_search_unsorted_topk_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                scores = torch.tensor([c[0] for c in candidates], dtype=torch.float64)
                keep = torch.topk(scores, min(beam_width, len(candidates)), sorted=False).indices
                beams = [candidates[i] for i in keep.tolist()]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Fuses Wq, Wk, Wv into one projection (nanoGPT's c_attn) and splits it with .chunk(3): equal thirds, right only
    # when D_v == D_k. X (3, 2), Wq, Wk (2, 3), Wv (5, 3): model output (5, 2), entry output (3, 2) with values from the
    # wrong rows. Passes the visible tests.
    "blind97_self_attention_fused_qkv_chunked_in_three": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            W = torch.cat([Wq, Wk, Wv])            # one fused projection, as nanoGPT's c_attn
            b = torch.cat([bq, bk, bv])
            Q, K, V = (W @ X + b[:, None]).chunk(3, dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Hands enc_mask.mT to F.scaled_dot_product_attention without a head axis: a batched mask (B, N_e, 1) -> (B, 1, N_e)
    # lines its batch axis up with the heads, so when B == H head h uses sequence h's mask. B = 2, H = 2, D = 2,
    # lengths 3 and 1 as a padding mask (2, 3, 1), item 1: model [0.058, 0.113], entry [0.062, 0.003].
    # Passes the visible tests.
    "blind97_cross_attention_sdpa_mask_without_head_axis": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def heads(X, W, b):
                return (W @ X + b[:, None]).unflatten(-2, (num_heads, -1)).mT  # (..., H, N, D/H)
            Q = heads(X_dec, params["Wq"], params["bq"])
            K = heads(X_enc, params["Wk"], params["bk"])
            V = heads(X_enc, params["Wv"], params["bv"])
            attn_mask = None if enc_mask is None else enc_mask.mT   # (..., N_d, N_e), True = take part
            out = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
            return params["Wo"] @ out.mT.flatten(-3, -2) + params["bo"][:, None]
'''),
    # The context as torch.tensordot(features, weights, dims=([-2, -1], [-2, -1])): tensordot does not batch, it
    # contracts the cells and keeps BOTH batch axes. s (2, 2), features (2, 3, 2, 2): model context (2, 3), entry
    # (2, 3, 2). Fails the visible tests.
    "blind97_grid_attention_context_by_tensordot": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.mT)[..., None, None])
            e = torch.einsum("a,...ahw->...hw", v, hidden)
            weights = torch.softmax(e.flatten(-2), dim=-1).unflatten(-1, e.shape[-2:])
            context = torch.tensordot(features, weights, dims=([-2, -1], [-2, -1]))
            return weights, context
'''),
    # F.one_hot(...) is (..., N, V); .movedim(-1, 0) puts V first, which is (V, N) for one sequence but (V, ..., N) for a
    # batch. one_hot(tensor([[0, 2], [1, 1]]), 3): model shape (2, 3, 2), entry (3, 2, 2). Fails the visible tests.
    "blind97_one_hot_functional_vocabulary_moved_to_front": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = F.one_hot(token_ids, vocab_size)               # (..., N, V)
            return table.movedim(-1, 0).to(dtype or torch.get_default_dtype())
'''),
}

RIGHT_BLIND_97 = {
    # Both results from F.scaled_dot_product_attention on the transposed (row-layout) inputs and mask: the weights by a
    # second call whose values are the identity (output = weights). torch returns zeros for a query that sees no key.
    # Passes the visible tests.
    "blind97_right_sdpa_weights_from_identity_values": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            attn_mask = None if mask is None else mask.mT                # torch's (..., N_q, N_k), True = take part
            eye = torch.eye(K.shape[-1], dtype=V.dtype, device=V.device)  # values = identity: output = weights
            out = F.scaled_dot_product_attention(Q.mT, K.mT, V.mT, attn_mask=attn_mask)
            rows = F.scaled_dot_product_attention(Q.mT, K.mT, eye.expand(*K.shape[:-2], -1, -1), attn_mask=attn_mask)
            return out.mT, rows.mT
'''),
    # The causal self-attention by F.sdpa(is_causal=True): for square self-attention torch's top-left causal mask is the
    # course's causal_mask transposed into torch's layout; the cross-attention is the course's. Passes the visible tests.
    "blind97_right_decoder_layer_sdpa_is_causal_top_left": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if X_dec.shape[-2] % num_heads:
                raise ValueError(f"D={X_dec.shape[-2]} is not divisible by num_heads={num_heads}")
            def self_attend(X, p):
                def heads(W, b):
                    return (W @ X + b[:, None]).unflatten(-2, (num_heads, -1)).mT   # (..., H, N, D/H)
                out = F.scaled_dot_product_attention(
                    heads(p["Wq"], p["bq"]), heads(p["Wk"], p["bk"]), heads(p["Wv"], p["bv"]), is_causal=True,
                )  # square self-attention: top-left causal = query i sees keys 0..i
                return p["Wo"] @ out.mT.flatten(-3, -2) + p["bo"][:, None]

            X = layer_norm(X_dec + self_attend(X_dec, params["self_attn"]), params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Attention inlined with F.linear on the token rows (Y.mT), heads by unflatten/movedim, the mask transposed with a
    # head axis, F.sdpa under torch.nn.attention.sdpa_kernel(SDPBackend.MATH). Passes the visible tests.
    "blind97_right_transformer_layer_sdpa_math_kernel": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            if X.shape[-2] % num_heads:
                raise ValueError(f"D={X.shape[-2]} is not divisible by num_heads={num_heads}")
            from torch.nn.attention import SDPBackend, sdpa_kernel

            def attend(Y):
                def heads(W, b):
                    return F.linear(Y.mT, W, b).unflatten(-1, (num_heads, -1)).movedim(-2, -3)  # (..., H, N, D/H)
                attn_mask = None if mask is None else mask.mT.unsqueeze(-3)
                with sdpa_kernel(SDPBackend.MATH):
                    out = F.scaled_dot_product_attention(heads(params["Wq"], params["bq"]),
                                                         heads(params["Wk"], params["bk"]),
                                                         heads(params["Wv"], params["bv"]), attn_mask=attn_mask)
                return F.linear(out.movedim(-3, -2).flatten(-2), params["Wo"], params["bo"]).mT

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            def norm(Y, i):
                return layer_norm(Y, params[f"gamma{i}"], params[f"beta{i}"])

            if norm_first:
                X = X + attend(norm(X, 1))
                return X + think(norm(X, 2))
            X = norm(X + attend(X), 1)
            return norm(X + think(X), 2)
'''),
    # The GRU written with F.linear, torch.split by sizes [D_s, D_s, D_s], torch.special.expit and torch.lerp
    # ((1 - z) n + z h), batch axes broadcast with torch.broadcast_shapes. Passes the visible tests.
    "blind97_right_decoder_step_expit_and_split_sizes": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
            h = s_prev.expand(*batch, -1)
            x = torch.cat([y_prev.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
            d = h.shape[-1]
            r_x, z_x, n_x = torch.split(F.linear(x, params["weight_ih"], params["bias_ih"]), [d, d, d], dim=-1)
            r_h, z_h, n_h = torch.split(F.linear(h, params["weight_hh"], params["bias_hh"]), [d, d, d], dim=-1)
            r = torch.special.expit(r_x + r_h)
            z = torch.special.expit(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            s = torch.lerp(n, h, z)                    # (1 - z) n + z h
            logits = F.linear(torch.cat([s, context.expand(*batch, -1)], dim=-1), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # torch.where(hits, 1.0, 0.0): two Python scalars give exactly the default dtype the contract asks for when dtype is
    # None. Passes the visible tests.
    "blind97_right_one_hot_where_python_scalars": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hits = token_ids.unsqueeze(-2) == torch.arange(vocab_size, device=token_ids.device)[:, None]
            table = torch.where(hits, 1.0, 0.0)   # two Python floats: the default dtype
            return table if dtype is None else table.to(dtype)
'''),
    # torch.clamp with tensor bounds: query i is within the window of key j iff clamping i into [j - w, j + w] leaves it
    # unchanged. Passes the visible tests.
    "blind97_right_local_mask_clamp_with_tensor_bounds": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            if window < 0:
                return torch.zeros(n, n, dtype=torch.bool)
            # a query is visible from key j iff clamping it into [j - w, j + w] leaves it where it is
            return torch.clamp(queries, min=keys - window, max=keys + window) == queries
'''),
    # torch.meshgrid(..., indexing="xy") swaps the roles of the two grids, which does not matter here: (i - j) % s == 0
    # is symmetric. Passes the visible tests.
    "blind97_right_strided_mask_meshgrid_xy_symmetric": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            first, second = torch.meshgrid(torch.arange(n), torch.arange(n), indexing="xy")
            return torch.remainder(first - second, stride) == 0   # symmetric in the two indices
'''),
    # torch.vmap of a one-column softmax over the columns (in_dims=1, out_dims=1, chunk_size=7), vmapped again over the
    # flattened batch (chunk_size=3); an all -inf column is guarded to zeros. Passes the visible tests.
    "blind97_right_softmax_cols_vmap_with_chunk_size": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            def column(x):                       # one column (M,) of one batch item
                top = torch.amax(x)
                top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
                e = torch.exp(x - top)
                total = e.sum()
                return e / torch.where(total == 0, torch.ones_like(total), total)
            if scores.numel() == 0:
                return scores * 0
            batch, (m, n) = scores.shape[:-2], scores.shape[-2:]
            flat = scores.reshape(-1, m, n)
            per_item = torch.vmap(column, in_dims=1, out_dims=1, chunk_size=7)
            return torch.vmap(per_item, chunk_size=3)(flat).reshape(*batch, m, n)
'''),
    # torch.unique(dim=0, return_inverse=True) over the pixel colours, the nearest palette colour of each distinct one
    # by torch.linalg.vector_norm and argmin (first minimum), then gathered back through the inverse. Passes the visible
    # tests.
    "blind97_right_quantize_unique_colours_vector_norm": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                     # (..., H, W, C)
            flat = pixels.reshape(-1, pixels.shape[-1])
            colours, inverse = torch.unique(flat, dim=0, return_inverse=True)   # each distinct colour once
            distances = torch.linalg.vector_norm(colours[:, None, :] - palette.to(dtype).mT, dim=-1)   # (U, K)
            nearest = distances.argmin(dim=-1) if len(colours) else torch.zeros(0, dtype=torch.long)
            return nearest[inverse].reshape(pixels.shape[:-1])
'''),
    # Heads by Tensor.unflatten(-2, (H, -1)).mT, the mask given its head axis before .mT, F.sdpa under
    # sdpa_kernel([SDPBackend.MATH]); .flatten(-3, -2) stacks the heads back. Passes the visible tests.
    "blind97_right_mha_sdpa_unflatten_math_kernel": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from torch.nn.attention import SDPBackend, sdpa_kernel

            def heads(X, W, b):
                return (W @ X + b[:, None]).unflatten(-2, (num_heads, -1)).mT   # (..., H, N, D/H)
            attn_mask = None if mask is None else mask.unsqueeze(-3).mT        # (..., 1, N_q, N_k)
            with sdpa_kernel([SDPBackend.MATH]):
                out = F.scaled_dot_product_attention(heads(Xq, params["Wq"], params["bq"]),
                                                     heads(Xkv, params["Wk"], params["bk"]),
                                                     heads(Xkv, params["Wv"], params["bv"]), attn_mask=attn_mask)
            return params["Wo"] @ out.mT.flatten(-3, -2) + params["bo"][:, None]
'''),
    # Head projections by einsum over unflattened weights ("hed,...dn->...hne"), enc_mask[..., None, :, :].mT for
    # F.sdpa, the output projection by einsum. Passes the visible tests.
    "blind97_right_cross_attention_sdpa_head_axis_before_transpose": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if X_dec.shape[-2] % num_heads:
                raise ValueError(f"D={X_dec.shape[-2]} is not divisible by num_heads={num_heads}")
            def heads(X, W, b):
                return torch.einsum("hed,...dn->...hne", W.unflatten(0, (num_heads, -1)), X) \\
                    + b.unflatten(0, (num_heads, 1, -1))                               # (..., H, N, D/H)
            attn_mask = None if enc_mask is None else enc_mask[..., None, :, :].mT    # (..., 1, N_d, N_e)
            out = F.scaled_dot_product_attention(heads(X_dec, params["Wq"], params["bq"]),
                                                 heads(X_enc, params["Wk"], params["bk"]),
                                                 heads(X_enc, params["Wv"], params["bv"]), attn_mask=attn_mask)
            return torch.einsum("dhe,...hne->...dn", params["Wo"].unflatten(1, (num_heads, -1)), out) \\
                + params["bo"][:, None]
'''),
    # Scores by torch.linalg.vecdot(v, hidden, dim=-2), one torch.special.softmax over the flattened cells, context by
    # an ellipsis einsum, weights unflattened to (H, W). Passes the visible tests.
    "blind97_right_grid_attention_vecdot_special_softmax": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            cells = features.flatten(-2)                                    # (..., C, H*W)
            hidden = torch.tanh(torch.einsum("ac,...cn->...an", U, cells) + (s @ W.mT)[..., None])
            e = torch.linalg.vecdot(v[:, None], hidden, dim=-2)             # (..., H*W)
            weights = torch.special.softmax(e, dim=-1)
            context = torch.einsum("...cn,...n->...c", cells, weights)
            return weights.unflatten(-1, features.shape[-2:]), context
'''),
    # omega_e @ one_hot written in the row layout: F.one_hot(ids, V) in omega's dtype @ omega_e.mT, then .mT.
    # Passes the visible tests.
    "blind97_right_embed_functional_one_hot_matmul_mt": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = F.one_hot(token_ids, omega_e.shape[-1]).to(omega_e.dtype)    # (..., N, V)
            return (rows @ omega_e.mT).mT                                       # (..., D, N)
'''),
}
