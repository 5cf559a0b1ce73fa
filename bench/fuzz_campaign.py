"""Issue 29: the coverage-guided fuzzing campaign (atheris), a benchmark, not a test.

    .venv/bin/python -m bench.fuzz_campaign run --target document --inputs 1000000
    .venv/bin/python -m bench.fuzz_campaign run --target query --inputs 200000
    .venv/bin/python -m bench.fuzz_campaign replay --target document
    .venv/bin/python -m bench.fuzz_campaign daemon --target document --sample 300

Targets (each `TestOneInput` calls docvault's own code, the functions the daemon's pool and
search box call):

- `document`: the bytes as a file in the inbox (its name's extension chosen by the first byte,
  since raw G3 fax is told by its name): `render.detect_kind`, `render.inspect_document` (what
  intake asks: kind, page count, a password, the length limit) and `render.render_page` of its first
  page, which runs the text-layer check, the raster second opinion, the inversion check and
  the coverage step's ink lines. The render is at a small scale (`CAMPAIGN_OPTIONS`: 24 dpi,
  long side at most 400 px) so that a million inputs fit in hours on two cores; every check
  docvault makes around MuPDF runs the same at any scale, and the full scale is what `daemon`
  replays. The orientation step (rapidocr's detector, ~0.1 CPU-s a page) is off here and on
  in `daemon`.
- `inspect`: the same files through `render.inspect_document` alone (intake's question, at
  several hundred inputs a second: most of the million inputs go here).
- `query`: the bytes as UTF-8 (errors replaced) through `search.language.parse` with the
  index's own parser.

The oracle, in-process: every input returns normally or raises a `DocvaultError` with a
sentence; anything else is a crash that libFuzzer saves (`crash-<sha1>`). A hang past
`--timeout` (the daemon's render limit, 60 s) is saved as `timeout-<sha1>` and an input past
`--rss-limit-mb` as `oom-<sha1>`.

Killable, memory-capped processes: `run` starts one libFuzzer process after another
(`-runs=` a slice of the inputs each, the corpus folder shared), each with its address
space capped (`render_memory_limit_mb`'s default, as a render worker) and libFuzzer's RSS and
time limits; a process that found a defect ends, its input is kept, and the next one goes
on from the corpus it grew. Seeds: every real fixture in tests/fixtures (PDF, TIFF, fax,
PNG, JPEG, HEIC) and the regression fixtures of tests/fixtures/fuzz.

`replay` runs every input of the grown corpus once more (uninstrumented) and tallies the
distinct outcomes (`pages:N`, `refused:<error code>`); `daemon` drops a sample of the corpus
into a real daemon's inbox (the engine simulator reads the pages) beside a letter archived
before, and checks that each ends `done` or failed with a sentence, that the daemon answers
`/healthz` throughout, and that the letter archived before is untouched. Results go to
bench/results/fuzz/<target>/ (the corpus, the defects found, summary.json).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "fuzz"
FIXTURES = ROOT / "tests" / "fixtures"
# The first byte of a `document` input picks the name the file has in the inbox.
# `inspect` stops after intake's inspection; `document` renders the first page too.
FILE_TARGETS = ("inspect", "document")
EXTENSIONS = (".pdf", ".tif", ".g3", ".heic", ".png", ".jpg", ".bin")
SEED_KINDS = {".pdf": 0, ".tiff": 1, ".tif": 1, ".g3": 2, ".heic": 3, ".png": 4, ".jpg": 5}
IN_FLIGHT_VARIABLE = "DOCVAULT_FUZZ_IN_FLIGHT"
MEMORY_LIMIT_MB = 2048  # render_memory_limit_mb's default: what one render worker may use
# Inputs are kept under 128 KiB (libFuzzer's -max_len): a small file exercises every check
# and parser a large one does, at a fraction of the decoding time; larger real fixtures
# are seeded by their first 128 KiB (a truncated file, a class of its own).
MAX_INPUT_BYTES = 128 * 1024


def _campaign_options() -> Any:
    from docvault.render import RenderOptions

    return RenderOptions(dpi=24, raster_long_side=400, max_side=400, orientation=False)


# --- the targets (run inside the libFuzzer process) ----------------------------------------


def document_outcome(data: bytes, work: Path, options: Any, render: bool = True) -> str:
    """One input through inspection and (`render`) its first page's render: its outcome."""
    from docvault.errors import DocvaultError
    from docvault.render import inspect_document, render_page

    if not data:
        return "empty"
    path = work / f"input{EXTENSIONS[data[0] % len(EXTENSIONS)]}"
    path.write_bytes(data[1:])
    try:
        info = inspect_document(path, options)
        if render and info.page_count:
            render_page(path, 1, options)
    except DocvaultError as error:
        if not error.message.strip():
            raise AssertionError(f"{error.code} without a sentence") from error
        return f"refused:{error.code}"
    return f"pages:{min(info.page_count, 3)}{'+' if info.page_count > 3 else ''}"


