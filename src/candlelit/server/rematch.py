"""Rematches: a finished table's players start one new table with the same settings.

The new table has the old one's game, player count, variant, options, seat kinds, bots,
names, grace period and turn timer, and a fresh seed. Its human seats start without a
token: each player reaches their new seat with their old table's token, from which the new
seat's token is derived (an HMAC keyed by the old token), so no secret is stored in the
clear and a player who comes back twice (or on another worker) gets the same seat link.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
import time

from candlelit.engine.registry import load
from candlelit.server.names import Refused
from candlelit.server.store import SeatRow, TableRow, token_hash
from candlelit.server.tables import AccessDenied, Hub, LiveTable


def rematch_token(old_token: str, new_id: str) -> str:
    """The token of the seat that `old_token` opened, at the rematch table `new_id`."""
    digest = hmac.new(old_token.encode(), f"rematch:{new_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:18]).decode()


def rematch_seats(old: LiveTable) -> list[SeatRow]:
    """The new table's seats: bots stay bots (a seat handed to a bot is human again),
    open seats nobody took stay open, human seats wait for their players' old tokens."""
    seats = []
    for s in old.row.seats:
        if s.kind == "bot":
            seats.append(SeatRow(s.seat, "bot", s.bot, token_hash(secrets.token_urlsafe(18)),
                                 False, False))
        else:
            seats.append(SeatRow(s.seat, "human", s.bot, "", False, False,
                                 s.open and not s.claimed, None, s.name))
    return seats


async def start_rematch(hub: Hub, old: LiveTable) -> str:
    """The id of `old`'s rematch, started now unless one was already (one per table)."""
    if old.row.status != "finished":
        raise Refused("not_over")
    known = old.row.rematch or await asyncio.to_thread(hub.store.rematch_of, old.id)
    if known:
        return known
    seed = secrets.randbelow(2**31)
    row = old.row
    state = load(row.game, row.players, seed, row.options, row.variant)
    new = TableRow(secrets.token_urlsafe(9), row.game, row.players, seed, state.options,
                   row.variant, "playing", time.time(), rematch_seats(old), [], row.grace,
                   row.timer, row.chat_public)
    winner = await asyncio.to_thread(hub.store.create_rematch, old.id, new)
    if winner is None:
        raise Refused("no_table")
    if winner == new.id:
        hub.adopt(new, state)
        old.row.rematch = new.id
        old.version += 1  # its finished view now says that a rematch waits
        await hub.show(old)
    return winner


async def rematch_seat(hub: Hub, old: LiveTable, old_token: str) -> tuple[str, str]:
    """(rematch table id, seat token) for the player whose old seat `old_token` opens;
    Refused when it opens none, no rematch was started, or that seat is not theirs."""
    try:
        seat = hub.seat_of(old, old_token)
    except AccessDenied:
        raise Refused("not_seated") from None
    new_id = old.row.rematch or await asyncio.to_thread(hub.store.rematch_of, old.id)
    if not new_id:
        raise Refused("none_yet")
    new = await hub.table(new_id)
    token = rematch_token(old_token, new_id)
    digest = token_hash(token)
    target = new.row.seats[seat]
    if target.kind != "human" or target.open:
        raise Refused("not_yours")
    if target.token_hash != digest:
        if await asyncio.to_thread(hub.store.give_token, new_id, seat, digest):
            target.token_hash = digest
            new.version += 1
        else:  # given meanwhile, maybe by another worker: read it again
            await hub.sync(new)
            if new.row.seats[seat].token_hash != digest:
                raise Refused("not_yours")
    return new_id, token
