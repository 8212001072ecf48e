"""Thirty-fourth blind batch of held-out implementations (prefix blind33_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, capstone/assembly.py and capstone/models.py (how the capstone calls the
learner's functions: ids (B, N), hidden states (B, D, N), causal and padding masks, float32 and float64 weights,
a cross-entropy training step), the stubs (exercises/*.py: signatures and input-check lines, substituted through the
stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`, and test_capstone.py for a few entries), never read. The earlier
blind batches (held_out_blind.py ... held_out_blind_31.py) were only skimmed for their entry names and header
decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written
at the same time (held_out_blind_32.py).

Emphasis: mistakes that matter once the functions are assembled into the capstone's models and trained or sampled,
and that look harmless on one call: wrong gradients with right values (a detached variance, a detached residual
stream, gain and shift copied through new_tensor, detached images), state kept between calls (a memoised sequence
score, a cached start column, a mutable default token list, popped or added params keys, a reseeded global RNG),
masks that leak or hide (the diagonal forced visible, j <= i + 1, mask | maskᵀ, a causal default for self-attention,
a causal cross-attention, a batched mask reduced to its first item), positions that restart (a start token per image
row), a batch axis misread (shape[0] as the batch, permute for (B, N) ids, a (1, D, 1) gain, a mask given a batch axis),
dtype promotion by 1-element default-dtype tensors, float32 angles cast to the default dtype, a reordered signature the
capstone's call breaks; and right solutions written the way a learner would after reading those files (the
head_weights loop, keyword calls, add-and-norm helpers, filled buffers, a detached softmax shift, no_grad sampling).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind33/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (16 of the 26 wrong entries pass them). Several entries were also run
against exercises/tests/test_capstone.py: the right mha, transformer_layer, decoder_layer, embed, patch_embedding and
layer_norm entries pass it, and so do four wrong ones (mha_split_reads_first_axis_as_batch,
mha_pops_output_weights_from_params, transformer_layer_mask_given_batch_axis, transformer_layer_residual_stream_detached).
Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs
as its comment says. Right entries were compared with the model answer under both default dtypes on float32 and
float64 inputs (to 2e-5 and 1e-10; exactly for masks and ids), batched (one and two batch axes, broadcast, padding and
causal masks, a query that sees no key) and not, non-contiguous inputs, sizes of 1 (and 0 where the model answer
accepts them), the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of
every floating-point input with a random cotangent (sequence_log_prob: through a parametrised model; generate: the
same ids under seeded generators and under torch.manual_seed, for temperature 0, top-k, top-p, eos and context_size).

Judgement calls: blind33_pixel_sequence_full_like_slice_assign returns empty tensors for a zero-size batch (0, H, W),
where the model answer itself raises in reshape(-1); not an input the model answer can be graded on, so it is kept as
right. blind33_generate_under_no_grad relies on the contract's exception for the sampling functions (they run outside
training). blind33_sdpa_where_guards_dead_queries looks like the classic torch.where NaN-gradient trap but is not: a
dead column is entirely masked, and masked_fill's backward zeroes what the unselected 0/0 branch sends back.
Several wrong entries are right on the capstone's own calls and wrong only on other inputs the contract allows
(mha_split_reads_first_axis_as_batch, embed_permute_assumes_batch_matrix, layer_norm_gain_shaped_for_batched_input,
transformer_layer_mask_given_batch_axis: unbatched or doubly batched inputs; the two dtype-promotion entries and
sinusoidal_angles_in_float32_cast_to_default: only under a float64 default dtype; the state entries: only on a second
call). Fewer entries than asked (about 55 / 35): the time box and earlier batches' coverage of these functions; no
right entry is one I was unsure of.

Counts: 26 wrong, 19 right.
Wrong per function: {'cross_attention': 1, 'decoder_layer': 2, 'embed': 1, 'generate': 2, 'layer_norm': 4, 'multi_head_attention': 4, 'patch_embedding': 1, 'pixel_sequence': 2, 'scaled_dot_product_attention': 3, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'transformer_layer': 4}.
Right per function: {'cross_attention': 2, 'decoder_layer': 2, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'patch_embedding': 2, 'pixel_sequence': 1, 'scaled_dot_product_attention': 3, 'sequence_log_prob': 2, 'sinusoidal_positions': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

After it came, one wrong entry was counted right (its reason at the top of RIGHT_BLIND_33):
blind33_sinusoidal_angles_in_float32_cast_to_default (values to float32 accuracy in every dtype).
"""
WRONG_BLIND_33 = {
    # Forces the diagonal visible whenever N_k == N_q (a learner's guard against all-masked NaN columns): a padded
    # key becomes visible to its own query, and a query whose mask column is all False sees itself instead of no key
    # (output 0). Q = arange(6).reshape(2, 3) / 5, K = Q.flip(-1), V = [[1, 2, 3]], mask visible only for key 0:
    # model output [[1, 1, 1]], entry [[1, 1.4647, 1.8046]]. Passes the visible tests.
    "blind33_sdpa_diagonal_forced_visible": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                # every token may at least see itself, so no query is left without a key (no NaN rows)
                n_k, n_q = scores.shape[-2], scores.shape[-1]
                if n_k == n_q:
                    mask = mask | torch.eye(n_k, dtype=torch.bool, device=mask.device)
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Reads the batch size from Xq.shape[0] to reshape into heads, as the capstone's (B, D, N) inputs suggest: right
    # for exactly one batch axis, wrong otherwise. Unbatched X (4, 3), H = 2: model returns (4, 3), entry raises
    # RuntimeError (shape '[4, 2, 2, 3]' is invalid for input of size 12); the capstone's (B, D, N) calls agree.
    # Fails the visible tests (passes the visible capstone tests).
    "blind33_mha_split_reads_first_axis_as_batch": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            B, D, Nq = Xq.shape[0], Xq.shape[-2], Xq.shape[-1]
            Nk = Xkv.shape[-1]
            d = D // num_heads
            Q = (params["Wq"] @ Xq + params["bq"][:, None]).reshape(B, num_heads, d, Nq)
            K = (params["Wk"] @ Xkv + params["bk"][:, None]).reshape(B, num_heads, d, Nk)
            V = (params["Wv"] @ Xkv + params["bv"][:, None]).reshape(B, num_heads, d, Nk)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ heads.reshape(B, D, Nq) + params["bo"][:, None]
'''),
    # eps made a 1-element tensor torch.full((1,), eps): a 1-d tensor in the default dtype takes part in type
    # promotion, so under torch.set_default_dtype(torch.float64) a float32 X gives a float64 result. X = [[1, 2],
    # [3, 5]] float32, gamma 1, beta 0, default float64: model float32, entry float64 (values agree). Passes the
    # visible tests.
    "blind33_layer_norm_eps_as_one_element_tensor": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            eps_t = torch.full((1,), eps)          # a tensor so the sqrt sees one type
            mu = X.mean(dim=-2, keepdim=True)
            var = ((X - mu) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mu) / torch.sqrt(var + eps_t) + beta[:, None]
'''),
    # The variance is computed from X.detach(): the forward value is right, the gradient misses the term through the
    # standard deviation. X = [[1, 2], [3, 5]], gamma 1, beta 0, loss = output[0, 0]: model grad X[:, 0] = [5.0e-06,
    # -5.0e-06], entry [0.5, -0.5]. Passes the visible tests.
    "blind33_layer_norm_variance_detached": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            # the spread is a statistic, not something to learn through
            std = torch.sqrt(X.detach().var(dim=-2, keepdim=True, correction=0) + eps)
            return gamma[:, None] * ((X - mean) / std) + beta[:, None]
