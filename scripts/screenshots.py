#!/usr/bin/env python3
"""Screenshots of every game's table, desktop and phone, English and 繁體中文.

Stores one mid-game table per game (seat 1 a person, the others bots; random play until
seat 1 must decide again after at least a third of a typical game), starts the real
`candlelit serve` on it, and photographs the table page with Playwright's chromium:
`docs/screenshots/<game>-<lang>-<desktop|phone>.png`, plus the lobby. Chinese text needs a
CJK font (Debian: fonts-wqy-microhei); the script says so when none is installed.

Usage: .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--games a,b]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from candlelit import load
from candlelit.bots.registry import default_bot
from candlelit.engine.registry import get
from candlelit.server.store import SeatRow, Store, TableRow, token_hash

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
PLAYERS = {"divinare": 4, "nevermore": 4, "fatal-frame": 4, "anima": 4, "shadow-hunters": 6}
NAMES = ["Mei", "Arun", "Jonas", "小雨", "Ines", "Tomas"]
TOKEN = "screenshot-seat-token-0000000000"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def mid_game(game: str, players: int, seed: int) -> list[tuple[int, int]]:
    """Random moves from a seeded deal until seat 0 decides after a third of the game."""
    rng = random.Random(seed)
    full = load(game, players, seed=seed)
    length = 0
    while not full.is_terminal():
        seat = full.pending_players()[0]
        full.apply_action(rng.choice(full.legal_actions(seat)), seat)
        length += 1
    state = load(game, players, seed=seed)
    moves: list[tuple[int, int]] = []
    rng = random.Random(seed)
    while not state.is_terminal():
        pending = state.pending_players()
        if len(moves) >= length // 3 and 0 in pending:
            return moves
        seat = pending[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
        moves.append((seat, action))
    raise SystemExit(f"{game}: the game ended before seat 1 had to decide again")


def seat_row(seat: int, game: str) -> SeatRow:
    """Seat 0 a named person holding TOKEN; the others bots (named when names exist)."""
    person = seat == 0
    values: dict[str, Any] = {
        "seat": seat, "kind": "human" if person else "bot", "bot": default_bot(game),
        "token_hash": token_hash(TOKEN) if person else "0" * 64, "claimed": person,
        "bot_playing": False}
    if "name" in {f.name for f in dataclasses.fields(SeatRow)}:
        values["name"] = NAMES[seat]
    return SeatRow(**values)


def store_tables(db: Path, games: list[str]) -> dict[str, str]:
    """One mid-game table per game; returns game -> table id."""
    store = Store(f"sqlite:///{db}")
    ids = {}
    for n, game in enumerate(games):
        players = PLAYERS.get(game, get(game).min_players)
        moves = mid_game(game, players, seed=11 + n)
        table_id = f"shot-{game}"
        store.create_table(TableRow(table_id, game, players, 11 + n, {}, None, "playing",
                                    time.time(), [seat_row(s, game) for s in range(players)],
                                    []))
        store.append_actions([(table_id, i, s, a, "playing") for i, (s, a) in enumerate(moves)])
        ids[game] = table_id
    store.close()
    return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--games", default=",".join(sorted(PLAYERS)))
    args = parser.parse_args()
    if not shutil.which("fc-list") or not subprocess.run(
            ["fc-list", ":lang=zh"], capture_output=True, text=True).stdout.strip():
        print("note: no CJK font installed; Chinese text will show as boxes "
              "(Debian: apt-get install fonts-wqy-microhei)", file=sys.stderr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = [g for g in args.games.split(",") if g]
    work = Path(tempfile.mkdtemp(prefix="candlelit-shots-"))
    ids = store_tables(work / "shots.db", games)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "from candlelit.cli.app import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{work / 'shots.db'}",
         "--bot-delay", "30"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"))
            for lang in ("en", "zh-TW"):
                for kind, size in VIEWPORTS.items():
                    page = browser.new_page(viewport=size)
                    page.goto(f"{base}/?lang={lang}")
                    page.screenshot(path=str(out / f"lobby-{lang}-{kind}.png"))
                    for game, table_id in ids.items():
                        page.goto(f"{base}/t/{table_id}?token={TOKEN}&lang={lang}")
                        page.wait_for_selector("#conn.on", timeout=15_000)
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(out / f"{game}-{lang}-{kind}.png"))
                        print(out / f"{game}-{lang}-{kind}.png")
                    page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
