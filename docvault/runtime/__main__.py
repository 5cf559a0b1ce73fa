"""`python -m docvault.runtime --signal N -- COMMAND...`: COMMAND run bound to its parent.

The entry of `lifeline.bound_child_command`; a module of its own, because running a module
the package's face imports (`-m docvault.runtime.lifeline`) would execute it twice.
"""

import sys

from docvault.runtime.lifeline import main

main(sys.argv[1:])
