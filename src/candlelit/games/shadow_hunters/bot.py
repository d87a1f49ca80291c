"""The heuristic bot: hides until revealing pays, reads the public evidence, hits likely enemies.

It reads only its seat's view (the public table, its own character and the log entries
addressed to it): no resampling, no search.

- Beliefs: each hidden seat may be any roster character not yet seen elsewhere whose HP
  exceeds its public damage; community heals (who healed, who did not), the white cards this
  seat gave (their text is known to it), public name guesses and reveals narrow the sets.
  A seat's chance of being a friend is the share of its candidates in this seat's gate,
  halved for every attack it made on this seat.
- Reveal: at the start of its turn when badly hurt or once its gate is already known, when
  attacked if a defence needs a reveal, and as 羽 when a cheer helps its side.
- Movement: towards reachable likely enemies, its gate's location, useful locations and
  its mission's cell; the inn only when hurt.
- Targets: harm goes to the likeliest enemy (the most hurt first), help to the likeliest
  friend (itself first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.games.shadow_hunters.cards import Card, cards_for
from candlelit.games.shadow_hunters.characters import Character, characters_for
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_CHAR,
    A_DECK,
    A_NO,
    A_REVEAL,
    A_SEAT,
    A_SKILL,
    A_VALUE,
    A_YES,
    CELLS,
    COLOURS,
    ELEMENTS,
    GATE_OF_CELL,
    neighbours,
)
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.games.shadow_hunters.view_types import (
    DecisionContext,
    SeatView,
    ShadowHuntersView,
    seat_view,
)

HELPFUL = frozenset({"gourd", "sermon", "ward", "heal_instead", "restore", "mercy"})
CELL_WORTH = {1: 1.0, 2: 2.0, 3: -2.0, 4: 2.0, 6: 2.0, 7: 2.2, 8: 2.0, 9: 1.5}
DECK_TASTE = ("yellow", "red", "blue", "green", "white")
ITEM_TASTE = {"orb": 5.0, "equipment": 2.0, "single": 0.0}


def _number(ctx: DecisionContext, i: int) -> int:
    """Context entry `i`, which the decision's kind makes a seat or a number."""
    value = ctx[i]
    if not isinstance(value, int):
        raise TypeError(f"context entry {i} is {value!r}, not a number")
    return value


def _word(ctx: DecisionContext, i: int) -> str:
    """Context entry `i`, which the decision's kind makes a purpose or a card id."""
    value = ctx[i]
    if not isinstance(value, str):
        raise TypeError(f"context entry {i} is {value!r}, not a word")
    return value


