"""Several worker processes on one PostgreSQL database (`serve --workers N`).

Each worker keeps a replica of the tables its visitors use. A table is owned by one
worker, recorded in the database, and only the owner drives its bots; a worker whose
heartbeat goes stale loses its tables to the others. Any worker stores any human action:
the primary key (table, index) lets exactly one writer have each index, and the others
catch up and validate again. Every commit sends a PostgreSQL NOTIFY naming the table, and
each worker catches its replica up from the database and tells its own watchers.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import delete, func, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import make_url

from candlelit.engine.errors import OptionError
from candlelit.engine.events import seen_by
from candlelit.server.store import (
    ActionRow,
    SeatRow,
    Store,
    actions,
    presence,
    seat_row,
    seats,
    set_statuses,
    tables,
    workers,
)
from candlelit.server.tables import Broadcast, Hub, Lifecycle, LiveTable

log = logging.getLogger("candlelit.server")

CHANNEL = "candlelit"
"""The NOTIFY channel; payloads are `<kind> <table id> <worker id>`, kind r (rows), p
(presence) or c (a chat line); stored actions add ` <status> <idx>:<seat>:<action>…` so
that a replica can apply them without reading them back."""


@dataclass(frozen=True)
class ClusterOptions:
    """This worker's id and how quickly a silent worker is declared dead (seconds)."""

    worker: str
    stale: float = 5.0  # a heartbeat older than this: the worker is dead
    claim_batch: int = 50  # orphaned tables claimed per sweep

    @property
    def beat(self) -> float:
        """Seconds between heartbeats (and ownership sweeps)."""
        return min(1.0, self.stale / 4)


def worker_id() -> str:
    """A new id, unique across hosts and restarts."""
    return f"{socket.gethostname()[:30]}-{os.getpid()}-{secrets.token_hex(4)}"


