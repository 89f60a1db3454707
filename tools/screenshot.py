"""Save docs/screenshot.png: the real app at a Tunnel Rat table in mid-game.

The human plays the VC against a computer Rat; the picture is taken from the VC's view
while the Rat is questioning: the drawn card face up, the question and the VC's "No.",
kept tunnels and casualties on the table and the log beside it.

    python tools/screenshot.py [--out docs/screenshot.png] [--seed N]
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
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.ui.driver import frames, make_app, press
    from game.ui.scenes.game import GameScene, new_session

    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp), speed=20.0)
        try:
            session = new_session("tunnel_rat_bluff", args.seed, ["random", "human"])
            app.reset(GameScene(app, session))
            game = app.top
            assert isinstance(game, GameScene)
            for _ in range(5000):
                state = game.session.state
                if game.outcome() is not None:
                    print("screenshot: the game ended before a good moment; try another --seed")
                    return 1
                busy = game.table.busy()
                kept = len(state.tunnels) + len(state.casualties)
                last = game.session.actions[-1] if game.session.actions else ""
                if not busy and state.drawn is not None and last.startswith("ask") and kept >= 4:
                    break
                if state.current_player() == 1 and not busy:
                    press(app, pygame.K_d, settle=1)
                else:
                    frames(app)
            game.ai_wait = -1e9  # hold the computer Rat while the picture is taken
            frames(app, 30)
            app.draw()
            args.out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(args.out))
            print(f"screenshot: wrote {args.out} after {len(game.session.actions)} actions")
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
