"""Searching bots decide in the hub's bot processes: the same answer as in the server's own
process, a table with a `hard` seat plays to the end, other tables answer meanwhile, and a
killed bot process is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from pathlib import Path

import pytest
from srvkit import Conn, LiveServer, actions, wait_for

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import is_slow, make_bot
from candlelit.engine.registry import load
from candlelit.server.botpool import BotPool, Decision, decide, decision_seed
from candlelit.server.store import Store
from candlelit.server.tables import Hub


def midgame_decisions(game: str, players: int, bot: str) -> list[Decision]:
    """A decision for the seat to act at a few points of a game the heuristic plays."""
    state = load(game, players, 11, {})
    found: list[Decision] = []
    while not state.is_terminal() and len(found) < 2:
        seat = state.pending_players()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and len(state.history) % 7 == 0:
            found.append(Decision(game, players, 11, dict(state.options),
                                  tuple(state.history), seat, bot, 1000 + len(found)))
        heuristic = make_bot("normal", game, seat, 5)
        state.apply_action(heuristic.act(SeatObservation(state.clone(), seat), legal), seat)
    return found


def test_searches_and_only_searches_are_slow() -> None:
    assert is_slow("hard", "divinare") and is_slow("ismcts", "anima")
    assert is_slow("ismcts:40", "nevermore") and is_slow("ismcts:0.5s:epsilon=1", "anima")
    assert not any(is_slow(name, "divinare") for name in ("easy", "normal", "random"))


def decided_here(decisions: list[Decision]) -> list[int]:
    """Each decision's answer from a bot made in this process from its name and seed."""
    here = []
    for d in decisions:  # a bot made from the decision's name and seed, in this process
        state = load(d.game, d.players, d.seed, d.options)
        for seat, action in d.actions:
            state.apply_action(action, seat)
        bot = make_bot(d.bot, d.game, d.seat, d.bot_seed)
        here.append(bot.act(SeatObservation(state, d.seat), state.legal_actions(d.seat)))
    return here


def test_a_decision_is_a_function_of_its_record_bot_and_seed() -> None:
    decisions = midgame_decisions("shadow-hunters", 4, "hard")
    assert len(decisions) == 2
    assert [decide(d) for d in decisions] == decided_here(decisions)


@pytest.mark.slow
def test_a_pool_decides_as_the_server_process_would() -> None:
    decisions = [*midgame_decisions("divinare", 4, "ismcts:20:epsilon=1"),
                 *midgame_decisions("shadow-hunters", 4, "hard")]
    here = decided_here(decisions)
    pool = BotPool(2)

    async def ask() -> list[int]:
        return list(await asyncio.gather(*(pool.decide(d) for d in decisions)))

    try:
        assert asyncio.run(ask()) == here
    finally:
        pool.shutdown()
    assert pool.decided == len(decisions)


@pytest.mark.slow
def test_a_hard_seat_plays_to_the_end_and_survives_a_killed_bot_process(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hard.db'}")
    hub = Hub(store, bot_delay=0.0, bot_processes=1)

    async def game() -> tuple[list[tuple[int, int]], int]:
        table, _ = await hub.create("shadow-hunters", 4, None, {},
                                    ["hard", "normal", "normal", "normal"], demo=True)
        killed = 0
        while table.driver is not None and not table.driver.done():
            if not killed and hub.pool.running and hub.pool.worker_pids():
                for pid in hub.pool.worker_pids():  # a bot process this test started
                    os.kill(pid, signal.SIGKILL)
                killed = 1
            await asyncio.sleep(0.01)
        await table.driver
        return list(table.state.history), killed

    try:
        history, killed = asyncio.run(game())
        row = store.load_all()[0]
    finally:
        hub.pool.shutdown()
        store.close()
    assert killed and hub.pool.rebuilt >= 1
    assert row.status == "finished"
    # every search move is the one a bot made afresh for that decision would make
    state = load("shadow-hunters", 4, row.seed, row.options)
    searched = 0
    for seat, action in history:
        legal = state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            table_decision = Decision("shadow-hunters", 4, row.seed, dict(row.options),
                                      tuple(state.history), 0, "hard",
                                      decision_seed(row.seed, 0, len(state.history)))
            assert decide(table_decision) == action
            searched += 1
        state.apply_action(action, seat)
    assert searched == hub.pool.decided > 0


@pytest.mark.slow
def test_other_tables_answer_while_a_search_runs(tmp_path: Path) -> None:
    budget = 1.5  # seconds per search decision
    with LiveServer(f"sqlite:///{tmp_path / 'pool.db'}", bot_processes=1) as server:
        searching, tokens = server.create(["hard"])
        server.table(searching).row.seats[1].bot = f"ismcts:{budget}s"  # a longer search
        playing, mine = server.create(["random"])
        with Conn(server, searching, tokens[0]) as owner, Conn(server, playing, mine[0]) as me:
            owner.send({"type": "bot", "seat": 0, "on": True})  # the table plays itself
            rng = random.Random(3)
            trips: list[float] = []
            while len(trips) < 8:
                wait_for(lambda: server.hub.pool.running and server.hub.pool.worker_pids(),
                         what="a search under way")
                m = me.current()
                if m["status"] != "playing":
                    break
                started = time.monotonic()
                me.act(rng.choice(actions(m)), m["seat_version"])
                me.ack(m["seat_version"])
                if server.hub.pool.running:  # the search was on for the whole trip
                    trips.append(time.monotonic() - started)
            wait_for(lambda: server.hub.pool.decided, what="the search's answer")
            owner.drain()
    assert len(trips) >= 4
    # a stalled event loop would hold a trip until the search ends: no trip lasts a search,
    # and a typical one is a small part of it (a loaded box may delay one trip, not most)
    assert max(trips) < budget, trips
    assert sorted(trips)[len(trips) // 2] < budget / 5, trips
