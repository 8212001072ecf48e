"""Attention for long sequences: sparse patterns, as masks and as an implementation that never forms N×N scores.

Full self-attention scores all N² (key, query) pairs. Sparse patterns keep a few per query (masks are (N_k, N_q),
``[j, i]`` True when key j is visible to query i):

* **local** (banded, ``reference.masking.local_mask``): |i − j| ≤ w, as a convolution would — N(2w+1) − w(w+1) pairs;
* **strided** (``strided_mask``): i − j a multiple of the stride s; intersected with a local mask of reach w·s it is
  the *dilated* window of Longformer (keys i ± k·s, k ≤ w);
* **global tokens** (``global_token_mask``): a few tokens see everything and are seen by everyone — g(2N − g) pairs.

GPT-3 alternates dense layers with locally banded sparse ones; Longformer combines a local window with global
tokens. ``sparse_attention_cost`` counts the scored pairs of each pattern in closed form.

``sparse_attention`` computes the local (or dilated) window plus global tokens block by block: a block of b queries
meets only the b + 2w keys around it, so at any time it holds (G + b + 2w)·b scores, and its result equals dense
attention under ``sparse_mask`` — with memory growing like N (the inputs and output) instead of N².
"""
from __future__ import annotations

import math

import torch
from torch.nn import functional

from ._shapes import broadcast_shapes, check_positive_int, check_shape
from .attention import scaled_dot_product_attention
from .masking import causal_mask, local_mask, padding_mask
from .multihead import check_heads, check_params, combine_heads, project_heads
from .softmax import softmax_cols

PATTERNS = ("dense", "causal", "local", "strided", "global")


def strided_mask(n: int, stride: int, device: torch.device | str | None = None) -> torch.Tensor:
    """(n, n): True iff i − j is a multiple of ``stride`` (query i sees keys i, i ± stride, i ± 2·stride, …)."""
    check_positive_int("n", n, minimum=0)
    check_positive_int("stride", stride)
    position = torch.arange(n, device=device)
    return (position[None, :] - position[:, None]) % stride == 0


def global_token_mask(is_global: torch.Tensor) -> torch.Tensor:
    """is_global (..., N) boolean -> (..., N, N): ``[j, i]`` True iff token j or token i is global.

    A global token attends to every key and every query attends to it; combine with a local mask by ``|``.
    """
    check_shape("is_global", is_global, ("N",), {})
    if is_global.dtype != torch.bool:
        raise ValueError(f"is_global: expected a boolean tensor (..., N), got dtype {is_global.dtype}")
    return is_global[..., :, None] | is_global[..., None, :]


def sparse_attention_cost(pattern: str, n: int, *, window: int | None = None, stride: int | None = None,
                          num_global: int | None = None) -> int:
    """The number of (key, query) pairs a pattern scores over n tokens — the True entries of its mask.

    ``"dense"``: n²; ``"causal"``: n(n+1)/2; ``"local"`` (``window`` w, |i − j| ≤ w): n(2w+1) − w(w+1) with w
    capped at n − 1, i.e. about n(2w+1) instead of n²; ``"strided"`` (``stride`` s): Σ over offsets d ≡ 0 (mod s),
    |d| < n, of the n − |d| pairs at offset d, which is n(2m+1) − s·m(m+1) with m = ⌊(n−1)/s⌋;
    ``"global"`` (``num_global`` g tokens seeing and seen by all): n² − (n − g)² = g(2n − g).
    """
    check_positive_int("n", n, minimum=0)
    needed = {"local": ("window", window), "strided": ("stride", stride), "global": ("num_global", num_global)}
    if pattern not in PATTERNS:
        raise ValueError(f"pattern: expected one of {', '.join(PATTERNS)}, got {pattern!r}")
    if pattern in needed:
        name, value = needed[pattern]
        check_positive_int(name, value, minimum=1 if name == "stride" else 0)
    if pattern == "dense":
        return n * n
    if pattern == "causal":
        return n * (n + 1) // 2
    if pattern == "local":
        w = min(window, max(n - 1, 0))
        return n * (2 * w + 1) - w * (w + 1)
    if pattern == "strided":
        m = (n - 1) // stride if n else 0
        return n * (2 * m + 1) - stride * m * (m + 1)
    if num_global > n:
        raise ValueError(f"num_global: at most n={n} tokens can be global, got {num_global}")
    return num_global * (2 * n - num_global)


