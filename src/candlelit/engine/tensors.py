"""Observation tensors: a fixed-length numeric form of what one seat knows, declared once per
game and setting as named parts, and the legal-action mask over the game's action space."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:  # numpy loads with the first tensor made, not with every game module
    import numpy as np
    import numpy.typing as npt

Tensor: TypeAlias = "npt.NDArray[np.float32]"
"""One seat's observation: a float32 vector of its layout's `size`."""
Mask: TypeAlias = "npt.NDArray[np.int8]"
"""1 at each legal action of a seat, 0 elsewhere, over `num_distinct_actions`."""


@dataclass(frozen=True)
class Part:
    """A named, contiguous run of a tensor's entries and what each entry holds."""

    name: str
    size: int
    meaning: str


class Layout:
    """The parts of one game's observation tensor for one setting, in order: `size` is the sum
    of their sizes and `at[name]` the offset where a part starts."""

    __slots__ = ("at", "parts", "size")

    def __init__(self, parts: Iterable[Part]) -> None:
        self.parts = tuple(parts)
        self.at: dict[str, int] = {}
        offset = 0
        for part in self.parts:
            if part.size < 1:
                raise ValueError(f"tensor part {part.name!r} has no entries")
            if part.name in self.at:
                raise ValueError(f"tensor part {part.name!r} is declared twice")
            self.at[part.name] = offset
            offset += part.size
        self.size = offset

    def span(self, name: str) -> slice:
        """The entries of part `name` (KeyError for a name the layout lacks)."""
        start = self.at[name]
        return slice(start, start + next(p.size for p in self.parts if p.name == name))

    def zeros(self) -> Tensor:
        """A tensor of this layout with every entry 0."""
        import numpy as np

        return np.zeros(self.size, dtype=np.float32)

    def markdown(self) -> str:
        """The layout as a Markdown table: part, entries (first–last), size, meaning."""
        rows = ["| part | entries | size | meaning |", "|---|--:|--:|---|"]
        for part in self.parts:
            start = self.at[part.name]
            rows.append(f"| `{part.name}` | {start}–{start + part.size - 1} | {part.size} "
                        f"| {part.meaning} |")
        rows.append(f"| total | | {self.size} | |")
        return "\n".join(rows)


def seats_from(viewer: int, players: int) -> list[int]:
    """Seat numbers in the order a tensor lists seats: the viewer first, then the seats after
    it in seat order (so a part's entry 0 is always 'me')."""
    return [(viewer + k) % players for k in range(players)]


def mask_of(legal: Sequence[int], size: int) -> Mask:
    """The mask with a 1 at each action of `legal`."""
    import numpy as np

    mask = np.zeros(size, dtype=np.int8)
    entries = mask.data  # item writes through a memoryview cost less than numpy's
    for action in legal:
        entries[action] = 1
    return mask
