"""Anima: Shadow of Omega as pure state transitions, in the order of the rulebook.

Set-up (secret basic missions, 2 characters keep 1, 4 advantages keep 3, one area per
player with a face-down encounter, three hidden final missions), then rounds of four
phases — Reset, Movement, Interaction, Exploration — each taken by every party in speed
order before the next begins. Work that spans several decisions (an encounter, a combat,
a reward) is an agenda of small tasks; a task that needs a seat's choice sets `step` and
`actor` and waits. The agenda's tasks live in agenda.py, combat and Speed checks in combat.py,
missions in missions.py and each step's decisions in decisions.py.
See constants.py for the action space and docs/rules/anima.md for every interpretation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from candlelit.engine.errors import IllegalAction
from candlelit.engine.state import TERMINAL, State
from candlelit.games.anima import agenda, combat, decisions, missions
from candlelit.games.anima.cards import Advantage, CardSet, Character, cards_for
from candlelit.games.anima.constants import (
    BASIC_MISSIONS,
    EXPLORATION,
    HAND_LIMIT,
    KEEP_ADVANTAGES,
    MISSION_SLOTS,
    MOVEMENT,
    NUM_ACTIONS,
    OVER,
    PARTY_LIMIT,
    RESET,
    REST_BONUS,
    S_NONE,
    SETUP,
    SETUP_ADVANTAGES,
    SETUP_CHARACTERS,
    T_END_TURN,
    T_SETUP_ADV,
    T_SETUP_CHAR,
    T_TURN,
)
from candlelit.games.anima.vocabulary import SKILLS

_SKILL_BIT = {skill: bit for bit, skill in enumerate(SKILLS)}
"""The bit of each skill in `blocked`."""
_LISTS = ("char_deck", "char_discard", "adv_deck", "adv_discard", "area_deck", "area_discard",
          "enc_deck", "enc_discard", "mission_deck", "final_pile", "org", "loc", "rest_round",
          "speed_mod", "gone_speed", "out", "blocked", "attacked", "traded", "guard_used",
          "won_draw", "trade_draw", "trade_gives", "trade_gets", "saw_finals", "area_at",
          "enc_down", "monster", "growth", "order", "order_speeds", "tie_rank", "no_reward",
          "cb_bonus", "cb_minus", "cb_kill", "cb_big", "cb_dice", "pool", "asked", "saved",
          "armed")
_NESTED = ("offer", "party", "exhausted", "inactive", "hand", "missions", "done", "bonus",
           "seen", "agenda")
_SCALARS = ("round", "phase", "turn_idx", "revealed", "step", "actor", "poor_char",
            "poor_adv", "salvaged_char", "salvaged_adv", "final", "crisis_left", "winner",
            "cb_kind", "cb_a", "cb_b", "cb_foe", "cb_foe_combat", "cb_slot", "cb_prep",
            "cb_penalty", "cb_mission", "cb_origin", "cb_death_margin", "ck_seat",
            "ck_target", "ck_bonus", "ck_purpose", "ck_arg", "roll", "roll2", "trade_with",
            "target_for", "omega_won", "count_left", "reward_skip")


class AnimaState(State):
    """A game of Anima: Shadow of Omega.

    Fields, all plain ints and lists (cards are kind indices into `cards`):
    decks and discards (`char_deck`, `adv_discard`, ...; `final_pile` the hidden finals);
    per seat `party`, `exhausted`, `inactive`, `hand`, `org`, `missions` (its two basic
    missions), `mprog` (progress per mission slot, see constants.M_*), `done`, `bonus`
    ([Combat, Speed] from missions), `loc` (area slot or -1), `rest_round`, and this
    round's marks (`out`: its round is over; `speed_mod`, `gone_speed` (the Speed of
    characters it discarded this round, still counted in the order), `blocked` skills,
    `traded` (a mask of the seats it proposed a trade to), `attacked`...);
    per area slot `area_at`, `enc_down` (face-down encounter), `monster` (standing
    creature) and `growth`; `seen[seat]` the slots whose encounter that seat peeked at;
    the round (`round`, `phase`, `order` with the speeds it was worked out from,
    `order_speeds`, and this round's tie-breaking roll `tie_rank`, `turn_idx`,
    `revealed`); the waiting decision (`step`, `actor`) and the `agenda`; the combat
    (`cb_*`) and Speed check (`ck_*`) under way; the trade under way (`trade_with`, and
    the offer actions `trade_gives` from the proposer, `trade_gets` from the partner);
    scratch for multi-step choices (`pool`, `asked`, `saved`, `armed`, `target_for`,
    `count_left`, `reward_skip`, `roll`, `roll2`).
    """

    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "cb_foe_type", "mprog", "cards", "memo")
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "memo")

    memo: tuple[int, int, int, int, list[int]] | None
    """The last legal-action list with the moment it was computed for (never stored)."""

    cards: CardSet
    char_deck: list[int]
    char_discard: list[int]
    adv_deck: list[int]
    adv_discard: list[int]
    area_deck: list[int]
    area_discard: list[int]
    enc_deck: list[int]
    enc_discard: list[int]
    mission_deck: list[int]
    final_pile: list[int]
    org: list[int]
    loc: list[int]
    rest_round: list[int]
    speed_mod: list[int]
    gone_speed: list[int]
    out: list[int]
    blocked: list[int]
    attacked: list[int]
    traded: list[int]
    guard_used: list[int]
    won_draw: list[int]
    trade_draw: list[int]
    trade_gives: list[int]
    trade_gets: list[int]
    saw_finals: list[int]
    area_at: list[int]
    enc_down: list[int]
    monster: list[int]
    growth: list[int]
    order: list[int]
    order_speeds: list[int]
    tie_rank: list[int]
    no_reward: list[int]
    cb_bonus: list[int]
    cb_minus: list[int]
    cb_kill: list[int]
    cb_big: list[int]
    cb_dice: list[int]
    pool: list[int]
    asked: list[int]
    saved: list[int]
    armed: list[int]
    offer: list[list[int]]
    party: list[list[int]]
    exhausted: list[list[int]]
    inactive: list[list[int]]
    hand: list[list[int]]
    missions: list[list[int]]
    done: list[list[int]]
    bonus: list[list[int]]
    seen: list[list[int]]
    agenda: list[list[int]]
    mprog: list[list[list[int]]]
    round: int
    phase: int
    turn_idx: int
    revealed: int
    step: int
    actor: int
    poor_char: int
    poor_adv: int
    salvaged_char: int
    salvaged_adv: int
    final: int
    crisis_left: int
    winner: int
    cb_kind: int
    cb_a: int
    cb_b: int
    cb_foe: int
    cb_foe_combat: int
    cb_foe_type: str
    cb_slot: int
    cb_prep: int
    cb_penalty: int
    cb_mission: int
    cb_origin: int
    cb_death_margin: int
    ck_seat: int
    ck_target: int
    ck_bonus: int
    ck_purpose: int
    ck_arg: int
    roll: int
    roll2: int
    trade_with: int
    target_for: int
    omega_won: int
    count_left: int
    reward_skip: int

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> AnimaState:
        """Shuffle the five decks, deal missions and the set-up offers, reveal one area per
        player with a face-down encounter, and set the three final missions aside."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = "anima", players, seed, options
        s.chance_draws, s.history, s.log = 0, [], []
        s.restore_derived()
        cards, n = s.cards, players
        s.char_deck = list(range(len(cards.characters)))
        s.adv_deck = list(range(len(cards.advantages)))
        s.area_deck = list(range(len(cards.areas)))
        s.enc_deck = list(range(len(cards.encounters)))
        s.mission_deck = list(range(len(cards.basic)))
        s.final_pile = list(range(len(cards.finals)))
        for deck in (s.char_deck, s.adv_deck, s.area_deck, s.enc_deck, s.mission_deck,
                     s.final_pile):
            s._shuffle(deck)
        s.char_discard, s.adv_discard, s.area_discard, s.enc_discard = [], [], [], []
        s.missions = [[s.mission_deck.pop() for _ in range(BASIC_MISSIONS)] for _ in range(n)]
        s.offer = [[s.char_deck.pop() for _ in range(SETUP_CHARACTERS)]
                   + [s.adv_deck.pop() for _ in range(SETUP_ADVANTAGES)] for _ in range(n)]
        s.party = [[] for _ in range(n)]
        s.exhausted = [[] for _ in range(n)]
        s.inactive = [[] for _ in range(n)]
        s.hand = [[] for _ in range(n)]
        s.done = [[] for _ in range(n)]
        s.bonus = [[0, 0] for _ in range(n)]
        s.seen = [[] for _ in range(n)]
        s.mprog = [[[0, 0, 0, 0, -1, -1] for _ in range(MISSION_SLOTS)] for _ in range(n)]
        for name in ("org", "loc", "rest_round"):
            setattr(s, name, [-1] * n)
        for name in ("speed_mod", "gone_speed", "out", "blocked", "attacked", "traded",
                     "guard_used", "won_draw", "trade_draw", "saw_finals", "no_reward"):
            setattr(s, name, [0] * n)
        slots = 2 * n
        s.area_at, s.enc_down, s.monster = [-1] * slots, [-1] * slots, [-1] * slots
        s.growth = [0] * slots
        for slot in range(n):
            s.area_at[slot] = s.area_deck.pop()
            s.enc_down[slot] = s._pop_encounter()
        s.order, s.order_speeds, s.tie_rank = list(range(n)), [], []
        s.cb_bonus, s.cb_minus, s.cb_kill, s.cb_big, s.cb_dice = ([0, 0] for _ in range(5))
        s.pool, s.asked, s.saved, s.armed = [], [], [], [0, 0, 0]
        s.agenda = []
        s.round, s.phase, s.turn_idx, s.revealed = 0, SETUP, 0, 0
        s.step, s.actor = S_NONE, -1
        s.poor_char = s.poor_adv = -1
        s.salvaged_char = s.salvaged_adv = 0
        s.final, s.crisis_left, s.winner, s.omega_won = -1, -1, -1, 0
        combat.clear_combat(s)
        combat.clear_check(s)
        s.roll = s.roll2 = -1
        s.trade_with = s.target_for = -1
        s.trade_gives, s.trade_gets = [], []
        s.count_left, s.reward_skip = 0, -1
        s._emit("setup", "anima.setup", {"players": n,
                                         "areas": [cards.areas[a].id for a in s.area_at
                                                   if a >= 0]})
        for seat in reversed(range(n)):
            s.agenda.append([T_SETUP_ADV, seat, 0, 0, 0, 0])
        for seat in reversed(range(n)):
            s.agenda.append([T_SETUP_CHAR, seat, 0, 0, 0, 0])
        agenda.run(s)
        return s

    def restore_derived(self) -> None:
        """Rebuild the card set from the `cards` option."""
        self.cards = cards_for(self.options["boards"])
        self.memo = None

    # -- chance ----------------------------------------------------------------------
    def _shuffle(self, cards: list[int]) -> None:
        self._chance().shuffle(cards)

    def _d6(self) -> int:
        """One six-sided die from the game's seeded chance."""
        return 1 + self.below(6)

    # -- cards -----------------------------------------------------------------------
    def character(self, kind: int) -> Character:
        """The character card `kind`."""
        return self.cards.characters[kind]

    def advantage(self, kind: int) -> Advantage:
        """The advantage card `kind`."""
        return self.cards.advantages[kind]

    def _pop_encounter(self) -> int:
        """The top encounter, reshuffling the discards when the deck runs out (-1: none)."""
        if not self.enc_deck:
            if not self.enc_discard:
                return -1
            self.enc_deck, self.enc_discard = self.enc_discard, []
            self._shuffle(self.enc_deck)
            self._emit("deck", "anima.reshuffled", {"deck": "encounters"})
        return self.enc_deck.pop()

    def draw_advantages(self, seat: int, count: int) -> int:
        """Draw up to `count` advantages, stopping at the hand limit (no draw-then-discard)."""
        drawn = 0
        for _ in range(count):
            if len(self.hand[seat]) >= HAND_LIMIT:
                self._emit("draw", "anima.hand_full", {"seat": seat})
                break
            if not self.adv_deck:
                if not self.adv_discard:
                    break
                self.adv_deck, self.adv_discard = self.adv_discard, []
                self._shuffle(self.adv_deck)
                self._emit("deck", "anima.reshuffled", {"deck": "advantages"})
            kind = self.adv_deck.pop()
            self._to_hand(seat, kind)
            self._emit("draw", "anima.drew_card", {"seat": seat,
                                                  "card": self.advantage(kind).id}, (seat,))
            drawn += 1
        if drawn:
            self._emit("draw", "anima.drew", {"seat": seat, "count": drawn})
        return drawn

    def _to_hand(self, seat: int, kind: int) -> None:
        hand = self.hand[seat]
        hand.append(kind)
        hand.sort()

    def recruit(self, seat: int) -> bool:
        """Draw the top character into the party if it has room (else nothing happens)."""
        if len(self.party[seat]) >= PARTY_LIMIT:
            self._emit("recruit", "anima.party_full", {"seat": seat})
            return False
        if not self.char_deck:
            if not self.char_discard:
                return False
            self.char_deck, self.char_discard = self.char_discard, []
            self._shuffle(self.char_deck)
            self._emit("deck", "anima.reshuffled", {"deck": "characters"})
        kind = self.char_deck.pop()
        self.party[seat].append(kind)
        self._emit("recruit", "anima.recruited", {"seat": seat,
                                                 "card": self.character(kind).id})
        return True

    def move_character(self, giver: int, taker: int, kind: int) -> None:
        """Hand a character to another party; an exhausted or inactive card stays so."""
        self.party[giver].remove(kind)
        self.party[taker].append(kind)
        for marks in ((self.exhausted[giver], self.exhausted[taker]),
                      (self.inactive[giver], self.inactive[taker])):
            if kind in marks[0]:
                marks[0].remove(kind)
                marks[1].append(kind)

    def discard_character(self, seat: int, kind: int) -> None:
        """A character leaves the party for the discard pile; its Speed still counts in
        this round's speed order (seed: 此回合仍以原本的總和速度計算)."""
        self.remove_character(seat, kind)
        self.char_discard.append(kind)
        self.gone_speed[seat] += self.cards.characters[kind].speed

    def remove_character(self, seat: int, kind: int) -> None:
        """Take a character out of the party (its exhausted/inactive marks go with it)."""
        self.party[seat].remove(kind)
        for marks in (self.exhausted[seat], self.inactive[seat]):
            if kind in marks:
                marks.remove(kind)

    def active(self, seat: int) -> list[int]:
        """The party's characters that count now (inactive ones add nothing)."""
        gone = self.inactive[seat]
        return [c for c in self.party[seat] if c not in gone]

    def ready(self, seat: int, kind: int) -> bool:
        """Whether the character is in the party, active and not exhausted."""
        return (kind in self.party[seat] and kind not in self.exhausted[seat]
                and kind not in self.inactive[seat])

    def has_skill_ready(self, seat: int, skill: str) -> bool:
        """Whether a ready character with `skill` lets the party play that skill card."""
        if not skill:
            return True
        if self.blocked[seat] >> _SKILL_BIT[skill] & 1:
            return False
        chars, exhausted, inactive = self.cards.characters, self.exhausted[seat], \
            self.inactive[seat]
        return any(skill in chars[c].skills for c in self.party[seat]
                   if c not in exhausted and c not in inactive)

    def party_speed(self, seat: int) -> int:
        """Speed of the active characters plus mission, rest, round and organization bonuses."""
        chars, gone = self.cards.characters, self.inactive[seat]
        total = self.bonus[seat][1] + self.speed_mod[seat]
        for c in self.party[seat]:
            if c not in gone:
                total += chars[c].speed
        if self.rest_round[seat] == self.round:
            total += REST_BONUS
        org = self.org[seat]
        if org >= 0:
            for op in self.cards.advantages[org].does:
                if op.op == "speed":
                    total += op.amount
        return total

    # -- who acts ---------------------------------------------------------------------
    def pending_players(self) -> list[int]:
        """The one seat whose decision is awaited, or nobody at the end."""
        return [] if self.phase == OVER else [self.actor]

    def current_player(self) -> int:
        """The seat whose decision is awaited, or TERMINAL."""
        return TERMINAL if self.phase == OVER else self.actor

    def is_terminal(self) -> bool:
        """Whether a final mission is done, the Crisis is over or the round limit is hit."""
        return self.phase == OVER

    # -- rounds and phases -------------------------------------------------------------
    def _next_turn(self) -> None:
        """Hand the phase to the next party in speed order that has something to do (a
        party off the map has no Interaction or Exploration turn), or start the next phase."""
        if self.phase == SETUP:
            self._begin_round()
            return
        n = self.num_players
        while True:
            self.turn_idx += 1
            if self.turn_idx >= n:
                if self.phase == EXPLORATION:
                    self._end_round()
                else:
                    self._begin_phase(self.phase + 1)
                return
            seat = self.order[self.turn_idx]
            if self._takes_turn(seat):
                self.agenda.append([T_END_TURN, seat, 0, 0, 0, 0])
                self.agenda.append([T_TURN, seat, 0, 0, 0, 0])
                return

    def _takes_turn(self, seat: int) -> bool:
        """Whether `seat` has a turn in the current phase (judged from public facts)."""
        phase = self.phase
        if phase == RESET:
            return True
        if self.out[seat]:
            return False
        if phase == MOVEMENT:
            return True
        if self.loc[seat] < 0:
            return False
        return phase == EXPLORATION or agenda.may_interact(self, seat)

    def _begin_round(self) -> None:
        """Work out the speed order and clear last round's marks."""
        self.round += 1
        n = self.num_players
        for name in ("speed_mod", "gone_speed", "out", "blocked", "attacked", "traded",
                     "guard_used", "won_draw", "trade_draw", "no_reward"):
            setattr(self, name, [0] * n)
        self.revealed = 0
        self.order_speeds, self.tie_rank = [], []
        speeds = self._order_by_speed()
        self._emit("round", "anima.round", {"round": self.round, "order": self.order[:],
                                            "speeds": speeds})
        self._begin_phase(RESET)
        missions.offer_reveal(self)

    def _order_by_speed(self) -> list[int]:
        """Set `order`: fastest party first (characters discarded this round still count),
        ties by a roll made the first time the round has one; return the speeds."""
        n = self.num_players
        gone = self.gone_speed
        speeds = [self.party_speed(q) + gone[q] for q in range(n)]
        if speeds != self.order_speeds:
            self.order_speeds = speeds
            rank = self.tie_rank
            if not rank:
                if len(set(speeds)) == n:
                    self.order = sorted(range(n), key=lambda q: -speeds[q])
                    return speeds
                rank = self.tie_rank = [self.below(1 << 30) for _ in range(n)]
            self.order = sorted(range(n), key=lambda q: (-speeds[q], rank[q]))
        return speeds

    def _begin_phase(self, phase: int) -> None:
        self.phase, self.turn_idx = phase, 0
        self._emit("phase", "anima.phase", {"phase": ("setup", "reset", "movement",
                                                      "interaction", "exploration")[phase]})
        if phase != RESET and self.options["speed_order"] == "per-phase":
            before = self.order
            speeds = self._order_by_speed()
            if self.order != before:
                self._emit("round", "anima.reordered", {"order": self.order[:],
                                                        "speeds": speeds})
        if phase == RESET:
            self._find_poorest()
        self.turn_idx = -1
        self._next_turn()

    def _find_poorest(self) -> None:
        """The one party with fewest characters (and the one with fewest advantages) may
        take one from the discards this Reset phase; a tie gives nobody the privilege."""
        n = self.num_players
        self.salvaged_char = self.salvaged_adv = 0
        for field, counts in (("poor_char", [len(self.party[q]) for q in range(n)]),
                              ("poor_adv", [len(self.hand[q]) for q in range(n)])):
            low = min(counts)
            setattr(self, field, counts.index(low) if counts.count(low) == 1 else -1)

    def _end_round(self) -> None:
        if self.options["end_game"] == "crisis" and self.final >= 0:
            self.crisis_left -= 1
            self._emit("round", "anima.crisis_counter", {"left": self.crisis_left})
            if self.crisis_left <= 0:
                missions.begin_crisis(self)
                return
        if self.round >= self.options["max_rounds"]:
            self.phase, self.step = OVER, S_NONE
            self._emit("end", "anima.out_of_time", {"seats": self.winners()})
            return
        self._begin_round()

    # -- outcome ----------------------------------------------------------------------
    def finish(self, seat: int) -> None:
        """`seat` completed the final mission: the game is over."""
        self.winner, self.phase, self.step, self.agenda = seat, OVER, S_NONE, []
        self._emit("end", "anima.victory", {"seat": seat})

    def winners(self) -> list[int]:
        """The seat that completed the final mission; at the round limit the most completed
        basic missions (ties share); after a lost Crisis nobody."""
        if self.phase != OVER:
            return []
        if self.winner >= 0:
            return [self.winner]
        if self.omega_won:
            return []
        counts = [len(self.done[q]) for q in range(self.num_players)]
        best = max(counts)
        return [q for q in range(self.num_players) if counts[q] == best]

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
        won = set(self.winners())
        return [1.0 if q in won else 0.0 for q in range(self.num_players)]

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: every round's longest possible sequence of decisions."""
        per_turn = 200
        rounds: int = self.options["max_rounds"]
        setup = self.num_players * (1 + SETUP_ADVANTAGES - KEEP_ADVANTAGES)
        return setup + (rounds + 1) * 4 * self.num_players * per_turn

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...} describing `action` (see messages.py)."""
        from candlelit.games.anima.messages import action_struct

        return action_struct(self, action)

    # -- copies and information -------------------------------------------------------
    def clone(self) -> AnimaState:
        """An independent copy (nested lists copied, card data shared)."""
        c = AnimaState.__new__(AnimaState)
        c.game, c.num_players, c.seed, c.options = self.game, self.num_players, self.seed, \
            self.options
        c.chance_draws, c.history, c.log = self.chance_draws, self.history[:], self.log[:]
        c.cards, c.memo = self.cards, None
        for name in _LISTS:
            setattr(c, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.mprog = [[p[:] for p in seat] for seat in self.mprog]
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        c.cb_foe_type = self.cb_foe_type
        return c

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see (see views.py)."""
        from candlelit.games.anima.views import view

        return view(self, player)

    def resample(self, player: int, rng: Any) -> AnimaState:
        """A world consistent with what `player` knows (see resample.py)."""
        from candlelit.games.anima.resample import resample

        return resample(self, player, rng)

    # -- the contract: legal actions and their application ----------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The acting seat's legal decisions now, sorted; [] for everyone else."""
        if self.phase == OVER or (player is not None and player != self.actor):
            return []
        return self._legal()[:]

    def _legal(self) -> list[int]:
        memo = self.memo
        if memo is not None and memo[0] == len(self.history) and memo[1] == self.step \
                and memo[2] == self.actor and memo[3] == self.chance_draws:
            return memo[4]
        legal = decisions.legal(self, self.actor)
        self.memo = (len(self.history), self.step, self.actor, self.chance_draws, legal)
        return legal

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one decision of the acting seat, or raise IllegalAction leaving no trace."""
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        seat = player if type(player) is int and player == self.actor else self._who(player)
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if seat != self.actor:
            raise IllegalAction(f"seat {self.actor + 1} is to decide now, not seat {seat + 1}")
        if action not in self._legal():
            raise IllegalAction(decisions.why_not(self, seat, action))
        self.history.append((seat, action))
        decisions.apply(self, seat, action)
        agenda.run(self)
