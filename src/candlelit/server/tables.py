"""Live tables: seats and their secret tokens, accepted actions, bots, and who is watching."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError

from candlelit.bots.base import Bot, SeatObservation
from candlelit.bots.registry import bot_names, default_bot, is_slow, make_bot
from candlelit.engine.errors import CandlelitError, IllegalAction, OptionError
from candlelit.engine.events import seen_by
from candlelit.engine.registry import get, load
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import State
from candlelit.server.absence import (
    DEFAULT_GRACE,
    DEFAULT_TIMER,
    TIMERS,
    BotReason,
    Refusal,
    check_settings,
    grace_left,
)
from candlelit.server.botpool import BotPool, Decision, decision_seed
from candlelit.server.presence import Presence
from candlelit.server.store import (
    ActionRow,
    IndexTaken,
    SeatRow,
    Store,
    TableRow,
    token_hash,
)
from candlelit.server.worded import Worded

log = logging.getLogger("candlelit.server")


class AccessDenied(Exception):
    """A request whose token does not open the seat or table it names."""


class Stale(Worded):
    """A submission made from an out-of-date view (a double click, a second tab), or a
    bot's made after its seat was taken back (`web.stale.<key>`)."""

    PREFIX = "web.stale."


@dataclass(eq=False)
class Watcher:
    """One open connection: whose view it shows and in which language."""

    seat: int | None
    lang: str
    send: Callable[[dict[str, Any]], Awaitable[None]]
    dirty: bool = False  # the table changed since this watcher's last update was rendered
    sender: asyncio.Task[None] | None = None
    shown: dict[str, Any] = field(default_factory=dict)  # the last state message it was sent


