#!/usr/bin/env bash
# Build .stage3/: the wheels docvault needs on the device machine that neither its image nor
# the vLLM parts (.stage1 + .stage2, see prepare_carry.sh) provide. Run here, no device time.
#
#   bench/gpu/prepare_docvault_carry.sh          # from anywhere inside the repository
#   CHECK_PYTHON=python3.12 bench/gpu/prepare_docvault_carry.sh   # also test the install
#
# Result: <repo>/.stage3/dvsite.tar.xz + dvsite.sha256 (git-ignored through .git/info/exclude):
# a stripped cp312 site-packages tree of the packages below.
# On the device (docvault_device.sh install):
#   python3 -c 'lzma + tarfile' unpacks .stage3/dvsite.tar.xz into /tmp/dvsite
#   PYTHONPATH=<repo>:/tmp/dvsite:/tmp/site python3 -m docvault run
#
# What is left out, and why:
#   - on the device image already (KINDS.md's package list): numpy, pillow, httpx, jinja2,
#     markupsafe, click, prometheus-client, psutil, pyyaml, tabulate, networkx, onnxruntime,
#     anyio, h11, typing-extensions, mdurl, annotated-doc;
#   - in the vLLM parts (/tmp/site): fastapi 0.165.0, starlette 1.10.0, uvicorn 0.54.0,
#     pydantic 2.14.4 + pydantic-core, python-multipart 0.0.34, annotated-types,
#     typing-inspection (the same versions as docvault's .venv);
#   - rapidocr and its models: only the CPU engine imports it (lazily), the GPU run does not;
#   - pymupdf's declared pymupdf-layout / pymupdf4llm: `import pymupdf` does not need them.
# Versions are the ones in docvault's .venv, where the test suite passes.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# CARRY_ROOT: the checkout the device tool sends; DV_STAGE: the folder name there (.stage3 when
# vLLM travels in two parts, .stage4 when it needs three: KEEP_MOE=1 in prepare_carry.sh).
REPO=${CARRY_ROOT:-$(git -C "$HERE" rev-parse --show-toplevel)}
DV_STAGE=${DV_STAGE:-.stage3}
DEST="$REPO/$DV_STAGE"
EXCLUDE="$(git -C "$REPO" rev-parse --path-format=absolute --git-common-dir)/info/exclude"
mkdir -p "$(dirname "$EXCLUDE")"
WORK=${WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/docvault-device-prep}
mkdir -p "$WORK/wheels"

PACKAGES=(
  watchdog==7.1.0
  sqlmodel==0.0.50
  SQLAlchemy==2.1.9
  alembic==1.20.1
  Mako==1.4.3
  pymupdf==2.0
  Whoosh-Reloaded==2.7.5
  cached-property==2.0.1
  itsdangerous==2.2.0
  nh3==0.3.8
  markdown-it-py==4.3.0
  mdit-py-plugins==0.7.0
  argon2-cffi==25.1.0
  argon2-cffi-bindings==26.2.0
  cffi==2.1.1
  pycparser==3.12
  imap-tools==1.16.0
  tantivy==0.27.0
)

PLAT=(--only-binary=:all: --python-version 3.12 --implementation cp)
for n in 28 27 17 24 5 31 34 35 39; do PLAT+=(--platform "manylinux_2_${n}_x86_64"); done
PLAT+=(--platform manylinux2014_x86_64 --platform manylinux1_x86_64)

echo "== 1. download ${#PACKAGES[@]} wheels for cp312 manylinux x86_64 (cached in $WORK/wheels)"
python3 -m pip download -q --no-deps "${PLAT[@]}" -d "$WORK/wheels" "${PACKAGES[@]}"

echo "== 2. install them into a cp312 target tree, strip, pack with xz"
grep -qx "/$DV_STAGE/" "$EXCLUDE" 2>/dev/null || echo "/$DV_STAGE/" >> "$EXCLUDE"
rm -rf "$WORK/dvsite"
python3 -m pip install -q --no-deps --no-index --no-compile --find-links "$WORK/wheels" \
  --target "$WORK/dvsite" "${PLAT[@]}" "${PACKAGES[@]}"
cd "$WORK/dvsite"
# pymupdf 2.0's wheel is 66 MiB: 51 MiB of it is pymupdf/layout (ONNX layout models for text
# extraction; `import pymupdf` tries it and goes on without it). docvault only rasterises.
rm -rf pymupdf/layout pymupdf/mupdf-devel bin
find . -name __pycache__ -type d -prune -exec rm -rf {} +
du -sh "$WORK/dvsite"
rm -rf "$DEST" && mkdir -p "$DEST"
tar -C "$WORK/dvsite" -cf - . | xz -9 -T0 > "$DEST/dvsite.tar.xz"
(cd "$REPO" && sha256sum "$DV_STAGE/dvsite.tar.xz" > "$DV_STAGE/dvsite.sha256")
cd "$REPO"
ls -la "$DEST" | awk 'NR>3{printf "   %8.1f MiB  %s\n", $5/1048576, $NF}'

if [ -n "${CHECK_PYTHON:-}" ]; then
  echo "== 3. install into a fresh --target with $CHECK_PYTHON and import docvault's modules"
  CHECK=$(mktemp -d)
  mkdir -p "$CHECK/site" && tar -C "$CHECK/site" -xJf "$DEST/dvsite.tar.xz"
  PYTHONPATH="$REPO:$CHECK/site${EXTRA_SITE:+:$EXTRA_SITE}" "$CHECK_PYTHON" -c \
    "import docvault.service, docvault.cli, docvault.web.app, pymupdf, sqlmodel, whoosh; print('imports ok', pymupdf.VersionBind)"
  rm -rf "$CHECK"
fi
echo "done: carry .stage3 in the install call (see bench/gpu/RESULTS.md)"
