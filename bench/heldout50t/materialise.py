"""Write the set to a folder: `python -m bench.heldout50t.materialise OUT`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for let in letters.split(name):
            folder = out / name / let.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(let.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
            for cond in let.conditions():
                for rel, data in let.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            splits[name].append(let.id)
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50t",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50t.materialise OUT")
        return 2
    materialise(Path(argv[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
