"""Thirty-fifth blind batch of held-out implementations (prefix blind34_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: code written from the docstring alone, as a learner or a coding assistant would write it before
seeing a model answer. For every function I read only its stub (exercises/<module>.py: signature, docstring, input-
check
lines, the module lesson) and docs/contract.md, wrote a first version, and for docstrings that seemed ambiguous to me
a
second, deliberately different reading; only then did I open solutions/ and compare in scratch packages. A first
version that differs from the model answer on an input the contract defines is a WRONG entry (its comment names the
sentence it misread); one that agrees everywhere I could test is a RIGHT entry. A few second versions were added after
the comparison (rotary_halves_float64_angles, rotary_complex128, grid_attention_reshape_cells,
mlm_corrupt_hf_bernoulli,
the closed-form strided branch of sparse_cost_sum_over_offsets), and first versions too close to the model answer to
be useful were left out. Every exercise module is covered; the later ones (sampling ... davit) hold most entries. The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read; the
earlier blind batches (held_out_blind.py ... held_out_blind_33.py) were only skimmed for entry names and header
decisions. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written
at the same time (held_out_blind_35.py).

Docstring sentences I found ambiguous (most are settled by contract.md or the module lesson, but the stub alone leaves
them open; each has an entry):
  - bpe_decode: the stub's pointer says "strip the trailing space" (one); the contract strips all trailing spaces.
  - train_bpe: "(ties: first seen)" does not say in which scan order (the lesson does: distinct words in order of first
    appearance).
  - mlm_corrupt: "corrupted (..., N) like ids": like in shape only, or in dtype too? The visible tests pass int32 ids
    and want int32 back (and long labels), while the contract types ids as LongTensor. "Each non-special position is
    chosen with probability mask_prob" vs BERT's original fixed count per sequence. The stub does not say whether the
    10 % random token may be a special id (the contract: it may).
  - nsp_pairs: "a uniform sentence of a uniformly chosen other document" reads easily as a uniform sentence of the
    other documents pooled.
  - beam_search: "a beam ending in eos_id is finished and keeps its score" does not say that it keeps one of the
    beam_width places (the contract: it competes for one); setting finished beams aside gives the same best score but
    other sequences on ties.
  - next_token_probs: the stub says nothing about top-p's crossing token, top-k ties, or whether top-p sees top-k's
    renormalised result.
  - relative_position_bucket: "buckets num_buckets/2 .. num_buckets-1" for an odd count (the upper half starts at
    num_buckets // 2, not at num_buckets - n); "the log taken in float32" is easy to lose through true division, which
    follows the default dtype.
  - rotary_embedding: "positions default to 0 .. N - 1" does not say that K's default stays 0 .. N_k - 1 when only
    positions_q is given; nor in which precision the angles are formed (see the judgement calls).
  - additive_attention: the stub does not say what a state whose mask hides every position gets (the contract: zeros).
  - attention_decoder_step: the stub gives the GRU input order only through weight_ih (3D_s, E + D_h) and the gate
    order through "reset, update, candidate"; which GRU convention (h' = (1 - z) n + z h, reset after the product) is
    only "nn.GRUCell's parameters".
  - sparse_attention_cost: "local (window)" does not say that the window is a half-width capped at n - 1.
  - channel_attention: the stub gives the (keys, queries) score layout but not the softmax axis; timm's code, the
    natural thing to port, assigns the roles of q, k and v differently.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind34/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted for the marker) and run against its exercise's visible tests; every right entry passes them,
and each wrong entry's comment says whether it does (21 of the 61 wrong entries pass them). Each wrong entry's
recorded
input was run on the model answer and on the entry and both results printed (the sampling distributions over many
seeds); each differs as its comment says. Right entries were compared with the model answer under both default dtypes
on float32 and float64 inputs (to 2e-5 and 1e-10; exactly for masks, ids, strings and token lists), batched (one and
two
batch axes, broadcast and padding masks, queries or states that see nothing) and not, non-contiguous inputs, sizes of
1
and 0 where the model answer accepts them, keyword calls, the same tensor passed twice, the contract's ValueErrors
(same
outcome on both sides), arguments left unchanged, and gradients of every floating-point input with a random cotangent;
next_token_probs on 3366 combinations, beam_search on 580 cases, sparse_attention_cost for n up to 10^6; mlm_corrupt
and nsp_pairs by seeded outputs and by their distributions over many draws.

Judgement calls:
  - (Added by the grader's maintainer after measuring.) blind34_softmax_logsumexp, written as wrong, is counted right:
    its NaN gradients are only at -inf scores, where the contract compares no gradient.
  - blind34_mlm_corrupt_two_uniforms is counted wrong although it is right, draw for draw, on LongTensor ids: it
    returns int64 corrupted ids and int32 labels for int32 ids, which the stub's "like ids" and the visible tests
    reject, while the contract's text types ids as LongTensor. Borderline.
  - blind34_beam_search_finished_set_aside differs only on exact ties of the summed log-probabilities (a model with
    probabilities 1/2 and 1); its best score always equals the contract's.
  - blind34_bucket_true_division_default_dtype differs only under torch.set_default_dtype(torch.float64), and not for
    the default 32 buckets / 128; the grader calls every function once that way.
  - blind34_layer_norm_functional_transposed is counted right: its gradient differs from the model's by 3e-5 only at
    D = 1, where both are rounding noise and the contract leaves the function open.
  - blind34_train_bpe_occurrence_list is right but about 30 times slower than the model answer (1.4 s for a 5000-word
    corpus and 100 merges); a grader with a tight time limit on a large corpus could reject it.
  - blind34_sdpa_torch_functional relies on torch 2.13's F.scaled_dot_product_attention returning zeros for a query
    whose mask row is all False (checked here; older torch versions returned NaN there).
  - Left out: my first rotary_embedding (halves, and a complex version) formed the angles in the input's dtype. Exact
    for float64 inputs, but for float32 inputs at positions near 4000 they are 7.5e-6 to 7e-5 off the model answer
    (whose angles are float64, cast), and I could not tell whether that is inside the grader's float32 bound; the
    float64-angle second versions are in RIGHT.
  - blind34_average_pool_head_transpose_trick warns (Tensor.T on more than two axes is deprecated) before it fails.
  - More right entries than the brief's 35: the docstring-first emphasis made many first versions agree with the model
    answer. Those nearly identical to it (about fifteen) were dropped; the 48 kept differ from it in form.

Counts: 61 wrong, 48 right, as written (61 and 48 after the one reclassified right and the one reclassified wrong,
each with its reason above it).
Wrong per function: {'additive_attention': 1, 'apply_mask': 2, 'attention_decoder_step': 3, 'average_pool_head': 2, 'beam_search': 1, 'bpe_decode': 2, 'bpe_encode': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 4, 'multi_head_attention': 2, 'next_token_probs': 3, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 3, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 2, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 2, 'sparse_attention_cost': 3, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_encode': 2, 'causal_mask': 1, 'channel_attention': 2, 'decoder_layer': 1, 'dequantize_pixels': 2, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patchify': 2, 'pixel_sequence': 2, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'sequence_log_prob': 2, 'shifted_window_mask': 2, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

"""
WRONG_BLIND_34 = {
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-28): the contract lets a float
    # argument be given as an int, and torch.full(ids.shape, mask_prob) with mask_prob=1 is an integer tensor, which
    # torch.bernoulli refuses (the reference did the same until then, and was fixed).
    # Hugging Face's DataCollatorForLanguageModeling draws: Bernoulli(p) choice of non-special positions,
    # Bernoulli(0.8) [MASK], Bernoulli(0.5) of the rest random ids from [0, V) in the ids' dtype, labels long. The
    # same distribution (80/10/10, specials never chosen, ids untouched, int32 ids kept int32); the contract grades
    # only the distribution.
    "blind34_mlm_corrupt_hf_bernoulli": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # as DataCollatorForLanguageModeling: Bernoulli draws, then 80 % of the chosen, then half of the rest
            special = torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1))
            chosen = torch.bernoulli(torch.full(ids.shape, mask_prob), generator=generator).bool() & ~special
            labels = ids.long().masked_fill(~chosen, -100)
            masked = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
            randomised = torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool() & chosen & ~masked
            words = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.masked_fill(masked, mask_id)
            corrupted = torch.where(randomised, words, corrupted)
            return corrupted, labels
'''),
    # Walks the distinct words most frequent first (Counter.most_common()) when counting, so "ties: first seen"
    # becomes first seen in that order rather than in order of first appearance in the corpus (misread of the tie
    # sentence). train_bpe("abab cd cd", 1): model [('a', 'b')], entry [('c', 'd')]. Fails the visible tests.
    "blind34_train_bpe_words_by_frequency": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            # the most frequent words first: their pairs are "seen first"
            segs = [(list(w), f) for w, f in freq.most_common()]
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for symbols, f in segs:
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                segs = [(merge_pair(s, best), f) for s, f in segs]
            return merges
'''),
    # Applies the merges to one stream of all words' symbols instead of word by word ("on each word" read as a
    # detail): a merge whose left half is "</w>" joins across words. Merges learned by train_bpe never start with
    # "</w>", but the contract allows any list of pairs. bpe_encode("a b", [("</w>", "b")]): model ['a', '</w>', 'b',
    # '</w>'], entry ['a', '</w>b', '</w>']. Passes the visible tests.
    "blind34_bpe_encode_whole_text_one_list": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            symbols = [s for w in words for s in w]      # one stream of symbols, words end in </w>
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            return symbols
'''),
    # Removes exactly one trailing space, reading the stub's pointer "strip the trailing space" (singular) literally;
    # the contract strips all trailing spaces. bpe_decode(["a</w>", "</w>"]): model 'a', entry 'a '. Passes the
    # visible tests.
    "blind34_bpe_decode_drops_one_trailing_space": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            if text.endswith(" "):
                text = text[:-1]            # strip the trailing space
            return text
'''),
    # split("</w>") / " ".join / .strip(): the strip also removes a leading space that a leading "</w>" token gives,
    # which the contract keeps. bpe_decode(["</w>", "a</w>"]): model ' a', entry 'a'. Passes the visible tests.
    "blind34_bpe_decode_split_join": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return " ".join("".join(tokens).split(END_OF_WORD)).strip()
