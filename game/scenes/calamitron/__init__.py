"""Calamitron's scenes: the match screen (board, program rails, playback) and its
parts, one module each."""
