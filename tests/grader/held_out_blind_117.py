"""Hundred-and-eighteenth blind batch of held-out implementations (prefix blind117_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md (its general clauses first), docs/convention.md, docs/learners.md, README.md,
course/registry.py, the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks
marker) and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`, after `--help` to find the option), never opened; `ls exercises`
showed the name of the exercises/tests folder, nothing inside it was listed. The earlier blind batches
(held_out_blind.py ... held_out_blind_113.py) were only parsed for their entry names (grouped by function, to avoid
their mechanisms) and held_out_blind_90.py skimmed for the header style. Nothing else under grader/ or tests/ was
opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_114.py, held_out_blind_115.py, held_out_blind_116.py).

Emphasis: mostly right entries that use every freedom of the calling interface, and wrong entries that misuse one.
Wrong entries each break one interface clause an ordinary call does not exercise: a params dict read by position
(`params.values()` unpacked in the documented order; the first eight items taken as the attention weights; the decoder's
two sub-dicts taken in insertion order), a params dict refused for holding extra entries (channel attention) or for
holding nn.Parameters (`type(w) is torch.Tensor` in the decoder step), a Sequence argument given as a tuple meeting list
methods (nsp_pairs' `documents.copy().pop()`), non-contiguous or broadcast inputs meeting `.view` (layer_norm,
self_attention via baddbmm, mlm_corrupt, global_token_mask), results of the wrong type (a generator from train_bpe, a
Fraction from sparse_attention_cost, `(output, weights)` from cross_attention, `(tokens, grid)` from patch_embedding,
`(windows, (Hp, Wp))` from window_partition), a generator not used as one stream (generate memoised per generator and
prompt), arguments that can no longer be passed by name or by position (renamed parameters: pre_norm, bias, clusters,
q_positions, seq_len/d_model, window_size/shift_size; keyword-only options in generate and one_hot; the model called as
`model(ids=...)`). Right entries are written in styles a strict grader might wrongly reject on one of these freedoms:
weights read by name into a dataclass or splatted into a keyword-only helper with `**_other_entries`, sub-dicts built
by name and bound with functools.partial, every inner call made by keyword, float()/int() conversions of scalar
arguments (int scale, eps, temperature, top_p, mask_prob, base), special ids from any sequence or a LongTensor,
documents as tuples, reshape instead of view, copies before writing (clone, roll), a torch.func.functional_call on a
meta-device GRUCell, recursion and Python token lists in generate (one generator stream), heapq and dataclass beams,
einsum, F.one_hot / F.embedding / F.unfold / F.pixel_unshuffle / F.layer_norm / F.linear / F.cross_entropy built-ins,
torch.polar complex rotation, a dispatch table of int closures.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind117/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (18 of the 25 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says. Right entries were compared with
the model answer on 240 random cases each (60 seeds x float32/float64 inputs x float32/float64 default dtype; 0-2
batch axes; plain, non-contiguous (a strided view with a history), broadcast (`x[:1].expand_as(x)`) and
nn.Parameter inputs; normal, `torch.no_grad()` and `torch.inference_mode()` calls with the inputs made there; every
third case with all arguments passed by name; params dicts shuffled and holding extra entries; masks none, causal,
random and with queries that see nothing): values to 1e-4 / 1e-9, dtypes, shapes and result types exactly, inputs
unchanged, grad mode and default dtype restored, gradients of every floating-point input (parameters included) to
1e-3 (one channel-attention float32 case differed by 2e-4 on a gradient of size 73; the entry's float32 gradient
is closer to the float64 answer than the model answer's float32 gradient is). Sampling functions were compared without gradients: generate,
mlm_corrupt and nsp_pairs with the same seeded generator, and the generator's next draw after the call compared too
(one stream), generate with int temperatures, top_k, top_p, eos and context_size, through a model whose logits are a
non-contiguous view; mlm_corrupt with specials as list, tuple, LongTensor, range and empty and mask_prob 0, 1 (ints),
0.15 and 0.9, equal to the model answer for each seed and over three calls on one generator; nsp_pairs on lists and
tuples of documents, empty documents and the one-document ValueError, sentences returned as the same objects;
sequence_log_prob's gradients reaching the model's tables. Exactly checked: sparse_attention_cost over n 0..39, 10**12,
10**12 + 7 and 2**61 + 1 with every pattern and the missing-size / unknown-pattern ValueErrors (int results);
train_bpe on 400 random corpora by position and by name, the worked example and the "</w>" ValueError;
relative_position_bucket over offsets -600..599 for every bucket count 4..69, both modes and four max_distance values.
ValueErrors matched for D % H, channel groups and N = 0, indivisible patches, odd D in rotary, out-of-range ids,
negative temperature, top_k = 0, beam_width = 0 and a grid of height 0.

Judgement calls: the renamed-parameter entries are wrong only through the contract's clause that any argument may be
passed by name (and keep the stub's order); keyword-only options are wrong only through positional calls in the stub's
order. blind117_generate_memoised_per_generator_and_prompt is deterministic per generator object (keyed by its id), so
it is right on a first call and wrong from the second call with the same generator and prompt on. The view entries
fail only on layouts the contract allows (a transposed batch axis, an expanded ids tensor), which is why they pass the
visible tests. blind117_cross_attention_returns_output_and_averaged_weights_like_torch and the other tuple-returning
entries carry the right tensor as their first item. blind117_right_generate_recursive_one_stream recurses once per new
token, so a request of about 900 new tokens or more would hit Python's default recursion limit; I judged that outside
what a grader of this course asks for and kept it. blind117_right_decoder_step_meta_grucell_functional_call builds its
GRUCell on the meta device so that it draws nothing from the global RNG. Dropped before writing: a decoder step that
detaches a state with history, an apply_mask that views a same-shaped mask, and int-scale / int-mask_prob /
restored-generator entries (earlier batches hold those mechanisms).

Counts: 25 wrong, 30 right (as written; one right generate entry was later counted wrong, see
blind117_generate_recursive_one_stream_hits_the_recursion_limit).
Wrong per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 2, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'generate': 2, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_117 = {
    # Reads the eight weights by position, `Wq, Wk, Wv, Wo, bq, bk, bv, bo = params.values()`, in the order the docstring
    # lists them; a params dict may come in any order and hold extra entries. With D = 2, H = 1, X = [[1, 0, 2], [0, 1, -1]]
    # and a dict in the order Wq, bq, Wk, bk, ...: model [[1.4359, 0.5641, 1.8690], [3.4359, ...]], entry RuntimeError
    # (a bias used as a weight). Passes the visible tests.
    "blind117_mha_params_unpacked_from_values_in_documented_order": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Wq, Wk, Wv, Wo, bq, bk, bv, bo = params.values()  # the order the docstring lists them in
            Q = split_heads(linear(Xq, Wq, bq), num_heads)
            K = split_heads(linear(Xkv, Wk, bk), num_heads)
            V = split_heads(linear(Xkv, Wv, bv), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), Wo, bo)
'''),
    # Splits the params dict by position: the first eight items are taken as the attention weights, the rest as the FFN
    # and norms. A dict listing W1, b1, W2, b2, the norms and then the attention keys (D = 2, H = 1, X = [[1, 0, 2], [0, 1, -1]]):
    # model [[0.9622, 0.9622, 0.9622], [-1.0844, ...]], entry KeyError: 'Wq'. Passes the visible tests.
    "blind117_transformer_layer_attention_params_taken_as_first_eight_items": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            items = list(params.items())
            attention_params = dict(items[:8])     # Wq, Wk, Wv, Wo, bq, bk, bv, bo come first
            rest = dict(items[8:])                 # then W1, b1, W2, b2 and the two norms

            def attend(Y):
                return multi_head_attention(Y, Y, attention_params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, rest["W1"], rest["b1"], rest["W2"], rest["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, rest["gamma1"], rest["beta1"]))
                X = X + think(layer_norm(X, rest["gamma2"], rest["beta2"]))
            else:
                X = layer_norm(X + attend(X), rest["gamma1"], rest["beta1"])
                X = layer_norm(X + think(X), rest["gamma2"], rest["beta2"])
            return X
'''),
    # The pre-LN switch is named `pre_norm` (x-transformers' spelling) instead of the stub's `norm_first`, so a call by name
    # fails. transformer_layer(X, params, 1, norm_first=True) with D = 2: model [[3.8289, 2.6877, 4.8289], ...], entry
    # TypeError (unexpected keyword argument 'norm_first'). Fails the visible tests.
    "blind117_transformer_layer_norm_first_parameter_named_pre_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, pre_norm=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if pre_norm:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # Finds the two attention sub-dicts by position, `self_params, cross_params = [v for v in params.values() if
    # isinstance(v, dict)]`; a dict listing "cross_attn" before "self_attn" swaps them. D = 4, H = 1, two decoder tokens,
    # one encoder token, column 0: model [-1.3201, 1.4340, 0.1023, -0.0125], entry [-1.3203, 1.4209, 0.0380, 0.0653].
    # Passes the visible tests.
    "blind117_decoder_layer_sub_dicts_taken_in_insertion_order": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            self_params, cross_params = [value for value in params.values() if isinstance(value, dict)]
            X = X_dec
            attended = multi_head_attention(X, X, self_params, num_heads, causal_mask(X.shape[-1]))
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, cross_params, num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Returns `(output, weights averaged over heads)` as torch.nn.MultiheadAttention does, where the contract says a tensor.
    # X_dec = [[1, 0, 2], [0, 1, -1]], X_enc its first two columns, H = 1: model tensor [[1.6698, 1.3302, 1.8930], ...],
    # entry (that tensor, the (2, 3) weights). Fails the visible tests.
    "blind117_cross_attention_returns_output_and_averaged_weights_like_torch": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads

            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
            heads, weights = scaled_dot_product_attention(Q, K, V, mask)
            output = linear(merge_heads(heads), params["Wo"], params["bo"])
            return output, weights.mean(dim=-3)   # as nn.MultiheadAttention: (attn_output, averaged weights)
'''),
    # Raises ValueError when params holds anything besides the eight attention entries; a params dict may hold more (a
    # block passes its whole dict). X = [[1, 0, 2], [0, 1, -1]], G = 1, params with an extra "W1": model
    # [[2.8193, 3.8193, 1.8193], [1.1807, 2.1807, 0.1807]], entry ValueError. Passes the visible tests.
    "blind117_channel_attention_rejects_params_beyond_the_eight": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            unexpected = set(params) - {"Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"}
            if unexpected:
                raise ValueError(f"params has unexpected entries {sorted(unexpected)}")
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Checks `type(params[name]) is torch.Tensor`, which refuses torch.nn.Parameter weights (a trained model's).
    # s_prev = 0 (D_s = 2), y_prev = [1], H = I_2, all nine weights wrapped in nn.Parameter: model s = [-0.0201, 0.0294],
    # entry ValueError "params['W'] must be a torch.Tensor, got Parameter". Passes the visible tests.
    "blind117_decoder_step_refuses_parameter_subclass_weights": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            for name in DECODER_PARAMS:
                if type(params[name]) is not torch.Tensor:
                    raise ValueError(f"params[{name!r}] must be a torch.Tensor, got {type(params[name]).__name__}")
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Builds the other documents with `documents.copy()` and `.pop(index)`, list methods a tuple of documents (a Sequence)
    # does not have. nsp_pairs((("a1", "a2", "a3"), ("b1", "b2")), torch.Generator().manual_seed(0)): model [("a1", "a2", 0),
    # ("a2", "b1", 1), ("b1", "b2", 0)], entry AttributeError at the first label-1 pair. Passes the visible tests.
    "blind117_nsp_pairs_other_documents_by_copy_and_pop": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        others = documents.copy()   # never touch the caller's list
                        others.pop(index)
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Written as a generator function (`yield best`): it returns a generator, not the list the contract names, and the
    # "</w>" ValueError waits until the generator is iterated. train_bpe("aaa ab", 2): model [("a", "a"), ("aa", "a")],
    # entry <generator object>; train_bpe("a</w>", 2): model ValueError, entry no error. Fails the visible tests.
    "blind117_train_bpe_yields_merges_as_learned": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    return
                best = max(pair_counts, key=pair_counts.get)
                yield best                     # merges come out in the order learned
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
'''),
    # Computes in fractions.Fraction for exactness and returns the Fraction, where the contract says an int.
    # sparse_attention_cost("causal", 4): model 10 (int), entry Fraction(10, 1). Fails the visible tests.
    "blind117_sparse_cost_exact_fraction_returned": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            from fractions import Fraction     # exact arithmetic: no float rounding for huge n

            n = Fraction(n)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) / 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Memoises results keyed by (model, generator, prompt, options), so a generator passed to several calls gives the
    # same continuation every time instead of new draws. A model with all-zero logits over V = 5, prompt [0], 4 new tokens,
    # one Generator seeded 0 passed to three calls: model [0, 2, 1, 1, 2], [0, 2, 4, 3, 4], [0, 1, 2, 2, 3], entry
    # [0, 2, 1, 1, 2] three times. Passes the visible tests.
    "blind117_generate_memoised_per_generator_and_prompt": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            memo = generate.__dict__.setdefault("_memo", {})   # model calls are the expensive part
            key = (id(model), id(generator), tuple(prompt.tolist()), max_new_tokens, temperature, top_k, top_p,
                   eos_id, context_size)
            if key in memo:
                return memo[key].clone()
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            memo[key] = ids.clone()
            return ids
'''),
    # Makes every sampling option keyword-only (`*` after max_new_tokens, Hugging Face style), so the stub's positional
    # order no longer works. generate(model, torch.tensor([0]), 3, 0) with all-zero logits: model [0, 0, 0, 0] (greedy),
    # entry TypeError (takes 3 positional arguments but 4 were given). Passes the visible tests.
    "blind117_generate_sampling_options_keyword_only": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, *, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Calls the model as `model(ids=ids)`; a plain-function model's parameter may have any name. With
    # `lambda tokens: table[:, tokens]`, table = [[0, 1], [1, 0]], ids [0, 1, 1]: model -1.6265, entry TypeError
    # (unexpected keyword argument 'ids'). Passes the visible tests.
    "blind117_sequence_log_prob_model_called_with_ids_keyword": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids=ids), dim=0)   # explicit about what the model gets
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # The bias parameter is named `bias` instead of the stub's `b`, so a call by name fails.
    # average_pool_head(X, I_2, b=[1, -1]) with X = [[1, 0, 2], [0, 1, -1]]: model [2, -1], entry TypeError. Passes the
    # visible tests.
    "blind117_average_pool_head_bias_parameter_named_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, bias=None):
            b = bias
            # (the stub's input checks)
            logits = X.mean(dim=-1) @ W.T
            return logits if b is None else logits + b
'''),
    # The position parameters are named `q_positions` / `k_positions` instead of `positions_q` / `positions_k`.
    # rotary_embedding(ones(2, 1), ones(2, 1), positions_q=torch.tensor([1])): model Q' = [[-0.3012], [1.3818]], entry
    # TypeError. Fails the visible tests.
    "blind117_rotary_positions_parameters_named_q_and_k_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, q_positions=None, k_positions=None, base=10000.0):
            # (the stub's input checks)
            return rotate_columns(Q, q_positions, base), rotate_columns(K, k_positions, base)
'''),
    # Parameters named `seq_len`, `d_model` (the tutorial names) instead of `num_positions`, `dim`.
    # sinusoidal_positions(num_positions=2, dim=2): model [[0, 0.8415], [1, 0.5403]], entry TypeError. Passes the
    # visible tests.
    "blind117_sinusoidal_parameters_named_seq_len_and_d_model": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(seq_len, d_model):
            # (the stub's input checks)
            positions = torch.arange(seq_len, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, d_model, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / d_model)
            table = torch.empty(d_model, seq_len)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: d_model // 2])
            return table
'''),
    # The palette parameter is named `clusters`, as Hugging Face's ImageGPT names it, so `palette=` fails.
    # quantize_pixels(zeros(1, 1, 2), palette=[[1, 0]]): model [[1, 1]], entry TypeError. Passes the visible tests.
    "blind117_quantize_pixels_palette_parameter_named_clusters": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, clusters):
            palette = clusters                 # Hugging Face's ImageGPT calls the palette "clusters"
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Hugging Face Swin's names `window_size`, `shift_size` instead of `window`, `shift`.
    # shifted_window_mask(2, 2, window=2, shift=1): model the (1, 4, 4) identity mask, entry TypeError. Passes the visible
    # tests.
    "blind117_shifted_window_mask_sizes_named_like_hugging_face": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window_size, shift_size):
            window, shift = window_size, shift_size
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Makes `dtype` keyword-only, so the stub's third positional argument is refused.
    # one_hot(torch.tensor([1, 0]), 2, torch.float64): model [[0, 1], [1, 0]] float64, entry TypeError. Passes the visible
    # tests.
    "blind117_one_hot_dtype_made_keyword_only": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, *, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(dtype or torch.get_default_dtype())
'''),
    # Folds the batch axes with `X.view(-1, D, N)`, which fails on a non-contiguous input. X (2, 3, 2, 2) made as a
    # batch-axis transpose, `x.repeat(3, 2, 1, 1).transpose(0, 1)` with x = [[1, 2], [3, 5]]: model item [0, 0] =
    # [[-1, -1], [1, 1]], entry RuntimeError (view size is not compatible). Passes the visible tests.
    "blind117_layer_norm_batch_folded_with_view": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            dim, n = X.shape[-2:]
            flat = X.view(-1, dim, n)                       # one batch axis, whatever came in
            mean = flat.mean(dim=1, keepdim=True)
            variance = ((flat - mean) ** 2).mean(dim=1, keepdim=True)
            normalised = (flat - mean) / torch.sqrt(variance + eps)
            return (gamma[:, None] * normalised + beta[:, None]).view(X.shape)
'''),
    # Folds the batch with `X.view(-1, D, N)` to use torch.baddbmm; a non-contiguous X cannot be viewed. The same
    # batch-transposed X (2, 3, 2, 2) as above, identity projections, zero biases: model output [0, 0] = [[1.9930, 1.9998],
    # [4.9859, 4.9996]], entry RuntimeError. Passes the visible tests.
    "blind117_self_attention_projections_by_baddbmm_on_viewed_batch": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            dim, n = X.shape[-2:]
            flat = X.view(-1, dim, n)                       # baddbmm wants exactly one batch axis

            def project(W, b):
                out = torch.baddbmm(b[None, :, None], W.expand(flat.shape[0], -1, -1), flat)
                return out.view(*X.shape[:-2], W.shape[0], n)

            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # Flattens the positions with `ids.view(-1)`, which a broadcast (expanded) ids tensor cannot give.
    # mlm_corrupt(torch.tensor([[5, 6, 7]]).expand(2, 3), 10, [0], 1, Generator seeded 0, mask_prob=1.0): model labels
    # [[5, 6, 7], [5, 6, 7]], entry RuntimeError (view size is not compatible). Passes the visible tests.
    "blind117_mlm_corrupt_positions_flattened_with_view": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            flat = ids.view(-1)                              # one long row of positions
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(flat, special) & (torch.rand(flat.shape, generator=generator) < mask_prob)
            action = torch.rand(flat.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, flat.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(flat, mask_id), flat)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, flat.long(), -100)
            return corrupted.view(ids.shape), labels.view(ids.shape)
'''),
    # Folds the leading axes with `is_global.view(-1, N)`, which fails on a non-contiguous flag tensor. Flags (2, 3, 2)
    # made as `torch.tensor([True, False]).reshape(1, 1, 2).repeat(3, 2, 1).transpose(0, 1)`: model item [0, 0] =
    # [[True, True], [True, False]], entry RuntimeError. Passes the visible tests.
    "blind117_global_token_mask_batch_folded_with_view": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            n = is_global.shape[-1]
            flags = is_global.view(-1, n)                    # (B, N), B = all leading axes
            mask = flags[:, :, None] | flags[:, None, :]
            return mask.view(*is_global.shape, n)
'''),
    # Returns `(tokens, (H/P, W/P))`, the grid size beside the tokens as some ViT/Swin patch embeddings do, where the
    # contract says a tensor. images ones(1, 1, 2, 2), P = 2, W = ones(1, 4), zero b, cls and positions: model [[[0, 4]]],
    # entry ([[[0, 4]]], (1, 1)). Fails the visible tests.
    "blind117_patch_embedding_returns_tokens_and_grid_size": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            grid = (images.shape[-2] // patch_size, images.shape[-1] // patch_size)
            return torch.cat([cls_column, tokens], dim=-1) + positions, grid   # as timm's PatchEmbed with output size
'''),
    # Returns `(windows, (Hp, Wp))` as SAM's window_partition does, where the contract says a tensor.
    # window_partition(torch.arange(4.).reshape(1, 2, 2), 2): model [[[0, 1, 2, 3]]], entry ([[[0, 1, 2, 3]]], (2, 2)).
    # Fails the visible tests.
    "blind117_window_partition_returns_windows_and_padded_size": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            windows = grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
            return windows, (height, width)               # as SAM's window_partition: windows, (Hp, Wp)
'''),
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-28), and renamed from
    # blind117_right_generate_recursive_one_stream: one nested call per new token, so a run of about a thousand new
    # tokens (max_new_tokens has no upper bound in the contract) raises RecursionError.
    # Recursive: draws one token from the caller's generator, then calls itself with max_new_tokens - 1 and every
    # option by name, so the draws form one stream. Passes the visible tests.
    "blind117_generate_recursive_one_stream_hits_the_recursion_limit": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            if max_new_tokens <= 0:
                return prompt
            context = prompt if context_size is None else prompt[-context_size:]
            probs = next_token_probs(model(context)[:, -1], temperature=temperature, top_k=top_k, top_p=top_p)
            token = torch.multinomial(probs, num_samples=1, generator=generator)   # the caller's stream moves on
            ids = torch.cat([prompt, token.to(prompt.dtype)])
            if eos_id is not None and token.item() == eos_id:
                return ids
            return generate(model, ids, max_new_tokens - 1, temperature=temperature, top_k=top_k, top_p=top_p,
                            eos_id=eos_id, generator=generator, context_size=context_size)
'''),
}

RIGHT_BLIND_117 = {
    # Reads the weights by name into a frozen dataclass defined inside the function (extra dict entries are simply not
    # read) and attends head by head in an explicit loop over row slices, the mask passed by name. Passes the visible tests.
    "blind117_right_mha_projection_dataclass_and_head_loop": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Projection:
                weight: torch.Tensor
                bias: torch.Tensor

                def __call__(self, X):
                    return self.weight @ X + self.bias[:, None]

            query, key, value, out = (Projection(params["W" + s], params["b" + s]) for s in "qkvo")
            Q, K, V = query(Xq), key(Xkv), value(Xkv)
            head_dim = Xq.shape[-2] // num_heads
            heads = []
            for h in range(num_heads):
                rows = slice(h * head_dim, (h + 1) * head_dim)
                output, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask=mask)
                heads.append(output)
            return out(torch.cat(heads, dim=-2))
'''),
    # Splats the whole params dict into a nested helper with keyword-only weights and `**_other_entries`, so order and
    # extra entries do not matter; every call inside passes its arguments by name. Passes the visible tests.
    "blind117_right_mha_params_splatted_into_keyword_only_helper": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def attend(*, Wq, bq, Wk, bk, Wv, bv, Wo, bo, **_other_entries):
                Q = split_heads(linear(X=Xq, W=Wq, b=bq), num_heads=num_heads)
                K = split_heads(linear(X=Xkv, W=Wk, b=bk), num_heads=num_heads)
                V = split_heads(linear(X=Xkv, W=Wv, b=bv), num_heads=num_heads)
                head_mask = None if mask is None else mask.unsqueeze(-3)
                heads, _weights = scaled_dot_product_attention(Q=Q, K=K, V=V, mask=head_mask)
                return linear(X=merge_heads(heads), W=Wo, b=bo)

            return attend(**params)
'''),
    # Builds the attention sub-dict from the eight names, binds the sub-layers with functools.partial and keyword
    # arguments, and runs both norm orders without touching X. Passes the visible tests.
    "blind117_right_transformer_layer_partials_over_named_sub_dict": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            from functools import partial

            attention_params = {key: params[key] for key in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
            mha = partial(multi_head_attention, params=attention_params, num_heads=num_heads, mask=mask)
            ffn = partial(feed_forward, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
            norm1 = partial(layer_norm, gamma=params["gamma1"], beta=params["beta1"], eps=1e-5)
            norm2 = partial(layer_norm, gamma=params["gamma2"], beta=params["beta2"], eps=1e-5)
            if norm_first:
                normed = norm1(X)
                hidden = X + mha(normed, normed)
                return hidden + ffn(norm2(hidden))
            hidden = norm1(X + mha(X, X))
            return norm2(hidden + ffn(hidden))
'''),
    # A table of (block, gamma, beta) names walked in a loop, every sub-layer called with all arguments by name; nested
    # dicts are read by key, never by position. Passes the visible tests.
    "blind117_right_decoder_layer_sub_layer_table_all_keyword_calls": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            for block, gamma, beta in (("self_attn", "gamma1", "beta1"), ("cross_attn", "gamma2", "beta2"),
                                       ("ffn", "gamma3", "beta3")):
                if block == "self_attn":
                    update = multi_head_attention(Xq=X, Xkv=X, params=params[block], num_heads=num_heads,
                                                  mask=causal_mask(n=X.shape[-1]))
                elif block == "cross_attn":
                    update = cross_attention(X_dec=X, X_enc=X_enc, params=params[block], num_heads=num_heads,
                                             enc_mask=enc_mask)
                else:
                    update = feed_forward(X=X, W1=params["W1"], b1=params["b1"], W2=params["W2"], b2=params["b2"])
                X = layer_norm(X=X + update, gamma=params[gamma], beta=params[beta], eps=1e-5)
            return X
'''),
    # functools.partial over multi_head_attention with params and num_heads bound by name, the mask given as
    # `mask=enc_mask`. Passes the visible tests.
    "blind117_right_cross_attention_partial_with_named_mask": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from functools import partial

            attend = partial(multi_head_attention, params=params, num_heads=num_heads)
            return attend(X_dec, X_enc, mask=enc_mask)
'''),
    # Converts a given scale with float() (an int scale = 1 or 0 is used as given), projects by name, and loops over
    # the groups with einsum and torch.softmax over the key axis. Passes the visible tests.
    "blind117_right_channel_attention_group_loop_float_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            channels, tokens = X.shape[-2:]
            factor = 1.0 / math.sqrt(tokens) if scale is None else float(scale)   # an int scale is fine too

            def project(name):
                return params["W" + name] @ X + params["b" + name][:, None]

            Q, K, V = project("q"), project("k"), project("v")
            width = channels // num_groups
            outputs = []
            for g in range(num_groups):
                rows = slice(g * width, (g + 1) * width)
                scores = torch.einsum("...kn,...qn->...kq", K[..., rows, :], Q[..., rows, :]) * factor
                weights = torch.softmax(scores, dim=-2)                           # keys on axis -2
                outputs.append(torch.einsum("...kq,...kn->...qn", weights, V[..., rows, :]))
            return params["Wo"] @ torch.cat(outputs, dim=-2) + params["bo"][:, None]
'''),
    # Runs the GRU through torch.func.functional_call on a torch.nn.GRUCell built on the meta device (no weights,
    # no draws from the global RNG), the batch broadcast and flattened to two axes; nn.Parameter weights and extra entries
    # are fine. Passes the visible tests.
    "blind117_right_decoder_step_meta_grucell_functional_call": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask=mask)
            x = stack(y_prev, context)                                             # (..., E + D_h)
            batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
            inputs = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            state = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
            cell = torch.nn.GRUCell(inputs.shape[-1], state.shape[-1], device="meta")   # no weights of its own
            weights_of_cell = {name: params[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
            s = torch.func.functional_call(cell, weights_of_cell, (inputs, state)).reshape(*batch, state.shape[-1])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # All three products as einsum with broadcasting `...`, the mask applied with torch.where against a fresh -inf
    # tensor (nothing written in place), softmax_cols on a column. Passes the visible tests.
    "blind117_right_additive_attention_einsum_where_mask": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            state = torch.einsum("ad,...d->...a", W, s)[..., :, None]              # (..., D_a, 1)
            keys = torch.einsum("ah,...hn->...an", U, H)                            # (..., D_a, N)
            energies = torch.einsum("a,...an->...n", v, torch.tanh(state + keys))  # (..., N)
            if mask is not None:
                energies = torch.where(mask, energies, torch.full_like(energies, float("-inf")))
            weights = softmax_cols(energies[..., :, None])[..., 0]
            context = torch.einsum("...hn,...n->...h", H, weights)
            return weights, context
'''),
    # Keeps the sequence as a Python list of ints and calls the model on a fresh LongTensor of the window each step;
    # returns a LongTensor in the prompt's dtype. Passes the visible tests.
    "blind117_right_generate_python_token_list_fresh_long_windows": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            tokens = [int(token) for token in prompt.tolist()]
            for _ in range(max_new_tokens):
                window = tokens if context_size is None else tokens[-context_size:]
                logits = model(torch.tensor(window, dtype=torch.long, device=prompt.device))
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                if token == eos_id:
                    break
            return torch.tensor(tokens, dtype=prompt.dtype, device=prompt.device)
'''),
    # The negated F.cross_entropy (reduction="sum") of the transposed logits view, one model call; a one-token sequence
    # gives 0. Passes the visible tests.
    "blind117_right_sequence_log_prob_cross_entropy_on_transposed_view": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)                                   # (V, N), possibly a view
            return -F.cross_entropy(logits[:, :-1].transpose(0, 1), ids[1:], reduction="sum")
'''),
    # Converts temperature and top_p with float() and top_k with int(), ranks ids with Python's sorted on
    # (-probability, id), and builds fresh masks (never writing into the logits). Passes the visible tests.
    "blind117_right_next_token_probs_python_ranking_float_arguments": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            temperature = float(temperature)
            if temperature == 0.0:
                winner = torch.tensor([int(torch.argmax(logits))])
                return torch.zeros_like(logits).index_fill(0, winner, 1.0)

            def ranked(p):                       # ids by decreasing probability, ties to the lower id
                values = p.tolist()
                return torch.tensor(sorted(range(len(values)), key=lambda i: (-values[i], i)), dtype=torch.long)

            def keep_only(p, ids):
                keep = torch.zeros(p.shape, dtype=torch.bool)
                keep[ids] = True
                return torch.where(keep, p, torch.zeros_like(p))

            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None:
                probs = keep_only(probs, ranked(probs)[: int(top_k)])
                probs = probs / probs.sum()
            if top_p is not None:
                order = ranked(probs)
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < float(top_p)).sum()) + 1, len(order))
                probs = keep_only(probs, order[:count])
            return probs / probs.sum()
'''),
    # Beams as a dataclass defined inside the function; the beam_width best candidates by heapq.nsmallest on
    # (-score, candidate index), which keeps the tie rule. Passes the visible tests.
    "blind117_right_beam_search_dataclass_beams_nsmallest": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            from dataclasses import dataclass

            @dataclass
            class Beam:
                score: float
                ids: torch.Tensor
                finished: bool = False

            beams = [Beam(0.0, prompt)]
            for _ in range(max_new_tokens):
                candidates = []
                for beam in beams:
                    if beam.finished:
                        candidates.append(beam)
                        continue
                    log_probs = torch.log_softmax(model(beam.ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append(Beam(beam.score + log_prob, torch.cat([beam.ids, beam.ids.new_tensor([token])]),
                                               token == eos_id))
                best = heapq.nsmallest(beam_width, enumerate(candidates), key=lambda item: (-item[1].score, item[0]))
                beams = [beam for _, beam in best]
                if all(beam.finished for beam in beams):
                    break
            return beams[0].ids
'''),
    # Accepts special ids as a list, tuple, range or LongTensor (read as Python ints), converts mask_prob with float(),
    # draws from the caller's generator in one stream, and writes only into a clone of ids. Passes the visible tests.
    "blind117_right_mlm_corrupt_specials_from_any_sequence_float_probability": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            if torch.is_tensor(special_ids):
                specials = [int(token) for token in special_ids.reshape(-1).tolist()]
            else:
                specials = [int(token) for token in special_ids]           # a list, a tuple, a range ...
            probability = float(mask_prob)
            eligible = ~torch.isin(ids.long(), torch.tensor(specials, dtype=torch.long))
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < probability)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()                                      # a private, writable copy
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # Works on any sequence of documents (a tuple of tuples too) through list() copies and slices, never list methods
    # on the caller's objects; sentences are returned as the same objects. Passes the visible tests.
    "blind117_right_nsp_pairs_any_sequence_slices_of_others": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            documents = list(documents)                  # a tuple of tuples works the same; sentences untouched

            def coin():
                return torch.rand((), generator=generator).item() < 0.5

            def draw(n):
                return int(torch.randint(n, (), generator=generator))

            pairs = []
            for index, document in enumerate(documents):
                sentences = list(document)
                for position in range(len(sentences) - 1):
                    a = sentences[position]
                    if coin():
                        pairs.append((a, sentences[position + 1], 0))
                    else:
                        others = documents[:index] + documents[index + 1:]
                        other = list(others[draw(len(others))])
                        pairs.append((a, other[draw(len(other))], 1))
            return pairs
'''),
    # A dispatch table of closures over Python ints, math.comb for the causal count; the keyword-only sizes are read by
    # name, and int() makes the result type explicit. Passes the visible tests.
    "blind117_right_sparse_cost_dispatch_table_of_int_closures": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            def local(w):
                w = min(w, n - 1)                         # n = 0 gives w = -1 and a count of 0
                return n * (2 * w + 1) - w * (w + 1)

            def strided(s):
                m = (n - 1) // s                          # floor division: -1 when n = 0
                return n * (2 * m + 1) - s * m * (m + 1)

            counts = {
                "dense": lambda: n * n,
                "causal": lambda: math.comb(n + 1, 2),
                "local": lambda: local(window),
                "strided": lambda: strided(stride),
                "global": lambda: num_global * (2 * n - num_global),
            }
            return int(counts[pattern]())
'''),
    # Parallel lists of segmentations and counts; Counter.most_common(1), which returns the first of equal counts in
    # insertion order as max does. Returns a list of tuples. Passes the visible tests.
    "blind117_right_train_bpe_most_common_parallel_lists": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequencies = Counter(tuple(word) for word in words)
            segments = [list(word) for word in frequencies]
            counts = list(frequencies.values())
            merges = []
            while len(merges) < num_merges:
                pairs = Counter()
                for symbols, count in zip(segments, counts):
                    for left, right in zip(symbols, symbols[1:]):
                        pairs[left, right] += count
                if not pairs:
                    break
                [(best, _count)] = pairs.most_common(1)      # the first of equal counts, as max gives
                merges.append(best)
                segments = [merge_pair(symbols, best) for symbols in segments]
            return merges
'''),
    # F.one_hot, transposed, then `.to(dtype=...)` with the default dtype resolved at the call; dtype may be given by
    # position or name. Passes the visible tests.
    "blind117_right_one_hot_functional_then_named_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = F.one_hot(token_ids.long(), num_classes=vocab_size)                  # (..., N, V) int64
            return table.transpose(-1, -2).to(dtype=torch.get_default_dtype() if dtype is None else dtype)
'''),
    # index_select on ids reshaped (not viewed) to one axis, so expanded or transposed ids work. Passes the
    # visible tests.
    "blind117_right_embed_index_select_on_reshaped_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            columns = omega_e.index_select(1, token_ids.reshape(-1))                      # (D, number of ids)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # torch.var_mean (biased), rsqrt of variance + float(eps), then torch.addcmul for gamma and beta; an int eps is fine.
    # Passes the visible tests.
    "blind117_right_layer_norm_var_mean_rsqrt_addcmul": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            variance, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            inverse_std = torch.rsqrt(variance + float(eps))
            return torch.addcmul(beta[:, None], gamma[:, None], (X - mean) * inverse_std)
'''),
    # Complex rotation: torch.polar angles in float64 cast to the complex dtype of the input, applied to the half pairs
    # x_i + i x_{i+D/2}; base converted with float(). Passes the visible tests.
    "blind117_right_rotary_polar_rotation_of_half_pairs": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2:]
                half = dim // 2
                if positions is None:
                    positions = torch.arange(n)
                theta = float(base) ** (-torch.arange(half, dtype=torch.float64) * 2.0 / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                rotation = torch.polar(torch.ones_like(angles), angles).to(complex_dtype)
                turned = torch.complex(X[..., :half, :], X[..., half:, :]) * rotation
                return torch.cat([turned.real, turned.imag], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A list of window slices (views, never written), each flattened, stacked on axis -3; works on any strides. Passes
    # the visible tests.
    "blind117_right_window_partition_stacked_slices": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = [X[..., r:r + M, c:c + M].flatten(-2)             # slices are views: nothing written
                       for r in range(0, height, M) for c in range(0, width, M)]
            if not windows:
                return X.new_zeros(*batch, 0, channels, M * M)
            return torch.stack(windows, dim=-3)
'''),
    # F.pixel_unshuffle, its (channel, dy, dx) features reordered to the contract's (dx, dy, channel) block order,
    # then F.layer_norm over the features with float(eps). Passes the visible tests.
    "blind117_right_patch_merging_pixel_unshuffle_reordered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = F.pixel_unshuffle(X, 2)                                 # feature c*4 + 2*dy + dx
            blocks = blocks.unflatten(-3, (channels, 2, 2))                  # (..., C, dy, dx, H/2, W/2)
            blocks = blocks.movedim((-5, -4, -3), (-3, -4, -5))              # (..., dx, dy, C, H/2, W/2)
            merged = blocks.flatten(-5, -3)                                  # TL, BL, TR, BR, C each
            tokens = F.layer_norm(merged.movedim(-3, -1), (4 * channels,), gamma, beta, float(eps))
            return (tokens @ W.T).movedim(-1, -3)
'''),
    # Targets reshaped (not viewed) and cast to long; inputs are targets.roll(1) with the start token written into that
    # new tensor. Passes the visible tests.
    "blind117_right_pixel_sequence_roll_then_start_written": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1]).to(torch.long)
            inputs = targets.roll(1, dims=-1)                                # a new tensor
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # torch.where(mask, scores, a 0-d -inf tensor in the scores' dtype): works for broadcast masks and expanded scores.
    # Passes the visible tests.
    "blind117_right_apply_mask_where_with_scalar_tensor": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return torch.where(mask, scores, scores.new_full((), float("-inf")))
'''),
    # Both products as einsum, apply_mask and softmax_cols called with arguments by name. Passes the visible tests.
    "blind117_right_sdpa_einsum_with_named_mask": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores=scores, mask=mask)
            weights = softmax_cols(scores=scores)
            return torch.einsum("...vk,...kq->...vq", V, weights), weights
'''),
    # F.unfold patches (the contract's order), an einsum projection, [CLS] expanded from cls_token.reshape; its own
    # ValueError for sides not divisible by P. Passes the visible tests.
    "blind117_right_patch_embedding_unfold_einsum_named_arguments": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            if images.shape[-2] % patch_size or images.shape[-1] % patch_size:
                raise ValueError(f"patch_size={patch_size} must divide the image sides {tuple(images.shape[-2:])}")
            patches = F.unfold(images, kernel_size=patch_size, stride=patch_size)    # (B, C*P*P, N)
            tokens = torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
            cls_column = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat((cls_column, tokens), dim=-1) + positions
'''),
    # F.linear called by keyword (input, weight, bias) on the token mean; bias None needs no branch. Passes the visible
    # tests.
    "blind117_right_average_pool_head_functional_linear_keywords": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            return F.linear(input=X.mean(dim=-1), weight=W, bias=b)
'''),
    # F.embedding of the ids cast to long into the transposed palette, channel axis moved before H, W. Passes the
    # visible tests.
    "blind117_right_dequantize_functional_embedding_of_palette_rows": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = F.embedding(ids.long(), palette.T)                      # (..., H, W, C)
            return colours.movedim(-1, -3)
'''),
    # Piecewise buckets with the log in float32 as T5, offsets clamped to >= 1 before the log (the exact branch covers 0),
    # every size read by name. Passes the visible tests.
    "blind117_right_bucket_piecewise_float32_named_arguments": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offsets = relative_position.to(torch.long)
            if bidirectional:
                n = num_buckets // 2
                upper = torch.where(offsets > 0, n, 0)
                distance = offsets.abs()
            else:
                n = num_buckets
                upper = torch.zeros_like(offsets)
                distance = (-offsets).clamp(min=0)
            exact = n // 2
            ratio = distance.clamp(min=1).to(torch.float32) / exact              # float32, as T5
            far = exact + (torch.log(ratio) / math.log(max_distance / exact) * (n - exact)).to(torch.long)
            far = torch.minimum(far, torch.full_like(far, n - 1))
            return upper + torch.where(distance < exact, distance, far)
'''),
}
