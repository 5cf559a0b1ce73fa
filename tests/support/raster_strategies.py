"""Hypothesis strategies that build raster files from their parts (issue 29): TIFF (G3/G4
fax included), raw G3 fax pages, PNG, JPEG and HEIC, each with its headers drawn field by
field.

- TIFF: a header in either byte order and a chain of image directories whose tags are drawn
  (width, height, bits, compression 1/3/4/5/7/8/32773 or unknown, photometric, fill order,
  strips, rows per strip, planar configuration, orientation, resolutions including the fax
  204x98, colour maps), of odd field types now and then; the strips hold real CCITT code
  (libtiff's, through Pillow) or deflated or raw pixels, or too few bytes; the chain may
  loop or point past the end.
- Raw G3: a real T.4 page (libtiff's code for a random bilevel page 1728 pixels wide) in
  either bit order, cut short, with bytes put in or bytes that only look like EOL codes.
- PNG: chunks drawn one by one (IHDR with odd sizes, depths and colour types, PLTE, tRNS,
  pHYs, iCCP, eXIf, IDAT with right or wrong scanlines, split or cut short, CRCs right or
  not, IEND or not).
- JPEG: a real JPEG (Pillow, grey, RGB or CMYK, baseline or progressive, with EXIF
  orientation and a resolution) whose segments are then mutated: SOF sizes and component
  counts, a segment dropped or repeated, the scan cut short, a marker's length lying.
- HEIC: a real HEIC (libheif through pillow-heif) whose boxes are mutated: brands, the
  image's size (ispe), a box's size, the file cut short.

Each strategy draws `(suffix, bytes)`: the name a file would have in the inbox, and its
content (only raw G3 is told by its name).
"""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from hypothesis import strategies as st
from PIL import Image

# --- TIFF ------------------------------------------------------------------------------------

BYTE, ASCII, SHORT, LONG, RATIONAL = 1, 2, 3, 4, 5
_FIELD_SIZES = {
    BYTE: 1,
    ASCII: 1,
    SHORT: 2,
    LONG: 4,
    RATIONAL: 8,
    7: 1,
    8: 2,
    9: 4,
    10: 8,
    11: 4,
    12: 8,
    13: 4,
    16: 8,
}
COMPRESSIONS = [1, 1, 3, 4, 4, 2, 5, 7, 8, 32773, 6, 99]
FAX_RESOLUTIONS = [(204, 98), (204, 196), (300, 300), (72, 72), (0, 0), (2**32 - 1, 1), (1, 0)]


