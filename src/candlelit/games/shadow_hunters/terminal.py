"""箱庭 Shadow Hunters in the terminal: the ring, the characters, the seat's own card, card data.

Everything shown comes from a seat's view: a hidden character, another seat's kept cards or
a question it did not see never reach the screen. Card and character texts are looked up by
the ids the view names, in the data its options chose. Reconstructed entries (confidence low
or invented) carry a dagger (†) explained under the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables.common import CONFIDENCE_STYLES, label, seat_label
from candlelit.games.shadow_hunters.cards import Card, cards_for, parse, read_cards_file
from candlelit.games.shadow_hunters.characters import Character, builtin, characters_for
from candlelit.games.shadow_hunters.constants import CELLS, COLOURS, LOCATIONS
from candlelit.games.shadow_hunters.view_types import SeatView, ShadowHuntersView
from candlelit.i18n import list_sep, message, seat_name, t

DECK_STYLES = {"blue": "bold bright_blue", "yellow": "bold yellow", "green": "bold green",
               "red": "bold red", "white": "bold bright_white"}
RECONSTRUCTED = ("low", "invented")
FLAG = "†"
FLAG_STYLE = "bold yellow"
KEYPAD = ((7, 8, 9), (4, 5, 6), (1, 2, 3))
"""The board as it lies on the table: keypad rows, 5 in the middle holds the decks."""
CELL_WIDTH = 24
COUNTED_GUARDS: tuple[Literal["shelter", "ward", "lodestone"], ...] = (
    "shelter", "ward", "lodestone")
"""The seat's protections shown with how many uses are left."""
RECENT = 8


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"shadow_hunters.ui.{key}", lang, **args)


def catalogue(view: ShadowHuntersView) -> tuple[dict[str, Card], dict[str, Character]]:
    """The cards and characters of the view's game (chosen by its options), by id."""
    options = view.get("options") or {}
    return ({c.id: c for c in cards_for(options.get("cards"))},
            {c.id: c for c in characters_for(options.get("characters"))})


def card_label(card: Card | None, card_id: str, lang: str) -> Text:
    """A card's name with its deck and number, † when reconstructed."""
    if card is None:
        return Text(card_id)
    name = card.name_zh if lang == "zh-TW" else card.name_en
    text = Text(name, style=DECK_STYLES[card.colour])
    text.append(f" [{t(f'shadow_hunters.deck.{card.colour}', lang)} {card.number}]",
                style="dim")
    if card.confidence in RECONSTRUCTED:
        text.append(FLAG, style=FLAG_STYLE)
    return text


def cards_text(ids: Sequence[str], cards: dict[str, Card], lang: str) -> Text:
    """Card names joined by the language's list separator ('—' if none)."""
    if not ids:
        return Text(_u("empty", lang), style="dim")
    return Text(list_sep(lang)).join(card_label(cards.get(i), i, lang) for i in ids)


def character_label(char: Character | None, char_id: str, lang: str) -> Text:
    """A character's name in `lang`, † when reconstructed."""
    if char is None:
        return Text(char_id, style="bold")
    text = Text(char.name if lang == "zh-TW" else char.name_en, style="bold")
    if char.confidence in RECONSTRUCTED:
        text.append(FLAG, style=FLAG_STYLE)
    return text


def _gate(gate: str, lang: str) -> str:
    return _u("lone_wolf", lang) if gate == "none" else t(f"shadow_hunters.gate.{gate}", lang)


def community_text(char: Character, lang: str) -> str:
    """'Community: <name> (<gate>)', the gate left out when it only repeats the name (any case)."""
    gate, name = _gate(char.gate, lang), char.community_in(lang)
    if gate.casefold() == name.casefold():
        return _u("community_only", lang, name=name)
    return _u("community", lang, name=name, gate=gate)


