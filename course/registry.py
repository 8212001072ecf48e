"""The course registry: the one list of exercises, in the order they are taught.

Everything else reads it: the stub generator (`attn exercises sync`), the `pytest exercises` board, the grader (points
per function, course order), the nbgrader course builder, the docs tables and the quizzes. An exercise's number is its
position here, never written anywhere by hand. `attn exercises new NAME` appends an entry.
"""
from __future__ import annotations

from .model import Exercise, Function

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        name="bpe",
        title="Byte-pair encoding (BPE)",
        summary="byte-pair encoding: train, encode, decode",
        difficulty=1,
        difficulty_note="gentle warm-up, no tensors",
        minutes=30,
        functions=(
            Function("merge_pair", 0),
            Function("train_bpe", 7),
            Function("bpe_encode", 2),
            Function("bpe_decode", 1),
        ),
        builds_on=(),
        quiz_topics=("tokens-embeddings",),
        lesson="""\
What
    A transformer never sees letters, only token ids. BPE decides what a token is: start from single characters and
    repeatedly glue together the adjacent pair of symbols that occurs most often in a training corpus. Each glue step
    is a *merge*; the list of merges, in the order they were learned, is the tokenizer.

Why
    Whole words give a huge vocabulary and no way to spell an unseen name; single characters give very long
    sequences. BPE sits in between: frequent words become one token, rare words fall apart into a few known pieces,
    and nothing is ever out of vocabulary.

The procedure
    1. Split the corpus on whitespace. Each word becomes its characters followed by an end-of-word symbol "</w>",
       so "low" is ["l", "o", "w", "</w>"]. The marker lets "er" at the end of a word differ from "er" inside one.
    2. Count every adjacent pair in every word, weighted by how often the word occurs ("aaa" holds two ("a", "a")).
    3. Merge the most frequent pair everywhere, left to right, never letting two merges overlap.
    4. Repeat until you have `num_merges` merges or no pair is left.
    Encoding a new text replays the merges in the order they were learned. Decoding glues the tokens back together
    and turns each "</w>" into a space.

Shapes
    No tensors here: a corpus is a str, merges are a list of (left, right) string pairs, tokens are a list of str.

Ties (read this before you start)
    Several pairs often share the top count. Take the pair whose first occurrence comes first when you walk the
    distinct words in order of first appearance, each word left to right. A `collections.Counter` filled in exactly
    that order, followed by `max(counts, key=counts.get)`, does this for free: `max` returns the first maximum.

Worked example
    Corpus: "low" x5, "lower" x2, "newer" x6. Counts: (w, e) 8, (e, r) 8, (r, </w>) 8, (l, o) 7, ... The three
    pairs at 8 tie; (w, e) is seen first, so merge 1 is ("w", "e"). Now "newer" is n e we r </w> and (e, r) has
    count 0 -- the next merge is ("we", "r") with count 8. (Some notes claim ("e", "r") comes next: that is the trap
    below.)

The classic trap
    Recounting from the original characters, or doing `str.replace` on a space-joined word: "e r" would then match
    inside "we r", so a merge crosses symbol boundaries. Always count and merge on the *current* list of symbols.
""",
        hints=(
            "Keep a dict from each distinct word to its current list of symbols, and a Counter of word frequencies.",
            ("`merge_pair` walks the list with an index i: if symbols[i], symbols[i + 1] is the pair, append their "
             "concatenation and jump by 2, otherwise append symbols[i] and step by 1."),
            "`pair_counts[(a, b)] += freq` for `a, b in zip(symbols, symbols[1:])`; stop when the Counter is empty.",
        ),
    ),
    Exercise(
        name="embeddings",
        title="Token embeddings and sinusoidal positions",
        summary="one-hot columns, embedding lookup, sinusoidal positions",
        difficulty=1,
        minutes=30,
        functions=(Function("one_hot", 4), Function("embed", 3), Function("sinusoidal_positions", 2)),
        builds_on=(),
        quiz_topics=("tokens-embeddings",),
        lesson="""\
What
    Turn token ids into the matrix X that every later exercise works on. Each token id becomes a one-hot column of
    T (V x N); multiplying by the embedding matrix Omega_e (D x V) picks out that token's column: X = Omega_e T is
    (D x N), one column per token. Then add position information, because attention by itself cannot tell the
    first token from the last.

Why
    The one-hot product is the definition you can reason about; in code you never build T, you just index the
    columns of Omega_e. Both must agree exactly.

Formula
    one_hot:    T[v, n] = 1 if token_ids[n] == v else 0
    embed:      X = Omega_e @ T            (the same as Omega_e[:, token_ids])
    positions:  P[2i, n]   = sin(n / 10000^(2i / D))
                P[2i+1, n] = cos(n / 10000^(2i / D))     (an odd D ends with a sine row)
    Each pair of rows is a clock hand turning at its own speed; fast hands tell near positions apart, slow hands
    far ones.

Shapes
    token_ids (..., N) integers in [0, V)  ->  one_hot (..., V, N)  ->  embed (..., D, N)
    sinusoidal_positions(N, D) -> (D, N): one column per position, like a sequence of N tokens.

The classic trap
    Building (N, V) or (N, D) because that is what PyTorch's nn.Embedding returns. In this course tokens are
    *columns*: transpose your picture, not the data. Second trap: in the positions, i counts row *pairs*, so row 2i
    and row 2i + 1 share the frequency 1 / 10000^(2i / D).
""",
        hints=(
            ("one_hot: compare token_ids with torch.arange(V) using broadcasting -- ids as (..., 1, N), vocabulary as "
             "(V, 1)."),
            "embed: omega_e[:, token_ids] has shape (D, ..., N); `movedim(0, -2)` puts D where it belongs.",
            ("positions: build the angles as a (ceil(D/2), N) table, then fill P[0::2] with sin and P[1::2] with cos "
             "of the first D // 2 rows."),
        ),
    ),
    Exercise(
        name="softmax",
        title="Softmax over columns",
        summary="softmax over columns, stable and mask-safe",
        difficulty=1,
        minutes=20,
        functions=(Function("softmax_cols", 7),),
        builds_on=(),
        quiz_topics=("self-attention",),
        lesson="""\
What
    Attention scores are a matrix S of shape (N_k, N_q): row j is a key, column i is a query. Each query needs a
    probability distribution over the keys, so the softmax runs down each *column*: every column of the result is
    non-negative and sums to 1.

Why
    The weights say how much of each value vector a query takes. Summing to 1 makes the output a weighted average,
    so its scale does not grow with the number of tokens.

Formula
    softmax_cols(S)[j, i] = exp(S[j, i] - m_i) / sum_j' exp(S[j', i] - m_i),    m_i = max_j S[j, i]
    Subtracting the column maximum m_i changes nothing mathematically (it cancels) but keeps exp from overflowing:
    exp(1e4) is inf in float32, exp(0) is 1.

Shapes
    scores (..., M, N) -> weights (..., M, N); the softmax runs over axis -2, leading axes are a batch.

Masked entries
    A masked score is -inf, and exp(-inf) = 0, so it gets weight 0. If a whole column is -inf (a query that may see
    nothing), return a column of zeros, not NaN: the max is then -inf and -inf - (-inf) is NaN, so treat that max
    as 0, and divide by 1 instead of by a zero sum.

The classic trap
    Softmax over the last axis (dim=-1), out of PyTorch habit. That normalises rows -- one distribution per *key* --
    and the attention weights are silently wrong. The test "each column sums to 1" catches it.
""",
        hints=(
            "scores.amax(dim=-2, keepdim=True) is the (..., 1, N) row of column maxima.",
            "Replace a -inf maximum by 0 with masked_fill before subtracting it.",
            "After exp, the column sums are exps.sum(dim=-2, keepdim=True); where a sum is 0, divide by 1 instead.",
        ),
    ),
    Exercise(
        name="masking",
        title="Attention masks",
        summary="causal, padding and local masks; applying a mask",
        difficulty=1,
        minutes=25,
        functions=(
            Function("causal_mask", 1),
            Function("padding_mask", 1),
            Function("local_mask", 1),
            Function("apply_mask", 4),
        ),
        builds_on=(),
        quiz_topics=("self-attention",),
        lesson="""\
What
    A mask says which key each query may look at. It has the shape of the scores, (N_k, N_q): row j is a key,
    column i is a query, and True means "visible". Hidden scores become -inf, so the column softmax gives them
    weight 0.

Why
    - causal: a decoder predicting token i + 1 must not peek at tokens after i. Key j is visible to query i iff j <= i.
    - padding: sequences in a batch are padded to one length; the padding keys must never be attended to.
    - local: long sequences are made cheaper by letting each query see only keys within `window` positions.

Formula
    causal[j, i]     = j <= i
    padding[b, j, 0] = j < lengths[b]       (one column, broadcasts over all queries)
    local[j, i]      = |i - j| <= window
    apply_mask(S, M) = S where M is True, -inf where M is False

Shapes
    causal_mask(n), local_mask(n, w): (n, n) bool.  padding_mask(lengths (B,), n): (B, n, 1) bool.
    apply_mask(scores (..., N_k, N_q), mask broadcastable to it) -> (..., N_k, N_q).

The classic trap
    Copying `torch.tril` from a PyTorch tutorial. There, scores are (queries, keys), so the causal mask is lower
    triangular. Here rows are keys and columns are queries: the causal mask is *upper* triangular (key j <= query
    i). Write the comparison j <= i with aranges and you cannot get it backwards.
""",
        hints=(
            ("keys = torch.arange(n)[:, None] is a column (n, 1); queries = torch.arange(n)[None, :] is a row (1, n); "
             "comparing them broadcasts to (n, n)."),
            "padding: torch.arange(n)[None, :] < lengths[:, None] is (B, n); add the query axis with [..., None].",
            "apply_mask: scores.masked_fill(~mask, float(\"-inf\")).",
        ),
    ),
    Exercise(
        name="attention",
        title="Scaled dot-product attention",
        summary="projections, scaled dot-product attention, self-attention",
        difficulty=2,
        minutes=40,
        functions=(Function("linear", 0), Function("scaled_dot_product_attention", 9), Function("self_attention", 5)),
        builds_on=("softmax", "masking"),
        quiz_topics=("self-attention", "shape-drills"),
        lesson="""\
What
    Every token (a column of X) asks a question -- its query -- and every token offers a key and a value. The score
    of key j for query i is the dot product k_j . q_i. A column softmax turns each query's scores into weights, and
    the output for query i is the weighted average of the value columns.

Why
    Attention lets each token build its new representation from the tokens that matter to it, with weights that
    depend on the data rather than on fixed positions.

Formula
    linear(X, W, b) = W X + b 1^T                   (weights are (out, in), like nn.Linear.weight)
    Q = linear(X, Wq, bq),  K = linear(X, Wk, bk),  V = linear(X, Wv, bv)
    weights = softmax_cols(apply_mask(K^T Q / sqrt(D_k), mask))      (N_k, N_q)
    output  = V weights                                               (D_v, N_q)
    Why sqrt(D_k): a dot product of D_k roughly unit-scale terms has standard deviation about sqrt(D_k). Dividing
    by it keeps the scores near unit scale, so the softmax does not saturate into a one-hot with vanishing
    gradients.

Shapes
    Q (..., D_k, N_q), K (..., D_k, N_k), V (..., D_v, N_k) -> output (..., D_v, N_q), weights (..., N_k, N_q).
    Scores K^T Q: (N_k, D_k) @ (D_k, N_q) = (N_k, N_q). Row = key, column = query, like the masks.

The classic trap
    Writing Q^T K (PyTorch's row-convention formula Q K^T transposed by habit). That is (N_q, N_k): the softmax then
    runs over queries, and when N_q == N_k nothing crashes -- it is just wrong. Second trap: scaling by sqrt of the
    model width instead of the key width D_k (they differ once you have several heads).
""",
        hints=(
            "K.transpose(-2, -1) @ Q works for any number of leading batch axes; K.T does not.",
            "D_k is Q.shape[-2]. Apply the mask (if any) before the softmax, never after.",
            "self_attention is three calls to linear followed by one call to scaled_dot_product_attention.",
        ),
    ),
    Exercise(
        name="multihead",
        title="Multi-head attention",
        summary="splitting into heads, multi-head attention",
        difficulty=2,
        minutes=45,
        functions=(Function("split_heads", 0), Function("merge_heads", 0), Function("multi_head_attention", 10)),
        builds_on=("attention",),
        quiz_topics=("multi-head",),
        lesson="""\
What
    Instead of one attention over D-dimensional queries and keys, run H smaller attentions side by side, each on its
    own D/H rows of the projected Q, K and V. Each head can look for something different (the previous word, the
    subject of the verb, ...). The head outputs are stacked back into D rows and mixed by an output projection Wo.

Formula
    Q = Wq Xq + bq,  K = Wk Xkv + bk,  V = Wv Xkv + bv          (each D x N)
    head h uses rows h*D/H ... (h+1)*D/H - 1 of Q, K and V:
        A_h = V_h softmax_cols(K_h^T Q_h / sqrt(D/H))
    output = Wo [A_1; A_2; ...; A_H] + bo                       (heads stacked vertically, in order)

Shapes
    Xq (..., D, N_q), Xkv (..., D, N_k), params {Wq, Wk, Wv, Wo: (D, D); bq, bk, bv, bo: (D,)} -> (..., D, N_q).
    Splitting: (..., D, N) -> (..., H, D/H, N). Because the head's rows are contiguous, this is a plain reshape;
    the head axis then acts as one more batch axis for scaled_dot_product_attention. A mask (..., N_k, N_q) is
    shared by all heads: give it a head axis at position -3.

The classic trap
    Scaling by sqrt(D) instead of sqrt(D/H): each head's dot products have D/H terms. If you pass the split Q to
    scaled_dot_product_attention, it reads D_k = D/H from the shape and gets this right by itself.
    (In PyTorch's row convention, splitting heads needs a reshape *and* a transpose; copying that transpose here
    mixes tokens and features.)
""",
        hints=(
            "split_heads: Y.reshape(*Y.shape[:-2], H, D // H, N). merge_heads is the reverse reshape.",
            "mask.unsqueeze(-3) turns (..., N_k, N_q) into (..., 1, N_k, N_q), which broadcasts over the heads.",
            "Reuse linear and scaled_dot_product_attention from the attention exercise; ignore the returned weights.",
        ),
    ),
    Exercise(
        name="transformer_layer",
        title="The transformer layer",
        summary="layer norm, feed-forward, post-LN and pre-LN layers",
        difficulty=2,
        minutes=45,
        functions=(Function("layer_norm", 5), Function("feed_forward", 1), Function("transformer_layer", 7)),
        builds_on=("attention", "multihead"),
        quiz_topics=("transformer-layer",),
        lesson="""\
What
    A transformer layer alternates two sub-blocks, each wrapped in a residual connection and a layer norm:
    multi-head self-attention (tokens exchange information) and a feed-forward network applied to every column on
    its own (each token thinks alone, with weights shared across positions).

Formula (post-LN, the lecture's four lines; the default)
    X <- LayerNorm_1(X + MHA(X))
    X <- LayerNorm_2(X + FFN(X))
Pre-LN (norm_first=True; trains more stably in deep stacks, used by GPT-2 and most modern models)
    X <- X + MHA(LayerNorm_1(X))
    X <- X + FFN(LayerNorm_2(X))
Pieces
    LayerNorm(x) = gamma * (x - mean(x)) / sqrt(var(x) + eps) + beta, per column x, with the *biased* variance
                   (divide by D, not D - 1) and eps inside the square root.
    FFN(X) = W2 relu(W1 X + b1) + b2, with a hidden width F (often 4D).

Shapes
    X (..., D, N) -> (..., D, N) for every function here; gamma, beta (D,); W1 (F, D), b1 (F,), W2 (D, F), b2 (D,).
    params = the attention keys Wq, bq, Wk, bk, Wv, bv, Wo, bo plus W1, b1, W2, b2, gamma1, beta1, gamma2, beta2.

The classic trap
    Normalising over the wrong axis. In PyTorch's (N, D) layout LayerNorm uses the last axis; here a token is a
    column, so mean and variance run over axis -2 (the D features of one token). Also: torch.var defaults to the
    unbiased estimate -- pass unbiased=False (or correction=0).
""",
        hints=(
            "mean = X.mean(dim=-2, keepdim=True); var = X.var(dim=-2, keepdim=True, correction=0).",
            "gamma and beta scale the rows: use gamma[:, None] and beta[:, None].",
            ("transformer_layer calls multi_head_attention(Y, Y, params, num_heads, mask) -- self-attention passes the"
             " same Y twice -- then feed_forward; write the post-LN and pre-LN branches as two short blocks."),
        ),
    ),
    Exercise(
        name="cross_attention",
        title="Cross-attention and the decoder layer",
        summary="cross-attention and the decoder layer",
        difficulty=2,
        minutes=35,
        functions=(Function("cross_attention", 6), Function("decoder_layer", 5)),
        builds_on=("masking", "multihead", "transformer_layer"),
        quiz_topics=("cross-attention",),
        lesson="""\
What
    In an encoder-decoder model (translation, captioning) the decoder must read the encoder's output. Cross-attention
    is multi-head attention whose *queries* come from the decoder and whose *keys and values* come from the encoder:
    each decoder token asks "which source tokens matter to me?".

Formula
    cross_attention(X_dec, X_enc) = MHA(queries from X_dec, keys and values from X_enc)
    decoder layer (post-LN, like torch.nn.TransformerDecoderLayer with norm_first=False and ReLU):
        X <- LN1(X + MHA_self(X, causal mask))          decoder tokens look at earlier decoder tokens
        X <- LN2(X + MHA_cross(X, X_enc, enc_mask))     ... then at the whole (unpadded) source
        X <- LN3(X + FFN(X))

Shapes
    X_dec (..., D, N_d), X_enc (..., D, N_e) -> (..., D, N_d). The cross-attention weights are (N_e, N_d): rows are
    encoder keys, columns are decoder queries, so an enc_mask is (..., N_e, N_d) or broadcastable to it -- for
    example padding_mask(encoder_lengths, N_e), of shape (B, N_e, 1).
    params: self_attn and cross_attn (dicts as in multi-head attention), W1, b1, W2, b2, gamma1..3, beta1..3.

The classic trap
    Taking the queries from the encoder. The output then has N_e columns instead of N_d -- and when the two lengths
    happen to be equal nothing crashes. The output must have one column per *decoder* token. Second trap: a causal
    mask on the cross-attention; the decoder may see the whole source sentence.
""",
        hints=(
            "cross_attention is a single call to multi_head_attention -- decide which argument is Xq and which is Xkv.",
            "The self-attention mask is causal_mask(N_d); the cross-attention mask is enc_mask (or None).",
            "Reuse layer_norm and feed_forward from the transformer-layer exercise.",
        ),
    ),
    Exercise(
        name="sampling",
        title="Sampling: temperature, top-k, top-p, generation and beam search",
        summary="temperature, top-k, top-p, generation, beam search",
        difficulty=3,
        difficulty_note="the tie rules need care",
        minutes=75,
        functions=(
            Function("next_token_probs", 6),
            Function("generate", 4),
            Function("sequence_log_prob", 1),
            Function("beam_search", 7),
        ),
        builds_on=(),
        quiz_topics=("models",),
        lesson="""\
What
    A language model gives, for every position, scores (logits) for the next token. Turning those into text means
    choosing tokens one at a time. Here a *model* is any callable ids (N,) -> logits (V, N) where column n scores
    the token that follows position n; you only ever need the last column.

Formulas
    temperature T:  p = softmax(logits / T). T < 1 sharpens, T > 1 flattens, T = 0 means greedy: all probability on
                    the arg-max (ties to the lowest id).
    top-k:          keep exactly the k most probable tokens (ties to the lower id), zero the rest (k >= V keeps
                    every token).
    top-p (nucleus): sort the (renormalised) probabilities in decreasing order (ties to the lower id) and keep the
                    shortest prefix whose cumulative probability is >= p -- the token that crosses p is kept.
    Order: temperature, then top-k, then top-p, then renormalise so the kept probabilities sum to 1.
    sequence log-probability:  log p(ids) = sum_{n>=1} log softmax(logits[:, n-1])[ids[n]]   (one model call)
    beam search:    keep the beam_width best partial sequences by summed log-probability; extend each by every
                    token; a beam that ended in eos is finished: it is not extended but keeps competing, with its
                    fixed score, for one of the beam_width places. Stop after max_new_tokens steps or when every
                    kept beam is finished. Ties: earlier beam first, then lower token id.

Shapes
    logits (V,) -> probabilities (V,).  prompt (N0,) long -> generated ids (N0 + n_new,) long.
    sequence_log_prob -> a 0-d tensor.  beam_search -> the best sequence (N0 + n,) long, prompt included.

The classic traps
    - Multiplying by the temperature instead of dividing.
    - top-p that drops the crossing token: with probabilities 0.5, 0.3, 0.2 and p = 0.7 you keep 0.5 *and* 0.3.
    - Beam search multiplying probabilities (underflows) instead of adding log-probabilities, or letting a finished
      beam grow past its eos.
    - torch.topk and an unstable sort do not promise which of two equal values comes first; a *stable* sort
      (torch.sort(..., descending=True, stable=True)) keeps lower ids first among ties.
""",
        hints=(
            ("next_token_probs: handle temperature == 0 first (torch.argmax returns the first maximum), otherwise "
             "probs = torch.softmax(logits / temperature, dim=-1)."),
            ("For top-k and top-p, order = torch.sort(probs, descending=True, stable=True).indices; build a bool "
             "`keep` vector from a prefix of `order`, zero the rest and renormalise. The top-p prefix length is "
             "(cumulative < p).sum() + 1."),
            ("beam_search: make a list of candidates (score, ids, finished) in beam order, token order; Python's sort "
             "is stable, so sorting by -score keeps the tie rule. Keep the first beam_width."),
        ),
    ),
    Exercise(
        name="patch_embedding",
        title="Patch embedding (the Vision Transformer's tokenizer)",
        summary="the Vision Transformer's patches and [CLS] token",
        difficulty=2,
        minutes=40,
        functions=(Function("patchify", 4), Function("patch_embedding", 3)),
        builds_on=("attention",),
        quiz_topics=("vision",),
        lesson="""\
What
    A Vision Transformer (ViT) reads an image as a sequence: cut it into P x P patches, flatten each patch into a
    column, project every column to D features with one shared linear map, put a learned [CLS] column in front, and
    add position embeddings. From then on it is the transformer you already built.

Formula
    patches = patchify(images, P)                (C*P*P, N) per image, N = (H/P)(W/P)
    X = W patches + b 1^T                        (D, N)
    X = [cls_token, X] + positions               (D, N + 1), [CLS] is column 0

Order (this is the whole difficulty)
    Patches are numbered row-major: left to right along the top row of patches, then the next row down.
    Inside a patch the C*P*P numbers are flattened channel first, then pixel row, then pixel column -- the order of
    Conv2d(C, D, P, stride=P).weight.reshape(D, -1), so a ViT's patch projection *is* that convolution.

Shapes
    images (B, C, H, W) -> patchify -> (B, C*P*P, N);  W (D, C*P*P), b (D,), cls_token (D,), positions (D, N + 1)
    -> patch_embedding -> (B, D, N + 1).

The classic trap
    images.reshape(B, C*P*P, N) without moving axes. It has the right shape and the wrong contents: neighbouring
    numbers in memory are neighbouring pixels of one image row, not one patch. Split H into (H/P, P) and W into
    (W/P, P), permute so the patch-grid axes come before the within-patch axes, and only then flatten.
""",
        hints=(
            ("images.reshape(B, C, H // P, P, W // P, P) names the axes (b, c, grid_row, pixel_row, grid_col, "
             "pixel_col)."),
            ("permute(0, 2, 4, 1, 3, 5) gives (b, grid_row, grid_col, c, pixel_row, pixel_col); reshape to (B, N, "
             "C*P*P) and transpose the last two axes."),
            "For [CLS]: cls_token[:, None] is one column; expand it to (B, D, 1) and torch.cat along the last axis.",
        ),
    ),
    Exercise(
        name="rnn_attention",
        title="Attention in an RNN decoder and over an image grid",
        summary="Bahdanau's additive attention, a GRU decoder step with it, attention over a CNN grid",
        difficulty=2,
        minutes=60,
        functions=(
            Function("additive_attention", 5),
            Function("gru_step", 0),
            Function("attention_decoder_step", 5),
            Function("grid_attention", 3),
        ),
        builds_on=("softmax",),
        quiz_topics=("recurrent-attention",),
        lesson="""\
What
    Attention was invented for recurrent translation models, before transformers existed. An encoder RNN turns the
    source sentence into states h_1 ... h_N (the columns of H); a decoder RNN writes the output one token at a
    time. At every output step the decoder scores each source position with a tiny neural network, turns the
    scores into weights, and reads a fresh context vector: a weighted average of the encoder states. Captioning
    does the same over the cells of a CNN's feature map instead of words.

Why
    Without attention the decoder only receives the encoder's final state: a single fixed-size vector must carry a
    whole sentence, however long. With attention each output step chooses again where to look, so nothing has to
    be squeezed into one vector, and the weights show which source word each output word came from.

Formula
    additive score   e_i = vᵀ tanh(W s + U h_i)           (one hidden layer of size D_a, no biases)
    weights          a = softmax(e) over the N positions  (masked positions get -inf first, so weight 0)
    context          c = Σ_i a_i h_i = H a
    decoder step t   a, c = additive_attention(s_{t-1}, H)       <- the PREVIOUS state asks the question
                     s_t = GRU(x = [y_{t-1}; c], h = s_{t-1})      (embedding rows first, then context rows)
                     logits = W_out [s_t; c] + b_out
    GRU cell         r = σ(W_ir x + b_ir + W_hr h + b_hr),  z = σ(W_iz x + b_iz + W_hz h + b_hz)
                     n = tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn)),  h' = (1 - z) ⊙ n + z ⊙ h
                     weight_ih stacks W_ir, W_iz, W_in (in that order), as torch.nn.GRUCell stores them.
    grid             the same score for every cell h_ij of a (C, H, W) feature map; ONE softmax over all H·W
                     cells together, context Σ_ij a_ij h_ij.

Shapes
    s (..., D_s), H (..., D_h, N), W (D_a, D_s), U (D_a, D_h), v (D_a,), mask (..., N) bool (True = visible)
    -> weights (..., N), context (..., D_h). Leading batch dimensions broadcast between s and H.
    attention_decoder_step: y_prev (..., E) -> s (..., D_s), logits (..., V), weights (..., N).
    grid_attention: features (..., C, H, W) -> weights (..., H, W), context (..., C).
    A weight matrix W (out, in) acts on a batch of row vectors x (..., in) as x @ W.T.

The classic trap
    Scoring with the new state s_t. The decoder has to decide where to look BEFORE it updates its state, because
    the update itself needs the context: attend with s_{t-1}, then run the GRU. Second trap: on the grid, a softmax
    over one axis only (each row or each column summing to 1) instead of over all cells; flatten the grid first.
    Third: a query that may see no position at all must get all-zero weights, not NaN (softmax_cols does this).
""",
        hints=(
            ("W s is the same for every position: compute it once as a column (..., D_a, 1) and add it to U @ H "
             "(..., D_a, N); broadcasting does the rest."),
            ("For the softmax over positions, put the scores (..., N) into one column, softmax_cols(e.unsqueeze(-1)), "
             "and squeeze back; the context is (H @ weights.unsqueeze(-1)).squeeze(-1)."),
            ("gru_step: (x @ weight_ih.T + bias_ih).chunk(3, dim=-1) gives the reset, update and candidate parts; "
             "the reset gate multiplies (W_hn h + b_hn), not h."),
            "grid_attention: features.flatten(-2) makes the cells N = H·W columns; unflatten the weights at the end.",
        ),
    ),
    Exercise(
        name="sparse_attention",
        title="Sparse attention patterns for long sequences",
        summary="strided and global-token masks, and how many pairs each pattern scores",
        difficulty=1,
        minutes=35,
        functions=(
            Function("strided_mask", 3),
            Function("global_token_mask", 3),
            Function("sparse_attention_cost", 4),
        ),
        builds_on=(),
        quiz_topics=("cross-attention",),
        lesson="""\
What
    Full self-attention compares every query with every key: N² scores for N tokens. Sparse attention keeps only
    a pattern of (key, query) pairs, written as a boolean mask in our (N_k, N_q) layout. You build two patterns
    that sit beside the masking exercise's local_mask, and count what each one costs.

Why
    At N = 4096 tokens a dense score matrix has about 16.8 million entries per head and layer, and it grows four
    times when N doubles. A local window of w keys on each side scores about N(2w + 1) pairs: linear in N, like a
    convolution. Strides let a query reach far with few keys; a few global tokens (such as [CLS]) read and are read
    by everything, so any two tokens are at most two steps apart. Longformer mixes a window with global tokens;
    GPT-3 alternates dense layers with locally banded sparse ones.

Formula
    strided[j, i] = (i - j) is a multiple of s      (keys i, i ± s, i ± 2s, ...; s = 1 is the dense mask)
    global[j, i]  = is_global[j] or is_global[i]     (a global query sees all keys; every query sees global keys)
    dilated window = local_mask(n, w·s) & strided_mask(n, s);  patterns combine with & and |.
    pairs scored (the True entries of each mask):
        dense  n²                       causal  n(n + 1)/2
        local  n(2w + 1) - w(w + 1)     (w capped at n - 1)
        strided n(2m + 1) - s·m(m + 1)  with m = ⌊(n - 1)/s⌋
        global g(2n - g)                 (everything except the (n - g)² pairs between ordinary tokens)

Shapes
    strided_mask(n, s) -> (n, n) bool.  global_token_mask(is_global (..., N) bool) -> (..., N, N) bool.
    sparse_attention_cost(pattern, n, window=, stride=, num_global=) -> a Python int (keyword-only sizes).

The classic trap
    Off by one: treating the stride as the gap BETWEEN visible keys (keys i, i ± (s + 1), ...) instead of the
    step. Check: strided_mask(n, 1) must be all True. For the costs, count pairs by offset d = i - j: offset d
    holds n - |d| pairs, so a band loses w(w + 1) pairs at the two ends compared with n(2w + 1). And compute in
    closed form: building an n × n mask just to count it defeats the purpose at n = 10⁶.
""",
        hints=(
            ("keys = torch.arange(n)[:, None] and queries = torch.arange(n)[None, :]; (queries - keys) % s == 0 is "
             "(n, n). Python's and torch's % give a non-negative result for a positive s, even for negative i - j."),
            "global_token_mask: is_global.unsqueeze(-1) | is_global.unsqueeze(-2) broadcasts to (..., N, N).",
            ("Costs: the diagonal holds n pairs; offsets ±d hold n - d each. Sum them for d = 1..w (local) or "
             "d = s, 2s, ..., m·s (strided) with Σ_(k=1..m) k = m(m + 1)/2; cap w at n - 1 first."),
            "Raise ValueError for an unknown pattern, or for a pattern whose size (window, stride, ...) is None.",
        ),
    ),
    Exercise(
        name="positions",
        title="Relative positions: T5 buckets and rotary embeddings",
        summary="T5's relative-position buckets and rotary embeddings (RoPE) that make scores depend on offsets",
        difficulty=2,
        minutes=50,
        functions=(
            Function("relative_position_bucket", 5),
            Function("rotate_columns", 0),
            Function("rotary_embedding", 5),
        ),
        builds_on=(),
        quiz_topics=("positions",),
        lesson="""\
What
    Sinusoidal or learned positions are added to each token once: they are absolute. Relative schemes instead make
    the score of a (key, query) pair depend on how far apart the two tokens are. T5 adds a learned number per head
    and per offset bucket to every score; rotary embeddings (RoPE, used by Llama and GPT-NeoX) turn the query and
    the key by angles proportional to their positions, so their dot product only sees the difference.

Why
    What matters for language is mostly "two tokens back", not "token 517". A relative bias needs one table of a
    few dozen entries per head and works at any length; RoPE adds no parameters at all.

Formula: T5 buckets (offset = key position - query position)
    bidirectional, num_buckets = 2n: offsets > 0 (keys after the query) use buckets n .. 2n - 1, the rest 0 .. n - 1.
    causal (bidirectional=False), n = num_buckets: a positive offset counts as 0; the distance is -offset.
    inside a half of n buckets, distance d:  d < n/2           -> bucket d            (exact, one per distance)
                                             otherwise         -> n/2 + ⌊log(d / (n/2)) / log(max_distance / (n/2))
                                                                   · (n - n/2)⌋, capped at n - 1
    Compute the log as T5 does, in float32: torch.log(d.float() / exact) / math.log(max_distance / exact) * ...
    Example with 32 buckets: offsets -3, -1, 0, 1, 3 -> buckets 3, 1, 0, 17, 19.

Formula: rotary embeddings (pairing by halves)
    θ_i = base^(-2i/D) for i < D/2. In column n (position p_n), rows i and i + D/2 form a pair turned by p_n·θ_i:
        x'_i       = x_i cos(p_n θ_i) - x_{i+D/2} sin(p_n θ_i)
        x'_{i+D/2} = x_{i+D/2} cos(p_n θ_i) + x_i sin(p_n θ_i)
    Rotate BOTH Q and K. Since rotations compose, (R_p q)ᵀ(R_m k) = qᵀ R_(m - p) k: a score depends only on the
    offset. Positions default to 0 .. N - 1.

Shapes
    relative_position_bucket(relative_position LongTensor (any shape), ...) -> LongTensor (same shape).
    rotary_embedding(Q (..., D, N_q), K (..., D, N_k), positions_q (N_q,), positions_k (N_k,), base) -> (Q', K').
    ValueError for an odd D.

The classic trap
    Pairing adjacent rows (2i, 2i + 1), as the RoFormer paper writes it. Llama and Hugging Face pair row i with row
    i + D/2, and so does this course: both are rotations, but they are different functions of Q and K (a model
    trained with one breaks with the other). Other traps: rotating Q but forgetting K (then the score depends on
    the query's absolute position), flipping the sign of the offset (query - key), and θ_i = base^(-i/D)
    without the 2.
""",
        hints=(
            ("Buckets: offset.abs() and (offset > 0) give the distance and the half; torch.where(distance < exact, "
             "distance, far) picks the exact or the logarithmic bucket, and torch.clamp(..., max=n - 1) caps it."),
            ("Distance 0 makes log(0) = -inf: harmless, because torch.where discards that branch; .long() on the "
             "float32 result rounds towards zero, as ⌊·⌋ does for non-negative numbers."),
            ("Rotary: angles = theta[:, None] * positions[None, :] is (D/2, N); with top = X[..., :D//2, :] and "
             "bottom = X[..., D//2:, :], return torch.cat([top*cos - bottom*sin, bottom*cos + top*sin], dim=-2)."),
            ("Compute the angles in float64 and cast cos and sin to X's dtype: a float32 angle of 3000 radians is "
             "already off by about 1e-4."),
        ),
    ),
    Exercise(
        name="pretraining",
        title="BERT's pre-training data: masking and sentence pairs",
        summary="BERT's 80/10/10 masked-language-model corruption and next-sentence-prediction pairs",
        difficulty=2,
        minutes=40,
        functions=(Function("mlm_corrupt", 6), Function("nsp_pairs", 4)),
        builds_on=(),
        quiz_topics=("pretraining", "models"),
        lesson="""\
What
    BERT learns from raw text with two made-up tasks. Masked language modelling (MLM): hide some tokens and
    predict them from both sides. Next-sentence prediction (NSP): given two sentences, was the second one really
    the next? You write the functions that turn text into training examples for both.

Why
    The labels come from the text itself, so any amount of unlabelled text can be used. BERT does not always show
    [MASK] at a chosen position: that symbol never appears once the model is used, so it must also learn to
    predict tokens it can see, or that are wrong.

Formula: MLM corruption
    1. A position is eligible unless its id is special ([CLS], [SEP], [PAD], [MASK], ...).
    2. Each eligible position is chosen independently with probability mask_prob (0.15).
    3. A chosen token becomes mask_id with probability 0.8, a token drawn uniformly from [0, vocab_size) with
       probability 0.1 (it may happen to be the original or a special id), and stays unchanged otherwise.
    4. labels = the original id at the chosen positions, -100 everywhere else (cross_entropy ignores -100).
    All random numbers come from the generator you are given (generator=generator in every torch.rand,
    torch.randint, torch.bernoulli); any order of draws is fine: only the distribution is graded.

Formula: NSP pairs
    For every sentence A that has a successor in its document (documents in order, sentences in order): with
    probability 1/2, B is that successor and the label is 0 ("is next"); otherwise pick another document uniformly
    (never A's own), then a sentence of it uniformly, and the label is 1.

Shapes
    mlm_corrupt(ids (..., N) integer, vocab_size, special_ids, mask_id, generator, mask_prob)
    -> (corrupted (..., N) with ids' dtype, labels (..., N) long). ids itself stays unchanged.
    nsp_pairs(documents: list of lists of sentences, generator) -> list of (A, B, label) tuples.
    ValueError if some document has two sentences but there is only one document.

The classic trap
    Replacing every chosen token by [MASK] (the 80/10/10 rule is the point), choosing special tokens ([CLS] and
    [SEP] are never targets), or labelling every position. In NSP, drawing the random sentence from the whole
    corpus: it may then come from A's own document, even be its true successor, with label 1.
""",
        hints=(
            ("eligible = ~torch.isin(ids, torch.as_tensor(special_ids)); chosen = eligible & (torch.rand(ids.shape, "
             "generator=generator) < mask_prob)."),
            ("One more uniform draw u per position splits the chosen ones: u < 0.8 -> mask_id, 0.8 <= u < 0.9 -> "
             "a torch.randint(0, vocab_size, ...) token, else unchanged. Build the result with torch.where."),
            "labels = torch.where(chosen, ids.long(), -100): a long tensor, whatever ids' dtype.",
            ("nsp_pairs: zip(document, document[1:]) walks the (A, successor) pairs; for a random B, draw an index "
             "among the OTHER documents, then an index into that document."),
        ),
    ),
    Exercise(
        name="imagegpt",
        title="ImageGPT: pixels as tokens",
        summary="colour palette ids, the next-pixel sequence, average-pool classifier",
        difficulty=1,
        difficulty_note="index bookkeeping; watch the ties and the axes",
        minutes=40,
        functions=(
            Function("quantize_pixels", 4),
            Function("dequantize_pixels", 2),
            Function("pixel_sequence", 2),
            Function("average_pool_head", 2),
        ),
        builds_on=(),
        quiz_topics=("image-models", "vision"),
        lesson="""\
What
    ImageGPT reads a picture the way GPT reads text: one token per pixel, each token an id from a small vocabulary.
    The vocabulary is a palette of K colours (K = 512, a 9-bit palette found by k-means on real pixels). You write
    the four pieces around the decoder: pixel -> nearest colour id, id -> colour, the image of ids -> the
    (inputs, targets) pair that next-pixel training needs, and the classifier that reads the final token features.

Why
    Raw RGB would give 256^3 possible tokens; a palette keeps the softmax over the next pixel at 512 outputs. One
    token per pixel is also why ImageGPT stays small: a 64 x 64 image is already 4096 tokens, and attention scores
    grow with the square of that.

Formula
    quantize:    id[h, w] = argmin_k  sum_c (images[c, h, w] - palette[c, k])^2      (ties: the lowest k)
    dequantize:  images[:, h, w] = palette[:, id[h, w]]
    sequence:    targets = ids in raster order (row 0 left to right, then row 1, ...): token h*W + w
                 inputs  = [sos_id, targets[0], ..., targets[N-2]]
                 so position n of a causal decoder has seen the start token and the pixels before n, and is asked
                 for targets[n].
    head:        logits = W mean_n(X[:, n]) + b        (b may be None: ImageGPT's own head has no bias)

Shapes
    images (..., C, H, W) float, palette (C, K): one COLUMN per colour, like the embedding table Omega_e (D, V).
    ids (..., H, W) long.  pixel_sequence -> inputs, targets both (..., H*W) long.
    average_pool_head: X (..., D, N), W (K, D), b (K,) or None -> (..., K).

The classic traps
    - Summing the squared differences over the wrong axis. With the pixel as (..., C, 1) and the palette as (C, K)
      the difference is (..., C, K): the channels are axis -2, the colours axis -1. Sum over the channels, take the
      argmin over the colours.
    - Ranking colours by the dot product pixel . colour: that forgets the |colour|^2 term, so bright colours win.
    - Overwriting the first pixel with the start token instead of shifting: the model would then see pixel n when
      asked to predict pixel n.
    - Reading column 0 as if it were a [CLS] token (or leaving it out of the average). ImageGPT has no [CLS]:
      every one of the N columns is a pixel position and all of them are averaged.
""",
        hints=(
            ("quantize: images.movedim(-3, -1) puts each pixel's C values last, (..., H, W, C); add an axis to get "
             "(..., H, W, C, 1) and subtract the palette (C, K): the differences are (..., H, W, C, K)."),
            ("Square, sum over dim=-2 (the channels), argmin over dim=-1 (the colours). argmin returns the first "
             "minimum, which is exactly the tie rule. dequantize is palette[:, ids] followed by movedim(0, -3)."),
            ("pixel_sequence: targets = ids.flatten(-2); torch.full_like(targets[..., :1], sos_id) is the start "
             "column; torch.cat it with targets[..., :-1]. The head: X.mean(dim=-1) is (..., D); then pooled @ W.T."),
        ),
    ),
    Exercise(
        name="swin",
        title="Swin: shifted windows and patch merging",
        summary="windows of a token grid, the shifted-window mask, patch merging",
        difficulty=3,
        difficulty_note="four index layouts to keep apart; the mask needs a picture on paper",
        minutes=75,
        functions=(
            Function("window_partition", 3),
            Function("window_reverse", 2),
            Function("shifted_window_mask", 4),
            Function("patch_merging", 3),
        ),
        builds_on=("transformer_layer",),
        quiz_topics=("image-models", "vision"),
        lesson="""\
What
    The Swin transformer keeps ViT's patch tokens on their grid and attends only inside M x M windows, so each
    layer costs O(N M^2) instead of O(N^2). Every other layer moves the window grid by half a window, so tokens on
    either side of an old border meet. Between stages, patch merging turns each 2 x 2 block of tokens into one
    token with twice the channels, like a CNN that halves the resolution. You write the bookkeeping that makes all
    of this work.

Layout (read this first)
    A grid of tokens is X (..., C, H, W): token (h, w) is the column X[..., :, h, w]. A window is a sequence of its
    M*M tokens in raster order, (C, M*M). window_partition stacks the windows of a grid on a new axis before C:
    (..., nW, C, M*M), nW = (H/M)(W/M), window k covering grid rows (k // (W/M))*M ... and columns (k % (W/M))*M ...
    window_reverse(window_partition(X, M), M, H, W) gives X back.

The shift and its mask
    The shifted layers roll the grid up and left: torch.roll(X, (-s, -s), dims=(-2, -1)), s = M // 2 in Swin, so
    the token at (h, w) lands at (h - s, w - s) mod (H, W). The windows along the bottom and right edges of the
    rolled grid now hold tokens from opposite sides of the image, which must not attend to each other.
    shifted_window_mask(H, W, M, s) says, for every window of the ROLLED grid, which (key j, query i) pairs may
    attend: mask[w, j, i] is True iff j and i were neighbours before the roll, i.e. along each axis both or
    neither of them wrapped around. Rolled row r came from row (r + s) mod H; it wrapped iff r + s >= H.
    The mask is symmetric, True on the diagonal, and all True when s = 0 (nothing wrapped).

Patch merging
    The block at rows 2i, 2i+1 and columns 2j, 2j+1 becomes one column of 4C features, stacked in this order:
    (2i, 2j), (2i+1, 2j), (2i, 2j+1), (2i+1, 2j+1) -- top-left, bottom-left, top-right, bottom-right (the paper's
    and Hugging Face's order, so that their weights fit). Then a layer norm over the 4C features (transformer_layer's
    layer_norm) and W (2C, 4C) without bias: (..., C, H, W) -> (..., 2C, H/2, W/2).

Shapes
    window_partition: (..., C, H, W) -> (..., nW, C, M*M).  window_reverse: the reverse.
    shifted_window_mask -> bool (nW, M*M, M*M), [window, key, query].
    patch_merging: X (..., C, H, W), gamma, beta (4C,), W (2C, 4C) -> (..., 2C, H/2, W/2).

The classic traps
    - Reshaping (..., C, H, W) straight to (..., nW, C, M*M): right shape, wrong tokens. Split H into (H/M, M) and
      W into (W/M, M) and move the two window-grid axes in front of C before flattening.
    - Building the mask for a roll in the other direction (down and right): the wrapped strip is then at the top
      and left, not at the bottom and right.
    - Labelling tokens by the window they sat in before the shift: tokens from two old windows that now share a
      window WERE neighbours and must see each other; that is the whole point of shifting.
    - Reading the 2 x 2 block like text (top-left, top-right, bottom-left, bottom-right): the weights of a trained
      Swin expect the column-first order above.
""",
        hints=(
            ("window_partition: X.reshape(*batch, C, H // M, M, W // M, M) names the axes (C, a, p, b, q); "
             "movedim((-4, -2), (-5, -4)) gives (a, b, C, p, q); a last reshape flattens (a, b) and (p, q). "
             "window_reverse undoes each step in the opposite order."),
            ("The mask: give every token of the rolled grid a label saying whether its row wrapped around and "
             "whether its column did (torch.arange(H) + s >= H is the row flag). Your own window_partition of the "
             "(1, H, W) label image gives each window's M*M labels; two tokens may attend iff their labels agree."),
            ("patch_merging: X[..., 0::2, 0::2] is every top-left token, X[..., 1::2, 0::2] every bottom-left one; "
             "torch.cat the four views on dim=-3, flatten(-2) to a sequence, layer_norm, W @, unflatten(-1, ...)."),
        ),
    ),
    Exercise(
        name="davit",
        title="DaViT: channel attention",
        summary="channel group attention: channels attend to channels",
        difficulty=2,
        minutes=40,
        functions=(Function("channel_attention", 8),),
        builds_on=("softmax", "attention", "multihead"),
        quiz_topics=("image-models",),
        lesson="""\
What
    DaViT alternates two attentions. The spatial one is what you know: tokens attend to tokens (inside windows).
    The channel one swaps the roles of the two axes of X (C x N): each CHANNEL is now a token, and its features are
    its N values over all the image's tokens. A channel's new values are a weighted mix of the other channels' value
    rows, with weights from how similar their query and key rows are. The channels are split into G groups, like
    heads, and attend only within their group.

Why
    Every channel row spans the whole image, so one channel-attention layer sees everything at once, and the cost
    is about 2 C^2 N / G multiply-adds: linear in the number of tokens N (spatial global attention is quadratic).

Formula
    Q = Wq X + bq, K = Wk X + bk, V = Wv X + bv                   (C x N each, as in multi-head attention)
    group g owns rows g*C/G ... (g+1)*C/G - 1 of each:   Q_g, K_g, V_g   (C/G x N)
    scores_g  = K_g Q_g^T * scale                               (C/G keys x C/G queries)
    weights_g = softmax_cols(scores_g)                          each query channel's column sums to 1
    out_g     = weights_g^T V_g                                 row i = sum_j weights_g[j, i] * (row j of V_g)
    output    = Wo [out_1; ...; out_G] + bo
    That is scaled_dot_product_attention(Q_g^T, K_g^T, V_g^T) transposed back: in X^T the channels are columns.

The scale
    Our default is scale = 1/sqrt(N). The notes scale scores by 1/sqrt(D_q), the length of the query vectors; here
    a query is a row of N token values, so the dot product has N terms and its spread grows like sqrt(N). The DaViT
    paper (and timm's ChannelAttention) divide by sqrt(C/G) instead, the number of channels per group -- the size of
    the attention map, not the length of the dot product -- so their scores grow as images get larger and the
    softmax saturates. The function takes an optional `scale` for the paper's choice; the default is graded.

Shapes
    X (..., C, N), params Wq, Wk, Wv, Wo (C, C), bq, bk, bv, bo (C,), num_groups G dividing C -> (..., C, N).

The classic traps
    - Scaling by 1/sqrt(C/G) (or 1/sqrt(C)) out of habit: read the lesson's scale section.
    - Writing the spatial attention K^T Q: that is (N x N), tokens attending to tokens.
    - Using weights V instead of weights^T V: with (keys, queries) weights, query i's column must weight the key rows.
    - Channel attention does not care about the order of the tokens: permuting the columns of X permutes the
      output's columns the same way. A check of that catches token-mixing mistakes.
""",
        hints=(
            ("linear(X, Wq, bq) then split_heads(., G) gives Q (..., G, C/G, N); do the same for K and V: the group "
             "axis then behaves like a batch axis."),
            ("scores = K @ Q.transpose(-2, -1) * scale is (..., G, C/G, C/G) with keys as rows; softmax_cols "
             "normalises each query's column; weights.transpose(-2, -1) @ V is (..., G, C/G, N)."),
            "merge_heads, then linear with Wo and bo. N is X.shape[-1]; the default scale is 1 / math.sqrt(N).",
        ),
    ),
    Exercise(
        name="capstone",
        title="Capstone: your parts, assembled into models that learn",
        summary="your parts assembled: a GPT, a ViT, a translator, ImageGPT",
        difficulty=2,
        difficulty_note="nothing new to write: your parts must work together",
        minutes=60,
        functions=(
            Function("gpt_logits", 3),
            Function("vit_logits", 2),
            Function("translation_logits", 3),
            Function("imagegpt_logits", 2),
        ),
        given_module="capstone.assembly",
        builds_on=("embeddings", "masking", "attention", "multihead", "transformer_layer", "cross_attention",
                   "patch_embedding"),
        quiz_topics=("models",),
        lesson="""\
What
    Four models assembled from the functions you wrote, by course code you do not write (capstone/assembly.py):
    a GPT (your embeddings, causal mask, multi-head attention and pre-LN layers, a tied head), a Vision Transformer
    (your patch embedding and [CLS] token), an encoder-decoder translator (your cross-attention and decoder layers,
    padding masks, sinusoidal positions) and ImageGPT's next-pixel decoder. `attn capstone NAME` trains one on your
    laptop's CPU and draws what it learned; this exercise grades whether your parts compose.

Why
    A function can pass every check of its own and still break a model: it may cut the gradient to the weights it
    was given (the forward values are right, the model just never learns), keep state between calls, or handle
    a batch axis or a dtype only in the cases its own checks tried. Only the assembled model shows it.

Run it
    attn capstone gpt          sort and reverse digit words; goal: 95% of held-out prompts completed exactly
    attn capstone vit          8x8 handwritten digits; goal: 95% held-out accuracy
    attn capstone translate    English number words to French ones, beam search; goal: 95% exact
    attn capstone imagegpt     digits as pixel sequences; beat a per-position baseline, complete half-digits
    A function of yours that is still TODO is replaced by the reference's, and the command says which. Pictures
    (attention per head and layer, positions, BPE merges, patches, alignments, completions) go to --out.

How it is graded
    The grader builds each model twice with the same random weights: once from your functions, once from the
    reference's, and compares the logits, every intermediate state (so a mismatch is located: the embeddings,
    layer 2, the decoder's cross-attention...) and the gradient of one training step for every weight.
    A function of yours that fails its own checks is replaced by a correct one here, as in every later exercise,
    so a mistake costs its points once and these points are for how your parts work together. A function still
    TODO is not replaced: these points are for models built from your code.

The classic trap
    Re-wrapping a tensor you were given -- torch.tensor(W), W.detach(), W.numpy(), a computation under
    torch.no_grad() -- gives the right numbers and no gradient: your layer passes its checks, your model never
    trains. Use the tensors you receive as they are.
""",
        hints=(
            "Run `attn capstone gpt --steps 50` first: it says which of your functions are still TODO.",
            ("The check's message names the first place where your model and the reference's part ways; run that "
             "exercise's visible tests, then call your function on the same inputs inside and outside the model."),
            ("Zero gradients for some weights mean the graph is cut: look for torch.tensor(...), .detach(), .data, "
             ".numpy() or torch.no_grad() in the functions that use those weights."),
        ),
    ),
)
