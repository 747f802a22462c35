"""The drive's files and its publishing; config/urls.py mounts them under /drives/ in the
exchange namespace, and the club's publishing settings under /club/publishing/."""

from django.urls import path

from .views import csv_files, drive_file, publishing

app_name = "exchange"

urlpatterns = [
    path("import/", drive_file.drive_import, name="drive_import"),
    path("<id:drive_id>/export.json", drive_file.drive_export, name="drive_export"),
    path("<id:drive_id>/csv/standings.csv", csv_files.standings, name="csv_standings"),
    path("<id:drive_id>/csv/results.csv", csv_files.results, name="csv_results"),
    path("<id:drive_id>/csv/audit.csv", csv_files.audit, name="csv_audit"),
    path("<id:drive_id>/publish/", publishing.drive_publish, name="drive_publish"),
]

# Under /club/publishing/ (config/urls.py), in the publishing namespace.
club_patterns = [
    path("", publishing.publishing_settings, name="settings"),
    path("stop/", publishing.publishing_stop, name="stop"),
]
