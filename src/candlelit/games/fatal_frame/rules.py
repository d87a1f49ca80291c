"""Fatal Frame: the Card Game as pure state transitions, in the order of the rulebook.

Set-up, then each turn: 1 draw; 2 fight every ghost on your location, weakest first,
stopping at the first that beats you; 3 move one step (mandatory); 4 play a card (a ghost
allows a second); 5 discard down to 5. Beaten in step 2, you either move or play.
The first player to take a boss's last life escapes and wins. Compound choices (where to
spend Spirit Orbs, whom a ghost haunts) are sequences of single decisions; see
constants.py for the action space and docs/rules/fatal-frame.md for interpretations.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any, ClassVar

from candlelit.engine.errors import IllegalAction
from candlelit.engine.state import TERMINAL, State
from candlelit.games.fatal_frame.cards import EXTERIORS, SHRINE, Card, CardSet, cards_for
from candlelit.games.fatal_frame.constants import (
    A_BLAST,
    A_CELL,
    A_DISCARD,
    A_ENTER,
    A_FORGO_MOVE,
    A_FUNC,
    A_GHOST,
    A_LEFT,
    A_LOSE,
    A_ORB,
    A_ORB_BOSS,
    A_PASS,
    A_PASSAGE,
    A_PLAY,
    A_RELEASE,
    A_REROLL,
    A_RESOLVE,
    A_RIGHT,
    A_ROLL,
    A_SEARCH,
    A_SEAT,
    A_SEAT_DIR,
    A_STAY,
    A_STEAL,
    ALBUM_LIMIT,
    DIRECTIONS,
    DISCARD_DOWN,
    E_BOSS,
    E_FATAL,
    E_FUTILE,
    E_FUTILE_UNTIL,
    E_KIND,
    E_ZERO,
    EDGE_CELLS,
    EFFECT_DISCARD,
    EXTRA_MOVE,
    FIGHT_PRE,
    FIGHT_ROLLED,
    HAND_LIMIT,
    LOSE_UPGRADE,
    MAX_DICE,
    MAX_ORBS,
    MODIFIER,
    MOVE,
    NUM_ACTIONS,
    OPENING_HAND,
    OVER,
    PAY_COST,
    PHASE_NAMES,
    PLAY,
    REACT,
    REACT_MOVE,
    RELEASE,
    REROLL,
    SEARCH,
    SHRINE_POINTS,
    STACK_TARGETS,
    TARGET_GHOST,
    TARGET_SEAT,
    TARGET_SEAT_DIR,
    TARGET_STEAL,
)

# what to do once queued effects are settled
C_NONE, C_FIGHT, C_MOVE, C_RESUME, C_AFTER_PLAY = range(5)
# queued effects
Q_LOSE, Q_DISCARD, Q_RELEASE, Q_DRAW = range(4)
# what a paid cost or an extra move leads to
T_NONE, T_TRACK, T_SENSE, T_SAVE, T_BLAST, T_QUICK = range(6)
# which step of the active seat's turn a Quick Escape window follows
R_AFTER_MOVE, R_AFTER_PLAY = range(2)
BEATEN_MOVED = 2
"""`beaten` once a seat beaten in step 2 has taken its step instead of the play."""
_COMBAT_FIELD = {"zero_shot": E_ZERO, "futile_odds": E_FUTILE, "fatal_frame": E_FATAL}
"""The ghost-entry field each combat card attaches to."""
_FUNCTION_THEN = {"track": T_TRACK, "sense": T_SENSE, "save": T_SAVE}
"""What paying for each Function used outside a roll leads to (Blast is used on a roll)."""


def clamp(value: int) -> int:
    """A die never shows less than 1 or more than 6."""
    return 1 if value < 1 else 6 if value > 6 else value


def neighbours(cell: int) -> list[int]:
    """Orthogonally adjacent cells of the 3x3 exterior map, ascending."""
    r, c = divmod(cell, 3)
    out = [(r + dr) * 3 + c + dc for dr, dc in DIRECTIONS
           if 0 <= r + dr < 3 and 0 <= c + dc < 3]
    return sorted(out)


_NOT_ASKED: tuple[int, tuple[int, ...]] = (-1, ())
"""`legal_memo` before `legal_actions` has been asked in this position."""
_STEP_ACTIONS = tuple(tuple(A_CELL + n for n in neighbours(c)) for c in range(EXTERIORS))
"""Move actions onto each exterior's neighbours, ascending."""
_FIRST_STEPS = tuple(A_CELL + c for c in EDGE_CELLS)
"""Move actions from the camera onto the map: any edge cell, ascending."""


