"""The grader's handle on the fork server: one `python -I` zygote with torch imported, forking a worker per submission.

Starting a fresh interpreter and importing torch costs seconds; forking the zygote costs milliseconds. The zygote
runs `worker.py`, whose source (with the protocol's) arrives on its stdin, so it never imports the repository.
This module does not import torch (the protocol does, on first use of the server), so a grading process can start
the zygote before it imports torch itself, and the two imports overlap.
"""
from __future__ import annotations

import atexit
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_BOOTSTRAP = "import sys; exec(compile(sys.stdin.read(), '<grader sandbox>', 'exec'))"
_PROGRAM = """\
import sys, types
for _name, _source, _file in (("_grader_protocol", {protocol!r}, "grader/sandbox/protocol.py"),
                              ("_grader_calls", {calls!r}, "grader/sandbox/calls.py")):
    _module = sys.modules[_name] = types.ModuleType(_name)
    exec(compile(_source, _file, "exec"), _module.__dict__)
exec(compile({worker!r}, "grader/sandbox/worker.py", "exec"), {{"__name__": "__main__"}})
"""
READY_TIMEOUT = 120.0  # importing torch on a loaded machine


class SandboxUnavailable(RuntimeError):
    """The fork server could not start or stopped answering: a problem of the grading machine, not the learner's."""


@dataclass
class Worker:
    """One forked worker: its pid (as the zygote sees it) and the grader's end of its socket."""

    pid: int
    sock: socket.socket


class ForkServer:
    """Start the zygote; `spawn` a worker for a submission; `reap` it. Thread-safe."""

    def __init__(self, namespaces: bool = True) -> None:
        """`namespaces=False` runs workers without mount/PID/network namespaces even as root (the degraded mode of
        machines that forbid them), to test that mode; never use it to grade."""
        ours, theirs = socket.socketpair()
        self._stderr = tempfile.TemporaryFile()
        program = _PROGRAM.format(protocol=(_HERE / "protocol.py").read_text(), calls=(_HERE / "calls.py").read_text(),
                                  worker=(_HERE / "worker.py").read_text())
        # The whole environment is ours (so -E's isolation from the caller's PYTHON* variables is not needed), and the
        # hash seed is fixed: learner code that iterates over a set of strings grades the same way every time.
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "PYTHONHASHSEED": "0"}
        command = [sys.executable, "-P", "-s", "-c", _BOOTSTRAP, str(theirs.fileno())]
        self._process = subprocess.Popen(
            command if namespaces else [*command, "--no-namespaces"], stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL, stderr=self._stderr, pass_fds=[theirs.fileno()], env=env, cwd="/")
        theirs.close()
        self._ctl = ours
        self._lock = threading.Lock()
        self._owner = os.getpid()
        self._info: dict | None = None  # the zygote's "ready" message, awaited on first use
        try:
            self._process.stdin.write(program.encode())
            self._process.stdin.close()
        except OSError as error:
            detail = self._stderr_tail()
            self.close()
            raise SandboxUnavailable(f"the sandbox fork server did not start ({error}): {detail}") from None

    @property
    def info(self) -> dict:
        """What the zygote found: {"root": bool, "uid": sandbox uid, "namespaces": bool}. Waits until it is ready,
        so that starting a server early overlaps its torch import with the caller's own work."""
        with self._lock:
            return self._wait_ready()

    def _wait_ready(self) -> dict:
        from grader.sandbox import protocol  # imports torch: only once the zygote is on its way

        if self._info is None:
            try:
                self._info = protocol.recv_frame(self._ctl, deadline=time.monotonic() + READY_TIMEOUT)["ready"]
            except (OSError, EOFError, TimeoutError, protocol.ProtocolError, KeyError, TypeError) as error:
                raise SandboxUnavailable(f"the sandbox fork server did not start ({error}): {self._stderr_tail()}") \
                from None
        return self._info

    def spawn(self, files: dict[str, str], limits: dict, hide: list[str], allow: list[str] = ()) -> Worker:
        """Fork a worker for a submission (files: relative path -> base64; hide: paths it must not read; allow:
        folders of packages added to its import path); returns before it says hello.

        The files go to the worker on its own socket, after the fork: the zygote never holds a submission, so no
        worker forked later can find an earlier learner's files in the memory it inherits."""
        from grader.sandbox import protocol

        ours, theirs = socket.socketpair()
        try:
            reply = self._request({"op": "spawn", "limits": limits, "hide": hide, "allow": list(allow)},
                                  send_fd=theirs)
        finally:
            theirs.close()
        try:
            protocol.send_frame(ours, {"files": files})
        except OSError:
            pass  # the worker died at once: its hello never comes, and the caller reports that
        return Worker(reply["pid"], ours)

    def reap(self, worker: Worker, kill: bool) -> dict:
        """Stop a worker (SIGKILL now if `kill`, else after ~1 s grace) -> {"exit": code} or {"signal": n}."""
        worker.sock.close()
        return self._request({"op": "reap", "pid": worker.pid, "kill": kill})["status"]

    @property
    def pid(self) -> int:
        """The zygote's process id: every worker is a descendant of it while it lives."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        return self._process.poll() is None and self._owner == os.getpid()

    def close(self) -> None:
        self._ctl.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._stderr.close()

    def _request(self, message: dict, send_fd: socket.socket | None = None) -> dict:
        from grader.sandbox import protocol

        with self._lock:
            self._wait_ready()
            try:
                protocol.send_frame(self._ctl, message)
                if send_fd is not None:
                    socket.send_fds(self._ctl, [b"F"], [send_fd.fileno()])
                reply = protocol.recv_frame(self._ctl, deadline=time.monotonic() + 60)
            except (OSError, EOFError, TimeoutError, protocol.ProtocolError) as error:
                raise SandboxUnavailable(
                    f"the sandbox fork server stopped ({error}): {self._stderr_tail()}") from None
        return reply

    def _stderr_tail(self) -> str:
        try:
            self._stderr.seek(0)
            return self._stderr.read().decode(errors="replace")[-2000:]
        except (OSError, ValueError):
            return ""


_default: ForkServer | None = None
_default_lock = threading.Lock()


def default_server() -> ForkServer:
    """The process-wide fork server, started on first use and restarted if it died (or after os.fork)."""
    global _default
    with _default_lock:
        if _default is None or not _default.alive:
            _default = ForkServer()
        return _default


@atexit.register
def _stop_default() -> None:
    if _default is not None and _default.alive:
        _default.close()
