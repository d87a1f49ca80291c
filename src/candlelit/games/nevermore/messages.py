"""How Nevermore's actions are labelled and its message arguments read in each language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from candlelit.engine.errors import IllegalAction
from candlelit.engine.flow import check_complete
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_COMMIT,
    A_DONE,
    A_DROP,
    A_JOIN,
    A_KIND,
    A_PASS,
    A_PLAY,
    A_POS,
    A_SWEEP,
    A_TARGET,
    A_USE,
    A_USE_COPY,
    A_WILD,
    A_YES,
    D_ATTACK,
    D_CHAR_KEEP,
    D_COMMIT,
    D_KIND,
    D_LETHAL,
    D_TARGET,
    D_YESNO,
    NUM_ACTIONS,
    P_CANCEL_TAKEN,
    P_IMP,
    PURPOSES,
    SUITS,
    purposes_of,
)
from candlelit.games.nevermore.playable import join_suit
from candlelit.games.nevermore.state import NevermoreFields
from candlelit.i18n import card_counts, list_sep, t


def suit_name(suit: str, lang: str) -> str:
    """A suit's name (e.g. 'Attack' / '攻擊')."""
    return t(f"nevermore.suit.{suit}", lang)


def cards_text(counts: list[int], lang: str) -> str:
    """Suit cards per kind, e.g. '2 Attack, 1 Raven'."""
    return card_counts("nevermore", SUITS, counts, lang)


def named(value: dict[str, str], lang: str) -> str:
    """A card or character name carried as {"en": ..., "zh-TW": ...}."""
    return value.get(lang) or value.get("en") or "?"


def format_arg(name: str, value: Any, lang: str) -> str | None:
    sep = list_sep(lang)
    if name == "suit" and isinstance(value, str):
        return suit_name(value, lang)
    if name == "cards" and isinstance(value, list):
        if value and isinstance(value[0], dict):
            return sep.join(named(v, lang) for v in value)
        return cards_text(value, lang)
    if name == "characters" and isinstance(value, list):
        return sep.join(named(v, lang) for v in value)
    if name in ("card", "character") and isinstance(value, dict):
        return named(value, lang)
    if name == "order" and isinstance(value, list):
        return " → ".join(suit_name(v, lang) for v in value)
    if name in ("ravens", "vp") and isinstance(value, list):
        return " / ".join(str(v) for v in value)
    return None


def _card(state: NevermoreFields, title: int) -> dict[str, str]:
    if not 0 <= title < len(state.cards.magick):
        return {"en": f"magick card #{title + 1}", "zh-TW": f"魔法牌#{title + 1}"}
    return state.cards.magick[title].name()


def _character(state: NevermoreFields, char: int) -> dict[str, str]:
    if not 0 <= char < len(state.cards.characters):
        return {"en": f"character #{char + 1}", "zh-TW": f"角色#{char + 1}"}
    return state.cards.characters[char].name()


def action_struct(state: NevermoreFields, player: int, action: int) -> dict[str, Any]:
    """{"kind", "key", args...} for `action` of `player` in the current decision."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"{action!r} is not a Nevermore action")
    decision = state.decision
    kind = decision[0]
    if action < A_COMMIT:
        return {"kind": "pass", "key": "nevermore.action.pass",
                "suit": SUITS[action - A_PASS]}
    if action < A_PLAY:
        return _commit_struct(state, player, action)
    if action < A_JOIN:
        key = "nevermore.action.save" if kind == D_LETHAL else "nevermore.action.play"
        return {"kind": "play", "key": key, "card": _card(state, action - A_PLAY)}
    if action < A_TARGET:
        title = action - A_JOIN
        suit = join_suit(state, title) if title < len(state.cards.magick) else -1
        return {"kind": "join", "key": "nevermore.action.join", "card": _card(state, title),
                "suit": SUITS[suit] if suit >= 0 else "any"}
    if action < A_KIND:
        purpose = PURPOSES[decision[2]] if kind in (D_TARGET,) else (
            "attack" if kind == D_ATTACK else "any")
        return {"kind": "target", "key": f"nevermore.action.target.{purpose}",
                "to": action - A_TARGET}
    if action < A_POS:
        purpose = PURPOSES[decision[2]] if kind == D_KIND else "any"
        return {"kind": "kind", "key": f"nevermore.action.kind.{purpose}",
                "suit": SUITS[action - A_KIND]}
    if action < A_CHAR:
        return {"kind": "position", "key": "nevermore.action.position",
                "position": action - A_POS + 1}
    if action < A_DROP:
        key = "nevermore.action.keep" if kind == D_CHAR_KEEP else "nevermore.action.pick"
        return {"kind": "character", "key": key, "character": _character(state, action - A_CHAR)}
    if action < A_USE:
        return {"kind": "drop", "key": "nevermore.action.drop", "card": _card(state,
                                                                             action - A_DROP)}
    if action in (A_USE, A_USE_COPY):
        char = state.char[player] if action == A_USE else state.copied[player]
        key = "nevermore.action.use" if action == A_USE else "nevermore.action.use_copy"
        return {"kind": "use", "key": key, "character": _character(state, char)}
    if action == A_SWEEP:
        return {"kind": "sweep", "key": "nevermore.action.sweep"}
    if action == A_YES:
        if kind == D_YESNO:
            return _YES[decision[2]](decision)
        return {"kind": "yes", "key": "nevermore.action.yes"}
    assert action == A_DONE
    if kind == D_LETHAL:
        return {"kind": "done", "key": "nevermore.action.take_damage"}
    if kind == D_YESNO:
        return {"kind": "done", "key": "nevermore.action.no"}
    return {"kind": "done", "key": "nevermore.action.done"}


def _cancel_taken_yes(decision: list[int]) -> dict[str, Any]:
    return {"kind": "yes", "key": "nevermore.action.cancel_taken", "suit": SUITS[decision[3]]}


def _imp_yes(decision: list[int]) -> dict[str, Any]:
    return {"kind": "yes", "key": "nevermore.action.imp", "to": decision[3]}


_YES: dict[int, Callable[[list[int]], dict[str, Any]]] = {
    P_CANCEL_TAKEN: _cancel_taken_yes, P_IMP: _imp_yes,
}
"""Yes / no purpose -> how its yes reads (by the pending decision)."""
check_complete("nevermore: yes label", purposes_of(D_YESNO), _YES)


def _commit_struct(state: NevermoreFields, player: int, action: int) -> dict[str, Any]:
    wild = action >= A_WILD
    n = action - (A_WILD if wild else A_COMMIT)
    suit = state.step if state.decision[0] == D_COMMIT else -1
    count = state.hand[player][suit] if suit >= 0 else 0
    name = SUITS[suit] if suit >= 0 else "any"
    if wild:
        return {"kind": "commit", "key": "nevermore.action.commit_wild", "count": count,
                "suit": name, "ravens": n}
    if count:
        return {"kind": "commit", "key": "nevermore.action.commit", "count": count,
                "suit": name, "ravens": n}
    if n:
        return {"kind": "commit", "key": "nevermore.action.bluff", "count": n, "suit": name}
    return {"kind": "commit", "key": "nevermore.action.commit_none", "suit": name}
