"""The shared pieces of the protocol: log events and their secrets."""

from pygame_core.engine import Event, event_for


def test_a_secret_is_read_by_its_one_reader_only():
    event = Event("kahuna.draw", 0, secret_for=0, secret={"card": "ALOA"})
    assert event_for(event, 0) == {"key": "kahuna.draw.own", "player": 0, "params": {"card": "ALOA"}}
    assert event_for(event, 1) == {"key": "kahuna.draw", "player": 0, "params": {}}
    assert event_for(event, None) == {"key": "kahuna.draw", "player": 0, "params": {}}


def test_a_secret_shared_by_two_players_is_hidden_from_the_others():
    event = Event("kanaloa.steal", 2, victim=0, secret_for=(2, 0), secret={"card": "ORO"})
    assert event["secret_for"] == [2, 0]
    for reader in (0, 2):
        assert event_for(event, reader) == {"key": "kanaloa.steal.own", "player": 2,
                                             "params": {"victim": 0, "card": "ORO"}}
    for other in (1, 3, None):
        assert event_for(event, other) == {"key": "kanaloa.steal", "player": 2, "params": {"victim": 0}}
    assert event["params"] == {"victim": 0}, "the event itself is not changed"
