"""Hostile command lines: each bad argument list ends in exactly one plain line on stderr
with exit status 2 and nothing written, argparse's own mistakes included; --help stays
whole; SIGTERM ends every command that opens pygame, promptly and without a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.arguments import MAX_GAMES
from game.cli import MAX_FRAMES, main
from game.rules.core.match import MAX_SEED as SEED_MAX

TOO_BIG_SEED = str(SEED_MAX + 1)
HUGE = "9" * 5000
NEAR = 5.0
"""Seconds a command may take to end after SIGTERM."""

# (argument list, a fragment of the one line that must say what is wrong). In the
# arguments, {tmp} is a scratch folder holding file.txt (a file), sub/ (a folder),
# fifo.png (a FIFO) and link.png (a symlink to file.txt).
BAD: list[tuple[list[str], str]] = [
    # botyard itself
    (["bogus"], "invalid choice: 'bogus'"),
    (["--nope"], "unrecognized arguments: --nope"),
    (["play", "--fullscreen"], "unrecognized arguments: --fullscreen"),
    (["play", "extra"], "unrecognized arguments: extra"),
    # simulate
    (["simulate", "--games", "0"], f"--games: expected a whole number from 1 to {MAX_GAMES}"),
    (["simulate", "--games", str(MAX_GAMES + 1)], "--games: expected a whole number"),
    (["simulate", "--games", "10000000000000"], "--games: expected a whole number"),
    (["simulate", "--games", "-1"], "--games: expected a whole number"),
    (["simulate", "--games", "abc"], "--games: expected a whole number"),
    (["simulate", "--games", "1e3"], "--games: expected a whole number"),
    (["simulate", "--games", "1_000"], "--games: expected a whole number"),
    (["simulate", "--games", "+5"], "--games: expected a whole number"),
    (["simulate", "--games", " 5"], "--games: expected a whole number"),
    (["simulate", "--games", "５"], "--games: expected a whole number"),
    (["simulate", "--games", ""], "--games: expected a whole number"),
    (["simulate", "--games", HUGE], "--games: expected a whole number"),
    (["simulate", "--games"], "--games: expected one argument"),
    (["simulate", "--players", "0"], "--players: expected a whole number"),
    (["simulate", "--players", "5"], "is for 2, 3, 4 players"),
    (["simulate", "--players", "1000000"], "--players: expected a whole number"),
    (["simulate", "--seed", "-1"], f"--seed: expected a whole number from 0 to {SEED_MAX}"),
    (["simulate", "--seed", TOO_BIG_SEED], "--seed: expected a whole number"),
    (["simulate", "--seed", HUGE], "--seed: expected a whole number"),
    (["simulate", "--seed", "0x10"], "--seed: expected a whole number"),
    (["simulate", "--variant", "bogus"], "variants are standard, full, party"),
    (["simulate", "--game", "chess"], "--game: invalid choice: 'chess'"),
    # scenario and validate-data
    (["scenario"], "the following arguments are required: files"),
    (["validate-data", "{tmp}/missing.yaml"], "missing.yaml: no such file"),
    (["validate-data", "{tmp}/sub"], "this is a folder, not a file"),
    (["validate-data", "a.yaml", "b.yaml"], "unrecognized arguments: b.yaml"),
    # bench
    (["bench", "--frames", "0"], f"--frames: expected a whole number from 1 to {MAX_FRAMES}"),
    (["bench", "render", "--frames", str(10**12)], "--frames: expected a whole number"),
    (["bench", "render", "--frames", "-5"], "--frames: expected a whole number"),
    (["bench", "render", "--frames", "many"], "--frames: expected a whole number"),
    (["bench", "everything"], "invalid choice: 'everything'"),
    (["bench", "render", "--with-bot", "genius"], "--with-bot: invalid choice: 'genius'"),
    # arena
    (["arena", "--games", "0"], "--games: expected a whole number"),
    (["arena", "--games", str(MAX_GAMES + 1)], "--games: expected a whole number"),
    (["arena", "--jobs", "0"], "--jobs: expected a whole number from 1 to 64"),
    (["arena", "--jobs", "65"], "--jobs: expected a whole number"),
    (["arena", "--budget", "0"], "--budget: expected a whole number"),
    (["arena", "--budget", str(10**7)], "--budget: expected a whole number"),
    (["arena", "--players", "5"], "--players: expected a whole number from 2 to 4"),
    (["arena", "--players", "two"], "--players: expected a whole number"),
    (["arena", "--seed", "-3"], "--seed: expected a whole number"),
    (["arena", "--seed", TOO_BIG_SEED], "--seed: expected a whole number"),
    (["arena", "--seats", "hard"], "--seats names two different levels"),
    (["arena", "--seats", "normal,normal"], "--seats names two different levels"),
    (["arena", "--seats", "normal,genius"], "--seats names two different levels"),
    (["arena", "--variant", "bogus", "--games", "1"], "variants are standard, full, party"),
    # screenshot: the path is checked before anything is drawn
    (["screenshot"], "the following arguments are required: out"),
    (["screenshot", "--seed", "-1", "{tmp}/a.png"], "--seed: expected a whole number"),
    (["screenshot", "--seed", TOO_BIG_SEED, "{tmp}/a.png"], "--seed: expected a whole number"),
    (["screenshot", "--scene", "beach", "{tmp}/a.png"],
     "has no screenshot scene 'beach' (it has title, setup, teamup, build, combat, score, "
     "targeting, order, hits)"),
    (["screenshot", "{tmp}/sub"], "sub is a folder: name a .png file in it"),
    (["screenshot", "{tmp}/shot.jpg"], "name it something.png, not 'shot.jpg'"),
    (["screenshot", "{tmp}/shot"], "name it something.png"),
    (["screenshot", "{tmp}/missing/a.png"], "the folder {tmp}/missing does not exist"),
    (["screenshot", "{tmp}/file.txt/a.png"], "file.txt is not a folder"),
    (["screenshot", "/proc/botyard.png"], "cannot write in /proc"),
    (["screenshot", "{tmp}/fifo.png"], "fifo.png is not a plain file"),
    (["screenshot", "{tmp}/link.png"], "link.png is not a plain file"),
    (["screenshot", "{tmp}/" + "x" * 300 + ".png"], "File name too long"),
    # controller-sim parses its own options
    (["controller-sim"], "the following arguments are required: --role"),
    (["controller-sim", "--role", "robot"], "--role: invalid choice: 'robot'"),
    (["controller-sim", "--role", "pilot", "--pty", "--listen", "1"],
     "--listen: not allowed with argument --pty"),
    (["controller-sim", "--role", "pilot", "--listen", "localhost"], "--listen wants HOST:PORT"),
    (["controller-sim", "--role", "pilot", "--listen", "host:99999"], "--listen wants HOST:PORT"),
    (["controller-sim", "--role", "pilot", "--uid", "nothex"], "a uid is 4 to 16 upper-case hex"),
    (["controller-sim", "--role", "pilot", "--listen", "host:²"], "--listen wants HOST:PORT"),
    (["controller-sim", "--role", "pilot", "--listen", "host:٣"], "--listen wants HOST:PORT"),
    (["controller-sim", "--role", "pilot", "--script", "{tmp}/missing.txt"],
     "--script wants a plain file, not '{tmp}/missing.txt'"),
    (["controller-sim", "--role", "pilot", "--script", "{tmp}/sub"], "--script wants a plain"),
    (["controller-sim", "--role", "pilot", "--script", "{tmp}/fifo.png"],
     "--script wants a plain"),
    (["controller-sim", "--role", "pilot", "--script", "/dev/zero"], "--script wants a plain"),
]


@pytest.fixture
def scratch(tmp_path, monkeypatch) -> Path:
    """The folder of hostile paths, also the working directory; BOTYARD_HOME is beside it."""
    folder = tmp_path / "scratch"
    folder.mkdir()
    (folder / "file.txt").write_text("keep me\n")
    (folder / "sub").mkdir()
    os.mkfifo(folder / "fifo.png")
    (folder / "link.png").symlink_to(folder / "file.txt")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("BOTYARD_HOME", str(tmp_path / "home"))
    return folder


def _tree(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every path under ``folder`` with its type, size and (for small files) bytes."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        small = path.is_file() and not path.is_symlink() and info.st_size < 4096
        seen[str(path)] = (info.st_mode, info.st_size, path.read_bytes() if small else b"")
    return seen


def _one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(("argv", "says"), BAD, ids=lambda v: " ".join(v)[:60]
                         if isinstance(v, list) else None)
def test_a_bad_command_line_is_one_line_and_exit_2(scratch, capsys, argv, says):
    argv = [a.replace("{tmp}", str(scratch)) for a in argv]
    before = _tree(scratch)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    line = _one_line(err)
    prefix = "controller-sim: " if argv[0] == "controller-sim" else "botyard: "
    assert line.startswith(prefix)
    assert says.replace("{tmp}", str(scratch)) in line
    assert len(line) < 1000, "no huge value is echoed whole"
    assert out == ""
    assert _tree(scratch) == before, "nothing is written or changed"


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["simulate", "--help"],
                                  ["arena", "-h"], ["bench", "--help"],
                                  ["screenshot", "--help"], ["controller-sim", "--help"]])
def test_help_stays_whole_and_exits_0(scratch, capsys, argv):
    before = _tree(scratch)
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: ") and len(out.splitlines()) > 3 and err == ""
    assert _tree(scratch) == before


def test_the_bounds_themselves_are_accepted(scratch, capsys):
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", str(SEED_MAX)]) == 0
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "0"]) == 0
    out, err = capsys.readouterr()
    assert out.count("1 goblins games") == 2 and err == ""


@pytest.mark.parametrize("name", ["missing.yaml", "sub"])
def test_scenario_reports_an_unreadable_file_on_its_one_line(scratch, capsys, name):
    before = _tree(scratch)
    assert main(["scenario", str(scratch / name)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith(f"ERROR {scratch / name}: ")
    assert out.splitlines()[1:] == ["0 passed, 0 failed, 1 unreadable"] and err == ""
    assert _tree(scratch) == before


def test_a_screenshot_replaces_an_existing_picture_only_when_whole(scratch, capsys):
    out = scratch / "shot.png"
    out.write_bytes(b"old")
    assert main(["screenshot", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert sorted(p.name for p in scratch.iterdir() if p.name.startswith(".")) == []
    assert capsys.readouterr().out == f"wrote {out}\n"


# -- the same through the real command ------------------------------------------------------
def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "BOTYARD_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", **extra}


@pytest.mark.parametrize("argv", [["bench", "render", "--frames", "0"],
                                  ["simulate", "--games", "-1"],
                                  ["screenshot", "{tmp}/sub"]])
def test_the_command_says_one_line_too(scratch, argv):
    argv = [a.replace("{tmp}", str(scratch)) for a in argv]
    done = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True,
                          text=True, timeout=60, env=_env(scratch.parent / "home"))
    assert done.returncode == 2 and done.stdout == ""
    assert _one_line(done.stderr).startswith("botyard: ")


# -- SIGTERM ------------------------------------------------------------------------------
def _until(happened: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not happened():
        assert time.monotonic() < end, "the command never got there"
        time.sleep(0.02)


def _handles_sigterm(child: subprocess.Popen[str]) -> bool:
    """The child has installed a SIGTERM handler (Linux: SigCgt in /proc/<pid>/status).
    Until then SIGTERM would end it by its default action, which proves nothing."""
    assert child.poll() is None, child.communicate()
    status = Path(f"/proc/{child.pid}/status").read_text()
    caught = int(next(line for line in status.splitlines()
                      if line.startswith("SigCgt:")).split()[1], 16)
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def _terminate(child: subprocess.Popen[str]) -> tuple[int, str, float]:
    """SIGTERM the child; its exit status, stderr and how long it took to end."""
    start = time.monotonic()
    child.send_signal(signal.SIGTERM)
    try:
        _, err = child.communicate(timeout=NEAR * 4)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise AssertionError("SIGTERM did not end the command") from None
    return child.returncode, err, time.monotonic() - start


def _start(argv: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_sigterm_ends_the_render_bench(scratch):
    env = _env(scratch.parent / "home", TMPDIR=str(scratch))
    child = _start(["bench", "render", "--frames", "100000"], env)
    _until(lambda: _handles_sigterm(child) and any(scratch.glob("botyard-bench-*")))
    time.sleep(0.3)  # into the timed frames
    code, err, took = _terminate(child)
    assert code == 128 + signal.SIGTERM and err == "" and took < NEAR


def test_sigterm_ends_a_screenshot_and_leaves_no_part_of_it(scratch):
    out = scratch / "shot.png"
    out.write_bytes(b"the old picture")
    before = _tree(scratch)
    temp = scratch.parent / "temp"
    temp.mkdir()
    child = _start(["screenshot", "--scene", "combat", str(out)],
                   _env(scratch.parent / "home", TMPDIR=str(temp)))
    # The match it draws keeps its record in a fresh temporary folder: drawing has begun.
    _until(lambda: _handles_sigterm(child) and any(temp.iterdir()))
    code, err, took = _terminate(child)
    assert code == 128 + signal.SIGTERM and err == "" and took < NEAR
    assert _tree(scratch) == before, "no partial picture, and the old one is untouched"


def test_sigterm_waits_for_a_file_being_put_in_place(tmp_path):
    """What the screenshot's final write relies on: under end_now, a SIGTERM that comes
    inside sigterm_held ends the process just after the block, not in it."""
    script = (
        "import os, signal, sys\n"
        "from game.client import end_now, on_sigterm, sigterm_held\n"
        "with on_sigterm(end_now):\n"
        "    with sigterm_held():\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        open(sys.argv[1], 'w').write('whole')\n"
        "    open(sys.argv[2], 'w').write('never')\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "a"),
                           str(tmp_path / "b")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 128 + signal.SIGTERM and done.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a"]
    assert (tmp_path / "a").read_text() == "whole"


def test_sigterm_closes_the_client(scratch):
    home = scratch.parent / "home"
    child = _start(["play"], _env(home))
    _until(lambda: _handles_sigterm(child) and (home / "saves").is_dir())
    code, err, took = _terminate(child)
    assert code == 0 and took < NEAR, "closed as by the window's close button"
    assert "Traceback" not in err
