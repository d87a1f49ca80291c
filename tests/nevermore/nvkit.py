"""Exact Nevermore positions for scenario tests, and short ways to play them on.

Hands are strings of suit letters: A Attack, H Healing, L Radiance (light), V Victory,
R Raven; "AAR" is two Attack and a Raven. Magick cards are named by their card-file id
(L01 Prophecy ... X01 Reprieve, D01 Betrayal ... D11 Nightmare).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

import candlelit
from candlelit.cli import catalog
from candlelit.games.nevermore.cards import CardSet, builtin_cards, builtin_data
from candlelit.games.nevermore.constants import (
    A_COMMIT,
    A_DONE,
    A_KIND,
    A_PLAY,
    A_TARGET,
    AFTER_RESOLUTION,
    ANYTIME,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    D_ATTACK,
    D_COMMIT,
    D_KIND,
    D_LETHAL,
    D_NONE,
    D_PASS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DECISIONS,
    LEFT,
    MIDDLE,
    T_CONSPIRACY,
    T_DRAFT,
    T_END_PHASE,
    T_WINDOW,
)
from candlelit.games.nevermore.rounds import round_plan
from candlelit.games.nevermore.rules import NevermoreState

LETTERS = "AHLVR"
ATTACK, HEAL, RADIANCE, VICTORY, RAVEN = range(5)
PHASES = {
    "before_draft": (T_WINDOW, BEFORE_DRAFT),
    "draft": (T_DRAFT, 0),
    "before_resolution": (T_WINDOW, BEFORE_RESOLUTION),
    "resolution": (T_CONSPIRACY,),
    "after_resolution": (T_WINDOW, AFTER_RESOLUTION),
    "end": (T_END_PHASE,),
}


def counts(hand: str) -> list[int]:
    """'AAR' -> [2, 0, 0, 0, 1]."""
    out = [0] * 5
    for letter in hand:
        out[LETTERS.index(letter)] += 1
    return out


def title(card_id: str, cards: CardSet | None = None) -> int:
    """The title index of a magick card id (e.g. 'D01') in `cards` (default: built-in)."""
    for card in (cards or builtin_cards()).magick:
        if card.id == card_id:
            return card.index
    raise KeyError(card_id)


def table(players: int = 4, hands: Iterable[str] | None = None, *,
          health: Iterable[int] | None = None, vp: Iterable[int] | None = None,
          ravens: Iterable[int] = (), magick: Mapping[int, Iterable[str]] | None = None,
          light: Iterable[str] | None = None, shadow: Iterable[str] | None = None,
          phase: str = "resolution", start: int = 0, direction: int = LEFT,
          round_no: int = 1, tokens: str | None = None, seed: int = 1,
          options: Mapping[str, Any] | None = None, variant: str | None = None,
          ) -> NevermoreState:
    """A game set to an exact position, run up to the first decision of `phase`.

    `ravens`: seats in raven form (health 0). `magick`: seat -> card ids held (everyone
    else holds none). `light` / `shadow`: the decks, drawn from the end. `tokens`: the
    middle token order as suit letters (e.g. 'VLHA'), face down when round_no > 1.
    """
    s = candlelit.load("nevermore", players, seed, dict(options or {}), variant=variant)
    assert isinstance(s, NevermoreState)
    n = players
    s.hand = [counts(h) for h in (hands or [""] * n)]
    s.held = [[0] * 5 for _ in range(n)]
    s.front = [[0] * 5 for _ in range(n)]
    s.health = list(health) if health is not None else [s.max_health] * n
    s.vp = list(vp) if vp is not None else [0] * n
    s.raven = [0] * n
    for seat in ravens:
        s.raven[seat] = 1
        s.health[seat] = 0
    size = len(s.cards.magick)
    s.magick = [[0] * size for _ in range(n)]
    for seat, ids in (magick or {}).items():
        for card_id in ids:
            s.magick[seat][title(card_id, s.cards)] += 1
    if light is not None:
        s.ldeck = [title(c, s.cards) for c in light]
    if shadow is not None:
        s.sdeck = [title(c, s.cards) for c in shadow]
    s.ldisc, s.sdisc, s.adrift = [], [], []
    s.start, s.direction, s.round = start, direction, round_no
    s.order = s.priority()
    if tokens is not None:
        s.mids = [LETTERS.index(t) for t in tokens]
    else:
        s.mids = list(MIDDLE)
    s.shown = 4 if round_no == 1 else 0
    s.log = []
    want = PHASES[phase]
    plan = round_plan(s)
    first = next(i for i, task in enumerate(plan) if tuple(task[:len(want)]) == want)
    s.tasks = []
    s.decision, s.pending = [D_NONE], []
    s.push(*plan[first:])
    s.legal_memo = None
    s.advance()
    return s


def decision(s: NevermoreState) -> str:
    """The pending decision's kind, e.g. 'commit'."""
    return DECISIONS[s.decision[0]]


def act(s: NevermoreState, seat: int, action: int) -> None:
    """One action by `seat`."""
    s.apply_action(action, seat)


