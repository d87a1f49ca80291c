"""Anima's fields: every slot of a game in progress, the set-up deal, copies and chance.

The slot names are the serialized format and never change. Cards are kind indices into
`cards`; a seat's lists are indexed by seat, an area slot's by slot (0 .. 2 * players - 1).

Decks and piles
  char_deck, adv_deck, area_deck, enc_deck, mission_deck: face-down decks (top = last)
  char_discard, adv_discard, area_discard, enc_discard: face-up discard piles
  final_pile: the three hidden final missions (top = last)
Per seat
  offer: set-up offer (2 characters then 4 advantages; emptied as the seat keeps cards)
  party, exhausted, inactive: the party's characters and which are exhausted / inactive
  hand: advantages in hand, sorted
  org: the organization in play (-1: none)
  missions: the two basic mission kinds; done: the basic mission kinds completed
  mprog: progress per mission slot [step, count, areas mask, shown, last held round,
    declared round] (constants.M_*; slot FINAL_SLOT is the revealed final)
  bonus: [Combat, Speed] earned by completed missions
  loc: the area slot the party stands on (-1: off the map)
  rest_round: the round its rest bonus applies to (-1: none)
  seen: area slots whose face-down encounter the seat has peeked at
  saw_finals: 1 once the seat has looked at the hidden final missions
This round's marks, per seat (cleared when a round begins)
  out: its round is over (beaten, expelled or slipped away)
  speed_mod: Speed added or taken this round; gone_speed: Speed of characters it
    discarded this round (still counted in the speed order)
  blocked: mask of skills (vocabulary.SKILLS bits) whose cards it may not play
  attacked: 1 once it attacked; traded: mask of seats it proposed a trade to
  guard_used, won_draw, trade_draw: once-a-round passives already used
  no_reward: 1 when a failed check took its reward this round
Per area slot
  area_at: the area kind in the slot (-1: empty); enc_down: its face-down encounter
  monster: a standing creature (-1: none); growth: Combat that creature has grown
The round
  round, phase (constants SETUP .. OVER), turn_idx (index into `order`)
  order: seats in speed order; order_speeds: the speeds it was worked out from
  tie_rank: this round's tie-breaking roll per seat ([] until a tie needs it)
  revealed: 1 once a new area was revealed this round
  poor_char, poor_adv: the seat that may salvage a character / advantage (-1: none)
  salvaged_char, salvaged_adv: 1 once that salvage was taken
The waiting decision and the work under way
  step, actor: the decision awaited (constants.S_*) and the seat to make it
  agenda: tasks [code, seat, a, b, c, d] still to do, the next one last
The end
  final: the revealed final mission kind (-1: hidden); crisis_left: rounds left before
    the Crisis; winner: the seat that won (-1: none yet); omega_won: 1 after a lost Crisis
The combat under way (see clear_combat)
  cb_kind (constants CB_*), cb_a / cb_b: the fighting seats (cb_b -1 against a foe)
  cb_foe: the creature's encounter kind; cb_foe_combat, cb_foe_type: the foe's Combat
    and type; cb_slot: the area slot fought on; cb_prep: which side's window is open
    (0, 1: preparing; 2, 3: after the roll; 4: settled); cb_penalty: Combat taken
    from the party (an ambush)
  cb_mission: the mission slot of a mission foe; cb_origin: where it happens (O_*)
  cb_death_margin: a loss by more than this kills a character
  cb_bonus, cb_minus, cb_kill, cb_big, cb_dice: per side [a, b]: card bonuses, minuses
    to the other side, kill-on-win, draws on a big win, the dice
The Speed check under way (see clear_check)
  ck_seat, ck_target, ck_bonus, ck_purpose (constants P_*), ck_arg (its argument)
Scratch for multi-step choices
  pool: cards being chosen among (stranger's cards, Old Map's areas)
  asked: seats still to ask (reactions, saving an area); saved: area slots saved
  armed: movement effects armed this turn (constants ARM_*)
  roll, roll2: the exploration die and a second roll; count_left: a count or slot carried
    between steps; reward_skip: the reward index already taken (-1: none)
  target_for: the card kind (or ABILITY_TARGET + character) whose target is chosen
  trade_with: the trade partner (or attacker, or the seat stolen from)
  trade_gives, trade_gets: offer actions from the proposer and from the partner
Derived (never stored)
  cards: the card set of the `boards` option; memo: the last legal-action list with the
    moment it was computed for
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from candlelit.engine.state import State
from candlelit.games.anima.cards import Advantage, CardSet, Character, cards_for
from candlelit.games.anima.constants import (
    BASIC_MISSIONS,
    CB_NONE,
    MISSION_SLOTS,
    S_NONE,
    SETUP,
    SETUP_ADVANTAGES,
    SETUP_CHARACTERS,
)

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
ROUND_MARKS = ("speed_mod", "gone_speed", "out", "blocked", "attacked", "traded",
               "guard_used", "won_draw", "trade_draw", "no_reward")
"""Per-seat marks that last one round (cleared when a round begins)."""


class AnimaFields(State):
    """The fields of a game of Anima (see the module docstring), with the set-up deal."""

    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "cb_foe_type", "mprog", "cards", "memo")
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "memo")

    memo: tuple[int, int, int, int, list[int]] | None
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

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Shuffle the five decks, deal missions and the set-up offers, reveal one area per
        player with a face-down encounter, and set the three final missions aside."""
        s = cls.blank("anima", players, seed, options)
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
            s.shuffle(deck)
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
            # nothing is discarded yet, so no reshuffle can happen here
            s.enc_down[slot] = s.enc_deck.pop() if s.enc_deck else -1
        s.order, s.order_speeds, s.tie_rank = list(range(n)), [], []
        s.cb_bonus, s.cb_minus, s.cb_kill, s.cb_big, s.cb_dice = ([0, 0] for _ in range(5))
        s.pool, s.asked, s.saved, s.armed = [], [], [], [0, 0, 0]
        s.agenda = []
        s.round, s.phase, s.turn_idx, s.revealed = 0, SETUP, 0, 0
        s.step, s.actor = S_NONE, -1
        s.poor_char = s.poor_adv = -1
        s.salvaged_char = s.salvaged_adv = 0
        s.final, s.crisis_left, s.winner, s.omega_won = -1, -1, -1, 0
        clear_combat(s)
        clear_check(s)
        s.roll = s.roll2 = -1
        s.trade_with = s.target_for = -1
        s.trade_gives, s.trade_gets = [], []
        s.count_left, s.reward_skip = 0, -1
        s._emit("setup", "anima.setup", {"players": n,
                                         "areas": [cards.areas[a].id for a in s.area_at
                                                   if a >= 0]})
        return s

    def restore_derived(self) -> None:
        """Rebuild the card set from the `boards` option."""
        self.cards = cards_for(self.options["boards"])
        self.memo = None

    def clone(self) -> Self:
        """An independent copy (nested lists copied, card data shared)."""
        c = self.fresh_copy()
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

    # -- chance and cards ------------------------------------------------------------
    def shuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` in place with the game's seeded chance."""
        self._chance().shuffle(cards)

    def d6(self) -> int:
        """One six-sided die from the game's seeded chance."""
        return 1 + self.below(6)

    def character(self, kind: int) -> Character:
        """The character card `kind`."""
        return self.cards.characters[kind]

    def advantage(self, kind: int) -> Advantage:
        """The advantage card `kind`."""
        return self.cards.advantages[kind]


def clear_combat(s: AnimaFields) -> None:
    """No combat under way."""
    s.cb_kind, s.cb_a, s.cb_b, s.cb_foe, s.cb_foe_combat, s.cb_foe_type = \
        CB_NONE, -1, -1, -1, 0, ""
    s.cb_slot, s.cb_prep, s.cb_penalty, s.cb_mission, s.cb_origin = -1, 0, 0, -1, -1
    s.cb_death_margin = 0
    s.cb_bonus, s.cb_minus, s.cb_kill, s.cb_big, s.cb_dice = [0, 0], [0, 0], [0, 0], [0, 0], \
        [0, 0]


def clear_check(s: AnimaFields) -> None:
    """No Speed check under way."""
    s.ck_seat, s.ck_target, s.ck_bonus, s.ck_purpose, s.ck_arg = -1, 0, 0, -1, -1
