#!/usr/bin/env bash
# Issue 8 on the device: docvault's own vLLM supervisor, the bare load generator and docvault's
# daemon against the real vLLM 0.22.1 (random-weight Qwen3.5-0.8B shapes). Run from the
# repository root through the device tool; the calls and their carry (bench/gpu/RESULTS.md):
#
#   bash bench/gpu/docvault_device.sh prep      # call 1, carry .stage1: env report, part 0,
#                                               #   model in /tmp/model (= device.sh prep)
#   bash bench/gpu/docvault_device.sh install   # call 2, carry .stage3: docvault's wheels to
#                                               #   /tmp/dvsite, import check, page sets made
#   bash bench/gpu/docvault_device.sh seed      # call 3, carry .stage2: vLLM to /tmp/site,
#                                               #   seed flags: b32 c32 b64 d
#   bash bench/gpu/docvault_device.sh improved  # call 4, carry nothing: improved flags:
#                                               #   b32 b64 c32 c64 (d if call 3 missed it)
#
# Environment: PAGES (pages per measured set, 256), STEPS (override the step list),
# IMPROVED_FLAGS (default "--api-server-count 4 --max-num-batched-tokens 16384"),
# BUDGET (seconds from the start of the command to the benchmark's deadline, 540).
# ENGINE=sim runs everything against docvault's engine simulator instead (local test: no
# parts, no model, no GPU needed).
# Everything for the caller goes to $OUT (at most 8 files): run.log, results.json, table.md,
# server.log, daemon.log, attempts.tsv, key_lines.txt (+ env.txt from prep).
set -uo pipefail
source "$(cd "$(dirname "$0")" && pwd)/device.sh"   # env_report stash_parts unpack make_model
REPO=$(pwd)
DVSITE=${DVSITE:-/tmp/dvsite}
WORK=${WORK:-/tmp/dvbench}
ENGINE=${ENGINE:-vllm}
PAGES=${PAGES:-256}
BUDGET=${BUDGET:-540}
IMPROVED_FLAGS=${IMPROVED_FLAGS:---api-server-count 4 --max-num-batched-tokens 16384}
mkdir -p "$WORK"

install_dvsite() {
  if [ -f "$DVSITE/.complete" ]; then log "docvault's packages already in $DVSITE"; return 0; fi
  # .stage3 when vLLM travels in two parts, .stage4 when in three (prepare_docvault_carry.sh)
  local sums; sums=$(ls .stage*/dvsite.sha256 2>/dev/null | head -1)
  if [ -z "$sums" ]; then
    log "MISSING docvault's wheels (carry the .stage folder bench/gpu/prepare_docvault_carry.sh built)"; return 1
  fi
  sha256sum -c --quiet "$sums" || { log "DVSITE CHECK FAILED"; return 1; }
  rm -rf "$DVSITE" && mkdir -p "$DVSITE"
  python3 -c "import sys, tarfile; tarfile.open(sys.argv[1], 'r:xz').extractall(sys.argv[2], filter='data')" \
    "$(dirname "$sums")/dvsite.tar.xz" "$DVSITE" || return 1
  touch "$DVSITE/.complete"
  log "docvault's packages unpacked: $(du -sh $DVSITE | cut -f1)"
}

check_imports() {  # $1: extra PYTHONPATH entries (vLLM's tree brings fastapi, pydantic, ...)
  PYTHONPATH="$REPO:$DVSITE${1:+:$1}" python3 -W ignore - "$1" <<'EOF'
import importlib, sys
names = ["pymupdf", "sqlalchemy", "alembic", "whoosh", "tantivy", "watchdog", "nh3",
         "argon2", "mdit_py_plugins", "markdown_it", "itsdangerous", "PIL", "numpy", "httpx",
         "docvault.render", "bench.pages"]
if sys.argv[1]:
    names += ["sqlmodel", "fastapi", "uvicorn", "docvault.service", "docvault.web.app",
              "docvault.ocr.vllm_server"]
failed = []
for name in names:
    try:
        importlib.import_module(name)
    except Exception as error:  # noqa: BLE001
        failed.append(f"{name}: {error!r}")
print("imports:", "ok" if not failed else "FAILED " + "; ".join(failed), f"({len(names)} modules)")
sys.exit(1 if failed else 0)
EOF
}

