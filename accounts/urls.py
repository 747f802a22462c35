"""People and profile screens; config/urls.py mounts them in the club namespace with the
table-link screens of drives."""

from django.urls import path

from .views import people, profile

urlpatterns = [
    path("people/", people.people, name="people"),
    path("people/<id:user_id>/password/", people.member_password, name="member_password"),
    path("people/<id:user_id>/role/", people.member_role, name="member_role"),
    path("people/<id:user_id>/remove/", people.member_remove, name="member_remove"),
    path("people/<id:user_id>/unlock/", people.member_unlock, name="member_unlock"),
    path("profile/", profile.profile, name="profile"),
    path("profile/password/", profile.password_change, name="password_change"),
    path("profile/tokens/<id:token_id>/revoke/", profile.token_revoke, name="token_revoke"),
    path("profile/tokens/revoke-all/", profile.tokens_revoke_all, name="tokens_revoke_all"),
]
