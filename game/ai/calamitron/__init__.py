"""The Calamitron bots: a program planner that plays candidate programs forward
with the rules engine."""