# -- the table during play -----------------------------------------------------------------
def header_line(view: ShadowHuntersView, lang: str) -> Text:
    """Round, whose turn, the phase, and who decides what now."""
    line = Text(_u("header", lang, round=view["round"], seat=seat_name(view["active"], lang),
                   phase=_u(f"phase.{view['phase']}", lang)), style="bold")
    deciding = view["deciding"]
    if deciding is not None:
        decision = _u(f"decision.{view['decision']}", lang)
        line.append("  ")
        if deciding == view["viewer"]:
            line.append(_u("your_decision", lang, decision=decision), style="bold reverse green")
        else:
            line.append(_u("deciding", lang, seat=seat_name(deciding, lang), decision=decision),
                        style="bold reverse")
    return line


def ring_table(view: ShadowHuntersView, lang: str) -> Table:
    """The eight locations as they lie around the keypad, who stands where, what lies there."""
    cards, _ = catalogue(view)
    table = Table(title=_u("ring", lang), title_justify="left", box=box.SQUARE,
                  show_header=False, show_lines=True, pad_edge=False)
    for _ in range(3):
        table.add_column(width=CELL_WIDTH, overflow="fold")
    viewer = view["viewer"]
    for row in KEYPAD:
        texts = []
        for cell in row:
            if cell == 5:
                texts.append(_decks_text(view, lang))
                continue
            location = LOCATIONS[cell]
            text = Text(f"{cell} ", style="dim")
            text.append(t(f"shadow_hunters.location.{location}", lang), style="bold")
            text.append("\n" + _u(f"place.{location}", lang), style="italic dim")
            for seat, s in enumerate(view["seats"]):
                if s["cell"] == cell and s["alive"]:
                    text.append("\n● ")
                    text.append_text(seat_label(seat, viewer, lang))
            dropped = view["dropped"][CELLS.index(cell)]
            if dropped:
                text.append("\n" + _u("left_here", lang, cards=""), style="dim")
                text.append_text(cards_text(dropped, cards, lang))
            texts.append(text)
        table.add_row(*texts)
    return table


def _decks_text(view: ShadowHuntersView, lang: str) -> Text:
    text = Text(_u("centre", lang), style="bold")
    for colour in COLOURS:
        text.append("\n")
        text.append(t(f"shadow_hunters.deck.{colour}", lang), style=DECK_STYLES[colour])
        text.append(f" {view['decks'][colour]}")
    return text


def _life(s: SeatView, lang: str) -> Text:
    if not s["alive"]:
        return Text(_u("fallen", lang), style="bold red")
    text = Text(_u("damage", lang, n=s["damage"]), style="bold")
    if "max_hp" in s:
        text.append("\n" + _u("hp", lang, hp=s["hp"], max=s["max_hp"]), style="dim")
    return text


def _guards(s: SeatView, lang: str) -> list[str]:
    marks = [_u(key, lang, n=s[key]) for key in COUNTED_GUARDS if s[key]]
    if s["guard"]:
        marks.append(_u("guard", lang))
    return marks


