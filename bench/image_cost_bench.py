"""What a page image costs the engine's API server before the model sees it, per encoding.

    python -m bench.image_cost_bench [--pages 40] [--rounds 3]

vLLM's API server decodes every page a request carries (base64, then the image file) and its
image processor resizes it to the model's 32-px patch grid when its sides are off the grid
(OvisOCR2 and the random-weight Qwen3.5 shapes of bench/gpu: nearest multiple of 32). This
bench renders synthetic 150-DPI letters (bench/pages.py) three ways with docvault's renderer:

- `png`: PNG at the rendered size (docvault before issue 17's follow-up),
- `png-grid`: PNG with both sides on the 32-px grid (`render_grid`, now the OvisOCR2 default),
- `jpeg-grid`: JPEG quality 90 on the grid,

and measures, in this one process, side by side and in rotation (this machine is shared), the
CPU-ms of what the server does with each: base64 decode, Pillow decode to RGB (what the
processor converts to), and the bicubic resize to the grid where the size is off it (Pillow's,
as the processor's "pil" backend; its torchvision backend resamples the same pixels).
Render CPU-ms and the request body's KiB are reported too. No GPU, no model.
"""

from __future__ import annotations

import argparse
import base64
import io
import statistics
import tempfile
import time
from pathlib import Path

from PIL import Image

from bench.pages import write_letters
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import PageImage

GRID = 32
VARIANTS: dict[str, RenderOptions] = {
    "png": RenderOptions(orientation=False),
    "png-grid": RenderOptions(orientation=False, grid=GRID),
    "jpeg-grid": RenderOptions(orientation=False, grid=GRID, image_format="jpeg"),
}


def nearest_on_grid(width: int, height: int) -> tuple[int, int]:
    """The size the model's processor resizes a page to (its smart_resize, no pixel cap hit)."""
    return (max(GRID, round(width / GRID) * GRID), max(GRID, round(height / GRID) * GRID))


def server_side(encoded: str) -> float:
    """CPU-ms of base64 decode, image decode to RGB and the resize to the grid if needed."""
    started = time.process_time()
    data = base64.b64decode(encoded)
    with Image.open(io.BytesIO(data)) as opened:
        image = opened.convert("RGB")
    target = nearest_on_grid(*image.size)
    if image.size != target:
        image = image.resize(target, Image.Resampling.BICUBIC)
    return (time.process_time() - started) * 1000


def render(paths: list[Path], options: RenderOptions) -> tuple[list[PageImage], float]:
    started = time.process_time()
    images = [render_page(path, 1, options).image for path in paths]
    return images, (time.process_time() - started) * 1000 / len(paths)


def measure(images: dict[str, list[str]], rounds: int) -> dict[str, list[float]]:
    """Per variant, the per-page server CPU-ms of every round (variants rotate within a round)."""
    times: dict[str, list[float]] = {name: [] for name in images}
    for round_number in range(rounds):
        shift = round_number % len(images)
        order = list(images)[shift:] + list(images)[:shift]
        for name in order:
            times[name].append(statistics.mean(server_side(encoded) for encoded in images[name]))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        paths = write_letters(Path(folder), args.pages, pages_per_document=1, seed=17)
        rendered = {name: render(paths, options) for name, options in VARIANTS.items()}
    encoded = {
        name: [base64.b64encode(image.data).decode() for image in images]
        for name, (images, _) in rendered.items()
    }
    times = measure(encoded, args.rounds)
    baseline = statistics.median(times["png"])
    print(f"{args.pages} synthetic 150-DPI letters, {args.rounds} rounds, CPU-ms per page")
    print("| variant | size px | body KiB | render ms | server ms (median of rounds) | x png |")
    print("|---|---|---|---|---|---|")
    for name, (images, render_ms) in rendered.items():
        server_ms = statistics.median(times[name])
        size = f"{images[0].width}x{images[0].height}"
        body = statistics.mean(len(text) for text in encoded[name]) / 1024
        print(
            f"| {name} | {size} | {body:.0f} | {render_ms:.1f} | {server_ms:.1f} | "
            f"{server_ms / baseline:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
