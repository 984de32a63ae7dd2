"""Recording a sitting at the table: start it, enter deals one by one, finish or correct it.

The views live in modules by concern; this module gathers them (importing it adds their routes to
the blueprint) and keeps the names other modules import from here:

| module | what |
|---|---|
| ``draft_access`` | who may enter (``writer_required``), the draft a request names |
| ``draft_view`` | the sitting page: the draft replayed, its sheet and scoreboard; saving |
| ``entry_sitting`` | starting a sitting, changing its players, rules or event |
| ``entry_deals`` | result-only deals: add, change, take back |
| ``entry_cards`` | card-by-card deals |
| ``entry_store`` | finishing (storing), setting aside, resuming, correcting, attaching |

Contracts (each module states its own):
- Every view needs a signed-in club (anonymous -> ``/login?next=...``) or the table link of the
  draft's own sitting; another club's draft is a 404, never a leak.
- A draft is saved (a new revision, api/store/drafts) only when the whole record it would become
  passes ``ingest.prepare``, the one path from text to record; a deal the form or the engine
  refuses is shown again with the problems next to its fields, and nothing is saved.
- A form with problems is shown again (status 200, as a browser expects of a form) with each
  problem next to its field and in a summary at the top.
- Forms carry the revision they were drawn from: a save over a newer revision is refused and the
  page shows the latest one (nothing overwritten).
- Finishing stores the record through ``Store.save`` exactly as ``POST /records`` does (same
  validation, duplicate rule and versioning); correcting a stored record opens a draft of its next
  version (``supersedes``).
"""

from __future__ import annotations

from . import entry_cards, entry_deals, entry_sitting, entry_store  # noqa: F401  (their routes)
from . import saving, times  # noqa: F401  (times: the utc_time template global)
from .draft_access import ID as _ID
from .draft_access import own_draft as _own_draft
from .draft_access import writer_required
from .draft_view import draft_page as _draft_page
from .draft_view import fields_of as _fields_of
from .draft_view import replay_draft
from .entry_deals import identified as _identified

__all__ = ["replay_draft", "writer_required"]
# offline.py reads these under their old names
_REEXPORTED = (_ID, _own_draft, _draft_page, _fields_of, _identified)
