"""The drawing thread (``web.nights.drawer``): one job at a time, a key already waiting not queued twice, and
a job that fails does not stop the ones after it."""
from __future__ import annotations

import threading

from web.nights.drawer import Drawer


def test_a_screen_already_waiting_for_its_drawing_is_not_queued_again():
    drawer, ran, busy, go_on = Drawer(), [], threading.Event(), threading.Event()

    def first() -> None:
        busy.set()
        assert go_on.wait(5)
        ran.append("first")

    drawer.submit("night 1", first)
    assert busy.wait(5)  # running: no longer waiting, so a change now needs a drawing after it
    for n in range(3):
        drawer.submit("night 1", lambda n=n: ran.append(f"after {n}"))
    drawer.submit("night 2", lambda: ran.append("night 2"))
    go_on.set()
    assert drawer.wait_until_idle(5)
    assert ran == ["first", "after 0", "night 2"]


def test_a_drawing_that_fails_leaves_the_thread_drawing_the_next():
    drawer, ran = Drawer(), []
    drawer.submit("night 1", lambda: 1 / 0)
    drawer.submit("night 2", lambda: ran.append("night 2"))
    assert drawer.wait_until_idle(5) and ran == ["night 2"]


def test_a_job_the_phones_are_about_to_ask_for_goes_before_the_screens_waiting():
    drawer, ran, busy, go_on = Drawer(), [], threading.Event(), threading.Event()

    def running() -> None:
        busy.set()
        assert go_on.wait(5)

    drawer.submit("standings 1", running)
    assert busy.wait(5)
    drawer.submit("standings 2", lambda: ran.append("standings 2"))
    drawer.submit("dashboard", lambda: ran.append("dashboard"))
    drawer.submit("every table", lambda: ran.append("every table"), first=True)
    go_on.set()
    assert drawer.wait_until_idle(5)
    assert ran == ["every table", "standings 2", "dashboard"]
