"""ArcWorlde rules, one module per rule family (named after the rulebook's sections)."""
