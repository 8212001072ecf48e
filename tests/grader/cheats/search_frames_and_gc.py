"""Cheat: look for the expected answer inside the worker: every tensor reachable from gc.get_objects(), every live
frame's locals (sys._current_frames, the caller's stack), the request frames the worker received and its modules'
globals; return any tensor of the input's shape and dtype that is not the input itself and whose columns sum to 1.
The grader must never send expected values into the sandbox, so nothing is found and the score is zero."""
import gc
import sys

import torch


def _looks_like_answer(value, scores):
    return (isinstance(value, torch.Tensor) and value is not scores and value.shape == scores.shape
            and value.dtype == scores.dtype and value.numel() and not torch.equal(value, scores)
            and bool(torch.isfinite(value).all()) and bool((value >= 0).all())
            and bool(torch.allclose(value.double().sum(-2), torch.ones(1, dtype=torch.float64), atol=1e-5)))


def _everything(scores):
    frame = sys._getframe(1)
    while frame is not None:
        yield from frame.f_locals.values()
        frame = frame.f_back
    for frame in sys._current_frames().values():
        yield from frame.f_locals.values()
    for module in list(sys.modules.values()):
        yield from list(getattr(module, "__dict__", {}).values())
    yield from gc.get_objects()


def softmax_cols(scores):
    for value in _everything(scores):
        try:
            if _looks_like_answer(value, scores):
                return value.clone()
        except Exception:  # noqa: BLE001
            continue
    return torch.zeros_like(scores)
