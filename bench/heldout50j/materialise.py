"""Write the set to a folder: python -m bench.heldout50j.materialise OUT"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import letters, register


def materialise(out: str | Path) -> dict[str, list[str]]:
    root = Path(out)
    ids: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        ids[name] = []
        for letter in letters.split(name):
            folder = root / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            for cond in letter.conditions():
                for fname, data in letter.render(cond).items():
                    path = folder / fname
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            ids[name].append(letter.id)
    register.write_all(register.build(), root / "register")
    index = {
        "splits": ids,
        "receiving_practices": letters.receiving_practices(),
        "clinic_names": sorted({p["name"] for p in letters.receiving_practices()}),
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return ids


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50j.materialise OUT")
    ids = materialise(sys.argv[1])
    print(f"wrote {sum(len(v) for v in ids.values())} letters to {sys.argv[1]}")


if __name__ == "__main__":
    main()