'''),
    # F.one_hot(...).float() when dtype is None: always float32, where the docstring says the default float dtype.
    # Under torch.set_default_dtype(torch.float64), one_hot([1, 0], 2): model float64 [[0, 1], [1, 0]], entry the
    # same values in float32. Passes the visible tests.
    "blind34_one_hot_functional_float": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            T = torch.nn.functional.one_hot(token_ids, vocab_size).transpose(-1, -2)
            return T.float() if dtype is None else T.to(dtype)
'''),
    # omega_e[:, ids].transpose(0, -2): moves D next to N for ids (N,) and (B, N) but swaps the outer batch axes for
    # ids with two or more batch axes. omega_e = arange(6).reshape(2, 3), ids = [[[0, 1], [2, 0]], [[1, 1], [0, 2]]]:
    # model [[[[0, 1], [3, 4]], [[2, 0], [5, 3]]], ...], entry [[[[0, 1], [3, 4]], [[1, 1], [4, 4]]], ...] (the two
    # batch axes swapped). Passes the visible tests.
    "blind34_embed_transpose_first_axis": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            X = omega_e[:, token_ids]            # (D, ..., N)
            return X.transpose(0, -2) if X.dim() > 2 else X
'''),
    # Scales row r by 10000^(r/D), reading "2i" as the row index, so odd (cosine) rows get the next pair's frequency.
    # sinusoidal_positions(2, 2): model [[0, 0.8415], [1, 0.5403]], entry [[0, 0.8415], [1, 0.9999]]. Fails the
    # visible tests.
    "blind34_sin_positions_row_exponent": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.get_default_dtype())
            r = torch.arange(dim, dtype=torch.get_default_dtype())
            angles = n[None, :] / 10000 ** (r[:, None] / dim)      # row r scaled by 10000^(r/D)
            P = torch.empty(dim, num_positions)
            P[0::2] = torch.sin(angles[0::2])
            P[1::2] = torch.cos(angles[1::2])
            return P
'''),
    # "Softmax down each column" read as the first axis (dim=0): right for a 2-D score matrix, wrong once a batch
    # axis leads. scores [[[0, 0], [0, ln 3]], [[1, 0], [1, 0]]]: model [[[0.5, 0.25], [0.5, 0.75]], [[0.5, 0.5],
    # [0.5, 0.5]]], entry [[[0.2689, 0.5], [0.2689, 0.75]], [[0.7311, 0.5], [0.7311, 0.25]]]. Fails the visible
    # tests.
    "blind34_softmax_dim0_down_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # "down each column": along the first axis, the rows
            m = scores.max(dim=0, keepdim=True).values
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = (scores - m).exp()
            s = e.sum(dim=0, keepdim=True)
            return e / s.clamp_min(torch.finfo(s.dtype).tiny)
'''),
    # Adds the query axis at position 1, (B, 1, n), not (B, n, 1) as the docstring says (the keys must be the rows).
    # padding_mask([1, 2], 2): model [[[True], [False]], [[True], [True]]], entry [[[True, False]], [[True, True]]].
    # Fails the visible tests.
    "blind34_padding_mask_query_axis_middle": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n, device=lengths.device)
            return (keys[None, :] < lengths[:, None]).unsqueeze(1)       # add the query axis
'''),
    # Fills hidden scores with the dtype's most negative finite number instead of -inf (the usual Hugging Face
    # habit); the docstring says -inf. scores [[1, 2], [3, 4]], mask [[T, F], [T, T]]: model [[1, -inf], [3, 4]],
    # entry [[1, -3.4028e38], [3, 4]]. Fails the visible tests.
    "blind34_apply_mask_finfo_min": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
'''),
    # scores * m + (1 - m) * -inf: 0 * -inf is NaN wherever the key is visible. scores [[1, 2], [3, 4]], mask [[T,
    # F], [T, T]]: model [[1, -inf], [3, 4]], entry [[nan, -inf], [nan, nan]]. Fails the visible tests.
    "blind34_apply_mask_arith_blend": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            m = mask.to(scores.dtype)
            return scores * m + (1 - m) * float("-inf")
'''),
    # Divides by sqrt(D_v) (V's rows, "the head width") instead of sqrt(D_k). Q = ones(4, 1), K = [[1, 0]] * 4 rows,
    # V = [[0, 1]]: model output [[0.1192]], weights [[0.8808], [0.1192]]; entry [[0.018]], [[0.982], [0.018]]. Fails
    # the visible tests.
    "blind34_sdpa_scale_by_value_width": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d = V.shape[-2]                                          # the head width
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Gives only a 3-D mask its head axis, with unsqueeze(1): a 2-D mask and a (B, N_k, N_q) mask work, but the
    # contract's (1, 3, N_k, N_q) mask over inputs of batch (2, 3) is left without a head axis. Xq = Xkv = arange(48)
    # .reshape(2, 3, 4, 2) / 10, H = 2, mask (1, 3, 2, 2): model returns (2, 3, 4, 2), entry raises RuntimeError
    # (size of tensor a (3) must match ... (2)). Passes the visible tests.
    "blind34_mha_mask_unsqueeze_dim1": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(params["Wq"] @ Xq + params["bq"][:, None], num_heads)
            K = split_heads(params["Wk"] @ Xkv + params["bk"][:, None], num_heads)
            V = split_heads(params["Wv"] @ Xkv + params["bv"][:, None], num_heads)
            if mask is not None and mask.dim() == 3:
                mask = mask.unsqueeze(1)                # (B, N_k, N_q) -> (B, 1, N_k, N_q), shared by the heads
            A, _ = scaled_dot_product_attention(Q, K, V, mask)
            return params["Wo"] @ merge_heads(A) + params["bo"][:, None]
'''),
    # Splits heads with reshape(D/H, H, N).transpose, so head h holds rows h, h + H, ... instead of the contiguous
    # block h*D/H .. (h+1)*D/H - 1 the docstring names. Xq = Xkv = arange(8).reshape(4, 2) / 10, H = 2, seeded
    # params: model column 0 [-0.4682, 0.2459, -5.7784, 0.1143], entry [-0.4651, 0.2431, -5.7767, 0.1053]. Passes the
    # visible tests.
    "blind34_mha_heads_strided_rows": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(Y):
                *lead, D, N = Y.shape
                return Y.reshape(*lead, D // num_heads, num_heads, N).transpose(-3, -2)   # (..., H, D/H, N)
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            A, _ = scaled_dot_product_attention(Q, K, V, mask)
            *lead, H, d, N = A.shape
            return linear(A.transpose(-3, -2).reshape(*lead, H * d, N), params["Wo"], params["bo"])
'''),
    # Uses X.std (Bessel-corrected) for "variance 1"; the layer norm's variance is the biased one. X = [[1], [3]],
    # gamma 1, beta 0: model [[-1], [1]], entry [[-0.7071], [0.7071]]. Fails the visible tests.
    "blind34_layer_norm_unbiased_std": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            std = X.std(dim=-2, keepdim=True)            # each column to variance 1
            return gamma[:, None] * (X - mean) / torch.sqrt(std ** 2 + eps) + beta[:, None]
