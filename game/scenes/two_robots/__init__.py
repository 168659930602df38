"""Two Robots scenes: the match screen and what it draws."""
