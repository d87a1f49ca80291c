"""Seeded chance: every random draw of a game comes from its own seed, never the global RNG."""

from __future__ import annotations

import hashlib
import random


def chance_stream(seed: int, draw: int) -> random.Random:
    """An RNG for the `draw`-th chance event of a game seeded with `seed`."""
    return random.Random(f"candlelit:{seed}:{draw}")


def chance_die(seed: int, draw: int, sides: int) -> int:
    """A fair die (1..`sides`) for the `draw`-th chance event of a game seeded with `seed`.

    A keyed hash instead of a seeded Mersenne Twister: about a fifth of the cost, for games
    that roll a die per event; the bias of the modulo is below 2**-60.
    """
    digest = hashlib.blake2b(f"candlelit:{seed}:{draw}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % sides + 1


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed derived from `parts`, stable across runs and platforms."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
