"""A database's password never shows: in each form libpq takes, in messages and start-up lines.

The generated connection strings are checked against libpq itself (psycopg's
``conninfo_to_dict`` is libpq's parser): it must read the generated password,
and the masked text must not depend on it at all.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules.cli import main
from tongiaki_rules.server.storage import masked_db

psycopg = pytest.importorskip("psycopg", reason="libpq checks the strings (the 'postgres' extra)")
from psycopg.conninfo import conninfo_to_dict  # noqa: E402

from .pg import PostgresServer  # noqa: E402


@pytest.mark.parametrize(
    ("db", "shown"),
    [
        ("postgresql://ann:secret@db/games", "postgresql://ann:***@db/games"),
        ("postgres://ann:s%3Acr%40t@db:5433/games", "postgres://ann:***@db:5433/games"),
        ("POSTGRESQL://ann:secret@db/games", "POSTGRESQL://ann:***@db/games"),
        ("postgresql://ann:a@b@db/games", "postgresql://ann:***@db/games"),
        ("postgresql://ann:a/b@db/games", "postgresql://ann:***@db/games"),
        ("postgresql://ann:a?b@db/games", "postgresql://ann:***@db/games"),
        (
            "postgresql://ann@/games?host=/tmp&password=X",
            "postgresql://ann@/games?host=/tmp&password=***",
        ),
        ("postgresql://u@/db?password=X&host=/tmp", "postgresql://u@/db?password=***&host=/tmp"),
        ("postgresql:///db?%70assword=X&host=/tmp", "postgresql:///db?%70assword=***&host=/tmp"),
        ("postgresql:///db?password=a&b&host=/tmp", "postgresql:///db?password=***&host=/tmp"),
        ("postgresql://h?password=x@y", "postgresql://h?password=***"),
        (
            "postgresql:///db?sslpassword=K&sslkey=/k.pem",
            "postgresql:///db?sslpassword=***&sslkey=/k.pem",
        ),
        ("host=/tmp password=X dbname=games", "host=/tmp password=*** dbname=games"),
        ("host=/tmp password = X dbname=games", "host=/tmp password = *** dbname=games"),
        ("password='it''s' host=h", "password=*** host=h"),
        (r"password='a \' b' host=h", "password=*** host=h"),
        ("host=h password='unterminated dbname=x", "host=h password=***"),
        ("dbname='password=X' user=ann", "dbname='password=X' user=ann"),
        ("postgresql://ann@db/games", "postgresql://ann@db/games"),
        ("/srv/tongiaki/games.sqlite3", "/srv/tongiaki/games.sqlite3"),
        ("sqlite:///games.sqlite3", "sqlite:///games.sqlite3"),
    ],
)
def test_every_password_libpq_could_read_is_masked(db: str, shown: str) -> None:
    assert masked_db(db) == shown


_SECRET = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1
)
_NAME = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)


def _quoted(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


_FORMS: dict[str, Callable[[str, str, str], str]] = {
    "url user information": lambda user, db, pw: (
        f"postgresql://{user}:{quote(pw, safe='')}@db.example.org:5433/{db}"
    ),
    "url query, first": lambda user, db, pw: (
        f"postgresql://{user}@/{db}?password={quote(pw, safe='')}&host=/tmp"
    ),
    "url query, last": lambda user, db, pw: (
        f"postgres://{user}@/{db}?host=/tmp&port=5432&password={quote(pw, safe='')}"
    ),
    "url query, encoded key": lambda user, db, pw: (
        f"postgresql:///{db}?user={user}&pass%77ord={quote(pw, safe='')}"
    ),
    "keyword/value, quoted": lambda user, db, pw: (
        f"host=/tmp user={user} password={_quoted(pw)} dbname={db}"
    ),
    "keyword/value, spaced": lambda user, db, pw: (
        f"user={user}   password =  {_quoted(pw)}\tdbname={db}"
    ),
}


@pytest.mark.parametrize("form", sorted(_FORMS))
@given(user=_NAME, db=_NAME, password=_SECRET, other=_SECRET)
def test_the_masked_text_does_not_depend_on_the_password(
    form: str, user: str, db: str, password: str, other: str
) -> None:
    build = _FORMS[form]
    text = build(user, db, password)
    assert conninfo_to_dict(text)["password"] == password  # libpq reads it so
    shown = masked_db(text)
    assert shown == masked_db(build(user, db, other))
    assert "***" in shown and db in shown


@given(password=_SECRET.filter(lambda pw: not any(c.isspace() or c in "'\\" for c in pw)))
def test_an_unquoted_keyword_password_is_masked(password: str) -> None:
    text = f"host=/tmp password={password} dbname=games"
    assert conninfo_to_dict(text)["password"] == password
    assert masked_db(text) == "host=/tmp password=*** dbname=games"


@pytest.mark.parametrize(
    "db",
    [
        "postgresql://ann:se%zzcret@/games",
        "postgresql://ann@/games?host=/nowhere&password=se%zzcret",
    ],
)
def test_a_malformed_url_is_refused_without_quoting_its_password(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    pytest.importorskip("psycopg_pool", reason="the 'postgres' extra")
    assert main(["serve", "--db", db]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a libpq connection string" in err
    assert "zz" not in err and "cret" not in err and "***" in err


def test_an_unusable_path_holding_a_password_is_masked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    (tmp_path / "file").write_text("")
    db = f"{tmp_path}/file/x password=hunter2 dbname=games"
    assert main(["serve", "--db", db]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err and "password=***" in err


def test_the_start_up_line_and_the_log_mask_the_password(
    postgres_server: PostgresServer,
    postgres_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    uvicorn = pytest.importorskip("uvicorn", reason="the server needs the 'server' extra")
    # start, do not serve: let go of the database at once
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: app.state.service.storage.close())
    db = postgres_url + "&password=hunter2"  # the test cluster trusts, and ignores it
    assert main(["serve", "--port", "0", "--db", db]) == 0
    out, err = capsys.readouterr()
    assert "password=***" in out and "hunter2" not in out + err + caplog.text
