"""The site's addresses plus the HTTP floor of the load bench (bench-only settings):
one INSERT and a tiny template behind login, as bench/run.py's floor in process."""

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpResponse
from django.template import engines
from django.urls import include, path
from django.views.decorators.http import require_POST

_FLOOR_TEMPLATE = engines["django"].from_string("<p>{{ n }} saved</p>")


@login_required
@require_POST
def floor_login(request):
    with connection.cursor() as c:
        c.execute("INSERT INTO bench_floor (note) VALUES (%s)", ["tap"])
    return HttpResponse(_FLOOR_TEMPLATE.render({"n": 1}, request))


urlpatterns = [
    path("bench/floor-login/", floor_login),
    path("", include("config.urls")),
]