'''),
    # Ends the pre-LN layer with another layer norm (pre-LN stacks end with a final norm, but that norm belongs to
    # the stack, not to each layer). X = arange(8).reshape(4, 2) / 10, H = 2, seeded weights, unit gammas,
    # norm_first=True: model column 0 [-1.1302, 5.2543, -19.1817, 0.9875], entry [0.2558, 0.94, -1.6786, 0.4828].
    # Fails the visible tests.
    "blind34_transformer_layer_pre_ln_final_norm": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def ffn(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                Y = layer_norm(X, params["gamma1"], params["beta1"])
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)
                X = X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
                return layer_norm(X, params["gamma2"], params["beta2"])     # pre-LN stacks end with a norm
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Takes the queries from the encoder and keys/values from the decoder ("attends to the encoder" read backwards):
    # the output has N_e columns. X_dec (4, 2), X_enc (4, 3), H = 2: model returns (4, 2), entry (4, 3) (and raises
    # with an (N_e, N_d) enc_mask). Fails the visible tests.
    "blind34_cross_attention_swapped_roles": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # keys/values from the decoder side, queries from the encoder memory
            return multi_head_attention(X_enc, X_dec, params, num_heads, enc_mask)
'''),
    # ANDs enc_mask into the causal self-attention mask as well ("padding applies to the decoder too"): an encoder
    # padding mask then hides decoder keys, and an (N_e, N_d) mask with N_e != N_d raises. X_dec, X_enc (1, 4, 3),
    # enc_mask [[[T], [F], [F]]], seeded weights, unit gammas: model column 1 [-0.2962, 1.4921, -1.2946, 0.0987],
    # entry [-0.2886, 1.4913, -1.2976, 0.0949]. Fails the visible tests.
    "blind34_decoder_layer_enc_mask_everywhere": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = causal_mask(n).to(X_dec.device)
            self_mask = causal if enc_mask is None else causal & enc_mask     # padding applies to the decoder too
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            F = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + F, params["gamma3"], params["beta3"])
'''),
    # nanoGPT's top-k (masking logits below the k-th largest) keeps every token tied with the k-th, more than k
    # tokens; the contract keeps exactly k, ties to lower ids. logits [1, 1, 1, 0], top_k=2: model [0.5, 0.5, 0, 0],
    # entry [1/3, 1/3, 1/3, 0]. Fails the visible tests.
    "blind34_next_token_probs_nanogpt_threshold": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(logits.argmax(), logits.numel()).to(logits.dtype)
            logits = logits / temperature
            if top_k is not None:
                v, _ = torch.topk(logits, min(top_k, logits.numel()))
                logits = logits.masked_fill(logits < v[-1], float("-inf"))       # nanoGPT
            probs = torch.softmax(logits, dim=-1)
            if top_p is not None:
                p_sorted, idx = torch.sort(probs, descending=True, stable=True)
                cum = torch.cumsum(p_sorted, 0)
                drop = cum - p_sorted >= top_p
                probs = probs.masked_fill(torch.zeros_like(drop).scatter(0, idx, drop), 0.0)
            return probs / probs.sum()
'''),
    # Keeps the tokens whose cumulative probability is <= p, dropping the token that crosses p (the stub does not
    # say; the contract keeps it). probs [0.5, 0.3, 0.2], top_p=0.6: model [0.625, 0.375, 0], entry [1, 0, 0]. Fails
    # the visible tests.
    "blind34_next_token_probs_top_p_excludes_crossing": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                out = torch.zeros_like(logits)
                out[logits.argmax()] = 1
                return out
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None and top_k < probs.numel():
                idx = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.clone()
                probs[idx[top_k:]] = 0
                probs = probs / probs.sum()
            if top_p is not None:
                p, idx = torch.sort(probs, descending=True, stable=True)
                keep = torch.cumsum(p, 0) <= top_p                   # the nucleus: mass up to p
                keep[0] = True                                       # never empty
                probs = torch.zeros_like(probs).scatter(0, idx, p * keep)
            return probs / probs.sum()
'''),
    # Checks for eos before drawing, on the last id of the sequence so far: a prompt that ends with eos_id generates
    # nothing. The contract stops only after emitting eos. Model always scoring token 0 highest, prompt [1, 0],
    # max_new_tokens=2, eos_id=0, temperature 0: model [1, 0, 0], entry [1, 0]. Passes the visible tests.
    "blind34_generate_stops_on_eos_anywhere": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.tolist()
            while len(out) < len(prompt) + max_new_tokens:
                if eos_id is not None and out and out[-1] == eos_id:
                    break                                             # the sequence has ended
                ctx = torch.tensor(out if context_size is None else out[-context_size:], dtype=torch.long)
                probs = next_token_probs(model(ctx)[:, -1], temperature, top_k, top_p)
                out.append(int(torch.multinomial(probs, 1, generator=generator)))
            return torch.tensor(out, dtype=torch.long)
'''),
    # log(softmax(.)) instead of log_softmax: an unlikely token underflows to log(0) = -inf. Logits [[0], [1000]] in
    # every column, ids [1, 0]: model -1000, entry -inf. Passes the visible tests.
    "blind34_sequence_log_prob_log_of_softmax": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            probs = torch.softmax(model(ids), dim=0)
            n = ids.shape[0]
            return torch.log(probs[ids[1:], torch.arange(n - 1)]).sum()
'''),
    # Second reading of "a beam ending in eos_id is finished and keeps its score": finished beams are set aside
    # (Hugging Face's hypothesis list) and beam_width unfinished beams carry on; the best of both is returned. The
    # best score agrees with the contract's, but ties do not: the contract keeps finished beams among the beam_width,
    # ties to the earlier beam. A model giving tokens 0 and eos 2 probability 1/2 after token 1 and token 1
    # probability ~1 otherwise, prompt [1], beam_width 2, 2 steps, eos_id 2: model [1, 0, 1], entry [1, 2] (both
    # score -ln 2). Passes the visible tests.
    "blind34_beam_search_finished_set_aside": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            alive = [(0.0, prompt.tolist())]
            finished = []
            for _ in range(max_new_tokens):
                if not alive:
                    break
                cands = []
                for score, seq in alive:
                    logp = torch.log_softmax(model(torch.tensor(seq))[:, -1].double(), dim=0).tolist()
                    cands += [(score + lp, seq + [tok]) for tok, lp in enumerate(logp)]
                cands.sort(key=lambda c: -c[0])
                alive = []
                for score, seq in cands:
                    if len(alive) == beam_width:
                        break
                    if eos_id is not None and seq[-1] == eos_id:
                        finished.append((score, seq))            # kept aside with its score
                    else:
                        alive.append((score, seq))
            pool = finished + alive
            best = max(pool, key=lambda c: c[0])
            return torch.tensor(best[1], dtype=torch.long)
'''),
    # Flattens each patch in (row, column, channel) order (timm / Hugging Face's channels-last habit), not (channel,
    # row, column). images arange(8).reshape(1, 2, 2, 2), P = 2: model column [0, 1, 2, 3, 4, 5, 6, 7], entry [0, 4,
    # 1, 5, 2, 6, 3, 7]. Fails the visible tests.
    "blind34_patchify_channels_last": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            x = images.reshape(batch, channels, height // P, P, width // P, P)
            x = x.permute(0, 2, 4, 3, 5, 1)                  # (B, H/P, W/P, P, P, C): a patch's pixels
            return x.reshape(batch, -1, P * P * channels).transpose(1, 2)
'''),
    # Adds positions[:, 1:] to the patches only, so [CLS] gets no position (positions[:, 0] is never used). images
    # ones(1, 1, 2, 2), P = 2, W ones(1, 4), b 0, cls [5], positions [[1, 2]]: model [[[6, 6]]], entry [[[5, 6]]].
    # Fails the visible tests.
    "blind34_patch_embedding_cls_without_position": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            X = linear(patchify(images, patch_size), W, b) + positions[:, 1:]      # positions of the patches
            cls = cls_token.reshape(1, -1, 1).expand(X.shape[0], -1, -1)
            return torch.cat([cls, X], dim=-1)
'''),
    # torch.softmax over the masked scores: a state whose mask hides every position gets NaN weights and context (the
    # stub says nothing about that case; the contract wants zeros). s [1], H [[1, 2]], W = U = [[1]], v [1], mask [F,
    # F]: model ([0, 0], [0]), entry ([nan, nan], [nan]). Fails the visible tests.
    "blind34_additive_attention_torch_softmax": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh((s @ W.T)[..., :, None] + U @ H))
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(e, dim=-1)
            context = torch.einsum("...dn,...n->...d", H, weights)
            return weights, context
'''),
    # Writes the GRU update as h' = (1 - z) h + z n (Wikipedia's convention); nn.GRUCell's, which the docstring
    # names, is (1 - z) n + z h. s_prev [0.5, -1], y_prev [1], H = eye(2), seeded params: model s [0.5, -0.2654],
    # entry [0.4848, -0.8388] (logits differ too). Fails the visible tests.
    "blind34_decoder_step_wikipedia_update": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            gi = x @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            i_r, i_z, i_n = gi.chunk(3, dim=-1)
            h_r, h_z, h_n = gh.chunk(3, dim=-1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            s = (1 - z) * s_prev + z * n                   # h_t = (1 - z) h_{t-1} + z n_t
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Applies the reset gate before the hidden product, W_hn (r * h) + b_hn (Cho et al.'s original, Keras
    # reset_after=False); nn.GRUCell computes r * (W_hn h + b_hn). Same input as above: model s [0.5, -0.2654], entry
    # [0.5013, -0.7342]. Fails the visible tests.
    "blind34_decoder_step_reset_before_matmul": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, c)
            D = s_prev.shape[-1]
            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            r = torch.sigmoid(x @ Wi[:D].T + bi[:D] + s_prev @ Wh[:D].T + bh[:D])
            z = torch.sigmoid(x @ Wi[D:2 * D].T + bi[D:2 * D] + s_prev @ Wh[D:2 * D].T + bh[D:2 * D])
            n = torch.tanh(x @ Wi[2 * D:].T + bi[2 * D:] + (r * s_prev) @ Wh[2 * D:].T + bh[2 * D:])
            s = (1 - z) * n + z * s_prev
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Flattens the cells column by column (transpose then reshape) but unflattens the weights row by row, so the
    # weights land on the transposed cells (the context is right). s [1], features arange(6).reshape(1, 2, 3) / 3, W
    # = U = [[1]], v [1]: model weights [[0.1423, 0.1586, 0.1686], [0.1743, 0.1773, 0.1789]], entry [[0.1423, 0.1743,
    # 0.1586], [0.1773, 0.1686, 0.1789]]. Passes the visible tests.
    "blind34_grid_attention_column_major": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, h, w = features.shape[-3:]
            cells = features.transpose(-1, -2).reshape(*features.shape[:-2], h * w)   # the cells as columns
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], h, w), context
'''),
    # The Sparse Transformer's causal strided head (j <= i and i - j divisible by the stride); the docstring's "keys
    # i, i +- stride" is two-sided. strided_mask(3, 2): model [[T, F, T], [F, T, F], [T, F, T]], entry [[T, F, T],
    # [F, T, F], [F, F, T]]. Fails the visible tests.
    "blind34_strided_mask_sparse_transformer": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            j = torch.arange(n)[:, None]
            i = torch.arange(n)[None, :]
            return (j <= i) & ((i - j) % stride == 0)            # Child et al.: the previous tokens i - s, i - 2s, ...
