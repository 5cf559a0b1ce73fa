"""python -m bench.heldout50k.materialise OUT: the truth and the rendered files of every split."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import register
from .letters import SEEDS, split
from .world import PRACTICES


def write_split(name: str, out: Path) -> list[str]:
    ids = []
    for letter in split(name):
        folder = out / name / letter.id
        folder.mkdir(parents=True, exist_ok=True)
        truth = letter.truth()
        (folder / "truth.json").write_text(
            json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        for cond in letter.conditions():
            for file, data in letter.render(cond).items():
                target = folder / file
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        ids.append(letter.id)
    return ids


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50k.materialise OUT")
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    index = {
        "splits": {},
        "seeds": dict(SEEDS),
        "practices": [
            {
                "name": p["name"],
                "alternatives": p["alts"],
                "doctors": p["doctors"],
                "address": f"{p['street']}, {p['city']}",
                "fax": p["fax"],
            }
            for p in PRACTICES
        ],
        "clinic_names": [n for p in PRACTICES for n in [p["name"], *p["alts"]]],
    }
    for name in SEEDS:
        index["splits"][name] = write_split(name, out)
    register.write_all(register.build(), out / "register")
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {sum(len(v) for v in index['splits'].values())} letters to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
