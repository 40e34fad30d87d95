"""Short, evaluable reprs, and signatures and help pages a person can read.

``repr(Rules())`` is ``Rules()``, a changed rule set shows only its changed
flags, enum members print as ``EndTrigger.SIXTEEN_ON_TABLE``, the standard
tiles as ``STANDARD_TILES``; each of these evaluates back to an equal value
with ``from tongiaki_rules import *``. Because default arguments print their
repr, this keeps ``help(new_game)`` and every public signature small.
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import pydoc
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tongiaki_rules
from tongiaki_rules import (
    STANDARD_TILES,
    TONGA,
    BeachSpec,
    BounceTarget,
    ClosedRouteMode,
    Colour,
    DecisionKind,
    EndlessChain,
    EndTrigger,
    GameConfig,
    IslandTile,
    OceanTile,
    Route,
    Rules,
    TieBreak,
    TileSet,
    new_game,
)
from tongiaki_rules.fuzzing import rules_flag_values, rules_strategy, tile_sets

API_PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "api.md"
SIZE_LIMIT = 3000
"""Characters allowed for a signature, or for a function's whole help page."""


def evaluated(text: str) -> object:
    """``text`` evaluated as a user would: after ``from tongiaki_rules import *``."""
    namespace: dict[str, Any] = {}
    exec("from tongiaki_rules import *", namespace)
    return eval(text, namespace)


def keywords_of(text: str) -> list[str]:
    """The keyword names of the call written in ``text``, in order."""
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call), text
    assert not call.args, text
    return [k.arg for k in call.keywords if k.arg is not None]


# ------------------------------------------------------------------ rules


def test_default_rules_print_as_a_bare_call() -> None:
    assert repr(Rules()) == "Rules()"
    assert str(Rules()) == "Rules()"


def test_changed_rules_print_only_the_changed_flags_in_field_order() -> None:
    rules = Rules(variant_rody=True, end_trigger="sixteen_on_table")
    assert repr(rules) == ("Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE, variant_rody=True)")


def test_a_flag_set_to_its_default_is_not_printed() -> None:
    assert repr(Rules(failure_ends_turn=False, endless_chain="remove_island")) == "Rules()"


@st.composite
def changed_flags(draw: st.DrawFn) -> dict[str, object]:
    """A few flags, each set to any of its values (defaults included)."""
    values = rules_flag_values()
    names = draw(st.lists(st.sampled_from(sorted(values)), unique=True, max_size=8))
    return {name: draw(st.sampled_from(values[name])) for name in names}


@settings(max_examples=150, deadline=None)
@given(changed_flags())
def test_rules_repr_evaluates_back_and_names_exactly_the_changed_flags(
    flags: dict[str, object],
) -> None:
    rules = Rules(**flags)  # type: ignore[arg-type]
    text = repr(rules)
    assert evaluated(text) == rules
    assert keywords_of(text) == list(rules.changed())
    defaults = Rules()
    assert set(keywords_of(text)) == {
        name for name, value in flags.items() if value != getattr(defaults, name)
    }


@settings(max_examples=60, deadline=None)
@given(rules_strategy())
def test_sampled_rules_repr_evaluates_back(rules: Rules) -> None:
    text = repr(rules)
    assert evaluated(text) == rules
    assert keywords_of(text) == list(rules.changed())


# ------------------------------------------------------------------ enums

PROJECT_ENUMS: list[type[enum.Enum]] = [
    kind
    for name in tongiaki_rules.__all__
    if isinstance(kind := getattr(tongiaki_rules, name), type) and issubclass(kind, enum.Enum)
]


def test_the_project_has_the_enums_this_file_expects() -> None:
    expected = {BounceTarget, ClosedRouteMode, Colour, DecisionKind, EndTrigger, TieBreak}
    assert expected <= set(PROJECT_ENUMS)


