"""The card game's table, shared by its play scene and the rules pages: faces, camera and painter."""
