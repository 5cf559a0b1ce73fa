# SPDX-License-Identifier: AGPL-3.0-or-later
"""python -m bench.heldout50g.materialise OUT: OUT/test, OUT/examples, OUT/register."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.heldout50g import letters, register


def write_letter(letter: letters.Letter, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for condition in letter.conditions():
        for name, data in letter.render(condition).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
    text = json.dumps(letter.truth(), ensure_ascii=False, indent=1)
    (folder / "truth.json").write_text(text + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50g.materialise OUT", file=sys.stderr)
        return 2
    out = Path(argv[0])
    for name in ("test", "examples"):
        for letter in letters.split(name):
            write_letter(letter, out / name / letter.id)
    register.write_all(register.build(), out / "register")
    print(f"written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