@pytest.mark.parametrize("kind", PROJECT_ENUMS, ids=lambda kind: kind.__name__)
def test_enum_members_print_as_written_in_code(kind: type[enum.Enum]) -> None:
    for member in kind:
        assert repr(member) == f"{kind.__name__}.{member.name}"
        assert evaluated(repr(member)) is member


def test_string_enums_keep_their_plain_str_and_json_value() -> None:
    assert str(EndlessChain.RETURN_GROUP) == "return_group"
    assert f"{DecisionKind.SETUP}" == "setup"
    assert EndTrigger.SIXTEEN_ON_TABLE == "sixteen_on_table"


# ------------------------------------------------------------------ tiles


def test_the_standard_tiles_print_as_their_name() -> None:
    assert repr(STANDARD_TILES) == "STANDARD_TILES"
    assert repr(TONGA) == "TONGA"
    assert repr(STANDARD_TILES.tile("hawaii")) == "STANDARD_TILES.tile('hawaii')"
    assert repr(STANDARD_TILES.tile("ocean-p")) == "STANDARD_TILES.tile('ocean-p')"


def test_every_standard_tile_repr_evaluates_to_that_tile() -> None:
    assert evaluated(repr(STANDARD_TILES)) == STANDARD_TILES
    for tile in STANDARD_TILES.kinds:
        assert evaluated(repr(tile)) == tile


def test_a_tile_that_only_shares_a_standard_id_prints_in_full() -> None:
    fake = IslandTile("hawaii", "Hawaii", 9, (BeachSpec(3, (1,)),))
    assert repr(fake).startswith("IslandTile(id='hawaii'")
    assert evaluated(repr(fake)) == fake


def test_a_custom_tile_repr_evaluates_back() -> None:
    ocean = OceanTile("x", (Route(0, 3, 0), Route(1, 5, 2), Route(2, 4, 4)))
    assert repr(ocean) == (
        "OceanTile(id='x', routes=(Route(a=0, b=3, colours=0), "
        "Route(a=1, b=5, colours=2), Route(a=2, b=4, colours=4)))"
    )
    assert evaluated(repr(ocean)) == ocean


def test_a_custom_tile_set_prints_a_short_summary() -> None:
    tiles = TileSet.of(TONGA, STANDARD_TILES.pile[:20])
    assert repr(tiles) == "<TileSet: start 'tonga', 20 tiles in the pile (15 islands, 5 oceans)>"


def test_the_standard_tiles_in_another_pile_order_are_not_called_standard() -> None:
    reordered = TileSet.of(TONGA, reversed(STANDARD_TILES.pile))
    assert reordered != STANDARD_TILES
    assert repr(reordered).startswith("<TileSet: start 'tonga', 31 tiles")


@settings(max_examples=40, deadline=None)
@given(tile_sets())
def test_custom_tile_sets_print_briefly_and_their_tiles_evaluate_back(tiles: TileSet) -> None:
    text = repr(tiles)
    assert len(text) < 120
    assert text == "STANDARD_TILES" or text.startswith("<TileSet: ")
    for tile in tiles.kinds:
        assert evaluated(repr(tile)) == tile


# ------------------------------------------------------------------ settings


def test_a_game_config_prints_as_the_call_that_makes_it() -> None:
    config = new_game(2, Rules(variant_two_player_double_colour=True), start_player=1).config
    text = repr(config)
    assert text == (
        "GameConfig.make(num_players=2, rules=Rules(variant_two_player_double_colour=True), "
        "tiles=STANDARD_TILES, start_player=1)"
    )
    made = evaluated(text)
    assert made == config
    assert isinstance(made, GameConfig) and made.next_agent == config.next_agent


def test_a_hand_built_game_config_prints_every_field() -> None:
    odd = GameConfig(3, Rules(), STANDARD_TILES, 0, (0, 1, 2), (0, 2, 1), (2, 0, 1))
    text = repr(odd)
    assert text.startswith("GameConfig(num_players=3, rules=Rules(), tiles=STANDARD_TILES,")
    assert evaluated(text) == odd


