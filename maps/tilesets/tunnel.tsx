<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tunnel" tilewidth="32" tileheight="32" tilecount="9" columns="9">
 <image source="../../sprites/tiles/tunnel.png" width="288" height="32"/>
 <tile id="0">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="wall"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="wall"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="tunnel"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="chamber"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="crawlway"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="water_trap"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="spider_hole"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" propertytype="TunnelTerrain" value="crawlway"/>
  </properties>
 </tile>
</tileset>
