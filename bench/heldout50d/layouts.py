"""Every layout of the set, in the order letters cycle through them."""

from bench.heldout50d import layouts_de, layouts_intl

LAYOUTS = [layout for pair in zip(layouts_de.LAYOUTS, layouts_intl.LAYOUTS + [None] * 16, strict=False)
           for layout in pair if layout is not None]