class ClusterStore(Store):
    """The store of one worker: its writes announce themselves with NOTIFY on commit."""

    def __init__(self, url: str, worker: str) -> None:
        super().__init__(url, worker)
        if self.engine.dialect.name != "postgresql":
            self.close()
            raise OptionError("more than one worker needs PostgreSQL (--db postgresql://…)")
        self.me = worker

    def listen_url(self) -> str:
        """The database URL as psycopg takes it."""
        url = make_url(self.url).set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def _announce(self, conn: Any, table_ids: set[str]) -> None:
        self._notify(conn, "r", table_ids)

    def _notify(self, conn: Any, kind: str, table_ids: set[str]) -> None:
        _send(conn, [f"{kind} {table_id} {self.me}" for table_id in sorted(table_ids)])

    def append_free(self, rows: Sequence[ActionRow]) -> set[tuple[str, int]]:
        """Record the rows whose index is still free, in one transaction; returns the
        (table, index) pairs not stored. A table's rows are stored all or none: when another
        worker took one of its indices first, none of them is (no other table's fail)."""
        now = time.time()
        with self._writing() as conn:
            stored = {(t, idx) for t, idx in conn.execute(
                pg_insert(actions).on_conflict_do_nothing()
                .returning(actions.c.table_id, actions.c.idx),
                [{"table_id": t, "idx": idx, "seat": seat, "action": action, "created": now}
                 for t, idx, seat, action, _ in rows])}
            lost = {t for t, idx, *_ in rows if (t, idx) not in stored}
            if lost:  # a table's rows are stored all together or not at all
                undo = sorted((t, idx) for t, idx in stored if t in lost)
                for t, idx in undo:
                    conn.execute(delete(actions).where(actions.c.table_id == t,
                                                       actions.c.idx == idx))
                stored -= set(undo)
            kept = [row for row in rows if (row[0], row[1]) in stored]
            set_statuses(conn, kept)
            by_table: dict[str, list[ActionRow]] = {}
            for row in sorted(kept, key=lambda r: (r[0], r[1])):
                by_table.setdefault(row[0], []).append(row)
            _send(conn, [f"r {table_id} {self.me} {mine[-1][4]} " + " ".join(
                f"{idx}:{seat}:{action}" for _, idx, seat, action, _ in mine)
                for table_id, mine in by_table.items()])
        return {(t, idx) for t, idx, *_ in rows} - stored

    def beat(self, now: float) -> None:
        """Record that this worker is alive."""
        with self._writing() as conn:
            conn.execute(pg_insert(workers).values(id=self.me, pid=os.getpid(), beat=now)
                         .on_conflict_do_update(index_elements=[workers.c.id],
                                                set_={"beat": now}))

    def bury(self, stale_before: float) -> None:
        """Forget the workers silent since `stale_before` and the connections they held."""
        dead = select(workers.c.id).where(workers.c.beat < stale_before)
        with self._writing() as conn:
            gone = set(conn.execute(delete(presence).where(presence.c.worker.in_(dead))
                                    .returning(presence.c.table_id)).scalars())
            conn.execute(delete(workers).where(workers.c.beat < stale_before))
            self._notify(conn, "p", gone)

    def claim(self, stale_before: float, limit: int) -> list[tuple[str, bool]]:
        """Take up to `limit` unfinished tables whose owner is dead (or none); returns each
        id and whether a bot may play one of its seats."""
        live = select(workers.c.id).where(workers.c.beat >= stale_before)
        orphans = (select(tables.c.id)
                   .where(tables.c.status == "playing",
                          or_(tables.c.owner.is_(None), tables.c.owner.not_in(live)))
                   .limit(limit).with_for_update(skip_locked=True))
        with self._writing() as conn:
            ids = list(conn.execute(update(tables).where(tables.c.id.in_(orphans))
                                    .values(owner=self.me).returning(tables.c.id)).scalars())
            botted = set(conn.execute(select(seats.c.table_id).where(
                seats.c.table_id.in_(ids),
                or_(seats.c.kind == "bot", seats.c.bot_playing == 1))).scalars())
        return [(table_id, table_id in botted) for table_id in sorted(ids)]

    def owned(self) -> set[str]:
        """The unfinished tables this worker owns."""
        with self.engine.connect() as conn:
            return set(conn.execute(select(tables.c.id).where(
                tables.c.owner == self.me, tables.c.status == "playing")).scalars())

    def leave(self) -> None:
        """Stop cleanly: give up every table and connection, so others take over at once."""
        with self._writing() as conn:
            gone = set(conn.execute(delete(presence).where(presence.c.worker == self.me)
                                    .returning(presence.c.table_id)).scalars())
            conn.execute(update(tables).where(tables.c.owner == self.me).values(owner=None))
            conn.execute(delete(workers).where(workers.c.id == self.me))
            self._notify(conn, "p", gone)

    def refresh(self, table_id: str, since: int,
                ) -> tuple[str, list[SeatRow], list[tuple[int, int]], str | None] | None:
        """A table's status, seats, its actions from index `since` on, and its rematch."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tables.c.status, tables.c.rematch)
                                 .where(tables.c.id == table_id)).first()
            if found is None:
                return None
            status, rematch = found
            seat_rows = conn.execute(select(seats).where(seats.c.table_id == table_id)
                                     .order_by(seats.c.seat)).all()
            new = conn.execute(select(actions.c.seat, actions.c.action).where(
                actions.c.table_id == table_id, actions.c.idx >= since)
                .order_by(actions.c.idx)).all()
        return (status,
                [seat_row(s) for s in seat_rows],
                [(a.seat, a.action) for a in new], rematch)

    def publish_presence(self, counts: dict[tuple[str, int], int]) -> None:
        """Store how many connections this worker holds per (table, seat)."""
        with self._writing() as conn:
            for (table_id, seat), count in sorted(counts.items()):
                key = (presence.c.table_id == table_id, presence.c.seat == seat,
                       presence.c.worker == self.me)
                if count:
                    conn.execute(pg_insert(presence).values(
                        table_id=table_id, seat=seat, worker=self.me, count=count)
                        .on_conflict_do_update(index_elements=[
                            presence.c.table_id, presence.c.seat, presence.c.worker],
                            set_={"count": count}))
                else:
                    conn.execute(delete(presence).where(*key))
            self._notify(conn, "p", {table_id for table_id, _ in counts})

    def presence_elsewhere(self, table_id: str, live_after: float) -> dict[int, int]:
        """Connections per seat that the other live workers hold at a table."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(presence.c.seat, func.sum(presence.c.count))
                .join(workers, workers.c.id == presence.c.worker)
                .where(presence.c.table_id == table_id, presence.c.worker != self.me,
                       workers.c.beat >= live_after)
                .group_by(presence.c.seat)).all()
        return {int(seat): int(count) for seat, count in rows}


