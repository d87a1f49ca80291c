#!/usr/bin/env python3
"""One report from candlelit's numbers and the peers' numbers of the same run.

Reads bench/results/engine.json (engine_bench.py), bench/results/peers.json
(peers_run.py: peers.py's output, or a `{"skipped": why}` record),
bench/results/openspiel.json (openspiel_bench.py) and, when present,
bench/results/pettingzoo.json (pettingzoo_bench.py) and bench/results/ray.json (ray_bench.py:
Ray against `--jobs`) and writes bench/results/latest.md and bench/results/latest.json:

  - random playouts of both, µs per player action with all the loop's work included;
  - ratios candlelit µs/action ÷ peer µs/action (< 1: candlelit is faster), the plain
    playout against every peer, and candlelit's playout with one information-state string
    per step against the peers whose loop builds an observation every step (PettingZoo,
    RLCard);
  - candlelit's playout with one information-state key per step, and its ratio to the plain
    playout (target: at most KEY_TARGET_RATIO);
  - candlelit's state-method costs (clone, view, information-state string, serialize,
    resample);
  - random playouts through the OpenSpiel registration (plain and with an observation
    tensor per step) beside `os:python_tic_tac_toe`, and ISMCTS iterations per second
    (candlelit's and OpenSpiel's python bot on one candlelit decision) beside peers.py's
    `os-ismcts-py` cases;
  - candlelit's games through PettingZoo's AEC API (`candlelit.rl.pettingzoo`, an observation
    per step) beside PettingZoo's raw tic-tac-toe loop (target: at most its µs per action);
  - the calibration loop of both processes (machine noise) and the targets.

Usage
  .venv/bin/python bench/report.py
  .venv/bin/python bench/report.py --engine other/engine.json --peers other/peers.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib import (
    ENGINE_JSON,
    LATEST_JSON,
    LATEST_MD,
    OPENSPIEL_JSON,
    PEERS_JSON,
    PETTINGZOO_JSON,
    RESULTS,
    fmt,
    markdown_table,
)
from ray_bench import ray_markdown

PLAYOUT_TARGET_US = {"divinare": 6.0, "nevermore": 15.0, "fatal-frame": 20.0,
                     "shadow-hunters": 20.0, "anima": 20.0}
"""Issue target: µs per action of a uniformly random playout, per game."""
PEER_TARGET_GAMES = frozenset({"divinare"})
"""Games whose target also asks for half the fastest pure-Python peer's µs per action."""

PEER_FRACTION = 0.5
"""... and about this fraction of the fastest pure-Python peer's µs per action."""

KEY_TARGET_RATIO = 2.0
"""Issue target: the playout with an information-state key per step costs at most this many
times the plain playout, in every game."""

PURE_PYTHON_LIBRARIES = ("openspiel-py", "pettingzoo", "rlcard")
OBSERVING_LIBRARIES = ("pettingzoo", "rlcard")
"""Peers whose random-playout loop builds an observation for every step."""

PZ_REFERENCE = "pz-raw:tictactoe_v3"
"""The peer case candlelit's PettingZoo environments are held to (µs per action, at most)."""

STALE_AFTER = datetime.timedelta(minutes=30)


