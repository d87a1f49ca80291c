"""Bots without delay store a run of moves in one commit, and play the same game as bots
that store each move on its own."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from candlelit.server.store import ActionRow, Store
from candlelit.server.tables import Hub


class CountingStore(Store):
    """A store that remembers the rows of each commit."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.commits: list[list[ActionRow]] = []

    def append_free(self, rows: Sequence[ActionRow]) -> set[tuple[str, int]]:
        self.commits.append(list(rows))
        return super().append_free(rows)


def play(path: Path, bot_delay: float) -> tuple[list[tuple[int, int]], list[list[ActionRow]],
                                                 list[tuple[int, int]]]:
    """A 4-seat Divinare game, seat 0 played at random; its history, the commits, and the
    actions the store holds."""
    store = CountingStore(f"sqlite:///{path}")
    hub = Hub(store, bot_delay=bot_delay)
    rng = random.Random(5)

    async def game() -> list[tuple[int, int]]:
        table, _ = await hub.create("divinare", 4, None, {},
                                    ["human", "expectation", "expectation", "random"])
        while True:
            while table.driver is not None and not table.driver.done():
                await table.driver
            if table.state.is_terminal():
                return list(table.state.history)
            assert 0 in table.state.pending_players()
            await hub.submit(table, 0, rng.choice(table.state.legal_actions(0)),
                             table.seat_version(0))

    try:
        history = asyncio.run(game())
        row = store.load_table(store.load_all()[0].id)
        assert row is not None
        return history, store.commits, row.actions
    finally:
        store.close()


def test_instant_bots_store_their_runs_in_one_commit_and_play_the_same_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("candlelit.server.tables.secrets.randbelow", lambda _n: 20261202)
    at_once, runs, stored_runs = play(tmp_path / "runs.db", 0.0)
    one_by_one, singles, stored_singles = play(tmp_path / "singles.db", 0.001)
    assert at_once == one_by_one == stored_runs == stored_singles
    assert all(len(commit) == 1 for commit in singles)
    assert len(singles) == len(at_once)
    assert max(len(commit) for commit in runs) >= 3  # three bots, one commit
    assert len(runs) < len(singles) / 2
    assert sum(len(commit) for commit in runs) == len(at_once)
    for commit in runs:  # a commit holds one table's consecutive indices
        assert [idx for _, idx, *_ in commit] == list(range(commit[0][1],
                                                            commit[0][1] + len(commit)))
    statuses = [commit[-1][4] for commit in runs]
    assert statuses[-1] == "finished" and set(statuses[:-1]) == {"playing"}