'''),
    # Adds the diagonal ("every token also sees itself"), which the docstring's rule (j or i global) does not include
    # for two ordinary tokens. is_global [T, F, F]: model [[T, T, T], [T, F, F], [T, F, F]], entry [[T, T, T], [T, T,
    # F], [T, F, T]]. Fails the visible tests.
    "blind34_global_token_mask_with_self": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            eye = torch.eye(n, dtype=torch.bool, device=is_global.device)
            return is_global[..., :, None] | is_global[..., None, :] | eye    # every token also sees itself
'''),
    # 2 g n: a global row plus a global column per global token, counting the g x g block twice; the mask has g(2n -
    # g) True entries. sparse_attention_cost("global", 4, num_global=1): model 7, entry 8. Fails the visible tests.
    "blind34_sparse_cost_global_double_count": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return 2 * num_global * n                   # a global row and a global column per global token
'''),
    # n(2w + 1) - w(w + 1) without capping w at n - 1 (the stub does not say the window is capped). ("local", 3,
    # window=5): model 9, entry 3 (and negative counts for n = 0). Fails the visible tests.
    "blind34_sparse_cost_local_uncapped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            costs = {
                "dense": lambda: n * n,
                "causal": lambda: n * (n + 1) // 2,
                "local": lambda: n * (2 * window + 1) - window * (window + 1),
                "strided": lambda: n * (2 * ((n - 1) // stride) + 1) - stride * ((n - 1) // stride) * ((n - 1) // stride + 1),
                "global": lambda: num_global * (2 * n - num_global),
            }
            return costs[pattern]()
'''),
    # Computes log(d / exact) with true division of integer tensors, which follows the default dtype: under
    # torch.set_default_dtype(torch.float64) the log is taken in float64, not float32 as the docstring says, and
    # boundary distances move. Causal, 9 buckets, offsets [-8, -16, -64], float64 default: model [5, 6, 8], entry [4,
    # 5, 7]; under the float32 default they agree, and so they do for the default 32 buckets / 128. Passes the
    # visible tests.
    "blind34_bucket_true_division_default_dtype": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rp = relative_position
            if bidirectional:
                n = num_buckets // 2
                offset = (rp > 0).long() * n
                d = rp.abs()
            else:
                n = num_buckets
                offset = torch.zeros_like(rp)
                d = (-rp).clamp(min=0)
            exact = n // 2
            scaled = torch.log(d / exact) / math.log(max_distance / exact) * (n - exact)
            big = (exact + scaled.floor().clamp(max=n - 1 - exact).nan_to_num(0)).long()
            return offset + torch.where(d < exact, d, big)
'''),
    # Second reading of "the upper half": the top n = num_buckets // 2 buckets, starting at num_buckets - n; the
    # contract starts the upper half at num_buckets // 2. Equal for even counts. Offsets [-1, 0, 1, 2], 31 buckets:
    # model [1, 0, 16, 17], entry [1, 0, 17, 18]. Passes the visible tests.
    "blind34_bucket_upper_half_is_top_n": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rp = relative_position
            if bidirectional:
                n = num_buckets // 2
                upper = num_buckets - n                        # the upper half: the top n buckets
                base = torch.where(rp > 0, torch.full_like(rp, upper), torch.zeros_like(rp))
                d = rp.abs()
            else:
                n = num_buckets
                base = torch.zeros_like(rp)
                d = torch.clamp(-rp, min=0)
            half = n // 2
            logd = torch.log(d.clamp(min=1).to(torch.float32) / half) / math.log(max_distance / half)
            large = (half + (logd * (n - half)).long()).clamp(max=n - 1)
            return base + torch.where(d < half, d, large)
'''),
    # Hugging Face's float32 inv_freq and float32 angles, cast to X's dtype: a float64 input is rotated by float32
    # angles (a float32 path inside). Q = K = [[1], [1], [0], [0]] float64, position 1000: model column
    # [0.562379076291, -0.839071529076, 0.826879540532, -0.544021110889], entry [0.562379062176, -0.839071512222,
    # 0.826879560947, -0.544021129608]. Fails the visible tests.
    "blind34_rotary_float32_inv_freq": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            D = Q.shape[-2]
            inv_freq = 1.0 / (base ** (torch.arange(0, D, 2).float() / D))    # as in Hugging Face's Llama

            def rotate(X, pos):
                N = X.shape[-1]
                pos = torch.arange(N) if pos is None else pos
                freqs = torch.outer(inv_freq, pos.float())                      # (D/2, N)
                emb = torch.cat([freqs, freqs], dim=0)
                cos, sin = emb.cos().to(X.dtype), emb.sin().to(X.dtype)
                rot = torch.cat([-X[..., D // 2:, :], X[..., :D // 2, :]], dim=-2)   # rotate_half
                return X * cos + rot * sin
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right in distribution and even draw-for-draw on LongTensor ids, but "corrupted (..., N) like ids" was read as
    # the shape only: torch.where with int64 random ids promotes an int32 ids tensor to int64, and the labels keep
    # the ids' int32. ids int32 [[0, 5, 6, 7, 2]], vocab 10, specials [0, 2], mask 3: model (int32, int64), entry
    # (int64, int32). Fails the visible tests (the int32 check); the contract's own text types ids as LongTensor (see
    # the header).
    "blind34_mlm_corrupt_two_uniforms": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(list(special_ids) if not torch.is_tensor(special_ids) else special_ids,
                                      dtype=torch.long)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            randoms = torch.randint(vocab_size, ids.shape, generator=generator)
            corrupted = torch.where(chosen & (u < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (u >= 0.8) & (u < 0.9), randoms, corrupted)
            labels = torch.where(chosen, ids, torch.full_like(ids, -100))
            return corrupted, labels
'''),
    # The random-token branch is a fresh Bernoulli(0.1) among the chosen tokens not masked, so only 2 % of the chosen
    # become random (HF draws 0.5 there) and 18 % stay unchanged. 200 x 100 ids, vocab 50, seed 5: chosen tokens
    # unchanged 10.9 % (model) vs 18.6 % (entry); int32 ids also raise. Fails the visible tests.
    "blind34_mlm_corrupt_random_tenth_of_rest": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            chosen = torch.bernoulli(torch.full(ids.shape, mask_prob), generator=generator).bool()
            chosen &= ~torch.isin(ids, special)
            labels = ids.masked_fill(~chosen, -100)
            corrupted = ids.clone()
            to_mask = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & chosen
            corrupted[to_mask] = mask_id
            to_random = torch.bernoulli(torch.full(ids.shape, 0.1), generator=generator).bool() & chosen & ~to_mask
            corrupted[to_random] = torch.randint(vocab_size, ids.shape, generator=generator)[to_random]
            return corrupted, labels
'''),
    # Second reading of "chosen with probability mask_prob": BERT's original script, which picks exactly max(1,
    # round(p * n)) eligible positions per sequence. A sequence with one eligible token (e.g. [0, 7, 2], specials [0,
    # 1, 2]): chosen at rate 0.157 (model) vs 1.0 (entry) over 4000 rows. Fails the visible tests.
    "blind34_mlm_corrupt_fixed_count": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            flat = ids.reshape(-1, ids.shape[-1])
            corrupted, labels = flat.clone(), torch.full_like(flat, -100)
            for row in range(flat.shape[0]):
                cand = torch.nonzero(~torch.isin(flat[row], special)).flatten()
                k = max(1, round(len(cand) * mask_prob)) if len(cand) else 0     # as BERT: a fixed number per sequence
                pick = cand[torch.randperm(len(cand), generator=generator)[:k]]
                labels[row, pick] = flat[row, pick]
                for p in pick.tolist():
                    u = torch.rand((), generator=generator)
                    if u < 0.8:
                        corrupted[row, p] = mask_id
                    elif u < 0.9:
                        corrupted[row, p] = int(torch.randint(vocab_size, (), generator=generator))
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # Second reading of "a uniform sentence of a uniformly chosen other document": one draw from the pooled sentences
    # of all other documents, which weights documents by their length. documents [["a", "b"], ["c"], ["d", "e",
    # "f"]], 4000 seeds, label-1 B for ("a", "b"): model c 1012 / d 310 / e 332 / f 320, entry c 492 / d 483 / e 520
    # / f 479. Passes the visible tests.
    "blind34_nsp_pairs_pooled_sentences": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            examples = []
            for d, doc in enumerate(documents):
                elsewhere = [s for e, other in enumerate(documents) if e != d for s in other]   # other documents' sentences
                for a, b in zip(doc, doc[1:]):
                    if torch.rand(1, generator=generator).item() < 0.5:
                        examples.append((a, b, 0))
                    else:
                        pick = torch.randint(len(elsewhere), (1,), generator=generator).item()
                        examples.append((a, elsewhere[pick], 1))
            return examples
'''),
    # Unpacks images as (B, C, H, W) and permutes (0, 2, 3, 1): fine for one batch axis, raises for an unbatched (C,
    # H, W) image or two batch axes (the docstring says (..., C, H, W)). images [[[0.9]], [[0.1]]] (C=2, 1x1),
    # palette [[0, 1], [0, 0]]: model [[1]], entry raises ValueError (not enough values to unpack). Fails the visible
    # tests.
    "blind34_quantize_batch_permute": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            B, C, H, W = images.shape
            x = images.permute(0, 2, 3, 1).reshape(-1, C)                    # every pixel as a row
            d = (x ** 2).sum(1, keepdim=True) - 2 * x @ palette + (palette ** 2).sum(0)
            return d.argmin(1).reshape(B, H, W)
'''),
    # Indexes the palette with the ids as given: int64 and int32 work, but uint8 ids are read as a boolean mask and
    # int16 ids are refused ("any integer dtype"). ids uint8 [[1, 0]], palette [[0.5, 1.5]]: model [[[1.5, 0.5]]],
    # entry raises IndexError (too many indices). Passes the visible tests.
    "blind34_dequantize_index_no_cast": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette[:, ids].movedim(0, -3)                  # (C, ..., H, W) -> (..., C, H, W)
'''),
    # Casts inputs to long but returns targets in the ids' dtype; the docstring says both are long. ids uint8 [[3,
    # 4], [5, 6]], sos 9: model targets [3, 4, 5, 6] int64, entry uint8. Passes the visible tests.
    "blind34_pixel_sequence_keeps_int_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            inputs = torch.cat([start, targets[..., :-1].long()], dim=-1)
            return inputs, targets
'''),
    # if b: on the bias tensor: raises for K > 1 ("Boolean value of Tensor ... ambiguous") and skips a one-element
    # bias equal to 0 (whose gradient then goes missing). X [[1, 3], [2, 2]], W eye(2), b [1, -1]: model [3, 1],
    # entry raises RuntimeError. Fails the visible tests.
    "blind34_average_pool_head_truthy_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = X.mean(dim=-1) @ W.T
            if b:
                logits = logits + b
            return logits
'''),
    # Stacks the windows column of windows by column of windows instead of in raster order over the grid of windows.
    # X = arange(16).reshape(1, 4, 4), M = 2: model windows [0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], ..., entry
    # [0, 1, 4, 5], [8, 9, 12, 13], [2, 3, 6, 7], .... Fails the visible tests.
    "blind34_window_partition_column_major_windows": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = []
            for b in range(width // M):                 # window by window
                for a in range(height // M):
                    tile = X[..., a * M:(a + 1) * M, b * M:(b + 1) * M]
                    tiles.append(tile.reshape(*batch, channels, M * M))
            return torch.stack(tiles, dim=-3)
'''),
    # Puts the wrapped tokens in the first `shift` rows and columns, as if the roll went down and right; the
    # docstring's roll goes up and left, so they sit in the last ones. shifted_window_mask(4, 4, 2, 1): model window
    # 0 all True and window 3 the identity, entry window 0 the identity and window 3 all True (windows 1 and 2
    # swapped likewise). Fails the visible tests.
    "blind34_shifted_mask_wrapped_top_left": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            # after the roll the tokens that wrapped around sit in the first `shift` rows and columns
            rows = torch.arange(height) < shift
            cols = torch.arange(width) < shift
            label = rows[:, None].long() * 2 + cols[None, :].long()
            win = label.reshape(height // M, M, width // M, M).transpose(1, 2).reshape(-1, M * M)
            return win[:, :, None] == win[:, None, :]
'''),
    # F.pixel_unshuffle(X, 2) as the 2x2 merge: it groups the features channel by channel, each in raster order (c0
    # TL, c0 TR, c0 BL, c0 BR, c1 ...), not TL, BL, TR, BR of all channels. X = arange(8).reshape(2, 2, 2), gamma 1,
    # beta 0, W = eye(8)[:4]: model [-1.5275, 0.2182, -0.6547, 1.0911], entry [-1.5275, -1.0911, -0.6547, -0.2182].
    # Fails the visible tests.
    "blind34_patch_merging_pixel_unshuffle": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            Y = torch.nn.functional.pixel_unshuffle(X, 2)                # (..., 4C, H/2, W/2): space to depth
            h, w = Y.shape[-2:]
            Z = layer_norm(Y.flatten(-2), gamma, beta, eps)
            return (W @ Z).reshape(*Z.shape[:-2], W.shape[0], h, w)
'''),
    # Ports timm's DaViT ChannelAttention: softmax(k v^T * scale) over the last axis, applied to q, so the roles of
    # queries, keys and values differ from the docstring's (weights from K_g Q_g^T, applied to V_g). X =
    # arange(4).reshape(2, 2) / 4, G = 1, seeded params: model [[0.9835, 0.7638], [0.1021, 0.2237]], entry [[0.3053,
    # 0.2645], [0.5023, 0.5252]]. Passes the visible tests.
    "blind34_channel_attention_timm_roles": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = tokens ** -0.5 if scale is None else scale
            q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            k = split_heads(linear(X, params["Wk"], params["bk"]), num_groups) * s
            v = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            attention = torch.softmax(k @ v.transpose(-2, -1), dim=-1)           # as timm's ChannelAttention
            return linear(merge_heads(attention @ q), params["Wo"], params["bo"])
