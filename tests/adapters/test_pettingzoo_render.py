"""PettingZoo's ``render_mode="rgb_array"``: the SVG view of the board as a picture."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip(
    "pettingzoo", reason="needs the pettingzoo extra: pip install -e '.[pettingzoo]'"
)
pytest.importorskip("resvg_py", reason="needs the pettingzoo extra (resvg-py)")
pytest.importorskip("PIL", reason="needs the pettingzoo extra (pillow)")
np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")

from pettingzoo.test import render_test  # noqa: E402

from tongiaki_rules.adapters.pettingzoo import env, raw_env  # noqa: E402
from tongiaki_rules.svg._style import GREEN, SEA_FILL, TABLE_BG  # noqa: E402


def rgb(colour: str) -> tuple[int, int, int]:
    """``"#A9D18E"`` as ``(169, 209, 142)``."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def pixels_of(frame: object, colour: str) -> int:
    """How many pixels of ``frame`` are exactly ``colour``."""
    return int(np.all(frame == rgb(colour), axis=-1).sum())


def played(game: object, steps: int, seed: int) -> object:
    """``game`` after ``steps`` random legal decisions."""
    rng = random.Random(seed)
    for _ in range(steps):
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(rng.choice(np.flatnonzero(mask).tolist()))
    return game


def test_pettingzoo_render_test_passes_for_every_render_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    render_test(lambda render_mode: env(3, seed=2, render_mode=render_mode))
    assert capsys.readouterr().out.startswith("Tongiaki, 3 players;")  # the "human" mode


def test_metadata_lists_rgb_array_and_a_frame_rate() -> None:
    metadata = raw_env(2).metadata
    assert metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    assert metadata["render_fps"] > 0


def test_a_frame_is_a_720_by_960_rgb_picture_on_the_table_colour() -> None:
    game = raw_env(2, seed=1, render_mode="rgb_array")
    game.reset()
    frame = game.render()
    assert isinstance(frame, np.ndarray)
    assert frame.shape == (720, 960, 3) and frame.dtype == np.uint8
    assert tuple(frame[0, 0]) == tuple(frame[-1, -1]) == rgb(TABLE_BG)  # the frame's margin
    assert pixels_of(frame, GREEN) > 1000  # Tonga's green centre


def test_frames_keep_their_size_while_the_board_grows() -> None:
    game = raw_env(4, seed=3, render_mode="rgb_array")
    game.reset()
    first = game.render()
    later = played(game, 60, seed=3).render()
    assert later.shape == first.shape
    assert pixels_of(later, SEA_FILL) > pixels_of(first, SEA_FILL)  # ocean tiles were laid
    assert not np.array_equal(later, first)


def test_the_same_position_gives_the_same_frame() -> None:
    game = raw_env(3, seed=4, render_mode="rgb_array")
    game.reset()
    played(game, 20, seed=4)
    twin = copy.deepcopy(game)
    frame = game.render()
    assert np.array_equal(frame, game.render())
    assert np.array_equal(frame, twin.render())
    frame[:] = 0  # each frame is the caller's own array
    assert not np.array_equal(frame, game.render())


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(("module", "package"), [("resvg_py", "resvg-py"), ("PIL", "pillow")])
def test_rgb_array_without_its_rasteriser_names_the_package_to_install(
    module: str, package: str
) -> None:
    result = run_python(
        f"""
        import sys

        class NotInstalled:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == {module!r}:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, NotInstalled())
        from gymnasium.error import DependencyNotInstalled
        from tongiaki_rules.adapters.pettingzoo import env
        game = env(2, render_mode="ansi")  # the other modes need no rasteriser
        game.reset()
        game.render()
        try:
            env(2, render_mode="rgb_array")
        except DependencyNotInstalled as error:
            print(error)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        f"render_mode='rgb_array' needs {package}: pip install 'tongiaki_rules[pettingzoo]'"
    )


def test_the_rasteriser_is_imported_only_for_rgb_array() -> None:
    result = run_python(
        """
        import sys
        from tongiaki_rules.adapters.pettingzoo import env
        game = env(2, seed=1, render_mode="ansi")
        game.reset()
        game.render()
        print(sorted(m for m in sys.modules if m.startswith(("resvg_py", "PIL"))))
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
