"""Write the held-out set to a folder.

    python -m bench.heldout.materialise OUT [--split test|examples|all] [--no-register]

OUT/<split>/index.json                 the split's letters, their layouts, languages, conditions
OUT/<split>/<letter>/truth.json        the letter's truth (see README.md in this folder)
OUT/<split>/<letter>/pdf/letter.pdf    born-digital (absent for handwritten letters)
OUT/<split>/<letter>/scan150|scan200|scan300/page-NN.jpg   grey scans
OUT/<split>/<letter>/fax/page-NN.tif, fax/fax.tif           G4 fax pages, and all in one
OUT/<split>/<letter>/turned/page-NN.jpg                     turned 200 dpi scans (a subset)
OUT/register/patients.csv, gdt/<id>.gdt, patients.bundle.json, patients.ndjson
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.heldout import letters as L
from bench.heldout import register as reg


def write_split(name: str, out: Path) -> dict[str, object]:
    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    for letter in L.split(name):
        base = folder / letter.id
        truth = letter.truth()
        for cond in truth["conditions"]:
            for rel, data in letter.render(cond).items():
                path = base / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
        (base / "truth.json").write_text(
            json.dumps(truth, ensure_ascii=False, indent=1), encoding="utf-8"
        )
        index.append(
            {
                "id": letter.id,
                "layout": letter.layout,
                "language": letter.language,
                "region": letter.region,
                "pages": len(letter.pages),
                "conditions": {c: len(v["pages"]) for c, v in truth["conditions"].items()},
                "lost_variants": len(truth["lost_variants"]),
            }
        )
        print(letter.id, letter.layout, flush=True)
    summary: dict[str, object] = {"split": name, "letters": index}
    (folder / "index.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--split", default="all", choices=["all", *L.SPLITS])
    ap.add_argument("--no-register", action="store_true")
    args = ap.parse_args()
    names = list(L.SPLITS) if args.split == "all" else [args.split]
    for name in names:
        write_split(name, args.out)
    if not args.no_register:
        reg.write_all(L.register(), args.out / "register")


if __name__ == "__main__":
    main()
