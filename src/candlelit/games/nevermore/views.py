"""What each seat of a Nevermore game may see: the one choke point for hidden information.

Public: health, points, forms, characters once revealed, how many suit and magick cards
(Light / Shadow) each seat holds, cards played in front of each seat, revealed resolution
tokens, round effects of magick cards (played face up), who is to act and on what.
Private to a seat: its suit cards, its magick cards, the cards it is choosing to pass,
its face-down commitment, its characters while drafting them, and its own log entries.
A face-down commitment shows only its size until every seat reveals.
"""

from __future__ import annotations

from candlelit.games.nevermore.constants import (
    CHAR_WINDOW,
    D_COMMIT,
    D_KIND,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DECISIONS,
    DURING_STEP,
    LEFT,
    LIGHT,
    PURPOSES,
    ST_CHARACTERS,
    STAGES,
    SUITS,
    TIMINGS,
)
from candlelit.games.nevermore.playable import join_suit
from candlelit.games.nevermore.state import (
    FX_BETRAY,
    FX_BETRAY_VOID,
    FX_DARK,
    FX_FREEZE,
    FX_JUSTICE,
    FX_PUNISH,
    FX_RAGE_PECK,
    NevermoreFields,
)
from candlelit.games.nevermore.view_types import (
    DecisionView,
    EffectsView,
    NevermoreView,
    PrivateView,
    SeatView,
    SuitCounts,
)


def _suits(counts: list[int]) -> SuitCounts:
    return dict(zip(SUITS, counts, strict=True))


def _window_name(timing: int) -> str:
    if timing >= CHAR_WINDOW:
        return "character_" + TIMINGS[timing - CHAR_WINDOW]
    return TIMINGS[timing]


def _character_confidence(state: NevermoreFields) -> str | None:
    """The weakest confidence among the characters in play (None without characters)."""
    if not state.options["characters"]:
        return None
    order = ("invented", "low", "medium", "high")
    levels = {c.confidence for c in state.cards.characters}
    return next((level for level in order if level in levels), "high")


def decision_view(state: NevermoreFields) -> DecisionView:
    """The public side of the pending decision: its kind, and what it is about."""
    d = state.decision
    kind = d[0]
    out: DecisionView = {"kind": DECISIONS[kind]}
    if kind == D_WINDOW:
        out["window"] = _window_name(d[2])
        if d[2] == DURING_STEP:
            out["suit"] = SUITS[d[3]]
    elif kind == D_COMMIT:
        out["suit"] = SUITS[d[2]]
    elif kind == D_PASS:
        out["pass"] = d[2] + 1
    elif kind in (D_TARGET, D_KIND, D_YESNO, D_POS):
        out["purpose"] = PURPOSES[d[2]]
    return out


