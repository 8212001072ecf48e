"""Hidden checks: ``quantize_pixels``, ``dequantize_pixels``, ``pixel_sequence`` and ``average_pool_head``.

Tolerances (u = 2^-24, the float32 unit roundoff):

- ``quantize_pixels`` returns ids, compared exactly, with one allowance: where two colours are nearly equidistant
  from a pixel, float32 rounding may legitimately pick either. Any of the usual ways of computing a squared distance
  (Σ_c (x_c − p_c)², the expansion |x|² − 2 x·p + |p|², ``torch.cdist``) errs by at most (C + 2)·u·(|x| + |p|)²
  ≤ 2(C + 2)·u·(|x|² + |p|²); comparing two such distances doubles that. A different id is accepted when its colour
  is within four times that bound (16·(C + 4)·u·(|x|² + max_k |p_k|²), in float64) of the nearest one; exact ties
  (duplicate colours, pixels exactly midway, built from small whole numbers that every formula computes
  exactly) must go to the lowest id. Float64 images and palettes are computed in float64: the same bound with
  u = 2^-53, and pixels a hair (1e-9) off the midpoint of two colours, which float32 arithmetic cannot resolve. So is
  a float64 input beside a float32 one (docs/contract.md: a float64 input is computed in float64; the reference
  promotes both): the float64 bound again. Refusing mixed dtypes with an exception is not penalised.
- ``dequantize_pixels`` and ``pixel_sequence`` only move values: exact, for ids of every integer dtype (int64, int32,
  int16, uint8: the contract says "integer") and for ids stored non-contiguously alike.
- ``average_pool_head``: a mean of N values errs by N·u relative to max|X|, then a length-D product by D·u relative
  to Σ_d |W_kd|·|mean_d|, plus the bias: four times (N + D + 2)·u·(max_k Σ_d |W_kd| · max|X| + max|b|).
"""
import contextlib
from typing import Callable

import pytest
import torch

from grader.clauses import CLAUSE_DIAGNOSES, Case, Spec, clause_checks, column_major
from grader.diagnose import GENERIC, U32, Misconception, agree
from grader.judge import EXACT, Judge, Tolerance, generator, randn
from grader.sandbox import InputModified, LearnerError

U64 = 2.0 ** -53  # unit roundoff of float64


def uniform(gen, *shape, dtype=torch.float32, low=-1.0, high=1.0):
    """Uniform values in [low, high): pixels and palettes in Hugging Face's [-1, 1] colour space."""
    return (low + (high - low) * torch.rand(shape, generator=gen, dtype=torch.float64)).to(dtype)


def nearest_slack(images: torch.Tensor, palette: torch.Tensor, unit: float | None = None) -> torch.Tensor:
    """Per pixel (..., H, W): how much farther than the nearest colour a rounded choice may be (see above), for
    arithmetic of unit roundoff `unit` (default: float64's if either input is float64, which is then computed in
    float64, else float32's)."""
    pixels = images.double().movedim(-3, -1)                                    # (..., H, W, C)
    size = pixels.square().sum(dim=-1) + palette.double().square().sum(dim=0).max()
    if unit is None:
        unit = U64 if torch.promote_types(images.dtype, palette.dtype) == torch.float64 else U32
    return 16 * (palette.shape[0] + 4) * unit * size


def only_near_ties_differ(images: torch.Tensor, palette: torch.Tensor, ids: object, unit: float = U32) -> bool:
    """Whether every id names a colour within `nearest_slack(images, palette, unit)` of the nearest one."""
    K = palette.shape[1]
    if not isinstance(ids, torch.Tensor) or ids.dtype != torch.long or not bool(((ids >= 0) & (ids < K)).all()):
        return False
    pixels = images.double().movedim(-3, -1)[..., :, None]                     # (..., H, W, C, 1)
    distances = (pixels - palette.double()).square().sum(dim=-2)               # (..., H, W, K)
    if ids.shape != distances.shape[:-1]:
        return False
    chosen = distances.gather(-1, ids[..., None])[..., 0]
    return bool((chosen - distances.min(dim=-1).values <= nearest_slack(images, palette, unit)).all())


def expect_nearest(judge: Judge, images: torch.Tensor, palette: torch.Tensor) -> None:
    """The learner's ids must name a nearest colour of every pixel, up to float32 near-ties (see the module
    docstring); any other difference from the reference is a failure."""
    ids = judge.call("quantize_pixels", images, palette, tol=EXACT)
    if not judge.last_has_expected_form():
        return
    want = judge.expected[-1]
    if torch.equal(ids, want):
        return
    K = palette.shape[1]
    in_range = bool(((ids >= 0) & (ids < K)).all())
    if in_range:
        pixels = images.double().movedim(-3, -1)[..., :, None]                 # (..., H, W, C, 1)
        distances = (pixels - palette.double()).square().sum(dim=-2)            # (..., H, W, K)
        chosen = distances.gather(-1, ids[..., None])[..., 0]
        nearest = distances.min(dim=-1).values
        if bool((chosen - nearest <= nearest_slack(images, palette)).all()):
            return                                                              # only near-ties differ
    judge.require_agreement(len(judge.observations) - 1)


