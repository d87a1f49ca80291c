"""The heuristic bot: arm the camera, fill the album, then go and fight the boss.

It reads only its seat's view and the public card list (no resampling, no search).

- Before the shrine opens it equips (a better Film, Spirit Orbs, a Function), plays items,
  and walks toward ghosts it can likely capture, blue ones first because they vanish.
- Ghosts from its hand go to the leader's location when they are hard to capture there,
  and to its own location when it can likely capture them itself.
- Zero Shot and Fatal Frame are kept for the boss; Spirit Orbs are spent on ordinary ghosts
  only while the shrine is still locked.
- Once its album reaches the shrine's bar it heads for Kureha Shrine (exploring face-down
  exteriors until the shrine is found), enters, and stays while the boss fight goes on.
- Its Function is used before a fight: Save against a ghost that takes upgrades, Track away
  from a Bound ghost it will probably lose to, Sense to swap a weak card; Sense also before
  choosing its play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from candlelit.bots.base import SeatObservation
from candlelit.games.fatal_frame.cards import EXTERIORS, SHRINE, Card, builtin_cards
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_ENTER,
    A_FORGO_MOVE,
    A_FUNC,
    A_GHOST,
    A_LEFT,
    A_ORB,
    A_ORB_BOSS,
    A_PASS,
    A_PASSAGE,
    A_PLAY,
    A_REROLL,
    A_RESOLVE,
    A_RIGHT,
    A_ROLL,
    A_SEAT,
    A_SEAT_DIR,
    A_STAY,
    A_STEAL,
    STACK_TARGETS,
)
from candlelit.games.fatal_frame.rules import FatalFrameState
from candlelit.games.fatal_frame.view_types import (
    CombatView,
    FatalFrameView,
    GhostView,
    SeatView,
    seat_view,
)

A_BLAST_FIRST = A_ORB_BOSS + 1
FOR_THE_BOSS = ("zero_shot", "fatal_frame")
NO_GHOST: GhostView = {"id": "", "boss": False, "power": 6, "futile_odds": False,
                       "zero_shot": False, "fatal_frame": False, "reconstructed": False}
"""What the bot assumes it fights when the fought ghost is not on its location."""


def _viewer(view: FatalFrameView) -> int:
    """The bot's own seat: a bot always plays a seat, never a spectator."""
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("a bot reads a seat's view, not a spectator's")
    return viewer


def _roll(view: FatalFrameView) -> CombatView:
    """The roll being settled: the bot asks only in the steps that follow a roll."""
    combat = view["combat"]
    if combat is None:
        raise ValueError("no roll is being settled")
    return combat


def _room(me: SeatView) -> int:
    """The bot's room on its path: asked only of moves that need it inside a building."""
    room = me["room"]
    if room is None:
        raise ValueError("the seat is not inside a building")
    return room


