"""Raiders of Arcana AIs."""
