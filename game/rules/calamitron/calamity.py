"""Calamity draws: a Catastrophe lies face up (the third loses), a Surplus Rogue rolls in
through a door, and the designed cards' effects. A draw resolves fully before play goes
on; an empty deck takes back the discards, shuffled."""

from __future__ import annotations

from game.rules.calamitron.events import Drew, Entered
from game.rules.calamitron.geometry import show, turn
from game.rules.calamitron.motion import DRAW, face, finish, stand, stun
from game.rules.calamitron.rogues import move
from game.rules.calamitron.state import Piece, State

LOSING = 3
"""Face-up Catastrophes that lose the game."""


def top_card(state: State) -> str:
    if not state.deck and state.discards:
        state.deck, state.discards = state.discards, []
        if state.rng is not None:
            state.rng.shuffle(state.deck)
    return state.deck.pop(0) if state.deck else "quiet"


def draw(state: State) -> None:
    card = top_card(state)
    state.log.append(Drew(card))
    if card == "catastrophe":
        state.catastrophes += 1
        if state.catastrophes >= LOSING:
            finish(state, "lost")
        return
    state.discards.append(card)
    if card.startswith("surplus-"):
        surplus(state, card.removeprefix("surplus-"))
    elif card != "quiet":
        resolve(state, state.cat.calamity(card).effect)


def turn_order_types(state: State) -> list[str]:
    """This round's Rogue cards in turn order (from the Pry Bar), then the other types in
    play."""
    dealt = [state.deal[(state.pry + i) % state.n] for i in range(state.n)] if state.deal else []
    return [*[k for k in dealt if k], *[k for k in state.in_play if k not in dealt]]


def surplus(state: State, side: str) -> None:
    """The type with most figures off the board stands outside that side's door, facing
    in, and moves at once; if it does not get in it is removed."""
    door = state.board.door_on(side)
    if door is None:
        return
    on_board: dict[str, int] = {}
    for piece in state.pieces.values():
        on_board[piece.kind] = on_board.get(piece.kind, 0) + 1
    best, most = "", 0
    for kind in turn_order_types(state):
        off = state.cat.figures - on_board.get(kind, 0)
        if off > most:
            best, most = kind, off
    if not best:
        return
    state.surplus += 1
    outside, facing = state.board.outside(door)
    rogue = Piece(f"surplus{state.surplus}", best, outside, facing)
    state.pieces[rogue.id] = rogue
    state.log.append(Entered(rogue.id, best, show(outside), facing))
    move(state, rogue)


def _on_board(state: State, retros: bool) -> list[Piece]:
    return [p for p in state.pieces.values()
            if not p.is_crate and p.is_retro == retros and state.board.on_board(p.at)]


def resolve(state: State, effect: str) -> None:
    """A designed card's effect: at once, or marked for the next round."""
    if effect in ("rogue-steps-down", "program-up", "program-down", "rogue-steps-up"):
        state.effects[effect] = state.round + 1
        return
    retros = effect.startswith("retros")
    for piece in _on_board(state, retros):
        if effect.endswith("-stand") and piece.stunned:
            stand(state, piece)
        elif effect.endswith("-stun") and piece.kind != "bossbot":
            stun(state, piece)
        elif effect == "rogues-about":
            face(state, piece, turn(piece.facing, "U"))
        elif effect == "rogues-turn":
            face(state, piece, turn(piece.facing, state.cat.rogues[piece.kind].turns))
        elif effect == "retros-turn":
            face(state, piece, turn(piece.facing, "R"))


DRAW[:] = [draw]
