"""Printing: the Print page and every PDF of a drive (punch cards, blank cards, table
cards, the seating list, the paper fallback pack, the standings sheet, final score cards,
the prize report).

- pdf/: the documents, plain data in, bytes out (pdf/data.py reads the database)
- views.py, urls.py: the Print page, its language, the downloads (under /drives/<id>/print/)

On the floor above the night and prizes: may import drives.interface, drives.models,
drives.views.shared, prizes.interface and prizes.models; nothing imports it.
"""
