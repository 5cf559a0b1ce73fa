"""`python -m bench.heldout50m.materialise OUT`: writes the set's files and truths."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import SEEDS, practice_names, split


def materialise(out: Path) -> dict[str, object]:
    index: dict[str, object] = {"set": "heldout50m", "practices": practice_names(), "splits": {}}
    splits: dict[str, list[str]] = {}
    for name in sorted(SEEDS):
        ids = []
        for lt in split(name):
            folder = out / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in lt.conditions():
                for fname, data in lt.render(cond).items():
                    path = folder / fname
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            ids.append(lt.id)
        splits[name] = ids
    index["splits"] = splits
    index["own_names"] = [n for p in practice_names() for n in p["names"]]  # type: ignore[attr-defined]
    register.write_all(register.build(), out / "register")
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return index


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50m.materialise OUT")
        return 2
    idx = materialise(Path(sys.argv[1]))
    print(json.dumps(idx["splits"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