'''),
    # Draws the random replacement among the non-special ids only ("a real word, never [CLS]"); the contract draws
    # uniformly from [0, vocab_size), specials and the original included. vocab 3, specials [0, 1], mask_id 1, ids
    # all 2: chosen tokens replaced by 0 at 3.4 % (model) vs 0 % (entry), unchanged 13.4 % vs 19.9 %. Passes the
    # visible tests.
    "blind34_mlm_corrupt_random_avoids_specials": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            ordinary = torch.tensor([t for t in range(vocab_size) if t not in set(special.tolist())], dtype=ids.dtype)
            random_ids = ordinary[torch.randint(len(ordinary), ids.shape, generator=generator)]   # a real word, never [CLS]/[SEP]
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # When only positions_q is given and N_q == N_k, the keys reuse the query positions ("one sequence") instead of
    # defaulting to 0 .. N_k - 1. Q = [[1, 0], [0, 1]], K = [[1, 1], [0, 0]], positions_q [5, 6]: model K' [[1,
    # 0.5403], [0, 0.8415]], entry [[0.2837, 0.9602], [-0.9589, -0.2794]]. Fails the visible tests.
    "blind34_rotary_k_positions_follow_q": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_k is None and positions_q is not None and K.shape[-1] == Q.shape[-1]:
                positions_k = positions_q                 # one sequence: queries and keys share their positions
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Reads the offset as query - key (upper half for negative offsets, causal keeps positive ones). Offsets [-3, -1,
    # 0, 1, 3] with 32 buckets: model [3, 1, 0, 17, 19], entry [19, 17, 0, 1, 3]. Fails the visible tests.
    "blind34_bucket_query_minus_key": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rel = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                out = (rel < 0).long() * n                 # keys after the query: key - query < 0 ... the upper half
                dist = rel.abs()
            else:
                n = num_buckets
                out = torch.zeros_like(rel)
                dist = rel.clamp(min=0)
            exact = n // 2
            far = exact + (torch.log(dist.float() / exact) / math.log(max_distance / exact) * (n - exact)).long()
            return out + torch.where(dist < exact, dist, far.clamp(max=n - 1))
'''),
    # Reads the batch from windows.shape[0] (Hugging Face's (B*nW, M, M, C) habit): unbatched windows (nW, C, M*M)
    # and two batch axes break. windows arange(2).reshape(2, 1, 1), M = 1, H = 1, W = 2: model [[[0, 1]]], entry
    # raises RuntimeError (shape '[2, 1, 2, 1, 1, 1]' is invalid). Fails the visible tests.
    "blind34_window_reverse_first_axis_batch": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            B = windows.shape[0]
            C = windows.shape[-2]
            x = windows.reshape(B, height // M, width // M, C, M, M)
            x = x.permute(0, 3, 1, 4, 2, 5)
            return x.reshape(B, C, height, width)
'''),
    # Stacks the block row by row (TL, TR, BL, BR) instead of the docstring's TL, BL, TR, BR. X =
    # arange(4).reshape(1, 2, 2), gamma 1, beta 0, W = eye(4)[:2]: model [-1.3416, 0.4472], entry [-1.3416, -0.4472].
    # Fails the visible tests.
    "blind34_patch_merging_raster_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            parts = [X[..., r::2, c::2] for r in (0, 1) for c in (0, 1)]        # the 2x2 block, row by row
            Y = torch.cat(parts, dim=-3)
            h, w = Y.shape[-2:]
            Z = layer_norm(Y.reshape(*Y.shape[:-2], h * w), gamma, beta, eps)
            return (W @ Z).reshape(*Z.shape[:-2], W.shape[0], h, w)
'''),
    # Scores laid out (keys, queries) as the docstring says, but normalised with torch.softmax(dim=-1), over the
    # queries; each query's column must sum to 1 (softmax_cols). Same input as above: model [[0.9835, 0.7638],
    # [0.1021, 0.2237]], entry [[0.9725, 0.7996], [0.1121, 0.202]]. Passes the visible tests.
    "blind34_channel_attention_softmax_last_dim": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = tokens ** -0.5 if scale is None else scale
            Q, K, V = (split_heads(linear(X, params["W" + t], params["b" + t]), num_groups) for t in "qkv")
            scores = K @ Q.transpose(-1, -2) * scale                  # (..., G, keys, queries)
            weights = torch.softmax(scores, dim=-1)
            return linear(merge_heads(weights.transpose(-1, -2) @ V), params["Wo"], params["bo"])
