"""Eleventh blind batch of held-out implementations (written without reading grader/ or tests/).

How it was written: from docs/contract.md, docs/learners.md, README.md, the course registry (course/registry.py), the
stubs (exercises/*.py), the learner-visible tests (exercises/tests/, run only through pytest's --target option on
scratch packages) and the model answers (solutions/), after reading the nine earlier blind batch files
(tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_9.py) for their docstrings, entry names and
"counted right" comments, so as to repeat none of their names or ideas and to respect the decisions they record (tokens
given to bpe_decode come from bpe_encode; one_hot's dtype is a floating-point dtype; a mask never has batch axes of its
own; only the named ValueErrors count). Nothing else under grader/ or tests/ was opened, listed, grepped or run, nor
docs/grading.md, and held_out_blind_11.py, written at the same time, was not read. Stubs' input checks are written out
in the entries themselves. Every entry was built into its own scratch package (/tmp/blind10/pkgs/<entry>: a copy of
solutions/ with the entry's source appended to its module) and run against its exercise's visible tests; each wrong
entry's comment says whether it passes them, and every right entry passes them. Right entries were compared with the
model answer (/tmp/blind10/harness.py, right_checks.py, edge.py) on batteries of inputs: float32 and float64 (float64 at
a relative tolerance of 1e-10, float32 at 4e-6 of the result's scale); no, one and two batch axes; N = 1; N_q != N_k;
plain, batched, padding-shaped and fully masked masks; every float input made non-contiguous (all axes reversed in
memory), and expanded (stride-0) views and empty batches; ids and grids of every integer dtype and bool; gradients with
respect to every float input and weight, under random upstream gradients; the contract's ValueErrors; arguments
unchanged (values, shapes, strides, dicts and lists); output dtypes, also with float64 as the default dtype. Helpers
were checked through the graded functions that call them as well as directly: merge_pair through train_bpe and
bpe_encode on random corpora (underscores, repeated letters, merge lists holding spaces or empty strings), split_heads
and merge_heads through multi_head_attention and davit's channel_attention, rotate_columns through rotary_embedding,
gru_step through attention_decoder_step with broadcasting batch axes, window_partition through shifted_window_mask. The
same battery, run on the wrong entries of the functions it covers, flags all of them but two whose difference needs an
earlier result kept or a zero bias (local_mask's shared buffer, average_pool_head's skipped zero bias); every wrong
entry's recorded input was re-run on both sides (/tmp/blind10/wrong_checks.py) and its difference is named in its
comment.

Emphasis: (1) the functions the earlier batches barely touched -- multihead.split_heads and merge_heads,
positions.rotate_columns, rnn_attention.gru_step, bpe.merge_pair and bpe_decode, swin.window_partition and
window_reverse, transformer_layer.feed_forward, masking.local_mask, embeddings.one_hot, imagegpt.dequantize_pixels and
average_pool_head -- each with at least three wrong and two right entries; (2) across the exercises, autograd and memory
mistakes: results cut from the graph in new ways (.data, torch.no_grad around a re-layout or a buffer fill, torch.tensor
copies, .tolist and .item round trips, numpy ports, nn.Embedding.from_pretrained and nn.Parameter wrappers, the
truncated-BPTT detach, a linear-probe detach, a zero bias skipped by .item(), scoring under no_grad, out= buffers that
autograd refuses, in-place updates of a clone that layer_norm saved), arguments written in place (unsqueeze_ on ids,
positions, states and masks, logical_not_ on a mask, masked_fill_ on logits, += through a reshape that is a view, H
scaled in place, X divided in place, X used as the output buffer, a Python list's last token cut, cached fused weights
stored into the caller's params), state shared between calls (one buffer for every mask, a position table returned by
reference), integer and bool dtypes (int8 positions that wrap, ByteTensor masks, ids through uint8, uint8 range checks
skipped, an integer-dtype whitelist, int16 palette ids, Tensor.to(None) keeping bool, im2col refusing a LongTensor
grid), views that cannot be made (.view on transposed ids and batch axes, Swin's view without .contiguous()) and a
boolean index that does not broadcast; (3) right alternatives in unusual styles: torch.chunk/stack, unbind/cat,
unflatten and flatten, slice loops, einsum with gate or rotation axes, one-operand einsum permutations, torch.split
strips, an inverse permutation with index_select, max_pool1d dilation, meshgrid, Python loops and math tables, StringIO
and dropwhile, look-around regular expressions, F.embedding of an identity, torch.take, torch.where per colour,
avg_pool1d, addmm on folded rows, an augmented bias column, lerp, in-place work on fresh intermediates, torch.no_grad
around boolean masks only, and results that alias an input where the contract allows it (rotate_columns returning X when
every angle is 0, merge_pair returning the caller's list when nothing merges). Devices are left out: the contract states
no device rule and this machine has no second device. An as_strided window_partition was dropped: its values are right
for every layout, and its gradient too except for a leaf that is itself an expanded view, where autograd spreads the
gradient evenly over the aliased elements -- a case the contract does not settle.
Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.


"""

WRONG_BLIND_10 = {
    # ------------------------------------------------------------------ bpe
    # Merges only the FIRST occurrence of the pair and copies the rest ("replace once"): a word holding the pair
    # twice keeps its second occurrence. Differs on bpe_encode("abab", [("a", "b")]): ["ab", "a", "b", "</w>"]
    # instead of ["ab", "ab", "</w>"] (and merge_pair(["a", "b", "a", "b"], ("a", "b"))). Fails the visible tests.
    "blind10_merge_pair_first_occurrence_only": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    for i in range(len(symbols) - 1):
        if (symbols[i], symbols[i + 1]) == pair:
            return symbols[:i] + [symbols[i] + symbols[i + 1]] + symbols[i + 2:]
    return list(symbols)
'''),
    # Compares symbols with `is` (object identity) instead of `==`: in CPython the characters taken from a string
    # are shared one-character objects, so train_bpe still merges pairs of characters, but a symbol built by a merge
    # ("w" + "e") is a new object in every word, and the strings of a caller's merge list are other objects again.
    # Differs on train_bpe("low " * 5 + "lower " * 2 + "newer " * 6, 3): [("w", "e"), ("we", "r"), ("l", "o")]
    # instead of [..., ("wer", "</w>")], and on bpe_encode("we", [("w", "e")]): ["w", "e", "</w>"] instead of
    # ["we", "</w>"]. Fails the visible tests.
    "blind10_merge_pair_identity_comparison": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    merged: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] is pair[0] and symbols[i + 1] is pair[1]:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged
'''),
    # Joins the symbols with "_" and merges with a regular expression anchored on the separator, then splits on "_"
    # again: right while no symbol holds an underscore, but words are split on whitespace only, so "a_b" is a word.
    # Differs on bpe_encode("a_b", [("a", "_")]): ["a", "", "b", "</w>"] instead of ["a_", "b", "</w>"] (and train_bpe
    # on any corpus with underscores). Passes the visible tests.
    "blind10_merge_pair_underscore_joined_regex": ("bpe", "merge_pair", '''
import re

_SEPARATOR = "_"


def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    if not symbols:
        return []
    text = _SEPARATOR.join(symbols)
    pattern = (f"(?<![^{_SEPARATOR}])" + re.escape(pair[0]) + _SEPARATOR + re.escape(pair[1])
               + f"(?![^{_SEPARATOR}])")
    joined = re.sub(pattern, lambda match: pair[0] + pair[1], text)
    return joined.split(_SEPARATOR)
'''),
    # A scan that stops one symbol early and then appends the last symbol unconditionally: when the LAST two symbols
    # form the pair, the second of them comes back twice. Differs on train_bpe("aaa", 10): after ("aaa", "</w>") the
    # word is ["aaa</w>", "</w>"] and training goes on to ("aaa</w>", "</w>") (and merge_pair(["a", "b"], ("a", "b"))
    # is ["ab", "b"]). Fails the visible tests.
    "blind10_merge_pair_tail_appended_twice": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    if not symbols:
        return []
    merged: list[str] = []
    i = 0
    while i < len(symbols) - 1:
        if (symbols[i], symbols[i + 1]) == pair:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    merged.append(symbols[-1])          # the last symbol has no right neighbour
    return merged
