"""What an OCR engine is: the protocol every engine (CPU, OpenAI-compatible) implements.

An engine makes exactly one attempt per call (`Engine.transcribe`); the retry schedule that
chains attempts lives in the profile (`profiles.py`) and is run by `schedule.py`. The values
it takes and returns (`PageImage`, `AttemptRequest`, `EngineReply`) are shared by every
stage and live in `docvault.vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from docvault.vocabulary import AttemptRequest, EngineReply, EngineState, PageImage, TextFormat


@dataclass(frozen=True)
class EndpointStatus:
    """One endpoint an engine sends pages to, as the status page shows it."""

    base_url: str
    state: EngineState
    in_flight: int
    last_error: str | None

    @property
    def up(self) -> bool:
        return self.state is EngineState.up


class Engine(Protocol):
    """One OCR engine (the CPU engine, or a pool of OpenAI-compatible endpoints)."""

    name: str
    # How its text is written: the viewer shows plain text as read, Markdown rendered.
    text_format: TextFormat

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        """Make exactly one attempt; raise an `OcrError` subclass on failure."""
        ...

    def endpoint_states(self) -> list[EndpointStatus]:
        """Every endpoint it sends pages to, for the status page; none for an engine that
        reads in docvault's own process (the worker's figures say how that one fares)."""
        ...

    async def aclose(self) -> None:
        """Release connections and threads."""
        ...