@dataclass(eq=False)
class LiveTable:
    """A table in memory; `state` only ever advances by actions already stored."""

    row: TableRow
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    presence: Presence = field(default_factory=Presence)
    # when each pending human seat's turn timer runs out (the hub's clock; timers on only);
    # public: only decisions everyone sees move it, so a clock never tells of a hidden choice
    deadlines: dict[int, float] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    unshown: bool = False  # an accepted action the watchers have not been told about yet
    version: int = 0  # bumped by every accepted action and seat change: keys rendered views
    touched: float = 0.0  # when something last used the table (the hub's clock)
    closed_after: float = 0.0  # hours without a move after which an idle table is closed

    @property
    def id(self) -> str:
        """The table's public id."""
        return self.row.id

    def seat(self, seat: int) -> SeatRow:
        """The stored seat."""
        return self.row.seats[seat]

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot decides for `seat` now (a bot seat, or one handed to a bot)."""
        s = self.row.seats[seat]
        return s.kind == "bot" or s.bot_playing

    def seat_version(self, seat: int) -> int:
        """How many actions `seat` has taken: submissions must name it (idempotency)."""
        return sum(1 for p, _ in self.state.history if p == seat)

    def connected(self, seat: int) -> bool:
        """Whether some connection is open for `seat`."""
        return self.presence.connected(seat)

    def bot_is_slow(self, seat: int) -> bool:
        """Whether the bot of `seat` searches (it then decides in the hub's bot processes)."""
        return is_slow(self.row.seats[seat].bot, self.row.game)

    def decision(self, seat: int) -> Decision:
        """What a bot process needs to decide `seat`'s move on the table as it is now."""
        history = tuple(self.state.history)
        return Decision(self.row.game, self.row.players, self.row.seed, self.row.options,
                        history, seat, self.row.seats[seat].bot,
                        decision_seed(self.row.seed, seat, len(history)))

    def bot_for(self, seat: int) -> Bot:
        """The bot of `seat`, created on first use (fast bots: a slow one decides afresh
        each time in a bot process, see `decision`)."""
        bot = self.bots.get(seat)
        if bot is None:
            name = self.row.seats[seat].bot
            bot = self.bots[seat] = make_bot(name, self.row.game, seat,
                                             derive_seed("table-bot", self.row.seed, seat))
        return bot


Broadcast = Callable[[LiveTable], Awaitable[None]]


class GroupCommit:
    """Stores the actions of many tables together: one transaction, one disk sync.

    `append` returns once its rows are committed, so an acknowledged action is still
    durable; rows that arrive while a commit is under way go into the next one. A table's
    rows arrive together (one action, or one run of instant bot moves): its lock waits for
    each commit.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[list[ActionRow], asyncio.Future[None]]] = []
        self.flusher: asyncio.Task[None] | None = None

    async def append(self, *rows: ActionRow) -> None:
        """Store the rows of one table (consecutive indices); raise what storing them
        raised, IndexTaken if another writer stored one of those indices first."""
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((list(rows), done))
        if self.flusher is None or self.flusher.done():
            self.flusher = asyncio.get_running_loop().create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                taken = await asyncio.to_thread(self.store.append_free,
                                                [row for rows, _ in batch for row in rows])
            except Exception:  # one bad entry must not fail the others: store one by one
                for rows, done in batch:
                    try:
                        await asyncio.to_thread(self.store.append_actions, rows)
                    except Exception as exc:
                        _settle(done, exc)
                    else:
                        _settle(done, None)
            else:
                for rows, done in batch:
                    lost = [row[1] for row in rows if (row[0], row[1]) in taken]
                    _settle(done, IndexTaken(lost[0]) if lost else None)


def _settle(done: asyncio.Future[None], error: Exception | None) -> None:
    if done.done():  # the submitter went away (cancelled)
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


class Hub:
    """Every live table; the only place that applies actions, stores them and runs bots."""

    def __init__(self, store: Store, bot_delay: float = 0.6, *,
                 lifecycle: Lifecycle | None = None,
                 clock: Callable[[], float] = time.time,
                 bot_processes: int | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.pool = BotPool(bot_processes)  # slow bots decide there (started on first use)
        self.lifecycle = lifecycle or Lifecycle()
        self.clock = clock  # seconds; presence, grace periods and turn timers read it
        self.tick = 1.0  # seconds between two looks for turn timers that ran out
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.replays = 0  # tables rebuilt from the store so far
        self.broken: set[str] = set()  # stored tables that no longer replay (warned once)
        self.on_change: Broadcast | None = None
        self.writer = GroupCommit(store)
        self.chores: list[asyncio.Task[None]] = []

    # -- set-up ------------------------------------------------------------------------
    def start(self) -> None:
        """Start the background chores: resuming bots, evicting and closing idle tables,
        turn timers.

        Nothing is replayed before this returns, so start time does not grow with history.
        """
        loop = asyncio.get_running_loop()
        self.chores = [loop.create_task(self.resume()), loop.create_task(self.keep_tidy()),
                       loop.create_task(self._keep_time())]

    async def stop(self) -> None:
        """Stop the chores and every bot."""
        for task in self.chores:
            task.cancel()
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        await asyncio.gather(*self.chores, return_exceptions=True)
        self.pool.shutdown()

    async def resume(self) -> None:
        """Load, a few at a time, every unfinished table a bot may play, and wake its bots."""
        after = ""
        while True:
            ids = await asyncio.to_thread(self.store.resumable, after,
                                          self.lifecycle.resume_batch)
            if not ids:
                return
            for table_id in ids:
                with contextlib.suppress(AccessDenied):
                    self.wake_bots(await self.table(table_id))
            after = ids[-1]
            await asyncio.sleep(0)

    def _load(self, table_id: str) -> LiveTable | None:
        """Rebuild a stored table by replaying its actions; a table whose game is gone or
        whose actions no longer replay (stored under older rules) is left out, with a
        warning, so that one stale table cannot break the others."""
        row = None if table_id in self.broken else self.store.load_table(table_id)
        if row is None:
            return None
        self.replays += 1
        try:
            state = load(row.game, row.players, row.seed, row.options)
            for seat, action in row.actions:
                state.apply_action(action, seat)
        except CandlelitError as exc:
            log.warning("table %s (%s) is not restored: %s", row.id, row.game, exc)
            self.broken.add(table_id)
            return None
        return LiveTable(row, state, presence=Presence(self.clock),
                         closed_after=self.lifecycle.idle_close / 3600)

    async def create(self, game: str, players: int, variant: str | None,
                     options: dict[str, Any], kinds: list[str],
                     grace: float = DEFAULT_GRACE, timer: str = DEFAULT_TIMER,
                     chat_public: bool = True, creator: str = "", *, demo: bool = False,
                     ) -> tuple[LiveTable, list[str | None]]:
        """A new table; `kinds[i]` is 'human', 'open' (anyone may join) or a bot name.

        Seat 0 is the creator's. `grace` is how long (seconds) a player may be away before
        another seat may hand the seat to a bot; `timer` names the turn timer (TIMERS);
        `chat_public`: spectators may read the chat. `creator` is the creator's display
        name (names.py). Returns the table and each human seat's secret token (None for bot
        seats).
        """
        check_settings(grace, timer)
        spec = get(game)
        if len(kinds) != players:
            raise OptionError.worded("web.refuse.seat_kinds", players=players)
        for kind in kinds:
            if kind not in ("human", "open") and kind not in bot_names(game):
                raise OptionError.worded("web.refuse.seat_kind", value=kind, game=game)
        if kinds[0] not in ("human", "open") and not demo:
            raise OptionError.worded("web.refuse.creator_seat")
        seat_bots = [None if k in ("human", "open") else k for k in kinds]
        seed = secrets.randbelow(2**31)
        state = load(spec.name, players, seed, options, variant)
        tokens: list[str | None] = []
        seat_rows = []
        stand_in = default_bot(game)  # plays a human seat handed over to a bot
        for seat, name in enumerate(seat_bots):
            token = secrets.token_urlsafe(18)
            tokens.append(token if name is None else None)
            seat_rows.append(SeatRow(seat, "human" if name is None else "bot",
                                     name or stand_in, token_hash(token), seat == 0,
                                     False, kinds[seat] == "open" and seat > 0))
        seat_rows[0].name = creator
        row = TableRow(secrets.token_urlsafe(9), spec.name, players, seed, state.options,
                       variant, "playing", time.time(), seat_rows, [], grace, timer,
                       chat_public)
        await asyncio.to_thread(self.store.create_table, row)
        return self.adopt(row, state), tokens

    def adopt(self, row: TableRow, state: State) -> LiveTable:
        """Take a table this process has just stored into memory, and start its bots."""
        table = self.tables[row.id] = LiveTable(row, state, presence=Presence(self.clock),
                                                touched=self.clock())
        self.claimed(row.id)
        self._retime(table)
        self.wake_bots(table)
        return table

    # -- access ------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """The live table `table_id`, loaded from the store on first use, or AccessDenied."""
        table = self.tables.get(table_id)
        if table is None:
            lock = self.loading.setdefault(table_id, asyncio.Lock())
            try:
                async with lock:
                    table = self.tables.get(table_id)
                    if table is None:
                        table = await asyncio.to_thread(self._load, table_id)
                        if table is None:
                            raise AccessDenied("no such table")
                        self.tables[table_id] = table
                        self._retime(table)
            finally:
                if not lock.locked():
                    self.loading.pop(table_id, None)
        table.touched = self.clock()
        return table

    def keep(self, table: LiveTable) -> LiveTable:
        """The table in memory under `table.id`: `table` again, put back if it was evicted
        meanwhile, or the instance loaded since (a copy of the same stored table)."""
        return self.tables.setdefault(table.id, table)

    def seat_of(self, table: LiveTable, token: str | None) -> int:
        """The seat that `token` opens at `table`, or AccessDenied."""
        if token:
            digest = token_hash(token)
            for s in table.row.seats:
                if s.kind == "human" and secrets.compare_digest(s.token_hash, digest):
                    return s.seat
        raise AccessDenied("this link does not open a seat at this table")

    async def claim(self, table: LiveTable, seat: int) -> None:
        """Mark a human seat as taken by whoever opened its link (who is thus not away)."""
        table.presence.seen(seat)
        if not table.row.seats[seat].claimed:
            await asyncio.to_thread(self.store.update_seat, table.id, seat, claimed=1)
            table.row.seats[seat].claimed = True
            table.version += 1

    async def join_open_seat(self, table: LiveTable, name: str = "") -> tuple[int, str]:
        """Give the first free open seat a fresh token (and the joiner's display name);
        AccessDenied if none is free."""
        async with table.lock:
            for s in table.row.seats:
                if s.open and not s.claimed and table.row.status == "playing":
                    token = secrets.token_urlsafe(18)
                    if not await asyncio.to_thread(self.store.take_seat, table.id, s.seat,
                                                   token_hash(token), name):
                        s.claimed = True  # another worker gave it away first
                        continue
                    s.token_hash, s.claimed, s.name = token_hash(token), True, name
                    table.version += 1
                    return s.seat, token
        raise AccessDenied("this table has no free seat")

    # -- play --------------------------------------------------------------------------
    async def submit(self, table: LiveTable, seat: int, action: Any, seat_version: Any,
                     by_bot: bool = False) -> None:
        """Validate, store, then apply one action and tell the watchers; raise IllegalAction
        or Stale otherwise. (Bots without delay store their runs of moves in `_run_bots`.)"""
        async with table.lock:
            while True:
                if table.row.status == "closed":
                    raise IllegalAction.worded("web.refuse.closed")
                if by_bot != table.bot_plays(seat):
                    if by_bot:
                        raise Stale("taken_back")
                    raise IllegalAction.worded("web.refuse.bot_playing")
                if not by_bot and seat_version != table.seat_version(seat):
                    raise Stale("out_of_date")
                trial = table.state.clone()
                logged = len(trial.log)
                trial.apply_action(action, seat)
                index = len(table.state.history)
                status = "finished" if trial.is_terminal() else "playing"
                try:
                    await self.writer.append((table.id, index, seat, action, status))
                except (IntegrityError, IndexTaken):  # another worker stored `index` first
                    if not await self.catch_up(table):
                        raise
                    continue  # validate again on the table as it now is
                break
            table.state = trial
            table.row.actions.append((seat, action))
            table.row.status = status
            table.version += 1
            table.unshown = True
            timed = TIMERS.get(table.row.timer) is not None  # else no clock to restart
            self._retime(table, seat,
                         timed and any(seen_by(e, None) for e in trial.log[logged:]))
            table.touched = self.clock()
        await self.show(table)
        self.wake_bots(table)

    async def catch_up(self, table: LiveTable) -> bool:
        """Apply what other workers stored since `table` was read (its lock held); True if
        anything changed. One process is the only writer, so nothing ever does here."""
        return False

    async def sync(self, table: LiveTable) -> None:
        """Bring `table` up to date with the store before showing it to a new watcher (one
        process: memory is the store's latest state already)."""

    def owns(self, table_id: str) -> bool:
        """Whether this process drives the bots of `table_id` (one process: every table)."""
        return True

    def claimed(self, table_id: str) -> None:
        """This process now owns `table_id` (it created it)."""

    def present(self, table: LiveTable, seat: int) -> None:
        """`seat`'s connections to this process changed (other workers may need to know)."""

    async def show(self, table: LiveTable) -> None:
        """Tell the watchers of `table` about every change not yet shown."""
        table.unshown = False
        await self.changed(table)

    async def hand_to_bot(self, table: LiveTable, seat: int, by_seat: int, on: bool) -> None:
        """Give a seat to a bot, or (its owner only) take it back; Refusal otherwise.

        A seat's own player may hand it over at any time; another seat only once the
        player has been away for the table's grace period or let a turn timer run out.
        """
        if type(seat) is not int or not 0 <= seat < len(table.row.seats):
            raise Refusal("no_seat", number=str(seat))
        if table.row.seats[seat].kind != "human":
            raise Refusal("bot_seat")
        if table.row.status == "closed":
            raise Refusal("closed")
        if table.row.status == "finished":
            raise Refusal("game_over")
        if not on and seat != by_seat:
            raise Refusal("owner_only")
        if not on:
            await self._give(table, seat, False, lambda: None)
        elif seat == by_seat:
            await self._give(table, seat, True, lambda: BotReason("self"))
        else:
            await self._give(table, seat, True, partial(self._absent_long_enough, table, seat,
                                                        by_seat))

    def _absent_long_enough(self, table: LiveTable, seat: int, by_seat: int) -> BotReason:
        """Why `by_seat` may hand `seat` to a bot now, or Refusal saying how long is left."""
        if table.connected(seat):
            raise Refusal("still_here")
        away = table.presence.away_for(seat)
        deadline = table.deadlines.get(seat)
        if away < table.row.grace and (deadline is None or deadline > self.clock()):
            raise Refusal("not_yet", seat=seat, away=away,
                          left=grace_left(away, table.row.grace))
        if away < table.row.grace:
            return BotReason("timer")
        return BotReason("seat", by_seat, int(away))

    def _overdue(self, table: LiveTable, seat: int) -> BotReason:
        """The turn timer of `seat` has run out (Refusal if it has not, or no longer)."""
        deadline = table.deadlines.get(seat)
        if deadline is None or deadline > self.clock():
            raise Refusal("not_due")
        return BotReason("timer")

    async def _give(self, table: LiveTable, seat: int, on: bool,
                    reason: Callable[[], BotReason | None]) -> None:
        """Set whether a bot plays `seat`; `reason()` (which may refuse) is asked under the
        table's lock, after any action under way is stored."""
        async with table.lock:
            s = table.row.seats[seat]
            if s.bot_playing != on:  # stored first, like actions: memory never runs ahead
                why = reason()
                stored = why.stored() if why is not None else None
                await asyncio.to_thread(self.store.update_seat, table.id, seat,
                                        bot_playing=int(on), bot_reason=stored)
                s.bot_playing, s.bot_reason = on, stored
                table.version += 1
            self._retime(table)
        await self.show(table)
        self.wake_bots(table)

    # -- turn timers -------------------------------------------------------------------
    def _retime(self, table: LiveTable, acted: int | None = None, public: bool = False,
                ) -> None:
        """Start the clock of each human seat the table now waits on; drop the others'.

        A decision of seat `acted` that logged something `public` starts its clock again;
        one that others cannot see (a card chosen to pass) leaves it running, as it would
        otherwise tell them that a choice was made.
        """
        limit = TIMERS.get(table.row.timer)
        if limit is None or table.row.status == "finished":
            table.deadlines.clear()
            return
        if acted is not None and public:
            table.deadlines.pop(acted, None)
        waiting = {p for p in table.state.pending_players() if not table.bot_plays(p)}
        for seat in [s for s in table.deadlines if s not in waiting]:
            del table.deadlines[seat]
        now = self.clock()
        for seat in waiting:
            table.deadlines.setdefault(seat, now + limit)

    async def _keep_time(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            await self.expire_turns()

    async def expire_turns(self) -> None:
        """Hand every seat whose turn timer has run out to its bot."""
        now = self.clock()
        for table in list(self.tables.values()):
            if not self.owns(table.id):  # the owning worker keeps its clocks
                continue
            for seat, deadline in list(table.deadlines.items()):
                if deadline > now:
                    continue
                try:
                    await self._give(table, seat, True, partial(self._overdue, table, seat))
                except Refusal:  # the seat acted meanwhile
                    continue
                except Exception:  # one table's failure must not stop the others' timers
                    log.exception("turn timer of table %s seat %s", table.id, seat)

    async def changed(self, table: LiveTable) -> None:
        """Tell every watcher of `table` (each gets its own view)."""
        if self.on_change is not None:
            await self.on_change(table)

    # -- lifecycle ---------------------------------------------------------------------
    async def keep_tidy(self) -> None:
        """Every `lifecycle.sweep` seconds: close idle tables, evict unused ones."""
        last_close = -math.inf
        while True:
            await asyncio.sleep(self.lifecycle.sweep)
            try:
                if self.clock() - last_close >= self.lifecycle.close_every:
                    last_close = self.clock()
                    await self.close_idle()
                self.evict()
            except Exception:
                log.exception("tidying the tables failed")

    async def close_idle(self) -> None:
        """Close (in the store, then in memory) every table without a move for too long."""
        closed = await asyncio.to_thread(self.store.close_idle,
                                         self.clock() - self.lifecycle.idle_close)
        for table_id in closed:
            table = self.tables.get(table_id)
            if table is not None:
                table.row.status = "closed"
                table.closed_after = self.lifecycle.idle_close / 3600
                await self.show(table)

    def evict(self) -> None:
        """Drop from memory each table nobody uses: finished or closed ones after
        `lifecycle.linger` seconds, unfinished ones with no bot to move after
        `lifecycle.idle_evict` seconds. They load again on demand."""
        now = self.clock()
        for table in list(self.tables.values()):
            busy = (table.watchers or table.lock.locked() or table.unshown
                    or (table.driver is not None and not table.driver.done()))
            if busy:
                table.touched = now
                continue
            idle = now - table.touched
            if table.row.status != "playing":
                if idle >= self.lifecycle.linger:
                    del self.tables[table.id]
            elif idle >= self.lifecycle.idle_evict and not any(
                    table.bot_plays(p) for p in table.state.pending_players()):
                del self.tables[table.id]

    # -- bots --------------------------------------------------------------------------
    def wake_bots(self, table: LiveTable) -> None:
        """Make sure bots act for every bot-played seat the table waits on."""
        if table.row.status == "closed" or not self.owns(table.id):
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: LiveTable) -> None:
        try:
            await self._drive_until_humans(table)
        except Exception:
            log.exception("bots stopped at table %s", table.id)
            raise

    async def _drive_until_humans(self, table: LiveTable) -> None:
        try:
            while (table.row.status != "closed" and not table.state.is_terminal()
                   and self.owns(table.id)):
                waiting = [p for p in table.state.pending_players() if table.bot_plays(p)]
                if not waiting:
                    return
                if not self.bot_delay:
                    await self._run_bots(table)
                    continue
                await asyncio.sleep(self.bot_delay)
                for seat in waiting:
                    if not table.bot_plays(seat) or seat not in table.state.pending_players():
                        continue
                    action = await self._choose(table, seat)
                    try:
                        await self.submit(table, seat, action, None, by_bot=True)
                    except (IllegalAction, Stale):
                        continue
        finally:  # a burst that stopped early is still shown
            if table.unshown:
                await self.show(table)

    async def _run_bots(self, table: LiveTable) -> None:
        """Bots without delay: decide their moves until a human must decide (or RUN moves),
        then store them in one commit and show them once."""
        base = len(table.state.history)
        botted = frozenset(p for p in range(table.row.players) if table.bot_plays(p))
        slow = frozenset(p for p in botted if table.bot_is_slow(p))
        bots = {p: table.bot_for(p) for p in botted - slow}
        moves = await asyncio.to_thread(_decide_run, bots, slow, table.state.clone(), RUN)
        due = [p for p in table.state.pending_players() if p in slow]
        if not moves and due and len(table.state.history) == base:  # a slow bot moves next
            moves = [(due[0], await self._choose(table, due[0]))]
        stored = False
        async with table.lock:
            if len(table.state.history) == base and table.row.status != "closed":
                stored = await self._store_run(table, moves)
        if stored:
            await self.show(table)

    async def _choose(self, table: LiveTable, seat: int) -> int:
        """The choice of `seat`'s bot on the table as it is now: a slow bot's in a bot
        process, a fast one's in a thread."""
        if table.bot_is_slow(seat):
            legal = table.state.legal_actions(seat)
            if len(legal) == 1:  # nothing to search
                return legal[0]
            return await self.pool.decide(table.decision(seat))
        return await asyncio.to_thread(_decide, table.bot_for(seat), table.state.clone(), seat)

    async def _store_run(self, table: LiveTable, moves: list[tuple[int, int]]) -> bool:
        """Store and apply the moves decided on the table as it is (its lock held), up to
        the first whose seat no longer has its bot; False if another worker stored first."""
        trial = table.state.clone()
        rows: list[ActionRow] = []
        for seat, action in moves:
            if not table.bot_plays(seat):
                break
            trial.apply_action(action, seat)
            rows.append((table.id, len(trial.history) - 1, seat, action,
                         "finished" if trial.is_terminal() else "playing"))
        if not rows:
            return False
        try:
            await self.writer.append(*rows)
        except (IntegrityError, IndexTaken):  # another worker stored first
            if not await self.catch_up(table):
                raise
            return False
        table.state = trial
        table.row.actions.extend((seat, action) for _, _, seat, action, _ in rows)
        table.row.status = rows[-1][4]
        table.version += 1
        table.unshown = True
        self._retime(table)
        table.touched = self.clock()
        return True


RUN = 64  # instant bot moves stored in one commit at most


@dataclass(frozen=True)
class Lifecycle:
    """How long tables stay in memory and open (seconds)."""

    linger: float = 30.0  # a finished or closed table nobody watches stays this long
    idle_evict: float = 600.0  # an unfinished table nobody uses, no bot to move
    idle_close: float = 72 * 3600.0  # no move for this long: the table is closed
    sweep: float = 1.0  # how often eviction runs
    close_every: float = 60.0  # how often idle tables are looked for in the store
    resume_batch: int = 20  # tables loaded at a time when bots resume after a start


def _decide(bot: Bot, state: State, seat: int) -> int:
    """A bot's choice for `seat`, made from that seat's window only."""
    return bot.act(SeatObservation(state, seat), state.legal_actions(seat))


def _decide_run(bots: dict[int, Bot], slow: frozenset[int], state: State, limit: int,
                ) -> list[tuple[int, int]]:
    """The moves the bots of `bots`' seats make, each from its own seat's window, until the
    game ends, a seat without a bot must decide, a `slow` seat is next to choose among
    several actions (its one legal action is played here), or `limit` moves; `state` is
    advanced."""
    moves: list[tuple[int, int]] = []
    while len(moves) < limit and not state.is_terminal():
        due = [p for p in state.pending_players() if p in bots or p in slow]
        if not due:
            break
        for seat in due:
            if seat in slow:
                if seat not in state.pending_players():
                    continue
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    return moves
                state.apply_action(legal[0], seat)
                moves.append((seat, legal[0]))
            elif seat in state.pending_players():
                action = _decide(bots[seat], state.clone(), seat)
                state.apply_action(action, seat)
                moves.append((seat, action))
    return moves
