"""Writes the set to a folder: python -m bench.heldout50z.materialise OUT."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register

SET_NAME = "heldout50z"


def materialise(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
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
    own = [n for p in practices for n in p["names"]]
    index = {"set": SET_NAME, "practices": practices, "splits": splits, "own_names": own}
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m bench.heldout50z.materialise OUT")
    materialise(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
