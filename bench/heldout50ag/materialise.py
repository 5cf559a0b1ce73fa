"""Writes the set to a folder: `python -m bench.heldout50ag.materialise OUT`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.heldout50ag import letters, register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in letters.SPLITS:
        ids = []
        for letter in letters.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in letter.conditions():
                for rel, data in sorted(letter.render(cond).items()):
                    target = folder / rel
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            ids.append(letter.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50ag",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50ag.materialise OUT")
        return 2
    materialise(Path(sys.argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
