"""Hundred-and-fifteenth blind batch of held-out implementations (prefix blind114_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker), the model answers
(solutions/*.py) and reference/swin.py's window_partition (to see the token-by-token window layout). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read; the
names of the files in exercises/tests/ were listed once. The earlier blind batches (held_out_blind.py ...
held_out_blind_113.py) were only skimmed for their entry names (grepped per function and keyword, to avoid repeating a
mechanism) and emphases, and held_out_blind_90.py for the header style. tests/grader/ was listed once through
`ls | grep held_out_blind`, so only the batch file names were seen. Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_115.py,
held_out_blind_116.py, held_out_blind_117.py).

Emphasis: inputs produced by the course's own functions and by real pipelines. Every wrong entry is right on fresh
inputs made by hand (all 22 pass their exercise's visible tests) and wrong or crashing on an allowed input that another
graded function, a model or a data pipeline produces. Broadcast masks: a padding_mask (B, N_k, 1) transposed by a
"PyTorch-layout" guess (scaled dot-product attention); an empty source sentence (padding length 0) refused as a bad
mask (cross_attention). Views and strided memory: encoder states and decoder states expanded over beams (stride 0)
folded with .view (additive_attention, attention_decoder_step), a transposed hidden state or window view refused as
non-contiguous (layer_norm), CNN features in channels_last refused (grid_attention). Outputs of one layer fed to the
next: a deepcopy self-check that only graph leaves survive (decoder_layer). Parameters of real modules: zero-initialised
biases skipped so they get no gradient (feed_forward, multi_head_attention with nn.MultiheadAttention's zero biases,
channel_attention with timm's), a fresh nn.LayerNorm's ones/zeros skipped in patch merging, a frozen patch projection
run under no_grad (saliency gradients to the images lost), params dicts in module order or holding more entries
(values() unpacking in multi_head_attention, strict key checks in transformer_layer, channel_attention and
attention_decoder_step). Inputs and calls made under torch.inference_mode(): a pooling vector and token-order gather
indices cached on the function during an evaluation pass, which a later training call cannot save for backward
(average_pool_head, window_partition, window_reverse, patchify). Tokenised data: sentences that are lists of ids (and
sentences repeated across documents) hashed into a dict (nsp_pairs). Right entries take all of these in their own
styles: einsum attention with masks passed as given, weights read by name with heads unflattened, sublayer tables and
loops, grouped einsum channel attention reading only its eight entries, sum-over-count with F.linear, unflatten/permute
windows and patch merging, index-only NSP, reshape folds after broadcast_shapes, GRU gates on broadcast tensors,
F.linear on token rows with clamp, var_mean layer norm, keyword calls, einsum grid attention over (H, W), einsum
self-attention, a tied Wq/Wk projection shared (the key bias cancels in the column softmax), broadcast [CLS] columns,
Tensor.unfold patches, special ids turned into Python ints, index_select palette lookups for any integer dtype,
F.pad after the int64 cast, and F.embedding on the table's rows.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind114/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: all 45 entries pass them. Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says (the gradient
entries by printing the bias / gamma / image gradient, the inference-mode caches by one call under
torch.inference_mode() followed by a call on 2 * leaf and a backward, nsp_pairs also by frequency: with a sentence
shared by two documents, 470 of 2000 calls of the model answer drew a random partner from the other document's own
sentence a1 and 0 of the entry's). Right entries were compared with the model answer under both default dtypes, with
float32 and float64 inputs, 60 random cases per function and dtype pair: random shapes with 0-2 batch axes, inputs
stored transposed-back or as slices of expanded tensors, leaf inputs requiring grad and inputs with a history,
masks from causal_mask / local_mask / padding_mask (including lengths 0) and random, query and key masks (1, N_q) and
(N_k, 1), batches of masks, params dicts in contract and module order with tied Wq/Wk, zero biases and extra entries,
fresh LayerNorm ones/zeros, eps 0, beam-expanded H and states, (D_s,) states broadcast over batches, channels-last
features and images, transposed position tables and palettes, frozen W, uint8 / int16 / int32 / int64 ids and sos_id
up to 512, shifted (non-contiguous) token ids, and the contract's ValueErrors (D not divisible by H, sizes that do not
divide, out-of-range and float ids, negative sos_id). Values matched to 1e-4 (float32) / 1e-9 (float64), dtypes and
shapes exactly, ValueErrors alike, and gradients of every leaf floating-point input (parameters included) to 1e-3 /
1e-8 through a random projection of the outputs (infinite entries excluded). Each right entry was also run inside
torch.inference_mode() on inference inputs, under torch.no_grad() (grad mode left off), and normally after an
inference-mode call (no inference tensor returned, backward works), with the inputs checked unchanged. mlm_corrupt
and nsp_pairs right entries reproduce the model answer's draws exactly (same outputs and the same generator state
afterwards) on 400 random calls each (specials as list, tuple, LongTensor or empty, mask_prob 0, 1 and int 1; sentences
as strings, lists of ids and tensors, repeated sentences, tuple documents, the one-document ValueError). The harness
was checked to catch four wrong entries of this batch.

Judgement calls: the inference-mode cache entries are right on every call sequence that stays outside inference mode
(and inside it); they fail only when an inference-mode call precedes a training call, which the contract allows ("a
caller may run any function ... inside torch.inference_mode()") and which evaluation passes produce; the cache is keyed
by everything it depends on, so that is their only fault. The zero-bias and identity-affine entries give the same
values as the model answer; they are wrong only because a bias or gamma then gets no gradient (None) where the
contract says autograd must reach every weight. The frozen-projection entry is wrong only for gradients with respect
to the images; with trainable W the graph is built as usual. A first wrong self_attention entry (tied Wq/Wk
projected once, K = Q, so bq stands in for bk) turned out to be right: a key bias adds the same amount to every score
of a query column, which the column softmax cancels; it was moved to the right entries under that name. The
layer_norm and grid_attention contiguity checks raise ValueError, which the contract does not penalise as such, but
they raise it on inputs the contract allows (views are allowed inputs), so the call fails. Fewer entries than the
brief's 35 wrong / 20 right on the wrong side (22): the earlier 113 batches already hold most mechanisms for these
functions (about 7 700 names), the time box, and entries whose only trigger I could not tie to a pipeline input were
dropped (a positions .view in patch_embedding that works on transposed tables, a quantize palette view that never
merges axes, views of single-batch-axis tensors, which a view of the same shape accepts).

Counts: 22 wrong, 23 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'feed_forward': 1, 'grid_attention': 2, 'layer_norm': 1, 'multi_head_attention': 2, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'scaled_dot_product_attention': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'scaled_dot_product_attention': 1, 'self_attention': 2, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_114 = {
    # Validates the WHOLE params dict: every matrix must be (C, C) and every vector (C,). A DaViT block passes its
    # whole dict on (FFN weights W1 (4C, C) ... included), which the contract allows. channel_attention(X (2, 4, 5),
    # the eight entries plus W1 = randn(16, 4), 2): model a (2, 4, 5) tensor, entry ValueError. Passes the visible tests.
    "blind114_channel_attention_validates_every_params_entry": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            channels, tokens = X.shape[-2:]
            for name, value in params.items():  # one pass over the dict: every weight must fit C
                expected = (channels, channels) if value.dim() == 2 else (channels,)
                if tuple(value.shape) != expected:
                    raise ValueError(f"params[{name!r}] must be {expected}, got {tuple(value.shape)}")
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Unpacks the weights with `params.values()`, trusting the dict's insertion order. A dict built from a module's
    # named_parameters comes as Wq, bq, Wk, bk, ... and a layer's dict holds more entries. multi_head_attention(X, X,
    # {Wq, bq, Wk, bk, Wv, bv, Wo, bo} (D = 4), 2) with X (4, 3): model a (4, 3) tensor, entry RuntimeError (bq
    # taken as Wk). Passes the visible tests.
    "blind114_mha_params_unpacked_from_dict_values": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wq, Wk, Wv, Wo, bq, bk, bv, bo = params.values()
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, Wk, bk), num_heads)
            V = split_heads(linear(Xkv, Wv, bv), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), Wo, bo)
'''),
    # Refuses a params dict whose keys are not exactly the sixteen it reads; a model passes dicts that carry more (a
    # tied output head, the next block's weights). transformer_layer(X (4, 3), the layer's dict plus
    # "W_lm" = randn(7, 4), 2): model a (4, 3) tensor, entry ValueError. Passes the visible tests.
    "blind114_transformer_layer_refuses_params_with_extra_entries": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            expected = {"Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo", "W1", "b1", "W2", "b2",
                        "gamma1", "beta1", "gamma2", "beta2"}
            if set(params) != expected:
                raise ValueError(f"params must hold exactly {sorted(expected)}; got {sorted(params)}")
            attend = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            think = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Keeps a deepcopy of X_dec to assert at the end that the input was not changed. deepcopy only works on graph
    # leaves: the output of a previous decoder layer (or of embed + positions) with a history raises.
    # decoder_layer(Y, X_enc, params, 2) with Y = 2 * leaf (requires grad), D = 4: model a (4, 3) tensor, entry
    # RuntimeError. Passes the visible tests.
    "blind114_decoder_layer_deepcopy_self_check_of_the_input": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            import copy
            before = copy.deepcopy(X_dec)  # to check below that X_dec is left as it was
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            assert torch.equal(before, X_dec), "decoder_layer changed its input"
            return X
'''),
    # "Accepts PyTorch-layout masks": a mask whose last two sizes are not (N_k, N_q) is transposed. A padding mask
    # from padding_mask (B, N_k, 1) then hides queries instead of keys. Q = K = V = eye(3)[None] * 2 with
    # mask=padding_mask(tensor([2]), 3): model output column 2 = softmax over keys 0, 1; entry hides query 2 (a
    # zero column). Passes the visible tests.
    "blind114_sdpa_mask_transposed_when_trailing_shape_differs": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                if tuple(mask.shape[-2:]) != tuple(scores.shape[-2:]):
                    mask = mask.transpose(-2, -1)  # given as (N_q, N_k), PyTorch's layout
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Caches the 1/N pooling vector by (N, dtype, device) on the function. A validation pass under
    # torch.inference_mode() fills the cache with an inference tensor; the next training call, whose X has a
    # history, cannot save it for backward. After one call in inference mode, average_pool_head(X, W) with
    # X = 2 * leaf (4, 3): model logits (K,), entry RuntimeError. Passes the visible tests.
    "blind114_average_pool_head_pool_vector_cached_across_modes": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            cache = average_pool_head.__dict__.setdefault("_pool_vectors", {})
            key = (X.shape[-1], X.dtype, X.device)
            if key not in cache:
                cache[key] = torch.full((X.shape[-1],), 1.0 / X.shape[-1], dtype=X.dtype, device=X.device)
            pooled = X @ cache[key]                                        # (..., D): the mean of the columns
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Gathers the windows with a token-order index cached by (H, W, M). Built during an evaluation under
    # torch.inference_mode(), the index is an inference tensor that index_select must save for backward in a later
    # training call. After one call in inference mode, window_partition(2 * leaf (1, 2, 4, 4), 2): model a
    # (1, 4, 2, 4) tensor, entry RuntimeError. Passes the visible tests.
    "blind114_window_partition_order_index_cached_across_modes": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            cache = window_partition.__dict__.setdefault("_orders", {})
            key = (height, width, M, X.device)
            if key not in cache:
                grid = torch.arange(height * width, device=X.device).reshape(height // M, M, width // M, M)
                cache[key] = grid.permute(0, 2, 1, 3).reshape(-1)         # flat token index, window by window
            tokens = X.flatten(-2).index_select(-1, cache[key])            # (..., C, H*W) in window order
            nW = (height // M) * (width // M)
            return tokens.unflatten(-1, (nW, M * M)).movedim(-2, -3)
'''),
    # Finds each sentence's document through a dict keyed by the sentence. Tokenised corpora give sentences as lists
    # of ids (unhashable: TypeError), and a sentence repeated in two documents (a boilerplate line) maps to the
    # first, so its "other" document can be its own. nsp_pairs([[[1, 2], [3]], [[4], [5, 6]]], g): model two pairs,
    # entry TypeError. Passes the visible tests.
    "blind114_nsp_pairs_home_document_by_sentence_dict": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            home = {}
            for index, document in enumerate(documents):
                for sentence in document:
                    home.setdefault(sentence, index)
            pairs = []
            for document in documents:
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                        continue
                    own = home[a]
                    pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                    other = documents[pick + (pick >= own)]
                    pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Folds the batch axes of H with .view for one batched matmul. Encoder states expanded over beams
    # (H[:, None].expand(B, k, D_h, N), stride 0) cannot be folded by a view. additive_attention(s (2, 3, 4),
    # H[:, None].expand(2, 3, 5, 6), W, U, v): model weights (2, 3, 6), entry RuntimeError. Passes the visible tests.
    "blind114_additive_attention_encoder_batch_folded_with_view": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            d_h, n = H.shape[-2:]
            keys = (U @ H.view(-1, d_h, n)).view(*H.shape[:-2], -1, n)   # (..., D_a, N): one bmm for the batch
            hidden = torch.tanh(keys + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The GRU step folds the batch axes of its state with .view. At the first step of a beam search every beam
    # shares the initial state, s_prev = s0[:, None].expand(B, k, D_s) (stride 0), which no view can fold.
    # attention_decoder_step(s0[:, None].expand(2, 3, 4), y (2, 3, 5), H (2, 3, 6, 7), params): model (s, logits,
    # weights), entry RuntimeError. Passes the visible tests.
    "blind114_attention_decoder_step_state_folded_with_view": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch, d_s = x.shape[:-1], s_prev.shape[-1]
            h = s_prev.expand(*batch, d_s).view(-1, d_s)                  # (B, D_s) rows for the GRU
            gates_x = x.reshape(-1, x.shape[-1]) @ params["weight_ih"].T + params["bias_ih"]
            gates_h = h @ params["weight_hh"].T + params["bias_hh"]
            r_x, z_x, n_x = gates_x.chunk(3, dim=-1)
            r_h, z_h, n_h = gates_h.chunk(3, dim=-1)
            r, z = torch.sigmoid(r_x + r_h), torch.sigmoid(z_x + z_h)
            s = ((1 - z) * torch.tanh(n_x + r * n_h) + z * h).reshape(*batch, d_s)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Skips a bias that is all zeros ("nothing to add"). Freshly initialised layers have zero biases (BERT, GPT-2
    # and ViT initialise them with zeros_), and then b1 and b2 get no gradient at all (None) instead of the
    # gradient of the sum. feed_forward(X, W1, zeros(8), W2, zeros(4)): model b2.grad of sum = [3, 3, 3, 3],
    # entry None. Passes the visible tests.
    "blind114_feed_forward_zero_biases_skipped": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = W1 @ X
            if b1.any():
                hidden = hidden + b1[:, None]
            out = W2 @ torch.relu(hidden)
            if b2.any():
                out = out + b2[:, None]
            return out
'''),
    # Skips the affine step of the norm when gamma is all ones and beta all zeros, as a freshly built
    # nn.LayerNorm(4C) holds them: the values are right but gamma and beta get no gradient (None). patch_merging(X,
    # ones(8), zeros(8), W) with X (2, 4, 4): model gamma.grad a tensor, entry None. Passes the visible tests.
    "blind114_patch_merging_identity_norm_affine_skipped": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3).flatten(-2)
            if bool((gamma == 1).all()) and bool((beta == 0).all()):   # untrained norm: plain standardisation
                mean = merged.mean(dim=-2, keepdim=True)
                tokens = (merged - mean) / torch.sqrt(merged.var(dim=-2, keepdim=True, correction=0) + eps)
            else:
                tokens = layer_norm(merged, gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Insists on a contiguous X (then folds it with .view). Window views (the reference's window_partition stores
    # windows token by token), a row-major model's hidden.transpose(-2, -1) and other views are allowed inputs.
    # layer_norm(randn(3, 4).T, ones(4), zeros(4)): model the normalised (4, 3) tensor, entry ValueError. Passes the
    # visible tests.
    "blind114_layer_norm_refuses_non_contiguous_input": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            if not X.is_contiguous():
                raise ValueError("X must be contiguous (call .contiguous() first)")
            d, n = X.shape[-2:]
            flat = X.view(-1, d, n)
            mean = flat.mean(dim=1, keepdim=True)
            var = ((flat - mean) ** 2).mean(dim=1, keepdim=True)
            out = (flat - mean) / torch.sqrt(var + eps) * gamma[:, None] + beta[:, None]
            return out.view(X.shape)
'''),
    # Raises when a decoder query sees no encoder token, taking it for a bad mask. An empty source sentence
    # (bpe_encode("") gives no ids, padding_mask length 0) hides every key; the contract gives such a query bo.
    # cross_attention(Xd (2, 4, 3), Xe (2, 4, 5), params, 2, padding_mask(tensor([5, 0]), 5)): model item 1 = bo in
    # every column, entry ValueError. Passes the visible tests.
    "blind114_cross_attention_raises_for_query_that_sees_no_key": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None and not bool(enc_mask.any(dim=-2).all()):
                raise ValueError("enc_mask hides every encoder token from some decoder query")
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Takes all-zero feature cells for padding and gives them no weight. A CNN's post-ReLU feature map has dead
    # cells whose C features are exactly 0; they are real cells and the single softmax runs over all H*W of them.
    # grid_attention(s, relu(features) with cell (0, 0) zeroed, W, U, v): model weight at (0, 0) > 0, entry 0.
    # Passes the visible tests.
    "blind114_grid_attention_all_zero_cells_skipped_as_padding": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                   # (..., C, H*W)
            present = cells.ne(0).any(dim=-2)                              # padding cells are all zero
            weights, context = additive_attention(s, cells, W, U, v, mask=present)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Runs the patch projection under torch.no_grad() when W and b are frozen (requires_grad False), to save memory.
    # Saliency maps and adversarial attacks differentiate a frozen patch projection with respect to the images:
    # patch_embedding(images (1, 1, 2, 2) requiring grad, 1, frozen W, b, cls, positions requiring grad): model
    # images.grad filled with W's column sum, entry None. Passes the visible tests.
    "blind114_patch_embedding_frozen_projection_run_without_grad": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            patches = patchify(images, patch_size)
            if W.requires_grad or b.requires_grad:
                tokens = linear(patches, W, b)
            else:
                with torch.no_grad():                    # frozen projection: no graph needed
                    tokens = linear(patches, W, b)
            cls_column = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Adds a bias only when it is not all zeros. torch.nn.MultiheadAttention initialises in_proj_bias and
    # out_proj.bias to zeros, so a module's fresh weights lose every bias gradient (None). multi_head_attention(X, X,
    # params with zero biases, 2), X (4, 3): model bo.grad of the sum = [3, 3, 3, 3], entry None. Passes the visible
    # tests.
    "blind114_mha_zero_biases_skipped": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def project(X, W, b):
                Y = W @ X
                return Y + b[:, None] if b.any() else Y      # a zero bias adds nothing
            Q = split_heads(project(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(project(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(project(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return project(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Cuts the patches with a gather index cached by (C, H, W, P). When a ViT is first evaluated under
    # torch.inference_mode(), the cached index is an inference tensor, which index_select cannot save for backward
    # in the next training call. After one call in inference mode, patchify(2 * leaf (1, 1, 4, 4), 2): model a
    # (1, 4, 4) tensor, entry RuntimeError. Passes the visible tests.
    "blind114_patchify_gather_index_cached_across_modes": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            cache = patchify.__dict__.setdefault("_index", {})
            key = (channels, height, width, P, images.device)
            if key not in cache:
                pixel = torch.arange(channels * height * width, device=images.device)
                grid = pixel.reshape(channels, height // P, P, width // P, P).permute(1, 3, 0, 2, 4)
                cache[key] = grid.reshape(-1)             # patch by patch, each in (channel, row, column) order
            flat = images.reshape(batch, -1).index_select(1, cache[key])
            return flat.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Rejects a params dict with entries it does not use. A seq2seq model keeps its whole decoder in one dict (the
    # target embedding "E" beside the step's weights), which the contract allows. attention_decoder_step(s, y, H,
    # params plus "E" = randn(5, 9)): model (s, logits, weights), entry ValueError. Passes the visible tests.
    "blind114_attention_decoder_step_rejects_unexpected_params": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            unexpected = sorted(set(params) - set(DECODER_PARAMS))
            if unexpected:
                raise ValueError(f"params has unexpected entries {unexpected}")
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            return s, stack(s, context) @ params["W_out"].T + params["b_out"], weights
'''),
    # Requires a contiguous feature grid ("call .contiguous() first") before flattening it with .view. CNN backbones
    # are often run in torch.channels_last memory format, whose (B, C, H, W) outputs are not contiguous.
    # grid_attention(s (1, 3), f.contiguous(memory_format=torch.channels_last) with f (1, 2, 2, 2), W, U, v): model
    # (weights (1, 2, 2), context (1, 2)), entry ValueError. Passes the visible tests.
    "blind114_grid_attention_refuses_channels_last_features": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            if not features.is_contiguous():
                raise ValueError("features must be contiguous (C, H, W) grids; call .contiguous() first")
            *batch, channels, height, width = features.shape
            weights, context = additive_attention(s, features.view(*batch, channels, height * width), W, U, v)
            return weights.view(*weights.shape[:-1], height, width), context
'''),
    # Adds each bias only when it is not all zeros. timm's DaViT initialises its linear biases to zeros, so a
    # freshly built block's bq ... bo get no gradient (None). channel_attention(X (4, 5), params with zero biases
    # requiring grad, 2): model bo.grad of the sum = [5, 5, 5, 5], entry None. Passes the visible tests.
    "blind114_channel_attention_zero_biases_skipped": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            def project(Y, name):
                out = params["W" + name] @ Y
                b = params["b" + name]
                return out + b[:, None] if b.any() else out    # a zero bias changes nothing
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(project(X, "q"), num_groups)
            K = split_heads(project(X, "k"), num_groups)
            V = split_heads(project(X, "v"), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return project(merge_heads(weights.transpose(-2, -1) @ V), "o")
'''),
    # Reassembles the grid with a token-order index cached by (H, W, M). Filled while a Swin model is evaluated under
    # torch.inference_mode(), the cached index is an inference tensor that index_select cannot save for backward in
    # the next training call. After one call in inference mode, window_reverse(2 * leaf (1, 4, 2, 4), 2, 4, 4): model
    # a (1, 2, 4, 4) grid, entry RuntimeError. Passes the visible tests.
    "blind114_window_reverse_order_index_cached_across_modes": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            cache = window_reverse.__dict__.setdefault("_orders", {})
            key = (height, width, M, windows.device)
            if key not in cache:
                order = torch.arange(height * width, device=windows.device)
                order = order.reshape(height // M, width // M, M, M).permute(0, 2, 1, 3).reshape(-1)
                cache[key] = order                     # grid position k <- window-major token order[k]
            *batch, n_windows, channels, tokens = windows.shape
            stream = windows.transpose(-3, -2).reshape(*batch, channels, n_windows * tokens)
            return stream.index_select(-1, cache[key]).unflatten(-1, (height, width))
'''),
}
RIGHT_BLIND_114 = {
    # Scores by einsum; the mask goes through apply_mask as given, so padding masks (B, N_k, 1), query masks
    # (1, N_q), batches of masks and column slices of causal_mask all broadcast. Passes the visible tests.
    "blind114_right_sdpa_einsum_mask_as_given": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # Reads the eight weights by name (a dict in any order, with extra entries, tied or Parameter weights) and
    # splits heads with unflatten. Passes the visible tests.
    "blind114_right_mha_weights_by_name_heads_unflattened": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(X, name):
                Y = params["W" + name] @ X + params["b" + name].unsqueeze(-1)
                return Y.unflatten(-2, (num_heads, Y.shape[-2] // num_heads))   # (..., H, D/H, N)
            out, _ = scaled_dot_product_attention(heads(Xq, "q"), heads(Xkv, "k"), heads(Xkv, "v"),
                                                  None if mask is None else mask[..., None, :, :])
            return params["Wo"] @ out.flatten(-3, -2) + params["bo"].unsqueeze(-1)
'''),
    # Sublayers from a small table; reads only the keys it needs, so a dict with more entries works, and never
    # copies or changes X (an earlier layer's output with a history is fine). Passes the visible tests.
    "blind114_right_transformer_layer_sublayer_table": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            blocks = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            )
            for sublayer, gamma, beta in blocks:
                if norm_first:
                    X = X + sublayer(layer_norm(X, params[gamma], params[beta]))
                else:
                    X = layer_norm(X + sublayer(X), params[gamma], params[beta])
            return X
'''),
    # Three sublayers in a loop; the caller's X_dec is only read. Passes the visible tests.
    "blind114_right_decoder_layer_sublayers_in_a_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            causal = causal_mask(X_dec.shape[-1]).to(X_dec.device)
            steps = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            X = X_dec
            for index, step in enumerate(steps, start=1):
                X = layer_norm(X + step(X), params[f"gamma{index}"], params[f"beta{index}"])
            return X
'''),
    # Grouped einsum; only the eight entries the stub checks are read (a block's whole dict works). Passes the
    # visible tests.
    "blind114_right_channel_attention_grouped_einsum": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            channels, tokens = X.shape[-2:]
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            def groups(name):
                Y = torch.einsum("oc,...cn->...on", params["W" + name], X) + params["b" + name][:, None]
                return Y.unflatten(-2, (num_groups, channels // num_groups))    # (..., G, C/G, N)
            Q, K, V = groups("q"), groups("k"), groups("v")
            weights = softmax_cols(torch.einsum("...jn,...in->...ji", K, Q) * factor)   # (..., G, keys, queries)
            mixed = torch.einsum("...ji,...jn->...in", weights, V).flatten(-3, -2)
            return torch.einsum("oc,...cn->...on", params["Wo"], mixed) + params["bo"][:, None]
'''),
    # Sum over the count, then F.linear; nothing cached, so calls in and out of inference mode mix freely. Passes
    # the visible tests.
    "blind114_right_average_pool_head_sum_over_count_linear": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]
            return F.linear(pooled, W, b)
'''),
    # unflatten + permute + reshape: any layout (channels-last permutes, slices, expanded batches), no cached
    # index. Passes the visible tests.
    "blind114_right_window_partition_unflatten_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.unflatten(-1, (width // M, M)).unflatten(-3, (height // M, M))   # (..., C, a, p, b, q)
            nd = grid.dim()
            order = list(range(nd - 5)) + [nd - 4, nd - 2, nd - 5, nd - 3, nd - 1]  # (..., a, b, C, p, q)
            return grid.permute(order).reshape(*grid.shape[:-5], (height // M) * (width // M), channels, M * M)
'''),
    # Works with positions only (document and sentence indices): sentences are never hashed or compared, so lists
    # of ids, tensors and repeated sentences are all fine; the draws are the model answer's. Passes the visible
    # tests.
    "blind114_right_nsp_pairs_indices_only": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            count = len(documents)
            for d in range(count):
                document = documents[d]
                for i in range(len(document) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((document[i], document[i + 1], 0))
                        continue
                    other = int(torch.randint(count - 1, (), generator=generator))
                    other += other >= d
                    j = int(torch.randint(len(documents[other]), (), generator=generator))
                    pairs.append((document[i], documents[other][j], 1))
            return pairs
'''),
    # Folds batch axes with reshape after broadcasting s and H, so beam-expanded (stride-0) states and transposed
    # encoder outputs work. Passes the visible tests.
    "blind114_right_additive_attention_reshape_fold": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            batch = torch.broadcast_shapes(s.shape[:-1], H.shape[:-2])
            d_h, n = H.shape[-2:]
            Hb = H.expand(*batch, d_h, n).reshape(-1, d_h, n)
            sb = s.expand(*batch, s.shape[-1]).reshape(-1, s.shape[-1])
            hidden = torch.tanh(torch.matmul(U, Hb) + (sb @ W.T)[:, :, None])      # (B, D_a, N)
            scores = torch.einsum("a,ban->bn", v, hidden).reshape(*batch, n)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = torch.einsum("...dn,...n->...d", H, weights)
            return weights, context
'''),
    # GRU gates written out on broadcast tensors (no view, no batch fold), any dict order or extra entries.
    # Passes the visible tests.
    "blind114_right_attention_decoder_step_broadcast_gates": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            gx = F.linear(x, params["weight_ih"], params["bias_ih"])
            gh = F.linear(s_prev, params["weight_hh"], params["bias_hh"])
            d = s_prev.shape[-1]
            r = torch.sigmoid(gx[..., :d] + gh[..., :d])
            z = torch.sigmoid(gx[..., d:2 * d] + gh[..., d:2 * d])
            n = torch.tanh(gx[..., 2 * d:] + r * gh[..., 2 * d:])
            s = n + z * (s_prev - n)                       # (1 - z) n + z h
            logits = F.linear(stack(s, context), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # F.linear on the token rows (X.mT), clamp for the ReLU; zero biases stay on the graph. Passes the visible
    # tests.
    "blind114_right_feed_forward_linear_on_token_rows": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            rows = X.transpose(-2, -1)                                  # (..., N, D)
            hidden = F.linear(rows, W1, b1).clamp(min=0)
            return F.linear(hidden, W2, b2).transpose(-2, -1)
'''),
    # The 2x2 blocks by one unflatten/permute, then the course's layer_norm whatever gamma and beta hold (a fresh
    # nn.LayerNorm's ones and zeros get their gradients). Passes the visible tests.
    "blind114_right_patch_merging_one_permute": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = X.unflatten(-1, (width // 2, 2)).unflatten(-3, (height // 2, 2))  # (..., C, i, r, j, c)
            nd = blocks.dim()
            # feature order (c, r, C): column offset outermost, then row offset, then channel
            order = list(range(nd - 5)) + [nd - 1, nd - 3, nd - 5, nd - 4, nd - 2]
            merged = blocks.permute(order).reshape(*blocks.shape[:-5], 4 * channels, height // 2, width // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return torch.einsum("oc,...cn->...on", W, tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # var_mean over the features: any layout, no view. Passes the visible tests.
    "blind114_right_layer_norm_var_mean": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return (X - mean) * torch.rsqrt(var + eps) * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # One multi_head_attention call with the mask passed by keyword; a query that sees no key gets bo. Passes the
    # visible tests.
    "blind114_right_cross_attention_keyword_call": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            return multi_head_attention(Xq=X_dec, Xkv=X_enc, params=params, num_heads=num_heads, mask=enc_mask)
'''),
    # Scores every cell by einsum over (H, W) directly, one softmax over the flattened grid: any memory format,
    # zero cells are ordinary cells. Passes the visible tests.
    "blind114_right_grid_attention_einsum_over_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            keys = torch.einsum("ac,...chw->...ahw", U, features)
            query = torch.einsum("as,...s->...a", W, s)[..., :, None, None]
            scores = torch.einsum("a,...ahw->...hw", v, torch.tanh(keys + query))
            height, width = scores.shape[-2:]
            weights = softmax_cols(scores.flatten(-2).unsqueeze(-1)).squeeze(-1).unflatten(-1, (height, width))
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # Projects Q, K and V separately even when weights are tied (the biases may differ). Passes the visible tests.
    "blind114_right_self_attention_three_projections_by_einsum": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q, K, V = (torch.einsum("od,...dn->...on", W_, X) + b_[:, None]
                       for W_, b_ in ((Wq, bq), (Wk, bk), (Wv, bv)))
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Patches by unfold-free reshape/permute; cls and positions by broadcasting; gradients reach images whether W
    # is frozen or not. Passes the visible tests.
    "blind114_right_patch_embedding_broadcast_cls": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = torch.einsum("dp,bpn->bdn", W, patchify(images, patch_size)) + b[:, None]
            cls_column = cls_token[:, None] + tokens.new_zeros(tokens.shape[0], 1, 1)   # (B, D, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Patches with Tensor.unfold on both image axes: no cached index, any layout. Passes the visible tests.
    "blind114_right_patchify_tensor_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            patches = images.unfold(2, P, P).unfold(3, P, P)          # (B, C, H/P, W/P, P, P)
            patches = patches.permute(0, 2, 3, 1, 4, 5)               # (B, H/P, W/P, C, P, P)
            return patches.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Special ids turned into Python ints first (a list, a tuple, a LongTensor or nothing at all); the draws are
    # the model answer's. Passes the visible tests.
    "blind114_right_mlm_corrupt_specials_as_ints": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            specials = [int(s) for s in (special_ids.reshape(-1).tolist() if torch.is_tensor(special_ids)
                                         else special_ids)]
            eligible = ~torch.isin(ids, torch.tensor(specials, dtype=ids.dtype, device=ids.device))
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Lookup by index_select on a flat index: uint8, int32 or int64 ids, any palette layout, gradient to a learned
    # palette. Passes the visible tests.
    "blind114_right_dequantize_index_select": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            flat = palette.index_select(1, ids.reshape(-1).long())       # (C, #pixels)
            return flat.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # F.pad after the cast to int64, so a start token of 256 with uint8 ids (a 256-colour palette) is fine. Passes
    # the visible tests.
    "blind114_right_pixel_sequence_pad_after_long": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.long).flatten(-2)
            inputs = F.pad(targets, (1, -1), value=sos_id)
            return inputs, targets
'''),
    # F.embedding on the table's rows, then the feature axis moved: non-contiguous ids (ids[:, :-1]), tables that
    # are views of an nn.Embedding weight. Passes the visible tests.
    "blind114_right_embed_functional_rows": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return F.embedding(token_ids, omega_e.transpose(0, 1)).movedim(-1, -2)
'''),
    # Tied query/key weights (Wk is Wq, a model that shares them) are projected once, K = Q. That uses bq for the
    # keys, but a key bias only adds the same amount to every score of a query column, which the column softmax
    # cancels (its true gradient is zero); Wq still gets both paths' gradients. Passes the visible tests.
    "blind114_right_self_attention_tied_weights_share_one_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = Q if Wk is Wq else linear(X, Wk, bk)       # tied weights: one projection serves both
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
}