class FatalFrameState(State):
    """A game of Fatal Frame: the Card Game."""

    __slots__ = (
        "cards", "main_deck", "main_discard", "interior_deck", "interior_discard",
        "boss_pile", "grid", "revealed", "cell_ghosts", "hands", "pos", "room", "path",
        "entered", "room_ghosts", "album", "items", "film", "function", "orbs", "lives",
        "skip_next", "turn", "round", "turns", "phase", "beaten", "plays", "ghost_first",
        "func_used", "shield", "fought_boss", "fight", "dice", "boss_die", "chosen",
        "boss_chosen", "marks", "queue", "cont", "resume", "then", "then_arg", "holding",
        "winner", "asked", "react_after", "legal_memo",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "legal_memo")

    cards: CardSet
    main_deck: list[int]
    main_discard: list[int]
    interior_deck: list[int]
    interior_discard: list[int]
    boss_pile: list[int]
    grid: list[int]
    revealed: list[int]
    cell_ghosts: list[list[list[int]]]
    hands: list[list[int]]
    pos: list[int]
    room: list[int]
    path: list[list[int]]
    entered: list[int]
    room_ghosts: list[list[list[list[int]]]]
    album: list[list[int]]
    items: list[list[int]]
    film: list[int]
    function: list[int]
    orbs: list[list[int]]
    lives: list[int]
    skip_next: list[int]
    turn: int
    round: int
    turns: int
    phase: int
    beaten: int
    plays: int
    ghost_first: int
    func_used: int
    shield: int
    fought_boss: int
    fight: int
    dice: list[int]
    boss_die: int
    chosen: list[int]
    boss_chosen: int
    marks: list[int]
    queue: list[list[int]]
    cont: int
    resume: int
    then: int
    then_arg: int
    holding: int
    winner: int
    asked: int
    react_after: int
    # (history length, legal_actions' answer) of the last position asked about, so that
    # apply_action need not derive a legal action twice; stale once an action is applied
    legal_memo: tuple[int, tuple[int, ...]]

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> FatalFrameState:
        """Shuffle the exteriors into a face-down 3x3 map, the interiors, the bosses and
        the main playdeck; deal 5 cards each; every token starts on its camera."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = "fatal-frame", players, seed, options
        s.chance_draws, s.history, s.log = 0, [], []
        s.restore_derived()
        cards = s.cards
        s.grid = [c.index for c in cards.exteriors]
        s._shuffle(s.grid)
        s.revealed = [0] * EXTERIORS
        s.interior_deck = [c.index for c in cards.interiors for _ in range(c.count)]
        s._shuffle(s.interior_deck)
        s.boss_pile = [c.index for c in cards.bosses for _ in range(c.count)]
        s._shuffle(s.boss_pile)
        s.main_deck = cards.main_deck()
        s._shuffle(s.main_deck)
        s.main_discard, s.interior_discard = [], []
        s.cell_ghosts = [[] for _ in range(EXTERIORS)]
        n = players
        s.hands = [[] for _ in range(n)]
        s.pos, s.room, s.entered = [-1] * n, [-1] * n, [-1] * n
        s.path = [[] for _ in range(n)]
        s.room_ghosts = [[] for _ in range(n)]
        s.album, s.items, s.orbs = [[] for _ in range(n)], [[] for _ in range(n)], \
            [[] for _ in range(n)]
        s.film, s.function, s.lives, s.skip_next = [-1] * n, [-1] * n, [0] * n, [0] * n
        s.turn, s.round, s.turns, s.winner = 0, 0, 0, -1
        s._reset_turn()
        s.queue, s.cont, s.resume, s.then, s.then_arg, s.holding = [], C_NONE, -1, T_NONE, 0, -1
        s.asked, s.react_after = -1, R_AFTER_MOVE
        s._emit("setup", "fatal_frame.setup", {"players": n, "shrine": s.shrine_points()})
        for seat in range(n):
            s._draw(seat, OPENING_HAND)
        s._begin_turn()
        return s

    def restore_derived(self) -> None:
        """Rebuild the card set from the `boards` option; no legal actions are remembered."""
        self.cards = cards_for(self.options["boards"])
        self.legal_memo = _NOT_ASKED

    def shrine_points(self) -> int:
        """Album points needed to enter Kureha Shrine (9/7/6, or the option's higher bar)."""
        raised = self.options["shrine_points"]
        return raised if raised is not None else SHRINE_POINTS[self.num_players]

    def _shuffle(self, cards: list[int]) -> None:
        self._chance().shuffle(cards)

    def _reset_turn(self) -> None:
        self.phase, self.beaten, self.plays, self.ghost_first = FIGHT_PRE, 0, 0, 0
        self.func_used, self.shield, self.fought_boss, self.fight = 0, 0, 0, -1
        self.dice, self.boss_die, self.chosen, self.boss_chosen = [], -1, [0] * MAX_DICE, 0
        self.marks = [0] * MAX_DICE

    # -- who acts ---------------------------------------------------------------------
    def actor(self) -> int:
        """The seat asked in a Quick Escape window, else the active seat."""
        return self.asked if self.phase in (REACT, REACT_MOVE) else self.turn

    def pending_players(self) -> list[int]:
        """The one seat whose decision is awaited, or nobody at the end."""
        return [] if self.phase == OVER else [self.actor()]

    def current_player(self) -> int:
        """The seat whose decision is awaited, or TERMINAL."""
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        return self.asked if phase in (REACT, REACT_MOVE) else self.turn

    def is_terminal(self) -> bool:
        """Whether a boss has fallen or the round limit has been reached."""
        return self.phase == OVER

    # -- cards and places -------------------------------------------------------------
    def main_card(self, kind: int) -> Card:
        """The main-deck card kind `kind`."""
        return self.cards.main[kind]

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to `count` main cards, reshuffling the discards only when a draw needs it."""
        drawn = 0
        for _ in range(count):
            if not self.main_deck:
                if not self.main_discard:
                    self._emit("draw", "fatal_frame.deck_empty", {"seat": seat})
                    break
                self.main_deck, self.main_discard = self.main_discard, []
                self._shuffle(self.main_deck)
                self._emit("draw", "fatal_frame.reshuffled", {"pile": "main"})
            kind = self.main_deck.pop()
            bisect.insort(self.hands[seat], kind)
            self._emit("draw", "fatal_frame.drew_card", {"seat": seat,
                                                        "card": self.cards.main[kind].id},
                       (seat,))
            drawn += 1
        if drawn:
            self._emit("draw", "fatal_frame.drew", {"seat": seat, "count": drawn})
        return drawn

    def album_points(self, seat: int) -> int:
        """Album value of the seat's album ghosts plus the points of its played items."""
        main = self.cards.main
        return sum(main[k].album_value for k in self.album[seat]) + sum(
            main[k].points for k in self.items[seat])

    def _has_album(self, seat: int, engine: str) -> int:
        """How many of the seat's album ghosts have this effect."""
        album = self.album[seat]
        count = 0
        for kind in self.cards.main_kinds(engine):
            count += album.count(kind)
        return count

    def _no_discards(self, seat: int) -> bool:
        return self._has_album(seat, "no_discards") > 0

    def _stack(self, seat: int) -> list[list[int]] | None:
        """The ghosts on the seat's location (None while on its camera)."""
        if self.room[seat] >= 0:
            return self.room_ghosts[seat][self.room[seat]]
        if self.pos[seat] >= 0:
            return self.cell_ghosts[self.pos[seat]]
        return None

    def _slot_stack(self, slot: int) -> list[list[int]] | None:
        if slot < EXTERIORS:
            return self.cell_ghosts[slot]
        seat, k = divmod(slot - EXTERIORS, 4)
        if seat < self.num_players and k < len(self.path[seat]):
            return self.room_ghosts[seat][k]
        return None

    def _slot_of(self, seat: int) -> int:
        if self.room[seat] >= 0:
            return EXTERIORS + seat * 4 + self.room[seat]
        return self.pos[seat]

    def _inside(self, seat: int) -> bool:
        return self.room[seat] >= 0

    def _power(self, entry: list[int]) -> int:
        if entry[E_BOSS]:
            return self.cards.bosses[entry[E_KIND]].power
        return self.cards.main[entry[E_KIND]].power

    def _discard_entry(self, entry: list[int]) -> None:
        """A ghost leaves the map: to the discards (a boss to its pile) with its attachments."""
        if entry[E_BOSS]:
            self.boss_pile.append(entry[E_KIND])
        else:
            self.main_discard.append(entry[E_KIND])
        for field in (E_FUTILE, E_ZERO, E_FATAL):
            if entry[field]:
                self.main_discard.append(entry[field] - 1)

    def _realm_ok(self, realm: str, inside: bool) -> bool:
        return realm == "both" or realm == ("interior" if inside else "exterior")

    # -- 1. draw, then 2. fight -------------------------------------------------------
    def _begin_turn(self) -> None:
        while True:
            seat = self.turn
            self._reset_turn()
            if not self.skip_next[seat]:
                break
            self.skip_next[seat] = 0
            self._emit("turn", "fatal_frame.skipped", {"seat": seat})
            if self._advance_seat():
                return
        self._emit("turn", "fatal_frame.turn", {"seat": self.turn, "round": self.round + 1})
        self._draw(self.turn, 1)
        self._next_fight()

    def _next_fight(self) -> None:
        """Pick the weakest ghost left on the active seat's location, or go on to move."""
        stack = self._stack(self.turn)
        best = -1
        if stack:
            for i, entry in enumerate(stack):
                if entry[E_BOSS] and self.fought_boss:
                    continue
                if best < 0 or self._power(entry) < self._power(stack[best]):
                    best = i
        if best < 0:
            self._to_move()
            return
        self.fight = best
        self.phase = FIGHT_PRE
        entry = stack[best]  # type: ignore[index]
        self._emit("fight", "fatal_frame.attacked", {"seat": self.turn,
                                                     "ghost": self._entry_id(entry)})

    def _entry_id(self, entry: list[int]) -> str:
        group = self.cards.bosses if entry[E_BOSS] else self.cards.main
        return group[entry[E_KIND]].id

    def _fight_entry(self) -> list[int]:
        stack = self._stack(self.turn)
        assert stack is not None
        return stack[self.fight]

    def dice_count(self, seat: int, entry: list[int] | None) -> int:
        """Attack dice: the camera's, or the Film's, plus one for an attached Fatal Frame."""
        n = self.main_card(self.film[seat]).dice if self.film[seat] >= 0 \
            else self.cards.camera_dice
        if entry is not None and entry[E_FATAL]:
            n += 1
        return min(n, MAX_DICE)

    def _roll(self) -> None:
        entry = self._fight_entry()
        rng = self._chance()
        self.dice = [rng.randint(1, 6) for _ in range(self.dice_count(self.turn, entry))]
        self.boss_die = rng.randint(1, 6) if entry[E_BOSS] else -1
        self.chosen, self.boss_chosen = [0] * MAX_DICE, 0
        self.phase = FIGHT_ROLLED
        self._emit("fight", "fatal_frame.rolled", {"seat": self.turn, "dice": self.dice[:],
                                                   "boss_die": self.boss_die})

    def automatic(self, seat: int, entry: list[int]) -> tuple[int, int]:
        """(automatic additions, automatic subtractions) to every attack die against `entry`."""
        add = self._has_album(seat, "plus_one_each_die")
        if entry[E_ZERO]:
            add += MODIFIER
        if entry[E_BOSS]:
            boss = self.cards.bosses[entry[E_KIND]]
            if boss.weakness_ghost >= 0 and boss.weakness_ghost in self.album[seat]:
                add += boss.weakness_bonus
        sub = MODIFIER if entry[E_FUTILE] else 0
        return add, sub

    def final_dice(self) -> list[int]:
        """The attack dice after additions, subtractions (in the option's order), then the
        player's chosen modifiers; clamped to 1-6 after each step."""
        entry = self._fight_entry()
        add, sub = self.automatic(self.turn, entry)
        subtract_first = self.options["modifier_order"] == "subtractions-first"
        out = []
        for i, v in enumerate(self.dice):
            v = clamp(clamp(v - sub) + add) if subtract_first else clamp(clamp(v + add) - sub)
            out.append(clamp(v + self.chosen[i]))
        return out

    def final_boss_die(self) -> int:
        """The boss die after the player's chosen modifiers (-1 outside a boss fight)."""
        return -1 if self.boss_die < 0 else clamp(self.boss_die + self.boss_chosen)

    def _resolve(self) -> None:
        """Ghost effects on the final dice, then the comparison (and a boss's counterattack)."""
        seat, entry = self.turn, self._fight_entry()
        finals, boss_final = self.final_dice(), self.final_boss_die()
        power = self._power(entry)
        won = any(v > power for v in finals)
        even = any(v % 2 == 0 for v in finals)
        self._emit("fight", "fatal_frame.final", {"seat": seat, "dice": finals,
                                                  "boss_die": boss_final, "won": won})
        if not entry[E_BOSS]:
            engine = self.main_card(entry[E_KIND]).engine
            if engine == "lose_upgrade_on_even" and even:
                self.queue.append([Q_LOSE, 0])
            elif engine == "discard_when_beaten" and not won:
                self.queue.append([Q_DISCARD, 1])
            elif engine == "skip_turn_when_beaten" and not won:
                self.skip_next[seat] = 1
                self._emit("fight", "fatal_frame.will_skip", {"seat": seat})
        if even:
            for _ in range(self._has_album(seat, "draw_on_even")):
                self.queue.append([Q_DRAW, 1])
        one_turn = self.options["futile_odds"] == "one-turn"
        for field in (E_FUTILE, E_ZERO):
            if entry[field] and not (field == E_FUTILE and one_turn):
                self.main_discard.append(entry[field] - 1)
                entry[field] = 0
        stack = self._stack(seat)
        assert stack is not None
        if not entry[E_BOSS]:
            if won:
                stack.pop(self.fight)
                for field in (E_FUTILE, E_FATAL):
                    if entry[field]:
                        self.main_discard.append(entry[field] - 1)
                self.album[seat].append(entry[E_KIND])
                self._emit("fight", "fatal_frame.captured", {"seat": seat,
                                                             "ghost": self._entry_id(entry)})
                if len(self.album[seat]) > ALBUM_LIMIT:
                    self.queue.append([Q_RELEASE, 0])
                self.cont = C_FIGHT
            else:
                self._emit("fight", "fatal_frame.beaten", {"seat": seat,
                                                           "ghost": self._entry_id(entry)})
                self.beaten, self.cont = 1, C_MOVE
        else:
            self.fought_boss = 1
            if won:
                sixes = sum(1 for v in finals if v == 6)
                self.lives[seat] = 0 if sixes >= 3 else self.lives[seat] - 1
                self._emit("fight", "fatal_frame.boss_hit", {"seat": seat,
                                                             "lives": self.lives[seat]})
                if self.lives[seat] <= 0:
                    self._finish(seat)
                    return
            if boss_final in finals:
                self._emit("fight", "fatal_frame.counterattack", {"seat": seat})
                self._relocate(seat, A_CELL + self.entered[seat], own_turn=True)
                self.beaten, self.cont = 1, C_MOVE
            elif won:
                self.cont = C_FIGHT
            else:
                self._emit("fight", "fatal_frame.beaten", {"seat": seat,
                                                           "ghost": self._entry_id(entry)})
                self.beaten, self.cont = 1, C_MOVE
        self.dice, self.boss_die, self.fight = [], -1, -1
        self._drain()

    def _drain(self) -> None:
        """Settle queued effects (asking the active seat where a choice is needed), then go on."""
        seat = self.turn
        while self.queue:
            code, arg = self.queue.pop(0)
            if code == Q_DRAW:
                self._draw(seat, arg)
            elif code == Q_LOSE:
                if self._equipped(seat):
                    if self.shield:
                        self.shield = 0
                        self._emit("effect", "fatal_frame.saved", {"seat": seat})
                    else:
                        self.phase = LOSE_UPGRADE
                        return
            elif code == Q_DISCARD:
                if self.hands[seat] and not self._no_discards(seat):
                    self.then_arg = arg
                    self.phase = EFFECT_DISCARD
                    return
            elif code == Q_RELEASE and len(self.album[seat]) > ALBUM_LIMIT:
                self.phase = RELEASE
                return
        cont, self.cont = self.cont, C_NONE
        if cont == C_FIGHT:
            self._next_fight()
        elif cont == C_MOVE:
            self._to_move()
        elif cont == C_RESUME:
            self.phase = self.resume
        elif cont == C_AFTER_PLAY:
            self._after_play()

    def _equipped(self, seat: int) -> list[int]:
        """Kinds of the seat's equipped upgrades, ascending (a kind once)."""
        out = set(self.orbs[seat])
        for kind in (self.film[seat], self.function[seat]):
            if kind >= 0:
                out.add(kind)
        return sorted(out)

    def _lose_upgrade(self, seat: int, kind: int) -> None:
        if self.film[seat] == kind:
            self.film[seat] = -1
        elif self.function[seat] == kind:
            self.function[seat] = -1
        else:
            self.orbs[seat].remove(kind)
        self.main_discard.append(kind)
        self._emit("effect", "fatal_frame.lost_upgrade", {"seat": seat,
                                                          "card": self.main_card(kind).id})

    # -- 3. move ----------------------------------------------------------------------
    def _to_move(self) -> None:
        self.phase = MOVE

    def boss_fight_on(self, seat: int) -> bool:
        """Whether the seat stands in the shrine with a boss that still has lives."""
        if not self._inside(seat):
            return False
        return any(e[E_BOSS] for e in self.room_ghosts[seat][self.room[seat]])

    def _moves(self, seat: int, may_stay: bool) -> list[int]:
        pos, room = self.pos[seat], self.room[seat]
        if pos < 0:
            return list(_FIRST_STEPS)
        if room < 0:
            ext = self.cards.exteriors[self.grid[pos]]
            if ext.building_size and self._may_enter(seat, ext):
                return [A_ENTER, *_STEP_ACTIONS[pos]]  # A_ENTER sorts before every cell
            return list(_STEP_ACTIONS[pos])
        out = []
        if may_stay and self.options["boss_fight"] == "stay" and self.boss_fight_on(seat):
            out.append(A_STAY)
        if room > 0:
            out.append(A_LEFT)
        if room < len(self.path[seat]) - 1:
            out.append(A_RIGHT)
        if room in (0, len(self.path[seat]) - 1):
            out.extend(self._exits(seat))
        return sorted(out)

    def _exits(self, seat: int) -> list[int]:
        """Ways out from a path's ends: its building, and the linked house by the secret
        passage (a move onto its square when face up, A_PASSAGE while face down)."""
        cell = self.entered[seat]
        out = [A_CELL + cell]
        other = self._linked_cell(cell)
        if other >= 0:
            out.append(A_CELL + other if self.revealed[other] else A_PASSAGE)
        return out

    def _linked_cell(self, cell: int) -> int:
        """The square of the house secretly linked to the building on `cell`, or -1."""
        linked = self.cards.exteriors[self.grid[cell]].linked
        return self.grid.index(linked) if linked >= 0 else -1

    def _may_enter(self, seat: int, ext: Card) -> bool:
        if ext.id == SHRINE and self.album_points(seat) < self.shrine_points():
            return False
        if ext.id == SHRINE and not self.boss_pile:
            return False
        return len(self.interior_deck) + len(self.interior_discard) >= ext.building_size

    def _relocate(self, seat: int, action: int, own_turn: bool) -> None:
        """Move the seat one step; Chase ghosts follow only the active seat on its turn."""
        if action == A_STAY:
            self._emit("move", "fatal_frame.stayed", {"seat": seat})
            return
        if action == A_PASSAGE:
            other = self._linked_cell(self.entered[seat])
            self._emit("move", "fatal_frame.passage", {
                "seat": seat, "place": self.cards.exteriors[self.grid[other]].id})
            action = A_CELL + other
        old = self._stack(seat)
        was_inside = self._inside(seat)
        to_inside = action in (A_ENTER, A_LEFT, A_RIGHT)
        followers: list[list[int]] = []
        if own_turn and seat == self.turn and old:
            keep = []
            for entry in old:
                card = None if entry[E_BOSS] else self.main_card(entry[E_KIND])
                if card is not None and card.chase and self._realm_ok(card.realm, to_inside):
                    followers.append(entry)
                else:
                    keep.append(entry)
            old[:] = keep
        if was_inside and not to_inside:
            self._leave_building(seat)
        else:
            self._vanish_blue(seat)
        if action == A_ENTER:
            self._enter_building(seat)
        elif action == A_LEFT:
            self.room[seat] -= 1
        elif action == A_RIGHT:
            self.room[seat] += 1
        else:
            cell = action - A_CELL
            self.pos[seat], self.room[seat] = cell, -1
            if not self.revealed[cell]:
                self.revealed[cell] = 1
                self._emit("move", "fatal_frame.revealed", {
                    "cell": cell, "place": self.cards.exteriors[self.grid[cell]].id})
        new = self._stack(seat)
        assert new is not None
        new.extend(followers)
        if self._inside(seat):
            self._emit("move", "fatal_frame.moved_inside", {"seat": seat,
                                                            "room": self.room[seat] + 1})
            here = self.cards.interiors[self.path[seat][self.room[seat]]]
            if here.draws_on_enter:
                self._draw(seat, 1)
        else:
            cell = self.pos[seat]
            self._emit("move", "fatal_frame.moved", {"seat": seat, "cell": cell})
            if self.cards.exteriors[self.grid[cell]].draws_on_enter:
                self._draw(seat, 1)
        for entry in followers:
            self._emit("move", "fatal_frame.followed", {"seat": seat,
                                                        "ghost": self._entry_id(entry)})

    def _vanish_blue(self, seat: int) -> None:
        """Blue ghosts left on a location with no player on it return to the discards."""
        stack = self._stack(seat)
        if not stack:
            return
        if not self._inside(seat):
            cell = self.pos[seat]
            if any(self.pos[q] == cell and self.room[q] < 0
                   for q in range(self.num_players) if q != seat):
                return
        keep = []
        for entry in stack:
            if not entry[E_BOSS] and self.main_card(entry[E_KIND]).blue:
                self._discard_entry(entry)
                self._emit("move", "fatal_frame.vanished", {"ghost": self._entry_id(entry)})
            else:
                keep.append(entry)
        stack[:] = keep

    def _enter_building(self, seat: int) -> None:
        """Draw N interior cards as the seat's own path; in the shrine a random boss waits."""
        cell = self.pos[seat]
        ext = self.cards.exteriors[self.grid[cell]]
        path = []
        for _ in range(ext.building_size):
            if not self.interior_deck:
                self.interior_deck, self.interior_discard = self.interior_discard, []
                self._shuffle(self.interior_deck)
                self._emit("move", "fatal_frame.reshuffled", {"pile": "interior"})
            path.append(self.interior_deck.pop())
        self.path[seat] = path
        self.room_ghosts[seat] = [[] for _ in path]
        self.entered[seat], self.room[seat] = cell, 0
        self._emit("move", "fatal_frame.entered", {"seat": seat, "place": ext.id,
                                                   "size": len(path)})
        self._emit("move", "fatal_frame.path", {"seat": seat, "rooms": [
            self.cards.interiors[k].id for k in path]}, (seat,))
        if ext.id == SHRINE:
            rng = self._chance()
            boss = self.boss_pile.pop(rng.randrange(len(self.boss_pile)))
            self.room_ghosts[seat][0].append([boss, 1, 0, 0, 0, 0])
            self.lives[seat] = self.cards.bosses[boss].lives
            self._emit("move", "fatal_frame.boss", {"seat": seat,
                                                    "ghost": self.cards.bosses[boss].id})

    def _leave_building(self, seat: int) -> None:
        """The path's cards and every ghost left on it go to their discard piles."""
        for stack in self.room_ghosts[seat]:
            for entry in stack:
                self._discard_entry(entry)
        self.interior_discard.extend(self.path[seat])
        self._emit("move", "fatal_frame.left", {"seat": seat, "rooms": [
            self.cards.interiors[k].id for k in self.path[seat]]})
        self.path[seat], self.room_ghosts[seat], self.lives[seat] = [], [], 0
        self.entered[seat], self.room[seat] = -1, -1

    # -- 4. play ----------------------------------------------------------------------
    def _to_play(self) -> None:
        self.phase = PLAY

    def _may_play_more(self) -> bool:
        return self.plays < (2 if self.ghost_first else 1) and self.beaten != BEATEN_MOVED

    def _after_play(self) -> None:
        self.holding = -1
        if self.phase == OVER:
            return
        if self._may_play_more() or self._function_offered(self.turn):
            self.phase = PLAY  # with no play left, only the Function or passing remain
        else:
            self._open_window(R_AFTER_PLAY)

    def _playable(self, seat: int, kind: int, haunt: dict[str, int] | None = None) -> bool:
        """Whether the card may be played now as the step-4 play (its targets exist);
        `haunt` is `_haunt_limits()` when the caller already has it."""
        card = self.cards.main[kind]
        t = card.type
        if t == "ghost":
            return card.power < (self._haunt_limits() if haunt is None else haunt)[card.realm]
        if t == "item":
            room = self.room[seat]
            if room < 0:
                return False
            return self.path[seat][room] in card.found_in and not self.room_ghosts[seat][room]
        if t == "upgrade-film":
            return self.film[seat] != kind
        if t == "upgrade-function":
            return self.function[seat] != kind
        if t == "upgrade-orb":
            return len(self.orbs[seat]) < MAX_ORBS
        e = card.engine
        if e in ("futile_odds", "purification", "fatal_frame"):
            return next(self._ghost_slots(seat, e), None) is not None
        if e in ("quick_escape", "the_repentance"):
            return True
        if e == "recollection":
            return bool(self.main_discard)
        if e == "hidden_hand":
            return bool(self._steals(seat))
        if e == "lost_in_the_mist":
            return bool(self._pushes(seat))
        return False  # zero_shot and shutter_chance are played in combat

    def _ghost_targets(self, seat: int, kind: int) -> list[int]:
        """Seats whose location may take this ghost: realm matches, strictly weaker than all."""
        card = self.cards.main[kind]
        realm, power = card.realm, card.power
        return [q for q, where, weakest in self._spots()
                if power < weakest and (realm == "both" or realm == where)]

    def _haunt_limits(self) -> dict[str, int]:
        """Per ghost realm, the power a played ghost must stay under for `_ghost_targets` to
        find a seat: the highest weakest-ghost power among the matching seats' locations."""
        inside = outside = 0
        for _q, where, weakest in self._spots():
            if where == "interior":
                if weakest > inside:
                    inside = weakest
            elif weakest > outside:
                outside = weakest
        return {"interior": inside, "exterior": outside, "both": max(inside, outside)}

    def _spots(self) -> list[tuple[int, str, int]]:
        """(seat, its location's realm, power of the weakest ghost there or 7) for every
        seat on the map, by seat."""
        main, bosses = self.cards.main, self.cards.bosses
        out = []
        for q in range(self.num_players):
            room = self.room[q]
            if room >= 0:
                where, stack = "interior", self.room_ghosts[q][room]
            else:
                pos = self.pos[q]
                if pos < 0:
                    continue
                where, stack = "exterior", self.cell_ghosts[pos]
            weakest = 7
            for e in stack:
                power = (bosses[e[E_KIND]] if e[E_BOSS] else main[e[E_KIND]]).power
                if power < weakest:
                    weakest = power
            out.append((q, where, weakest))
        return out

    def _ghost_slots(self, seat: int, engine: str) -> Iterator[int]:
        """Targets for Futile Odds (bosses too), Purification (blue) or Fatal Frame (here),
        ascending."""
        if engine == "fatal_frame":
            slots = [self._slot_of(seat)] if self.pos[seat] >= 0 else []
        else:
            slots = list(range(EXTERIORS)) + [EXTERIORS + q * 4 + k
                                              for q in range(self.num_players)
                                              for k in range(len(self.path[q]))]
        main = self.cards.main
        for slot in slots:
            stack = self._slot_stack(slot)
            for i, e in enumerate((stack or [])[:STACK_TARGETS]):
                if engine == "futile_odds":
                    ok = not e[E_FUTILE]
                elif engine == "purification":
                    ok = not e[E_BOSS] and main[e[E_KIND]].blue  # bosses are white
                else:
                    ok = not e[E_FATAL]
                if ok:
                    yield A_GHOST + slot * STACK_TARGETS + i

    def _steals(self, seat: int) -> list[int]:
        out = []
        for q in range(self.num_players):
            if q == seat:
                continue
            if self.film[q] >= 0 and self.film[q] != self.film[seat]:
                out.append(A_STEAL + q * 2)
            if self.function[q] >= 0 and self.function[q] != self.function[seat]:
                out.append(A_STEAL + q * 2 + 1)
        return out

    def _pushes(self, seat: int) -> list[int]:
        out = []
        for q in range(self.num_players):
            if q == seat or self.pos[q] < 0 or self._inside(q):
                continue
            r, c = divmod(self.pos[q], 3)
            for d, (dr, dc) in enumerate(DIRECTIONS):
                if 0 <= r + dr < 3 and 0 <= c + dc < 3:
                    out.append(A_SEAT_DIR + q * 4 + d)
        return out

    def _combat_plays(self, seat: int) -> list[int]:
        """Cards that may be played on the ghost about to attack (before the roll)."""
        if self.options["combat_cards"] == "use-the-play" and not self._may_play_more():
            return []
        entry = self._fight_entry()
        main = self.cards.main
        plays = set()
        for kind in self.hands[seat]:
            field = _COMBAT_FIELD.get(main[kind].engine)
            if field is not None and not entry[field]:
                plays.add(A_PLAY + kind)
        return sorted(plays)

    def _take_from_hand(self, seat: int, kind: int) -> None:
        self.hands[seat].remove(kind)

    def _count_play(self, kind: int) -> None:
        if self.plays == 0 and self.main_card(kind).type == "ghost":
            self.ghost_first = 1
        self.plays += 1

    def _play(self, seat: int, kind: int) -> None:
        """Step 4: play a card from hand; targeted cards ask for their target next."""
        card = self.main_card(kind)
        self._take_from_hand(seat, kind)
        self._count_play(kind)
        self._emit("play", "fatal_frame.played", {"seat": seat, "card": card.id})
        t, e = card.type, card.engine
        self.holding = kind
        if t == "ghost":
            self.phase = TARGET_SEAT
            return
        if t == "item":
            self.items[seat].append(kind)
        elif t == "upgrade-film":
            if self.film[seat] >= 0:
                self.main_discard.append(self.film[seat])
            self.film[seat] = kind
        elif t == "upgrade-function":
            if self.function[seat] >= 0:
                self.main_discard.append(self.function[seat])
            self.function[seat] = kind
        elif t == "upgrade-orb":
            self.orbs[seat].append(kind)
        elif e in ("futile_odds", "purification", "fatal_frame"):
            self.phase = TARGET_GHOST
            return
        elif e == "quick_escape":
            self.main_discard.append(kind)
            self.then, self.phase = T_QUICK, EXTRA_MOVE
            return
        elif e == "the_repentance":
            self.main_discard.append(kind)
            self._repentance(seat)
        elif e == "recollection":
            self.main_discard.append(kind)
            self.phase = SEARCH
            return
        elif e == "hidden_hand":
            self.main_discard.append(kind)
            self.phase = TARGET_STEAL
            return
        elif e == "lost_in_the_mist":
            self.main_discard.append(kind)
            self.phase = TARGET_SEAT_DIR
            return
        else:  # zero_shot, shutter_chance: `_playable` offers them in combat only
            raise AssertionError(f"{card.id} ({e}) is a combat card, never the step-4 play")
        self._after_play()

    def _repentance(self, seat: int) -> None:
        """Official reading: every album is emptied; translator's: half a die roll each."""
        if self.options["repentance"] == "half-roll":
            roll = self._chance().randint(1, 6)
            count = roll // 2
            self._emit("play", "fatal_frame.repentance_roll", {"roll": roll, "count": count})
        else:
            count = ALBUM_LIMIT + 1
        for q in range(self.num_players):
            if q == seat and self.shield:
                self.shield = 0
                self._emit("effect", "fatal_frame.saved", {"seat": q})
                continue
            lost = self.album[q][len(self.album[q]) - min(count, len(self.album[q])):]
            del self.album[q][len(self.album[q]) - len(lost):]
            self.main_discard.extend(lost)
            if lost:
                self._emit("effect", "fatal_frame.album_lost", {
                    "seat": q, "ghosts": [self.main_card(k).id for k in lost]})

    def _apply_target(self, seat: int, action: int) -> None:
        kind, phase = self.holding, self.phase
        card = self.main_card(kind)
        if phase == TARGET_SEAT:
            q = action - A_SEAT
            stack = self._stack(q)
            assert stack is not None
            stack.append([kind, 0, 0, 0, 0, 0])
            self._emit("play", "fatal_frame.haunts", {"seat": seat, "ghost": card.id,
                                                      "to": q})
        elif phase == TARGET_GHOST:
            slot, i = divmod(action - A_GHOST, STACK_TARGETS)
            stack = self._slot_stack(slot)
            assert stack is not None
            entry = stack[i]
            e = card.engine
            if e == "purification":
                stack.pop(i)
                self._discard_entry(entry)
                self.main_discard.append(kind)
            elif e == "futile_odds":
                # the step-4 play comes after this turn's fights: it lasts the next turn
                entry[E_FUTILE], entry[E_FUTILE_UNTIL] = kind + 1, self.turns + 1
            else:
                entry[E_FATAL] = kind + 1
            self._emit("play", "fatal_frame.on_ghost", {"seat": seat, "card": card.id,
                                                        "ghost": self._entry_id(entry)})
        elif phase == TARGET_STEAL:
            q, which = divmod(action - A_STEAL, 2)
            slots = self.film if which == 0 else self.function
            taken = slots[q]
            slots[q] = -1
            if slots[seat] >= 0:
                self.main_discard.append(slots[seat])
            slots[seat] = taken
            self._emit("play", "fatal_frame.stole", {"seat": seat, "from": q,
                                                     "card": self.main_card(taken).id})
        elif phase == TARGET_SEAT_DIR:
            q, d = divmod(action - A_SEAT_DIR, 4)
            r, c = divmod(self.pos[q], 3)
            dr, dc = DIRECTIONS[d]
            self._relocate(q, A_CELL + (r + dr) * 3 + c + dc, own_turn=False)
        elif phase == SEARCH:
            taken = action - A_SEARCH
            self.main_discard.remove(taken)
            bisect.insort(self.hands[seat], taken)
            self._emit("play", "fatal_frame.searched", {"seat": seat,
                                                        "card": self.main_card(taken).id})
        self._after_play()

    # -- Functions (once per turn, paying their cost) ----------------------------------
    def _function_ready(self, seat: int) -> bool:
        kind = self.function[seat]
        if kind < 0 or self.func_used:
            return False
        return bool(self.hands[seat]) or self._no_discards(seat)

    def _function_offered(self, seat: int) -> bool:
        """Whether Track, Sense or Save may be used now (Blast is used on a roll instead)."""
        return self._function_ready(seat) and self._function_engine(seat) != "blast"

    def _use_function(self, seat: int, then: int, arg: int) -> None:
        self.func_used = 1
        self.resume = self.phase
        self.then, self.then_arg = then, arg
        self._emit("play", "fatal_frame.function", {
            "seat": seat, "card": self.main_card(self.function[seat]).id})
        if self._no_discards(seat):
            self._function_benefit(seat)
        else:
            self.phase = PAY_COST

    def _function_benefit(self, seat: int) -> None:
        then = self.then
        self.then = T_NONE
        if then == T_TRACK:
            self.then, self.phase = T_TRACK, EXTRA_MOVE
            return
        if then == T_SENSE:
            self._draw(seat, 1)
        elif then == T_SAVE:
            self.shield = 1
        elif then == T_BLAST:
            self.chosen[self.then_arg] += MODIFIER
        self.phase = self.resume

    # -- Quick Escape outside its owner's turn -----------------------------------------
    def _quick_escapes(self, seat: int) -> list[int]:
        """Kinds of Quick Escape in the seat's hand, ascending."""
        hand = self.hands[seat]
        return [k for k in self.cards.main_kinds("quick_escape") if k in hand]

    def _quick_escape_unseen(self) -> bool:
        """Whether some copy of Quick Escape is not lying in the main discard pile."""
        main, discard = self.cards.main, self.main_discard
        kinds = self.cards.main_kinds("quick_escape")
        return sum(discard.count(k) for k in kinds) < sum(main[k].count for k in kinds)

    def _open_window(self, after: int) -> None:
        """After the active seat's move or play step, offer Quick Escape to the other seats."""
        self.react_after = after
        if self.options["quick_escape"] == "any-time":
            self.asked = self.turn
            self._ask_next()
        else:
            self._close_window()

    def _ask_next(self) -> None:
        """Ask the next seat clockwise that may, publicly, hold a Quick Escape (cards in hand,
        a copy unseen), or close the window."""
        if self._quick_escape_unseen():
            n, hands = self.num_players, self.hands
            q = (self.asked + 1) % n
            while q != self.turn:
                if hands[q]:
                    self.asked, self.phase = q, REACT
                    return
                q = (q + 1) % n
        self._close_window()

    def _close_window(self) -> None:
        self.asked = -1
        if self.react_after == R_AFTER_PLAY or self.beaten:
            self._to_discard()
        else:
            self._to_play()

    def _react_decision(self, seat: int, action: int) -> None:
        if action == A_PASS:
            self._emit("react", "fatal_frame.let_pass", {"seat": seat})
            self._ask_next()
            return
        kind = action - A_PLAY
        self._take_from_hand(seat, kind)
        self.main_discard.append(kind)
        self._emit("react", "fatal_frame.played", {"seat": seat,
                                                   "card": self.main_card(kind).id})
        self.phase = REACT_MOVE

    # -- 5. discard down, then the next seat -------------------------------------------
    def _to_discard(self) -> None:
        seat = self.turn
        if len(self.hands[seat]) > HAND_LIMIT and not self._no_discards(seat):
            self.phase = DISCARD_DOWN
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if not self._advance_seat():
            self._begin_turn()

    def _advance_seat(self) -> bool:
        """Pass the turn clockwise; True if the round limit ended the game."""
        self._expire_turn_cards()
        self.turns += 1
        self.turn = (self.turn + 1) % self.num_players
        if self.turn == 0:
            self.round += 1
            if self.round >= self.options["max_rounds"]:
                self.phase = OVER
                self._emit("end", "fatal_frame.out_of_time", {"seats": self.winners()})
                return True
        return False

    def _expire_turn_cards(self) -> None:
        """At a turn's end, Zero Shot and each Futile Odds whose one turn is over leave
        their ghosts for the main discards."""
        one_turn = self.options["futile_odds"] == "one-turn"
        now = self.turns
        stacks = [st for st in self.cell_ghosts if st]
        for rooms in self.room_ghosts:
            stacks.extend(st for st in rooms if st)
        for stack in stacks:
            for entry in stack:
                if entry[E_ZERO]:
                    self._wear_off(entry, E_ZERO)
                if one_turn and entry[E_FUTILE] and entry[E_FUTILE_UNTIL] <= now:
                    self._wear_off(entry, E_FUTILE)

    def _wear_off(self, entry: list[int], field: int) -> None:
        kind = entry[field] - 1
        entry[field] = 0
        self.main_discard.append(kind)
        self._emit("turn", "fatal_frame.wore_off", {"card": self.main_card(kind).id,
                                                     "ghost": self._entry_id(entry)})

    def _finish(self, seat: int) -> None:
        self.winner, self.phase = seat, OVER
        self.queue, self.cont = [], C_NONE
        self.dice, self.boss_die, self.fight = [], -1, -1
        self._emit("end", "fatal_frame.escaped", {"seat": seat})

    # -- the contract: legal actions and their application ----------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The active seat's legal decisions now, sorted; [] for everyone else."""
        phase = self.phase
        if phase == OVER:
            return []
        actor = self.asked if phase in (REACT, REACT_MOVE) else self.turn
        if player is not None and player != actor:
            return []
        legal = _LEGAL[phase](self, actor)
        self.legal_memo = (len(self.history), tuple(legal))
        return legal

    def _legal_fight(self, seat: int) -> list[int]:
        # A_ROLL sorts before A_FUNC, and both before every card
        if self._function_offered(seat):
            return [A_ROLL, A_FUNC, *self._combat_plays(seat)]
        return [A_ROLL, *self._combat_plays(seat)]

    def _legal_fight_rolled(self, seat: int) -> list[int]:
        out = [A_RESOLVE]
        if self.orbs[seat]:
            out.extend(A_ORB + i for i in range(len(self.dice)))
            if self.boss_die >= 0:
                out.append(A_ORB_BOSS)
        if self._function_ready(seat) and self._function_engine(seat) == "blast":
            out.extend(A_BLAST + i for i in range(len(self.dice)))
        untouched = not any(self.chosen) and not self.boss_chosen
        if untouched and (self.options["combat_cards"] == "free" or self._may_play_more()):
            main = self.cards.main
            out.extend({A_PLAY + k for k in self.hands[seat]
                        if main[k].engine == "shutter_chance"})
        return sorted(out)

    def _legal_reroll(self, seat: int) -> list[int]:
        return [A_PASS] + [A_REROLL + i for i in range(len(self.dice)) if not self.marks[i]]

    def _legal_move(self, seat: int) -> list[int]:
        out = self._moves(seat, may_stay=True)
        if self.beaten:
            out.append(A_FORGO_MOVE)
        if self._function_offered(seat):
            out.append(A_FUNC)
        out.sort()
        return out

    def _legal_extra_move(self, seat: int) -> list[int]:
        return self._moves(seat, may_stay=False)

    def _legal_play(self, seat: int) -> list[int]:
        out = [A_PASS]
        if self._may_play_more():
            haunt = self._haunt_limits()
            for kind in sorted(set(self.hands[seat])):
                if self._playable(seat, kind, haunt):
                    out.append(A_PLAY + kind)
        if self._function_offered(seat):
            out.append(A_FUNC)
            out.sort()
        return out

    def _legal_react(self, seat: int) -> list[int]:
        return [A_PASS] + [A_PLAY + k for k in self._quick_escapes(seat)]

    def _legal_react_move(self, seat: int) -> list[int]:
        return self._moves(seat, may_stay=False)

    def _legal_discard(self, seat: int) -> list[int]:
        return [A_DISCARD + k for k in sorted(set(self.hands[seat]))]

    def _legal_lose(self, seat: int) -> list[int]:
        return [A_LOSE + k for k in self._equipped(seat)]

    def _legal_release(self, seat: int) -> list[int]:
        return [A_RELEASE + k for k in sorted(set(self.album[seat]))]

    def _legal_target_seat(self, seat: int) -> list[int]:
        return [A_SEAT + q for q in self._ghost_targets(seat, self.holding)]

    def _legal_target_ghost(self, seat: int) -> list[int]:
        return list(self._ghost_slots(seat, self.main_card(self.holding).engine))

    def _legal_search(self, seat: int) -> list[int]:
        return [A_SEARCH + k for k in sorted(set(self.main_discard))]

    def _allows(self, seat: int, action: int) -> bool:
        """Whether `action` is among legal_actions(seat), checking only that action."""
        phase = self.phase
        if phase == PLAY:
            if action == A_PASS:
                return True
            if action == A_FUNC:
                return self._function_offered(seat)
            kind = action - A_PLAY
            return (0 <= kind < len(self.cards.main) and kind in self.hands[seat]
                    and self._may_play_more() and self._playable(seat, kind))
        if phase in (DISCARD_DOWN, EFFECT_DISCARD, PAY_COST):
            kind = action - A_DISCARD
            return 0 <= kind < len(self.cards.main) and kind in self.hands[seat]
        if (phase == FIGHT_PRE and action == A_ROLL) or (
                phase == FIGHT_ROLLED and action == A_RESOLVE):
            return True
        return action in _LEGAL[phase](self, seat)

    def _function_engine(self, seat: int) -> str:
        return self.cards.main[self.function[seat]].engine

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one decision of the active seat, or raise IllegalAction leaving no trace."""
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the game is over")
        actor = self.asked if phase in (REACT, REACT_MOVE) else self.turn
        seat = actor if type(player) is int and player == actor else self._who(player)
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if seat != actor:
            raise IllegalAction(f"seat {actor + 1} is to decide now, not seat {seat + 1}")
        asked_at, legal = self.legal_memo
        if not (asked_at == len(self.history) and action in legal) \
                and not self._allows(seat, action):
            raise IllegalAction(f"action {action} is not allowed now "
                                f"(step: {PHASE_NAMES[self.phase]})")
        self.history.append((seat, action))
        _DECIDE[phase](self, seat, action)

    def _fight_decision(self, seat: int, action: int) -> None:
        if action == A_ROLL:
            self._roll()
            return
        if action == A_FUNC:
            self._use_function(seat, _FUNCTION_THEN[self._function_engine(seat)], 0)
            return
        kind = action - A_PLAY
        self._take_from_hand(seat, kind)
        if self.options["combat_cards"] == "use-the-play":
            self._count_play(kind)
        card = self.main_card(kind)
        entry = self._fight_entry()
        entry[_COMBAT_FIELD[card.engine]] = kind + 1
        if card.engine == "futile_odds":
            entry[E_FUTILE_UNTIL] = self.turns  # played in this turn's fight: this turn
        self._emit("play", "fatal_frame.on_ghost", {"seat": seat, "card": card.id,
                                                    "ghost": self._entry_id(entry)})

    def _combat_decision(self, seat: int, action: int) -> None:
        if action == A_RESOLVE:
            self._resolve()
        elif A_ORB <= action <= A_ORB_BOSS:
            orb = self.orbs[seat].pop()
            self.main_discard.append(orb)
            if action == A_ORB_BOSS:
                self.boss_chosen += 1
            else:
                self.chosen[action - A_ORB] += 1
            self._emit("fight", "fatal_frame.orb", {"seat": seat,
                                                    "die": action - A_ORB + 1})
        elif A_BLAST <= action < A_BLAST + MAX_DICE:
            self._use_function(seat, T_BLAST, action - A_BLAST)
        else:
            kind = action - A_PLAY
            self._take_from_hand(seat, kind)
            if self.options["combat_cards"] == "use-the-play":
                self._count_play(kind)
            self.main_discard.append(kind)
            self._emit("play", "fatal_frame.played", {"seat": seat,
                                                      "card": self.main_card(kind).id})
            self.phase = REROLL

    def _reroll_decision(self, seat: int, action: int) -> None:
        if action == A_PASS:
            rng = self._chance()
            for i in range(len(self.dice)):
                if self.marks[i]:
                    self.dice[i] = rng.randint(1, 6)
            self.marks = [0] * MAX_DICE
            self.phase = FIGHT_ROLLED
            self._emit("fight", "fatal_frame.rerolled", {"seat": seat, "dice": self.dice[:]})
        else:
            self.marks[action - A_REROLL] = 1

    def _move_decision(self, seat: int, action: int) -> None:
        if action == A_FUNC:
            self._use_function(seat, _FUNCTION_THEN[self._function_engine(seat)], 0)
            return
        if action == A_FORGO_MOVE:
            self._emit("move", "fatal_frame.forgo_move", {"seat": seat})
            self._to_play()
            return
        extra = self.phase == EXTRA_MOVE
        self._relocate(seat, action, own_turn=True)
        if not extra:
            if self.beaten and self._function_offered(seat):
                # the step was the beaten seat's one choice; its Function is still usable
                self.beaten, self.phase = BEATEN_MOVED, PLAY
            else:
                self._open_window(R_AFTER_MOVE)
        elif self.then == T_QUICK:
            self.then = T_NONE
            self._after_play()
        else:
            self.then = T_NONE
            if self.resume == FIGHT_PRE:
                self._next_fight()  # tracked away before a roll: fight what is here now
            else:
                self.phase = self.resume

    def _react_move_decision(self, seat: int, action: int) -> None:
        self._relocate(seat, action, own_turn=False)
        self._ask_next()

    def _play_decision(self, seat: int, action: int) -> None:
        if action == A_PASS:
            self._emit("play", "fatal_frame.passed", {"seat": seat})
            self._open_window(R_AFTER_PLAY)
        elif action == A_FUNC:
            self._use_function(seat, _FUNCTION_THEN[self._function_engine(seat)], 0)
        else:
            self._play(seat, action - A_PLAY)

    def _discard_decision(self, seat: int, action: int) -> None:
        phase = self.phase
        kind = action - A_DISCARD
        self._take_from_hand(seat, kind)
        self.main_discard.append(kind)
        self._emit("discard", "fatal_frame.discarded", {"seat": seat,
                                                        "card": self.main_card(kind).id})
        if phase == DISCARD_DOWN:
            self._to_discard()
        elif phase == PAY_COST:
            self._function_benefit(seat)
        else:
            self.then_arg -= 1
            if self.then_arg <= 0 or not self.hands[seat]:
                self._drain()

    def _lose_decision(self, seat: int, action: int) -> None:
        self._lose_upgrade(seat, action - A_LOSE)
        self._drain()

    def _release_decision(self, seat: int, action: int) -> None:
        kind = action - A_RELEASE
        self.album[seat].remove(kind)
        self.main_discard.append(kind)
        self._emit("effect", "fatal_frame.released", {"seat": seat,
                                                      "ghost": self.main_card(kind).id})
        self._drain()

    # -- outcome ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        """The seat that beat a boss; at the round limit the most album points (ties share)."""
        if self.phase != OVER:
            return []
        if self.winner >= 0:
            return [self.winner]
        points = [self.album_points(q) for q in range(self.num_players)]
        best = max(points)
        return [q for q in range(self.num_players) if points[q] == best]

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
        won = set(self.winners())
        return [1.0 if q in won else 0.0 for q in range(self.num_players)]

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: every turn of every round at its longest possible length."""
        ghosts = sum(c.count for c in self.cards.main if c.type == "ghost")
        deck = sum(c.count for c in self.cards.main)
        per_fight = 2 + 1 + MAX_ORBS + 2 + 1 + MAX_DICE + 1 + 1 + 3
        per_turn = (ghosts + 1) * per_fight + 12 + 2 * 4 + deck + 4 * (self.num_players - 1)
        rounds: int = self.options["max_rounds"]
        return per_turn * self.num_players * rounds

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...} describing `action` (see messages.py)."""
        from candlelit.games.fatal_frame.messages import action_struct

        return action_struct(self, action)

    # -- copies and information -------------------------------------------------------
    def clone(self) -> FatalFrameState:
        """An independent copy (nested lists copied, card data shared)."""
        c = FatalFrameState.__new__(FatalFrameState)
        c.game, c.num_players, c.seed, c.options = self.game, self.num_players, self.seed, \
            self.options
        c.chance_draws, c.history, c.log = self.chance_draws, self.history[:], self.log[:]
        c.cards, c.legal_memo = self.cards, _NOT_ASKED
        for name in ("main_deck", "main_discard", "interior_deck", "interior_discard",
                     "boss_pile", "grid", "revealed", "pos", "room", "entered", "film",
                     "function", "lives", "skip_next", "dice", "chosen", "marks"):
            setattr(c, name, getattr(self, name)[:])
        for name in ("hands", "path", "album", "items", "orbs", "queue"):
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.cell_ghosts = [[e[:] for e in st] for st in self.cell_ghosts]
        c.room_ghosts = [[[e[:] for e in st] for st in rooms] for rooms in self.room_ghosts]
        for name in ("turn", "round", "turns", "phase", "beaten", "plays", "ghost_first",
                     "func_used", "shield", "fought_boss", "fight", "boss_die", "boss_chosen",
                     "cont", "resume", "then", "then_arg", "holding", "winner", "asked",
                     "react_after"):
            setattr(c, name, getattr(self, name))
        return c

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see (see views.py)."""
        from candlelit.games.fatal_frame.views import view

        return view(self, player)

    def resample(self, player: int, rng: Any) -> FatalFrameState:
        """A world consistent with what `player` knows (see resample.py)."""
        from candlelit.games.fatal_frame.resample import resample

        return resample(self, player, rng)


