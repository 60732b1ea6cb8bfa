"""Fixtures of the engine tests (helpers live in ``engine_helpers``)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import CARD_VARIANTS


@pytest.fixture(params=CARD_VARIANTS)
def card_variant(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name