'''),
    # str.rstrip with a multi-character argument strips a SET of characters, not a suffix: rstrip("</w>") removes
    # the final marker and then every trailing "w", "<", "/" or ">" of the last word. Differs on
    # bpe_decode(["lo", "w</w>"]): "lo" instead of "low" (any text whose last word ends in w). Passes the visible
    # tests (their last words end in "r" and "a").
    "blind10_bpe_decode_rstrip_charset_at_end": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    text = "".join(tokens).rstrip(END_OF_WORD)          # drop the final end-of-word marker
    return text.replace(END_OF_WORD, " ")
'''),
    # Turns a token into a space only when it IS the marker: merged tokens such as "w</w>" keep the literal
    # "</w>". Differs on bpe_decode(["lo", "w</w>"]): "low</w>" instead of "low". Fails the visible tests.
    "blind10_bpe_decode_whole_marker_tokens_only": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    text = "".join(" " if token == END_OF_WORD else token for token in tokens)
    return text.rstrip(" ")
'''),
    # Cuts the final marker off the caller's last token (tokens[-1] = ...) so that no trailing space is made: the
    # text is right, but the argument is modified. Differs on tokens = ["lo", "w</w>"]: after bpe_decode(tokens) the
    # caller's list is ["lo", "w"] (clause: arguments unchanged). Passes the visible tests.
    "blind10_bpe_decode_trims_callers_last_token": ("bpe", "bpe_decode", '''
def bpe_decode(tokens: list[str]) -> str:
    if tokens and tokens[-1].endswith(END_OF_WORD):
        tokens[-1] = tokens[-1][: -len(END_OF_WORD)]        # no trailing space to strip afterwards
    return "".join(tokens).replace(END_OF_WORD, " ")
'''),
    # ------------------------------------------------------------------ embeddings
    # Adds the query axis to the ids with unsqueeze_ (in place): the one-hot is right, but the caller's ids change
    # shape. Differs on ids = tensor([2, 0, 1]): after one_hot(ids, 3) the caller's ids have shape (1, 3) instead
    # of (3,) (clause: arguments unchanged). Passes the visible tests.
    "blind10_one_hot_ids_unsqueezed_in_place": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    vocabulary = torch.arange(vocab_size, device=token_ids.device)[:, None]     # (V, 1)
    token_ids.unsqueeze_(-2)                                                    # (..., 1, N)
    return (token_ids == vocabulary).to(dtype or torch.get_default_dtype())
'''),
    # Flattens the ids with .view(-1) to fill a (count, V) table by advanced indexing: a view cannot flatten ids
    # that are a transposed (non-contiguous) tensor. Differs on ids = tensor([[0, 1], [2, 0]]).T, V = 3: RuntimeError
    # instead of the (2, 3, 2) one-hot (clause: inputs may be non-contiguous views). Passes the visible tests.
    "blind10_one_hot_flat_view_of_ids": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    flat = token_ids.view(-1)
    rows = torch.zeros(flat.numel(), vocab_size, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
    rows[torch.arange(flat.numel()), flat] = 1
    return rows.view(*token_ids.shape, vocab_size).transpose(-1, -2)
'''),
    # Casts the comparison with .to(dtype) and nothing else: Tensor.to(None) returns the tensor unchanged, so the
    # default call gives a BoolTensor. Differs on one_hot(tensor([2, 0, 1]), 3): dtype bool instead of the default
    # float dtype. Fails the visible tests.
    "blind10_one_hot_to_none_keeps_bool": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    vocabulary = torch.arange(vocab_size, device=token_ids.device)
    return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(dtype)
'''),
    # nn.Embedding.from_pretrained on the transposed table: from_pretrained wraps the table in a new frozen
    # Parameter (a detached leaf), so the lookup is right and no gradient reaches omega_e. Differs on
    # omega_e = randn(3, 5, requires_grad=True), ids = tensor([4, 0]): the result has no grad_fn (backward of its sum
    # raises) and omega_e gets no gradient, where the model answer's counts the picked columns. Passes the visible
    # tests.
    "blind10_embed_from_pretrained_module": ("embeddings", "embed", '''
def embed(omega_e: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    check_token_ids(token_ids, omega_e.shape[-1])
    table = torch.nn.Embedding.from_pretrained(omega_e.T)          # nn.Embedding's (V, D) layout
    return table(token_ids).movedim(-1, -2)
'''),
    # ------------------------------------------------------------------ masking
    # Positions in int8 "to keep the mask small": torch.arange wraps past 127, so for n >= 129 the offsets are
    # wrong (and abs(-128) stays -128 in int8). Differs on local_mask(130, 1): [0, 128] is True instead of False.
    # Passes the visible tests.
    "blind10_local_mask_int8_positions": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    positions = torch.arange(n, dtype=torch.int8)
    return (positions[None, :] - positions[:, None]).abs() <= window
