"""``additive_attention``, ``gru_step``, ``attention_decoder_step`` and ``grid_attention``."""
import torch

from grader.catalogue import alternative, wrong
from solutions.rnn_attention import additive_attention, gru_step, stack
from solutions.softmax import softmax_cols


@wrong("additive_attention", """
    Your softmax runs over axis 0, which is the positions only when there is no batch. The weights (..., N) must be
    normalised over the encoder positions, the LAST axis, whatever batch dimensions come first.""")
def additive_softmax_over_axis_0(s, H, W, U, v, mask=None):
    scores = v @ torch.tanh(U @ H + (W @ s.unsqueeze(-1)))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=0)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)


@wrong("additive_attention", """
    Your scores have no tanh: e_i = vᵀ(W s + U h_i). Then vᵀW s is the same number for every position and the
    softmax cancels it, so the weights no longer depend on the decoder state at all. The score is a small MLP:
    e_i = vᵀ tanh(W s + U h_i).""")
def additive_scores_without_tanh(s, H, W, U, v, mask=None):
    scores = v @ (U @ H + (W @ s.unsqueeze(-1)))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)


@wrong("additive_attention", """
    You hid masked positions with a large negative score (-1e9) instead of -inf. A decoder state that may see no
    position then gets equal weights on the hidden positions (and a context made of padding) instead of all-zero
    weights and context. Write -inf and use a softmax that turns an all -inf column into zeros (softmax_cols).""")
def additive_mask_large_negative(s, H, W, U, v, mask=None):
    scores = v @ torch.tanh(U @ H + (W @ s.unsqueeze(-1)))
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)


@wrong("gru_step", """
    Your reset gate multiplies the state before the matrix, W_hn (r ⊙ h) + b_hn (the original paper's GRU). The
    contract follows torch.nn.GRUCell: n = tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn)), the reset gate applied after
    the product, bias included.""")
def gru_reset_before_matrix(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    d = h.shape[-1]
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset = torch.sigmoid(reset_x + h @ weight_hh[:d].T + bias_hh[:d])
    update = torch.sigmoid(update_x + h @ weight_hh[d:2 * d].T + bias_hh[d:2 * d])
    candidate = torch.tanh(new_x + (reset * h) @ weight_hh[2 * d:].T + bias_hh[2 * d:])
    return (1 - update) * candidate + update * h


@wrong("gru_step", """
    Your update gate is the wrong way round: h' = z ⊙ n + (1 - z) ⊙ h. In torch.nn.GRUCell's convention z is the
    share of the OLD state that is kept: h' = (1 - z) ⊙ n + z ⊙ h.""")
def gru_update_gate_flipped(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + torch.sigmoid(reset_x + reset_h) * new_h)
    return update * candidate + (1 - update) * h


@wrong("gru_step", """
    You read the gates in the order update, reset, candidate. torch.nn.GRUCell stacks the rows of weight_ih and
    weight_hh (and the biases) as reset, update, candidate: the first D rows make r, the next D rows make z.""")
def gru_gates_update_first(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    update_x, reset_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
    update_h, reset_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
    update = torch.sigmoid(update_x + update_h)
    candidate = torch.tanh(new_x + torch.sigmoid(reset_x + reset_h) * new_h)
    return (1 - update) * candidate + update * h


@wrong("attention_decoder_step", """
    Your attention uses the NEW state s_t (you run the GRU, then score again with its output). Bahdanau's decoder
    scores with the previous state s_{t-1}: the context is an input of the GRU step, so it has to be known before the
    state is updated. Attend with s_prev once, and use that context for the GRU and for the read-out.""")
def decoder_scores_with_new_state(s_prev, y_prev, H, params, mask=None):
    p = params
    _, first_context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask)
    s = gru_step(stack(y_prev, first_context), s_prev, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
    weights, context = additive_attention(s, H, p["W"], p["U"], p["v"], mask)
    return s, stack(s, context) @ p["W_out"].T + p["b_out"], weights


@wrong("attention_decoder_step", """
    Your GRU input is [c; y_prev], context first. The contract (and weight_ih's columns) put the embedding of the
    previous token first and the context after it: x = [y_prev; c].""")
def decoder_context_before_embedding(s_prev, y_prev, H, params, mask=None):
    p = params
    weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask)
    s = gru_step(stack(context, y_prev), s_prev, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
    return s, stack(s, context) @ p["W_out"].T + p["b_out"], weights


@wrong("attention_decoder_step", """
    Your read-out uses the previous state: logits = W_out [s_{t-1}; c]. The output word of step t is predicted from
    the state just computed, logits = W_out [s_t; c] + b_out.""")
def decoder_readout_from_previous_state(s_prev, y_prev, H, params, mask=None):
    p = params
    weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
    return s, stack(s_prev, context) @ p["W_out"].T + p["b_out"], weights


@wrong("grid_attention", """
    Your softmax runs along each row of the grid (over W), so every row of weights sums to 1 and the grid to H. The
    decoder chooses among ALL cells at once: flatten the H x W cells into one axis, take one softmax over it, and
    reshape the weights back to (H, W).""")
def grid_softmax_per_row(s, features, W, U, v):
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None])
    weights = torch.softmax(torch.einsum("a,...ahw->...hw", v, hidden), dim=-1)
    return weights, torch.einsum("...hw,...chw->...c", weights, features)


