"""The small moves on the table every rule area makes: ask a choice, turn a character face up,
put a seat on a location, send a card back into its deck."""

from __future__ import annotations

from typing import Any

from candlelit.games.shadow_hunters.constants import A_SEAT, CELLS, COLOURS
from candlelit.games.shadow_hunters.purposes import TargetPurpose
from candlelit.games.shadow_hunters.state import ShadowHuntersFields


def ask(state: ShadowHuntersFields, kind: str, seat: int, options: list[int],
        *context: Any) -> None:
    """Make [kind, seat, *context] the pending decision with the sorted `options`."""
    state.decision = [kind, seat, *context]
    state.choices = sorted(set(options))


def ask_target(state: ShadowHuntersFields, seat: int, purpose: TargetPurpose,
               seats: list[int], *ctx: Any) -> None:
    """Ask `seat` to pick one of `seats` for `purpose` (nothing happens when none is left)."""
    if seats:
        ask(state, "target", seat, [A_SEAT + s for s in seats], purpose, *ctx)


def reveal(state: ShadowHuntersFields, seat: int) -> None:
    """Turn `seat`'s character face up."""
    state.revealed[seat] = 1
    state._emit("reveal", "shadow_hunters.log.reveal",
                {"seat": seat, "character": state.character(seat).id})


def auto_reveal(state: ShadowHuntersFields, seat: int) -> None:
    """D11: an automatic skill changed a public outcome, so the character turns face up."""
    if not state.revealed[seat]:
        reveal(state, seat)


def place(state: ShadowHuntersFields, seat: int, cell: int) -> None:
    """Put `seat` on `cell` (tournament: pick up what the dead left there)."""
    state.cell[seat] = cell
    pile = state.dropped[CELLS.index(cell)]
    if pile and state.alive[seat]:
        state.equip[seat].extend(pile)
        state._emit("pickup", "shadow_hunters.log.pickup",
                    {"seat": seat, "cards": [state.cards[c].id for c in pile]})
        pile.clear()


def discard(state: ShadowHuntersFields, card: int) -> None:
    """Table rule 1: a discarded card goes straight back into its deck, shuffled."""
    deck = state.decks[COLOURS.index(state.cards[card].colour)]
    deck.insert(state._chance().choice(range(len(deck) + 1)), card)
