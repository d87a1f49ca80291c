"""The fields of a 箱庭版暗影獵人 game, its set-up (步驟 2-4) and the reads every rule area shares.

Slots (their names are the serialized format):

| slot        | holds                                                                        |
|-------------|------------------------------------------------------------------------------|
| cards       | derived: the card table (cards.py), index = card number in decks and piles   |
| pool        | derived: the character table (characters.py), index = character number       |
| zones       | derived: cell -> the zones (區) it belongs to, by the `zones` option (D3)     |
| zone_mates  | derived: cell -> the cells sharing a zone with it                            |
| roster      | the characters dealt, sorted (public: who is in the game, not who is who)    |
| char        | seat -> its dealt character                                                  |
| zombie_of   | seat -> the character it now plays as a zombie (病毒感染), or -1              |
| zmax        | seat -> its maximum HP as a zombie, or 0                                     |
| hp          | seat -> HP left                                                              |
| alive       | seat -> 1 while alive                                                        |
| revealed    | seat -> 1 once its character is face up                                      |
| cell        | seat -> the keypad cell it stands on                                         |
| equip       | seat -> the cards in front of it (equipment and orbs)                        |
| held        | seat -> the cards it kept for later (hidden from the others)                 |
| decks       | colour index -> the deck's cards, the top last                               |
| dropped     | cell index -> equipment the dead left there (tournament preset, D20)         |
| removed     | cards out of the game (used treasures, burnt items)                          |
| order       | the turn order, a permutation of the seats (D5)                              |
| turn        | index in `order` of the seat whose turn it is                                |
| round       | the round number, from 1 (D24c)                                              |
| phase       | the turn's step: START, MOVE, ACTION, ATTACK or DONE                         |
| flags       | seat -> F_* bits of effects that last a while                                |
| shelter     | seat -> 聖堂之庇護 reductions until its next turn                             |
| ward        | seat -> 聖堂之結界 reductions of its own attacks until its next turn          |
| guard       | seat -> 1 while 聖堂武士的守護 protects the south                             |
| used        | seat -> skill-use bits: 1 << k for the game, 1 << (8 + k) and SHIELD_USED /   |
|             | CHEER_USED until its next turn                                               |
| death_rank  | seat -> which death (1 first, 0 alive) it died in; deaths at once share it   |
| deaths      | how many times characters died so far                                        |
| killer      | seat -> who killed it, or -1                                                 |
| trig        | seats whose trigger mission is fulfilled (the game ends at once)             |
| exploded_at | seat -> the cell where its 自體爆炸 went off, or 0                            |
| over        | 1 once the game is over                                                      |
| won         | the winning seats                                                            |
| reason      | why the game ended ('' before)                                               |
| decision    | the pending choice: [kind, seat, *context]                                   |
| queue       | choices that must be asked later: [kind, seat, options, *context]            |
| chosen      | [1] once this turn's start-of-turn effects ran                               |
| choices     | the pending decision's sorted options                                        |
| lodestone   | seat -> 迷失的磁場 re-rolls it may force this turn                            |
| strike      | the attack under way: [attacker, target, roll, doubled, shields, cheer,      |
|             | cheering seat, element index picked from equipment or -1], or []             |
| askers      | [SHIELD or CHEER, seat]: who the attack's reaction window still asks         |
| watch       | WATCH_* bits: the trigger missions this deal can fulfil                      |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

from candlelit.engine.errors import OptionError
from candlelit.engine.state import State
from candlelit.games.shadow_hunters.cards import Card, cards_for
from candlelit.games.shadow_hunters.characters import NO_BLOCKS, characters_for
from candlelit.games.shadow_hunters.constants import CELLS, COLOURS, D8_TO_CELL, ZONE_MODELS

if TYPE_CHECKING:
    from candlelit.games.shadow_hunters.characters import Character

START, MOVE, ACTION, ATTACK, DONE = range(5)
"""The steps of a turn (步驟 5), the values of `phase`."""

F_UNRESTRICTED = 1
"""聖堂英靈: 大地聖劍's attack roll holds against everyone."""
F_SKIP_TURN = 2
"""溫泉旅館: the seat rests through its next turn."""
F_SKIP_MOVE = 4
"""精靈遊俠的陷阱: the seat does not move on its next turn."""
F_NO_ATTACK = 8
"""片翼飛翔: the seat flew, so it does not attack this turn."""
F_UNTARGETABLE = 16
"""聖堂武士的勸戒: nobody may attack the seat until its next turn."""
F_SECOND = 32
"""火炎之鞭: this turn's second attack is under way."""
F_DELAY = 64
"""火炎之翼: the seat attacks first and moves afterwards."""
F_LATE = 128
"""火炎之翼: the delayed move is under way (no location action after it)."""
UNTIL_NEXT_TURN = F_UNTARGETABLE | F_NO_ATTACK | F_SECOND | F_DELAY | F_LATE
"""The flags that end when the seat's next turn starts."""

