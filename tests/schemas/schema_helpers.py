"""The two schemas for ``jsonschema``, strict about integers, and valid documents to spoil."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import jsonschema
from referencing import Registry, Resource

from tongiaki_rules import GameState, Recorder, RecordError, new_game
from tongiaki_rules.bots import RandomBot, play_match
from tongiaki_rules.fuzzing import sample_rules, sample_tile_set
from tongiaki_rules.record import GameRecord, json_schema, state_to_dict
from tongiaki_rules.record._schema_check import check_schema
from tongiaki_rules.testing import random_playout

STATE, RECORD = "tongiaki-state", "tongiaki-record"

# Our readers take an integer only as written without a fraction: 3.0 is not 3.
# That rule belongs to the JSON text, which JSON Schema does not see, so the
# standard validator is told the same (bools were never integers for it).
_STRICT = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: type(value) is int
    ),
)


@cache
def registry() -> Registry:
    schemas = [json_schema(STATE), json_schema(RECORD)]
    return Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas
    )


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    validator: jsonschema.Draft202012Validator = _STRICT(json_schema(name), registry=registry())
    return validator


def standard_accepts(doc: Any, name: str) -> bool:
    return bool(validator(name).is_valid(doc))


def ours_accept(doc: Any, name: str, pointer: str = "") -> bool:
    try:
        check_schema(doc, name, pointer)
    except RecordError:
        return False
    return True


def game(seed: int, *, custom: bool = False) -> tuple[GameState, ...]:
    """A random game with sampled flags (and a custom tile set when ``custom``)."""
    rng = random.Random(seed)
    if custom:
        start = new_game(2, sample_rules(rng, two_colour=False), tiles=sample_tile_set(rng))
    else:
        players = 2 + seed % 5
        start = new_game(players, sample_rules(rng, two_colour=players == 2))
    return tuple(random_playout(start, random.Random(seed)))


@cache
def state_docs() -> tuple[dict[str, Any], ...]:
    """State documents from setup to the end, standard and custom tiles, many flags."""
    docs = []
    for seed in range(12):
        states = game(seed, custom=seed % 3 == 2)
        docs += [state_to_dict(s) for s in states[:: max(1, len(states) // 8)]]
        docs.append(state_to_dict(states[-1]))
    return tuple(docs)


def version_3(record: dict[str, Any], start: dict[str, Any] | None) -> dict[str, Any]:
    """``record`` (version 2) as the fixed version 3 form: ``start`` before the actions."""
    doc = {k: v for k, v in record.items() if k != "actions"}
    doc.update(version=3, start=start, actions=record["actions"])
    return doc


@cache
def record_docs() -> tuple[dict[str, Any], ...]:
    """Records as the writers give them, and version 3 forms with and without a start."""
    docs = []
    recorder = Recorder(3, metadata={"players": "Ann, Bob, Cy", "round": 2})
    rng = random.Random(5)
    for _ in range(40):
        if recorder.state.is_chance_node:
            recorder.resolve_chance(rng)
        else:
            recorder.apply(rng.choice(recorder.state.legal_actions()))
    docs.append(recorder.record.to_dict())
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    docs.append(play_match(bots, seed=4, tiles=game(2, custom=True)[0].config.tiles).to_dict())
    docs.append(GameRecord(4).to_dict())
    states = game(7)
    middle = states[len(states) // 2]
    docs.append(version_3(GameRecord(2).to_dict(), None))
    tail = GameRecord.from_states(states).to_dict()
    tail["actions"] = tail["actions"][len(states) // 2 :]
    docs.append(version_3(tail, state_to_dict(middle)))
    return tuple(docs)


def spoilt(doc: Any) -> Any:
    return copy.deepcopy(doc)
