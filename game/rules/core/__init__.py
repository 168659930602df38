"""Game-agnostic rules machinery: actions, events, errors, seeded RNG, data loading,
the game registry and match records. Nothing here may know about a particular game."""