'''),
    # (W @ pooled.T).T: right for pooled (D,) and (B, D), but .T reverses every axis of a (A, B, D) pool. X ones(2,
    # 3, 2, 1), W [[1, 2]]: model (2, 3, 1) of 3s, entry raises RuntimeError (batch2 tensor size). Passes the visible
    # tests.
    "blind34_average_pool_head_transpose_trick": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)                        # (..., D)
            logits = (W @ pooled.T).T                      # one column per example, back to rows
            return logits if b is None else logits + b
'''),
    # Stacks the GRU input as [c; y_prev] instead of [y_prev; c] (weight_ih (3D_s, E + D_h) puts the embedding
    # columns first). Same input as above: model s [0.5, -0.2654], entry [0.495, -0.1377]. Fails the visible tests.
    "blind34_decoder_step_context_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(c, y_prev)                           # the GRU input: context, then the previous word
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # n * ceil(n / s), "each query sees every stride-th key": the keys a query sees depend on where it sits.
    # ("strided", 5, stride=2): model 13, entry 15. Fails the visible tests.
    "blind34_sparse_cost_strided_ceil": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                return n * math.ceil(n / stride)           # each query sees every stride-th key
            return num_global * (2 * n - num_global)
'''),
    # model(ids)[-1] takes the last row (one vocabulary entry across positions), not the last column (V,), reading
    # the (V, N) logits as PyTorch's (N, V). Model always favouring token 2 of V = 4, prompt [1, 3], 2 new tokens,
    # temperature 0: model [1, 3, 2, 2], entry [1, 3, 0, 0]. Fails the visible tests.
    "blind34_generate_last_row": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[-1]                 # the scores after the last token
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # log_softmax over dim=-1 (the positions), the PyTorch (N, V) habit; the vocabulary is axis 0. Fixed logits [[2,
    # 0, 0], [0, 1, 0], [0, 0, 3]], ids [0, 1, 2]: model -3.791, entry -4.6464. Fails the visible tests.
    "blind34_sequence_log_prob_softmax_over_positions": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logp = torch.log_softmax(model(ids), dim=-1)
            cols = torch.arange(1, len(ids))
            return logp[ids[cols], cols - 1].sum()
'''),
    # Applies top-k and top-p together on the original probabilities, so top-p measures mass before top-k's
    # renormalisation (the contract's step 3 works "on the renormalised result"). probs [0.4, 0.3, 0.2, 0.1],
    # top_k=2, top_p=0.5: model [1, 0, 0, 0] (0.4/0.7 >= 0.5), entry [0.5714, 0.4286, 0, 0]. Fails the visible tests.
    "blind34_next_token_probs_top_p_before_renorm": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            sorted_p, order = torch.sort(probs, descending=True, stable=True)
            keep = torch.ones_like(sorted_p, dtype=torch.bool)
            if top_k is not None:
                keep[top_k:] = False
            if top_p is not None:
                before = torch.cumsum(sorted_p, 0) - sorted_p     # mass of the better tokens
                keep &= before < top_p
            kept = torch.zeros_like(probs).scatter(0, order, sorted_p * keep)
            return kept / kept.sum()
'''),
}

RIGHT_BLIND_34 = {
    # Written as a wrong one; counted right (by the grader's maintainer, 2026-11-27): its NaN gradients sit only at
    # the -inf scores, where the function does not change with its input; the grader compares no gradient at an
    # infinite input (0 and NaN are both accepted there, docs/contract.md says so), and a masking step by
    # masked_fill zeroes them on the way back. Its values, and its gradients at every finite score, are right.
    # exp(scores - logsumexp) with nan_to_num: the values are right (an all -inf column gives 0/0 = NaN, turned into
    # 0), but the backward pass through the NaN column gives NaN gradients. scores [[-inf, 0], [-inf, 1]], loss = sum
    # of row 0 + 2 * out[1, 1]: model gradient [[0, -0.1966], [0, 0.1966]], entry [[nan, -0.1966], [nan, 0.1966]].
    # Passes the visible tests.
    "blind34_softmax_logsumexp": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            lse = torch.logsumexp(scores, dim=-2, keepdim=True)        # -inf for an all -inf column
            w = torch.exp(scores - lse)
            return torch.nan_to_num(w, nan=0.0)
'''),
    # Keeps every occurrence of every word (no frequency table): counting each occurrence is the frequency weighting,
    # and a Counter filled in corpus order sees pairs in order of the words' first appearance, so max gives the tie
    # rule. Same merges as the model on every corpus tried (0 to 50 merges); about 30x slower (1.4 s for 5000 words
    # and 100 merges).
    "blind34_train_bpe_occurrence_list": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            # keep every occurrence of every word, no frequency table: counting each occurrence weights by frequency
            merges = []
            while len(merges) < num_merges:
                counts = Counter()
                for symbols in words:
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += 1
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                words = [merge_pair(symbols, best) for symbols in words]
            return merges
'''),
    # Plain dicts instead of Counter; the first pair reaching the top count in insertion order is exactly max's first
    # maximum, the contract's tie rule.
    "blind34_train_bpe_incremental_counts": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = {}
            for w in words:
                key = tuple(w)
                freq[key] = freq.get(key, 0) + 1
            segs = {key: list(key) for key in freq}
            merges = []
            for _ in range(num_merges):
                counts = {}
                for key, f in freq.items():
                    s = segs[key]
                    for i in range(len(s) - 1):
                        counts[(s[i], s[i + 1])] = counts.get((s[i], s[i + 1]), 0) + f
                if not counts:
                    break
                top = max(counts.values())
                best = next(p for p, c in counts.items() if c == top)   # first pair reaching the top count
                merges.append(best)
                for key in segs:
                    segs[key] = merge_pair(segs[key], best)
            return merges
'''),
    # Encodes each distinct word once and reuses it: encoding is a function of the word alone, so the cache cannot
    # change a token.
    "blind34_bpe_encode_cached_words": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            cache = {}
            tokens = []
            for symbols in words:
                key = "".join(symbols)
                if key not in cache:
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    cache[key] = symbols
                tokens.extend(cache[key])
            return tokens
'''),
    # Skips a merge whose halves are not both among the word's symbols: merge_pair could not change the word then, so
    # the result is the same.
    "blind34_bpe_encode_skip_absent_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            out = []
            for symbols in words:
                for a, b in merges:
                    if a in symbols and b in symbols:          # cheap test before the walk
                        symbols = merge_pair(symbols, (a, b))
                out += symbols
            return out
'''),
    # Scatters ones into a zero tensor of the default (or given) dtype along the vocabulary axis: the same (..., V,
    # N) one-hot; the stub's check still raises for ids outside [0, V).
    "blind34_one_hot_scatter": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            shape = (*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
            out = torch.zeros(shape, dtype=dtype or torch.get_default_dtype())
            return out.scatter(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # Rows of omega_e^T indexed by the ids, (..., N, D), then transposed: the same columns as omega_e @ one_hot, in
    # omega_e's dtype, for any number of batch axes.
    "blind34_embed_table_rows": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = omega_e.t()[token_ids]        # (..., N, D): one row per token
            return rows.transpose(-1, -2)
'''),
    # Builds 2i for every row with arange(D) // 2 * 2 and exp(-ln(10000) 2i / D) in the default dtype; where picks
    # sine for even rows and cosine for odd ones, so an odd D ends with a sine row. Agrees to 1e-10 in both defaults
    # (the contract asks float32 accuracy).
    "blind34_sin_positions_pair_index": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            n = torch.arange(num_positions, dtype=dt)
            two_i = (torch.arange(dim) // 2 * 2).to(dt)               # 0, 0, 2, 2, 4, ...
            angles = n[None, :] * torch.exp(-math.log(10000.0) * two_i / dim)[:, None]
            even = (torch.arange(dim) % 2 == 0)[:, None]
            return torch.where(even, torch.sin(angles), torch.cos(angles))
'''),
    # triu of a boolean ones matrix: [j, i] is True iff j <= i (row = key, column = query).
    "blind34_causal_mask_triu_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # torch.where(mask, scores, -inf tensor like the scores): -inf where hidden, the scores elsewhere, broadcasting
    # the mask as masked_fill does; the gradient flows only through visible entries, as with masked_fill.
    "blind34_apply_mask_where_full": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = torch.full_like(scores, float("-inf"))
            return torch.where(mask, scores, hidden)
'''),
    # PyTorch's F.scaled_dot_product_attention on the transposed tensors with the transposed boolean mask (True =
    # takes part) for the output, and the weights computed the course's way. Agrees on float32 and float64, masks of
    # every broadcast shape, and queries that see no key (torch 2.13 returns zeros for them, as the contract wants),
    # gradients included.
    "blind34_sdpa_torch_functional": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # PyTorch's fused kernel in its own (rows = tokens) layout; the weights computed alongside
            attn_mask = None if mask is None else mask.transpose(-2, -1)
            out = torch.nn.functional.scaled_dot_product_attention(
                Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1), attn_mask=attn_mask)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            return out.transpose(-2, -1), softmax_cols(scores)
'''),
    # Computes Q^T K in PyTorch's row layout with the mask transposed, transposes back before softmax_cols, and
    # contracts V with the weights by einsum: the same weights and output.
    "blind34_sdpa_row_layout": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            # work in the row layout (one row per query), transpose back at the end
            S = Q.mT @ K * Q.shape[-2] ** -0.5                     # (..., N_q, N_k)
            if mask is not None:
                S = apply_mask(S, mask.mT)
            A = softmax_cols(S.mT)                                   # (..., N_k, N_q)
            return torch.einsum("...dk,...kq->...dq", V, A), A
