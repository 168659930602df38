"""``python -m game`` is the ``botyard`` command."""

from game.cli import main

raise SystemExit(main())
