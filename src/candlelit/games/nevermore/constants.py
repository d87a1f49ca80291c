"""Nevermore's fixed numbers: suits, tokens, timings, decision kinds and the action space."""

from __future__ import annotations

from typing import Literal, get_args

from candlelit.engine.flow import check_complete

# -- the main deck: 60 cards, 5 suits x 12 ---------------------------------------------------
ATTACK, HEAL, RADIANCE, VICTORY, RAVEN = range(5)
SUITS = ("attack", "healing", "radiance", "victory", "raven")
MIDDLE = (ATTACK, HEAL, RADIANCE, VICTORY)
"""The four middle resolution tokens, in round 1's printed order."""
PER_SUIT = 12
DEAL = 5
PASSES = (3, 2, 1)
"""Cards passed in the three drafting passes."""
LIGHT, SHADOW = 0, 1
DECKS = ("light", "shadow")

WIN_VP = 6
CONSPIRACY_RAVENS = 5
SWEEP_AT = 4
"""Attack value from which the winner may hit every other player for 1 and score 2."""
HEAL_BONUS_AT = 3
RADIANCE_FIVE = 5

LEFT, RIGHT = 1, -1
"""Direction marker: Left passes to seat + 1 (clockwise), Right to seat - 1."""

# -- timings (of magick cards, character abilities and windows) -----------------------------
BEFORE_DRAFT, BEFORE_RESOLUTION, DURING_STEP, AFTER_RESOLUTION, ANYTIME = range(5)
WHEN_LIGHT_DRAWN, WHEN_LETHAL, PASSIVE, END_PHASE = range(5, 9)
TIMINGS = ("before_draft", "before_resolution", "during_step", "after_resolution", "anytime",
           "when_light_drawn", "when_lethal", "passive", "end_phase")

# windows: the magick windows use the timing numbers above; character windows are offset
CHAR_WINDOW = 10
"""A character window's number is CHAR_WINDOW + the timing it serves (BD, BR or AR)."""
CHARACTER_TIMINGS = (BEFORE_DRAFT, BEFORE_RESOLUTION, AFTER_RESOLUTION)
"""The timings a character window serves (an ability of any other timing is not used in one)."""

# -- stages shown to people ------------------------------------------------------------------
(ST_CHARACTERS, ST_BEFORE_DRAFT, ST_DRAFT, ST_BEFORE_RESOLUTION, ST_RESOLUTION,
 ST_AFTER_RESOLUTION, ST_END, ST_OVER) = range(8)
Stage = Literal["characters", "before_draft", "draft", "before_resolution", "resolution",
                "after_resolution", "end", "over"]
STAGES: tuple[Stage, ...] = get_args(Stage)

# -- decision kinds --------------------------------------------------------------------------
(D_NONE, D_PASS, D_COMMIT, D_WINDOW, D_TARGET, D_KIND, D_ATTACK, D_YESNO, D_POS, D_LETHAL,
 D_DROP, D_CHAR_KEEP, D_CHAR_PICK) = range(13)
DecisionKind = Literal["none", "pass", "commit", "window", "target", "kind", "attack", "yes_no",
                       "position", "lethal", "drop", "character_keep", "character_pick"]
DECISIONS: tuple[DecisionKind, ...] = get_args(DecisionKind)

# purposes of target / kind / yes-no decisions (what the answer feeds)
(P_ATTACK, P_BETRAY_HEAL, P_PECK, P_HOPFROG, P_BLOODLET, P_BLOODLET_RAVEN, P_PROPHECY_SUIT,
 P_PROPHECY_WHO, P_PUNISH, P_RAGE, P_DOMINATE, P_DRAIN, P_DRAIN_RAVEN, P_WITHER, P_EXHAUST,
 P_NIGHTMARE, P_NIGHTMARE_DISCARD, P_CANCEL_TAKEN, P_IMP, P_DUPIN, P_WILSON, P_MONTRESOR,
 P_PYM, P_TARR, P_USHER) = range(25)
Purpose = Literal["attack", "betray_heal", "peck", "hop_frog", "bloodletting",
                  "bloodletting_raven", "prophecy_suit", "prophecy_player", "punishment", "rage",
                  "dominate", "drain", "drain_raven", "wither", "exhaust", "nightmare",
                  "nightmare_discard", "cancel_taken", "imp", "dupin", "wilson", "montresor",
                  "pym", "tarr", "usher"]
