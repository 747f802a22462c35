"""The login page: Django's, landing a site administrator of no club on the clubs list."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import reverse

from clubs.models import Membership


class LoginView(auth_views.LoginView):
    def get_default_redirect_url(self) -> str:
        """Where to go when the login page names no `next`: the drives of one's club, or
        for the association's site administrator, who belongs to no club, its clubs."""
        user = self.request.user
        if user.is_superuser and not Membership.objects.filter(user=user).exists():
            return reverse("siteadmin:clubs")
        return super().get_default_redirect_url()
