"""Fatal Frame's fixed numbers: phases, the action space and the rules' constants."""

from __future__ import annotations

from typing import Literal, get_args

from candlelit.games.fatal_frame.cards import EXTERIORS, MAX_BUILDING, MAX_MAIN_KINDS

HAND_LIMIT = 5
OPENING_HAND = 5
ALBUM_LIMIT = 6
MAX_ORBS = 3
MAX_DICE = 4
"""Four attack dice come in the box: the best Film rolls 3 and Fatal Frame adds one."""
SHRINE_POINTS = {2: 9, 3: 7, 4: 6}
MODIFIER = 2
"""Size of Futile Odds' subtraction, Zero Shot's addition and Blast's chosen bonus."""
MAX_PLAYERS = 4
STACK_TARGETS = 8
"""Ghosts per location the action space can name as a target."""
CENTRE = 4
EDGE_CELLS = tuple(c for c in range(EXTERIORS) if c != CENTRE)

# phases (the active seat decides, except in REACT and REACT_MOVE: the seat being asked)
(FIGHT_PRE, FIGHT_ROLLED, REROLL, MOVE, PLAY, DISCARD_DOWN, EFFECT_DISCARD, LOSE_UPGRADE,
 RELEASE, TARGET_SEAT, TARGET_GHOST, TARGET_SEAT_DIR, TARGET_STEAL, SEARCH, EXTRA_MOVE,
 PAY_COST, REACT, REACT_MOVE, OVER) = range(19)
PhaseName = Literal["fight", "fight_rolled", "reroll", "move", "play", "discard_down",
                    "effect_discard", "lose_upgrade", "release", "target_seat", "target_ghost",
                    "target_seat_dir", "target_steal", "search", "extra_move", "pay_cost",
                    "react", "react_move", "over"]
"""A phase as views name it, in the order of the phase numbers above."""
PHASE_NAMES: tuple[PhaseName, ...] = get_args(PhaseName)

# a ghost on a location: [kind, is_boss, futile_odds+1, zero_shot+1, fatal_frame+1,
# the turn (count of turns begun before it) at whose end an attached Futile Odds expires]
E_KIND, E_BOSS, E_FUTILE, E_ZERO, E_FATAL, E_FUTILE_UNTIL = range(6)

# the action space
A_PASS = 0          # pass the play / finish choosing dice to re-roll / let a moment go
A_ROLL = 1          # take the picture: roll against the ghost being fought
A_RESOLVE = 2       # accept the dice as modified
A_FORGO_MOVE = 3    # beaten: play a card instead of moving
A_STAY = 4          # boss fight goes on: stay in the shrine as this turn's move
A_ENTER = 5         # go into the building of this exterior
A_LEFT = 6
A_RIGHT = 7
A_CELL = 8          # + cell 0-8: move to that exterior (also leaving a building)
A_ORB = A_CELL + EXTERIORS                 # + die 0-3: spend a Spirit Orb on an attack die
A_ORB_BOSS = A_ORB + MAX_DICE              # spend a Spirit Orb on the boss die
A_BLAST = A_ORB_BOSS + 1                   # + die: use Blast on an attack die
A_REROLL = A_BLAST + MAX_DICE              # + die: mark an attack die to re-roll
A_FUNC = A_REROLL + MAX_DICE               # use the equipped Function (Track, Sense, Save)
A_SEAT = A_FUNC + 1                        # + seat
A_SEAT_DIR = A_SEAT + MAX_PLAYERS          # + seat * 4 + direction
A_STEAL = A_SEAT_DIR + MAX_PLAYERS * 4     # + seat * 2 + (0 Film, 1 Function)
SLOTS = EXTERIORS + MAX_PLAYERS * MAX_BUILDING
A_GHOST = A_STEAL + MAX_PLAYERS * 2        # + slot * STACK_TARGETS + position in stack
A_PLAY = A_GHOST + SLOTS * STACK_TARGETS   # + main kind
A_DISCARD = A_PLAY + MAX_MAIN_KINDS        # + main kind
A_LOSE = A_DISCARD + MAX_MAIN_KINDS        # + main kind (an equipped upgrade)
A_RELEASE = A_LOSE + MAX_MAIN_KINDS        # + main kind (an album ghost)
A_SEARCH = A_RELEASE + MAX_MAIN_KINDS      # + main kind (from the main discard pile)
A_PASSAGE = A_SEARCH + MAX_MAIN_KINDS      # leave by the secret passage to a face-down house
NUM_ACTIONS = A_PASSAGE + 1

DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIRECTION_NAMES = ("north", "east", "south", "west")
