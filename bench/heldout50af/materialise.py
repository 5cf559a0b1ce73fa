"""`python -m bench.heldout50af.materialise OUT`: writes the set's files, truth and register."""

import json
import sys
from pathlib import Path

from . import register
from .letters import practice_names, split


def materialise(out: str | Path) -> None:
    root = Path(out)
    splits: dict[str, list[str]] = {}
    for name in ("test", "examples"):
        splits[name] = []
        for lt in split(name):
            folder = root / name / lt.id
            folder.mkdir(parents=True, exist_ok=True)
            for cond in lt.conditions():
                for rel, data in sorted(lt.render(cond).items()):
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            splits[name].append(lt.id)
    register.write_all(register.build(), root / "register")
    practices = practice_names()
    index = {
        "set": "heldout50af",
        "practices": practices,
        "splits": splits,
        "own_names": sorted({n for p in practices for n in p["names"]}),
    }
    (root / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m bench.heldout50af.materialise OUT")
        return 2
    materialise(sys.argv[1])
    print(f"written to {sys.argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
