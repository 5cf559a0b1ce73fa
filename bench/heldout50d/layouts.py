"""Every layout of the set, in the order letters cycle through them (German and other
languages interleaved, so that any run of letters mixes them)."""

from itertools import zip_longest

from bench.heldout50d import layouts_de, layouts_intl, layouts_more

LAYOUTS = [
    layout
    for group in zip_longest(layouts_de.LAYOUTS, layouts_intl.LAYOUTS, layouts_more.LAYOUTS)
    for layout in group
    if layout is not None
]
