"""The table's own page, opened from its QR card: no login, the token is the key."""

from django.urls import path

from . import table_views

app_name = "table"

urlpatterns = [
    path("<str:token>/", table_views.table_page, name="page"),
    path("<str:token>/report/", table_views.table_report, name="report"),
    path("<str:token>/confirm/", table_views.table_confirm, name="confirm"),
    path("<str:token>/withdraw/", table_views.table_withdraw, name="withdraw"),
]
