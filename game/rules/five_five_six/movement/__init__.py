"""5.56mm moving and helping: Move (3.1), Sprint (4.1), Hide (4.2), First Aid (3.5)."""
