"""The loop of ``tongiaki play`` for any game of the protocol: chance, bots and humans in turn.

:func:`play_match` asks a :class:`GameFront` (one game's part: how a
position is drawn, how an action is typed) and the game protocol
(:class:`~tongiaki_rules.game.GamePosition`) everything else: who decides,
whether chance acts, whether the game is over. It prints who sits where,
lets chance act, asks the humans at the terminal (``help`` and ``quit``
for every game, the game's own commands beside them), asks the bots, and
says how the game stopped: 0 at its end or after ``quit``, 1 when the input
ends first.

In a game where players choose at once (Tóncc), several humans share the
terminal (hot-seat): each one's answer is then read without being shown
(not echoed at a terminal, not written back when piped), a refused answer
is not quoted, and nobody's choice is applied or told before every decider
has chosen. Bots choose from the position alone, never from what the
humans chose.

>>> Reply.RETRACTED.name
'RETRACTED'
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Mapping
from typing import Any, Protocol

from ..errors import TongiakiError
from ..game import GamePosition
from ._common import ask
from ._console import say
from ._language import tr

__all__ = [
    "STATUS_INPUT_ENDED",
    "GameFront",
    "Reply",
    "UnreadableAnswerError",
    "play_match",
]

STATUS_INPUT_ENDED = 1
"""Exit status when the input ends before the game does."""


class Reply(enum.Enum):
    """What a typed line did, other than choose an action."""

    SHOWN = "shown"
    """A command that only showed something (``board``, ``help``): ask again."""
    RETRACTED = "retracted"
    """A command that took moves back (``undo``): the position changed, start the step again."""
    QUIT = "quit"
    """``quit``, confirmed: the game stops here."""
    ENDED = "ended"
    """The input ended before an answer."""


class UnreadableAnswerError(TongiakiError):
    """A line typed for a decision that is no legal action; the message says what to type.

    ``blind`` is the same advice without quoting the line, for a terminal
    other players are looking at while the choices are secret.

    >>> error = UnreadableAnswerError("'7' is not a move: type 1 to 6", "not a move: type 1 to 6")
    >>> str(error), error.blind
    ("'7' is not a move: type 1 to 6", 'not a move: type 1 to 6')
    """

    def __init__(self, message: str, blind: str | None = None) -> None:
        super().__init__(message)
        self.blind = message if blind is None else blind
        """The advice without the line typed."""


class GameFront(Protocol):
    """One game's part of ``tongiaki play``: its table, its pictures, its notation, its record."""

    @property
    def position(self) -> GamePosition[Any, Any]:
        """The position now, under the game protocol."""

    simultaneous: bool
    """Whether the players choose at once (their choices are then secret until all have)."""
    humans: frozenset[int]
    """The players who answer at this terminal."""
    seed: int
    """The seed of the session (chance and bots), printed at the start."""
    help_hint: str
    """The line that says how to get help, printed when a human plays."""

    def heading(self) -> None:
        """Print what comes before the table line (the game's header)."""

    def seat_label(self, player: int) -> str:
        """How ``player`` is named at the table (``seat 0 Blue``, ``player 1``)."""

    def bot_name(self, player: int) -> str | None:
        """The name of ``player``'s bot, ``None`` for a human."""

    def origin(self) -> str | None:
        """Where the game comes from, in one line (``None`` for a new game)."""

    def start(self) -> None:
        """Print or write what the position so far needs before the first decision."""

    def chance(self) -> None:
        """Let chance act (seeded), record it and tell it."""

    def bot_choice(self, player: int) -> Any:
        """The action ``player``'s bot chooses in :attr:`position`."""

    def show(self) -> None:
        """Print the position for the humans who are about to decide."""

    def ask_order(self, players: list[int]) -> list[int]:
        """The order the humans among the deciders are asked in."""

    def prompt(self, player: int) -> str:
        """The prompt of ``player``'s decision."""

    def chooser(self, player: int) -> str:
        """``player``'s name in ``... has chosen (hidden until all have).``"""

    def help_text(self) -> str:
        """What ``help`` prints: the commands and how to type an action."""

    def command(self, word: str, rest: str) -> Reply | None:
        """Run the game's own command ``word`` (``rest``: its argument); ``None`` if it is none."""

    def parse(self, text: str, player: int) -> Any:
        """The legal action ``text`` names for ``player``; else :class:`UnreadableAnswerError`."""

    def apply(self, choices: Mapping[int, Any]) -> None:
        """Play every decider's action at once, record it and tell what it did."""

    def unsaved(self) -> bool:
        """Whether moves would be lost by quitting now (``quit`` then asks at a terminal)."""

    def record_text(self) -> str:
        """The game so far as the game's JSON record (``--record``)."""

    def tell_stopped(self) -> None:
        """Print how the game stood when ``quit`` stopped it."""

    def tell_input_ended(self) -> str:
        """Print what is due when the input ended; return what to add to the stderr line."""

    def finish(self) -> None:
        """Print the end of a finished game."""


