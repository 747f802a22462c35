"""A drive's files: the whole drive as JSON (download, import) and its CSV spreadsheets."""
