#!/usr/bin/env bash
# Issue 17 on the device: the seed's recipe, docvault with N engine replicas on the one H200,
# and vLLM's offline ceiling, in one lease. Run from the repository root through the device
# tool. The calls of the next run, their carry and expected seconds (bench/gpu/RESULTS.md,
# "Issue 17", which also has the run of 2026-12-01 and how the carry was made):
#
#   1  bash bench/gpu/replicas_device.sh prep && REPLICA_STEPS=b64,b128,c128,c64 bash bench/gpu/replicas_device.sh install
#                                                  carry .stage5 .whl   ~60 s + machine start
#        env report, vLLM part 0 kept, the model, docvault's wheels, the page sets (seed b32,
#        c32 of SEED_PAGES; replica steps of PAGES)
#   2  bash bench/gpu/replicas_device.sh stash     carry .stage6        ~1 s
#   3  STEPS=b32 NEXT=r2 BUDGET=470 bash bench/gpu/replicas_device.sh seed   carry .stage7   ~360 s
#        vLLM unpacked, ONE engine with the seed's flags (0.9 of the GPU) through docvault's
#        supervisor (254-324 s cold): warm-up, b32; engine stopped; then the replicas of
#        config r2 launched in the background (`launch r2`)
#   4  BUDGET=585 bash bench/gpu/replicas_device.sh measure r2 c128,b128   carry nothing  ~585 s
#        waits until both replicas are up (452-472 s after the launch), then the steps; one
#        that no longer fits the call is skipped (noted)
#   5  PYSPY_STEPS=c64 BUDGET=300 bash bench/gpu/replicas_device.sh measure r2 b128,c64; \
#      BUDGET=300 bash bench/gpu/replicas_device.sh offline; bash bench/gpu/replicas_device.sh report
#                                                  carry nothing        ~500 s
#        what call 4 skipped and c64 (py-spy on the daemon: bench/gpu/pyspy.py), the replicas stopped, vLLM's offline LLM.chat on the b64
#        pages (one engine, 0.9 of the GPU, the host flags; ~75 s to start with warm caches)
#   (2026-12-01's second run took 1,565 device s with these calls' forerunners; every step
#   now also samples the host's CPU per process role: bench/gpu/cpu_sampler.py)
#
# About 27 min of device time with the machine start and the idle tails: one replica
# configuration per lease. Another configuration (r3, r2b) takes `launch CONFIG` at the end of
# a call and `measure CONFIG STEPS` in the next (~600 s more for three replicas' starts).
# Steps: bN = the bare load generator, cN = docvault's daemon, N requests in flight PER
# REPLICA (b32 on two replicas: 64 in flight in all, 32 at each); the daemon runs with
# engine_url = every replica's URL and concurrency N (docvault balances by least in flight).
# Every step sends pages no engine process has seen (--mm-processor-cache-gb 0 as well);
# pages/min over first request sent -> last page done; nvidia-smi sampled once a second
# during each step (mean/max GPU utilisation and memory in the table).
#
# Replicas run between calls: `launch` starts bench/gpu/replicas_up.py (docvault's own
# VllmReplicas: one replica after another, each healthy before the next is launched) with
# setsid FROM /tmp, on a copy of the code in /tmp/dvcode: the next call lays a new tree, and a
# process still importing from the removed one dies (transformers' Path("src").resolve()).
#
# Environment: PAGES (pages per replica-step set and the offline run, 1024), SEED_PAGES (the
# seed's sets, 512), BUDGET (seconds from this command's start to the benchmark's deadline,
# 540: two commands in one call share the 600 s, so give each its part), RENDER_WORKERS (the
# daemon's, 6: the API servers need the other cores), CONFIG_FLAGS,
# CONFIG_REPLICAS, CONFIG_SHARE (override a configuration), ENGINE=sim (local dry run).
set -uo pipefail
# Issue 33: every engine prints the Triton kernels it autotunes and how long each took, so
# the servers' ~92-s "initial profiling/warm-up run" (0.2 s in the offline engine) can be
# told apart: a cold autotune cache, or something else (bench/gpu/RESULTS.md, "Issue 33").
export TRITON_PRINT_AUTOTUNING=1
# Replica steps and the offline run: 1,024 pages a set, so the daemon's start ramp (its first
# wave waits for the render workers) weighs half what it did at 512 (0.939 of bare, issue 17's
# run); the seed's steps keep 512 (32 in flight: 16 waves).
PAGES=${PAGES:-1024}
# The engines' VLLM_CACHE_ROOT (docvault's vllm_cache_dir), shared by every engine of the lease
# and kept across `restart` (docvault_bench.py reads it): issue 53's start-up measurement.
export ENGINE_CACHE=${ENGINE_CACHE:-/tmp/vcache}
SEED_PAGES=${SEED_PAGES:-512}
source "$(cd "$(dirname "$0")" && pwd)/docvault_device.sh"  # device.sh's functions, measure
RUNDIR=${RUNDIR:-/tmp/replicas}
CODE=${CODE:-/tmp/dvcode}
RENDER_WORKERS=${RENDER_WORKERS:-6}  # 4 in issue 17's run; 6 ramp the first wave faster
BASE_PORT=8100
# The measured host-side flags (bench/gpu/RESULTS.md, issue 8) for every replica, and vLLM's
# --stream-interval: a streamed answer (docvault's OvisOCR2 profile streams, to cut loops) in
# events of 16 tokens instead of one per token, less work for the API servers; it changes
# nothing for the answers in one piece the bN and cN steps ask for.
HOST_FLAGS="--api-server-count 4 --max-num-batched-tokens 16384 --stream-interval 16"

