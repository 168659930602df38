"""The tutorial's tips, as data: when each one shows (a situation word from
``tutorial.situation``), what it points at (a name from ``tutorial.anchors``), and what
it says. They follow the first round in order; the guide shows the first one not yet
done that fits the screen."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    when: str
    anchor: str
    text: str


STEPS: tuple[Step, ...] = (
    Step("plan", "own_yard",
         "Welcome! This is your robot's yard. The grey square in the middle is the "
         "cockpit; crossed squares stay empty this round. You and an AI goblin each "
         "build a robot of 20 tiles, then they fight."),
    Step("plan", "hand",
         "You are the planner: you drew these five tiles. Keep three and click the two "
         "you want least; they go to the enemy. Tiles with little grey metal on their "
         "edges are hard to join, so they are good ones to give away."),
    Step("plan_marked", "button:Pass the two marked tiles",
         "The two tiles marked 'pass' go to the enemy's planner. Click one again to "
         "change your mind, then pass them."),
    Step("build", "hand",
         "Now you are the builder: your three tiles and the two the enemy passed you. "
         "Click a tile to pick it. R, a right click or the wheel turns it."),
    Step("build", "own_yard",
         "Click a square to place the picked tile. Put metal against metal: a tile "
         "stays on only if a chain of joins leads to the cockpit. A tick marks a square "
         "where the tile joins as it is turned now."),
    Step("build_placed", "own_yard",
         "A tile with no chain of joins to the cockpit is loose: it is hatched on the "
         "yard, falls off when combat starts and counts as lost. The key under the yard "
         "explains each mark; hover any tile to read what it does."),
    Step("build_full", "button:Confirm placements",
         "All five are placed. Undo takes back the last one; Confirm makes them final. "
         "Planning and building then take turns until both robots have 20 tiles."),
    Step("fell", "log",
         "Combat is about to start, and the loose tiles fell off (the log says how "
         "many). They sit in their robot's scrapyard, which the enemy's agendas and "
         "the tie-break count."),
    Step("agendas", "hand",
         "Keep four of your secret agendas: each scores at the end of the round for "
         "what it counts. Hover one to read it, and pick those your robot can make "
         "come true."),
    Step("agendas_kept", "button:Keep these four",
         "If you kept Star/Snitch, choose a side first: Star scores if you win the "
         "round, Snitch if you lose it. Then keep these four."),
    Step("dials", "steer_dial",
         "You are the pilot. The steering dial turns one of your sides to the front: "
         "only arrows pointing to the front fire, one die each. A quarter turn costs "
         "one engine, a U-turn two. Not turning overheats: one die fewer."),
    Step("dials", "target_dial",
         "The targeting ring picks the enemy side your dice hit, as it stands after "
         "the enemy turns. Its front is free, a side costs one engine, its back two. "
         "The line under the dials adds up the engines."),
    Step("dials", "hand",
         "You are the tactician too: pick one of the three tactics cards. If the enemy "
         "picks the same card, the robot with more unused engines gets it. Then lock "
         "in: both robots reveal their dials together."),
    Step("tactics", "hand",
         "You won your tactics card: use its ability now, or press Done to skip it. "
         "The rules page (Escape, then Rules) says what each ability does."),
    Step("order", "hand",
         "These are your dice. The leftmost hits first: drag a die to change the "
         "order. Each number picks a line along the enemy side you aimed at, and the "
         "shot strikes the first tile on that line."),
    Step("order", "button:Fire!",
         "Fire! The shots land on the enemy robot; a click skips the animation."),
    Step("hits", "enemy_yard",
         "Your shots landed. A defense token soaks up a hit; a bare tile is destroyed "
         "with everything that came loose with it. The log tells each hit, and the "
         "scrapyard line under each robot counts what it lost."),
    Step("dials_again", "steer_dial",
         "A new combat round: set the dials again. Pilot and tactician swap each "
         "round, but in a duel you do both. Combat ends when a robot has no goblins "
         "or no weapons left, or after four rounds."),
    Step("next_round", "scores",
         "That was a whole round: the score screen showed how every point was earned, "
         "and the totals are up here. You are on your own now. Escape opens the menu "
         "with the rules; this game is saved and Continue resumes it."),
)