SHIELD_USED = 1 << 12
"""`used` bit: the seat raised 聖堂之盾 since its last turn."""
CHEER_USED = 1 << 13
"""`used` bit: the seat cheered (圍觀助威) since its last turn."""
SHIELD, CHEER = 0, 1
"""What a seat in `askers` is asked about."""
WATCH_ZOMBIES, WATCH_FIRST_DEATH = 1, 2
"""`watch` bits: a zombie-majority mission, a first-death mission."""


class ShadowHuntersFields(State):
    """The fields of a game of 箱庭版暗影獵人 and the reads every rule area shares."""

    __slots__ = (
        "cards", "pool", "zones", "zone_mates", "roster", "char", "zombie_of", "zmax", "hp",
        "alive",
        "revealed", "cell", "equip", "held", "decks", "dropped", "removed", "order", "turn",
        "round", "phase", "flags", "shelter", "ward", "guard", "used", "death_rank", "deaths",
        "killer", "trig", "exploded_at", "over", "won", "reason", "decision",
        "queue", "chosen", "choices", "lodestone", "strike", "askers", "watch",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "pool", "zones", "zone_mates")

    cards: tuple[Card, ...]
    pool: tuple[Character, ...]
    zones: dict[int, tuple[str, ...]]
    zone_mates: dict[int, frozenset[int]]
    roster: list[int]
    char: list[int]
    zombie_of: list[int]
    zmax: list[int]
    hp: list[int]
    alive: list[int]
    revealed: list[int]
    cell: list[int]
    equip: list[list[int]]
    held: list[list[int]]
    decks: list[list[int]]
    dropped: list[list[int]]
    removed: list[int]
    order: list[int]
    turn: int
    round: int
    phase: int
    flags: list[int]
    shelter: list[int]
    ward: list[int]
    guard: list[int]
    used: list[int]
    death_rank: list[int]
    deaths: int
    killer: list[int]
    trig: list[int]
    exploded_at: list[int]
    over: int
    won: list[int]
    reason: str
    decision: list[Any]
    choices: list[int]
    queue: list[list[Any]]
    chosen: list[int]
    lodestone: list[int]
    strike: list[int]
    askers: list[list[int]]
    watch: int

    # == set-up (步驟 2-4) ==================================================================
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal characters, roll start cells and the turn order (the first turn not begun)."""
        s = cls.blank("shadow-hunters", players, seed, options)
        s.restore_derived()
        rng = s._chance()
        pool = list(range(len(s.pool)))
        if len(pool) < players:
            raise OptionError(f"{len(pool)} characters cannot fill {players} seats")
        s.roster = sorted(rng.sample(pool, players))
        dealt = list(s.roster)
        rng.shuffle(dealt)
        s.char = dealt
        s.watch = missions_to_watch(s)
        s.zombie_of = [-1] * players
        s.zmax = [0] * players
        s.hp = [s.pool[c].hp for c in dealt]
        s.alive = [1] * players
        s.revealed = [1 if options["identities"] == "revealed" else 0] * players
        s.cell = [D8_TO_CELL[rng.randint(1, 8)] for _ in range(players)]
        s.equip = [[] for _ in range(players)]
        s.held = [[] for _ in range(players)]
        s.decks = [[k for k, c in enumerate(s.cards) if c.colour == col] for col in COLOURS]
        for deck in s.decks:
            rng.shuffle(deck)
        s.dropped = [[] for _ in CELLS]
        s.removed = []
        s.order = list(range(players))
        rng.shuffle(s.order)
        s.turn, s.round, s.phase = 0, 1, START
        s.flags = [0] * players
        s.shelter = [0] * players
        s.ward = [0] * players
        s.guard = [0] * players
        s.used = [0] * players
        s.death_rank = [0] * players
        s.deaths = 0
        s.killer = [-1] * players
        s.trig = []
        s.exploded_at = [0] * players
        s.over, s.won, s.reason = 0, [], ""
        s.decision, s.choices, s.queue, s.chosen = [], [], [], []
        s.lodestone = [0] * players
        s.strike, s.askers = [], []
        s._emit("setup", "shadow_hunters.log.setup",
                {"order": list(s.order), "cells": list(s.cell)})
        for seat in range(players):
            s._emit("private", "shadow_hunters.log.your_character",
                    {"character": s.pool[s.char[seat]].id}, (seat,))
        return s

    def restore_derived(self) -> None:
        """Rebuild the card and character tables and the zone model from the options."""
        self.cards = cards_for(self.options["boards"])
        self.pool = characters_for(self.options["characters"])
        self.zones = ZONE_MODELS[self.options["zones"]]
        self.zone_mates = {a: frozenset(b for b in CELLS
                                        if set(self.zones[a]) & set(self.zones[b]))
                           for a in CELLS}

    def clone(self) -> Self:
        """An independent copy (nested lists copied, tables shared)."""
        cls = type(self)
        c = cls.__new__(cls)
        for name in ShadowHuntersFields.__slots__ + State.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(c, name, value)
        c.options = dict(self.options)
        return c

    # == chance =============================================================================
    def d6(self) -> int:
        """One six-sided die, the next chance event."""
        return 1 + self.below(6)

    def d8(self) -> int:
        """One eight-sided die, the next chance event."""
        return 1 + self.below(8)

    # == who is who =========================================================================
    def character(self, seat: int) -> Character:
        """The character `seat` plays now (a zombie once revived by 病毒感染)."""
        k = self.zombie_of[seat]
        return self.pool[self.char[seat] if k < 0 else k]

    def max_hp(self, seat: int) -> int:
        """Maximum HP (D19)."""
        return self.zmax[seat] or self.character(seat).hp

    def gate(self, seat: int) -> str:
        """The seat's gate: east/south/west/north, or none for lone wolves and zombies."""
        return "none" if self.zombie_of[seat] >= 0 else self.pool[self.char[seat]].gate

    def living(self) -> list[int]:
        """Living seats, ascending."""
        return [s for s in range(self.num_players) if self.alive[s]]

    def blocks(self, seat: int, name: str, automatic: bool = False) -> list[dict[str, Any]]:
        """The seat's blocks called `name`: only once revealed, unless `automatic` (D11)."""
        if not (self.revealed[seat] or automatic):
            return NO_BLOCKS
        return self.character(seat).blocks(name)

    def same_zone(self, a: int, b: int) -> bool:
        """Whether cells `a` and `b` share a zone."""
        return b in self.zone_mates[a]

    def has_card(self, seat: int, effect: str) -> bool:
        """Whether `seat` has equipment with `effect`."""
        equip = self.equip[seat]
        if not equip:
            return False
        cards = self.cards
        return any(cards[c].effect == effect for c in equip)

    # == whose turn =========================================================================
    def active(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn]

    def from_active(self) -> list[int]:
        """Seats in turn order, starting with the active one."""
        return self.order[self.turn:] + self.order[:self.turn]


def missions_to_watch(state: ShadowHuntersFields) -> int:
    """Which trigger missions this deal can fulfil (WATCH_* bits), so checks skip the rest."""
    dealt = [state.pool[c] for c in state.char]
    return ((WATCH_ZOMBIES if any(ch.blocks("zombify_kills") for ch in dealt) else 0)
            | (WATCH_FIRST_DEATH if any("first_death" in ch.mission_kinds for ch in dealt)
               else 0))
