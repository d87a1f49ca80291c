"""The fields of a 箱庭版暗影獵人 game, its set-up (步驟 2-4) and the reads every rule area shares.

The fields are declared once, in slot order (their names and order are the serialized
format), each with what it holds (engine/fields.py derives `__slots__` and `clone`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from candlelit.engine.errors import OptionError
from candlelit.engine.fields import state_fields
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


@state_fields
class ShadowHuntersFields(State):
    """The fields of a game of 箱庭版暗影獵人 and the reads every rule area shares."""

    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "pool", "zones", "zone_mates")

    cards: tuple[Card, ...]  # derived: the card table (cards.py), index = card number
    pool: tuple[Character, ...]  # derived: the character table (characters.py)
    zones: Mapping[int, tuple[str, ...]]  # derived: cell -> its zones (區), `zones` option (D3)
    zone_mates: Mapping[int, frozenset[int]]  # derived: cell -> the cells sharing a zone
    roster: list[int]  # the characters dealt, sorted (public: who plays, not who is who)
    char: list[int]  # seat -> its dealt character
    zombie_of: list[int]  # seat -> the character it plays as a zombie (病毒感染), or -1
    zmax: list[int]  # seat -> its maximum HP as a zombie, or 0
    hp: list[int]  # seat -> HP left
    alive: list[int]  # seat -> 1 while alive
    revealed: list[int]  # seat -> 1 once its character is face up
    cell: list[int]  # seat -> the keypad cell it stands on
    equip: list[list[int]]  # seat -> the cards in front of it (equipment and orbs)
    held: list[list[int]]  # seat -> the cards it kept for later (hidden from the others)
    decks: list[list[int]]  # colour index -> the deck's cards, the top last
    dropped: list[list[int]]  # cell index -> equipment the dead left there (tournament, D20)
    removed: list[int]  # cards out of the game (used treasures, burnt items)
    order: list[int]  # the turn order, a permutation of the seats (D5)
    turn: int  # index in `order` of the seat whose turn it is
    round: int  # the round number, from 1 (D24c)
    phase: int  # the turn's step: START, MOVE, ACTION, ATTACK or DONE
    flags: list[int]  # seat -> F_* bits of effects that last a while
    shelter: list[int]  # seat -> 聖堂之庇護 reductions until its next turn
    ward: list[int]  # seat -> 聖堂之結界 reductions of its own attacks until its next turn
    guard: list[int]  # seat -> 1 while 聖堂武士的守護 protects the south
    used: list[int]  # seat -> skill-use bits: 1 << k for the game, 1 << (8 + k), SHIELD_USED
    # and CHEER_USED until its next turn
    death_rank: list[int]  # seat -> which death (1 first, 0 alive) it died in; shared at once
    deaths: int  # how many times characters died so far
    killer: list[int]  # seat -> who killed it, or -1
    trig: list[int]  # seats whose trigger mission is fulfilled (the game ends at once)
    exploded_at: list[int]  # seat -> the cell where its 自體爆炸 went off, or 0
    over: int  # 1 once the game is over
    won: list[int]  # the winning seats
    reason: str  # why the game ended ('' before)
    decision: list[Any]  # the pending choice: [kind, seat, *context]
    queue: list[list[Any]]  # choices to ask later: [kind, seat, options, *context]
    chosen: list[int]  # [1] once this turn's start-of-turn effects ran
    choices: list[int]  # the pending decision's sorted legal actions
    lodestone: list[int]  # seat -> 迷失的磁場 re-rolls it may force this turn
    strike: list[int]  # the attack under way: [attacker, target, roll, doubled, shields,
    # cheer, cheering seat, element index picked from equipment or -1], or []
    askers: list[list[int]]  # [SHIELD or CHEER, seat]: whom the hit's window still asks
    watch: int  # WATCH_* bits: the trigger missions this deal can fulfil


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
        self.cards = cards_for(self.options["cards"])
        self.pool = characters_for(self.options["characters"])
        self.zones = ZONE_MODELS[self.options["zones"]]
        self.zone_mates = {a: frozenset(b for b in CELLS
                                        if set(self.zones[a]) & set(self.zones[b]))
                           for a in CELLS}

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
