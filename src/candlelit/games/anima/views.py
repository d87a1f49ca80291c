"""What each seat of an Anima game may see: the one choke point for hidden information.

Hidden: hands, basic missions not yet shown, set-up offers, face-down encounters (but the
ones a seat has peeked at), the final missions not revealed, every deck's order, an Old
Map's choice and a stranger's cards (but to the seat choosing), and the cards put into a
trade (but to the traders who have seen them). Parties, areas, discard piles and dice are
public. known.py holds the same content as a tuple for search keys: change both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import party, progress
from candlelit.games.anima.constants import (
    A_OFFER_ADV,
    A_OFFER_CHAR,
    CB_NAMES,
    M_COUNT,
    M_SHOWN,
    M_STEP,
    PHASE_NAMES,
    S_GIVE,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
    STEP_NAMES,
)
from candlelit.games.anima.view_types import (
    AnimaView,
    AreaView,
    CombatView,
    MissionView,
    SeatView,
    TradeView,
)

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def _mission(state: AnimaFields, seat: int, slot: int, kind: int, final: bool
             ) -> MissionView:
    card = (state.cards.finals if final else state.cards.basic)[kind]
    prog = state.mprog[seat][slot]
    return {"slot": slot + 1, "card": card.id, "step": prog[M_STEP],
            "steps": len(card.steps), "count": prog[M_COUNT], "shown": bool(prog[M_SHOWN]),
            "done": kind in state.done[seat] and not final,
            "reconstructed": card.reconstructed}


def _seat(state: AnimaFields, q: int, viewer: int | None) -> SeatView:
    chars = state.cards.characters
    missions: list[MissionView] = []
    for slot in range(2):
        kind = state.missions[q][slot]
        if q == viewer or state.mprog[q][slot][M_SHOWN] or kind in state.done[q]:
            missions.append(_mission(state, q, slot, kind, False))
    if state.final >= 0 and (state.mprog[q][2][M_SHOWN]):
        missions.append(_mission(state, q, 2, state.final, True))
    return {
        "seat": q,
        "area": state.loc[q] if state.loc[q] >= 0 else None,
        "characters": [{"card": chars[c].id, "combat": chars[c].combat,
                        "speed": chars[c].speed, "skills": list(chars[c].skills),
                        "exhausted": c in state.exhausted[q],
                        "inactive": c in state.inactive[q],
                        "reconstructed": chars[c].reconstructed} for c in state.party[q]],
        "hand_size": len(state.hand[q]),
        "organization": state.advantage(state.org[q]).id if state.org[q] >= 0 else None,
        "completed": [state.cards.basic[k].id for k in state.done[q]],
        "missions": missions,
        "mission_bonus": {"combat": state.bonus[q][0], "speed": state.bonus[q][1]},
        "rest_bonus_round": state.rest_round[q] if state.rest_round[q] >= 0 else None,
        "round_over": bool(state.out[q]),
        "speed": party.party_speed(state, q),
        "speed_change": state.speed_mod[q],
    }


def view(state: AnimaFields, player: int | None) -> AnimaView:
    """The public table plus `player`'s own hand, missions and peeks, with its log."""
    cards = state.cards
    areas: list[AreaView] = []
    for slot, kind in enumerate(state.area_at):
        if kind < 0:
            continue
        area = cards.areas[kind]
        entry: AreaView = {
            "slot": slot, "card": area.id, "trade": area.trade, "danger": area.danger,
            "encounter_face_down": state.enc_down[slot] >= 0,
            "standing": ({"card": cards.encounters[state.monster[slot]].id,
                          "combat": cards.encounters[state.monster[slot]].combat
                          + state.growth[slot]} if state.monster[slot] >= 0 else None),
            "parties": [q for q in range(state.num_players) if state.loc[q] == slot],
            "reconstructed": area.reconstructed,
        }
        if player is not None and slot in state.seen[player]:
            entry["peeked"] = cards.encounters[state.enc_down[slot]].id
        areas.append(entry)
    combat: CombatView | None = None
    if state.cb_kind:
        combat = {"kind": CB_NAMES[state.cb_kind],
                  "seat": state.cb_a, "against": state.cb_b if state.cb_b >= 0 else None,
                  "creature": (cards.encounters[state.cb_foe].id if state.cb_foe >= 0
                               else None),
                  "foe_combat": state.cb_foe_combat, "bonus": state.cb_bonus[:],
                  "minus": state.cb_minus[:], "penalty": state.cb_penalty,
                  "dice": state.cb_dice[:] if state.cb_prep >= 2 else None}
    out: AnimaView = {
        "game": "anima",
        "players": state.num_players,
        "viewer": player,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "step": STEP_NAMES[state.step],
        "to_act": state.pending_players(),
        "order": state.order[:],
        "area_revealed_this_round": bool(state.revealed),
        "areas": areas,
        "seats": [_seat(state, q, player) for q in range(state.num_players)],
        "combat": combat,
        "check": ({"seat": state.ck_seat, "target": state.ck_target,
                   "bonus": state.ck_bonus} if state.ck_seat >= 0 else None),
        "exploration_roll": state.roll if state.roll >= 0 else None,
        "second_roll": state.roll2 if state.roll2 >= 0 else None,
        "final_mission": cards.finals[state.final].id if state.final >= 0 else None,
        "hidden_finals": len(state.final_pile),
        "crisis_rounds_left": (state.crisis_left if state.options["end_game"] == "crisis"
                               and state.final >= 0 else None),
        "piles": {"characters": len(state.char_deck), "advantages": len(state.adv_deck),
                  "areas": len(state.area_deck), "encounters": len(state.enc_deck),
                  "character_discard": [cards.characters[k].id for k in state.char_discard],
                  "advantage_discard": [cards.advantages[k].id for k in state.adv_discard],
                  "area_discard": [cards.areas[k].id for k in state.area_discard],
                  "encounter_discard": [cards.encounters[k].id for k in state.enc_discard]},
        "trade": _trade(state, player),
        "reconstructed": cards.reconstructed_ids(),
        "log": state.visible_log(player),
    }
    if player is not None:
        out["hand"] = [cards.advantages[k].id for k in state.hand[player]]
        out["offer"] = {"characters": [cards.characters[k].id
                                       for k in state.offer[player][:2]]
                        if len(state.offer[player]) == 6 else [],
                        "advantages": [cards.advantages[k].id
                                       for k in state.offer[player][-4:]]
                        if len(state.offer[player]) >= 4 else []}
        if state.saw_finals[player]:
            out["seen_finals"] = sorted(cards.finals[k].id for k in state.final_pile)
        if state.actor == player and state.step in (S_PICK_AREA, S_KEEP_ONE, S_GIVE):
            group = cards.areas if state.step == S_PICK_AREA else cards.advantages
            out["choice"] = [group[k].id for k in state.pool]
    if state.is_terminal():
        out["result"] = {"winners": progress.winners(state),
                         "reason": ("final" if state.winner >= 0 else
                                    "omega" if state.omega_won else "rounds"),
                         "completed": [len(d) for d in state.done]}
    return out