config() {  # $1 name -> REPLICAS SHARE FLAGS
  case "$1" in
    seed) REPLICAS=1; SHARE=0; FLAGS="" ;;
    r1) REPLICAS=1; SHARE=0.9; FLAGS="$HOST_FLAGS" ;;
    r2) REPLICAS=2; SHARE=0.42; FLAGS="$HOST_FLAGS" ;;
    # larger step budget; the processor capped at docvault's largest page (2880 x 2880 px),
    # which also shrinks vLLM's profiling dummy image (16.7 Mpx by default)
    r2b) REPLICAS=2; SHARE=0.42
         FLAGS="--api-server-count 4 --max-num-batched-tokens 32768 --mm-processor-kwargs '{\"max_pixels\": 8294400}'" ;;
    # 16 cores: three replicas x (3 API servers + engine core) leave room for docvault
    r3) REPLICAS=3; SHARE=0.28; FLAGS="--api-server-count 3 --max-num-batched-tokens 16384" ;;
    *) echo "unknown configuration '$1' (seed r1 r2 r2b r3)"; exit 2 ;;
  esac
  REPLICAS=${CONFIG_REPLICAS:-$REPLICAS}; SHARE=${CONFIG_SHARE:-$SHARE}; FLAGS=${CONFIG_FLAGS:-$FLAGS}
}

sim_args() {  # the engine simulator in place of vLLM (ENGINE=sim): no parts, no model
  [ "$ENGINE" = sim ] && echo "--engine sim --sim-args=--speed=100"
}

gpu_args() {  # a configuration that places its replicas on GPUs (GPUS, bench/gpu/dp_device.sh)
  [ -n "${GPUS:-}" ] && echo "--gpus=$GPUS"
}

launch() {  # $1 config: start its replicas in the background and return at once
  config "$1"
  if [ "$ENGINE" = vllm ]; then stash_parts; unpack || exit 3; make_model; fi
  install_dvsite || exit 4
  stop_replicas
  rm -rf "$CODE" "$RUNDIR" && mkdir -p "$CODE" "$RUNDIR"
  cp -a "$REPO/docvault" "$REPO/bench" "$REPO/devtools" "$CODE/"
  echo "$1" > "$RUNDIR/config"
  # From /tmp, in a session of its own, no descriptor of this call kept open ($! is its pid:
  # without job control the background child is no group leader, so setsid does not fork).
  cd /tmp || exit 1
  # shellcheck disable=SC2046
  PYTHONPATH="$CODE:$DVSITE:$SITE" setsid nohup python3 "$CODE/bench/gpu/replicas_up.py" \
      --state="$RUNDIR/state.json" --replicas "$REPLICAS" --memory-share "$SHARE" \
      --port "$BASE_PORT" --flags "$FLAGS" $(sim_args) $(gpu_args) \
      > "$RUNDIR/launcher.log" 2>&1 < /dev/null &
  echo $! > "$RUNDIR/launcher.pid"
  cd "$REPO" || exit 1
  log "launched $1: $REPLICAS replica(s) at $SHARE each, flags '${FLAGS}' (launcher pid $(cat "$RUNDIR/launcher.pid"))"
}

