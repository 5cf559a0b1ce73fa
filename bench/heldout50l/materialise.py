"""`python -m bench.heldout50l.materialise OUT`: truth.json and rendered files of every letter."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import letters as L
from . import register

_CACHE: dict[str, list[L.Letter]] = {}


def _write(args: tuple[str, int, str]) -> str:
    split, index, out = args
    if split not in _CACHE:  # one composition per worker and split
        _CACHE[split] = L.split(split)
    lt = _CACHE[split][index]
    folder = Path(out) / split / lt.id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "truth.json").write_text(
        json.dumps(lt.truth(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    for cond in lt.conditions():
        for name, data in lt.render(cond).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
    return lt.id


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bench.heldout50l.materialise OUT")
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    register.write_all(register.build(), out / "register")
    index = {"splits": {}, "practices": L.practice_names(), "register": "register/"}
    jobs = []
    for split in ("test", "examples"):
        index["splits"][split] = [lt.id for lt in L.split(split)]
        jobs += [(split, i, str(out)) for i in range(len(index["splits"][split]))]
    with ProcessPoolExecutor(max_workers=2) as pool:  # the machine is shared: two workers at most
        done = list(pool.map(_write, jobs))
    (out / "index.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(done)} letters and the register to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
