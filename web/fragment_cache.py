"""The last few drawings of one process, by what they show (see :class:`FragmentCache`)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

Drawn = TypeVar("Drawn", str, bytes)


class FragmentCache(Generic[Drawn]):
    """The last few drawings in this process, by key (a screen, its night and the state it shows):
    when a result comes in, every projector and phone watching asks at once, and all of them get the
    same HTML, drawn once (a thread asking for a drawing another thread is making waits for it). Safe
    because the key names the state drawn, and because a drawing holds nothing of the session. (What is
    kept may be any drawing of such a state: the HTML, its compressed bytes, or the counts it shows.)"""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.items: OrderedDict[Hashable, Drawn] = OrderedDict()
        self.drawing: dict[Hashable, threading.Lock] = {}
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Drawn | None:
        with self.lock:
            html = self.items.get(key)
            if html is not None:
                self.items.move_to_end(key)
            return html

    def put(self, key: Hashable, html: Drawn) -> None:
        with self.lock:
            self.items[key] = html
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def get_or_draw(self, key: Hashable, draw: Callable[[], Drawn]) -> Drawn:
        html = self.get(key)
        if html is not None:
            return html
        with self.lock:
            drawing = self.drawing.setdefault(key, threading.Lock())
        try:
            with drawing:
                html = self.get(key)  # drawn by the thread this one waited for
                if html is None:
                    html = draw()
                    self.put(key, html)
        finally:
            with self.lock:
                self.drawing.pop(key, None)
        return html
