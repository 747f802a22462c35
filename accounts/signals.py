"""What happens on any path that logs a person out or changes a password.

A password can be changed on the People page, on one's profile, with `manage.py
changepassword` or in the admin; all of them save the user, so this listens there:

- every stored session of that person ends (the view that changed one's own
  password then starts a fresh session for this device, update_session_auth_hash);
- every API key of theirs is revoked: the People page and the Profile revoke them in
  their own transaction and audit entry first (accounts.services.people), so here that
  finds none; `changepassword` and the admin are Django's and write no audit entry;
- the first organizer's generated password, kept in ORGANIZER_PASSWORD_FILE,
  is deleted once that password is no longer it.

Logging out ends every session of the person, on every device.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from .services.sessions import sessions_end
from .services.tokens import tokens_end

# The account setup_site makes; its first password is written to ORGANIZER_PASSWORD_FILE.
FIRST_ORGANIZER = "organizer"


@receiver(user_logged_out)
def _end_sessions_on_logout(sender, request, user, **kwargs):
    if user is not None:
        sessions_end(user_id=user.pk)


def _password_changed(sender, instance, created, **kwargs):
    # set_password() keeps the new raw password in _password until the save is done.
    if created or getattr(instance, "_password", None) is None:
        return
    sessions_end(user_id=instance.pk)
    tokens_end(user=instance, now=timezone.now())
    if instance.get_username() == FIRST_ORGANIZER:
        settings.ORGANIZER_PASSWORD_FILE.unlink(missing_ok=True)


def connect() -> None:
    post_save.connect(
        _password_changed, sender=get_user_model(), dispatch_uid="accounts_password_changed"
    )
