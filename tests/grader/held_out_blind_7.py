"""Eighth blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, the stubs' docstrings and input checks (exercises/*.py, not
exercises/tests/), the model answers (solutions/) and the course registry's lessons (course/registry.py), after
reading the six earlier blind batch files (tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_6.py)
for their docstrings, entry names and comments, so as to repeat none of their names or ideas and to respect the
entries they mark "counted right"; nothing else under grader/ or tests/ was opened, listed, grepped or run. Every
entry was checked by its author against the model answer in a scratch package (/tmp/blind7/check.py: a copy of
solutions/ with the entry's source appended to its module, the stub-check placeholder replaced by the stub's own
lines). Each right one agrees with the model answer on batteries of random inputs (float32, and float64 at a relative
tolerance of 1e-10; no, one and two batch axes; N = 1; N_q != N_k; fully masked queries; ties; non-contiguous
views; gradients with respect to every float input and weight at finite inputs; the same ValueErrors; arguments
unmodified; the same output dtype); mlm_corrupt and nsp_pairs, whose draws are free, were compared by statistics over
many seeds. Each wrong one has a recorded input the contract allows on which it differs from the model answer (a
value beyond tolerance, a shape, a dtype, an exception, a missing ValueError, a gradient, a random stream, a count of
examples), named in its comment.

Emphasis: the mistakes beginners make in their own code rather than in ports: sizes hard-coded from a docstring or a
figure (16 x 16 patches, a byte vocabulary of 256, 8 heads, T5's 8 exact buckets, RGB's 3 channels, one image);
shapes that broadcast by accident and are right only when two sizes coincide (a missing keepdim that works on one
batch axis of size 1, a bias without its column axis when N == D, a split size equal to D_s = 3, a head step equal
to the head width, a group loop over len() that is right unbatched); off-by-one loop bounds and slices (range(n - 1),
range(len - 2), [:-1], > for >=, an inclusive randint, a cap at n instead of n - 1); the wrong loop variable or a
parameter shadowed by a local (W by the grid width); an early return inside a loop; torch.max(...)[1] and torch.min
(...)[0] mixed up; torch.where branches swapped; integer and true division mixed up (2i // D, H / 2 in a shape,
x ** -1/2, int(temperature)); a numpy round trip; torch.tensor(list) of 0-d tensors; x.T on batched tensors; an
ascending sort read from the end; a row-major habit in one place only (d_k = Q.size(-1), N = X.shape[0]); an alias
taken for a copy (inputs = targets); and a misuse of the fixed random stream (a second multinomial draw for the eos
test). Right entries are beginner-style
and correct: explicit loops over rows, pairs, heads, strips and windows built up with torch.stack/torch.cat, filled
buffers, sorted tops, integer sums for ORs, region thresholds, other but equally distributed numbers of random draws.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_7 = {
    # ------------------------------------------------------------------ bpe
    # The pair-counting loop runs `for i in range(len(symbols) - 2)` (an off-by-one bound: the last pair of every
    # word, the one ending in "</w>", is never counted), so those merges are never learned. Shows on
    # train_bpe("ab", 2): the model answer learns [("a", "b"), ("ab", "</w>")], this stops after [("a", "b")].
    "blind7_train_bpe_pair_loop_stops_early": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for i in range(len(symbols) - 2):
                pair_counts[(symbols[i], symbols[i + 1])] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),
    # `return merges` indented one level too deep: it sits inside the merge loop, so training stops after the first
    # merge (and num_merges = 0 returns None). Shows on train_bpe("ab", 2): one merge instead of two.
    "blind7_train_bpe_return_inside_merge_loop": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    for _ in range(num_merges):
        pair_counts = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += frequency
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.get)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
        return merges
'''),
    # The merges are replayed with `for pair in merges[:-1]`, an off-by-one slice that skips the last merge learned.
    # Shows on bpe_encode("ab", [("a", "b")]): ["a", "b", "</w>"] instead of ["ab", "</w>"].
    "blind7_bpe_encode_skips_last_merge": ("bpe", "bpe_encode", '''
def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    words = split_words(text, "text")
    tokens = []
    for symbols in words:
        for pair in merges[:-1]:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),

    # ------------------------------------------------------------------ embeddings
    # The exponent is written with integer division, 10000 ** (2 * i // dim): 2i // D is 0 for every row pair, so
    # every row has frequency 1. Shows on sinusoidal_positions(3, 4): row 2 is sin(n) instead of sin(n / 100).
    "blind7_sinusoidal_integer_exponent": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    table = torch.zeros(dim, num_positions)
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    for row in range(dim):
        i = row // 2
        frequency = 10000 ** (2 * i // dim)
        if row % 2 == 0:
            table[row] = torch.sin(positions / frequency)
        else:
            table[row] = torch.cos(positions / frequency)
    return table
'''),
    # One-hot columns read from a hard-coded 256 x 256 identity (a byte vocabulary from the lecture): right for
    # V <= 256, but a larger vocabulary gets 256 rows or an IndexError. Shows on one_hot(tensor([0, 299]), 300):
    # IndexError instead of a (300, 2) table (and one_hot(tensor([0, 1]), 300) is (256, 2)).
    "blind7_one_hot_identity_of_256": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    identity = torch.eye(256, dtype=dtype or torch.get_default_dtype())
    return identity[:vocab_size, token_ids].movedim(0, -2)
'''),
    # omega_e.T[token_ids].T: right for ids (N,), but .T on the (B, N, D) lookup reverses all three axes, giving
    # (D, N, B). Shows on ids of shape (2, 3): shape (4, 3, 2) instead of (2, 4, 3) for D = 4.
    "blind7_embed_dot_T_batched": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    return omega_e.T[token_ids].T
'''),

    # ------------------------------------------------------------------ softmax
    # The column max is taken as torch.max(scores, dim=-2, keepdim=True)[1], the INDICES, not the values ([0]).
    # Softmax is shift-invariant, so small scores come out right, but the shift no longer protects against overflow
    # and an all -inf column is not guarded. Shows on a float32 column [1e4, 1e4 - 1]: NaN instead of
    # [0.731, 0.269]; and on an all -inf column: NaN instead of zeros.
    "blind7_softmax_max_indices_as_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    biggest = torch.max(scores, dim=-2, keepdim=True)[1]
    exps = torch.exp(scores - biggest)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / total
'''),
    # The softmax written in numpy (the learner's earlier course), with a detach() to make .numpy() work, and the
    # result wrapped back with torch.from_numpy: values and dtype are right, but the graph is cut. Shows on any
    # scores with requires_grad: the result has no grad_fn and backward raises.
    "blind7_softmax_numpy_exp": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    import numpy as np
    array = scores.detach().cpu().numpy()
    top = np.max(array, axis=-2, keepdims=True)
    top = np.where(np.isneginf(top), np.zeros_like(top), top)
    exps = np.exp(array - top)
    total = exps.sum(axis=-2, keepdims=True)
    total = np.where(total == 0, np.ones_like(total), total)
    return torch.from_numpy(exps / total)
'''),

    # ------------------------------------------------------------------ masking
    # Two nested loops `for j in range(n - 1)`, `for i in range(n - 1)`: the last key row and the last query column
    # are never filled. Shows on local_mask(3, 1): [2, 2] (and [1, 2], [2, 1]) False instead of True; local_mask(1, 0)
    # is all False.
    "blind7_local_mask_loops_range_n_minus_one": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    mask = torch.zeros(n, n, dtype=torch.bool)
    for j in range(n - 1):
        for i in range(n - 1):
            if abs(i - j) <= window:
                mask[j, i] = True
    return mask
'''),
    # The row loop runs `for b in range(n)` (the number of keys) instead of over the B lengths: with more sequences
    # than keys the last rows stay all False (fewer sequences than keys raise IndexError). Shows on
    # padding_mask(tensor([2, 1, 2]), 2): row 2 is [False, False] instead of [True, True].
    "blind7_padding_mask_rows_loop_over_n": ("masking", "padding_mask", '''
def padding_mask(lengths: torch.Tensor, n: int) -> torch.Tensor:
    mask = torch.zeros(len(lengths), n, 1, dtype=torch.bool, device=lengths.device)
    for b in range(n):
        mask[b, : int(lengths[b]), 0] = True
    return mask
'''),

    # ------------------------------------------------------------------ attention
    # K.T @ Q: right for unbatched K (D_k, N_k), but .T on a batched K reverses every axis ((B, D_k, N_k) ->
    # (N_k, D_k, B)). Shows on Q (2, 4, 3), K (2, 4, 5), V (2, 6, 5): a RuntimeError instead of outputs (2, 6, 3).
    "blind7_sdpa_dot_T_batched": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    scores = K.T @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),
    # d_k = Q.size(-1): the row-major habit (Q is (N, d_k) in the papers) in this one line; in the column layout
    # the last axis is N_q. Right only when N_q == D_k. Shows on Q (4, 3), K (4, 5), V (2, 5): the scores are scaled
    # by 1/sqrt(3) instead of 1/2.
    "blind7_sdpa_scale_from_last_axis": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    d_k = Q.size(-1)
    scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return V @ weights, weights
'''),

    # ------------------------------------------------------------------ multihead
    # A loop over heads whose `return linear(torch.cat(outputs), Wo, bo)` is indented inside the loop: right for one
    # head, but with two heads it returns after the first, and Wo (D, D) meets D/H rows. Shows on D = 8,
    # num_heads = 2: linear's shape ValueError instead of the (8, N_q) output.
    "blind7_mha_return_inside_head_loop": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    outputs = []
    for h in range(num_heads):
        rows = slice(h * head_dim, (h + 1) * head_dim)
        out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        outputs.append(out)
        return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # The heads' first rows are stepped by num_heads, `range(0, D, num_heads)`, instead of by the head width D/H:
    # the two sizes coincide when D = H^2 (D = 4, H = 2, the lecture's toy size), so it passes there. Shows on D = 8,
    # num_heads = 2: four overlapping "heads" of 14 rows in all, and linear's shape ValueError at Wo.
    "blind7_mha_head_starts_step_by_num_heads": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    outputs = []
    for start in range(0, dim, num_heads):
        rows = slice(start, start + head_dim)
        out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        outputs.append(out)
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # mean = X.mean(dim=-2) without keepdim: for an unbatched (D, N) X the (N,) mean broadcasts as a row, which is
    # right, and a batch of one also works; a batch of B != D raises, and B == D silently subtracts the wrong means.
    # Shows on X (2, 3, 4): a RuntimeError; on X (3, 3, 4): wrong values.
    "blind7_layer_norm_mean_without_keepdim": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mean = X.mean(dim=-2)
    variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
    return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Post-LN written with a new name for the first result, and the FFN then called on the old one:
    # `H = LN1(X + MHA(X)); return LN2(H + FFN(X))` (the wrong variable: FFN reads the layer input). Pre-LN is
    # right. Shows on any post-LN call (norm_first=False), e.g. D = 4, N = 3, two heads.
    "blind7_transformer_ffn_reads_layer_input": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def ffn(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
    if norm_first:
        Y = layer_norm(X, params["gamma1"], params["beta1"])
        X = X + multi_head_attention(Y, Y, params, num_heads, mask)
        return X + ffn(layer_norm(X, params["gamma2"], params["beta2"]))
    H = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
    return layer_norm(H + ffn(X), params["gamma2"], params["beta2"])
'''),

    # ------------------------------------------------------------------ cross_attention
    # The causal mask is sized by X_dec.shape[0], the row-major N (tokens are rows there); here axis 0 is D (or a
    # batch axis). Right only when D == N_d on unbatched input. Shows on X_dec (4, 3), X_enc (4, 5): a (4, 4) mask
    # against (3, 3) scores, a RuntimeError.
    "blind7_decoder_layer_causal_size_from_rows": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    X = X_dec
    self_mask = causal_mask(X_dec.shape[0])
    attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
    X = layer_norm(X + attended, params["gamma1"], params["beta1"])
    read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
    X = layer_norm(X + read, params["gamma2"], params["beta2"])
    thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
    return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # The paper's 8 heads typed in instead of the argument: right only when num_heads == 8. Shows on D = 8,
    # num_heads = 2: other values (8 heads of width 1); on D = 4: a ValueError the contract does not raise.
    "blind7_cross_attention_eight_heads_hard_coded": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    return multi_head_attention(X_dec, X_enc, params, 8, enc_mask)
'''),

    # ------------------------------------------------------------------ sampling
    # The greedy test written `if int(temperature) == 0`: int() truncates, so every temperature below 1 is treated
    # as greedy. Shows on next_token_probs(tensor([1., 2., 3.]), temperature=0.5): the one-hot [0, 0, 1] instead of
    # softmax([2, 4, 6]) = [0.016, 0.117, 0.867].
    "blind7_next_token_probs_int_temperature_greedy": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    # (the stub's input checks)
    if int(temperature) == 0:
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
    # `for _ in range(max_new_tokens - 1)`: an off-by-one loop bound, one token too few. Shows on a bigram model,
    # prompt [0], max_new_tokens = 3, no eos: 3 ids returned instead of 4 (max_new_tokens = 1 returns the prompt).
    "blind7_generate_range_minus_one": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens - 1):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # The eos test draws AGAIN, `if int(torch.multinomial(probs, 1, generator=generator)) == eos_id`, instead of
    # testing the token just appended: with an eos_id the fixed stream is consumed twice per step (and the stop
    # decision is made on a token never emitted). Shows on a seeded generator, a bigram model over 5 tokens, prompt
    # [0], max_new_tokens = 6, eos_id = 4: other tokens than the model answer's from the second step on.
    "blind7_generate_draws_twice_for_eos_check": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(torch.multinomial(probs, 1, generator=generator)) == eos_id:
            break
    return ids
'''),
    # Candidates sorted ascending and the best read from the end (candidates[-beam_width:][::-1]): the scores are
    # right, but among equal scores the LATER beam and the HIGHER token id now win. Shows on a model with uniform
    # logits over 3 tokens, prompt [0], beam_width 1, max_new_tokens 2: [0, 2, 2] instead of [0, 0, 0].
    "blind7_beam_search_ascending_sort_last_slice": ("sampling", "beam_search", '''
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
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: candidate[0])
        beams = candidates[-beam_width:][::-1]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # The per-position log-probabilities collected in a list and summed as torch.tensor(terms).sum(): torch.tensor
    # copies the numbers into a new leaf, so the gradient to the model's weights is lost (and a single id gives
    # torch.tensor([]), a float32 zero). Shows on a bigram model whose float64 table requires grad, ids [0, 2, 1]:
    # the right value but no grad_fn; on ids [0]: dtype float32 instead of float64.
    "blind7_sequence_log_prob_tensor_of_list": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    terms = []
    for n in range(1, len(ids)):
        terms.append(log_probs[ids[n], n - 1])
    return torch.tensor(terms).sum()
'''),

    # ------------------------------------------------------------------ patch_embedding
    # The number of patches written (H // 16) * (W // 16), ViT-Base's 16 x 16 patches, while the reshape uses P:
    # right for P = 16 only. Shows on images (1, 1, 4, 4), P = 2: a RuntimeError (0 patches) instead of (1, 4, 4).
    "blind7_patchify_patch_count_hard_coded_16": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    # (the stub's input checks)
    P = patch_size
    num_patches = (height // 16) * (width // 16)
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, num_patches, channels * P * P).transpose(1, 2)
'''),
    # A double loop over patch corners that slices the columns with the ROW variable (images[:, :, r:r+P, r:r+P]):
    # the wrong loop variable, right only on the diagonal patches. Shows on images arange(16).reshape(1, 1, 4, 4),
    # P = 2: patch 1 is [0, 1, 4, 5] instead of [2, 3, 6, 7].
    "blind7_patchify_loop_same_index_both_axes": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    # (the stub's input checks)
    P = patch_size
    columns = []
    for r in range(0, height, P):
        for c in range(0, width, P):
            patch = images[:, :, r:r + P, r:r + P]
            columns.append(patch.reshape(batch, -1))
    return torch.stack(columns, dim=-1)
'''),
    # `W @ patches + b` with b of shape (D,): it broadcasts along the LAST axis (the patches), so it only runs when
    # N == D (and then adds b[n] to patch n) or N == 1 (and then makes a (B, D, D) result). Shows on images
    # (1, 1, 4, 4), P = 2, D = 4 (N = 4): wrong values; with D = 3 a RuntimeError.
    "blind7_patch_embedding_bias_without_column_axis": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)
    tokens = W @ patches + b
    cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
    return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # Positions split by hand, positions[:, 0] for [CLS] and positions[:, :-1] (an off-by-one slice, meant 1:) for
    # the patches: patch n gets the position of column n instead of n + 1. Shows on images (1, 1, 4, 4), P = 2,
    # D = 3 with random positions (3, 5).
    "blind7_patch_embedding_positions_slice_off_by_one": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, :-1]
    cls = (cls_token + positions[:, 0])[None, :, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls, tokens], dim=-1)
'''),

    # ------------------------------------------------------------------ rnn_attention
    # The query part written (W @ s.T).T: right for s (D_s,) and s (B, D_s), but .T on s (B1, B2, D_s) reverses all
    # three axes. Shows on s (2, 3, 4), H (2, 3, 5, 6): a RuntimeError instead of weights (2, 3, 6).
    "blind7_additive_attention_state_T_two_batch_axes": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (W @ s.T).T
    hidden = torch.tanh(U @ H + query.unsqueeze(-1))
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # torch.softmax, then the NaN of states that see nothing cleaned with torch.where(seen_any, zeros, weights):
    # the branches are swapped, so every state that sees a key is zeroed and the blind ones keep their NaN. Without
    # a mask it is right. Shows on any mask with a visible key, e.g. s (3,), H (4, 5), mask [T, T, F, T, F].
    "blind7_additive_attention_where_branches_swapped": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        seen_any = mask.any(dim=-1, keepdim=True)
        weights = torch.where(seen_any, torch.zeros_like(weights), weights)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # torch.softmax(scores, dim=0): the positions are axis 0 only for an unbatched state; with a batch the softmax
    # runs over the batch. Shows on s (2, 3), H (2, 4, 5) without a mask: each position's weights sum to 1 over the
    # two states instead of each state's over the five positions.
    "blind7_additive_attention_softmax_dim0": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=0)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # The GRU gates cut with torch.split(gates, 3, dim=-1), a split SIZE of 3, meant three chunks: right exactly
    # when D_s == 3 (3 D_s = 9 splits into three 3s). Shows on D_s = 4: four pieces and a ValueError on unpacking.
    "blind7_decoder_step_gate_split_size_three": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    r_x, z_x, n_x = torch.split(x @ params["weight_ih"].T + params["bias_ih"], 3, dim=-1)
    r_h, z_h, n_h = torch.split(s_prev @ params["weight_hh"].T + params["bias_hh"], 3, dim=-1)
    r = torch.sigmoid(r_x + r_h)
    z = torch.sigmoid(z_x + z_h)
    n = torch.tanh(n_x + r * n_h)
    s = (1 - z) * n + z * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),
    # [y_prev; c] and [s; c] stacked with torch.cat(..., dim=0) and the read-out as W_out @ column: right for one
    # unbatched step, but with a batch axis dim 0 is the batch. Shows on s_prev (2, 4), y_prev (2, 3), H (2, 5, 6):
    # a RuntimeError instead of s (2, 4).
    "blind7_decoder_step_context_cat_dim0": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = torch.cat([y_prev, context], dim=0)
    s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
    logits = params["W_out"] @ torch.cat([s, context], dim=0) + params["b_out"]
    return s, logits, weights
'''),
    # `C, H, W = features.shape[-3:]` shadows the weight matrix W with the grid width, so the int is passed on as
    # W. Shows on any call, e.g. s (3,), features (4, 2, 2): an AttributeError instead of weights (2, 2).
    "blind7_grid_attention_weight_shadowed_by_width": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    # (the stub's input checks)
    C, H, W = features.shape[-3:]
    weights, context = additive_attention(s, features.flatten(-2), W, U, v)
    return weights.unflatten(-1, (H, W)), context
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Loops `for j in range(i % stride, n - 1, stride)`: an exclusive end taken one too early, so key n - 1 is
    # never visible. Shows on strided_mask(3, 1): row 2 all False instead of all True.
    "blind7_strided_mask_loop_end_n_minus_one": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    # (the stub's input checks)
    mask = torch.zeros(n, n, dtype=torch.bool)
    for i in range(n):
        for j in range(i % stride, n - 1, stride):
            mask[j, i] = True
    return mask
'''),
    # The query flags expanded to (..., N, N) and OR-ed with their .T: right for is_global (N,), but .T on a batch
    # reverses every axis. Shows on is_global (2, 3): a RuntimeError instead of a (2, 3, 3) mask.
    "blind7_global_token_mask_dot_T_batched": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    n = is_global.shape[-1]
    as_queries = is_global.unsqueeze(-2).expand(*is_global.shape[:-1], n, n)
    return as_queries | as_queries.T
'''),
    # The local count written n(2w + 1) - w(w - 1): the triangle of pairs cut off at the two ends is w(w + 1), an
    # off-by-one in the arithmetic series. Shows on ("local", n = 5, window = 1): 15 instead of 13.
    "blind7_sparse_cost_local_triangle_off_by_one": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w - 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    return num_global * (2 * n - num_global)
'''),
    # The strided count as "each query sees n / s keys", n * (n // s): the lecture's estimate, not the number of
    # True entries (queries near the ends see fewer, and keys on both sides are counted). Shows on ("strided",
    # n = 5, stride = 2): 10 instead of 13.
    "blind7_sparse_cost_strided_n_times_n_over_s": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, n - 1) if n else 0
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        return n * (n // stride)
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ positions
    # The exact range typed in as 8 (the docstring example's 32 buckets: 16 per direction, 8 exact), instead of
    # half // 2. Right for the default bidirectional call only. Shows on offset -5 with num_buckets = 16: bucket 5
    # instead of 4 (and with bidirectional=False, 32 buckets, offset -10: bucket 9 instead of 10).
    "blind7_bucket_exact_hard_coded_8": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = torch.clamp(-offset, min=0)
    exact = 8
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Causal buckets with distance = -offset and no clamp at 0: a key after the query gets a negative "distance",
    # which is below the exact range and so becomes a negative bucket. Shows on offset 3 with bidirectional=False:
    # bucket -3 instead of 0.
    "blind7_bucket_causal_no_clamp": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(offset > 0, half, 0)
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = -offset
    exact = half // 2
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half - 1)
    return base + torch.where(distance < exact, distance, far)
'''),
    # The far buckets capped with clamp(max=half) instead of half - 1 (n buckets are numbered 0 .. n - 1): distances
    # past max_distance spill into the next half (or past the table). Shows on offset -200 (defaults): bucket 16
    # instead of 15; offset 200: 32 instead of 31.
    "blind7_bucket_cap_off_by_one": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
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
    log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
    far = torch.clamp(exact + log_scale.long(), max=half)
    return base + torch.where(distance < exact, distance, far)
'''),
    # Default positions torch.arange(X.shape[0]): the row-major N (tokens are rows in the papers); here axis 0 is
    # D (or a batch axis). Right only when D == N on unbatched input. Shows on Q (4, 3), K (4, 5): a RuntimeError
    # ((2, 4) angles against (2, 3) halves).
    "blind7_rotary_default_positions_from_first_axis": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim = X.shape[-2]
        if positions is None:
            positions = torch.arange(X.shape[0])
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.to(torch.float64)[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
        return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A loop over the row pairs bounded by `range(X.shape[-1] // 2)`, half the number of COLUMNS, meant half the
    # rows: right when N == D. Shows on Q (4, 2), K (4, 2): the pair (1, 3) is left unrotated (and N > D raises
    # IndexError).
    "blind7_rotary_pair_loop_over_columns": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        half = dim // 2
        if positions is None:
            positions = torch.arange(num)
        p = positions.to(torch.float64)
        out = X.clone()
        for i in range(num // 2):
            angle = p * base ** (-2 * i / dim)
            cos, sin = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
            x_i, x_j = X[..., i, :], X[..., i + half, :]
            out[..., i, :] = x_i * cos - x_j * sin
            out[..., i + half, :] = x_j * cos + x_i * sin
        return out
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),

    # ------------------------------------------------------------------ pretraining
    # Special ids assumed to be the first ids of the vocabulary ("[PAD], [CLS], [SEP], [MASK] come first"):
    # eligible = ids >= len(special_ids). Shows on ids = 5 everywhere, special_ids [5], mask_prob 1.0: every position
    # is chosen (labels 5) where the model answer chooses none (labels -100).
    "blind7_mlm_specials_assumed_lowest_ids": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    eligible = ids >= len(special_ids)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # torch.randint(0, vocab_size + 1, ...): the inclusive-end habit (random.randint includes its end), so a random
    # replacement can be the out-of-range id vocab_size. Shows on ids zeros (20, 10), vocab_size 2, no specials,
    # mask_prob 1.0: some corrupted ids equal 2 (about 6 per call), which the model answer never produces.
    "blind7_mlm_randint_inclusive_high": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size + 1, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), -100)
    return corrupted, labels
'''),
    # Sentences with a successor walked by `for k in range(len(document) - 2)`: one example too few per document.
    # Shows on documents [["a", "b", "c"], ["d", "e"]]: 1 example instead of 3 (whatever the draws).
    "blind7_nsp_sentence_loop_minus_two": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    # (the stub's input checks)
    pairs = []
    for index, document in enumerate(documents):
        for k in range(len(document) - 2):
            a, successor = document[k], document[k + 1]
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # `return pairs` indented inside the document loop: only the first document's examples come back (and no
    # documents at all give None). Shows on documents [["a", "b"], ["c", "d"]]: 1 example instead of 2.
    "blind7_nsp_return_inside_document_loop": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    # (the stub's input checks)
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

    # ------------------------------------------------------------------ imagegpt
    # torch.min(distances, dim=-1)[0]: the VALUES (the smallest distances), where the ids are [1]. Shows on any
    # image, e.g. images (3, 2, 2), palette (3, 4): a float tensor of distances instead of long ids.
    "blind7_quantize_min_values_not_indices": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    # (the stub's input checks)
    pixels = images.movedim(-3, -1)[..., :, None]
    distances = ((pixels - palette) ** 2).sum(dim=-2)
    return torch.min(distances, dim=-1)[0]
'''),
    # Pixels flattened with reshape(-1, 3), the RGB images of the lecture: right for C = 3 only. Shows on a
    # grayscale image (1, 2, 3) with palette (1, 4): a RuntimeError instead of ids (2, 3).
    "blind7_quantize_rgb_hard_coded": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    # (the stub's input checks)
    flat = images.movedim(-3, -1).reshape(-1, 3)
    distances = ((flat[:, :, None] - palette[None]) ** 2).sum(dim=1)
    return distances.argmin(dim=1).reshape(images.shape[:-3] + images.shape[-2:])
'''),
    # palette.T[ids].permute(2, 0, 1): the permutation is written for one image (H, W, C); a batch of ids has four
    # axes. Shows on ids (2, 3, 3): a RuntimeError instead of (2, C, 3, 3).
    "blind7_dequantize_permute_for_one_image": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    # (the stub's input checks)
    return palette.T[ids.long()].permute(2, 0, 1)
'''),
    # torch.cat([start, targets[..., :-1]]) without dim: cat's default dim 0 is the sequence only for one image.
    # Shows on ids (2, 2, 2): a RuntimeError instead of inputs (2, 4).
    "blind7_pixel_sequence_cat_default_dim": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    # (the stub's input checks)
    targets = ids.long().flatten(-2)
    start = torch.full(targets.shape[:-1] + (1,), sos_id, dtype=torch.long, device=ids.device)
    inputs = torch.cat([start, targets[..., :-1]])
    return inputs, targets
'''),
    # The inputs made by aliasing, `inputs = targets` then slice assignments, believing it a copy: inputs and targets
    # are one tensor, so the targets come back shifted too, and for int64 ids (where .long() and flatten return
    # views) the caller's ids are overwritten. Shows on ids tensor([[1, 2], [3, 4]]) (int64), sos 9: targets
    # [9, 1, 2, 3] instead of [1, 2, 3, 4], and ids modified.
    "blind7_pixel_sequence_inputs_alias_targets": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    # (the stub's input checks)
    targets = ids.long().flatten(-2)
    inputs = targets
    inputs[..., 1:] = targets[..., :-1].clone()
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # W @ pooled.T: for one image pooled is (D,) and this is right; for a batch it is (K, B), never transposed back
    # (and a bias then broadcasts only when B == K or B == 1). Shows on X (2, 4, 5), W (3, 4), b (3,): a
    # RuntimeError; with b None, shape (3, 2) instead of (2, 3).
    "blind7_average_pool_logits_not_transposed_back": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    # (the stub's input checks)
    pooled = X.mean(dim=-1)
    logits = W @ pooled.T
    return logits if b is None else logits + b
'''),

    # ------------------------------------------------------------------ swin
    # The batch size read as X.shape[0] and the reshape written for exactly one batch axis: an unbatched grid (or
    # two batch axes) breaks. Shows on X (3, 4, 4), window 2: a RuntimeError instead of windows (4, 3, 4).
    "blind7_window_partition_batch_from_first_axis": ("swin", "window_partition", '''
def window_partition(X, window):
    # (the stub's input checks)
    B = X.shape[0]
    M = window
    grid = X.reshape(B, channels, height // M, M, width // M, M).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(B, -1, channels, M * M)
'''),
    # The window-count check written windows.shape[-3] != height * width // M (M, not M * M): it raises on valid
    # windows whenever M > 1. Shows on window_reverse(window_partition(X (3, 4, 4), 2), 2, 4, 4): a ValueError
    # instead of X.
    "blind7_window_reverse_count_check_forgets_square": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != height * width // M or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid, got {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # Region labels with strict comparisons, (r > H - M) + (r > H - shift), for the contract's r >= H - M and
    # r >= H - shift: even shift = 0 then splits the last row and column of windows. Shows on
    # shifted_window_mask(4, 4, 2, 0): window 3 is not all True (rows 2 and 3 get different labels).
    "blind7_shifted_mask_region_bounds_inclusive": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    # (the stub's input checks)
    r = torch.arange(height)
    c = torch.arange(width)
    rows = (r > height - window).long() + (r > height - shift).long()
    cols = (c > width - window).long() + (c > width - shift).long()
    labels = 3 * rows[:, None] + cols[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The (H, W) label grid cut into windows with a plain labels.reshape(-1, M * M) (the lesson's first trap, made
    # here in the mask rather than in window_partition): each "window" is a run of M*M raster labels. Right for
    # shift 0 (all labels equal). Shows on shifted_window_mask(4, 4, 2, 1): window 0 gets labels [0, 0, 0, 1].
    "blind7_shifted_mask_labels_plain_reshape": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    # (the stub's input checks)
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = labels.reshape(-1, window * window)
    return labels[:, :, None] == labels[:, None, :]
'''),
    # The output grid unflattened to (height / 2, width / 2): true division gives floats, which unflatten rejects.
    # Shows on any call, e.g. X (2, 4, 4): a TypeError instead of (4, 2, 2).
    "blind7_patch_merging_true_division_in_unflatten": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    # (the stub's input checks)
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height / 2, width / 2))
'''),

    # ------------------------------------------------------------------ davit
    # scale = tokens ** -1/2: operator precedence makes it (1 / N) / 2, not N ** -0.5. Shows on X (4, 4) (N = 4),
    # two groups: scores scaled by 1/8 instead of 1/2.
    "blind7_channel_attention_power_precedence": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = tokens ** -1/2
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The scale applied only when the caller passes one (`if scale is not None: scores = scores * scale`): the
    # default 1/sqrt(N) is never used. Shows on X (4, 3) (N = 3), two groups, scale=None: unscaled scores.
    "blind7_channel_attention_default_scale_skipped": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    scores = K @ Q.transpose(-2, -1)
    if scale is not None:
        scores = scores * scale
    weights = softmax_cols(scores)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The groups walked by `for g in range(len(Q))` with Q[g]: len() is the FIRST axis, the groups only for an
    # unbatched X. With a batch of B == G it silently mixes batch elements into the rows; other B raise. Shows on
    # X (2, 4, 3), num_groups 2: wrong values; X (3, 4, 3): linear's shape ValueError (6 rows for Wo (4, 4)).
    "blind7_channel_attention_group_loop_over_len": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    outputs = []
    for g in range(len(Q)):
        weights = softmax_cols(K[g] @ Q[g].transpose(-2, -1) * scale)
        outputs.append(weights.transpose(-2, -1) @ V[g])
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
}

RIGHT_BLIND_7 = {
    # Written as wrong (mask.bool() before the stub's dtype check, so an int64 0/1 mask gives a result instead of a
    # ValueError); counted right: docs/contract.md names no ValueError for apply_mask (its mask is a bool tensor, so an
    # integer mask is outside the contract) and only the ValueErrors it names are graded. On bool masks it is the model
    # answer.
    "blind7_apply_mask_casts_before_check": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    mask = mask.bool()
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    return scores.masked_fill(~mask, float("-inf"))
'''),
    # ------------------------------------------------------------------ bpe
    # Plain dicts (insertion-ordered since Python 3.7) for the word and pair counts, index loops over the pairs,
    # and the maximum found by a loop with a strict `>`, which keeps the first pair seen among equal counts: the
    # contract's tie rule.
    "blind7_right_train_bpe_index_loops_strict_max": ("bpe", "train_bpe", '''
def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    words = split_words(corpus, "corpus")
    counts = {}
    for word in words:
        key = tuple(word)
        counts[key] = counts.get(key, 0) + 1
    segments = {key: list(key) for key in counts}
    merges = []
    for step in range(num_merges):
        pair_counts = {}
        for key in counts:
            symbols = segments[key]
            for i in range(len(symbols) - 1):
                pair = (symbols[i], symbols[i + 1])
                pair_counts[pair] = pair_counts.get(pair, 0) + counts[key]
        if len(pair_counts) == 0:
            break
        best, best_count = None, -1
        for pair, count in pair_counts.items():
            if count > best_count:
                best, best_count = pair, count
        merges.append(best)
        for key in segments:
            segments[key] = merge_pair(segments[key], best)
    return merges
'''),
    # A token loop building the string, then trailing spaces removed one at a time with endswith: the same as
    # replace + rstrip(" ").
    "blind7_right_bpe_decode_loop_endswith": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    text = ""
    for token in tokens:
        text = text + token.replace(END_OF_WORD, " ")
    while text.endswith(" "):
        text = text[:-1]
    return text
'''),

    # ------------------------------------------------------------------ embeddings
    # One row at a time, sine or cosine by the row's parity, each row from the frequency of its pair (computed as
    # one tensor, as the model answer does), stacked at the end; an empty table for D = 0.
    "blind7_right_sinusoidal_row_loop": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    dtype = torch.get_default_dtype()
    positions = torch.arange(num_positions, dtype=dtype)
    denominators = 10000 ** (torch.arange(0, dim, 2, dtype=dtype) / dim)
    rows = []
    for row in range(dim):
        angle = positions / denominators[row // 2]
        rows.append(torch.sin(angle) if row % 2 == 0 else torch.cos(angle))
    if not rows:
        return torch.zeros(0, num_positions)
    return torch.stack(rows)
'''),

    # ------------------------------------------------------------------ softmax
    # The column max read from a descending sort (its first row), an all -inf column's max replaced by 0 and its
    # zero sum by 1: the same values, and the sort's gradient path cancels like amax's.
    "blind7_right_softmax_sorted_top_as_shift": ("softmax", "softmax_cols", '''
def softmax_cols(scores: torch.Tensor) -> torch.Tensor:
    top = torch.sort(scores, dim=-2, descending=True).values[..., :1, :]
    top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
    exps = torch.exp(scores - top)
    total = exps.sum(dim=-2, keepdim=True)
    return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),

    # ------------------------------------------------------------------ masking
    # A bool buffer filled column by column: query i sees keys 0 .. i (an exclusive end of i + 1).
    "blind7_right_causal_mask_loop_fill": ("masking", "causal_mask", '''
def causal_mask(n: int) -> torch.Tensor:
    mask = torch.zeros(n, n, dtype=torch.bool)
    for i in range(n):
        mask[: i + 1, i] = True
    return mask
'''),

    # ------------------------------------------------------------------ attention
    # K.mT (the batched transpose that .T is not) and a multiplication by D_k ** -0.5.
    "blind7_right_sdpa_mT_and_power": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    # (the stub's input checks)
    scores = torch.matmul(K.mT, Q) * Q.shape[-2] ** -0.5
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    return torch.matmul(V, weights), weights
'''),

    # ------------------------------------------------------------------ multihead
    # Heads as row blocks walked by range(0, D, D/H); each block goes through scaled_dot_product_attention with the
    # mask as given (it broadcasts against one head's scores), and the outputs are concatenated back in order.
    "blind7_right_mha_head_loop_step_head_dim": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    # (the stub's input checks)
    head_dim = dim // num_heads
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    pieces = []
    for start in range(0, dim, head_dim):
        rows = slice(start, start + head_dim)
        out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
        pieces.append(out)
    return linear(torch.cat(pieces, dim=-2), params["Wo"], params["bo"])
'''),

    # ------------------------------------------------------------------ transformer_layer
    # Centre first, then the biased variance as the mean of the centred squares, divide by sqrt(var + eps), and
    # gamma, beta as columns via unsqueeze(-1).
    "blind7_right_layer_norm_centred_square_mean": ("transformer_layer", "layer_norm", '''
def layer_norm(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    centred = X - X.mean(dim=-2, keepdim=True)
    variance = (centred * centred).mean(dim=-2, keepdim=True)
    return centred / (variance + eps).sqrt() * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),

    # ------------------------------------------------------------------ cross_attention
    # An add-and-norm helper picking gamma{k}, beta{k} by f-string, and the causal mask as an upper triangle of
    # ones (row = key j, column = query i: True iff j <= i).
    "blind7_right_decoder_layer_add_norm_fstring": ("cross_attention", "decoder_layer", '''
def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
    def add_and_norm(x, update, k):
        return layer_norm(x + update, params[f"gamma{k}"], params[f"beta{k}"])
    n = X_dec.shape[-1]
    keys_up_to_query = torch.ones(n, n, dtype=torch.bool).triu()
    X = add_and_norm(X_dec, multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, keys_up_to_query), 1)
    X = add_and_norm(X, multi_head_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask), 2)
    X = add_and_norm(X, feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
    return X
'''),

    # ------------------------------------------------------------------ sampling
    # A Python loop adding one 0-d term at a time onto a zero taken from the graph ((log_probs * 0).sum(), so that
    # even a single id gives a 0 that backpropagates): differentiable, in the logits' dtype.
    "blind7_right_sequence_log_prob_loop_from_graph_zero": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)
    total = (log_probs * 0).sum()
    for n in range(1, len(ids)):
        total = total + log_probs[ids[n], n - 1]
    return total
'''),
    # Greedy as F.one_hot of the arg-max cast to the logits' dtype; top-k and top-p masks applied with
    # masked_fill(~keep, 0); otherwise the contract's order.
    "blind7_right_next_token_probs_one_hot_greedy": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    # (the stub's input checks)
    if temperature == 0:
        return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros(probs.shape, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = probs.masked_fill(~keep, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        running = torch.cumsum(probs[order], dim=0)
        count = min(int((running < top_p).sum()) + 1, probs.shape[0])
        keep = torch.zeros(probs.shape, dtype=torch.bool)
        keep[order[:count]] = True
        probs = probs.masked_fill(~keep, 0.0)
    return probs / probs.sum()
'''),

    # ------------------------------------------------------------------ patch_embedding
    # One horizontal strip of P pixel rows at a time: its W/P patches flattened in (channel, row, column) order,
    # strips concatenated top to bottom along the patch axis; an image without rows gives no patches.
    "blind7_right_patchify_row_strips": ("patch_embedding", "patchify", '''
def patchify(images: torch.Tensor, patch_size: int) -> torch.Tensor:
    # (the stub's input checks)
    P = patch_size
    strips = []
    for a in range(height // P):
        strip = images[:, :, a * P:(a + 1) * P, :]
        strip = strip.reshape(batch, channels, P, width // P, P)
        strip = strip.permute(0, 3, 1, 2, 4).reshape(batch, width // P, channels * P * P)
        strips.append(strip)
    if not strips:
        return images.new_zeros(batch, channels * P * P, 0)
    return torch.cat(strips, dim=1).transpose(1, 2)
'''),
    # A fresh buffer (new_empty from the projected tokens) filled with [CLS] in column 0 and the tokens after it,
    # then the positions added: assignments into a fresh tensor are recorded by autograd.
    "blind7_right_patch_embedding_filled_buffer": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b)
    B, D, N = tokens.shape
    out = tokens.new_empty(B, D, N + 1)
    out[:, :, 0] = cls_token
    out[:, :, 1:] = tokens
    return out + positions
'''),

    # ------------------------------------------------------------------ rnn_attention
    # einsum for W s and v^T tanh(.), the mask by torch.where, a softmax over the last axis written out with an
    # all-hidden guard, and the context as the broadcast product weights[..., None, :] * H summed over N.
    "blind7_right_additive_attention_broadcast_weighted_sum": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    # (the stub's input checks)
    query = torch.einsum("ad,...d->...a", W, s)
    hidden = torch.tanh(torch.matmul(U, H) + query[..., None])
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
    top = scores.amax(dim=-1, keepdim=True)
    top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
    exps = torch.exp(scores - top)
    total = exps.sum(dim=-1, keepdim=True)
    weights = exps / torch.where(total == 0, torch.ones_like(total), total)
    context = (weights.unsqueeze(-2) * H).sum(dim=-1)
    return weights, context
'''),
    # The grid moved channels-last, the cells' keys as cells @ U^T, scores as hidden @ v over (H, W), one
    # torch.softmax over the flattened grid, and the context as a weighted sum over both grid axes.
    "blind7_right_grid_attention_channels_last": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    # (the stub's input checks)
    height, width = features.shape[-2:]
    cells = features.movedim(-3, -1)
    hidden = torch.tanh(cells @ U.T + (s @ W.T)[..., None, None, :])
    scores = hidden @ v
    weights = torch.softmax(scores.flatten(-2), dim=-1).unflatten(-1, (height, width))
    context = (weights.unsqueeze(-3) * features).sum(dim=(-2, -1))
    return weights, context
'''),
    # The GRU written out with the gate blocks sliced by D_s = weight_hh.shape[1] (rows 0:D reset, D:2D update,
    # 2D: candidate), the stack helper for [y; c] and [s; c].
    "blind7_right_decoder_step_gate_row_blocks": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    # (the stub's input checks)
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    D = params["weight_hh"].shape[1]
    gi = stack(y_prev, context) @ params["weight_ih"].T + params["bias_ih"]
    gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
    r = torch.sigmoid(gi[..., :D] + gh[..., :D])
    z = torch.sigmoid(gi[..., D:2 * D] + gh[..., D:2 * D])
    n = torch.tanh(gi[..., 2 * D:] + r * gh[..., 2 * D:])
    s = (1 - z) * n + z * s_prev
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),

    # ------------------------------------------------------------------ sparse_attention
    # Two loops: query i sees keys i % s, i % s + s, ... up to n - 1 (an exclusive end of n), which are exactly
    # the keys j with i - j a multiple of s.
    "blind7_right_strided_mask_loops": ("sparse_attention", "strided_mask", '''
def strided_mask(n: int, stride: int) -> torch.Tensor:
    # (the stub's input checks)
    mask = torch.zeros(n, n, dtype=torch.bool)
    for i in range(n):
        for j in range(i % stride, n, stride):
            mask[j, i] = True
    return mask
'''),
    # The OR as an integer sum of the key and query flags, tested > 0.
    "blind7_right_global_token_mask_integer_sum": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    flags = is_global.long()
    return (flags.unsqueeze(-1) + flags.unsqueeze(-2)) > 0
'''),
    # The closed forms rearranged: local n + w(2n - w - 1) and strided n + m(2n - s(m + 1)), with w and m floored
    # at 0 so that n = 0 gives 0; Python ints throughout.
    "blind7_right_sparse_cost_rearranged_forms": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    # (the stub's input checks)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = max(0, min(window, n - 1))
        return n + w * (2 * n - w - 1)
    if pattern == "strided":
        m = max(0, (n - 1) // stride)
        return n + m * (2 * n - stride * (m + 1))
    return num_global * (2 * n - num_global)
'''),

    # ------------------------------------------------------------------ positions
    # One row pair at a time: the angle p * base^(-2i/D) in float64, the rotated rows collected in two lists (top
    # halves, bottom halves) and stacked in the order of the rows; a D = 0 input is returned as a copy.
    "blind7_right_rotary_rows_stacked_pairwise": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    # (the stub's input checks)
    def rotate(X, positions):
        dim, num = X.shape[-2], X.shape[-1]
        half = dim // 2
        if positions is None:
            positions = torch.arange(num)
        p = positions.to(torch.float64)
        tops, bottoms = [], []
        for i in range(half):
            angle = p * base ** (-2 * i / dim)
            cos, sin = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
            x_i, x_j = X[..., i, :], X[..., i + half, :]
            tops.append(x_i * cos - x_j * sin)
            bottoms.append(x_j * cos + x_i * sin)
        if half == 0:
            return X.clone()
        return torch.stack(tops + bottoms, dim=-2)
    return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # One helper for a half of n buckets (exact below n/2, float32 log above, capped at n - 1), used with
    # num_buckets/2 and |offset| plus an upper-half offset of sign(offset).clamp(min=0) * n/2 when bidirectional,
    # and with all buckets and max(-offset, 0) when causal.
    "blind7_right_bucket_shared_half_helper": ("positions", "relative_position_bucket", '''
def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()

    def within_half(distance, n):
        exact = n // 2
        log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
        far = torch.clamp(exact + log_scale.long(), max=n - 1)
        return torch.where(distance < exact, distance, far)

    if bidirectional:
        n = num_buckets // 2
        return offset.sign().clamp(min=0) * n + within_half(offset.abs(), n)
    return within_half(torch.maximum(-offset, torch.zeros_like(offset)), num_buckets)
'''),

    # ------------------------------------------------------------------ pretraining
    # The same two uniform draws per position for choice and action, but random ids drawn only for the positions
    # that need one (torch.randint of the exact count) and written in with boolean indexing into a clone; specials
    # excluded by a loop of !=. Fewer draws, the same distribution.
    "blind7_right_mlm_draw_only_needed_random_ids": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = torch.ones(ids.shape, dtype=torch.bool)
    for sid in special.tolist():
        eligible &= ids != sid
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    to_mask = chosen & (action < 0.8)
    to_random = chosen & (action >= 0.8) & (action < 0.9)
    corrupted = ids.clone()
    corrupted[to_mask] = mask_id
    count = int(to_random.sum())
    corrupted[to_random] = torch.randint(0, vocab_size, (count,), generator=generator, dtype=ids.dtype)
    labels = torch.full(ids.shape, -100, dtype=torch.long)
    labels[chosen] = ids[chosen].long()
    return corrupted, labels
'''),
    # Index loops over documents and sentences; the other document drawn uniformly from an explicit list of the
    # other indices, then a sentence of it uniformly.
    "blind7_right_nsp_others_index_list": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    # (the stub's input checks)
    pairs = []
    for d in range(len(documents)):
        document = documents[d]
        for k in range(len(document) - 1):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((document[k], document[k + 1], 0))
            else:
                others = [o for o in range(len(documents)) if o != d]
                other = documents[others[int(torch.randint(len(others), (), generator=generator))]]
                sentence = other[int(torch.randint(len(other), (), generator=generator))]
                pairs.append((document[k], sentence, 1))
    return pairs
'''),

    # ------------------------------------------------------------------ imagegpt
    # Rows of the transposed palette looked up by id (..., H, W, C), then the channel axis moved before H, W.
    "blind7_right_dequantize_rows_of_transposed_palette": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    # (the stub's input checks)
    colours = palette.T[ids.long()]
    return colours.movedim(-1, -3)
'''),
    # inputs built as a clone of the targets shifted right by slice assignment, the start id written into column 0.
    "blind7_right_pixel_sequence_clone_and_shift": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    # (the stub's input checks)
    targets = ids.long().flatten(-2)
    inputs = targets.clone()
    inputs[..., 1:] = targets[..., :-1]
    inputs[..., 0] = sos_id
    return inputs, targets
'''),
    # The mean as a sum divided by the number of columns, then pooled @ W^T (rows are the batch) and the bias.
    "blind7_right_average_pool_sum_over_count": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    # (the stub's input checks)
    pooled = X.sum(dim=-1) / X.shape[-1]
    logits = pooled @ W.T
    if b is not None:
        logits = logits + b
    return logits
'''),

    # ------------------------------------------------------------------ swin
    # The four views picked from a list of (row, column) offsets in the contract's order, then the layer norm
    # written on the grid itself (mean and biased variance over the channel axis -3, gamma and beta as (4C, 1, 1))
    # and W applied by einsum over the channels: no flatten needed.
    "blind7_right_patch_merging_norm_on_grid_axis": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    # (the stub's input checks)
    offsets = [(0, 0), (1, 0), (0, 1), (1, 1)]
    merged = torch.cat([X[..., r::2, c::2] for r, c in offsets], dim=-3)
    mean = merged.mean(dim=-3, keepdim=True)
    variance = ((merged - mean) ** 2).mean(dim=-3, keepdim=True)
    normed = (merged - mean) / torch.sqrt(variance + eps) * gamma[:, None, None] + beta[:, None, None]
    return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # The contract's second formulation: each rolled row labelled (r >= H - M) + (r >= H - shift), columns alike,
    # a combined label 3 * row + column, the window_partition of the label image, and equality of labels.
    "blind7_right_shifted_mask_region_thresholds": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    # (the stub's input checks)
    r = torch.arange(height)
    c = torch.arange(width)
    row_region = (r >= height - window).long() + (r >= height - shift).long()
    col_region = (c >= width - window).long() + (c >= width - shift).long()
    region = 3 * row_region[:, None] + col_region[None, :]
    region = window_partition(region[None], window)[:, 0]
    return region.unsqueeze(-1) == region.unsqueeze(-2)
'''),
    # Windows glued back by loops: each window reshaped to (C, M, M), the windows of one grid row concatenated
    # along W, the grid rows along H; an empty grid reshaped directly.
    "blind7_right_window_reverse_concatenate_rows": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    # (the stub's input checks)
    *batch, _, channels, _ = windows.shape
    per_row = width // M
    rows = []
    for a in range(height // M):
        pieces = []
        for b in range(per_row):
            pieces.append(windows[..., a * per_row + b, :, :].reshape(*batch, channels, M, M))
        if pieces:
            rows.append(torch.cat(pieces, dim=-1))
    if not rows:
        return windows.reshape(*batch, channels, height, width)
    return torch.cat(rows, dim=-2)
'''),

    # ------------------------------------------------------------------ davit
    # A loop over the groups' row blocks with .mT (the batched transpose), the default scale 1/sqrt(N), and the
    # groups' outputs concatenated back in order before Wo.
    "blind7_right_channel_attention_group_loop_mT": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    # (the stub's input checks)
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = linear(X, params["Wq"], params["bq"])
    K = linear(X, params["Wk"], params["bk"])
    V = linear(X, params["Wv"], params["bv"])
    size = channels // num_groups
    outputs = []
    for g in range(num_groups):
        rows = slice(g * size, (g + 1) * size)
        weights = softmax_cols(K[..., rows, :] @ Q[..., rows, :].mT * scale)
        outputs.append(weights.mT @ V[..., rows, :])
    return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
}
