"""The SQLite store (sqlite-utils): migrations, saving records as versioned rows, queries, bulk import.

Nothing here knows HTTP: the JSON API, the pages and the command line all call these modules.
"""
