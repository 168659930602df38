"""The real-path controller bench: it measures a few edges when the firmware is built,
and says so in one line when it is not. Its figures are printed, never asserted."""

from __future__ import annotations

from game.bench import open_app
from game.scenes.goblins import bench_table
from hardware import avr_sim
from tests.hardware.helpers import build_firmware


def test_controller_hil_returns_its_figures(monkeypatch, tmp_path):
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path))
    build_firmware()
    lines = bench_table.controller_hil(open_app, 5)
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"{bench_table.LABEL}: ready-switch edge to the move applied")
    assert "six boards of a four-player table" in lines[0]
    assert "5 edges, none lost or applied twice: median " in lines[0] and " ms, p99 " in lines[0]
    assert "pilot console median " in lines[0] and "tactician console median " in lines[0]
    assert "EV read to move applied (frame loop): median " in lines[1]
    assert "six harnesses" in lines[2] and " s CPU" in lines[2]
    assert not any("not measured" in line for line in lines)


def test_controller_hil_without_a_built_firmware_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(avr_sim, "ELF", tmp_path / "botyard-controller.elf")
    monkeypatch.setattr(avr_sim, "HARNESS", tmp_path / "botyard-avr-sim")
    assert bench_table.controller_hil(open_app, 5) == [
        f"{bench_table.LABEL}: not measured: run `make firmware` in a checkout "
        "(botyard-controller.elf and botyard-avr-sim not built)"]