PURPOSES: tuple[Purpose, ...] = get_args(Purpose)
ANSWERED_BY: dict[int, int] = {
    P_ATTACK: D_TARGET, P_BETRAY_HEAL: D_TARGET, P_PECK: D_TARGET, P_HOPFROG: D_TARGET,
    P_BLOODLET: D_TARGET, P_BLOODLET_RAVEN: D_TARGET, P_PROPHECY_SUIT: D_KIND,
    P_PROPHECY_WHO: D_TARGET, P_PUNISH: D_TARGET, P_RAGE: D_TARGET, P_DOMINATE: D_TARGET,
    P_DRAIN: D_TARGET, P_DRAIN_RAVEN: D_TARGET, P_WITHER: D_TARGET, P_EXHAUST: D_TARGET,
    P_NIGHTMARE: D_TARGET, P_NIGHTMARE_DISCARD: D_KIND, P_CANCEL_TAKEN: D_YESNO,
    P_IMP: D_YESNO, P_DUPIN: D_TARGET, P_WILSON: D_TARGET, P_MONTRESOR: D_TARGET,
    P_PYM: D_KIND, P_TARR: D_POS, P_USHER: D_DROP,
}
"""Purpose -> the decision kind whose answer it feeds (every purpose exactly one)."""
check_complete("nevermore: purpose", range(len(PURPOSES)), ANSWERED_BY)


def purposes_of(kind: int) -> tuple[int, ...]:
    """The purposes a decision of `kind` is asked for, in declaration order."""
    return tuple(p for p, answered in ANSWERED_BY.items() if answered == kind)


DEFERRED_TARGETS = (P_HOPFROG, P_BLOODLET)
"""Target purposes whose choice may wait on the task stack (T_TARGET) until earlier work ran."""

# -- damage causes ---------------------------------------------------------------------------
(C_ATTACK, C_SWEEP, C_PECK, C_CONSPIRACY, C_CARD, C_SELF, C_REPENT, C_JUSTICE,
 C_BETRAYAL, C_CHARACTER) = range(10)
CAUSES = ("attack", "sweep", "peck", "conspiracy", "card", "self", "repentance", "justice",
          "betrayal", "character")

# -- the action space ------------------------------------------------------------------------
MAX_TYPES = 32
"""Most distinct magick card titles a card file may define (fixed action space)."""
MAX_CHARACTERS = 32
MAX_COUNT = 16
"""Commit counts 0..15 (ravens attached, or the size of a bluff)."""
MAX_SEATS = 6

A_PASS = 0                          # pass a card of kind k (0-4) while drafting
A_COMMIT = A_PASS + 5               # commit: n ravens attached, or a bluff of n cards
A_WILD = A_COMMIT + MAX_COUNT       # commit with one Raven as a wild card of the suit (Tarr)
A_PLAY = A_WILD + MAX_COUNT         # play magick title t
A_JOIN = A_PLAY + MAX_TYPES         # add title t to the hand as the suit card it counts as
A_TARGET = A_JOIN + MAX_TYPES       # choose seat s
A_KIND = A_TARGET + MAX_SEATS       # choose suit / card kind k (0-4)
A_POS = A_KIND + 5                  # choose middle token position i (0-3)
A_CHAR = A_POS + 4                  # keep / pick character c
A_DROP = A_CHAR + MAX_CHARACTERS    # discard magick title t
A_USE = A_DROP + MAX_TYPES          # use your character's ability
A_USE_COPY = A_USE + 1              # use the ability you copied (William Wilson)
A_SWEEP = A_USE_COPY + 1            # attack 4+: 1 damage to every other player and 2 VP
A_YES = A_SWEEP + 1
A_DONE = A_YES + 1                  # pass / decline / no
NUM_ACTIONS = A_DONE + 1

# -- tasks (the round's to-do stack) ---------------------------------------------------------
(T_ROUND, T_WINDOW, T_DRAFT, T_PASS_DONE, T_CONSPIRACY, T_CONSPIRE, T_END_RESOLUTION, T_STEP,
 T_REVEAL, T_COMPUTE, T_SKULK, T_SKULK_DRAW, T_PROPHECIES, T_END_PHASE, T_CLEANUP, T_DAMAGE,
 T_GAIN_VP, T_CHECK_WIN, T_ATTACKER, T_PECK, T_DRAW, T_LIGHT_DRAWN, T_TARGET, T_CANCEL_TAKEN,
 T_CHAR_DEAL, T_CHAR_PASS, T_CHAR_REVEAL, T_HEAL, T_LOSE_VP, T_NIGHTMARE_DISCARD) = range(30)
NUM_TASKS = T_NIGHTMARE_DISCARD + 1
