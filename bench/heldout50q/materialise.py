"""python -m bench.heldout50q.materialise OUT: writes the set to disk."""

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
                json.dumps(let.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in let.conditions():
                for rel, data in let.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            splits[name].append(let.id)
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    own = [n for p in practices for n in p["names"]]
    index = {"set": "heldout50q", "practices": practices, "splits": splits, "own_names": own}
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m bench.heldout50q.materialise OUT")
    materialise(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
