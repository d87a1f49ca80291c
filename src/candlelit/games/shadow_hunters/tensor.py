"""箱庭版暗影獵人's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer). A character is
one-hot over the character pool of the `characters` option and appears only for the viewer
and for seats turned face up; a card is one-hot over the card table of the `cards` option.
Everyone sees who decides and what kind of decision it is; only the deciding seat sees its
choices and the decision's context (the seats, card, cell and numbers it names), as in its
view. A seat's kept cards are counts for the others.
"""

from __future__ import annotations

from typing import Any, get_args

from candlelit.engine.tensors import Layout, Part, Tensor
from candlelit.games.shadow_hunters.cards import cards_for
from candlelit.games.shadow_hunters.characters import MAX_SKILLS, characters_for
from candlelit.games.shadow_hunters.constants import CELLS, COLOURS, NUM_ACTIONS
from candlelit.games.shadow_hunters.purposes import (
    CELL_PURPOSES,
    EQUIP_PURPOSES,
    TARGET_PURPOSES,
)
from candlelit.games.shadow_hunters.state import (
    CHEER_USED,
    F_DELAY,
    F_LATE,
    F_NO_ATTACK,
    F_SECOND,
    F_SKIP_MOVE,
    F_SKIP_TURN,
    F_UNRESTRICTED,
    F_UNTARGETABLE,
    SHIELD_USED,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.view_types import DecisionKind
from candlelit.games.shadow_hunters.views import PHASES

KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)
KIND_NUMBER = {kind: k for k, kind in enumerate(KINDS)}
REASONS = ("orbs", "mission", "everyone_dead", "last_side", "rounds")
"""Why a game ends (victory.py and turn.py), in the order of the `reason` part."""
PURPOSES = tuple(dict.fromkeys((*TARGET_PURPOSES, *EQUIP_PURPOSES, *CELL_PURPOSES, "give",
                                "take")))
"""Every purpose a decision's context may open with (a swap's stage among them), once."""
PURPOSE_NUMBER = {purpose: k for k, purpose in enumerate(PURPOSES)}
FLAGS = (F_UNRESTRICTED, F_SKIP_TURN, F_SKIP_MOVE, F_NO_ATTACK, F_UNTARGETABLE, F_SECOND,
         F_DELAY, F_LATE)
USED = (*(1 << k for k in range(MAX_SKILLS)), *(1 << (8 + k) for k in range(MAX_SKILLS)),
        SHIELD_USED, CHEER_USED)
"""The `used` bits: each skill used this game, each used this turn, 聖堂之盾, 圍觀助威."""

SEAT, CARD, CELL, NUMBER, LATER = "S", "C", "L", "N", "R"
ROLES: dict[str, str] = {
    "element": SEAT, "press": SEAT, "brace": SEAT, "shield": SEAT, "double": SEAT + NUMBER,
    "cheer": SEAT + SEAT, "give": CARD, "keep": CARD, "guess": CARD + SEAT, "act": CELL,
    "lance": CELL, "lodestone": SEAT + NUMBER + NUMBER + LATER, "swap": SEAT + CARD + CARD,
    "equip": SEAT, "cell": CARD, "value": SEAT, "target": CARD,
}
"""What the context entries after a decision's purpose are, per decision kind: a seat, a
card, a cell, a number, and (last) seats still to be asked after this one."""
TARGET_ROLES: dict[str, str] = {
    "gourd": "", "mortar": "", "fireball_skill": "", "heal_instead": NUMBER + NUMBER,
    "restore": NUMBER, "split_second": CARD + SEAT, "iron_fist_second": CARD + SEAT,
}
"""A target decision's context roles by purpose (a card's purpose names the card)."""
CONTEXT_NUMBERS = 2