class HeuristicBot:
    """Rules of thumb over one seat's view of 箱庭版暗影獵人 (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat

    # -- reading the view -----------------------------------------------------------------
    def _read(self, view: ShadowHuntersView) -> None:
        """Load the tables and this seat's beliefs from `view`."""
        opts = view["options"]
        self.cards: tuple[Card, ...] = cards_for(opts["cards"])
        pool = characters_for(opts["characters"])
        self.chars: dict[str, Character] = {c.id: c for c in pool}
        self.card_by_id = {c.id: c for c in self.cards}
        self.view = view
        self.seats: list[SeatView] = view["seats"]
        self.n = len(self.seats)
        me = self.seats[self.seat]
        self.me: Character = self.chars[me["character"]]
        self.zombie_side = bool(me.get("zombie")) or bool(self.me.blocks("zombify_kills"))
        self.gate = "none" if me.get("zombie") else self.me.gate
        self._believe(view)

    def _believe(self, view: ShadowHuntersView) -> None:
        seats = self.seats
        shown = {s["character"] for k, s in enumerate(seats)
                 if "character" in s and k != self.seat and (s["revealed"] or not s["alive"])}
        free = [c for c in view["roster"] if c not in shown and c != self.me.id]
        cands: dict[int, set[str]] = {}
        for k, s in enumerate(seats):
            if k == self.seat:
                continue
            if s["revealed"] or not s["alive"]:
                cands[k] = {s["character"]}
            else:
                dmg = s["damage"] or 0
                cands[k] = {c for c in free if self.chars[c].hp > dmg} or set(free)
        hostility = [0] * self.n
        alive = [True] * self.n
        white: str | None = None
        gave_to = -1
        guessed: tuple[int, str] | None = None
        for e in view["log"]:
            key = e["key"].rsplit(".", 1)[-1]
            a = e["args"]
            if key == "death":
                alive[a["seat"]] = False
            elif key == "zombie":
                alive[a["seat"]] = True
            elif key == "attack" and a["to"] == self.seat and a["seat"] != self.seat:
                hostility[a["seat"]] += 1
            elif key == "community_heal":
                members = set(a["seats"])
                for k in cands:
                    if not alive[k] or seats[k]["revealed"]:
                        continue
                    keep = {c for c in cands[k]
                            if (self.chars[c].gate == a["gate"]) == (k in members)}
                    cands[k] = keep or cands[k]
            elif key == "draw_white":
                white = None
                gave_to = -1
            elif key == "white_text" and white is None:
                white = a["card"]
            elif key == "give_white":
                gave_to = a["to"] if a["seat"] == self.seat else -1
            elif key == "guess":
                guessed = (a["to"], a["character"])
            elif key == "white_effect":
                self._white_evidence(cands, a, white, gave_to, guessed)
                white, gave_to, guessed = None, -1, None
        self.cands = cands
        self.hostility = hostility

    def _white_evidence(self, cands: dict[int, set[str]], a: dict[str, Any],
                        white: str | None, gave_to: int,
                        guessed: tuple[int, str] | None) -> None:
        to = a["seat"]
        if to not in cands:
            return
        if guessed is not None and guessed[0] == to:
            right = a["outcome"] == "hurt"
            keep = {c for c in cands[to] if (c == guessed[1]) == right}
            cands[to] = keep or cands[to]
            return
        if white is None or gave_to != to:
            return
        card = self.card_by_id.get(white)
        if card is None or card.asks is None:
            return
        holds = a["outcome"] != "nothing"
        keep = {c for c in cands[to] if self._asks(card.asks, self.chars[c].gate) == holds}
        cands[to] = keep or cands[to]

    @staticmethod
    def _asks(asks: str, gate: str) -> bool:
        if asks == "any":
            return gate != "none"
        return gate == asks

    def friend(self, k: int) -> float:
        """This seat's belief that seat `k` is on its side (itself: 1)."""
        if k == self.seat:
            return 1.0
        s = self.seats[k]
        if self.zombie_side:
            if s.get("zombie") or (s["revealed"] and s.get("character") == self.me.id):
                return 1.0
            base = 0.0
        elif self.gate == "none":
            base = 0.0
        else:
            c = self.cands.get(k) or set()
            base = sum(1 for x in c if self.chars[x].gate == self.gate) / len(c) if c else 0.0
            if s.get("zombie"):
                base = 0.0
        return base * 0.5 ** self.hostility[k]

    def _hurt(self, k: int) -> int:
        return self.seats[k]["damage"] or 0

    def _left(self, k: int) -> float:
        """A guess at seat `k`'s remaining HP (exact once shown)."""
        s = self.seats[k]
        if "hp" in s:
            return float(s["hp"])
        c = self.cands.get(k) or set()
        mean = sum(self.chars[x].hp for x in c) / len(c) if c else 12.0
        return mean - self._hurt(k)

    # -- deciding -------------------------------------------------------------------------
    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """One of `legal`, chosen from this seat's view only."""
        if len(legal) == 1:
            return legal[0]
        view = seat_view(seat)
        self._read(view)
        kind = view["decision"]
        if kind is None:
            raise ValueError(f"seat {self.seat} is asked to act with no decision pending")
        choice = PLAN[kind](self, legal, view.get("context") or [])
        return choice if choice in legal else legal[0]

    def _enemy_key(self, k: int) -> tuple[float, float, int]:
        return (self.friend(k), self._left(k), k)

    def _pick_enemy(self, seats: list[int], limit: float = 0.5) -> int | None:
        pool = [k for k in seats if k != self.seat and self.friend(k) < limit]
        return min(pool, key=self._enemy_key) if pool else None

    def _pick_friend(self, seats: list[int]) -> int:
        return max(seats, key=lambda k: (self.friend(k) >= 0.5, self._hurt(k) > 0,
                                         self.friend(k), -k))

    def _on_start(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        me = self.seats[self.seat]
        hurt = self._hurt(self.seat)
        if A_REVEAL in legal and (hurt * 2 >= self.me.hp
                                  or (self.gate != "none" and self._gate_public())):
            return A_REVEAL
        for a in legal:
            if A_CARD <= a < A_SKILL and hurt:
                return a
        skills = [a for a in legal if A_SKILL <= a < A_REVEAL]
        for a in skills:
            sk = self.me.skills[a - A_SKILL]
            names = {b["block"] for b in sk.blocks}
            if "restore_to" in names and me.get("hp", 99) <= 4:
                return a
            if sk.hook == "self_fireball" and (me.get("hp", 0) > 4) and \
                    self._pick_enemy(self._living(), 0.3) is not None:
                return a
        return A_NO

    def _gate_public(self) -> bool:
        """Whether a community heal has already shown this seat's gate to the table."""
        return any(e["key"].endswith("community_heal") and self.seat in e["args"]["seats"]
                   for e in self.view["log"])

    def _living(self) -> list[int]:
        return [k for k, s in enumerate(self.seats) if s["alive"]]

    def _in_reach(self, cell: int) -> list[int]:
        near = {cell, *neighbours(cell)}
        return [k for k in self._living() if k != self.seat and self.seats[k]["cell"] in near]

    def _cell_score(self, cell: int) -> float:
        hurt = self._hurt(self.seat)
        score = CELL_WORTH[cell]
        if cell == 3 and hurt >= 3:
            score = 3.0 + hurt / 2
        if GATE_OF_CELL.get(cell) == self.gate:
            score += 1.5
        if cell == 1 and hurt:
            score += 1.0
        for m in self.me.missions:
            if m["mission"] == "stand_at" and m["cell"] == cell:
                score += 1.0 + self.view["round"] / 5
        for k in self._in_reach(cell):
            f = self.friend(k)
            score += (0.5 - f) * 2.0
            if self.seats[k]["cell"] == cell and hurt * 2 >= self.me.hp and f < 0.5:
                score -= 1.0
        return score

    def _on_move(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return max(legal, key=lambda a: (self._cell_score(CELLS[a - A_CELL]), -a))

    def _on_act(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        cell = ctx[0] if ctx else self.seats[self.seat]["cell"]
        if cell == 3 and self._hurt(self.seat) < 2:
            return A_NO
        return A_YES

    def _on_attack(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        targets = [a - A_SEAT for a in legal if A_SEAT <= a < A_DECK]
        heals = [a for a in legal if A_CARD <= a <= A_SKILL]
        heal = heals[-1] if heals and self._hurt(self.seat) >= 2 else None
        if A_NO not in legal:
            return A_SEAT + min(targets, key=self._enemy_key)
        enemy = self._pick_enemy(targets)
        if enemy is not None:
            return A_SEAT + enemy
        if heal is not None:
            return heal
        return A_NO

    def _on_target(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        purpose = ctx[0] if ctx else ""
        seats = [a - A_SEAT for a in legal]
        if purpose in HELPFUL:
            if purpose == "restore":
                return A_SEAT + max(seats, key=lambda k: (self.friend(k), self._hurt(k), -k))
            return A_SEAT + self._pick_friend(seats)
        if purpose in ("prank", "pact"):
            return A_SEAT + max(seats, key=lambda k: (
                self._items_worth(self.seats[k]["equipment"]) * (1.0 - self.friend(k)), -k))
        if purpose == "split_second" and len(ctx) > 2:
            first = _number(ctx, 2)
            if self.friend(first) < 0.5:
                return A_SEAT + first
        enemy = self._pick_enemy(seats, 1.01)
        return A_SEAT + (enemy if enemy is not None else seats[0])

    def _items_worth(self, items: list[str]) -> float:
        return sum(ITEM_TASTE[self.card_by_id[c].kind] for c in items if c in self.card_by_id)

    def _on_give(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        card = self.card_by_id.get(_word(ctx, 0)) if ctx else None
        seats = [a - A_SEAT for a in legal]
        if card is not None and card.outcome == "heal":
            return A_SEAT + self._pick_friend(seats)
        enemy = self._pick_enemy(seats, 1.01)
        return A_SEAT + (enemy if enemy is not None else seats[0])

    def _on_guess(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        to = _number(ctx, 1)
        roster = self.view["roster"]
        cands = self.cands.get(to) or set()
        if self.friend(to) >= 0.5:
            return min(legal, key=lambda a: (roster[a - A_CHAR] in cands, a))
        return min(legal, key=lambda a: (roster[a - A_CHAR] not in cands, a))

    def _on_deck(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return min(legal, key=lambda a: DECK_TASTE.index(COLOURS[a - A_DECK]))

    def _on_keep(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return A_YES if self._hurt(self.seat) else A_NO

    def _on_double(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return A_YES if self.friend(_number(ctx, 0)) < 0.5 else A_NO

    def _on_lance(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        there = [k for k in self._living() if self.seats[k]["cell"] == ctx[0]]
        return A_YES if sum(0.5 - self.friend(k) for k in there) > 0 else A_NO

    def _on_cell(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        if ctx and ctx[0] == "blaze":
            def harm(a: int) -> float:
                cell = CELLS[a - A_CELL]
                return sum(0.5 - self.friend(k) for k in self._living()
                           if self.seats[k]["cell"] == cell)
            return max(legal, key=lambda a: (harm(a), -a))
        return self._on_move(legal, ctx)

    def _card_worth(self, a: int) -> float:
        return ITEM_TASTE[self.cards[a - A_CARD].kind] if a - A_CARD < len(self.cards) else 0.0

    def _on_equip(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return max(legal, key=lambda a: (self._card_worth(a), -a))

    def _on_value(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return int(max(legal))

    def _on_swap(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        if ctx and ctx[0] == "give":
            return min(legal, key=lambda a: (self._card_worth(a), a))
        return max(legal, key=lambda a: (self._card_worth(a), -a))

    def _on_brace(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        defends = any(sk.timing == "when_attacked" for sk in self.me.skills)
        return A_REVEAL if defends and A_REVEAL in legal else A_NO

    def _on_press(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        presses = {"double_damage", "attack_roll", "fixed_damage_bonus", "attack_element",
                   "element_damage_dealt"}
        uses = any(b["block"] in presses for sk in self.me.skills for b in sk.blocks)
        return A_REVEAL if uses and self.friend(_number(ctx, 0)) < 0.25 else A_NO

    def _on_element(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        tgt = _number(ctx, 0)
        shown = self.seats[tgt].get("character") if self.seats[tgt]["revealed"] else None
        if shown is None or self.friend(tgt) >= 0.5:
            return A_NO
        them = self.chars[shown]
        worse = {e for b in them.blocks("element_damage_taken") for e in b["element"]}
        soothes = {e for b in them.blocks("element_heal_on_damage") for e in b["element"]}
        for a in legal:
            if a != A_NO and ELEMENTS[a - A_VALUE] in worse - soothes:
                return a
        return A_NO

    def _on_shield(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return A_YES if self.friend(_number(ctx, 0)) >= 0.5 else A_NO

    def _on_cheer(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        if A_VALUE not in legal:
            return A_NO
        att, tgt = _number(ctx, 0), _number(ctx, 1)
        if self.friend(tgt) < 0.5 and self.friend(att) >= 0.0:
            return A_VALUE + 2
        if self.friend(tgt) >= 0.5 and self._left(tgt) <= 4:
            return A_VALUE
        return A_NO

    def _on_lodestone(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return A_NO

    def _on_wings(self, legal: Sequence[int], ctx: DecisionContext) -> int:
        return A_NO


Handler = Callable[[HeuristicBot, Sequence[int], DecisionContext], int]

PLAN: dict[str, Handler] = ShadowHuntersState.steps.plan({
    "start": HeuristicBot._on_start,
    "wings": HeuristicBot._on_wings,
    "lodestone": HeuristicBot._on_lodestone,
    "move": HeuristicBot._on_move,
    "fly": HeuristicBot._on_move,
    "act": HeuristicBot._on_act,
    "deck": HeuristicBot._on_deck,
    "attack": HeuristicBot._on_attack,
    "element": HeuristicBot._on_element,
    "press": HeuristicBot._on_press,
    "brace": HeuristicBot._on_brace,
    "double": HeuristicBot._on_double,
    "shield": HeuristicBot._on_shield,
    "cheer": HeuristicBot._on_cheer,
    "lance": HeuristicBot._on_lance,
    "keep": HeuristicBot._on_keep,
    "give": HeuristicBot._on_give,
    "guess": HeuristicBot._on_guess,
    "target": HeuristicBot._on_target,
    "cell": HeuristicBot._on_cell,
    "equip": HeuristicBot._on_equip,
    "value": HeuristicBot._on_value,
    "swap": HeuristicBot._on_swap,
}, "shadow-hunters heuristic bot")
"""The bot's choice for each step of the game (every step has one; fly moves like move)."""
