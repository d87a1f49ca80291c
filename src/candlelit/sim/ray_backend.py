"""The Ray backend: a run's chunks as Ray tasks on a cluster, or on a Ray started here (on
loopback, for this run only).

Ray is imported when the backend first starts, so candlelit runs without it installed. A Ray
this process already joined (e.g. a notebook's `ray.init`) is used as it is and left running;
a Ray this backend started or joined is shut down (left) when the backend closes.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from candlelit.engine.errors import CandlelitError

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

LOOPBACK = "127.0.0.1"
"""Where a Ray started here listens: this machine only."""
PROBE_SECONDS = 5.0
"""How long to wait for a cluster's port to answer before calling it unreachable."""


def _call(task: Callable[[Any], Any], chunk: Any) -> Any:
    """`task(chunk)`, run by a Ray worker."""
    return task(chunk)


def _reachable(address: str) -> None:
    """Raise CandlelitError unless something listens at `address` ('host:port', optionally
    'ray://'; 'auto' and other port-less names are left to Ray)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), PROBE_SECONDS):
            pass
    except OSError as exc:
        raise CandlelitError(f"cannot reach a Ray cluster at {address}: "
                             f"{exc.strerror or exc}") from None


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device meanwhile (Ray's C++ client logs every
    failed connection attempt there; a failure is told in one line instead)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class RayCluster:
    """Plays chunks as Ray tasks: on the cluster at `address`, else on a Ray started here
    with `cpus` CPUs (both at first use); a context manager that closes it on exit."""

    def __init__(self, cpus: int = 1, address: str | None = None) -> None:
        self.cpus = cpus
        self.address = address
        self._ray: ModuleType | None = None
        self._remote: Any = None
        self._owned = False

    def __enter__(self) -> RayCluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def start(self) -> ModuleType:
        """Join (or start) Ray once and return the module; CandlelitError, in one line, if
        Ray is not installed or the cluster cannot be reached."""
        if self._ray is not None:
            return self._ray
        try:
            import ray
        except ImportError:
            raise CandlelitError("--backend ray needs Ray: pip install 'candlelit[ray]'"
                                 ) from None
        if self.address is not None:
            _reachable(self.address)
        if not ray.is_initialized():
            try:
                if self.address is None:
                    ray.init(address="local", num_cpus=self.cpus, include_dashboard=False,
                             log_to_driver=False, logging_level=logging.ERROR,
                             _node_ip_address=LOOPBACK)
                else:
                    with _quiet_stderr():
                        ray.init(address=self.address, log_to_driver=False,
                                 logging_level=logging.ERROR)
            except Exception as exc:
                if self.address is None:
                    raise CandlelitError(f"cannot start Ray here: {_first_line(exc)}"
                                         ) from None
                raise CandlelitError(
                    f"cannot join the Ray cluster at {self.address}: {_first_line(exc)} "
                    f"(same Ray version? a cluster with token authentication also needs "
                    f"RAY_AUTH_MODE=token here: docs/scale.md)") from None
            self._owned = True
        self._remote = ray.remote(_call)
        self._ray = ray
        return ray

    @property
    def workers(self) -> int:
        """The cluster's CPUs (at least one)."""
        resources = self.start().cluster_resources()
        return max(1, int(resources.get("CPU", 1)))

    def map(self, task: Callable[[Chunk], Result], chunks: Sequence[Chunk]) -> Iterator[Result]:
        """`task(chunk)` for every chunk as one Ray task each, yielded in chunk order (tasks
        still running are cancelled if the caller stops early)."""
        ray = self.start()
        shared = ray.put(task)  # shipped once, not once per chunk
        refs = [self._remote.remote(shared, chunk) for chunk in chunks]
        done = 0
        try:
            for ref in refs:
                result: Result = ray.get(ref)
                yield result
                done += 1
        finally:
            for ref in refs[done:]:
                ray.cancel(ref)

    def close(self) -> None:
        """Shut down (or leave) the Ray this backend started (or joined)."""
        if self._ray is not None and self._owned:
            self._ray.shutdown()
        self._ray, self._remote, self._owned = None, None, False
