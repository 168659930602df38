"""Robots: Battle for the Coal Heart (issue 18): rules, data and scenario runner."""
