"""A round from deal to scoring: what follows each trick, and the next round or the end."""

from __future__ import annotations

from candlelit.games.divinare.boards import CARDS_PER_SUIT, cards_per_player
from candlelit.games.divinare.passing import open_choice
from candlelit.games.divinare.scoring import score_board, scores, winners
from candlelit.games.divinare.state import (
    CENTRE,
    DISCARD,
    OVER,
    PASS,
    PLAY,
    TWO_PLAYER_DISCARD,
    DivinareFields,
)


def start_round(state: DivinareFields) -> None:
    """Clear the boards, deal, then (2 players) discard or go to the first trick."""
    n = state.num_players
    state.turn = state.first
    state.move_suit = -1
    state.played = [0, 0, 0, 0]
    state.tokens = [[CENTRE] * 4 for _ in range(n)]
    state.occupied = [0, 0, 0, 0]
    state.discards = [[0, 0, 0, 0] for _ in range(n)]
    state.held = [[0, 0, 0, 0] for _ in range(n)]
    state.to_commit = [0] * n
    state.pending = []
    state.next_pass = 0
    state._emit("round", "divinare.round_start", {"round": state.round + 1,
                                                  "first": state.first})
    deal(state)
    if n == 2:
        open_choice(state, DISCARD, TWO_PLAYER_DISCARD)
    else:
        after_trick(state)


def deal(state: DivinareFields) -> None:
    """Shuffle all 36 cards and deal 24 evenly; the other 12 stay face down."""
    deck = [suit for suit in range(4) for _ in range(CARDS_PER_SUIT[suit])]
    state._chance().shuffle(deck)
    each = cards_per_player(state.num_players)
    state.hands = []
    for seat in range(state.num_players):
        hand = [0, 0, 0, 0]
        for suit in deck[seat * each:(seat + 1) * each]:
            hand[suit] += 1
        state.hands.append(hand)
        state._emit("deal", "divinare.dealt", {"seat": seat, "cards": list(hand)}, (seat,))


def after_trick(state: DivinareFields) -> None:
    """Every seat holds as many cards: pass if the action card says so, else play on."""
    size = sum(state.hands[state.first])
    if size == 0:
        end_round(state)
        return
    schedule = state.schedule
    if state.next_pass < len(schedule) and schedule[state.next_pass][0] == size:
        count = schedule[state.next_pass][1]
        state.next_pass += 1
        open_choice(state, PASS, count)
        return
    state.turn = state.first
    state.phase = PLAY


def end_round(state: DivinareFields) -> None:
    """Reveal the 2-player discards, score every board, then deal again or end the game."""
    if state.num_players == 2:
        revealed = [sum(d[s] for d in state.discards) for s in range(4)]
        for s in range(4):
            state.played[s] += revealed[s]
        state._emit("reveal", "divinare.revealed", {"cards": revealed})
    for suit in range(4):
        score_board(state, suit)
    state.round += 1
    if state.round == state.rounds:
        state.phase = OVER
        state._emit("end", "divinare.game_over", {"seats": winners(state),
                                                  "scores": scores(state)})
        return
    state.first = (state.first + 1) % state.num_players
    start_round(state)
