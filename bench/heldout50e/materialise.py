"""Write the set to a folder: python -m bench.heldout50e.materialise OUT"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from . import letters, register


def materialise(out: Path) -> int:
    register.write_all(register.build(), out / "register")
    written = 0
    for name in ("test", "examples"):
        for letter in letters.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
            for condition in letter.conditions():
                for file_name, data in letter.render(condition).items():
                    (folder / file_name).parent.mkdir(parents=True, exist_ok=True)
                    (folder / file_name).write_bytes(data)
                    written += 1
    return written


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50e.materialise OUT")
    started = time.process_time()
    count = materialise(Path(sys.argv[1]))
    print(f"{count} files written to {sys.argv[1]} in {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
