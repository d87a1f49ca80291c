"""The heuristic bot: drafts toward suits it can win, shuns Ravens, hits the leader.

It reads only its seat's view (and its own log): no resampling, no search.

- Drafting: keeps the suits it holds most of, weighted by what they are worth now
  (Victory and Attack most, Healing when hurt, Radiance a little); passes Ravens unless it
  holds 3 or more (then it goes for a Conspiracy). As a raven it keeps toward five of one
  suit or five different suits, whichever is nearer, to turn human again.
- Committing: never cancels its own cards and never bluffs (except to dodge a Betrayal).
- Targets: the leader (most points, then least health), preferring a kill.
- Magick: plays what clearly helps (Reprieve against a lethal hit or when low, Requisition,
  Punishment / Wither / Nightmare on the leader, a take that wins the step, Spite, Justice,
  Harvest ...), keeps the rest; any-time cards the same way in any-time windows. Cards that
  count as suit cards join the hand just before resolution (Ravens only toward a Conspiracy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_COMMIT,
    A_DONE,
    A_DROP,
    A_JOIN,
    A_KIND,
    A_PASS,
    A_PLAY,
    A_SWEEP,
    A_TARGET,
    A_USE,
    A_USE_COPY,
    A_WILD,
    A_YES,
    SUITS,
    WIN_VP,
    Purpose,
)
from candlelit.games.nevermore.rules import NevermoreState
from candlelit.games.nevermore.view_types import NevermoreView, seat_view
from candlelit.games.nevermore.vocabulary import EFFECTS

ATTACK, HEAL, RADIANCE, VICTORY, RAVEN = range(5)
PLAY_ALWAYS = frozenset({"requisition", "justice", "harvest", "spite",
                         "rage_raven", "betrayal_raven", "bloodletting_raven", "drain_raven"})


def _viewer(view: NevermoreView) -> int:
    """The seat whose view this is (a bot's view always has one)."""
    viewer = view["viewer"]
    assert viewer is not None
    return viewer


class HeuristicBot:
    """Greedy rules of thumb over the seat's view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """One of `legal`, chosen from this seat's view only."""
        if len(legal) == 1:
            return legal[0]
        view = seat_view(seat)
        return PLAN[view["decision"]["kind"]](self, view, legal, seat)

    # -- one handler per decision (PLAN below) ---------------------------------------------
    def _on_pass(self, view: NevermoreView, legal: Sequence[int], seat: SeatObservation) -> int:
        return self._pass(view, legal)

    def _on_commit(self, view: NevermoreView, legal: Sequence[int],
                   seat: SeatObservation) -> int:
        return self._commit(view, legal)

    def _on_target(self, view: NevermoreView, legal: Sequence[int],
                   seat: SeatObservation) -> int:
        return self._target(view, legal, view["decision"].get("purpose", "attack"))

    def _on_kind(self, view: NevermoreView, legal: Sequence[int], seat: SeatObservation) -> int:
        return self._kind(view, legal, view["decision"]["purpose"])

    def _on_yes_no(self, view: NevermoreView, legal: Sequence[int],
                   seat: SeatObservation) -> int:
        return A_YES if view["decision"]["purpose"] == "imp" else A_DONE

    def _on_position(self, view: NevermoreView, legal: Sequence[int],
                     seat: SeatObservation) -> int:
        """Deliberately the first legal token position (no preference)."""
        return legal[0]

    def _on_character(self, view: NevermoreView, legal: Sequence[int],
                      seat: SeatObservation) -> int:
        return min(legal, key=lambda a: self._taste(seat, a))

    def _on_drop(self, view: NevermoreView, legal: Sequence[int], seat: SeatObservation) -> int:
        return min(legal, key=lambda a: self._card_worth(view, seat, a - A_DROP))

    # -- drafting -------------------------------------------------------------------------
    def _worth(self, view: NevermoreView) -> list[float]:
        me = view["seats"][_viewer(view)]
        if me["form"] == "raven":
            return [1.0] * 5
        hurt = view["max_health"] - me["health"]
        near = 1.0 + max(0, me["vp"] - 2) * 0.4
        hand = [view["you"]["hand"][s] for s in SUITS]
        raven = 4.0 if hand[RAVEN] >= 3 else 0.1
        return [2.6, 0.6 + 0.6 * hurt, 1.3, 2.6 * near, raven]

    def _pass(self, view: NevermoreView, legal: Sequence[int]) -> int:
        hand = [view["you"]["hand"][s] for s in SUITS]
        me = view["seats"][_viewer(view)]
        if me["form"] == "raven":
            return self._raven_pass(view, hand, legal)
        worth = self._worth(view)
        return min(legal, key=lambda a: (worth[a - A_PASS] * (1 + hand[a - A_PASS]), a))

    def _raven_pass(self, view: NevermoreView, hand: list[int], legal: Sequence[int]) -> int:
        front = [view["seats"][_viewer(view)]["front"][s] for s in SUITS]
        total = [hand[k] + front[k] for k in range(5)]
        same = max(range(5), key=lambda k: total[k])
        distinct = sum(1 for c in total if c)
        if 5 - total[same] <= 5 - distinct:
            return min(legal, key=lambda a: (a - A_PASS == same, hand[a - A_PASS], a))
        return max(legal, key=lambda a: (hand[a - A_PASS], -a))

    # -- committing -----------------------------------------------------------------------
    def _commit(self, view: NevermoreView, legal: Sequence[int]) -> int:
        suit = SUITS.index(view["decision"]["suit"])
        me = view["seats"][_viewer(view)]
        plain = [a for a in legal if A_COMMIT <= a < A_WILD]
        betrayed = view["effects"]["betrayal"] is not None and suit == HEAL \
            and me["form"] == "human"
        if betrayed and view["you"]["hand"][SUITS[suit]]:
            return max(plain)
        wild = [a for a in legal if a >= A_WILD]
        if wild and suit in (ATTACK, VICTORY):
            return min(wild)
        return min(plain)

    # -- magick and abilities -------------------------------------------------------------
    def _window(self, view: NevermoreView, legal: Sequence[int], seat: SeatObservation) -> int:
        best = A_DONE
        for action in legal:
            if A_PLAY <= action < A_JOIN:
                struct = seat.action_to_struct(action)
                if self._wants(view, action - A_PLAY, struct, seat):
                    return action
            elif A_JOIN <= action < A_TARGET:
                if self._join(view, action - A_JOIN):
                    best = action
            elif action in (A_USE, A_USE_COPY):
                return action
        return best

    def _effect(self, seat: SeatObservation, title: int, view: NevermoreView) -> str:
        for card in view["you"]["magick"]:
            if card["title"] == title:
                return card["effect"]
        return ""

    def _wants(self, view: NevermoreView, title: int, struct: dict[str, Any],
               seat: SeatObservation) -> bool:
        effect = self._effect(seat, title, view)
        me = view["seats"][_viewer(view)]
        raven = me["form"] == "raven"
        if raven and effect in EFFECTS and EFFECTS[effect].raven not in ("same", "none"):
            effect = EFFECTS[effect].raven
        if effect in PLAY_ALWAYS:
            return True
        if effect == "reprieve":
            return view["decision"]["kind"] == "lethal" or me["health"] <= 2
        leader = self._leader(view)
        hand = view["you"]["hand"]
        if effect in ("punishment", "wither", "nightmare", "prophecy"):
            if effect == "prophecy":
                return self._prophecy_pick(view) is not None
            return leader is not None
        if effect == "exhaust":
            top = max((s["health"] for s in view["seats"] if s["form"] == "human"), default=0)
            return me["form"] == "raven" or me["health"] < top
        if effect == "bloodletting":
            return me["health"] >= 3 and leader is not None
        if effect == "darkness":
            return hand["raven"] >= 2
        if effect == "repentance":
            return hand["raven"] == 0
        if effect == "freeze":
            return max(hand[s] for s in SUITS[:4]) >= 3
        if effect in ("rage", "dominate", "drain"):
            return self._take_helps(view)
        return False

    def _take_helps(self, view: NevermoreView) -> bool:
        net = view["net"] or []
        me = _viewer(view)
        if not net:
            return False
        mine = net[me]
        others = max((c for s, c in enumerate(net) if s != me), default=0)
        return others > 0 and mine + 1 >= others - 1

    def _join(self, view: NevermoreView, title: int) -> bool:
        """Add a card to the hand: a Raven toward a Conspiracy, any other suit card just
        before resolution (so it cannot be drafted away)."""
        suit = next((c["joins_as"] for c in view["you"]["magick"] if c["title"] == title),
                    None)
        if suit is None or suit == "raven":
            return self._add_raven(view)
        return view["phase"] == "before_resolution"

    def _add_raven(self, view: NevermoreView) -> bool:
        hand = view["you"]["hand"]
        shadow = sum(c["count"] for c in view["you"]["magick"] if c["deck"] == "shadow")
        if view["phase"] == "before_resolution":
            return hand["raven"] < 5 <= hand["raven"] + shadow
        return False

    # -- choices --------------------------------------------------------------------------
    def _leader(self, view: NevermoreView) -> int | None:
        me = _viewer(view)
        humans = [s for s in view["seats"] if s["form"] == "human" and s["seat"] != me]
        if not humans:
            return None
        best = max(humans, key=lambda s: (s["vp"], -s["health"], -s["seat"]))
        return best["seat"]

    def _target(self, view: NevermoreView, legal: Sequence[int], purpose: Purpose) -> int:
        me = _viewer(view)
        seats = view["seats"]
        targets = [a for a in legal if A_TARGET <= a < A_KIND]
        if purpose == "betray_heal":
            return A_TARGET + me if A_TARGET + me in targets else targets[0]
        if purpose == "attack":
            return self._attack(view, legal)
        if purpose == "prophecy_player":
            pick = self._prophecy_pick(view)
            if pick is not None and A_TARGET + pick[0] in targets:
                return A_TARGET + pick[0]
        net = view["net"] or [0] * len(seats)
        steal = purpose in ("rage", "dominate", "drain")

        def score(action: int) -> tuple[float, ...]:
            s = seats[action - A_TARGET]
            foe = s["seat"] != me
            taken = net[s["seat"]] if steal else 0
            return (foe, taken, s["form"] == "human", s["vp"], -s["health"], -action)
        return max(targets, key=score)

    def _attack(self, view: NevermoreView, legal: Sequence[int]) -> int:
        me = view["seats"][_viewer(view)]
        net = view["net"] or []
        top = max(net) if net else 0
        second = max((c for c in net if c != top), default=0)
        value = max(1, top - second)
        seats = view["seats"]
        targets = [a for a in legal if A_TARGET <= a < A_KIND]

        def single(action: int) -> tuple[float, ...]:
            s = seats[action - A_TARGET]
            kill = s["health"] <= value
            return (2.0 * kill + s["vp"] * 0.5 + value * 0.2, -s["health"], -action)
        best = max(targets, key=single)
        if A_SWEEP in legal:
            humans = [s for s in seats if s["form"] == "human" and s["seat"] != me["seat"]]
            kills = sum(1 for s in humans if s["health"] <= 1)
            if me["vp"] + 2 + kills >= WIN_VP or 2 + kills * 1.0 + 0.3 * len(humans) \
                    >= single(best)[0]:
                return A_SWEEP
        return best

    def _prophecy_pick(self, view: NevermoreView) -> tuple[int, int] | None:
        me = _viewer(view)
        start = max((i for i, e in enumerate(view["log"]) if e["key"] == "nevermore.round_start"),
                    default=0)
        given: dict[int, list[int]] = {}
        for event in view["log"][start:]:
            if event["key"] == "nevermore.passed" and event["args"]["seat"] == me:
                to = event["args"]["to"]
                cards = event["args"]["cards"]
                bag = given.setdefault(to, [0] * 5)
                for k in range(4):
                    bag[k] += cards[k]
        best = None
        for to, bag in given.items():
            k = max(range(4), key=lambda i: bag[i])
            if bag[k] >= 2 and (best is None or bag[k] > best[2]):
                best = (to, k, bag[k])
        return None if best is None else (best[0], best[1])

    def _kind(self, view: NevermoreView, legal: Sequence[int], purpose: Purpose) -> int:
        if purpose == "prophecy_suit":
            pick = self._prophecy_pick(view)
            if pick is not None and A_KIND + pick[1] in legal:
                return A_KIND + pick[1]
            return legal[0]
        worth = self._worth(view)
        hand = [view["you"]["hand"][s] for s in SUITS]
        return min(legal, key=lambda a: (worth[a - A_KIND] * (1 + hand[a - A_KIND]), a))

    def _taste(self, seat: SeatObservation, action: int) -> int:
        struct = seat.action_to_struct(action)
        name = struct.get("character", {}).get("en", "")
        order = ("Lenore", "Prince Prospero", "Hop-Frog", "Ligeia", "M. Valdemar", "Montresor")
        return order.index(name) if name in order else len(order) + action - A_CHAR

    def _card_worth(self, view: NevermoreView, seat: SeatObservation, title: int) -> int:
        effect = self._effect(seat, title, view)
        return 3 if effect in PLAY_ALWAYS or effect == "reprieve" else 1


Handler = Callable[[HeuristicBot, NevermoreView, Sequence[int], SeatObservation], int]
PLAN: dict[str, Handler] = NevermoreState.steps.plan({
    "character_keep": HeuristicBot._on_character,
    "character_pick": HeuristicBot._on_character,
    "window": HeuristicBot._window,
    "pass": HeuristicBot._on_pass,
    "commit": HeuristicBot._on_commit,
    "attack": HeuristicBot._on_target,
    "target": HeuristicBot._on_target,
    "kind": HeuristicBot._on_kind,
    "position": HeuristicBot._on_position,
    "yes_no": HeuristicBot._on_yes_no,
    "lethal": HeuristicBot._window,
    "drop": HeuristicBot._on_drop,
}, "nevermore heuristic bot")
"""Decision step name -> the bot's handler (complete: checked at import)."""