def view(state: NevermoreFields, player: int | None) -> NevermoreView:
    """Public table plus `player`'s own cards, choices and log."""
    n = state.num_players
    cards = state.cards
    kind = state.decision[0]
    committing = kind == D_COMMIT
    seats: list[SeatView] = []
    for seat in range(n):
        commit = state.commit[seat]
        bluff = commit[2] if state.step >= 0 else 0
        held = state.magick[seat]
        light = sum(held[c.index] for c in cards.magick if c.deck == LIGHT)
        face_down = sum(commit) if committing else 0
        seats.append({
            "seat": seat,
            "form": "raven" if state.raven[seat] else "human",
            "health": state.health[seat],
            "vp": state.vp[seat],
            "hand": sum(state.hand[seat]) + sum(state.held[seat]) - (bluff if committing else 0),
            "light": light,
            "shadow": sum(held) - light,
            "front": _suits(state.front[seat]),
            "committed": face_down if committing and seat not in state.pending else None,
            "ready": (committing or kind == D_PASS) and seat not in state.pending,
            "character": None if state.char[seat] < 0 or state.stage == ST_CHARACTERS
            else cards.characters[state.char[seat]].name(),
            "copied": None if state.copied[seat] < 0 else cards.characters[
                state.copied[seat]].name(),
        })
    fx = state.fx
    effects: EffectsView = {
        "freeze": bool(fx[FX_FREEZE]), "darkness": bool(fx[FX_DARK]),
        "betrayal": fx[FX_BETRAY] if fx[FX_BETRAY] >= 0 else None,
        "betrayal_raven": bool(fx[FX_BETRAY_VOID]),
        "punished": [s for s in range(n) if fx[FX_PUNISH] >> s & 1],
        "justice": [s for s in range(n) if fx[FX_JUSTICE] >> s & 1],
        "rage_peck": [s for s in range(n) if fx[FX_RAGE_PECK] >> s & 1],
        "harvest": state.harvest[:], "repentance": state.repent[:],
        "prophecies": [{"seat": p[0], "to": p[1], "suit": SUITS[p[2]], "checked": bool(p[3])}
                       for p in state.prophecies],
    }
    out: NevermoreView = {
        "game": "nevermore",
        "players": n,
        "viewer": player,
        "round": state.round,
        "rounds": None,  # no fixed number of rounds: the game runs until someone wins
        "round_limit": state.options["max_rounds"],
        "first_player": state.start,
        "direction": "left" if state.direction == LEFT else "right",
        "priority": state.order[:],
        "phase": STAGES[state.stage],
        "to_act": list(state.pending),
        "decision": decision_view(state),
        "max_health": state.max_health,
        "tokens": [SUITS[t] if i < state.shown else None for i, t in enumerate(state.mids)],
        "step": SUITS[state.step] if state.step >= 0 else None,
        "net": state.net[:] if state.step >= 0 and not committing else None,
        "effects": effects,
        "seats": seats,
        "character_confidence": _character_confidence(state),
        "decks": {"light": len(state.ldeck), "light_discard": len(state.ldisc),
                  "shadow": len(state.sdeck), "shadow_discard": len(state.sdisc),
                  "discards": [cards.magick[t].name() for t in state.ldisc + state.sdisc],
                  "used": [cards.magick[t].name() for t in state.adrift]},
        "log": state.visible_log(player),
    }
    if player is not None:
        out["you"] = _private(state, player)
    if state.won:
        out["result"] = {"winners": state.won[:], "reason": state.reason,
                         "scores": state.vp[:]}
    return out


def _private(state: NevermoreFields, player: int) -> PrivateView:
    cards = state.cards
    held = state.magick[player]
    commit = state.commit[player]
    mine: PrivateView = {
        "hand": _suits(state.hand[player]),
        "passing": _suits(state.held[player]),
        "to_pass": state.to_pass[player] if state.decision[0] == D_PASS else 0,
        "magick": [{"title": c.index, "card": c.name(), "effect": c.effect.id,
                    "deck": "light" if c.deck == LIGHT else "shadow", "count": held[c.index],
                    "timing": TIMINGS[c.effect.timing], "confidence": c.confidence,
                    "joins_as": _joins_as(state, c.index),
                    "faq": c.faq_item,
                    "text": {"en": c.text_en, "zh-TW": c.text_zh},
                    "raven_text": None if c.raven_text_en is None else {
                        "en": c.raven_text_en, "zh-TW": c.raven_text_zh or c.raven_text_en}}
                   for c in cards.magick if held[c.index]],
        "commit": {"cards": commit[0], "ravens": commit[1], "bluff": commit[2],
                   "wild": commit[3]} if state.step >= 0 else None,
        "character": None if state.char[player] < 0 else cards.characters[
            state.char[player]].name(),
        "character_options": [cards.characters[c].name() for c in state.cdeal[player]],
        "knows_tokens": bool(state.tkknown >> player & 1),
    }
    if mine["knows_tokens"]:
        mine["tokens"] = [SUITS[t] for t in state.mids]
    return mine


def _joins_as(state: NevermoreFields, title: int) -> str | None:
    """The suit `title` may join the hand as (seed 魔法牌 6), or None."""
    suit = join_suit(state, title)
    return SUITS[suit] if suit >= 0 else None
