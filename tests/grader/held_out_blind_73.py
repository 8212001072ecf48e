"""Seventy-fourth blind batch of held-out implementations (prefix blind73_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`),
never read. The earlier blind batches (held_out_blind.py ... held_out_blind_71.py) were only skimmed for their entry names
(to avoid repeating a function with the same mechanism) and the header's layout (held_out_blind_57.py). Nothing under
grader/ was opened, grepped or run, nor any other file under tests/, docs/grading.md or benchmarks/, nor the batches
written at the same time (held_out_blind_72.py, held_out_blind_74.py). (A directory listing of tests/grader/ showed its
file names; none of those files was opened.)

Emphasis: memory layout -- views, strides, aliasing and non-contiguous inputs. Wrong entries assume a layout they were not
promised or break one they must keep: .view on inputs that may be transposed, sliced or batch-permuted (merge_heads, a
bmm batch fold in attention, linear's token rows, quantize's pixel grid, gru_step's batch fold, channel attention's
transposed product, sequence_log_prob on a transposed model output, softmax through a flat view of empty_like); a view
where a transpose was needed (softmax rows, F.embedding rows); as_strided with the strides of a packed tensor (window
partition and reverse -- the reference's windows are stored token by token --, patch merging's 2 x 2 blocks, the flat
palette); expanded tensors written in place, so many entries share one memory cell (causal, local, strided, padding and
global-token masks); "copies" that are the argument itself (.contiguous(), .to(float64) on float64, .long() on int64,
torch.as_tensor, .detach(), numpy(), expand(...).contiguous() with one image, expand to the same shape, the bias as an
accumulator, the temperature-1 shortcut, a residual stream that starts as the caller's tensor); aliasing between two
arguments or two results (tied Wq/Wk scaled in place, Q is K rotated twice, beam children sharing one buffer, halves
rotated in place in turn); torch.empty left partly unwritten (one-hot, padding mask, greedy probabilities, pixel
start tokens, generate's buffer after eos); a buffer sized from one operand where the contract broadcasts (additive
attention's in-place add, the decoder step's input buffer); a cached table shared across calls. Right entries handle
layout differently but correctly: explicit contiguous copies before view or packed as_strided, reshape instead of view,
as_strided from the input's own strides (storage offset kept), a packed as_strided view of a new grid written with copy_,
expanded tensors cloned before writing, clone / to(copy=True) before in-place work, in-place ops only on fresh tensors
whose saved values autograd no longer needs, torch.take for a logical flat index, F.pad and new_empty buffers written
in full, buffers sized by torch.broadcast_shapes, split views that are only read, fused projections, a folded scale
into new weight tensors.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind73/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source appended
to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right entry
passes them, and each wrong entry's comment says whether it does (24 of the 46 wrong entries pass them, and
blind73_padding_mask_visible_prefix_set_in_new_empty failed them in one run and passed in another: its unwritten memory
happened to be zeros).
Each wrong entry's recorded input was run on the model answer and on the entry and both results (and, where the mistake is an
aliasing one, the argument after the call) printed; each differs as its comment says. Right entries were compared with
the model answer on 50 random cases per default dtype (float32 and float64 default, inputs float32 or float64 at random,
scales 1, 3 and 1000): random batch shapes ((), (2,), (2, 3)), N_q != N_k, masks 2-D, batched and (B, N_k, 1), fully
masked columns and -inf scores, every argument (weights and params too) at random in one of five layouts -- contiguous,
transposed in memory, a stride-2 slice, batch-permuted in memory, a slice of an expanded tensor --, tied Wq/Wk and
Xq is Xkv, uint8 / int16 / int32 / int64 ids, sizes 0 where the contract allows them; outputs equal (exactly for masks,
ids and buckets; 1e-4 / 1e-9 relative to the largest entry otherwise), the same exceptions, every argument unchanged,
and the gradients of a random projection of the outputs with respect to every floating-point input equal to 1e-3;
generate with seeded generators (same ids), beam_search exactly, sequence_log_prob with models returning contiguous and
transposed (V, N) logits. mlm_corrupt's right entry draws exactly as the model answer does and was checked equal to it
for the same seed.

Judgement calls: blind73_sinusoidal_table_cached_across_calls is wrong on a clear contract point (the default-dtype call
returns the float32 table of an earlier call); its sharing of one tensor between calls is a second, softer fault. The
in-place-into-argument entries (apply_mask x2, layer_norm, transformer_layer, decoder_layer, average_pool_head,
pixel_sequence, both buckets, mlm labels, next_token_probs, patch_embedding, multi_head_attention) return the right
values; they are wrong because the contract says arguments are left unchanged. The torch.empty entries (one_hot,
padding_mask, greedy next_token_probs, pixel_sequence's start token) depend on what the allocator hands back: the
comments show garbage seen after freeing a tensor of the same size, but a fresh page of zeros can hide them on a given
run (the pixel_sequence one also overwrites the first image's inputs, which is deterministic; generate's differs in
length, also deterministic). blind73_additive_attention_query_added_in_place_into_keys and
blind73_attention_decoder_step_input_buffer_sized_from_embedding are wrong only where the batch axes broadcast (s batched
over an unbatched H; an unbatched y_prev with a batched H), which the contract allows. Right entries that reorder float32
arithmetic (blind73_right_mha_query_scale_folded_into_new_weights scales Wq before the product,
blind73_right_mha_fused_kv_projection_split_into_views projects K and V in one matmul) differ from the model answer in a
few float32 cases at 1000x scale with saturated softmax; measured against a float64 model their error was no larger than
the model answer's own float32 error (3.7e-5 relative for the model, 9.9e-6 for the folded entry), so I kept them.
Dropped: a pre-LN transformer_layer that adds the residual in place into a clone (the clone is saved by layer_norm, so
backward raises -- a real wrong, but it repeats blind10_transformer_layer_in_place_on_clone_saved_by_norm); entries that
return a view of an argument as their result (merge_heads, window_partition, pixel_sequence targets), since the model
answers themselves return such views and the contract grades values, shapes and dtypes only; index_put_/scatter_ with
duplicate indices (no exercise writes through an index that can repeat on an allowed input, and inventing one would not
be learner code); split_heads with .view (splitting one axis is always a valid view, so it is right, not wrong);
Tensor.unfold (correct on any layout). Fewer wrong entries than asked (about 55): the time box.

Counts: 46 wrong, 39 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'generate': 1, 'global_token_mask': 1, 'gru_step': 1, 'layer_norm': 1, 'linear': 1, 'local_mask': 1, 'merge_heads': 1, 'mlm_corrupt': 2, 'multi_head_attention': 1, 'next_token_probs': 2, 'one_hot': 1, 'padding_mask': 2, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 2, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'softmax_cols': 3, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'gru_step': 1, 'layer_norm': 1, 'linear': 1, 'local_mask': 1, 'merge_heads': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'strided_mask': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_73 = {
    # Works on the transposed rows, then `.view(scores.shape)` reinterprets the (..., N, M) buffer as (..., M, N)
    # instead of transposing back: right shape, scrambled values. softmax_cols([[0, 1, 2], [3, 4, 5]]): model [[.0474,
    # .0474, .0474], [.9526, .9526, .9526]], entry [[.0474, .9526, .0474], [.9526, .0474, .9526]]. Fails the visible
    # tests.
    "blind73_softmax_cols_rows_viewed_back_not_transposed": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            rows = scores.transpose(-2, -1).contiguous()            # (..., N, M): one row per column
            row_max = rows.amax(dim=-1, keepdim=True)
            row_max = row_max.masked_fill(row_max == float("-inf"), 0.0)
            exps = torch.exp(rows - row_max)
            total = exps.sum(dim=-1, keepdim=True)
            out = exps / total.masked_fill(total == 0, 1.0)
            return out.view(scores.shape)                           # back to (..., M, N)
'''),
    # torch.empty_like keeps the input's strides, so for a transposed (non-contiguous) scores tensor `result.view(-1)`
    # raises. softmax_cols(tensor([[0., 1.], [2., 3.]]).T): model [[.2689, .2689], [.7311, .7311]], entry RuntimeError
    # (view size is not compatible ...). Passes the visible tests.
    "blind73_softmax_cols_written_through_flat_view_of_empty_like": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            result = torch.empty_like(scores)
            result.view(-1).copy_((exps / total.masked_fill(total == 0, 1.0)).reshape(-1))
            return result
'''),
    # `.contiguous()` returns the tensor itself when it is already contiguous, so the in-place shift and exp write into
    # the caller's scores (a non-contiguous input is copied and left alone). softmax_cols(tensor([[0., 1.], [2., 3.]])):
    # values right, but the argument becomes [[.1353, .1353], [1, 1]] (model leaves [[0, 1], [2, 3]]). Fails the visible
    # tests.
    "blind73_softmax_cols_contiguous_taken_for_a_copy": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            work = scores.contiguous()                              # my own buffer to work in
            column_max = work.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            work -= column_max
            work.exp_()
            total = work.sum(dim=-2, keepdim=True)
            return work / total.masked_fill(total == 0, 1.0)
'''),
    # A 0-d True expanded to (n, n) has one memory cell for every entry; triu_ writes False into it, so every entry ends
    # False. causal_mask(3): model [[T, T, T], [F, T, T], [F, F, T]], entry all False. Fails the visible tests.
    "blind73_causal_mask_triu_in_place_on_expanded_true": ("masking", "causal_mask", '''
        def causal_mask(n):
            everything = torch.ones((), dtype=torch.bool).expand(n, n)   # no n*n allocation
            return everything.triu_()
'''),
    # The (B, n) mask is one row expanded (stride 0 over B): setting row b's prefix sets it for every row, so every
    # sequence gets the longest length. padding_mask(tensor([1, 3]), 3)[..., 0]: model [[T, F, F], [T, T, T]], entry
    # [[T, T, T], [T, T, T]]. Fails the visible tests.
    "blind73_padding_mask_rows_filled_in_expanded_false_row": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.zeros(n, dtype=torch.bool, device=lengths.device).expand(len(lengths), n)
            for b, length in enumerate(lengths.tolist()):
                visible[b, :length] = True
            return visible[:, :, None]
'''),
    # tril_/triu_ on a row of ones expanded to (n, n): the rows share memory, so zeroing the entries outside the band of
    # one row zeroes them for all rows and the band is lost. local_mask(4, 1): model the tridiagonal band, entry all
    # False. Fails the visible tests.
    "blind73_local_mask_band_cut_in_place_on_expanded_row": ("masking", "local_mask", '''
        def local_mask(n, window):
            band = torch.ones(n, dtype=torch.bool).expand(n, n)
            band.tril_(window)                                  # i - j <= window
            band.triu_(-window)                                 # i - j >= -window
            return band
'''),
    # scores.expand(broadcast shape) is a view of scores (the mask never adds batch axes, so the shape is the same), and
    # masked_fill_ under no_grad writes -inf into the caller's scores. apply_mask(zeros(2, 2), [[T, F], [T, T]]): result
    # right ([[0, -inf], [0, 0]]) but the argument becomes [[0, -inf], [0, 0]]. Passes the visible tests.
    "blind73_apply_mask_filled_through_expand_alias": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            shape = torch.broadcast_shapes(scores.shape, mask.shape)
            hidden = scores.expand(shape)                        # scores at the mask's broadcast shape
            with torch.no_grad():
                hidden.masked_fill_(~mask, float("-inf"))
            return hidden
'''),
    # torch.as_tensor returns the same tensor when dtype and device already match, so the boolean-index assignment
    # writes -inf into the caller's scores (and raises under autograd when scores is a leaf that requires grad).
    # apply_mask(zeros(2, 2), [[T, F], [T, T]]): result right, argument becomes [[0, -inf], [0, 0]]. Passes the visible
    # tests.
    "blind73_apply_mask_as_tensor_taken_for_a_copy": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = torch.as_tensor(scores, dtype=scores.dtype)   # a tensor of my own
            out[~mask.expand_as(out)] = float("-inf")
            return out
'''),
    # X.transpose(-2, -1).view(-1, D_in) folds the batch into the token rows with view: it works for an unbatched X, and
    # for a batched one only when X came from a transposed row-major tensor; an ordinary contiguous batched X raises.
    # linear(ones(2, 3, 2), ones(1, 3), zeros(1)): model [[[3, 3]], [[3, 3]]], entry RuntimeError (view size ...).
    # Passes the visible tests.
    "blind73_linear_rows_viewed_from_transposed_input": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            rows = X.transpose(-2, -1).view(-1, X.shape[-2])         # every token as a row
            out = torch.addmm(b, rows, W.T)                          # (tokens, D_out)
            return out.view(*X.shape[:-2], X.shape[-1], W.shape[0]).transpose(-2, -1)
'''),
    # Folds the batch axes for torch.bmm with .view, which raises for inputs whose batch axes are not mergeable (a
    # batch-transposed tensor, or an expanded one). Q, K, V = randn(3, 2, 2, 4) (torch.Generator seeds 0, 1, 2,
    # float64), each .transpose(0, 1): model output[0, 0, 0] [-.1393, -.3276, -.1526, -.3344], entry RuntimeError (view
    # size ...). Passes the visible tests.
    "blind73_sdpa_batch_folded_for_bmm_with_view": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            n_k, d_v = K.shape[-1], V.shape[-2]
            q = Q.view(-1, d_k, n_q)
            k = K.view(-1, d_k, n_k)
            v = V.view(-1, d_v, n_k)
            scores = torch.bmm(k.transpose(1, 2), q).view(*batch, n_k, n_q) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out = torch.bmm(v, weights.reshape(-1, n_k, n_q)).view(*batch, d_v, n_q)
            return out, weights
'''),
    # When the caller passes the same tensor for Wq and Wk (and bq, bk), K is made the same object as Q to save a
    # projection, and the in-place `Q /= sqrt(D_k)` then scales K too: the scores are divided by D_k instead of
    # sqrt(D_k). X = randn(2, 3) (seed 0), Wq = Wk = randn(2, 2) (seed 1), bq = bk = randn(2) (seed 2), Wv = eye(2), bv
    # = 0, float64: weights[:, 0] model [.8596, .1152, .0252], entry [.7554, .1824, .0622]. Passes the visible tests.
    "blind73_self_attention_shared_projection_scaled_in_place": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = Q if (Wk is Wq and bk is bq) else linear(X, Wk, bk)    # tied weights: project once
            V = linear(X, Wv, bv)
            Q /= math.sqrt(Q.shape[-2])                                 # scale the queries once, here
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # .view merging the head and head-row axes raises for a non-contiguous heads tensor (inside multi_head_attention the
    # heads come from a matmul and are contiguous, so only a direct call shows it). merge_heads(arange(8.).reshape(2, 2,
    # 2).transpose(-2, -1)): model [[0, 2], [1, 3], [4, 6], [5, 7]], entry RuntimeError (view size ...). Passes the
    # visible tests.
    "blind73_merge_heads_viewed_without_contiguous": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            *batch, num_heads, head_dim, n = heads.shape
            return heads.view(*batch, num_heads * head_dim, n)
'''),
    # Folds 1/sqrt(D/H) into Wq and bq through .detach(), which shares memory: the caller's params['Wq'] and
    # params['bq'] are scaled in place on every call (and the gradient to them is cut). D = 4, H = 2, Xq = Xkv =
    # randn(4, 3) (seed 0), params randn (seeds 1..13), float64: first call output[0, 0] -1.2844 as the model, second
    # call -0.5573 (model -1.2844 again); params['Wq'][0, 0] goes from -0.3113 to -0.1556. Passes the visible tests.
    "blind73_mha_query_scale_folded_into_detached_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            head_dim = dim // num_heads
            Wq = params["Wq"].detach()                 # a copy to fold the 1/sqrt(d) scale into
            bq = params["bq"].detach()
            Wq *= 1 / math.sqrt(head_dim)
            bq *= 1 / math.sqrt(head_dim)
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q           # already scaled
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            weights = torch.softmax(scores, dim=-2).nan_to_num(0.0)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # X.to(torch.float64) is meant as a working copy, but for a float64 X it returns X itself, so the in-place centring
    # and scaling rewrite the caller's input (a float32 X is copied and left alone; with requires_grad the in-place op
    # on the leaf raises). layer_norm(tensor([[1., 2.], [3., 6.]], float64), ones(2), zeros(2)): result right ([[-1,
    # -1], [1, 1]]), argument becomes [[-1, -1], [1, 1]]. Fails the visible tests.
    "blind73_layer_norm_float64_copy_that_is_not": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            work = X.to(torch.float64)                  # a float64 working copy
            work -= work.mean(dim=-2, keepdim=True)
            variance = work.square().mean(dim=-2, keepdim=True)
            work /= torch.sqrt(variance + eps)
            return (gamma[:, None] * work + beta[:, None]).to(X.dtype)
'''),
    # In the pre-LN branch `X += ...` adds the residual into the caller's tensor (a RuntimeError when X is a leaf that
    # requires grad; under no_grad the caller's X silently becomes the output). D = 4, H = 2, X = randn(4, 3) (seed 0),
    # params randn, gammas 1, betas 0, float64, norm_first=True: output[0, 0] 5.6507 as the model, but X[0, 0] becomes
    # 5.6507 (model leaves 1.541). Fails the visible tests.
    "blind73_transformer_layer_residual_added_in_place_into_input": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X += attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X += think(layer_norm(X, params["gamma2"], params["beta2"]))
                return X
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # `X = X_dec` then `X += self-attention`: the first residual is added into the caller's X_dec (a RuntimeError when
    # X_dec requires grad as a leaf). D = 4, H = 2, X_dec = randn(4, 3) (seed 0), X_enc = randn(4, 2) (seed 5), params
    # randn, gammas 1, betas 0, float64: output[0, 0] 1.6829 as the model, X_dec[0, 0] becomes 11.2422 (model leaves
    # 1.541). Fails the visible tests.
    "blind73_decoder_layer_stream_starts_as_the_callers_tensor": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec                                                   # the residual stream
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X += multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Scatters the ones into torch.empty: the entries that are not hit keep whatever the allocator hands back.
    # one_hot(tensor([0, 2, 1, 2]), 3) right after freeing a (3, 4) tensor: model the one-hot columns, entry [[1, 0,
    # -inf, 1.8777], [-0, 1.8827, 1, 1.875], [1.24e28, 1, -0, 1]] (the garbage varies from run to run). Fails the
    # visible tests.
    "blind73_one_hot_scatter_into_new_empty": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            dtype = dtype or torch.get_default_dtype()
            out = torch.empty(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype,
                              device=token_ids.device)
            return out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # F.embedding gives (..., N, D) rows; .view(..., D, N) reinterprets that buffer instead of transposing.
    # embed(tensor([[1., 2., 3.], [10., 20., 30.]]), tensor([0, 1, 2])): model [[1, 2, 3], [10, 20, 30]], entry [[1, 10,
    # 2], [20, 3, 30]]. Fails the visible tests.
    "blind73_embed_functional_rows_viewed_as_columns": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            rows = F.embedding(token_ids, omega_e.T)                 # (..., N, D)
            return rows.view(*token_ids.shape[:-1], omega_e.shape[0], token_ids.shape[-1])
'''),
    # Caches the table by (N, D) on the function and returns the cached tensor itself: a call after
    # torch.set_default_dtype(torch.float64) gets the float32 table of an earlier call (the contract wants the default
    # dtype), and a caller that adds to the returned table in place changes every later result. sinusoidal_positions(3,
    # 2) under float32, then again under float64 default: model float64, entry float32 (the same object). Passes the
    # visible tests.
    "blind73_sinusoidal_table_cached_across_calls": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            tables = sinusoidal_positions.__dict__.setdefault("tables", {})   # computed once per size
            key = (num_positions, dim)
            if key not in tables:
                positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
                pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
                angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
                table = torch.zeros(dim, num_positions)
                table[0::2] = torch.sin(angles)
                table[1::2] = torch.cos(angles[: dim // 2])
                tables[key] = table
            return tables[key]
'''),
    # Writes the start token with inputs[0] = sos_id, which is the first position only for one image: for a batch it
    # overwrites the whole first row and leaves inputs[b, 0] of the other images unwritten (torch.empty).
    # pixel_sequence(tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), 9) inputs: model [[9, 1, 2, 3], [9, 5, 6, 7]], entry
    # [[9, 9, 9, 9], [<garbage>, 5, 6, 7]] (here [1, 5, 6, 7]). Passes the visible tests.
    "blind73_pixel_sequence_start_written_into_first_row_only": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            inputs = torch.empty_like(targets)
            inputs[..., 1:] = targets[..., :-1]
            inputs[0] = sos_id                                   # the start token goes first
            return inputs, targets
'''),
    # ids.numpy() shares the tensor's memory and the numpy reshape of a contiguous array is a view, so the in-place
    # shift writes into the caller's ids (results are right). pixel_sequence(tensor([[1, 2], [3, 4]]), 9): results as
    # the model, ids become [[9, 1], [2, 3]]. Passes the visible tests.
    "blind73_pixel_sequence_numpy_reshape_shifted_in_place": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.numpy().reshape(*ids.shape[:-2], -1)      # numpy reshape: (..., N)
            targets = torch.tensor(flat, dtype=torch.long)
            flat[..., 1:] = flat[..., :-1].copy()                # shift right by one
            flat[..., 0] = sos_id
            return torch.tensor(flat, dtype=torch.long), targets
'''),
    # Reads the palette through as_strided((C*K,), (1,)), i.e. as if it were packed row-major: a transposed or sliced
    # palette is read in the wrong order. dequantize_pixels(tensor([[0, 2]]), tensor([[0., 10.], [1., 11.], [2.,
    # 12.]]).T): model [[[0, 2]], [[10, 12]]], entry [[[0, 1]], [[11, 12]]]. Passes the visible tests.
    "blind73_dequantize_palette_flattened_by_packed_as_strided": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            channels, colours = palette.shape
            flat = palette.as_strided((channels * colours,), (1,))          # c * K + k
            index = torch.arange(channels)[:, None] * colours + ids.long().reshape(1, -1)
            return flat[index].reshape(channels, *ids.shape).movedim(0, -3)
'''),
    # Flattens H x W with .view, which raises for images whose rows and columns are not mergeable (a transposed or
    # column-cropped image). quantize_pixels(randn(1, 2, 3).transpose(-2, -1) (seed 0, float32), tensor([[0., 1.]])):
    # model [[1, 1], [0, 0], [0, 0]], entry RuntimeError (view size ...). Passes the visible tests.
    "blind73_quantize_pixels_grid_flattened_with_view": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            *batch, channels, height, width = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).view(*batch, channels, height * width)       # (..., C, N)
            distances = (pixels[..., :, :, None] - palette.to(dtype)[:, None, :]).square().sum(dim=-3)
            return distances.argmin(dim=-1).view(*batch, height, width)
'''),
    # Starts the logits from b itself and adds in place: for one unbatched X the caller's bias becomes the logits
    # (batched inputs get a clone and are fine). average_pool_head(ones(2, 3), ones(1, 2), tensor([5.])): result [7] as
    # the model, b becomes [7]. Passes the visible tests.
    "blind73_average_pool_head_accumulates_into_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)                                          # (..., D)
            logits = b if b is not None else W.new_zeros(W.shape[0])         # start from the bias
            if pooled.dim() > 1:
                logits = logits.expand(*pooled.shape[:-1], W.shape[0]).clone()   # one row per image
            logits += pooled @ W.T
            return logits
'''),
    # Takes the windows with as_strided using the strides of a packed (..., C, H, W) tensor; X.reshape(-1, C, H, W)
    # keeps a non-contiguous layout when no batch axes need folding, so a transposed X is read in the wrong order.
    # window_partition(arange(16.).reshape(1, 4, 4).transpose(-2, -1), 2)[0, 0]: model [0, 4, 1, 5], entry [0, 1, 4, 5].
    # Passes the visible tests.
    "blind73_window_partition_as_strided_packed_strides": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            source = X.reshape(-1, channels, height, width)
            B = source.shape[0]
            windows = source.as_strided(
                (B, height // M, width // M, channels, M, M),
                (channels * height * width, M * width, M, height * width, width, 1),
            )
            return windows.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Reads the windows with the strides of a packed (..., nW, C, M*M) tensor; windows stored token by token (the layout
    # the contract says the reference returns) are read in the wrong order. X = arange(32.).reshape(2, 4, 4), windows =
    # window_partition(X, 2).transpose(-2, -1).contiguous().transpose(-2, -1): window_reverse(windows, 2, 4, 4)[0, 0]
    # model [0, 1, 2, 3], entry [0, 16, 2, 18]. Passes the visible tests.
    "blind73_window_reverse_as_strided_packed_strides": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            cols = width // M
            batch_strides, step = [], num_windows * channels * M * M
            for size in reversed(batch):                     # strides of a packed (..., nW, C, M*M) tensor
                batch_strides.insert(0, step)
                step *= size
            grid = windows.as_strided(
                (*batch, channels, height // M, M, cols, M),
                (*batch_strides, M * M, cols * channels * M * M, M, channels * M * M, 1),
            )
            return grid.reshape(*batch, channels, height, width)
'''),
    # Gathers the 2 x 2 blocks with as_strided strides computed for a packed grid: a non-contiguous X (transposed,
    # sliced, channels-last) gives the wrong tokens. X = randn(1, 2, 4) (seed 0).transpose(-2, -1), gamma ones(4), beta
    # zeros(4), W eye(2, 4), float64: output[0] model [[1.6207], [-1.7179]], entry [[1.1918], [-.8146]]. Passes the
    # visible tests.
    "blind73_patch_merging_blocks_by_packed_as_strided": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            batch = X.shape[:-3]
            grid = X.reshape(-1, channels, height, width)
            B = grid.shape[0]
            # (B, column offset, row offset, C, H/2, W/2): blocks read straight from memory
            blocks = grid.as_strided((B, 2, 2, channels, height // 2, width // 2),
                                     (channels * height * width, 1, width, height * width, 2 * width, 2))
            merged = blocks.reshape(*batch, 4 * channels, (height // 2) * (width // 2))
            tokens = layer_norm(merged, gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Computes (V^T weights)^T, a transposed view, then merges the groups with .view, which raises whenever N > 1 and
    # C/G > 1 (reshape or merge_heads would copy). C = 4, G = 2, X = randn(4, 3) (seed 0), params randn, float64: model
    # output[0] [2.0129, -1.491, -1.449], entry RuntimeError (view size ...). Fails the visible tests.
    "blind73_channel_attention_transposed_product_viewed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            attended = (V.transpose(-2, -1) @ weights).transpose(-2, -1)      # (..., G, C/G, N)
            merged = attended.view(*X.shape[:-2], channels, tokens)
            return linear(merged, params["Wo"], params["bo"])
'''),
    # Rotates the two halves of a clone in place one after the other: the second half is computed from the already
    # rotated first half. rotate_columns(tensor([[1., 1.], [0., 0.]]), None, 10000.0): model [[1, .5403], [0, .8415]],
    # entry [[1, .5403], [0, .4546]]. Fails the visible tests.
    "blind73_rotate_columns_halves_updated_in_place_in_turn": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            out = X.clone()
            top, bottom = out[..., : dim // 2, :], out[..., dim // 2 :, :]
            top.copy_(top * cos - bottom * sin)
            bottom.copy_(bottom * cos + top * sin)
            return out
'''),
    # relative_position.long() is the tensor itself for int64 offsets, so the causal branch's neg_().clamp_() rewrites
    # the caller's offsets (int32 offsets are copied and left alone). relative_position_bucket(tensor([-3, 0, 2]),
    # bidirectional=False): result [3, 0, 0] as the model, the argument becomes [3, 0, 0]. Passes the visible tests.
    "blind73_bucket_long_alias_negated_in_place": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()                # int64 ids for the arithmetic below
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = offset.neg_().clamp_(min=0)      # keys after the query count as 0
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # relative_position.numpy() shares memory, and the causal branch clips positive offsets to 0 in that array, i.e. in
    # the caller's tensor. relative_position_bucket(tensor([-3, 0, 2]), bidirectional=False): result [3, 0, 0] as the
    # model, the argument becomes [-3, 0, 0]. Passes the visible tests.
    "blind73_bucket_numpy_view_clipped_in_place": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offsets = relative_position.numpy()
            if bidirectional:
                half = num_buckets // 2
                base = torch.from_numpy((offsets > 0).astype("int64")) * half
                distance = torch.from_numpy(abs(offsets)).long()
            else:
                half = num_buckets
                offsets[offsets > 0] = 0                     # future keys count as offset 0
                base = torch.zeros(offsets.shape, dtype=torch.long)
                distance = torch.from_numpy(-offsets).long()
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # torch.from_numpy(ids.numpy()) is the caller's memory, so masking writes into ids, and the labels read from the
    # corrupted ids afterwards. ids = arange(10, 30).reshape(2, 10), vocab 50, specials [0], mask_id 1, mask_prob 0.5,
    # Generator seed 3: labels[0] model [10, 11, 12, 13, 14, 15, -100, -100, -100, -100], entry [1, 1, 12, 1, 1, 1,
    # -100, ...]; ids[0] becomes [1, 1, 12, 1, 1, 1, 16, ...]. Fails the visible tests.
    "blind73_mlm_corrupt_numpy_round_trip_shares_ids": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.from_numpy(ids.numpy())           # work on a numpy copy of the ids
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # labels = ids.long() is meant as a copy, but for int64 ids it is ids itself: writing -100 at the unchosen positions
    # rewrites the caller's ids (int32 ids are copied and left alone). Same input as above: labels are right, ids[0]
    # becomes [10, 11, 12, 13, 14, 15, -100, -100, -100, -100]. Passes the visible tests.
    "blind73_mlm_corrupt_labels_start_as_long_alias": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            labels = ids.long()                                  # a long copy of the ids
            labels[~chosen] = IGNORE
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, labels
'''),
    # Adds the state's term in place into U @ H, whose shape is H's: when s has batch axes that H lacks (the contract
    # lets them broadcast) the in-place add cannot grow and raises. s = randn(2, 3), H = randn(4, 5), W (6, 3), U (6,
    # 4), v (6,) (seeds 0..4, float64): model weights[:, 0] [.4432, .5687], entry RuntimeError (output with shape [6, 5]
    # doesn't match the broadcast shape [2, 6, 5]). Fails the visible tests.
    "blind73_additive_attention_query_added_in_place_into_keys": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = U @ H                                       # (..., D_a, N), a fresh product
            hidden += (s @ W.T).unsqueeze(-1)                    # the state's term, in place
            hidden = torch.tanh(hidden)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Folds the batch axes of x and h with .view, which raises for a batch-transposed input (time-major data transposed
    # to batch-major). x = randn(3, 2, 4) (seed 0).transpose(0, 1), h = randn(2, 3, 3) (seed 1), GRU weights randn
    # (seeds 2..5), float64: model h'[0, 0] [-.312, -.7033, .5779], entry RuntimeError (view size ...). Passes the
    # visible tests.
    "blind73_gru_step_batch_folded_with_view": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            batch = torch.broadcast_shapes(x.shape[:-1], h.shape[:-1])
            gx = torch.addmm(bias_ih, x.view(-1, x.shape[-1]), weight_ih.T)    # every state as a row
            gh = torch.addmm(bias_hh, h.view(-1, h.shape[-1]), weight_hh.T)
            reset_x, update_x, new_x = gx.chunk(3, dim=-1)
            reset_h, update_h, new_h = gh.chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return ((1 - update) * candidate + update * h.view(-1, h.shape[-1])).view(*batch, h.shape[-1])
'''),
    # Starts from is_global expanded down the rows (a view of the argument with stride 0) and fills the global keys'
    # rows in place: every row shares one memory row, so everything turns True, and so does the caller's is_global.
    # global_token_mask(tensor([True, False, False])): model [[T, T, T], [T, F, F], [T, F, F]], entry all True; the
    # argument becomes [T, T, T]. Fails the visible tests.
    "blind73_global_token_mask_key_rows_set_in_expanded_query_flags": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            mask = is_global.unsqueeze(-2).expand(*is_global.shape, n)   # [j, i] = is_global[i]: global queries
            mask.masked_fill_(is_global.unsqueeze(-1), True)            # and global keys see everything
            return mask
'''),
    # Fills the diagonals of a zero row expanded to (n, n): the rows share memory, so each diagonal entry set sets its
    # whole column. strided_mask(3, 2): model [[T, F, T], [F, T, F], [T, F, T]], entry all True. Fails the visible
    # tests.
    "blind73_strided_mask_diagonals_filled_on_expanded_row": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride < 1:
                raise ValueError(f"stride must be a positive integer; got {stride}")
            mask = torch.zeros(n, dtype=torch.bool).expand(n, n)
            for offset in range(0, n, stride):
                mask.diagonal(offset).fill_(True)
                mask.diagonal(-offset).fill_(True)
            return mask
'''),
    # Skips the division at temperature 1 (the default) and then filters top-k in place, so at temperature 1 the
    # caller's logits get -inf written into them (any other temperature works on a new tensor).
    # next_token_probs(tensor([1., 2., 3.]), top_k=1): result [0, 0, 1] as the model, logits become [-inf, -inf, 3].
    # Passes the visible tests.
    "blind73_next_token_probs_top_k_filter_in_place_when_temperature_is_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits if temperature == 1 else logits / temperature     # skip a no-op division
            if top_k is not None and top_k < len(scaled):
                order = torch.sort(scaled, descending=True, stable=True).indices
                scaled[order[top_k:]] = float("-inf")
            probs = torch.softmax(scaled, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # log-probabilities as logits - logsumexp keep the model's layout, and .view(-1) raises when the model returns a
    # transposed (V, N) tensor (a row-major model followed by .T). model(ids) = (T.T[ids]).T with T = randn(4, 4) (seed
    # 0, float64), ids [0, 1, 2]: model -2.4877, entry RuntimeError (view size ...). Passes the visible tests.
    "blind73_sequence_log_prob_logsumexp_then_flat_view": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                              # (V, N)
            log_probs = logits - torch.logsumexp(logits, dim=0, keepdim=True)
            n = log_probs.shape[-1]
            flat = ids[1:] * n + torch.arange(len(ids) - 1)                   # row-major index of (ids[k+1], k)
            return log_probs.view(-1)[flat].sum()
'''),
    # Preallocates prompt + max_new_tokens ids with new_empty and returns the whole buffer even when eos stops early, so
    # the tail is unwritten memory. A model that always emits id 2 (logits 30 vs -30), prompt [0], max_new_tokens 4,
    # eos_id 2: model length 2 ([0, 2]), entry length 5. Fails the visible tests.
    "blind73_generate_preallocated_buffer_returned_whole_after_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.new_empty(len(prompt) + max_new_tokens)
            out[: len(prompt)] = prompt
            length = len(prompt)
            for _ in range(max_new_tokens):
                ids = out[:length]
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                out[length] = next_id[0]
                length += 1
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return out
'''),
    # Builds one extended tensor per beam and writes each child's token into it without a copy: all children of a beam
    # are the same tensor and end with the last token id. model(ids) = T[:, ids], T = [[0, 2, 1], [1, 0, 2], [2, 1, 0]],
    # prompt [0], width 2, 2 steps: model [0, 2, 1], entry [0, 2, 2]. Fails the visible tests.
    "blind73_beam_search_children_share_one_extended_buffer": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    extended = torch.cat([ids, ids.new_zeros(1)])          # one slot for the new token
                    for token, log_prob in enumerate(log_probs.tolist()):
                        child = extended
                        child[-1] = token
                        candidates.append((score + log_prob, child, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # positions.expand(B, ...).contiguous() copies only when B > 1: for one image it is a view of positions, and the in-
    # place additions write the tokens into the caller's positions (and raise when positions requires grad). images
    # randn(1, 1, 2, 2), P = 2, W (2, 4), b, cls (2,), positions (2, 2) (seeds 0..4, float64): output[0, 0] as the
    # model, positions[0] becomes [-.802, 1.7844] (model leaves [-1.6053, .2325]). Fails the visible tests.
    "blind73_patch_embedding_positions_expand_contiguous_then_added_in_place": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)                # (B, D, N)
            out = positions.expand(tokens.shape[0], -1, -1).contiguous()      # one copy per image
            out[:, :, 1:] += tokens
            out[:, :, 0] += cls_token
            return out
'''),
    # Sizes the GRU input buffer [y_prev; c] from y_prev's batch axes only: when y_prev is unbatched but H (and so the
    # context) has a batch axis, writing the context raises; the contract lets the leading axes broadcast. s_prev
    # randn(2, 3), y_prev randn(2), H randn(2, 4, 5), params randn (float64): model s[0] [-.7056, .2366, .6202], entry
    # RuntimeError (expand ...). Passes the visible tests.
    "blind73_attention_decoder_step_input_buffer_sized_from_embedding": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            E = y_prev.shape[-1]
            x = y_prev.new_empty(*y_prev.shape[:-1], E + context.shape[-1])     # [y_prev; c]
            x[..., :E] = y_prev
            x[..., E:] = context
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # When Q and K are the same object (self-attention) one clone serves as both outputs, so it is rotated in place
    # twice (by positions_q, then by positions_k) and both results are that doubly rotated tensor. X = tensor([[1., 1.],
    # [0., 0.]]), rotary_embedding(X, X): K' model [[1, .5403], [0, .8415]], entry [[1, -.4161], [0, .9093]]. Fails the
    # visible tests.
    "blind73_rotary_embedding_shared_input_rotated_twice_in_place": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate_(X, positions):                       # rotate X in place, column by column
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :].clone(), X[..., dim // 2 :, :].clone()
                X[..., : dim // 2, :] = top * cos - bottom * sin
                X[..., dim // 2 :, :] = bottom * cos + top * sin
                return X

            Q_out = Q.clone()
            K_out = Q_out if K is Q else K.clone()            # self-attention: one copy is enough
            return rotate_(Q_out, positions_q), rotate_(K_out, positions_k)
'''),
    # The greedy one-hot is written into new_empty: only the arg-max entry is set, the others are whatever memory held.
    # next_token_probs(tensor([0., 3., 1., 2.]), temperature=0) right after freeing a tensor: model [0, 1, 0, 0], entry
    # [-1.9e12, 1, 0, 0] (garbage varies). Fails the visible tests.
    "blind73_next_token_probs_greedy_one_hot_in_new_empty": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = logits.new_empty(logits.shape)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Sets the visible prefix of each row in a torch.empty bool tensor and never writes the hidden keys False: they keep
    # whatever bytes were there. padding_mask(tensor([1, 2]), 3) right after freeing a (2, 3, 1) True tensor: model [[T,
    # F, F], [T, T, F]], entry [[T, T, T], [T, T, T]] (garbage varies). Fails or passes the visible tests depending on
    # what the allocator hands back (one run each way).
    "blind73_padding_mask_visible_prefix_set_in_new_empty": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.empty(len(lengths), n, 1, dtype=torch.bool, device=lengths.device)
            for b, length in enumerate(lengths.tolist()):
                visible[b, :length] = True
            return visible
'''),
}

RIGHT_BLIND_73 = {
    "blind73_right_softmax_cols_rows_copied_contiguous_and_transposed_back": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            rows = scores.transpose(-2, -1).contiguous()            # (..., N, M): one row per column
            row_max = rows.amax(dim=-1, keepdim=True)
            row_max = row_max.masked_fill(row_max == float("-inf"), 0.0)
            exps = torch.exp(rows - row_max)
            total = exps.sum(dim=-1, keepdim=True)
            return (exps / total.masked_fill(total == 0, 1.0)).transpose(-2, -1)
'''),
    "blind73_right_softmax_cols_clone_then_in_place": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            column_max = scores.amax(dim=-2, keepdim=True)
            work = scores.clone(memory_format=torch.contiguous_format)      # a private buffer, always
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            work = work.sub_(column_max).exp_()
            total = work.sum(dim=-2, keepdim=True)
            return work / total.masked_fill(total == 0, 1.0)
'''),
    "blind73_right_causal_mask_triu_out_of_place_on_expanded_true": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones((), dtype=torch.bool).expand(n, n).triu()     # triu allocates its result
'''),
    "blind73_right_local_mask_band_cut_in_place_on_fresh_ones": ("masking", "local_mask", '''
        def local_mask(n, window):
            band = torch.ones(n, n, dtype=torch.bool)
            band.tril_(window)                                  # i - j <= window
            band.triu_(-window)                                 # i - j >= -window
            return band
'''),
    "blind73_right_padding_mask_rows_filled_in_cloned_expansion": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.zeros(n, dtype=torch.bool, device=lengths.device).expand(len(lengths), n).clone()
            for b, length in enumerate(lengths.tolist()):
                visible[b, :length] = True
            return visible.unsqueeze(-1)
'''),
    "blind73_right_apply_mask_expanded_then_cloned_before_fill": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            shape = torch.broadcast_shapes(scores.shape, mask.shape)
            hidden = scores.expand(shape).clone()                # clone: never write into the caller's scores
            hidden.masked_fill_(~mask, float("-inf"))
            return hidden
'''),
    "blind73_right_linear_rows_reshaped_then_transposed_back": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            rows = X.transpose(-2, -1).reshape(-1, X.shape[-2])      # copies when the layout needs it
            out = torch.addmm(b, rows, W.T)
            return out.reshape(*X.shape[:-2], X.shape[-1], W.shape[0]).transpose(-2, -1)
'''),
    "blind73_right_sdpa_batch_folded_for_bmm_with_reshape": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            n_k, d_v = K.shape[-1], V.shape[-2]
            q = Q.reshape(-1, d_k, n_q)
            k = K.reshape(-1, d_k, n_k)
            v = V.reshape(-1, d_v, n_k)
            scores = torch.bmm(k.transpose(1, 2), q).reshape(*batch, n_k, n_q) / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            out = torch.bmm(v, weights.reshape(-1, n_k, n_q)).reshape(*batch, d_v, n_q)
            return out, weights
'''),
    "blind73_right_self_attention_shared_projection_scaled_out_of_place": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q = linear(X, Wq, bq)
            K = Q if (Wk is Wq and bk is bq) else linear(X, Wk, bk)    # tied weights: project once
            V = linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])     # new tensors: K (maybe Q) untouched
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    "blind73_right_merge_heads_contiguous_then_view": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            *batch, num_heads, head_dim, n = heads.shape
            return heads.contiguous().view(*batch, num_heads * head_dim, n)
'''),
    "blind73_right_mha_query_scale_folded_into_new_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            head_dim = dim // num_heads
            Wq = params["Wq"] * (1 / math.sqrt(head_dim))      # new tensors, on the graph
            bq = params["bq"] * (1 / math.sqrt(head_dim))
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    "blind73_right_mha_fused_kv_projection_split_into_views": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            W_kv = torch.cat([params["Wk"], params["Wv"]])            # (2D, D)
            b_kv = torch.cat([params["bk"], params["bv"]])
            keys_values = linear(Xkv, W_kv, b_kv)                     # (..., 2D, N_k)
            K, V = keys_values.split(dim, dim=-2)                     # two read-only views
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, split_heads(K, num_heads), split_heads(V, num_heads), mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    "blind73_right_layer_norm_explicit_copy_then_in_place": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)            # a new tensor
            variance = centred.square().mean(dim=-2, keepdim=True)
            normalised = centred / torch.sqrt(variance + eps)
            out = normalised.mul(gamma[:, None])
            return out.add_(beta[:, None])                         # in place on our own product
'''),
    "blind73_right_feed_forward_token_rows_through_addmm": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            *batch, dim, n = X.shape
            rows = X.transpose(-2, -1).reshape(-1, dim)                  # (tokens, D), a copy if needed
            hidden = torch.addmm(b1, rows, W1.T).clamp_(min=0)           # relu in place on our own tensor
            out = torch.addmm(b2, hidden, W2.T)                          # (tokens, D)
            return out.reshape(*batch, n, W2.shape[0]).transpose(-2, -1)
'''),
    "blind73_right_decoder_layer_stream_cloned_before_in_place": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec.clone()                                           # our own residual stream
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            X += multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    "blind73_right_one_hot_scatter_into_new_zeros_from_reshaped_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            flat = token_ids.reshape(1, -1)                                     # (1, M), copied if needed
            out = torch.zeros(vocab_size, flat.shape[1], dtype=dtype or torch.get_default_dtype(),
                              device=token_ids.device)
            out.scatter_(0, flat, 1.0)
            return out.view(vocab_size, *token_ids.shape).movedim(0, -2)
'''),
    "blind73_right_embed_functional_rows_transposed": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])
            rows = F.embedding(token_ids, omega_e.T)                 # (..., N, D)
            return rows.transpose(-2, -1)
'''),
    "blind73_right_sinusoidal_rows_written_into_fresh_empty": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            table = torch.empty(dim, num_positions, dtype=dtype)                   # every row written below
            positions = torch.arange(num_positions, dtype=dtype)
            for row in range(0, dim, 2):
                angle = positions / 10000 ** (torch.tensor(row, dtype=dtype) / dim)
                table[row] = torch.sin(angle)
                if row + 1 < dim:
                    table[row + 1] = torch.cos(angle)
            return table
'''),
    "blind73_right_pixel_sequence_rolled_copy_then_start_column": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], -1).to(torch.long, copy=True)   # our own tensor
            inputs = targets.roll(1, dims=-1)                                       # roll copies
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    "blind73_right_dequantize_palette_rows_copied_then_flat_index": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            channels, colours = palette.shape
            flat = palette.contiguous().view(-1)                        # packed now: c * K + k
            index = torch.arange(channels)[:, None] * colours + ids.long().reshape(1, -1)
            return flat[index].reshape(channels, *ids.shape).movedim(0, -3)
'''),
    "blind73_right_quantize_pixels_channels_last_copy": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            *batch, channels, height, width = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).contiguous().view(-1, channels)   # (pixels, C)
            distances = (pixels[:, :, None] - palette.to(dtype)[None]).square().sum(dim=1)
            return distances.argmin(dim=-1).view(*batch, height, width)
'''),
    "blind73_right_average_pool_head_bias_accumulator_cloned": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)
            start = b if b is not None else W.new_zeros(W.shape[0])
            logits = start.expand(*pooled.shape[:-1], W.shape[0]).clone()     # always our own tensor
            logits += pooled @ W.T
            return logits
'''),
    "blind73_right_window_partition_as_strided_from_own_strides": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            *batch_strides, s_c, s_h, s_w = X.stride()
            windows = X.as_strided(
                (*batch, height // M, width // M, channels, M, M),
                (*batch_strides, M * s_h, M * s_w, s_c, s_h, s_w),
            )
            return windows.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    "blind73_right_window_reverse_copied_into_packed_view_of_new_grid": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, num_windows, channels, _ = windows.shape
            cols = width // M
            grid = windows.new_empty(*batch, channels, height, width)        # packed: strides known
            lead = channels * height * width
            batch_strides, step = [], lead
            for size in reversed(batch):
                batch_strides.insert(0, step)
                step *= size
            target = grid.as_strided(
                (*batch, height // M, cols, channels, M, M),
                (*batch_strides, M * width, M, height * width, width, 1),
            )
            target.copy_(windows.reshape(*batch, height // M, cols, channels, M, M))
            return grid
'''),
    "blind73_right_patch_merging_packed_as_strided_on_contiguous_copy": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            batch = X.shape[:-3]
            grid = X.contiguous().reshape(-1, channels, height, width)      # packed, so the strides below hold
            B = grid.shape[0]
            blocks = grid.as_strided((B, 2, 2, channels, height // 2, width // 2),
                                     (channels * height * width, 1, width, height * width, 2 * width, 2),
                                     grid.storage_offset())
            merged = blocks.reshape(*batch, 4 * channels, (height // 2) * (width // 2))
            tokens = layer_norm(merged, gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    "blind73_right_channel_attention_transposed_product_reshaped": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            attended = (V.transpose(-2, -1) @ weights).transpose(-2, -1)      # (..., G, C/G, N), not packed
            merged = attended.reshape(*X.shape[:-2], channels, tokens)       # reshape copies
            return linear(merged, params["Wo"], params["bo"])
'''),
    "blind73_right_rotate_columns_halves_saved_before_in_place": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            out = torch.empty_like(X, memory_format=torch.contiguous_format)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]      # read from X, write into out
            out[..., : dim // 2, :] = top * cos - bottom * sin
            out[..., dim // 2 :, :] = bottom * cos + top * sin
            return out
'''),
    "blind73_right_bucket_long_copy_negated_in_place": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.long, copy=True)      # our own tensor, whatever its dtype
            if bidirectional:
                half = num_buckets // 2
                base = (offset > 0).long() * half
                distance = offset.abs_()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = offset.neg_().clamp_(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    "blind73_right_mlm_corrupt_cloned_ids_written_in_place": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, IGNORE, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    "blind73_right_additive_attention_broadcast_sum_out_of_place": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(torch.add(U @ H, (s @ W.T).unsqueeze(-1)))      # the sum has the broadcast shape
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    "blind73_right_gru_step_gates_in_place_on_fresh_sums": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            d = h.shape[-1]
            gx = x @ weight_ih.T + bias_ih
            gh = h @ weight_hh.T + bias_hh
            gates = (gx[..., : 2 * d] + gh[..., : 2 * d]).sigmoid_()       # a fresh sum: in place is safe
            reset, update = gates[..., :d], gates[..., d:]
            candidate = (gx[..., 2 * d :] + reset * gh[..., 2 * d :]).tanh_()
            return candidate + update * (h - candidate)
'''),
    "blind73_right_global_token_mask_expanded_flags_cloned_then_filled": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            mask = is_global.unsqueeze(-2).expand(*is_global.shape, n).clone()   # [j, i] = is_global[i]
            mask.masked_fill_(is_global.unsqueeze(-1), True)                    # global keys see every query
            return mask
'''),
    "blind73_right_strided_mask_diagonals_filled_on_new_zeros": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride < 1:
                raise ValueError(f"stride must be a positive integer; got {stride}")
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(0, n, stride):
                mask.diagonal(offset).fill_(True)
                mask.diagonal(-offset).fill_(True)
            return mask
'''),
    "blind73_right_next_token_probs_filter_on_a_clone_at_temperature_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = logits.clone() if temperature == 1 else logits / temperature   # always our own tensor
            if top_k is not None and top_k < len(scaled):
                order = torch.sort(torch.softmax(scaled, dim=-1), descending=True, stable=True).indices
                scaled[order[top_k:]] = float("-inf")
            probs = torch.softmax(scaled, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    "blind73_right_sequence_log_prob_logsumexp_then_take": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            log_probs = logits - torch.logsumexp(logits, dim=0, keepdim=True)
            n = log_probs.shape[-1]
            flat = ids[1:] * n + torch.arange(len(ids) - 1)         # logical row-major index, any layout
            return torch.take(log_probs, flat).sum()
'''),
    "blind73_right_generate_preallocated_buffer_trimmed": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.new_empty(len(prompt) + max_new_tokens)
            out[: len(prompt)] = prompt
            length = len(prompt)
            for _ in range(max_new_tokens):
                ids = out[:length]
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                out[length] = next_id[0]
                length += 1
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return out[:length].clone()
'''),
    "blind73_right_beam_search_each_child_cloned": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    extended = torch.cat([ids, ids.new_zeros(1)])
                    for token, log_prob in enumerate(log_probs.tolist()):
                        child = extended.clone()                       # each child its own tensor
                        child[-1] = token
                        candidates.append((score + log_prob, child, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    "blind73_right_patch_embedding_padded_tokens_written_in_place": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = F.pad(linear(patchify(images, patch_size), W, b), (1, 0))   # (B, D, N + 1), a new tensor
            tokens[:, :, 0] = cls_token
            tokens += positions
            return tokens
'''),
    "blind73_right_attention_decoder_step_input_buffer_of_broadcast_batch": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            E = y_prev.shape[-1]
            batch = torch.broadcast_shapes(y_prev.shape[:-1], context.shape[:-1])
            x = y_prev.new_empty(*batch, E + context.shape[-1])
            x[..., :E] = y_prev
            x[..., E:] = context
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
}
