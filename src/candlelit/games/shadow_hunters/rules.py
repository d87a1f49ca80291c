"""箱庭版暗影獵人 as pure state transitions, in the order of the seed's 遊戲步驟.

Set-up (步驟 2-4): deal one character per seat from the pool (hidden, or face up in the
tournament preset); a d8 per seat picks its start cell (D4, no location action); the turn
order is a seeded permutation (D5).
A turn (步驟 5): start (until-next-turn effects end, start-of-turn skills and equipment,
reveal, kept cards); move 2d6 along the ring in a chosen direction, any other location on
a full lap (D1); the location's action, optional (D7); one optional attack on a character
in the same or an adjacent cell (D2), damage by the pipeline of `attack_damage` (D17); end.
Every damage and heal goes through `hit_many` / `heal`, which settle deaths together
(D22), revival replacements (秘寶, D21), kill credit (D20) and the win check (D6, D23-D24).

A pending choice is `decision` = [kind, seat, *context] with its sorted `options`; effects
that must ask later (a treasure's move, a stolen item) wait in `queue`. An attack under way
is `strike` = [attacker, target, roll, doubled, shields, cheer, cheering seat, element
chosen from equipment or -1]; the seats
still to be asked in its reaction window wait in `askers` (see `may_react`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from candlelit.engine.errors import IllegalAction, OptionError
from candlelit.engine.state import TERMINAL, State, check_action_type
from candlelit.games.shadow_hunters.cards import Card, cards_for
from candlelit.games.shadow_hunters.characters import NO_BLOCKS, Character, characters_for
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_CHAR,
    A_DECK,
    A_NO,
    A_REVEAL,
    A_SEAT,
    A_SKILL,
    A_VALUE,
    A_YES,
    CELLS,
    COLOUR_ELEMENT,
    COLOURS,
    D8_TO_CELL,
    DECK_OF_CELL,
    ELEMENTS,
    GATE_OF_CELL,
    IN_REACH,
    NUM_ACTIONS,
    ZONE_MODELS,
    step,
)
from candlelit.games.shadow_hunters.hooks import HOOKS

START, MOVE, ACTION, ATTACK, DONE = range(5)
CARD_PURPOSES = frozenset({"sermon", "ward", "fireball", "split_damage", "split_second",
                           "iron_fist", "iron_fist_second", "mercy", "admonition", "burning",
                           "prank", "pact"})
HOT_SPRING_HEAL = 2
MORTAR_DAMAGE = 2
COMMUNITY_HEAL = 1
LAKE_TREASURE_HP = 5
ORB_COLOURS = 4
WATCH_ZOMBIES, WATCH_FIRST_DEATH = 1, 2
WHIP_CAP = 3
SHIELD_USED = 1 << 12
CHEER_USED = 1 << 13
SHIELD, CHEER = 0, 1
BOOTS_STAY = (0, 11)
"""精靈之靴: a total of 0 or 11 (after the holder's +1/-1 choice) means no move."""


def shares(names: tuple[str, ...], elements: tuple[str, ...]) -> bool:
    """Whether a skill block's element names meet any element the damage or heal carries."""
    return any(e in elements for e in names)


def element_arg(elements: tuple[str, ...]) -> str | list[str]:
    """The log argument of `elements`: 'none', the element, or the list of several."""
    if not elements:
        return "none"
    return elements[0] if len(elements) == 1 else list(elements)


class ShadowHuntersState(State):
    """A game of 箱庭版暗影獵人."""

    F_UNRESTRICTED = 1
    F_SKIP_TURN = 2
    F_SKIP_MOVE = 4
    F_NO_ATTACK = 8
    F_UNTARGETABLE = 16
    F_SECOND = 32
    F_DELAY = 64
    F_LATE = 128

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
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> ShadowHuntersState:
        """Deal characters, roll start cells and the turn order, and start the first turn."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = "shadow-hunters", players, seed, options
        s.chance_draws, s.history, s.log = 0, [], []
        s.restore_derived()
        rng = s._chance()
        pool = list(range(len(s.pool)))
        if len(pool) < players:
            raise OptionError(f"{len(pool)} characters cannot fill {players} seats")
        s.roster = sorted(rng.sample(pool, players))
        dealt = list(s.roster)
        rng.shuffle(dealt)
        s.char = dealt
        s.watch = s._missions_to_watch()
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
        s._advance()
        return s

    def restore_derived(self) -> None:
        """Rebuild the card and character tables and the zone model from the options."""
        self.cards = cards_for(self.options["boards"])
        self.pool = characters_for(self.options["characters"])
        self.zones = ZONE_MODELS[self.options["zones"]]
        self.zone_mates = {a: frozenset(b for b in CELLS
                                        if set(self.zones[a]) & set(self.zones[b]))
                           for a in CELLS}

    def d6(self) -> int:
        """One six-sided die, the next chance event."""
        return 1 + self.below(6)

    def d8(self) -> int:
        """One eight-sided die, the next chance event."""
        return 1 + self.below(8)

    # == who is who ========================================================================
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

    def _auto_reveal(self, seat: int) -> None:
        """D11: an automatic skill changed a public outcome, so the character turns face up."""
        if not self.revealed[seat]:
            self.reveal(seat)

    def reveal(self, seat: int) -> None:
        """Turn `seat`'s character face up."""
        self.revealed[seat] = 1
        self._emit("reveal", "shadow_hunters.log.reveal",
                   {"seat": seat, "character": self.character(seat).id})

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

    def place(self, seat: int, cell: int) -> None:
        """Put `seat` on `cell` (tournament: pick up what the dead left there)."""
        self.cell[seat] = cell
        pile = self.dropped[CELLS.index(cell)]
        if pile and self.alive[seat]:
            self.equip[seat].extend(pile)
            self._emit("pickup", "shadow_hunters.log.pickup",
                       {"seat": seat, "cards": [self.cards[c].id for c in pile]})
            pile.clear()

    # == the turn (步驟 5) ==================================================================
    def active(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn]

    def _advance(self) -> None:
        """Run the turn until a decision is needed or the game is over."""
        while not self.over and not self.decision:
            if self.queue:
                self._ask_queued(self.queue.pop(0))
                continue
            seat = self.active()
            if not self.alive[seat]:
                self.phase = DONE
            if self.phase == START:
                self._turn_start(seat)
            elif self.phase == MOVE:
                self._move_phase(seat)
            elif self.phase == ACTION:
                self._action_phase(seat)
            elif self.phase == ATTACK:
                self._attack_phase(seat)
            else:
                self._next_turn()

    def _ask_queued(self, item: list[Any]) -> None:
        """Ask a waiting decision if its seat and its choices still exist."""
        kind, seat, options, *context = item
        if not self.alive[seat]:
            return
        if kind == "equip":
            options = [a for a in options if a - A_CARD in self.equip[context[1]]]
        if options:
            self._ask(kind, seat, options, *context)

    def _ask(self, kind: str, seat: int, options: list[int], *context: Any) -> None:
        self.decision = [kind, seat, *context]
        self.choices = sorted(set(options))

    def _next_turn(self) -> None:
        """Pass the turn to the next living seat in order; count rounds (D5, D24c)."""
        for _ in range(self.num_players):
            self.turn += 1
            if self.turn == self.num_players:
                self.turn = 0
                self.round += 1
                if self.round > self.options["max_rounds"]:
                    self._end("rounds")
                    return
            if self.alive[self.active()]:
                break
        self.phase = START
        self.chosen = []

    # -- (1) start --------------------------------------------------------------------------
    def _turn_start(self, seat: int) -> None:
        if not self.chosen:
            self.chosen = [1]
            self._emit("turn", "shadow_hunters.log.turn", {"seat": seat, "round": self.round})
            self.shelter[seat] = self.ward[seat] = self.guard[seat] = 0
            self.flags[seat] &= ~(self.F_UNTARGETABLE | self.F_NO_ATTACK | self.F_SECOND
                                  | self.F_DELAY | self.F_LATE)
            self.used[seat] &= 0xFF
            self.lodestone[seat] = 0
            # skills before equipment (＊ note): 投影存在 strikes before 湖之祭衣 heals
            for b in self.blocks(seat, "turn_start_damage", automatic=True):
                self._auto_reveal(seat)
                self.hit_many([(seat, b["amount"])], (), seat, "skill")
            if not self.over and self.alive[seat] and self.has_card(seat, "lake_vestment"):
                self.heal(seat, 1, (), seat)
            if self.over or not self.alive[seat] or self.decision:
                if not self.alive[seat]:
                    self.phase = DONE
                return
            if self.flags[seat] & self.F_SKIP_TURN:
                self.flags[seat] &= ~self.F_SKIP_TURN
                self._emit("rest", "shadow_hunters.log.rest", {"seat": seat})
                self.phase = DONE
                return
        opts = [A_NO] + ([A_REVEAL] if not self.revealed[seat] else [])
        opts += [A_SKILL + k for k in self._start_skills(seat)]
        opts += [A_CARD + c for c in self.held[seat]]
        self._ask("start", seat, opts)

    def _start_skills(self, seat: int) -> list[int]:
        """Indices of the seat's skills usable now at the start of its turn."""
        if not self.revealed[seat]:
            return []
        ch = self.character(seat)
        out = []
        for k in ch.start_skills:
            sk = ch.skills[k]
            for b in sk.blocks:
                if b["block"] == "fly" and self.phase == START:
                    out.append(k)
                if b["block"] == "restore_to" and self._uses_left(seat, k, b["uses"]):
                    out.append(k)
            if sk.hook == "self_fireball" and not self.used[seat] >> (8 + k) & 1:
                out.append(k)
        return out

    def _uses_left(self, seat: int, skill: int, uses: int) -> bool:
        return uses > 1 or not self.used[seat] >> skill & 1

    # -- (2) move ---------------------------------------------------------------------------
    def _move_phase(self, seat: int) -> None:
        if self.flags[seat] & self.F_SKIP_MOVE:
            self.flags[seat] &= ~self.F_SKIP_MOVE
            self._emit("snared", "shadow_hunters.log.no_move", {"seat": seat})
            self.phase = ACTION
            return
        if not self.flags[seat] & self.F_LATE and self.has_card(seat, "wings"):
            self._ask("wings", seat, [A_NO, A_YES])
            return
        self._roll_move(seat)

    def _roll_move(self, seat: int) -> None:
        """Roll 2d6 to move; holders of 迷失的磁場 may then force one re-roll."""
        a, b = self.d6(), self.d6()
        self._emit("roll", "shadow_hunters.log.move_roll", {"seat": seat, "dice": [a, b]})
        holders = [s for s in self._from_active() if self.lodestone[s] and self.alive[s]]
        if holders:
            self._ask("lodestone", holders[0], [A_NO, A_YES], seat, a, b, *holders[1:])
            return
        self._offer_moves(seat, a, b)

    def _from_active(self) -> list[int]:
        """Seats in turn order, starting with the active one."""
        return self.order[self.turn:] + self.order[:self.turn]

    def _offer_moves(self, seat: int, a: int, b: int) -> None:
        """Offer the destinations of a movement roll of `a` and `b` (D1, 精靈之靴)."""
        totals = [a + b]
        boots = self.has_card(seat, "boots")
        if boots:
            totals += [a + b - 1, a + b + 1]
        here = self.cell[seat]
        dest: set[int] = set()
        for n in totals:
            if boots and n in BOOTS_STAY:
                dest.add(here)
            elif n % 8 == 0:
                dest |= {c for c in CELLS if c != here}
            else:
                dest |= {step(here, n), step(here, -n)}
        self._ask("move", seat, [A_CELL + CELLS.index(c) for c in dest])

    # -- (3) location action ----------------------------------------------------------------
    def _after_attack(self, seat: int, struck: bool) -> None:
        """The phase after an attack decision: 火炎之鞭's second attack, 火炎之翼's late move."""
        flags = self.flags[seat]
        if struck and not flags & self.F_SECOND and self.has_card(seat, "whip"):
            self.flags[seat] |= self.F_SECOND
            self.phase = ATTACK
        elif flags & self.F_DELAY:
            self.flags[seat] = (flags & ~self.F_DELAY) | self.F_LATE
            self.phase = MOVE
        else:
            self.phase = DONE

    def _action_phase(self, seat: int) -> None:
        self._ask("act", seat, [A_NO, A_YES], self.cell[seat])

    def _location_action(self, seat: int) -> None:
        """Do the action of the seat's location (卡片說明 1, D7, D8)."""
        cell = self.cell[seat]
        if cell == 1:
            self._target(seat, "gourd", self.living())
        elif cell == 3:
            self.heal(seat, HOT_SPRING_HEAL, (), seat)
            self.flags[seat] |= self.F_SKIP_TURN
        elif cell == 9:
            self._target(seat, "mortar", self.living())
        elif cell == 7:
            decks = [A_DECK + k for k, d in enumerate(self.decks) if d]
            if decks:
                self._ask("deck", seat, decks)
        else:
            self.draw(seat, COLOURS.index(DECK_OF_CELL[cell]))
            gate = GATE_OF_CELL[cell]
            members = [s for s in self.living() if self.gate(s) == gate]
            for s in members:
                self.heal(s, COMMUNITY_HEAL, (), seat, quiet=True)
            self._emit("community", "shadow_hunters.log.community_heal",
                       {"gate": gate, "seats": members})
            self.check_end()

    def _target(self, seat: int, purpose: str, seats: list[int], *ctx: Any) -> None:
        if seats:
            self._ask("target", seat, [A_SEAT + s for s in seats], purpose, *ctx)

    # -- (4) attack -------------------------------------------------------------------------
    def attack_targets(self, seat: int) -> list[int]:
        """Seats `seat` may attack now (D2 range, 精靈長弓, 潛行, 守護, 勸戒, 惡魔討伐)."""
        flags, where, zones = self.flags, self.cell, self.zones
        here = where[seat]
        if flags[seat] & self.F_NO_ATTACK:
            return []
        forced = self.forced_targets(seat)
        if forced:
            return forced
        guard = any(self.guard)
        if guard and "south" in zones[here]:
            return []
        if self.has_card(seat, "longbow"):
            cells = frozenset(c for c in CELLS if not self.same_zone(c, here))
        else:
            cells = IN_REACH[here]
        out = []
        for t in range(self.num_players):
            if not self.alive[t] or t == seat:
                continue
            there = where[t]
            if there not in cells or (guard and "south" in zones[there]) or \
                    flags[t] & self.F_UNTARGETABLE:
                continue
            hide = self.blocks(t, "untargetable_in")
            if hide and any(b["zone"] in zones[there] for b in hide):
                continue
            out.append(t)
        return out

    def forced_targets(self, seat: int) -> list[int]:
        """惡魔討伐: the revealed named characters in reach and in the seat's zone (同區).

        A skill outranks cards and equipment (＊ note), so 精靈長弓, 聖堂武士的守護 and
        勸戒 do not stop the forced attack; reach (D2), the target's own skills (潛行) and
        片翼飛翔's "no attack" still do.
        """
        found = self.blocks(seat, "forced_attack", automatic=True)
        if not found or self.flags[seat] & self.F_NO_ATTACK:
            return []
        here = self.cell[seat]
        out = []
        for t in range(self.num_players):
            there = self.cell[t]
            if t == seat or not self.alive[t] or not self.revealed[t] or \
                    there not in IN_REACH[here] or not self.same_zone(there, here) or \
                    not any(self.character(t).id == b["character"] for b in found):
                continue
            hide = self.blocks(t, "untargetable_in")
            if not any(b["zone"] in self.zones[there] for b in hide):
                out.append(t)
        return out

    def _attack_phase(self, seat: int) -> None:
        targets = self.attack_targets(seat)
        if self.flags[seat] & self.F_SECOND:
            self._ask("attack", seat, [A_NO] + [A_SEAT + t for t in targets])
            return
        opts = [] if self.forced_targets(seat) else [A_NO]
        opts += [A_SEAT + t for t in targets]
        if not self.flags[seat] & self.F_NO_ATTACK:
            # the seat itself is always in its zone, so a heal has a target
            if self.blocks(seat, "heal_instead_of_attack"):
                opts.append(A_SKILL)
            opts += [A_CARD + c for c in self.equip[seat]
                     if self.cards[c].effect == "lake_staff"][:1]
            opts += [A_SKILL + 1 + k for k in self._start_skills(seat)
                     if self.character(seat).skills[k].hook == "self_fireball"]
        self._ask("attack", seat, opts)

    def _zone_mates(self, seat: int) -> list[int]:
        return [t for t in self.living() if self.same_zone(self.cell[t], self.cell[seat])]

    def attack(self, att: int, tgt: int) -> None:
        """Roll an attack of `att` on `tgt` (步驟 5-4) and resolve it (D17)."""
        self._emit("attack", "shadow_hunters.log.attack", {"seat": att, "to": tgt})
        if any(self.character(tgt).id == b["character"]
               for b in self.blocks(att, "forced_attack", automatic=True)):
            self._auto_reveal(att)
        self.strike = [att, tgt, 0, 0, 0, 0, -1, -1]
        if self.options["attack_element"] == "equipment" and self.equip[att]:
            colours = {self.cards[c].colour for c in self.equip[att]}
            picks = [A_VALUE + ELEMENTS.index(e) for col, e in COLOUR_ELEMENT.items()
                     if col in colours]
            self._ask("element", att, [A_NO, *picks], tgt)
            return
        self._press()

    def _press(self) -> None:
        """Let a hidden attacker reveal before the roll, then ask the target."""
        att, tgt = self.strike[0], self.strike[1]
        if not self.revealed[att] and self.may_react("when_attacking"):
            self._ask("press", att, [A_NO, A_REVEAL], tgt)
            return
        self._brace()

    def _brace(self) -> None:
        """Let a hidden target reveal before the roll, then roll."""
        att, tgt = self.strike[0], self.strike[1]
        if not self.revealed[tgt] and self.may_react("when_attacked"):
            self._ask("brace", tgt, [A_NO, A_REVEAL], att)
            return
        self._roll_attack()

    def may_react(self, timing: str) -> bool:
        """Whether a character not yet seen face up has a skill of `timing` (public roster).

        Reaction windows ask every hidden seat they concern when this holds, and none
        otherwise, so being asked says nothing about who a seat is.
        """
        shown = {self.char[s] for s in range(self.num_players) if self.revealed[s]}
        pool = self.pool
        return any(timing in pool[k].timings for k in self.roster if k not in shown)

    def _roll_attack(self) -> None:
        """Roll the attack of the pending strike (D17 step 1) and offer 連擊."""
        att, tgt = self.strike[0], self.strike[1]
        against = self.blocks(att, "attack_roll")
        lifted = self.flags[att] & self.F_UNRESTRICTED
        if against and (lifted or self.character(tgt).community == against[0]["against"]):
            roll = self.d6() - 1
        else:
            roll = abs(self.d6() - self.d6())
        self._emit("roll", "shadow_hunters.log.attack_roll", {"seat": att, "n": roll})
        self.strike[2] = roll
        if self.blocks(att, "double_damage") and self._double_ready(att) and roll > 0:
            self._ask("double", att, [A_NO, A_YES], tgt, roll)
            return
        self._after_roll(False)

    def _after_roll(self, double: bool) -> None:
        """Open the reaction window of a hit: 聖堂之盾 holders, then bystanders (圍觀助威)."""
        att, tgt, roll = self.strike[0], self.strike[1], self.strike[2]
        self.strike[3] = int(double)
        if double:
            for k, sk in enumerate(self.character(att).skills):
                if any(b["block"] == "double_damage" for b in sk.blocks):
                    self.used[att] |= 1 << k
        dmg, extra, _ = self.attack_damage(att, tgt, roll, double)
        self.askers = []
        if dmg + extra:
            here, there = self.cell[att], self.cell[tgt]
            hidden_may = self.may_react("reaction")
            shield_helps = -1  # whether one shield lowers the damage: computed when needed
            for s in self._from_active():
                if not self.alive[s]:
                    continue
                if self.has_card(s, "shield") and not self.used[s] & SHIELD_USED and \
                        self.same_zone(self.cell[s], there):
                    if shield_helps < 0:
                        shield_helps = int(self.attack_damage(att, tgt, roll, double, 1)[0]
                                           < dmg)
                    if shield_helps:
                        self.askers.append([SHIELD, s])
                near = self.same_zone(self.cell[s], here) or self.same_zone(self.cell[s], there)
                if near and s != att and s != tgt and (
                        (hidden_may and not self.revealed[s]) or self._cheer_ready(s)):
                    self.askers.append([CHEER, s])
        self._next_reaction()

    def _cheer_ready(self, seat: int) -> bool:
        """Whether `seat` plays a bystander_adjust character with a use left this round."""
        return bool(self.character(seat).blocks("bystander_adjust")) and \
            not self.used[seat] & CHEER_USED

    def _next_reaction(self) -> None:
        """Ask the next seat of the reaction window, or land the attack."""
        while self.askers:
            kind, s = self.askers.pop(0)
            if not self.alive[s]:
                continue
            if kind == SHIELD:
                if not self.used[s] & SHIELD_USED and self.has_card(s, "shield"):
                    self._ask("shield", s, [A_NO, A_YES], self.strike[1])
                    return
                continue
            opts = [A_NO]
            if not self.revealed[s]:
                opts.append(A_REVEAL)
            if self.strike[6] < 0 and self._cheer_ready(s):
                opts += [A_VALUE, A_VALUE + 2]
            if len(opts) > 1:
                self._ask("cheer", s, opts, self.strike[0], self.strike[1])
                return
        att, tgt, roll, double, shield, cheer = self.strike[:6]
        self.resolve_attack(att, tgt, roll, double, shield, cheer)

    def _double_ready(self, seat: int) -> bool:
        for k, sk in enumerate(self.character(seat).skills):
            if any(b["block"] == "double_damage" for b in sk.blocks):
                return not self.used[seat] >> k & 1
        return False

    def attack_damage(self, att: int, tgt: int, roll: int, double: bool, shield: int = 0,
                      cheer: int = 0) -> tuple[int, int, bool]:
        """D17: (damage through reductions, damage outside them, whether the attack
        succeeded) of an attack roll; a success may still be reduced to no damage."""
        armed = bool(self.equip[att])
        # 2. roll modifiers
        if armed and self.has_card(att, "whip"):
            roll = min(roll, WHIP_CAP)
        if armed and self.has_card(att, "lake_staff") and \
                not self.blocks(att, "ignore_card_penalty"):
            roll -= 1
        for b in self.blocks(tgt, "roll_modifier"):
            if b["side"] == "defender":
                armour = any(self.cards[c].armour for c in self.equip[tgt])
                roll += int(b["amount"] / 2) if armour and b["halved_with_armour"] else b["amount"]
        roll = max(0, roll)
        # 3. success
        if roll == 0 or (roll == 1 and armed and self.has_card(att, "hammer")):
            return 0, 0, False
        dmg = roll
        # 4. fixed damage: the dagger shuts out cards and equipment, not skills (＊ note)
        fixed = armed and self.has_card(att, "dagger")
        if fixed:
            dmg = 2 + sum(b["amount"] for b in self.blocks(att, "fixed_damage_bonus"))
        # 5. attacker bonuses (魔炎操控's +1 meets any element of the attack)
        elements = self.strike_elements(att)
        if elements:
            dmg += sum(b["amount"] for b in self.blocks(att, "element_damage_dealt")
                       if shares(b["element"], elements))
        # 6. multipliers (連擊, before reductions)
        if double:
            dmg *= 2
        # 7. reductions of cards and equipment, each with its own floor
        if not fixed:
            if armed and self.has_card(att, "lake_sword"):
                dmg = max(0, dmg - 1)
            if self.ward[att]:
                dmg = max(1, dmg - self.ward[att]) if dmg else 0
            for _ in range(self.shelter[tgt]):
                dmg = max(1, dmg - 1) if dmg else 0
            if self.equip[tgt]:
                if self.has_card(tgt, "helm"):
                    dmg = max(1, dmg - 2) if dmg else 0
                if self.has_card(tgt, "hammer"):
                    dmg = max(1, dmg - 1) if dmg else 0
            for _ in range(shield):
                dmg = max(1, dmg - 1) if dmg else 0
        # 7b. skill reductions last, past the cards' floors (膠質構造 may reach 0)
        for b in self.blocks(tgt, "damage_reduction"):
            dmg = min(dmg, max(b["floor"], dmg - b["amount"]))
        if cheer:
            dmg = max(0, dmg + cheer)
        # 8. outside reductions
        extra = sum(b["amount"] for b in self.blocks(att, "attack_rider", automatic=True))
        if extra:
            self._auto_reveal(att)
        return dmg, extra, True

    def attack_elements(self, seat: int) -> tuple[str, ...]:
        """Elements a skill gives the seat's attacks (D18), all of them, while unequipped."""
        if self.equip[seat]:
            return ()
        found = self.blocks(seat, "attack_element")
        if not found:
            return ()
        if len(found) == 1:
            return tuple(found[0]["elements"])
        return tuple(dict.fromkeys(e for b in found for e in b["elements"]))

    def strike_elements(self, att: int) -> tuple[str, ...]:
        """Elements of `att`'s attack under way: its skill's, else the one picked from its
        equipment colours (`attack_element` equipment), else none."""
        skill = self.attack_elements(att)
        if skill:
            return skill
        chosen = self.strike[7] if self.strike and self.strike[0] == att else -1
        return (ELEMENTS[chosen],) if chosen >= 0 else ()

    def resolve_attack(self, att: int, tgt: int, roll: int, double: bool | int,
                       shield: int = 0, cheer: int = 0) -> None:
        """Apply an attack's damage and its on-attack equipment (D17 step 9)."""
        if not self.strike:
            self.strike = [att, tgt, roll, int(double), shield, cheer, -1, -1]
        dmg, extra, hit = self.attack_damage(att, tgt, roll, bool(double), shield, cheer)
        if not hit:
            self._emit("miss", "shadow_hunters.log.miss", {"seat": att})
        elif dmg + extra:
            self.hit_many([(tgt, dmg + extra)], self.strike_elements(att), att, "attack",
                          bypass=True)
        else:
            self._emit("absorbed", "shadow_hunters.log.absorbed", {"seat": att, "to": tgt})
        if hit and self.has_card(att, "lake_sword") and self.alive[att]:
            self.heal(att, 1, (), att)
        self.strike = []
        if not self.over and self.alive[att] and self.has_card(att, "lance"):
            self.queue.append(["lance", att, [A_NO, A_YES], self.cell[tgt]])

    # == damage, heals, deaths =============================================================
    def hit_many(self, hits: list[tuple[int, int]], elements: tuple[str, ...], source: int,
                 cause: str, bypass: bool = False) -> None:
        """Deal damage carrying `elements` (none: ()) to several characters at once, then
        settle deaths together (D22); every element the damage carries meets the skills.

        `bypass`: the amounts already went through the attack pipeline's reductions.
        """
        dying = []
        shown = (elements[0] if len(elements) == 1 else list(elements)) if elements else "none"
        for tgt, amount in hits:
            if not self.alive[tgt]:
                continue
            if elements:
                if source >= 0 and self.alive[source] and cause != "attack":
                    amount += sum(b["amount"] for b in self.blocks(source, "element_damage_dealt")
                                  if shares(b["element"], elements))
                bonus = [b for b in self.blocks(tgt, "element_damage_taken", automatic=True)
                         if shares(b["element"], elements)]
                if bonus:
                    self._auto_reveal(tgt)
                    amount += sum(b["amount"] for b in bonus)
            if not bypass:
                for _ in range(self.shelter[tgt]):
                    amount = max(1, amount - 1) if amount else 0
            self.hp[tgt] -= amount
            self._emit("damage", "shadow_hunters.log.damage",
                       {"seat": tgt, "n": amount, "element": shown, "cause": cause})
            if elements and self.hp[tgt] > 0:
                for b in self.blocks(tgt, "element_heal_on_damage", automatic=True):
                    if shares(b["element"], elements):
                        self._auto_reveal(tgt)
                        self.heal(tgt, b["amount"], (), tgt)
            if self.hp[tgt] <= 0:
                dying.append(tgt)
        if dying:
            self._settle_deaths(dying, source, cause)
        self.check_end()

    def heal(self, tgt: int, amount: int, elements: tuple[str, ...], source: int,
             quiet: bool = False) -> None:
        """Heal carrying `elements` up to max HP (D19); 死者 refuses heals; a heal of an
        element the target takes as harm (水屬治療視為攻擊) wounds instead."""
        if not self.alive[tgt] or amount <= 0:
            return
        if elements and any(
                shares(b["element"], elements)
                for b in self.blocks(tgt, "heal_as_damage", automatic=True)):
            self._auto_reveal(tgt)
            self.hit_many([(tgt, amount)], elements, source, "heal_as_attack")
            return
        if self.blocks(tgt, "no_heal", automatic=True):
            if self.hp[tgt] < self.max_hp(tgt):  # a refused heal shows only when hurt (D11)
                self._auto_reveal(tgt)
            if not quiet:
                self._emit("heal", "shadow_hunters.log.heal",
                           {"seat": tgt, "n": 0, "element": element_arg(elements)})
            return
        gained = min(amount, self.max_hp(tgt) - self.hp[tgt])
        self.hp[tgt] += gained
        if not quiet:
            self._emit("heal", "shadow_hunters.log.heal",
                       {"seat": tgt, "n": gained, "element": element_arg(elements)})

    def _settle_deaths(self, dying: list[int], source: int, cause: str) -> None:
        """Treasures replace deaths (D21); the rest die together, then chains resolve (D22)."""
        dead = []
        for seat in dying:
            if not self._treasure(seat, source):
                dead.append(seat)
        if not dead:
            return
        self.deaths += 1
        for seat in dead:
            self.alive[seat] = 0
            self.hp[seat] = 0
            self.revealed[seat] = 1
            self.death_rank[seat] = self.deaths
            self.shelter[seat] = self.ward[seat] = self.guard[seat] = 0
            killer = source if source >= 0 and source != seat else -1
            self.killer[seat] = killer
            self._emit("death", "shadow_hunters.log.death",
                       {"seat": seat, "character": self.character(seat).id,
                        "by": killer if killer >= 0 else "none"})
            self._drop_equipment(seat, killer)
        for seat in dead:
            k = self.killer[seat]
            if k >= 0:
                self._credit_kill(k, seat)
            if self.strike and self.strike[1] == seat and self.strike[6] >= 0:
                cheerer = self.strike[6]
                if any(m["mission"] == "kill_with_skill"
                       for m in self.character(cheerer).missions):
                    self.trig.append(cheerer)
        for seat in sorted(dead, key=self._turn_distance):
            if self.character(seat).has_hook("self_destruct") and not self.alive[seat] and \
                    not (source == seat and cause == "skill"):
                HOOKS["self_destruct"](self, seat)
                if self.cell[seat] in self._mission_cells(seat, "self_destruct_at"):
                    self.trig.append(seat)

    def _turn_distance(self, seat: int) -> int:
        return (self.order.index(seat) - self.turn) % self.num_players

    def _mission_cells(self, seat: int, mission: str) -> list[int]:
        return [c for m in self.character(seat).missions if m["mission"] == mission
                for c in m["cells"]]

    def _treasure(self, seat: int, source: int) -> bool:
        """Use the first 秘寶 the seat wears instead of dying; whether it saved the seat."""
        if self.blocks(seat, "no_heal", automatic=True):
            return False
        for card in sorted(self.equip[seat]):
            effect = self.cards[card].effect
            if not effect.endswith("_treasure"):
                continue
            self.equip[seat].remove(card)
            self.removed.append(card)
            self._emit("treasure", "shadow_hunters.log.treasure",
                       {"seat": seat, "card": self.cards[card].id})
            if effect == "lake_treasure":
                self.hp[seat] = min(LAKE_TREASURE_HP, self.max_hp(seat))
            elif effect == "sanctuary_treasure":
                if self.character(seat).has_hook("templar_spirit"):
                    self._auto_reveal(seat)
                    HOOKS["templar_spirit"](self, seat)
                else:
                    self.hp[seat] = 1
                    self.queue.append(["cell", seat, [A_CELL + k for k in range(8)],
                                       "sanctuary"])
            elif effect == "forest_treasure":
                self.hp[seat] = 1
                if source >= 0 and source != seat and self.equip[source]:
                    self.queue.append(["equip", seat, [A_CARD + c for c in self.equip[source]],
                                       "steal", source])
            else:
                gone = list(self.equip[seat])
                reds = sum(1 for c in gone if self.cards[c].colour == "red")
                self.equip[seat] = []
                for c in gone:
                    self.discard(c)
                if reds == 0:
                    return False
                self.hp[seat] = min(reds, self.max_hp(seat))
                if source >= 0 and source != seat and self.alive[source]:
                    self.hit_many([(source, reds)], ("fire",), seat, "treasure")
            return True
        return False

    def _drop_equipment(self, seat: int, killer: int) -> None:
        """D20: the dead's equipment is discarded, left behind, or partly the killer's."""
        gone = self.equip[seat]
        self.equip[seat] = []
        for c in self.held[seat]:
            self.discard(c)
        self.held[seat] = []
        mode = self.options["dead_equipment"]
        if mode == "left-on-location":
            self.dropped[CELLS.index(self.cell[seat])].extend(gone)
            return
        if mode == "killer-takes-one" and killer >= 0 and self.alive[killer] and gone:
            self.queue.append(["equip", killer, [A_CARD + c for c in gone], "spoils", seat])
            self.equip[seat] = gone
            return
        for c in gone:
            self.discard(c)

    def _credit_kill(self, killer: int, victim: int) -> None:
        """Kill credit (D20): 吞噬攝食, 病毒感染 and kill missions."""
        for m in self.character(killer).missions:
            if m["mission"] == "kill_character_holding" and \
                    self.character(victim).id == m["character"] and \
                    any(self.cards[c].effect.endswith("_treasure") for c in self.equip[killer]):
                self.trig.append(killer)
        if self.alive[killer]:
            for b in self.blocks(killer, "on_kill_heal", automatic=True):
                self._auto_reveal(killer)
                self.heal(killer, b["amount"], (), killer)
        for b in self.blocks(killer, "zombify_kills", automatic=True):
            if self.character(victim).blocks("no_heal"):
                continue
            self._auto_reveal(killer)
            self.zombie_of[victim] = self.char[killer] if self.zombie_of[killer] < 0 \
                else self.zombie_of[killer]
            self.zmax[victim] = b["max_hp"]
            self.hp[victim] = b["hp"]
            self.alive[victim] = 1
            self._emit("zombie", "shadow_hunters.log.zombie", {"seat": victim})

    # == cards ==============================================================================
    def draw(self, seat: int, deck: int) -> None:
        """Draw the top card of `deck` and resolve it (D13, D16)."""
        if not self.decks[deck]:
            self._emit("empty", "shadow_hunters.log.empty_deck", {"deck": COLOURS[deck]})
            return
        card = self.decks[deck].pop()
        c = self.cards[card]
        if c.colour == "white":
            self._emit("draw", "shadow_hunters.log.draw_white", {"seat": seat})
            self._emit("private", "shadow_hunters.log.white_text", {"card": c.id}, (seat,))
            others = [s for s in self.living() if s != seat]
            if not others:
                self.discard(card)
                return
            self._ask("give", seat, [A_SEAT + s for s in others], card)
            return
        self._emit("draw", "shadow_hunters.log.draw", {"seat": seat, "card": c.id})
        if c.kind in ("equipment", "orb"):
            self.equip[seat].append(card)
            self.check_end()
        elif c.keep:
            self._ask("keep", seat, [A_NO, A_YES], card)
        else:
            self.play(seat, card)

    def discard(self, card: int) -> None:
        """Table rule 1: a discarded card goes straight back into its deck, shuffled."""
        deck = self.decks[COLOURS.index(self.cards[card].colour)]
        deck.insert(self._chance().choice(range(len(deck) + 1)), card)

    def play(self, seat: int, card: int) -> None:
        """Resolve single-use `card` for `seat`, asking for targets where it needs them."""
        c = self.cards[card]
        e = c.effect
        living = self.living()
        others = [s for s in living if s != seat]
        self.discard(card)
        if e == "spring_water":
            self.heal(seat, 1, c.elements, seat)
        elif e == "sermon":
            self.heal(seat, 1, c.elements, seat)
            if others and self.alive[seat]:
                self._target(seat, "sermon", others, card)
        elif e == "miracle":
            self.heal(seat, 2, c.elements, seat)
            for s in others:
                self.heal(s, 1, c.elements, seat)
        elif e in ("split_damage", "fireball", "iron_fist", "mercy", "admonition", "burning"):
            self._target(seat, e, living, card)
        elif e == "shelter":
            self.shelter[seat] += 1
        elif e == "ward":
            self.shelter[seat] += 1
            self.ward[seat] += 1
            self._target(seat, "ward", others, card)
        elif e == "guard":
            self.guard[seat] = 1
        elif e == "snare":
            cell = D8_TO_CELL[self.d8()]
            self._emit("snare", "shadow_hunters.log.snare", {"cell": cell})
            there = [s for s in living if self.cell[s] == cell]
            for s in there:
                self.flags[s] |= self.F_SKIP_MOVE
            self.hit_many([(s, 1) for s in there], (), seat, "card")
        elif e == "blaze":
            self._ask("cell", seat, [A_CELL + k for k in range(8)], "blaze", card)
        elif e == "advent":
            self.hit_many([(seat, 1)] + [(s, 2) for s in others], c.elements, seat, "card")
        elif e == "lodestone":
            self.lodestone[seat] += 1
        elif e in ("prank", "pact"):
            self._target(seat, e, others, card)
        else:
            raise AssertionError(f"card effect {e!r}: not in the checked vocabulary")
        self.check_end()

    def _on_target(self, seat: int, purpose: str, tgt: int, ctx: list[Any]) -> None:
        """The second half of an effect once its target is chosen."""
        card = self.cards[ctx[0]] if purpose in CARD_PURPOSES else None
        elements = card.elements if card else ()
        if purpose == "gourd":
            self.heal(tgt, 1, (), seat)
        elif purpose == "mortar":
            self.hit_many([(tgt, MORTAR_DAMAGE)], (), seat, "location")
        elif purpose == "sermon":
            self.heal(tgt, 1, elements, seat)
        elif purpose == "ward":
            self.shelter[tgt] += 1
            self.ward[tgt] += 1
        elif purpose == "fireball":
            self.hit_many([(tgt, 2)], elements, seat, "card")
        elif purpose == "split_damage":
            second = list(self.living())
            self._target(seat, "split_second", second, ctx[0], tgt)
        elif purpose == "split_second":
            first = ctx[1]
            hits = [(first, 2)] if tgt == first else [(first, 1), (tgt, 1)]
            self.hit_many(hits, elements, seat, "card")
        elif purpose == "iron_fist":
            rest = [s for s in self.living() if s != tgt]
            if rest:
                self._target(seat, "iron_fist_second", rest, ctx[0], tgt)
            else:
                self.hit_many([(tgt, 2)], elements, seat, "card")
        elif purpose == "iron_fist_second":
            self.hit_many([(ctx[1], 2), (tgt, 2)], elements, seat, "card")
        elif purpose in ("mercy", "admonition", "burning"):
            colour = {"mercy": "red", "admonition": "blue", "burning": "blue"}[purpose]
            items = [c for c in self.equip[tgt] if self.cards[c].colour == colour]
            if purpose == "mercy":
                self.heal(tgt, 2, (), seat)
            elif purpose == "admonition":
                self.place(tgt, 2)
                self.flags[tgt] |= self.F_UNTARGETABLE
            if items:
                self._ask("equip", seat, [A_CARD + c for c in items], purpose, tgt)
            elif purpose == "burning":
                self.hit_many([(tgt, 3)], elements, seat, "card")
        elif purpose == "restore":
            hp, top = self.hp[tgt], min(ctx[0], self.max_hp(tgt))
            if self.blocks(tgt, "no_heal", automatic=True) or hp >= top:
                self._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})
            else:
                self._ask("value", seat, [A_VALUE + v for v in range(hp + 1, top + 1)],
                          "restore", tgt)
        elif purpose in ("prank", "pact"):
            if self.equip[seat]:
                self._ask("swap", seat, [A_CARD + c for c in self.equip[seat]], "give", tgt,
                          ctx[0], -1)
            elif self.equip[tgt]:
                self._ask("swap", seat, [A_CARD + c for c in self.equip[tgt]], "take", tgt,
                          ctx[0], -1)
            else:
                self._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})
        elif purpose == "fireball_skill":
            HOOKS["self_fireball"](self, seat, target=tgt)
        elif purpose == "heal_instead":
            amount = ctx[0]
            self.heal(tgt, amount, ("water",) if ctx[1] else (), seat)
        self.check_end()

    def _swap(self, seat: int, chosen: int, ctx: list[Any]) -> None:
        """樹妖之惡戲 / 精靈遊俠的和約: one item each way; a side with none just receives.

        The user picks the item it gives, then the one it takes; 和約 heals both sides 1
        when an item changed hands.
        """
        stage, tgt, card, given = ctx
        if stage == "give":
            given = chosen
            if self.equip[tgt]:
                self._ask("swap", seat, [A_CARD + c for c in self.equip[tgt]], "take", tgt,
                          card, given)
                return
            taken = -1
        else:
            taken = chosen
        if given >= 0:
            self.equip[seat].remove(given)
            self.equip[tgt].append(given)
        if taken >= 0:
            self.equip[tgt].remove(taken)
            self.equip[seat].append(taken)
        self._emit("swap", "shadow_hunters.log.swap",
                   {"seat": seat, "to": tgt,
                    "gave": self.cards[given].id if given >= 0 else "none",
                    "took": self.cards[taken].id if taken >= 0 else "none"})
        if self.cards[card].effect == "pact":
            self.heal(seat, 1, (), seat)
            self.heal(tgt, 1, (), seat)
        self.check_end()

    def _give_white(self, seat: int, card: int, to: int) -> None:
        """D13: the receiver resolves a question honestly; only the effect is public."""
        c = self.cards[card]
        self._emit("give", "shadow_hunters.log.give_white", {"seat": seat, "to": to})
        self._emit("private", "shadow_hunters.log.white_text", {"card": c.id}, (to,))
        if c.effect == "guess":
            roster = [A_CHAR + k for k in range(len(self.roster))]
            self._ask("guess", seat, roster, card, to)
            return
        gate = self.gate(to)
        holds = {"none": gate == "none", "any": gate != "none"}.get(c.asks or "",
                                                                    gate == c.asks)
        self._white_outcome(to, c.outcome if holds else None, seat)
        self.discard(card)

    def _white_outcome(self, to: int, outcome: str | None, giver: int) -> None:
        """Apply a question's effect; D14: a heal at full HP wounds 1 under 'damage'."""
        if outcome == "heal" and self.hp[to] >= self.max_hp(to) and \
                self.options["white_heal_at_full"] == "damage":
            outcome = "hurt"
        self._emit("white", "shadow_hunters.log.white_effect",
                   {"seat": to, "outcome": outcome or "nothing"})
        if outcome == "heal":
            self.heal(to, 1, (), giver, quiet=True)
        elif outcome == "hurt":
            self.hit_many([(to, 1)], (), giver, "white")

    # == the end (D23-D24) ==================================================================
    def _missions_to_watch(self) -> int:
        """Which trigger missions this deal can fulfil (WATCH_* bits), so checks skip the rest."""
        dealt = [self.pool[c] for c in self.char]
        return ((WATCH_ZOMBIES if any(ch.blocks("zombify_kills") for ch in dealt) else 0)
                | (WATCH_FIRST_DEATH if any("first_death" in ch.mission_kinds for ch in dealt)
                   else 0))

    def check_end(self) -> None:
        """End the game as soon as a trigger mission, the orbs or a last side decides it."""
        if self.over:
            return
        alive, equip = self.alive, self.equip
        living = [s for s in range(self.num_players) if alive[s]]
        for s in living:
            if len(equip[s]) >= ORB_COLOURS and self._holds_every_orb(s):
                self._end("orbs", [s])
                return
        if self.watch & WATCH_ZOMBIES:
            self._check_zombie_majority(living)
        if self.deaths and self.watch & WATCH_FIRST_DEATH:
            self._check_first_death()
            self.watch &= ~WATCH_FIRST_DEATH  # who fell first never changes again
        if self.trig:
            self._end("mission")
        elif not living:
            self._end("everyone_dead")
        elif self.options["last_side_standing"] and (
                len(living) == 1 or self._one_gate_left(living)):
            self._end("last_side")

    def _holds_every_orb(self, seat: int) -> bool:
        cards = self.cards
        return len({cards[c].colour for c in self.equip[seat]
                    if cards[c].kind == "orb"}) >= ORB_COLOURS

    def _one_gate_left(self, living: list[int]) -> bool:
        """Whether every living character belongs to one and the same gate."""
        gate = self.gate
        first = gate(living[0])
        return first != "none" and all(gate(s) == first for s in living)

    def _check_zombie_majority(self, living: list[int]) -> None:
        """殭屍's mission: living zombies outnumber half of the living."""
        zombies = sum(1 for s in living if "zombify_kills" in self.character(s).by_block)
        if zombies and zombies * 2 > len(living):
            for s in range(self.num_players):
                ch = self.character(s)
                if ch.blocks("zombify_kills") and "zombie_majority" in ch.mission_kinds:
                    self.trig.append(s)

    def _check_first_death(self) -> None:
        """Missions on who fell first (伊夫利特's: 片翼天使 falls first)."""
        first = [s for s in range(self.num_players) if self.death_rank[s] == 1]
        for s in range(self.num_players):
            ch = self.character(s)
            if "first_death" not in ch.mission_kinds:
                continue
            for m in ch.missions:
                if m["mission"] == "first_death" and any(
                        self.character(d).id == m["character"] for d in first):
                    self.trig.append(s)

    def _end(self, reason: str, winners: list[int] | None = None) -> None:
        self.over, self.reason = 1, reason
        self.decision, self.choices, self.queue = [], [], []
        self.won = winners if winners is not None else self._winners(reason)
        self._emit("end", "shadow_hunters.log.end", {"reason": reason, "seats": self.won})

    def _winners(self, reason: str) -> list[int]:
        """Who wins when the game ends (D23-D24; the fallback is documented in the rules notes)."""
        n = self.num_players
        won = set(self.trig)
        living = self.living()
        if reason == "last_side":
            g = self.gate(living[0])
            won |= {s for s in range(n) if self.gate(s) == g} if g != "none" else {living[0]}
        own = set(won)
        for s in range(n):
            if self._end_mission(s, won, final=False):
                own.add(s)
        for s in range(n):
            if self._end_mission(s, own, final=True):
                own.add(s)
        won = set(own)
        if self.options["community_win"] == "community":
            gates = {self.gate(s) for s in own} - {"none"}
            won |= {s for s in range(n) if self.gate(s) in gates}
        gates = {self.gate(s) for s in won} - {"none"}
        for s in range(n):
            join = self.character(s).otherwise_join
            if join and s not in own and join in gates:
                won.add(s)
        if not won:
            won = set(self._stalemate())
        return sorted(won)

    def _end_mission(self, seat: int, winners: set[int], final: bool) -> bool:
        """Whether an end-state mission of `seat` holds (`final`: the ones that read winners)."""
        for m in self.character(seat).missions:
            kind = m["mission"]
            alive = self.alive[seat]
            if final != (kind == "hold_card_winners_exclude"):
                continue
            if kind == "survive" and alive:
                return True
            if kind == "stand_at" and alive and self.cell[seat] == m["cell"]:
                return True
            if kind == "survive_without" and alive and not any(
                    self.gate(s) in m["gates"] for s in self.living()):
                return True
            if kind == "survivors_at_least_half" and 2 * len(self.living()) >= self.num_players:
                return True
            if kind == "hold_card_winners_exclude" and any(
                    self.cards[c].id == m["card"] for c in self.equip[seat]) and not any(
                    self.gate(s) in m["gates"] for s in winners):
                return True
        return False

    def _stalemate(self) -> list[int]:
        """Nobody's mission holds: the sides with most living members win (the last to die
        if nobody lives)."""
        living = self.living()
        if not living:
            last = max(self.death_rank)
            return [s for s in range(self.num_players) if self.death_rank[s] == last]
        sides: dict[str, list[int]] = {}
        for s in living:
            g = self.gate(s)
            sides.setdefault(g if g != "none" else f"seat{s}", []).append(s)
        best = max(len(v) for v in sides.values())
        keep = {k for k, v in sides.items() if len(v) == best}
        return [s for s in range(self.num_players)
                if (self.gate(s) if self.gate(s) != "none" else f"seat{s}") in keep]

    # == the engine contract ================================================================
    def pending_players(self) -> list[int]:
        """The one seat to decide now, or none at the end."""
        return [] if self.over else [self.decision[1]]

    def current_player(self) -> int:
        """The seat to decide now, or TERMINAL."""
        return TERMINAL if self.over else self.decision[1]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.over)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal actions of `player`; [] for any seat that is not deciding."""
        if self.over:
            return []
        seat = self.decision[1] if player is None else player
        return list(self.choices) if seat == self.decision[1] else []

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the action space (constants.NUM_ACTIONS)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """At most 40 decisions per turn, for every seat, every round."""
        return 40 * self.num_players * (int(self.options["max_rounds"]) + 1)

    def returns(self) -> list[float]:
        """1.0 for each winner at the end, 0.0 for the rest (and before the end)."""
        return [1.0 if self.over and s in self.won else 0.0 for s in range(self.num_players)]

    def winners(self) -> list[int]:
        """The winning seats once the game is over."""
        return list(self.won) if self.over else []

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply `action` for `player`, or raise IllegalAction leaving the state unchanged."""
        if type(action) is not int:
            check_action_type(action)
        if self.over:
            raise IllegalAction("the game is over")
        seat = player if type(player) is int and player == self.decision[1] \
            else self._who(player)
        if seat != self.decision[1]:
            raise IllegalAction(f"it is not seat {seat + 1}'s decision")
        if action not in self.choices:
            raise IllegalAction(f"action {action} is not one of this decision's choices")
        self.history.append((seat, action))
        kind, _, *ctx = self.decision
        self.decision, self.choices = [], []
        self._decide(kind, seat, action, ctx)
        self._advance()

    def _decide(self, kind: str, seat: int, a: int, ctx: list[Any]) -> None:
        """Carry out one decision."""
        if kind == "start":
            if a == A_NO:
                self.phase = MOVE if not self.flags[seat] & self.F_NO_ATTACK else ACTION
            elif a == A_REVEAL:
                self.reveal(seat)
            elif a >= A_CARD and a < A_SKILL:
                self.held[seat].remove(a - A_CARD)
                self._emit("use", "shadow_hunters.log.use_kept",
                           {"seat": seat, "card": self.cards[a - A_CARD].id})
                self.play(seat, a - A_CARD)
            else:
                self._use_skill(seat, a - A_SKILL)
        elif kind == "attack":
            self._after_attack(seat, A_SEAT <= a < A_DECK)
            if a == A_NO:
                return
            if A_CARD <= a < A_SKILL:
                self._staff_heal(seat)
                return
            if a >= A_SKILL:
                if a == A_SKILL:
                    self._heal_instead(seat)
                else:
                    self._use_skill(seat, a - A_SKILL - 1)
                return
            self.attack(seat, a - A_SEAT)
        elif kind == "move":
            cell = CELLS[a - A_CELL]
            if cell == self.cell[seat]:  # 精靈之靴's 0/11: no move, so no arrival either
                self._emit("move", "shadow_hunters.log.stay", {"seat": seat, "cell": cell})
            else:
                self._emit("move", "shadow_hunters.log.move", {"seat": seat, "cell": cell})
                self.place(seat, cell)
            self.phase = ACTION
        elif kind == "fly":
            cell = CELLS[a - A_CELL]
            self._emit("move", "shadow_hunters.log.fly", {"seat": seat, "cell": cell})
            self.place(seat, cell)
            # the flight is this turn's movement, so a snare (skip the move) is spent
            self.flags[seat] = (self.flags[seat] & ~self.F_SKIP_MOVE) | self.F_NO_ATTACK
            self.phase = ACTION
        elif kind == "act":
            self.phase = DONE if self.flags[seat] & self.F_LATE else ATTACK
            if a == A_YES:
                self._location_action(seat)
        elif kind == "deck":
            self.draw(seat, a - A_DECK)
        elif kind == "keep":
            if a == A_YES:
                self.play(seat, ctx[0])
            else:
                self.held[seat].append(ctx[0])
                self._emit("keep", "shadow_hunters.log.keep", {"seat": seat})
        elif kind == "give":
            self._give_white(seat, ctx[0], a - A_SEAT)
        elif kind == "guess":
            card, to = ctx
            guessed = self.pool[self.roster[a - A_CHAR]].id
            right = self.character(to).id == guessed
            self._emit("guess", "shadow_hunters.log.guess",
                       {"seat": seat, "to": to, "character": guessed})
            self._white_outcome(to, "hurt" if right else "heal", seat)
            self.discard(card)
        elif kind == "target":
            self._on_target(seat, ctx[0], a - A_SEAT, ctx[1:])
        elif kind == "cell":
            cell = CELLS[a - A_CELL]
            if ctx[0] == "blaze":
                there = [(s, 2) for s in self.living() if self.cell[s] == cell]
                self._emit("blaze", "shadow_hunters.log.blaze", {"seat": seat, "cell": cell})
                self.hit_many(there, self.cards[ctx[1]].elements, seat, "card")
            else:
                self.place(seat, cell)
        elif kind == "equip":
            self._on_equipment(seat, ctx[0], ctx[1], a - A_CARD)
        elif kind == "value":
            tgt = ctx[1]
            before = self.hp[tgt]
            self.hp[tgt] = a - A_VALUE
            self._emit("heal", "shadow_hunters.log.heal",
                       {"seat": tgt, "n": self.hp[tgt] - before, "element": "none"})
        elif kind == "double":
            self._after_roll(a == A_YES)
        elif kind == "element":
            if a != A_NO:
                self.strike[7] = a - A_VALUE
                self._emit("element", "shadow_hunters.log.attack_element",
                           {"seat": seat, "element": ELEMENTS[a - A_VALUE]})
            self._press()
        elif kind == "press":
            if a == A_REVEAL:
                self.reveal(seat)
            self._brace()
        elif kind == "brace":
            if a == A_REVEAL:
                self.reveal(seat)
            self._roll_attack()
        elif kind == "shield":
            if a == A_YES:
                self.used[seat] |= SHIELD_USED
                self.strike[4] += 1
                self._emit("shield", "shadow_hunters.log.shield", {"seat": seat, "to": ctx[0]})
            self._next_reaction()
        elif kind == "cheer":
            if a != A_NO and not self.revealed[seat]:
                self.reveal(seat)
            if a >= A_VALUE:
                self.used[seat] |= CHEER_USED
                self.strike[5] = a - A_VALUE - 1
                self.strike[6] = seat
                self._emit("cheer", "shadow_hunters.log.cheer",
                           {"seat": seat, "n": self.strike[5]})
            self._next_reaction()
        elif kind == "wings":
            if a == A_YES:
                self.flags[seat] |= self.F_DELAY
                self._emit("wings", "shadow_hunters.log.wings", {"seat": seat})
                self.phase = ATTACK
            else:
                self._roll_move(seat)
        elif kind == "lodestone":
            mover, d1, d2, *rest = ctx
            if a == A_YES:
                self.lodestone[seat] -= 1
                self._emit("reroll", "shadow_hunters.log.reroll", {"seat": seat, "to": mover})
                d1, d2 = self.d6(), self.d6()
                self._emit("roll", "shadow_hunters.log.move_roll",
                           {"seat": mover, "dice": [d1, d2]})
            elif rest:
                self._ask("lodestone", rest[0], [A_NO, A_YES], mover, d1, d2, *rest[1:])
                return
            self._offer_moves(mover, d1, d2)
        elif kind == "swap":
            self._swap(seat, a - A_CARD, ctx)
        elif kind == "lance":
            if a == A_YES:
                there = [(s, 1) for s in self.living() if self.same_zone(self.cell[s], ctx[0])]
                self.hit_many(there, ("fire",), seat, "card")
        else:
            raise AssertionError(f"decision {kind!r} is never asked")

    def _use_skill(self, seat: int, k: int) -> None:
        """Use skill `k` of the seat's character (片翼飛翔, 神恩, 自發火球)."""
        sk = self.character(seat).skills[k]
        self._emit("skill", "shadow_hunters.log.skill", {"seat": seat, "skill": sk.name})
        if sk.hook == "self_fireball":
            self.used[seat] |= 1 << (8 + k)
            self._target(seat, "fireball_skill", [s for s in self.living() if s != seat])
            return
        for b in sk.blocks:
            if b["block"] == "fly":
                self._ask("fly", seat, [A_CELL + i for i in range(8)])
                return
            if b["block"] == "restore_to":
                self.used[seat] |= 1 << k
                self._target(seat, "restore", self.living(), b["maximum"])
                return
        raise AssertionError(f"skill {sk.name} is never offered for use")

    def _heal_instead(self, seat: int) -> None:
        """治療: heal a zone mate by the skill's amount instead of attacking."""
        amount = self.blocks(seat, "heal_instead_of_attack")[0]["amount"]
        self._target(seat, "heal_instead", self._zone_mates(seat), amount, 0)

    def _staff_heal(self, seat: int) -> None:
        """聖湖之杖: heal a zone mate by the attack dice (water) instead of attacking."""
        roll = abs(self.d6() - self.d6())
        if not self.blocks(seat, "ignore_card_penalty"):
            roll = max(0, roll - 1)
        self._emit("roll", "shadow_hunters.log.attack_roll", {"seat": seat, "n": roll})
        self._target(seat, "heal_instead", self._zone_mates(seat), roll, 1)

    def _on_equipment(self, seat: int, purpose: str, owner: int, card: int) -> None:
        """An equipment card chosen for 寬恕, 勸戒, 燃燒, a forest treasure, or the killer."""
        self.equip[owner].remove(card)
        cid = self.cards[card].id
        if purpose in ("steal", "spoils"):
            self.equip[seat].append(card)
            self._emit("take", "shadow_hunters.log.take", {"seat": seat, "card": cid})
            if purpose == "spoils":
                for c in self.equip[owner]:
                    self.discard(c)
                self.equip[owner] = []
        elif purpose == "burning":
            self.removed.append(card)
            self._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": cid})
            self.heal(seat, 3, (), seat)  # the card's user heals, not the item's owner
        else:
            self.discard(card)
            self._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": cid})
        self.check_end()

    # -- labels, views, copies ---------------------------------------------------------------
    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A JSON form of `action` (translation key and arguments)."""
        from candlelit.games.shadow_hunters.messages import action_struct

        return action_struct(self, player, action)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see (views.py)."""
        from candlelit.games.shadow_hunters.views import view

        return view(self, player)

    def resample(self, player: int, rng: random.Random) -> ShadowHuntersState:
        """A world consistent with what `player` knows (resample.py)."""
        from candlelit.games.shadow_hunters.resample import resample

        return resample(self, player, rng)

    def clone(self) -> ShadowHuntersState:
        """An independent copy (nested lists copied, tables shared)."""
        c = ShadowHuntersState.__new__(ShadowHuntersState)
        for name in self.__slots__ + State.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(c, name, value)
        c.options = dict(self.options)
        return c