# (leading axes, C, H, W, K): unbatched and batched, one and two leading axes, H != W, C = 1, 3, 4, K = 1 .. 512
QUANTIZE_CASES = [((), 3, 4, 5, 16), ((2,), 3, 6, 2, 512), ((), 1, 1, 1, 1), ((2, 3), 2, 3, 4, 7), ((), 4, 1, 7, 64),
                  ((1,), 3, 5, 5, 200), ((3,), 1, 2, 9, 5)]


@pytest.mark.grades("quantize_pixels", weight=3)
def test_quantize_random_images(learner):
    """Random images and palettes in [-1, 1] (and wider images drawn from a normal distribution, and pixels far from
    every colour, 30 to 1030 away: a similarity exp(-distance) is 0 for all of them), many shapes, C = 1 to 4, K = 1
    to 512, float32 and float64, and 4620 pixels in one call: every pixel gets the id of its nearest colour, a long
    (..., H, W)."""
    gen = generator(1301)
    with Judge(learner, "imagegpt") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, C, H, W, K in QUANTIZE_CASES:
                expect_nearest(judge, uniform(gen, *batch, C, H, W, dtype=dtype), uniform(gen, C, K, dtype=dtype))
        for batch, C, H, W, K in QUANTIZE_CASES[:3]:
            expect_nearest(judge, randn(gen, *batch, C, H, W, scale=2.0), uniform(gen, C, K))
        for dtype in (torch.float32, torch.float64):   # far from every colour: squared distances of ~1e3 to 1e6
            for batch, C, H, W, K in QUANTIZE_CASES[:2]:
                expect_nearest(judge, 30 + uniform(gen, *batch, C, H, W, dtype=dtype) * 1000,
                               uniform(gen, C, K, dtype=dtype))
        # more pixels than a round chunk (1024, 4096) and not a multiple of one: code that quantizes in chunks
        expect_nearest(judge, uniform(gen, 2, 3, 33, 70), uniform(gen, 3, 16))


@pytest.mark.grades("quantize_pixels")
def test_quantize_ties_go_to_the_lowest_id(learner):
    """Duplicate colours and pixels exactly midway between two or four colours (small whole numbers, so every way of
    computing the distance gets exact ties), in palettes of up to 64 colours and one of a single colour repeated:
    the lowest id wins, as argmin's first minimum does."""
    gen = generator(1302)
    judge = Judge(learner, "imagegpt")
    try:
        with judge:
            # Colours on a small integer lattice, some repeated; pixels on the half-way points between lattice colours.
            palette = torch.tensor([[0.0, 2.0, 0.0, 2.0, 0.0, 2.0, 4.0],
                                    [0.0, 0.0, 2.0, 2.0, 0.0, 2.0, 4.0]])          # colours 4 and 5 repeat 0 and 3
            image = torch.tensor([[[1.0, 1.0, 0.0, 3.0, 1.0, 2.0]],
                                  [[0.0, 1.0, 1.0, 3.0, 2.0, 2.0]]])                # (2, 1, 6)
            judge.expect("quantize_pixels", image, palette, tol=EXACT)
            judge.expect("quantize_pixels", image.double(), palette.double(), tol=EXACT)
            for _ in range(4):
                C, K = int(torch.randint(1, 4, (), generator=gen)), int(torch.randint(2, 9, (), generator=gen))
                colours = torch.randint(-2, 3, (C, K), generator=gen).double() * 2       # even integers, often equal
                images = torch.randint(-4, 5, (2, C, 3, 4), generator=gen).double()      # midway points included
                judge.expect("quantize_pixels", images.float(), colours.float(), tol=EXACT)
            # Large palettes, duplicates far apart (a search in chunks must keep the first minimum across chunks),
            # and a palette of one colour repeated.
            for K in (20, 64):
                colours = torch.randint(-1, 2, (3, K), generator=gen).double() * 2
                judge.expect("quantize_pixels", torch.randint(-2, 3, (3, 4, 5), generator=gen).float(),
                             colours.float(), tol=EXACT)
            judge.expect("quantize_pixels", randn(gen, 3, 2, 3), torch.zeros(3, 16), tol=EXACT)
    except Misconception as failed:
        wrong = [o for o, want in zip(judge.observations, judge.expected) if not same_ids(o.result, want)]
        if failed.name in GENERIC and wrong and all(only_near_ties_differ(*o.args, o.result, unit=0.0) for o in wrong):
            raise Misconception("tie_to_another_id", "Every id of yours names a colour exactly as near as the "
                                "expected one, but where several are equally near you pick another than the lowest "
                                "id. Ties go to the lowest id, as argmin's first minimum does: a running minimum "
                                "replaces only on a strictly smaller distance (<, not <=), a search in chunks keeps "
                                "the earlier chunk's minimum on a tie, topk/sort-based picks need a stable order, and "
                                "a repeated colour keeps its first copy.", str(failed)) from None
        raise


