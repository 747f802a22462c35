from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from drives.api import api

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="drives:drive_list", permanent=False)),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("drives/", include("drives.urls")),
    path("prizes/", include("scoring.urls")),
    path("scorekeeper/", include("scoring.scorekeeper_urls")),
    path("board/", include("drives.board_urls")),
    path("t/", include("drives.table_urls")),
    path("club/", include("drives.club_urls")),
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]

handler403 = "drives.views.forbidden"
handler404 = "drives.views.not_found"
