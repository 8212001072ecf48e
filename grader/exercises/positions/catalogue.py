"""``relative_position_bucket`` and ``rotary_embedding`` (with its helper ``rotate_columns``)."""
import math

import torch

from grader.catalogue import alternative, wrong
from solutions.positions import rotate_columns


@wrong("relative_position_bucket", """
    Your offsets have the wrong sign: you took query - key, so keys BEFORE the query land in the upper half of the
    buckets. The contract (and T5) use key position - query position: offset > 0 means the key comes after the
    query and takes buckets num_buckets/2 and up.""")
def bucket_sign_flipped(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = -relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = (offset > 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))


@wrong("relative_position_bucket", """
    Offset 0 (the query's own position) landed in the upper half: you tested offset >= 0. Only keys strictly AFTER
    the query (offset > 0) use the upper half; offset 0 is bucket 0.""")
def bucket_zero_in_upper_half(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = (offset >= 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))


@wrong("relative_position_bucket", """
    Your distant buckets are not capped: beyond max_distance the logarithm keeps growing, so far offsets spill into
    the other half's buckets or past num_buckets. Clamp the logarithmic bucket at n - 1 (n = the buckets of one
    half): every distance from max_distance on shares the last bucket.""")
def bucket_not_capped(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = (offset > 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far)


@wrong("relative_position_bucket", """
    In the bidirectional case you did not halve the buckets: each side must use num_buckets/2 of them (n = 16 of 32),
    with exact buckets for distances below n/2 = 8. Halve num_buckets first, then split each half into exact and
    logarithmic buckets.""")
def bucket_halves_not_halved(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    half = num_buckets
    if bidirectional:
        base = (offset > 0).long() * (num_buckets // 2)
        distance = offset.abs()
    else:
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    exact = half // 2
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))


@wrong("relative_position_bucket", """
    Your causal buckets use the absolute distance, so keys after the query get buckets of their own. With
    bidirectional=False a decoder never looks ahead: positive offsets all count as offset 0 (bucket 0), and the
    distance is -offset for the keys before the query.""")
def bucket_causal_uses_absolute_distance(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    if bidirectional:
        half = num_buckets // 2
        base = (offset > 0).long() * half
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
    distance = offset.abs()
    exact = half // 2
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))


@wrong("relative_position_bucket", """
    You split the buckets in halves but sized the exact range from ALL the buckets: exact = num_buckets/2 instead of
    half of one half. With 32 bidirectional buckets each side has n = 16: distances 0..7 get a bucket each (n/2 = 8)
    and 8..max_distance share the 8 logarithmic ones. Yours gives distances 0..15 a bucket each and leaves no
    logarithmic buckets: every distance from 15 on shares the last one. Take exact = n // 2 where n is the half's
    size (num_buckets // 2 when bidirectional).""")
def bucket_exact_range_from_all_buckets(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    offset = relative_position.long()
    exact = num_buckets // 2
    if bidirectional:
        half = num_buckets // 2
        base = (offset > 0).long() * half
        distance = offset.abs()
    else:
        half = num_buckets
        base = torch.zeros_like(offset)
        distance = (-offset).clamp(min=0)
    far = exact + (torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)).long()
    return base + torch.where(distance < exact, distance, far.clamp(max=half - 1))


@wrong("rotary_embedding", """
    You rotated Q but returned K unchanged. Then a score K'ᵀQ' depends on the query's absolute position instead of
    the offset between query and key. Rotate both, each column by its own position: the rotations cancel to
    R(p_k - p_q) inside the dot product.""")
def rotary_rotates_q_only(Q, K, positions_q=None, positions_k=None, base=10000.0):
    if Q.shape[-2] % 2:
        raise ValueError("D must be even")
    return rotate_columns(Q, positions_q, base), K


@wrong("rotary_embedding", """
    You paired adjacent rows (2i, 2i + 1), as the RoFormer paper writes it. This course follows Llama and Hugging Face:
    row i pairs with row i + D/2 (the first half with the second half), both turned by p·θ_i. Both are valid
    rotations, but they are different functions; split X into X[..., :D/2, :] and X[..., D/2:, :].""")
def rotary_adjacent_pairs(Q, K, positions_q=None, positions_k=None, base=10000.0):
    def rotate(X, positions):
        dim, n = X.shape[-2], X.shape[-1]
        positions = torch.arange(n) if positions is None else positions
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        angles = theta[:, None] * positions.double()[None, :]
        cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
        even, odd = X[..., 0::2, :], X[..., 1::2, :]
        return torch.stack([even * cos - odd * sin, odd * cos + even * sin], dim=-2).flatten(-3, -2)

    if Q.shape[-2] % 2:
        raise ValueError("D must be even")
    return rotate(Q, positions_q), rotate(K, positions_k)


@wrong("rotate_columns", """
    Your rotation turns the wrong way (by -p·θ_i): the signs of the sine terms are swapped. The contract's rotation is
    x'_i = x_i cos - x_{i+D/2} sin and x'_{i+D/2} = x_{i+D/2} cos + x_i sin.""")
