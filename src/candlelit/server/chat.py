"""Table chat: seats write, spectators read when the creator allows it, lines kept with the
table, a rate limit per seat, and the last lines sent to every new connection.

Chat never goes through the render cache: lines are plain text (the page sets them as
textContent), sent as {"type": "chat", "lines": [{"n", "seat", "name", "text", "at"}]}.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from candlelit.server.render import seat_label
from candlelit.server.store import Store
from candlelit.server.tables import LiveTable, Watcher
from candlelit.server.worded import Worded

log = logging.getLogger("candlelit.server")

KEPT = 100
"""Lines a new connection is sent (the most recent ones)."""
LONGEST = 300
"""Characters a line may have, after trimming."""
WINDOW = 10.0
MOST = 5
"""A seat may say at most MOST lines in any WINDOW seconds."""


class ChatRefused(Worded):
    """A line that is not said; `key` names the one-line reason in the catalogs."""


@dataclass(frozen=True)
class Line:
    """One stored chat line: its number (increasing), seat, words and when (hub clock)."""

    n: int
    seat: int
    text: str
    at: float


@dataclass(eq=False)
class Room:
    """The chat of one live table: its latest lines in order of number."""

    lines: list[Line] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def add(self, new: list[Line]) -> list[Line]:
        """Keep the lines of `new` not known yet (the last KEPT of all); returns them."""
        known = {line.n for line in self.lines}
        fresh = sorted((line for line in new if line.n not in known), key=lambda x: x.n)
        if fresh:
            self.lines = sorted(self.lines + fresh, key=lambda x: x.n)[-KEPT:]
        return fresh


def clean(text: object) -> str:
    """The words of a line, trimmed; ChatRefused when empty, too long or with control
    characters."""
    if not isinstance(text, str):
        raise ChatRefused("chat.not_text")
    words = text.strip()
    if not words:
        raise ChatRefused("chat.empty")
    if len(words) > LONGEST:
        raise ChatRefused("chat.too_long", most=LONGEST)
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in "\u2028\u2029" for c in words):
        raise ChatRefused("chat.control")
    return words


def readable_by(table: LiveTable, seat: int | None) -> bool:
    """Whether the viewer `seat` (None: a spectator) may read the table's chat."""
    return seat is not None or table.row.chat_public


class Chat:
    """Every table's chat on this process; the store keeps the lines and counts the limit."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.rooms: WeakKeyDictionary[LiveTable, Room] = WeakKeyDictionary()

    async def room(self, table: LiveTable) -> Room:
        """The chat of `table`, its last lines read from the store on first use."""
        room = self.rooms.get(table)
        if room is None:
            stored = await asyncio.to_thread(self.store.chat_lines, table.id, KEPT)
            room = self.rooms.setdefault(table, Room())
            room.add([Line(*row) for row in stored])
        return room

    async def welcome(self, table: LiveTable, watcher: Watcher) -> None:
        """Send a new connection the latest lines it may read (nothing when there are none)."""
        if not readable_by(table, watcher.seat):
            return
        room = await self.room(table)
        if room.lines:
            await self._send(table, watcher, room.lines)

    async def say(self, table: LiveTable, seat: int | None, text: object) -> None:
        """Store and show one line of `seat`; ChatRefused saying why it is not said."""
        if seat is None:
            raise ChatRefused("chat.spectators_cannot")
        words = clean(text)
        room = await self.room(table)
        async with room.lock:
            at = self.clock()
            n = await asyncio.to_thread(self.store.say, table.id, seat, words, at, WINDOW,
                                        MOST)
            if n is None:
                raise ChatRefused("chat.too_fast", most=MOST, seconds=int(WINDOW))
            fresh = room.add([Line(n, seat, words, at)])
        await self.tell(table, fresh)

    async def heard(self, table: LiveTable) -> None:
        """Another worker stored a line at `table`: read the latest and show the new ones."""
        room = self.rooms.get(table)
        if room is None:  # nobody here reads it: a new reader loads the lines then
            return
        stored = await asyncio.to_thread(self.store.chat_lines, table.id, KEPT)
        await self.tell(table, room.add([Line(*row) for row in stored]))

    async def tell(self, table: LiveTable, lines: list[Line]) -> None:
        """Send `lines` to every connection of `table` that may read them."""
        if not lines:
            return
        readers = [w for w in list(table.watchers) if readable_by(table, w.seat)]
        await asyncio.gather(*(self._send(table, w, lines) for w in readers))

    async def _send(self, table: LiveTable, watcher: Watcher, lines: list[Line]) -> None:
        try:
            await watcher.send(chat_message(table, lines, watcher.seat, watcher.lang))
        except Exception:  # a closed connection: the socket handler forgets it
            log.debug("could not send chat to a watcher of table %s", table.id)


def chat_message(table: LiveTable, lines: list[Line], viewer: int | None,
                 lang: str) -> dict[str, Any]:
    """The chat message showing `lines` to `viewer` in `lang`, each with its sender's name."""
    return {"type": "chat", "lines": [
        {"n": line.n, "seat": line.seat, "name": seat_label(table, line.seat, lang, viewer),
         "text": line.text, "at": line.at} for line in lines]}


def refusal(exc: ChatRefused, lang: str) -> dict[str, Any]:
    """The error telling the writer, in one line, why its line was not said (marked as the
    chat's, so the page shows it by the chat box and keeps its game buttons as they are)."""
    return {"type": "error", "message": exc.says(lang), "about": "chat"}
