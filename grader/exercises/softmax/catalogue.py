"""``softmax_cols``: softmax over axis -2 (each column, one query, sums to 1)."""
import torch

from grader.catalogue import alternative, wrong


@wrong("softmax_cols", """
    Your softmax normalises each ROW instead of each column. In the column convention a column is one query and must
    sum to 1 over the keys (axis -2). Use dim=-2 (or subtract/sum with dim=-2, keepdim=True).""")
def softmax_over_rows(scores):
    return torch.softmax(scores, dim=-1)


@wrong("softmax_cols", """
    Your softmax normalises over the whole matrix, so all entries together sum to 1 instead of each column. Sum only
    over axis -2 (the keys), keeping that dimension: scores.exp().sum(dim=-2, keepdim=True).""")
def softmax_over_all_entries(scores):
    e = torch.exp(scores - scores.amax(dim=(-2, -1), keepdim=True))
    return e / e.sum(dim=(-2, -1), keepdim=True)


@wrong("softmax_cols", """
    Your softmax overflows: exp(1e4) is inf in float32 (and in float64), and inf/inf is NaN. Subtract each column's
    maximum before exponentiating; softmax does not change when a constant is subtracted from a column.""")
def softmax_without_max_subtraction(scores):
    e = torch.exp(scores)
    return e / e.sum(dim=-2, keepdim=True)


@wrong("softmax_cols", """
    You subtracted the maximum of the whole matrix instead of each column's own maximum. A column whose scores all lie
    far below the overall maximum then underflows: every exp is 0 and the column becomes 0/0 = NaN. Subtract
    scores.amax(dim=-2, keepdim=True), one maximum per column.""")
def softmax_global_max(scores):
    e = torch.exp(scores - scores.max())
    return e / e.sum(dim=-2, keepdim=True)


@wrong("softmax_cols", """
    A column whose scores are all -inf (a query that may see no key) comes out as NaN: its maximum is -inf and
    -inf - (-inf) is NaN. The contract asks for zeros there: detect such columns and replace their weights with 0.""")
def softmax_nan_on_hidden_columns(scores):
    return torch.softmax(scores, dim=-2)


@wrong("softmax_cols", """
    You normalised the scores by their column sum without exponentiating them. Softmax is exp(s) / sum(exp(s)): the
    exponential makes every weight positive and turns score differences into ratios.""")
def normalised_without_exp(scores):
    return scores / scores.sum(dim=-2, keepdim=True)


@alternative("softmax_cols", "torch.softmax on the right axis, with the all -inf columns zeroed.")
def torch_softmax_dim_minus_2(scores):
    weights = torch.softmax(scores, dim=-2)
    return torch.nan_to_num(weights, nan=0.0)


@alternative("softmax_cols", "Transpose, softmax over the last axis, transpose back; log-sum-exp formulation.")
def transposed_logsumexp(scores):
    rows = scores.transpose(-2, -1)
    log_norm = torch.logsumexp(rows, dim=-1, keepdim=True)
    safe = torch.where(torch.isneginf(log_norm), torch.zeros_like(log_norm), log_norm)
    weights = torch.exp(rows - safe)
    return weights.transpose(-2, -1)


@alternative("softmax_cols", "An explicit loop over the columns, each with its own max trick.")
def column_loop(scores):
    columns = []
    for col in range(scores.shape[-1]):
        s = scores[..., :, col]                                   # (..., M)
        top = s.amax(dim=-1, keepdim=True)
        top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
        e = torch.exp(s - top)
        total = e.sum(dim=-1, keepdim=True)
        columns.append(e / torch.where(total > 0, total, torch.ones_like(total)))
    return torch.stack(columns, dim=-1)


@wrong("softmax_cols", """
    Your softmax computes in float32 whatever the input's dtype, then casts back: a float64 input keeps its dtype but
    not its accuracy (about 7 digits instead of 16), which the contract asks for. Compute in the input's own dtype
    (drop the .float() and the cast back).""")
def float32_internals(scores):
    s = scores.float()
    top = s.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    e = torch.exp(s - top)
    total = e.sum(dim=-2, keepdim=True)
    return (e / torch.where(total == 0, torch.ones_like(total), total)).to(scores.dtype)
