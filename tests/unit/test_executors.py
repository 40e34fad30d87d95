"""Tournaments and matches on any concurrent.futures executor: threads, processes, dask."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import GameState, SettingsError
from tongiaki_rules.actions import Action
from tongiaki_rules.bots import MatchTooLongError, make_bot, play_match
from tongiaki_rules.simulation import Summary, simulate

HAS_DASK = importlib.util.find_spec("distributed") is not None
BOTS = ["random", "greedy:sample=2"]


def tournament(**options: Any) -> Summary:
    return simulate(BOTS, games=3, players=2, seed=11, **options)


@contextmanager
def dask_executor(processes: bool) -> Iterator[Executor]:
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=processes, dashboard_address=":0"
    )
    with cluster, Client(cluster) as client:
        yield client.get_executor()


@contextmanager
def executor_named(kind: str) -> Iterator[Executor]:
    if kind == "threads":
        with ThreadPoolExecutor(2) as pool:
            yield pool
    elif kind == "processes":
        with ProcessPoolExecutor(2) as pool:
            yield pool
    else:
        if not HAS_DASK:
            pytest.skip("dask.distributed is not installed (the [dask] extra)")
        with dask_executor(processes=kind == "dask-processes") as pool:
            yield pool


KINDS = ["threads", "processes", "dask-threads", "dask-processes"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_seeded_tournament_gives_the_same_results_on_any_executor(kind: str) -> None:
    serial = tournament()
    with executor_named(kind) as pool:
        assert tournament(executor=pool) == serial


@pytest.mark.parametrize("kind", KINDS)
def test_a_match_on_an_executor_gives_the_record_played_here(kind: str) -> None:
    def bots() -> list[Any]:
        return [make_bot("greedy:sample=4", seed=1), make_bot("random", seed=2)]

    here = play_match(bots(), seed=3)
    with executor_named(kind) as pool:
        assert play_match(bots(), seed=3, executor=pool) == here


def test_a_match_on_an_executor_leaves_the_bots_passed_in_as_they_were() -> None:
    bot = make_bot("random", seed=5)
    with ThreadPoolExecutor(1) as pool:
        first = play_match([bot, make_bot("random", seed=6)], seed=1, executor=pool)
        again = play_match([bot, make_bot("random", seed=6)], seed=1, executor=pool)
    assert first == again


def test_the_records_come_back_and_are_saved_here_in_game_order(tmp_path: Path) -> None:
    tournament(records_dir=tmp_path / "serial")
    with ThreadPoolExecutor(2) as pool:
        tournament(records_dir=tmp_path / "threads", executor=pool)
    names = sorted(p.name for p in (tmp_path / "serial").iterdir())
    assert names == [f"game-0000{n}.json" for n in range(1, 4)]
    for name in names:
        assert (tmp_path / "threads" / name).read_text() == (tmp_path / "serial" / name).read_text()


def test_a_long_tournament_keeps_only_a_window_of_work_submitted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tongiaki_rules.simulation as simulation

    submitted: list[str] = []
    at_first_result: list[int] = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            submitted.append(getattr(fn, "__name__", "?"))
            return super().submit(fn, *args, **kwargs)

    def progress(done: int, total: int) -> None:
        if done == 1:
            at_first_result.append(len(submitted))

    monkeypatch.setattr(simulation, "IN_FLIGHT", 2)
    with Counting(2) as pool:
        summary = simulate(["random"], games=6, players=2, seed=2, executor=pool, progress=progress)
    assert summary == simulate(["random"], games=6, players=2, seed=2)
    assert submitted == ["_worker_version"] + ["_play_run"] * 6
    assert at_first_result == [3]  # the version probe, then two runs of one game ahead


def test_progress_is_reported_in_game_order_from_an_executor() -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        tournament(executor=pool, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 3) for n in range(1, 4)]


class _Stubborn:
    """Always takes the last legal action: a bot that may keep a game going."""

    name = "stubborn"

    def choose(self, state: GameState) -> Action:
        return state.legal_actions()[-1]


def test_a_game_that_fails_on_the_executor_raises_here() -> None:
    with ProcessPoolExecutor(1) as pool, pytest.raises(MatchTooLongError, match="past 5") as info:
        play_match(
            [_Stubborn(), make_bot("random", seed=2)], seed=1, max_decisions=5, executor=pool
        )
    assert len([a for a in info.value.record.actions if type(a).__name__ != "Draw"]) == 5


# ------------------------------------------------------------ bad executors
@given(
    st.one_of(
        st.integers(),
        st.text(max_size=5),
        st.booleans(),
        st.just(ThreadPoolExecutor),
        st.builds(object),
        st.lists(st.none(), max_size=2),
    )
)
def test_anything_but_an_executor_is_refused_by_name(executor: object) -> None:
    with pytest.raises(SettingsError, match=r"^executor must be a concurrent\.futures\.Executor"):
        simulate(["random"], games=1, players=2, executor=executor)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match=r"^executor must be a concurrent\.futures\.Executor"):
        play_match([make_bot("random"), make_bot("random")], executor=executor)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["threads", "processes"])
def test_a_shut_down_executor_is_refused_and_nothing_is_written(kind: str, tmp_path: Path) -> None:
    pool: Executor = ThreadPoolExecutor(1) if kind == "threads" else ProcessPoolExecutor(1)
    pool.shutdown()
    folder = tmp_path / "records"
    with pytest.raises(SettingsError, match=r"^executor takes no more work"):
        simulate(["random"], games=2, players=2, executor=pool, records_dir=folder)
    assert not folder.exists()
    with pytest.raises(SettingsError, match=r"^executor takes no more work"):
        play_match([make_bot("random"), make_bot("random")], executor=pool)


class _Elsewhere(Executor):
    """An executor whose workers answer every call with ``answer`` (or fail with it)."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if isinstance(self.answer, BaseException):
            future.set_exception(self.answer)
        else:
            future.set_result(self.answer)
        return future


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (ModuleNotFoundError("No module named 'tongiaki_rules'"), "workers cannot run tongiaki"),
        ("0.0.1", "workers run tongiaki_rules 0.0.1, this process"),
    ],
)
def test_workers_that_cannot_run_this_package_are_refused(
    answer: object, message: str, tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    with pytest.raises(SettingsError, match=message):
        simulate(["random"], games=1, players=2, executor=_Elsewhere(answer), records_dir=folder)
    assert not folder.exists()


def test_jobs_and_an_executor_together_are_refused() -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(SettingsError, match=r"jobs .* or executor"):
        simulate(["random"], games=1, players=2, jobs=2, executor=pool)


def test_a_bot_that_cannot_be_pickled_is_refused_by_seat() -> None:
    class Local:  # a class inside a function cannot be pickled
        name = "local"

        def choose(self, state: GameState) -> Action:
            return state.legal_actions()[0]

    with (
        ThreadPoolExecutor(1) as pool,
        pytest.raises(SettingsError, match=r"^bots\[1\] \(local\) cannot"),
    ):
        play_match([make_bot("random"), Local()], executor=pool)


def test_the_how_to_s_dask_example_runs_on_a_local_cluster(
    capsys: pytest.CaptureFixture[str],
) -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask.distributed is not installed (the [dask] extra)"
    )
    import re

    page = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "simulate.md"
    (block,) = re.findall(
        r"^```text\n(from dask\.distributed .*?)^```", page.read_text(), re.S | re.M
    )
    assert 'Client("tcp://scheduler:8786")' in block and "games=10_000" in block
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        code = block.replace("tcp://scheduler:8786", cluster.scheduler_address)
        exec(compile(code.replace("games=10_000", "games=3"), "simulate.md", "exec"), {})
    expected = simulate(["random", "greedy"], games=3, players=4, seed=1).to_text()
    assert capsys.readouterr().out == expected + "\n"