def context_roles(decision: list[Any]) -> tuple[str | None, str, list[int]]:
    """A decision's purpose (None without one), its context roles (LATER last stands for
    every value left) and the values they name."""
    kind, _seat, *context = decision
    purpose = None
    if context and isinstance(context[0], str):
        purpose, context = context[0], context[1:]
    roles = ROLES.get(kind, "")
    if kind == "target" and purpose is not None:
        roles = TARGET_ROLES.get(purpose, CARD)
    return purpose, roles, context


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats, the character pool and card table of the options, and
    the dropped equipment of the tournament's 'left-on-location' (D20)."""
    n = players
    pool = len(characters_for(options["characters"]))
    cards = len(cards_for(options["cards"]))
    cells = len(CELLS)
    parts = [
        Part("phase", len(PHASES), "one-hot: start, move, action, attack, end (the turn's step)"),
        Part("round", 1, "the round number, from 1"),
        Part("over", 1, "1 once the game is over"),
        Part("reason", len(REASONS),
             "one-hot once over: orbs, mission, everyone_dead, last_side, rounds"),
        Part("winners", n, "1 for each winning seat from the viewer once over"),
        Part("turn_order", n * n,
             "per seat from the viewer, one-hot: turns from the active seat's to its own in "
             "the turn order (0: the active seat)"),
        Part("deciding", n, "one-hot by seat from the viewer: the seat asked now"),
        Part("decision", len(KINDS), "one-hot: what the seat asked now decides (DecisionKind)"),
        Part("attack", 2 * n,
             "one-hot by seat from the viewer: the attacker, then the target of the attack "
             "under way"),
        Part("cell", n * cells, "per seat from the viewer, one-hot: its cell (1-4, 6-9)"),
        Part("alive", n, "per seat from the viewer: 1 while alive"),
        Part("damage", n, "per seat from the viewer: damage taken (0 once dead)"),
        Part("revealed", n, "per seat from the viewer: 1 once its character is face up"),
        Part("kept", n, "per seat from the viewer: cards it keeps for later"),
        Part("shelter", n, "per seat from the viewer: 聖堂之庇護 reductions"),
        Part("ward", n, "per seat from the viewer: 聖堂之結界 reductions of its attacks"),
        Part("guard", n, "per seat from the viewer: 1 while it guards the south"),
        Part("lodestone", n, "per seat from the viewer: 迷失的磁場 re-rolls it may force"),
        Part("flags", n * len(FLAGS),
             "per seat from the viewer: the F_* bits of state.py, lowest first"),
        Part("character", n * pool,
             "per seat from the viewer, one-hot by pool character: the one it plays (the "
             "viewer's own, and face-up seats')"),
        Part("hp", n, "per seat from the viewer whose character shows: HP left"),
        Part("max_hp", n, "per seat from the viewer whose character shows: maximum HP"),
        Part("zombie", n, "per seat from the viewer whose character shows: 1 as a zombie"),
        Part("used", n * len(USED),
             "per seat from the viewer whose character shows: each skill used this game, "
             "each used this turn, 聖堂之盾 and 圍觀助威 since its last turn"),
        Part("equipment", n * cards, "per seat from the viewer, by card: 1 if in front of it"),
        Part("roster", pool, "1 for each pool character dealt (not who plays it)"),
        Part("decks", len(COLOURS), "cards left per deck: blue, yellow, green, red, white"),
        Part("removed", cards, "1 for each card out of the game"),
        Part("kept_cards", cards, "1 for each card the viewer keeps for later"),
        Part("choices", NUM_ACTIONS, "1 at each action the viewer may take now (its legal "
             "actions while it decides)"),
        Part("purpose", len(PURPOSES),
             "one-hot while the viewer decides: its decision's purpose (purposes.py), or a "
             "swap's stage (give, take)"),
        Part("context_seats", 2 * n,
             "while the viewer decides, one-hot by seat from the viewer: the first, then the "
             "second seat its decision names"),
        Part("later_seats", n,
             "while the viewer decides: the seats asked after it (迷失的磁場's holders)"),
        Part("context_cards", 2 * cards,
             "while the viewer decides, one-hot by card: the first, then the second card "
             "its decision names"),
        Part("context_cell", cells, "while the viewer decides, one-hot: the cell it names"),
        Part("context_numbers", CONTEXT_NUMBERS,
             "while the viewer decides: the numbers it names (a roll, dice, an amount)"),
    ]
    if options["dead_equipment"] == "left-on-location":
        parts.append(Part("dropped", cells * cards,
                          "per cell (1-4, 6-9), by card: 1 if the dead left it there"))
    return Layout(parts)


CELL_NUMBER = {cell: k for k, cell in enumerate(CELLS)}


class _Plan:
    """One layout worked out for encoding: where each part starts and, per viewer, its
    seats in tensor order."""

    __slots__ = ("at", "cards", "layout", "pool", "seats")

    def __init__(self, layout: Layout, players: int) -> None:
        self.layout = layout
        self.at = layout.at
        self.pool = layout.span("roster").stop - layout.at["roster"]
        self.cards = layout.span("removed").stop - layout.at["removed"]
        self.seats = [[(viewer + k) % players for k in range(players)]
                      for viewer in range(players)]


_PLANS: dict[int, _Plan] = {}


def _plan(layout: Layout, players: int) -> _Plan:
    """The plan of `layout` (made once per layout)."""
    plan = _PLANS.get(id(layout))
    if plan is None or plan.layout is not layout:
        plan = _PLANS[id(layout)] = _Plan(layout, players)
    return plan