def rotary_turns_backwards(X, positions, base):
    dim, n = X.shape[-2], X.shape[-1]
    positions = torch.arange(n) if positions is None else positions
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.double()[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
    return torch.cat([top * cos + bottom * sin, bottom * cos - top * sin], dim=-2)


@wrong("rotate_columns", """
    Your frequencies are θ_i = base^(-i/D): the exponent misses its factor 2. With pairs i = 0 .. D/2 - 1 the
    frequencies must run from 1 down to about 1/base: θ_i = base^(-2i/D).""")
def rotary_frequencies_without_the_two(X, positions, base):
    dim, n = X.shape[-2], X.shape[-1]
    positions = torch.arange(n) if positions is None else positions
    theta = base ** (-torch.arange(0, dim // 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * positions.double()[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)


@wrong("rotate_columns", """
    You ignored the positions you were given and always used 0 .. N - 1. A decoder step with a cache asks for the
    query at position 37 while it is the only column: use positions_q and positions_k when they are not None.""")
def rotary_ignores_given_positions(X, positions, base):
    dim, n = X.shape[-2], X.shape[-1]
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = theta[:, None] * torch.arange(n, dtype=torch.float64)[None, :]
    cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
    top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
    return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)


@alternative("relative_position_bucket", "A lookup table: T5's float32 formula evaluated once for distances "
             "0 .. max_distance, then gathered (every larger distance shares the last bucket).")
def bucket_lookup_table(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    half = num_buckets // 2 if bidirectional else num_buckets
    exact = half // 2
    distances = torch.arange(max_distance + 1)
    logs = torch.log(distances.float() / exact) / math.log(max_distance / exact) * (half - exact)
    table = torch.where(distances < exact, distances, (exact + logs.long()).clamp(max=half - 1))
    offset = relative_position.long()
    if bidirectional:
        return table[offset.abs().clamp(max=max_distance)] + (offset > 0).long() * half
    return table[(-offset).clamp(min=0, max=max_distance)]


@alternative("relative_position_bucket", "One offset at a time in a Python loop, each logarithm a float32 tensor.")
def bucket_python_loop(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    half = num_buckets // 2 if bidirectional else num_buckets
    exact = half // 2
    result = []
    for offset in relative_position.flatten().tolist():
        upper = half if bidirectional and offset > 0 else 0
        distance = abs(offset) if bidirectional else max(-offset, 0)
        if distance < exact:
            result.append(upper + distance)
            continue
        ratio = torch.tensor(distance, dtype=torch.float32) / exact
        log_bucket = torch.log(ratio) / math.log(max_distance / exact) * (half - exact)
        result.append(upper + min(exact + int(log_bucket), half - 1))
    return torch.tensor(result, dtype=torch.long).reshape(relative_position.shape)


@alternative("rotary_embedding", "Complex numbers: each pair (x_i, x_{i+D/2}) is x_i + i·x_{i+D/2}, multiplied by "
             "e^{i·p·θ_i}.")
def rotary_complex(Q, K, positions_q=None, positions_k=None, base=10000.0):
    def rotate(X, positions):
        dim, n = X.shape[-2], X.shape[-1]
        positions = torch.arange(n) if positions is None else positions
        theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
        turn = torch.polar(torch.ones(dim // 2, n, dtype=torch.float64), theta[:, None] * positions.double()[None, :])
        pairs = torch.complex(X[..., : dim // 2, :].double(), X[..., dim // 2:, :].double()) * turn
        return torch.cat([pairs.real, pairs.imag], dim=-2).to(X.dtype)

    for X in (Q, K):
        if X.shape[-2] % 2:
            raise ValueError(f"D must be even, got {X.shape[-2]}")
    return rotate(Q, positions_q), rotate(K, positions_k)


@alternative("rotary_embedding", "Explicit 2 x 2 rotation blocks: one (D, D) matrix per position, applied with "
             "einsum (float32 angles, as Hugging Face computes them).")
def rotary_rotation_matrices(Q, K, positions_q=None, positions_k=None, base=10000.0):
    def rotate(X, positions):
        dim, n = X.shape[-2], X.shape[-1]
        half = dim // 2
        positions = torch.arange(n) if positions is None else positions
        inverse_frequency = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=X.dtype) / dim))
        angles = positions.to(X.dtype)[:, None] * inverse_frequency[None, :]         # (N, D/2)
        R = torch.zeros(n, dim, dim, dtype=X.dtype)
        index = torch.arange(half)
        R[:, index, index] = angles.cos().to(X.dtype)
        R[:, index + half, index + half] = angles.cos().to(X.dtype)
        R[:, index, index + half] = -angles.sin().to(X.dtype)
        R[:, index + half, index] = angles.sin().to(X.dtype)
        return torch.einsum("nij,...jn->...in", R, X)

    for X in (Q, K):
        if X.shape[-2] % 2:
            raise ValueError(f"D must be even, got {X.shape[-2]}")
    return rotate(Q, positions_q), rotate(K, positions_k)


@alternative("rotate_columns", "A loop over the pairs, rotating two rows at a time.")
def rotate_pairs_in_a_loop(X, positions, base):
    dim, n = X.shape[-2], X.shape[-1]
    positions = torch.arange(n) if positions is None else positions
    rows = []
    for i in range(dim // 2):
        angle = positions.double() * base ** (-2 * i / dim)
        cos, sin = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
        rows.append((X[..., i, :] * cos - X[..., i + dim // 2, :] * sin,
                     X[..., i + dim // 2, :] * cos + X[..., i, :] * sin))
    return torch.stack([first for first, _ in rows] + [second for _, second in rows], dim=-2)
