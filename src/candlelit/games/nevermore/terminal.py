"""Nevermore in the terminal: seats, resolution order, the seat's own cards, and card data."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables.common import (
    CONFIDENCE_STYLES,
    label,
    seat_label,
)
from candlelit.games.nevermore.cards import (
    CardSet,
    builtin_cards,
    builtin_data,
    parse_cards,
    read_cards_file,
)
from candlelit.games.nevermore.constants import DECKS, SUITS, TIMINGS
from candlelit.games.nevermore.messages import named, suit_name
from candlelit.games.nevermore.view_types import MagickView, NevermoreView, PrivateView, SeatView
from candlelit.i18n import LANGUAGES, colon, list_sep, seat_name, t

SUIT_STYLES = {"attack": "bold bright_red", "healing": "bold bright_green",
               "radiance": "bold bright_yellow", "victory": "bold bright_blue",
               "raven": "bold bright_white on grey23"}
DECK_STYLES = {"light": "bold bright_yellow", "shadow": "bold magenta"}
RAVEN_STYLE = "bold bright_white on grey23"
FLAGGED = frozenset({"low", "invented"})
FLAG_STYLE = "bold black on yellow"
HEART, NO_HEART = "♥", "♡"
MIDDLE_TOKENS = 4
SEAT_WIDTH = 14
"""Cells for a seat's name column: room for 'Seat 1 (you) ◆' on one line."""
NARROW = 16
"""Widest a catalogue's short columns (timing, confidence, sources) grow."""


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"nevermore.ui.{key}", lang, **args)


def _semi(lang: str) -> str:
    return "；" if lang == "zh-TW" else "; "


def _paren(text: str, lang: str) -> str:
    return f"（{text}）" if lang == "zh-TW" else f" ({text})"


# -- small pieces shared by the table and the card catalogue -------------------------------
def suit_text(suit: str, lang: str) -> Text:
    """A suit's name in its colour."""
    return Text(suit_name(suit, lang), style=SUIT_STYLES.get(suit, "bold"))


def cards_line(counts: dict[str, int], lang: str) -> Text:
    """Suit cards per kind as '2 Attack, 1 Raven', each in its colour ('no cards' if none)."""
    parts = [Text(t("nevermore.n_cards", lang, n=counts[suit], suit=suit_name(suit, lang)),
                  style=SUIT_STYLES[suit]) for suit in SUITS if counts.get(suit)]
    if not parts:
        return Text(t("nevermore.no_cards", lang), style="dim")
    return Text(list_sep(lang)).join(parts)


def hand_line(you: PrivateView, lang: str) -> Text:
    """'Your hand: …' for a view's `you` part (the seat's suit cards, without those it passes)."""
    line = label(t("ui.your_hand", lang), lang)
    line.append_text(cards_line(you["hand"], lang))
    return line


def hearts(health: int, most: int) -> Text:
    """Health as filled and empty hearts, then the number."""
    text = Text(HEART * health, style="bold red")
    text.append(NO_HEART * max(most - health, 0), style="dim")
    text.append(f" {health}")
    return text


def confidence_text(confidence: str, lang: str, inline: bool = False) -> Text:
    """A confidence level, followed by 'reconstructed' when it is low or invented."""
    text = Text(confidence, style=CONFIDENCE_STYLES.get(confidence, ""))
    if confidence in FLAGGED:
        text.append(" " if inline else "\n")
        text.append(t("ui.reconstructed", lang), style=FLAG_STYLE)
    return text


# -- the table during play -----------------------------------------------------------------
def _token(suit: str | None, now: bool, lang: str, guess: str | None = None) -> Text:
    if suit is None:
        text = Text("?", style="dim")
        if guess is not None:
            text.append(f"({suit_name(guess, lang)})", style="italic " + SUIT_STYLES[guess])
    else:
        text = suit_text(suit, lang)
    if now:
        text.stylize("reverse")
        text = Text.assemble("▶", text)
    return text


def tokens_line(view: NevermoreView, lang: str) -> Text:
    """The resolution order: face-down tokens as '?' (with what the seat knows), the step marked."""
    step = view["step"]
    resolving = view["phase"] == "resolution"
    you = view.get("you")
    known = you.get("tokens") if you is not None else None
    conspiracy = Text(_u("conspiracy", lang), style=RAVEN_STYLE)
    if resolving and step is None:
        conspiracy.stylize("reverse")
    parts = [conspiracy]
    shown_step = False
    for index, suit in enumerate(view["tokens"][:MIDDLE_TOKENS]):
        now = resolving and suit is not None and suit == step and not shown_step
        shown_step = shown_step or now
        guess = known[index] if known and suit is None else None
        parts.append(_token(suit, now, lang, guess))
    skulking = Text(_u("skulking", lang), style=RAVEN_STYLE)
    if step == "raven":
        skulking.stylize("reverse")
    parts.append(skulking)
    line = label(_u("tokens", lang), lang)
    line.append_text(Text(" → ").join(parts))
    return line


