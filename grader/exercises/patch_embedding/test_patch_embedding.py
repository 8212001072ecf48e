"""Hidden checks: ``patchify`` (B, C·P·P, N), patches row-major, pixels in (channel, row, column)
order, and ``patch_embedding`` (B, D, N+1) with [CLS] first.

Tolerances: ``patchify`` only moves pixels, so it must be exact. ``patch_embedding`` is one product of length C·P·P
plus two additions: (C·P·P + 2)·u relative to max(|W||patches|) + |b| + |cls| + |positions|, four times.
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.judge import EXACT, Judge, Tolerance, generator, randn


def embedding_inputs(gen, batch, channels, height, width, patch, dim, dtype=torch.float32):
    n = (height // patch) * (width // patch)
    images = randn(gen, batch, channels, height, width, dtype=dtype)
    return (images, patch, randn(gen, dim, channels * patch * patch, dtype=dtype, scale=0.3),
            randn(gen, dim, dtype=dtype), randn(gen, dim, dtype=dtype), randn(gen, dim, n + 1, dtype=dtype))


def embedding_tol(images, patch, W, b, cls_token, positions) -> Tolerance:
    size = (float(W.abs().sum(dim=1).max()) * float(images.abs().max()) + float(b.abs().max())
            + float(cls_token.abs().max()) + float(positions.abs().max()))
    return Tolerance.float32(4 * (W.shape[1] + 2), scale=size)


@pytest.mark.grades("patchify", weight=2)
def test_patchify_random_images(learner):
    """Random images, P = 1 .. 4, C = 1 and 3, H != W, batch 1 and 2: the exact pixel columns of the reference."""
    gen = generator(1001)
    with Judge(learner, "patch_embedding") as judge:
        for shape, patch in (((1, 1, 4, 4), 2), ((2, 3, 6, 4), 2), ((1, 3, 8, 12), 4), ((2, 2, 3, 6), 3),
                             ((1, 1, 2, 3), 1)):
            judge.expect("patchify", randn(gen, *shape), patch, tol=EXACT)
        judge.expect("patchify", randn(gen, 1, 2, 4, 6, dtype=torch.float64), 2, tol=EXACT)


@pytest.mark.grades("patchify")
def test_patch_order(learner):
    """An image whose pixel values encode (channel, row, column): patch n must be grid cell (n // (W/P), n % (W/P))
    and list its pixels channel by channel, row by row."""
    with Judge(learner, "patch_embedding") as judge:
        channel, row, col = torch.meshgrid(torch.arange(2), torch.arange(4), torch.arange(6), indexing="ij")
        image = (100 * channel + 10 * row + col).float()[None]              # (1, 2, 4, 6)
        judge.expect("patchify", image, 2, tol=EXACT)


@pytest.mark.grades("patchify")
def test_patchify_rejects_indivisible_images(learner):
    """H or W not a multiple of P is a ValueError, on random invalid sizes (a valid image still works)."""
    gen = generator(1002)
    with Judge(learner, "patch_embedding") as judge:
        judge.expect("patchify", randn(gen, 1, 1, 4, 6), 2, tol=EXACT)
        judge.expect_value_error("patchify", randn(gen, 1, 1, 5, 6), 2, argument="images (H = 5, not a multiple of 2)")
        judge.expect_value_error("patchify", randn(gen, 1, 3, 6, 7), 3, argument="images (W = 7, not a multiple of 3)")
        # Random invalid sizes, half of them with H·W a multiple of P² (so only testing H and W separately catches
        # them) — e.g. H = 2, W = 8, P = 4.
        invalid = [(h, w, p) for p in (2, 3, 4) for h in range(1, 13) for w in range(1, 13) if h % p or w % p]
        for product_divisible in (True, False):
            pool = [case for case in invalid if ((case[0] * case[1]) % (case[2] ** 2) == 0) == product_divisible]
            for index in torch.randperm(len(pool), generator=gen)[:4].tolist():
                h, w, p = pool[index]
                judge.expect_value_error("patchify", randn(gen, 2, 2, h, w), p,
                                         argument=f"images (H = {h}, W = {w}, patch size {p})")


@pytest.mark.grades("patch_embedding", weight=2)
def test_patch_embedding(learner):
    """W @ patches + b, [CLS] prepended as column 0, then + positions (D, N+1); float32 and float64."""
    gen = generator(1003)
    with Judge(learner, "patch_embedding") as judge:
        for batch, channels, height, width, patch, dim, dtype in ((2, 3, 4, 6, 2, 5, torch.float32),
                                                                   (1, 1, 3, 3, 3, 4, torch.float32),
                                                                   (2, 2, 8, 4, 4, 6, torch.float64)):
            args = embedding_inputs(gen, batch, channels, height, width, patch, dim, dtype)
            judge.expect("patch_embedding", *args, tol=embedding_tol(*args))


# (batch, C, H, W, P, D) where a transposed operand still has a shape that fits, so a transpose too many gives wrong
# values instead of an error: D = C·P·P = N + 1 (W and the position table both square), D = C·P·P (W square), and
# D = N + 1 (the position table square), in that order.
SQUARE_OPERANDS = [(2, 1, 2, 6, 2, 4), (2, 3, 2, 3, 1, 3), (1, 2, 4, 4, 2, 5)]


@pytest.mark.grades("patch_embedding")
def test_patch_embedding_square_operands(learner):
    """Shapes where W (D, C·P·P) or the positions (D, N + 1) are square, so that a misplaced transpose (patch rows
    times W, positions added as (N + 1, D)) runs and can only show in the values: they must be W·patches + b and
    positions[:, n] for column n."""
    gen = generator(1005)
    with Judge(learner, "patch_embedding") as judge:
        for batch, channels, height, width, patch, dim in SQUARE_OPERANDS:
            args = embedding_inputs(gen, batch, channels, height, width, patch, dim)
            judge.expect("patch_embedding", *args, tol=embedding_tol(*args))


@pytest.mark.grades("patch_embedding")
def test_patch_embedding_gradients(learner):
    """Autograd through patch_embedding gives the reference's gradients for the images, W, b, [CLS] and positions."""
    gen = generator(1004)
    with Judge(learner, "patch_embedding") as judge:
        args = embedding_inputs(gen, 2, 2, 4, 4, 2, 3, torch.float64)
        judge.expect_grad("patch_embedding", args, {}, [0, 2, 3, 4, 5], tol=embedding_tol(*args).scaled(8.0), seed=13)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def patch_embedding_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Images (B, C, H, W): B from the case's batch (at least 1), N = n_q patches in a row of P = 2 pixels."""
    batch = max(1, int(torch.tensor(case.batch).prod()) if case.batch else 1)
    args = embedding_inputs(gen, batch, 3, 2, 2 * case.n_q, 2, case.dim, case.dtype)
    return (args[0] * case.scale, *args[1:]), {}


def patchify_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Images (B, 2, 4, 6) in 2 x 2 patches (the contract's batch axis is one, always present)."""
    return (randn(gen, *(case.batch or (1,))[:1], 2, 4, 6, dtype=case.dtype), 2), {}


SPECS = {"patchify": Spec(patchify_clause_inputs, lambda args, kwargs: EXACT, ()),
         "patch_embedding": Spec(patch_embedding_clause_inputs, lambda args, kwargs: embedding_tol(*args),
                                 ("single_token", "float64", "large_magnitudes"))}
globals().update(clause_checks("patch_embedding", SPECS))
