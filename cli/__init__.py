"""The command line (click)."""
