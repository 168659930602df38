"""Draw docs/screenshots/controllers.png: the Controllers screen with a four-player
table of virtual boards (controller-sim), headless.

Six boards are bound to Goblins' roles: one sends a log line, one runs older firmware,
one has lost its cable, and a seventh board answers to the same identity as another,
so both are shown refused. Run from the checkout: python tools/controllers_screenshot.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BOTYARD_HOME", tempfile.mkdtemp(prefix="botyard-shot-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.app import App
from game.scenes.controllers import ControllersScene
from game.settings import Settings
from game.table import Table
from hardware.controller_sim import VirtualDevice

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "controllers.png"
BOARDS = [  # role, kind, uid, extra HELLO fields, firmware
    ("a_pilot", "pilot", "00A1", {}, None),
    ("a_tactician", "tactician", "B071", {}, None),
    ("a_dice", "dice", "00D1", {}, None),
    ("b_pilot", "pilot", "00A2", {"minor": None, "caps": None}, "1.0"),
    ("b_tactician", "tactician", "00B2", {}, None),
    ("b_dice", "dice", "00D2", {}, None),
    (None, "tactician", "B071", {}, None),
]


def main() -> None:
    app = App(Settings())
    app.table.close()
    app.table = Table([], ports=lambda: [], scan_every=None)
    devices = []
    try:
        for role, kind, uid, hello, fw in BOARDS:
            device = VirtualDevice(kind, uid, heartbeat=0.2, hello=hello,
                                   **({"fw": fw} if fw else {}))
            device.listen()
            devices.append(device)
            board = app.table.add(device.url)
            if role is not None:
                app.table.bind(board, role)
        scene = ControllersScene(app)
        app.scenes.push(scene)
        deadline = time.monotonic() + 10
        while not all(b.running for b in app.table.boards) and time.monotonic() < deadline:
            app.frame()
        pilot, tactics, tray, _, lost, other_tray, _ = devices
        pilot.set("steer", 2)
        pilot.set("target", 1)
        tactics.set("tactic", 1)
        for slot, face in enumerate(("S3", "SB", "S5")):
            tray.set(f"d{slot}", face)
        other_tray.set("d0", "R-")
        devices[3].inject(b"# ready switch debounce 24 ms\n")
        lost.unplug()
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            app.frame()
        pygame.image.save(app.screen, str(OUT))
        print(f"wrote {OUT}")
    finally:
        app.close()
        for device in devices:
            device.close()


if __name__ == "__main__":
    main()
