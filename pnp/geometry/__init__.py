"""The bottom stage: geometry and the drawing model every later stage shares — the backend-neutral
display list (drawing.py: paths, colours, matrices, a piece's drawing), piece outlines and their
bleed (shapes.py) and the fonts text is measured and drawn with (fonts.py). It imports nothing of
pnp but `pnp.folders` (where the vendored fonts are), so loading, rules, rendering and imposition
all build on it without importing each other."""