def skip_windows(s: NevermoreState) -> None:
    """Every seat asked in a magick or character window passes, until another decision."""
    while s.decision[0] == D_WINDOW:
        act(s, s.pending[0], A_DONE)


def commit(s: NevermoreState, ravens: Mapping[int, int] | None = None,
           bluff: Mapping[int, int] | None = None) -> None:
    """Skip windows, then every seat commits: its suit cards with `ravens[seat]` Ravens."""
    skip_windows(s)
    assert s.decision[0] == D_COMMIT, decision(s)
    for seat in list(s.pending):
        n = (ravens or {}).get(seat, 0) or (bluff or {}).get(seat, 0)
        act(s, seat, A_COMMIT + n)


def finish_round(s: NevermoreState, ravens: Mapping[int, int] | None = None) -> None:
    """Like `until`, up to the end of the current round (or of the game)."""
    until(s, "", ravens, round_no=s.round)


def until_window(s: NevermoreState, name: str) -> None:
    """Like `until`, up to a magick window of timing `name` (e.g. 'after_resolution')."""
    while not (s.decision[0] == D_WINDOW and s.view(None)["decision"]["window"] == name):
        if s.decision[0] == D_WINDOW:
            act(s, s.pending[0], A_DONE)
        else:
            until(s, "window")
        assert not s.is_terminal()


def until(s: NevermoreState, kind: str, ravens: Mapping[int, int] | None = None,
          round_no: int | None = None) -> None:
    """Pass windows and commit plainly until a decision of `kind` (or the game's end).

    With `round_no`, stop instead as soon as that round is over.
    """
    while not s.is_terminal() and decision(s) != kind and (round_no is None
                                                           or s.round == round_no):
        if s.decision[0] == D_WINDOW:
            act(s, s.pending[0], A_DONE)
        elif s.decision[0] == D_COMMIT:
            for seat in list(s.pending):
                act(s, seat, A_COMMIT + (ravens or {}).get(seat, 0))
        elif s.decision[0] == D_LETHAL or s.decision[0] == D_YESNO:
            act(s, s.pending[0], A_DONE)
        elif s.decision[0] == D_PASS:
            seat = s.pending[0]
            act(s, seat, s.legal_actions(seat)[0])
        else:
            raise AssertionError(f"stopped at {decision(s)} {s.decision}")


def choose(s: NevermoreState, seat: int) -> None:
    """Answer a target / attack decision with `seat`."""
    assert s.decision[0] in (D_TARGET, D_ATTACK), decision(s)
    act(s, s.pending[0], A_TARGET + seat)


def suit(s: NevermoreState, letter: str) -> None:
    """Answer a suit decision."""
    assert s.decision[0] == D_KIND, decision(s)
    act(s, s.pending[0], A_KIND + LETTERS.index(letter))


def in_anytime_window(s: NevermoreState) -> bool:
    """Whether the open decision is an any-time window (only any-time cards may be played)."""
    return s.decision[0] == D_WINDOW and s.decision[2] == ANYTIME


def play(s: NevermoreState, seat: int, card_id: str) -> None:
    """`seat` plays a magick card in the open window (passing seats asked before it).

    Any-time windows that do not offer the card (it is not an any-time card) are passed.
    """
    action = A_PLAY + title(card_id, s.cards)
    while s.decision[0] == D_WINDOW and (s.pending[0] != seat or (
            in_anytime_window(s) and action not in s.legal_actions(seat))):
        act(s, s.pending[0], A_DONE)
    assert s.decision[0] in (D_WINDOW, D_LETHAL) and s.pending == [seat], decision(s)
    act(s, seat, action)


def keys(s: NevermoreState) -> list[str]:
    """Message keys of the public log, in order."""
    return [e.key for e in s.events() if e.visible_to is None]


def events(s: NevermoreState, key: str) -> list[dict[str, Any]]:
    """Arguments of the public events with message key `key`."""
    return [e.args for e in s.events() if e.key == key and e.visible_to is None]


def suit_card(card_id: str, name: str, deck: str, suit: str, **more: Any) -> dict[str, Any]:
    """A user card file entry for a magick card that counts as a `suit` card (魔法牌 6)."""
    card = {"id": card_id, "name_en": name, "deck": deck, "copies": 2,
            "timing": "before_resolution", "effect": f"Counts as a {suit} card in your hand.",
            "counts_as_suit_card": suit, "source": ["test"]}
    card.update(more)
    return card


def suit_card_file(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The built-in cards plus a Light 'Blade' (Attack) and a Shadow 'Grave Cup' (Healing,
    or played as Exhaust), written to a file and read as `--cards FILE` reads it."""
    data = builtin_data()
    own = {"light_magick": [dict(c) for c in data["light_magick"]]
           + [suit_card("U01", "Blade", "light", "attack")],
           "shadow_magick": [dict(c) for c in data["shadow_magick"]]
           + [suit_card("U02", "Grave Cup", "shadow", "healing", engine="exhaust",
                         timing="anytime")]}
    path = tmp_path / "suit-cards.yaml"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    return path, catalog.read_data_file("nevermore", path)
