"""Compose and synthesize the background music loop into game/assets/music/workshop.wav.

"Workshop" is an eight-bar loop in G mixolydian at 105 bpm (18.3 s): a marimba-like
melody with a dotted-eighth echo, a plucked bass, a soft chord pad and light junkyard
percussion (a muffled kick, pipe clanks on the backbeat, ticking offbeats and a
ratchet fill). The chords are G | F | C | G || C | G | F | F C, so the last bar's
bVII-IV cadence falls back into the opening G.

It reuses the building blocks and the WAV writer of make_sounds.py (run it from this
folder, or put tools/ on sys.path). Every note is rendered on its own and added into
one preallocated buffer a few seconds longer than the loop; the overhang (notes and
echoes still ringing past the last bar) is then folded onto the start, so the file
loops without a seam. A seeded generator adds small timing and velocity variations;
the output is byte-identical on every run (16-bit mono, 22050 Hz).

    python tools/make_music.py [OUT_DIR]
"""

from __future__ import annotations

import cmath
import math
import random
import sys
from collections.abc import Callable, Sequence
from itertools import accumulate, repeat
from operator import add, attrgetter, mul
from pathlib import Path

from make_sounds import RATE, SEED, count, ring, thump, tick, write_wav

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "game" / "assets" / "music"
BPM = 105
STEP = 60 * RATE // (BPM * 4)  # one sixteenth: 3150 samples exactly at 105 bpm
STEPS_PER_BAR = 16
TAIL = 3.0  # seconds of overhang rendered past the loop and folded onto its start
PEAK = 10 ** (-3 / 20)  # -3 dBFS

Samples = list[float]
Partial = tuple[float, float, float]  # (frequency ratio, gain, decay time constant in s)

# -- the score -----------------------------------------------------------------------------
# Each bar is 16 sixteenth-note steps: a note name starts a note, "-" holds it and "."
# is a rest. A lower-case name is a soft ghost note.
MELODY = [
    "B4 -  D5 -  G5 -  -  -  E5 -  D5 -  B4 -  D5 - ",  # G
    "A4 -  C5 -  F5 -  -  -  D5 -  C5 -  A4 -  c5 - ",  # F
    "E5 -  -  -  -  -  D5 -  C5 -  D5 -  E5 -  G5 - ",  # C
    "D5 -  -  -  -  -  -  -  .  .  B4 -  A4 -  B4 - ",  # G
    "C5 -  E5 -  G5 -  -  -  A5 -  G5 -  E5 -  g5 - ",  # C
    "G5 -  -  -  D5 -  B4 -  D5 -  G5 -  B5 -  -  - ",  # G
    "A5 -  -  -  F5 -  C5 -  F5 -  G5 -  A5 -  g5 - ",  # F
    "F5 -  -  -  C5 -  D5 -  E5 -  -  -  E5 D5 C5 - ",  # F . C .
]
BASS = [
    "G2 -  -  -  -  -  g2 -  D3 -  -  -  G3 -  d3 - ",
    "F2 -  -  -  -  -  f2 -  C3 -  -  -  F3 -  c3 - ",
    "C3 -  -  -  -  -  c3 -  G2 -  -  -  C3 -  g2 - ",
    "G2 -  -  -  -  -  g2 -  D3 -  -  -  G3 -  F3 - ",
    "C3 -  -  -  -  -  c3 -  G2 -  -  -  C3 -  d3 - ",
    "G2 -  -  -  -  -  g2 -  D3 -  -  -  G3 -  d3 - ",
    "F2 -  -  -  -  -  f2 -  C3 -  -  -  F3 -  c3 - ",
    "F2 -  -  -  F3 -  -  -  C3 -  -  -  G2 -  A2 - ",  # A2 steps down into the G
]
# The pad's chord for each half bar ("-" holds it), voiced around middle C so that
# the changes move smoothly.
CHORDS = {"G": ("G3", "B3", "D4"), "F": ("F3", "A3", "C4"), "C": ("G3", "C4", "E4")}
HARMONY = ["G -", "F -", "C -", "G -", "C -", "G -", "F -", "F C"]
# Percussion, one line per sound; the digit is the velocity (1 soft .. 9 loud).
DRUMS = {
    "kick": ["5 . . . . . . . 4 . . . . . . . "] * 8,
    "clank": [". . . . 5 . . . . . . . 6 . . . "] * 3
    + [". . . . 5 . . . . . . . 6 . . 3 "]
    + [". . . . 5 . . . . . . . 6 . . . "] * 3
    + [". . . . 5 . . . . . . . 6 . 3 4 "],
    "tick": ["2 . 5 2 2 . 5 . 2 . 5 2 2 . 5 . ", "2 . 5 . 2 . 5 2 2 . 5 . 2 . 5 3 "] * 4,
    "ratchet": [". . . . . . . . . . . . . . . . "] * 3
    + [". . . . . . . . . . . . . 3 4 . "]
    + [". . . . . . . . . . . . . . . . "] * 3
    + [". . . . . . . . 3 4 5 . . . . . "],
}

