"""Drawing Tiled maps with pygame: Tiled-exact composition, camera, overlays, live reload.

For table authors:

- :class:`~game.ui.render.view.MapView` -- a map on screen with a camera (drag/arrows
  pan, wheel zooms 50%..400% around the cursor, double click centres), overlays
  (``highlight``, ``draw_path``, ``draw_los``, ``draw_labels``), ``pieces`` drawn at
  cell centres, and ``cell_at(screen_point)`` picking (exact on hex edges).
- :class:`~game.ui.render.reload.LiveMap` -- a map that reloads itself when its files
  change on disk (saving in Tiled); a broken save keeps the old map and reports.
- :func:`~game.ui.render.loading.load_drawable` -- map model plus pygame images.
- :func:`~game.ui.render.compose.compose` -- the map at 100% exactly as Tiled's
  ``tmxrasterizer`` draws it; :func:`~game.ui.render.snapshot.render_map_image` --
  the same at any zoom, optionally with overlays (``python -m game render-map``).
"""
