"""Write the ninth blind set to a folder: python -m bench.heldout50i.materialise OUT

OUT/<split>/<letter id>/truth.json and the rendered files of each condition; OUT/register/ the
register in CSV,
GDT, FHIR Bundle and NDJSON.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.heldout50i import letters, register


def write_letter(letter: letters.Letter, folder: Path) -> int:
    target = folder / letter.split / letter.id
    target.mkdir(parents=True, exist_ok=True)
    (target / "truth.json").write_text(
        json.dumps(letter.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    written = 0
    for condition in letter.conditions():
        for name, data in letter.render(condition).items():
            path = target / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written += 1
    return written


@functools.cache
def _split(name: str) -> list[letters.Letter]:
    return letters.split(name)  # once per worker process, not once per letter


def _one(job: tuple[str, int, str]) -> int:
    split_name, index, folder = job
    return write_letter(_split(split_name)[index], Path(folder))


def materialise(folder: Path, workers: int = 2) -> int:
    """All letters of both splits and the register; returns the number of rendered files."""
    register.write_all(register.build(), folder / "register")
    jobs = [
        (name, index, str(folder))
        for name in letters.SPLITS
        for index in range(letters.SPLITS[name][0])
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(_one, jobs, chunksize=4))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50i.materialise OUT", file=sys.stderr)
        return 2
    started = time.perf_counter()
    files = materialise(Path(argv[0]))
    print(
        f"heldout50i: {files} rendered files in {argv[0]} ({time.perf_counter() - started:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
