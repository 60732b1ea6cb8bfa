from collections.abc import Callable
from typing import Any

def run(
    table: list[list[int]],
    rack: list[list[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: list[list[int]],
    joker_weight: int,
    opening: int | None,
    floor: int,
    option_list: Callable[..., tuple[Any, ...]],
) -> tuple[int, int, list[tuple[int, int, int, int]], int] | None: ...
