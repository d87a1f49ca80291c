"""Durable storage of tables, seats and actions (SQLAlchemy Core: SQLite or PostgreSQL)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("variant", String(64)),
    Column("status", String(16), nullable=False),  # playing | finished | closed (idle)
    Column("created", Float, nullable=False),
    # seconds away before another seat may hand a seat to a bot; turn timer (off|relaxed|fast)
    Column("grace", Float, nullable=False, server_default="60"),
    Column("timer", String(16), nullable=False, server_default="off"),
    Column("owner", String(64)),  # the worker that drives its bots (--workers > 1)
    # whether spectators may read the table's chat (chat.py)
    Column("chat_public", Integer, nullable=False, server_default="1"),
    Column("rematch", String(32)),  # the table its players moved on to (rematch.py)
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32), nullable=False),  # bot used for a bot seat or a handed-over one
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Integer, nullable=False),
    Column("bot_playing", Integer, nullable=False),
    # listed in the lobby for anyone to join
    Column("open", Integer, nullable=False, server_default="0"),
    # why a bot plays a human seat: self | timer | seat:<by>:<seconds away> (absence.py)
    Column("bot_reason", String(32)),
    # the display name its player chose ("" = none; names.py)
    Column("name", String(64), nullable=False, server_default=""),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("created", Float, nullable=False),
)


workers = Table(
    "workers", metadata,  # the live workers of `serve --workers N` and their heartbeats
    Column("id", String(64), primary_key=True),
    Column("pid", Integer, nullable=False),
    Column("beat", Float, nullable=False),
)

chat = Table(
    "chat", metadata,  # what the seats said at a table (chat.py); not part of game records
    Column("n", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
)

presence = Table(
    "presence", metadata,  # open seat connections per worker (--workers > 1)
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("worker", String(64), primary_key=True),
    Column("count", Integer, nullable=False),
)


def token_hash(token: str) -> str:
    """Seat tokens are stored only as SHA-256 digests."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str
    bot: str
    token_hash: str
    claimed: bool
    bot_playing: bool
    open: bool = False
    bot_reason: str | None = None
    name: str = ""