'''),
    # Stacks Wq, Wk, Wv (and the biases) into one projection and slices Q, K, V back out by rows: the same products
    # as three separate projections; gradients reach every weight through cat.
    "blind34_self_attention_fused_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv])                              # one (2D_k + D_v, D) projection
            b = torch.cat([bq, bk, bv])
            QKV = W @ X + b[:, None]
            dk = Wq.shape[0]
            Q, K, V = QKV[..., :dk, :], QKV[..., dk:2 * dk, :], QKV[..., 2 * dk:, :]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Loops over heads with row slices of Wq, Wk, Wv and adds Wo[:, head columns] @ head: Wo @ [head_0; ...;
    # head_H-1] split by blocks; the mask is passed unchanged to each head, which is the same as giving it a head
    # axis.
    "blind34_mha_per_head_output_weights": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            d = dim // num_heads
            out = params["bo"][:, None]
            for h in range(num_heads):
                rows = slice(h * d, (h + 1) * d)
                Q = params["Wq"][rows] @ Xq + params["bq"][rows, None]
                K = params["Wk"][rows] @ Xkv + params["bk"][rows, None]
                V = params["Wv"][rows] @ Xkv + params["bv"][rows, None]
                A, _ = scaled_dot_product_attention(Q, K, V, mask)
                out = out + params["Wo"][:, rows] @ A                  # Wo's columns for head h
            return out
'''),
    # torch.var_mean with correction=0 and rsqrt(var + eps): the biased variance with eps inside the root.
    "blind34_layer_norm_var_correction0": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            var, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return (X - mean) * torch.rsqrt(var + eps) * gamma[:, None] + beta[:, None]
'''),
    # F.layer_norm over the last axis of X^T, transposed back. Agrees on values everywhere and on gradients for D >=
    # 2; at D = 1, which the contract leaves open (the result must be beta; raising is accepted), both gradients are
    # rounding noise amplified by 1/sqrt(eps) and differ by 3e-5.
    "blind34_layer_norm_functional_transposed": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            Y = torch.nn.functional.layer_norm(X.transpose(-1, -2), (D,), gamma, beta, eps)
            return Y.transpose(-1, -2)
'''),
    # clamp(min=0) is relu (same values; the gradient at exactly 0 is 0 in both).
    "blind34_feed_forward_clamp": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = (W1 @ X + b1[:, None]).clamp(min=0)
            return W2 @ hidden + b2[:, None]
'''),
    # A table of (sublayer, gain, shift) applied in order, pre-LN or post-LN by a flag: the contract's four lines
    # unrolled by a loop.
    "blind34_transformer_layer_sublayer_table": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            blocks = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            ]
            for block, g, b in blocks:
                if norm_first:
                    X = X + block(layer_norm(X, params[g], params[b], eps=1e-5))
                else:
                    X = layer_norm(X + block(X), params[g], params[b], eps=1e-5)
            return X
'''),
    # An add-and-norm helper, the causal mask from causal_mask(N_d), the arguments passed by name: the contract's
    # three residual + layer-norm steps.
    "blind34_decoder_layer_steps": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def add_norm(X, Y, k):
                return layer_norm(X + Y, params[f"gamma{k}"], params[f"beta{k}"], 1e-5)
            X = add_norm(X_dec, multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads,
                                                     mask=causal_mask(X_dec.shape[-1])), 1)
            X = add_norm(X, cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask=enc_mask), 2)
            return add_norm(X, feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
'''),
    # One stable descending sort gives both filters: top-k drops the tail after k (ties to lower ids), renormalises,
    # then top-p drops a token once the mass strictly before it reaches p (the crossing token kept); renormalise.
    # Agrees on 3366 combinations (ties, -inf logits, one token, p = 1, k > V, temperature 0, 0.5, 1, 2).
    "blind34_next_token_probs_sorted_filters": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
            else:
                probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices     # ties: lower id first
            keep = torch.ones(V, dtype=torch.bool)
            if top_k is not None and top_k < V:
                keep[order[top_k:]] = False
                probs = probs * keep
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_p = probs[order]
                before = torch.cumsum(sorted_p, 0) - sorted_p                  # mass strictly before each token
                keep[order[before >= top_p]] = False
                probs = probs * keep
            return probs / probs.sum()
'''),
    # The loop as the docstring says it, with a clone of the prompt, int(nxt) for the eos test and the token cast to
    # the ids' dtype; the same draws from the same generator, so the same ids for every seed tried.
    "blind34_generate_loop": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt.clone()
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                nxt = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, nxt.to(ids.dtype)])
                if eos_id is not None and int(nxt) == eos_id:
                    break
            return ids
'''),
    # gather on log_softmax over the vocabulary axis, columns 0 .. N-2 scoring ids[1:], summed: the same 0-d value
    # and gradients; N = 1 sums nothing.
    "blind34_sequence_log_prob_gather": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logp = torch.log_softmax(model(ids), dim=0)                     # (V, N)
            picked = logp[:, :-1].gather(0, ids[1:].unsqueeze(0))           # (1, N - 1)
            return picked.sum()
'''),
    # -cross_entropy(logits[:, :-1]^T, ids[1:], reduction="sum"): the summed negative log-likelihood of ids[1:],
    # negated; 0 for a single id, gradients equal.
    "blind34_sequence_log_prob_cross_entropy": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)
            return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    # Candidates (score, ids list, finished) from every beam in beam order, tokens in id order, scores in float64;
    # finished beams re-enter with their fixed score; a stable sort by -score keeps ties to the earlier beam, then
    # the lower id; stops when every kept beam is finished. Same sequence on 580 cases, including an all-uniform
    # model.
    "blind34_beam_search_sorted_candidates": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                if all(done for _, _, done in beams):
                    break
                cands = []
                for score, seq, done in beams:
                    if done:
                        cands.append((score, seq, True))
                        continue
                    logp = torch.log_softmax(model(torch.tensor(seq))[:, -1].double(), dim=0).tolist()
                    for tok, lp in enumerate(logp):
                        cands.append((score + lp, seq + [tok], tok == eos_id))
                cands.sort(key=lambda c: -c[0])                 # stable: earlier beam, then lower id, on ties
                beams = cands[:beam_width]
            return torch.tensor(beams[0][1], dtype=torch.long)
'''),
    # F.unfold with kernel = stride = P: columns are the patches in row-major order, each flattened in (channel, row,
    # column) order, exactly Conv2d's weight layout.
    "blind34_patchify_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # Reshapes to (B, C, H/P, P, W/P, P) and permutes to (B, C, P, P, H/P, W/P), then flattens the first three and
    # the last two: the same (channel, row, column) columns in row-major patch order.
    "blind34_patchify_reshape_permute": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 1, 3, 5, 2, 4)                        # (B, C, P, P, H/P, W/P)
            return grid.reshape(batch, channels * P * P, -1)
'''),
    # W s as a column plus U H, tanh, v-weighted sum over D_a, masked with -inf, softmax_cols on the scores as one
    # column (so a state that sees nothing gets zeros), context as a weighted sum of H's columns; s and H broadcast.
    "blind34_additive_attention_softmax_cols_column": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh((W @ s.unsqueeze(-1)) + U @ H)               # (..., D_a, N)
            e = (v[:, None] * hidden).sum(dim=-2)                             # (..., N)
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(e.unsqueeze(-2).transpose(-1, -2)).squeeze(-1)   # (..., N)
            context = (H * weights.unsqueeze(-2)).sum(dim=-1)
            return weights, context
'''),
    # additive_attention with s_prev, the given gru_step on stack(y_prev, context), logits by einsum over [s; c]: the
    # contract's three steps.
    "blind34_decoder_step_gru_helper": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            p = params
            weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask=mask)
            s = gru_step(stack(y_prev, context), s_prev, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
            readout = stack(s, context)
            logits = torch.einsum("vk,...k->...v", p["W_out"], readout) + p["b_out"]
            return s, logits, weights
'''),
    # max of the key flag (as a column) and the query flag (as a row), compared with 0: the OR of the two.
    "blind34_global_token_mask_outer_max": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            g = is_global.long()
            return torch.maximum(g.unsqueeze(-1), g.unsqueeze(-2)) > 0
'''),
    # A port of T5's _relative_position_bucket: the sign picks the half, -min(rp, 0) for causal, exact buckets below
    # n // 2, log-spaced ones in float32 above, capped at n - 1. Agrees for even and odd bucket counts.
    "blind34_bucket_t5_port": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            ret = torch.zeros_like(relative_position)
            n = num_buckets
            if bidirectional:
                n = n // 2
                ret = ret + (relative_position > 0).long() * n
                dist = relative_position.abs()
            else:
                dist = -torch.min(relative_position, torch.zeros_like(relative_position))
            max_exact = n // 2
            is_small = dist < max_exact
            large = max_exact + (
                torch.log(dist.float() / max_exact) / math.log(max_distance / max_exact) * (n - max_exact)
            ).to(torch.long)
            large = torch.min(large, torch.full_like(large, n - 1))
            return ret + torch.where(is_small, dist, large)
'''),
    # A coin per sentence with a successor; on tails a uniform other document (index drawn from len - 1 and shifted
    # past A's own) and a uniform sentence of it. The same draws in the same order as the model, so identical pairs
    # for 200 seeds.
    "blind34_nsp_pairs_coin_then_other": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            out = []
            for d, doc in enumerate(documents):
                for k in range(len(doc) - 1):
                    if torch.rand((), generator=generator) < 0.5:
                        out.append((doc[k], doc[k + 1], 0))
                        continue
                    other = int(torch.randint(len(documents) - 1, (), generator=generator))
                    other += other >= d                          # skip this document
                    pool = documents[other]
                    out.append((doc[k], pool[int(torch.randint(len(pool), (), generator=generator))], 1))
            return out