NOTE_STEPS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def frequency(name: str) -> float:
    """Equal-tempered pitch of a name like 'G4' or 'F#3' (A4 = 440 Hz)."""
    semitone = NOTE_STEPS[name[0].upper()] + name.count("#") - name.count("b", 1)
    midi = 12 * (int(name[-1]) + 1) + semitone
    return 440.0 * 2 ** ((midi - 69) / 12)


def parse(bars: Sequence[str]) -> list[tuple[int, int, str]]:
    """(start step, length in steps, name) for every note of a line of bars."""
    tokens = [token for bar in bars for token in _tokens(bar)]
    notes = []
    for i, token in enumerate(tokens):
        if token in "-.":
            continue
        length = 1
        while i + length < len(tokens) and tokens[i + length] == "-":
            length += 1
        notes.append((i, length, token))
    return notes


def _tokens(bar: str) -> list[str]:
    tokens = bar.split()
    if len(tokens) != STEPS_PER_BAR:
        raise ValueError(f"a bar needs {STEPS_PER_BAR} steps: {bar!r}")
    return tokens


# -- instruments ---------------------------------------------------------------------------
def decaying(freq: float, gain: float, decay: float, n: int) -> Samples:
    """gain * sin(wt) * exp(-t / decay): the imaginary part of successive powers of one
    complex step, so the loop runs in C (no sin or exp per sample).

    It stops after at most `n` samples, or sooner once it has died away (below -60 dB).
    """
    step = cmath.rect(math.exp(-1 / (decay * RATE)), 2 * math.pi * freq / RATE)
    powers = accumulate(repeat(step, min(n, count(decay * 7)) - 1), mul, initial=complex(gain))
    return list(map(attrgetter("imag"), powers))


def voice(freq: float, partials: Sequence[Partial], attack: float, length: float,
          release: float) -> Samples:
    """Decaying partials with a smooth attack, damped over `release` after `length`."""
    n = count(length + release)
    out = [0.0] * n
    for ratio, gain, decay in partials:
        if freq * ratio < RATE * 0.4:  # keep every partial well below Nyquist
            partial = decaying(freq * ratio, gain, decay, n)
            out[: len(partial)] = map(add, out[: len(partial)], partial)
    for i, level in enumerate(_fade(count(attack))):
        out[i] *= level
    for i, level in enumerate(_fade(count(release))):
        out[n - 1 - i] *= level
    return out


def _fade(n: int) -> list[float]:
    """A smooth (sine squared) rise from 0 towards 1 over n samples."""
    return [math.sin(math.pi / 2 * i / n) ** 2 for i in range(n)]


def marimba(freq: float, velocity: float) -> Samples:
    """A wooden bar: the fundamental rings, the 3.9x overtone is a brief, brighter knock."""
    decay = 0.42 * (440 / freq) ** 0.35
    partials = [(1.0, 1.0, decay), (3.93, 0.22 + 0.25 * velocity, 0.05),
                (2.0, 0.06, decay * 0.5)]
    return voice(freq, partials, 0.003, decay * 4.5, 0.05)


def bass(freq: float, seconds: float) -> Samples:
    """A plucked, palm-muted string: bright for a moment, damped when the note ends."""
    partials = [(1.0, 1.0, 0.7), (2.0, 0.5, 0.25), (3.0, 0.22, 0.12), (4.0, 0.08, 0.06)]
    return voice(freq, partials, 0.006, seconds * 0.9, 0.06)


def pad(freq: float, seconds: float) -> Samples:
    """A soft reed-organ tone that swells in and lets go gently."""
    partials = [(1.0, 1.0, 3.0), (2.0, 0.18, 1.5), (3.0, 0.05, 0.8)]
    return voice(freq, partials, 0.25, seconds, 0.4)


def drum_kit(rng: random.Random) -> dict[str, list[Samples]]:
    """A few takes of every percussion sound, so repeated hits are not identical."""
    kick = [thump(120, 48, 0.07, 0.3)]
    clank = [_clank(rng, rng.uniform(0.97, 1.03)) for _ in range(3)]
    ticks = [tick(rng, rng.uniform(3000, 3600), rng.uniform(0.006, 0.012), 0.06)
             for _ in range(4)]
    ratchet = [tick(rng, rng.uniform(2000, 2600), 0.004, 0.03) for _ in range(3)]
    return {"kick": kick, "clank": clank, "tick": ticks, "ratchet": ratchet}


def _clank(rng: random.Random, detune: float) -> Samples:
    """A spanner tapped on a pipe: inharmonic ringing over a short knock."""
    metal = ring([(587 * detune, 0.5, 0.09), (1353 * detune, 0.3, 0.05),
                  (2137 * detune, 0.15, 0.03)], 0.3)
    knock = tick(rng, 1800, 0.01, 0.3)
    return list(map(add, metal, map(0.6.__mul__, knock)))


