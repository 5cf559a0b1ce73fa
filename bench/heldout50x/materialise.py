"""python -m bench.heldout50x.materialise OUT: writes the set to disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def main(out: str) -> None:
    root = Path(out)
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for lt in letters.split(name):
            folder = root / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
            for cond in lt.conditions():
                for rel, data in lt.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            splits[name].append(lt.id)
    register.write_all(register.build(), root / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50x",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in p["names"]],
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8"
    )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50x.materialise OUT")
    main(sys.argv[1])
