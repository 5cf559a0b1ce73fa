# SPDX-License-Identifier: AGPL-3.0-or-later
"""Writes the set to a folder: OUT/test/<id>/..., OUT/examples/<id>/..., OUT/register/.

    python -m bench.heldout50f.materialise OUT

OUT/index.json lists the letters of each split and the receiving practices' names (the clinic's
own names for a measurement). Each letter's folder holds truth.json and its conditions' files
(pdf/letter.pdf, scan200/page-NN.jpg, fax/page-NN.tif).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.heldout50f import letters, register
from bench.heldout50f.kit import PRACTICES


def write_letter(letter: letters.Letter, folder: Path) -> int:
    """The letter's truth and files; returns the number of files written."""
    folder.mkdir(parents=True, exist_ok=True)
    truth = letter.truth()
    (folder / "truth.json").write_text(
        json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    count = 1
    for condition in letter.conditions():
        for name, data in letter.render(condition).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            count += 1
    return count


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50f.materialise OUT")
        return 2
    out = Path(argv[0])
    index: dict[str, object] = {"receiving_practices": [p.name for p in PRACTICES]}
    for name in ("test", "examples"):
        chosen = letters.split(name)
        files = sum(write_letter(letter, out / name / letter.id) for letter in chosen)
        index[name] = [letter.id for letter in chosen]
        print(f"{name}: {len(chosen)} letters, {files} files")
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    patients = register.build()
    register.write_all(patients, out / "register")
    print(f"register: {len(patients)} patients")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
