"""Demo tables: at most one live all-bot table per game, started when someone asks to watch
one and replaced once it is over (the store knows it: only a demo has a bot in seat 0)."""

from __future__ import annotations

import asyncio

from candlelit.bots.registry import default_bot
from candlelit.engine.registry import get
from candlelit.server.tables import AccessDenied, Hub, LiveTable


def demo_players(game: str) -> int:
    """How many seats a demo of `game` has: 4 if the game allows it."""
    spec = get(game)
    return min(max(4, spec.min_players), spec.max_players)


class Demos:
    """Finds or starts each game's demo table for one hub."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.locks: dict[str, asyncio.Lock] = {}

    async def table(self, game: str) -> LiveTable:
        """`game`'s running demo table, a new one if none is running."""
        async with self.locks.setdefault(game, asyncio.Lock()):
            found = await asyncio.to_thread(self.hub.store.demo_table, game)
            if found is not None:
                try:
                    table = await self.hub.table(found)
                except AccessDenied:
                    table = None
                if table is not None and table.row.status == "playing":
                    return table
            players = demo_players(game)
            table, _ = await self.hub.create(game, players, None, {},
                                             [default_bot(game)] * players, demo=True)
            return table