def _direction(view: NevermoreView, lang: str) -> Text:
    direction = view["direction"]
    arrow = "←" if direction == "left" else "→"
    line = Text(_u("direction", lang, direction=t(f"nevermore.direction.{direction}", lang)) +
                f" {arrow}", style="bold")
    viewer = view["viewer"]
    if viewer is not None:
        n = view["players"]
        step = 1 if direction == "left" else -1
        line.append(" " + _paren(_u("pass_to", lang, to=seat_name((viewer + step) % n, lang),
                                    **{"from": seat_name((viewer - step) % n, lang)}), lang),
                    style="dim")
    return line


def effects_lines(view: NevermoreView, lang: str) -> list[Text]:
    """This round's lasting magick effects, one short phrase each (empty if none)."""
    fx = view["effects"]
    sep = list_sep(lang)

    def seats(items: Sequence[int]) -> str:
        return sep.join(seat_name(s, lang) for s in items)

    found: list[str] = []
    if fx["freeze"]:
        found.append(_u("fx.freeze", lang))
    if fx["darkness"]:
        found.append(_u("fx.darkness", lang))
    if fx["betrayal"] is not None:
        found.append(_u("fx.betrayal", lang, seat=seat_name(fx["betrayal"], lang)))
    if fx["betrayal_raven"]:
        found.append(_u("fx.betrayal_raven", lang))
    if fx["punished"]:
        found.append(_u("fx.punished", lang, seats=seats(fx["punished"])))
    if fx["justice"]:
        found.append(_u("fx.justice", lang, seats=seats(fx["justice"])))
    if fx["rage_peck"]:
        found.append(_u("fx.rage_peck", lang, seats=seats(fx["rage_peck"])))
    for seat, extra in enumerate(fx["harvest"]):
        if extra:
            found.append(_u("fx.harvest", lang, seat=seat_name(seat, lang), n=extra))
    if fx["repentance"]:
        found.append(_u("fx.repentance", lang, seats=seats(fx["repentance"])))
    for p in fx["prophecies"]:
        found.append(_u("fx.prophecy", lang, seat=seat_name(p["seat"], lang),
                        to=seat_name(p["to"], lang), suit=suit_name(p["suit"], lang)) +
                     (" ✓" if p["checked"] else ""))
    if not found:
        return []
    line = label(_u("effects", lang), lang)
    line.append(sep.join(found))
    return [line]


def table_panel(view: NevermoreView, lang: str) -> RenderableType:
    """The centre of the table: direction marker, resolution order, round effects, decks."""
    lines: list[Text] = [_direction(view, lang), tokens_line(view, lang)]
    priority = Text(_u("priority", lang, seats=" → ".join(
        seat_name(s, lang) for s in view["priority"])), style="dim")
    lines.append(priority)
    lines.extend(effects_lines(view, lang))
    lines.append(Text(_u("decks", lang, **{k: view["decks"][k] for k in (
        "light", "light_discard", "shadow", "shadow_discard")}), style="dim"))
    phase = Text(t(f"nevermore.phase.{view['phase']}", lang), style="bold")
    return Panel(Group(*lines), title=Text.assemble(_u("table", lang), " · ", phase),
                 title_align="left", box=box.ROUNDED, expand=False)


def _status(seat: SeatView, view: NevermoreView, lang: str) -> Text:
    s = seat["seat"]
    result = view.get("result")
    if result is not None:
        return Text(t("ui.winner", lang), style="bold green") if s in result["winners"] \
            else Text()
    if seat["ready"]:
        return Text(_u("ready", lang), style="italic green")
    if s in view["to_act"]:
        return Text(t("ui.acting", lang), style="italic")
    return Text()


def _magick_counts(seat: SeatView) -> Text:
    text = Text(str(seat["light"]), style=DECK_STYLES["light"])
    text.append("/")
    text.append(str(seat["shadow"]), style=DECK_STYLES["shadow"])
    return text


def short_cards(counts: dict[str, int], lang: str) -> Text:
    """Suit cards per kind in short form ('Att 2 Rav 1'), each in its colour; '-' if none."""
    parts = [Text(f"{_u('abbr.' + suit, lang)} {counts[suit]}", style=SUIT_STYLES[suit])
             for suit in SUITS if counts.get(suit)]
    return Text(" ").join(parts) if parts else Text("-", style="dim")