@wrong("grid_attention", """
    Your softmax runs down each column of the grid (over H), so every column of weights sums to 1. Take one softmax
    over all H·W cells together: the weights of the whole grid sum to 1.""")
def grid_softmax_per_column(s, features, W, U, v):
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None])
    weights = torch.softmax(torch.einsum("a,...ahw->...hw", v, hidden), dim=-2)
    return weights, torch.einsum("...hw,...chw->...c", weights, features)


@wrong("grid_attention", """
    You flattened the grid column by column (transposing H and W first) but reshaped the weights back row by row,
    so each weight lands on the wrong cell. Flatten with features.flatten(-2) (row-major) and undo it with
    weights.unflatten(-1, (H, W)) — the same order both ways.""")
def grid_cells_column_major(s, features, W, U, v):
    height, width = features.shape[-2:]
    weights, context = additive_attention(s, features.transpose(-2, -1).flatten(-2), W, U, v)
    return weights.reshape(*weights.shape[:-1], height, width), context


@alternative("additive_attention", "A loop over the encoder positions, one score at a time, then torch.softmax.")
def additive_loop_over_positions(s, H, W, U, v, mask=None):
    query = s @ W.T                                                   # (..., D_a)
    scores = torch.stack([torch.tanh(query + H[..., :, i] @ U.T) @ v for i in range(H.shape[-1])], dim=-1)
    if mask is not None:
        scores = torch.where(mask, scores, float("-inf"))
    weights = torch.nan_to_num(torch.softmax(scores, dim=-1), nan=0.0)
    context = sum(weights[..., i:i + 1] * H[..., :, i] for i in range(H.shape[-1]))
    return weights, context


@alternative("additive_attention", "einsum for every product; the mask zeroes the weights after a stable softmax.")
def additive_einsum(s, H, W, U, v, mask=None):
    hidden = torch.tanh(torch.einsum("ah,...hn->...an", U, H) + torch.einsum("as,...s->...a", W, s)[..., None])
    scores = torch.einsum("a,...an->...n", v, hidden)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True).clamp(min=-1e30)           # an all-hidden row: avoid -inf - -inf
    exps = torch.exp(scores - top)
    total = exps.sum(dim=-1, keepdim=True)
    weights = exps / torch.where(total == 0, 1.0, total)
    return weights, torch.einsum("...hn,...n->...h", H, weights)


@alternative("attention_decoder_step", "The GRU step by torch.nn.GRUCell, called with the given weights through "
             "torch.func.functional_call (so gradients reach them), on the flattened batch.")
def decoder_with_torch_grucell(s_prev, y_prev, H, params, mask=None):
    p = params
    weights, context = additive_attention(s_prev, H, p["W"], p["U"], p["v"], mask)
    x = stack(y_prev, context)
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    x, h = x.expand(*batch, x.shape[-1]), s_prev.expand(*batch, s_prev.shape[-1])
    cell = torch.nn.GRUCell(x.shape[-1], h.shape[-1], device="meta")
    weights_of_cell = {name: p[name] for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    s = torch.func.functional_call(cell, weights_of_cell, (x.reshape(-1, x.shape[-1]), h.reshape(-1, h.shape[-1])))
    s = s.reshape(*batch, h.shape[-1])
    return s, stack(s, context) @ p["W_out"].T + p["b_out"], weights


@alternative("gru_step", "Gate by gate, slicing the stacked weights into their three blocks of rows.")
def gru_step_gate_by_gate(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    d = h.shape[-1]
    gates = {}
    for index, gate in enumerate(("reset", "update", "new")):
        rows = slice(index * d, (index + 1) * d)
        gates[gate] = (x @ weight_ih[rows].T + bias_ih[rows], h @ weight_hh[rows].T + bias_hh[rows])
    reset = torch.sigmoid(sum(gates["reset"]))
    update = torch.sigmoid(sum(gates["update"]))
    candidate = torch.tanh(gates["new"][0] + reset * gates["new"][1])
    return candidate + update * (h - candidate)


@alternative("grid_attention", "One softmax over the flattened cells and einsum for the context, without "
             "additive_attention.")
def grid_flat_softmax(s, features, W, U, v):
    hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None])
    scores = torch.einsum("a,...ahw->...hw", v, hidden)
    weights = torch.softmax(scores.flatten(-2), dim=-1).reshape(scores.shape)
    return weights, torch.einsum("...hw,...chw->...c", weights, features)
