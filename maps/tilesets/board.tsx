<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="board" tilewidth="64" tileheight="64" tilecount="6" columns="6">
 <image source="../../sprites/tiles/board.png" width="384" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="square"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="square"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="back_row"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="back_row"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="back_row"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" propertytype="BoardTerrain" value="back_row"/>
  </properties>
 </tile>
</tileset>
