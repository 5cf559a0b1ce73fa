"""python -m bench.heldout50ac.materialise OUT: the set's files, truth and register on disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register

SET_NAME = "heldout50ac"


def own_names() -> list[str]:
    out: list[str] = []
    for p in letters.practice_names():
        for n in [p["name"], *p["names"]]:  # type: ignore[list-item]
            if n not in out:
                out.append(str(n))
    return out


def materialise(out: Path) -> None:
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids = []
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
            ids.append(lt.id)
        splits[name] = ids
    register.write_all(register.build(), out / "register")
    index = {
        "set": SET_NAME,
        "practices": letters.practice_names(),
        "splits": splits,
        "own_names": own_names(),
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50ac.materialise OUT")
        return 2
    materialise(Path(argv[0]))
    print(f"written: {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
