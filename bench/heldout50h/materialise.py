"""Write the whole set to a folder: python -m bench.heldout50h.materialise OUT

OUT/register/ holds the register (CSV, GDT, FHIR); OUT/<split>/<letter id>/ holds truth.json
and the files of each condition (pdf/, scan200/, fax/)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.heldout50h import letters, register


def write_letter(letter: letters.Letter, folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    truth = letter.truth()
    (folder / "truth.json").write_text(
        json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    written = 0
    for condition in letter.conditions_available():
        for name, data in letter.render(condition).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written += 1
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder to write into (created if missing)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    register.write_all(register.build(), args.out / "register")
    for name in ("test", "examples"):
        chosen = letters.split(name)
        files = sum(write_letter(letter, args.out / name / letter.id) for letter in chosen)
        print(f"{name}: {len(chosen)} letters, {files} files")
    print(f"written to {args.out} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
