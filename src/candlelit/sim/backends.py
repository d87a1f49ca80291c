"""Where a run's chunks of games are played: local processes or a Ray cluster.

A backend maps one picklable task over a run's chunks and yields the results in chunk order
(never in completion order), so a run summarised from them is the same on every backend and
every number of workers. `Local` is today's `--jobs` process pool; `open_backend` names the
backend a command asked for (the Ray one lives in candlelit.sim.ray_backend and imports Ray
only when it starts).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Protocol, TypeVar

from candlelit.engine.errors import OptionError

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

NAMES = ("local", "ray")
"""The backends a command's `--backend` takes."""


class Backend(Protocol):
    """Plays chunks of games somewhere and hands their results back in chunk order."""

    @property
    def workers(self) -> int:
        """How many chunks it plays at once (a hint for chunk sizes; results never depend
        on it)."""
        ...

    def map(self, task: Callable[[Chunk], Result], chunks: Sequence[Chunk]) -> Iterator[Result]:
        """`task(chunk)` for every chunk, yielded in the order of `chunks`."""
        ...


@dataclass(frozen=True)
class Local:
    """`jobs` forked processes of this machine (one: the calling process itself)."""

    jobs: int = 1

    @property
    def workers(self) -> int:
        """The number of processes."""
        return self.jobs

    def map(self, task: Callable[[Chunk], Result], chunks: Sequence[Chunk]) -> Iterator[Result]:
        """`task(chunk)` for every chunk in order, on a process pool made for this call."""
        if self.jobs <= 1:
            for chunk in chunks:
                yield task(chunk)
            return
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=self.jobs, mp_context=context) as pool:
            futures = [pool.submit(task, chunk) for chunk in chunks]
            for future in futures:
                yield future.result()


def open_backend(name: str, jobs: int, address: str | None = None
                 ) -> AbstractContextManager[Backend]:
    """The backend `name` ("local" or "ray") as a context that releases it on exit; Ray
    starts lazily (at its first use) with `jobs` CPUs here, or joins the cluster at
    `address`. OptionError for an unknown name or an address without Ray."""
    if name not in NAMES:
        raise OptionError(f"--backend takes {' or '.join(NAMES)}, not {name!r}")
    if name == "local":
        if address is not None:
            raise OptionError("--address is for --backend ray")
        return nullcontext(Local(jobs))
    from candlelit.sim.ray_backend import RayCluster

    return RayCluster(cpus=max(1, jobs), address=address)