@dataclass
class TableRow:
    """One table as stored, with its seats and accepted actions."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    variant: str | None
    status: str
    created: float
    seats: list[SeatRow]
    actions: list[tuple[int, int]]
    grace: float = 60.0
    timer: str = "off"
    chat_public: bool = True  # spectators may read the chat
    rematch: str | None = None


@dataclass(frozen=True)
class Listing:
    """A table as the lobby lists it."""

    id: str
    game: str
    players: int


class IndexTaken(Exception):
    """Another worker stored an action at this index of the table first."""


ActionRow = tuple[str, int, int, int, str]
"""(table id, index, seat, action, the table's status after it) of one action to store."""


class Store:
    """Every write commits before it returns, so an acknowledged action is durable."""

    def __init__(self, url: str, worker: str | None = None) -> None:
        self.url = url
        self.worker = worker  # this worker's id; new tables are owned by it
        self.engine: Engine = create_engine(url, future=True)
        # SQLite has one writer at a time; writers that collide wait in SQLite's busy
        # handler, which sleeps for milliseconds. Taking turns here costs nothing instead.
        self._one_writer: contextlib.AbstractContextManager[Any] = contextlib.nullcontext()
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            self._one_writer = threading.Lock()
        metadata.create_all(self.engine)
        add_missing_columns(self.engine)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Any]:
        with self._one_writer, self.engine.begin() as conn:
            yield conn

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats."""
        with self._writing() as conn:
            self._insert_table(conn, row)

    def create_rematch(self, old_id: str, row: TableRow) -> str | None:
        """Store `row` as the rematch of table `old_id` unless it has one already; returns
        the id of its rematch (`row.id` or the earlier one), None if no such table."""
        with self._writing() as conn:
            if conn.execute(update(tables).where(tables.c.id == old_id,
                                                 tables.c.rematch.is_(None))
                            .values(rematch=row.id)).rowcount == 1:
                self._insert_table(conn, row)
                self._announce(conn, {old_id})
                return row.id
            found: str | None = conn.execute(select(tables.c.rematch)
                                             .where(tables.c.id == old_id)).scalar()
            return found

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the rematch started from table `table_id`, if any."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(select(tables.c.rematch)
                                             .where(tables.c.id == table_id)).scalar()
            return found

    def give_token(self, table_id: str, seat: int, digest: str) -> bool:
        """Give a seat still without a token (a rematch's) the token `digest`; False if
        it has one already."""
        with self._writing() as conn:
            done = bool(conn.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.token_hash == "").values(token_hash=digest)).rowcount == 1)
            self._announce(conn, {table_id})
        return done

    def _insert_table(self, conn: Any, row: TableRow) -> None:
        """Insert a table and its seats (in the caller's transaction)."""
        conn.execute(insert(tables).values(
            id=row.id, game=row.game, players=row.players, seed=row.seed,
            options=json.loads(json.dumps(row.options)), variant=row.variant,
            status=row.status, created=row.created, grace=row.grace, timer=row.timer,
            owner=self.worker, chat_public=int(row.chat_public)))
        conn.execute(insert(seats), [
            {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
             "token_hash": s.token_hash, "claimed": int(s.claimed),
             "bot_playing": int(s.bot_playing), "open": int(s.open),
             "bot_reason": s.bot_reason, "name": s.name}
            for s in row.seats])

    def append_action(self, table_id: str, idx: int, seat: int, action: int,
                      status: str) -> None:
        """Durably record action number `idx` of a table (and its new status)."""
        self.append_actions([(table_id, idx, seat, action, status)])

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        """Durably record actions of several tables in one transaction (one disk sync)."""
        now = time.time()
        with self._writing() as conn:
            conn.execute(insert(actions), [
                {"table_id": t, "idx": idx, "seat": seat, "action": action, "created": now}
                for t, idx, seat, action, _ in rows])
            set_statuses(conn, rows)
            self._announce(conn, {t for t, *_ in rows})

    def append_free(self, rows: Sequence[ActionRow]) -> set[tuple[str, int]]:
        """Record the rows whose index is still free; returns the (table, index) pairs that
        another writer took first. One process is the only writer: none are taken."""
        self.append_actions(rows)
        return set()

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change a seat's claimed / bot_playing flags (and why a bot plays it)."""
        with self._writing() as conn:
            conn.execute(update(seats).where(seats.c.table_id == table_id,
                                             seats.c.seat == seat).values(**values))
            self._announce(conn, {table_id})

    def take_seat(self, table_id: str, seat: int, digest: str, name: str = "") -> bool:
        """Give a free open seat the token `digest` (and its player's name); False if
        someone took it first."""
        with self._writing() as conn:
            done = bool(conn.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.claimed == 0)
                .values(token_hash=digest, claimed=1, name=name)).rowcount == 1)
            self._announce(conn, {table_id})
        return done

    def _announce(self, conn: Any, table_ids: set[str]) -> None:
        """Tell other workers, when this write commits, that these tables changed."""

    def _notify(self, conn: Any, kind: str, table_ids: set[str]) -> None:
        """Tell other workers, when this write commits, of a change of `kind` (one process:
        there are none)."""

    def say(self, table_id: str, seat: int, words: str, at: float, window: float,
            most: int) -> int | None:
        """Store a chat line of `seat` said at `at`; its number, or None when the seat said
        `most` lines in the `window` seconds before (nothing stored then)."""
        with self._writing() as conn:
            recent = conn.execute(select(func.count()).select_from(chat).where(
                chat.c.table_id == table_id, chat.c.seat == seat,
                chat.c.at > at - window)).scalar_one()
            if recent >= most:
                return None
            n = conn.execute(insert(chat).values(table_id=table_id, seat=seat, text=words,
                                                 at=at).returning(chat.c.n)).scalar_one()
            self._notify(conn, "c", {table_id})
        return int(n)

    def chat_lines(self, table_id: str, last: int) -> list[tuple[int, int, str, float]]:
        """The `last` most recent chat lines of a table, oldest first: (n, seat, text, at)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat.c.n, chat.c.seat, chat.c.text, chat.c.at)
                                .where(chat.c.table_id == table_id)
                                .order_by(chat.c.n.desc()).limit(last)).all()
        return [(r.n, r.seat, r.text, r.at) for r in reversed(rows)]

    def load_all(self) -> list[TableRow]:
        """Every stored table with its seats and actions, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).order_by(tables.c.created)).all()
            seat_rows = conn.execute(select(seats).order_by(seats.c.table_id,
                                                            seats.c.seat)).all()
            action_rows = conn.execute(select(actions).order_by(actions.c.table_id,
                                                                actions.c.idx)).all()
        by_table: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_table.setdefault(s.table_id, []).append(
                seat_row(s))
        acts: dict[str, list[tuple[int, int]]] = {}
        for a in action_rows:
            acts.setdefault(a.table_id, []).append((a.seat, a.action))
        return [table_row(r, by_table.get(r.id, []), acts.get(r.id, [])) for r in rows]

    def load_table(self, table_id: str) -> TableRow | None:
        """One stored table with its seats and actions, or None."""
        with self.engine.connect() as conn:
            r = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if r is None:
                return None
            seat_rows = conn.execute(select(seats).where(seats.c.table_id == table_id)
                                     .order_by(seats.c.seat)).all()
            action_rows = conn.execute(select(actions.c.seat, actions.c.action)
                                       .where(actions.c.table_id == table_id)
                                       .order_by(actions.c.idx)).all()
        return table_row(r, [seat_row(s) for s in seat_rows],
                         [(a.seat, a.action) for a in action_rows])

    def open_tables(self, limit: int = 50) -> list[Listing]:
        """Unfinished tables with a free open seat, oldest first."""
        free = select(seats.c.table_id).where(seats.c.open == 1, seats.c.claimed == 0)
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id, tables.c.game, tables.c.players)
                                .where(tables.c.status == "playing", tables.c.id.in_(free))
                                .order_by(tables.c.created).limit(limit)).all()
        return [Listing(r.id, r.game, r.players) for r in rows]

    def finished_tables(self, limit: int = 20) -> list[Listing]:
        """The most recently created finished tables with a human seat (no demo), newest
        first."""
        return self._listed("finished", limit)

    def playing_tables(self, limit: int = 20) -> list[Listing]:
        """Unfinished tables with a human seat (games in progress to watch), newest first."""
        return self._listed("playing", limit)

    def _listed(self, status: str, limit: int) -> list[Listing]:
        """The newest `limit` tables in `status` that have a human seat."""
        human = select(seats.c.table_id).where(seats.c.kind == "human")
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id, tables.c.game, tables.c.players)
                                .where(tables.c.status == status, tables.c.id.in_(human))
                                .order_by(tables.c.created.desc()).limit(limit)).all()
        return [Listing(r.id, r.game, r.players) for r in rows]

    def demo_table(self, game: str) -> str | None:
        """The id of `game`'s unfinished all-bot (demo) table, if there is one: only a demo
        table has a bot in seat 0."""
        botted = select(seats.c.table_id).where(seats.c.seat == 0, seats.c.kind == "bot")
        with self.engine.connect() as conn:
            return conn.execute(select(tables.c.id)
                                .where(tables.c.status == "playing", tables.c.game == game,
                                       tables.c.id.in_(botted))
                                .order_by(tables.c.created.desc()).limit(1)).scalar()

    def resumable(self, after: str, limit: int) -> list[str]:
        """Ids (in order, past `after`) of unfinished tables with a seat a bot may play."""
        botted = select(seats.c.table_id).where((seats.c.kind == "bot")
                                                | (seats.c.bot_playing == 1))
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables.c.id)
                                     .where(tables.c.status == "playing",
                                            tables.c.id > after, tables.c.id.in_(botted))
                                     .order_by(tables.c.id).limit(limit)).scalars())

    def close_idle(self, before: float) -> list[str]:
        """Mark `closed` every unfinished table with no action (nor creation) since `before`;
        returns their ids."""
        recent = select(actions.c.table_id).where(actions.c.created >= before)
        with self._writing() as conn:
            ids = list(conn.execute(select(tables.c.id).where(
                tables.c.status == "playing", tables.c.created < before,
                tables.c.id.not_in(recent))).scalars())
            if ids:
                conn.execute(update(tables).where(tables.c.id.in_(ids),
                                                  tables.c.status == "playing")
                             .values(status="closed"))
                self._announce(conn, set(ids))
        return ids

    def action_count(self, table_id: str) -> int:
        """How many actions of a table are stored."""
        with self.engine.connect() as conn:
            return len(conn.execute(select(actions.c.idx).where(
                actions.c.table_id == table_id)).all())

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()


