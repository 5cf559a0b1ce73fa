"""`python -m bench.heldout50n.materialise OUT`: every split's files and truth, the register."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters as L
from . import register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for letter in L.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in letter.conditions():
                for fname, data in letter.render(cond).items():
                    target = folder / fname
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            splits[name].append(letter.id)
    register.write_all(register.build(), out / "register")
    practices = L.practice_names()
    index = {
        "set": "heldout50n",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50n.materialise OUT")
        return 2
    materialise(Path(argv[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
