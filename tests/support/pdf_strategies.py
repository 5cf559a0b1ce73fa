"""Hypothesis strategies that build PDF files from their parts (issue 29).

Not mutated bytes but PDFs put together the way a broken or hostile producer would: a
catalog and a page tree (whose /Count may lie, whose kids may not be pages or may loop),
pages with odd boxes and rotations, content streams of real operators with odd operands,
fonts (standard, embedded garbage, Type0 without descendants, Type3 drawing themselves,
ToUnicode maps to odd code points), images with odd /Width /Height /BitsPerComponent
/ColorSpace /Filter and too little or too much data, form XObjects that draw each other
(recursion and cycles included), annotations with appearance streams and form fields,
streams whose filters are right, wrong or chained and whose /Length is right, off, missing
or indirect, encryption dictionaries, and cross-reference tables that are right, shifted,
missing, looping or cut short.

`pdf_files()` draws the bytes of one such file.
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

# --- PDF syntax ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    text: str


@dataclass(frozen=True)
class Ref:
    number: int
    generation: int = 0


@dataclass(frozen=True)
class Raw:
    """Bytes written as they are: a token no serialiser would write."""

    data: bytes


@dataclass(frozen=True)
class Stream:
    dictionary: dict[str, Any]
    data: bytes


def _literal(data: bytes) -> bytes:
    escaped = data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + escaped + b")"


def serialise(value: Any) -> bytes:
    """One PDF object's syntax."""
    if isinstance(value, bool):
        return b"true" if value else b"false"
    if isinstance(value, int):
        return b"%d" % value
    if isinstance(value, float):
        return (b"%.6f" % value).rstrip(b"0").rstrip(b".") or b"0"
    if value is None:
        return b"null"
    if isinstance(value, Name):
        return b"/" + value.text.encode("latin-1", "replace")
    if isinstance(value, Ref):
        return b"%d %d R" % (value.number, value.generation)
    if isinstance(value, Raw):
        return value.data
    if isinstance(value, bytes):
        return _literal(value)
    if isinstance(value, list):
        return b"[" + b" ".join(serialise(item) for item in value) + b"]"
    if isinstance(value, dict):
        return _dictionary(value)
    if isinstance(value, Stream):
        return _dictionary(value.dictionary) + b"\nstream\n" + value.data + b"\nendstream"
    raise TypeError(f"no PDF syntax for {value!r}")


def _dictionary(value: dict[str, Any]) -> bytes:
    body = b"".join(
        b"/" + key.encode() + b" " + serialise(item) + b"\n" for key, item in value.items()
    )
    return b"<<" + body + b">>"


@dataclass
class Objects:
    """The numbered objects of one file, allocated as the strategies draw them."""

    values: dict[int, Any] = field(default_factory=dict)

    def reserve(self) -> Ref:
        number = len(self.values) + 1
        self.values[number] = None
        return Ref(number)

    def add(self, value: Any) -> Ref:
        reference = self.reserve()
        self.values[reference.number] = value
        return reference

    def set(self, reference: Ref, value: Any) -> None:
        self.values[reference.number] = value


# --- numbers, strings and streams --------------------------------------------------------------

ODD_NUMBERS = st.sampled_from(
    [
        0,
        1,
        -1,
        2,
        7,
        72,
        595,
        842,
        65535,
        2**31 - 1,
        2**31,
        -(2**31),
        2**63,
        1e30,
        -1e30,
        0.5,
        1e-30,
        Raw(b"-"),
        Raw(b"."),
        Raw(b"1e999"),
        Raw(b"--1"),
        Raw(b"nan"),
    ]
)
SMALL_NUMBERS = st.one_of(st.integers(-50, 900), st.floats(-10.0, 900.0, allow_nan=False))
NUMBERS = st.one_of(SMALL_NUMBERS, ODD_NUMBERS)
# Words a letter holds, so that a text layer may be trusted, beside bytes no encoding maps.
WORDS = st.sampled_from(
    [
        "Patient",
        "Befund",
        "Metoprolol",
        "Müller",
        "12.03.2025",
        "Kardiologie",
        "Überweisung",
        "Dr.",
        "mg",
        "Ã¼ber",
        "\u00ad",
        "ﬁ",
        "€",
        "Straße",
        "Diagnose:",
        "Seite",
        "1/2",
    ]
)
TEXTS = st.one_of(
    st.lists(WORDS, min_size=1, max_size=12).map(
        lambda words: " ".join(words).encode("cp1252", "replace")
    ),
    st.binary(max_size=40),
)