# ------------------------------------------------------------------ signatures and help


def _documented_modules() -> list[str]:
    """The modules and names the API reference renders (``::: name`` lines)."""
    return re.findall(r"^::: (\S+)$", API_PAGE.read_text(encoding="utf-8"), re.M)


def _public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public callable of the package and the documented modules, with methods."""
    seen: set[int] = set()
    roots: list[tuple[str, object]] = [
        (f"tongiaki_rules.{name}", getattr(tongiaki_rules, name)) for name in tongiaki_rules.__all__
    ]
    for target in _documented_modules():
        try:
            module = importlib.import_module(target)
        except ImportError:
            continue  # a name, not a module: it is among __all__ already
        names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        for name in names:
            try:
                roots.append((f"{target}.{name}", getattr(module, name)))
            except ImportError:  # a name of an extra not installed (PostgresStorage, psycopg)
                continue
    for path, value in roots:
        if not callable(value) or not getattr(value, "__module__", "").startswith("tongiaki_rules"):
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield path, value
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for name, member in vars(value).items():
                if name.startswith("_"):
                    continue
                if isinstance(member, classmethod | staticmethod):
                    member = member.__func__
                if inspect.isfunction(member):
                    yield f"{path}.{name}", getattr(value, name)


PUBLIC_CALLABLES = dict(_public_callables())


def test_the_walk_finds_the_functions_users_call() -> None:
    for name in [
        "tongiaki_rules.new_game",
        "tongiaki_rules.position",
        "tongiaki_rules.Recorder",
        "tongiaki_rules.play_random_game",
        "tongiaki_rules.bots.play_match",
        "tongiaki_rules.simulation.simulate",
    ]:
        assert name in PUBLIC_CALLABLES
    assert len(PUBLIC_CALLABLES) > 150


def _signature_text(value: Callable[..., Any]) -> str | None:
    try:
        return str(inspect.signature(value))
    except (TypeError, ValueError):  # builtins and enums without a signature
        return None


@pytest.mark.parametrize("path", sorted(PUBLIC_CALLABLES))
def test_every_public_signature_is_short(path: str) -> None:
    text = _signature_text(PUBLIC_CALLABLES[path])
    assert text is None or len(text) < SIZE_LIMIT, (
        f"inspect.signature({path}) is {len(text)} characters "
        f"(a default printed in full?): {text[:300]}..."
    )


@pytest.mark.parametrize(
    "path", sorted(p for p, f in PUBLIC_CALLABLES.items() if inspect.isfunction(f))
)
def test_every_public_function_help_page_is_short(path: str) -> None:
    page = pydoc.render_doc(PUBLIC_CALLABLES[path], renderer=pydoc.plaintext)
    assert len(page) < SIZE_LIMIT, f"help({path}) is {len(page)} characters"


def test_help_for_new_game_shows_the_short_defaults() -> None:
    page = pydoc.render_doc(new_game, renderer=pydoc.plaintext)
    assert "rules: 'Rules' = Rules()" in page
    assert "tiles: 'TileSet' = STANDARD_TILES" in page
    assert len(page) < 1500


def test_no_public_signature_prints_an_old_style_enum_or_full_rules() -> None:
    for path, value in PUBLIC_CALLABLES.items():
        text = _signature_text(value) or ""
        assert "expand_allow_fewer" not in text, path
        assert not re.search(r"<\w+\.\w+: ", text), path
        assert "IslandTile(" not in text, path


def test_views_and_settings_print_the_short_forms_inside_them() -> None:
    state = new_game(3)
    assert "Rules()" in repr(state.config)
    assert repr(state.islands[0]).startswith("IslandView(position=(0, 0), rotation=0, tile=TONGA,")
    assert attrs.has(type(state.islands[0]))
