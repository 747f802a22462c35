"""Django's makemessages, which also finds the plurals marked with scoring.words.ngettext_noop.

xgettext knows gettext_noop (Django passes it) but not ngettext_noop: without this, the
plural sentences the audit trail and the pure modules mark would drop out of the catalog.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