@pytest.mark.grades("quantize_pixels")
def test_quantize_float64_near_ties(learner):
    """Float64 images and palettes are computed in float64: a pixel on the segment between a colour and its nearest
    other colour, 1e-9 of the way off the midpoint, gets the colour it is nearer to (float32 distances cannot tell)."""
    gen = generator(1305)
    with Judge(learner, "imagegpt") as judge:
        for batch, C, K in (((2,), 3, 16), ((), 1, 5), ((), 4, 64)):
            palette = uniform(gen, C, K, dtype=torch.float64)
            apart = (palette[:, :, None] - palette[:, None, :]).square().sum(dim=0).fill_diagonal_(float("inf"))
            first = torch.randint(0, K, (*batch, 4, 5), generator=gen)
            second = apart.argmin(dim=1)[first]                                   # the nearest other colour
            side = torch.randint(0, 2, first.shape, generator=gen).double() * 2 - 1
            t = 0.5 + 1e-9 * side                                                 # (..., H, W)
            pixels = palette[:, first] * (1 - t) + palette[:, second] * t          # (C, ..., H, W)
            expect_nearest(judge, pixels.movedim(0, -3), palette)


FLOAT32_FOR_FLOAT64 = (
    "float32_distances_for_float64_input", "Your ids are the nearest colours only up to float32 rounding, but one "
    "input is float64: the contract computes a float64 input in float64. Casting the palette to the images' dtype "
    "(or the images to the palette's) throws the float64 digits away; promote both instead, dtype = "
    "torch.promote_types(images.dtype, palette.dtype), and compute the distances in that dtype.")


@contextlib.contextmanager
def refusal_allowed():
    """An exception the learner's code raises inside is let go (not counted against it): for inputs the contract
    does not promise to accept. A missing implementation, a timeout or a write into an input still fail."""
    try:
        yield
    except LearnerError as error:
        if error.kind != "exception" or error.todo or isinstance(error, InputModified):
            raise


def same_ids(got: object, want: torch.Tensor) -> bool:
    return isinstance(got, torch.Tensor) and got.dtype == want.dtype and got.shape == want.shape and \
        torch.equal(got, want)


def near_tie_pairs(gen: torch.Generator, pixels: torch.Tensor, extra: int) -> torch.Tensor:
    """A float64 palette (C, 2P + extra) for the pixels (P, C): for each pixel, two colours in opposite directions
    at distances d and d (1 ± 1e-8) (which one is nearer is drawn at random), plus `extra` random colours, all in
    random order. Float32 cannot tell the two apart; float64 can, by a margin far above its rounding."""
    offsets = uniform(gen, *pixels.shape, dtype=torch.float64, low=-0.3, high=0.3)
    side = torch.randint(0, 2, (pixels.shape[0], 1), generator=gen).double() * 2 - 1
    colours = torch.cat([pixels + offsets, pixels - offsets * (1 + 1e-8 * side),
                         uniform(gen, extra, pixels.shape[1], dtype=torch.float64)])
    return colours[torch.randperm(colours.shape[0], generator=gen)].T.contiguous()


@pytest.mark.grades("quantize_pixels")
def test_quantize_mixed_precision(learner):
    """float32 images with a float64 palette, and float64 images with a float32 palette: the float64 input is computed
    in float64 (docs/contract.md), so a pixel almost midway between two colours (distances 1e-8 apart relative, or
    1e-9 off the midpoint: float32 cannot tell) gets the nearer one, as the reference's promotion to float64 gives. A
    learner whose code refuses mixed dtypes (an exception) is not penalised: the contract does not say they are
    accepted, only how a float64 input is computed."""
    gen = generator(1314)
    judge = Judge(learner, "imagegpt")
    try:
        with judge:
            for batch, C, extra in (((2,), 3, 8), ((), 2, 3)):
                images = uniform(gen, *batch, C, 3, 4)                                       # float32 pixels
                palette = near_tie_pairs(gen, images.double().movedim(-3, -1).reshape(-1, C), extra)
                with refusal_allowed():
                    expect_nearest(judge, images, palette)
            for batch, C, K in (((2,), 3, 16), ((), 2, 6)):
                palette = uniform(gen, C, K)                                                 # float32 colours
                wide = palette.double()
                apart = (wide[:, :, None] - wide[:, None, :]).square().sum(dim=0).fill_diagonal_(float("inf"))
                first = torch.randint(0, K, (*batch, 3, 4), generator=gen)
                second = apart.argmin(dim=1)[first]
                t = 0.5 + 1e-9 * (torch.randint(0, 2, first.shape, generator=gen).double() * 2 - 1)
                pixels = (wide[:, first] * (1 - t) + wide[:, second] * t).movedim(0, -3)     # float64 pixels
                with refusal_allowed():
                    expect_nearest(judge, pixels, palette)
    except Misconception as failed:
        wrong = [o for o, want in zip(judge.observations, judge.expected) if not same_ids(o.result, want)]
        if failed.name in GENERIC and all(only_near_ties_differ(*o.args, o.result) for o in wrong):
            raise Misconception(*FLOAT32_FOR_FLOAT64, str(failed)) from None
        raise


