"""``tongiaki replay`` (being written)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Register the subcommand."""
    parser = sub.add_parser("replay", help="(being written)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the subcommand."""
    raise NotImplementedError
