"""The Print page and the PDF downloads, included under <drive_id>/print/ by drives/urls.py
(so their names are in the "drives" namespace)."""

from django.urls import path

from . import pdf_views

urlpatterns = [
    path("", pdf_views.print_page, name="print"),
    path("punch-cards.pdf", pdf_views.punch_cards, name="pdf_punch_cards"),
    path("blank-cards.pdf", pdf_views.blank_cards, name="pdf_blank_cards"),
    path("table-cards.pdf", pdf_views.table_cards, name="pdf_table_cards"),
    path("seating.pdf", pdf_views.seating_list, name="pdf_seating"),
    path("paper-pack.pdf", pdf_views.paper_pack, name="pdf_paper_pack"),
    path("standings.pdf", pdf_views.standings_sheet, name="pdf_standings"),
    path("final-cards.pdf", pdf_views.final_cards, name="pdf_final_cards"),
    path("prize-report.pdf", pdf_views.prize_report_pdf, name="pdf_prize_report"),
]
