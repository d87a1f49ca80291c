"""The engine contract every game state implements (OpenSpiel-shaped)."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from candlelit.engine.errors import IllegalAction
from candlelit.engine.events import Entry, Event, LogLine, redact
from candlelit.engine.flow import Step, Steps
from candlelit.engine.pins import Pins
from candlelit.engine.rng import chance_below, chance_stream
from candlelit.engine.tensors import mask_of
from candlelit.engine.windows import Window

if TYPE_CHECKING:
    from candlelit.engine.tensors import Layout, Mask, Tensor

TERMINAL = -4
"""`current_player()` once the game is over (the value OpenSpiel uses)."""


class State(ABC):
    """A game in progress: pure transitions, seeded chance, per-seat views.

    Subclasses keep their fields in `__slots__` as ints, strs, None and (nested) lists,
    so that clone, pickle and JSON serialisation are cheap and exact.
    """

    __slots__ = ("game", "num_players", "seed", "options", "chance_draws", "history", "log",
                 "legal_memo", "seen_memo", "layout_memo")

    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    chance_draws: int
    history: list[tuple[int, int]]
    log: list[Entry]
    legal_memo: tuple[int, int, int, tuple[int, ...], Step[Any]] | None
    """(history length, seat, chance draws, legal actions, step) of the last
    `legal_actions` answer, so that `apply_action` for that seat in that position need not
    work out the decision again; never stored or compared (clones start without it)."""
    seen_memo: Seen | None
    """How far `information_state_key` has read the log, for every seat (see `Seen`); never
    stored or compared (a clone copies it: its log holds the same entries)."""
    layout_memo: Layout | None
    """This game's observation layout once asked (the same for every state of one game's
    settings, so clones share it); never stored or compared."""

    #: slots rebuilt from options on deserialisation instead of being stored
    derived_slots: ClassVar[tuple[str, ...]] = ()

    steps: ClassVar[Steps[Any]]
    """The game's decision kinds and their steps (engine/flow.py)."""

    # -- who acts ---------------------------------------------------------------------
    @abstractmethod
    def pending_players(self) -> list[int]:
        """Seats that may act now, ascending; empty at the end of the game."""

    def current_player(self) -> int:
        """The lowest pending seat, or TERMINAL."""
        pending = self.pending_players()
        return pending[0] if pending else TERMINAL

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    # -- actions: the one template over the game's step table ---------------------------
    @abstractmethod
    def decision_kind(self) -> Any:
        """The kind of the pending decision (a key of `steps`); only asked while one is."""

    def advance(self) -> None:  # noqa: B027  (a game without an agenda has nothing to run)
        """Run the rules on from an applied decision to the next one (the game's agenda)."""

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal actions of `player` (default: current player); [] if it may not act."""
        pending = self.pending_players()
        if not pending:
            return []
        seat = pending[0] if player is None else player
        if seat not in pending:
            return []
        step = self.steps[self.decision_kind()]
        legal = step.legal(self, seat)
        self.legal_memo = (len(self.history), seat, self.chance_draws, tuple(legal), step)
        return legal

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply `action` for `player` (default: current player) or raise IllegalAction
        leaving the state unchanged: type, seat, game over, legality, then the step."""
        if type(action) is not int:
            raise IllegalAction.worded("error.action.not_integer", kind=type(action).__name__)
        memo = self.legal_memo
        if memo is not None and type(player) is int and player == memo[1] \
                and memo[0] == len(self.history) and memo[2] == self.chance_draws:
            # this seat's legal actions were just asked: same decision, same answer
            seat, step = player, memo[4]
            if action not in memo[3]:
                raise self._refusal(step, seat, action)
        else:
            seat, step = self._deciding(action, player)
        self.history.append((seat, action))
        step.apply(self, seat, action)
        self.advance()

    def _deciding(self, action: int, player: int | None) -> tuple[int, Step[Any]]:
        """The acting seat and its step after checking seat, game over and legality (the
        path of an action whose legal actions were not just asked)."""
        pending = self.pending_players()
        if player is None:
            if not pending:
                raise IllegalAction.worded("error.action.game_over")
            seat = pending[0]
        elif type(player) is int and player in pending:
            seat = player
        elif type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction.worded("error.action.no_seat", value=player)
        elif not pending:
            raise IllegalAction.worded("error.action.game_over")
        else:
            raise IllegalAction.worded("error.action.not_deciding", number=player + 1)
        step = self.steps[self.decision_kind()]
        allows = step.allows
        if not (allows(self, seat, action) if allows is not None
                else action in step.legal(self, seat)):
            raise self._refusal(step, seat, action)
        return seat, step

    def _refusal(self, step: Step[Any], seat: int, action: int) -> IllegalAction:
        """Why `action` is refused: out of the action space, or not an answer to the step."""
        if not 0 <= action < self.num_distinct_actions():
            return IllegalAction.worded("error.action.unknown", action=action, game=self.game)
        if step.why is not None:
            why = step.why(self, seat, action)
            return why if isinstance(why, IllegalAction) else IllegalAction(why)
        return IllegalAction.worded("error.action.not_open", action=action, number=seat + 1,
                                    prompt=step.prompt)

    @abstractmethod
    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A JSON form of `action` with a translation key and arguments."""

    def action_to_string(self, player: int, action: int, lang: str = "en") -> str:
        """A short label of `action`, unique among the player's legal actions."""
        from candlelit.i18n import action_label

        return action_label(self.game, self.action_to_struct(player, action), lang)

    @classmethod
    @abstractmethod
    def num_distinct_actions(cls) -> int:
        """Size of the game's fixed action space."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions in a game with these settings."""

    # -- outcome ----------------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat: 1.0 for each winner and 0.0 for the others once over."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (several on a shared win); [] before the end."""

    # -- information ------------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None = None) -> Mapping[str, Any]:
        """Exactly what `player` (None: a spectator) may see, JSON-able, with its log (each
        game returns its own typed view, a TypedDict, which callers treat as read-only)."""

    def information_state_string(self, player: int) -> str:
        """A string that identifies everything `player` knows (its view, canonical JSON)."""
        return json.dumps(self.view(player), sort_keys=True, ensure_ascii=False,
                          separators=(",", ":"))

    def information_state_key(self, player: int) -> tuple[int, int, Hashable]:
        """A compact hashable key that two states of one game share exactly when `player`
        cannot tell them apart (equal keys ⇔ equal `information_state_string`s): the seat's
        log lines folded into a hash as they come (O(1) amortised per action) plus
        `known_table(player)`. Hashes differ between processes: keep keys in memory only."""
        memo = self.seen_memo
        log = self.log
        if memo is None or (memo.read and (memo.read > len(log)
                                           or log[memo.read - 1] is not memo.last)):
            memo = self.seen_memo = Seen(self.num_players)  # a first read, or another log
        if memo.read < len(log):
            memo.fold(log)
        return memo.counts[player], memo.folded[player], self.known_table(player)

    def known_table(self, player: int) -> Hashable:
        """Everything `information_state_string(player)` holds besides the seat's log lines,
        as a hashable value (equal values ⇔ equal strings, given equal log lines). This
        default serialises the view without its log (the default string is the view); games
        override it with a tuple of their fields, which is far cheaper."""
        view = dict(self.view(player))
        del view["log"]
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    # -- tensors (OpenSpiel's observation tensor; issue 18's adapters read these) --------
    @classmethod
    @abstractmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """The parts of this game's observation tensor for these settings, declared once."""

    @abstractmethod
    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """Write what `player` may see into the zeroed `out` (of `layout`), from fields only:
        the cost must not grow with the game's log."""

    def observation_layout(self) -> Layout:
        """This game's observation layout for its settings (declared once, then shared)."""
        layout = self.layout_memo
        if layout is None:
            layout = self.layout_memo = self.declare_observation(self.num_players, self.options)
        return layout

    def observation_tensor(self, player: int) -> Tensor:
        """What `player` may see as a float32 vector of `observation_layout().size` entries;
        equal in every world resampled for `player`."""
        layout = self.observation_layout()
        out = layout.zeros()
        self.encode_observation(player, layout, out)
        return out

    def action_mask(self, player: int) -> Mask:
        """1 at each of `legal_actions(player)` over `num_distinct_actions()` (all 0 when the
        seat may not act)."""
        return mask_of(self.legal_actions(player), self.num_distinct_actions())

    def visible_log(self, viewer: int | None) -> list[LogLine]:
        """The log entries `viewer` may see."""
        return redact(self.log, viewer)

    def events(self, since: int = 0) -> list[Event]:
        """The whole log from entry `since` on, every audience included, as named events."""
        return [Event(*entry) for entry in self.log[since:]]

    windows: ClassVar[tuple[Window[Any], ...]] = ()
    """The game's kinds of reaction window (engine/windows.py), if it has any."""

    def window_askees(self) -> tuple[int, ...] | None:
        """While a reaction window is asking: the seats it asks from now on, in order
        (the asked seat first); None otherwise. Depends on public information only."""
        return None

    pins: ClassVar[Pins[Any] | None] = None
    """What a seat's own log says other seats hold (engine/pins.py), for games whose seats
    can learn where hidden cards are; every resampled world keeps it."""

    @abstractmethod
    def resample(self, player: int, rng: random.Random) -> State:
        """A full state consistent with what `player` knows, hidden parts re-drawn by `rng`."""

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy: each game field copied as deep as its lists go (a class
        declared with `@state_fields` gets a clone compiled from its field types instead)."""
        c = self.fresh_copy()
        for name in _slot_names(type(self)):
            if name not in State.__slots__:
                setattr(c, name, _copy_lists(getattr(self, name)))
        return c

    @classmethod
    def blank(cls, game: str, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A new state of this class with only the engine's fields set (no chance drawn,
        empty history and log); a game's `new` sets up its own fields on it."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = game, players, seed, options
        s.chance_draws, s.history, s.log, s.legal_memo = 0, [], [], None
        s.seen_memo = s.layout_memo = None
        return s

    def fresh_copy(self) -> Self:
        """A new state of the same class holding only the engine's fields (history and log
        copied, options shared); a game's `clone` fills in its own fields."""
        cls = type(self)
        c = cls.__new__(cls)
        c.game, c.num_players, c.seed, c.options = self.game, self.num_players, self.seed, \
            self.options
        c.chance_draws, c.history, c.log = self.chance_draws, self.history[:], self.log[:]
        c.legal_memo = None
        c.seen_memo = None if self.seen_memo is None else self.seen_memo.copy()
        c.layout_memo = self.layout_memo
        return c

    def snapshot(self) -> dict[str, Any]:
        """All stored fields as plain JSON-able data."""
        out: dict[str, Any] = {}
        for name in stored_slots(type(self)):
            value = getattr(self, name)
            if name == "log":
                value = [[kind, key, args, audience] for kind, key, args, audience in value]
            out[name] = value
        return out

    def serialize(self) -> str:
        """The whole state as JSON; `candlelit.deserialize` restores it exactly."""
        return serialize_snapshot(self.snapshot())

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from `snapshot()` output."""
        state = cls.__new__(cls)
        state.legal_memo = state.seen_memo = state.layout_memo = None
        for name in stored_slots(cls):
            value = data[name]
            if name == "log":
                value = [(k, key, args, None if vis is None else tuple(vis))
                         for k, key, args, vis in value]
            elif name == "history":
                value = [(p, a) for p, a in value]
            setattr(state, name, value)
        state.restore_derived()
        return state

    def restore_derived(self) -> None:  # noqa: B027  (most games derive nothing)
        """Recompute `derived_slots` after deserialisation or unpickling."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return _canonical(self.snapshot()) == _canonical(other.snapshot())

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by content, not hashable

    def __getstate__(self) -> dict[str, Any]:
        return self.snapshot()

    def __setstate__(self, data: dict[str, Any]) -> None:
        restored = type(self).from_snapshot(data)
        for name in _slot_names(type(self)):
            setattr(self, name, getattr(restored, name))

    # -- helpers for subclasses -------------------------------------------------------
    def _chance(self) -> random.Random:
        """The next chance event as a seeded stream (shuffles, several draws at once)."""
        rng = chance_stream(self.seed, self.chance_draws)
        self.chance_draws += 1
        return rng

    def below(self, n: int) -> int:
        """A number in [0, n): the next chance event as one cheap draw (dice)."""
        self.chance_draws += 1
        return chance_below(self.seed, self.chance_draws - 1, n)

    def _emit(self, kind: str, key: str, args: dict[str, Any],
              visible_to: tuple[int, ...] | None = None) -> None:
        self.log.append((kind, key, args, visible_to))


