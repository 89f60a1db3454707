<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex" tilewidth="64" tileheight="56" tilecount="24" columns="8">
 <image source="../../sprites/tiles/hex.png" width="512" height="168"/>
 <tile id="0">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="brush"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="jungle"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="kunai"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="paddy"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="building"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="pond"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="building"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="terrain" propertytype="HexTerrain" value="road"/>
  </properties>
 </tile>
</tileset>
