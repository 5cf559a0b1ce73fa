"""Issue 48: the CPU engine's log lines in the service log are plain text.

rapidocr writes through a handler of its own with colorlog's ANSI colour codes; journald
showed them as escape garbage. A real reader is made in a process of its own (as the
service makes it), and its warning reaches docvault's log without an escape character.
"""

from __future__ import annotations

import subprocess
import sys

MAKE_A_READER = """
import logging, sys
logging.basicConfig(stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
from docvault.ocr.rapid import new_reader
new_reader()
logging.getLogger("RapidOCR").warning("the model file was not found")
logging.getLogger("RapidOCR").info("an INFO line nobody needs")
"""


def test_the_cpu_engines_log_lines_carry_no_colour_codes() -> None:
    made = subprocess.run(
        [sys.executable, "-c", MAKE_A_READER], capture_output=True, text=True, timeout=120
    )
    assert made.returncode == 0, made.stderr
    assert "\x1b[" not in made.stderr + made.stdout
    assert made.stderr.count("the model file was not found") == 1  # once: no second handler
    assert "WARNING RapidOCR: the model file was not found" in made.stderr
    assert "INFO line" not in made.stderr