@pytest.mark.grades("quantize_pixels")
def test_quantize_square_palette(learner):
    """Palettes with as many colours as channels (C == K = 2, 3, 4), where reading the palette's rows as the colours
    runs without a shape error: each pixel still gets its nearest COLUMN."""
    gen = generator(1315)
    with Judge(learner, "imagegpt") as judge:
        for batch, C in (((), 3), ((2,), 4), ((), 2)):
            expect_nearest(judge, uniform(gen, *batch, C, 3, 5), uniform(gen, C, C))


@pytest.mark.grades("quantize_pixels")
def test_quantize_is_idempotent_on_palette_colours(learner):
    """An image painted in palette colours gets back the ids it was painted with (distinct colours), and quantising
    an already quantised image changes nothing: quantize(dequantize(quantize(x))) == quantize(x)."""
    gen = generator(1303)
    with Judge(learner, "imagegpt") as judge:
        for dtype, C, K in ((torch.float32, 3, 512), (torch.float64, 2, 9), (torch.float32, 1, 4)):
            palette = uniform(gen, C, K, dtype=dtype)
            painted_ids = torch.randint(0, K, (2, 3, 5), generator=gen)
            ids = judge.call("quantize_pixels", palette[:, painted_ids].movedim(0, -3), palette, tol=EXACT)
            if not judge.last_has_expected_form():
                continue
            judge.require(torch.equal(ids, painted_ids), "a pixel that IS a palette colour must get that colour's id "
                          "(its distance to it is 0)")
            first = judge.call("quantize_pixels", uniform(gen, 2, C, 4, 3, dtype=dtype), palette, tol=EXACT)
            if not judge.last_has_expected_form():
                continue
            if not bool(((first >= 0) & (first < K)).all()):
                judge.require(False, f"some ids lie outside [0, K) with K = {K}")
                continue
            again = judge.call("quantize_pixels", palette[:, first].movedim(0, -3), palette, tol=EXACT)
            if judge.last_has_expected_form():
                judge.require(torch.equal(again, first), "quantising an image made of palette colours changed its ids:"
                              " quantize then dequantize must be a projection onto the palette")


@pytest.mark.grades("quantize_pixels")
def test_quantize_rejects_invalid_inputs(learner):
    """ValueError for channel counts that differ (a one-channel palette too, which broadcasting would take), integer
    images or palettes, images with fewer than three axes, and an empty palette."""
    gen = generator(1304)
    with Judge(learner, "imagegpt") as judge:
        judge.expect("quantize_pixels", uniform(gen, 3, 2, 2), uniform(gen, 3, 4), tol=EXACT)
        judge.expect_value_error("quantize_pixels", uniform(gen, 3, 2, 2), uniform(gen, 2, 4),
                                 argument="palette (2 channels for 3-channel images)")
        judge.expect_value_error("quantize_pixels", uniform(gen, 3, 2, 2), uniform(gen, 1, 5),
                                 argument="palette (1 channel for 3-channel images)")
        judge.expect_value_error("quantize_pixels", uniform(gen, 1, 4, 2, 2), uniform(gen, 3, 4),
                                 argument="images (4 channels for a 3-row palette)")
        judge.expect_value_error("quantize_pixels", torch.randint(0, 255, (3, 2, 2), generator=gen),
                                 uniform(gen, 3, 4), argument="images (integer pixels)")
        judge.expect_value_error("quantize_pixels", uniform(gen, 3, 2, 2),
                                 torch.randint(0, 255, (3, 4), generator=gen), argument="palette (integer colours)")
        judge.expect_value_error("quantize_pixels", uniform(gen, 3, 4), uniform(gen, 3, 4),
                                 argument="images (two axes, no (C, H, W))")
        judge.expect_value_error("quantize_pixels", uniform(gen, 3, 2, 2), uniform(gen, 3, 0),
                                 argument="palette (no colours)")


