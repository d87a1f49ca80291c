"""Fatal Frame in the terminal: the village map, the players, the seat's own cards, card data.

Everything shown comes from a seat's view, so a hand or a path the seat may not see never
reaches the screen. Reconstructed cards carry a dagger (†) explained under the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables.common import CONFIDENCE_STYLES, label, seat_label
from candlelit.games.fatal_frame.cards import (
    Card,
    CardSet,
    builtin_cards,
    parse_cards,
    read_cards_file,
)
from candlelit.games.fatal_frame.messages import card_name, cell_text
from candlelit.games.fatal_frame.view_types import (
    AttachedCard,
    FatalFrameView,
    GhostView,
    SeatView,
)
from candlelit.i18n import list_sep, seat_name, t

GHOST_STYLES = {True: "bold bright_blue", False: "bold red"}
BOSS_STYLE = "bold bright_white on dark_red"
FLAG = "†"
FLAG_STYLE = "bold yellow"
CELL_WIDTH = 22
ATTACHED: tuple[AttachedCard, ...] = ("futile_odds", "zero_shot", "fatal_frame")


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"fatal_frame.ui.{key}", lang, **args)


def card_text(card_id: str, view: FatalFrameView, lang: str, style: str = "") -> Text:
    """A card's name, followed by † when the view lists it as reconstructed."""
    text = Text(card_name(card_id, lang), style=style)
    if card_id in view["reconstructed"]:
        text.append(FLAG, style=FLAG_STYLE)
    return text


def cards_text(ids: Sequence[str], view: FatalFrameView, lang: str) -> Text:
    """Card names joined by the language's list separator ('—' if none)."""
    if not ids:
        return Text(_u("empty", lang), style="dim")
    return Text(list_sep(lang)).join(card_text(i, view, lang) for i in ids)


def ghost_text(ghost: GhostView, view: FatalFrameView, lang: str) -> Text:
    """A ghost on the table with its power and the cards attached to it."""
    style = BOSS_STYLE if ghost["boss"] else GHOST_STYLES[_blue(ghost["id"])]
    text = card_text(ghost["id"], view, lang, style)
    text.append(f" [{ghost['power']}]", style="bold")
    for field in ATTACHED:
        if ghost[field]:
            text.append(" +")
            text.append_text(card_text(field, view, lang, "italic"))
    return text


def _blue(card_id: str) -> bool:
    for card in builtin_cards().main:
        if card.id == card_id:
            return card.blue
    return False


def _ghost_lines(ghosts: Sequence[GhostView], view: FatalFrameView, lang: str) -> Text:
    return Text("\n").join(ghost_text(g, view, lang) for g in ghosts)


# -- the table during play -----------------------------------------------------------------
def header_line(view: FatalFrameView, lang: str) -> Text:
    """Round, whose turn, the step, and who is to decide now."""
    phase = _u(f"phase.{view['phase']}", lang)
    line = Text(_u("header", lang, round=view["round"], seat=seat_name(view["turn"], lang),
                   phase=phase), style="bold")
    if view["to_act"]:
        line.append("  ")
        line.append(t("ui.to_act", lang, seats=list_sep(lang).join(
            seat_name(q, lang) for q in view["to_act"])), style="bold reverse")
    return line


def map_table(view: FatalFrameView, lang: str) -> Table:
    """The 3x3 exterior map: each square's place (or face down), who stands there, its ghosts."""
    table = Table(title=_u("map", lang), title_justify="left", box=box.SQUARE,
                  show_header=False, show_lines=True, pad_edge=False)
    for _ in range(3):
        table.add_column(width=CELL_WIDTH, overflow="fold")
    viewer = view["viewer"]
    rows = []
    for cell in view["map"]:
        text = Text(cell_text(cell["cell"], lang) + "\n", style="dim")
        if cell["place"] is None:
            text.append(_u("face_down", lang), style="italic dim")
        else:
            text.append_text(card_text(cell["place"], view, lang, "bold"))
        here = [s["seat"] for s in view["seats"]
                if s["cell"] == cell["cell"] and not s["inside"]]
        inside = [s["seat"] for s in view["seats"] if s["cell"] == cell["cell"] and s["inside"]]
        for q in here:
            text.append("\n● ")
            text.append_text(seat_label(q, viewer, lang))
        for q in inside:
            text.append("\n⌂ ")
            text.append_text(seat_label(q, viewer, lang))
        if cell["ghosts"]:
            text.append("\n")
            text.append_text(_ghost_lines(cell["ghosts"], view, lang))
        rows.append(text)
    for r in range(3):
        table.add_row(*rows[r * 3:r * 3 + 3])
    return table