'''),
    # Old PyTorch ByteTensor masks: a uint8 band of ones (1 = visible) instead of a BoolTensor; the values are
    # right, but apply_mask (and the attention built on it) rejects a non-bool mask. Differs on local_mask(4, 1):
    # dtype uint8 instead of bool, and apply_mask(zeros(4, 4), local_mask(4, 1)) raises ValueError. Passes the
    # visible tests (Tensor.equal compares a uint8 and a bool tensor by value).
    "blind10_local_mask_byte_tensor": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    band = torch.ones(n, n, dtype=torch.uint8)
    return band.triu(-window).tril(window)
'''),
    # Writes every mask into one module-level buffer, grown as needed, and returns a view of it: each call
    # overwrites the masks returned by earlier calls. Differs on m1 = local_mask(4, 1); local_mask(4, 0): m1 is now
    # the diagonal (state between calls changes an earlier result). Passes the visible tests.
    "blind10_local_mask_shared_buffer_views": ("masking", "local_mask", '''
_LOCAL_BUFFER = torch.zeros(0, 0, dtype=torch.bool)


def local_mask(n: int, window: int) -> torch.Tensor:
    global _LOCAL_BUFFER
    if _LOCAL_BUFFER.shape[0] < n:
        _LOCAL_BUFFER = torch.zeros(n, n, dtype=torch.bool)
    keys = torch.arange(n)[:, None]
    queries = torch.arange(n)[None, :]
    mask = _LOCAL_BUFFER[:n, :n]
    mask.copy_((queries - keys).abs() <= window)
    return mask
'''),
    # Flips the caller's mask in place (logical_not_) to get "True = hidden" for masked_fill: the scores are right,
    # but the argument is inverted, and a mask reused for a second call (every layer of a model shares one) hides
    # the visible keys. Differs on m = tensor([[True, False], [True, True]]): after apply_mask(zeros(2, 2), m),
    # m is [[False, True], [False, False]]. Passes the visible tests.
    "blind10_apply_mask_inverts_mask_in_place": ("masking", "apply_mask", '''
def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible) of shape (..., N_k, N_q); got {mask.dtype}")
    hidden = mask.logical_not_()
    return scores.masked_fill(hidden, float("-inf"))
'''),
    # ------------------------------------------------------------------ multihead
    # split_heads through .data ("only a re-layout of the numbers"): Q, K and V leave the graph, so in
    # multi_head_attention no gradient reaches Xq, Xkv, Wq, Wk, Wv, bq, bk or bv (only Wo and bo get one). Differs on
    # Xq = Xkv = randn(4, 3) (float64, requires_grad), H = 2, random params: Xq.grad and params["Wq"].grad are None
    # after backward of the output's sum. Passes the visible tests.
    "blind10_split_heads_through_data": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    *batch, dim, n = Y.shape
    return Y.data.reshape(*batch, num_heads, dim // num_heads, n)
'''),
    # torch.split(Y, num_heads) cuts pieces OF SIZE num_heads (D/H pieces), torch.chunk would cut num_heads pieces:
    # the two agree only when D = H^2. Differs on multi_head_attention with D = 2, H = 2 (one head of width 2, scaled
    # by 1/sqrt(2)) and on D = 8, H = 2 (four heads of width 2). Fails the visible tests.
    "blind10_split_heads_split_size_for_count": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    return torch.stack(torch.split(Y, num_heads, dim=-2), dim=-3)
'''),
    # Written for the two layouts the learner tried, (D, N) and (B, D, N), with the batch read from axis 0: two
    # batch axes no longer reshape. Differs on multi_head_attention(Xq, Xq, params, 2) with Xq = randn(2, 3, 4, 5):
    # RuntimeError instead of the (2, 3, 4, 5) output (clause: leading batch axes). Passes the visible tests.
    "blind10_split_heads_two_layouts_only": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    dim, n = Y.shape[-2], Y.shape[-1]
    if Y.dim() == 2:
        return Y.reshape(num_heads, dim // num_heads, n)
    return Y.reshape(Y.shape[0], num_heads, dim // num_heads, n)
'''),
    # merge_heads under torch.no_grad() ("a pure re-layout, nothing to learn"): the merged heads leave the graph,
    # so in multi_head_attention only Wo and bo get a gradient. Differs on Xq = Xkv = randn(4, 3) (float64,
    # requires_grad), H = 2, random params: Xq.grad and params["Wv"].grad are None. Passes the visible tests.
    "blind10_merge_heads_under_no_grad": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    *batch, num_heads, head_dim, n = heads.shape
    with torch.no_grad():
        merged = heads.reshape(*batch, num_heads * head_dim, n)
    return merged
'''),
    # Concatenates the heads along the LAST axis (the tokens) instead of the rows: (..., D/H, H*N). Differs on
    # multi_head_attention with D = 4, H = 2, N_q = 3: linear's ValueError (Wo (4, 4) cannot project (2, 6)) instead
    # of the (4, 3) output; only one head (H = 1) works. Fails the visible tests.
    "blind10_merge_heads_cat_on_tokens": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    return torch.cat(heads.unbind(dim=-3), dim=-1)
'''),
    # reshape(-1, N) folds the batch axes into the rows as well: right for one sequence, but a batch (B, H, D/H, N)
    # becomes (B*D, N). Differs on multi_head_attention with Xq = Xkv = randn(2, 4, 3), H = 2: linear's ValueError
    # instead of the (2, 4, 3) output. Fails the visible tests.
    "blind10_merge_heads_rows_absorb_batch": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    return heads.reshape(-1, heads.shape[-1])
'''),
    # The head axis added to the caller's mask with unsqueeze_ (in place): the first call is right, but the caller's
    # mask gains an axis on every call, and a mask used twice on an unbatched input gives a wrongly shaped output.
    # Differs on X = randn(4, 3), H = 2, m = a (3, 3) causal mask: after one call m has shape (1, 3, 3); the second
    # call returns shape (1, 4, 3) instead of (4, 3). Passes the visible tests.
    "blind10_mha_mask_unsqueezed_in_place": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(
            f"the model width D={dim} (Xq has shape (..., D, N_q)) must be divisible by num_heads={num_heads}"
        )
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    if mask is not None:
        mask.unsqueeze_(-3)                      # one mask for all heads
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # The output bias copied through .tolist() into a new tensor "to make it a column": the values are right and
    # no gradient reaches b2. Differs on X = randn(4, 3), W1 = randn(6, 4), b1 = randn(6), W2 = randn(4, 6),
    # b2 = randn(4, requires_grad=True) (float64): the output has no grad_fn and b2 gets no gradient, where the model
    # answer's gradient of the output's sum is 3 in every entry. Passes the visible tests.
    "blind10_feed_forward_bias_through_tolist": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = torch.relu(linear(X, W1, b1))
    bias = torch.tensor(b2.tolist(), dtype=X.dtype)[:, None]
    return W2 @ hidden + bias
'''),
    # Saves memory by writing each output column into X's own storage (out = X, then out[..., n:n+1] = ...): every
    # column is read before it is overwritten, so the returned values are right, but the caller's X now holds
    # FFN(X); in a post-LN layer X + FFN(X) then adds FFN(X) to itself. Differs on X = randn(4, 3) and random
    # weights: X is modified (and transformer_layer's output is wrong). Fails the visible tests.
    "blind10_feed_forward_writes_output_into_input": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    out = X
    for n in range(X.shape[-1]):
        column = X[..., :, n:n + 1]
        out[..., :, n:n + 1] = linear(torch.relu(linear(column, W1, b1)), W2, b2)
    return out
'''),
    # Preallocated buffers filled with torch.matmul(..., out=...), bias and ReLU added in place: the values are
    # right, but out= arguments do not support autograd, so any call with an input or weight that requires grad
    # raises. Differs on X = randn(4, 3, requires_grad=True) and random weights: RuntimeError ("functions with out=...
    # arguments don't support automatic differentiation") instead of the output. Passes the visible tests.
    "blind10_feed_forward_matmul_out_buffers": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    hidden = torch.empty(*X.shape[:-2], W1.shape[0], X.shape[-1], dtype=X.dtype)
    torch.matmul(W1, X, out=hidden)
    hidden.add_(b1[:, None]).relu_()
    out = torch.empty(*X.shape[:-2], W2.shape[0], X.shape[-1], dtype=X.dtype)
    torch.matmul(W2, hidden, out=out)
    return out.add_(b2[:, None])
'''),
    # Pre-LN on a clone of X ("so the caller's X is never written") updated with +=: but layer_norm saved that
    # clone for its backward (the variance's), so the in-place residual breaks every backward through the pre-LN
    # branch. Differs on X = randn(4, 3, requires_grad=True), H = 2, random params, norm_first=True: backward raises
    # "one of the variables needed for gradient computation has been modified by an inplace operation" (the values
    # are right; post-LN is right). Passes the visible tests.
    "blind10_transformer_layer_in_place_on_clone_saved_by_norm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X.clone()
        X += attend(layer_norm(X, params["gamma1"], params["beta1"]))
        X += think(layer_norm(X, params["gamma2"], params["beta2"]))
        return X
    X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
    return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # ------------------------------------------------------------------ positions
    # The positions made a row with unsqueeze_ (in place): the rotation is right, but the caller's positions change
    # shape, and passing them again (now (1, N)) to an unbatched Q gives a (1, D, N) result. Differs on
    # p = tensor([0, 3, 4]), Q = K = randn(4, 3): after rotary_embedding(Q, K, p) p has shape (1, 3); a second
    # rotary_embedding(Q, K, p) returns Q' of shape (1, 4, 3). Passes the visible tests.
    "blind10_rotate_columns_positions_unsqueezed_in_place": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)        # (D/2,)
    positions.unsqueeze_(0)                                                       # a row (1, N)
    angles = theta[:, None] * positions.to(torch.float64)                         # (D/2, N)
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Pairs the halves with X.reshape(..., 2, D/2, N) and writes the rotated halves back into that "copy": for a
    # contiguous X reshape returns a VIEW, so the caller's Q and K are rotated in place (a non-contiguous X is
    # copied and left alone). Differs on Q = randn(4, 3), K = randn(4, 5) (contiguous): Q and K are modified by
    # rotary_embedding(Q, K), and a second call rotates them twice. Fails the visible tests.
    "blind10_rotate_columns_writes_through_reshape_view": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    pairs = X.reshape(*X.shape[:-2], 2, dim // 2, num)
    top, bottom = pairs[..., 0, :, :], pairs[..., 1, :, :]
    new_top = top * cos - bottom * sin
    new_bottom = bottom * cos + top * sin
    pairs[..., 0, :, :] = new_top
    pairs[..., 1, :, :] = new_bottom
    return pairs.reshape(X.shape)
'''),
    # The rotated halves written into a torch.empty_like buffer under torch.no_grad() ("copies need no graph"):
    # the values are right and the result is cut from Q and K. Differs on Q = K = randn(4, 3, requires_grad=True)
    # (float64): the rotated Q' has no grad_fn and backward of Q'.sum() raises. Passes the visible tests.
    "blind10_rotate_columns_buffer_filled_under_no_grad": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    half = dim // 2
    out = torch.empty_like(X)
    with torch.no_grad():
        out[..., :half, :] = X[..., :half, :] * cos - X[..., half:, :] * sin
        out[..., half:, :] = X[..., half:, :] * cos + X[..., :half, :] * sin
    return out