def query_outcome(data: bytes, parser: Any) -> str:
    from docvault.errors import DocvaultError
    from docvault.search.language import parse

    text = data.decode("utf-8", errors="replace")
    try:
        parse(parser, text)
    except DocvaultError as error:
        if not error.message.strip():
            raise AssertionError(f"{error.code} without a sentence") from error
        return f"refused:{error.code}"
    return "parsed"


def _query_parser() -> Any:
    from docvault.search.language import make_parser
    from docvault.search.schema import build_schema

    return make_parser(build_schema())


def fuzz_child(target: str, libfuzzer_arguments: list[str]) -> None:
    """The libFuzzer process: docvault imported under atheris's instrumentation."""
    import atheris

    from docvault.runtime.lifeline import limit_memory

    with atheris.instrument_imports(include=["docvault"]):
        import docvault.errors
        import docvault.render
        import docvault.render.formats
        import docvault.search.language
        import docvault.textlayer  # noqa: F401
    limit_memory(MEMORY_LIMIT_MB * 1024 * 1024)
    work = Path(tempfile.mkdtemp(prefix="docvault-fuzz-"))
    # The input running now, so that a process killed without libFuzzer's own report (a
    # signal nobody handles) still leaves the input that killed it.
    in_flight = Path(os.environ.get(IN_FLIGHT_VARIABLE, work / "in-flight"))
    if target in FILE_TARGETS:
        options, render = _campaign_options(), target == "document"

        def test_one_input(data: bytes) -> None:
            in_flight.write_bytes(data)
            document_outcome(data, work, options, render)

    else:
        parser = _query_parser()

        def test_one_input(data: bytes) -> None:
            in_flight.write_bytes(data)
            query_outcome(data, parser)

    atheris.Setup([sys.argv[0], *libfuzzer_arguments], test_one_input)
    try:
        atheris.Fuzz()
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --- the campaign ---------------------------------------------------------------------------


def seed(target: str, folder: Path) -> int:
    """The seed corpus: real fixtures (prefixed with their kind's byte) or queries."""
    folder.mkdir(parents=True, exist_ok=True)
    if target == "query":
        queries = [
            "Metoprolol 50 mg", 'patient:"Anna Berger" date:2025-03', "born:1.2.1960",
            "tag:fax AND NOT received:>2025", "metopro*", "insulin~", "(a OR b) c",
            'from:clinic subject:"lab results"', "date:[2025-01-01 TO 2025-12-31]",
        ]  # fmt: skip
        for number, text in enumerate(queries):
            (folder / f"seed-{number}").write_text(text, encoding="utf-8")
        return len(queries)
    count = 0
    for path in sorted([*FIXTURES.glob("*"), *(FIXTURES / "fuzz").glob("*")]):
        kind = SEED_KINDS.get(path.suffix.lower())
        if kind is None or not path.is_file():
            continue
        data = path.read_bytes()[: MAX_INPUT_BYTES - 1]
        (folder / f"seed-{path.name}").write_bytes(bytes([kind]) + data)
        count += 1
    return count