_LEGAL = (
    FatalFrameState._legal_fight, FatalFrameState._legal_fight_rolled,
    FatalFrameState._legal_reroll, FatalFrameState._legal_move, FatalFrameState._legal_play,
    FatalFrameState._legal_discard, FatalFrameState._legal_discard,
    FatalFrameState._legal_lose, FatalFrameState._legal_release,
    FatalFrameState._legal_target_seat, FatalFrameState._legal_target_ghost,
    FatalFrameState._pushes, FatalFrameState._steals, FatalFrameState._legal_search,
    FatalFrameState._legal_extra_move, FatalFrameState._legal_discard,
    FatalFrameState._legal_react, FatalFrameState._legal_react_move,
)
"""Each phase's legal-action builder, indexed by phase (see constants.py)."""


_DECIDE = (
    FatalFrameState._fight_decision, FatalFrameState._combat_decision,
    FatalFrameState._reroll_decision, FatalFrameState._move_decision,
    FatalFrameState._play_decision, FatalFrameState._discard_decision,
    FatalFrameState._discard_decision, FatalFrameState._lose_decision,
    FatalFrameState._release_decision, FatalFrameState._apply_target,
    FatalFrameState._apply_target, FatalFrameState._apply_target,
    FatalFrameState._apply_target, FatalFrameState._apply_target,
    FatalFrameState._move_decision, FatalFrameState._discard_decision,
    FatalFrameState._react_decision, FatalFrameState._react_move_decision,
)
"""Each phase's handler of an allowed decision, indexed by phase (see constants.py)."""