'''),
    # ------------------------------------------------------------------ rnn_attention
    # h.detach() at the start of the step (the truncated-backpropagation-through-time habit): every value is right,
    # but attention_decoder_step's new state no longer depends on s_prev through the GRU, so the gradient with
    # respect to s_prev keeps only the attention path. Differs on attention_decoder_step with s_prev = randn(3,
    # requires_grad=True), y_prev (2,), H (4, 7), random params (float64): s_prev.grad after backward of s.sum()
    # differs from the model answer's. Passes the visible tests.
    "blind10_gru_step_state_detached_tbptt": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    h = h.detach()                         # truncated BPTT: one step at a time
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = torch.sigmoid(reset_x + reset_h)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h
'''),
    # Keras 1's GRU default recurrent_activation, the hard sigmoid, for the reset and update gates: it agrees with
    # the sigmoid at 0 only. Differs on gru_step(x, h, ...) with x = randn(4, 5), h = randn(4, 3) and random
    # nn.GRUCell-shaped weights (float64): not nn.GRUCell's state. Fails the visible tests.
    "blind10_gru_step_hard_sigmoid_gates": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = torch.nn.functional.hardsigmoid(reset_x + reset_h)
    update = torch.nn.functional.hardsigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + reset * new_h)
    return (1 - update) * candidate + update * h
'''),
    # Gives an unbatched state a batch axis with h.unsqueeze_(0), as nn.GRUCell wants (B, D): the new state is
    # right, but in attention_decoder_step h is the caller's s_prev, which now has shape (1, D_s). Differs on
    # attention_decoder_step(s_prev = randn(3), y_prev = randn(2), H = randn(4, 7), random params): s_prev has shape
    # (1, 3) afterwards (clause: arguments unchanged). Fails the visible tests.
    "blind10_gru_step_unsqueezes_state_in_place": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    unbatched = h.dim() == 1 and x.dim() == 1
    if h.dim() == 1:
        h.unsqueeze_(0)                                    # (1, D): a batch of one
    if x.dim() == 1:
        x = x.unsqueeze(0)
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = torch.sigmoid(reset_x + reset_h)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + reset * new_h)
    state = (1 - update) * candidate + update * h
    return state.squeeze(0) if unbatched else state
'''),
    # The context as a weighted sum computed in place in H ("no temporary of H's size"): H.mul_(weights) and then
    # a sum over the positions. The weights and the context are right, but the caller's encoder states are scaled
    # by the weights (and grid_attention's features too, through flatten's view). Differs on s = randn(2),
    # H = randn(3, 4), W, U, v random: H is modified (clause: arguments unchanged). Fails the visible tests.
    "blind10_additive_attention_weights_encoder_states_in_place": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N) with the encoder states as columns; got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError(f"W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s {tuple(s.shape)} and H {tuple(H.shape)}")
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = H.mul_(weights.unsqueeze(-2)).sum(dim=-1)
    return weights, context
'''),
    # ------------------------------------------------------------------ imagegpt
    # "Images of ids are bytes": the ids go through uint8 before the lookup, so any id >= 256 wraps around, and
    # ImageGPT's palette has 512 colours. Differs on ids = tensor([[300]]), palette = randn(3, 512): colour 44
    # instead of colour 300. Passes the visible tests.
    "blind10_dequantize_ids_through_uint8": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    colours = palette[:, ids.to(torch.uint8).long()]
    return colours.movedim(0, -3)
'''),
    # Skips the range check for uint8 ids ("a byte is always a valid id"): with fewer than 256 colours a uint8 id
    # can still be out of range, and the lookup then raises IndexError instead of the contract's ValueError.
    # Differs on ids = tensor([[5]], dtype=uint8), palette = randn(3, 3): IndexError instead of ValueError. Passes
    # the visible tests.
    "blind10_dequantize_uint8_range_check_skipped": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.dtype != torch.uint8 and ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # The integer check as a whitelist of the dtypes the learner met (uint8, int32, int64): int16 and int8 images of
    # ids, integers the contract accepts, are rejected. Differs on ids = tensor([[0, 1]], dtype=int16),
    # palette = randn(3, 2): ValueError instead of the (3, 1, 2) image. Passes the visible tests.
    "blind10_dequantize_integer_dtype_whitelist": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.dtype not in (torch.uint8, torch.int32, torch.int64):
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # Pixel by pixel into a zero image, each channel value copied as a Python number (.item()): the picture is
    # right, but no gradient reaches the palette. Differs on ids = tensor([[1, 0]]), palette = randn(3, 2,
    # requires_grad=True): the image has no grad_fn and the palette gets no gradient, where the model answer's
    # gradient of the image's sum is all ones. Passes the visible tests.
    "blind10_dequantize_loop_with_item": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    *batch, height, width = ids.shape
    channels = palette.shape[0]
    images = torch.zeros(*batch, channels, height, width, dtype=palette.dtype)
    flat_ids = ids.reshape(-1, height, width)
    flat_images = images.reshape(-1, channels, height, width)
    for b in range(flat_ids.shape[0]):
        for r in range(height):
            for c in range(width):
                k = int(flat_ids[b, r, c])
                for channel in range(channels):
                    flat_images[b, channel, r, c] = palette[channel, k].item()
    return images
'''),
    # Linear-probe habit ("the backbone's features are frozen"): the tokens are averaged from X.detach(), so the
    # logits are right and no gradient reaches X. Differs on X = randn(4, 3, requires_grad=True), W = randn(2, 4),
    # b = None: the logits have no grad_fn and X gets no gradient, where the model answer's gradient of the logits'
    # sum is W's column sums / 3 in every column. Passes the visible tests.
    "blind10_average_pool_linear_probe_detached": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.detach().mean(dim=-1)
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),
    # Skips the bias when it is all zeros (tested with .item()): the logits are the same, but a zero-initialised
    # bias, the usual start of a classifier head, then gets no gradient. Differs on X = randn(4, 3), W = randn(2, 4),
    # b = zeros(2, requires_grad=True): the logits have no grad_fn and b gets no gradient, where the model answer's
    # gradient of the logits' sum is [1, 1]. Passes the visible tests.
    "blind10_average_pool_skips_zero_bias": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    logits = X.mean(dim=-1) @ W.T
    if b is not None and b.abs().sum().item() > 0:
        logits = logits + b
    return logits
'''),
    # Divides X by N in place before summing ("scale first, then the sum is the mean"): the first result is right,
    # but the caller's X is divided by N on every call. Differs on X = [[1., 3.], [0., 2.]], W = eye(2): X becomes
    # [[0.5, 1.5], [0., 1.]], and a second call on the same X gives half the logits. Fails the visible tests.
    "blind10_average_pool_divides_input_in_place": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    X /= X.shape[-1]
    logits = X.sum(dim=-1) @ W.T
    return logits if b is None else logits + b
