"""The drive's files; config/urls.py mounts them under /drives/ in the exchange namespace."""

from django.urls import path

from .views import csv_files, drive_file

app_name = "exchange"

urlpatterns = [
    path("import/", drive_file.drive_import, name="drive_import"),
    path("<id:drive_id>/export.json", drive_file.drive_export, name="drive_export"),
    path("<id:drive_id>/csv/standings.csv", csv_files.standings, name="csv_standings"),
    path("<id:drive_id>/csv/results.csv", csv_files.results, name="csv_results"),
    path("<id:drive_id>/csv/audit.csv", csv_files.audit, name="csv_audit"),
]
