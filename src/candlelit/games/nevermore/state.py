"""Nevermore's fields, declared once (engine/fields.py), and its set-up (規則 1).

The fields are the serialized format, in order (the engine clones and stores them);
per seat lists are indexed by seat, suit counts by suit (constants.SUITS), magick counts
by title (the card set's magick index).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Self

from candlelit.engine.errors import CandlelitError
from candlelit.engine.fields import state_fields
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


@state_fields
class NevermoreFields(State):
    """A Nevermore game's fields and the task-stack primitives every rule area uses."""

    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "specters")

    cards: CardSet              # the card set (derived from option `cards`)
    specters: bool              # whether characters are in play (derived: option `characters`)
    round: int                  # the round number, from 1
    start: int                  # the start player's seat
    direction: int              # the direction marker: LEFT (+1) or RIGHT (-1)
    order: list[int]            # this round's priority order, start's downstream neighbour first
    max_health: int             # 5 at 3-4 players, 4 at 5-6
    stage: int                  # the ST_* stage shown to people
    won: list[int]              # the winning seats (empty while the game goes on)
    reason: str                 # why it ended: curse, fallen, last_human, points or rounds
    health: list[int]           # per seat health (0 for a raven)
    vp: list[int]               # per seat points
    raven: list[int]            # per seat 1 in raven form, else 0
    hand: list[list[int]]       # per seat suit cards in hand, counted by suit
    front: list[list[int]]      # per seat suit cards put down this round, by suit
    held: list[list[int]]       # per seat suit cards chosen for the current pass, by suit
    to_pass: list[int]          # per seat cards still to choose for the current pass
    mdeck: list[int]            # the rest of the main deck this round (suits)
    magick: list[list[int]]     # per seat magick cards held, counted by title
    ldeck: list[int]            # the Light Magick deck (titles, drawn from the end)
    ldisc: list[int]            # the Light Magick discard pile
    sdeck: list[int]            # the Shadow Magick deck (titles, drawn from the end)
    sdisc: list[int]            # the Shadow Magick discard pile
    adrift: list[int]           # magick spent this round, discarded at clean-up
    mids: list[int]             # the four middle resolution tokens (suits), in resolution order
    shown: int                  # how many middle tokens are face up, from the first
    tkknown: int                # bits of the seats that looked at the face-down tokens (Dupin)
    step: int                   # the suit resolving (RAVEN: ravens skulk; -1: not resolving)
    commit: list[list[int]]     # per seat face-down [suit cards, Ravens, bluff size, wild Raven]
    net: list[int]              # per seat uncancelled cards of the step (Ravens while skulking)
    raw: list[int]              # per seat suit cards committed to the step, before cancelling
    netlog: list[list[int]]     # per suit the net counts once resolved (all -1: not yet)
    fx: list[int]               # the round's magick effects, indexed by FX_*
    harvest: list[int]          # per seat Harvests played (the upstream seat passes more first)
    repent: list[int]           # seats that played Repentance this round
    prophecies: list[list[int]] # [owner, target, suit, checked] for each Prophecy this round
    damaged_by: list[int]       # per seat bits of the seats that damaged it this round
    turned_by: list[int]        # per seat who turned it into a raven (-1: nobody / human)
    drawn: list[int]            # Light Magick titles just drawn, that a Requisition may take
    drawer: int                 # the seat that drew them (-1: none)
    char: list[int]             # per seat character (-1: none)
    cused: list[int]            # per seat CU_* bits of the abilities already used
    copied: list[int]           # per seat character copied by William Wilson this round (-1: none)
    cform: list[int]            # per seat form the copied ability serves (0 human, 1 raven)
    cdeal: list[list[int]]      # per seat characters on offer in the character draft
    ckeep: list[int]            # per seat character kept at the draft's first choice (-1: none)
    decision: list[int]         # the pending decision [D_* kind, seat or -1, arguments...]
    pending: list[int]          # the seats that answer it
    tasks: list[list[int]]      # the round's task stack (lists of ints, the last runs first)

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
        self.cards = cards_for(self.options["cards"])
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

