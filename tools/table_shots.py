"""Screenshots of every table at the window sizes we promise, for looking at.

For each ruleset with a table and each size, a human (seat 0) plays against the computer;
the human's first ``--moves`` actions are chosen at random from the candidates (so the
table shows a game in progress), then the table is drawn while it waits for the human
and saved as ``OUT/<ruleset>-<W>x<H>.png``. Uses the real app and table code; with
``DISPLAY`` set (e.g. Xvfb) the window is real, else the dummy driver renders the same
pixels.

    python tools/table_shots.py [--out /tmp/shots] [--moves 12] [--seed 5]
        [--sizes 1280x720,1280x800,1920x1080] [--rulesets tunnel_rats,...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--sizes", default="1280x720,1280x800,1920x1080")
    parser.add_argument("--rulesets", default="")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.core.registry import get_manifest, ruleset_ids
    from game.core.rng import Rng
    from game.ui.driver import frames, make_app
    from game.ui.scenes.game import GameScene, new_session

    wanted = [r for r in args.rulesets.split(",") if r] or [
        r for r in ruleset_ids() if get_manifest(r).table is not None
    ]
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    args.out.mkdir(parents=True, exist_ok=True)
    for ruleset_id in wanted:
        seats = len(get_manifest(ruleset_id).ruleset().seats)
        for w, h in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                app = make_app(Path(tmp), speed=40.0, size=(w, h))
                kinds = ["human"] + ["ai"] * (seats - 1)
                session = new_session(ruleset_id, args.seed, kinds)
                game = GameScene(app, session)
                game.autosave = False
                app.reset(game)
                pick = Rng(args.seed)
                played = 0
                for _ in range(4000):
                    frames(app)
                    state = game.session.state
                    if state.outcome() is not None:
                        break
                    waiting = state.current_player() == 0 and not game.table.busy()
                    if waiting and app.top is game:
                        if played >= args.moves:
                            break
                        game.act(pick.choice(tuple(state.candidate_actions())))
                        played += 1
                frames(app, 30)
                target = args.out / f"{ruleset_id}-{w}x{h}.png"
                pygame.image.save(app.screen, str(target))
                print(target)
                app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
