"""Page text (untrusted OCR output) to HTML that is safe to show: Markdown, or plain lines.

A plain-text engine's lines (`render_plain`) are only escaped and kept in a `pre`, as read.

markdown-it renders it (HTML tables from the engine pass through, Markdown tables are
enabled, formulas in `$…$`, `$$…$$`, `\\(…\\)` and `\\[…\\]` are kept as their source in a
`math` element instead of being mangled as emphasis); nh3 then removes everything outside a
small allow-list: no script, no style, no event handler, no iframe, no link but http(s) and
mailto. Figure stubs `images/bbox_{l}_{t}_{r}_{b}.jpg` become crops of the page image; any
other image source is dropped, so a page can never make the browser fetch from elsewhere.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

import nh3
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.texmath import texmath_plugin

from docvault.corrections import Correction

ALLOWED_TAGS = {
    "p", "br", "hr", "div", "span", "blockquote", "pre", "code",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "strong", "b", "em", "i", "u", "s", "sub", "sup", "mark", "small",
    "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col",
    "a", "img", "figure", "figcaption", "eqn",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title"},
    "th": {"colspan", "rowspan", "align"},
    "td": {"colspan", "rowspan", "align"},
    "col": {"span"},
    "colgroup": {"span"},
    "ol": {"start"},
    "span": {"class"},
    "div": {"class"},
}
ALLOWED_CLASSES = {"math", "inline", "block", "figure-crop"}
LINK_SCHEMES = {"http", "https", "mailto"}
FIGURE_STUB = re.compile(r"(?:\./)?images/bbox_(\d{1,4})_(\d{1,4})_(\d{1,4})_(\d{1,4})\.jpg")


def _math(css_class: str) -> Callable[..., str]:
    element = "div" if css_class == "block" else "span"

    def render(self: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        source = escapeHtml(tokens[index].content.strip())
        return f'<{element} class="math {css_class}">{source}</{element}>'

    return render


def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
    parser.use(dollarmath_plugin, allow_space=True, double_inline=True)
    parser.use(texmath_plugin, delimiters="brackets")
    # Both plugins name their tokens alike; one renderer shows every formula as its source.
    for name in ("math_inline", "math_inline_double"):
        parser.add_render_rule(name, _math("inline"))
    for name in ("math_block", "math_block_label", "math_block_eqno"):
        parser.add_render_rule(name, _math("block"))
    return parser


_PARSER = _parser()


def _attribute_filter(crop_url: Callable[[str], str]) -> Callable[[str, str, str], str | None]:
    def keep(tag: str, attribute: str, value: str) -> str | None:
        if tag == "img" and attribute == "src":
            match = FIGURE_STUB.fullmatch(value.strip())
            return crop_url("_".join(match.groups())) if match else None
        if attribute == "class":
            kept = [name for name in value.split() if name in ALLOWED_CLASSES]
            return " ".join(kept) or None
        return value

    return keep


def render_markdown(text: str, crop_url: Callable[[str], str]) -> str:
    """Safe HTML for a page's Markdown; `crop_url("l_t_r_b")` names a figure's crop."""
    rendered = _PARSER.render(text)
    return nh3.clean(
        rendered,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=LINK_SCHEMES,
        attribute_filter=_attribute_filter(crop_url),
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def render_corrected(text: str, corrections: Sequence[Correction]) -> str:
    """Safe HTML for a plain-text engine's lines with the dictionary check's corrections
    (docvault.corrections): each corrected word in an `ins` element whose title says how
    the engine read it; everything else as `render_plain` shows it."""
    parts: list[str] = []
    written = 0
    for item in corrections:
        parts.append(html.escape(text[written : item.start], quote=False))
        read = html.escape(item.read, quote=True)
        word = html.escape(item.word, quote=False)
        parts.append(
            f'<ins class="corrected" title="read as: {read}" data-read="{read}">{word}</ins>'
        )
        written = item.end
    parts.append(html.escape(text[written:], quote=False))
    return f'<pre class="plain-text">{"".join(parts)}</pre>'


def render_plain(text: str) -> str:
    """Safe HTML for a plain-text engine's lines, exactly as read: escaped, never parsed as
    Markdown (so `(*)` and `*1,8*` keep their asterisks), every line break kept."""
    return f'<pre class="plain-text">{html.escape(text, quote=False)}</pre>'
