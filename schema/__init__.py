"""The notation: marshmallow schemas that load JSON into the model and dump it back."""
