<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tall" tilewidth="16" tileheight="24"
 tilecount="4" columns="4">
 <image source="tall.png" width="64" height="24"/>
</tileset>
