"""The parts of tools/reliability.py, one module per kind of run."""
