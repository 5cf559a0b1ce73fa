"""Writes the set to a folder: `python -m bench.heldout50ae.materialise OUT`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import practice_names, split


def materialise(out: str | Path) -> None:
    root = Path(out)
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for lt in split(name):
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
    practices = practice_names()
    index = {
        "set": "heldout50ae",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50ae.materialise OUT")
        return 2
    materialise(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
