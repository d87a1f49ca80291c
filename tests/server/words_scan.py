"""The untranslated-string check: the words a page shows that are not in the page's language.

What a person sees of a page is its text and the tooltips and labels of its elements
(`title`, `aria-label`, `placeholder`, `alt`, a button's `value`). Of that, a zh-TW page may
show English only where this list says, and an English page no CJK character at all:

- The language switch: a link to the page in another language (`hreflang`), named in that
  language ("English", "繁體中文").
- On a zh-TW page, text inside an element that declares itself English (`lang="en"`): the
  cards pages print each card's English printed name beside its Chinese one, for players
  holding English cards. An English page shows no Chinese this way.
- Text inside `<code>`, `<kbd>`, `<pre>` and `<samp>`: commands and file names people type.
- Text inside `<cite>`: where a card's data comes from (a source's own label or address).
- Web addresses (http:// and https://) and command-line options (`--cards`).
- The brands in `BRANDS`: the games' published titles, the site's name, and the designers
  and publishers credited by their own names.
- The abbreviations in `ABBREVIATIONS`: those the zh-TW seeds themselves use ("HP"), file
  formats named by their own names ("JSON"), the
  unknown "x" of a card text, and dice as the seeds write them ("1D6", "d8").
- A published title inside the title marks 《…》 of a zh-TW page.
- Names people chose for themselves (the check is given them and skips them).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

BRANDS = frozenset({
    "Candlelit", "Divinare", "Nevermore", "Anima", "Wickwatch", "Shadow", "Hunters", "Fatal",
    "Frame", "Omega",
    "Brett", "J", "Gilbert", "B", "Joe", "Fourhman", "Carlos", "García", "Edge", "Entertainment",
    "Fantasy", "Flight", "Games", "Curt", "Covert", "Smirk", "Dagger",
})
"""Published titles, the site's name, and designers and publishers named as they sign."""
_BRANDS = frozenset(b.casefold() for b in BRANDS)
ABBREVIATIONS = frozenset({"HP", "JSON", "x"})
"""Abbreviations the zh-TW seeds use as they are."""
QUOTING = frozenset({"code", "kbd", "pre", "samp", "cite"})
HIDDEN = frozenset({"script", "style", "template"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
ADDRESS = re.compile(r"https?://\S+|--[A-Za-z][\w-]*|\b\d*[dD]\d+\b")
TITLE = re.compile(r"《[^》]*》")
LATIN_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ][A-Za-zÀ-ÖØ-öø-ɏ'’-]*")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+")


class _Visible(HTMLParser):
    """Collects the visible strings of a page that are in the page's own language."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, whether its text is exempt)
        self.lang = lang
        self.strings: list[str] = []

    def _exempt(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        own_lang = found.get("lang")
        quoted = own_lang == "en" and self.lang == "zh-TW" and tag != "html"
        exempt = (self._exempt() or tag in QUOTING or tag in HIDDEN or quoted
                  or (found.get("hreflang") is not None and found.get("hreflang") != self.lang))
        if not exempt:
            self.strings.extend(v for k, v in attrs if k in SHOWN_ATTRIBUTES and v)
            if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
                self.strings.append(found["value"] or "")
        if tag not in VOID:
            self.stack.append((tag, exempt))

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                return

    def handle_data(self, data: str) -> None:
        if not self._exempt() and data.strip():
            self.strings.append(data.strip())


def visible_strings(page: str, lang: str) -> list[str]:
    """The strings of `page` a reader of `lang` sees that claim to be in `lang`."""
    parser = _Visible(lang)
    parser.feed(page)
    parser.close()
    return parser.strings


def foreign_in(text: str, lang: str, chosen: frozenset[str] = frozenset()) -> list[str]:
    """The words of one visible string that are not in `lang` (names in `chosen` skipped)."""
    plain = ADDRESS.sub(" ", text)
    for name in chosen:
        plain = plain.replace(name, " ")
    if lang == "zh-TW":
        return [w for w in LATIN_WORD.findall(TITLE.sub(" ", plain))
                if w.strip("'’-").casefold() not in _BRANDS and w not in ABBREVIATIONS]
    return CJK.findall(plain)


def foreign_words(page: str, lang: str, chosen: frozenset[str] = frozenset()) -> list[str]:
    """Each visible string of `page` with words not in `lang` (names in `chosen` skipped)."""
    found = []
    for text in visible_strings(page, lang):
        bad = foreign_in(text, lang, chosen)
        if bad:
            found.append(f"{text!r} ({', '.join(bad)})")
    return found