'''),
    # The token mean accumulated in float32 ("sums in float32 are enough") and cast back: float64 features lose
    # float64 accuracy. Differs on float64 X = randn(16, 50) * 100, W = randn(3, 16), b = None: an error of about 1e-5
    # instead of 1e-14 (clause: a float64 input is computed in float64). Passes the visible tests.
    "blind10_average_pool_mean_accumulated_in_float32": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.mean(dim=-1, dtype=torch.float32).to(X.dtype)
    logits = pooled @ W.T
    return logits if b is None else logits + b
'''),
    # Palette ids stored as int16 ("512 colours fit in 16 bits"): the right ids in the wrong dtype, where the
    # contract returns a LongTensor (and embedding lookups want int64/int32). Differs on any image, e.g. the visible
    # test's (2, 1, 3) image: dtype int16 instead of int64. Fails the visible tests.
    "blind10_quantize_ids_as_int16": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError(f"images must be (..., C, H, W) and palette (C, K); got shapes {tuple(images.shape)} and "
                         f"{tuple(palette.shape)}")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError(f"images and palette must be floating point, got {images.dtype} and {palette.dtype}")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError(f"images have C={images.shape[-3]} channels but the palette has {palette.shape[0]} rows")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour, got shape (C, 0)")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1).to(torch.int16)
