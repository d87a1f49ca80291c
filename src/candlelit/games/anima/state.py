"""Anima's fields: every slot of a game in progress, the set-up deal, copies and chance.

The fields are declared once in `AnimaFields` (engine/fields.py makes them its slots and its
clone); their names and order are the serialized format and never change. Cards are kind
indices into `cards`; a seat's lists are indexed by seat, an area slot's by slot
(0 .. 2 * players - 1).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from candlelit.engine.fields import state_fields
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

ROUND_MARKS = ("speed_mod", "gone_speed", "out", "blocked", "attacked", "traded",
               "guard_used", "won_draw", "trade_draw", "no_reward")
"""Per-seat marks that last one round (cleared when a round begins)."""


@state_fields
class AnimaFields(State):
    """The fields of a game of Anima (see the module docstring), with the set-up deal."""

    derived_slots: ClassVar[tuple[str, ...]] = ("cards",)

    char_deck: list[int]  # face-down character deck (top = last)
    char_discard: list[int]  # face-up character discard pile
    adv_deck: list[int]  # face-down advantage deck (top = last)
    adv_discard: list[int]  # face-up advantage discard pile
    area_deck: list[int]  # face-down area deck (top = last)
    area_discard: list[int]  # face-up area discard pile
    enc_deck: list[int]  # face-down encounter deck (top = last)
    enc_discard: list[int]  # face-up encounter discard pile
    mission_deck: list[int]  # face-down basic mission deck (top = last)
    final_pile: list[int]  # the three hidden final missions (top = last)
    org: list[int]  # per seat: the organization in play (-1: none)
    loc: list[int]  # per seat: the area slot its party stands on (-1: off the map)
    rest_round: list[int]  # per seat: the round its rest bonus applies to (-1: none)
    speed_mod: list[int]  # per seat, this round: Speed added or taken
    gone_speed: list[int]  # per seat, this round: Speed of its discarded characters (still ordered)
    out: list[int]  # per seat, this round: 1 once over (beaten, expelled or slipped away)
    blocked: list[int]  # per seat, this round: skills (vocabulary.SKILLS bits) it may not play
    attacked: list[int]  # per seat, this round: 1 once it attacked
    traded: list[int]  # per seat, this round: mask of seats it proposed a trade to
    guard_used: list[int]  # per seat, this round: 1 once its guard passive was used
    won_draw: list[int]  # per seat, this round: 1 once its won-fight draw passive was used
    trade_draw: list[int]  # per seat, this round: 1 once its trade draw passive was used
    trade_gives: list[int]  # offer actions of the trade's proposer
    trade_gets: list[int]  # offer actions of the trade's partner
    saw_finals: list[int]  # per seat: 1 once it has looked at the hidden final missions
    area_at: list[int]  # per area slot: the area kind in it (-1: empty)
    enc_down: list[int]  # per area slot: its face-down encounter (-1: none)
    monster: list[int]  # per area slot: a standing creature (-1: none)
    growth: list[int]  # per area slot: Combat its standing creature has grown
    order: list[int]  # seats in speed order
    order_speeds: list[int]  # the speeds `order` was worked out from
    tie_rank: list[int]  # this round's tie-breaking roll per seat ([] until a tie needs it)
    no_reward: list[int]  # per seat, this round: 1 when a failed check took its reward
    cb_bonus: list[int]  # combat, per side [a, b]: card bonuses
    cb_minus: list[int]  # combat, per side: minuses to the other side
    cb_kill: list[int]  # combat, per side: kill on a win
    cb_big: list[int]  # combat, per side: draws on a big win
    cb_dice: list[int]  # combat, per side: the dice
    pool: list[int]  # cards being chosen among (a stranger's cards, Old Map's areas)
    asked: list[int]  # seats still to ask after the asked one (interruptions, saving an area)
    saved: list[int]  # area slots saved from leaving play
    armed: list[int]  # movement effects armed this turn (constants.ARM_*)
    offer: list[list[int]]  # per seat: set-up offer (2 characters, 4 advantages; emptied on keep)
    party: list[list[int]]  # per seat: the party's characters
    exhausted: list[list[int]]  # per seat: its exhausted characters
    inactive: list[list[int]]  # per seat: its inactive characters
    hand: list[list[int]]  # per seat: advantages in hand, sorted
    missions: list[list[int]]  # per seat: its two basic mission kinds
    done: list[list[int]]  # per seat: the basic mission kinds it completed
    bonus: list[list[int]]  # per seat: [Combat, Speed] earned by completed missions
    seen: list[list[int]]  # per seat: area slots whose face-down encounter it has peeked at
    agenda: list[list[int]]  # tasks [code, seat, a, b, c, d] still to do, the next one last
    round: int  # the round number (0 during set-up)
    phase: int  # constants SETUP .. OVER
    turn_idx: int  # index into `order` of the party taking its phase turn
    revealed: int  # 1 once a new area was revealed this round
    step: int  # the decision awaited (constants.S_*)
    actor: int  # the seat to make it
    poor_char: int  # the seat that may salvage a character (-1: none)
    poor_adv: int  # the seat that may salvage an advantage (-1: none)
    salvaged_char: int  # 1 once that character salvage was taken
    salvaged_adv: int  # 1 once that advantage salvage was taken
    final: int  # the revealed final mission kind (-1: hidden)
    crisis_left: int  # rounds left before the Crisis
    winner: int  # the seat that won (-1: none yet)
    cb_kind: int  # the combat under way (constants CB_*)
    cb_a: int  # its first fighting seat
    cb_b: int  # its second fighting seat (-1 against a foe)
    cb_foe: int  # the creature's encounter kind
    cb_foe_combat: int  # the foe's Combat
    cb_slot: int  # the area slot fought on
    cb_prep: int  # whose window is open (0, 1: preparing; 2, 3: after the roll; 4: settled)
    cb_penalty: int  # Combat taken from the party (an ambush)
    cb_mission: int  # the mission slot of a mission foe
    cb_origin: int  # where the combat happens (constants O_*)
    cb_death_margin: int  # a loss by more than this kills a character
    ck_seat: int  # the seat making the Speed check under way
    ck_target: int  # its target
    ck_bonus: int  # its bonuses so far
    ck_purpose: int  # what it decides (constants P_*)
    ck_arg: int  # the purpose's argument
    roll: int  # the exploration die
    roll2: int  # a second exploration roll
    trade_with: int  # the trade partner (or attacker, or the seat stolen from)
    target_for: int  # the card kind (or ABILITY_TARGET + character) whose target is chosen
    omega_won: int  # 1 after a lost Crisis
    count_left: int  # a count or area slot carried between steps
    reward_skip: int  # the reward index already taken (-1: none)
    cb_foe_type: str  # the foe's type
    mprog: list[list[list[int]]]  # per seat, mission slot: progress [M_STEP .. M_DECLARED]
    cards: CardSet  # derived: the card set of the `cards` option

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
        """Rebuild the card set from the `cards` option."""
        self.cards = cards_for(self.options["cards"])

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
