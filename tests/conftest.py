"""Suite-wide settings: the hypothesis profile of a CI run.

Hypothesis loads its built-in ``ci`` profile by itself when ``$CI`` is set (as .ci/run does):
no deadline (a shared 2-core machine times nothing reliably), no example database (a fresh clone
has none), the blob to reproduce a failure printed, and ``too_slow`` not a failure. Its one
choice this suite does not take is ``derandomize=True``, which would try the same examples on
every run and so never find anything new: the profile is registered again here with fresh random
examples each run. ``max_examples`` is not touched (every test keeps its own count, or
hypothesis's 100), so a CI run tries exactly as many examples as before.

``HYPOTHESIS_PROFILE=ci pytest ...`` loads the same profile outside CI.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", settings.get_profile("ci"), derandomize=False)

if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