'''),
    # ------------------------------------------------------------------ swin
    # The windows returned as torch.tensor(windows) "so that writing into them never touches X": torch.tensor of a
    # tensor is a detached copy, so the values are right and no gradient reaches X. Differs on X = randn(2, 4, 4,
    # requires_grad=True), M = 2: the windows have no grad_fn and backward of their sum raises. Passes the visible
    # tests.
    "blind10_window_partition_torch_tensor_copy": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    windows = grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
    return torch.tensor(windows)
'''),
    # The windows cut with torch.nn.functional.unfold (im2col, kernel and stride M): right for floating grids, but
    # im2col is not implemented for integer tensors, and shifted_window_mask partitions an integer label grid with
    # window_partition. Differs on shifted_window_mask(4, 4, 2, 1): NotImplementedError instead of the mask (and on
    # window_partition of any integer or bool grid). Fails the visible tests.
    "blind10_window_partition_functional_unfold": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    flat = X.reshape(-1, channels, height, width)
    columns = torch.nn.functional.unfold(flat, kernel_size=M, stride=M)          # (B, C*M*M, nW)
    windows = columns.unflatten(1, (channels, M * M)).movedim(-1, 1)             # (B, nW, C, M*M)
    return windows.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Folds the batch axes with .view(-1, C, H, W): a view cannot merge batch axes whose strides do not nest, e.g.
    # a grid batch made by transposing two batch axes. Differs on X = randn(3, 2, 1, 4, 4).transpose(0, 1), M = 2:
    # RuntimeError instead of the (2, 3, 4, 1, 4) windows. Passes the visible tests.
    "blind10_window_partition_view_folds_batch": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    flat = X.view(-1, channels, height, width)
    grid = flat.reshape(-1, channels, height // M, M, width // M, M).movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # A numpy port (np.moveaxis) on windows.detach().numpy(), wrapped back with torch.from_numpy: the grid is right,
    # the graph is gone. Differs on windows = randn(4, 2, 4, requires_grad=True), M = 2, H = W = 4: the grid has no
    # grad_fn and backward raises. Passes the visible tests.
    "blind10_window_reverse_numpy_port": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    import numpy as np
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    array = windows.detach().cpu().numpy().reshape(*batch, height // M, width // M, channels, M, M)
    array = np.moveaxis(array, (-5, -4), (-4, -2))
    return torch.from_numpy(np.ascontiguousarray(array).reshape(*batch, channels, height, width))
'''),
    # The official Swin code's .contiguous().view(...) without its .contiguous(): after the axis moves the grid is
    # not laid out row by row, and view refuses. Differs on window_reverse(window_partition(X, 2), 2, 6, 4) with
    # X = randn(2, 6, 4): RuntimeError instead of X. Fails the visible tests.
    "blind10_window_reverse_view_without_contiguous": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M).movedim((-5, -4), (-4, -2))
    return grid.view(*batch, channels, height, width)
'''),
    # pixel_shuffle reassembles (B, C*M*M, H/M, W/M) with the channel index c*M*M + k, but the windows are packed
    # token-major (k*C + c): right for one channel only. Differs on window_reverse(window_partition(X, 2), 2, 6, 4)
    # with X = arange(48.).reshape(2, 6, 4): channels and tokens are mixed instead of giving X back. Fails the
    # visible tests.
    "blind10_window_reverse_pixel_shuffle_token_major": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, tokens = windows.shape
    grid = windows.reshape(-1, height // M, width // M, channels, tokens)             # (B, a, b, C, M*M)
    packed = grid.permute(0, 4, 3, 1, 2).reshape(-1, tokens * channels, height // M, width // M)
    image = torch.nn.functional.pixel_shuffle(packed, M)                              # (B, C, H, W)
    return image.reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ other exercises
    # Scoring under torch.no_grad() ("evaluation needs no graph"): the log-probability is right, but it is cut from
    # the model, whose logits sequence_log_prob must stay differentiable in (only next_token_probs, generate and
    # beam_search are exempt). Differs on a model whose logits are a (5, 5) table with requires_grad indexed by the
    # ids, ids = tensor([0, 3, 1]): the result has no grad_fn and backward raises. Passes the visible tests.
    "blind10_sequence_log_prob_under_no_grad": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    with torch.no_grad():
        log_probs = torch.log_softmax(model(ids), dim=0)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),
    # top-k written on the caller's logits with masked_fill_ ("no copy of a 50k vocabulary"): the probabilities are
    # right, but the logits passed in now hold -inf outside the top k. Differs on logits = log(tensor([.1, .4, .2,
    # .3])) (float64), top_k = 2: afterwards logits[0] and logits[2] are -inf (clause: arguments unchanged; the
    # sampling functions are exempt from gradients only). Passes the visible tests.
    "blind10_next_token_probs_top_k_masked_fill_in_place": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    if top_k is not None:
        order = torch.sort(logits, descending=True, stable=True).indices
        keep = torch.zeros_like(logits, dtype=torch.bool)
        keep[order[:top_k]] = True
        logits.masked_fill_(~keep, float("-inf"))          # no copy of the vocabulary
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # A fused key/value weight cached in the caller's params dict (params["W_kv"], "build it once"): the dict gains
    # keys, and when the caller swaps in new Wk/Wv tensors (a new training state in the same dict) the stale fused
    # weight is reused. Differs on p = random params (D = 4): cross_attention(X_dec, X_enc, p, 2) adds "W_kv" and
    # "b_kv" to p; after p["Wk"] = randn(4, 4) a second call returns the first call's result. Passes the visible tests.
    "blind10_cross_attention_fused_kv_stored_in_params": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    from .attention import linear, scaled_dot_product_attention
    from .multihead import merge_heads, split_heads
    dim = X_dec.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    if "W_kv" not in params:
        params["W_kv"] = torch.cat([params["Wk"], params["Wv"]])
        params["b_kv"] = torch.cat([params["bk"], params["bv"]])
    K, V = linear(X_enc, params["W_kv"], params["b_kv"]).split(dim, dim=-2)
    Q = linear(X_dec, params["Wq"], params["bq"])
    Q, K, V = (split_heads(t, num_heads) for t in (Q, K, V))
    mask = None if enc_mask is None else enc_mask.unsqueeze(-3)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The [CLS] token wrapped in nn.Parameter, as a ViT module declares it: a Parameter made from a tensor is a new
    # leaf, so the output is right and no gradient reaches the caller's cls_token. Differs on images = randn(1, 1, 4,
    # 4), P = 2, W = randn(3, 4), b = randn(3), cls_token = randn(3, requires_grad=True), positions = randn(3, 5):
    # cls_token.grad is None after backward of the output's sum instead of ones. Passes the visible tests.
    "blind10_patch_embedding_cls_wrapped_in_parameter": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    cls = torch.nn.Parameter(cls_token)
    tokens = linear(patchify(images, patch_size), W, b)
    cls_column = cls[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ more memory and state
    # Hidden positions set with boolean indexing on the fresh scores (scores[~mask] = -inf): right when the mask has
    # the scores' own shape, but the contract lets a mask (..., N) broadcast against the states' batch, and a boolean
    # index does not broadcast. Differs on s = randn(2, 3) (two states), H = randn(4, 5), mask = tensor([True, True,
    # False, True, False]) (shared by both): IndexError instead of the weights. Passes the visible tests.
    "blind10_additive_attention_mask_by_boolean_index": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N) with the encoder states as columns; got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError(f"W (D_a, D_s), U (D_a, D_h), v (D_a,) do not fit s {tuple(s.shape)} and H {tuple(H.shape)}")
    query = (s @ W.T).unsqueeze(-1)
    hidden = torch.tanh(U @ H + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    if mask is not None:
        scores[~mask] = float("-inf")
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    return weights, context
'''),
    # The position table cached per (N, D, dtype) and returned by reference (the register_buffer habit of
    # positional-encoding modules): a caller that adds to the table it was given in place changes what every later
    # call returns. Differs on P = sinusoidal_positions(4, 6); P.zero_(); sinusoidal_positions(4, 6): all zeros
    # instead of the table (state between calls changes a result). Passes the visible tests.
    "blind10_sinusoidal_positions_cached_table_returned": ("embeddings", "sinusoidal_positions", '''
_POSITION_TABLES = {}


def sinusoidal_positions(num_positions: int, dim: int) -> torch.Tensor:
    key = (num_positions, dim, torch.get_default_dtype())
    if key not in _POSITION_TABLES:
        positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
        pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
        angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
        table = torch.empty(dim, num_positions)
        table[0::2] = torch.sin(angles)
        table[1::2] = torch.cos(angles[: dim // 2])
        _POSITION_TABLES[key] = table
    return _POSITION_TABLES[key]
'''),
    # The grid filled window by window through .data ("bookkeeping needs no autograd"): the values land in a fresh
    # buffer that autograd never sees, so no gradient reaches the windows. Differs on windows = randn(4, 2, 4,
    # requires_grad=True), M = 2, H = W = 4: the grid has no grad_fn and backward raises. Passes the visible tests.
    "blind10_window_reverse_fill_through_data": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.new_zeros(*batch, channels, height, width)
    per_row = width // M
    for k in range(windows.shape[-3]):
        row, column = (k // per_row) * M, (k % per_row) * M
        block = windows.data[..., k, :, :].reshape(*batch, channels, M, M)
        grid.data[..., row:row + M, column:column + M] = block
    return grid
'''),
}

RIGHT_BLIND_10 = {
    # ------------------------------------------------------------------ bpe
    # Returns the caller's list itself when the pair does not occur (no copy): merge_pair is not one of the graded
    # functions, and train_bpe and bpe_encode only ever rebind the name to the result, so the aliasing is never
    # seen; the merge itself is a left-to-right scan with a skip flag.
    "blind10_right_merge_pair_returns_input_when_absent": ("bpe", "merge_pair", '''
def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    first, second = pair
    if not any(a == first and b == second for a, b in zip(symbols, symbols[1:])):
        return symbols
    merged: list[str] = []
    skip = False
    for i, symbol in enumerate(symbols):
        if skip:
            skip = False
            continue
        if i + 1 < len(symbols) and symbol == first and symbols[i + 1] == second:
            merged.append(symbol + symbols[i + 1])
            skip = True
        else:
            merged.append(symbol)
    return merged
'''),
    # A space-joined word and a regular expression whose look-arounds pin both halves to whole symbols: symbols
    # never hold whitespace (words come from str.split()), so the space separates them unambiguously; re.sub
    # replaces non-overlapping matches left to right, as the scan does. A pair that itself holds whitespace can
    # match no symbol and is skipped.
    "blind10_right_merge_pair_space_joined_lookarounds": ("bpe", "merge_pair", '''
import re


def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    if not symbols or any(character.isspace() for character in pair[0] + pair[1]):
        return list(symbols)
    pattern = r"(?<![^ ])" + re.escape(pair[0]) + " " + re.escape(pair[1]) + r"(?![^ ])"
    joined = re.sub(pattern, lambda match: pair[0] + pair[1], " ".join(symbols))
    return joined.split(" ")
'''),
    # The tokens written into an io.StringIO, the markers replaced in the whole text, trailing spaces cut by an
    # index scan from the end: the model answer's replace + rstrip(" ").
    "blind10_right_bpe_decode_stringio_index_scan": ("bpe", "bpe_decode", '''
import io


def bpe_decode(tokens: list[str]) -> str:
    buffer = io.StringIO()
    for token in tokens:
        buffer.write(token)
    text = buffer.getvalue().replace(END_OF_WORD, " ")
    end = len(text)
    while end > 0 and text[end - 1] == " ":
        end -= 1
    return text[:end]
'''),
    # Trailing spaces dropped with itertools.dropwhile over the reversed characters, after str.join and replace.
    "blind10_right_bpe_decode_dropwhile_reversed": ("bpe", "bpe_decode", '''
from itertools import dropwhile


def bpe_decode(tokens: list[str]) -> str:
    text = "".join(tokens).replace(END_OF_WORD, " ")
    kept = list(dropwhile(lambda character: character == " ", reversed(text)))
    return "".join(reversed(kept))
'''),
    # ------------------------------------------------------------------ embeddings
    # One boolean row per vocabulary entry, torch.stack-ed on the V axis, cast once; V = 0 gets an empty table.
    "blind10_right_one_hot_stack_of_comparisons": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    dtype = dtype or torch.get_default_dtype()
    if vocab_size == 0:
        return torch.zeros(*token_ids.shape[:-1], 0, token_ids.shape[-1], dtype=dtype)
    rows = [token_ids == v for v in range(vocab_size)]
    return torch.stack(rows, dim=-2).to(dtype)
'''),
    # Explicit loops over the ids as Python ints, writing 1s into a fresh zero table through a flat reshape of it
    # (a view of the fresh table, never of the argument).
    "blind10_right_one_hot_python_loops": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    *batch, n = token_ids.shape
    count = 1
    for size in batch:
        count *= size
    table = torch.zeros(*batch, vocab_size, n, dtype=dtype or torch.get_default_dtype())
    flat_table = table.reshape(count, vocab_size, n)
    for row, ids in enumerate(token_ids.reshape(count, n).tolist()):
        for position, token in enumerate(ids):
            flat_table[row, token, position] = 1
    return table
'''),
    # ------------------------------------------------------------------ masking
    # The band as a dilation of the identity: max_pool1d with a kernel of 2w + 1 (w capped at n - 1, a wider
    # window changes nothing; padding is -inf) turns the 1 at (j, j) into 1s at (j, i) for |i - j| <= w. A negative
    # window sees nothing, as |i - j| <= window is then never true.
    "blind10_right_local_mask_max_pool_dilation": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    if n == 0 or window < 0:
        return torch.zeros(n, n, dtype=torch.bool)
    w = min(window, n - 1)
    identity = torch.eye(n)[None]                                   # (1, keys, queries)
    band = torch.nn.functional.max_pool1d(identity, kernel_size=2 * w + 1, stride=1, padding=w)
    return band[0] > 0
'''),
    # torch.meshgrid with indexing="ij" (first output varies along the rows = keys) and torch.le on the distance.
    "blind10_right_local_mask_meshgrid": ("masking", "local_mask", '''
def local_mask(n: int, window: int) -> torch.Tensor:
    keys, queries = torch.meshgrid(torch.arange(n), torch.arange(n), indexing="ij")
    return torch.le(torch.abs(queries - keys), window)
'''),
    # ------------------------------------------------------------------ multihead
    # torch.chunk into num_heads row blocks (D is divisible by H, so exactly H blocks of D/H rows, in order),
    # torch.stack-ed on a new head axis before the rows.
    "blind10_right_split_heads_chunk_stack": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    return torch.stack(Y.chunk(num_heads, dim=-2), dim=-3)
'''),
    # Tensor.unflatten of the row axis into (H, D/H): the same split as the model answer's reshape (a view).
    "blind10_right_split_heads_unflatten": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    return Y.unflatten(-2, (num_heads, Y.shape[-2] // num_heads))
'''),
    # The heads unbound along the head axis and concatenated on the rows, head 0 on top.
    "blind10_right_merge_heads_cat_unbind": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    return torch.cat(heads.unbind(dim=-3), dim=-2)
'''),
    # flatten(-3, -2): the head and row axes merged, the reverse of unflatten.
    "blind10_right_merge_heads_flatten": ("multihead", "merge_heads", '''
def merge_heads(heads: torch.Tensor) -> torch.Tensor:
    return heads.flatten(-3, -2)
'''),
    # The mask's head axis added inside torch.no_grad(): the mask is boolean and carries no gradient, so no_grad
    # changes nothing here -- every float tensor is computed outside it (a no_grad that is not on the way to a
    # weight).
    "blind10_right_mha_mask_prepared_under_no_grad": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(
            f"the model width D={dim} (Xq has shape (..., D, N_q)) must be divisible by num_heads={num_heads}"
        )
    if mask is not None:
        with torch.no_grad():
            mask = mask[..., None, :, :]
    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
    K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
    V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
    heads, _ = scaled_dot_product_attention(Q, K, V, mask)
    return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Each bias folded into its weight as an extra column, with a row of ones appended to the input:
    # [W1 b1] [X; 1] = W1 X + b1 1^T, likewise for W2; gradients reach W1, b1, W2, b2 and X through torch.cat.
    "blind10_right_feed_forward_augmented_bias_column": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    ones = X.new_ones(*X.shape[:-2], 1, X.shape[-1])
    hidden = torch.relu(torch.cat([W1, b1[:, None]], dim=1) @ torch.cat([X, ones], dim=-2))
    return torch.cat([W2, b2[:, None]], dim=1) @ torch.cat([hidden, ones], dim=-2)
'''),
    # ReLU as a multiplication by the boolean "unit fires" mask computed under torch.no_grad(): the mask is
    # boolean and has no gradient to lose, and d(pre * mask)/d pre = mask is ReLU's derivative (0 at 0, as torch's).
    "blind10_right_feed_forward_relu_mask_under_no_grad": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    pre = linear(X, W1, b1)
    with torch.no_grad():
        active = pre > 0
    return linear(pre * active, W2, b2)
'''),
    # Tokens as rows, every batch axis folded into one, torch.addmm for both layers (bias + rows @ W^T), then back
    # to columns with the batch shape restored.
    "blind10_right_feed_forward_addmm_rows": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    *batch, dim, n = X.shape
    rows = X.movedim(-1, -2).reshape(-1, dim)                          # (B*N, D)
    hidden = torch.relu(torch.addmm(b1, rows, W1.T))                   # (B*N, F)
    out = torch.addmm(b2, hidden, W2.T)                                # (B*N, D)
    return out.reshape(*batch, n, W2.shape[0]).movedim(-1, -2)
'''),
    # Centred columns divided in place (div_) by the standard deviation: the subtraction made a new tensor and
    # saved nothing for backward, and div_ differentiates through its own result, so autograd is intact; X is
    # never written.
    "blind10_right_layer_norm_in_place_on_fresh_centred": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(dim=-2, keepdim=True)
    variance = X.var(dim=-2, keepdim=True, correction=0)
    normalised = X - mean
    normalised.div_(torch.sqrt(variance + eps))
    return torch.addcmul(beta[:, None], gamma[:, None], normalised)
'''),
    # ------------------------------------------------------------------ positions
    # Each pair (x_i, x_{i+D/2}) rotated by a (2, 2, D/2, N) stack of rotation matrices with einsum over the input
    # half: out_0 = cos x_top - sin x_bottom, out_1 = sin x_top + cos x_bottom, the same two products per entry.
    "blind10_right_rotate_columns_pair_einsum": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    half = dim // 2
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]                   # (D/2, N)
    cos, sin = angles.cos(), angles.sin()
    rotation = torch.stack([torch.stack([cos, -sin]), torch.stack([sin, cos])]).to(X.dtype)   # (out, in, D/2, N)
    pairs = X.unflatten(-2, (2, half))                                               # (..., 2, D/2, N)
    return torch.einsum("oipn,...ipn->...opn", rotation, pairs).flatten(-3, -2)