def _bilevel(width: int, height: int, seed: int) -> Image.Image:
    """A bilevel page with a few black bars, as a fax page has lines of text."""
    rng = np.random.default_rng(seed)
    pixels = np.full((height, width), 255, np.uint8)
    for _ in range(max(1, height // 8)):
        row, column = int(rng.integers(0, height)), int(rng.integers(0, width))
        pixels[row : row + 3, column : column + int(rng.integers(1, width // 2 + 2))] = 0
    return Image.fromarray(pixels).convert("1")


def ccitt_strip(width: int, height: int, seed: int, compression: str) -> bytes:
    """The code of one strip as libtiff writes it (compression: 'group3' or 'group4')."""
    buffer = io.BytesIO()
    _bilevel(width, height, seed).save(buffer, format="TIFF", compression=compression)
    with Image.open(io.BytesIO(buffer.getvalue())) as written:
        strips = zip(written.tag_v2[273], written.tag_v2[279], strict=True)
        return b"".join(buffer.getvalue()[offset : offset + size] for offset, size in strips)


def _pack_entry(
    order: str, tag: int, kind: int, values: list[int], data_at: int
) -> tuple[bytes, bytes]:
    """One IFD entry and the bytes it points to (empty when the value fits in the entry)."""
    size = _FIELD_SIZES.get(kind, 1)
    if kind == RATIONAL:
        payload = b"".join(struct.pack(order + "II", value & 0xFFFFFFFF, 1) for value in values)
    elif kind == ASCII:
        payload = bytes(value & 0x7F for value in values) + b"\x00"
    else:
        code = {1: "B", 2: "H", 4: "I", 8: "Q"}.get(size, "B")
        mask = (1 << (8 * size)) - 1
        payload = b"".join(struct.pack(order + code, value & mask) for value in values)
    count = len(values) + (kind == ASCII)
    if len(payload) <= 4:
        return struct.pack(order + "HHI", tag, kind, count) + payload.ljust(4, b"\x00"), b""
    return struct.pack(order + "HHII", tag, kind, count, data_at), payload


@st.composite
def tiff_directories(draw: st.DrawFn, page: int) -> tuple[list[tuple[int, int, list[int]]], bytes]:
    """One image directory's entries (tag, type, values) and its strip data; strip offsets
    are filled in when the file is laid out."""
    width = draw(st.one_of(st.integers(1, 96), st.sampled_from([1728, 0, 65535, 2**31 - 1])))
    height = draw(st.one_of(st.integers(1, 96), st.sampled_from([0, 65535, 2**31 - 1])))
    compression = draw(st.sampled_from(COMPRESSIONS))
    bits = draw(st.sampled_from([1, 1, 8, 2, 4, 16, 0, 3]))
    samples = draw(st.sampled_from([1, 1, 3, 4, 0, 5]))
    real_width, real_height = min(max(width, 1), 1728), min(max(height, 1), 96)
    if compression in (3, 4) and draw(st.booleans()):
        bits, samples = 1, 1
        data = ccitt_strip(
            real_width, real_height, page, "group3" if compression == 3 else "group4"
        )
    elif compression == 8:
        data = zlib.compress(bytes(real_width * real_height * max(samples, 1)))
    elif compression == 1:
        data = draw(st.binary(min_size=1, max_size=64)) * (
            real_width * real_height * max(bits, 1) * max(samples, 1) // 512 + 1
        )
    else:
        data = draw(st.binary(max_size=200))
    if draw(st.booleans()) and draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    x_resolution, y_resolution = draw(st.sampled_from(FAX_RESOLUTIONS))
    entries: list[tuple[int, int, list[int]]] = [
        (256, draw(st.sampled_from([LONG, SHORT])), [width]),
        (257, LONG, [height]),
        (258, SHORT, [bits] * max(1, min(samples, 4))),
        (259, SHORT, [compression]),
        (262, SHORT, [draw(st.sampled_from([0, 1, 1, 2, 3, 4, 5, 6, 8, 32844, 99]))]),
        (266, SHORT, [draw(st.sampled_from([1, 1, 2, 0, 3]))]),
        (273, LONG, [0]),  # the strip's offset, filled in by tiff_files
        (277, SHORT, [samples]),
        (278, LONG, [draw(st.sampled_from([height, 1, 0, 2**32 - 1]))]),
        (279, LONG, [draw(st.sampled_from([len(data), len(data), 0, len(data) + 10_000]))]),
        (282, RATIONAL, [x_resolution]),
        (283, RATIONAL, [y_resolution]),
        (296, SHORT, [draw(st.sampled_from([2, 2, 3, 1, 0]))]),
    ]
    optional = draw(
        st.lists(
            st.sampled_from(
                [
                    (274, SHORT, [draw(st.sampled_from([1, 3, 6, 8, 0, 9]))]),  # Orientation
                    (284, SHORT, [draw(st.sampled_from([1, 2, 0]))]),  # PlanarConfiguration
                    (292, LONG, [draw(st.sampled_from([0, 1, 4, 5]))]),  # T4Options
                    (293, LONG, [draw(st.sampled_from([0, 2]))]),  # T6Options
                    (317, SHORT, [draw(st.sampled_from([1, 2, 3, 9]))]),  # Predictor
                    (320, SHORT, [0] * draw(st.sampled_from([3, 6, 768]))),  # ColorMap
                    (338, SHORT, [draw(st.sampled_from([0, 1, 2, 7]))]),  # ExtraSamples
                    (322, LONG, [draw(st.sampled_from([16, 0, 7]))]),  # TileWidth
                    (254, LONG, [draw(st.sampled_from([0, 1, 2]))]),  # NewSubfileType
                    (305, ASCII, [ord(c) for c in "docvault fuzz"]),  # Software
                    (0xFFFF, draw(st.sampled_from([7, 13, 16, 99])), [1, 2, 3]),
                ]  # no such tag
            ),
            max_size=4,
            unique_by=lambda entry: entry[0],
        )
    )
    if draw(st.booleans()) and draw(st.booleans()):  # a field of the wrong type
        tag, _, values = entries[0]
        entries[0] = (tag, draw(st.sampled_from([ASCII, RATIONAL, 11, 99])), values)
    return sorted([*entries, *optional], key=lambda entry: entry[0]), data


@st.composite
def tiff_files(draw: st.DrawFn) -> tuple[str, bytes]:
    order = draw(st.sampled_from(["<", ">"]))
    directories = [draw(tiff_directories(page)) for page in range(draw(st.integers(1, 3)))]
    chain = draw(st.sampled_from(["end", "end", "end", "loop", "past-end", "odd"]))
    out = bytearray(b"II*\x00" if order == "<" else b"MM\x00*") + b"\x00\x00\x00\x00"
    previous_next_at = 4
    for index, (entries, data) in enumerate(directories):
        strip_at = len(out)
        out += data
        if len(out) % 2:
            out += b"\x00"
        directory_at = len(out)
        struct.pack_into(order + "I", out, previous_next_at, directory_at)
        values_at = directory_at + 2 + 12 * len(entries) + 4
        packed, extra = [], b""
        for tag, kind, values in entries:
            entry, payload = _pack_entry(
                order, tag, kind, [strip_at] if tag == 273 else values, values_at + len(extra)
            )
            packed.append(entry)
            extra += payload + (b"\x00" if len(payload) % 2 else b"")
        out += struct.pack(order + "H", len(entries)) + b"".join(packed)
        previous_next_at = len(out)
        last = index == len(directories) - 1
        out += struct.pack(order + "I", 0)
        if last and chain != "end":
            target = {"loop": directory_at, "past-end": 2**31, "odd": directory_at + 1}[chain]
            struct.pack_into(order + "I", out, previous_next_at, target)
        out += extra
    if draw(st.booleans()) and draw(st.booleans()):
        out = out[: draw(st.integers(8, len(out)))]
    return draw(st.sampled_from([".tif", ".tiff", ".fax"])), bytes(out)


# --- raw G3 --------------------------------------------------------------------------------

_REVERSED = bytes(int(f"{value:08b}"[::-1], 2) for value in range(256))


@st.composite
def raw_g3_files(draw: st.DrawFn) -> tuple[str, bytes]:
    rows = draw(st.sampled_from([120, 240, 1700]))
    data = ccitt_strip(1728, rows, draw(st.integers(0, 2**16)), "group3")
    if draw(st.booleans()):
        data = data.translate(_REVERSED)  # mgetty's and efax's bit order
    damage = draw(st.sampled_from(["none", "none", "cut", "insert", "eols", "noise", "empty-rows"]))
    if damage == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    elif damage == "insert":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=64)) + data[at:]
    elif damage == "eols":  # nothing but EOL codes: rows with nothing in them
        data = b"\x00\x10" * draw(st.integers(1, 400))
    elif damage == "noise":
        data = draw(st.binary(max_size=2000))
    elif damage == "empty-rows":  # EOLs far enough apart to count as rows, holding nothing
        data = (b"\x00\x10" + b"\x00" * 2) * draw(st.integers(90, 300))
    return ".g3", data


# --- PNG -----------------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes, crc_right: bool = True) -> bytes:
    crc = zlib.crc32(kind + data) if crc_right else 0xDEADBEEF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


@st.composite
def png_files(draw: st.DrawFn) -> tuple[str, bytes]:
    width = draw(st.one_of(st.integers(1, 64), st.sampled_from([0, 2**31 - 1, 2**32 - 1, 100_000])))
    height = draw(st.one_of(st.integers(1, 64), st.sampled_from([0, 2**31 - 1, 100_000])))
    colour = draw(st.sampled_from([0, 2, 3, 4, 6, 5]))
    depth = draw(st.sampled_from([8, 8, 1, 2, 4, 16, 3]))
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 1)
    interlace = draw(st.sampled_from([0, 0, 1, 2]))
    header = struct.pack(
        ">IIBBBBB", width, height, depth, colour, 0, draw(st.sampled_from([0, 0, 1])), interlace
    )
    row = 1 + (min(width, 64) * channels * depth + 7) // 8
    scanlines = bytes(
        draw(st.sampled_from([0, 1, 4, 5])) if index % row == 0 else (index * 37) & 0xFF
        for index in range(row * min(height, 64))
    )
    compressed = zlib.compress(scanlines)
    idat = draw(st.sampled_from(["right", "right", "cut", "garbage", "split", "missing"]))
    chunks = [_chunk(b"IHDR", header, draw(st.booleans()) or draw(st.booleans()))]
    if colour == 3 or (draw(st.booleans()) and draw(st.booleans())):
        chunks.append(
            _chunk(
                b"PLTE",
                bytes(index & 0xFF for index in range(draw(st.sampled_from([3, 768, 6, 0, 800])))),
            )
        )
    extras = {
        "tRNS": b"\x00\x10",
        "pHYs": struct.pack(">IIB", draw(st.sampled_from([0, 3780, 2**32 - 1])), 3780, 1),
        "iCCP": b"icc\x00\x00" + b"garbage",
        "eXIf": b"MM\x00*\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00",
        "acTL": struct.pack(">II", 2**31, 0),
        "zzZZ": b"unknown",
        "IEND": b"",
    }
    for name in draw(st.lists(st.sampled_from(sorted(extras)), max_size=3)):
        chunks.append(_chunk(name.encode(), extras[name]))
    if idat == "right":
        chunks.append(_chunk(b"IDAT", compressed))
    elif idat == "cut":
        chunks.append(_chunk(b"IDAT", compressed[: max(1, len(compressed) // 2)]))
    elif idat == "garbage":
        chunks.append(_chunk(b"IDAT", draw(st.binary(max_size=100))))
    elif idat == "split":
        middle = len(compressed) // 2
        chunks += [_chunk(b"IDAT", compressed[:middle]), _chunk(b"IDAT", compressed[middle:])]
    if draw(st.integers(0, 4)):
        chunks.append(_chunk(b"IEND", b""))
    data = b"\x89PNG\r\n\x1a\n" + b"".join(chunks)
    if draw(st.booleans()) and draw(st.booleans()):  # a chunk's length that lies
        at = 8 + draw(st.integers(0, max(0, len(data) - 12)))
        data = (
            data[:at]
            + struct.pack(">I", draw(st.sampled_from([0, 2**31 - 1, 2**32 - 1])))
            + data[at + 4 :]
        )
    return draw(st.sampled_from([".png", ".PNG", ".bin"])), data


# --- JPEG ----------------------------------------------------------------------------------


def _exif(orientation: int) -> bytes:
    """An EXIF block holding only an Orientation tag."""
    ifd = (
        struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, SHORT, 1, orientation, 0) + b"\x00" * 4
    )
    return b"Exif\x00\x00MM\x00*\x00\x00\x00\x08" + ifd


@st.composite
def real_jpegs(draw: st.DrawFn) -> bytes:
    mode = draw(st.sampled_from(["L", "RGB", "CMYK"]))
    size = (draw(st.integers(1, 48)), draw(st.integers(1, 48)))
    pixels = np.random.default_rng(draw(st.integers(0, 2**16))).integers(
        0, 256, (*size[::-1], len(mode)), np.uint8
    )
    image = Image.fromarray(pixels.squeeze(-1) if mode == "L" else pixels[..., :3]).convert(mode)
    buffer = io.BytesIO()
    image.save(
        buffer,
        format="JPEG",
        quality=draw(st.integers(5, 95)),
        progressive=draw(st.booleans()),
        dpi=draw(st.sampled_from([(72, 72), (300, 300), (0, 0), (65535, 1)])),
        exif=_exif(draw(st.sampled_from([1, 3, 6, 8, 0, 9, 65535]))),
    )
    return buffer.getvalue()


def jpeg_segments(data: bytes) -> list[bytes]:
    """A JPEG's segments up to its first scan, then the scan and the rest as one piece."""
    segments, at = [data[:2]], 2
    while at + 4 <= len(data):
        marker = data[at + 1]
        length = struct.unpack(">H", data[at + 2 : at + 4])[0]
        if marker == 0xDA:  # start of scan: the entropy-coded data runs to the end
            segments.append(data[at:])
            return segments
        segments.append(data[at : at + 2 + length])
        at += 2 + length
    segments.append(data[at:])
    return segments


@st.composite
def jpeg_files(draw: st.DrawFn) -> tuple[str, bytes]:
    segments = jpeg_segments(draw(real_jpegs()))
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(1, len(segments) - 1))
        segment = bytearray(segments[index])
        mutation = draw(
            st.sampled_from(["size", "components", "drop", "repeat", "length", "cut", "marker"])
        )
        sof = len(segment) >= 10 and segment[1] in (0xC0, 0xC1, 0xC2)  # a frame header
        if mutation == "size" and sof:  # height, width
            struct.pack_into(
                ">HH",
                segment,
                5,
                draw(st.sampled_from([0, 1, 65535])),
                draw(st.sampled_from([0, 1, 65535])),
            )
        elif mutation == "components" and sof:
            segment[9] = draw(st.sampled_from([0, 2, 5, 255]))
        elif mutation == "drop":
            segment = bytearray()
        elif mutation == "repeat":
            segment = segment * 2
        elif mutation == "length" and len(segment) >= 4:
            struct.pack_into(">H", segment, 2, draw(st.sampled_from([0, 1, 2, 65535])))
        elif mutation == "cut":
            segment = segment[: draw(st.integers(0, len(segment)))]
        elif mutation == "marker" and len(segment) >= 2:
            segment[1] = draw(st.sampled_from([0xC3, 0xC9, 0xCF, 0xDD, 0xFF, 0x00, 0xD9]))
        segments[index] = bytes(segment)
    return draw(st.sampled_from([".jpg", ".jpeg", ".pdf"])), b"".join(segments)


# --- HEIC ----------------------------------------------------------------------------------


@st.composite
def real_heics(draw: st.DrawFn) -> bytes:
    from pillow_heif import register_heif_opener

    register_heif_opener()
    size = (draw(st.integers(1, 40)), draw(st.integers(1, 40)))
    image = Image.new("RGB", size, draw(st.sampled_from(["white", "black", "red"])))
    buffer = io.BytesIO()
    image.save(buffer, format="HEIF", quality=draw(st.integers(10, 90)))
    return buffer.getvalue()


@st.composite
def heic_files(draw: st.DrawFn) -> tuple[str, bytes]:
    data = bytearray(draw(real_heics()))
    for _ in range(draw(st.integers(0, 3))):
        mutation = draw(st.sampled_from(["ispe", "brand", "box-size", "cut", "mdat"]))
        if mutation == "ispe" and b"ispe" in data:  # the image's size: version+flags, then w, h
            at = data.index(b"ispe") + 8
            struct.pack_into(
                ">II",
                data,
                at,
                draw(st.sampled_from([0, 1, 65535, 2**31 - 1, 2**32 - 1])),
                draw(st.sampled_from([0, 1, 65535, 2**31 - 1])),
            )
        elif mutation == "brand":
            data[8:12] = draw(st.sampled_from([b"heic", b"mif1", b"avif", b"\x00\x00\x00\x00"]))
        elif mutation == "box-size":
            at = draw(st.sampled_from([0, 28]))
            struct.pack_into(
                ">I", data, at, draw(st.sampled_from([0, 1, 7, 2**32 - 1, len(data) + 100]))
            )
        elif mutation == "cut":
            data = data[: draw(st.integers(12, len(data)))]
        elif mutation == "mdat" and b"mdat" in data:
            at = data.index(b"mdat") + 4
            data[at:] = draw(st.binary(min_size=len(data) - at, max_size=len(data) - at))
    return draw(st.sampled_from([".heic", ".HEIC", ".heif"])), bytes(data)


RASTER_FILES = st.one_of(tiff_files(), raw_g3_files(), png_files(), jpeg_files(), heic_files())