stop_replicas() {  # ask the launcher to stop its replicas; kill what is left; GPU memory back
  [ -f "$RUNDIR/launcher.pid" ] || return 0
  local pid; pid=$(cat "$RUNDIR/launcher.pid")
  touch "$RUNDIR/stop"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  if kill -0 "$pid" 2>/dev/null; then log "launcher $pid did not stop: killing it"; kill -KILL "$pid"; fi
  python3 - "$RUNDIR/state.json" <<'EOF' | while read -r group; do kill -KILL -- "-$group" 2>/dev/null; done
import json, sys
try:
    state = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    sys.exit(0)
for replica in state.get("replicas", []):
    if replica.get("pid"):
        print(replica["pid"])
EOF
  if [ "$ENGINE" = vllm ]; then
    for _ in $(seq 1 30); do
      # every GPU's (a one-GPU machine has one line)
      [ "$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | sort -n | tail -1)" -lt 2000 ] && break
      sleep 1
    done
  fi
  rm -f "$RUNDIR/launcher.pid"
  log "replicas stopped ($(cat "$RUNDIR/config" 2>/dev/null))"
}

measure_replicas() {  # $1 config, $2 steps: against the replicas `launch` started
  local name=$1 steps=$2
  [ -f "$RUNDIR/config" ] || { log "no replicas launched (run: launch $name)"; return 1; }
  [ "$(cat "$RUNDIR/config")" = "$name" ] || { log "the running replicas are $(cat "$RUNDIR/config"), not $name"; return 1; }
  config "$name"
  measure "$name-$(echo "$steps" | tr ',' '-')" "$FLAGS" "$steps" --external "$RUNDIR/state.json" \
    --replicas "$REPLICAS" --render-workers "$RENDER_WORKERS" --compare "$WORK/results_seed.json" --goal 3.0
  local rc=$?
  collect_launcher_logs
  return "$rc"
}

collect_launcher_logs() {  # the engines' output is the launcher's (they outlive this call)
  cp "$RUNDIR/server.log" "$OUT/server.log" 2>/dev/null
  grep -E -i "Asynchronous scheduling|KV cache|Maximum concurrency|max_num_batched|is up at|waits for another|exited|error|Traceback" \
    "$RUNDIR/server.log" 2>/dev/null | cut -c1-300 | head -80 >> "$OUT/key_lines.txt"
  # Where each replica's start-up goes (issue 33): the compile cache, the profiling run and
  # the Triton autotuning inside it, the CUDA graphs; counted, then the lines themselves.
  echo "start-up: $(grep -c -i "Triton autotuning for function" "$RUNDIR/server.log" 2>/dev/null) Triton autotuning lines" >> "$OUT/key_lines.txt"
  grep -E -i "torch.compile took|Directly load|profiling/warm|Triton autotuning for function|Encoder cache will|Graph capturing finished|Available KV cache|startup complete|init engine" \
    "$RUNDIR/server.log" 2>/dev/null | cut -c1-240 | head -120 | sed 's/^/start-up: /' >> "$OUT/key_lines.txt"
  sed 's/^/launcher: /' "$RUNDIR/launcher.log" | grep -v "HTTP Request" | tail -20 >> "$OUT/key_lines.txt"
}

