from django.urls import path

from . import links_views, profile_views
from . import people_views as views

app_name = "club"

urlpatterns = [
    path("people/", views.people, name="people"),
    path("people/<int:user_id>/password/", views.member_password, name="member_password"),
    path("people/<int:user_id>/role/", views.member_role, name="member_role"),
    path("people/<int:user_id>/remove/", views.member_remove, name="member_remove"),
    path("tables/", links_views.table_links, name="table_links"),
    path("tables/<int:table>/rotate/", links_views.table_link_rotate, name="table_link_rotate"),
    path("profile/", profile_views.profile, name="profile"),
    path("profile/tokens/<int:token_id>/revoke/", profile_views.token_revoke, name="token_revoke"),
]