@pytest.mark.grades("dequantize_pixels", weight=2)
def test_dequantize_random_ids(learner):
    """Random ids (int64 and int32) of many shapes, palettes of C = 1 to 4 colours in float32 and float64: pixel
    (h, w) is palette column ids[h, w], channels first, in the palette's dtype; a palette of one colour under
    batched ids."""
    gen = generator(1305)
    with Judge(learner, "imagegpt") as judge:
        for (batch, C, H, W, K), dtype in zip(QUANTIZE_CASES, (torch.float32, torch.float64) * 4):
            ids = torch.randint(0, K, (*batch, H, W), generator=gen)
            judge.expect("dequantize_pixels", ids, uniform(gen, C, K, dtype=dtype), tol=EXACT)
        judge.expect("dequantize_pixels", torch.randint(0, 6, (2, 3, 4), generator=gen, dtype=torch.int32),
                     uniform(gen, 3, 6), tol=EXACT)
        judge.expect("dequantize_pixels", torch.zeros(2, 2, 3, dtype=torch.long), uniform(gen, 3, 1), tol=EXACT)


@pytest.mark.grades("dequantize_pixels")
def test_dequantize_rejects_invalid_ids(learner):
    """ValueError for floating-point (float16 and bfloat16 too), complex or bool ids and for ids outside [0, K) (too
    large or negative), also where only the last image of a batch holds the bad id."""
    gen = generator(1306)
    with Judge(learner, "imagegpt") as judge:
        palette = uniform(gen, 3, 5)
        judge.expect("dequantize_pixels", torch.tensor([[0, 4]]), palette, tol=EXACT)
        judge.expect_value_error("dequantize_pixels", torch.tensor([[0.0, 1.0]]), palette, argument="ids (floats)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[0, 5]]), palette, argument="ids (5 >= K = 5)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[-1, 2]]), palette, argument="ids (negative)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[True, False]]), palette, argument="ids (bool)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[1 + 0j, 2 + 0j]]), palette,
                                 argument="ids (complex)")
        for dtype in (torch.float16, torch.bfloat16):   # every floating-point dtype, not a list of two
            judge.expect_value_error("dequantize_pixels", torch.tensor([[0.0, 1.0]], dtype=dtype), palette,
                                     argument=f"ids ({str(dtype).removeprefix('torch.')})")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[[0, 1]], [[2, 7]]]), palette,
                                 argument="ids (7 >= K = 5, in the second image only)")


INTEGER_DTYPES = (torch.int64, torch.int32, torch.int16, torch.uint8)
OTHER_INTEGER_DTYPE = (
    "integer_ids_dtype", "Your function is right for int64 ids but fails or differs for ids of another integer dtype "
    "(int32, int16, uint8, ...), which the contract accepts (it says \"integer\"). Indexing with uint8 ids reads "
    "them as a boolean MASK, and int16 or int8 ids cannot index at all: convert first, ids.long(), before indexing, "
    "gathering or concatenating. Results the contract calls LongTensor are int64 whatever the ids' dtype.")


@contextlib.contextmanager
def judging_ids(learner, unusual: Callable[[torch.Tensor], bool], found: tuple[str, str]):
    """A Judge for checks whose calls take ids (the first argument), some of them `unusual` (another integer dtype,
    a non-contiguous layout) beside usual ones with the same values: when the usual calls are right and only
    unusual ones fail or raise, the diagnosis is `found`."""
    judge = Judge(learner, "imagegpt")
    try:
        with judge:
            yield judge
    except LearnerError as error:
        unusual_call = getattr(error, "ids_unusual", False)
        if unusual_call and error.kind == "exception" and not error.todo and \
                not isinstance(error, InputModified) and not judge.problems:
            error.diagnosis = found
        raise
    except Misconception as failed:
        wrong = [o for o, want in zip(judge.observations, judge.expected) if difference_of(o, want)]
        if wrong and all(unusual(o.args[0]) for o in wrong) and failed.name in GENERIC:
            raise Misconception(*found, str(failed)) from None
        raise


def difference_of(observation, want) -> bool:
    return not agree(observation.result, want, observation.tol)


def expect_ids(judge: Judge, unusual: Callable[[torch.Tensor], bool], function: str, ids: torch.Tensor, *rest):
    """judge.expect(function, ids, *rest); an exception raised on unusual ids is marked as such (see judging_ids)."""
    try:
        return judge.expect(function, ids, *rest, tol=EXACT)
    except LearnerError as error:
        error.ids_unusual = unusual(ids)
        raise


def other_dtype(ids: torch.Tensor) -> bool:
    return ids.dtype != torch.int64


def non_contiguous(ids: torch.Tensor) -> bool:
    return not ids.is_contiguous()


