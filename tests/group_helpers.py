"""Helpers for the group tests: a group made through its form, matches started in it and played
through the hand form, exactly as a phone would."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from tests.app_helpers import add_hand, setup_data, slug_in


def create_group(client, name: str = "Thursday euchre") -> int:
    """A group made with the create form; the client (its session) then has access to it."""
    response = client.post("/groups/", {"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def group_code(client, group_id: int) -> str:
    html = client.get(f"/groups/{group_id}").get_data(as_text=True)
    return re.search(r'id="group-code">([^<]+)<', html).group(1)


def group_match(client, group_id: int, variant: str = "euchre", names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di"),
                **kwargs: Any) -> str:
    """A match started from the group's page (the setup form carries the group): its slug."""
    data = setup_data(variant, names, **kwargs)
    data["group"] = str(group_id)
    response = client.post("/matches/new", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return slug_in(response.headers["Location"])


def play(client, match_id: str, hands: list[dict[str, Any]]) -> None:
    """Enter each hand through the hand form; each must be saved."""
    for number, hand in enumerate(hands, 1):
        response = add_hand(client, match_id, **hand)
        assert response.status_code == 303, (number, response.get_data(as_text=True)[:3000])


# Two short euchre games (to 5) with every kind of hand, the known answers of tests/test_stats.py:
# Game 1: Ann & Cy v Bob & Di. Bob makes (1-0 to B&D), Cy's lone march (+4), Di euchred (+2): A&C win 6-1.
GAME_1 = [{"maker": 1, "trump": "H", "tricks": 3},
          {"maker": 2, "trump": "S", "alone": True, "tricks": 5},
          {"maker": 3, "trump": "C", "tricks": 2}]
# Game 2: Ann & Eve v Bob & Di. Ann marches (+2), Bob alone makes 3 (+1), Eve euchred (+2 B&D),
# Di alone euchred (+2 A&E), Bob makes (+1), all pass (thrown in), Di marches (+2): B&D win 6-4.
GAME_2 = [{"maker": 0, "trump": "D", "tricks": 5},
          {"maker": 1, "trump": "H", "alone": True, "tricks": 3},
          {"maker": 2, "trump": "S", "tricks": 1},
          {"maker": 3, "trump": "C", "alone": True, "tricks": 2},
          {"maker": 1, "trump": "H", "tricks": 4},
          {"outcome": "passed"},
          {"maker": 3, "trump": "D", "tricks": 5}]


def thursday(client) -> tuple[int, str, str]:
    """The group of the known answers: (group id, game 1's slug, game 2's slug), both to 5 points."""
    group_id = create_group(client)
    game_1 = group_match(client, group_id, names=("Ann", "Bob", "Cy", "Di"), rules={"rule_target": "5"})
    play(client, game_1, GAME_1)
    game_2 = group_match(client, group_id, names=("Ann", "Bob", "Eve", "Di"), rules={"rule_target": "5"})
    play(client, game_2, GAME_2)
    return group_id, game_1, game_2


# Wed 12 Nov 2025, New York: game 1 at 19:30, game 2 at 00:30 the next morning; Wed 19 Nov: game 3 at 20:00.
WHEN = [datetime(2025, 11, 13, 0, 30, tzinfo=timezone.utc), datetime(2025, 11, 13, 5, 30, tzinfo=timezone.utc),
        datetime(2025, 11, 20, 1, 0, tzinfo=timezone.utc)]


def a_year(client, app) -> tuple[int, tuple[int, int, int]]:
    """Thursday's two games (Ann & Cy beat Bob & Di; Bob & Di beat Ann & Eve) on one evening, and a third
    (Ann & Cy beat Bob & Di again) a week later; the group plays in New York."""
    from extensions import db
    from models import Group, Match

    group_id, game_1, game_2 = thursday(client)
    game_3 = group_match(client, group_id, names=("Ann", "Bob", "Cy", "Di"), rules={"rule_target": "2"})
    play(client, game_3, [{"maker": 0, "trump": "H", "tricks": 5}])
    assert client.post(f"/groups/{group_id}/time-zone", {"time_zone": "America/New_York"}).status_code == 303
    with app.app_context():
        for slug, when in zip((game_1, game_2, game_3), WHEN):
            db.session.scalar(db.select(Match).where(Match.slug == slug)).created_at = when
        db.session.commit()
        assert db.session.get(Group, group_id).time_zone == "America/New_York"
    return group_id, (game_1, game_2, game_3)
