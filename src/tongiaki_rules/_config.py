"""What stays fixed for a whole game: the settings, checked, and the turn order they give.

:func:`check_settings` refuses what is not a game (COMP-1); :meth:`GameConfig.make`
derives the seats and the turn order from the start player (SETUP-3), with the
two-colour two-player variant (VARIANT-2P-1), and checks that the start island
holds the setup boats (SETUP-5).
"""

from __future__ import annotations

import attrs

from .errors import SettingsError, shown
from .rules import Rules, TwoPlayerTurnOrder
from .tiles import TileSet

DEFAULT_RULES = Rules()
"""The recommended reading of every contested point (the defaults of :class:`Rules`)."""


def check_settings(num_players: object, rules: object, tiles: object) -> None:
    """Refuse settings that are not a game, with a SettingsError naming the argument.

    ``num_players`` must be an ``int`` (not a bool) from 2 to 6, ``rules`` a
    :class:`~tongiaki_rules.rules.Rules` and ``tiles`` a
    :class:`~tongiaki_rules.tiles.TileSet`. Shared by :meth:`GameConfig.make`
    and everything that is built per game (encodings, observation layouts).

    >>> check_settings(3, Rules(), STANDARD_TILES)
    >>> try:
    ...     check_settings(True, Rules(), STANDARD_TILES)
    ... except SettingsError as error:
    ...     print(error)
    num_players: Tongiaki is for 2 to 6 players, not True [COMP-1]
    """
    if type(num_players) is not int or not 2 <= num_players <= 6:
        raise SettingsError(
            f"num_players: Tongiaki is for 2 to 6 players, not {shown(num_players)} [COMP-1]"
        )
    if not isinstance(rules, Rules):
        raise SettingsError(f"rules must be a Rules, not {shown(rules)}")
    if not isinstance(tiles, TileSet):
        raise SettingsError(f"tiles must be a TileSet, not {shown(tiles)}")


@attrs.frozen(slots=True)
class GameConfig:
    """What stays fixed for a whole game: players, colours, turn order, rules, tiles.

    Seat ``i`` plays colour ``i``; in the two-colour two-player variant seat
    ``i`` also plays colour ``i + 2``. The repr is the call that makes it:

    >>> GameConfig.make(3, Rules(), STANDARD_TILES, 1)
    GameConfig.make(num_players=3, rules=Rules(), tiles=STANDARD_TILES, start_player=1)
    """

    num_players: int
    rules: Rules
    tiles: TileSet
    start_player: int
    agent_seats: tuple[int, ...]
    """Seat of each colour in play, indexed by colour."""
    order: tuple[int, ...]
    """Colours in turn order, beginning with the start player's (first) colour."""
    next_agent: tuple[int, ...] = attrs.field(eq=False, hash=False)

    def __repr__(self) -> str:
        settings = (
            f"num_players={self.num_players!r}, rules={self.rules!r}, "
            f"tiles={self.tiles!r}, start_player={self.start_player!r}"
        )
        try:
            made = GameConfig.make(self.num_players, self.rules, self.tiles, self.start_player)
        except SettingsError:
            made = None
        if made is not None and made == self and made.next_agent == self.next_agent:
            return f"GameConfig.make({settings})"
        return (
            f"GameConfig({settings}, agent_seats={self.agent_seats!r}, "
            f"order={self.order!r}, next_agent={self.next_agent!r})"
        )

    @classmethod
    def make(cls, num_players: int, rules: Rules, tiles: TileSet, start_player: int) -> GameConfig:
        """Validate the settings and derive the turn order.

        Every wrong argument raises :class:`~tongiaki_rules.errors.SettingsError`
        naming it.
        """
        check_settings(num_players, rules, tiles)
        if type(start_player) is not int or not 0 <= start_player < num_players:
            raise SettingsError(
                f"start_player must be a seat 0..{num_players - 1}, not {shown(start_player)}"
            )
        s = start_player
        if rules.variant_two_player_double_colour:
            if num_players != 2:
                raise SettingsError(
                    "the two-colour variant is for exactly 2 players [VARIANT-2P-1]"
                )
            seats: tuple[int, ...] = (0, 1, 0, 1)
            if rules.two_player_turn_order is TwoPlayerTurnOrder.ALTERNATE_SEATS:
                order: tuple[int, ...] = (s, 1 - s, s + 2, 3 - s)
            else:
                order = (s, s + 2, 1 - s, 3 - s)
        else:
            seats = tuple(range(num_players))
            order = tuple((s + k) % num_players for k in range(num_players))
        nxt = [0] * len(seats)
        for k, agent in enumerate(order):
            nxt[agent] = order[(k + 1) % len(order)]
        room = sum(b.slots - 1 for b in tiles.start.beaches)
        if room < 2 * len(seats):
            raise SettingsError("the start island has too few slots for the setup boats [SETUP-5]")
        return cls(num_players, rules, tiles, start_player, seats, order, tuple(nxt))
