"""Tunnel Rats complexes: carved out of solid earth by a few commands (galleries,
rooms, crawlways, single special tiles); one tile is one inch."""

from __future__ import annotations

from tools.map_layouts.spec import TUNNEL, Cell, MapObject, MapSpec, ObjectLayer, PropValue

TUNNEL_PX = TUNNEL.tile[0]


class Carver:
    """Digs a tunnel complex out of solid earth, one tile = one inch."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.tiles = [["earth_wall"] * width for _ in range(height)]
        self.objects: dict[str, list[MapObject]] = {"zones": [], "objects": [], "labels": []}

    def put(self, x: int, y: int, tile: str) -> None:
        """Set one tile (must stay inside the outer wall)."""
        if not (0 < x < self.width - 1 and 0 < y < self.height - 1):
            raise ValueError(f"({x}, {y}) is outside the dig area")
        self.tiles[y][x] = tile

    def gallery(self, *points: Cell, tile: str = "tunnel") -> None:
        """Dig straight runs through the points (each step horizontal or vertical)."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            if x0 != x1 and y0 != y1:
                raise ValueError(f"gallery step ({x0},{y0})->({x1},{y1}) is not straight")
            for x in range(min(x0, x1), max(x0, x1) + 1):
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    here = "crawlway_v" if tile == "crawlway" and x0 == x1 else tile
                    if tile != "tunnel" or self.tiles[y][x] == "earth_wall":
                        self.put(x, y, here)  # special floors overwrite, plain tunnel digs

    def room(self, x: int, y: int, w: int, h: int, label: str, tile: str = "chamber") -> None:
        """Dig a w x h room with its top-left tile at (x, y) and label it."""
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.put(xx, yy, tile)
        self.label(label, x + w / 2, y + h / 2)

    def label(self, text: str, cx: float, cy: float) -> None:
        """A label point at tile coordinates (cx, cy) (fractions allowed)."""
        self.objects["labels"].append(
            MapObject("label", text, cx * TUNNEL_PX, cy * TUNNEL_PX, point=True)
        )

    def obj(
        self,
        layer: str,
        kind: str,
        name: str,
        x: int,
        y: int,
        w: int = 1,
        h: int = 1,
        **props: PropValue,
    ) -> None:
        """A rectangle object over whole tiles; property types follow the Python values."""
        typed: dict[str, tuple[str, PropValue]] = {}
        for key, value in props.items():
            kind_name = "bool" if isinstance(value, bool) else "string"
            if key == "leads_to":
                kind_name = "file"
            typed[key] = (kind_name, value)
        self.objects[layer].append(
            MapObject(
                kind, name, x * TUNNEL_PX, y * TUNNEL_PX, w * TUNNEL_PX, h * TUNNEL_PX, props=typed
            )
        )

    def entrance(self, name: str, x: int, y: int, leads_to: str, hidden: bool) -> None:
        """A way in or out: leads_to another level file ("" = the surface)."""
        self.obj("objects", "entrance", name, x, y, leads_to=leads_to, hidden=hidden)

    def trap(self, name: str, x: int, y: int) -> None:
        """An obvious booby trap lying in a passable tile."""
        self.obj("objects", "booby_trap", name, x, y, hidden=False)

    def spider_hole(self, x: int, y: int) -> None:
        """A spider-hole tile with a defender spawn point on it."""
        self.put(x, y, "spider_hole")
        self.obj("objects", "spawn", "Spider hole", x, y, side="defenders")

    def deploy(self, side: str, name: str, x: int, y: int, w: int, h: int) -> None:
        self.obj("zones", "deployment", name, x, y, w, h, side=side)

    def objective(self, name: str, ident: str, x: int, y: int) -> None:
        self.obj("objects", "objective", name, x, y, objective=ident)

    def spec(self, path: str, title: str, complex_id: str, level: int) -> MapSpec:
        """Finish: sprinkle rock among the earth walls and check every object sits on floor."""
        for y in range(self.height):
            for x in range(self.width):
                if self.tiles[y][x] == "earth_wall" and (x * 7 + y * 13 + x * y) % 11 == 0:
                    self.tiles[y][x] = "rock_wall"
        for obj in self.objects["objects"] + self.objects["zones"]:
            x, y = int(obj.x // TUNNEL_PX), int(obj.y // TUNNEL_PX)
            if self.tiles[y][x].endswith("wall"):
                raise ValueError(f"{path}: {obj.kind} {obj.name!r} at ({x}, {y}) is in a wall")
        return MapSpec(
            path=path,
            tileset=TUNNEL,
            width=self.width,
            height=self.height,
            gids=[[TUNNEL.gid(t) for t in row] for row in self.tiles],
            properties={
                "system": ("string", "tunnel_rats"),
                "title": ("string", title),
                "complex": ("string", complex_id),
                "level": ("int", level),
                "inches_per_tile": ("float", 1.0),
            },
            layers=[
                ObjectLayer("zones", self.objects["zones"]),
                ObjectLayer("objects", self.objects["objects"]),
                ObjectLayer("labels", self.objects["labels"]),
            ],
            background="#1a120c",
        )


def paddy_warren() -> MapSpec:
    """Small (24x16), one level: a short warren under a paddy dike."""
    c = Carver(24, 16)
    c.room(1, 1, 3, 3, "Shaft bottom", tile="tunnel")
    c.gallery((3, 2), (8, 2), (8, 6), (13, 6), (13, 3), (18, 3))
    c.room(18, 2, 4, 3, "Sleeping chamber")
    c.gallery((8, 6), (8, 10), (4, 10), (4, 12))
    c.room(2, 12, 4, 3, "Rice store")
    c.gallery((13, 6), (13, 9))
    c.gallery((14, 9), (17, 9), tile="crawlway")
    c.room(18, 8, 4, 4, "Command hole")
    c.gallery((20, 12), (20, 14), (11, 14), (11, 12))
    c.put(8, 8, "water_trap")
    c.put(16, 3, "rubble")
    for x, y in ((9, 4), (12, 4), (19, 13)):
        c.spider_hole(x, y)
    c.entrance("Entry shaft", 2, 2, "", hidden=False)
    c.entrance("Bolt hole", 11, 12, "", hidden=True)
    c.trap("Grenade tripwire", 11, 6)
    c.trap("Punji pit", 4, 11)
    c.deploy("rats", "Shaft bottom", 1, 1, 3, 3)
    c.deploy("defenders", "Sleeping chamber", 18, 2, 4, 3)
    c.deploy("defenders", "Command hole", 18, 8, 4, 4)
    c.objective("Documents cache", "documents", 20, 10)
    return c.spec("maps/tunnel_rats/paddy_warren.tmx", "Paddy Warren", "paddy_warren", 1)


def twin_wells_level1() -> MapSpec:
    """Medium (32x24), upper level of a two-level complex under a village well."""
    c = Carver(32, 24)
    c.room(1, 2, 3, 3, "West well", tile="tunnel")
    c.gallery((4, 3), (10, 3), (10, 8), (6, 8), (6, 12))
    c.room(3, 12, 6, 4, "Store")
    c.gallery((10, 3), (17, 3), (17, 6), (22, 6))
    c.room(22, 4, 5, 4, "Kitchen")
    c.gallery((24, 8), (24, 12), (28, 12), (28, 18))
    c.gallery((24, 9), (24, 11), tile="crawlway")
    c.room(25, 18, 5, 4, "Well chamber")
    c.gallery((6, 16), (6, 20), (14, 20), (14, 16), (18, 16))
    c.gallery((10, 8), (16, 8), (16, 12), (19, 12))
    c.put(10, 20, "water_trap")
    c.put(11, 20, "water_trap")
    c.put(17, 5, "rubble")
    for x, y in ((27, 5), (19, 11), (15, 19), (5, 9)):
        c.spider_hole(x, y)
    c.entrance("West well", 2, 3, "", hidden=False)
    c.entrance("Trapdoor", 27, 20, "twin_wells_level2.tmx", hidden=True)
    c.entrance("Ladder shaft", 18, 16, "twin_wells_level2.tmx", hidden=False)
    c.trap("Grenade tripwire", 8, 3)
    c.trap("Punji pit", 6, 10)
    c.trap("Snake in a bamboo tube", 14, 8)
    c.deploy("rats", "West well", 1, 2, 3, 3)
    c.deploy("defenders", "Kitchen", 22, 4, 5, 4)
    c.deploy("defenders", "Well chamber", 25, 18, 5, 4)
    c.objective("Rice and medical supplies", "supplies", 5, 14)
    return c.spec(
        "maps/tunnel_rats/twin_wells_level1.tmx", "Twin Wells (upper level)", "twin_wells", 1
    )


def twin_wells_level2() -> MapSpec:
    """Medium (32x24), lower level: headquarters and aid station. Shafts line up with level 1."""
    c = Carver(32, 24)
    c.room(17, 15, 3, 3, "Ladder landing", tile="tunnel")
    c.gallery((18, 18), (18, 21), (10, 21))
    c.gallery((7, 21), (9, 21), tile="crawlway")
    c.room(2, 18, 5, 5, "Aid station")
    c.gallery((20, 16), (27, 16), (27, 19))
    c.room(26, 19, 3, 3, "Trapdoor cell", tile="tunnel")
    c.gallery((18, 15), (18, 10), (12, 10), (12, 4))
    c.gallery((12, 7), (12, 8), tile="crawlway")
    c.room(8, 2, 7, 3, "Headquarters")
    c.gallery((18, 10), (26, 10), (26, 5))
    c.room(23, 2, 6, 3, "Barracks")
    c.gallery((22, 10), (22, 13))
    c.put(18, 12, "water_trap")
    c.put(14, 21, "rubble")
    for x, y in ((23, 13), (29, 3), (11, 9), (17, 20)):
        c.spider_hole(x, y)
    c.entrance("Ladder shaft", 18, 16, "twin_wells_level1.tmx", hidden=False)
    c.entrance("Trapdoor", 27, 20, "twin_wells_level1.tmx", hidden=True)
    c.entrance("Escape hatch", 9, 3, "", hidden=True)
    c.trap("Grenade tripwire", 15, 10)
    c.trap("Punji pit", 26, 7)
    c.trap("Scorpion box", 12, 5)
    c.deploy("defenders", "Headquarters", 8, 2, 7, 3)
    c.deploy("defenders", "Barracks", 23, 2, 6, 3)
    c.deploy("defenders", "Aid station", 2, 18, 5, 5)
    c.objective("Documents cache", "documents", 13, 3)
    c.objective("Wounded rat", "wounded_rat", 4, 20)
    return c.spec(
        "maps/tunnel_rats/twin_wells_level2.tmx", "Twin Wells (lower level)", "twin_wells", 2
    )


def plantation() -> MapSpec:
    """Large (40x30), one level: a wide complex under a rubber plantation, two entry shafts."""
    c = Carver(40, 30)
    c.room(2, 2, 3, 3, "North shaft", tile="tunnel")
    c.room(2, 25, 3, 3, "South shaft", tile="tunnel")
    c.gallery((5, 3), (12, 3), (12, 8), (20, 8))
    c.room(20, 6, 7, 6, "Assembly hall")
    c.gallery((26, 8), (33, 8), (33, 5))
    c.room(31, 2, 6, 3, "Armoury")
    c.gallery((23, 11), (23, 16), (30, 16))
    c.gallery((31, 16), (33, 16), tile="crawlway")
    c.room(34, 14, 4, 6, "Hospital")
    c.gallery((5, 26), (14, 26), (14, 20), (23, 20), (23, 16))
    c.gallery((12, 8), (12, 14), (6, 14), (6, 19))
    c.room(4, 19, 5, 4, "Rice store")
    c.gallery((14, 23), (17, 23))
    c.room(17, 22, 5, 4, "Command post")
    c.gallery((36, 20), (36, 26), (30, 26))
    c.gallery((33, 8), (37, 8), (37, 11))
    for x, y in ((9, 26), (10, 26), (14, 22)):
        c.put(x, y, "water_trap")
    for x, y in ((16, 8), (23, 14), (36, 24)):
        c.put(x, y, "rubble")
    for x, y in ((13, 5), (21, 5), (24, 18), (34, 7), (15, 21), (38, 11)):
        c.spider_hole(x, y)
    c.entrance("North shaft", 3, 3, "", hidden=False)
    c.entrance("South shaft", 3, 26, "", hidden=False)
    c.entrance("Escape hatch", 20, 24, "", hidden=True)
    c.entrance("Air vent", 37, 10, "", hidden=True)
    for name, x, y in (
        ("Grenade tripwire", 8, 3),
        ("Punji pit", 12, 11),
        ("Grenade tripwire", 27, 8),
        ("Punji pit", 18, 20),
        ("Snake in a bamboo tube", 36, 22),
        ("Punji pit", 6, 16),
    ):
        c.trap(name, x, y)
    c.deploy("rats", "North shaft", 2, 2, 3, 3)
    c.deploy("rats", "South shaft", 2, 25, 3, 3)
    for name, x, y, w, h in (
        ("Assembly hall", 20, 6, 7, 6),
        ("Armoury", 31, 2, 6, 3),
        ("Command post", 17, 22, 5, 4),
        ("Hospital", 34, 14, 4, 6),
    ):
        c.deploy("defenders", name, x, y, w, h)
    c.objective("Weapons cache", "weapons", 35, 3)
    c.objective("Documents cache", "documents", 19, 23)
    c.objective("Wounded rat", "wounded_rat", 30, 26)
    return c.spec("maps/tunnel_rats/plantation.tmx", "Plantation", "plantation", 1)


def tunnel_maps() -> list[MapSpec]:
    """The shipped Tunnel Rats levels."""
    return [paddy_warren(), twin_wells_level1(), twin_wells_level2(), plantation()]