'''),
    # Signature (X, params, num_heads, norm_first=False, mask=None) instead of the stub's (..., mask=None,
    # norm_first=False): the capstone calls transformer_layer(X, params, H, mask, norm_first=True), so the mask
    # lands in norm_first. X (2, 4, 3) float64, causal_mask(3) passed positionally: model returns (2, 4, 3), entry
    # raises RuntimeError (Boolean value of Tensor ... ambiguous); with norm_first=True as well, TypeError (multiple
    # values for 'norm_first'). Passes the visible tests.
    "blind33_transformer_layer_parameters_reordered": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, norm_first=False, mask=None):
            def mha(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + mha(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + mha(X), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Pre-LN: the skip connections carry X.detach() ('the identity has nothing to learn'): outputs are right, but no
    # gradient flows down the residual stream, so earlier layers and the embeddings barely train. X (2, 4, 3)
    # float64, causal mask, norm_first=True: outputs equal, gradient of X (and of every weight upstream of a
    # sublayer) differs. Post-LN is unaffected. Passes the visible tests and the visible capstone tests.
    "blind33_transformer_layer_residual_stream_detached": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                skip = X.detach()                 # the skip connection is an identity, nothing to learn there
                X = skip + mha(ln1(X))
                skip = X.detach()
                return skip + ffn(ln2(X))
            X = ln1(X + mha(X))
            return ln2(X + ffn(X))
'''),
    # Causal mask j <= i + 1 ('the target is shifted by one'): each decoder query also sees the next token, leaking
    # the future into training. X_dec (4, 3), X_enc (4, 2) float64, H = 2, random weights: model column 0 [1.0469,
    # -1.8381, 0.4631, 0.1322], entry [0.9265, -1.8356, 0.2084, 0.4502]. Fails the visible tests.
    "blind33_decoder_layer_causal_leaks_next_token": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            pos = torch.arange(n, device=X_dec.device)
            # the target is shifted by one, so query i may read key i + 1
            causal = pos[:, None] <= pos[None, :] + 1
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # omega_e[:, ids].permute(1, 0, 2): right for ids (B, N) only, as the capstone passes them. omega_e =
    # arange(6).reshape(2, 3), ids = [2, 0]: model [[2, 0], [5, 3]], entry raises RuntimeError (permute: number of
    # dims don't match). Fails the visible tests.
    "blind33_embed_permute_assumes_batch_matrix": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e[:, token_ids].permute(1, 0, 2)     # (D, B, N) -> (B, D, N)