def seats_table(view: NevermoreView, lang: str, who: Sequence[str]) -> Table:
    """Each seat: who plays it, health or raven form, points, card counts, cards in front."""
    step = view["step"]
    net = view["net"] if step is not None else None
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(t("ui.seat", lang), min_width=SEAT_WIDTH)
    table.add_column(_u("health", lang), no_wrap=True)
    table.add_column(_u("vp", lang), justify="right", no_wrap=True)
    table.add_column(_u("hand", lang), justify="right", no_wrap=True)
    table.add_column(_u("magick", lang), justify="right", no_wrap=True)
    table.add_column(_u("front", lang))
    table.add_column(_u("committed", lang), justify="right")
    if net is not None and step is not None:
        table.add_column(Text.assemble(_u("count", lang), " ",
                                       suit_text(step, lang)), justify="right")
    table.add_column("")
    viewer = view["viewer"]
    for seat in view["seats"]:
        s = seat["seat"]
        name = seat_label(s, viewer, lang)
        if s == view["first_player"]:
            name.append(" ◆", style="bold yellow")
        if s < len(who) and who[s] and s != viewer:
            name.append("\n" + who[s], style="dim")
        if seat["character"]:
            name.append("\n" + named(seat["character"], lang), style="italic")
            if seat["copied"]:
                name.append(" + " + named(seat["copied"], lang), style="italic dim")
        health = (hearts(seat["health"], view["max_health"]) if seat["form"] == "human"
                  else Text(t("nevermore.form.raven", lang), style=RAVEN_STYLE))
        face_down = Text("-" if seat["committed"] is None else str(seat["committed"]),
                         style="" if seat["committed"] is None else "bold")
        cells: list[Text] = [name, health, Text(str(seat["vp"]), style="bold"),
                             Text(str(seat["hand"])), _magick_counts(seat),
                             short_cards(seat["front"], lang), face_down]
        if net is not None:
            cells.append(Text(str(net[s])))
        cells.append(_status(seat, view, lang))
        table.add_row(*cells)
    table.caption = Text.assemble(_u("first_mark", lang), "   ", _u("magick", lang),
                                  colon(lang), (_u("light", lang), DECK_STYLES["light"]), "/",
                                  (_u("shadow", lang), DECK_STYLES["shadow"]), style="dim")
    table.caption_justify = "left"
    return table


def _commit_line(you: PrivateView, view: NevermoreView, lang: str) -> Text | None:
    commit = you["commit"]
    if not commit or not any(commit.values()):
        return None
    step = view["step"]
    line = label(_u("your_commit", lang), lang)
    parts: list[str] = []
    if commit["cards"] and step:
        parts.append(t("nevermore.n_cards", lang, n=commit["cards"], suit=suit_name(step, lang)))
    if commit["wild"] and step:
        parts.append(_u("wild", lang, suit=suit_name(step, lang)))
    if commit["ravens"]:
        parts.append(t("nevermore.n_cards", lang, n=commit["ravens"],
                       suit=suit_name("raven", lang)))
    if commit["bluff"]:
        parts.append(_u("bluff", lang, n=commit["bluff"]))
    line.append(list_sep(lang).join(parts))
    return line


def magick_line(card: MagickView, lang: str) -> Text:
    """One of the seat's magick cards: name, copies, deck, timing, provenance and effect."""
    deck = card["deck"]
    line = Text(named(card["card"], lang), style=DECK_STYLES[deck])
    if card["count"] > 1:
        line.append(f" ×{card['count']}", style="bold")
    details = [t(f"nevermore.deck.{deck}", lang), _u(f"timing_name.{card['timing']}", lang)]
    line.append(_paren(list_sep(lang).join(details), lang), style="dim")
    confidence = card["confidence"]
    if confidence:
        line.append(" [")
        line.append_text(confidence_text(confidence, lang, inline=True))
        if card["faq"]:
            line.append("; " + card["faq"])
        line.append("]")
    line.append("\n" + named(card["text"], lang), style="italic")
    raven = card["raven_text"]
    if raven is not None:
        line.append("\n" + _u("raven_effect", lang) + colon(lang) + named(raven, lang),
                    style="italic dim")
    joins = card["joins_as"]
    if joins is not None:
        line.append("\n" + _u("joins_as", lang, suit=suit_name(joins, lang)), style="dim")
    return line