EXECUTED = re.compile(r"stat::number_of_executed_units:\s*(\d+)")
ARTIFACT = re.compile(r"Test unit written to (\S+)")
# What ended a libFuzzer process: "deadly signal", "timeout", "out-of-memory (...)", "fuzz
# target exited", or an uncaught Python exception (atheris prints it first).
ENDING = re.compile(r"ERROR: libFuzzer: ([^\n]+)|(=== Uncaught Python exception: ===)")


def run(target: str, inputs: int, slice_size: int, timeout: int, out: Path) -> dict[str, Any]:
    corpus, seeds, defects = out / "corpus", out / "seeds", out / "defects"
    for folder in (corpus, defects):
        folder.mkdir(parents=True, exist_ok=True)
    seeded = seed(target, seeds)
    executed, processes, started = 0, 0, time.monotonic()
    found: list[dict[str, Any]] = []
    summary: dict[str, Any] = {}
    while executed < inputs:
        runs = min(slice_size, inputs - executed)
        arguments = [
            f"-runs={runs}", f"-timeout={timeout}", f"-rss_limit_mb={MEMORY_LIMIT_MB + 512}",
            f"-max_len={MAX_INPUT_BYTES}", "-print_final_stats=1", f"-artifact_prefix={defects}/",
            f"-seed={processes + 1}", str(corpus), str(seeds),
        ]  # fmt: skip
        command = [sys.executable, "-m", "bench.fuzz_campaign", "child", "--target", target]
        in_flight = out / "in-flight"
        child = subprocess.run(
            [*command, "--", *arguments],
            cwd=ROOT, capture_output=True, text=True, errors="replace", check=False,
            env={**os.environ, IN_FLIGHT_VARIABLE: str(in_flight)},
        )  # fmt: skip
        processes += 1
        counts = EXECUTED.findall(child.stderr)
        executed += int(counts[-1]) if counts else 0
        if child.returncode != 0:
            artifacts = ARTIFACT.findall(child.stderr)
            if not artifacts and in_flight.exists():  # killed before libFuzzer could save it
                data = in_flight.read_bytes()
                kept = defects / f"died-{child.returncode}-{hashlib.sha1(data).hexdigest()}"
                kept.write_bytes(data)
                artifacts = [str(kept)]
            endings = [python or fuzzer for fuzzer, python in ENDING.findall(child.stderr)]
            found.append({"returncode": child.returncode, "artifacts": artifacts,
                          "ending": endings[0] if endings else "unknown",
                          "tail": _report_of(child.stderr)})  # fmt: skip
            if not counts:
                executed += 1  # a process that died before its statistics still ran one input
        print(f"{target}: {executed:,} inputs, {processes} processes, {len(found)} defects, "
              f"{time.monotonic() - started:,.0f} s", flush=True)  # fmt: skip
        summary = _summary(target, executed, processes, started, seeded, corpus, found)
        # Written after every process, so that a campaign stopped early still reports.
        (out / "run-summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return summary


def _report_of(stderr: str) -> str:
    """What ended a child: its Python traceback when it has one (the decoders' own warnings,
    thousands of lines of them, come before it), else the last lines."""
    marker = stderr.rfind("=== Uncaught Python exception: ===")
    return stderr[marker : marker + 3000] if marker >= 0 else stderr[-3000:]


def _summary(
    target: str,
    executed: int,
    processes: int,
    started: float,
    seeded: int,
    corpus: Path,
    found: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "target": target, "inputs_run": executed, "processes": processes,
        "seconds": round(time.monotonic() - started, 1), "seeds": seeded,
        "corpus_inputs": len(list(corpus.iterdir())), "defects": found,
        "machine": f"{platform.node()}: {os.cpu_count()} cores, {platform.platform()}",
        "python": platform.python_version(),
    }  # fmt: skip


def replay(target: str, out: Path) -> dict[str, Any]:
    """Every corpus input and defect once more, uninstrumented: the outcomes tallied."""
    outcomes: collections.Counter[str] = collections.Counter()
    failures: dict[str, str] = {}
    options = _campaign_options() if target in FILE_TARGETS else None
    parser = _query_parser() if target == "query" else None
    defects = sorted((out / "defects").iterdir()) if (out / "defects").is_dir() else []
    inputs = [*sorted((out / "corpus").iterdir()), *sorted((out / "seeds").iterdir()), *defects]
    with tempfile.TemporaryDirectory(prefix="docvault-replay-") as folder:
        for path in inputs:
            data = path.read_bytes()
            try:
                if target in FILE_TARGETS:
                    outcome = document_outcome(data, Path(folder), options, target == "document")
                else:
                    outcome = query_outcome(data, parser)
            except Exception as error:  # a defect: named, the replay goes on
                outcome = f"DEFECT:{type(error).__name__}"
                failures[path.name] = repr(error)[:300]
            outcomes[outcome] += 1
    # Each saved defect alone, in a fresh process: does it reproduce, and how does it end now?
    alone = {path.name: _outcome_alone(target, path) for path in defects}
    result = {"target": target, "replayed": len(inputs), "outcomes": dict(outcomes.most_common()),
              "defects": failures, "saved_defects_replayed_alone": alone}  # fmt: skip
    (out / "replay-summary.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    return result


def _outcome_alone(target: str, path: Path) -> str:
    """One saved input in a fresh, memory-capped process: its outcome, or how it died."""
    code = (
        "import sys, tempfile; from pathlib import Path; from bench import fuzz_campaign as f;"
        "from docvault.runtime.lifeline import limit_memory; limit_memory(f.MEMORY_LIMIT_MB << 20);"
        "data = Path(sys.argv[2]).read_bytes();"
        "print(f.document_outcome(data, Path(tempfile.mkdtemp()), f._campaign_options(),"
        " sys.argv[1] == 'document') if sys.argv[1] != 'query'"
        " else f.query_outcome(data, f._query_parser()))"
    )
    try:
        child = subprocess.run(
            [sys.executable, "-c", code, target, str(path)],
            cwd=ROOT, capture_output=True, text=True, errors="replace", timeout=120, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "hangs past 120 s"
    if child.returncode != 0:
        return f"exit {child.returncode}: {child.stderr.strip().splitlines()[-1:]}"
    return child.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "replay", "child", "daemon"):
        command = commands.add_parser(name)
        command.add_argument("--target", choices=(*FILE_TARGETS, "query"), default="document")
        if name == "run":
            command.add_argument("--inputs", type=int, default=1_000_000)
            # A libFuzzer process's own address space grows with the inputs it has run
            # (instrumentation and comparison tables: 0.9 GB to past the 2 GB cap in ~35,000
            # inputs of `inspect`, where docvault's own code, run 3,200 times uninstrumented,
            # stayed at 171 MB). Past the cap, an allocation in Pillow or zlib fails and looks
            # like a defect of the input; 10,000 inputs a process stay well below it.
            command.add_argument("--slice", type=int, default=10_000)
            command.add_argument("--timeout", type=int, default=60)
        if name == "daemon":
            command.add_argument("--sample", type=int, default=300)
        if name == "child":
            command.add_argument("libfuzzer", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    out = RESULTS / arguments.target
    if arguments.command == "child":
        fuzz_child(arguments.target, [a for a in arguments.libfuzzer if a != "--"])
    elif arguments.command == "run":
        summary = run(arguments.target, arguments.inputs, arguments.slice, arguments.timeout, out)
        print(json.dumps({key: value for key, value in summary.items() if key != "defects"}))
    elif arguments.command == "replay":
        print(json.dumps(replay(arguments.target, out), indent=2))
    else:
        from bench.fuzz_daemon import replay_through_daemon

        print(json.dumps(replay_through_daemon(out, arguments.sample), indent=2))


if __name__ == "__main__":
    main()
