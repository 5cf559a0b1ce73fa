"""`python -m bench.heldout50y.materialise OUT`: the set on disk."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import SPLITS, practice_names, split


def materialise(out: Path) -> None:
    index: dict[str, object] = {
        "set": "heldout50y",
        "practices": practice_names(),
        "splits": {},
        "own_names": [],
    }
    own = []
    for pr in practice_names():
        for n in pr["names"]:
            if n not in own:
                own.append(n)
    index["own_names"] = own
    splits: dict[str, list[str]] = {}
    for name in SPLITS:
        ids = []
        for letter in split(name):
            folder = out / name / letter.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", "utf-8"
            )
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    (folder / rel).write_bytes(data)
            ids.append(letter.id)
        splits[name] = ids
    index["splits"] = splits
    register.write_all(register.build(), out / "register")
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50y.materialise OUT")
    materialise(Path(sys.argv[1]))