'''),
    # The cos/sin tables from Python's math on the positions as ints (float64 throughout), cast to X's dtype; the
    # rotation itself on tensors, so gradients reach X.
    "blind10_right_rotate_columns_math_tables": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    half = dim // 2
    values = list(range(num)) if positions is None else [int(p) for p in positions.tolist()]
    angles = [[p * base ** (-2 * i / dim) for p in values] for i in range(half)]
    cos = torch.tensor([[math.cos(a) for a in row] for row in angles], dtype=torch.float64).reshape(half, num)
    sin = torch.tensor([[math.sin(a) for a in row] for row in angles], dtype=torch.float64).reshape(half, num)
    cos, sin = cos.to(X.dtype), sin.to(X.dtype)
    top, bottom = X[..., :half, :], X[..., half:, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # When every position is 0 (N = 1 with the default positions, or explicit zeros) every angle is 0 and the
    # rotation is the identity, so X itself is returned: x cos 0 - y sin 0 = x exactly, the gradient is the
    # identity's, and nothing is written; the contract does not ask for a new tensor (the model answer's own
    # split_heads and window_partition return views of their inputs).
    "blind10_right_rotate_columns_zero_positions_return_input": ("positions", "rotate_columns", '''
def rotate_columns(X: torch.Tensor, positions: torch.Tensor | None, base: float) -> torch.Tensor:
    dim, num = X.shape[-2], X.shape[-1]
    if positions is None:
        positions = torch.arange(num)
    if not bool((positions != 0).any()):
        return X
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.to(torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # The gate sums made once (fresh tensors) and squashed in place with sigmoid_ / tanh_, which differentiate
    # through their own outputs, and the update as torch.lerp(candidate, h, z) = n + z (h - n) = (1 - z) n + z h.
    "blind10_right_gru_step_in_place_squash_lerp": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    reset = (reset_x + reset_h).sigmoid_()
    update = (update_x + update_h).sigmoid_()
    candidate = (new_x + reset * new_h).tanh_()
    return torch.lerp(candidate, h, update)
'''),
    # The stacked weights unflattened to (gate, unit, input) and contracted with einsum; the three gates read from
    # the gate axis in nn.GRUCell's order (reset, update, candidate).
    "blind10_right_gru_step_gate_einsum": ("rnn_attention", "gru_step", '''
def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    hidden = weight_hh.shape[1]
    gates_x = torch.einsum("gdi,...i->...gd", weight_ih.unflatten(0, (3, hidden)), x)
    gates_x = gates_x + bias_ih.unflatten(0, (3, hidden))
    gates_h = torch.einsum("gde,...e->...gd", weight_hh.unflatten(0, (3, hidden)), h)
    gates_h = gates_h + bias_hh.unflatten(0, (3, hidden))
    reset = torch.sigmoid(gates_x[..., 0, :] + gates_h[..., 0, :])
    update = torch.sigmoid(gates_x[..., 1, :] + gates_h[..., 1, :])
    candidate = torch.tanh(gates_x[..., 2, :] + reset * gates_h[..., 2, :])
    return (1 - update) * candidate + update * h
'''),
    # ------------------------------------------------------------------ imagegpt
    # One torch.where per palette colour over a zero image in the palette's dtype: pixel (h, w) takes column k
    # where its id is k; the gradient of each palette column is the sum over its pixels, as indexing gives.
    "blind10_right_dequantize_where_per_colour": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    ids = ids.long()
    images = palette.new_zeros(*ids.shape[:-2], palette.shape[0], *ids.shape[-2:])
    for k in range(palette.shape[1]):
        images = torch.where((ids == k).unsqueeze(-3), palette[:, k, None, None], images)
    return images
'''),
    # torch.take on the palette with flat indices c*K + id (take reads the palette in row-major order whatever
    # its strides), reshaped to (C, ..., H, W) and the channel axis moved before H, W.
    "blind10_right_dequantize_take_flat_index": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids: torch.Tensor, palette: torch.Tensor) -> torch.Tensor:
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError(f"ids must be (..., H, W) and palette (C, K); got shapes {tuple(ids.shape)} and "
                         f"{tuple(palette.shape)}")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    channels, colours = palette.shape
    flat = ids.long().reshape(-1)
    index = torch.arange(channels)[:, None] * colours + flat[None, :]          # (C, pixels)
    picked = torch.take(palette, index)
    return picked.reshape(channels, *ids.shape).movedim(0, -3)