@pytest.mark.grades("dequantize_pixels")
def test_dequantize_any_integer_dtype(learner):
    """The same ids as int64, int32, int16 and uint8 (the contract says "integer": any integer dtype) give the same
    image, in the palette's dtype: uint8 ids are ids, not a boolean mask. Ids 0 and K - 1 included; ids of the other
    dtypes outside [0, K) (uint8 K, int16 -1, int32 K) are still a ValueError; uint8 ids with ImageGPT's K = 512,
    more colours than uint8 can count (a bound compared in the ids' dtype wraps to 0)."""
    gen = generator(1316)
    with judging_ids(learner, other_dtype, OTHER_INTEGER_DTYPE) as judge:
        for batch, C, H, W, K, dtype in (((), 3, 4, 5, 7, torch.float32), ((2,), 1, 3, 3, 100, torch.float64),
                                         ((), 4, 2, 6, 2, torch.float32)):
            ids = torch.randint(0, K, (*batch, H, W), generator=gen)
            ids.view(-1)[:2] = torch.tensor([0, K - 1])
            palette = uniform(gen, C, K, dtype=dtype)
            for ids_dtype in INTEGER_DTYPES:
                expect_ids(judge, other_dtype, "dequantize_pixels", ids.to(ids_dtype), palette)
        expect_ids(judge, other_dtype, "dequantize_pixels", torch.tensor([[3, 200], [255, 0]], dtype=torch.uint8),
                   uniform(gen, 3, 512))
        palette = uniform(gen, 3, 5)
        judge.expect_value_error("dequantize_pixels", torch.tensor([[0, 5]], dtype=torch.uint8), palette,
                                 argument="ids (uint8 5 >= K = 5)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[-1, 2]], dtype=torch.int16), palette,
                                 argument="ids (int16 -1, negative)")
        judge.expect_value_error("dequantize_pixels", torch.tensor([[4, 5]], dtype=torch.int32), palette,
                                 argument="ids (int32 5 >= K = 5)")


@pytest.mark.grades("dequantize_pixels")
def test_dequantize_non_contiguous_ids(learner):
    """Ids stored column-major (every axis reversed in memory, as a transpose leaves it: a non-contiguous view,
    which the contract accepts), unbatched and batched, give the same image as the same ids stored row by row."""
    gen = generator(1317)
    with judging_ids(learner, non_contiguous, CLAUSE_DIAGNOSES["non_contiguous"]) as judge:
        for batch, H, W, K in (((), 3, 5, 6), ((2,), 4, 2, 9)):
            ids, palette = torch.randint(0, K, (*batch, H, W), generator=gen), uniform(gen, 3, K)
            expect_ids(judge, non_contiguous, "dequantize_pixels", ids, palette)
            expect_ids(judge, non_contiguous, "dequantize_pixels", column_major(ids), palette)


@pytest.mark.grades("dequantize_pixels")
def test_dequantize_gradients(learner):
    """Autograd through dequantize_pixels gives the palette the reference's gradient: each colour collects the
    upstream gradients of every pixel painted with it (float64, a batch with repeated ids)."""
    gen = generator(1307)
    with Judge(learner, "imagegpt") as judge:
        ids = torch.randint(0, 6, (2, 3, 4), generator=gen)
        judge.expect_grad("dequantize_pixels", (ids, uniform(gen, 3, 6, dtype=torch.float64)), {}, [1],
                          tol=Tolerance.float32(64), seed=17)


# (leading axes, H, W, sos_id): a 1x1 image, one row, one column, H != W, batches, and ImageGPT's 512
SEQUENCE_CASES = [((), 1, 1, 512), ((), 1, 6, 3), ((), 5, 1, 0), ((), 3, 4, 512), ((2,), 2, 5, 16), ((2, 3), 4, 3, 9),
                  ((1,), 6, 6, 512)]


@pytest.mark.grades("pixel_sequence", weight=2)
def test_pixel_sequence_random_images(learner):
    """Random images of ids, many shapes (1x1, one row, one column, H != W, one and two leading axes), int64 and
    int32 ids: targets in raster order, inputs = [sos_id, targets[:-1]], both long (..., H*W)."""
    gen = generator(1308)
    with Judge(learner, "imagegpt") as judge:
        for (batch, H, W, sos), dtype in zip(SEQUENCE_CASES, (torch.int64, torch.int32) * 4):
            ids = torch.randint(0, 512, (*batch, H, W), generator=gen).to(dtype)
            judge.expect("pixel_sequence", ids, sos, tol=EXACT)


