"""Cheat: at import, wrap the worker's protocol so that every request is seen, and answer softmax_cols requests from
a thread, on the worker's own socket, before the real reply: with the request's (unguessable) id, "ok": true, a
zero tensor of the right shape and extra keys a careless grader might trust ("passed", "score", "grads"). The real
reply then arrives as a stray frame during the next call. The grader must score zero (the forged values are wrong)
and must not blame the next call, or another exercise, for the stray frame."""
import sys
import threading

import torch

protocol = sys.modules.get("_grader_protocol")
calls = sys.modules.get("_grader_calls")


def _forge(request):
    try:
        scores = protocol.decode(request["args"])[0]
        fake = torch.zeros_like(scores)
        frame = {"id": request["id"], "ok": True, "value": protocol.encode(fake), "passed": True, "score": 100,
                 "grads": protocol.encode({k: torch.zeros_like(scores) for k in request.get("wrt", [])})}
        protocol.send_frame(calls._channel[0], frame)
    except Exception:  # noqa: BLE001
        pass


if protocol is not None and calls is not None:
    _real_recv = protocol.recv_frame

    def _spy(sock, *args, **kwargs):
        request = _real_recv(sock, *args, **kwargs)
        if isinstance(request, dict) and request.get("module") == "softmax" and "args" in request:
            thread = threading.Thread(target=_forge, args=(request,), daemon=True)
            thread.start()
            thread.join()
        return request

    protocol.recv_frame = _spy


def softmax_cols(scores):
    return torch.zeros_like(scores)