def encode(state: ShadowHuntersFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    n = state.num_players
    plan = _plan(layout, n)
    at, cards = plan.at, plan.cards
    mv = out.data  # a memoryview: item writes cost less than numpy's
    mv[at["phase"] + state.phase] = 1
    mv[at["round"]] = state.round
    if state.over:
        mv[at["over"]] = 1
        mv[at["reason"] + REASONS.index(state.reason)] = 1
        for seat in state.won:
            mv[at["winners"] + (seat - player) % n] = 1
    turn_order, turn = at["turn_order"], state.turn
    for i, seat in enumerate(state.order):
        mv[turn_order + n * ((seat - player) % n) + (i - turn) % n] = 1
    decision = state.decision
    if decision and not state.over:
        deciding = decision[1]
        mv[at["deciding"] + (deciding - player) % n] = 1
        mv[at["decision"] + KIND_NUMBER[decision[0]]] = 1
        if deciding == player:
            _decision(state, player, at, cards, mv)
    if state.strike:
        mv[at["attack"] + (state.strike[0] - player) % n] = 1
        mv[at["attack"] + n + (state.strike[1] - player) % n] = 1
    _seats(state, player, plan, mv)
    for k in state.roster:
        mv[at["roster"] + k] = 1
    decks = at["decks"]
    for colour, deck in enumerate(state.decks):
        mv[decks + colour] = len(deck)
    for card in state.removed:
        mv[at["removed"] + card] = 1
    for card in state.held[player]:
        mv[at["kept_cards"] + card] = 1
    if "dropped" in at:
        dropped = at["dropped"]
        for cell, pile in enumerate(state.dropped):
            for card in pile:
                mv[dropped + cards * cell + card] = 1


def _seats(state: ShadowHuntersFields, player: int, plan: _Plan, mv: memoryview) -> None:
    """Every seat's public table, and its character where the viewer may see it."""
    at, pool, cards = plan.at, plan.pool, plan.cards
    cells, flag_bits, used_bits = len(CELLS), len(FLAGS), len(USED)
    alive, revealed, hp, char, zombie_of = (
        state.alive, state.revealed, state.hp, state.char, state.zombie_of)
    for k, seat in enumerate(plan.seats[player]):
        mv[at["cell"] + cells * k + CELL_NUMBER[state.cell[seat]]] = 1
        if alive[seat]:
            mv[at["alive"] + k] = 1
            mv[at["damage"] + k] = state.max_hp(seat) - hp[seat]
        if state.held[seat]:
            mv[at["kept"] + k] = len(state.held[seat])
        for name, values in (("shelter", state.shelter), ("ward", state.ward),
                             ("guard", state.guard), ("lodestone", state.lodestone)):
            if values[seat]:
                mv[at[name] + k] = values[seat]
        flags = state.flags[seat]
        if flags:
            start = at["flags"] + flag_bits * k
            for bit, mask in enumerate(FLAGS):
                if flags & mask:
                    mv[start + bit] = 1
        for card in state.equip[seat]:
            mv[at["equipment"] + cards * k + card] = 1
        shown = revealed[seat]
        if shown:
            mv[at["revealed"] + k] = 1
        if shown or seat == player:
            zombie = zombie_of[seat]
            mv[at["character"] + pool * k + (char[seat] if zombie < 0 else zombie)] = 1
            mv[at["hp"] + k] = hp[seat]
            mv[at["max_hp"] + k] = state.max_hp(seat)
            if zombie >= 0:
                mv[at["zombie"] + k] = 1
            used = state.used[seat]
            if used:
                start = at["used"] + used_bits * k
                for bit, mask in enumerate(USED):
                    if used & mask:
                        mv[start + bit] = 1


def _decision(state: ShadowHuntersFields, player: int, at: dict[str, int], cards: int,
              mv: memoryview) -> None:
    """The deciding viewer's choices and what its decision's context names."""
    n = state.num_players
    choices = at["choices"]
    for action in state.choices:
        mv[choices + action] = 1
    purpose, roles, values = context_roles(state.decision)
    if purpose is not None:
        mv[at["purpose"] + PURPOSE_NUMBER[purpose]] = 1
    if roles.endswith(LATER):
        roles = roles[:-1] + LATER * (len(values) - len(roles) + 1)
    seats = cards_named = numbers = 0
    for role, value in zip(roles, values, strict=False):  # a context may stop early
        if role == SEAT:
            mv[at["context_seats"] + n * seats + (value - player) % n] = 1
            seats += 1
        elif role == LATER:
            mv[at["later_seats"] + (value - player) % n] = 1
        elif role == CARD:
            if value >= 0:  # a swap's given card is -1 until chosen
                mv[at["context_cards"] + cards * cards_named + value] = 1
            cards_named += 1
        elif role == CELL:
            mv[at["context_cell"] + CELL_NUMBER[value]] = 1
        else:
            mv[at["context_numbers"] + numbers] = value
            numbers += 1