class HeuristicBot:
    """Rules of thumb over the seat's view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat
        cards = builtin_cards()
        self.card: dict[str, Card] = {c.id: c for c in cards.main}
        self.interior_ids = [c.id for c in cards.interiors]
        self.camera_dice = cards.camera_dice

    # -- the entry point ------------------------------------------------------------------
    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """One of `legal`, chosen from this seat's view only."""
        if len(legal) == 1:
            return legal[0]
        view = seat_view(seat)
        return _CHOICE[view["phase"]](self, view, legal, seat)

    # -- one choice per step --------------------------------------------------------------
    def _discard(self, view: FatalFrameView, legal: Sequence[int],
                 seat: SeatObservation) -> int:
        """Give up the card it least wants to keep (also to lose an upgrade)."""
        return min(legal, key=lambda a: (self._keep(view, self._id(seat, a)), a))

    def _release(self, view: FatalFrameView, legal: Sequence[int],
                 seat: SeatObservation) -> int:
        """Release the album ghost worth the fewest points."""
        return min(legal, key=lambda a: (self._value(self._id(seat, a)), a))

    def _target_seat(self, view: FatalFrameView, legal: Sequence[int],
                     seat: SeatObservation) -> int:
        """Send the ghost where it hurts most (or helps the bot most)."""
        return max(legal, key=lambda a: (self._haunt(view, view["holding"], a - A_SEAT), -a))

    def _steal(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        """Take a Film rather than a Function."""
        return max(legal, key=lambda a: ((a - A_STEAL) % 2 == 0, -a))

    def _push(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        """Push the leader."""
        leader = self._leader(view)
        return min(legal, key=lambda a: ((a - A_SEAT_DIR) // 4 != leader, a))

    def _search(self, view: FatalFrameView, legal: Sequence[int],
                seat: SeatObservation) -> int:
        """Take back the card it most wants to keep."""
        return max(legal, key=lambda a: (self._keep(view, self._id(seat, a)), -a))

    # -- what the bot reads from the view -------------------------------------------------
    def _id(self, seat: SeatObservation, action: int) -> str:
        return str(seat.action_to_struct(action).get("card", ""))

    def _me(self, view: FatalFrameView) -> SeatView:
        return view["seats"][_viewer(view)]

    def _here(self, view: FatalFrameView, q: int) -> list[GhostView]:
        """The ghosts on seat q's location ([] while on its camera)."""
        s = view["seats"][q]
        room = s["room"]
        if room is not None:
            return list(s["rooms"][room - 1]["ghosts"])
        if s["cell"] is None:
            return []
        return list(view["map"][s["cell"]]["ghosts"])

    def _dice(self, view: FatalFrameView, q: int) -> int:
        film = view["seats"][q]["film"]
        return self.card[film].dice if film is not None and film in self.card \
            else self.camera_dice

    def _unlocked(self, view: FatalFrameView) -> bool:
        return self._me(view)["album_points"] >= view["shrine_points"]

    def _leader(self, view: FatalFrameView) -> int:
        me = view["viewer"]
        others = [s for s in view["seats"] if s["seat"] != me]
        return max(others, key=lambda s: (s["album_points"], -s["seat"]))["seat"]

    def _value(self, card_id: str) -> int:
        card = self.card.get(card_id)
        return card.album_value if card is not None else 0

    @staticmethod
    def _win_chance(dice: int, power: int) -> float:
        """Chance that one of `dice` dice shows more than `power`."""
        miss = min(6, max(0, power)) / 6
        return 1.0 - miss ** dice

    # -- step 2: the fight ----------------------------------------------------------------
    def _fought(self, view: FatalFrameView) -> GhostView:
        stack = self._here(view, _viewer(view))
        i = view["fighting"]
        return stack[i] if 0 <= i < len(stack) else NO_GHOST

    def _fight(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        ghost = self._fought(view)
        if A_FUNC in legal and self._function_before_fight(view, ghost):
            return A_FUNC
        if ghost["boss"]:
            for action in legal:
                if action not in (A_ROLL, A_FUNC) and self._id(seat, action) in FOR_THE_BOSS:
                    return action
        return A_ROLL

    def _function_engine(self, view: FatalFrameView) -> str:
        card = self.card.get(self._me(view)["function"] or "")
        return card.engine if card is not None else ""

    def _function_before_fight(self, view: FatalFrameView, ghost: GhostView) -> bool:
        """Save against upgrade loss, Track from a likely defeat, Sense to swap a weak card."""
        engine = self._function_engine(view)
        me = self._me(view)
        card = self.card.get(ghost["id"])
        if engine == "save":
            armed = me["film"] is not None or me["spirit_orbs"] > 0
            return armed and card is not None and card.engine == "lose_upgrade_on_even"
        if engine == "track":
            if ghost["boss"] or card is None or card.chase:
                return False
            return self._win_chance(self._dice(view, _viewer(view)), card.power) < 0.34
        if engine == "sense":
            return self._weak_card(view)
        return False

    def _weak_card(self, view: FatalFrameView) -> bool:
        """Whether the hand holds a card worth trading for a fresh draw."""
        hand = view["hand"]
        return len(hand) >= 2 and min(self._keep(view, c) for c in hand) <= 1.5

    def _rolled(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        ghost = self._fought(view)
        power = ghost["power"]
        combat = _roll(view)
        finals = combat["final"]
        won = any(v > power for v in finals)
        boss = ghost["boss"]
        if boss and won:
            boss_die = combat["final_boss_die"]
            if boss_die in finals and boss_die < 6 and A_ORB_BOSS in legal \
                    and boss_die + 1 not in finals:
                return A_ORB_BOSS
            return A_RESOLVE
        if won:
            return A_RESOLVE
        best = max(range(len(finals)), key=lambda i: (finals[i], -i))
        spend_orbs = boss or not self._unlocked(view)
        if finals[best] + 1 > power and A_ORB + best in legal and spend_orbs:
            return A_ORB + best
        if finals[best] + 2 > power and A_BLAST_FIRST + best in legal:
            return A_BLAST_FIRST + best
        rerolls = [a for a in legal if a >= A_PLAY]
        if rerolls:
            return rerolls[0]
        return A_RESOLVE

    def _reroll(self, view: FatalFrameView, legal: Sequence[int],
                seat: SeatObservation) -> int:
        power = self._fought(view)["power"]
        finals = _roll(view)["final"]
        for action in legal:
            if action != A_PASS and finals[action - A_REROLL] <= power:
                return action
        return A_PASS

    # -- Quick Escape in another seat's turn ----------------------------------------------
    def _react(self, view: FatalFrameView, legal: Sequence[int],
               seat: SeatObservation) -> int:
        """Flee with Quick Escape from ghosts that would probably beat this seat."""
        me = _viewer(view)
        here = self._here(view, me)
        if any(g["boss"] for g in here):
            return A_PASS
        dice = self._dice(view, me)
        threatened = any(self._win_chance(dice, g["power"]) < 0.5 for g in here)
        return max(legal) if threatened else A_PASS

    # -- step 3: the move -----------------------------------------------------------------
    def _move(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        me = self._me(view)
        here = self._here(view, _viewer(view))
        boss_here = any(g["boss"] for g in here)
        if boss_here and A_STAY in legal:
            return A_STAY
        if boss_here and A_FORGO_MOVE in legal:
            return A_FORGO_MOVE
        return max(legal, key=lambda a: (self._move_score(view, me, a), -a))

    def _shrine_cell(self, view: FatalFrameView) -> int | None:
        for cell in view["map"]:
            if cell["place"] == SHRINE:
                return cell["cell"]
        return None

    @staticmethod
    def _distance(a: int, b: int) -> int:
        return abs(a // 3 - b // 3) + abs(a % 3 - b % 3)

    def _move_score(self, view: FatalFrameView, me: SeatView, action: int) -> float:
        unlocked = self._unlocked(view)
        shrine = self._shrine_cell(view)
        if action == A_FORGO_MOVE:
            return -1.0
        if action == A_STAY:
            return 50.0
        if action == A_ENTER:
            on_shrine = me["cell"] is not None and view["map"][me["cell"]]["place"] == SHRINE
            if on_shrine:
                return 100.0
            return 0.4 + 0.8 * self._holds_items(view) - 3.0 * unlocked
        if action == A_PASSAGE:  # out to the linked house, face down: exploring
            return (2.0 if shrine is None else -1.0) if unlocked else 0.6
        if action in (A_LEFT, A_RIGHT):
            if unlocked:
                length, room = me["path_length"], _room(me)
                toward_end = (action == A_LEFT) == (room - 1 <= length - room)
                return 2.0 if toward_end else -2.0
            return 0.3 + self._ghost_pull(view, self._room_ghosts(me, action))
        cell = action - A_CELL
        if not 0 <= cell < EXTERIORS:
            return 0.0
        place = view["map"][cell]
        score = self._ghost_pull(view, place["ghosts"])
        if unlocked:
            if shrine is not None:
                score += 10.0 - 3.0 * self._distance(cell, shrine)
            elif place["place"] is None:
                score += 4.0
        elif place["place"] is None:
            score += 0.6
        return score

    def _room_ghosts(self, me: SeatView, action: int) -> list[GhostView]:
        k = _room(me) - 1 + (-1 if action == A_LEFT else 1)
        rooms = me["rooms"]
        return list(rooms[k]["ghosts"]) if 0 <= k < len(rooms) else []

    def _ghost_pull(self, view: FatalFrameView, ghosts: list[GhostView]) -> float:
        """Expected album value of fighting these ghosts weakest first, less a loss."""
        dice = self._dice(view, _viewer(view))
        score = 0.0
        for g in sorted(ghosts, key=lambda g: g["power"]):
            if g["boss"]:
                break
            p = self._win_chance(dice, g["power"])
            card = self.card.get(g["id"])
            blue = 1.2 if card is not None and card.blue else 1.0
            score += p * self._value(g["id"]) * blue - (1 - p) * 1.5
            if p < 0.5:
                break
        return score

    def _holds_items(self, view: FatalFrameView) -> bool:
        return any(self.card[c].type == "item" for c in view["hand"] if c in self.card)

    # -- step 4: the play -----------------------------------------------------------------
    def _play(self, view: FatalFrameView, legal: Sequence[int], seat: SeatObservation) -> int:
        if A_FUNC in legal and self._function_engine(view) == "sense" and self._weak_card(view):
            return A_FUNC
        best, best_score = A_PASS, 0.0
        for action in legal:
            if action < A_PLAY:
                continue
            score = self._play_score(view, self._id(seat, action))
            if score > best_score:
                best, best_score = action, score
        return best

    def _play_score(self, view: FatalFrameView, card_id: str) -> float:
        card = self.card.get(card_id)
        if card is None:
            return 0.0
        me = self._me(view)
        t, e = card.type, card.engine
        if t == "item":
            return 6.0
        if t == "upgrade-film":
            return 5.0 if card.dice > self._dice(view, _viewer(view)) else 0.0
        if t == "upgrade-orb":
            return 4.0
        if t == "upgrade-function":
            return 3.0 if me["function"] is None else 0.0
        if t == "ghost":
            return max(self._haunt(view, card_id, q) for q in range(view["players"]))
        boss_here = any(g["boss"] for g in self._here(view, _viewer(view)))
        if e == "fatal_frame":
            return 3.0 if boss_here else 0.0
        if e == "the_repentance":
            mine, top = me["album_points"], view["seats"][self._leader(view)]["album_points"]
            return 2.0 if boss_here or (mine <= 1 and top >= view["shrine_points"] - 2) else 0.0
        if e == "recollection":
            return 1.5
        if e == "hidden_hand":
            return 1.0 if me["film"] is None else 0.0
        if e == "lost_in_the_mist":
            return 0.8
        if e == "futile_odds":
            return 0.7 if self._next_seat_ghosts(view) else 0.0
        return 0.0

    @staticmethod
    def _next_seat(view: FatalFrameView) -> int:
        return (_viewer(view) + 1) % view["players"]

    def _next_seat_ghosts(self, view: FatalFrameView) -> bool:
        """Whether the next seat, which Futile Odds' one turn covers, will fight a ghost."""
        nxt = self._next_seat(view)
        return not view["seats"][nxt]["misses_next_turn"] and bool(self._here(view, nxt))

    def _haunt(self, view: FatalFrameView, card_id: str | None, q: int) -> float:
        """How good it is to put this ghost on seat q's location (-inf when it may not)."""
        card = self.card.get(card_id or "")
        s = view["seats"][q]
        if card is None or (s["cell"] is None and not s["inside"]):
            return float("-inf")
        where = "interior" if s["inside"] else "exterior"
        if card.realm not in ("both", where):
            return float("-inf")
        if any(card.power >= g["power"] for g in self._here(view, q)):
            return float("-inf")
        p = self._win_chance(self._dice(view, q), card.power)
        if q == view["viewer"]:
            return p * card.album_value - (1 - p) * 1.5 - 0.5
        lead = 1.0 + 0.2 * float(s["album_points"])
        return lead * ((1 - p) * 1.5 - p * card.album_value)

    def _target_ghost(self, view: FatalFrameView, legal: Sequence[int],
                      seat: SeatObservation) -> int:
        me = view["viewer"]
        holding = view["holding"]

        def owner_score(action: int) -> tuple[float, int]:
            struct = seat.action_to_struct(action)
            slot = struct["where"]
            if slot < EXTERIORS:
                owners = [s["seat"] for s in view["seats"]
                          if s["cell"] == slot and not s["inside"]]
            else:
                owners = [(slot - EXTERIORS) // 4]
            stack_i = (action - A_GHOST) % STACK_TARGETS
            ghost = struct["ghost"]
            power = self.card[ghost].power if ghost in self.card else 5
            mine = me in owners
            if holding == "fatal_frame":
                return (10.0 * mine + power, -stack_i)
            if holding == "purification":
                return (-5.0 * mine + self._value(ghost), -stack_i)
            rank = max((view["seats"][o]["album_points"] for o in owners if o != me),
                       default=-5)
            if holding == "futile_odds" and self._next_seat(view) not in owners:
                rank -= 20  # it wears off after the next seat's turn
            return (rank - 10.0 * mine + power, -stack_i)
        return max(legal, key=lambda a: (owner_score(a), -a))

    # -- keeping cards --------------------------------------------------------------------
    def _keep(self, view: FatalFrameView, card_id: str) -> float:
        """How much the bot wants to keep this card in hand (or on its camera)."""
        card = self.card.get(card_id)
        if card is None:
            return 1.0
        me = self._me(view)
        t, e = card.type, card.engine
        if t == "item":
            return 6.0
        if e in FOR_THE_BOSS:
            return 5.0
        if t == "upgrade-film":
            return 4.5 if card.dice > self._dice(view, _viewer(view)) else 1.0
        if t == "upgrade-orb":
            return 4.0 if me["spirit_orbs"] < 3 else 0.8
        if t == "upgrade-function":
            return 3.0 if me["function"] is None else 0.5
        if e == "shutter_chance":
            return 3.0
        if t == "ghost":
            return 1.0 + 0.3 * float(card.power)
        return 1.5


Choice = Callable[[HeuristicBot, FatalFrameView, Sequence[int], SeatObservation], int]
"""How the bot picks one of the legal actions of one kind of decision."""

_CHOICE: dict[str, Choice] = FatalFrameState.steps.plan({
    "fight": HeuristicBot._fight,
    "fight_rolled": HeuristicBot._rolled,
    "reroll": HeuristicBot._reroll,
    "move": HeuristicBot._move,
    "play": HeuristicBot._play,
    "discard_down": HeuristicBot._discard,
    "effect_discard": HeuristicBot._discard,
    "lose_upgrade": HeuristicBot._discard,
    "release": HeuristicBot._release,
    "target_seat": HeuristicBot._target_seat,
    "target_ghost": HeuristicBot._target_ghost,
    "target_seat_dir": HeuristicBot._push,
    "target_steal": HeuristicBot._steal,
    "search": HeuristicBot._search,
    "extra_move": HeuristicBot._move,
    "pay_cost": HeuristicBot._discard,
    "react": HeuristicBot._react,
    "react_move": HeuristicBot._move,
}, "fatal-frame heuristic bot")
"""The bot's choice per step name (one for every step of the game)."""
