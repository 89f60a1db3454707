"""Hidden actions (issue 37, item 4), over every registered ruleset: no seat's view or
log reveals another seat's secret action.

A secret action (``Action.public``, or a state's ``public_text``) shows the other seats
and spectators only its public text (a ``SecretAction`` event) and the events they may
see (``Event.visible``); ``replay --seat`` prints a seat's own actions' text forms only.
Along random games of every ruleset, every other seat compares a few of the actor's
secret choices with the same public text: each must leave it the same view and the same
log lines (the second of two initiative bids, which turns both over, is no secret).
``replay --seat X --actions`` of a random game prints
no text form of another side's action.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

import pytest

from game.cli import replay
from game.core.api import Action, SecretAction, public_text
from game.core.briefing import side_names
from game.core.canonical import snapshot_digest
from game.core.registry import get_ruleset, ruleset_ids
from game.core.rng import Rng
from game.core.session import Session
from game.storage import atomic_write_text

GAMES = 2
STEPS = 60
CHOICES = 6


def _seen(state: Any, seat: int) -> str:
    """What ``seat`` knows, as a digest of its view determinized with a fixed rng (equal
    views determinize alike: ``test_rulesets_generic``)."""
    return snapshot_digest(state.view(seat).determinize(Rng(1)))


def shown(state: Any, action: Action, seat: int) -> tuple[str | None, str, tuple[str, ...]]:
    """(public text, view digest, visible event texts) for ``seat`` when ``action`` is
    played on a copy of ``state``."""
    copy = state.clone()
    secret = public_text(copy, action)
    events = copy.apply(action)
    texts = tuple(e.text() for e in events if e.visible(seat))
    return secret, _seen(copy, seat), texts


def _choices(candidates: tuple[Action, ...], pick: Rng) -> list[Action]:
    if len(candidates) <= CHOICES:
        return list(candidates)
    return [pick.choice(candidates) for _ in range(CHOICES)]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_no_seat_reads_another_seats_secret_action(ruleset_id: str) -> None:
    seats = len(get_ruleset(ruleset_id).seats)
    for game_no in range(GAMES):
        session = Session.new(ruleset_id, 300 + game_no, undo=False)
        pick = Rng(game_no)
        for _ in range(STEPS):
            state = session.state
            actor = state.current_player()
            if actor is None:
                break
            candidates = tuple(state.candidate_actions())
            secret = [a for a in candidates if public_text(state, a) is not None]
            choices = list(dict.fromkeys(_choices(tuple(secret), pick)))
            for seat in range(seats):
                if seat == actor or len(choices) < 2:
                    continue
                seen = {a: shown(state, a, seat) for a in choices}
                first, *others = choices
                sa, va, ta = seen[first]
                for b in others:
                    sb, vb, tb = seen[b]
                    if sa != sb:
                        continue
                    assert va == vb, f"seat {seat}'s view tells {first} from {b}"
                    assert ta == tb, f"seat {seat}'s log tells {first} from {b}: {ta} / {tb}"
            session.apply(pick.choice(candidates))


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_replay_for_one_seat_prints_no_other_seats_action(
    ruleset_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay --seat X --actions``: the text forms of X's own actions only; another
    side's secret action by its public text, never its text form."""
    session = Session.new(ruleset_id, 11, undo=False)
    pick = Rng(3)
    secrets: list[tuple[int, str]] = []
    for _ in range(60):
        actor = session.state.current_player()
        if actor is None:
            break
        action = pick.choice(tuple(session.state.candidate_actions()))
        for event in session.apply(action):
            if isinstance(event, SecretAction):
                secrets.append((actor, event.text()))
    path = tmp_path / "game.json"
    atomic_write_text(path, session.to_record().to_json())
    names = side_names(ruleset_id)
    for seat, name in enumerate(names):
        args = argparse.Namespace(file=str(path), seat=name, actions=True, watch=False)
        assert replay.run(args) == 0
        out = capsys.readouterr().out
        listed = re.findall(r"^\s*\d+\. (.+?)  \[(.*)\]$", out, re.M)
        assert listed, "the seat's own actions are listed"
        assert all(who == name for who, _ in listed), "another side's action text was printed"
        for actor, text in secrets:
            if actor != seat:
                assert text in out


def test_a_secret_action_shows_the_other_seat_only_its_public_text() -> None:
    """'65, 5b: the initiative bid is a card laid face down; the other side reads that a
    card was laid, never which (the replay's per-seat listing included)."""
    session = Session.new("sixty_five", 4)
    # play to the first initiative bid
    pick = Rng(1)
    for _ in range(200):
        state = session.state
        actor = state.current_player()
        assert actor is not None
        action = pick.choice(tuple(state.candidate_actions()))
        secret = public_text(state, action)
        if secret is not None:
            break
        session.apply(action)
    else:
        pytest.fail("no secret action in the first 200")
    events = session.apply(action)
    other = 1 - actor
    theirs = [e.text() for e in events if e.visible(other)]
    assert theirs and theirs[0].endswith(secret)
    assert not any(action.to_str() in t for t in theirs)
    mine = [e.text() for e in events if e.visible(actor)]
    assert not any(t.endswith(secret) for t in mine)


def test_ui_the_replay_viewer_shows_each_side_only_what_it_saw(tmp_path: Path) -> None:
    """The replay viewer as a spectator, then as each side (V): '65's first initiative
    bid shows its card only to the side that laid it; the others read the public text."""
    import pygame

    from game.ui.driver import make_app, press
    from game.ui.scenes.replay import ReplayScene

    session = Session.new("sixty_five", 4)
    pick = Rng(1)
    while True:
        action = pick.choice(tuple(session.state.candidate_actions()))
        actor = session.state.current_player()
        secret = public_text(session.state, action)
        session.apply(action)
        if secret is not None:
            break
    app = make_app(tmp_path / "data")
    try:
        scene = ReplayScene(app, session.to_record())
        app.reset(scene)
        press(app, pygame.K_END)
        logs = {}
        for viewer in (None, 0, 1):
            assert scene.viewer == viewer and scene.view().seat == viewer
            logs[viewer] = scene.log_panel.text
            press(app, pygame.K_v)
        assert scene.viewer is None
        assert actor is not None
        other = 1 - actor
        assert secret in logs[None] and secret in logs[other] and secret not in logs[actor]
        assert "face down for the initiative" in logs[actor]  # its own card, named
        assert logs[actor].count("face down") == 1
    finally:
        app.close()
