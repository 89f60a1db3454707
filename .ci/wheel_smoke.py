"""CI: the installed wheel's menu, Maps screen and F1 pages, driven through the real app.

Run by ``.ci/check_wheel`` with the fresh environment's Python, from a folder outside the
checkout, the script fed on stdin (so the program under test opens no file of the
checkout, not even this one)::

    python - ASSETS_LIST GUIDES_LIST < .ci/wheel_smoke.py

ASSETS_LIST names every file under the checkout's maps/, sprites/ and sounds/ (one per
line); GUIDES_LIST names the rulesets that have a ``guide.md``. It checks that the
installed program finds each of them inside its own package, starts the menu, opens every
shipped map from the Maps screen (with every file the map reads inside the package) and
shows every guide on F1. Exits non-zero with a message on the first problem.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def fail(message: str) -> None:
    print(f"wheel smoke: {message}", file=sys.stderr)
    raise SystemExit(1)


def main() -> None:
    assets = Path(sys.argv[1]).read_text(encoding="utf-8").split()
    guides = Path(sys.argv[2]).read_text(encoding="utf-8").split()

    from game import resources

    package = resources.package_dir("game")
    root = resources.asset_root()
    if root != package / resources.BUNDLE:
        fail(f"assets are looked for in {root}, not inside the installed package {package}")
    missing = [rel for rel in assets if not resources.asset(rel).is_file()]
    if missing:
        fail(f"the wheel lacks {len(missing)} shipped files: {', '.join(missing[:10])}")

    import pygame
    import pygame_gui

    from game.ui.driver import frames, make_app, press
    from game.ui.render.reload import map_files
    from game.ui.rules_doc import parse_markdown
    from game.ui.scenes.map_viewer import MapViewerScene
    from game.ui.scenes.rules import RulesScene

    with tempfile.TemporaryDirectory() as data_dir:
        app = make_app(Path(data_dir))
        try:
            frames(app, 3)
            broken = [
                rel
                for rel in assets
                if rel.startswith("sprites/")
                and rel.endswith(".png")
                and app.assets.image(rel.removeprefix("sprites/")) is None
            ]
            if broken:
                fail(f"images that do not load: {', '.join(broken)}")

            press(app, pygame.K_p)  # the menu's Maps entry
            viewer = app.top
            if not isinstance(viewer, MapViewerScene):
                fail(f"the Maps key opened {type(viewer).__name__}, not the Maps screen")
            shipped = sorted(
                rel.removeprefix("maps/").removesuffix(".tmx")
                for rel in assets
                if rel.startswith("maps/") and rel.endswith(".tmx")
            )
            if sorted(viewer.entries) != shipped:
                fail(f"the Maps screen lists {sorted(viewer.entries)}, expected {shipped}")
            for name in shipped:
                pygame.event.post(
                    pygame.event.Event(
                        pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                        text=name,
                        ui_element=viewer.list,
                    )
                )
                frames(app, 2)
                live = viewer.live
                if app.top is not viewer or live is None or live.path != viewer.entries[name]:
                    fail(f"map {name} did not open: {viewer.message}")
                outside = [f for f in map_files(live.map) if not Path(f).is_relative_to(root)]
                if outside:
                    fail(f"map {name} reads files outside the package: {outside}")
            press(app, pygame.K_ESCAPE)

            for ruleset in guides:
                app.push(RulesScene(app, ruleset))
                frames(app, 2)
                page = app.top
                text = resources.guide(ruleset).read_text(encoding="utf-8")
                if not isinstance(page, RulesScene) or page.blocks != parse_markdown(text):
                    fail(f"F1 for {ruleset} does not show its guide.md")
                press(app, pygame.K_ESCAPE)
        finally:
            app.close()
    print(
        f"wheel smoke: {len(assets)} shipped files inside {root}; menu started; "
        f"{len(shipped)} maps opened from the Maps screen; {len(guides)} F1 guides shown"
    )


main()