def _where(seat: SeatView, lang: str) -> Text:
    if seat["cell"] is None:
        return Text(_u("camera", lang), style="dim")
    cell = cell_text(seat["cell"], lang)
    if seat["inside"]:
        return Text(_u("inside", lang, room=seat["room"], size=seat["path_length"], cell=cell))
    return Text(_u("outside", lang, cell=cell))


def _camera(seat: SeatView, view: FatalFrameView, lang: str) -> Text:
    parts = [card_text(seat["film"], view, lang) if seat["film"]
             else Text(_u("film_none", lang), style="dim")]
    if seat["function"]:
        parts.append(card_text(seat["function"], view, lang))
    if seat["spirit_orbs"]:
        parts.append(Text(_u("orbs", lang, n=seat["spirit_orbs"])))
    return Text(list_sep(lang)).join(parts)


def seats_table(view: FatalFrameView, lang: str, who: Sequence[str]) -> Table:
    """Each seat: who plays it, where it stands, its ghosts indoors, album, camera, points."""
    table = Table(title=_u("seats", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    for key in ("seat", "where", "album", "camera_col", "points", "hand"):
        table.add_column(t("ui.seat", lang) if key == "seat" else _u(key, lang),
                         overflow="fold")
    viewer = view["viewer"]
    for seat in view["seats"]:
        q = seat["seat"]
        name = seat_label(q, viewer, lang)
        if q < len(who) and who[q]:
            name.append(f"\n{who[q]}", style="dim")
        if q == view["turn"]:
            name.append(" ◆", style="bold")
        where = _where(seat, lang)
        room = seat["room"]
        if room is not None:
            ghosts = seat["rooms"][room - 1]["ghosts"]
            if ghosts:
                where.append("\n")
                where.append_text(_ghost_lines(ghosts, view, lang))
        if seat["boss_lives"]:
            where.append("\n" + _u("boss_lives", lang, n=seat["boss_lives"]), style="bold red")
        if seat["misses_next_turn"]:
            where.append("\n" + _u("misses_turn", lang), style="italic")
        album = cards_text(seat["album"], view, lang)
        if seat["items"]:
            album.append("\n")
            album.append_text(Text(_u("items", lang, items="")))
            album.append_text(cards_text(seat["items"], view, lang))
        table.add_row(name, where, album, _camera(seat, view, lang),
                      Text(str(seat["album_points"]), style="bold"),
                      Text(str(seat["hand_size"])))
    return table


def piles_line(view: FatalFrameView, lang: str) -> Text:
    """Sizes of the decks and the boss pile, and how many cards lie in the main discards."""
    piles = view["piles"]
    return Text(_u("piles", lang, main=piles["main"], interior=piles["interior"],
                   bosses=piles["bosses"], discards=len(piles["main_discard"])), style="dim")


def combat_line(view: FatalFrameView, lang: str) -> Text | None:
    """The dice of the roll being settled, as rolled and after every modifier."""
    combat = view["combat"]
    if combat is None:
        return None
    line = Text(_u("dice", lang, dice=" ".join(map(str, combat["dice"])),
                   final=" ".join(map(str, combat["final"]))), style="bold")
    if combat["boss_die"] >= 0:
        line.append("  " + _u("boss_die", lang, die=combat["boss_die"],
                              final=combat["final_boss_die"]), style="bold red")
    return line


def result_line(view: FatalFrameView, lang: str) -> Text | None:
    """Who won, once the game is over."""
    result = view.get("result")
    if result is None:
        return None
    seats = list_sep(lang).join(seat_name(q, lang) for q in result["winners"])
    return Text(_u("winners", lang, seats=seats), style="bold green")


def render_status(view: FatalFrameView, lang: str) -> RenderableType:
    """The seat's own hand and, when indoors, the rooms of its private path."""
    viewer = view["viewer"]
    parts: list[RenderableType] = []
    hand = label(t("ui.your_hand", lang), lang)
    hand.append_text(cards_text(view.get("hand", []), view, lang))
    parts.append(hand)
    if viewer is not None:
        me = view["seats"][viewer]
        if me["inside"]:
            path = label(_u("your_path", lang), lang)
            rooms = []
            for k, room in enumerate(me["rooms"]):
                text = card_text(room["place"], view, lang)
                if k + 1 == me["room"]:
                    text.append(" ◀ " + _u("here", lang), style="bold")
                rooms.append(text)
            path.append_text(Text(" → ").join(rooms))
            parts.append(path)
    return Group(*parts)


def render_view(view: FatalFrameView, lang: str, who: Sequence[str]) -> RenderableType:
    """The seat's whole table: the map, the players, the dice and (for a seat) its cards."""
    parts: list[RenderableType] = [header_line(view, lang),
                                   Text(_u("shrine", lang, points=view["shrine_points"]),
                                        style="dim"),
                                   map_table(view, lang), seats_table(view, lang, who),
                                   piles_line(view, lang)]
    for extra in (combat_line(view, lang), result_line(view, lang)):
        if extra is not None:
            parts.append(extra)
    if view.get("viewer") is not None:
        parts.append(render_status(view, lang))
    parts.append(Text(_u("reconstructed_note", lang), style="italic dim"))
    return Group(*parts)


# -- the card catalogue with provenance -----------------------------------------------------
def _name(card: Card, lang: str) -> Text:
    names = card.name()
    text = Text(names.get(lang) or card.name_en, style="bold")
    if lang != "en" and names.get(lang) != card.name_en:
        text.append(f"\n{card.name_en}", style="dim")
    if card.reconstructed:
        text.append(f" {FLAG}", style=FLAG_STYLE)
    return text


def _stats(card: Card, group: str, cards: CardSet, lang: str) -> str:
    if group == "bosses":
        return _u("stat.boss", lang, power=card.power, lives=card.lives)
    if group == "exteriors":
        return _u("stat.building", lang, size=card.building_size) if card.building_size else ""
    if card.type == "ghost":
        return _u("stat.ghost", lang, power=card.power, value=card.album_value,
                  realm=_u(f"realm.{card.realm}", lang),
                  movement=_u(f"movement.{'chase' if card.chase else 'bound'}", lang),
                  filament=_u(f"filament.{'blue' if card.blue else 'red'}", lang))
    if card.type == "item":
        return _u("stat.item", lang, points=card.points)
    if card.type == "upgrade-film":
        return _u("stat.film", lang, dice=card.dice)
    return ""


def _provenance(card: Card, lang: str) -> Text:
    text = Text(card.confidence, style=CONFIDENCE_STYLES.get(card.confidence, ""))
    if card.invented_fields:
        text.append(f" ({', '.join(card.invented_fields)})", style="dim")
    if card.reconstructed:
        text.append("\n" + t("ui.reconstructed", lang), style="bold black on yellow")
    text.append(f"\n{card.source}", style="dim")
    return text


def _group_table(cards: CardSet, group: str, lang: str) -> Table:
    table = Table(title=_u(f"group.{group}", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    for key in ("card", "kind", "count", "effect", "provenance"):
        table.add_column(_u(key, lang), overflow="fold")
    for card in getattr(cards, group):
        effect = Text(_stats(card, group, cards, lang), style="bold")
        if card.text:
            effect.append(("\n" if effect.plain else "") + card.text)
        table.add_row(_name(card, lang), Text(card.type), Text(f"×{card.count}"), effect,
                      _provenance(card, lang))
    return table


def render_cards(lang: str, cards_path: Path | None) -> RenderableType:
    """Every card of the deck, map and boss pile with its numbers, effect and provenance."""
    if cards_path is None:
        cards = builtin_cards()
        origin = Text(_u("data_builtin", lang), style="bold")
    else:
        cards = parse_cards(read_cards_file(cards_path), str(cards_path))
        origin = Text(_u("data_file", lang, path=str(cards_path)), style="bold")
    parts: list[RenderableType] = [origin, Text()]
    for group in ("main", "exteriors", "interiors", "bosses"):
        parts += [_group_table(cards, group, lang), Text()]
    parts.append(Text(_u("reconstructed_note", lang), style="italic"))
    return Group(*parts)
