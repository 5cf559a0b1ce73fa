#!/usr/bin/env bash
# Issue 16 on the device: DeepSeek-OCR-2 (random weights with the published shapes,
# make_model_deepseek.py) on the carried vLLM 0.22.1, started by docvault's own supervisor with
# docvault's DeepSeek-OCR-2 flags; the bare load generator and docvault's daemon side by side;
# then OvisOCR2 on the same machine for comparison. Run from the repository root through the
# device tool; the calls and their carry (bench/gpu/RESULTS.md, "DeepSeek-OCR-2"):
#
#   bash bench/gpu/deepseek_device.sh part0     # call 1, carry .stage1: env report, part 0,
#                                               #   the DeepSeek-OCR-2 model in /tmp/dsmodel
#   bash bench/gpu/deepseek_device.sh part1     # call 2, carry .stage2: part 1
#   bash bench/gpu/deepseek_device.sh deepseek  # call 3, carry .stage3 .stage4: part 2 and
#                                               #   docvault's wheels, vLLM unpacked, the model
#                                               #   checked against vLLM's modules, the run
#   bash bench/gpu/deepseek_device.sh ovis      # call 4, carry nothing: OvisOCR2 (Qwen3.5-0.8B
#                                               #   shapes, make_model.py), same steps, same pages
#
# vLLM travels in three parts here: a mixture-of-experts model needs vllm/_moe_C.abi3.so
# (`KEEP_MOE=1 PART_MB=52 bench/gpu/prepare_carry.sh`), and docvault's wheels go to .stage4
# (`DV_STAGE=.stage4 bench/gpu/prepare_docvault_carry.sh`).
# Environment: PAGES (pages per measured set, 192), DS_STEPS, OVIS_STEPS, BUDGET (540 s).
set -uo pipefail
PAGES=${PAGES:-192}  # before docvault_device.sh, whose default is 256
source "$(cd "$(dirname "$0")" && pwd)/docvault_device.sh"  # device.sh's functions, measure
DSMODEL=/tmp/dsmodel
# docvault's settings for DeepSeek-OCR-2 on vLLM (README, "The engine"): the published recipe's
# n-gram logits processor and prefix caching off, the model's 8192-token context (the tuned
# 32768 is beyond it and vLLM refuses to start), and the measured host-side flags.
DS_SERVED=deepseek-ai/DeepSeek-OCR-2
# transformers 5 sets DeepseekV2Config.head_dim = qk_rope_head_dim, which is 0 in this model's
# config (no MLA), and vLLM then sizes FlashAttention's metadata with head size 0: the engine
# core dies of SIGFPE in get_scheduler_metadata (seen on the H200, 2026-12-01). The attention
# layers use hidden / heads = 128; the override says so.
DS_FLAGS="--max-model-len 8192 --logits-processors vllm.model_executor.models.deepseek_ocr:NGramPerReqLogitsProcessor --no-enable-prefix-caching --hf-overrides='{\"text_config\": {\"head_dim\": 128}}' --api-server-count 4 --max-num-batched-tokens 16384"
OVIS_FLAGS=${IMPROVED_FLAGS}

make_deepseek_model() {
  if [ -f "$DSMODEL/model.safetensors" ]; then log "model already in $DSMODEL"; return 0; fi
  log "writing the random-weight DeepSeek-OCR-2 model to $DSMODEL"
  python3 "$HERE/make_model_deepseek.py" "$DSMODEL" --device cuda 2>&1 | grep -v -i warn
  ls -la "$DSMODEL"
}

check_deepseek_model() {  # vLLM's own vision modules against the written names and shapes
  PYTHONPATH="$SITE" python3 -W ignore "$HERE/make_model_deepseek.py" "$DSMODEL" --check 2>&1 \
    | grep -v -E "^(INFO|DEBUG)" | tail -5
  local rc=${PIPESTATUS[0]}
  [ "$rc" = 7 ] && { log "MODEL CHECK FAILED: names or shapes differ from vLLM's modules"; exit 7; }
  [ "$rc" != 0 ] && log "model check could not run (rc $rc); vLLM's loader checks at start"
  return 0
}

case "${1:-}" in
  part0) env_report; stash_parts; make_deepseek_model; log "part0 done" ;;
  part1) stash_parts; make_deepseek_model; log "part1 done" ;;
  deepseek)
    stash_parts
    unpack || exit 3
    make_deepseek_model
    check_deepseek_model
    # The first try (2026-12-01, machine 1) lost the engine core without a Python traceback
    # right after "Profiling CUDA graph memory"; a native crash prints its stack with this.
    export PYTHONFAULTHANDLER=1
    # (one word each: the bench splits its --flags with shlex, which keeps the JSON's quotes)
    TRIES=("" "--enforce-eager")
    for extra in "${TRIES[@]}"; do
      MODEL=$DSMODEL measure deepseek "$DS_FLAGS $extra" "${DS_STEPS:-b32,c32,r,b64,c64,d}" \
        --model "$DSMODEL" --served-name "$DS_SERVED" --bench-profile deepseek-ocr-2-bench \
        --loop-profile deepseek-ocr-2
      python3 -c "import json, sys; r = json.load(open(sys.argv[1])); sys.exit(0 if (r.get('b32') or {}).get('ok') else 1)" \
        "$OUT/results.json" && break
      log "engine did not start with '$extra'; kernel messages:"
      dmesg 2>/dev/null | tail -15
      cp "$OUT/server.log" "$OUT/server_failed_start.log"
    done ;;
  ovis)
    measure ovis "$OVIS_FLAGS" "${OVIS_STEPS:-b32,c32,b64,c64}" \
      --compare "$WORK/results_deepseek.json" ;;
  *) echo "usage: $0 part0|part1|deepseek|ovis"; exit 2 ;;
esac
