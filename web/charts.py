"""The score-progression chart, drawn on the server as SVG (templates/groups/_chart.html).

Only geometry lives here: where each side's running total sits after each hand. The totals are
the referee's (each scored hand's ``totals``); nothing is scored here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from referee.numbers import with_minus


@dataclass
class Series:
    index: int
    label: str
    points: str               # "x,y x,y ..." for <polyline>
    dots: list[tuple[float, float, int, int]]  # x, y, hand number, total
    end: tuple[float, float]
    total: int


@dataclass
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: list[Series] = field(default_factory=list)
    x_ticks: list[tuple[float, str]] = field(default_factory=list)
    y_ticks: list[tuple[float, str]] = field(default_factory=list)
    goal: tuple[float, str] | None = None
    zero: float | None = None
    hands: int = 0
    description: str = ""
    x_label: str = "hand"
    y_label: str = "Score"


def nice_step(span: float, most: int) -> int:
    """A round step (1, 2, 5, 10, 20, 25, 50...) giving at most ``most`` intervals over ``span``."""
    if span <= 0:
        return 1
    raw = span / most
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        if step >= raw and float(step).is_integer():
            return int(step)
    return int(10 * power)


def progression(sides: list[str], start: list[int], totals: list[list[int]], goal: int | None = None,
                goal_label: str = "", width: int = 340, height: int = 210) -> Chart:
    """Each side's score before the first hand (``start``) and after each hand (``totals``)."""
    # The end labels are only the totals (the legend names the sides), so the right margin stays small.
    left, right, top, bottom = 34.0, width - 34.0, 12.0, height - 26.0
    chart = Chart(width, height, left, right, top, bottom, hands=len(totals))
    columns = [list(start)] + [list(t) for t in totals]
    values = [v for column in columns for v in column] + [0] + ([goal] if goal is not None else [])
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    step = nice_step(high - low, 5)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)

    n = max(len(columns) - 1, 1)

    def x(i: int) -> float:
        return round(left + (right - left) * i / n, 1)

    def y(v: float) -> float:
        return round(bottom - (bottom - top) * (v - low) / (high - low), 1)

    x_step = nice_step(n, 6)
    chart.x_ticks = [(x(i), str(i)) for i in range(0, len(columns), x_step)]
    chart.y_ticks = [(y(v), with_minus(v)) for v in range(low, high + 1, step)]
    if low < 0 < high:
        chart.zero = y(0)
    if goal is not None:
        chart.goal = (y(goal), goal_label)
    for s, label in enumerate(sides):
        coords = [(x(i), y(column[s])) for i, column in enumerate(columns)]
        chart.series.append(Series(
            index=s, label=label, points=" ".join(f"{px},{py}" for px, py in coords),
            dots=[(px, py, i, columns[i][s]) for i, (px, py) in enumerate(coords) if i > 0],
            end=coords[-1], total=columns[-1][s]))
    _spread_labels(chart)
    finals = ", ".join(f"{s.label} {s.total}" for s in chart.series)
    chart.description = (f"Score after each of {len(totals)} hand{'s' if len(totals) != 1 else ''}: {finals}."
                         if totals else "No hands yet.")
    return chart


def _spread_labels(chart: Chart, gap: float = 13.0) -> None:
    """Move the end labels apart so that sides on the same score stay readable, and inside the chart."""
    order = sorted(chart.series, key=lambda s: s.end[1])
    last = -math.inf
    for series in order:
        x, y = series.end
        y = max(y, last + gap)
        series.end = (x, y)
        last = y
    overflow = last - chart.bottom
    if overflow > 0:  # pushed past the bottom: lift them all, never above the top
        for series in order:
            series.end = (series.end[0], max(chart.top, series.end[1] - overflow))


def over_time(labels: list[str], series: list[list[tuple[int, float]]], x_label: str, y_label: str,
              width: int = 340, height: int = 190) -> Chart:
    """One line per player: ``series[i]`` is player i's (x, value) points, e.g. their rating after each
    rated game. Players need not share x values; a player with no point draws no line."""
    left, right, top, bottom = 34.0, width - 34.0, 12.0, height - 26.0
    chart = Chart(width, height, left, right, top, bottom)
    values = [v for points in series for _, v in points]
    last_x = max((x for points in series for x, _ in points), default=1)
    chart.hands = last_x
    if not values:
        chart.description = "Nothing to draw yet."
        return chart
    low, high = math.floor(min(values + [0])), math.ceil(max(values))
    if low == high:
        high = low + 1
    step = nice_step(high - low, 5)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)

    def x(i: float) -> float:
        return round(left + (right - left) * (i - 1) / max(last_x - 1, 1), 1)

    def y(v: float) -> float:
        return round(bottom - (bottom - top) * (v - low) / (high - low), 1)

    chart.x_ticks = [(x(i), str(i)) for i in range(1, last_x + 1, nice_step(last_x, 6))]
    chart.y_ticks = [(y(v), with_minus(v)) for v in range(low, high + 1, step)]
    if low < 0 < high:
        chart.zero = y(0)
    for index, (label, points) in enumerate(zip(labels, series)):
        if not points:
            continue
        coords = [(x(px), y(v)) for px, v in points]
        shown = [round(v, 1) for _, v in points]
        chart.series.append(Series(
            index=index, label=label, points=" ".join(f"{cx},{cy}" for cx, cy in coords),
            dots=[(cx, cy, px, value) for (cx, cy), (px, _), value in zip(coords, points, shown)],
            end=coords[-1], total=shown[-1]))
    _spread_labels(chart)
    chart.x_label, chart.y_label = x_label, y_label
    chart.description = f"{y_label} after each {x_label}: " + ", ".join(
        f"{s.label} {s.total}" for s in chart.series) + "."
    return chart
