"""docvault: clinic inbox folders turned into a searchable, trustworthy archive."""

import sys

__version__ = "0.1.0"

# PyMuPDF 2.0 imports its optional layout analyser (pymupdf_layout: onnxruntime, networkx)
# whenever it is installed, and it is one of PyMuPDF's own requirements. docvault never asks
# a page for its layout (`Page.get_layout`, `find_tables`), and the import costs every
# process that opens a file (the daemon, each render worker, a command) about 0.4 s of CPU
# (measured: `import pymupdf` 0.65 s against 0.28 s without it). So it is left out, before
# any module of docvault imports PyMuPDF: PyMuPDF takes a failed import as "not installed".
sys.modules.setdefault("pymupdf.layout", None)  # type: ignore[arg-type]
# The same for pymupdf4llm (Markdown from a page's layout, with NumPy and ONNX): PyMuPDF
# 2.0 imports it whenever it is installed, docvault never calls it, and it cost every
# process that imports PyMuPDF about 0.1 s of CPU more (measured: the render worker's imports
# 0.43-0.51 s of user time without it against 0.46-0.62 s with it).
sys.modules.setdefault("pymupdf4llm", None)  # type: ignore[arg-type]