def _run_length(data: bytes) -> bytes:
    """RunLengthDecode's encoding, literal runs only."""
    out = bytearray()
    for start in range(0, len(data), 128):
        chunk = data[start : start + 128]
        out += bytes([len(chunk) - 1]) + chunk
    return bytes(out + b"\x80")


# (filter names, encoder): a right encoding, or bytes the decoder must refuse.
FILTERS: list[tuple[list[str], Any]] = [
    ([], lambda data: data),
    (["FlateDecode"], zlib.compress),
    (["FlateDecode"], lambda data: zlib.compress(data)[: max(1, len(data) // 3)]),  # cut short
    (["FlateDecode"], lambda data: data),  # not deflated at all
    (["ASCIIHexDecode"], lambda data: data.hex().encode() + b">"),
    (["ASCIIHexDecode"], lambda data: b"zz" + data.hex().encode()),
    (["ASCII85Decode"], lambda data: base64.a85encode(data) + b"~>"),
    (["ASCII85Decode"], lambda data: b"\xff" + data),
    (["RunLengthDecode"], _run_length),
    (["LZWDecode"], lambda data: b"\x80\x0b\x60\x50" + data),
    (["DCTDecode"], lambda data: b"\xff\xd8\xff\xe0" + data),
    (["CCITTFaxDecode"], lambda data: data),
    (["JBIG2Decode"], lambda data: data),
    (["JPXDecode"], lambda data: b"\x00\x00\x00\x0cjP  \r\n\x87\n" + data),
    (["Crypt"], lambda data: data),
    (["NoSuchFilter"], lambda data: data),
    (["ASCIIHexDecode", "FlateDecode"], lambda data: zlib.compress(data).hex().encode() + b">"),
    (["FlateDecode", "FlateDecode"], lambda data: zlib.compress(zlib.compress(data))),
]
DECODE_PARMS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "Predictor": st.sampled_from([1, 2, 10, 12, 15, 99, -1]),
            "Colors": st.sampled_from([0, 1, 3, 4, 33, -1]),
            "BitsPerComponent": st.sampled_from([0, 1, 8, 16, 7]),
            "Columns": st.sampled_from([0, 1, 8, 1728, 2**31 - 1, -5]),
            "K": st.sampled_from([-1, 0, 1, 1000]),
            "Rows": st.sampled_from([0, 1, 100, -1]),
            "BlackIs1": st.booleans(),
            "EncodedByteAlign": st.booleans(),
        },
    ),
)


@st.composite
def streams(draw: st.DrawFn, objects: Objects, dictionary: dict[str, Any], data: bytes) -> Stream:
    """`data` as a stream: filtered (rightly or not), its /Length right, off, missing or
    indirect."""
    names, encode = draw(st.sampled_from(FILTERS))
    encoded: bytes = encode(data)
    dictionary = dict(dictionary)
    if names:
        dictionary["Filter"] = Name(names[0]) if len(names) == 1 else [Name(n) for n in names]
        parameters = draw(DECODE_PARMS)
        if parameters is not None:
            dictionary["DecodeParms"] = parameters
    length = draw(
        st.sampled_from(
            [
                "right",
                "right",
                "right",
                "short",
                "long",
                "missing",
                "indirect",
                "dangling",
                "negative",
                "huge",
            ]
        )
    )
    values: dict[str, Any] = {
        "right": len(encoded),
        "short": max(0, len(encoded) - draw(st.integers(1, 20))),
        "long": len(encoded) + draw(st.integers(1, 5000)),
        "negative": -len(encoded) - 1,
        "huge": 2**62,
    }
    if length in values:
        dictionary["Length"] = values[length]
    elif length == "indirect":
        dictionary["Length"] = objects.add(len(encoded))
    elif length == "dangling":
        dictionary["Length"] = Ref(9999)
    return Stream(dictionary, encoded)


# --- resources: fonts, images, forms -------------------------------------------------------------

STANDARD_FONTS = ["Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats", "Arial,Bold"]


