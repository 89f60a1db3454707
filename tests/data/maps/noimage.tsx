<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="8" tileheight="8"
 tilecount="4" columns="4">
 <tileoffset x="0" y="2"/>
 <image source="gone.png" width="32" height="8"/>
 <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="rock"/></properties></tile>
 <tile id="2" type="marker">
  <properties>
   <property name="terrain" value="rubble"/>
   <property name="noisy" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3"><properties><property name="terrain" value="lava"/></properties></tile>
</tileset>
