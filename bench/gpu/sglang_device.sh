#!/usr/bin/env bash
# Issue 16, SGLang part: SGLang 0.5.17 serving the random-weight DeepSeek-OCR-2 model
# (make_model_deepseek.py) on the lent H200, and docvault's `deepseek-ocr-2` profile's requests
# in SGLang's form (custom_logit_processor + custom_params) against it. Run from the repository
# root through the device tool:
#
#   bash bench/gpu/sglang_device.sh stash   # carry .sgl1: the SGLang part to /tmp/sglparts
#   bash bench/gpu/sglang_device.sh start   # carry nothing new: sums, unpack to /tmp/sglsite,
#                                           #   model, import smoke, server, requests, stop
#   (`start` also stashes what this call carries, so with room both go in one call.)
#
# On a fresh machine (each call's carry <= 60 MiB with the ~3 MiB repository):
#   1 carry .stage1        bash bench/gpu/deepseek_device.sh part0   (vLLM part 0, the model)
#   2 carry .stage2        bash bench/gpu/deepseek_device.sh part1
#   3 carry .stage3 .stage4  bash bench/gpu/sglang_device.sh deps   (vLLM part 2 + unpack to
#                            /tmp/site, docvault's wheels to /tmp/dvsite, the model; or
#                            deepseek_device.sh deepseek, which does the same and measures vLLM)
#   4 carry .sgl1          bash bench/gpu/sglang_device.sh start
# On a machine still warm from the vLLM run (/tmp/site, /tmp/dsmodel there): call 4 alone.
#
# It needs the vLLM carry's pure-python packages unpacked in /tmp/site first (deepseek_device.sh
# part0/part1/deepseek or its `unpack`, same machine): fastapi, starlette, pydantic, uvicorn,
# msgspec, pyzmq, dill, pybase64, setproctitle, partial_json_parser, jsonschema, xgrammar,
# apache_tvm_ffi, compressed_tensors, gguf, mistral_common, opentelemetry_*, ... (deps.txt). vLLM
# itself is kept off the path (a /tmp/sgldeps of links without it): sglang's marlin_utils tries
# `from vllm import _custom_ops` and would import all of vLLM against transformers 5.12.1.
#
# The SGLang part (.sgl1/sglpart0, 40.0 MiB xz, 234 MiB unpacked; built on the CPU machine
# 2026-12-01, cp312 manylinux x86_64 wheels, --no-deps):
#   sglang 0.5.17 (without sglang/multimodal_gen, the diffusion server)
#   sglang-kernel 0.4.5: Python + sm90/common_ops.abi3.so + spatial_ops only. Left out:
#     flash_ops.abi3.so (FlashAttention 3, 1.12 GB, loaded only by sgl_kernel/flash_attn.py),
#     sm100/ (the loader takes sm90/ when the capability is 9.0), flashmla_ops (FlashMLA, lazy),
#     infllm_ops (lazy, infllm_v2/_loader.py)
#   flashinfer_python 0.6.15.post1 (fp8_utils imports `flashinfer.bmm_fp8` at module level;
#     JIT sources in flashinfer/data kept; no flashinfer-cubin / jit-cache: nothing may JIT)
#   transformers 5.12.1 + tokenizers 0.22.2 (sglang's pin; with the image's 5.17.0 sglang's
#     configs/qwen3_asr.py dies at import: "'qwen3_asr' is already used by a Transformers
#     config"; 5.12.1 accepts tokenizers <= 0.23.0, the image has 0.23.2, 0.23.0 is not served)
#   openai 2.6.1 (sglang's pin; the vLLM carry's 3.57.0 stays behind it), distro 1.9.0,
#   orjson 3.13.0, zstandard 0.25.0 (without its cffi backend), soundfile 0.13.1 + cffi 2.1.1 +
#   pycparser 3.12, IPython 9.18.1 + traitlets 5.16.1 (sglang/utils.py imports IPython.display;
#   jedi, prompt_toolkit, pexpect, stack_data and IPython's other needs are not imported by
#   that and were left out), loguru 0.7.3 (compressed_tensors imports it).
# Not carried (sglang's Requires-Dist, none imported on this path): flash-attn-4,
#   nvidia-cutlass-dsl, tilelang, sgl-deep-gemm, quack-kernels, humming-kernels, tokenspeed_mla,
#   torchao, torch_memory_saver, kernels, helion, outlines, llguidance, modelscope, datasets.
#
# Environment: BUDGET (seconds from the start of `start` to give up waiting, 420), SGL_EXTRA
# (more launch_server flags), SGL_RETRY (flags for a second start if the first dies before
# /health: "--disable-cuda-graph"), SGL_PAGES (requests sent, 3), SGL_MAX_TOKENS (600).
# Everything for the caller goes to $OUT: sgl_smoke.txt, sglang_server.log (+ _retry),
# sgl_key_lines.txt, sglang_answers.json.
set -uo pipefail
source "$(cd "$(dirname "$0")" && pwd)/docvault_device.sh"  # device.sh: HERE OUT SITE log stash_parts
#   unpack; docvault_device.sh: install_dvsite
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONFAULTHANDLER=1 SGLANG_USE_MODELSCOPE=false
REPO=$(pwd)
SGLPARTS=/tmp/sglparts
SGLSITE=/tmp/sglsite
SGLDEPS=/tmp/sgldeps
DSMODEL=/tmp/dsmodel
DVSITE=${DVSITE:-/tmp/dvsite}
BUDGET=${BUDGET:-420}
PORT=30000
SERVED=deepseek-ai/DeepSeek-OCR-2

