"""The bulk path: record archives (JSON Lines, record files, EGN) to Parquet tables on Dask.

``tables`` turns one record into rows (pure); ``shards`` cuts the inputs and reads a shard back;
``parquet`` writes one shard's tables; ``run`` plans the shards and runs them on Dask (one
process, a local cluster or an existing scheduler). See docs/DATASET.md.
"""