def set_statuses(conn: Any, rows: Sequence[ActionRow]) -> None:
    """Set each table's status to the one after its last row in `rows` (several rows of
    one table may be stored together: a run of bot moves)."""
    last: dict[str, tuple[int, str]] = {}
    for t, idx, *_, status in rows:
        if t not in last or idx > last[t][0]:
            last[t] = (idx, status)
    by_status: dict[str, set[str]] = {}
    for t, (_, status) in last.items():
        by_status.setdefault(status, set()).add(t)
    for status, ids in sorted(by_status.items()):
        conn.execute(update(tables).where(tables.c.id.in_(sorted(ids))).values(status=status))


def seat_row(s: Any) -> SeatRow:
    """A SeatRow from a selected row of `seats`."""
    return SeatRow(s.seat, s.kind, s.bot, s.token_hash, bool(s.claimed), bool(s.bot_playing),
                   bool(s.open), s.bot_reason, s.name)


def table_row(r: Any, seat_rows: list[SeatRow], moves: list[tuple[int, int]]) -> TableRow:
    """A TableRow from a selected row of `tables`, its seats and its (seat, action) pairs."""
    return TableRow(r.id, r.game, r.players, r.seed, r.options, r.variant, r.status, r.created,
                    seat_rows, moves, r.grace, r.timer, bool(r.chat_public), r.rematch)


def add_missing_columns(engine: Engine) -> None:
    """Bring a database written by an older version up to `metadata` by adding the columns
    it lacks; a column added after the first release must be nullable or have a
    `server_default` (a string, stored as a literal, or `text(...)`)."""
    inspector = inspect(engine)
    with engine.begin() as conn:
        for table in metadata.sorted_tables:
            have = {c["name"] for c in inspector.get_columns(table.name)}
            for column in table.columns:
                if column.name in have:
                    continue
                ddl = f"ALTER TABLE {table.name} ADD COLUMN {column.name} " \
                      f"{column.type.compile(engine.dialect)}"
                default = getattr(column.server_default, "arg", None)
                if isinstance(default, str):
                    ddl += " DEFAULT '" + default.replace("'", "''") + "'"
                elif default is not None:
                    ddl += f" DEFAULT {default.text}"
                conn.execute(text(ddl))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
