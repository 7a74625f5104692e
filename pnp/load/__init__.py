"""Input: YAML read with locations, the schema readers, the spec and layout models (templates,
boxes), the shipped folders, user images, played-game files, and the front half of the pipeline
every command shares (project.py: load a game and check it)."""
