"""Slow bots' decisions in worker processes, so that a search never holds the server's event
loop, nor the other tables, for its budget.

A decision travels as a `Decision`: the table's record so far (game, players, seed,
options, actions) and the bot's name, seat and seed. The worker rebuilds the world by
replaying the record (milliseconds, against a search's tenths of a second) and asks a bot
made afresh, so the answer is a function of the `Decision` alone: the same in any process,
after a worker crash, or after a server restart.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.registry import load
from candlelit.engine.rng import derive_seed

log = logging.getLogger("candlelit.server")

ATTEMPTS = 3
"""Pools started for one decision before its failure is given up (a worker that keeps
dying on it)."""


def default_processes() -> int:
    """The default pool size: every core but one for the server itself, at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def decision_seed(table_seed: int, seat: int, index: int) -> int:
    """The seed of the bot that decides `seat`'s move at history length `index` of a table
    seeded `table_seed`: fresh per decision, so no bot state has to outlive one."""
    return derive_seed("table-bot", table_seed, seat, index)


@dataclass(frozen=True)
class Decision:
    """Everything a worker process needs to decide one move."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, int], ...]
    seat: int
    bot: str
    bot_seed: int


def decide(decision: Decision) -> int:
    """The bot's choice for the decision's seat in the world its record rebuilds, made from
    that seat's window only (the same answer in whichever process runs it)."""
    state = load(decision.game, decision.players, decision.seed, decision.options)
    for seat, action in decision.actions:
        state.apply_action(action, seat)
    bot = make_bot(decision.bot, decision.game, decision.seat, decision.bot_seed)
    return bot.act(SeatObservation(state, decision.seat), state.legal_actions(decision.seat))


class BotPool:
    """A process pool for slow bots, started on first use; a pool whose worker died is
    replaced and the decision asked again."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes if processes is not None else default_processes()
        if self.processes < 1:
            raise ValueError("a bot pool needs at least one process")
        self.executor: ProcessPoolExecutor | None = None
        self.decided = 0  # decisions answered by a worker so far
        self.running = 0  # decisions asked and not answered yet
        self.rebuilt = 0  # pools replaced after a worker died

    async def decide(self, decision: Decision) -> int:
        """`decide(decision)` in a worker process; BrokenProcessPool if workers keep dying
        on it."""
        loop = asyncio.get_running_loop()
        for attempt in range(1, ATTEMPTS + 1):
            executor = self._executor()
            self.running += 1
            try:
                action = await loop.run_in_executor(executor, decide, decision)
            except BrokenProcessPool:
                log.warning("a bot process died (%s seat %s, attempt %s): starting anew",
                            decision.game, decision.seat, attempt)
                self._drop(executor)
                if attempt == ATTEMPTS:
                    raise
                continue
            finally:
                self.running -= 1
            self.decided += 1
            return action
        raise AssertionError("unreachable")

    def worker_pids(self) -> list[int]:
        """The process ids of the pool's live workers (none before the first decision)."""
        processes = getattr(self.executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def shutdown(self) -> None:
        """Stop the workers, dropping decisions not yet started."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def _executor(self) -> ProcessPoolExecutor:
        if self.executor is None:  # spawned: no copy of the server's loop, threads, sockets
            self.executor = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self.executor

    def _drop(self, executor: ProcessPoolExecutor) -> None:
        """Forget a broken pool (once, however many decisions saw it break)."""
        if self.executor is executor:
            self.executor = None
            self.rebuilt += 1
            executor.shutdown(wait=False, cancel_futures=True)
