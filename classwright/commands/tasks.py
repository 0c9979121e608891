import typer


def register(app: typer.Typer) -> None:
    """Commands of this group are added as they are built."""