def _send(conn: Any, payloads: list[str]) -> None:
    """NOTIFY the other workers, one notification per payload, in one statement."""
    if payloads:
        conn.execute(text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:ps AS text[])) AS p"),
                     {"channel": CHANNEL, "ps": payloads})


class ClusterHub(Hub):
    """A hub that shares its tables with the other workers of one database."""

    def __init__(self, store: ClusterStore, bot_delay: float = 0.6, *,
                 options: ClusterOptions, lifecycle: Lifecycle | None = None,
                 clock: Callable[[], float] = time.time,
                 bot_processes: int | None = None) -> None:
        super().__init__(store, bot_delay, lifecycle=lifecycle, clock=clock,
                         bot_processes=bot_processes)
        self.shared = store
        self.options = options
        self.owned: set[str] = set()
        self.outbox: dict[tuple[str, int], int] = {}
        self.posted = asyncio.Event()
        self.due: set[tuple[str, str]] = set()
        # actions heard in notifications, not yet applied: table -> index -> (seat, action,
        # the table's status after it); a table in `reread` changed in a way only the
        # store can tell (seats, status), so its next catch-up reads the store
        self.heard_moves: dict[str, dict[int, tuple[int, int, str]]] = {}
        self.reread: set[str] = set()
        self.read_backs = 0  # catch-ups that had to read the store
        self.listening = asyncio.Event()
        self.on_chat: Broadcast | None = None  # a chat line was stored (chat.Chat.heard)

    # -- ownership -----------------------------------------------------------------------
    def owns(self, table_id: str) -> bool:
        """Whether this worker drives the bots of `table_id`."""
        return table_id in self.owned

    def claimed(self, table_id: str) -> None:
        """This worker created `table_id`, so it owns it."""
        self.owned.add(table_id)

    def start(self) -> None:
        """Beat, claim orphaned tables, listen to the others, publish presence, tidy."""
        loop = asyncio.get_running_loop()
        self.chores = [loop.create_task(self.keep_beating()),
                       loop.create_task(self.listen()),
                       loop.create_task(self.publish()),
                       loop.create_task(self.keep_tidy()),
                       loop.create_task(self._keep_time())]

    async def stop(self) -> None:
        """Stop, handing every owned table back at once."""
        await super().stop()
        try:
            await asyncio.to_thread(self.shared.leave)
        except Exception as exc:
            log.warning("could not hand the tables back: %s", exc)

    async def keep_beating(self) -> None:
        """Every beat: heartbeat, forget dead workers, take over their tables."""
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("the ownership sweep failed")
            await asyncio.sleep(self.options.beat)

    async def sweep(self) -> None:
        """One heartbeat and ownership sweep."""
        now = self.clock()
        await asyncio.to_thread(self.shared.beat, now)
        await asyncio.to_thread(self.shared.bury, now - self.options.stale)
        before = set(self.owned)
        found = await asyncio.to_thread(self.shared.owned)
        self.owned = found | (self.owned - before)  # tables created during the query
        taken = await asyncio.to_thread(self.shared.claim, now - self.options.stale,
                                        self.options.claim_batch)
        for table_id, botted in taken:
            self.owned.add(table_id)
            if botted or table_id in self.tables:
                await self._follow("r", table_id)
            await asyncio.sleep(0)

    # -- replicas ------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """The replica of `table_id`, with the connections other workers hold."""
        fresh = table_id not in self.tables
        table = await super().table(table_id)
        if fresh:
            table.presence.others(await asyncio.to_thread(
                self.shared.presence_elsewhere, table_id, self.clock() - self.options.stale))
        return table

    async def sync(self, table: LiveTable) -> None:
        """Catch `table` up before a new watcher sees it: notices may still be queued."""
        async with table.lock:
            await self.catch_up(table)

    async def catch_up(self, table: LiveTable) -> bool:
        """Apply what other workers stored since `table` was read (its lock held): from the
        notifications when they carry the next actions, else read from the store."""
        heard = self.heard_moves.pop(table.id, {})
        start = len(table.state.history)
        if table.id not in self.reread and start in heard:
            new: list[tuple[int, int]] = []
            while start + len(new) in heard:
                seat, action, status = heard[start + len(new)]
                new.append((seat, action))
            seat_rows, rematch = table.row.seats, table.row.rematch
        else:
            self.reread.discard(table.id)
            self.read_backs += 1
            got = await asyncio.to_thread(self.shared.refresh, table.id, start)
            if got is None:
                return False
            status, seat_rows, new, rematch = got
        changed = False
        if new:
            trial = table.state.clone()
            seen: set[int] = set()  # seats whose decision others could see: clocks restart
            for seat, action in new:
                logged = len(trial.log)
                trial.apply_action(action, seat)
                if any(seen_by(e, None) for e in trial.log[logged:]):
                    seen.add(seat)
            table.state = trial
            table.row.actions.extend(new)
            for seat in seen:
                table.deadlines.pop(seat, None)
            changed = True
        if seat_rows != table.row.seats:
            table.row.seats = seat_rows
            changed = True
        if status != table.row.status:
            table.row.status = status
            changed = True
        if rematch != table.row.rematch:  # its players started a rematch (rematch.py)
            table.row.rematch = rematch
            changed = True
        if changed:
            table.unshown = True
            table.touched = self.clock()
            table.version += 1
            self._retime(table)
        return changed

    # -- hearing the others --------------------------------------------------------------
    async def listen(self) -> None:
        """Follow the other workers' NOTIFYs on a connection of our own (reconnecting)."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.shared.listen_url(), autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    for table_id in list(self.tables):  # what we missed while deaf
                        self.heard(f"r {table_id} -")
                        self.heard(f"p {table_id} -")
                        self.heard(f"c {table_id} -")
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening.clear()
                log.warning("listening to the other workers failed (%s); retrying", exc)
                await asyncio.sleep(1)

    def heard(self, payload: str) -> None:
        """Schedule catching up with one notification (several for a table fold into one)."""
        kind, table_id, worker, *moves = payload.split(" ")
        if worker == self.options.worker:
            return
        if kind == "r" and moves:
            status, heard = moves[0], self.heard_moves.setdefault(table_id, {})
            for move in moves[1:]:
                idx, seat, action = (int(n) for n in move.split(":"))
                heard[idx] = (seat, action, status)
        elif kind == "r":
            self.reread.add(table_id)
        if (kind, table_id) in self.due:
            return
        self.due.add((kind, table_id))
        asyncio.get_running_loop().create_task(self._follow(kind, table_id))

    async def _follow(self, kind: str, table_id: str) -> None:
        self.due.discard((kind, table_id))
        if kind == "c":
            await self._follow_chat(table_id)
            return
        try:
            table = self.tables.get(table_id)
            if table is None:  # a replica being loaded, or an owned table to drive
                if table_id not in self.loading and not (kind == "r" and self.owns(table_id)):
                    self.heard_moves.pop(table_id, None)  # loaded later, from the store
                    self.reread.discard(table_id)
                    return
                table = await self.table(table_id)
            async with table.lock:
                if kind == "r":
                    changed = await self.catch_up(table)
                else:
                    table.presence.others(await asyncio.to_thread(
                        self.shared.presence_elsewhere, table_id,
                        self.clock() - self.options.stale))
                    changed = True
            if changed:
                await self.show(table)
            self.wake_bots(table)
        except Exception:
            log.exception("could not follow table %s", table_id)

    async def _follow_chat(self, table_id: str) -> None:
        """Show a chat line another worker stored to this worker's watchers of the table."""
        table = self.tables.get(table_id)
        if table is None or self.on_chat is None:
            return
        try:
            await self.on_chat(table)
        except Exception:
            log.exception("could not follow the chat of table %s", table_id)

    # -- presence ------------------------------------------------------------------------
    def present(self, table: LiveTable, seat: int) -> None:
        """Queue this worker's new connection count of `seat` for the others."""
        self.outbox[(table.id, seat)] = table.presence.here(seat)
        self.posted.set()

    async def publish(self) -> None:
        """Store queued connection counts (in batches) and notify the other workers."""
        while True:
            await self.posted.wait()
            self.posted.clear()
            batch, self.outbox = self.outbox, {}
            try:
                await asyncio.to_thread(self.shared.publish_presence, batch)
            except Exception as exc:
                log.warning("could not publish presence (%s); retrying", exc)
                self.outbox = batch | self.outbox
                await asyncio.sleep(1)
                self.posted.set()