stash_sgl() {
  mkdir -p "$SGLPARTS"
  for f in .sgl*/sglpart* .sgl*/sglparts.sha256; do
    [ -f "$f" ] && cp -f "$f" "$SGLPARTS/"
  done
  log "sglang parts here: $(ls -la $SGLPARTS | awk '/^-/{print $NF":"$5}' | tr '\n' ' ')"
}

unpack_sgl() {
  if [ -f "$SGLSITE/.complete" ]; then log "sglang already unpacked in $SGLSITE"; return 0; fi
  if [ ! -f "$SGLPARTS/sglparts.sha256" ]; then log "MISSING sglparts.sha256: carry .sgl1 (stash) first"; return 1; fi
  if ! sed 's#\.sgl[0-9]*/#'"$SGLPARTS"'/#' "$SGLPARTS/sglparts.sha256" | sha256sum -c --quiet; then
    log "SGLANG PART CHECK FAILED: carry the .sgl folder(s) again (machine replaced?)"; return 1
  fi
  rm -rf "$SGLSITE" && mkdir -p "$SGLSITE"
  cat "$SGLPARTS"/sglpart[0-9]* | python3 -c "import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.stdin.buffer), sys.stdout.buffer, 1 << 22)" \
    | tar -x -C "$SGLSITE" || { log "SGLANG UNPACK FAILED"; return 1; }
  touch "$SGLSITE/.complete"
  log "sglang unpacked: $(du -sh $SGLSITE | cut -f1)"
}

vllm_deps() {  # the vLLM carry's packages without vLLM itself
  if [ ! -f "$SITE/.complete" ]; then
    stash_parts
    unpack || { log "MISSING the vLLM carry in $SITE (its pure-python packages): run deepseek_device.sh part0/part1/deepseek on this machine first"; return 1; }
  fi
  rm -rf "$SGLDEPS" && mkdir -p "$SGLDEPS"
  for entry in "$SITE"/*; do
    case $(basename "$entry") in vllm|vllm-*|vllm.*) ;; *) ln -s "$entry" "$SGLDEPS/" ;; esac
  done
  log "vLLM carry's packages linked in $SGLDEPS: $(ls $SGLDEPS | wc -l) entries"
}

cuda_library_path() {  # the image's nvidia wheels' libraries (sgl_kernel's ops need libnvrtc.so.13)
  python3 - <<'PY'
import glob, os
try:
    import nvidia
    paths = sorted({os.path.dirname(p) for base in nvidia.__path__ for p in glob.glob(base + "/**/lib*.so*", recursive=True)})
except ImportError:
    paths = []
print(":".join(paths))
PY
}

make_ds_model() {
  if [ -f "$DSMODEL/model.safetensors" ]; then log "model already in $DSMODEL"; return 0; fi
  log "writing the random-weight DeepSeek-OCR-2 model to $DSMODEL"
  python3 "$HERE/make_model_deepseek.py" "$DSMODEL" --device cuda 2>&1 | grep -v -i warn
  [ -f "$DSMODEL/model.safetensors" ] || { log "MODEL NOT WRITTEN"; return 1; }
}

smoke() {  # each module on its own, so a failure names its module and library
  PYTHONPATH="$SGLPATH" python3 -W ignore - <<'PY' 2>&1 | tee "$OUT/sgl_smoke.txt"
import importlib, sys, time, traceback
names = ["transformers", "tokenizers", "openai", "sgl_kernel", "flashinfer",
         "sglang.srt.entrypoints.http_server", "sglang.srt.models.deepseek_ocr",
         "sglang.srt.layers.attention.triton_backend", "sglang.srt.layers.sampler",
         "sglang.srt.sampling.custom_logit_processor", "sglang.srt.multimodal.processors.deepseek_ocr"]
failed = []
for name in names:
    started = time.time()
    try:
        module = importlib.import_module(name)
        print(f"import ok   {name} {getattr(module, '__version__', '')} ({time.time() - started:.1f} s) {getattr(module, '__file__', '')}")
    except BaseException as error:  # noqa: BLE001  (an ImportError or a native library's OSError)
        failed.append(name)
        print(f"IMPORT FAILED {name}: {type(error).__name__}: {error}")
        traceback.print_exc(limit=-4)
import torch
print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0))
sys.exit(1 if failed else 0)
PY
}

