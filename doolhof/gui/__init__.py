"""The pygame front end: app loop, scenes, drawing, input, animation and sound."""
