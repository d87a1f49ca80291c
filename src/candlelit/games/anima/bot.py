"""The heuristic bot: grow the party, explore what it can survive, chase its own missions.

It reads only its seat's view, the labels of its legal actions and the public card list.

- Areas: it goes where its open mission step is (a mission reward, a foe, a hold, a check;
  for "mission rewards in distinct areas" every area that can still count), else to the most
  dangerous area its party can likely survive, preferring recruit rewards while the party
  is small; it reveals a new area when none suits it or a mission's area is missing (that
  area by name when it lies in the discard pile; when no area may leave play, it first
  clears the safest area still holding an encounter), and stays where it is when that area
  still suits it. The final mission's steps are worth any danger; a mission foe is fought
  when it is within one of the party's Combat with passives, ready cards and the rest bonus,
  and the party rests first when that +2 puts it in reach.
- Rewards: a mission reward that advances its missions, then a recruit while there is room,
  then advantages. It joins an organization, takes from the discard piles when poorest and
  uses drawing and recruiting cards in the Reset phase.
- Fights: combat cards and abilities go into close fights; it escapes hopeless ones, saves
  dying characters, re-rolls low dice, and lets the weakest character die.
- Other parties: it attacks a party in its area that is clearly weaker, steals from the one
  with most advantages, and never trades.
- Crisis (option `final_reveal: chosen`): it reveals the final mission when its party leads
  in completed missions and Combat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.games.anima.cards import Mission, Step, builtin_cards
from candlelit.games.anima.constants import A_DONE, A_REVEAL, REST_BONUS
from candlelit.games.anima.rules import AnimaState
from candlelit.games.anima.view_types import AnimaView, AreaView, SeatView, seat_view

Options = list[tuple[int, dict[str, Any]]]


class HeuristicBot:
    """Rules of thumb over the seat's view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat
        cards = builtin_cards()
        self.areas = {a.id: a for a in cards.areas}
        self.area_ids = {a.index: a.id for a in cards.areas}
        self.missions: dict[str, Mission] = {m.id: m for m in (*cards.basic, *cards.finals)}
        self.advantages = {a.id: a for a in cards.advantages}
        self.characters = {c.id: c for c in cards.characters}
        self.encounters = {e.id: e for e in cards.encounters}

    # -- the entry point ------------------------------------------------------------------
    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """One of `legal`, by the rules of thumb of the step the view shows."""
        view = seat_view(seat)
        options: Options = [(a, seat.action_to_struct(a)) for a in legal]
        choice = PLAN[view["step"]](self, view, options)
        return choice if choice is not None and choice in legal else legal[0]

    # -- helpers ---------------------------------------------------------------------------
    def _me(self, view: AnimaView) -> SeatView:
        return view["seats"][self.seat]

    def _strength(self, party: SeatView) -> int:
        """Combat the party adds before dice and cards."""
        total: int = sum(c["combat"] for c in party["characters"] if not c["inactive"])
        return total + party["mission_bonus"]["combat"]

    def _goals(self, view: AnimaView) -> list[tuple[str, Step]]:
        """(step kind, step) of each mission the seat is working on, final first."""
        me = self._me(view)
        out = []
        eligible = bool(me["completed"])
        for m in me["missions"]:
            card = self.missions.get(m["card"])
            if card is None or m["done"] or m["step"] >= len(card.steps):
                continue
            if card.final and not eligible:
                continue
            out.append((card.steps[m["step"]].kind, card.steps[m["step"]]))
        final = view["final_mission"]
        if final and eligible and final in self.missions and not any(
                m["card"] == final for m in me["missions"]):
            out.insert(0, (self.missions[final].steps[0].kind, self.missions[final].steps[0]))
        return out

    def _goal_areas(self, view: AnimaView) -> list[str]:
        """Areas of open mission steps the party can likely survive and do."""
        out = []
        me = self._me(view)
        safe = self._safe_danger(view)
        for kind, step in self._goals(view):
            bold = 3 if self._final_step(view, step) else safe
            if kind == "take_mission_reward_any":
                out += self._any_areas(view, step, bold)
                continue
            if step.area < 0:
                continue
            area = self.areas.get(self.area_ids.get(step.area, ""))
            if area is None:
                continue
            if kind == "defeat_mission_foe":
                if not self._can_beat(view, step):
                    continue
            elif area.danger > bold:
                continue
            if kind == "speed_check" and step.target > me["speed"] + 4:
                continue
            if len(me["characters"]) < step.min_characters:
                continue
            out.append(area.id)
        return out

    def _final_step(self, view: AnimaView, step: Step) -> bool:
        """Whether `step` belongs to the revealed final mission (worth any danger)."""
        final = self.missions.get(view["final_mission"] or "")
        return final is not None and step in final.steps

    def _any_areas(self, view: AnimaView, step: Step, safe: int) -> list[str]:
        """Areas in play whose mission reward counts for a "rewards in distinct areas" step
        (the area the party stands on is taken to be counted already)."""
        if step.danger > safe:
            return []
        me = self._me(view)
        exclude = self.area_ids.get(step.exclude)
        return [a["card"] for a in view["areas"]
                if a["danger"] == step.danger and a["card"] != exclude
                and "mission" in self.areas[a["card"]].rewards and a["slot"] != me["area"]]

    def _can_beat(self, view: AnimaView, step: Step) -> bool:
        """Whether a mission foe is worth fighting: within one of the party's potential."""
        return bool(step.foe_combat <= self._potential(view, step.foe_type) + 1)

    def _potential(self, view: AnimaView, foe_type: str) -> int:
        """Party Combat against a creature of `foe_type` with passives, its organization,
        ready combat abilities and the combat cards in hand it can play."""
        me = self._me(view)
        total = self._strength(me)
        if me["rest_bonus_round"] == view["round"]:
            total += REST_BONUS
        skills: set[str] = set()
        for c in me["characters"]:
            if c["inactive"]:
                continue
            card = self.characters.get(c["card"])
            if card is None:
                continue
            if not c["exhausted"]:
                skills.update(card.skills)
            if card.exhaust and c["exhausted"]:
                continue
            total += sum(op.amount for op in card.does if op.op == "combat"
                         and op.vs != "party" and (not op.types or foe_type in op.types))
        org = self.advantages.get(me["organization"] or "")
        if org is not None:
            total += sum(op.amount for op in org.does if op.op == "combat"
                         and (not op.types or foe_type in op.types))
        for card_id in view.get("hand", []):
            adv = self.advantages.get(card_id)
            if adv is None or adv.window != "combat" or (adv.skill and adv.skill not in skills):
                continue
            total += sum(op.amount for op in adv.does if op.op == "combat"
                         and op.vs != "party" and (not op.types or foe_type in op.types))
        return total

    def _safe_danger(self, view: AnimaView) -> int:
        strength = self._strength(self._me(view))
        return 3 if strength >= 11 else 2 if strength >= 8 else 1

    def _pick(self, options: Options, *kinds: str) -> int | None:
        for kind in kinds:
            for action, struct in options:
                if struct["kind"] == kind:
                    return action
        return None

    def _area_score(self, view: AnimaView, area: AreaView) -> float:
        card = self.areas.get(area["card"])
        me = self._me(view)
        strength = self._strength(me)
        if area["card"] in self._goal_areas(view):
            return 100.0
        if area["standing"] and area["standing"]["combat"] > strength + 1:
            return -10.0
        danger = area["danger"]
        if danger > self._safe_danger(view):
            return -5.0
        score = float(danger)
        if card is not None:
            if "recruit" in card.rewards and len(me["characters"]) < 4:
                score += 2
            if any(r.startswith("advantage") for r in card.rewards) and me["hand_size"] < 5:
                score += 1
        return score

    # -- decisions by step -----------------------------------------------------------------
    def _keep_character(self, view: AnimaView, options: Options) -> int | None:
        def value(struct: dict[str, Any]) -> int:
            c = self.characters.get(struct.get("card", ""))
            return c.combat * 2 + c.speed if c else 0
        return max(options, key=lambda o: value(o[1]))[0]

    def _return_advantage(self, view: AnimaView, options: Options) -> int | None:
        return min(options, key=lambda o: self._card_value(o[1].get("card", "")))[0]

    def _card_value(self, card_id: str) -> int:
        card = self.advantages.get(card_id)
        if card is None:
            return 0
        value = sum(op.amount for op in card.does if op.op == "combat")
        if any(op.op in ("prevent_death", "escape", "recruit") for op in card.does):
            value += 3
        if card.type == "Organization":
            value += 1
        return value

    def _reset(self, view: AnimaView, options: Options) -> int | None:
        me = self._me(view)
        for action, struct in options:
            if struct["kind"] == "salvage":
                return action
        for action, struct in options:
            if struct["kind"] == "play":
                card = self.advantages.get(struct["card"])
                if card is None:
                    continue
                if card.type == "Organization" and me["organization"] is None:
                    return action
                if any(op.op in ("recruit", "refresh_inactive") for op in card.does):
                    return action
            if struct["kind"] == "ability":
                char = self.characters.get(struct["card"])
                if char and any(op.op == "draw" for op in char.does) and me["hand_size"] < 5:
                    return action
        return self._pick(options, "end_reset")

    def _rest_first(self, view: AnimaView) -> bool:
        """Whether resting (+2 Combat next round) would put a mission foe in reach."""
        me = self._me(view)
        if me["rest_bonus_round"] == view["round"]:
            return False
        in_play = {a["card"] for a in view["areas"]}
        for kind, step in self._goals(view):
            if kind != "defeat_mission_foe" or self.area_ids.get(step.area) not in in_play:
                continue
            potential = self._potential(view, step.foe_type)
            if potential + 1 < step.foe_combat <= potential + REST_BONUS + 1:
                return True
        return False

    def _move(self, view: AnimaView, options: Options) -> int | None:
        if self._rest_first(view):
            rest = self._pick(options, "rest")
            if rest is not None:
                return rest
        me = self._me(view)
        here = me["area"]
        areas = {a["slot"]: a for a in view["areas"]}
        best, best_score = None, -1.0
        if here is not None and here in areas:
            best_score = self._area_score(view, areas[here]) + 0.5
            best = self._pick(options, "stay")
        for action, struct in options:
            if struct["kind"] != "travel":
                continue
            slot = next((a["slot"] for a in view["areas"] if a["card"] == struct["area"]), None)
            if slot is None:
                continue
            score = self._area_score(view, areas[slot])
            if score > best_score:
                best, best_score = action, score
        missing = self._missing_areas(view)
        if missing and best_score < 100:
            wanted = self._wanted_areas(view)
            for action, struct in options:  # a needed area lies face up in the discard
                if struct["kind"] == "reveal_kind" and struct["area"] in wanted:
                    return action
        if best_score < 1 or (missing and best_score < 100):
            reveal = self._pick(options, "reveal")
            if reveal is not None:
                return reveal
            if missing and best_score < 100:
                clear = self._clearing_trip(view, options)
                if clear is not None:
                    return clear
        if best is None:
            return self._pick(options, "reveal", "reveal_kind", "rest")
        return best

    def _clearing_trip(self, view: AnimaView, options: Options) -> int | None:
        """With a needed area missing and no reveal possible (every area in play still holds
        an encounter or a party), go and clear the safest area holding one, so that the
        next reveal may replace it."""
        me = self._me(view)
        safe = self._safe_danger(view)
        strength = self._strength(me)
        goals = set(self._goal_areas(view))
        by_card = {a["card"]: a for a in view["areas"]}
        trips = []
        for action, struct in options:
            area = by_card.get(struct.get("area", "")) if struct["kind"] == "travel" else None
            if area is None or area["card"] in goals or area["danger"] > safe:
                continue
            standing = area["standing"]
            if standing and standing["combat"] > strength + 1:
                continue
            if area["encounter_face_down"] or standing:
                trips.append((area["danger"], action))
        return min(trips)[1] if trips else None

    def _wanted_areas(self, view: AnimaView) -> set[str]:
        """Areas named by the open mission steps that are not in play."""
        in_play = {a["card"] for a in view["areas"]}
        return {self.area_ids[step.area] for _kind, step in self._goals(view)
                if step.area in self.area_ids and self.area_ids[step.area] not in in_play}

    def _missing_areas(self, view: AnimaView) -> bool:
        """Whether an area an open mission step needs is not in play yet."""
        in_play = {a["card"] for a in view["areas"]}
        for kind, step in self._goals(view):
            if kind == "take_mission_reward_any":
                here = [a for a in view["areas"] if a["danger"] == step.danger
                        and "mission" in self.areas[a["card"]].rewards
                        and a["card"] != self.area_ids.get(step.exclude)]
                if len(here) < step.distinct:
                    return True
            elif step.area >= 0 and self.area_ids.get(step.area) not in in_play:
                return True
        return False

    def _cull(self, view: AnimaView, options: Options) -> int | None:
        goals = self._goal_areas(view)
        keep = [o for o in options if o[1].get("area") not in goals]
        return (keep or options)[0][0]

    def _save_area(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "let_go")

    def _interact(self, view: AnimaView, options: Options) -> int | None:
        me = self._me(view)
        mine = self._strength(me)
        for action, struct in options:
            if struct["kind"] == "attack":
                other = view["seats"][struct["to"]]
                if self._strength(other) + 3 <= mine or len(options) == 1:
                    return action
        for action, struct in options:
            if struct["kind"] == "ability":
                char = self.characters.get(struct["card"])
                if char and any(op.op == "steal_advantage" for op in char.does):
                    return action
            if struct["kind"] == "play":
                card = self.advantages.get(struct["card"])
                if card and any(op.op in ("steal_advantage", "steal_character")
                                for op in card.does):
                    return action
        return self._pick(options, "end_interaction", "done")

    def _trade_offer(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "cancel_trade")

    def _trade_reply(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "decline")

    def _trade_confirm(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "decline")

    def _explore(self, view: AnimaView, options: Options) -> int | None:
        me = self._me(view)
        for action, struct in options:
            if struct["kind"] != "mission":
                continue
            slot = struct["slot"] - 1
            m = next((x for x in me["missions"] if x["slot"] == slot + 1), None)
            card_id = m["card"] if m else view["final_mission"]
            card = self.missions.get(card_id or "")
            if card is None:
                continue
            index = m["step"] if m else 0
            step = card.steps[min(index, len(card.steps) - 1)]
            if step.kind == "defeat_mission_foe" and not self._can_beat(view, step):
                continue
            if step.kind == "speed_check" and step.target > me["speed"] + 4:
                continue
            return action
        return self._pick(options, "explore")

    def _prep(self, view: AnimaView, options: Options) -> int | None:
        fight = view["combat"]
        if fight is None:
            return None
        me = self._me(view)
        mine = self._strength(me) + fight["bonus"][0 if fight["seat"] == self.seat else 1]
        if fight["kind"] == "party" and fight["against"] is not None:
            other = fight["against"] if fight["seat"] == self.seat else fight["seat"]
            theirs = self._strength(view["seats"][other])
        else:
            theirs = fight["foe_combat"]
        gap = theirs - mine
        for action, struct in options:
            if struct["kind"] in ("play", "ability"):
                ops = self._ops(struct)
                names = {op.op for op in ops}
                if "escape" in names:
                    if gap > 6:
                        return action
                    continue
                if gap > -4:
                    return action
        return self._pick(options, "roll")

    def _ops(self, struct: dict[str, Any]) -> tuple[Any, ...]:
        card_id = struct.get("card", "")
        if card_id in self.advantages:
            return self.advantages[card_id].does
        if card_id in self.characters:
            return self.characters[card_id].does
        return ()

    def _after_roll(self, view: AnimaView, options: Options) -> int | None:
        fight = view["combat"]
        side = 0 if fight and fight["seat"] == self.seat else 1
        if fight and fight["dice"] and fight["dice"][side] <= 2:
            return self._pick(options, "ability")
        return self._pick(options, "keep_dice")

    def _check(self, view: AnimaView, options: Options) -> int | None:
        check = view["check"]
        if check and check["target"] - self._me(view)["speed"] - check["bonus"] > 3:
            pick = self._pick(options, "ability", "play")
            if pick is not None:
                return pick
        return self._pick(options, "roll_check")

    def _react(self, view: AnimaView, options: Options) -> int | None:
        check = view["check"]
        me = self._me(view)
        if check is not None and len(view["seats"][check["seat"]]["completed"]) > \
                len(me["completed"]):
            return self._pick(options, "play", "let_it_be")
        return self._pick(options, "let_it_be")

    def _explore_rolled(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "accept")

    def _reward(self, view: AnimaView, options: Options) -> int | None:
        me = self._me(view)
        kinds = {kind for kind, _ in self._goals(view)}
        here = next((a["card"] for a in view["areas"] if a["slot"] == me["area"]), None)
        for action, struct in options:
            if struct["reward"] == "mission":
                for kind, step in self._goals(view):
                    if kind == "take_mission_reward" and self.area_ids.get(step.area) == here:
                        return action
                    if kind == "take_mission_reward_any" and here in self.areas and \
                            self.areas[here].danger == step.danger and \
                            here != self.area_ids.get(step.exclude):
                        return action
        del kinds
        if len(me["characters"]) < 4:
            pick = next((a for a, s in options if s["reward"] == "recruit"), None)
            if pick is not None:
                return pick
        return next((a for a, s in options if s["reward"].startswith("advantage")), None)

    def _weakest(self, options: Options) -> int | None:
        def value(struct: dict[str, Any]) -> int:
            c = self.characters.get(struct.get("card", ""))
            return c.combat * 2 + c.speed if c else 0
        return min(options, key=lambda o: value(o[1]))[0]

    def _lose_character(self, view: AnimaView, options: Options) -> int | None:
        return self._weakest(options)

    def _inactivate(self, view: AnimaView, options: Options) -> int | None:
        return self._weakest(options)

    def _death(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "ability", "play", "let_die")

    def _discard(self, view: AnimaView, options: Options) -> int | None:
        return min(options, key=lambda o: self._card_value(o[1].get("card", "")))[0]

    def _keep_one(self, view: AnimaView, options: Options) -> int | None:
        return max(options, key=lambda o: self._card_value(o[1].get("card", "")))[0]

    def _give(self, view: AnimaView, options: Options) -> int | None:
        return min(options, key=lambda o: self._strength(view["seats"][o[1]["to"]]))[0]

    def _revealed(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "ability", "face_it")

    def _attacked(self, view: AnimaView, options: Options) -> int | None:
        return self._pick(options, "play", "accept_fight")

    def _target(self, view: AnimaView, options: Options) -> int | None:
        return max(options, key=lambda o: view["seats"][o[1]["to"]]["hand_size"])[0]

    def _pick_area(self, view: AnimaView, options: Options) -> int | None:
        goals = self._goal_areas(view)
        for action, struct in options:
            if struct["area"] in goals:
                return action
        return min(options, key=lambda o: self.areas[o[1]["area"]].danger
                   if o[1]["area"] in self.areas else 3)[0]

    def _steal_character(self, view: AnimaView, options: Options) -> int | None:
        return max(options, key=lambda o: self.characters[o[1]["card"]].combat
                   if o[1]["card"] in self.characters else 0)[0]

    def _unveil(self, view: AnimaView, options: Options) -> int | None:
        """Start the Crisis clock when this party leads: at least as many completed missions
        and at least the Combat of every other party that could fight the Crisis."""
        me = self._me(view)
        rivals = [p for k, p in enumerate(view["seats"]) if k != self.seat and p["completed"]]
        leads = all(len(me["completed"]) >= len(p["completed"])
                    and self._strength(me) >= self._strength(p) for p in rivals)
        return A_REVEAL if leads else A_DONE

    def _sneak(self, view: AnimaView, options: Options) -> int | None:
        goals = self._goal_areas(view)
        return next((a for a, s in options if s.get("area") in goals), options[0][0])

    def _first_legal(self, view: AnimaView, options: Options) -> int | None:
        """No rule of thumb: the first legal action (an unmodified die, the first roll,
        the first encounter to peek at)."""
        return options[0][0]


