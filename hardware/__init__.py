"""The physical-table companion: serial protocol, device link and firmware."""