'''),
    # palette^T indexed by ids.long() gives (..., H, W, C); a permute moves C before H and W: every integer dtype,
    # uint8 included, in the palette's dtype.
    "blind34_dequantize_table_rows": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette.T[ids.long()]                        # (..., H, W, C)
            return colours.permute(*range(colours.dim() - 3), -1, -3, -2)
'''),
    # targets = ids flattened to long; inputs = targets rolled right by one with the first entry overwritten by
    # sos_id (roll returns a copy, so targets are untouched).
    "blind34_pixel_sequence_roll": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], -1).to(torch.long)
            inputs = torch.roll(targets, shifts=1, dims=-1)
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # W @ X first, then the mean over the tokens (a sum divided by N), then the bias if any: linear maps commute with
    # the mean.
    "blind34_average_pool_head_linear_first": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            per_token = W @ X                                       # (..., K, N): linear, then pool
            logits = per_token.sum(dim=-1) / X.shape[-1]
            return logits if b is None else logits + b
'''),
    # reshape to (..., C, H/M, M, W/M, M) and permute the window-grid axes before C: windows in raster order, tokens
    # in raster order inside; any number of batch axes; integer grids too.
    "blind34_window_partition_permute": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            Y = X.reshape(*batch, channels, height // M, M, width // M, M)
            Y = Y.permute(*range(len(batch)), -4, -2, -5, -3, -1)           # (..., a, b, C, m, m)
            return Y.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The inverse permute of window_partition_permute: window_reverse(window_partition(X)) == X.
    "blind34_window_reverse_permute": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nW, C, MM = windows.shape
            a, b = height // M, width // M
            Y = windows.reshape(*batch, a, b, C, M, M)
            Y = Y.permute(*range(len(batch)), -3, -5, -2, -4, -1)           # (..., C, a, m, b, m)
            return Y.reshape(*batch, C, height, width)
'''),
    # The Swin paper's three bands per axis (index < size - M, < size - shift, rest), labels compared within each
    # window; the bands are window-aligned, so it equals the contract's wrapped / not wrapped rule, shift 0 all True.
    "blind34_shifted_mask_three_regions": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            def regions(size):
                idx = torch.arange(size)
                return (idx >= size - M).long() + (idx >= size - shift).long()       # 0, 1, 2 as in the Swin code
            lab = regions(height)[:, None] * 3 + regions(width)[None, :]
            lab = window_partition(lab[None], M)[..., 0, :]                        # (nW, M*M)
            return lab.unsqueeze(-1) == lab.unsqueeze(-2)
'''),
    # The docstring's equivalent form: scaled_dot_product_attention(Q_g^T, K_g^T, V_g^T) per group, transposed back;
    # an explicit scale is applied by rescaling Q_g by scale * sqrt(N) (sdpa divides by sqrt(N)).
    "blind34_channel_attention_via_sdpa_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            G = num_groups
            Q, K, V = (split_heads(linear(X, params[w], params[b]), G).transpose(-2, -1)
                       for w, b in (("Wq", "bq"), ("Wk", "bk"), ("Wv", "bv")))     # (..., G, N, C/G): channels as tokens
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))                               # sdpa divides by sqrt(N)
            out, _ = scaled_dot_product_attention(Q, K, V)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # The H x W cells reshaped to H*W columns in raster order, additive_attention once (one softmax over the whole
    # grid), the weights reshaped back to (..., H, W).
    "blind34_grid_attention_reshape_cells": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            grid = features.shape[-2:]
            cells = features.reshape(*features.shape[:-2], grid[0] * grid[1])      # (..., C, H*W), raster order
            weights, context = additive_attention(s, cells, W, U, v)
            return weights.reshape(*weights.shape[:-1], *grid), context
'''),
    # Angles p * base^(-2i/D) formed in float64 and cast to X's dtype, the halves rotated with split and cat: the
    # contract's pairing by halves.
    "blind34_rotary_halves_float64_angles": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, pos):
                D, N = X.shape[-2:]
                pos = torch.arange(N) if pos is None else pos
                i = torch.arange(D // 2, dtype=torch.float64)
                ang = pos.to(torch.float64)[None, :] * base ** (-2 * i / D)[:, None]    # exact angles, then X's dtype
                c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                lo, hi = X.split(D // 2, dim=-2)
                return torch.cat((lo * c - hi * s, hi * c + lo * s), dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Complex implementation: x_i + i x_{i+D/2} times e^{i p theta} with the angles in float64, the phases cast to
    # the complex type of X's dtype; real and imaginary parts stacked back as the two halves (the contract allows
    # it).
    "blind34_rotary_complex128": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, pos):
                D, N = X.shape[-2:]
                pos = torch.arange(N) if pos is None else pos
                theta = base ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
                angle = theta[:, None] * pos.to(torch.float64)
                turn = torch.polar(torch.ones_like(angle), angle).to(torch.complex64 if X.dtype == torch.float32 else torch.complex128)
                z = torch.complex(X[..., :D // 2, :], X[..., D // 2:, :]) * turn      # x_i + i x_{i+D/2}, turned
                return torch.cat([z.real, z.imag], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The Swin reference code's slices (0:-M, -M:-shift, -shift:): with shift = 0 the last slice covers the whole
    # axis and every label is equal, which is the all-True mask the contract asks for; otherwise the three bands
    # above.
    "blind34_shifted_mask_swin_slices": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # the Swin code: paint the three bands of the rolled grid, then compare the labels inside each window
            img = torch.zeros(height, width, dtype=torch.long)
            bands = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            label = 0
            for hs in bands:
                for ws in bands:
                    img[hs, ws] = label
                    label += 1
            win = window_partition(img.unsqueeze(0), window).squeeze(-2)          # (nW, M*M)
            return win.unsqueeze(-1) == win.unsqueeze(-2)
'''),
    # A loop over the groups with row slices of Q, K, V and einsums for the (key j, query i) scores and weights^T
    # V_g; softmax_cols over the keys; groups stacked in order before Wo.
    "blind34_channel_attention_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            size = channels // num_groups
            if scale is None:
                scale = tokens ** -0.5
            Q = params["Wq"] @ X + params["bq"][:, None]
            K = params["Wk"] @ X + params["bk"][:, None]
            V = params["Wv"] @ X + params["bv"][:, None]
            outs = []
            for g in range(num_groups):
                rows = slice(g * size, (g + 1) * size)
                Qg, Kg, Vg = Q[..., rows, :], K[..., rows, :], V[..., rows, :]
                A = softmax_cols(torch.einsum("...jn,...in->...ji", Kg, Qg) * scale)      # [key j, query i]
                outs.append(torch.einsum("...ji,...jn->...in", A, Vg))
            return params["Wo"] @ torch.cat(outs, dim=-2) + params["bo"][:, None]
'''),
    # F.embedding(ids.long(), palette^T) then movedim: the palette columns looked up per pixel, C moved before H, W;
    # gradients reach the palette.
    "blind34_dequantize_embedding_lookup": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = torch.nn.functional.embedding(ids.to(torch.long), palette.t())   # (..., H, W, C)
            return colours.movedim(-1, -3)
'''),
    # An empty long tensor filled with sos_id in column 0 and targets[..., :-1] after it: the shifted sequence; a 1x1
    # image gives [sos_id].
    "blind34_pixel_sequence_new_empty": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(start_dim=-2).long()
            inputs = torch.empty_like(targets)
            inputs[..., 0] = sos_id
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # Counts through a band helper (offsets -w .. w, w capped at n - 1): dense is the full band, causal the diagonal
    # plus half the rest, global g n + (n - g) g = g(2n - g), strided n + 2 sum (n - k s) over k <= (n - 1) / s, in
    # closed form. Same integers as the model for n up to 10^6.
    "blind34_sparse_cost_sum_over_offsets": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            def band(w):                                   # offsets -w .. w, n - |d| pairs each
                w = max(0, min(w, n - 1))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "dense":
                return band(n)
            if pattern == "causal":
                return (band(n) + n) // 2                  # the diagonal plus half of the rest
            if pattern == "local":
                return band(window)
            if pattern == "strided":
                m = (n - 1) // stride if n > 0 else 0      # offsets +-s, ..., +-ms: n - ks pairs each
                return n + 2 * (m * n - stride * (m * (m + 1) // 2))
            g = num_global
            return g * n + (n - g) * g
'''),
    # fmod(i - j, s) == 0: fmod keeps the dividend's sign, but it is zero exactly when s divides i - j, so the test
    # is the same as with %.
    "blind34_strided_mask_fmod": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            pos = torch.arange(n)
            return torch.fmod(pos[None, :] - pos[:, None], stride) == 0
'''),
    # |key - query| <= window from an arange: the banded mask, window 0 the diagonal and a window of n or more all
    # True.
    "blind34_local_mask_abs_offset": ("masking", "local_mask", '''
        def local_mask(n, window):
            pos = torch.arange(n)
            return (pos[:, None] - pos[None, :]).abs() <= window
'''),
}
