"""The night's printed material as PDF: plain data in, bytes out.

common.py sets up the paper, the fonts and the page frame (drive name, "Page 2
of 5", when it was made). One module per document takes frozen dataclasses and
returns bytes; none of them imports Django. data.py builds those dataclasses
from the database for the views in printing/views.py.
"""
