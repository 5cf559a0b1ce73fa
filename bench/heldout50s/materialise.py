"""Writes the set to a folder: `python -m bench.heldout50s.materialise OUT`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import SPLITS, practice_names, split


def materialise(out: Path) -> None:
    index: dict[str, object] = {
        "set": "heldout50s",
        "practices": practice_names(),
        "splits": {},
        "own_names": [n for p in practice_names() for n in p["names"]],
    }
    splits: dict[str, list[str]] = {}
    for name in SPLITS:
        splits[name] = []
        for letter in split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            truth = json.dumps(letter.truth(), ensure_ascii=False, indent=1)
            (folder / "truth.json").write_text(truth + "\n", encoding="utf-8")
            splits[name].append(letter.id)
    index["splits"] = splits
    register.write_all(register.build(), out / "register")
    text = json.dumps(index, ensure_ascii=False, indent=1)
    (out / "index.json").write_text(text + "\n", encoding="utf-8")


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50s.materialise OUT")
        return 2
    materialise(Path(sys.argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
