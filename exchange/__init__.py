"""Exchange: a drive's data out and in.

- document/: a whole drive as one JSON document, and back (checked whole before anything
  is written; the import is one transaction with one audit entry)
- views/: drive_file (the JSON download and the import page), csv_files (standings,
  results and the audit trail as spreadsheets)
- urls.py: their addresses, under /drives/ in the exchange namespace

On the floor above the night and prizes: may import drives.interface, drives.models,
drives.views.shared, prizes.interface and prizes.models; nothing imports it.
"""
