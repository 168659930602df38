"""Long runs show a progress bar with an ETA on a terminal and stay quiet otherwise."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios

COMMAND = [sys.executable, "-m", "game", "simulate", "--games", "40", "--seed", "2"]


def test_piped_output_carries_the_figures_and_no_bar():
    done = subprocess.run(COMMAND, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.startswith("40 goblins games")


def test_a_terminal_sees_the_bar_on_stderr_with_its_eta():
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    try:
        done = subprocess.run(COMMAND, stdout=subprocess.PIPE, stderr=follower, timeout=120)
        drawn = b""
        while select.select([leader], [], [], 0)[0]:  # the follower is still open here,
            drawn += os.read(leader, 4096)             # so what was written stays readable
    finally:
        os.close(follower)
        os.close(leader)
    text = drawn.decode()
    assert done.returncode == 0 and done.stdout.startswith(b"40 goblins games")
    assert "simulate goblins" in text and "/40" in text
    assert "<" in text, "tqdm shows elapsed<remaining"