healthy() { python3 -c "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:$PORT/health', timeout=5).status == 200 else 1)" 2>/dev/null; }

stop_sgl() {  # $1: the server's process group (setsid): SIGINT, then KILL, GPU memory back
  [ -n "${1:-}" ] || return 0
  if kill -0 "$1" 2>/dev/null; then
    kill -INT -- "-$1" 2>/dev/null
    for _ in $(seq 1 30); do kill -0 "$1" 2>/dev/null || break; sleep 1; done
  fi
  kill -KILL -- "-$1" 2>/dev/null  # its scheduler and detokenizer too, if the launcher died
  for _ in $(seq 1 20); do
    [ "$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | head -1)" -lt 2000 ] && break
    sleep 1
  done
  log "server group $1 stopped"
}

launch() {  # $1: log file, $2: extra flags; returns 0 once /health answers, 1 if it died
  local logfile=$1 extra=$2
  # No FlashAttention 3 (not carried): triton attention for the language model, SDPA for the
  # vision encoder, PyTorch sampling (no flashinfer JIT), no grammar backend (xgrammar here is
  # the vLLM carry's 0.2.9, sglang pins 0.2.1; docvault sends no grammar).
  CMD=(python3 -m sglang.launch_server --model-path "$DSMODEL" --served-model-name "$SERVED"
       --enable-custom-logit-processor --attention-backend triton --mm-attention-backend sdpa
       --sampling-backend pytorch --grammar-backend none --host 127.0.0.1 --port "$PORT"
       ${SGL_EXTRA:-} $extra)
  echo "PYTHONPATH=$SGLPATH ${CMD[*]}" | tee -a "$OUT/sgl_smoke.txt"
  TS=$(date +%s.%N)
  PYTHONPATH="$SGLPATH" setsid "${CMD[@]}" > "$logfile" 2>&1 &
  SPID=$!  # = its process group (setsid)
  log "server pid $SPID"
  while awk -v t0="$T0" -v b="$BUDGET" -v now="$(date +%s.%N)" 'BEGIN{exit !(now - t0 < b)}'; do
    if healthy; then log "HEALTHY after $(el "$TS") s"; return 0; fi
    if ! kill -0 "$SPID" 2>/dev/null; then
      log "SERVER DIED after $(el "$TS") s; its last lines:"
      grep -E "Error|error:|No module named|cannot open shared object|undefined symbol|Traceback|raise |Exception" "$logfile" | tail -15
      tail -25 "$logfile"; return 1
    fi
    sleep 2
  done
  log "NOT HEALTHY within BUDGET=$BUDGET s; last lines:"; tail -25 "$logfile"
  return 1
}

key_lines() {
  grep -h -E -i "version|architecture|backend|attention|Load weight|weight|KV Cache|max_total_num_tokens|cuda graph|Capture|fired up|ready to roll|Uvicorn running|error|Traceback|exception|No module|shared object" \
    "$OUT"/sglang_server*.log 2>/dev/null | cut -c1-400 | head -150 > "$OUT/sgl_key_lines.txt"
}

start() {
  stash_sgl
  unpack_sgl || exit 3
  vllm_deps || exit 3
  SGLPATH="$SGLSITE:$SGLDEPS"
  local libs; libs=$(cuda_library_path)
  export LD_LIBRARY_PATH="${libs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  make_ds_model || exit 4
  smoke || { log "IMPORT SMOKE FAILED (above: which module, which library)"; exit 5; }
  local ok=1
  SPID=""
  launch "$OUT/sglang_server.log" "" && ok=0
  if [ "$ok" != 0 ] && [ -n "${SGL_RETRY-"--disable-cuda-graph"}" ]; then
    stop_sgl "$SPID"
    log "second start with ${SGL_RETRY-"--disable-cuda-graph"}"
    launch "$OUT/sglang_server_retry.log" "${SGL_RETRY-"--disable-cuda-graph"}" && ok=0
  fi
  if [ "$ok" = 0 ]; then
    local client_path="$REPO"; [ -f "$DVSITE/.complete" ] && client_path="$REPO:$DVSITE"
    PYTHONPATH="$client_path" python3 "$HERE/sglang_requests.py" --url "http://127.0.0.1:$PORT" \
      --out "$OUT/sglang_answers.json" --pages "${SGL_PAGES:-3}" --max-tokens "${SGL_MAX_TOKENS:-600}" \
      || { ok=6; log "REQUESTS FAILED (sglang_answers.json says how)"; }
  fi
  stop_sgl "$SPID"
  key_lines
  log "start done rc=$ok"
  return "$ok"
}

case "${1:-}" in
  stash) stash_sgl ;;
  deps)
    stash_parts; stash_sgl
    unpack || exit 3
    install_dvsite || log "docvault's wheels not installed: the requests use Pillow-drawn pages"
    make_ds_model || exit 4
    log "deps done" ;;
  start) start ;;
  *) echo "usage: $0 stash|deps|start"; exit 2 ;;
esac
