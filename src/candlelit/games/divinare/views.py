"""What each seat of a Divinare game may see: the one choke point for hidden information."""

from __future__ import annotations

from candlelit.engine.events import LogLine
from candlelit.games.divinare.boards import CARDS_PER_SUIT, DEALT, DECK_SIZE, SUITS
from candlelit.games.divinare.scoring import scores, token_points, winners
from candlelit.games.divinare.state import (
    CENTRE,
    DISCARD,
    MOVE,
    OVER,
    PASS,
    PHASE_NAMES,
    DivinareFields,
)
from candlelit.games.divinare.view_types import BoardView, DivinareView, PassView, SeatView


def view(state: DivinareFields, player: int | None) -> DivinareView:
    """Public table and log plus `player`'s cards; others' score tokens None till the end."""
    n = state.num_players
    committing = state.phase in (DISCARD, PASS)
    boards: list[BoardView] = []
    for suit, board in enumerate(state.layout.boards):
        boards.append({
            "suit": SUITS[suit],
            "spaces": list(board.spaces),
            "bonus": {str(v): extra for v, extra in sorted(board.bonus.items())},
            "played": state.played[suit],
            "tokens": [None if t[suit] == CENTRE else t[suit] for t in state.tokens],
            "reconstructed": board.spaces_confidence == "invented"
            or board.bonus_confidence == "invented",
        })
    face_down = not state.options["public_scores"] and state.phase != OVER  # seed: 面朝下
    seats: list[SeatView] = []
    for seat in range(n):
        bag = state.tokens_won[seat]
        shown = not face_down or seat == player
        seats.append({
            "seat": seat,
            "cards": sum(state.hands[seat]) + sum(state.held[seat]),
            "face_down_discards": sum(state.discards[seat]),
            "ready": committing and not state.to_commit[seat],
            "tokens": {"blue": bag[0], "yellow": bag[1], "red": bag[2]} if shown else None,
            "score": token_points(bag) if shown else None,
        })
    out: DivinareView = {
        "game": "divinare",
        "players": n,
        "viewer": player,
        "round": state.round + 1 if state.phase != OVER else state.rounds,
        "rounds": state.rounds,
        "first_player": state.first,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.pending_players(),
        "moving": SUITS[state.move_suit] if state.phase == MOVE else None,
        "boards": boards,
        "seats": seats,
        "scores_face_down": face_down,
        "deck": {"suits": dict(zip(SUITS, CARDS_PER_SUIT, strict=True)), "size": DECK_SIZE,
                 "dealt": DEALT, "aside": DECK_SIZE - DEALT},
        "log": state.visible_log(player),
    }
    if player is not None:
        out["hand"] = dict(zip(SUITS, state.hands[player], strict=True))
        out["choosing"] = dict(zip(SUITS, state.held[player], strict=True))
        out["to_choose"] = state.to_commit[player] if committing else 0
        out["discards"] = dict(zip(SUITS, state.discards[player], strict=True))
        out["passes"] = round_passes(out["log"], player)
    if state.phase == OVER:
        out["result"] = {"scores": scores(state), "winners": winners(state)}
    return out


def round_passes(log: list[LogLine], player: int) -> list[PassView]:
    """This round's passes seen by `player`: the cards it gave and the cards it received."""
    start = max((i for i, e in enumerate(log) if e["key"] == "divinare.round_start"), default=0)
    passes: list[PassView] = []
    given = received = [0, 0, 0, 0]
    for event in log[start:]:
        key, args = event["key"], event["args"]
        if key == "divinare.passed":
            if args["seat"] == player:
                given = args["cards"]
            if args["to"] == player:
                received = args["cards"]
        elif key == "divinare.passes_done":
            passes.append({"given": dict(zip(SUITS, given, strict=True)),
                           "received": dict(zip(SUITS, received, strict=True))})
            given = received = [0, 0, 0, 0]
    return passes
