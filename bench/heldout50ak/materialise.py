"""``python -m bench.heldout50ak.materialise OUT``: the set's files, truth and register on disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.heldout50ak import letters, register


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for lt in letters.split(name):
            folder = out / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in lt.conditions():
                for rel, data in lt.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            splits[name].append(lt.id)
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    index = {
        "set": "heldout50ak",
        "practices": practices,
        "splits": splits,
        "own_names": [n for p in practices for n in [*p["names"], p["doctor"]]],
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50ak.materialise OUT", file=sys.stderr)
        return 2
    materialise(Path(sys.argv[1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
