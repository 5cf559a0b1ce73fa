"""`python -m bench.heldout50c.materialise OUT`: the splits' letters, their truth, the register."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from . import letters, register


def write_split(name: str, out: Path) -> int:
    n = 0
    for letter in letters.split(name):
        folder = out / name / letter.id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "truth.json").write_text(
            json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
        )
        for condition in letter.conditions:
            for rel, data in letter.render(condition).items():
                path = folder / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                n += 1
    return n


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50c.materialise OUT [--split test|examples]")
        return 2
    out = Path(argv[0])
    splits = ["examples", "test"]
    for name in splits:
        t = time.process_time()
        files = write_split(name, out)
        print(f"{name}: {files} files, {time.process_time() - t:.1f} s CPU")
    t = time.process_time()
    register.write_all(register.build(), out / "register")
    print(f"register: {time.process_time() - t:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
