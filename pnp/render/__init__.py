"""Drawing: the backend-neutral display list (drawing.py) and its PDF backend, text setting,
fonts, piece outlines, the helpers every card renderer shares, and every face and back of a
loaded game drawn (faces.py)."""
