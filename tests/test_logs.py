"""Structured logs that never contain the token."""

from __future__ import annotations

import io
import json
import logging
import sys

import pytest

from bot.logs import setup_logging

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def _capture(fmt: str) -> tuple[io.StringIO, logging.Logger]:
    stream = io.StringIO()
    setup_logging("INFO", fmt, [TOKEN], stream)
    return stream, logging.getLogger("rami.test")


def test_key_value_lines_with_extra_fields() -> None:
    stream, log = _capture("kv")
    log.info("game started", extra={"channel": 42, "variant": "rami 51"})
    line = stream.getvalue().strip()
    assert "level=info" in line and "logger=rami.test" in line
    assert 'msg="game started"' in line and "channel=42" in line
    assert 'variant="rami 51"' in line


def test_json_lines() -> None:
    stream, log = _capture("json")
    log.warning("slow reply ms=%d", 120)
    data = json.loads(stream.getvalue())
    assert data["level"] == "warning" and data["msg"] == "slow reply ms=120"


def test_token_never_logged() -> None:
    stream, log = _capture("kv")
    log.info("login with %s", TOKEN)
    log.info("header Authorization: Bot %s", "OTk5" * 6 + ".Gxyzxy." + "z" * 38)
    try:
        raise RuntimeError(f"rejected {TOKEN}")
    except RuntimeError:
        log.exception("failed")
    log.info("extra", extra={"token": TOKEN})
    text = stream.getvalue()
    assert TOKEN not in text
    assert "z" * 38 not in text
    assert text.count("[redacted]") >= 4


def test_the_default_stream_is_stderr_as_it_is_when_a_record_comes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The handler outlives a stderr replaced for a while and closed since (a test's
    capture): it writes to the stderr of the moment, never into a closed stream."""
    first = io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    setup_logging("INFO", "kv", [])
    first.close()
    second = io.StringIO()
    monkeypatch.setattr(sys, "stderr", second)
    logging.getLogger("rami.test").info("still heard")
    assert "still heard" in second.getvalue()