def magick_list(cards: Sequence[MagickView], lang: str) -> Table:
    """The seat's magick cards as an indented list (wrapped text keeps its indent)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for card in cards:
        grid.add_row(" •", magick_line(card, lang))
    return grid


def render_status(view: NevermoreView, lang: str) -> RenderableType:
    """The seat's hand by suit, cards it is passing, its face-down cards, magick and character."""
    you = view.get("you")
    if you is None:
        return Group()
    lines: list[Text] = [hand_line(you, lang)]
    if any(you["passing"].values()) or you["to_pass"]:
        line = label(_u("passing", lang), lang)
        line.append_text(cards_line(you["passing"], lang))
        if you["to_pass"]:
            line.append(_semi(lang) + _u("to_pass", lang, n=you["to_pass"]))
        lines.append(line)
    commit = _commit_line(you, view, lang)
    if commit is not None:
        lines.append(commit)
    character = you["character"]
    if character:
        line = label(_u("your_character", lang), lang)
        line.append(named(character, lang), style="bold")
        if view["character_confidence"] in FLAGGED:
            line.append(" ")
            line.append(t("ui.reconstructed", lang), style=FLAG_STYLE)
        lines.append(line)
    if you["character_options"]:
        line = label(_u("character_options", lang), lang)
        line.append(list_sep(lang).join(named(c, lang) for c in you["character_options"]))
        lines.append(line)
    if you.get("tokens"):
        lines.append(Text(_u("known_tokens", lang, order=" → ".join(
            suit_name(s, lang) for s in you["tokens"])), style="italic"))
    magick = you["magick"]
    line = label(_u("your_magick", lang), lang)
    if not magick:
        line.append(_u("no_magick", lang), style="dim")
    lines.append(line)
    listed: list[RenderableType] = [magick_list(magick, lang)] if magick else []
    decision = view["decision"]
    after: list[Text] = []
    if view["viewer"] in view["to_act"]:
        now = Text(t(f"nevermore.decision.{decision['kind']}", lang), style="bold green")
        if decision.get("suit"):
            now.append(" (")
            now.append_text(suit_text(decision["suit"], lang))
            now.append(")")
        after.append(now)
    return Group(*lines, *listed, *after)


def result_line(view: NevermoreView, lang: str) -> Text | None:
    """Why the game ended, once it has."""
    result = view.get("result")
    if result is None:
        return None
    reason = t(f"nevermore.reason.{result['reason']}", lang) if result["reason"] else ""
    line = Text(t("ui.winners", lang, seats=list_sep(lang).join(
        seat_name(s, lang) for s in result["winners"])), style="bold green")
    if reason:
        line.append(_paren(reason, lang), style="green")
    return line


def render_view(view: NevermoreView, lang: str, who: Sequence[str]) -> RenderableType:
    """The seat's whole table: the centre, the seats, and (for a seat) its own cards."""
    parts: list[RenderableType] = [table_panel(view, lang), seats_table(view, lang, who)]
    over = result_line(view, lang)
    if over is not None:
        parts.append(over)
    if view["viewer"] is not None:
        parts.append(render_status(view, lang))
    return Group(*parts)


# -- the card catalogue: magick cards and characters with provenance ------------------------
def _source_ids(data: dict[str, Any]) -> dict[str, str]:
    """Source URL → its short id (S1 …) from a card file's `sources` list."""
    found: dict[str, str] = {}
    for item in data.get("sources") or []:
        if isinstance(item, dict) and item.get("url") and item.get("id"):
            found[str(item["url"])] = str(item["id"])
    return found


def _short(sources: Sequence[str], ids: dict[str, str], cited: dict[str, str]) -> str:
    names = []
    for url in sources:
        key = ids.get(url, url)
        cited[key] = url
        names.append(key)
    return ", ".join(sorted(dict.fromkeys(names), key=_source_order)) or "-"


def _names(item: Any, lang: str) -> Text:
    """A card's or character's name in `lang` (bold), then in the other languages."""
    names = {"en": item.name_en, "zh-TW": item.name_zh or item.name_en}
    text = Text(names[lang], style="bold")
    for code in LANGUAGES:
        if code != lang:
            text.append("\n" + names[code], style="dim")
    return text


def _provenance(confidence: str, lang: str, extra: Sequence[str], sources: str) -> Text:
    text = confidence_text(confidence, lang)
    for line in extra:
        text.append("\n" + line, style="dim")
    text.append("\n" + sources)
    return text


