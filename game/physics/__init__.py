"""pymunk worlds for the look of things: dice tumbling and tiles falling off. They
decide nothing; every outcome comes from the rules' seeded RNG."""