def play_match(front: GameFront, command: str) -> int:
    """Play the game of ``front`` to its end; 0 at the end or on ``quit``, 1 if the input ends.

    ``command`` (``tongiaki play``) heads the line on stderr when the input ends.
    """
    _open(front)
    while not front.position.is_terminal:
        position = front.position
        if position.is_chance:
            front.chance()
            continue
        deciders = position.deciders
        humans = front.ask_order([player for player in deciders if player in front.humans])
        hidden = front.simultaneous and len(front.humans) > 1
        choices: dict[int, Any] = {}
        if humans:
            front.show()
        for player in humans:
            answer = _consult(front, player, hidden=hidden)
            if answer is Reply.QUIT:
                front.tell_stopped()
                return 0
            if answer is Reply.ENDED:
                tail = front.tell_input_ended()
                print(f"{command}: the input ended before the game did{tail}", file=sys.stderr)
                return STATUS_INPUT_ENDED
            if answer is Reply.RETRACTED:
                break
            choices[player] = answer
        else:
            for player in deciders:
                if player not in front.humans:
                    choices[player] = front.bot_choice(player)
            front.apply(choices)
    front.finish()
    return 0


def _open(front: GameFront) -> None:
    """The heading, who sits where with the seed, where the game comes from, the help hint."""
    front.heading()
    t = tr()
    seats = []
    for player in range(front.position.num_players):
        bot = front.bot_name(player)
        seats.append(f"{front.seat_label(player)} ({t.gettext('human') if bot is None else bot})")
    line = t.gettext("At the table: {seats}; seed {seed}")
    say(line.format(seats=", ".join(seats), seed=front.seed))  # wrapped on a narrow terminal
    origin = front.origin()
    if origin is not None:
        print(origin)
    if front.humans:
        print(front.help_hint)
    front.start()


def _consult(front: GameFront, player: int, *, hidden: bool) -> Any:
    """Ask ``player`` until a legal action comes, or a :class:`Reply` that ends the question."""
    prompt = front.prompt(player)
    while True:
        line = ask(prompt, hidden=hidden)
        if line is None:
            return Reply.ENDED
        text = line.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            print(front.help_text())
            continue
        if word in ("quit", "exit"):
            if _confirm_quit(front):
                return Reply.QUIT
            continue
        reply = front.command(word, rest.strip())
        if reply is Reply.RETRACTED:
            return reply
        if reply is not None:
            continue
        try:
            action = front.parse(text, player)
        except UnreadableAnswerError as exc:
            say(exc.blind if hidden else str(exc))
            continue
        if hidden:
            say(f"{front.chooser(player)} has chosen (hidden until all have).")
        return action


def _confirm_quit(front: GameFront) -> bool:
    """Whether to quit: asked at a terminal when moves would be lost, else yes."""
    if not front.unsaved() or not sys.stdin.isatty():
        return True
    t = tr()
    answer = ask(t.gettext("The game is not saved (save FILE keeps it). Quit anyway? [y/N] "))
    if answer is None or answer.strip().lower() in ("y", "yes"):
        return True
    print(t.gettext("Playing on."))
    return False
