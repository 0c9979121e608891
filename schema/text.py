"""Text that any UTF-8 file, database or HTTP answer can hold.

JSON can carry a lone UTF-16 surrogate (``"\\ud800"``) and Python keeps it in a ``str``, but
UTF-8 cannot encode it: one such character in a sample's completion or in what a sample's
process reports would make the results file, the verdict cache or a service's answer fail for
every sample written with it. Text from outside (samples, the sandbox's events) passes here.
"""

from __future__ import annotations

import re

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def encodable(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (the rest unchanged)."""
    return text if text.isascii() else LONE_SURROGATE.sub(REPLACEMENT, text)
