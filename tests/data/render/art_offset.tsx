<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="art_offset" tilewidth="16" tileheight="16"
 tilecount="4" columns="4">
 <tileoffset x="2" y="-3"/>
 <image source="art.png" width="64" height="16"/>
</tileset>
