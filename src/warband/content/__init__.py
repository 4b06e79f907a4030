"""Content files and warband lists: YAML validated at the edge by pydantic models."""
