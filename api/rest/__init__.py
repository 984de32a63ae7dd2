"""The JSON API: flask-smorest blueprints and their marshmallow request/response schemas."""
