"""``python -m bench.heldout50ab.materialise OUT``: writes the set to disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import SET_NAME, practice_names, split


def materialise(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids = []
        for letter in split(name):
            folder = out / name / letter.id
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            ids.append(letter.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    practices = practice_names()
    index = {
        "set": SET_NAME,
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m bench.heldout50ab.materialise OUT", file=sys.stderr)
        return 2
    materialise(Path(args[0]))
    print(f"written to {args[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
