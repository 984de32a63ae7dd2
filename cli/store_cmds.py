"""Commands: placeholder until implemented."""

import click

COMMANDS: list[click.Command] = []