@st.composite
def to_unicode_maps(draw: st.DrawFn) -> bytes:
    """A ToUnicode CMap that maps single bytes to odd code points (surrogates, controls,
    private use, past U+10FFFF) or is no CMap at all."""
    targets = st.sampled_from(
        [
            "0041",
            "D800",
            "DC80",
            "0000",
            "001B",
            "E000",
            "FFFD",
            "FEFF",
            "202E",
            "00410042",
            "D83DDE00",
            "110000",
        ]
    )
    pairs = draw(st.lists(st.tuples(st.integers(0, 255), targets), min_size=1, max_size=6))
    body = b"".join(b"<%02X> <%s>\n" % (code, target.encode()) for code, target in pairs)
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        b"1 begincodespacerange <00> <FF> endcodespacerange\n"
        b"%d beginbfchar\n%sendbfchar\n"
        b"endcmap CMapName currentdict /CMap defineresource pop end end" % (len(pairs), body)
    )
    return draw(st.sampled_from([cmap, cmap[: len(cmap) // 2], b"garbage <00"]))


@st.composite
def fonts(draw: st.DrawFn, objects: Objects) -> Ref:
    kind = draw(st.sampled_from(["standard", "standard", "unknown", "truetype", "type0", "type3"]))
    font: dict[str, Any] = {"Type": Name("Font")}
    if kind in ("standard", "unknown"):
        base = draw(st.sampled_from(STANDARD_FONTS)) if kind == "standard" else "NoSuchFont-Ü"
        font.update(Subtype=Name("Type1"), BaseFont=Name(base))
    elif kind == "truetype":
        program = draw(streams(objects, {}, draw(st.binary(max_size=300))))
        descriptor = {
            "Type": Name("FontDescriptor"),
            "FontName": Name("Broken"),
            "Flags": draw(st.sampled_from([32, 4, 0, -1])),
            "FontBBox": [0, 0, 1000, 1000],
            "FontFile2": objects.add(program),
        }
        font.update(
            Subtype=Name("TrueType"),
            BaseFont=Name("Broken"),
            FontDescriptor=objects.add(descriptor),
            FirstChar=32,
            LastChar=126,
        )
    elif kind == "type0":
        font.update(
            Subtype=Name("Type0"),
            BaseFont=Name("Broken-Identity"),
            Encoding=Name(draw(st.sampled_from(["Identity-H", "Identity-V", "NoSuchCMap"]))),
        )
        if draw(st.booleans()):
            descendant = {
                "Type": Name("Font"),
                "Subtype": Name("CIDFontType2"),
                "BaseFont": Name("Broken"),
                "CIDSystemInfo": {"Registry": b"Adobe", "Ordering": b"Identity", "Supplement": 0},
            }
            font["DescendantFonts"] = [objects.add(descendant)]
    else:
        return _type3(draw, objects)
    if draw(st.booleans()):
        font["Encoding"] = draw(
            st.sampled_from(
                [
                    Name("WinAnsiEncoding"),
                    Name("NoSuchEncoding"),
                    {
                        "Type": Name("Encoding"),
                        "Differences": [65, Name("B"), Name(".notdef"), 300],
                    },
                ]
            )
        )
    if draw(st.booleans()):
        cmap = draw(to_unicode_maps())
        font["ToUnicode"] = objects.add(draw(streams(objects, {}, cmap)))
    return objects.add(font)


def _type3(draw: st.DrawFn, objects: Objects) -> Ref:
    """A Type3 font whose glyphs are content streams; one may draw text in the font itself."""
    font = objects.reserve()
    glyph = draw(
        st.sampled_from(
            [b"0 0 d0 0 0 500 500 re f", b"BT /Self 12 Tf (A) Tj ET", b"1000 0 d0", b"q q q"]
        )
    )
    char_procs = {"A": objects.add(draw(streams(objects, {}, glyph)))}
    matrix = draw(
        st.sampled_from([[0.001, 0, 0, 0.001, 0, 0], [0, 0, 0, 0, 0, 0], [1e30, 0, 0, 1e30, 0, 0]])
    )
    value = {
        "Type": Name("Font"),
        "Subtype": Name("Type3"),
        "FontBBox": [0, 0, 1000, 1000],
        "FontMatrix": matrix,
        "CharProcs": char_procs,
        "Encoding": {"Type": Name("Encoding"), "Differences": [65, Name("A")]},
        "FirstChar": 65,
        "LastChar": 65,
        "Widths": [500],
        "Resources": {"Font": {"Self": font}},
    }
    objects.set(font, value)
    return font


COLOUR_SPACES = st.sampled_from(
    [
        "DeviceGray",
        "DeviceRGB",
        "DeviceCMYK",
        "indexed",
        "icc",
        "lab",
        "separation",
        "missing",
        "Pattern",
        "NoSuchSpace",
    ]
)
BITS = st.sampled_from([1, 2, 4, 8, 16, 0, 3, 32])
SIDES = st.one_of(st.integers(1, 48), st.sampled_from([0, -1, 1728, 65535, 2**31 - 1, 2**32 + 1]))


def _colour_space(draw: st.DrawFn, objects: Objects, kind: str) -> tuple[Any, int]:
    """A /ColorSpace value and its number of components."""
    if kind == "indexed":
        high = draw(st.sampled_from([0, 1, 15, 255, 256, -1]))
        lookup = draw(st.binary(max_size=60))
        return [Name("Indexed"), Name("DeviceRGB"), high, lookup], 1
    if kind == "icc":
        components = draw(st.sampled_from([1, 3, 4, 0, 7]))
        profile = draw(streams(objects, {"N": components}, draw(st.binary(max_size=200))))
        return [Name("ICCBased"), objects.add(profile)], max(components, 1)
    if kind == "lab":
        return [Name("Lab"), {"WhitePoint": [0.95, 1, 1.09], "Range": [-100, 100, -100, 100]}], 3
    if kind == "separation":
        function = {"FunctionType": 2, "Domain": [0, 1], "C0": [0], "C1": [1], "N": 1}
        return [Name("Separation"), Name("Spot"), Name("DeviceGray"), function], 1
    components = {"DeviceGray": 1, "DeviceRGB": 3, "DeviceCMYK": 4}.get(kind, 1)
    return Name(kind), components


@st.composite
def images(draw: st.DrawFn, objects: Objects) -> Ref:
    width, height, bits = draw(SIDES), draw(SIDES), draw(BITS)
    mask = draw(st.booleans()) and draw(st.booleans())
    dictionary: dict[str, Any] = {
        "Type": Name("XObject"),
        "Subtype": Name("Image"),
        "Width": width,
        "Height": height,
    }
    components = 1
    if mask:
        dictionary["ImageMask"] = True
    else:
        space, components = _colour_space(draw, objects, draw(COLOUR_SPACES))
        if space != Name("missing"):
            dictionary["ColorSpace"] = space
        dictionary["BitsPerComponent"] = bits
    if draw(st.booleans()):
        dictionary["Decode"] = draw(st.sampled_from([[1, 0], [0, 1, 0, 1, 0, 1], [], [0, 1e30]]))
    if draw(st.booleans()) and draw(st.booleans()):
        dictionary["SMask"] = draw(st.sampled_from([Ref(9999), objects.reserve()]))
    expected = max(0, min(width, 64) * min(height, 64) * components * max(bits, 1) // 8)
    size = draw(st.sampled_from([expected, expected // 2, 0, expected + 7]))
    data = draw(st.binary(min_size=min(size, 64), max_size=min(size, 64))) * (size // 64 + 1)
    return objects.add(draw(streams(objects, dictionary, data[:size])))


# --- content streams ------------------------------------------------------------------------


def _number_text(value: Any) -> bytes:
    return serialise(value)


@st.composite
def operations(draw: st.DrawFn, fonts: list[str], images: list[str], forms: list[str]) -> bytes:
    """One content-stream operation (or a few) with odd operands now and then."""
    number = draw(st.one_of(SMALL_NUMBERS, SMALL_NUMBERS, ODD_NUMBERS).map(_number_text))
    font = draw(st.sampled_from([*fonts, "Missing"]))
    kind = draw(
        st.sampled_from(
            [
                "letter",
                "text",
                "text",
                "path",
                "colour",
                "image",
                "form",
                "state",
                "inline",
                "marked",
                "garbage",
                "shading",
            ]
        )
    )
    if kind == "letter":  # a line as a letter writer draws it: the text layer's case
        words = " ".join(draw(st.lists(WORDS, min_size=2, max_size=8)))
        line = _literal(words.encode("cp1252", "replace"))
        return b"BT /%s 11 Tf 72 %d Td %s Tj ET" % (font.encode(), draw(st.integers(60, 780)), line)
    if kind == "text":
        mode = draw(st.sampled_from([0, 0, 3, 7, 12, -1]))
        text = draw(TEXTS)
        shown = draw(st.sampled_from([b"%s Tj", b"[%s -250 %s] TJ", b"%s '"]))
        literal = _literal(text)
        body = shown % ((literal,) * shown.count(b"%s"))
        size = draw(st.sampled_from([b"12", b"0", b"-12", b"1e30", number]))
        return b"BT /%s %s Tf %d Tr 72 %s Td %s ET" % (font.encode(), size, mode, number, body)
    if kind == "path":
        return draw(
            st.sampled_from([b"%s %s 100 50 re f", b"%s 0 m 300 %s l S", b"0 0 %s %s re W n"])
        ) % (number, number)
    if kind == "colour":
        return (
            draw(st.sampled_from([b"%s g", b"%s 0 0 rg", b"0 0 0 %s k", b"/Nope cs %s sc"]))
            % number
        )
    if kind == "image" and images:
        return b"q %s 0 0 200 50 50 cm /%s Do Q" % (number, draw(st.sampled_from(images)).encode())
    if kind == "form" and forms:
        return b"q 1 0 0 1 %s 0 cm /%s Do Q" % (number, draw(st.sampled_from(forms)).encode())
    if kind == "state":
        return draw(
            st.sampled_from([b"q", b"Q", b"Q Q Q", b"%s 0 0 %s 0 0 cm", b"/GS0 gs", b"%s w"])
        ).replace(b"%s", number)
    if kind == "inline":
        width, bits = draw(st.sampled_from([1, 8, 0, 1000])), draw(st.sampled_from([1, 8, 0]))
        data = draw(st.binary(max_size=40))
        return b"BI /W %d /H %d /CS /G /BPC %d ID %s EI" % (width, width, bits, data)
    if kind == "marked":
        return draw(
            st.sampled_from(
                [b"/Span <</ActualText (\xfe\xff\xd8\x00)>> BDC", b"EMC", b"/OC /Nope BDC EMC"]
            )
        )
    if kind == "shading":
        return b"/Sh0 sh"
    return draw(st.binary(max_size=30))


@st.composite
def contents(draw: st.DrawFn, fonts: list[str], images: list[str], forms: list[str]) -> bytes:
    return b"\n".join(draw(st.lists(operations(fonts, images, forms), min_size=1, max_size=6)))


# --- pages, forms and annotations -----------------------------------------------------------------

BOXES = st.one_of(
    st.just([0, 0, 595, 842]),
    st.just([0, 0, 612, 792]),
    st.sampled_from(
        [
            [0, 0, 0, 0],
            [0, 0, -595, 842],
            [595, 842, 0, 0],
            [0, 0, 1e6, 1e6],
            [0, 0, 14400, 1],
            [0, 0, 3],
            Raw(b"(box)"),
            [0, 0, Raw(b"nan"), 842],
        ]
    ),
)
ROTATIONS = st.sampled_from([0, 0, 90, 180, 270, 45, -90, 360, 3600, Raw(b"1.5")])


@dataclass
class Resources:
    fonts: dict[str, Ref]
    images: dict[str, Ref]
    forms: dict[str, Ref]

    def dictionary(self) -> dict[str, Any]:
        value: dict[str, Any] = {}
        if self.fonts:
            value["Font"] = dict(self.fonts)
        if self.images or self.forms:
            value["XObject"] = {**self.images, **self.forms}
        value["ExtGState"] = {"GS0": {"Type": Name("ExtGState"), "ca": 0.5, "SMask": Name("None")}}
        value["Shading"] = {
            "Sh0": {
                "ShadingType": 2,
                "ColorSpace": Name("DeviceRGB"),
                "Coords": [0, 0, 100, 0],
                "Function": {
                    "FunctionType": 2,
                    "Domain": [0, 1],
                    "C0": [1, 0, 0],
                    "C1": [0, 0, 1],
                    "N": 1,
                },
            }
        }
        return value

    def drawn(self) -> tuple[list[str], list[str], list[str]]:
        return list(self.fonts), list(self.images), list(self.forms)


@st.composite
def resources(draw: st.DrawFn, objects: Objects) -> Resources:
    fonts_drawn = {f"F{index}": draw(fonts(objects)) for index in range(draw(st.integers(0, 2)))}
    images_drawn = {f"Im{index}": draw(images(objects)) for index in range(draw(st.integers(0, 2)))}
    found = Resources(fonts_drawn, images_drawn, {})
    forms_count = draw(st.integers(0, 2))
    form_refs = [objects.reserve() for _ in range(forms_count)]
    found.forms = {f"X{index}": reference for index, reference in enumerate(form_refs)}
    for reference in form_refs:
        # A form may draw any form of the page, itself included: recursion and cycles.
        body = draw(contents(*found.drawn()))
        dictionary = {
            "Type": Name("XObject"),
            "Subtype": Name("Form"),
            "BBox": draw(BOXES),
            "Resources": found.dictionary(),
        }
        if draw(st.booleans()):
            dictionary["Matrix"] = draw(
                st.sampled_from([[1, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0], [1e30, 0, 0, 1, 0, 0]])
            )
        if draw(st.booleans()) and draw(st.booleans()):
            dictionary["Group"] = {"S": Name("Transparency"), "CS": Name("DeviceRGB")}
        objects.set(reference, draw(streams(objects, dictionary, body)))
    return found


ANNOTATION_KINDS = [
    "Link",
    "Widget",
    "Text",
    "FreeText",
    "Stamp",
    "Ink",
    "Square",
    "Popup",
    "Highlight",
    "FileAttachment",
    "NoSuchKind",
]


@st.composite
def annotations(draw: st.DrawFn, objects: Objects, page: Ref, found: Resources) -> Ref:
    kind = draw(st.sampled_from(ANNOTATION_KINDS))
    annotation: dict[str, Any] = {
        "Type": Name("Annot"),
        "Subtype": Name(kind),
        "Rect": draw(BOXES),
        "P": page,
    }
    if draw(st.booleans()):
        appearance = draw(
            streams(
                objects,
                {
                    "Type": Name("XObject"),
                    "Subtype": Name("Form"),
                    "BBox": draw(BOXES),
                    "Resources": found.dictionary(),
                },
                draw(contents(*found.drawn())),
            )
        )
        annotation["AP"] = {
            "N": draw(st.sampled_from([objects.add(appearance), Ref(9999), b"text"]))
        }
    if kind == "Widget":
        annotation.update(
            FT=Name(draw(st.sampled_from(["Tx", "Btn", "Ch", "Sig", "Nope"]))),
            T=b"field",
            V=draw(TEXTS),
            DA=draw(st.sampled_from([b"/F0 12 Tf 0 g", b"/Missing 0 Tf", b""])),
        )
    if kind == "Ink":
        annotation["InkList"] = draw(st.sampled_from([[[0, 0, 100, 100]], [[]], [Raw(b"x")]]))
    if kind == "FreeText":
        annotation.update(Contents=draw(TEXTS), DA=b"/Helv 0 Tf")
    annotation["F"] = draw(st.sampled_from([0, 2, 4, 32, -1]))
    reference = objects.add(annotation)
    if kind == "Popup" or (draw(st.booleans()) and draw(st.booleans())):
        objects.values[reference.number]["Popup"] = reference  # a popup of itself
    return reference


@st.composite
def pages(draw: st.DrawFn, objects: Objects, parent: Ref) -> Ref:
    page = objects.reserve()
    found = draw(resources(objects))
    content = draw(streams(objects, {}, draw(contents(*found.drawn()))))
    value: dict[str, Any] = {"Type": Name("Page"), "Parent": parent}
    if draw(st.integers(0, 4)):
        value["MediaBox"] = draw(BOXES)
    if draw(st.booleans()):
        value["Rotate"] = draw(ROTATIONS)
    if draw(st.booleans()) and draw(st.booleans()):
        value["CropBox"] = draw(BOXES)
    if draw(st.booleans()) and draw(st.booleans()):
        value["UserUnit"] = draw(st.sampled_from([0, -1, 1e30, 75000]))
    value["Resources"] = draw(st.sampled_from([found.dictionary(), found.dictionary(), Ref(9999)]))
    value["Contents"] = draw(
        st.sampled_from(
            [
                objects.add(content),
                [objects.add(content), objects.add(content)],
                Ref(9999),
                [Ref(9999)],
            ]
        )
    )
    if draw(st.booleans()):
        value["Annots"] = [
            draw(annotations(objects, page, found)) for _ in range(draw(st.integers(1, 3)))
        ]
    objects.set(page, value)
    return page


@st.composite
def page_trees(draw: st.DrawFn, objects: Objects, root: Ref, intact: bool = False) -> None:
    """The /Pages tree: its /Count right or wrong, kids nested, looping or no pages at all
    (`intact`: a right tree of right pages, whatever their contents)."""
    kids = [draw(pages(objects, root)) for _ in range(draw(st.integers(1, 3)))]
    if intact:
        objects.set(root, {"Type": Name("Pages"), "Kids": kids, "Count": len(kids)})
        return
    if draw(st.booleans()) and draw(st.booleans()):
        inner = objects.reserve()
        nested_kids = [draw(pages(objects, inner))]
        objects.set(
            inner,
            {
                "Type": Name("Pages"),
                "Parent": root,
                "Kids": nested_kids,
                "Count": draw(st.sampled_from([len(nested_kids), 0, 5])),
            },
        )
        kids.append(inner)
    oddity = draw(
        st.sampled_from(["none", "none", "none", "loop", "not-a-page", "dangling", "missing-type"])
    )
    if oddity == "loop":
        kids.append(root)
    elif oddity == "not-a-page":
        kids.append(objects.add({"Type": Name("Font"), "Subtype": Name("Type1")}))
    elif oddity == "dangling":
        kids.append(Ref(9999))
    elif oddity == "missing-type":
        objects.values[kids[0].number].pop("Type", None)
    count = draw(st.sampled_from([len(kids), len(kids), 0, -1, len(kids) + 1, 10**9, Raw(b"x")]))
    objects.set(root, {"Type": Name("Pages"), "Kids": kids, "Count": count})


@st.composite
def encryption(draw: st.DrawFn, objects: Objects) -> Ref:
    version = draw(st.sampled_from([1, 2, 4, 5, 0, 9]))
    revision = draw(st.sampled_from([2, 3, 4, 5, 6, 1, 7]))
    key_bytes = 48 if revision >= 5 else 32
    value: dict[str, Any] = {
        "Filter": Name(draw(st.sampled_from(["Standard", "Standard", "NoSuchHandler"]))),
        "V": version,
        "R": revision,
        "O": draw(st.binary(min_size=key_bytes, max_size=key_bytes)),
        "U": draw(st.binary(min_size=key_bytes, max_size=key_bytes)),
        "P": draw(st.sampled_from([-4, -1, 0, 2**31])),
        "Length": draw(st.sampled_from([40, 128, 256, 0, 7])),
    }
    if version >= 4:
        method = draw(st.sampled_from(["V2", "AESV2", "AESV3", "None", "Nope"]))
        value.update(
            CF={"StdCF": {"CFM": Name(method), "Length": 16}},
            StmF=Name("StdCF"),
            StrF=Name("StdCF"),
        )
    if revision >= 5:
        value.update(
            OE=draw(st.binary(min_size=32, max_size=32)),
            UE=draw(st.binary(min_size=32, max_size=32)),
            Perms=draw(st.binary(min_size=16, max_size=16)),
        )
    return objects.add(value)


# --- the file: header, bodies, cross-reference, trailer --------------------------------------

XREF_STYLES = [
    "table",
    "table",
    "table",
    "shifted",
    "holes",
    "none",
    "stream",
    "loop",
    "wrong-size",
    "incremental",
]


@dataclass(frozen=True)
class Layout:
    """How the objects are written out: the xref's style, startxref, damage to the file."""

    xref: str
    startxref: str  # "right", "wrong", "missing"
    header: bytes
    shift: int
    truncate_at: float | None
    duplicate: bool


def _body(objects: Objects, header: bytes, duplicate: bool) -> tuple[bytearray, dict[int, int]]:
    body = bytearray(header + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number, value in objects.values.items():
        offsets[number] = len(body)
        body += b"%d 0 obj\n" % number + serialise(value) + b"\nendobj\n"
    if duplicate and objects.values:  # one number defined twice: the later one wins in readers
        body += b"1 0 obj\n<</Type/Catalog>>\nendobj\n"
    return body, offsets


def _table(offsets: dict[int, int], size: int, shift: int, holes: bool) -> bytes:
    lines = [b"xref\n0 %d\n0000000000 65535 f \n" % size]
    for number in range(1, size):
        offset = offsets.get(number)
        if offset is None or (holes and number % 3 == 0):
            lines.append(b"0000000000 65535 f \n")
        else:
            lines.append(b"%010d 00000 n \n" % max(0, offset + shift))
    return b"".join(lines)


def _xref_stream(offsets: dict[int, int], size: int, trailer: dict[str, Any], at: int) -> bytes:
    rows = b"\x00\x00\x00\x00\xff\xff"
    for number in range(1, size):
        offset = offsets.get(number, 0)
        rows += (b"\x01" if number in offsets else b"\x00") + offset.to_bytes(4, "big") + b"\x00"
    dictionary = {
        **trailer,
        "Type": Name("XRef"),
        "W": [1, 4, 1],
        "Size": size + 1,
        "Filter": Name("FlateDecode"),
    }
    data = zlib.compress(rows + b"\x01" + at.to_bytes(4, "big") + b"\x00")
    dictionary["Length"] = len(data)
    return b"%d 0 obj\n" % size + serialise(Stream(dictionary, data)) + b"\nendobj\n"


def write_file(objects: Objects, catalog: Ref, encrypt: Ref | None, layout: Layout) -> bytes:
    body, offsets = _body(objects, layout.header, layout.duplicate)
    size = len(objects.values) + 1
    trailer: dict[str, Any] = {"Size": size, "Root": catalog}
    if encrypt is not None:
        trailer["Encrypt"] = encrypt
        trailer["ID"] = [b"0123456789abcdef", b"0123456789abcdef"]
    xref_at = len(body)
    if layout.xref == "none":
        body += b"trailer\n" + serialise(trailer) + b"\n%%EOF\n"
        return _damaged(bytes(body), layout)
    if layout.xref == "stream":
        body += _xref_stream(offsets, size, trailer, xref_at)
    else:
        if layout.xref == "wrong-size":
            trailer["Size"] = max(1, size // 2)
        if layout.xref == "loop":
            trailer["Prev"] = xref_at
        shift = layout.shift if layout.xref == "shifted" else 0
        body += _table(offsets, size, shift, layout.xref == "holes")
        body += b"trailer\n" + serialise(trailer) + b"\n"
    start = {"right": xref_at, "wrong": xref_at + layout.shift + 1, "missing": None}[
        layout.startxref
    ]
    if start is not None:
        body += b"startxref\n%d\n" % start
    body += b"%%EOF\n"
    if layout.xref == "incremental":  # a second revision: the catalog again, its own xref
        update_at = len(body)
        body += b"1 0 obj\n" + serialise(objects.values[catalog.number]) + b"\nendobj\n"
        second = len(body)
        body += b"xref\n1 1\n%010d 00000 n \n" % update_at
        body += (
            b"trailer\n"
            + serialise({**trailer, "Prev": xref_at})
            + b"\nstartxref\n%d\n%%%%EOF\n" % second
        )
    return _damaged(bytes(body), layout)


def _damaged(data: bytes, layout: Layout) -> bytes:
    if layout.truncate_at is None:
        return data
    return data[: max(16, int(len(data) * layout.truncate_at))]


INTACT_LAYOUTS = st.builds(
    Layout,
    xref=st.sampled_from(["table", "stream"]),
    startxref=st.just("right"),
    header=st.just(b"%PDF-1.7"),
    shift=st.just(0),
    truncate_at=st.none(),
    duplicate=st.just(False),
)
LAYOUTS = st.builds(
    Layout,
    xref=st.sampled_from(XREF_STYLES),
    startxref=st.sampled_from(["right", "right", "right", "wrong", "missing"]),
    header=st.sampled_from(
        [b"%PDF-1.7", b"%PDF-1.4", b"%PDF-2.0", b"junk before %PDF-1.7", b"%PDF-9.9"]
    ),
    shift=st.integers(-40, 40),
    truncate_at=st.one_of(st.none(), st.none(), st.none(), st.floats(0.2, 0.99)),
    duplicate=st.booleans(),
)


@st.composite
def pdf_files(draw: st.DrawFn) -> bytes:
    """One PDF file built from parts, some of them broken (see the module's docstring)."""
    # Half the files are sound around their pages (tree, xref, trailer), so that the fonts,
    # images, forms and text layers inside get drawn as often as the outer damage is met.
    intact = draw(st.booleans())
    objects = Objects()
    catalog = objects.reserve()
    root = objects.reserve()
    draw(page_trees(objects, root, intact))
    catalog_value: dict[str, Any] = {"Type": Name("Catalog"), "Pages": root}
    if draw(st.booleans()) and draw(st.booleans()):
        catalog_value["AcroForm"] = {"Fields": [], "NeedAppearances": True, "DA": b"/Helv 0 Tf 0 g"}
    if not intact and draw(st.booleans()) and draw(st.booleans()):
        catalog_value["Pages"] = draw(st.sampled_from([Ref(9999), catalog, b"pages"]))
    objects.set(catalog, catalog_value)
    encrypt = None if intact else draw(st.one_of(st.none(), st.none(), encryption(objects)))
    return write_file(objects, catalog, encrypt, draw(INTACT_LAYOUTS if intact else LAYOUTS))
