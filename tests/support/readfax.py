"""A fax page as the CPU engine misreads it (issue 47), answered by a replayed engine: for the
tests of the dictionary check of its words (docvault.corrections)."""

from __future__ import annotations

from docvault.vocabulary import AttemptRequest, EngineReply, PageImage, ReadLine, TextFormat

FAX = "ocrmypdf__ccitt.pdf"
# A fax page as the CPU engine reads such pages: "i" read as "l" and "t".
READ_LINES = (
    "Befund vom 01.10.2025",
    "Beurtellung: Hyperkallämie bei Niereninsuffizienz",
    "Pattentin: Berger-Streit, Pat.-Nr.4711",
)
READ_TEXT = "\n".join(READ_LINES)


class ReplayedEngine:
    """Answers the whole page with `READ_LINES` (and a region re-read with nothing): as the
    CPU engine, with the lines located, or as a vision model, Markdown without places."""

    def __init__(self, name: str, text_format: TextFormat) -> None:
        self.name = name
        self.text_format = text_format
        self.page_size: tuple[int, int] | None = None

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        self.page_size = self.page_size or (image.width, image.height)
        if (image.width, image.height) != self.page_size:
            return EngineReply("", "stop", 0, 0, 0.01, self.name)  # a suspect region
        lines: tuple[ReadLine, ...] = ()
        if self.text_format is TextFormat.plain:
            step = image.height // (len(READ_LINES) + 1)
            lines = tuple(
                ReadLine((20, step * row, image.width - 20, step * row + step // 2), text, 0.95)
                for row, text in enumerate(READ_LINES, start=1)
            )
        return EngineReply(READ_TEXT, "stop", 0, 30, 0.01, self.name, lines=lines)

    async def aclose(self) -> None:
        return None
