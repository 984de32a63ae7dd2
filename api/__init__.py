"""The HTTP API (Flask)."""