class Seen:
    """The log as `information_state_key` has read it: entries read, and per seat the lines
    it saw and their folded hash (each line is hashed once, then folded into every seat
    that saw it); `last` is the last entry read, to notice a log that is not this one."""

    __slots__ = ("read", "last", "counts", "folded")

    last: Entry | None

    def __init__(self, seats: int) -> None:
        self.read, self.last = 0, None
        self.counts, self.folded = [0] * seats, [0] * seats

    def fold(self, log: list[Entry]) -> None:
        """Read the entries of `log` not read yet."""
        counts, folded = self.counts, self.folded
        everyone = range(len(counts))
        for index in range(self.read, len(log)):
            kind, key, args, audience = log[index]
            line = hash((kind, key, repr(args)))
            for seat in everyone if audience is None else audience:
                folded[seat] = hash((folded[seat], line))
                counts[seat] += 1
        self.read, self.last = len(log), log[-1]

    def copy(self) -> Seen:
        """An independent copy (for a clone, whose log holds the same entries)."""
        twin = Seen.__new__(Seen)
        twin.read, twin.last = self.read, self.last
        twin.counts, twin.folded = self.counts[:], self.folded[:]
        return twin


_MEMOS = ("legal_memo", "seen_memo", "layout_memo")


def _copy_lists(value: Any) -> Any:
    """`value` with every (nested) list copied; anything else shared."""
    return [_copy_lists(v) for v in value] if isinstance(value, list) else value


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        seen: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in seen:
                    seen.append(name)
        names = _SLOTS[cls] = tuple(seen)
    return names


def serialize_snapshot(snapshot: dict[str, Any]) -> str:
    """`State.serialize()` of a state with this snapshot."""
    return json.dumps({"format": "candlelit-state/1", "state": snapshot},
                      ensure_ascii=False, separators=(",", ":"))


def stored_slots(cls: type[State]) -> list[str]:
    """The slots a snapshot stores: all but the derived ones and the legality memo."""
    return [name for name in _slot_names(cls)
            if name not in cls.derived_slots and name not in _MEMOS]