'''),
    # torch.nn.functional.avg_pool1d with a kernel as long as the sequence (one window: the mean of the N columns),
    # every feature row of every example pooled as a 1-channel signal, then F.linear (its bias may be None).
    "blind10_right_average_pool_avg_pool1d": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    *batch, dim, tokens = X.shape
    count = 1
    for size in batch:
        count *= size
    rows = X.reshape(count * dim, 1, tokens)                     # every feature row as its own 1-channel signal
    pooled = torch.nn.functional.avg_pool1d(rows, kernel_size=tokens)          # (B*D, 1, 1)
    return torch.nn.functional.linear(pooled.reshape(*batch, dim), W, b)
'''),
    # The mean as a matrix-vector product with the uniform weights 1/N (in X's dtype), then W and the bias.
    "blind10_right_average_pool_uniform_weights_matvec": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    uniform = X.new_full((X.shape[-1],), 1.0 / X.shape[-1])
    logits = (X @ uniform) @ W.T
    return logits if b is None else logits + b
'''),
    # ------------------------------------------------------------------ swin
    # Strips of M rows (torch.split along H), each cut into M-column blocks, flattened in raster order and
    # torch.stack-ed in raster order of windows; an empty grid has no windows.
    "blind10_right_window_partition_split_stack": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    if height == 0 or width == 0:
        return X.reshape(*batch, 0, channels, M * M)
    blocks = [block.flatten(-2) for strip in X.split(M, dim=-2) for block in strip.split(M, dim=-1)]
    return torch.stack(blocks, dim=-3)
'''),
    # The axis permutation written as a one-operand einsum ("...cpaqb->...pqcab"), then the merges.
    "blind10_right_window_partition_einsum_permute": ("swin", "window_partition", '''
def window_partition(X: torch.Tensor, window: int) -> torch.Tensor:
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    windows = torch.einsum("...cpaqb->...pqcab", grid)
    return windows.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The inverse permutation as a one-operand einsum ("...pqcab->...cpaqb"), then one reshape.
    "blind10_right_window_reverse_einsum_permute": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    return torch.einsum("...pqcab->...cpaqb", grid).reshape(*batch, channels, height, width)
'''),
    # The inverse as a gather: window_partition of the grid positions 0 .. H*W-1 says which position each
    # (window, token) slot holds; its inverse permutation picks, for every position, its slot with index_select.
    "blind10_right_window_reverse_inverse_permutation_index": ("swin", "window_reverse", '''
def window_reverse(windows: torch.Tensor, window: int, height: int, width: int) -> torch.Tensor:
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) with nW={(height // M) * (width // M)} and "
                         f"M*M={M * M} for a {height}x{width} grid, got shape {tuple(windows.shape)}")
    *batch, _, channels, _ = windows.shape
    positions = torch.arange(height * width).reshape(1, height, width)
    held = window_partition(positions, M).reshape(-1)           # grid position held by slot s = w*M*M + k
    slot_of = torch.empty_like(held)
    slot_of[held] = torch.arange(held.numel())                  # the slot holding each grid position
    tokens = windows.movedim(-2, -3).reshape(*batch, channels, height * width)   # (..., C, slots)
    return tokens.index_select(-1, slot_of).reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ other exercises
    # bool + bool is a logical OR in torch (the sum of two bool tensors stays bool), so the broadcast sum of the
    # key and query flags is the contract's mask, dtype included.
    "blind10_right_global_token_mask_bool_addition": ("sparse_attention", "global_token_mask", '''
def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    return is_global[..., :, None] + is_global[..., None, :]
'''),
    # The hidden weights set to exactly 0 again with masked_fill_ in place on the freshly computed weights (they
    # already are 0): softmax_cols's division saved its inputs, not its result, so the in-place write leaves
    # autograd intact, and its backward zeroes the gradient where the keys are hidden, which apply_mask's does too.
    "blind10_right_sdpa_weights_zeroed_in_place": ("attention", "scaled_dot_product_attention", '''
def scaled_dot_product_attention(Q, K, V, mask=None):
    if K.shape[-2] != Q.shape[-2]:
        raise ValueError(f"K must have shape (..., D_k={Q.shape[-2]}, N_k) to match Q; got {tuple(K.shape)}")
    if V.shape[-1] != K.shape[-1]:
        raise ValueError(f"V must have shape (..., D_v, N_k={K.shape[-1]}) to match K; got {tuple(V.shape)}")
    scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
    if mask is not None:
        scores = apply_mask(scores, mask)
    weights = softmax_cols(scores)
    if mask is not None:
        weights.masked_fill_(~mask, 0.0)
    return V @ weights, weights
'''),
    # ------------------------------------------------------------------ more styles
    # One-hot columns as an embedding lookup in the identity: F.embedding picks row id of eye(V) (in the asked
    # dtype) for every token, and the V axis is moved before N.
    "blind10_right_one_hot_embedding_of_identity": ("embeddings", "one_hot", '''
def one_hot(token_ids: torch.Tensor, vocab_size: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    check_token_ids(token_ids, vocab_size)
    identity = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())
    return torch.nn.functional.embedding(token_ids, identity).movedim(-1, -2)
'''),
    # The mean as a token sum divided in place (div_) -- in place on the fresh sum, which autograd did not save --
    # then F.linear.
    "blind10_right_average_pool_sum_divided_in_place": ("imagegpt", "average_pool_head", '''
def average_pool_head(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None = None) -> torch.Tensor:
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    pooled = X.sum(dim=-1)
    pooled.div_(X.shape[-1])
    return torch.nn.functional.linear(pooled, W, b)
'''),
    # An explicit loop over the heads slicing each head's row block, torch.stack-ed on a new axis before the rows.
    "blind10_right_split_heads_slice_loop": ("multihead", "split_heads", '''
def split_heads(Y: torch.Tensor, num_heads: int) -> torch.Tensor:
    head_dim = Y.shape[-2] // num_heads
    heads = [Y[..., h * head_dim:(h + 1) * head_dim, :] for h in range(num_heads)]
    return torch.stack(heads, dim=-3)
'''),
}
