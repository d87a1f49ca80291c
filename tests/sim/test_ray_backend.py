"""`--backend ray`: the same games and the same summaries as `--jobs`, and one-line errors.

Ray starts once, inside the one test that needs it (a local Ray on loopback with two CPUs,
no dashboard): starting it takes seconds, and one test keeps it on one xdist worker.
"""

from __future__ import annotations

import json
import logging
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.games.shadow_hunters.balance import run_balance
from candlelit.sim import runner as sim_runner
from candlelit.sim.backends import Local
from candlelit.sim.ray_backend import RayCluster

cli = CliRunner()

SIMULATE = ("simulate", "divinare", "-n", "11", "-p", "3", "--bots",
            "expectation,random,random", "--seed", "4", "--json")
COMPARE = ("compare", "nevermore", "-p", "3,5", "-n", "7", "--seed", "2", "--json")
LADDER = ("ladder", "divinare", "--bots", "random,easy", "-p", "2", "--games", "8",
          "--seed", "7")
BALANCE = (5, 12, ["random"], 11)


def _printed(*args: str) -> Any:
    result = cli.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _ladder(path: Path, *args: str) -> Any:
    result = cli.invoke(app, [*LADDER, *args, "--json", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text(encoding="utf-8"))


def _one_line_error(*args: str) -> str:
    result = cli.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.slow  # Ray's start: about 12 s on the 2-core box
def test_every_command_plays_the_same_games_on_ray_as_with_jobs(tmp_path, monkeypatch):
    ray = pytest.importorskip("ray")
    monkeypatch.setattr(sim_runner, "CHUNK", 3)  # several chunks, so their order matters
    local = {"simulate": _printed(*SIMULATE, "--jobs", "2"),
             "compare": _printed(*COMPARE, "--jobs", "2"),
             "ladder": _ladder(tmp_path / "local.json", "--jobs", "2"),
             "balance": run_balance(*BALANCE, jobs=2)}
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR, _node_ip_address="127.0.0.1")
    try:
        here = RayCluster()
        assert here.workers == 2
        assert list(here.map(abs, [-5, 4, -3, 2, -1])) == [5, 4, 3, 2, 1]
        on_ray = {"simulate": _printed(*SIMULATE, "--backend", "ray"),
                  "compare": _printed(*COMPARE, "--backend", "ray"),
                  "ladder": _ladder(tmp_path / "ray.json", "--backend", "ray"),
                  "balance": run_balance(*BALANCE, jobs=1, backend=here)}
        here.close()
        assert ray.is_initialized(), "a Ray the backend did not start is left running"
    finally:
        ray.shutdown()
    for command, summary in local.items():
        assert on_ray[command] == summary, command
    assert local["simulate"]["games"] == 11 and len(local["compare"]["runs"]) == 2
    assert local["balance"]["field"]["drawn"] == 5 * 12


def test_local_backend_yields_results_in_chunk_order():
    assert list(Local(2).map(abs, [-3, 2, -1, 0])) == [3, 2, 1, 0]
    assert list(Local(1).map(abs, [-3, 2])) == [3, 2]


def test_a_dead_cluster_address_is_a_one_line_error():
    with socket.socket() as probe:  # a port nothing listens on once this closes
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    line = _one_line_error("simulate", "divinare", "-n", "2", "--backend", "ray",
                           "--address", f"127.0.0.1:{port}")
    assert f"cannot reach a Ray cluster at 127.0.0.1:{port}" in line


def test_the_ray_backend_without_ray_installed_is_a_one_line_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    line = _one_line_error("ladder", "divinare", "--bots", "random,easy", "-n", "1",
                           "--backend", "ray")
    assert "pip install 'candlelit[ray]'" in line


@pytest.mark.parametrize(("args", "message"), [
    (["--backend", "spark"], "--backend takes local or ray, not 'spark'"),
    (["--address", "127.0.0.1:6379"], "--address is for --backend ray"),
])
def test_bad_backend_settings_are_one_line_errors(args, message):
    for command in (["simulate", "divinare"], ["compare", "divinare"],
                    ["ladder", "divinare", "--bots", "random,easy"],
                    ["balance", "shadow-hunters"]):
        assert message in _one_line_error(*command, "-n", "1", *args)


def test_a_balance_lab_without_a_backend_refuses_ray():
    pytest.importorskip("candlelit_wickwatch")
    line = _one_line_error("balance", "wickwatch", "-n", "1", "--backend", "ray")
    assert "balance lab runs on local processes only" in line
