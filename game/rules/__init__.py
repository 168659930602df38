"""Pure, deterministic rules packages. Nothing under here imports pygame or does I/O
beyond reading the bundled card data."""
