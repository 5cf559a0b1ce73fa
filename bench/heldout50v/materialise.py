"""python -m bench.heldout50v.materialise OUT: writes the set's files, truth and register."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import practice_names, split

SPLIT_NAMES = ["test", "examples"]


def own_names() -> list[str]:
    out: list[str] = []
    for p in practice_names():
        for n in p["names"]:
            if n not in out:
                out.append(str(n))
    return out


def materialise(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    splits: dict[str, list[str]] = {}
    for name in SPLIT_NAMES:
        letters = split(name)
        splits[name] = [lt.id for lt in letters]
        for lt in letters:
            folder = out / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in lt.conditions():
                for rel, data in lt.render(cond).items():
                    path = folder / rel
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
    register.write_all(register.build(), out / "register")
    index = {
        "set": "heldout50v",
        "practices": practice_names(),
        "splits": splits,
        "own_names": own_names(),
    }
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> None:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50v.materialise OUT")
        raise SystemExit(2)
    materialise(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
