"""Anima in the terminal: the areas, the parties, the seat's own cards and missions, card data.

Everything shown comes from a seat's view, so a hand, a secret mission or a face-down
encounter the seat may not see never reaches the screen. Reconstructed cards carry a
dagger (†) explained under the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables.common import CONFIDENCE_STYLES, label, seat_label
from candlelit.games.anima.cards import (
    Card,
    CardSet,
    builtin_cards,
    parse_cards,
    read_cards_file,
)
from candlelit.games.anima.catalogue import card_stats
from candlelit.games.anima.messages import card_name
from candlelit.games.anima.view_types import AnimaView, as_view
from candlelit.i18n import colon, list_sep, seat_name, t

FLAG = "†"
FLAG_STYLE = "bold yellow"


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"anima.ui.{key}", lang, **args)


def card_text(card_id: str, view: AnimaView, lang: str, style: str = "") -> Text:
    """A card's name, followed by † when the view lists it as reconstructed."""
    text = Text(card_name(card_id, lang), style=style)
    if card_id in view["reconstructed"]:
        text.append(FLAG, style=FLAG_STYLE)
    return text


def _join(texts: Sequence[Text], lang: str) -> Text:
    return Text(list_sep(lang)).join(texts) if texts else Text(_u("empty", lang))


def header_line(view: AnimaView, lang: str) -> Text:
    """Round, phase, whose decision and the final mission."""
    to_act = view["to_act"]
    who = seat_name(to_act[0], lang) if to_act else "-"
    line = Text(_u("header", lang, round=view["round"],
                   phase=t(f"anima.phase_name.{view['phase']}", lang), seat=who),
                style="bold")
    if view["final_mission"]:
        line.append("  ·  " + _u("final", lang) + colon(lang))
        line.append_text(card_text(view["final_mission"], view, lang, "bold red"))
    if view["crisis_rounds_left"] is not None:
        line.append("  ·  " + _u("crisis", lang, n=view["crisis_rounds_left"]))
    return line