def seats_table(view: ShadowHuntersView, lang: str, who: Sequence[str]) -> Table:
    """Each seat's public state: character (if shown), life, place, equipment, kept cards."""
    cards, chars = catalogue(view)
    table = Table(title=_u("seats", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    for key in ("seat", "character", "life", "where", "equipment", "kept"):
        table.add_column(_u(f"col_{key}", lang), overflow="fold")
    viewer = view["viewer"]
    for seat, s in enumerate(view["seats"]):
        name = seat_label(seat, viewer, lang)
        if seat < len(who) and who[seat]:
            name.append(f"\n{who[seat]}", style="dim")
        if seat == view["active"] and not view["over"]:
            name.append(" ◆", style="bold")
        if "character" in s:
            character = character_label(chars.get(s["character"]), s["character"], lang)
            if not s["revealed"]:
                character.append(f" ({_u('hidden', lang)})", style="dim")
            if s["zombie"]:
                character.append(f" {_u('zombie', lang)}", style="bold green")
        else:
            character = Text(_u("hidden", lang), style="italic dim")
        where = Text(t(f"shadow_hunters.location.{LOCATIONS[s['cell']]}", lang) +
                     f" ({s['cell']})")
        marks = _guards(s, lang)
        if marks:
            where.append("\n" + list_sep(lang).join(marks), style="cyan")
        equipment = cards_text(s["equipment"], cards, lang)
        orbs = sum(1 for c in s["equipment"] if c in cards and cards[c].kind == "orb")
        if orbs:
            equipment.append("\n" + _u("orbs", lang, n=orbs), style="bold magenta")
        table.add_row(name, character, _life(s, lang), where, equipment, Text(str(s["kept"])))
    return table


def facts_lines(view: ShadowHuntersView, lang: str) -> Text:
    """Turn order, the characters dealt, and the cards out of the game."""
    cards, chars = catalogue(view)
    sep = list_sep(lang)
    text = Text(_u("turn_order", lang, seats=sep.join(seat_name(s, lang)
                                                    for s in view["order"])), style="dim")
    text.append("\n" + _u("roster", lang, names=""), style="dim")
    text.append_text(Text(sep).join(character_label(chars.get(c), c, lang)
                                    for c in view["roster"]))
    if view["removed"]:
        text.append("\n" + _u("removed", lang, cards=""), style="dim")
        text.append_text(cards_text(view["removed"], cards, lang))
    return text


def recent_log(view: ShadowHuntersView, lang: str, limit: int = RECENT) -> Text | None:
    """The latest entries of the seat's log as sentences in `lang`."""
    entries = view["log"][-limit:]
    if not entries:
        return None
    names = [t("ui.seat_you", lang, seat=seat_name(s, lang)) if s == view["viewer"]
             else seat_name(s, lang) for s in range(len(view["seats"]))]
    text = label(_u("recent", lang), lang)
    for entry in entries:
        text.append("\n· " + message("shadow-hunters", entry["key"], entry["args"], lang,
                                     names), style="dim")
    return text


def result_line(view: ShadowHuntersView, lang: str) -> Text | None:
    """Who won and why, once the game is over."""
    if not view["over"]:
        return None
    seats = list_sep(lang).join(seat_name(s, lang) for s in view["winners"]) or \
        _u("no_winner", lang)
    reason = t(f"shadow_hunters.reason.{view['reason']}", lang) if view["reason"] else ""
    return Text(_u("winners", lang, seats=seats, reason=reason), style="bold green")


def character_card(char: Character, lang: str) -> Table:
    """A character card: name, HP, community, skills with timing and kind, mission."""
    title = character_label(char, char.id, lang)
    other = char.name_en if lang == "zh-TW" else char.name
    if other != title.plain.rstrip(FLAG):
        title.append(f"  {other}", style="dim")
    title.append("  " + _u("max_hp", lang, n=char.hp), style="bold red")
    card = Table(title=title, title_justify="left", box=box.ROUNDED, show_header=False,
                 pad_edge=False, expand=False)
    card.add_column(overflow="fold")
    card.add_row(Text(community_text(char, lang)))
    skills = label(_u("skills", lang), lang)
    for skill in char.skills:
        name = skill.name_in(lang)
        skills.append(f"\n【{name}】", style="bold cyan")
        if name != skill.name:
            skills.append(f" {skill.name}", style="dim")
        skills.append(f" {_u(f'timing.{skill.timing}', lang)} · "
                      f"{_u(f'skill_kind.{skill.kind}', lang)}", style="dim")
        skills.append(f"\n  {skill.text_in(lang)}")
    card.add_row(skills)
    mission = label(_u("mission", lang), lang)
    mission.append(char.mission_in(lang))
    if char.otherwise_join:
        mission.append("\n" + _u("otherwise_join", lang, gate=_gate(char.otherwise_join, lang)),
                       style="dim")
    card.add_row(mission)
    return card


def _context_card(view: ShadowHuntersView, cards: dict[str, Card]) -> Card | None:
    context = view.get("context") or []
    if context and isinstance(context[0], str) and context[0] in cards:
        return cards[context[0]]
    return None


def render_status(view: ShadowHuntersView, lang: str) -> RenderableType:
    """The seat's own character card, its kept cards and the card its decision is about."""
    viewer = view["viewer"]
    if viewer is None:
        return Group()
    cards, chars = catalogue(view)
    me = view["seats"][viewer]
    parts: list[RenderableType] = []
    char = chars.get(me.get("character", ""))
    if char is not None:
        parts.append(Text(_u("your_character", lang), style="bold underline"))
        parts.append(character_card(char, lang))
    kept = label(_u("kept_cards", lang), lang)
    if me.get("kept_cards"):
        kept.append_text(cards_text(me["kept_cards"], cards, lang))
    else:
        kept.append(_u("no_kept", lang), style="dim")
    parts.append(kept)
    card = _context_card(view, cards)
    if card is not None:
        line = Text(_u("in_play", lang, card=""), style="bold")
        line.append_text(card_label(card, card.id, lang))
        line.append(f"\n  {card.text_in(lang)}")
        parts.append(line)
    return Group(*parts)


def render_view(view: ShadowHuntersView, lang: str, who: Sequence[str]) -> RenderableType:
    """The seat's whole table: header, ring, characters, its own card, recent log, result."""
    parts: list[RenderableType] = [header_line(view, lang), ring_table(view, lang),
                                   seats_table(view, lang, who), facts_lines(view, lang)]
    for extra in (recent_log(view, lang), result_line(view, lang)):
        if extra is not None:
            parts.append(extra)
    if view["viewer"] is not None:
        parts.append(render_status(view, lang))
    parts.append(Text(_u("reconstructed_note", lang), style="italic dim"))
    return Group(*parts)


# -- the catalogue with provenance -----------------------------------------------------------
def _provenance(confidence: str, sources: Sequence[str], lang: str) -> Text:
    text = Text(confidence, style=CONFIDENCE_STYLES.get(confidence, ""))
    if confidence in RECONSTRUCTED:
        text.append(f" {FLAG}\n" + t("ui.reconstructed", lang), style="bold black on yellow")
    for source in sources:
        text.append(f"\n{source}", style="dim")
    return text


def characters_list(chars: Sequence[Character], lang: str) -> Group:
    """Every character as its card, each followed by its provenance."""
    parts: list[RenderableType] = [Text(_u("characters", lang), style="bold underline")]
    for char in chars:
        card = character_card(char, lang)
        card.add_row(_provenance(char.confidence, char.source, lang))
        parts.append(card)
    return Group(*parts)


def _card_kind(card: Card, lang: str) -> Text:
    text = Text(_u(f"kind.{card.kind}", lang))
    if card.element:
        text.append("\n" + _u("element", lang,
                              element=t(f"shadow_hunters.element.{card.element}", lang)))
    for flag in ("keep", "armour"):
        if getattr(card, flag):
            text.append("\n" + _u(flag, lang), style="italic")
    return text


def deck_table(cards: Sequence[Card], colour: str, lang: str) -> Table:
    """One deck's 13 cards by number: name, kind, text, provenance."""
    table = Table(title=_u("deck_cards", lang, deck=t(f"shadow_hunters.deck.{colour}", lang)),
                  title_justify="left", title_style=DECK_STYLES[colour], box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    for key in ("card", "kind", "effect", "provenance"):
        table.add_column(_u(f"col_{key}", lang), overflow="fold")
    for card in cards:
        if card.colour != colour:
            continue
        name = card_label(card, card.id, lang)
        name.append(f"\n{card.name_en if lang == 'zh-TW' else card.name_zh}", style="dim")
        table.add_row(name, _card_kind(card, lang), Text(card.text_in(lang)),
                      _provenance(card.confidence, card.source, lang))
    return table


def render_cards(lang: str, cards_path: Path | None) -> RenderableType:
    """The sample characters and the 65 cards deck by deck, each with its provenance."""
    if cards_path is None:
        cards = cards_for(None)
        origin = Text(_u("data_builtin", lang), style="bold")
    else:
        cards = parse(read_cards_file(cards_path))
        origin = Text(_u("data_file", lang, path=str(cards_path)), style="bold")
    parts: list[RenderableType] = [origin, Text(), characters_list(builtin(), lang), Text()]
    for colour in COLOURS:
        parts += [deck_table(cards, colour, lang), Text()]
    parts.append(Text(_u("reconstructed_note", lang), style="italic"))
    return Group(*parts)
