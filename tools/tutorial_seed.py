"""Find seeds for the Goblins, Inc. tutorial: plays the first round of each candidate
seed headless, with the scripted newcomer of the tutorial's tests against the
tutorial's AI seat, and prints which tips showed up. A good seed shows every tip
(building, a loose tile falling, agendas, dials, a tactics card, hits).

    .venv/bin/python tools/tutorial_seed.py 1 40

Run it again after changing the tiles, the bots or the rules, and put the chosen seed
in game/scenes/goblins/tutorial.py (SEED)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def first_round(seed: int) -> list[int]:
    """The tips (indices into STEPS) shown, in order, while the scripted newcomer
    plays the first round of the tutorial dealt from ``seed``."""
    from game.app import App
    from game.scenes.goblins import tutorial
    from game.scenes.title import TitleScene
    from game.session import Seat, Session
    from game.settings import Settings
    from tests.scenes.goblins.tutorial_player import first_round as play

    app = App(Settings(ai_pause=0.0))
    try:
        app.scenes.push(TitleScene(app))
        session = Session.new(tutorial.GAME, [Seat(s.kind, s.level) for s in tutorial.SEATS],
                              tutorial.VARIANT, seed, Path(tempfile.mkdtemp()))
        match = tutorial.TutorialMatch(app, session)
        app.scenes.push(match)
        return [seen.index for seen in play(app, match)]
    finally:
        app.close()


def main(first: int, last: int) -> None:
    from game.scenes.goblins.steps import STEPS

    for seed in range(first, last + 1):
        shown = first_round(seed)
        missing = [STEPS[k].when for k in range(len(STEPS)) if k not in shown]
        print(f"seed {seed}: {len(set(shown))} of {len(STEPS)} tips"
              + (f", missing {', '.join(missing)}" if missing else ", all shown"), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