def sparse_mask(n: int, window: int, dilation: int = 1, is_global: torch.Tensor | None = None,
                causal: bool = False) -> torch.Tensor:
    """The dense mask of ``sparse_attention``'s pattern: (n, n), or (..., n, n) with ``is_global`` (..., n).

    Keys i ± k·dilation for k ≤ ``window`` (a local window when dilation is 1), or'ed with the global tokens'
    rows and columns; ``causal`` keeps only keys at or before the query.
    """
    mask = local_mask(n, window * dilation) & strided_mask(n, dilation)
    if is_global is not None:
        mask = mask | global_token_mask(is_global)
    return mask & causal_mask(n, device=mask.device) if causal else mask


def _positions_of(is_global: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """is_global (..., N) -> (index (..., G), valid (..., G)): the global positions of each row in increasing order,
    G the most any row has; shorter rows are filled with other positions, marked not valid."""
    num_global = int(is_global.sum(dim=-1).max()) if is_global.numel() else 0
    index = torch.argsort((~is_global).to(torch.uint8), dim=-1, stable=True)[..., :num_global]
    return index, is_global.gather(-1, index)


def _columns(X: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
    """X (..., D, N), index (..., G) -> X[..., :, index] of shape (..., D, G), row by row of the batch."""
    return X.gather(-1, index.unsqueeze(-2).expand(*index.shape[:-1], X.shape[-2], index.shape[-1]))


def _to_classes(X: torch.Tensor, dilation: int, fill: float | bool = 0) -> torch.Tensor:
    """(..., D, N) -> (..., d, D, m), m = ⌈N/d⌉: column t of class r is position t·d + r, so keys d apart in the
    sequence are neighbours within a class (padded at the end with ``fill``)."""
    if dilation == 1:
        return X.unsqueeze(-3)                                                # one class: a view, no copy
    n = X.shape[-1]
    m = -(-n // dilation)
    return functional.pad(X, (0, m * dilation - n), value=fill).unflatten(-1, (m, dilation)).movedim(-1, -3)


def _from_classes(X: torch.Tensor, n: int) -> torch.Tensor:
    """(..., d, D, m) -> (..., D, n): the inverse of ``_to_classes``."""
    if X.shape[-3] == 1:
        return X.squeeze(-3)[..., :n]
    return X.movedim(-3, -1).flatten(-2)[..., :n]


def _banded(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, window: int, visible: torch.Tensor, causal: bool,
            global_keys: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None, block_size: int) -> torch.Tensor:
    """Each query i sees the visible keys i − w .. i + w (.. i if causal) and the valid global keys, computed one
    block of queries at a time.

    Q (..., Dk, N), K (..., Dk, N), V (..., Dv, N), visible (..., N); ``global_keys`` = (K_g (..., Dk, G),
    V_g (..., Dv, G), valid (..., G)) -> (..., Dv, N).
    """
    n = Q.shape[-1]
    Q = Q / math.sqrt(Q.shape[-2])                                            # scale once, not every block's scores
    K = functional.pad(K, (window, window))                                   # key j sits at column j + w
    V = functional.pad(V, (window, window))
    hidden = functional.pad(~visible, (window, window), value=True)[..., :, None]   # (..., N + 2w, 1)
    offset = (torch.arange(block_size + 2 * window, device=Q.device)[:, None] - window
              - torch.arange(block_size, device=Q.device)[None, :])         # key position − query position
    outside = (offset.abs() > window) | (offset > 0) if causal else offset.abs() > window  # (b + 2w, b)
    outputs = []
    for start in range(0, n, block_size):
        size = min(block_size, n - start)
        span = slice(start, start + size + 2 * window)                        # keys start − w .. start + size − 1 + w
        queries = Q[..., start:start + size]                                  # (..., Dk, size)
        scores = K[..., span].transpose(-2, -1) @ queries                     # (..., size + 2w, size)
        scores.masked_fill_(outside[:size + 2 * window, :size], float("-inf"))
        scores.masked_fill_(hidden[..., span, :], float("-inf"))
        values = V[..., span]                                                 # (..., Dv, size + 2w)
        if global_keys is not None:
            K_global, V_global, valid = global_keys
            global_scores = K_global.transpose(-2, -1) @ queries              # (..., G, size)
            global_scores = global_scores.masked_fill(~valid[..., :, None], float("-inf"))
            scores = torch.cat(_broadcast_batch(global_scores, scores), dim=-2)
            values = torch.cat(_broadcast_batch(V_global, values), dim=-1)
        outputs.append(values @ softmax_cols(scores))                          # (..., Dv, size)
    return torch.cat(outputs, dim=-1)


def _broadcast_batch(a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Two tensors with their leading (batch) dimensions broadcast, their last two dimensions kept."""
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return a.expand(*batch, *a.shape[-2:]), b.expand(*batch, *b.shape[-2:])


def _flags(name: str, value: torch.Tensor | None, batch: torch.Size, n: int, device: torch.device,
           default: bool) -> torch.Tensor:
    """A boolean (..., N) argument broadcast to (*batch, N); None means ``default`` everywhere."""
    if value is None:
        return torch.full((n,), default, device=device).expand(*batch, n)
    if not isinstance(value, torch.Tensor) or value.dtype != torch.bool or value.shape[-1:] != (n,):
        raise ValueError(f"{name}: expected a boolean tensor (..., N={n})")
    return value.expand(*batch, n)


def sparse_attention(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, window: int, dilation: int = 1,
                     is_global: torch.Tensor | None = None, key_visible: torch.Tensor | None = None,
                     causal: bool = False, global_qkv: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
                     block_size: int | None = None) -> torch.Tensor:
    """Attention under a sparse pattern without N×N scores: Q (..., Dk, N), K (..., Dk, N), V (..., Dv, N)
    -> output (..., Dv, N), equal to dense attention under ``sparse_mask`` (and ``key_visible``).

    Query i sees keys i + k·``dilation`` for |k| ≤ ``window`` (k ≤ 0 if ``causal``) and every global key; a global
    query (``is_global`` (..., N) True) sees every key. ``key_visible`` (..., N) hides padding keys. Longformer
    gives global queries projections of their own: ``global_qkv`` = (Q', K', V') shaped like Q, K, V, used for the
    global queries' rows instead of Q, K, V. Causal attention has no global tokens.

    Work: blocks of b = ``block_size`` queries (default max(w/2, 32)) each score their G + b + 2w candidate keys, so
    the scores in memory at any time are (G + b + 2w)·b per head and N·(G + b + 2w) are computed in all, against N²
    for dense attention; global queries add G·N.
    """
    sizes: dict[str, int] = {}
    check_shape("Q", Q, ("Dk", "N"), sizes)
    check_shape("K", K, ("Dk", "N"), sizes)
    check_shape("V", V, ("Dv", "N"), sizes)
    check_positive_int("window", window, minimum=0)
    check_positive_int("dilation", dilation)
    block_size = max(window // 2, 32) if block_size is None else block_size
    check_positive_int("block_size", block_size)
    n, device = sizes["N"], Q.device
    flag_batches = [flag.shape[:-1] for flag in (key_visible, is_global) if isinstance(flag, torch.Tensor)]
    try:
        batch = broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2], *flag_batches)
    except RuntimeError:
        raise ValueError("Q, K, V, key_visible, is_global: their leading (batch) dimensions do not broadcast") \
            from None
    key_visible = _flags("key_visible", key_visible, batch, n, device, default=True)
    is_global = _flags("is_global", is_global, batch, n, device, default=False)
    has_global = bool(is_global.any())
    if causal and has_global:
        raise ValueError("is_global: causal sparse attention takes no global tokens")
    global_keys = None
    if has_global:
        index, is_row = _positions_of(is_global)                              # (*batch, G)
        valid = is_row & key_visible.gather(-1, index)
        K_all, V_all = K.expand(*batch, *K.shape[-2:]), V.expand(*batch, *V.shape[-2:])
        global_keys = (_columns(K_all, index).unsqueeze(-3), _columns(V_all, index).unsqueeze(-3),
                       valid.unsqueeze(-2))                                   # one copy for every dilation class
    band_visible = _to_classes((key_visible & ~is_global).unsqueeze(-2), dilation, False).squeeze(-2)
    out = _banded(_to_classes(Q, dilation), _to_classes(K, dilation), _to_classes(V, dilation), window,
                  band_visible, causal, global_keys, block_size)
    out = _from_classes(out, n).expand(*batch, sizes["Dv"], n)
    if not has_global:
        return out
    Q_global, K_global, V_global = (Q, K, V) if global_qkv is None else global_qkv
    if tuple(t.shape for t in (Q_global, K_global, V_global)) != (Q.shape, K.shape, V.shape):
        raise ValueError("global_qkv: expected three tensors shaped like Q, K, V")
    rows, _ = scaled_dot_product_attention(_columns(Q_global.expand(*batch, *Q.shape[-2:]), index), K_global,
                                           V_global, key_visible[..., :, None])                # (*batch, Dv, G)
    rows = torch.where(is_row[..., None, :], rows, _columns(out, index))      # filler slots keep their column
    return out.scatter(-1, index.unsqueeze(-2).expand_as(rows), rows)


def sparse_self_attention(X: torch.Tensor, params: dict[str, torch.Tensor], num_heads: int, window: int,
                          dilation: int = 1, is_global: torch.Tensor | None = None,
                          lengths: torch.Tensor | None = None, causal: bool = False,
                          global_params: dict[str, torch.Tensor] | None = None,
                          block_size: int | None = None) -> torch.Tensor:
    """Multi-head self-attention with a sparse pattern: X (B, D, N) -> (B, D, N), never forming N×N scores.

    ``params`` as in ``multi_head_attention``; each head runs ``sparse_attention``. ``is_global`` (B, N) marks
    global tokens, ``lengths`` (B,) the real tokens (later columns are padding, invisible as keys).
    ``global_params`` (Wq, bq, Wk, bk, Wv, bv), if given, are the global queries' own projections — Longformer's
    ``query_global``, ``key_global``, ``value_global``.
    """
    check_params(params)
    sizes: dict[str, int] = {}
    check_shape("X", X, ("D", "N"), sizes)
    check_heads(sizes["D"], num_heads)
    Q, K, V = (project_heads(params, which, X, num_heads) for which in "qkv")  # (..., H, D/H, N) each
    key_visible = None if lengths is None else padding_mask(lengths, sizes["N"])[..., 0].unsqueeze(-2)
    global_qkv = None
    if global_params is not None:
        check_params(global_params, ("Wq", "bq", "Wk", "bk", "Wv", "bv"))
        if is_global is not None and bool(is_global.any()):                  # only global queries use them
            global_qkv = tuple(project_heads(global_params, which, X, num_heads) for which in "qkv")
    heads = sparse_attention(Q, K, V, window, dilation, None if is_global is None else is_global.unsqueeze(-2),
                             key_visible, causal, global_qkv, block_size)
    return combine_heads(params, heads)
