"""ArcWorlde controllers: the heuristic AI and the book's Rogue Warband behaviour."""
