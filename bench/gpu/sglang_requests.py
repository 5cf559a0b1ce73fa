"""A few DeepSeek-OCR-2 requests against a running SGLang server, as docvault sends them.

Used by bench/gpu/sglang_device.sh once the server answers /health. The bodies come from
docvault's own `deepseek-ocr-2` profile in SGLang's form (`custom_logit_processor` +
`custom_params`); the pages are docvault-rendered synthetic letters when PyMuPDF is importable
(docvault's wheels in /tmp/dvsite), else one synthetic 1240 x 1754 PNG drawn with Pillow.
Writes one JSON file: the server's /v1/models answer, which engine docvault would take it for,
and for each request its body size, HTTP status, time, answer and docvault's cleaned text.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

import httpx

# The repository root first, and not this folder: its bench.py would shadow the bench package
# (on the device the renderer's import failed with "'bench' is not a package").
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parents[1])] + [p for p in sys.path if Path(p or ".").resolve() != HERE]
from docvault.vocabulary import PageImage, SamplingMode
from docvault.ocr.profiles import ServerKind, get_profile


def pages(count: int, work: Path) -> tuple[str, list[PageImage]]:
    """Docvault-rendered letters if PyMuPDF is here, else Pillow-drawn stand-ins."""
    try:
        from bench.pages import render_letters, write_letters

        return "docvault letters", render_letters(write_letters(work, count, pages_per_document=1))[
            :count
        ]
    except ImportError as error:
        from PIL import Image, ImageDraw

        images = []
        for index in range(count):
            picture = Image.new("RGB", (1240, 1754), "white")
            draw = ImageDraw.Draw(picture)
            for line in range(40):
                draw.text(
                    (100, 100 + 38 * line),
                    f"Page {index} line {line}: Patient letter text.",
                    fill="black",
                )
            buffer = io.BytesIO()
            picture.save(buffer, format="PNG")
            images.append(PageImage(buffer.getvalue(), "image/png", 1240, 1754))
        return f"Pillow stand-ins (no docvault renderer: {error})", images


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:30000")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--max-tokens", type=int, default=600)
    parser.add_argument("--work", type=Path, default=Path("/tmp/sglpages"))
    arguments = parser.parse_args()
    profile = get_profile("deepseek-ocr-2")
    result: dict[str, Any] = {"profile": profile.name}
    with httpx.Client(base_url=arguments.url, timeout=120) as client:
        models = client.get("/v1/models")
        result["models"] = models.json() if models.status_code == 200 else models.text
        owners = (
            {str(model.get("owned_by")) for model in result["models"].get("data", [])}
            if models.status_code == 200
            else set()
        )
        result["docvault_server_kind"] = "sglang" if "sglang" in owners else "vllm"
        source, images = pages(arguments.pages, arguments.work)
        result["pages"] = source
        answers = []
        for index, image in enumerate(images):
            request = profile.request(SamplingMode.greedy)
            body = profile.request_body(image, request, ServerKind.sglang)
            body["max_tokens"] = arguments.max_tokens  # random weights: keep each call short
            started = time.monotonic()
            response = client.post("/v1/chat/completions", json=body)
            entry: dict[str, Any] = {
                "page": index,
                "status": response.status_code,
                "seconds": round(time.monotonic() - started, 2),
                "body_fields": sorted(key for key in body if key != "messages"),
                "custom_params": body.get("custom_params"),
            }
            try:
                answer = response.json()
                entry["answer"] = answer
                text = answer["choices"][0]["message"]["content"] or ""
                entry["cleaned"] = profile.clean_output(text)
            except (ValueError, KeyError, IndexError, TypeError):
                entry["answer_text"] = response.text[:4000]
            answers.append(entry)
            answer_json = entry.get("answer")
            usage = answer_json.get("usage") if isinstance(answer_json, dict) else None
            print(f"page {index}: HTTP {entry['status']} in {entry['seconds']} s usage {usage}")
        result["answers"] = answers
    arguments.out.write_text(json.dumps(result, indent=1))
    return 0 if answers and all(entry["status"] == 200 for entry in answers) else 1


if __name__ == "__main__":
    sys.exit(main())
