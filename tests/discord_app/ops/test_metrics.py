"""The metrics' own rules: route families without ids or tokens, label values bounded,
one registry per bot."""

from __future__ import annotations

import pytest

from bot.discord_app.ops.metrics import MOST_NAMES, Metrics, Names, route_family

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ"


@pytest.mark.parametrize(("method", "path", "family"), [
    ("POST", "/api/v10/channels/1300000000000000003/messages", "POST channels/messages"),
    ("PATCH", "/api/v10/channels/13/messages/14", "PATCH channels/messages"),
    ("POST", f"/api/v10/interactions/1300000000000000077/{TOKEN}/callback",
     "POST interactions/callback"),
    ("POST", f"/api/v10/webhooks/12/{TOKEN}", "POST webhooks"),
    ("PATCH", f"/api/v10/webhooks/12/{TOKEN}/messages/@original", "PATCH webhooks/messages"),
    ("PUT", "/api/v10/applications/12/guilds/13/commands", "PUT applications/guilds/commands"),
    ("GET", "/api/v10/users/@me", "GET users"),
    ("GET", "/api/v10/gateway/bot", "GET gateway/bot"),
    ("GET", "/somewhere/else", "GET other"),
])
def test_a_route_family_names_no_id_and_no_token(method: str, path: str, family: str) -> None:
    assert route_family(method, path) == family


def test_label_values_are_bounded() -> None:
    names = Names()
    assert names("hand.discard") == "hand.discard"
    assert names("Hand Discard <@123>") == "other"
    for number in range(MOST_NAMES + 50):
        names(f"name{number}")
    assert names("one.more") == "other" and names("hand.discard") == "hand.discard"


def test_each_bot_has_its_own_registry() -> None:
    first, second = Metrics([0, 2]), Metrics([1, 3])
    first.answered("hand.draw", "answered", "component", 0.01)
    first.request("PATCH", "/api/v10/channels/1/messages/2", 429,
                  {"X-RateLimit-Scope": "shared"})
    one, two = first.exposition()[0].decode(), second.exposition()[0].decode()
    assert 'rami_interactions_total{kind="hand.draw",outcome="answered"} 1.0' in one
    assert ('rami_discord_rate_limits_total{route="PATCH channels/messages",scope="shared"} '
            "1.0") in one
    assert "rami_interactions_total{" not in two
    assert 'rami_shard{shard="1"} 1.0' in two and 'rami_shard{shard="1"}' not in one
    assert "_created" not in one


def test_games_that_leave_a_status_go_back_to_zero() -> None:
    metrics = Metrics(None)
    metrics.state({("playing", "classic"): 2, ("lobby", "tiles"): 1}, painting=3)
    metrics.state({("playing", "classic"): 1}, painting=0)
    text = metrics.exposition()[0].decode()
    assert 'rami_games{status="playing",variant="classic"} 1.0' in text
    assert 'rami_games{status="lobby",variant="tiles"} 0.0' in text
    assert "rami_painter_queue 0.0" in text and 'rami_shard{shard="none"} 1.0' in text
