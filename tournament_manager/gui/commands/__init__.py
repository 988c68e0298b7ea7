"""Undoable user actions: each a QUndoCommand whose redo calls a service and whose undo
calls the inverse service (Orange's commands.py, over services instead of a model)."""