'''),
    # Shifts each image row right behind its own start token before flattening, so the positions restart every row:
    # inputs get a start token at every row start and lose each row's last pixel. ids = [[1, 2], [3, 4]], sos 9:
    # model inputs [9, 1, 2, 3], entry [9, 1, 9, 3] (targets agree). Fails the visible tests.
    "blind33_pixel_sequence_shift_within_rows": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            ids = ids.long()
            start = torch.full_like(ids[..., :1], sos_id)
            inputs = torch.cat([start, ids[..., :-1]], dim=-1)       # shift each row right behind the start token
            return inputs.flatten(-2), ids.flatten(-2)
'''),
    # Memoises the score by the tuple of ids in a module-level dict: a second model (or the same model after a
    # training step) gets the first model's stale score. ids = [0, 1, 2], model 1 all-zero logits (V = 3), model 2
    # logits [5, 0, 0] in every column: model -2.1972 then -10.0268, entry -2.1972 twice. Passes the visible tests.
    "blind33_sequence_log_prob_memoised_by_ids": ("sampling", "sequence_log_prob", '''
        _scored = {}

        def sequence_log_prob(model, ids):
            key = tuple(ids.tolist())
            if key not in _scored:                 # scoring is expensive: remember each sequence once
                log_probs = torch.log_softmax(model(ids), dim=0)
                _scored[key] = log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
            return _scored[key]
'''),
    # gamma and beta passed through X.new_tensor (to match X's dtype and device), which copies them without autograd
    # history: no gradient reaches the gain and shift, so they never train. X = [[1, 2], [3, 5]], gamma 1 and beta 0
    # requiring grad: model output requires grad (gamma grad [-2, 2], beta grad [2, 2]), entry output does not
    # require grad. Passes the visible tests (with UserWarnings).
    "blind33_layer_norm_gain_through_new_tensor": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # put the gain and shift on X's dtype and device
            gamma = X.new_tensor(gamma)[:, None]
            beta = X.new_tensor(beta)[:, None]
            mean = X.mean(dim=-2, keepdim=True)
            var = X.var(dim=-2, keepdim=True, unbiased=False)
            return gamma * (X - mean) / torch.sqrt(var + eps) + beta
