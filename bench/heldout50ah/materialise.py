"""Write the set to a folder: python -m bench.heldout50ah.materialise OUT."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register

SPLITS = ["test", "examples"]


def write(out: str | Path) -> dict[str, list[str]]:
    out = Path(out)
    ids: dict[str, list[str]] = {}
    for name in SPLITS:
        ids[name] = []
        for letter in letters.split(name):
            ids[name].append(letter.id)
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    index = {
        "set": letters.SET,
        "practices": practices,
        "splits": ids,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), "utf-8")
    return ids


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50ah.materialise OUT")
        return 2
    ids = write(argv[0])
    print(f"wrote {sum(len(v) for v in ids.values())} letters to {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
