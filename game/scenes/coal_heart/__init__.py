"""The Coal Heart client: a plain text match screen until the full client exists."""