offline() {  # vLLM's own LLM.chat on the same pages: one engine, 0.9 of the GPU, host flags
  stop_replicas
  if [ "$ENGINE" = vllm ]; then stash_parts; unpack || exit 3; make_model; fi
  install_dvsite || exit 4
  kill_leftover_engine
  local engine=(); [ "$ENGINE" = sim ] && engine=(--engine sim)
  # vLLM's own tree first: docvault's wheels must not shadow its dependencies
  (cd /tmp && PYTHONPATH="$REPO:$SITE:$DVSITE" timeout $((${BUDGET} - 20)) python3 "$HERE/offline_ceiling.py" \
      --out "$OUT" --work "$WORK" --set "${OFFLINE_SET:-b64}" --pages "$PAGES" \
      --flags "${OFFLINE_FLAGS:-$HOST_FLAGS}" "${engine[@]}") 2>&1 | grep -v -E "it/s\]|Processed prompts" | tail -60 | tee "$OUT/offline.log"
  return "${PIPESTATUS[0]}"
}

install_wheels() {  # docvault's packages to /tmp/dvsite, the wheels added since (.whl) too
  install_dvsite || return 4
  ls .whl/*.whl >/dev/null 2>&1 && python3 -m pip install -q --no-index --no-deps --no-compile \
    --no-cache-dir --upgrade --target "$DVSITE" .whl/*.whl
  check_imports "" || return 5
}

prepare_sets() {  # the page sets of the steps (docvault_bench.py's own arguments), kept in WORK
  PYTHONPATH="$REPO:$DVSITE" python3 "$HERE/docvault_bench.py" --prepare-only --out "$OUT" \
    --work "$WORK" "$@" 2>&1 | tee -a "$OUT/run.log"
}

cache_report() {  # $1 when: what the engines' cache folder holds (issue 53's start-up question)
  log "$1: engine cache $ENGINE_CACHE: $(du -sh "$ENGINE_CACHE" 2>/dev/null | cut -f1), \
$(find "$ENGINE_CACHE" -name '*.autotune.json' 2>/dev/null | wc -l) Triton autotuning results, \
compile caches: $(ls "$ENGINE_CACHE/torch_compile_cache" 2>/dev/null | tr '\n' ' ')" | tee -a "$OUT/startup.txt"
}

restart() {  # $1 config: its replicas stopped and launched again, the engine cache kept
  cache_report "before the restart"
  cp "$RUNDIR/server.log" "$WORK/server_first_start.log" 2>/dev/null
  echo "first start: $(grep -c -i "Triton autotuning for function" "$WORK/server_first_start.log" 2>/dev/null) Triton autotuning lines; replicas up after (s): $(python3 -c 'import json,sys; print([r.get("up_after_launch_s") for r in json.load(open(sys.argv[1]))["replicas"]])' "$RUNDIR/state.json" 2>/dev/null)" | tee -a "$OUT/startup.txt"
  stop_replicas
  launch "$1"
  local started; started=$(date +%s)
  until python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d.get("all_up_s") or d.get("failed") else 1)' "$RUNDIR/state.json" 2>/dev/null; do
    if [ $(( $(date +%s) - started )) -gt "$BUDGET" ]; then log "restart: not every replica up after $BUDGET s"; break; fi
    sleep 2
  done
  echo "restart with the cache kept: $(grep -c -i "Triton autotuning for function" "$RUNDIR/server.log" 2>/dev/null) Triton autotuning lines; replicas up after (s): $(python3 -c 'import json,sys; print([r.get("up_after_launch_s") for r in json.load(open(sys.argv[1]))["replicas"]])' "$RUNDIR/state.json" 2>/dev/null)" | tee -a "$OUT/startup.txt"
  grep -E -i "torch.compile took|Directly load|profiling/warm|Triton autotuning for function|Graph capturing finished|init engine" \
    "$RUNDIR/server.log" 2>/dev/null | cut -c1-200 | head -40 | sed 's/^/restart: /' >> "$OUT/startup.txt"
  cache_report "after the restart"
  cp "$RUNDIR/state.json" "$OUT/restart_state.json" 2>/dev/null
}

report() {  # every run of this lease in one table: seed, configurations, offline ceiling
  python3 - "$WORK" <<'EOF' | tee "$OUT/summary.md"
import json, sys
from pathlib import Path
work = Path(sys.argv[1])
runs = {p.stem[len("results_"):]: json.loads(p.read_text()) for p in sorted(work.glob("results_*.json"))}
offline = runs.pop("offline", None)
seed = runs.get("seed", {})
seed_b = (seed.get("b32") or {}).get("pages_per_min")
print("| run | replicas | share | flags | step | in flight | pages/min | x seed b32 | GPU util mean % | boot |")
print("|---|---|---|---|---|---|---|---|---|---|")
best = None
for label, r in runs.items():
    for step in ("b16", "c16", "b32", "c32", "b64", "c64", "b128", "c128", "g64", "j64", "p64"):
        s = r.get(step)
        if not s or not s.get("pages_per_min"):
            continue
        ratio = f"{s['pages_per_min'] / seed_b:.2f}" if seed_b else "-"
        print(f"| {label} | {r.get('replicas')} | {r.get('memory_share')} | `{r.get('flags') or '(seed)'}` "
              f"| {step} | {s.get('in_flight')} | {s['pages_per_min']} | {ratio} "
              f"| {(s.get('gpu') or {}).get('util_mean_pct')} | {r['machine']['boot_id'][:8]} |")
        if step.startswith("c") and label != "seed" and (best is None or s["pages_per_min"] > best[2]):
            bare = (r.get("b" + step[1:]) or {}).get("pages_per_min")
            best = (label, step, s["pages_per_min"], bare)
if offline:
    m = offline["measured"]
    print(f"| offline LLM.chat | 1 | 0.9 | `{' '.join(offline['flags'])}` | {offline['set']} | all "
          f"| {m['pages_per_min']} | {m['pages_per_min'] / seed_b:.2f} | {m['gpu'].get('util_mean_pct')} "
          f"| {offline['machine']['boot_id'][:8]} |" if seed_b else "")
if best:
    label, step, ppm, bare = best
    print(f"\nbest docvault: {label} {step} {ppm} pages/min; / seed b32: "
          f"{ppm / seed_b:.2f}x (goal >= 3.0)" if seed_b else "")
    if bare:
        print(f"docvault / its bare load generator there: {ppm / bare:.3f} (goal >= 0.95)")
    if offline:
        print(f"docvault / vLLM offline ceiling: {ppm / offline['measured']['pages_per_min']:.3f}")
boots = {r["machine"]["boot_id"] for r in [*runs.values(), *([offline] if offline else [])]}
print(f"machines (boot ids): {len(boots)}")
EOF
}

# Sourced (bench/gpu/dp_device.sh uses its functions), it defines them and returns.
[ "${BASH_SOURCE[0]}" != "$0" ] && return 0

case "${1:-}" in
  prep) env_report; stash_parts; make_model; log "prep done" ;;
  stash) stash_parts ;;  # a middle part of vLLM: kept in /tmp/vparts for the call that unpacks
  install)
    install_wheels || exit $?
    prepare_sets --pages "$SEED_PAGES" --steps b32,c32
    prepare_sets --pages "$PAGES" --steps "${REPLICA_STEPS:-b64,c64}"  # + p64,j64 where wanted
    df -h /tmp | tail -1; log "install done" ;;
  seed)
    PAGES=$SEED_PAGES measure seed "" "${STEPS:-b32,c32}" --replicas 1 --render-workers "$RENDER_WORKERS"
    rc=$?
    [ -n "${NEXT:-}" ] && launch "$NEXT"
    exit "$rc" ;;
  launch) launch "${2:?configuration}" ;;
  measure) measure_replicas "${2:?configuration}" "${3:?steps}" ;;
  stop) stop_replicas ;;
  offline) offline ;;
  restart) restart "${2:?configuration}" ;;
  report) report ;;
  *) echo "usage: $0 prep|install|stash|seed|launch CONFIG|measure CONFIG STEPS|restart CONFIG|stop|offline|report"; exit 2 ;;
esac