@pytest.mark.grades("pixel_sequence")
def test_pixel_sequence_any_integer_dtype(learner):
    """The same ids as int64, int32, int16 and uint8 (the contract says "integer") give the same inputs and targets,
    both LongTensor (int64) whatever the ids' dtype, ImageGPT's start token 512 included (more than uint8 holds)."""
    gen = generator(1318)
    with judging_ids(learner, other_dtype, OTHER_INTEGER_DTYPE) as judge:
        for batch, H, W, sos in (((), 3, 4, 100), ((2,), 2, 5, 7), ((), 1, 1, 0), ((2,), 3, 2, 512)):
            ids = torch.randint(0, 100, (*batch, H, W), generator=gen)
            for ids_dtype in INTEGER_DTYPES:
                expect_ids(judge, other_dtype, "pixel_sequence", ids.to(ids_dtype), sos)


@pytest.mark.grades("pixel_sequence")
def test_pixel_sequence_non_contiguous_ids(learner):
    """Ids stored column-major (every axis reversed in memory, as a transpose leaves it: a non-contiguous view,
    which the contract accepts), unbatched and batched, int64 and int32: the same sequences as the same ids stored
    row by row (a .view() of the ids fails here; .reshape() and .flatten() do not)."""
    gen = generator(1319)
    with judging_ids(learner, non_contiguous, CLAUSE_DIAGNOSES["non_contiguous"]) as judge:
        for batch, H, W, dtype in (((), 3, 5, torch.int64), ((2,), 4, 3, torch.int32)):
            ids = torch.randint(0, 512, (*batch, H, W), generator=gen).to(dtype)
            expect_ids(judge, non_contiguous, "pixel_sequence", ids, 512)
            expect_ids(judge, non_contiguous, "pixel_sequence", column_major(ids), 512)


@pytest.mark.grades("pixel_sequence")
def test_pixel_sequence_order_by_position(learner):
    """An image whose id at (h, w) is 10 h + w: target n must be pixel (n // W, n % W), and input n the pixel before
    it (input 0 the start token), so a causal model never sees the pixel it predicts."""
    with Judge(learner, "imagegpt") as judge:
        for H, W in ((3, 4), (4, 2)):
            ids = 10 * torch.arange(H)[:, None] + torch.arange(W)[None, :]
            inputs, targets = judge.call("pixel_sequence", ids, 99, tol=EXACT)
            if not judge.last_has_expected_form():
                continue
            judge.require(torch.equal(targets, ids.flatten()), "targets are not the pixels row by row (raster order)")
            judge.require(bool(inputs[0] == 99) and torch.equal(inputs[1:], targets[:-1]),
                          "inputs are not [sos_id] followed by the targets without their last pixel: input n must "
                          "be the pixel before target n")


@pytest.mark.grades("pixel_sequence")
def test_pixel_sequence_rejects_invalid_inputs(learner):
    """ValueError for floating-point, complex or bool ids (as dequantize_pixels), an image without pixels, and a
    negative sos_id; a start id past the palette (1000) is valid."""
    with Judge(learner, "imagegpt") as judge:
        judge.expect("pixel_sequence", torch.tensor([[1, 2]]), 0, tol=EXACT)
        judge.expect_value_error("pixel_sequence", torch.tensor([[1.0, 2.0]]), 3, argument="ids (floats)")
        judge.expect_value_error("pixel_sequence", torch.tensor([[True, False]]), 3, argument="ids (bool)")
        judge.expect_value_error("pixel_sequence", torch.tensor([[1 + 0j, 2 + 0j]]), 3, argument="ids (complex)")
        judge.expect_value_error("pixel_sequence", torch.zeros(2, 0, 3, dtype=torch.long), 3,
                                 argument="ids (an image with no pixels)")
        judge.expect_value_error("pixel_sequence", torch.tensor([[1, 2]]), -1, argument="sos_id (negative)")
        judge.expect("pixel_sequence", torch.tensor([[1, 2]]), 1000, tol=EXACT)    # any id >= 0 may start


def head_tol(X: torch.Tensor, W: torch.Tensor, b: torch.Tensor | None) -> Tolerance:
    size = float(W.double().abs().sum(dim=1).max()) * float(X.double().abs().max())
    size += 0.0 if b is None else float(b.double().abs().max())
    return Tolerance.float32(4 * (X.shape[-1] + X.shape[-2] + 2), scale=size)


def head_inputs(gen, batch, D, N, K, bias, dtype=torch.float32):
    X, W = randn(gen, *batch, D, N, dtype=dtype), randn(gen, K, D, dtype=dtype, scale=D ** -0.5)
    return (X, W, randn(gen, K, dtype=dtype)) if bias else (X, W)


# (leading axes, D, N, K, bias): N = 1, D = N (a square X), D != N, K = 1, batches, with and without a bias
HEAD_CASES = [((), 4, 6, 3, True), ((), 5, 1, 2, False), ((2,), 6, 6, 4, True), ((2, 3), 3, 8, 5, False),
              ((4,), 8, 3, 1, True), ((), 7, 7, 10, False), ((2,), 2, 9, 3, True)]