'''),
    # Caches the start column by shape in a module-level dict: a later call with another sos_id and the same shape
    # reuses the old start token. ids = [[1, 2], [3, 4]], sos 9 then sos 5: model inputs [9, 1, 2, 3] then [5, 1, 2,
    # 3], entry [9, 1, 2, 3] twice. Passes the visible tests.
    "blind33_pixel_sequence_start_column_cached_by_shape": ("imagegpt", "pixel_sequence", '''
        _start_columns = {}

        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            shape = (*targets.shape[:-1], 1)
            if shape not in _start_columns:
                _start_columns[shape] = torch.full(shape, sos_id, dtype=torch.long)
            return torch.cat([_start_columns[shape], targets[..., :-1]], dim=-1), targets
'''),
    # Values projected from Xq instead of Xkv: invisible in self-attention (every capstone encoder and GPT layer),
    # wrong in cross-attention. Xq (4, 2), Xkv (4, 3), H = 2: model (4, 2), entry raises ValueError (V must have
    # N_k=3); with Xkv (4, 2) column 0 model [-0.0243, 0.1008, 0.0598, 0.1226], entry [-0.2368, 0.4292, -0.2404,
    # 0.0641]. Fails the visible tests.
    "blind33_mha_values_projected_from_queries": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xq, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # mask | mask.transpose(-1, -2) to 'accept either layout': a causal mask becomes all True (the future leaks), a
    # padding mask (B, N, 1) becomes (B, N, N) letting every query see padded keys. X (4, 3) float64,
    # causal_mask(3), H = 2, post-LN: model column 0 [1.6303, -1.1948, 0.2233, -0.607], entry [0.9018, 1.1403,
    # -1.2064, -0.453]. Fails the visible tests.
    "blind33_transformer_layer_mask_or_its_transpose": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None:
                # accept the mask in either layout, (keys, queries) or (queries, keys)
                mask = mask | mask.transpose(-1, -2)
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # A 2-d mask gets a leading batch axis (1, N, N): the mask adds a batch dimension of its own, so an unbatched X
    # (D, N) comes back (1, D, N). X (4, 3), causal_mask(3): model shape (4, 3), entry (1, 4, 3); batched X (2, 4,
    # 3) agrees (the capstone's calls). Passes the visible tests.
    "blind33_transformer_layer_mask_given_batch_axis": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if mask is not None and mask.dim() == 2:
                mask = mask.unsqueeze(0)          # (N, N) -> (1, N, N): one mask for the whole batch
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The new tokens are kept in a mutable default list (new_tokens=[]), so they survive between calls: the second
    # call continues the first one's sequence. Model logits 50 * one-hot of (id + 1) % 5, prompt [0], max_new_tokens
    # 2, called twice: model [0, 1, 2] twice, entry [0, 1, 2] then [0, 1, 2, 3, 4]. Fails the visible tests.
    "blind33_generate_mutable_default_token_list": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None, new_tokens=[]):
            for _ in range(max_new_tokens):
                ids = torch.cat([prompt, torch.tensor(new_tokens, dtype=torch.long)])
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                new_tokens.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.cat([prompt, torch.tensor(new_tokens, dtype=torch.long)])
'''),
    # Without a generator it calls torch.manual_seed(0) ('reproducible by default'): it resets the global RNG (state
    # for every later caller) and ignores the caller's seeding. Uniform logits over V = 10, prompt [0], 5 tokens,
    # after torch.manual_seed(123): model [0, 1, 1, 9, 3, 4], entry [0, 6, 1, 2, 3, 7]. Passes the visible tests.
    "blind33_generate_seeds_global_rng_when_unseeded": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if generator is None:
                torch.manual_seed(0)              # reproducible samples by default
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                nxt = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, nxt])
                if eos_id is not None and nxt.item() == eos_id:
                    break
            return ids
