<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="table" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="../../sprites/tiles/table.png" width="256" height="32"/>
 <tile id="0">
  <properties>
   <property name="ground" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="ground" value="grass"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="ground" value="grass"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="ground" value="field"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="ground" value="dirt"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="ground" value="paving"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="ground" value="sand"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="ground" value="mud"/>
  </properties>
 </tile>
</tileset>
