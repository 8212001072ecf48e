"""Eighty-second blind batch of held-out implementations (prefix blind81_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_79.py) were only skimmed for their entry names and emphasis paragraphs (grepped
for caches, lru_cache, default dtype, grad mode, seeds and monkeypatches so that none is repeated) and the header of
held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the
batch written at the same time (held_out_blind_80.py).

Emphasis: module-level state and import-time effects. An entry may replace only its function, so module-level code
is put in the function's first call (`if not globals().get(...)`) or in a default argument evaluated at definition.
Wrong entries: monkeypatches (torch.softmax replaced by a column softmax, which breaks next_token_probs in another
exercise; the module-level name softmax_cols rebound to torch.softmax after a first call, in attention and, from
grid_attention, under additive_attention; the module's layer_norm rebound to a partial with BERT's eps); global
settings changed at "import" (grad mode off from generate, the default dtype float64 from rotary_embedding, the
global RNG reseeded from nsp_pairs); defaults evaluated at definition (one_hot's dtype frozen at float32, generate's
private torch.Generator()); tables, masks and constants built once for one size or one call's arguments (causal
table handed out as a view, padding and sequence positions for 512 / 1024, a local distance table, T5 buckets of the
first arguments, the first grid's window order, 1/N, 1/sqrt(N), the head width, the palette's norms, a GRUCell
loaded with the first weights, encoder keys cached by shape, the first corpus's word counts); globals that one call
sets and a later one reads (a sticky eps, a sticky top_k, the last merge list used for an empty one, a decode buffer
never cleared, a result buffer shared by calls, beam-search log-probs keyed by prefix across models); lru_cache on
functions taking tensors (a table copy stale after an in-place optimiser step, flags stale after an in-place
refill, gain columns cached off the graph under no_grad, special ids given as an unhashable list). Right entries keep
module state safely: print options set once (harmless), tables grown on demand and only read or cloned, caches
keyed by every argument (ints, dtypes, devices) and built outside inference mode, lru_cache only on ints and tuples
of ints, a module name wrapped in lru_cache where the result is never written, a module-level buffer cleared at every
step and never returned, an immutable module constant, torch.sqrt bound once.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind81/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` added, the entry's source in
place of the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (23 of the 32 wrong
entries pass them). Each wrong entry's recorded scenario (a sequence of calls, often across functions or exercises)
was run in a fresh process on the model answer and on the entry, both results printed; each differs as its comment
says. Right entries were compared with the model answer on 300 random call sequences each in one process (so that
module state carries over between calls): float32 and float64 inputs, the default dtype switched between float32
and float64 from call to call, about a fifth of the calls under torch.no_grad(), random batch shapes, non-contiguous
inputs, masks of every broadcast shape (all-False columns included), sizes crossing the tables' initial sizes (masks
to n = 129 / 300, sequences to 400 tokens), eps 0.0, scale 1e3, special ids as list, tuple, tensor or empty, int32
ids, the same tensor passed twice; results equal in shape, dtype and value (exactly for masks and ids, to 2e-5 /
1e-12 otherwise) and gradients of a random projection of the output with respect to every floating input and
parameter equal to 1e-4. The decoder layer's cached causal mask was also checked after a first call under
torch.inference_mode() (a later call backpropagates normally).

Judgement calls: the layer_norm right entry (blind81_right_layer_norm_binds_torch_sqrt_once) differed from the model
answer once in 300 gradient comparisons, at D = 2, scale 1e3, eps 0.0, where the true gradient with respect to X is
zero and both are float32 noise (1.5e-5 against entries of 2.7e-5); kept as right. Several wrong entries return the
right values on every single call and are wrong only in what they leave behind (blind81_softmax_cols_patches_torch_
softmax_column_wise, ..._generate_switches_grad_mode_off_at_import, ..._rotary_float64_default_dtype_set_at_import,
..._nsp_pairs_seeds_global_rng_on_first_call) or only on a later call (the caches, sticky globals and rebound names);
their comments name the later call or the other function that shows it. blind81_generate_default_generator_built_at_
definition and blind81_one_hot_dtype_default_frozen_at_definition change a parameter's default value (not its name or
order), as the brief's "default argument evaluated at definition time" asks; if the measuring harness compares
defaults as part of the signature they are caught for that reason as well. blind81_patch_embedding_result_in_module_
buffer was first described as also breaking a backward through the first result; that was not so (the buffer is the
second call's graph), and the claim was dropped. blind81_decoder_step_grucell_built_on_first_call is also wrong on a
first call under autograd (no gradient reaches the GRU weights), which the contract requires. Dropped before
writing: patches of torch functions no graded function uses (torch.sort, torch.Tensor.var, torch.where shims),
which only the caller's own code would notice, and a mutable default list (the stubs have no parameter that could
hold one without changing the signature). Fewer entries than the 55 / 35 of the common brief: this task asked for
about 30 / 20 within 35 minutes.

Counts: 32 wrong, 20 right.
Wrong per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'embed': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'apply_mask': 1, 'beam_search': 1, 'bpe_decode': 1, 'causal_mask': 1, 'channel_attention': 1, 'decoder_layer': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'one_hot': 1, 'padding_mask': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_81 = {
    # Module-level monkeypatch (run on the first call, as an import would): torch.softmax is replaced by a column
    # softmax that ignores `dim`. softmax_cols itself stays right, but every later torch.softmax call in the process
    # runs over axis -2: next_token_probs(tensor([1., 2., 3.])) after one softmax_cols call raises IndexError (model
    # [0.090, 0.245, 0.665]); generate and the caller's own code break alike. Passes the visible softmax tests.
    "blind81_softmax_cols_patches_torch_softmax_column_wise": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if not globals().get("_softmax_patched"):
                # module level in the learner's file: "every softmax in this course runs down the columns"
                globals()["_softmax_patched"] = True
                torch.softmax = lambda input, dim=-2, *args, **kwargs: softmax_cols(input)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # After the first call the module-level name softmax_cols (imported from .softmax) is rebound to
    # torch.softmax(dim=-2), which gives NaN for a query that sees no key. Q, K, V (2, 3), mask with key column 1 all
    # False: first call right; second call output column 1 NaN (model 0.0); self_attention is hit too. Passes the
    # visible tests.
    "blind81_sdpa_rebinds_softmax_cols_to_builtin_after_first_call": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            global softmax_cols
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            if not globals().get("_warmed_up"):
                # checked once against my own softmax: from now on the built-in one (same numbers, faster)
                globals()["_warmed_up"] = True
                softmax_cols = lambda s: torch.softmax(s, dim=-2)
            return V @ weights, weights
'''),
    # grid_attention's first call rebinds rnn_attention's module-level softmax_cols to torch.softmax(dim=-2)
    # ("a grid never masks"), so additive_attention in the same module then gives NaN for a state that sees no
    # position. grid_attention once, then additive_attention(..., mask=[False]*3): weights and context NaN (model all
    # zeros). Passes the visible tests.
    "blind81_grid_attention_rebinds_module_softmax_cols": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            global softmax_cols
            if not globals().get("_grid_ready"):
                # a grid has no masked cells, so the library softmax is all this module needs
                globals()["_grid_ready"] = True
                softmax_cols = lambda scores: torch.softmax(scores, dim=-2)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # The first call rebinds the module's layer_norm to functools.partial(layer_norm, eps=1e-12) (BERT's eps): this
    # layer and every later call of the module's layer_norm (the graded function) use eps 1e-12, not 1e-5.
    # transformer_layer on X of scale 1e-3 (pre-LN): entry [-3.79, -4.08, 0.33, ...], model [-1.40, -1.45, -1.21,
    # ...]; layer_norm(X, ones, zeros) afterwards differs too. Fails the visible tests.
    "blind81_transformer_layer_rebinds_layer_norm_with_bert_eps": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            global layer_norm
            if not globals().get("_bert_eps"):
                import functools
                globals()["_bert_eps"] = True
                layer_norm = functools.partial(layer_norm, eps=1e-12)     # BERT's layer-norm eps
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
    # A module global remembers the last non-default eps and is used whenever eps is left at its default:
    # layer_norm(X, g, b, eps=0.0) then layer_norm(X, g, b) (X of scale 1e-2) gives 1.4666... (model 1.3336...), and
    # transformer_layer's layers inherit eps 0. Fails the visible tests.
    "blind81_layer_norm_eps_remembered_in_module_global": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            global _EPS
            if eps != 1e-5 or "_EPS" not in globals():
                _EPS = eps                      # the configured eps, kept for the layers that use the default
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + _EPS) + beta[:, None]
'''),
    # An empty merge list (a valid tokenizer: characters only) falls back on the last non-empty list seen, kept in a
    # module global. bpe_encode("ab", [("a", "b")]) then bpe_encode("ab", []): ['ab', '</w>'] (model ['a', 'b',
    # '</w>']). Passes the visible tests.
    "blind81_bpe_encode_empty_merges_fall_back_to_last_tokenizer": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            global _TOKENIZER
            if merges:
                _TOKENIZER = list(merges)      # the tokenizer in use
            else:
                merges = globals().get("_TOKENIZER", [])
            tokens = []
            for symbols in split_words(text, "text"):
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Default argument evaluated at definition: generator=torch.Generator() is one private stream created at
    # import, so a call without a generator ignores torch.manual_seed and shares draws across calls. Uniform model (V
    # = 5), torch.manual_seed(3), 8 tokens: [0, 0, 1, 1, 4, 0, 2, 1, 0] (model [0, 0, 1, 0, 0, 2, 0, 2, 1]). Passes
    # the visible tests.
    "blind81_generate_default_generator_built_at_definition": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=torch.Generator(), context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Default argument evaluated at definition: dtype=torch.get_default_dtype() freezes float32 at import, so after
    # torch.set_default_dtype(torch.float64) one_hot(ids, 3) is float32 (model float64). Passes the visible tests.
    "blind81_one_hot_dtype_default_frozen_at_definition": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=torch.get_default_dtype()):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype or torch.get_default_dtype())
'''),
    # torch.manual_seed(0) on the first call (module-level "reproducible data"): the caller's global stream is
    # reseeded. torch.manual_seed(7); nsp_pairs(3 documents) gives [('a1', 'a2', 0), ...] (model [('a1', 'b2', 1),
    # ...]), and every later global draw in the process (generate, mlm_corrupt) is shifted. Passes the visible
    # tests.
    "blind81_nsp_pairs_seeds_global_rng_on_first_call": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            if not globals().get("_seeded"):
                globals()["_seeded"] = True
                torch.manual_seed(0)            # module level: reproducible pre-training data
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
    # torch.set_grad_enabled(False) on the first call (module-level "sampling never trains"), never restored:
    # after one generate call, grad mode is off for the caller, and sequence_log_prob (same module) returns a tensor
    # without requires_grad (model: grad mode on, requires_grad True). Passes the visible tests.
    "blind81_generate_switches_grad_mode_off_at_import": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if not globals().get("_inference_only"):
                globals()["_inference_only"] = True
                torch.set_grad_enabled(False)   # module level: sampling never needs gradients
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # torch.set_default_dtype(torch.float64) on the first call (module-level "exact tables"), never restored: the
    # rotations are right, but after one call torch.get_default_dtype() is float64 (model float32), so every later
    # default-dtype table (sinusoidal_positions, one_hot) changes dtype. Passes the visible tests.
    "blind81_rotary_float64_default_dtype_set_at_import": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if not globals().get("_exact_tables"):
                globals()["_exact_tables"] = True
                torch.set_default_dtype(torch.float64)      # module level: exact angle tables
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # A bucket table for offsets -1024..1024 built on the first call with that call's bidirectional / num_buckets /
    # max_distance and reused for all later calls, whatever their arguments. Default call first, then
    # bidirectional=False on [-3, -1, 0, 1, 3, 40]: [3, 1, 0, 17, 19, 28] (model [3, 1, 0, 0, 0, 0]). Fails the
    # visible tests.
    "blind81_bucket_lookup_table_built_for_first_arguments": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            global _BUCKETS
            if "_BUCKETS" not in globals():
                # module level: T5's bucket of every offset in -1024 .. 1024, computed once
                offset = torch.arange(-1024, 1025)
                if bidirectional:
                    half = num_buckets // 2
                    base = torch.where(offset > 0, half, 0)
                    distance = offset.abs()
                else:
                    half = num_buckets
                    base = torch.zeros_like(offset)
                    distance = torch.clamp(-offset, min=0)
                exact = half // 2
                log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
                far = torch.clamp(exact + log_scale.long(), max=half - 1)
                _BUCKETS = base + torch.where(distance < exact, distance, far)
            offset = relative_position.long().clamp(-1024, 1024)
            return _BUCKETS[offset + 1024]
'''),
    # Key positions table built once for 512 keys: padding_mask(tensor([600, 3]), 600) has shape (2, 512, 1)
    # (model (2, 600, 1)). Passes the visible tests.
    "blind81_padding_mask_positions_table_for_512_keys": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            global _KEY_POSITIONS
            if "_KEY_POSITIONS" not in globals():
                _KEY_POSITIONS = torch.arange(512)          # module level: the course's longest sequence
            keys = _KEY_POSITIONS[:n].to(lengths.device)
            return (keys[None, :] < lengths[:, None])[:, :, None]
'''),
    # Returns a view of a module-level 1024 x 1024 table: the caller's in-place `causal &= local_mask(3, 0)`
    # corrupts every later causal_mask(3) (entry: the identity; model: upper triangle), and n = 1500 gives (1024,
    # 1024). Passes the visible tests.
    "blind81_causal_mask_view_of_module_table": ("masking", "causal_mask", '''
        def causal_mask(n):
            global _CAUSAL
            if "_CAUSAL" not in globals():
                _CAUSAL = torch.ones(1024, 1024, dtype=torch.bool).triu()   # module level, built once
            return _CAUSAL[:n, :n]
'''),
    # |i - j| table built at the first call's n and sliced afterwards: local_mask(3, 1) then local_mask(5, 1) has
    # shape (3, 3) (model (5, 5)). Passes the visible tests.
    "blind81_local_mask_distance_table_from_first_call": ("masking", "local_mask", '''
        def local_mask(n, window):
            global _DISTANCE
            if "_DISTANCE" not in globals():
                positions = torch.arange(n)
                _DISTANCE = (positions[None, :] - positions[:, None]).abs()   # |i - j|, built once
            return _DISTANCE[:n, :n] <= window
'''),
    # functools.lru_cache on a helper taking the table tensor (hashed by identity) keeps the first contiguous copy:
    # after an in-place optimiser step (`with torch.no_grad(): T += 1`) embed(T, ids) returns the old rows (entry
    # -0.29..., model 0.71...). Passes the visible
    # tests.
    "blind81_embed_rows_lru_cached_on_table_tensor": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if "_rows_of" not in globals():
                import functools
                globals()["_rows_of"] = functools.lru_cache(maxsize=8)(lambda table: table.t().contiguous())
            rows = _rows_of(omega_e)                    # (V, D): one contiguous copy per table
            return rows[token_ids].movedim(-1, -2)
'''),
    # lru_cache on (gamma, beta) caches the views gamma[:, None], beta[:, None] with the autograd state of their
    # first call: a first call under torch.no_grad() caches views off the graph, so later calls never send gradients
    # to gamma or beta (gamma.grad None; model a gradient). Passes the visible tests.
    "blind81_layer_norm_gain_columns_lru_cached": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if "_affine_columns" not in globals():
                import functools
                globals()["_affine_columns"] = functools.lru_cache(maxsize=32)(
                    lambda g, b: (g[:, None], b[:, None]))
            g, b = _affine_columns(gamma, beta)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return g * (X - mean) / torch.sqrt(variance + eps) + b
'''),
    # lru_cache on the special ids: a list (the contract allows any sequence) is unhashable, so mlm_corrupt(ids, 10,
    # [0, 1], 2) raises TypeError (model: a corruption); a tensor is keyed by identity and goes stale when edited in
    # place. Fails the visible tests.
    "blind81_mlm_corrupt_special_ids_lru_cached": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if "_special_tensor" not in globals():
                import functools
                globals()["_special_tensor"] = functools.lru_cache(maxsize=16)(
                    lambda specials: torch.as_tensor(specials).reshape(-1))
            special = _special_tensor(special_ids).to(ids.dtype)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # |p|^2 of the palette kept from the first call (module-level "the model's palette"): with another palette the
    # distances use the old norms. Pixel 0.9 (3 channels), palette [0, 1] then palette [0, 3]: ids [[1]] and [[1]]
    # (model [[1]] and [[0]]). Passes the visible tests.
    "blind81_quantize_palette_norms_kept_from_first_call": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            global _PALETTE_NORMS
            dtype = torch.promote_types(images.dtype, palette.dtype)
            if "_PALETTE_NORMS" not in globals():
                _PALETTE_NORMS = palette.square().sum(dim=0)      # |p|^2: the palette is fixed for the model
            pixels = images.to(dtype).movedim(-3, -1)             # (..., H, W, C)
            distances = _PALETTE_NORMS.to(dtype) - 2 * pixels @ palette.to(dtype)   # |x|^2 does not change argmin
            return distances.argmin(dim=-1)
'''),
    # The gather order of the first grid (H, W, M) is reused for every later call: window_partition((1, 4, 4), 2)
    # then window_partition(arange(16).reshape(1, 4, 4), 4) gives [0, 1, 4, 5, 2, 3, ...] (model [0, 1, 2, 3, ...]);
    # other cell counts raise. Fails the visible tests.
    "blind81_window_partition_gather_index_from_first_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            global _WINDOW_ORDER
            M = window
            if "_WINDOW_ORDER" not in globals():
                cells = torch.arange(height * width).reshape(height // M, M, width // M, M)
                _WINDOW_ORDER = cells.permute(0, 2, 1, 3).reshape(-1)     # window by window, raster inside
            nW = (height // M) * (width // M)
            flat = X.reshape(*batch, channels, height * width)[..., _WINDOW_ORDER]
            return flat.reshape(*batch, channels, nW, M * M).movedim(-2, -3)
'''),
    # 1/N from the first call kept in a module global: average_pool_head(ones(2, 4), eye(2)) then
    # average_pool_head(ones(2, 2), eye(2)) gives [0.5, 0.5] (model [1, 1]). Fails the visible tests.
    "blind81_average_pool_inverse_count_from_first_call": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            global _INV_TOKENS
            if "_INV_TOKENS" not in globals():
                _INV_TOKENS = 1.0 / X.shape[-1]           # the model's token count, fixed
            pooled = X.sum(dim=-1) * _INV_TOKENS
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # The default scale 1/sqrt(N) computed on the first call and kept: a later call with N = 9 tokens after one with
    # N = 4 scales by 1/2 instead of 1/3 (entry 10.1899..., model 10.1523...). Fails the visible tests.
    "blind81_channel_attention_default_scale_from_first_call": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            global _DEFAULT_SCALE
            if "_DEFAULT_SCALE" not in globals():
                _DEFAULT_SCALE = 1 / math.sqrt(tokens)
            if scale is None:
                scale = _DEFAULT_SCALE
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The head width D/H of the first call kept in a module global and used to split later calls: D = 8 with H = 2,
    # then H = 4 on the same inputs splits into 2 heads of 4 rows (entry 4.119..., model 0.8227...). Passes the
    # visible tests.
    "blind81_mha_head_width_fixed_at_first_call": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            global _HEAD_DIM
            if "_HEAD_DIM" not in globals():
                _HEAD_DIM = dim // num_heads                # the model's head width
            def heads(Y):
                return Y.reshape(*Y.shape[:-2], -1, _HEAD_DIM, Y.shape[-1])
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(out.reshape(*out.shape[:-3], -1, out.shape[-1]), params["Wo"], params["bo"])
'''),
    # lru_cache on the flags tensor (hashed by identity): a caller that refills its flags buffer in place gets the
    # old mask. flags [T, F, F], then flags[2] = True: entry's [j=1, i=2] False (model True); the cached result is
    # also one shared tensor. Passes the visible tests.
    "blind81_global_token_mask_lru_cached_on_flags_tensor": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            if "_global_mask_of" not in globals():
                import functools
                globals()["_global_mask_of"] = functools.lru_cache(maxsize=64)(
                    lambda flags: flags.unsqueeze(-1) | flags.unsqueeze(-2))
            return _global_mask_of(is_global)
'''),
    # Next-token log-probs memoised in a module dict keyed by the prefix only, never cleared and not by model: a
    # second search with another model and the same prompt reuses the first model's scores. m1 favours token 2, then
    # m2 favours token 0: entry [0, 2, 2] (model [0, 0, 0]). Passes the visible tests.
    "blind81_beam_search_prefix_log_probs_in_module_dict": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            global _PREFIX_LOG_PROBS
            if "_PREFIX_LOG_PROBS" not in globals():
                _PREFIX_LOG_PROBS = {}          # prefix -> next-token log-probs, shared by every search
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    key = tuple(ids.tolist())
                    if key not in _PREFIX_LOG_PROBS:
                        _PREFIX_LOG_PROBS[key] = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(_PREFIX_LOG_PROBS[key]):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The result is written into a module-level buffer reused by every call of the same shape: the second call
    # returns the same tensor object and overwrites the values the first call returned (o1 is o2; model: o1
    # unchanged). Passes the visible tests.
    "blind81_patch_embedding_result_in_module_buffer": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            global _OUT
            tokens = linear(patchify(images, patch_size), W, b)
            shape = (tokens.shape[0], tokens.shape[1], tokens.shape[2] + 1)
            if "_OUT" not in globals() or _OUT.shape != shape or _OUT.dtype != tokens.dtype:
                _OUT = torch.empty(shape, dtype=tokens.dtype)          # preallocated once per shape
            _OUT[..., :1] = cls_token[:, None]
            _OUT[..., 1:] = tokens
            _OUT += positions
            return _OUT
'''),
    # An nn.GRUCell built on the first call and loaded with that call's weights under no_grad: later calls with
    # other params still use the first weights (entry s [1.539, -0.127, -0.104], model [1.511, -0.082, -1.723]), and
    # no gradient reaches weight_ih / weight_hh / bias_ih / bias_hh. Passes the visible tests.
    "blind81_decoder_step_grucell_built_on_first_call": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            global _CELL
            if "_CELL" not in globals():
                # module level: one GRUCell for the decoder, loaded with the model's weights
                _CELL = torch.nn.GRUCell(params["weight_ih"].shape[1], s_prev.shape[-1], dtype=s_prev.dtype)
                with torch.no_grad():
                    for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
                        getattr(_CELL, name).copy_(params[name])
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
            s = _CELL(x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1]),
                      s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])).reshape(*batch, -1)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Encoder keys and values cached in a module dict keyed by X_enc's shape and dtype ("the source sentence"): a new
    # encoder output of the same shape reuses the old K, V (entry -12.85..., model -0.394...). Passes the visible
    # tests.
    "blind81_cross_attention_encoder_keys_cached_by_shape": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .attention import linear, scaled_dot_product_attention
            from .multihead import merge_heads, split_heads
            global _MEMORY
            if "_MEMORY" not in globals():
                _MEMORY = {}                    # encoder keys/values, computed once per source sentence
            dim = X_dec.shape[-2]
            if dim % num_heads:
                raise ValueError(f"D={dim} must be divisible by num_heads={num_heads}")
            key = (tuple(X_enc.shape), X_enc.dtype, num_heads)
            if key not in _MEMORY:
                _MEMORY[key] = (split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads),
                                split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads))
            K, V = _MEMORY[key]
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            if enc_mask is not None:
                enc_mask = enc_mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, enc_mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # top_k is kept in a module global once given: next_token_probs(l, top_k=1) then next_token_probs(l) returns
    # the one-hot [0, 0, 0, 1] (model the full softmax [0.032, 0.087, 0.237, 0.644]); generate inherits it. Passes
    # the visible tests.
    "blind81_next_token_probs_top_k_remembered": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            global _TOP_K
            if top_k is not None:
                _TOP_K = top_k                  # sampling settings stay until changed
            top_k = globals().get("_TOP_K")
            if temperature == 0:
                probs = torch.zeros_like(logits)
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
    # Positions table built once for 1024 columns: a 1500-token sequence raises IndexError (model -1646.8). Passes
    # the visible tests.
    "blind81_sequence_log_prob_positions_table_for_1024": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            global _POSITIONS
            if "_POSITIONS" not in globals():
                _POSITIONS = torch.arange(1024)           # module level: the model's context length
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[ids[1:], _POSITIONS[: len(ids) - 1]].sum()
'''),
    # Pieces collected in a module-level list that is never cleared: bpe_decode(["a</w>"]) then
    # bpe_decode(["b</w>"]) returns 'a b' (model 'b'). Fails the visible tests.
    "blind81_bpe_decode_pieces_collected_in_module_list": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            global _PIECES
            if "_PIECES" not in globals():
                _PIECES = []                    # module level output buffer
            for token in tokens:
                _PIECES.append(token.replace(END_OF_WORD, " "))
            return "".join(_PIECES).rstrip(" ")
'''),
    # The corpus's word counts are computed on the first call and kept (module-level "split once"): a second corpus
    # trains on the first one. train_bpe("aa aa b", 2) then train_bpe("xy xy", 2) returns [('a', 'a'), ('aa',
    # '</w>')] (model [('x', 'y'), ('xy', '</w>')]). Fails the visible tests.
    "blind81_train_bpe_corpus_words_counted_once": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            from collections import Counter
            global _WORD_COUNTS
            if END_OF_WORD in corpus:
                raise ValueError(f"corpus must not contain {END_OF_WORD!r}")
            if "_WORD_COUNTS" not in globals():
                _WORD_COUNTS = Counter(corpus.split())      # module level: the training corpus, split once
            segmentations = {word: list(word) + [END_OF_WORD] for word in _WORD_COUNTS}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, symbols in segmentations.items():
                    for a, b in zip(symbols, symbols[1:]):
                        pairs[(a, b)] += _WORD_COUNTS[word]
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                segmentations = {word: merge_pair(symbols, best) for word, symbols in segmentations.items()}
            return merges
'''),
}

RIGHT_BLIND_81 = {
    "blind81_right_softmax_cols_print_options_on_first_call": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            if not globals().get("_printing_set"):
                globals()["_printing_set"] = True
                torch.set_printoptions(precision=4, sci_mode=False)   # module level: readable weights
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isinf(top) & (top < 0), torch.zeros_like(top), top)
            exps = (scores - top).exp()
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    "blind81_right_causal_mask_growing_table_cloned": ("masking", "causal_mask", '''
        def causal_mask(n):
            table = globals().get("_CAUSAL_TABLE")
            if table is None or table.shape[0] < n:
                size = max(n, 64)
                table = torch.ones(size, size, dtype=torch.bool).triu()
                globals()["_CAUSAL_TABLE"] = table          # grown on demand, never handed out
            return table[:n, :n].clone()
'''),
    "blind81_right_padding_mask_growing_positions_table": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            positions = globals().get("_KEY_POSITIONS")
            if positions is None or positions.numel() < n:
                positions = torch.arange(max(n, 128))
                globals()["_KEY_POSITIONS"] = positions     # only read: the comparison makes a new tensor
            keys = positions[:n].to(lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(-1)
'''),
    "blind81_right_local_mask_growing_distance_table": ("masking", "local_mask", '''
        def local_mask(n, window):
            distance = globals().get("_DISTANCE")
            if distance is None or distance.shape[0] < n:
                positions = torch.arange(max(n, 32))
                distance = (positions[None, :] - positions[:, None]).abs()
                globals()["_DISTANCE"] = distance
            return distance[:n, :n] <= window
'''),
    "blind81_right_bucket_constants_memo_full_key": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            memo = globals().setdefault("_BUCKET_CONSTANTS", {})
            key = (bool(bidirectional), num_buckets, max_distance)
            if key not in memo:
                half = num_buckets // 2 if bidirectional else num_buckets
                exact = half // 2
                memo[key] = (half, exact, math.log(max_distance / exact))
            half, exact, log_range = memo[key]
            offset = relative_position.long()
            if bidirectional:
                base = (offset > 0).long() * half
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = (-offset).clamp(min=0)
            scaled = torch.log(distance.float() / exact) / log_range * (half - exact)
            far = (exact + scaled.long()).clamp(max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    "blind81_right_rotary_tables_lru_cache_full_key": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if "_rotation_tables" not in globals():
                import functools
                @functools.lru_cache(maxsize=64)
                def tables(dim, n, base, dtype):
                    with torch.inference_mode(False), torch.no_grad():
                        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                        angles = theta[:, None] * torch.arange(n, dtype=torch.float64)[None, :]
                        return angles.cos().to(dtype), angles.sin().to(dtype)
                globals()["_rotation_tables"] = tables
            def turn(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    cos, sin = _rotation_tables(dim, n, float(base), X.dtype)
                else:
                    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                    angles = theta[:, None] * positions.to(torch.float64)[None, :]
                    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    "blind81_right_one_hot_identity_cache_by_size_and_dtype": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            cache = globals().setdefault("_IDENTITY", {})
            key = (vocab_size, dtype, token_ids.device)
            if key not in cache:
                with torch.inference_mode(False):
                    cache[key] = torch.eye(vocab_size, dtype=dtype, device=token_ids.device)
            return cache[key][:, token_ids].movedim(0, -2)      # advanced indexing: a fresh tensor
'''),
    "blind81_right_decoder_layer_wraps_imported_causal_mask_in_lru_cache": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            global causal_mask
            if not globals().get("_mask_memo"):
                import functools
                globals()["_mask_memo"] = True
                causal_mask = functools.lru_cache(maxsize=16)(causal_mask)   # this module's name only; read-only
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    "blind81_right_mlm_corrupt_specials_lru_on_int_tuple": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if "_special_table" not in globals():
                import functools
                @functools.lru_cache(maxsize=32)
                def table(specials):
                    with torch.inference_mode(False):
                        return torch.tensor(sorted(set(specials)), dtype=torch.long)
                globals()["_special_table"] = table
            key = tuple(int(i) for i in torch.as_tensor(special_ids).reshape(-1).tolist())
            special = _special_table(key).to(ids.dtype)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    "blind81_right_sdpa_inverse_sqrt_lru_on_int": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            if "_inverse_sqrt" not in globals():
                import functools
                globals()["_inverse_sqrt"] = functools.lru_cache(maxsize=None)(lambda d: 1.0 / math.sqrt(d))
            scores = (K.transpose(-2, -1) @ Q) * _inverse_sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    "blind81_right_channel_attention_scale_memo_by_token_count": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scales = globals().setdefault("_DEFAULT_SCALES", {})
            if scale is None:
                if tokens not in scales:
                    scales[tokens] = 1 / math.sqrt(tokens)
                scale = scales[tokens]
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    "blind81_right_window_partition_lru_gather_index_full_key": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            if "_window_order" not in globals():
                import functools
                @functools.lru_cache(maxsize=32)
                def order(height, width, M):
                    with torch.inference_mode(False):
                        cells = torch.arange(height * width).reshape(height // M, M, width // M, M)
                        return cells.permute(0, 2, 1, 3).reshape(-1)
                globals()["_window_order"] = order
            M = window
            nW = (height // M) * (width // M)
            flat = X.reshape(*batch, channels, height * width)[..., _window_order(height, width, M)]
            return flat.reshape(*batch, channels, nW, M * M).movedim(-2, -3)
'''),
    "blind81_right_bpe_decode_compiled_pattern_once": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            if "_END_PATTERN" not in globals():
                import re
                globals()["_END_PATTERN"] = re.compile(re.escape(END_OF_WORD))
            return _END_PATTERN.sub(" ", "".join(tokens)).rstrip(" ")
'''),
    "blind81_right_mha_head_plan_lru_on_ints": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if "_head_plan" not in globals():
                import functools
                globals()["_head_plan"] = functools.lru_cache(maxsize=None)(lambda d, h: (h, d // h))
            heads, width = _head_plan(dim, num_heads)
            def split(Y):
                return Y.reshape(*Y.shape[:-2], heads, width, Y.shape[-1])
            Q = split(linear(Xq, params["Wq"], params["bq"]))
            K = split(linear(Xkv, params["Wk"], params["bk"]))
            V = split(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(out.reshape(*out.shape[:-3], heads * width, out.shape[-1]), params["Wo"], params["bo"])
'''),
    "blind81_right_beam_search_module_candidate_list_cleared_each_step": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            candidates = globals().setdefault("_CANDIDATES", [])    # one reusable buffer
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates.clear()
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]            # a new list: the buffer may be cleared
                if all(finished for _, _, finished in beams):
                    break
            candidates.clear()
            return beams[0][1]
'''),
    "blind81_right_strided_mask_growing_offset_table": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = globals().get("_OFFSETS")
            if offsets is None or offsets.shape[0] < n:
                positions = torch.arange(max(n, 32))
                offsets = positions[None, :] - positions[:, None]       # i - j
                globals()["_OFFSETS"] = offsets
            return offsets[:n, :n].remainder(stride) == 0
'''),
    "blind81_right_sequence_log_prob_growing_positions": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            positions = globals().get("_POSITIONS")
            if positions is None or positions.numel() < len(ids):
                positions = torch.arange(max(len(ids), 256))
                globals()["_POSITIONS"] = positions
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[ids[1:], positions[: len(ids) - 1]].sum()
'''),
    "blind81_right_layer_norm_binds_torch_sqrt_once": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if "_sqrt" not in globals():
                globals()["_sqrt"] = torch.sqrt         # bound at import, immune to later patches
            centred = X - X.mean(dim=-2, keepdim=True)
            variance = centred.square().mean(dim=-2, keepdim=True)
            return gamma.unsqueeze(-1) * (centred / _sqrt(variance + eps)) + beta.unsqueeze(-1)
'''),
    "blind81_right_transformer_layer_sublayer_plan_memo": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            plans = globals().setdefault("_SUBLAYER_PLANS", {})
            if bool(norm_first) not in plans:
                plans[bool(norm_first)] = (("attend", "gamma1", "beta1"), ("think", "gamma2", "beta2"))
            for sublayer, gain, shift in plans[bool(norm_first)]:
                def run(Y):
                    if sublayer == "attend":
                        return multi_head_attention(Y, Y, params, num_heads, mask)
                    return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
                if norm_first:
                    X = X + run(layer_norm(X, params[gain], params[shift]))
                else:
                    X = layer_norm(X + run(X), params[gain], params[shift])
            return X
'''),
    "blind81_right_apply_mask_module_negative_infinity_constant": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if "_NEG_INF" not in globals():
                globals()["_NEG_INF"] = float("-inf")
            return torch.where(mask, scores, _NEG_INF)
'''),
}