'''),
    # params.pop('Wo'), params.pop('bo'): the caller's dict loses two weights (an argument changed), so the second
    # call with the same params raises KeyError. The capstone builds fresh dicts per call and trains fine.
    # mha_params(4), X (4, 3), H = 2: first call equal to the model, keys left [Wk, Wq, Wv, bk, bq, bv]; second call
    # KeyError 'Wo' (model: same output again). Fails the visible tests (passes the visible capstone tests).
    "blind33_mha_pops_output_weights_from_params": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wo, bo = params.pop("Wo"), params.pop("bo")       # the rest of params are the input projections
            Q, K, V = (split_heads(linear(X, params["W" + k], params["b" + k]), num_heads)
                       for X, k in ((Xq, "q"), (Xkv, "k"), (Xkv, "v")))
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask[..., None, :, :])
            return linear(merge_heads(heads), Wo, bo)
'''),
    # gamma.view(1, -1, 1) and beta.view(1, -1, 1), shaped for the capstone's (B, D, N): an unbatched X (D, N) gains
    # a leading axis. X = [[1, 2], [3, 5]]: model shape (2, 2), entry (1, 2, 2). Fails the visible tests.
    "blind33_layer_norm_gain_shaped_for_batched_input": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # the models pass X as (B, D, N): shape the gain and shift as (1, D, 1)
            mean = X.mean(dim=-2, keepdim=True)
            var = X.var(dim=-2, keepdim=True, correction=0)
            return gamma.view(1, -1, 1) * (X - mean) / torch.sqrt(var + eps) + beta.view(1, -1, 1)
