"""The Print page and the PDF downloads; config/urls.py mounts them under
/drives/<drive_id>/print/ in the printing namespace."""

from django.urls import path

from . import league_views, series_views, views

app_name = "printing"

urlpatterns = [
    path("", views.print_page, name="print"),
    path("language/", views.print_language, name="print_language"),
    path("punch-cards.pdf", views.punch_cards, name="pdf_punch_cards"),
    path("blank-cards.pdf", views.blank_cards, name="pdf_blank_cards"),
    path("table-cards.pdf", views.table_cards, name="pdf_table_cards"),
    path("seating.pdf", views.seating_list, name="pdf_seating"),
    path("paper-pack.pdf", views.paper_pack, name="pdf_paper_pack"),
    path("standings.pdf", views.standings_sheet, name="pdf_standings"),
    path("final-cards.pdf", views.final_cards, name="pdf_final_cards"),
    path("prize-report.pdf", views.prize_report_pdf, name="pdf_prize_report"),
]

# A series' printouts: config/urls.py mounts them under /series/<series_id>/print/ in the
# series_print namespace.
series_patterns = [
    path("standings.pdf", series_views.series_standings_pdf, name="standings"),
    path("prize-report.pdf", series_views.series_prize_report_pdf, name="prize_report"),
]

league_patterns = [
    path("schedule.pdf", league_views.league_schedule_pdf, name="schedule"),
    path("standings.pdf", league_views.league_standings_pdf, name="standings"),
    path("nights/<id:night_id>/match.pdf", league_views.league_match_pdf, name="match"),
]
