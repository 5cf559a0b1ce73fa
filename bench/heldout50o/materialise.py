"""Writes set 50o to a folder: python -m bench.heldout50o.materialise OUT"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from . import register
from .letters import SPLITS, practice_names, split


def materialise(out: Path) -> dict[str, Any]:
    splits: dict[str, list[str]] = {}
    for name in SPLITS:
        ids = []
        for letter in split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            ids.append(letter.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    practices = practice_names()
    index: dict[str, Any] = {
        "set": "heldout50o",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return index


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50o.materialise OUT", file=sys.stderr)
        return 2
    index = materialise(Path(argv[0]))
    n = sum(len(v) for v in index["splits"].values())
    print(f"wrote {n} letters and the register to {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