Chooser = Callable[[HeuristicBot, AnimaView, Options], "int | None"]

PLAN: dict[str, Chooser] = AnimaState.steps.plan({
    "keep_character": HeuristicBot._keep_character,
    "return_advantage": HeuristicBot._return_advantage,
    "reset": HeuristicBot._reset,
    "move": HeuristicBot._move,
    "cull": HeuristicBot._cull,
    "save_area": HeuristicBot._save_area,
    "interact": HeuristicBot._interact,
    "trade_offer": HeuristicBot._trade_offer,
    "trade_reply": HeuristicBot._trade_reply,
    "trade_confirm": HeuristicBot._trade_confirm,
    "explore": HeuristicBot._explore,
    "prep": HeuristicBot._prep,
    "after_roll": HeuristicBot._after_roll,
    "check": HeuristicBot._check,
    "explore_rolled": HeuristicBot._explore_rolled,
    "adjust": HeuristicBot._first_legal,
    "reroll_pick": HeuristicBot._first_legal,
    "reward": HeuristicBot._reward,
    "lose_character": HeuristicBot._lose_character,
    "inactivate": HeuristicBot._inactivate,
    "death": HeuristicBot._death,
    "discard": HeuristicBot._discard,
    "keep_one": HeuristicBot._keep_one,
    "give": HeuristicBot._give,
    "revealed": HeuristicBot._revealed,
    "attacked": HeuristicBot._attacked,
    "target": HeuristicBot._target,
    "pick_area": HeuristicBot._pick_area,
    "steal_character": HeuristicBot._steal_character,
    "peek": HeuristicBot._first_legal,
    "sneak": HeuristicBot._sneak,
    "react": HeuristicBot._react,
    "unveil": HeuristicBot._unveil,
}, "anima heuristic bot")
"""The bot's chooser for each decision, by step name (complete: checked at import); a
chooser's None or unknown answer falls back to the first legal action."""
