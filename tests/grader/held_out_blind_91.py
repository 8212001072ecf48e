"""Ninety-second blind batch of held-out implementations (prefix blind91_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_90.py) were only skimmed for their entry names, emphases and header style. Nothing
else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written
at the same time (held_out_blind_92.py, held_out_blind_93.py). One accident: an `ls` of tests/grader/ listed that
directory's file names (the test_*.py files and the cheats/ folder among them); none of them was opened.

Emphasis: the calling context. Every wrong entry is right when called plainly (float32 inputs under the float32
default, grad mode on, plain leaf tensors, a fresh call) and wrong when the same allowed call is made in another
context a caller may use. Under torch.no_grad(): "inference fast paths" with a slip (torch.softmax's NaN columns,
F.layer_norm without eps, torch's fused attention given an untransposed enc_mask, Tensor.unfold patches without the
permute, a transposed-table lookup that only fits 1-D ids, addmm / addmv / gru_cell kernels that take one shape only,
float32 channel attention for float64 inputs, U h cached by shape for the "same grid every step", a pre-LN residual
added in place into the caller's X) and retain_grad guarded by an input's requires_grad. Under torch.inference_mode():
heads in worker threads (grad and inference mode are thread-local, so the workers save inference tensors for backward)
and a version-counter self-check on inference tensors. Inputs that require grad while weights do not, or the reverse,
or that are non-leaf or nn.Parameters: autograd gated on one input (self_attention's X, patch_embedding's images,
cross_attention's X_dec), "frozen" blocks switched to no_grad on their own weights or on the self-attention's Wq
(feed_forward, decoder_layer), a non-leaf X centred in place (layer_norm, wrong inside a pre-LN layer), truncated BPTT
on a non-leaf state, deepcopy of params (gradients to copies, non-leaf weights raise), an exact `type(W) is Tensor`
check copying Parameters, .numpy() on tracked images or logits, index_select(out=) on a tracked palette. Under
torch.set_default_dtype(torch.float64): default-dtype mask biases, fills, zeros and accumulators (sdpa, additive
attention, next_token_probs, sequence_log_prob), T5's log ratio taken in the default dtype, and generate running the
caller's model under a float64 default it set itself. Randomness: a private generator from torch.initial_seed()
(two calls after torch.manual_seed repeat), Generator.seed() mistaken for a getter (reseeds the caller's stream).
Models: a Module given in eval mode returned in training mode, model.training read from a plain-function model,
grad forced on around the caller's model. Python ints for floats: Hugging Face's isinstance(temperature, float)
check, Hugging Face's torch.full(shape, mask_prob) that makes an int probability a LongTensor. Called from another
graded function: multi_head_attention refusing the layer's full params dict, an F.unfold window_partition that
shifted_window_mask's integer label image breaks. Identity: self-attention detected by data_ptr (a query slice of the
keys' tensor passes), a tied Wq/Wk shortcut that forgets bk. Right entries depend on the context harmlessly:
in-place work only on fresh tensors and only without a graph (softmax_cols, feed_forward, pre-LN stream), fused
kernels only where they apply (addmm for 2-D, gru_cell for matching batches, F.unfold for float images, F.layer_norm
with eps, torch's fused attention with the mask transposed), worker threads that carry grad and inference mode,
checkpointing only with grad on, .detach() before NumPy (next_token_probs, beam_search, quantize_pixels), out= only
without a graph, identity shortcuts that check every tensor involved (Q is K, tied K/V with biases, Xq is Xkv, W is
U, Wq/Wk with biases, shared rotary tables), float(mask_prob) and float(temperature), explicit float32 for T5's log,
integer positions and float64 angles, a version check that skips inference tensors, a Python RNG seeded by one draw
from the caller's generator, and autograd switched off only when nothing at all requires grad.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind91/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (41 of the 43 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry, in the context the comment names and plainly, and both results printed; each differs as its
comment says and agrees when called plainly (the composite cases through the scratch package's own transformer_layer,
shifted_window_mask, self_attention and attention_decoder_step). Right entries were compared with the model answer on
60 random inputs per dtype (float32, float64) under each default dtype, with 0-2 batch axes and edge sizes, in three
contexts each (grad on, torch.no_grad(), torch.inference_mode() with inference-tensor inputs): values to 1e-4 / 1e-9,
dtypes and shapes exactly, ValueErrors matched, inputs unchanged, no graph under no_grad; gradients of every
floating-point input to 1e-3 / 1e-7 twice, once with every input a leaf requiring grad and once with a random subset
requiring grad and passed as non-leaf tensors. The cases include masks of every broadcast shape with fully hidden
queries, the same object passed twice (Q and K, Xq and Xkv, Wk and Wv with and without bk is bv, W and U, Wq and Wk
with and without bq is bk, positions_q and positions_k), D not divisible by H, eps given, layer_norm at 1000x scale and
D = 1, int temperatures and top_p, top_k beyond V, rounded logits for ties, beam search with eos 0 / 1 / V-1, int
rotary bases, odd D, T5 buckets for odd counts and the boundary-sensitive sizes, uint8 / int32 ids, odd patchify sides.
The helpers linear and gru_step were also checked through self_attention and attention_decoder_step; the
threaded multi_head_attention also under inference mode with weights requiring grad. mlm_corrupt was checked by its
invariants and frequencies on about 200 000 positions (lists, tuples, tensors and empty specials; mask_prob 0.15, 0.5,
0 and 1 as ints; int32 ids), reproducible with one seed, advancing the generator, and reproducible after
torch.manual_seed without one; nsp_pairs by its pair frequencies over 20 000 calls against the exact probabilities
(largest z-score 2.2 over about 30 outcomes), reproducible with one seed, different on the next call, the one-document
ValueError, sentences returned as the same objects, tuples of documents, and torch.manual_seed without a generator.

Judgement calls: blind91_mha_params_must_hold_exactly_eight_keys is wrong because the model answer's transformer_layer
(as the contract's "params = the attention keys of multihead plus ...") passes its whole dict to multi_head_attention;
a caller calling multi_head_attention directly with the eight keys gets the right result. blind91_window_partition_
unfold_float_only is wrong on integer grids, which the contract's window_partition does not exclude and which
shifted_window_mask's own hint partitions; on float grids it is right. blind91_generate_runs_model_under_float64_default
restores the default dtype, so it leaves the global settings as it found them; I count it wrong because the caller's
model (which generate must call as given) runs under a setting the caller did not choose, and a model built on
sinusoidal_positions breaks. blind91_transformer_layer_in_place_residual_when_grad_is_off returns the right values and
is wrong only by changing the caller's X under no_grad. blind91_sequence_log_prob_forces_grad_on returns the right value
and is wrong by building a graph (and running the caller's model with autograd on) under the caller's no_grad, which
the contract says must stay on. blind91_layer_norm_centres_non_leaf_input_in_place is right on every call of its own
and wrong where a caller reuses the non-leaf tensor it passed, as the pre-LN layer does with autograd on.
blind91_beam_search_assumes_module_for_eval_mode also calls a Module in eval mode rather than as given; its clear
failure is the plain-function model. The right nsp_pairs entry draws one seed from the generator even when there is
no pair to make; the contract fixes the distribution and that the stream advances, not the number of draws. The right
patchify entry keeps the reshape path for integer or empty images under no_grad (F.unfold has float kernels only). A
rotary_embedding wrong entry (default positions in the default dtype) was dropped: the form that shows the bug also
computes float32 angles plainly, which is not clearly wrong at float32 accuracy.

Counts: 43 wrong, 27 right.
Wrong per function: {'additive_attention': 2, 'attention_decoder_step': 1, 'average_pool_head': 2, 'beam_search': 2, 'channel_attention': 2, 'cross_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 3, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 2, 'linear': 1, 'mlm_corrupt': 1, 'multi_head_attention': 3, 'next_token_probs': 2, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 2, 'softmax_cols': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'grid_attention': 1, 'gru_step': 1, 'layer_norm': 1, 'linear': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'transformer_layer': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_91 = {
    # ------------------------------------------------------------------ softmax
    # An "inference fast path": with grad mode off it returns torch.softmax(scores, dim=-2), which turns an all -inf
    # column into NaN. Under torch.no_grad(), scores [[-inf, 0], [-inf, 1]]: model column 0 [0, 0], entry [nan, nan];
    # with grad on both give [0, 0]. Passes the visible tests.
    "blind91_softmax_cols_fused_kernel_when_grad_is_off": ("softmax", "softmax_cols", '''
        def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return torch.softmax(scores, dim=-2)  # no graph to keep at inference: torch's fused kernel
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # ------------------------------------------------------------------ attention
    # The mask becomes an additive bias made with torch.zeros(mask.shape), in the default dtype. Under the float32
    # default it is exact for both input dtypes; under torch.set_default_dtype(torch.float64) float32 scores are
    # promoted and V @ weights mixes float32 and float64. float32 Q, K, V (2, 3), causal mask (3, 3), float64 default:
    # model float32 output, entry RuntimeError (expected m1 and m2 to have the same dtype). Passes the visible
    # tests.
    "blind91_sdpa_mask_bias_in_default_dtype": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(
            Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                bias = torch.zeros(mask.shape).masked_fill(~mask, float("-inf"))  # 0 where visible, -inf hidden
                scores = scores + bias
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Autograd is switched on only when X requires grad ("a data batch needs no graph"), so weights that require
    # grad get none when X is plain data, as in a first layer. X (4, 3) plain, Wq, bq, ... requiring grad,
    # output.sum().backward(): model Wq.grad a (4, 4) tensor, entry RuntimeError (output does not require grad).
    # Passes the visible tests.
    "blind91_self_attention_graph_only_if_input_requires_grad": ("attention", "self_attention", '''
        def self_attention(
            X: torch.Tensor,
            Wq: torch.Tensor,
            bq: torch.Tensor,
            Wk: torch.Tensor,
            bk: torch.Tensor,
            Wv: torch.Tensor,
            bv: torch.Tensor,
            mask: torch.Tensor | None = None,
        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            with torch.set_grad_enabled(torch.is_grad_enabled() and X.requires_grad):
                Q = linear(X, Wq, bq)
                K = linear(X, Wk, bk)
                V = linear(X, Wv, bv)
                return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # linear (graded through self_attention) uses torch.addmm when grad mode is off, which takes 2-D matrices only:
    # a batched X under torch.no_grad() crashes. self_attention(X (2, 4, 3), ...) under no_grad: model output
    # (2, 4, 3), entry RuntimeError (mat2 must be a matrix); with grad on both agree. Passes the visible tests.
    "blind91_linear_addmm_when_grad_is_off": ("attention", "linear", '''
        def linear(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return torch.addmm(b[:, None], W, X)  # fused bias + product at inference
            return W @ X + b[:, None]
'''),
    # ------------------------------------------------------------------ multihead
    # A strict check that params holds exactly the eight attention keys. transformer_layer (the model answer's,
    # like the capstone's layers) passes its whole dict, W1 ... beta2 included, so every layer raises.
    # transformer_layer(X (4, 3), full params, 2): model (4, 3) output, entry ValueError. Passes the visible tests.
    "blind91_mha_params_must_hold_exactly_eight_keys": ("multihead", "multi_head_attention", '''
        def multi_head_attention(
            Xq: torch.Tensor,
            Xkv: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            expected = {"Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"}
            if set(params) != expected:
                raise ValueError(f"params must hold exactly {sorted(expected)}, got {sorted(params)}")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Self-attention is detected by Xq.data_ptr() == Xkv.data_ptr() and takes a fused QKV projection of Xq. A query
    # block that is a leading slice of the keys' tensor (Xq = X[..., :2], Xkv = X) shares the data pointer, so its
    # keys and values come from the 2 query tokens only. X (4, 5), 2 heads: model and entry differ (max diff ~5.9);
    # Xq = X[..., :2].clone() agrees. Passes the visible tests.
    "blind91_mha_self_attention_detected_by_data_pointer": ("multihead", "multi_head_attention", '''
        def multi_head_attention(
            Xq: torch.Tensor,
            Xkv: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if Xq.data_ptr() == Xkv.data_ptr():  # self-attention: one fused projection for Q, K and V
                W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
                b = torch.cat([params["bq"], params["bk"], params["bv"]])
                q, k, v = linear(Xq, W, b).chunk(3, dim=-2)
            else:
                q = linear(Xq, params["Wq"], params["bq"])
                k = linear(Xkv, params["Wk"], params["bk"])
                v = linear(Xkv, params["Wv"], params["bv"])
            Q, K, V = (split_heads(t, num_heads) for t in (q, k, v))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Heads run in a ThreadPoolExecutor, each projecting its own rows. Grad mode and inference mode are
    # thread-local: the workers run with autograd on whatever the caller set. Under torch.inference_mode() with
    # inference-tensor inputs and weights that require grad (a trained model serving), the workers try to save
    # inference tensors for backward: model (4, 3) output, entry RuntimeError. Passes the visible tests.
    "blind91_mha_heads_in_worker_threads_lose_grad_mode": ("multihead", "multi_head_attention", '''
        def multi_head_attention(
            Xq: torch.Tensor,
            Xkv: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            from concurrent.futures import ThreadPoolExecutor
            width = Xq.shape[-2] // num_heads
            def head(h):
                rows = slice(h * width, (h + 1) * width)
                q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                k = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                v = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                out, _ = scaled_dot_product_attention(q, k, v, mask)
                return out
            with ThreadPoolExecutor(max_workers=min(num_heads, 4)) as pool:
                heads = list(pool.map(head, range(num_heads)))
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ cross_attention
    # With grad off it takes torch's fused F.scaled_dot_product_attention, heads as a batch axis and tokens as
    # rows, but passes enc_mask without transposing it to torch's (N_d, N_e) layout. Square case under no_grad:
    # X_dec, X_enc (2, 4, 3), padding mask of lengths [2, 3] (2, 3, 1): entry hides query 2 of sequence 0 instead of
    # key 2 (max diff ~10.8); with grad on both agree. Passes the visible tests.
    "blind91_cross_attention_fused_path_mask_not_transposed": ("cross_attention", "cross_attention", '''
        def cross_attention(
            X_dec: torch.Tensor,
            X_enc: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            enc_mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if torch.is_grad_enabled():
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            from .attention import linear
            from .multihead import merge_heads, split_heads
            # inference: torch's fused kernel wants rows as tokens, heads as a batch axis
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads).transpose(-2, -1)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads).transpose(-2, -1)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads).transpose(-2, -1)
            attn_mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask).transpose(-2, -1)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Autograd is switched on only when the decoder side requires grad ("the queries drive the step"): an encoder
    # that trains while the decoder input is plain data (teacher-forced embeddings from a frozen table) gets no
    # gradient. X_dec (4, 2) plain, X_enc (4, 3) requiring grad: model X_enc.grad (4, 3), entry RuntimeError on
    # backward. Passes the visible tests.
    "blind91_cross_attention_graph_follows_decoder_input_only": ("cross_attention", "cross_attention", '''
        def cross_attention(
            X_dec: torch.Tensor,
            X_enc: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            enc_mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            with torch.set_grad_enabled(torch.is_grad_enabled() and X_dec.requires_grad):
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The self-attention is looked at to decide whether the layer is frozen: if params["self_attn"]["Wq"] needs no
    # grad the whole layer runs without autograd. A decoder whose self-attention is frozen while its cross-attention,
    # norms and FFN are fine-tuned gets no gradients at all. Frozen self_attn, everything else requiring grad:
    # model params["W1"].grad a tensor, entry RuntimeError on backward. Passes the visible tests.
    "blind91_decoder_layer_frozen_if_self_attention_is": ("cross_attention", "decoder_layer", '''
        def decoder_layer(
            X_dec: torch.Tensor,
            X_enc: torch.Tensor,
            params: dict,
            num_heads: int,
            enc_mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            frozen = not params["self_attn"]["Wq"].requires_grad
            with torch.set_grad_enabled(torch.is_grad_enabled() and not frozen):
                X = X_dec
                self_mask = causal_mask(X.shape[-1]).to(X.device)
                attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
                X = layer_norm(X + attended, params["gamma1"], params["beta1"])
                read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
                X = layer_norm(X + read, params["gamma2"], params["beta2"])
                thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # With grad off it calls F.layer_norm on the transposed tokens but forgets to pass eps, so the default 1e-5 is
    # used whatever the caller asked. layer_norm(X (3, 2), ones, zeros, eps=0.1) under no_grad, X columns [0, 1, 2]
    # and [1, 1, 4]: model column 0 [-1.1421, 0, 1.1421], entry [-1.2247, 0, 1.2247]. Passes the visible tests.
    "blind91_layer_norm_fused_path_drops_eps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return F.layer_norm(X.transpose(-1, -2), (X.shape[-2],), gamma, beta).transpose(-1, -2)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # A non-leaf X ("an intermediate activation, nobody else needs it") is centred in place to save memory. In a
    # pre-LN layer with autograd on, LN2's input is the residual stream X + MHA(LN1(X)), a non-leaf that is then
    # added to the FFN's output already centred. transformer_layer(X (4, 3) requiring grad, params, 2,
    # norm_first=True): max diff ~3.3; with nothing requiring grad they agree. Passes the visible tests.
    "blind91_layer_norm_centres_non_leaf_input_in_place": ("transformer_layer", "layer_norm", '''
        def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            centred = X.sub_(mean) if X.grad_fn is not None else X - mean  # reuse an intermediate's memory
            variance = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # A block whose four weights need no grad is treated as frozen and run under no_grad, which also cuts the
    # gradient to X: a frozen FFN inside a model whose earlier layers train passes nothing back. X (4, 3) requiring
    # grad, plain W1, b1, W2, b2: model X.grad (4, 3), entry RuntimeError on backward. Passes the visible tests.
    "blind91_feed_forward_frozen_weights_cut_input_gradient": ("transformer_layer", "feed_forward", '''
        def feed_forward(
            X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
        ) -> torch.Tensor:
            # (the stub's input checks)
            frozen = not any(t.requires_grad for t in (W1, b1, W2, b2))
            with torch.set_grad_enabled(torch.is_grad_enabled() and not frozen):
                hidden = torch.relu(linear(X, W1, b1))
                return linear(hidden, W2, b2)
'''),
    # params is deep-copied "so the caller's dict is never touched". Leaf weights that require grad are copied into
    # new leaves, so the caller's tensors get no gradient; non-leaf weights (tied or merged LoRA weights) make
    # deepcopy raise. Leaf params requiring grad, output.sum().backward(): model params["Wq"].grad a (4, 4) tensor,
    # entry None; params["W1"] = W1 * 1: entry RuntimeError. Passes the visible tests.
    "blind91_transformer_layer_deep_copies_params": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(
            X: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
            norm_first: bool = False,
        ) -> torch.Tensor:
            # (the stub's input checks)
            import copy
            params = copy.deepcopy(params)  # never touch the caller's dict
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # With grad off the pre-LN residual stream is accumulated in place (X += ...), so the caller's X is changed
    # under torch.no_grad() (and an expanded X raises). Pre-LN, X (4, 3) under no_grad: both return the same
    # output, but afterwards the caller's X equals it (model: X unchanged). Passes the visible tests.
    "blind91_transformer_layer_in_place_residual_when_grad_is_off": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(
            X: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
            norm_first: bool = False,
        ) -> torch.Tensor:
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                if torch.is_grad_enabled():
                    X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                    return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
                X += attend(layer_norm(X, params["gamma1"], params["beta1"]))  # no graph: update the stream in place
                X += think(layer_norm(X, params["gamma2"], params["beta2"]))
                return X
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ sampling
    # Hugging Face's TemperatureLogitsWarper check ported: a temperature that is not a float raises, so an int the
    # contract allows (temperature=2) is refused; 0 is let through for greedy. next_token_probs([2., 1., 0.],
    # temperature=2): model [0.5065, 0.3072, 0.1863], entry ValueError. Passes the visible tests.
    "blind91_next_token_probs_temperature_must_be_a_float": ("sampling", "next_token_probs", '''
        def next_token_probs(
            logits: torch.Tensor,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if temperature != 0 and not isinstance(temperature, float):
                raise ValueError(f"`temperature` (={temperature}) has to be a strictly positive float")
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
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
    # top-k and top-p masks are filled with torch.zeros(probs.shape), in the default dtype: right under the float32
    # default for both dtypes, but under torch.set_default_dtype(torch.float64) float32 logits come back float64.
    # next_token_probs(float32 [2., 1., 0.], top_k=2), float64 default: model float32, entry float64. Passes the
    # visible tests.
    "blind91_next_token_probs_filters_fill_default_dtype_zeros": ("sampling", "next_token_probs", '''
        def next_token_probs(
            logits: torch.Tensor,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros(probs.shape, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, torch.zeros(probs.shape))
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros(probs.shape, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, torch.zeros(probs.shape))
            return probs / probs.sum()
'''),
    # A torch.nn.Module model is put in eval mode for sampling and "back" in training mode afterwards, whatever mode
    # it came in: a model given in eval mode (a validation loop) comes back training. nn.Module model in eval():
    # model.training after generate: model answer False, entry True. Passes the visible tests.
    "blind91_generate_puts_module_back_in_training_mode": ("sampling", "generate", '''
        def generate(
            model: Model,
            prompt: torch.Tensor,
            max_new_tokens: int,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
            eos_id: int | None = None,
            generator: torch.Generator | None = None,
            context_size: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            is_module = isinstance(model, torch.nn.Module)
            if is_module:
                model.eval()  # no dropout while sampling
            try:
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    logits = model(context)[:, -1]
                    probs = next_token_probs(logits, temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
                return ids
            finally:
                if is_module:
                    model.train()
'''),
    # Without a generator it makes a private one seeded with torch.initial_seed() ("reproducible after
    # torch.manual_seed"), so the global stream never advances: two calls in a row after torch.manual_seed(0) draw
    # the same tokens. The first call equals the model answer's. Uniform 5-token model, 8 new tokens, two calls:
    # model two different sequences, entry the same sequence twice. Passes the visible tests.
    "blind91_generate_private_stream_from_global_seed": ("sampling", "generate", '''
        def generate(
            model: Model,
            prompt: torch.Tensor,
            max_new_tokens: int,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
            eos_id: int | None = None,
            generator: torch.Generator | None = None,
            context_size: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if generator is None:
                generator = torch.Generator().manual_seed(torch.initial_seed())  # reproducible after manual_seed
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The default dtype is set to float64 around the loop ("accurate probabilities") and restored in a finally, but
    # the caller's model runs inside: a model that builds a table in the default dtype (sinusoidal_positions) and
    # mixes it with float32 weights breaks. Such a model, 3 new tokens: model answer ids (5,), entry RuntimeError
    # (float32 @ float64). Default dtype after the call: float32 for both. Passes the visible tests.
    "blind91_generate_runs_model_under_float64_default": ("sampling", "generate", '''
        def generate(
            model: Model,
            prompt: torch.Tensor,
            max_new_tokens: int,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
            eos_id: int | None = None,
            generator: torch.Generator | None = None,
            context_size: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            previous = torch.get_default_dtype()
            torch.set_default_dtype(torch.float64)  # accurate probabilities for the draws
            try:
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    logits = model(context)[:, -1]
                    probs = next_token_probs(logits, temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
                return ids
            finally:
                torch.set_default_dtype(previous)
'''),
    # The sum starts from torch.zeros(()) in the default dtype: under the float32 default a float32 or float64
    # model gives its own dtype (0-d promotion), but under torch.set_default_dtype(torch.float64) a float32 model's
    # score comes back float64. float32 model, ids [0, 1, 2], float64 default: model float32, entry float64. Passes
    # the visible tests.
    "blind91_sequence_log_prob_default_dtype_accumulator": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = torch.zeros(())
            for n in range(1, len(ids)):
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # The score is computed under torch.enable_grad() "so that a caller can always backpropagate it" (REINFORCE):
    # under a caller's torch.no_grad() the caller's model runs with autograd on and the result carries a graph.
    # Model with a weight requiring grad, under no_grad: model answer requires_grad False, entry True. Passes the
    # visible tests.
    "blind91_sequence_log_prob_forces_grad_on": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            with torch.enable_grad():  # a score is meant to be backpropagated
                log_probs = torch.log_softmax(model(ids), dim=0)
                return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # Candidates are ranked with NumPy (np.argsort(kind="stable")) on log-probabilities taken with .numpy(), which
    # raises for a model whose logits require grad (a trained nn.Module called outside no_grad). Module with a
    # weight requiring grad, beam 2, 2 steps: model answer a sequence, entry RuntimeError (Can't call numpy() on
    # Tensor that requires grad); plain models agree. Passes the visible tests.
    "blind91_beam_search_numpy_ranking_of_tracked_logits": ("sampling", "beam_search", '''
        def beam_search(
            model: Model,
            prompt: torch.Tensor,
            beam_width: int,
            max_new_tokens: int,
            eos_id: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            import numpy as np
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                scores, sequences, finished = [], [], []
                for score, ids, done in beams:
                    if done:
                        scores.append(score); sequences.append(ids); finished.append(True)
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).numpy()
                    for token in range(len(log_probs)):
                        scores.append(score + float(log_probs[token]))
                        sequences.append(torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]))
                        finished.append(token == eos_id)
                order = np.argsort(-np.asarray(scores), kind="stable")[:beam_width]
                beams = [(scores[i], sequences[i], finished[i]) for i in order]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # The model is switched to eval mode for the search and its mode restored in a finally, through model.training
    # and model.eval(): a model that is a plain function (a callable, as the contract allows) has neither.
    # beam_search(lambda ids: logits, prompt, 2, 2): model answer a sequence, entry AttributeError; an nn.Module
    # model works. Fails the visible tests.
    "blind91_beam_search_assumes_module_for_eval_mode": ("sampling", "beam_search", '''
        def beam_search(
            model: Model,
            prompt: torch.Tensor,
            beam_width: int,
            max_new_tokens: int,
            eos_id: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            was_training = model.training
            model.eval()  # no dropout while searching
            try:
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
            finally:
                model.train(was_training)
'''),
    # ------------------------------------------------------------------ pretraining
    # Hugging Face's collator ported as is: torch.full(ids.shape, mask_prob) then torch.bernoulli. A mask_prob given
    # as an int (1 or 0, which the contract allows for a float argument) makes a LongTensor that bernoulli refuses.
    # mlm_corrupt(ids (2, 8), 50, [0], 1, generator, mask_prob=1): model every non-special position labelled, entry
    # NotImplementedError ("bernoulli_tensor_cpu_p_" not implemented for 'Long'). Passes the visible tests.
    "blind91_mlm_corrupt_probability_matrix_from_int_mask_prob": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                        generator: torch.Generator | None = None, mask_prob: float = 0.15
                        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            probability = torch.full(ids.shape, mask_prob)
            probability.masked_fill_(torch.isin(ids, special), 0.0)
            chosen = torch.bernoulli(probability, generator=generator).bool()
            replaced = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
            randomised = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & chosen & ~replaced
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(replaced, torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(randomised, random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # A Python random.Random is seeded with generator.seed(), read as "the generator's seed": Generator.seed()
    # reseeds the generator from the OS and returns that new seed. A seeded generator gives different pairs on every
    # run, and the caller's stream is replaced (torch's global one when none is given). Two generators seeded 0, 3
    # documents: model the same pairs twice, entry two different lists. Passes the visible tests.
    "blind91_nsp_pairs_python_rng_from_generator_seed_call": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
            # (the stub's input checks)
            import random
            seed = (generator if generator is not None else torch.default_generator).seed()
            rng = random.Random(seed)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if rng.random() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = rng.randrange(len(documents) - 1)
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[rng.randrange(len(other))], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ patch_embedding
    # With grad off it cuts patches with Tensor.unfold views and reshapes (B, C, H/P, W/P, P, P) straight to
    # (B, C*P*P, N) without moving the grid axes first. images = arange(16).reshape(1, 1, 4, 4), P = 2 under no_grad:
    # model column 0 [0, 1, 4, 5], entry [0, 2, 8, 10]; with grad on both agree. Passes the visible tests.
    "blind91_patchify_unfold_views_when_grad_is_off": ("patch_embedding", "patchify", '''
        def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
            # (the stub's input checks)
            P = patch_size
            if not torch.is_grad_enabled():
                tiles = images.unfold(2, P, P).unfold(3, P, P)  # views, no copy at inference
                return tiles.reshape(batch, channels * P * P, -1)
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Autograd follows the images ("pixels are data: no graph unless they are optimised"), so the projection, the
    # [CLS] token and the positions get no gradient from plain images, the usual ViT case. Plain images (2, 1, 4, 4),
    # P = 2, W, b, cls_token, positions requiring grad: model W.grad (3, 4), entry RuntimeError on backward. Passes
    # the visible tests.
    "blind91_patch_embedding_graph_only_if_images_require_grad": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(
            images: torch.Tensor,
            patch_size: int,
            W: torch.Tensor,
            b: torch.Tensor,
            cls_token: torch.Tensor,
            positions: torch.Tensor,
        ) -> torch.Tensor:
            # (the stub's input checks)
            with torch.set_grad_enabled(torch.is_grad_enabled() and images.requires_grad):
                tokens = linear(patchify(images, patch_size), W, b)
                cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
                return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The weights are kept for alignment plots with weights.retain_grad() whenever s requires grad; under
    # torch.no_grad() (greedy decoding of a trained model, s a tracked state) nothing requires grad and retain_grad
    # raises. s requiring grad, under no_grad: model weights (4,), entry RuntimeError (can't retain_grad on Tensor
    # that has requires_grad=False). Passes the visible tests.
    "blind91_additive_attention_retains_grad_by_state_flag": ("rnn_attention", "additive_attention", '''
        def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                               mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            if s.requires_grad:
                weights.retain_grad()  # keep d loss / d weights for the alignment plots
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The mask is applied with torch.where against torch.full(scores.shape, -inf) in the default dtype: exact under
    # the float32 default, but under torch.set_default_dtype(torch.float64) float32 scores become float64 and
    # H @ weights mixes dtypes. float32 s, H (3, 4), mask [T, T, F, T], float64 default: model float32 weights and
    # context, entry RuntimeError. Passes the visible tests.
    "blind91_additive_attention_mask_fill_in_default_dtype": ("rnn_attention", "additive_attention", '''
        def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                               mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = torch.where(mask, scores, torch.full(scores.shape, float("-inf")))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Truncated backpropagation: a state that already has a graph (s_prev.grad_fn is not None) is detached. A step
    # called with a leaf state, as in a one-step test, is right; in a decoding loop the second step cuts the
    # gradient to the first. Two steps from a leaf s0, loss on the second logits: model s0.grad nonzero, entry None
    # (and W, U, ... miss the first step's share). Passes the visible tests.
    "blind91_decoder_step_detaches_non_leaf_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev: torch.Tensor, y_prev: torch.Tensor, H: torch.Tensor,
                                   params: dict[str, torch.Tensor], mask: torch.Tensor | None = None
                                   ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            if s_prev.grad_fn is not None:
                s_prev = s_prev.detach()  # truncated BPTT: each step's graph starts at its own state
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # gru_step (graded through attention_decoder_step) calls torch.gru_cell when grad is off; that kernel takes a
    # (B, I) batch only, so an unbatched step (s_prev (D_s,), one sequence decoded greedily under no_grad) crashes.
    # attention_decoder_step with s_prev (3,), y_prev (2,), H (4, 5) under no_grad: model s (3,), entry IndexError;
    # with grad on both agree. Passes the visible tests.
    "blind91_gru_step_fused_cell_when_grad_is_off": ("rnn_attention", "gru_step", '''
        def gru_step(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
                     bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return torch.gru_cell(x, h, weight_ih, weight_hh, bias_ih, bias_hh)  # fused kernel at inference
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
'''),
    # With grad off ("captioning at inference attends to the same CNN grid at every step") the projected cells U h
    # are cached in a function attribute keyed by shape and dtype, so a second image of the same size, or another U,
    # gets the first image's keys. Two grids (3, 2, 2) under no_grad: model second weights differ from the first,
    # entry returns scores of the first grid's keys (max diff ~0.3). Passes the visible tests.
    "blind91_grid_attention_keys_cached_at_inference": ("rnn_attention", "grid_attention", '''
        def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                           ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)
            if not torch.is_grad_enabled():
                cache = grid_attention.__dict__.setdefault("_keys", {})
                key = (tuple(cells.shape), cells.dtype)
                if key not in cache:
                    cache[key] = U @ cells  # the grid is the same at every decoding step: project it once
                keys = cache[key]
            else:
                keys = U @ cells
            hidden = torch.tanh(keys + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # ------------------------------------------------------------------ positions
    # The log ratio is computed as torch.log(distance / exact): an int tensor divided by an int is a float tensor in
    # the default dtype, float32 as T5 under the float32 default, float64 under torch.set_default_dtype(float64),
    # where boundary distances land in the other bucket. offsets [-8, 8], num_buckets=18, max_distance=128, float64
    # default: model [5, 14], entry [4, 13]. Passes the visible tests.
    "blind91_bucket_log_ratio_in_default_dtype": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                                     max_distance: int = 128) -> torch.Tensor:
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_ratio = torch.log(distance / exact) / math.log(max_distance / exact)
            far = torch.clamp(exact + (log_ratio * (half - exact)).long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # ------------------------------------------------------------------ imagegpt
    # Nearest colours are found in NumPy (images.numpy()), which raises for images that require grad: the output of
    # a generator network or a VAE quantised inside a training step. images (1, 3, 2, 2) requiring grad: model ids
    # (1, 2, 2), entry RuntimeError (Can't call numpy() on Tensor that requires grad); plain images agree. Passes the
    # visible tests.
    "blind91_quantize_pixels_numpy_of_tracked_images": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).numpy()[..., :, None]  # (..., H, W, C, 1)
            colours = palette.to(dtype).numpy()
            distances = ((pixels - colours) ** 2).sum(axis=-2)
            return torch.from_numpy(distances.argmin(axis=-1)).long()
'''),
    # The colours are gathered with torch.index_select(..., out=buffer) into one preallocated buffer; out= does not
    # support autograd, so a learned palette (requiring grad, grad mode on) raises. ids (2, 2), palette (3, 4)
    # requiring grad: model (3, 2, 2) with a graph, entry RuntimeError (functions with out=... arguments don't
    # support automatic differentiation); under no_grad or with a plain palette they agree. Passes the visible tests.
    "blind91_dequantize_index_select_into_out_buffer": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            flat = ids.reshape(-1).long()
            colours = palette.new_empty(palette.shape[0], flat.numel())
            torch.index_select(palette, 1, flat, out=colours)  # straight into one buffer
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Weights that are not exactly a torch.Tensor are converted with torch.tensor ("accept lists and arrays too");
    # an nn.Parameter (a classifier head's weights) is not exactly a Tensor, so it is copied off the graph.
    # X (4, 3), W = nn.Parameter (2, 4), b = nn.Parameter (2,): model W.grad (2, 4), entry None (and a copy
    # warning). Passes the visible tests.
    "blind91_average_pool_head_exact_type_check_copies_parameters": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
            # (the stub's input checks)
            if type(W) is not torch.Tensor:
                W = torch.tensor(W, dtype=X.dtype)  # lists and arrays are fine too
            if b is not None and type(b) is not torch.Tensor:
                b = torch.tensor(b, dtype=X.dtype)
            pooled = X.mean(dim=-1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # With grad off it uses the fused torch.addmv(b, W, mean): addmv takes one vector, so a batch of images under
    # torch.no_grad() crashes, and so does b=None. X (2, 4, 3) under no_grad: model logits (2, K), entry RuntimeError;
    # with grad on both agree. Passes the visible tests.
    "blind91_average_pool_head_addmv_when_grad_is_off": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
            # (the stub's input checks)
            pooled = X.mean(dim=-1)
            if not torch.is_grad_enabled():
                return torch.addmv(b, W, pooled)  # one fused kernel at inference
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # window_partition cuts windows with F.unfold, which has float kernels only. shifted_window_mask (the model
    # answer's) labels the grid with an integer image and partitions it with this function, so every mask crashes.
    # shifted_window_mask(4, 4, 2, 1): model (4, 4, 4) mask, entry NotImplementedError ("im2col_out_cpu" not
    # implemented for 'Long'); float grids agree. Fails the visible tests.
    "blind91_window_partition_unfold_float_only": ("swin", "window_partition", '''
        def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
            # (the stub's input checks)
            M = window
            flat = X.reshape(-1, channels, height, width)
            columns = F.unfold(flat, kernel_size=M, stride=M)  # (B, C*M*M, nW): each window as (C, p, q)
            num_windows = columns.shape[-1]
            windows = columns.reshape(-1, channels, M * M, num_windows).permute(0, 3, 1, 2)
            return windows.reshape(*batch, num_windows, channels, M * M)
'''),
    # A self-check that the input is left unchanged reads X._version before and after; inference tensors (made under
    # torch.inference_mode(), as a serving loop's inputs are) have no version counter. X made in inference mode,
    # called inside it: model (2*C, H/2, W/2) result, entry RuntimeError (Inference tensors do not track version
    # counter). Passes the visible tests.
    "blind91_patch_merging_version_counter_self_check": ("swin", "patch_merging", '''
        def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                          eps: float = 1e-5) -> torch.Tensor:
            # (the stub's input checks)
            version = X._version  # the contract: the input must be left unchanged
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            out = (W @ tokens).unflatten(-1, (height // 2, width // 2))
            assert X._version == version, "patch_merging modified its input"
            return out
'''),
    # ------------------------------------------------------------------ embeddings
    # With grad off it looks rows up in the transposed table and transposes back with .T, right for ids (N,) only:
    # .T reverses every axis of a batch. omega_e (3, 5), ids (2, 4) under no_grad: model (2, 3, 4), entry (3, 4, 2);
    # with grad on both agree. Passes the visible tests.
    "blind91_embed_transposed_lookup_when_grad_is_off": ("embeddings", "embed", '''
        def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return omega_e.T[token_ids].T  # inference: a plain row lookup
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # ------------------------------------------------------------------ davit
    # A tied query/key projection (params["Wk"] is params["Wq"]) takes a shortcut K = Q, which ignores the key
    # bias: a model that ties Wq and Wk but keeps separate biases gets the query bias twice. Wk = Wq (same object),
    # bk != bq, X (4, 3), 2 groups: model and entry differ (max diff ~0.05); with a copy of Wq they agree. Passes the
    # visible tests.
    "blind91_channel_attention_tied_projection_shortcut_ignores_bias": ("davit", "channel_attention", '''
        def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                              scale: float | None = None) -> torch.Tensor:
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            if params["Wk"] is params["Wq"]:
                K = Q  # shared query/key projection: one product
            else:
                K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # With grad off a float64 input is computed in float32 ("inference needs no float64") and cast back: the right
    # dtype, float32 accuracy. float64 X (4, 3), 2 groups, under no_grad: max difference from the model ~1e-7
    # (model ~1e-16 from a float64 reference); with grad on both agree. Passes the visible tests.
    "blind91_channel_attention_float32_when_grad_is_off": ("davit", "channel_attention", '''
        def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                              scale: float | None = None) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled() and X.dtype == torch.float64:
                fast = {name: tensor.float() for name, tensor in params.items()}
                return channel_attention(X.float(), fast, num_groups, scale).to(X.dtype)  # float32 is plenty
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_91 = {
    # Right: grad mode only picks where the work is done. With a graph to build (grad on and scores tracked) the
    # exponentials are computed out of place; otherwise exp_, masked_fill_ and div_ work in place on the fresh
    # difference scores - max, never on the caller's tensor. Passes the visible tests.
    "blind91_right_softmax_cols_in_place_on_fresh_tensor_without_graph": ("softmax", "softmax_cols", '''
        def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
            if torch.is_grad_enabled() and scores.requires_grad:
                exps = torch.exp(scores - column_max)
                total = exps.sum(dim=-2, keepdim=True)
                return exps / torch.where(total == 0, torch.ones_like(total), total)
            exps = (scores - column_max).exp_()  # a new tensor: safe to overwrite when no graph is kept
            total = exps.sum(dim=-2, keepdim=True)
            total.masked_fill_(total == 0, 1.0)
            return exps.div_(total)
'''),
    # Right: when the same tensor is passed as Q and K (attention without projections), one transposed view serves
    # as the keys; identity only saves a view, the scores are computed as for any K. Passes the visible tests.
    "blind91_right_sdpa_same_tensor_for_queries_and_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(
            Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, mask: torch.Tensor | None = None
        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            d_k = Q.shape[-2]
            keys_t = Q.transpose(-2, -1) if K is Q else K.transpose(-2, -1)
            scores = keys_t @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: tied key and value projections (Wv is Wk and bv is bk, the same objects) share one product; both
    # identities are checked, so separate biases take the general path. Gradients add up through the shared tensor.
    # Passes the visible tests.
    "blind91_right_self_attention_tied_key_value_projection_shared": ("attention", "self_attention", '''
        def self_attention(
            X: torch.Tensor,
            Wq: torch.Tensor,
            bq: torch.Tensor,
            Wk: torch.Tensor,
            bk: torch.Tensor,
            Wv: torch.Tensor,
            bv: torch.Tensor,
            mask: torch.Tensor | None = None,
        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = K if (Wv is Wk and bv is bk) else linear(X, Wv, bv)  # tied projections: one product
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Right: torch.addmm only where it fits (grad off and an unbatched 2-D X); every other call takes W @ X + b.
    # Graded through self_attention. Passes the visible tests.
    "blind91_right_linear_addmm_only_for_unbatched_inputs_without_grad": ("attention", "linear", '''
        def linear(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled() and X.dim() == 2:
                return torch.addmm(b[:, None], W, X)
            return W @ X + b[:, None]
'''),
    # Right: when Xq is Xkv (the same object) Q, K and V come from one fused product of the stacked weights; the mask
    # is used on both paths, and a different object of the same values takes the separate projections. Passes the
    # visible tests.
    "blind91_right_mha_fused_projection_for_the_same_object": ("multihead", "multi_head_attention", '''
        def multi_head_attention(
            Xq: torch.Tensor,
            Xkv: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if Xq is Xkv:
                W = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
                b = torch.cat([params["bq"], params["bk"], params["bv"]])
                q, k, v = linear(Xq, W, b).chunk(3, dim=-2)
            else:
                q = linear(Xq, params["Wq"], params["bq"])
                k = linear(Xkv, params["Wk"], params["bk"])
                v = linear(Xkv, params["Wv"], params["bv"])
            Q, K, V = (split_heads(t, num_heads) for t in (q, k, v))
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: heads in worker threads that take the caller's grad mode and inference mode with them (both are
    # thread-local in torch), so no_grad, inference_mode and training all behave as in the caller's thread. Passes
    # the visible tests.
    "blind91_right_mha_worker_threads_carry_grad_and_inference_mode": ("multihead", "multi_head_attention", '''
        def multi_head_attention(
            Xq: torch.Tensor,
            Xkv: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            from concurrent.futures import ThreadPoolExecutor
            grad_mode = torch.is_grad_enabled()
            inference = torch.is_inference_mode_enabled()
            width = Xq.shape[-2] // num_heads
            def head(h):
                with torch.inference_mode(inference), torch.set_grad_enabled(grad_mode):
                    rows = slice(h * width, (h + 1) * width)
                    q = linear(Xq, params["Wq"][rows], params["bq"][rows])
                    k = linear(Xkv, params["Wk"][rows], params["bk"][rows])
                    v = linear(Xkv, params["Wv"][rows], params["bv"][rows])
                    out, _ = scaled_dot_product_attention(q, k, v, mask)
                    return out
            with ThreadPoolExecutor(max_workers=min(num_heads, 4)) as pool:
                heads = list(pool.map(head, range(num_heads)))
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Right: with grad off, torch's F.layer_norm on the transposed tokens, eps passed on; with grad on the
    # lecture's formula. Both give beta for D = 1. Passes the visible tests.
    "blind91_right_layer_norm_fused_kernel_without_grad_keeps_eps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled():
                return F.layer_norm(X.transpose(-1, -2), (X.shape[-2],), gamma, beta, eps).transpose(-1, -2)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Right: the ReLU runs in place on the fresh hidden tensor when no graph is kept, out of place otherwise.
    # Passes the visible tests.
    "blind91_right_feed_forward_relu_in_place_only_without_grad": ("transformer_layer", "feed_forward", '''
        def feed_forward(
            X: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor, b2: torch.Tensor
        ) -> torch.Tensor:
            # (the stub's input checks)
            hidden = linear(X, W1, b1)
            hidden = hidden.relu_() if not torch.is_grad_enabled() else torch.relu(hidden)
            return linear(hidden, W2, b2)
'''),
    # Right: activation checkpointing (non-reentrant, so weights reached only through the closure still get their
    # gradients, and a plain X is fine) when grad is on; a plain call otherwise. Passes the visible tests.
    "blind91_right_transformer_layer_checkpoint_only_with_grad": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(
            X: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
            norm_first: bool = False,
        ) -> torch.Tensor:
            # (the stub's input checks)
            from torch.utils.checkpoint import checkpoint
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            def run(block, Y):
                if torch.is_grad_enabled():
                    return checkpoint(block, Y, use_reentrant=False)  # recompute in backward: less memory
                return block(Y)
            if norm_first:
                X = X + run(attend, layer_norm(X, params["gamma1"], params["beta1"]))
                return X + run(think, layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + run(attend, X), params["gamma1"], params["beta1"])
            return layer_norm(X + run(think, X), params["gamma2"], params["beta2"])
'''),
    # Right: under no_grad the pre-LN residual stream is updated in place, but only the new tensor X + MHA(LN1(X)),
    # never the caller's X. Passes the visible tests.
    "blind91_right_transformer_layer_in_place_on_own_stream_without_grad": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(
            X: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            mask: torch.Tensor | None = None,
            norm_first: bool = False,
        ) -> torch.Tensor:
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                stream = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))  # ours from here on
                update = think(layer_norm(stream, params["gamma2"], params["beta2"]))
                if torch.is_grad_enabled():
                    return stream + update
                stream += update
                return stream
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # Right: with grad off, torch's fused F.scaled_dot_product_attention with the course's mask brought to torch's
    # layout (head axis added, key and query axes swapped); a query that sees no key gets zeros there, so bo. With
    # grad on, multi_head_attention. Passes the visible tests.
    "blind91_right_cross_attention_fused_kernel_without_grad": ("cross_attention", "cross_attention", '''
        def cross_attention(
            X_dec: torch.Tensor,
            X_enc: torch.Tensor,
            params: dict[str, torch.Tensor],
            num_heads: int,
            enc_mask: torch.Tensor | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            if torch.is_grad_enabled():
                return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
            from .attention import linear
            from .multihead import merge_heads, split_heads
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads).transpose(-2, -1)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads).transpose(-2, -1)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads).transpose(-2, -1)
            attn_mask = None if enc_mask is None else enc_mask.unsqueeze(-3).transpose(-1, -2)
            heads = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask).transpose(-2, -1)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: logits are detached first (sampling is outside training; a model's logits may carry a graph, which
    # .numpy() refuses), the temperature is turned into a float (an int is allowed), and the top-k / top-p order
    # comes from NumPy's stable argsort of -p (ties to the lower id). Passes the visible tests.
    "blind91_right_next_token_probs_detached_numpy_order": ("sampling", "next_token_probs", '''
        def next_token_probs(
            logits: torch.Tensor,
            temperature: float = 1.0,
            top_k: int | None = None,
            top_p: float | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            import numpy as np
            logits = logits.detach()
            temperature = float(temperature)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            def descending(p):
                return torch.from_numpy(np.argsort(-p.numpy(), kind="stable").copy())
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[descending(probs)[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = descending(probs)
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: candidates ranked with NumPy's stable argsort on log-probabilities taken with .detach().numpy(), so a
    # model whose logits carry a graph works too; ties keep beam order, then token order. Passes the visible tests.
    "blind91_right_beam_search_numpy_ranking_of_detached_logits": ("sampling", "beam_search", '''
        def beam_search(
            model: Model,
            prompt: torch.Tensor,
            beam_width: int,
            max_new_tokens: int,
            eos_id: int | None = None,
        ) -> torch.Tensor:
            # (the stub's input checks)
            import numpy as np
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                scores, sequences, finished = [], [], []
                for score, ids, done in beams:
                    if done:
                        scores.append(score); sequences.append(ids); finished.append(True)
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].detach().double(), dim=0).numpy()
                    for token in range(len(log_probs)):
                        scores.append(score + float(log_probs[token]))
                        sequences.append(torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]))
                        finished.append(token == eos_id)
                order = np.argsort(-np.asarray(scores), kind="stable")[:beam_width]
                beams = [(scores[i], sequences[i], finished[i]) for i in order]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # Right: the score is summed from log_probs.new_zeros(()), in the model's dtype under either default dtype.
    # Passes the visible tests.
    "blind91_right_sequence_log_prob_accumulator_in_logits_dtype": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model: Model, ids: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs.new_zeros(())
            for n in range(1, len(ids)):
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # Right: Hugging Face's Bernoulli chain with the generator passed to every draw, mask_prob turned into a float
    # first so that an int (0 or 1) works, the probability matrix in float64. Passes the visible tests.
    "blind91_right_mlm_corrupt_bernoulli_chain_float_probability": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids: torch.Tensor, vocab_size: int, special_ids: Sequence[int] | torch.Tensor, mask_id: int,
                        generator: torch.Generator | None = None, mask_prob: float = 0.15
                        ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            probability = torch.full(ids.shape, float(mask_prob), dtype=torch.float64)
            probability.masked_fill_(torch.isin(ids, special), 0.0)
            chosen = torch.bernoulli(probability, generator=generator).bool()
            eighty = torch.full(ids.shape, 0.8, dtype=torch.float64)
            replaced = torch.bernoulli(eighty, generator=generator).bool() & chosen
            half = torch.full(ids.shape, 0.5, dtype=torch.float64)
            randomised = torch.bernoulli(half, generator=generator).bool() & chosen & ~replaced
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(replaced, torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(randomised, random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Right: one draw from the caller's generator (torch's global one when None) seeds a Python random.Random for
    # the coins and picks. The caller's stream advances by that draw and is never reseeded, so a seeded generator
    # reproduces and the next call differs. Passes the visible tests.
    "blind91_right_nsp_pairs_python_rng_seeded_by_one_draw": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents: Sequence[Sequence], generator: torch.Generator | None = None) -> list[tuple]:
            # (the stub's input checks)
            import random
            rng = random.Random(int(torch.randint(2 ** 62, (), generator=generator)))
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if rng.random() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = rng.randrange(len(documents) - 1)
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[rng.randrange(len(other))], 1))
            return pairs
'''),
    # Right: with grad off and float images, F.unfold, whose columns are exactly the contract's patches ((channel,
    # row, column) per patch, patches row-major); otherwise the reshape and permute. Passes the visible tests.
    "blind91_right_patchify_unfold_without_grad": ("patch_embedding", "patchify", '''
        def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
            # (the stub's input checks)
            P = patch_size
            if not torch.is_grad_enabled() and images.is_floating_point() and images.numel() > 0:
                return F.unfold(images, kernel_size=P, stride=P)
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # Right: when the caller ties W and U (the same object, D_s = D_h), W s + U h_i is computed as W (s + h_i), one
    # product; otherwise the two products. Passes the visible tests.
    "blind91_right_additive_attention_tied_projections_factored": ("rnn_attention", "additive_attention", '''
        def additive_attention(s: torch.Tensor, H: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor,
                               mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            if W is U:
                hidden = torch.tanh(W @ (H + s.unsqueeze(-1)))  # W s + W h_i = W (s + h_i)
            else:
                hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Right: gru_step (graded through attention_decoder_step) calls the fused torch.gru_cell only where it applies
    # (grad off, x and h both (B, .) with the same B); unbatched, broadcast or tracked calls take the formula.
    # Passes the visible tests.
    "blind91_right_gru_step_fused_cell_only_for_plain_batches": ("rnn_attention", "gru_step", '''
        def gru_step(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor, weight_hh: torch.Tensor,
                     bias_ih: torch.Tensor, bias_hh: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            if not torch.is_grad_enabled() and x.dim() == 2 and h.dim() == 2 and x.shape[0] == h.shape[0]:
                return torch.gru_cell(x, h, weight_ih, weight_hh, bias_ih, bias_hh)
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
'''),
    # Right: autograd is switched off only when nothing at all needs it (grad off, or no input and no weight
    # requires grad), which changes no value and no gradient. Passes the visible tests.
    "blind91_right_grid_attention_graph_only_when_something_is_tracked": ("rnn_attention", "grid_attention", '''
        def grid_attention(s: torch.Tensor, features: torch.Tensor, W: torch.Tensor, U: torch.Tensor, v: torch.Tensor
                           ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            tracked = any(t.requires_grad for t in (s, features, W, U, v))
            with torch.set_grad_enabled(torch.is_grad_enabled() and tracked):
                height, width = features.shape[-2:]
                weights, context = additive_attention(s, features.flatten(-2), W, U, v)
                return weights.unflatten(-1, (height, width)), context
'''),
    # Right: default positions are integer aranges and the angles are float64, cast to each input's dtype, so the
    # result does not depend on the default dtype; the angle table is shared when positions_q is positions_k (or
    # both default over the same length). Passes the visible tests.
    "blind91_right_rotary_integer_positions_and_shared_table": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q: torch.Tensor, K: torch.Tensor, positions_q: torch.Tensor | None = None,
                             positions_k: torch.Tensor | None = None, base: float = 10000.0
                             ) -> tuple[torch.Tensor, torch.Tensor]:
            # (the stub's input checks)
            def angles_for(positions, num, dim):
                if positions is None:
                    positions = torch.arange(num, device=Q.device)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64, device=Q.device) / dim)
                return theta[:, None] * positions.to(torch.float64)[None, :]
            def rotate(X, angles):
                half = X.shape[-2] // 2
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., :half, :], X[..., half:, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            angles_q = angles_for(positions_q, Q.shape[-1], Q.shape[-2])
            shared = positions_q is positions_k and Q.shape[-2:] == K.shape[-2:]
            angles_k = angles_q if shared else angles_for(positions_k, K.shape[-1], K.shape[-2])
            return rotate(Q, angles_q), rotate(K, angles_k)
'''),
    # Right: the distance is converted to float32 explicitly before the logarithm, as T5 does, whatever the default
    # dtype. Passes the visible tests.
    "blind91_right_bucket_log_in_explicit_float32": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position: torch.Tensor, bidirectional: bool = True, num_buckets: int = 32,
                                     max_distance: int = 128) -> torch.Tensor:
            # (the stub's input checks)
            offset = relative_position.long()
            half = num_buckets // 2 if bidirectional else num_buckets
            if bidirectional:
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            exact = half // 2
            ratio = distance.to(torch.float32) / exact  # float32 whatever the default dtype, as T5
            far = exact + (torch.log(ratio) / math.log(max_distance / exact) * (half - exact)).long()
            return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))
'''),
    # Right: nearest colours in NumPy on detached copies (.detach() before .numpy()), so images that require grad
    # work; at least float32 arithmetic, argmin keeps the lowest id. Passes the visible tests.
    "blind91_right_quantize_pixels_numpy_on_detached_copies": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            import numpy as np
            dtype = torch.promote_types(torch.promote_types(images.dtype, palette.dtype), torch.float32)
            pixels = images.detach().to(dtype).movedim(-3, -1).cpu().numpy()[..., :, None]  # (..., H, W, C, 1)
            colours = palette.detach().to(dtype).cpu().numpy()
            distances = ((pixels - colours) ** 2).sum(axis=-2)
            return torch.from_numpy(np.ascontiguousarray(distances.argmin(axis=-1))).long()
'''),
    # Right: index_select(out=buffer) only when no graph is needed (grad off or a palette that needs no grad);
    # a learned palette with grad on takes the out-of-place call. Passes the visible tests.
    "blind91_right_dequantize_out_buffer_only_without_graph": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            flat = ids.reshape(-1).long()
            if torch.is_grad_enabled() and palette.requires_grad:
                colours = palette.index_select(1, flat)
            else:
                colours = palette.new_empty(palette.shape[0], flat.numel())
                torch.index_select(palette, 1, flat, out=colours)
            return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # Right: a tied query/key projection is shared only when both the weight and the bias are the same objects
    # (params["Wk"] is params["Wq"] and params["bk"] is params["bq"]). Passes the visible tests.
    "blind91_right_channel_attention_tied_projection_checks_bias_too": ("davit", "channel_attention", '''
        def channel_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_groups: int,
                              scale: float | None = None) -> torch.Tensor:
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            if params["Wk"] is params["Wq"] and params["bk"] is params["bq"]:
                K = Q
            else:
                K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Right: the input-unchanged self-check reads the version counter only of tensors that have one (not inference
    # tensors). Passes the visible tests.
    "blind91_right_patch_merging_version_check_skips_inference_tensors": ("swin", "patch_merging", '''
        def patch_merging(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, W: torch.Tensor,
                          eps: float = 1e-5) -> torch.Tensor:
            # (the stub's input checks)
            version = None if X.is_inference() else X._version
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            out = (W @ tokens).unflatten(-1, (height // 2, width // 2))
            if version is not None and X._version != version:
                raise RuntimeError("patch_merging modified its input")
            return out
'''),
    # Right: with grad off the table is read through a detached alias (no graph either way); the lookup and the
    # axis move are the same on both paths. Passes the visible tests.
    "blind91_right_embed_detached_table_without_grad": ("embeddings", "embed", '''
        def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
            # (the stub's input checks)
            table = omega_e if torch.is_grad_enabled() else omega_e.detach()
            return table[:, token_ids].movedim(0, -2)
'''),
}
