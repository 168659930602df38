"""Prove a plain install plays: run with the python of a venv that holds the built
wheel, from outside the checkout (``make install-check`` does both).

For every registered game it renders each screenshot scene through the installed
``botyard`` command and checks the picture, then plays one whole match of bot seats
through the client's own Session (worker process, autosave) and reloads the save.
It refuses to run against the checkout itself: the point is what the wheel holds.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

DECISION_WAIT = 120.0
"""Hang guard for one bot decision on a loaded machine; not a timing check."""


def fail(message: str) -> None:
    print(f"install-check: FAILED: {message}", file=sys.stderr)
    raise SystemExit(1)


def check_installed() -> None:
    import game

    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    where = Path(game.__file__).resolve()
    if site not in where.parents:
        fail(f"game was imported from {where}, not from the installed wheel in {site}")
    print(f"botyard imported from {where.parent}")


def check_screens(folder: Path) -> int:
    import pygame

    from game.rules.core.registry import games
    from game.screenshot import scenes

    botyard = Path(sys.executable).with_name("botyard")
    env = {**os.environ, "BOTYARD_HOME": str(folder), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    count = 0
    for spec in games():
        for scene in scenes(spec.id):
            out = folder / f"{spec.id}-{scene}.png"
            done = subprocess.run([str(botyard), "screenshot", "--game", spec.id, "--scene",
                                   scene, "--seed", "3", str(out)], capture_output=True,
                                  text=True, env=env, timeout=300, cwd=folder)
            if done.returncode != 0 or done.stderr:
                fail(f"botyard screenshot --game {spec.id} --scene {scene}: "
                     f"{(done.stderr or done.stdout).strip()[-800:]}")
            image = pygame.image.load(str(out))
            opaque = pygame.mask.from_surface(image, 254).count()
            if image.get_size() != (1920, 1080) or opaque != 1920 * 1080:
                fail(f"{out.name} is not a full 1920x1080 opaque picture")
            count += 1
            print(f"rendered {spec.id} {scene}")
    return count


def check_match(folder: Path) -> int:
    from game.rules.core.registry import games
    from game.session import AI, Seat, Session

    played = 0
    for spec in games():
        players = max(spec.player_counts)
        seats = [Seat(AI, "normal" if seat % 2 else "easy") for seat in range(players)]
        session = Session.new(spec.id, seats, spec.variants[0], 5, folder)
        try:
            while not session.is_over():
                session.poll()
                if session.thinking and not session.wait_for_move(DECISION_WAIT):
                    fail(f"a {spec.id} bot gave no move in {DECISION_WAIT:.0f} s")
        finally:
            session.close()
        again = Session.load(session.path)
        again.close()
        if again.state != session.state or not again.is_over():
            fail(f"the {spec.id} save did not replay to the finished match")
        scores = ", ".join(map(str, session.rules.scores(session.state)))
        print(f"played {spec.id}: {players} bot seats, {len(session.match.actions)} moves, "
              f"scores {scores}, save reloads to the same state")
        played += 1
    return played


def main() -> int:
    check_installed()
    with tempfile.TemporaryDirectory(prefix="botyard-install-check-") as temp:
        folder = Path(temp)
        os.environ["BOTYARD_HOME"] = str(folder)
        shots = check_screens(folder)
        matches = check_match(folder)
    print(f"install-check: {shots} scenes rendered and {matches} whole matches played "
          f"from the installed wheel")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
