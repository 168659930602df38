"""The ``botyard`` command. User mistakes (bad files, bad options) end with one plain
line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import nullcontext

from game.arguments import MAX_GAMES, OneLineParser, seed, whole
from game.rules.core.errors import DataError, RuleError
from game.rules.core.registry import GAMES, GameSpec, default_game, load_catalogues

MAX_FRAMES = 1_000_000
"""bench render: about three hours of frames."""
HEADLESS = frozenset({"bench", "screenshot"})
"""Commands that open pygame but no window: SIGTERM ends them at once (play closes its
window first, see run_client)."""


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="botyard", description="Botyard: robot tabletop games at the table and on screen.")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="start the game client (the default)")
    play.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)

    sim = sub.add_parser("simulate", help="play whole games between random legal seats")
    sim.add_argument("--game", default=default_game().id, choices=sorted(GAMES))
    sim.add_argument("--players", type=whole(1, 99), default=None,
                     help="default: the game's largest table")
    sim.add_argument("--variant", default=None, help="default: the game's first variant")
    sim.add_argument("--games", type=whole(1, MAX_GAMES), default=100)
    sim.add_argument("--seed", type=seed(), default=1)

    scen = sub.add_parser("scenario", help="run rules scenario files (see SCENARIOS.md); a "
                          "file's top-level game: key picks the game (default "
                          f"{default_game().id})")
    scen.add_argument("files", nargs="+")

    val = sub.add_parser("validate-data", help="check a cards.yaml (the bundled one by default)")
    val.add_argument("file", nargs="?")

    bench = sub.add_parser("bench", help="print performance figures")
    bench.add_argument("what", choices=("render", "startup", "controller", "all"), nargs="?",
                       default="all")
    bench.add_argument("--frames", type=whole(1, MAX_FRAMES), default=1500)
    bench.add_argument("--with-bot", choices=("easy", "normal", "hard"), default=None,
                       help="render while a bot of this level thinks in its worker process")
    bench.add_argument("--game", default=default_game().id,
                       choices=sorted(g.id for g in GAMES.values() if g.bench_position),
                       help="whose bench position render times")

    # Its options belong to hardware.controller_sim, which parses them itself.
    sub.add_parser("controller-sim", add_help=False,
                   help="a virtual table controller on a pty or TCP port (--help for more)")

    from game.ai.arena import add_parser as add_arena

    add_arena(sub)

    shot = sub.add_parser("screenshot", help="render a scene in a set-up position to a PNG")
    shot.add_argument("--game", default=default_game().id, choices=sorted(GAMES))
    shot.add_argument("--scene", default=None,
                      help="title, setup (the new-game screen), or one of the game's positions "
                           "(default first): " + "; ".join(
                          f"{g.id}: {', '.join(_positions(g))}" for g in GAMES.values()))
    shot.add_argument("--seed", type=seed(), default=1)
    shot.add_argument("out", help="the PNG file to write (its folder must exist)")
    return parser


def _positions(spec: GameSpec) -> list[str]:
    """A game's screenshot scenes, its default first."""
    return sorted(spec.screenshots, key=lambda name: name != spec.default_screenshot)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status is returned, also for argument mistakes and --help."""
    parser = _parser()
    try:
        args, rest = parser.parse_known_args(argv)
        if args.command != "controller-sim" and rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "controller-sim":
        from hardware.controller_sim import main as controller_sim

        return controller_sim(rest)
    from game.client import end_now, on_sigterm

    try:
        with on_sigterm(end_now) if args.command in HEADLESS else nullcontext():
            return _run(args)
    except (DataError, RuleError) as exc:
        print(f"botyard: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away; stop quietly like other Unix tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _run(args: argparse.Namespace) -> int:
    """The command named by ``args``, with its exit status."""
    if args.command in (None, "play"):
        return _play(getattr(args, "first_frame", False))
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "scenario":
        return _scenario(args.files)
    if args.command == "validate-data":
        return _validate(args.file)
    if args.command == "bench":
        return _bench(args)
    if args.command == "arena":
        from game.ai.arena import run

        return run(args)
    from pathlib import Path

    from game.screenshot import take

    take(args.game, args.scene, args.seed, Path(args.out))
    print(f"wrote {args.out}")
    return 0


def _play(first_frame: bool) -> int:
    from game.client import run_client

    return run_client(first_frame)


def _bench(args: argparse.Namespace) -> int:
    """Each figure is printed as soon as it is measured."""
    from game import bench

    steps = []
    if args.what in ("render", "all"):
        steps.append(lambda: bench.render(args.frames, args.with_bot, args.game))
    if args.what in ("startup", "all", "render"):
        steps.append(bench.startup)
    if args.what in ("controller", "all"):
        steps.append(bench.controller)
    try:
        for step in steps:
            print("\n".join(step()), flush=True)
    except bench.BenchError as exc:
        print(f"botyard: {exc}", file=sys.stderr)
        return 1
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from game.simulate import simulate

    spec = GAMES[args.game]
    players = args.players or max(spec.player_counts)
    variant = args.variant or spec.variants[0]
    if players not in spec.player_counts:
        raise RuleError(f"{spec.title} is for {', '.join(map(str, spec.player_counts))} players")
    if variant not in spec.variants:
        raise RuleError(f"{spec.title} variants are {', '.join(spec.variants)}")
    report = simulate(args.game, players, args.games, args.seed, variant)
    print("\n".join(report.lines()))
    return 0


def _scenario(files: list[str]) -> int:
    from game.rules.core.registry import run_scenario

    broken = failed = 0
    for name in files:
        try:
            outcome = run_scenario(name)
        except DataError as exc:
            print(f"ERROR {exc}")
            broken += 1
            continue
        print(outcome.line())
        failed += not outcome.passed
    print(f"{len(files) - failed - broken} passed, {failed} failed"
          + (f", {broken} unreadable" if broken else ""))
    return 2 if broken else (1 if failed else 0)


def _validate(file: str | None) -> int:
    catalogues = load_catalogues(file)
    summary = ", ".join(f"{game}" for game in catalogues)
    print(f"{file or 'bundled cards.yaml'}: valid ({summary})")
    return 0
