"""Goblins, Inc. screens: the match, its phase panels, hand-over and scoring."""