'''),
    # Drops a batched mask's leading axes by taking item 0 ('the same pattern for every sequence'): a padding mask
    # of several lengths applies the first sequence's lengths to all. Q = ones (2, 1, 1), K = [[[0, 1]]] * 2, V =
    # [[[1, 3]]] * 2, padding_mask([2, 1], 2): model outputs [2.4621, 1.0], entry [2.4621, 2.4621]. Passes the
    # visible tests.
    "blind33_sdpa_batched_mask_reduced_to_first_item": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                while mask.dim() > 2:
                    mask = mask[0]                # the same pattern for every sequence of the batch
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Caches the causal mask in the caller's params dict: the argument changes, and a later call with another target
    # length reuses the stale mask. Random params, X_dec (4, 3) then (4, 5), X_enc (4, 2): after the first call
    # params gains 'causal'; the second call raises RuntimeError (size 3 vs 5) where the model returns (4, 5).
    # Passes the visible tests.
    "blind33_decoder_layer_causal_mask_stored_in_params": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            if "causal" not in params:                       # build the mask once per layer
                params["causal"] = causal_mask(X_dec.shape[-1])
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, params["causal"]),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # patchify(images.detach()) ('pixels are data'): the contract makes the function differentiable in every
    # floating-point input, images included. images = ones (1, 1, 2, 2), W = ones (1, 4) requiring grad, b 0, cls 0,
    # positions 0: both output [[[0, 4]]]; model images.grad [1, 1, 1, 1], entry None. Passes the visible tests.
    "blind33_patch_embedding_images_detached": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # the pixels are data, not weights: no gradient needed for them
            patches = patchify(images.detach(), patch_size)
            tokens = linear(patches, W, b)
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # Defaults to a causal mask when mask is None and Xq is Xkv (GPT habit): every unmasked self-attention, the
    # ViT's and the encoder's included, becomes causal. X (4, 3) float64 passed as both Xq and Xkv, H = 2, no mask:
    # model column 0 [1.544, 1.4185, -0.2866, 1.0321], entry [-0.998, -0.3443, -0.4254, -0.7363]. Fails the visible
    # tests.
    "blind33_mha_causal_when_queries_are_keys": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if mask is None and Xq is Xkv:
                # self-attention in a language model: no peeking at later tokens
                n = Xq.shape[-1]
                mask = torch.arange(n)[:, None] <= torch.arange(n)[None, :]
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Adds a causal mask to cross-attention whenever N_d == N_e ('aligned source and target'): decoder queries lose
    # later source tokens for equal-length sentences only. X_dec, X_enc (4, 3) float64, H = 2: model column 0
    # [1.662, 1.3549, -0.2189, 0.8356], entry [2.4262, 1.4593, 0.0826, 1.1408]. Passes the visible tests.
    "blind33_cross_attention_causal_when_lengths_match": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            n_d, n_e = X_dec.shape[-1], X_enc.shape[-1]
            if n_d == n_e:
                # aligned source and target: target token i reads source tokens up to i only
                causal = causal_mask(n_d)
                enc_mask = causal if enc_mask is None else enc_mask & causal
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The fill value is torch.full((1,), -inf), a 1-d tensor in the default dtype, which takes part in promotion:
    # under the float64 default float32 scores become float64 and V @ weights mixes dtypes. Default float64, Q = K =
    # V = ones (1, 2) float32, mask [[T, T], [F, T]]: model returns float32, entry raises RuntimeError (expected m1
    # and m2 to have the same dtype). Equal under the float32 default. Passes the visible tests.
    "blind33_sdpa_where_fill_one_element_tensor": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                hidden = torch.full((1,), float("-inf"))          # what a hidden key scores
                scores = torch.where(mask, scores, hidden)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
}

RIGHT_BLIND_33 = {
    # Written as a wrong one; counted right: sinusoidal_positions has no float input to follow, and its values are
    # graded to float32 accuracy in every dtype (a table computed in float32 and stored in the default dtype is
    # accepted: the embeddings suite says so, and the contract now does).
    # Angles and sines computed in float32, then cast to the default dtype: the dtype is right but a float64 table
    # has float32 accuracy. Default float64, sinusoidal_positions(100, 4): P[0, 99] model -0.9992068341863537, entry
    # -0.99920684099197388 (max difference 4.7e-08). Equal under the float32 default. Passes the visible tests.
    "blind33_sinusoidal_angles_in_float32_cast_to_default": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float32)
            two_i = torch.arange(0, dim, 2, dtype=torch.float32)
            angles = n[None, :] / torch.pow(10000.0, two_i[:, None] / dim)
            table = torch.zeros(dim, num_positions, dtype=torch.float32)
            table[0::2] = angles.sin()
            table[1::2] = angles[: dim // 2].cos()
            return table.to(torch.get_default_dtype())
'''),
    # Right: softmax written inline with torch.where(total > 0, e / total, 0); a dead column is entirely masked, so
    # masked_fill's backward zeroes the NaN that the unselected 0/0 branch sends back, and gradients stay finite and
    # equal to the model's.
    "blind33_sdpa_where_guards_dead_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
            e = torch.exp(scores - top)
            total = e.sum(dim=-2, keepdim=True)
            weights = torch.where(total > 0, e / total, torch.zeros_like(e))   # dead queries: 0 instead of 0/0
            return V @ weights, weights
'''),
    # Right: the per-head loop of capstone/assembly.py's head_weights (rows h*D/H .. of Wq, Wk, Wv, each head scaled
    # by sqrt(D/H) through its own shape), head outputs stacked in order, then Wo and bo; the mask needs no head
    # axis since each call has none.
    "blind33_mha_head_rows_loop_like_head_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            outputs = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                Q = params["Wq"][rows] @ Xq + params["bq"][rows, None]
                K = params["Wk"][rows] @ Xkv + params["bk"][rows, None]
                V = params["Wv"][rows] @ Xkv + params["bv"][rows, None]
                outputs.append(scaled_dot_product_attention(Q, K, V, mask)[0])
            return params["Wo"] @ torch.cat(outputs, dim=-2) + params["bo"][:, None]
'''),
    # Right: the two sublayers as (function, gamma, beta) pairs looped in order; pre-LN X + f(LN(X)), post-LN LN(X +
    # f(X)).
    "blind33_transformer_layer_blocks_as_pairs": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            blocks = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            ]
            for sublayer, g, b in blocks:
                if norm_first:
                    X = X + sublayer(layer_norm(X, params[g], params[b]))
                else:
                    X = layer_norm(X + sublayer(X), params[g], params[b])
            return X
