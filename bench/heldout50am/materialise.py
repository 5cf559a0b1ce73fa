"""python -m bench.heldout50am.materialise OUT: the set on disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids = []
        for letter in letters.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    target = folder / rel
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            ids.append(letter.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    own = [n for p in practices for n in p["names"]]
    index = {"set": "heldout50am", "practices": practices, "splits": splits, "own_names": own}
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m bench.heldout50am.materialise OUT")
        return 2
    materialise(Path(args[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