def areas_table(view: AnimaView, lang: str) -> Table:
    """Every area in play: danger, trade, encounter, standing creature and parties."""
    table = Table(title=_u("areas", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for key in ("area", "danger", "encounter", "parties"):
        table.add_column(_u(key, lang), overflow="fold")
    viewer = view["viewer"]
    for a in view["areas"]:
        name = card_text(a["card"], view, lang, "bold")
        if a["trade"]:
            name.append(" $", style="yellow")
        encounter = Text()
        if a["encounter_face_down"]:
            encounter.append(_u("face_down", lang), style="dim")
            if a.get("peeked"):
                encounter.append(" (")
                encounter.append_text(card_text(a["peeked"], view, lang))
                encounter.append(")")
        if a["standing"]:
            if encounter.plain:
                encounter.append("\n")
            encounter.append_text(card_text(a["standing"]["card"], view, lang, "bold red"))
            encounter.append(f" ({a['standing']['combat']})")
        parties = _join([seat_label(q, viewer, lang) for q in a["parties"]], lang)
        table.add_row(name, str(a["danger"]), encounter, parties)
    return table


def seats_table(view: AnimaView, lang: str, who: Sequence[str]) -> Table:
    """Every party: where, characters, Speed, hand size, organization, missions."""
    table = Table(title=_u("parties", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for key in ("seat", "where", "characters", "speed", "hand", "missions"):
        table.add_column(_u(key, lang), overflow="fold")
    viewer = view["viewer"]
    areas = {a["slot"]: a["card"] for a in view["areas"]}
    for seat in view["seats"]:
        q = seat["seat"]
        name = seat_label(q, viewer, lang)
        if q < len(who) and who[q]:
            name.append(f"\n{who[q]}", style="dim")
        where = (card_text(areas[seat["area"]], view, lang) if seat["area"] in areas
                 else Text(_u("off_map", lang), style="dim"))
        if seat["round_over"]:
            where.append("\n" + _u("round_over", lang), style="dim")
        chars = []
        for c in seat["characters"]:
            text = card_text(c["card"], view, lang)
            text.append(f" {c['combat']}/{c['speed']}")
            if c["exhausted"]:
                text.append(" ↷", style="yellow")
            if c["inactive"]:
                text.append(" ✕", style="red")
            chars.append(text)
        missions = [card_text(m, view, lang, "green") for m in seat["completed"]]
        for m in seat["missions"]:
            if not m["done"]:
                text = card_text(m["card"], view, lang)
                text.append(f" {m['step']}/{m['steps']}")
                missions.append(text)
        extra = Text(_u("bonus", lang, combat=seat["mission_bonus"]["combat"],
                        speed=seat["mission_bonus"]["speed"]), style="dim")
        if seat["organization"]:
            extra.append("\n")
            extra.append_text(card_text(seat["organization"], view, lang, "italic"))
        table.add_row(name, where, Text("\n").join(chars), str(seat["speed"]),
                      str(seat["hand_size"]),
                      Text("\n").join([*missions, extra]))
    return table


def combat_line(view: AnimaView, lang: str) -> Text | None:
    """The fight under way, if any."""
    fight = view["combat"]
    if fight is None:
        return None
    line = Text(_u("combat", lang) + colon(lang), style="bold")
    line.append(seat_name(fight["seat"], lang) + " ⚔ ")
    if fight["against"] is not None:
        line.append(seat_name(fight["against"], lang))
    elif fight["creature"]:
        line.append_text(card_text(fight["creature"], view, lang))
        line.append(f" ({fight['foe_combat']})")
    else:
        line.append(str(fight["foe_combat"]))
    line.append("  " + _u("bonus_line", lang, a=fight["bonus"][0], b=fight["bonus"][1]))
    if fight["dice"]:
        line.append("  " + _u("dice", lang, dice=" / ".join(map(str, fight["dice"]))))
    return line


def result_line(view: AnimaView, lang: str) -> Text | None:
    """Who won, once the game is over."""
    result = view.get("result")
    if result is None:
        return None
    names = list_sep(lang).join(seat_name(q, lang) for q in result["winners"]) or "-"
    return Text(_u(f"result.{result['reason']}", lang, seats=names), style="bold green")


def render_status(table_view: Mapping[str, Any], lang: str) -> RenderableType:
    """The seat's own hand, missions and any private choice."""
    view = as_view(table_view)
    viewer = view["viewer"]
    parts: list[RenderableType] = []
    hand = label(t("ui.your_hand", lang), lang)
    hand.append_text(_join([card_text(c, view, lang) for c in view.get("hand", [])], lang))
    parts.append(hand)
    if viewer is not None:
        mine = label(_u("your_missions", lang), lang)
        mine.append_text(_join([card_text(m["card"], view, lang)
                                for m in view["seats"][viewer]["missions"]], lang))
        parts.append(mine)
    if view.get("choice"):
        choice = label(_u("choice", lang), lang)
        choice.append_text(_join([card_text(c, view, lang) for c in view["choice"]], lang))
        parts.append(choice)
    if view.get("seen_finals"):
        seen = label(_u("seen_finals", lang), lang)
        seen.append_text(_join([card_text(c, view, lang) for c in view["seen_finals"]], lang))
        parts.append(seen)
    return Group(*parts)


def render_view(table_view: Mapping[str, Any], lang: str, who: Sequence[str]
                ) -> RenderableType:
    """The seat's whole table: areas, parties, the fight and (for a seat) its own cards."""
    view = as_view(table_view)
    parts: list[RenderableType] = [header_line(view, lang), areas_table(view, lang),
                                   seats_table(view, lang, who)]
    for extra in (combat_line(view, lang), result_line(view, lang)):
        if extra is not None:
            parts.append(extra)
    if view["viewer"] is not None:
        parts.append(render_status(view, lang))
    parts.append(Text(_u("reconstructed_note", lang), style="italic dim"))
    return Group(*parts)


# -- the card catalogue with provenance -----------------------------------------------------
def _name(card: Card, lang: str) -> Text:
    name = card.name_zh if lang == "zh-TW" else card.name_en
    text = Text(name, style="bold")
    if lang != "en" and name != card.name_en:
        text.append(f"\n{card.name_en}", style="dim")
    if card.reconstructed:
        text.append(f" {FLAG}", style=FLAG_STYLE)
    return text


def _provenance(card: Card, lang: str) -> Text:
    text = Text(card.confidence, style=CONFIDENCE_STYLES.get(card.confidence, ""))
    if card.invented_fields:
        text.append(f" ({', '.join(card.invented_fields)})", style="dim")
    if card.reconstructed:
        text.append("\n" + t("ui.reconstructed", lang), style="bold black on yellow")
    return text


def _group_table(cards: CardSet, group: str, lang: str) -> Table:
    table = Table(title=_u(f"group.{group}", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    for key in ("card", "stats", "effect", "provenance"):
        table.add_column(_u(key, lang), overflow="fold")
    for card in getattr(cards, group):
        table.add_row(_name(card, lang), Text(card_stats(card, lang), style="bold"),
                      Text(card.text), _provenance(card, lang))
    return table


def render_cards(lang: str, cards_path: Path | None) -> RenderableType:
    """Every card of the five decks with its numbers, effect and provenance."""
    if cards_path is None:
        cards = builtin_cards()
        origin = Text(_u("data_builtin", lang), style="bold")
    else:
        cards = parse_cards(read_cards_file(cards_path), str(cards_path))
        origin = Text(_u("data_file", lang, path=str(cards_path)), style="bold")
    parts: list[RenderableType] = [origin, Text(_u("reconstructed_warning", lang),
                                                style="bold black on yellow"), Text()]
    for group in ("characters", "areas", "basic", "finals", "encounters", "advantages"):
        parts += [_group_table(cards, group, lang), Text()]
    parts.append(Text(_u("reconstructed_note", lang), style="italic"))
    return Group(*parts)