def load_json(path: Path) -> dict[str, Any] | None:
    """The JSON object in `path`, or None if the file is missing."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def peers_of(data: dict[str, Any] | None, path: Path) -> tuple[list[dict[str, Any]], str | None]:
    """(peer result rows, reason they are missing or None)."""
    if data is None:
        return [], f"no {path.name} (run bench/peers_run.py)"
    if "skipped" in data:
        return [], str(data["skipped"])
    rows = [r for r in data.get("results", []) if isinstance(r, dict)]
    if not rows:
        return [], f"{path.name} holds no results"
    return rows, None


def parse_date(text: object) -> datetime.datetime | None:
    """An ISO date from a meta block, or None."""
    try:
        return datetime.datetime.fromisoformat(str(text))
    except ValueError:
        return None


def playout_row(r: dict[str, Any]) -> list[str]:
    """One row of the combined playout table."""
    if "error" in r:
        return [r["case"], r.get("library", ""), "ERROR: " + str(r["error"])[:60], "", "", "",
                "", "", ""]
    return [r["case"], r.get("library", ""), fmt(r.get("games_per_s")),
            fmt(r.get("actions_per_s")), fmt(r.get("us_per_action"), 2),
            fmt(r.get("iss_playout", {}).get("us_per_action"), 1),
            fmt(r.get("key_playout", {}).get("us_per_action"), 2),
            fmt(r.get("mean_actions_per_game")), fmt(r.get("segment_spread_pct"))]


def ratio(mine: float | None, theirs: float | None) -> float | None:
    """mine ÷ theirs, or None when either is missing."""
    if not mine or not theirs:
        return None
    return mine / theirs


def fmt_ratio(value: float | None) -> str:
    """A ratio cell like '0.42×'."""
    return "-" if value is None else f"{value:.2f}×"


def drift(calib: Sequence[dict[str, Any]]) -> str:
    """'start → end games/s (±x %)' for a start/end calibration pair."""
    rates: list[float] = [float(c["games_per_s"]) for c in calib if c.get("games_per_s")]
    if len(rates) < 2:
        return " / ".join(fmt(r) for r in rates) or "-"
    change = 100 * (rates[-1] - rates[0]) / rates[0]
    return f"{fmt(rates[0])} → {fmt(rates[-1])} games/s ({change:+.1f} %)"


def openspiel_section(data: dict[str, Any] | None, peers: Sequence[dict[str, Any]],
                      ) -> list[str]:
    """The OpenSpiel registration's playouts beside `os:python_tic_tac_toe`, and the ISMCTS
    iteration rates beside peers.py's `os-ismcts-py` cases (openspiel_bench.py's JSON)."""
    if data is None:
        return ["## Through the OpenSpiel registration", "",
                f"No {OPENSPIEL_JSON.name} (run bench/openspiel_bench.py).", ""]
    md = ["## Through the OpenSpiel registration (`candlelit.rl.openspiel`), µs per action", ""]
    anchor = next((p for p in peers if p.get("case") == "os:python_tic_tac_toe"
                   and p.get("us_per_action")), None)
    header = ["case", "µs/action", "+observation_tensor", "+observer", "actions/game"]
    if anchor is not None:
        header += [f"÷ os:python_tic_tac_toe ({fmt(anchor['us_per_action'], 2)} µs)",
                   "+observation_tensor ÷ it", "+observer ÷ it"]
    rows = []
    for r in data.get("playouts", []):
        looks = [r.get(kind, {}) for kind in ("tensor", "observer")]
        row = [r["case"], fmt(r.get("us_per_action"), 2)]
        row += [fmt(look.get("us_per_action"), 2) if "error" not in look else "not yet"
                for look in looks]
        row.append(fmt(r.get("mean_actions_per_game")))
        if anchor is not None:
            row += [fmt_ratio(ratio(x, anchor["us_per_action"])) for x in
                    (r.get("us_per_action"), *[look.get("us_per_action") for look in looks])]
        rows.append(row)
    md.append(markdown_table(header, rows))
    md.append("Each step `state.legal_actions()` and `state.apply_action(...)` on the pyspiel "
              "state (the peers' `os:` loop); `+observation_tensor` adds "
              "`state.observation_tensor(seat)` for the seat to act (a list through "
              "OpenSpiel's C++ side), `+observer` adds `make_observation(game).set_from(state, "
              "seat)` instead (the python observer's numpy tensor, in place). The peer loop "
              "builds no observation.")
    md.append("")
    md.append("## ISMCTS iterations per second")
    md.append("")
    rows = [[f"candlelit:{r['game']}/{r.get('players', 4)}p",
             fmt(r.get("candlelit_per_s")), r.get("candlelit_bot", r.get("error", "")),
             fmt(r.get("openspiel_per_s"))] for r in data.get("ismcts", [])]
    rows += [[p["case"], "-", "-", fmt(p.get("sims_per_s"))] for p in peers
             if p.get("kind") == "ismcts" and p.get("case", "").startswith("os-ismcts-py")
             and "error" not in p]
    md.append(markdown_table(["decision", "candlelit ISMCTS it/s", "candlelit bot",
                              "OpenSpiel python ISMCTS it/s"], rows))
    md.append("candlelit rows: one 4-player mid-game decision (bench/search_bench.py's), "
              "candlelit's search with the `hard` bot's rollouts and OpenSpiel's python "
              "ISMCTS (uct_c 2, one random rollout per leaf) through the registration; "
              "`os-ismcts-py` rows: OpenSpiel's python ISMCTS on its own C++ games, "
              "measured by peers.py in this run.")
    md.append("")
    return md


def pettingzoo_section(pz: dict[str, Any], peer_play: Sequence[dict[str, Any]]
                       ) -> tuple[list[str], list[dict[str, Any]]]:
    """The markdown lines of the PettingZoo table and the targets of its raw cases."""
    rows_in = [c for c in pz.get("cases", []) if isinstance(c, dict)]
    reference = next((p for p in peer_play if p.get("case") == PZ_REFERENCE), None)
    ref_us = reference["us_per_action"] if reference else None
    md = ["## candlelit through PettingZoo's AEC API (`candlelit.rl.pettingzoo`)", "",
          "Random playouts through `env.last()` + a random legal action per step, the loop "
          "peers.py times for PettingZoo's own games; `-raw` = `raw_env` (as "
          f"`{PZ_REFERENCE}`), otherwise `env()` with the classic wrappers.", ""]
    header = ["case", "µs/action", "actions/game", "games/s",
              f"÷ {PZ_REFERENCE} ({fmt(ref_us, 2)} µs)"]
    rows = []
    targets: list[dict[str, Any]] = []
    for c in rows_in:
        if "error" in c:
            rows.append([c["case"], "ERROR: " + str(c["error"])[:60], "", "", ""])
            continue
        us = c.get("us_per_action")
        rows.append([c["case"], fmt(us, 2), fmt(c.get("mean_actions_per_game")),
                     fmt(c.get("games_per_s")), fmt_ratio(ratio(us, ref_us))])
        if ref_us and us and not c.get("wrapped"):
            targets.append({"case": c["case"], "us_per_action": us, "target_case": PZ_REFERENCE,
                            "target_us": ref_us, "met": us <= ref_us})
    md.append(markdown_table(header, rows))
    if reference is None:
        md += [f"({PZ_REFERENCE} was not measured in this run: no ratio, no target.)", ""]
    return md, targets


def build(engine: dict[str, Any], peers_data: dict[str, Any] | None,
          peers_path: Path, openspiel: dict[str, Any] | None = None,
          pettingzoo: dict[str, Any] | None = None
          ) -> tuple[str, dict[str, Any]]:
    """The markdown report and its JSON twin."""
    meta = engine["meta"]
    cases = [c for c in engine.get("cases", []) if "error" not in c]
    failed_cases = [c for c in engine.get("cases", []) if "error" in c]
    peers, skipped = peers_of(peers_data, peers_path)
    peer_calib = [r for r in peers if r.get("kind") == "calibration" and "error" not in r]
    peer_play = [r for r in peers if r.get("kind") == "random-playout" and "error" not in r
                 and r.get("us_per_action")]
    peer_errors = [r for r in peers if "error" in r]
    peer_meta = (peers_data or {}).get("meta", {})

    md: list[str] = [f"# candlelit bench — {meta['date_utc']}", ""]
    md.append(f"Python {meta['python']} ({meta['implementation']}), {meta['platform']}, "
              f"{meta['cpu_count']} CPUs, candlelit {meta.get('candlelit')} at "
              f"{meta.get('git_commit')}{' (uncommitted changes)' if meta.get('git_dirty') else ''}"
              f", {engine['settings']['seconds']:g} s per case, one process, gc on. "
              f"Load average at start / end: {meta.get('load_average_start')} / "
              f"{meta.get('load_average_end')}.")
    notes: list[str] = []
    if skipped:
        notes.append(f"**Peers skipped:** {skipped}. Only candlelit's numbers are shown.")
    else:
        versions = peer_meta.get("versions", {})
        notes.append("Peers measured in this run by shared/bench/peers.py "
                     f"({peer_meta.get('date_utc')}, {peer_meta.get('seconds_per_case')} s per "
                     f"case): open-spiel {versions.get('open_spiel')}, pettingzoo "
                     f"{versions.get('pettingzoo')}, rlcard {versions.get('rlcard')}, numpy "
                     f"{versions.get('numpy')}.")
        d_engine, d_peers = parse_date(meta.get("date_utc")), parse_date(peer_meta.get("date_utc"))
        if d_engine and d_peers and abs(d_peers - d_engine) > STALE_AFTER:
            notes.append(f"**Warning:** the peers' run ({d_peers.isoformat()}) is more than "
                         f"{STALE_AFTER.seconds // 60} minutes from candlelit's; the ratios "
                         "are not from one run.")
    for r in peer_errors:
        notes.append(f"Peer case {r['case']} failed: {r['error']}")
    for c in failed_cases:
        notes.append(f"candlelit case {c['case']} failed: {c['error']}")
    md += ["", *notes, ""]

    md.append("## Machine noise (calibration loop: a toy pure-Python hand)")
    md.append("")
    md.append(f"- candlelit process: {drift(engine.get('calibration', []))}")
    if peer_calib:
        md.append(f"- peers process: {drift(peer_calib)}")
    md.append("")

    md.append("## Random playouts, µs per player action (all work in the loop)")
    md.append("")
    header = ["case", "library", "games/s", "actions/s", "µs/action", "µs/action +iss",
              "µs/action +key", "actions/game", "spread %"]
    calib = engine.get("calibration", [])
    mine = [{**r, "case": f"{r['case']} (candlelit process)"} for r in calib]
    theirs = [{**r, "case": f"{r['case']} (peers process)"} for r in peer_calib]
    rows = [playout_row(r) for r in mine[:1] + engine.get("cases", []) + mine[1:]]
    rows += [playout_row(r) for r in theirs[:1] + peer_play + theirs[1:]]
    md.append(markdown_table(header, rows))

    ratios: dict[str, dict[str, float | None]] = {}
    obs_ratios: dict[str, dict[str, float | None]] = {}
    if peer_play and cases:
        md.append("## candlelit ÷ peer (µs per action; below 1.00× candlelit is faster)")
        md.append("")
        header = ["candlelit case", "µs/action"] + [
            f"÷ {p['case']} ({fmt(p['us_per_action'], 2)} µs)" for p in peer_play]
        rows = []
        for c in cases:
            ratios[c["case"]] = {p["case"]: ratio(c.get("us_per_action"), p["us_per_action"])
                                 for p in peer_play}
            rows.append([c["case"], fmt(c.get("us_per_action"), 2)]
                        + [fmt_ratio(v) for v in ratios[c["case"]].values()])
        md.append(markdown_table(header, rows))
        observing = [p for p in peer_play if p.get("library") in OBSERVING_LIBRARIES]
        with_iss = [c for c in cases if c.get("iss_playout", {}).get("us_per_action")]
        if observing and with_iss:
            md.append("With an observation at every step: candlelit's playout plus one "
                      "`information_state_string(seat)` per step, against the peers whose "
                      "loop builds an observation per step (PettingZoo `last()`, RLCard "
                      "`run`).")
            md.append("")
            header = ["candlelit case", "µs/action +iss"] + [
                f"÷ {p['case']} ({fmt(p['us_per_action'], 2)} µs)" for p in observing]
            rows = []
            for c in with_iss:
                mine = c["iss_playout"]["us_per_action"]
                obs_ratios[c["case"]] = {p["case"]: ratio(mine, p["us_per_action"])
                                         for p in observing}
                rows.append([c["case"], fmt(mine, 1)]
                            + [fmt_ratio(v) for v in obs_ratios[c["case"]].values()])
            md.append(markdown_table(header, rows))

    pz_targets: list[dict[str, Any]] = []
    if pettingzoo is not None:
        pz_md, pz_targets = pettingzoo_section(pettingzoo, peer_play)
        d_pz = parse_date(pettingzoo.get("meta", {}).get("date_utc"))
        d_engine = parse_date(meta.get("date_utc"))
        if d_pz and d_engine and abs(d_pz - d_engine) > STALE_AFTER:
            pz_md.insert(2, f"**Warning:** measured at {d_pz.isoformat()}, more than "
                            f"{STALE_AFTER.seconds // 60} minutes from candlelit's run.\n")
        md += pz_md

    with_methods = [c for c in cases if c.get("method_us")]
    if with_methods:
        md.append("## candlelit state methods, µs per call "
                  "(mean over states sampled along random playouts)")
        md.append("")
        header = ["case", "clone", "view(seat)", "view(None)", "information_state_string",
                  "serialize", "resample(seat)"]
        rows = []
        for c in with_methods:
            m = c["method_us"]
            rows.append([c["case"], fmt(m.get("clone"), 2), fmt(m.get("view_seat")),
                         fmt(m.get("view_spectator")), fmt(m.get("information_state_string")),
                         fmt(m.get("serialize")), fmt(m.get("resample"))])
        md.append(markdown_table(header, rows))

    md += openspiel_section(openspiel, peers)

    targets: list[dict[str, Any]] = []
    md.append("## Targets")
    md.append("")
    pure = [p for p in peer_play if p.get("library") in PURE_PYTHON_LIBRARIES]
    fastest = min(pure, key=lambda p: p["us_per_action"]) if pure else None
    for c in cases:
        limit = PLAYOUT_TARGET_US.get(c.get("game", ""))
        if limit is None:
            continue
        us = c["us_per_action"]
        t: dict[str, Any] = {"case": c["case"], "us_per_action": us, "target_us": limit,
                             "met": us <= limit}
        line = (f"- {c['case']}: {us:.2f} µs/action — target ≤ {limit:g} µs: "
                f"{'met' if us <= limit else 'MISSED'}")
        if fastest is not None and c.get("game") in PEER_TARGET_GAMES:
            bound = PEER_FRACTION * fastest["us_per_action"]
            t.update(fastest_peer=fastest["case"], fastest_peer_us=fastest["us_per_action"],
                     peer_bound_us=bound, peer_met=us <= bound)
            line += (f"; half the fastest pure-Python peer ({fastest['case']}, "
                     f"{fastest['us_per_action']:.2f} µs → ≤ {bound:.2f} µs): "
                     f"{'met' if us <= bound else 'MISSED'} "
                     f"(ratio {us / fastest['us_per_action']:.2f}×)")
        targets.append(t)
        md.append(line)
    for c in cases:
        keyed = c.get("key_playout", {}).get("us_per_action")
        if not keyed or not c.get("us_per_action"):
            continue
        times = keyed / c["us_per_action"]
        met = times <= KEY_TARGET_RATIO
        targets.append({"case": c["case"], "key_us_per_action": keyed,
                        "us_per_action": c["us_per_action"], "key_ratio": times,
                        "target_ratio": KEY_TARGET_RATIO, "met": met})
        md.append(f"- {c['case']} with a key per step: {keyed:.2f} µs/action = "
                  f"{times:.2f}× the plain playout — target ≤ {KEY_TARGET_RATIO:g}×: "
                  f"{'met' if met else 'MISSED'}")
    for t in pz_targets:
        targets.append(t)
        md.append(f"- {t['case']} through PettingZoo's AEC API: {t['us_per_action']:.2f} "
                  f"µs/action — target ≤ {t['target_case']} ({t['target_us']:.2f} µs): "
                  f"{'met' if t['met'] else 'MISSED'} "
                  f"(ratio {t['us_per_action'] / t['target_us']:.2f}×)")
    sim = engine.get("simulation")
    if sim:
        if sim.get("status") == "ok":
            md.append(f"- simulation `{sim['command']}`: {sim['seconds']:.2f} s wall incl. "
                      f"process start, {sim['games_per_s']:,.0f} games/s — target < "
                      f"{sim['target_s']:g} s: {'met' if sim['met'] else 'MISSED'}")
        else:
            md.append(f"- simulation `{sim['command']}`: {sim['status']}: {sim.get('reason')}")
    md.append("")
    md.append("Columns: `µs/action` = wall time ÷ player actions of uniformly random games "
              "(load, chance and the random choice included); `µs/action +iss` = the same "
              "loop with one information-state string for the seat to act per step; "
              "`µs/action +key` = the same loop with one information-state key instead; "
              "`spread %` = (max − min) ÷ median of the per-slice games/s.")
    text = "\n".join(md) + "\n"
    out = {
        "meta": meta,
        "settings": engine.get("settings"),
        "peers_meta": peer_meta or None,
        "peers_skipped": skipped,
        "calibration": {"candlelit": engine.get("calibration", []), "peers": peer_calib},
        "candlelit": engine.get("cases", []),
        "peers": peer_play + peer_errors,
        "ratios_us_per_action": ratios,
        "ratios_with_observation": obs_ratios,
        "pettingzoo": (pettingzoo or {}).get("cases"),
        "targets": targets,
        "simulation": sim,
        "openspiel": openspiel,
    }
    return text, out


def main(argv: Sequence[str] | None = None) -> int:
    """Write latest.md / latest.json and print the markdown."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=str(ENGINE_JSON), help="engine_bench.py --json output")
    ap.add_argument("--peers", default=str(PEERS_JSON), help="peers_run.py output")
    ap.add_argument("--openspiel", default=str(OPENSPIEL_JSON), help="openspiel_bench.py output")
    ap.add_argument("--pettingzoo", default=str(PETTINGZOO_JSON),
                    help="pettingzoo_bench.py output (left out when missing)")
    ap.add_argument("--md", default=str(LATEST_MD), help="markdown report to write")
    ap.add_argument("--json", default=str(LATEST_JSON), help="JSON report to write")
    ap.add_argument("--ray", default=str(RESULTS / "ray.json"), help="ray_bench.py output")
    args = ap.parse_args(argv)
    engine = load_json(Path(args.engine))
    if engine is None:
        print(f"no {args.engine}: run bench/engine_bench.py --json {args.engine} first",
              file=sys.stderr)
        return 2
    peers_path = Path(args.peers)
    text, out = build(engine, load_json(peers_path), peers_path,
                      load_json(Path(args.openspiel)), load_json(Path(args.pettingzoo)))
    ray = load_json(Path(args.ray))
    if ray is not None:  # Ray vs --jobs, from ray_bench.py
        text += "\n" + ray_markdown(ray)
        out["ray"] = ray
    for target, body in ((Path(args.md), text),
                         (Path(args.json), json.dumps(out, indent=1, ensure_ascii=False) + "\n")):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    sys.stdout.write(text)
    print(f"wrote {args.md} and {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