def _magick_table(cards: CardSet, deck: int, lang: str, ids: dict[str, str],
                  cited: dict[str, str]) -> Table:
    name = DECKS[deck]
    table = Table(title=Text(t(f"nevermore.deck.{name}", lang), style=DECK_STYLES[name]),
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, show_lines=True)
    table.add_column(_u("card", lang), max_width=NARROW + 4, overflow="fold")
    table.add_column(_u("timing", lang), max_width=NARROW, overflow="fold")
    table.add_column(_u("effect", lang), min_width=NARROW * 2, overflow="fold")
    table.add_column(_u("confidence", lang) + "\n" + _u("sources", lang), max_width=NARROW,
                     overflow="fold")
    zh = lang == "zh-TW"
    for card in cards.magick:
        if card.deck != deck:
            continue
        names = _names(card, lang)
        names.append(f"\n×{card.copies}", style="bold")
        effect = Text(card.text_zh if zh else card.text_en)
        raven = card.raven_text_zh if zh else card.raven_text_en
        if raven:
            effect.append("\n" + _u("raven_effect", lang) + colon(lang) + raven, style="dim")
        if card.faq:
            effect.append(f"\n{_u('faq', lang)}{colon(lang)}{card.faq}", style="italic dim")
        else:
            effect.append("\n" + _u("not_in_faq", lang) + _semi(lang) +
                          _u("sourced_only_note", lang), style="italic dim")
        extra = [] if card.effect_confidence == card.confidence else [
            f"({_u('effect_word', lang)} {card.effect_confidence})"]
        if card.faq_item:
            extra.append(card.faq_item)
        table.add_row(names, _u(f"timing_name.{TIMINGS[card.effect.timing]}", lang), effect,
                      _provenance(card.confidence, lang, extra,
                                  _short(card.source, ids, cited)))
    return table


def _characters_table(cards: CardSet, lang: str, ids: dict[str, str],
                      cited: dict[str, str]) -> Table:
    table = Table(title=_u("characters", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    table.add_column(_u("character", lang), max_width=NARROW + 4, overflow="fold")
    table.add_column(_u("human_ability", lang), min_width=NARROW + 4, overflow="fold")
    table.add_column(_u("raven_ability", lang), min_width=NARROW + 4, overflow="fold")
    table.add_column(_u("confidence", lang) + "\n" + _u("sources", lang), max_width=NARROW,
                     overflow="fold")
    zh = lang == "zh-TW"
    for char in cards.characters:
        abilities = []
        for timing, en, other in ((char.ability.human, char.human_en, char.human_zh),
                                  (char.ability.raven, char.raven_en, char.raven_zh)):
            text = Text(_u(f"timing_name.{TIMINGS[timing]}", lang) + colon(lang), style="dim")
            text.append(other if zh else en, style="")
            abilities.append(text)
        extra = [f"({_u('name_word', lang)} {char.name_confidence})"]
        table.add_row(_names(char, lang), *abilities,
                      _provenance(char.confidence, lang, extra, _short(char.source, ids, cited)))
    return table


def _cited_table(cited: dict[str, str], title: str) -> Table | None:
    if not cited:
        return None
    table = Table(title=title, title_justify="left", box=None, show_header=False,
                  pad_edge=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(overflow="fold")
    for key in sorted(cited, key=_source_order):
        table.add_row(Text(key), Text(cited[key]))
    return table


def _source_order(key: str) -> tuple[bool, str, int]:
    """Short ids (S1, S2, … S10) in number order, then anything else (URLs) by name."""
    stem = key.rstrip("0123456789")
    digits = key[len(stem):]
    short = bool(digits) and stem.isalpha()
    return (not short, stem if short else key, int(digits) if short else 0)


def render_cards(lang: str, cards_path: Path | None) -> RenderableType:
    """Every magick card and Specters character with its timing, effect and provenance."""
    if cards_path is None:
        data, cards = builtin_data(), builtin_cards()
        origin = Text(_u("data_builtin", lang), style="bold")
    else:
        data = read_cards_file(cards_path)
        cards = parse_cards(data, str(cards_path), builtin_cards())
        origin = Text(_u("data_file", lang, path=str(cards_path)), style="bold")
    ids = {**_source_ids(builtin_data()), **_source_ids(data)}
    cited: dict[str, str] = {}
    parts: list[RenderableType] = [origin, Text(_u("main_deck", lang)), Text()]
    for deck in range(len(DECKS)):
        parts += [_magick_table(cards, deck, lang, ids, cited), Text()]
    if cards.characters:
        parts += [_characters_table(cards, lang, ids, cited), Text()]
    parts += [Text(_u("flag_note", lang), style="italic"), Text()]
    sources = _cited_table(cited, _u("cited", lang))
    if sources is not None:
        parts.append(sources)
    return Group(*parts)
