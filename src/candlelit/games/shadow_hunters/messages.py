"""How 箱庭版暗影獵人's actions are labelled and its message arguments read in each language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from candlelit.engine.datafiles import built_so_far
from candlelit.engine.errors import IllegalAction
from candlelit.games.shadow_hunters.cards import builtin as builtin_cards
from candlelit.games.shadow_hunters.characters import Character
from candlelit.games.shadow_hunters.characters import builtin as builtin_characters
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
    LOCATIONS,
    NUM_ACTIONS,
)
from candlelit.i18n import list_sep, t

if TYPE_CHECKING:
    from candlelit.games.shadow_hunters.state import ShadowHuntersFields

GAME = "shadow_hunters"
NO_KEYS = {"start": "continue", "act": "skip_action", "attack": "no_attack", "keep": "keep",
           "double": "no", "lance": "no", "brace": "pass", "press": "pass",
           "element": "plain_attack", "cheer": "pass", "shield": "pass", "lodestone": "pass",
           "wings": "move_now"}
YES_KEYS = {"act": "take_action", "keep": "use_now", "double": "double", "lance": "lance",
            "shield": "raise_shield", "lodestone": "force_reroll", "wings": "move_later"}


def cell_name(cell: int, lang: str) -> str:
    """A location's name with its keypad number."""
    return t(f"{GAME}.location.{LOCATIONS[cell]}", lang) + f" ({cell})"


def card_name(card_id: str, lang: str) -> str:
    """A card's name in `lang` with its deck and number (the built-in card, else one of a
    user's card file, the latest loaded first, else the id)."""
    for deck in (builtin_cards(), *built_so_far("shadow_hunters.cards")):
        for c in deck:
            if c.id == card_id:
                name = c.name_zh if lang == "zh-TW" else c.name_en
                return f"{name} [{t(f'{GAME}.deck.{c.colour}', lang)} {c.number}]"
    return card_id


def _pools() -> list[tuple[Character, ...]]:
    """The sample characters, then every user pool loaded in this process, latest first."""
    return [builtin_characters(), *built_so_far("shadow_hunters.characters")]


def character_name(char_id: str, lang: str) -> str:
    """A character's name in `lang` (a sample, else one of a user's character file, the
    latest loaded first, else the id)."""
    for pool in _pools():
        for c in pool:
            if c.id == char_id:
                return c.name if lang == "zh-TW" else c.name_en
    return char_id


def skill_name(name: str, lang: str) -> str:
    """A skill, named in logs and labels by its Chinese name, in `lang` (the Chinese name
    when the skill has no English one)."""
    if lang != "zh-TW":
        for pool in _pools():
            for c in pool:
                for sk in c.skills:
                    if sk.name == name:
                        return sk.name_in(lang)
    return name


def format_arg(name: str, value: Any, lang: str) -> str | None:
    sep = list_sep(lang)
    if name == "cell" and isinstance(value, int):
        return cell_name(value, lang)
    if name == "cells" and isinstance(value, list):
        return sep.join(cell_name(c, lang) for c in value)
    if name in ("gave", "took") and value == "none":
        return t(f"{GAME}.nothing", lang)
    if name in ("card", "gave", "took") and isinstance(value, str):
        return card_name(value, lang)
    if name == "cards" and isinstance(value, list):
        return sep.join(card_name(c, lang) for c in value)
    if name == "character" and isinstance(value, str):
        return character_name(value, lang)
    if name == "skill" and isinstance(value, str):
        return skill_name(value, lang)
    if name in ("dice", "order") and isinstance(value, list):
        return sep.join(str(v + 1 if name == "order" else v) for v in value)
    if name == "element" and isinstance(value, list):
        return t(f"{GAME}.element_and", lang).join(t(f"{GAME}.element.{e}", lang)
                                                   for e in value)
    if name in ("element", "gate", "outcome", "cause", "reason", "deck") and \
            isinstance(value, str):
        return t(f"{GAME}.{name}.{value}", lang)
    if name == "by" and value == "none":
        return t(f"{GAME}.nobody", lang)
    if name == "seats" and isinstance(value, list) and not value:
        return t(f"{GAME}.nobody", lang)
    return None




def action_struct(state: ShadowHuntersFields, player: int, action: int) -> dict[str, Any]:
    """The JSON form of `action` for `player` at the current decision."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"there is no action {action!r}")
    kind = state.decision[0] if state.decision else "none"
    key = f"{GAME}.action."
    if action == A_NO:
        return {"key": key + NO_KEYS.get(kind, "no"), "kind": kind}
    if action == A_YES:
        return {"key": key + YES_KEYS.get(kind, "yes"), "kind": kind}
    if A_CELL <= action < A_SEAT:
        cell = CELLS[action - A_CELL]
        stay = kind == "move" and state.decision[1] == player and cell == state.cell[player]
        return {"key": key + ("stay" if stay else "cell"), "kind": kind, "cell": cell}
    if A_SEAT <= action < A_DECK:
        verb = {"attack": "attack", "give": "give"}.get(kind, "target")
        return {"key": key + verb, "kind": kind, "seat": action - A_SEAT}
    if A_DECK <= action < A_VALUE:
        return {"key": key + "deck", "kind": kind, "deck": COLOURS[action - A_DECK]}
    if A_VALUE <= action < A_CARD and kind == "element":
        return {"key": key + "element", "kind": kind, "element": ELEMENTS[action - A_VALUE]}
    if A_VALUE <= action < A_CARD and kind == "cheer":
        return {"key": key + ("cheer_down" if action == A_VALUE else "cheer_up"), "kind": kind}
    if A_VALUE <= action < A_CARD:
        return {"key": key + "value", "kind": kind, "n": action - A_VALUE}
    if A_CARD <= action < A_SKILL:
        return {"key": key + ("heal_with" if kind == "attack" else "card"), "kind": kind,
                "card": state.cards[action - A_CARD].id if action - A_CARD < len(state.cards)
                else str(action - A_CARD)}
    if action == A_REVEAL:
        return {"key": key + "reveal", "kind": kind}
    if A_SKILL <= action < A_REVEAL:
        k = action - A_SKILL
        if kind == "attack":
            if k == 0:
                return {"key": key + "heal_instead", "kind": kind}
            k -= 1
        skills = state.character(player).skills
        name = skills[k].name if k < len(skills) else str(k)
        return {"key": key + "skill", "kind": kind, "skill": name}
    k = action - A_CHAR
    char = state.pool[state.roster[k]].id if k < len(state.roster) else str(k)
    return {"key": key + "guess", "kind": kind, "character": char}
