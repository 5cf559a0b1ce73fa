"""`python -m bench.heldout50aa.materialise OUT`: write the set's files and truth to OUT."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.heldout50aa import letters, register


def materialise(out: Path) -> dict[str, list[str]]:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids: list[str] = []
        for letter in letters.split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1, sort_keys=True),
                encoding="utf-8",
            )
            ids.append(letter.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    practices = letters.practice_names()
    own = sorted({n for p in practices for n in [p["name"], *p["names"]]})
    index = {"set": letters.SET_NAME, "practices": practices, "splits": splits, "own_names": own}
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return splits


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50aa.materialise OUT", file=sys.stderr)
        return 2
    splits = materialise(Path(argv[0]))
    print(f"wrote {sum(len(v) for v in splits.values())} letters to {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
