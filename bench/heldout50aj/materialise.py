"""python -m bench.heldout50aj.materialise OUT: truth, rendered files, register, index."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for letter in letters.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            splits[name].append(letter.id)
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50aj",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50aj.materialise OUT")
    materialise(Path(sys.argv[1]))
