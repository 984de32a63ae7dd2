"""Random legal deals and sample records for tests, benchmarks and researchers' experiments.

Not used by the service: :func:`random_deal` (module :mod:`.simulate`) plays a legal deal under
any rule set; :func:`random_record`, :func:`random_texts` and :func:`write_many_deals` (module
:mod:`.samples`) make whole records and files of them. Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "random_deal": "simulate", "shuffled_pack": "simulate", "random_record": "samples",
    "random_texts": "samples", "write_many_deals": "samples", "NAMES": "samples",
    "CLUBS": "samples",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
