"""`python -m bench.heldout50p.materialise OUT`: writes the set's files and truth."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register

SPLITS = ("test", "examples")


def materialise(out: str | Path) -> None:
    root = Path(out)
    splits: dict[str, list[str]] = {}
    for name in SPLITS:
        splits[name] = []
        for lt in letters.split(name):
            folder = root / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in lt.conditions():
                for rel, data in lt.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            splits[name].append(lt.id)
    register.write_all(register.build(), root / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50p",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50p.materialise OUT")
        return 2
    materialise(argv[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
