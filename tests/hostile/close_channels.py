"""Closes every inherited descriptor, then exits cleanly as if all had gone well."""

import os
import sys

os.closerange(3, 4096)
sys.exit(0)
