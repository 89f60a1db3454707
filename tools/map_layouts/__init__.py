"""Layouts of the shipped maps, one module per game system, written to .tmx files by
``tools/author_maps.py``: :mod:`.tunnels` (Tunnel Rats complexes), :mod:`.hexes`
('65 maps), :mod:`.board` (the Transformers Skirmish board); :mod:`.spec` holds the
shared descriptions."""
