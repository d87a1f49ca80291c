"""Nevermore's fields: what a game holds, its set-up (規則 1) and its copies.

The slots are the serialized format; per seat lists are indexed by seat, suit counts by
suit (constants.SUITS), magick counts by title (the card set's magick index).

| slot       | holds                                                                         |
|------------|-------------------------------------------------------------------------------|
| cards      | the card set (derived from option `boards`)                                   |
| specters   | whether characters are in play (derived from option `characters`)             |
| round      | the round number, from 1                                                      |
| start      | the start player's seat                                                       |
| direction  | the direction marker: LEFT (+1) or RIGHT (-1)                                 |
| order      | this round's priority order, start player's downstream neighbour first        |
| max_health | 5 at 3-4 players, 4 at 5-6                                                    |
| stage      | the ST_* stage shown to people                                                |
| won        | the winning seats (empty while the game goes on)                              |
| reason     | why it ended: curse, fallen, last_human, points or rounds                     |
| health     | per seat health (0 for a raven)                                               |
| vp         | per seat points                                                               |
| raven      | per seat 1 in raven form, else 0                                              |
| hand       | per seat suit cards in hand, counted by suit                                  |
| front      | per seat suit cards put down this round (committed, discarded), by suit      |
| held       | per seat suit cards chosen for the current pass, by suit                      |
| to_pass    | per seat cards still to choose for the current pass                           |
| mdeck      | the rest of the main deck this round (suits)                                  |
| magick     | per seat magick cards held, counted by title                                  |
| ldeck      | the Light Magick deck (titles, drawn from the end)                            |
| ldisc      | the Light Magick discard pile                                                 |
| sdeck      | the Shadow Magick deck (titles, drawn from the end)                           |
| sdisc      | the Shadow Magick discard pile                                                |
| adrift     | magick cards spent this round, put on their discard piles at clean-up         |
| mids       | the four middle resolution tokens (suits) in resolution order                 |
| shown      | how many of the middle tokens are face up, from the first                     |
| tkknown    | bits of the seats that have looked at the face-down tokens (Dupin)            |
| step       | the suit being resolved (RAVEN while ravens skulk, -1 outside resolution)     |
| commit     | per seat face-down commitment [suit cards, Ravens, bluff size, wild Raven]    |
| net        | per seat uncancelled cards of the step (Ravens while they skulk)              |
| raw        | per seat suit cards committed to the step, before cancelling                  |
| netlog     | per suit the net counts once resolved (a row of -1: not yet)                  |
| fx         | the round's magick effects, indexed by FX_*                                   |
| harvest    | per seat Harvests played: the upstream neighbour passes that many more first  |
| repent     | seats that played Repentance this round                                       |
| prophecies | [owner, target, suit, checked] for each Prophecy this round                   |
| damaged_by | per seat bits of the seats that damaged it this round                         |
| turned_by  | per seat who turned it into a raven (-1: nobody / not a raven)                |
| drawn      | Light Magick titles just drawn, that a Requisition may take                   |
| drawer     | the seat that drew them (-1: none)                                            |
| char       | per seat character (-1: none)                                                 |
| cused      | per seat CU_* bits of the abilities already used                              |
| copied     | per seat character copied by William Wilson this round (-1: none)             |
| cform      | per seat form the copied ability serves (0 human, 1 raven)                    |
| cdeal      | per seat characters on offer in the character draft                           |
| ckeep      | per seat character kept at the draft's first choice (-1: none)                |
| decision   | the pending decision [D_* kind, seat or -1, arguments...]                     |
| pending    | the seats that answer it                                                      |
| tasks      | the round's task stack (lists of ints, the last one runs first)               |
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Self

from candlelit.engine.errors import CandlelitError
from candlelit.engine.state import State
from candlelit.games.nevermore.cards import CardSet, cards_for
from candlelit.games.nevermore.constants import (
    D_NONE,
    LEFT,
    LIGHT,
    MIDDLE,
    SHADOW,
    ST_BEFORE_DRAFT,
    ST_CHARACTERS,
    T_CHAR_DEAL,
    T_CHAR_PASS,
    T_CHAR_REVEAL,
    T_DRAW,
    T_ROUND,
)

# round effects (`fx` indices)
FX_FREEZE, FX_DARK, FX_BETRAY, FX_BETRAY_VOID, FX_PUNISH, FX_JUSTICE, FX_RAGE_PECK, \
    FX_CONSPIRED = range(8)

# abilities used (`cused` bits)
CU_HUMAN_ROUND, CU_RAVEN_ROUND, CU_HUMAN_GAME, CU_RAVEN_GAME, CU_LENORE, CU_COPY = (
    1, 2, 4, 8, 16, 32)
ROUND_BITS = CU_HUMAN_ROUND | CU_RAVEN_ROUND | CU_COPY
"""The `cused` bits cleared at clean-up."""


class NevermoreFields(State):
    """A Nevermore game's fields and the task-stack primitives every rule area uses."""

    __slots__ = (
        "cards", "specters", "round", "start", "direction", "order", "max_health", "stage",
        "won", "reason", "health", "vp", "raven", "hand", "front", "held", "to_pass", "mdeck",
        "magick", "ldeck", "ldisc", "sdeck", "sdisc", "adrift", "mids", "shown", "tkknown",
        "step", "commit", "net", "raw", "netlog", "fx", "harvest", "repent", "prophecies",
        "damaged_by", "turned_by", "drawn", "drawer", "char", "cused", "copied", "cform",
        "cdeal", "ckeep", "decision", "pending", "tasks",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "specters")

    cards: CardSet
    specters: bool
    round: int
    start: int
    direction: int
    order: list[int]
    max_health: int
    stage: int
    won: list[int]
    reason: str
    health: list[int]
    vp: list[int]
    raven: list[int]
    hand: list[list[int]]
    front: list[list[int]]
    held: list[list[int]]
    to_pass: list[int]
    mdeck: list[int]
    magick: list[list[int]]
    ldeck: list[int]
    ldisc: list[int]
    sdeck: list[int]
    sdisc: list[int]
    adrift: list[int]
    mids: list[int]
    shown: int
    tkknown: int
    step: int
    commit: list[list[int]]
    net: list[int]
    raw: list[int]
    netlog: list[list[int]]
    fx: list[int]
    harvest: list[int]
    repent: list[int]
    prophecies: list[list[int]]
    damaged_by: list[int]
    turned_by: list[int]
    drawn: list[int]
    drawer: int
    char: list[int]
    cused: list[int]
    copied: list[int]
    cform: list[int]
    cdeal: list[list[int]]
    ckeep: list[int]
    decision: list[int]
    pending: list[int]
    tasks: list[list[int]]

    # -- set-up (規則 1) --------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """The set-up, with the first tasks (secret Shadow Magick, the round) still to run.

        Health by player count, the direction marker Left, seat 0 starts; every seat is
        to draw one Shadow Magick card, then (Specters) the characters are drafted.
        """
        s = cls.blank("nevermore", players, seed, options)
        s.restore_derived()
        n = players
        if s.specters and len(s.cards.characters) < 2 * n:
            raise CandlelitError(
                f"Specters deals 2 characters to each of {n} players: the card data has only "
                f"{len(s.cards.characters)}")
        s.round = 1
        s.start = 0
        s.direction = LEFT
        s.order = s.priority()
        s.max_health = 5 if n <= 4 else 4
        s.stage = ST_CHARACTERS if s.specters else ST_BEFORE_DRAFT
        s.won, s.reason = [], ""
        s.health = [s.max_health] * n
        s.vp = [0] * n
        s.raven = [0] * n
        s.hand = [[0] * 5 for _ in range(n)]
        s.front = [[0] * 5 for _ in range(n)]
        s.held = [[0] * 5 for _ in range(n)]
        s.to_pass = [0] * n
        s.mdeck = []
        s.magick = [[0] * len(s.cards.magick) for _ in range(n)]
        sourced_only = bool(options["sourced_only"])
        s.ldeck = s.cards.deck_list(LIGHT, sourced_only)
        s.sdeck = s.cards.deck_list(SHADOW, sourced_only)
        s.shuffle(s.ldeck)
        s.shuffle(s.sdeck)
        s.ldisc, s.sdisc, s.adrift = [], [], []
        s.mids, s.shown, s.tkknown = list(MIDDLE), 4, 0
        s.clear_round()
        s.turned_by = [-1] * n
        s.drawn, s.drawer = [], -1
        s.char = [-1] * n
        s.cused = [0] * n
        s.copied = [-1] * n
        s.cform = [0] * n
        s.cdeal = [[] for _ in range(n)]
        s.ckeep = [-1] * n
        s.decision, s.pending, s.tasks = [D_NONE], [], []
        s._emit("setup", "nevermore.setup", {"players": n, "health": s.max_health})
        s.tasks.append([T_ROUND])
        if s.specters:
            s.tasks.extend([[T_CHAR_REVEAL], [T_CHAR_PASS], [T_CHAR_DEAL]])
        s.push(*[[T_DRAW, SHADOW, seat, 1] for seat in range(n)])
        return s

    def clear_round(self) -> None:
        """Forget the round's steps, commitments, effects and damage (set-up and clean-up)."""
        n = self.num_players
        self.step = -1
        self.commit = [[0, 0, 0, 0] for _ in range(n)]
        self.net = [0] * n
        self.raw = [0] * n
        self.netlog = [[-1] * n for _ in range(5)]
        self.fx = [0, 0, -1, 0, 0, 0, 0, 0]
        self.harvest = [0] * n
        self.repent, self.prophecies = [], []
        self.damaged_by = [0] * n

    def restore_derived(self) -> None:
        """Rebuild the card set from the options."""
        self.cards = cards_for(self.options["boards"])
        self.specters = bool(self.options["characters"])

    def priority(self) -> list[int]:
        """From the start player's downstream neighbour round to the start player (規則 8)."""
        n, d = self.num_players, self.direction
        return [(self.start + d * k) % n for k in range(1, n + 1)]

    def shuffle(self, items: list[int]) -> None:
        """Shuffle `items` in place with the game's next chance event."""
        self._chance().shuffle(items)

    # -- the task stack ------------------------------------------------------------------
    def ask(self, kind: int, seat: int, *args: int) -> None:
        """Pause the tasks until `seat` answers a decision of `kind` about `args`."""
        self.decision = [kind, seat, *args]
        self.pending = [seat]

    def push(self, *tasks: list[int]) -> None:
        """Schedule `tasks` to run in the order given, before anything already scheduled."""
        self.tasks.extend(reversed(tasks))

    @abstractmethod
    def on_target(self, seat: int, purpose: int, target: int, extra: int) -> None:
        """Carry out `seat`'s choice of `target` for `purpose` (answered in rules.py)."""

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> Self:
        """A copy sharing only immutable data (the card set, options, logged events)."""
        c = self.fresh_copy()
        c.cards, c.specters = self.cards, self.specters
        c.round, c.start, c.direction, c.order = self.round, self.start, self.direction, \
            self.order[:]
        c.max_health, c.stage, c.won, c.reason = self.max_health, self.stage, self.won[:], \
            self.reason
        c.health, c.vp, c.raven = self.health[:], self.vp[:], self.raven[:]
        c.hand = [h[:] for h in self.hand]
        c.front = [h[:] for h in self.front]
        c.held = [h[:] for h in self.held]
        c.to_pass, c.mdeck = self.to_pass[:], self.mdeck[:]
        c.magick = [m[:] for m in self.magick]
        c.ldeck, c.ldisc, c.sdeck, c.sdisc = self.ldeck[:], self.ldisc[:], self.sdeck[:], \
            self.sdisc[:]
        c.adrift, c.mids, c.shown, c.tkknown = self.adrift[:], self.mids[:], self.shown, \
            self.tkknown
        c.step = self.step
        c.commit = [x[:] for x in self.commit]
        c.net, c.raw = self.net[:], self.raw[:]
        c.netlog = [x[:] for x in self.netlog]
        c.fx, c.harvest, c.repent = self.fx[:], self.harvest[:], self.repent[:]
        c.prophecies = [p[:] for p in self.prophecies]
        c.damaged_by, c.turned_by = self.damaged_by[:], self.turned_by[:]
        c.drawn, c.drawer = self.drawn[:], self.drawer
        c.char, c.cused, c.copied, c.cform = self.char[:], self.cused[:], self.copied[:], \
            self.cform[:]
        c.cdeal = [x[:] for x in self.cdeal]
        c.ckeep = self.ckeep[:]
        c.decision, c.pending = self.decision[:], self.pending[:]
        c.tasks = [t[:] for t in self.tasks]
        return c
