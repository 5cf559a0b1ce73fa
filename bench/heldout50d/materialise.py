"""Write the whole held-out set to a folder:
OUT/register/ (patients.csv, gdt/, patients.bundle.json, patients.ndjson) and
OUT/<split>/<id>/ (truth.json, pdf/, scan200/, fax/).

    python -m bench.heldout50d.materialise OUT
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from bench.heldout50d import letters, register


def materialise(out: Path) -> dict[str, int]:
    register.write_all(register.build(), out / "register")
    counts = {}
    for name in ("test", "examples"):
        batch = letters.split(name)
        counts[name] = len(batch)
        for letter in batch:
            folder = out / name / letter.id
            for condition in letter.conditions:
                for relative, data in letter.render(condition).items():
                    path = folder / relative
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            (folder / "truth.json").write_text(
                json.dumps(letter.truth(), ensure_ascii=False, indent=1), encoding="utf-8"
            )
    return counts


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50d.materialise OUT")
    started, cpu = time.perf_counter(), time.process_time()
    counts = materialise(Path(sys.argv[1]))
    print(
        f"wrote {counts} to {sys.argv[1]} in {time.perf_counter() - started:.1f} s "
        f"({time.process_time() - cpu:.1f} s CPU)"
    )


if __name__ == "__main__":
    main()
