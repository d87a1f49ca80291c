"""Anima's fixed numbers: limits, phases, decision steps and the action space."""

from __future__ import annotations

from typing import Literal

from candlelit.games.anima.cards import (
    MAX_ADVANTAGES,
    MAX_AREAS,
    MAX_CHARACTERS,
)

MAX_PLAYERS = 5
PARTY_LIMIT = 4
HAND_LIMIT = 5
SETUP_CHARACTERS = 2
SETUP_ADVANTAGES = 4
KEEP_ADVANTAGES = 3
BASIC_MISSIONS = 2
REST_BONUS = 2
MAX_SLOTS = 2 * MAX_PLAYERS
"""Areas in play at most: twice the players."""
MAX_REWARDS = 4
MISSION_SLOTS = 3
"""A seat's two basic missions, then the revealed final mission."""
FINAL_SLOT = 2

# the four phases of a round (SETUP before the first round, OVER after the last)
SETUP, RESET, MOVEMENT, INTERACTION, EXPLORATION, OVER = range(6)
PhaseName = Literal["setup", "reset", "movement", "interaction", "exploration", "over"]
PHASE_NAMES: tuple[PhaseName, ...] = ("setup", "reset", "movement", "interaction",
                                      "exploration", "over")

# decision steps: what the seat in `actor` is asked
(S_KEEP_CHARACTER, S_RETURN_ADVANTAGE, S_RESET, S_MOVE, S_CULL, S_SAVE_AREA, S_INTERACT,
 S_TRADE_OFFER, S_TRADE_REPLY, S_TRADE_CONFIRM, S_EXPLORE, S_PREP, S_AFTER_ROLL, S_CHECK,
 S_EXPLORE_ROLLED, S_ADJUST, S_REROLL_PICK, S_REWARD, S_LOSE_CHARACTER, S_INACTIVATE,
 S_DEATH, S_DISCARD, S_KEEP_ONE, S_GIVE, S_REVEALED, S_ATTACKED, S_TARGET, S_PICK_AREA,
 S_STEAL_CHARACTER, S_PEEK, S_SNEAK, S_REACT, S_UNVEIL, S_NONE) = range(34)
STEP_NAMES = ("keep_character", "return_advantage", "reset", "move", "cull", "save_area",
              "interact", "trade_offer", "trade_reply", "trade_confirm", "explore", "prep",
              "after_roll", "check", "explore_rolled", "adjust", "reroll_pick", "reward",
              "lose_character", "inactivate", "death", "discard", "keep_one", "give",
              "revealed", "attacked", "target", "pick_area", "steal_character", "peek",
              "sneak", "react", "unveil", "none")

# the action space
A_DONE = 0          # end this turn's free actions / pass a window / decline
A_ROLL = 1          # roll: the combat dice, a Speed check
A_REVEAL = 2        # movement: reveal a new area from the area deck
A_REST = 3          # movement: rest (+2 Speed and +2 Combat next round)
A_STAY = 4          # movement: stay in the area you are in
A_EXPLORE = 5       # exploration: roll the exploration die
A_ACCEPT = 6        # accept a trade, make an offer or answer / keep the die as it is
A_PLUS = 7          # Local Guide: +1
A_MINUS = 8         # Local Guide: -1
A_FIRST = 9         # keep the first of two exploration rolls
A_SECOND = 10       # keep the second
A_TRAVEL = 11                               # + area slot
A_CULL = A_TRAVEL + MAX_SLOTS               # + area slot: the area to leave play
A_REVEAL_KIND = A_CULL + MAX_SLOTS          # + area kind: reveal from the discard / Old Map
A_PLAY = A_REVEAL_KIND + MAX_AREAS          # + advantage kind: play it
A_DISCARD = A_PLAY + MAX_ADVANTAGES         # + advantage kind: discard it
A_SALVAGE_ADV = A_DISCARD + MAX_ADVANTAGES  # + advantage kind: take it from the discard
A_OFFER_ADV = A_SALVAGE_ADV + MAX_ADVANTAGES  # + advantage kind: offer it in a trade
A_ABILITY = A_OFFER_ADV + MAX_ADVANTAGES    # + character kind: use its ability
A_CHARACTER = A_ABILITY + MAX_CHARACTERS    # + character kind: keep / expel / lose / target
A_SALVAGE_CHAR = A_CHARACTER + MAX_CHARACTERS  # + character kind: recruit from the discard
A_OFFER_CHAR = A_SALVAGE_CHAR + MAX_CHARACTERS  # + character kind: offer it in a trade
A_ATTACK = A_OFFER_CHAR + MAX_CHARACTERS    # + seat
A_TRADE = A_ATTACK + MAX_PLAYERS            # + seat: propose a trade
A_SEAT = A_TRADE + MAX_PLAYERS              # + seat: the target of an effect
A_MISSION = A_SEAT + MAX_PLAYERS            # + mission slot: work on that mission here
A_REWARD = A_MISSION + MISSION_SLOTS        # + reward index on the area card
A_PEEK = A_REWARD + MAX_REWARDS             # + area slot: look at its encounter
NUM_ACTIONS = A_PEEK + MAX_SLOTS

# agenda tasks: [code, seat, a, b, c, d] (see agenda.py; their handlers are in tasks.py)
(T_SETUP_CHAR, T_SETUP_ADV, T_TURN, T_END_TURN, T_FACE, T_MEET, T_RESOLVE, T_ENTER,
 T_EXPLORE_CHOICE, T_EXPLORE_END, T_REWARD, T_CHECK, T_DIE, T_LOSE_CHAR, T_INACTIVATE,
 T_DISCARD, T_DRAW, T_RECRUIT, T_OPS, T_ENCOUNTERS, T_CRISIS, T_REFRESH,
 T_EXPEL, T_RANDOM_DISCARD, T_CULL, T_SAVE_ASK, T_PLACE_AREA, T_HOLD_EXTRA, T_MAIN,
 T_CRISIS_END, T_UNVEIL) = range(31)
NUM_TASKS = T_UNVEIL + 1
# where a T_OPS task's ops come from: an event encounter's card or an area's special
OPS_EVENT, OPS_SPECIAL = range(2)
# a mission's progress: [step, count, areas mask, shown, last held round, declared round]
M_STEP, M_COUNT, M_MASK, M_SHOWN, M_HELD, M_DECLARED = range(6)

# where an encounter or combat happens
O_MOVEMENT, O_EXPLORATION, O_MISSION, O_CRISIS, O_INTERACTION = range(5)
# combat kinds
CB_NONE, CB_CREATURE, CB_PARTY, CB_FOE = range(4)
CombatKind = Literal["none", "creature", "party", "foe"]
CB_NAMES: tuple[CombatKind, ...] = ("none", "creature", "party", "foe")
"""A combat kind's name in a view, by CB_* index."""
# what a Speed check decides
(P_NO_REWARD, P_AMBUSH, P_INACTIVATE, P_DISCARD_RANDOM, P_DIE, P_EXPEL, P_TWO_REWARDS,
 P_MISSION) = range(8)
# armed movement effects: [extra reveal, sneak in, unused]
ARM_REVEAL, ARM_SNEAK = 0, 1