'''),
    # Right: the three post-LN blocks written out with keyword arguments (mask=causal, enc_mask=..., eps=1e-5).
    "blind33_decoder_layer_three_blocks_named": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            causal = causal_mask(X_dec.shape[-1])
            self_attn, cross_attn = params["self_attn"], params["cross_attn"]
            h = X_dec + multi_head_attention(X_dec, X_dec, self_attn, num_heads, mask=causal)
            h = layer_norm(h, params["gamma1"], params["beta1"])
            h2 = h + cross_attention(h, X_enc, cross_attn, num_heads, enc_mask=enc_mask)
            h2 = layer_norm(h2, params["gamma2"], params["beta2"])
            h3 = h2 + feed_forward(h2, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            return layer_norm(h3, params["gamma3"], params["beta3"], eps=1e-5)
'''),
    # Right: one multi_head_attention call by keywords, queries from X_dec, keys and values from X_enc, enc_mask as
    # the mask.
    "blind33_cross_attention_keywords": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # queries from the decoder, keys and values from the encoder (the memory)
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # Right: index_select on the flattened ids (reshape, so non-contiguous ids work), reshaped to (D, ..., N) and
    # the D axis moved next to N; keeps omega_e's dtype and its gradient.
    "blind33_embed_index_select_flat": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = torch.index_select(omega_e, 1, token_ids.reshape(-1))          # (D, B*N)
            return flat.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # Right: the table computed in float64 row by row (sine on even rows, cosine on odd, frequency of row r from
    # 2*(r//2)), then cast to the default dtype; an odd D ends with a sine row; D = 0 handled.
    "blind33_sinusoidal_float64_then_default": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            freq = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = torch.outer(freq, n)                                       # (ceil(D/2), N)
            rows = [None] * dim
            for r in range(dim):
                rows[r] = torch.sin(angles[r // 2]) if r % 2 == 0 else torch.cos(angles[r // 2])
            table = torch.stack(rows) if dim else torch.zeros(0, num_positions, dtype=torch.float64)
            return table.to(torch.get_default_dtype())
'''),
    # Right: a buffer in the tokens' dtype (new_empty) filled by slice assignment, which autograd tracks (copy_), so
    # W, b and cls_token all get their gradients; then + positions.
    "blind33_patch_embedding_filled_buffer": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = W @ patchify(images, patch_size) + b[:, None]                  # (B, D, N)
            out = tokens.new_empty(tokens.shape[0], tokens.shape[1], tokens.shape[2] + 1)
            out[:, :, 0] = cls_token
            out[:, :, 1:] = tokens
            return out + positions
'''),
    # Right: inputs = full_like(targets, sos_id) then inputs[..., 1:] = targets[..., :-1] (a fresh tensor, targets
    # untouched); long, any integer ids. (On a zero-size batch (0, H, W) it returns empty tensors where the model
    # answer itself raises in reshape(-1); not an input the model answer can be graded on.)
    "blind33_pixel_sequence_full_like_slice_assign": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = torch.full_like(targets, sos_id)
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # Right: log_softmax over the vocabulary, columns 0 .. N-2, take_along_dim picks row ids[n+1] of column n; a
    # 1-token sequence sums to 0.
    "blind33_sequence_log_prob_take_along_dim": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                  # (V, N)
            log_p = logits.log_softmax(dim=0)[:, :-1]            # columns 0 .. N-2 predict ids[1:]
            picked = torch.take_along_dim(log_p, ids[1:][None, :], dim=0)
            return picked.sum()
'''),
    # Right: the sampling functions run outside training (the contract's exception), so decorating generate with
    # torch.no_grad() is allowed; a while loop with the same draws, the same crop and the eos stop.
    "blind33_generate_under_no_grad": ("sampling", "generate", '''
        @torch.no_grad()
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.clone()
            steps = 0
            while steps < max_new_tokens:
                window = out if context_size is None else out[max(0, len(out) - context_size):]
                probs = next_token_probs(model(window)[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                out = torch.cat((out, token))
                steps += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return out
'''),
    # Right: biased variance as the mean of the squared centred column, eps inside the square root, gamma and beta
    # as columns.
    "blind33_layer_norm_centred_square_mean": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            var = (centred * centred).mean(dim=-2, keepdim=True)
            return centred / (var + eps).sqrt() * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # Right: relu written as h * (h > 0); the bool gate promotes to h's dtype and the gradient is 1 where h > 0 and
    # 0 elsewhere, as relu's.
    "blind33_feed_forward_relu_as_mask_product": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            h = W1 @ X + b1[:, None]
            h = h * (h > 0)                       # relu written as a 0/1 gate
            return W2 @ h + b2[:, None]
'''),
    # Right: rows ids[1:] of the log-probabilities, then the diagonal of their first N-1 columns (column n scores
    # ids[n+1]).
    "blind33_sequence_log_prob_diagonal_of_picked_rows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_p = torch.log_softmax(model(ids), dim=0)          # (V, N)
            rows = log_p[ids[1:]]                                  # (N-1, N): row n is the log-prob of ids[n+1]
            return torch.diagonal(rows[:, :-1]).sum()              # column n scores ids[n+1]
'''),
    # Right: a (..., N_e, 1) padding mask expanded to one column per decoder query adds no batch axis and changes
    # nothing a broadcast would not.
    "blind33_cross_attention_mask_expanded_over_queries": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                # a padding mask (B, N_e, 1) becomes one column per decoder query
                enc_mask = enc_mask.expand(*enc_mask.shape[:-1], X_dec.shape[-1])
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Right: the in-place division acts on the fresh matmul result, which matmul's backward does not save, so
    # gradients are the model's.
    "blind33_sdpa_in_place_scale_on_fresh_scores": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.transpose(-1, -2), Q)
            scores /= Q.shape[-2] ** 0.5                 # in place on a fresh tensor: matmul's backward keeps Q, K
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # Right: the softmax's max shift taken from scores.detach(): the shift cancels in the softmax, so values and
    # gradients match; all -inf columns give zeros.
    "blind33_sdpa_inline_softmax_detached_max": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            # the shift cancels in the softmax, so it needs no gradient
            shift = scores.detach().amax(dim=-2, keepdim=True)
            shift = torch.nan_to_num(shift, neginf=0.0)
            e = (scores - shift).exp()
            z = e.sum(dim=-2, keepdim=True)
            weights = e / torch.where(z == 0, torch.ones_like(z), z)
            return V @ weights, weights
'''),
    # Right: positions[:, 0] added to the [CLS] token and positions[:, 1:] to the patch tokens before concatenating,
    # the same sum as adding the whole table after.
    "blind33_patch_embedding_positions_split_cls_and_patches": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)                           # (B, C*P*P, N)
            tokens = W @ patches + b[:, None] + positions[:, 1:]              # patch n gets position n + 1
            cls = (cls_token + positions[:, 0])[None, :, None].expand(tokens.shape[0], -1, -1)
            return torch.cat((cls, tokens), dim=2)
'''),
    # Right: an add_norm(x, sublayer, k) helper for the three post-LN blocks; cross-attention called as
    # multi_head_attention(x, X_enc, ...) directly.
    "blind33_decoder_layer_add_norm_helper": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def add_norm(x, sub, k):
                return layer_norm(x + sub, params[f"gamma{k}"], params[f"beta{k}"])
            mask = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            x = add_norm(X_dec, multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, mask), 1)
            x = add_norm(x, multi_head_attention(x, X_enc, params["cross_attn"], num_heads, enc_mask), 2)
            x = add_norm(x, feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
            return x
'''),
}
