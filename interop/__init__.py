"""Other notations, beside our own (:mod:`euchre_records.schema`), read and written as published.

- :mod:`.egn` — EGN, the Euchre Game Notation: JSON and binary files;
- :mod:`.emn` — EMN, the Euchre Match Notation: match files of events;
- :mod:`.sheets` — club scoresheets in a spreadsheet (CSV, xlsx);
- :mod:`.openspiel` — OpenSpiel's euchre action sequences (export, and the differential tests);
- :mod:`.detect` — a record in any of the notations we read, decided from its content.

Each format has one small public face (its package's names); the notation layer never imports
this package, this package imports the notation layer.
"""
