"""The adapters are optional: the core never imports them, and without a framework they say
which extra to install."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

FRAMEWORKS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_importing_tongiaki_rules_loads_no_adapter_and_no_framework() -> None:
    result = run_python(
        f"""
        import sys
        import tongiaki_rules
        import tongiaki_rules.encoding, tongiaki_rules.observation, tongiaki_rules.bots
        roots = {FRAMEWORKS!r} + ("tongiaki_rules.adapters", "numpy")
        print(sorted(m for m in sys.modules if m.startswith(roots)))
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "extra"),
    [("openspiel", "tongiaki_rules[openspiel]"), ("pettingzoo", "tongiaki_rules[pettingzoo]")],
)
def test_an_adapter_without_its_framework_names_the_extra_to_install(
    module: str, extra: str
) -> None:
    result = run_python(
        f"""
        import sys

        class NotInstalled:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {FRAMEWORKS!r}:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, NotInstalled())
        try:
            import tongiaki_rules.adapters.{module}
        except ModuleNotFoundError as error:
            print(error)
        """
    )
    assert result.returncode == 0, result.stderr
    assert f"tongiaki_rules.adapters.{module} needs" in result.stdout
    assert f"pip install '{extra}'" in result.stdout
