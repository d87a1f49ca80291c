"""A table's updates to its watchers: each distinct view rendered once per change, each
watcher sent only the parts it has not seen, presence changes coalesced, connections capped."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from candlelit.server import render
from candlelit.server.tables import LiveTable, Watcher

log = logging.getLogger("candlelit.server")

PARTS = ("board", "actions", "seats", "log")
"""The parts of a state message a watcher may be sent alone."""
REFUSED = 4429
"""The close code of a connection refused for being one too many."""


@dataclass(eq=False)
class _View:
    """One rendered view: the table version and seat presence it shows, and its message."""

    version: int
    present: tuple[bool, ...]
    message: dict[str, Any]


@dataclass(eq=False)
class _Screen:
    """What a table's watchers share: its rendered views and the pending presence update."""

    views: dict[tuple[int | None, str], _View] = field(default_factory=dict)
    presence_update: asyncio.Task[None] | None = None


class Fanout:
    """Renders each (seat, language) view of a table once per change and keeps every
    watcher up to date with it; spectators all share the public view (seat None)."""

    def __init__(self, per_client: int = 20, per_table: int = 300,
                 presence_delay: float = 0.25) -> None:
        self.per_client = per_client
        self.per_table = per_table
        self.presence_delay = presence_delay
        self.screens: WeakKeyDictionary[LiveTable, _Screen] = WeakKeyDictionary()
        self.clients: Counter[str] = Counter()
        self.addresses: dict[Watcher, str] = {}
        self.waiting: set[asyncio.Task[None]] = set()  # presence updates not yet shown

    # -- rendering ---------------------------------------------------------------------
    def message(self, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """The full state message for `seat` in `lang`, rendered only if the table changed.

        A presence change re-renders the seats part alone, in a new message (a message
        once returned is never changed, so watchers can compare parts by identity).
        """
        screen = self._screen(table)
        present = tuple(table.connected(s) for s in range(table.row.players))
        view = screen.views.get((seat, lang))
        if view is None or view.version != table.version:
            view = screen.views[seat, lang] = _View(
                table.version, present, render.table_message(table, seat, lang))
        elif view.present != present:
            view.message = view.message | {"seats": render.seats_html(table, seat, lang)}
            view.present = present
        return view.message

    # -- watchers ----------------------------------------------------------------------
    def refusal(self, table: LiveTable, seat: int | None, address: str) -> str | None:
        """The catalog key saying why one more connection is refused, or None to admit it.

        Seated players never count against the table's cap, only spectators do.
        """
        if self.per_client and self.clients[address] >= self.per_client:
            return "web.too_many_connections"
        if seat is None and self.per_table and sum(
                1 for w in table.watchers if w.seat is None) >= self.per_table:
            return "web.too_many_watchers"
        return None

    def admit(self, table: LiveTable, watcher: Watcher, address: str) -> None:
        """Add a watcher and send it the full table; only a seat's arrival is shown to others."""
        self.addresses[watcher] = address
        self.clients[address] += 1
        table.watchers.add(watcher)
        if watcher.seat is not None and table.presence.arrive(watcher.seat):
            self._presence_changed(table)
        self._catch_up(table, watcher)

    def leave(self, table: LiveTable, watcher: Watcher) -> None:
        """Forget a closed watcher; only a seat going away is shown to others.

        A table nobody watches keeps no rendered views.
        """
        table.watchers.discard(watcher)
        if not table.watchers:
            self.screens.pop(table, None)
        address = self.addresses.pop(watcher, None)
        if address is None:
            return
        self.clients[address] -= 1
        if self.clients[address] <= 0:
            del self.clients[address]
        if watcher.seat is not None and table.presence.leave(watcher.seat):
            self._presence_changed(table)

    def resend(self, table: LiveTable, watcher: Watcher) -> None:
        """Send `watcher` the whole table again (after a refused, out-of-date choice)."""
        watcher.shown = {}
        self._catch_up(table, watcher)

    async def broadcast(self, table: LiveTable) -> None:
        """The table changed: bring every watcher up to date (the Hub's `on_change`)."""
        table.version += 1
        self._screen(table).views.clear()  # all out of date: keep only what is asked again
        self._all_catch_up(table)

    def stop(self) -> None:
        """Cancel the presence updates still waiting (the server is shutting down)."""
        for task in list(self.waiting):
            task.cancel()

    # -- inside ------------------------------------------------------------------------
    def _screen(self, table: LiveTable) -> _Screen:
        screen = self.screens.get(table)
        if screen is None:
            screen = self.screens[table] = _Screen()
        return screen

    def _presence_changed(self, table: LiveTable) -> None:
        """Show a seat's arrival or departure soon, folded with any others until then."""
        screen = self._screen(table)
        if screen.presence_update is None or screen.presence_update.done():
            task = screen.presence_update = asyncio.get_running_loop().create_task(
                self._show_presence(table))
            self.waiting.add(task)
            task.add_done_callback(self.waiting.discard)

    async def _show_presence(self, table: LiveTable) -> None:
        await asyncio.sleep(self.presence_delay)
        self._all_catch_up(table)

    def _all_catch_up(self, table: LiveTable) -> None:
        for watcher in list(table.watchers):
            self._catch_up(table, watcher)

    def _catch_up(self, table: LiveTable, watcher: Watcher) -> None:
        """Mark `watcher` behind and make sure its sender is running."""
        watcher.dirty = True
        if watcher.sender is None or watcher.sender.done():
            watcher.sender = asyncio.get_running_loop().create_task(
                self._keep_up(table, watcher))

    async def _keep_up(self, table: LiveTable, watcher: Watcher) -> None:
        """Send `watcher` what changed until it has seen the latest version.

        Changes that arrive while an update is being sent fold into the next one, so a
        slow connection or a busy server sends fewer, fresher updates instead of a backlog.
        """
        while watcher.dirty and watcher in table.watchers:
            watcher.dirty = False
            try:
                message = self.message(table, watcher.seat, watcher.lang)
            except Exception:  # a rendering bug: say so, and keep the watcher connected
                log.exception("could not render table %s for seat %s", table.id, watcher.seat)
                return
            update = changes(watcher.shown, message)
            if update is None:
                continue
            watcher.shown = message
            try:
                await watcher.send(update)
            except Exception:
                table.watchers.discard(watcher)
                return


def changes(shown: dict[str, Any], message: dict[str, Any]) -> dict[str, Any] | None:
    """The update taking a watcher from `shown` to `message`: its type, status and seat
    version, and the parts that differ (all of them when nothing was shown yet); None
    when nothing differs. A new seat version always brings the actions part."""
    parts = {k: message[k] for k in PARTS if shown.get(k) != message[k]}
    if shown.get("seat_version") != message["seat_version"]:
        parts["actions"] = message["actions"]
    if not parts and shown.get("status") == message["status"]:
        return None
    return {"type": message["type"], "status": message["status"],
            "seat_version": message["seat_version"], **parts}
