"""python -m bench.heldout50ad.materialise OUT: the set's files, truth and register on disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters as L
from . import register as R


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids = []
        for letter in L.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            ids.append(letter.id)
        splits[name] = ids
    R.write_all(R.build(), out / "register")
    practices = L.practice_names()
    own = [str(n) for p in practices for n in p["names"]]  # type: ignore[attr-defined]
    index = {"set": L.SET, "practices": practices, "splits": splits, "own_names": own}
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50ad.materialise OUT")
        return 2
    materialise(Path(argv[0]))
    print(f"written to {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