@pytest.mark.grades("average_pool_head", weight=2)
def test_average_pool_head_random_shapes(learner):
    """Logits (..., K) = W @ mean over the N token columns + b, many shapes (N = 1, D = N, D != N, batches), with and
    without a bias, float32 and float64."""
    gen = generator(1309)
    with Judge(learner, "imagegpt") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, D, N, K, bias in HEAD_CASES:
                args = head_inputs(gen, batch, D, N, K, bias, dtype)
                judge.expect("average_pool_head", *args, tol=head_tol(*args[:2], args[2] if bias else None))


@pytest.mark.grades("average_pool_head")
def test_average_pool_head_ignores_token_order(learner):
    """Averaging treats every token alike: permuting the columns of X leaves the logits unchanged (there is no
    [CLS] column with a special place)."""
    gen = generator(1310)
    with Judge(learner, "imagegpt") as judge:
        for batch, D, N, K, bias in HEAD_CASES[2:5]:
            args = head_inputs(gen, batch, D, N, K, bias)
            tol = head_tol(*args[:2], args[2] if bias else None)
            logits = judge.expect("average_pool_head", *args, tol=tol)
            if not judge.last_has_expected_form():
                continue
            permuted = judge.call("average_pool_head", args[0][..., torch.randperm(N, generator=gen)], *args[1:],
                                  tol=tol)
            if judge.last_has_expected_form():
                judge.require_close(permuted, logits, tol.scaled(2.0), "permuting the tokens changed the logits: "
                                    "the head must average ALL columns alike")


@pytest.mark.grades("average_pool_head")
def test_average_pool_head_gradients(learner):
    """Autograd through average_pool_head gives the reference's gradients for X, W and b (float64, batched)."""
    gen = generator(1311)
    with Judge(learner, "imagegpt") as judge:
        args = head_inputs(gen, (2,), 5, 4, 3, True, torch.float64)
        judge.expect_grad("average_pool_head", args, {}, [0, 1, 2], tol=head_tol(*args).scaled(8.0), seed=19)
        args = head_inputs(gen, (), 3, 6, 2, False, torch.float64)
        judge.expect_grad("average_pool_head", args, {}, [0, 1], tol=head_tol(*args, None).scaled(8.0), seed=20)


@pytest.mark.grades("average_pool_head")
def test_average_pool_head_rejects_invalid_inputs(learner):
    """ValueError for an X without tokens (N = 0), a W whose width is not D, and a bias of the wrong length."""
    gen = generator(1312)
    with Judge(learner, "imagegpt") as judge:
        X, W = randn(gen, 4, 3), randn(gen, 2, 4)
        judge.expect("average_pool_head", X, W, tol=head_tol(X, W, None))
        judge.expect_value_error("average_pool_head", randn(gen, 4, 0), W, argument="X (N = 0 tokens)")
        judge.expect_value_error("average_pool_head", X, randn(gen, 2, 5), argument="W (width 5 for D = 4)")
        judge.expect_value_error("average_pool_head", X, W, randn(gen, 3), argument="b (3 entries for K = 2)")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def head_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    args = head_inputs(gen, case.batch, case.dim, case.n_q, 3, True, case.dtype)
    return (args[0] * case.scale, *args[1:]), {}


def quantize_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Images (..., 3, 4, 5) and a palette of 7 colours (3, 7), uniform in [0, 1)."""
    images = torch.rand(*case.batch, 3, 4, 5, generator=gen, dtype=torch.float64).to(case.dtype)
    return (images, torch.rand(3, 7, generator=gen, dtype=torch.float64).to(case.dtype)), {}


# quantize_pixels returns ids (nothing to differentiate): the general clauses give it non-contiguous inputs only
def dequantize_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    """Ids (..., 4, 5) of a palette of 7 colours (3, 7)."""
    ids = torch.randint(0, 7, (*case.batch, 4, 5), generator=gen)
    return (ids, torch.rand(3, 7, generator=gen, dtype=torch.float64).to(case.dtype)), {}


def sequence_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    return (torch.randint(0, 7, (*case.batch, 3, 4), generator=gen), 7), {}


# dequantize_pixels copies palette entries (exact), but a palette column's gradient is a sum over its pixels, in an
# order of the implementation's choosing: the float32 bound of such a sum
SPECS = {"dequantize_pixels": Spec(dequantize_clause_inputs, lambda args, kwargs: Tolerance.float32(args[0].numel()),
                                   ()),
         "pixel_sequence": Spec(sequence_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False),
         "average_pool_head": Spec(head_clause_inputs, lambda args, kwargs: head_tol(*args),
                                   ("batching", "single_token", "float64", "large_magnitudes")),
         "quantize_pixels": Spec(quantize_clause_inputs, lambda args, kwargs: EXACT, (), differentiable=False)}
globals().update(clause_checks("imagegpt", SPECS))
