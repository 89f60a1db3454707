"""Maps: Tiled loading, the map model, hex and square geometry, boards, validation.

PURE package: never imports pygame (pytmx is imported with pygame blocked).

Public API (import from ``game.maps`` or the named module):

Loading (``game.maps.tiled`` with ``tiled_xml`` (raw XML checks and readers),
``tilesets`` and ``layers`` -- the only code that parses .tmx/.tsx files;
``game.maps.images`` loads pictures for the UI)
    load_map(path, *, terrain=None, resolve_terrain=True) -> GameMap
        Read a map without images. Terrain ids come from the ``terrain`` tile property
        of tiles in the tile layer named ``terrain`` and are resolved through
        ``terrain`` or, by default, ``game/rules/<system>/data/terrain.yaml`` of the
        map property ``system`` (if that file exists). Every refusal is a MapError
        "file: place: message" (see the tiled module docstring for the list).
    load_images(game_map, image_loader) -> MapImages
        For the UI: ``image_loader`` is pytmx's loader protocol, e.g.
        ``pytmx.util_pygame.pygame_image_loader``. ``MapImages.tile(gid)`` gives the
        untransformed image; apply ``decode_gid(gid)[1]`` (TileFlags) yourself.
    cell_place(game_map, cell) -> "hex E3" | "cell (x, y)"   (for messages)

Model (``game.maps.model``; frozen dataclasses)
    GameMap: path, orientation ("orthogonal"|"hexagonal"), width, height (cells),
        tile_width, tile_height (px), hex (HexGrid | None), background_color,
        properties, layers (document order), tilesets, terrain_ids[y][x],
        terrain[y][x] (TerrainClass | None), render_order ("right-down" (default) |
        "right-up" | "left-down" | "left-up"; orthogonal maps only); .system,
        .inches_per_tile, .is_hex, .pixel_size, .contains(cell), .cells(), .terrain_at(cell),
        .terrain_id_at(cell), .cell_centre(cell), .cell_at_pixel(x, y),
        .layer(name), .objects, .objects_of_kind(kind), .tileset_for(gid),
        .tile_properties(gid)
    Layer: id, name, kind ("tile"|"object"|"image"|"group"), visible, opacity,
        offset, group_path, effective_visible/opacity/offset (groups applied),
        properties, tint; tile: width, height, gids (raw, row-major), .gid_at(cell),
        .tile_at(cell) -> (gid, TileFlags); image: image (Path), repeat; object: objects,
        draw_order ("topdown" (default, sorted by y) | "index" (file order))
    MapObject: id, name, kind (Tiled type/class), shape, x, y, width, height (px,
        top-left), rotation, gid, visible, points, properties, layer, cell, cells
    Tileset: name, firstgid, tile_width, tile_height, tile_count, columns, spacing,
        margin, image (Path | None), image_width, image_height, transparent_color,
        tile_offset (ints), source (.tsx Path | None), tile_images, tile_properties,
        tile_types, object_alignment ("unspecified" = bottom-left | "topleft" | ... |
        "bottomright"); .contains(gid), .tile_rect(local_id) (ValueError if columns 0)
    decode_gid(raw) -> (gid, TileFlags); TileFlags(flip_horizontal, flip_vertical,
        flip_diagonal, rotate_hex_120); FLIP_* / ROTATE_HEX_120 bit constants

Terrain (``game.maps.terrain``)
    TerrainClass (pydantic): id, name, move_cost, passable, blocks_los, degrades_los,
        cover, max_stance; TerrainTable (Mapping id -> TerrainClass);
    load_terrain_table(path), load_system_terrain(system), terrain_table_path(system)

Hex geometry (``game.maps.hexgrid``)
    HexGrid(stagger_axis, stagger_index, tile_width, tile_height, side_length):
        to_cube, from_cube, neighbours, distance, line (per-step candidate tuples:
        2 hexes where the line runs along an edge), line_blocked(a, b, blocks),
        line_count(a, b, has) (e.g. '65 degrading hexes), origin (Tiled tile
        position), centre, corners, pick(x, y) (nearest centre), map_pixel_size
    hex_label((4, 2)) == "E3"; parse_hex_label("E3") == (4, 2); cube_* helpers

Square geometry (``game.maps.grid``; costs in inches, DIAGONAL = 1.414 tiles)
    distance_inches(a, b, inches_per_tile); steps(cell, w, h, cost);
    reachable(start, budget, w, h, cost, inches_per_tile) -> Reach(costs, path(cell));
    path_length(...); line_steps(a, b) / supercover_line(a, b);
    line_of_sight(a, b, blocks); map-bound helpers: terrain_cost(map),
    terrain_blocks_los(map), map_reachable(map, start, budget), map_line_of_sight(map, a, b)

Boards (``game.maps.board``)
    Board(grid, [BoardMap(map_id, width, height, offset=(col, row), game_map)]) or
    Board.from_maps([(game_map, offset), ...]) (ids from the ``map_id`` property):
    hex_id(("2", (2, 3))) == "2C4", parse_id, contains, hexes, neighbours, distance,
    line, line_blocked, line_count, terrain_at, centre, map_origin, pick -- across borders

Tabletop maps (``game.maps.tabletop``, ``tabletop_measure``, ``tabletop_geometry``;
RatFight and 5.56mm; positions are ``Point = (x, y)`` ints in hundredths of an inch)
    load_table(path) / table_from_map(game_map) -> Table: width, height (hundredths),
        inches_per_tile, scale (hundredths per px), light, pieces (TerrainPiece: kind,
        linear, outline, cover, height_in, blocks_los, movement per movement type,
        road, thickness), features (deployment zones, objectives, labels)
    hundredths(in), inches(h), to_point(x_in, y_in); RoundBase, Hull, gap, gap_within,
        within, in_arc, hull_side, under_template (measure, no terrain)
    TableGeometry(table): pieces_at, cover_at, move (MoveCheck), sight (Sight),
        move_candidates, on_road, on_table (terrain questions, shapely)
    table_problems(game_map, project) for check-map; load_property_types(project file)

Checks (``game.maps.check``; CLI ``python -m game check-map PATH...``)
    check_map(path) -> list[Problem]; str(Problem) = "file: layer: place: message"
    (place = "cell (x, y)" or "hex E3"; warnings say "warning:")
"""

from game.maps.hexgrid import HexGrid, hex_label, parse_hex_label
from game.maps.images import MapImages, load_images
from game.maps.model import (
    GameMap,
    Layer,
    MapObject,
    TileFlags,
    Tileset,
    decode_gid,
)
from game.maps.terrain import TerrainClass, TerrainTable, load_terrain_table
from game.maps.tiled import cell_place, load_map

__all__ = [
    "GameMap",
    "HexGrid",
    "Layer",
    "MapImages",
    "MapObject",
    "TerrainClass",
    "TerrainTable",
    "TileFlags",
    "Tileset",
    "cell_place",
    "decode_gid",
    "hex_label",
    "load_images",
    "load_map",
    "load_terrain_table",
    "parse_hex_label",
]