GAINS = {"melody": 0.5, "bass": 0.55, "pad": 0.07, "kick": 0.6, "clank": 0.32, "tick": 0.25,
         "ratchet": 0.35}
ECHOES = ((3, 0.3), (6, 0.12))  # (delay in sixteenths, gain): a dotted-eighth echo


# -- rendering -----------------------------------------------------------------------------
class Track:
    """A buffer as long as the loop plus an overhang, filled one note at a time."""

    def __init__(self, steps: int) -> None:
        self.loop = steps * STEP
        self.buffer = [0.0] * (self.loop + count(TAIL))

    def add(self, start: int, samples: Samples, gain: float) -> None:
        end = start + len(samples)
        if end > len(self.buffer):  # cut short, it would leave a seam at the loop point
            raise ValueError(f"a note rings {(end - self.loop) / RATE:.2f} s past the loop; "
                             "raise TAIL")
        self.buffer[start:end] = map(add, self.buffer[start:end], map(gain.__mul__, samples))

    def folded(self) -> Samples:
        """The loop with the overhang wrapped onto its start: seamless when repeated."""
        out = self.buffer[: self.loop]
        overhang = self.buffer[self.loop:]
        out[: len(overhang)] = map(add, out[: len(overhang)], overhang)
        return out


def velocity(step: int, ghost: bool, rng: random.Random) -> float:
    """Accent the beats, lean on the offbeat eighths, plus a little human variation."""
    accent = (1.0, 0.7, 0.82, 0.7)[step % 4] * (1.0 if step % 16 else 1.08)
    return accent * (0.45 if ghost else 1.0) * rng.uniform(0.9, 1.05)


def nudge(rng: random.Random) -> int:
    """A few milliseconds late, never early, so no note starts before the loop."""
    return round(rng.uniform(0.0, 0.006) * RATE)


def compose(rng: random.Random) -> Samples:
    steps = len(MELODY) * STEPS_PER_BAR
    main, lead = Track(steps), Track(steps)
    step_seconds = STEP / RATE
    tones: dict[tuple, Samples] = {}

    def tone(make: Callable[..., Samples], *args: object) -> Samples:
        """Render each distinct note once; repeats reuse it."""
        if (make, *args) not in tones:
            tones[(make, *args)] = make(*args)
        return tones[(make, *args)]

    for start, _length, name in parse(MELODY):
        level = velocity(start, name.islower(), rng)
        bright = round(level, 1)  # brightness follows the velocity, in a few steps
        lead.add(start * STEP + nudge(rng), tone(marimba, frequency(name), bright),
                 GAINS["melody"] * level)
    for start, length, name in parse(BASS):
        level = velocity(start, name.islower(), rng)
        main.add(start * STEP + nudge(rng), tone(bass, frequency(name), length * step_seconds),
                 GAINS["bass"] * level)
    for start, length, chord in parse([_half_bars(bar) for bar in HARMONY]):
        for name in CHORDS[chord]:
            main.add(start * STEP, tone(pad, frequency(name), length * step_seconds),
                     GAINS["pad"])
    kit = drum_kit(rng)
    for sound, bars in DRUMS.items():
        for start, _length, digit in parse(bars):
            level = int(digit) / 9 * rng.uniform(0.85, 1.0)
            main.add(start * STEP + nudge(rng), rng.choice(kit[sound]), GAINS[sound] * level)
    melody = lead.folded()
    mixed = list(map(add, main.folded(), melody))
    for delay_steps, gain in ECHOES:
        echo = _rotated(_softened(melody), delay_steps * STEP)
        mixed = list(map(add, mixed, map(gain.__mul__, echo)))
    loudest = max(abs(x) for x in mixed)
    return list(map((PEAK / loudest).__mul__, mixed))


def _half_bars(bar: str) -> str:
    first, second = bar.split()
    return " ".join([first, *["-"] * 7, second, *["-"] * 7])


def _softened(samples: Samples) -> Samples:
    """A gentle circular low-pass (two-point average) so the echoes sit behind."""
    return [(a + b) / 2 for a, b in zip(samples, samples[-1:] + samples[:-1], strict=True)]


def _rotated(samples: Samples, shift: int) -> Samples:
    """The loop delayed by `shift` samples, wrapping around its end."""
    return samples[-shift:] + samples[:-shift]


def main(out_dir: Path = DEFAULT_OUT) -> Path:
    """Write the loop into `out_dir` and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "workshop.wav"
    write_wav(path, compose(random.Random(SEED ^ 0x6D75)))
    return path


if __name__ == "__main__":
    written = main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT)
    print(f"{written}  {written.stat().st_size} bytes")