def trade_seen(state: AnimaFields, player: int | None) -> tuple[bool, bool, bool, bool]:
    """For the trade under way: whether `player` knows the cards of the proposer's offer
    and of the partner's answer, and whether the others know that each was made (the
    proposer sees its offer as it builds it, the partner once it is made; the partner
    sees its answer, the proposer once it is given; the others only how many cards)."""
    step = state.step
    proposer, partner = state.order[state.turn_idx], state.trade_with
    offered, answered = step != S_TRADE_OFFER, step == S_TRADE_CONFIRM
    return (player == proposer or (player == partner and offered),
            player == partner or (player == proposer and answered), offered, answered)


def _trade(state: AnimaFields, player: int | None) -> TradeView | None:
    """A trade under way: its cards only to the traders who have seen them (see
    `trade_seen`), the others only how many cards each side put in."""
    if state.step not in (S_TRADE_OFFER, S_TRADE_REPLY, S_TRADE_CONFIRM):
        return None
    cards = state.cards
    see_gives, see_gets, offered, answered = trade_seen(state, player)

    def items(actions: list[int], seen: bool, made: bool) -> list[str] | None:
        if seen:
            return [cards.characters[a - A_OFFER_CHAR].id if a >= A_OFFER_CHAR
                    else cards.advantages[a - A_OFFER_ADV].id for a in actions]
        return ["hidden"] * len(actions) if made else None

    return {"from": state.order[state.turn_idx], "to": state.trade_with,
            "gives": items(state.trade_gives, see_gives, offered),
            "gets": items(state.trade_gets, see_gets, answered)}
