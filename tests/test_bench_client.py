"""The load benchmark times the server, not its own client: nothing of the client's pauses is charged to
a request."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import load_night  # noqa: E402


def test_the_client_measures_without_the_garbage_collectors_pauses(monkeypatch):
    """A full collection walks every sample kept so far (100-230 ms at 1,000 tables, every 20-30 s): it is
    off for the whole measurement, and on again after it, whatever the measurement ended with."""
    seen: list[bool] = []

    def measured(_args):
        seen.append(gc.isenabled())
        raise RuntimeError("the server would not start")

    monkeypatch.setattr(load_night, "measure_without_pauses", measured)
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        load_night.measure(load_night.parse_args(["--tables", "4"]))
    assert seen == [False] and gc.isenabled()
