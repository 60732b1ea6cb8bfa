"""Structured logs: one ``key=value`` (or JSON) line per record, secrets redacted.

Every record passes a filter that replaces the bot token (and anything that looks like a
Discord token) by ``[redacted]``, whichever library logged it.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any, TextIO

# A Discord bot token: three dot-separated base64url parts (id . timestamp . hmac).
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")
_RESERVED = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "taskName",
}


class Redactor(logging.Filter):
    """Replaces secrets in the message, its arguments and its extra fields."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def scrub(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[redacted]")
        return _TOKEN_SHAPE.sub("[redacted]", text)

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.scrub(record.getMessage())
        record.args = None
        for key, value in list(vars(record).items()):
            if key not in _RESERVED and isinstance(value, str):
                setattr(record, key, self.scrub(value))
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = self.scrub(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "level": record.levelname.lower(),
        "logger": record.name,
        "msg": record.getMessage(),
    }
    for key, value in vars(record).items():
        if key not in _RESERVED:
            out[key] = value
    if record.exc_text:
        out["exc"] = record.exc_text
    return out


class KeyValueFormatter(logging.Formatter):
    """``ts=… level=info logger=bot msg="…" key=value`` lines."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = self.formatTime(record, "%Y-%m-%dT%H:%M:%S")
        parts = [f"ts={stamp}"]
        for key, value in _fields(record).items():
            text = str(value)
            if not text or any(c in text for c in ' "=\n'):
                text = json.dumps(text, ensure_ascii=False)
            parts.append(f"{key}={text}")
        return " ".join(parts)


class JsonFormatter(logging.Formatter):
    """One JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        data = {"ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), **_fields(record)}
        return json.dumps(data, ensure_ascii=False, default=str)


class StderrHandler(logging.StreamHandler[TextIO]):
    """Writes each record to ``sys.stderr`` as it is when the record comes, not as it was
    when the handler was made: a handler installed once for the whole process outlives
    any stream that replaced stderr for a while (a test's capture, since closed), and
    must never write into a closed one."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        del value  # always the current sys.stderr


def setup_logging(
    level: str, fmt: str, secrets: list[str], stream: TextIO | None = None
) -> logging.Handler:
    """Send every log record to ``stream`` (default: the current stderr) as structured,
    redacted lines."""
    handler: logging.StreamHandler[TextIO] = (
        StderrHandler() if stream is None else logging.StreamHandler(stream))
    handler.setFormatter(JsonFormatter() if fmt == "json" else KeyValueFormatter())
    handler.addFilter(Redactor(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, "_rami", False):
            root.removeHandler(old)
    handler._rami = True  # type: ignore[attr-defined]  # marks the handlers it installs
    root.addHandler(handler)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
    return handler