kill_leftover_engine() {  # the supervisor starts vLLM in a session of its own: it would outlive us
  [ -f "$WORK/engine.pid" ] || return 0
  local pid
  for pid in $(cat "$WORK/engine.pid"); do  # one a line: one per engine replica
    if kill -0 "$pid" 2>/dev/null; then
      log "engine process group $pid still there: killing it"
      kill -KILL -- "-$pid" 2>/dev/null
      sleep 3
    fi
  done
  rm -f "$WORK/engine.pid"
}

measure() {  # $1 label, $2 vLLM flags, $3 steps, $4 extra bench.py args
  local label=$1 flags=$2 steps=$3
  shift 3
  if [ "$ENGINE" = vllm ]; then
    stash_parts
    unpack || exit 3
    make_model
    command -v ninja >/dev/null || log "WARNING: ninja not on PATH (the triton GDN prefill needs it)"
    nvidia-smi --query-gpu=memory.used,memory.total --format=csv,noheader | sed 's/^/gpu memory at start: /'
  fi
  install_dvsite || exit 4
  check_imports "$SITE" || exit 5
  kill_leftover_engine
  export PYTHONPATH="$REPO:$DVSITE:$SITE"
  local deadline
  deadline=$(awk -v t0="$T0" -v b="$BUDGET" 'BEGIN{printf "%.0f", t0 + b}')
  log "benchmark $label until $(date -d "@$deadline" +%T) (flags: ${flags:-none beyond the tuned ones})"
  python3 "$HERE/docvault_bench.py" --out "$OUT" --work "$WORK" --label "$label" \
    --engine "$ENGINE" --flags "$flags" --steps "$steps" --pages "$PAGES" \
    --deadline "$deadline" "$@" 2>&1 | tee "$OUT/run.log"
  local rc=${PIPESTATUS[0]}
  kill_leftover_engine
  [ "$ENGINE" = vllm ] && nvidia-smi --query-gpu=memory.used --format=csv,noheader | sed 's/^/gpu memory at end: /'
  grep -E -i "version|Resolved architecture|Using .*backend|Loading weights took|Model loading took|torch.compile takes|Graph capturing|KV cache|Maximum concurrency|max_num_batched|api.server|init engine|Starting vLLM|Starting the vLLM|is up at|Available routes|error|Traceback|exception|exited" \
    "$OUT/server.log" 2>/dev/null | cut -c1-400 | head -150 > "$OUT/key_lines.txt"
  if [ "$rc" != 0 ]; then echo "---- server log tail"; tail -40 "$OUT/server.log"; fi
  log "$label done rc=$rc"
  return "$rc"
}

# Sourced (bench/gpu/deepseek_device.sh uses its functions), it defines them and returns.
[ "${BASH_SOURCE[0]}" != "$0" ] && return 0

case "${1:-}" in
  prep) env_report; stash_parts; make_model; log "prep done" ;;
  install)
    install_dvsite || exit 4
    check_imports "" || exit 5
    PYTHONPATH="$REPO:$DVSITE" python3 "$HERE/docvault_bench.py" --prepare-only --out "$OUT" \
      --work "$WORK" --pages "$PAGES" --steps b32,c32,b64,c64,d 2>&1 | tee "$OUT/run.log"
    df -h /tmp | tail -1; log "install done" ;;
  seed) measure seed "" "${STEPS:-b32,c32,b64,d}" ;;
  improved)
    measure improved "$IMPROVED_FLAGS" "${STEPS:-b32,b64,c32,c64,d?}" \
      --compare "$WORK/results_seed.json" ;;
  *) echo "usage: $0 prep|install|seed|improved"; exit 2 ;;
esac
