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


@alternative("softmax_cols", "exp of torch.log_softmax over axis -2; the NaN of an all -inf column set to 0.")
def exp_of_log_softmax(scores):
    return torch.log_softmax(scores, dim=-2).exp().nan_to_num(nan=0.0)


@alternative("softmax_cols", "Online (one-pass) softmax over the keys, as flash attention computes it: a running "
             "maximum and a running sum rescaled whenever the maximum grows.")
def online_softmax(scores):
    running_max = torch.full_like(scores[..., :1, :], float("-inf"))    # (..., 1, N)
    running_sum = torch.zeros_like(running_max)
    for row in range(scores.shape[-2]):
        s = scores[..., row:row + 1, :]
        new_max = torch.maximum(running_max, s)
        finite = torch.isfinite(new_max)
        safe = torch.where(finite, new_max, torch.zeros_like(new_max))
        rescale = torch.where(finite, torch.exp(running_max - safe), torch.zeros_like(safe))
        running_sum = running_sum * rescale + torch.where(finite, torch.exp(s - safe), torch.zeros_like(s))
        running_max = new_max
    safe_max = torch.where(torch.isfinite(running_max), running_max, torch.zeros_like(running_max))
    total = torch.where(running_sum > 0, running_sum, torch.ones_like(running_sum))
    return torch.exp(scores - safe_max) / total


@alternative("softmax_cols", "Computed in float64 whatever the input dtype, then cast back (more precise, never less).")
def float64_internals(scores):
    weights = torch.softmax(scores.double(), dim=-2).nan_to_num(nan=0.0)
    return weights.to(scores.dtype)


@wrong("softmax_cols", """
    Your softmax computes in float32 even when the scores are float64 (scores.float(), a float32 buffer, or
    torch.softmax(..., dtype=torch.float32) copied from mixed-precision code), then casts back. The result has the
    right dtype but only float32's seven digits: a float64 input must be computed in float64. Compute in the input's
    dtype (or in a wider one), never in a narrower one.""")
def computed_in_float32(scores):
    s = scores.float()
    top = s.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    e = torch.exp(s - top)
    total = e.sum(dim=-2, keepdim=True)
    return (e / torch.where(total == 0, torch.ones_like(total), total)).to(scores.dtype)


@wrong("softmax_cols", """
    You returned log-probabilities (scores minus their log-sum-exp, as torch.log_softmax does): they are negative and
    do not sum to 1. Softmax is their exponential: exp(s - logsumexp(s)), or exp(s - max) / sum(exp(s - max)).""")
def returns_log_probabilities(scores):
    log_norm = torch.logsumexp(scores, dim=-2, keepdim=True)
    log_norm = torch.where(torch.isneginf(log_norm), torch.zeros_like(log_norm), log_norm)
    return scores - log_norm


@wrong("softmax_cols", """
    You subtracted the column maximum in the numerator but not in the denominator: exp(s - max) / sum(exp(s)). The
    two must use the same shift, which then cancels; here every column is off by the factor exp(-max), and the sum
    overflows for large scores. Divide by sum(exp(s - max)).""")
def max_subtracted_in_numerator_only(scores):
    top = scores.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    total = torch.exp(scores).sum(dim=-2, keepdim=True)
    return torch.exp(scores - top) / torch.where(total == 0, torch.ones_like(total), total)


@wrong("softmax_cols", """
    You exponentiated (after subtracting the maximum) but never divided by the column sum, so the columns do not sum to
    1 and the largest entry of every column is exactly 1. Divide by exps.sum(dim=-2, keepdim=True).""")
def exponentials_not_normalised(scores):
    top = scores.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    return torch.exp(scores - top)


@wrong("softmax_cols", """
    You replaced -inf by a finite number before the softmax (torch.nan_to_num(scores), or a clamp at the most negative
    float). A column that is entirely -inf — a query that may see no key — then becomes uniform (1/M for every hidden
    key) instead of all zeros. Keep the -inf, and give a column whose maximum is -inf zero weights.""")
def infinities_made_finite(scores):
    s = torch.nan_to_num(scores)
    e = torch.exp(s - s.amax(dim=-2, keepdim=True))
    return e / e.sum(dim=-2, keepdim=True)


@wrong("softmax_cols", """
    You subtracted each ROW's maximum (amax(dim=-1)) but normalised each column. The max trick works only because a
    constant subtracted from a whole column cancels in that column's softmax; a row maximum differs from entry to entry
    of a column, so it changes the weights (and can still overflow or underflow). Take the maximum over dim=-2 too.""")
def max_taken_over_the_wrong_axis(scores):
    top = scores.amax(dim=-1, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    e = torch.exp(scores - top)
    total = e.sum(dim=-2, keepdim=True)
    return e / torch.where(total == 0, torch.ones_like(total), total)


@wrong("softmax_cols", """
    You added a small eps to the denominator "to avoid dividing by zero". After subtracting the column maximum the sum
    is at least 1, so it cannot be zero (only an all -inf column gives 0, and it needs its own rule); the eps just
    scales every weight by sum / (sum + eps), so the columns no longer sum to 1 — visible in float64. Divide by the sum
    alone, replacing only a zero sum.""")
def eps_added_to_denominator(scores):
    top = scores.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)
    e = torch.exp(scores - top)
    return e / (e.sum(dim=-2, keepdim=True) + 1e-9)
