"""Writes the set to a folder: `python -m bench.heldout50w.materialise OUT`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def materialise(out: str | Path) -> None:
    root = Path(out)
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for letter in letters.split(name):
            folder = root / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            splits[name].append(letter.id)
    register.write_all(register.build(), root / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50w",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m bench.heldout50w.materialise OUT")
    materialise(sys.argv[1])
