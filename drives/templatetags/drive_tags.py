import re

from django import template
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def punch_card(game_numbers, punched, played, missed=()):
    """A row of game numbers 1..games: punched holes for wins, dashed games not yet played,
    and games the pair was not there for (came late, left early) marked not played.

    Built as one string: a standings page of 120 pairs x 60 games renders 7,200 holes.
    """
    won, lost, later, absent = (
        escape(_("game %(g)s won")),
        escape(_("game %(g)s not won")),
        escape(_("game %(g)s not played yet")),
        escape(_("game %(g)s not played: the pair was not there")),
    )
    cells = []
    for g in game_numbers:
        if g in punched:
            cls, label = "hole punched", won
        elif g in missed:
            cls, label = "hole missed", absent
        elif g <= played:
            cls, label = "hole", lost
        else:
            cls, label = "hole later", later
        cells.append(f'<span class="{cls}" title="{label % {"g": g}}">{g}</span>')
    return mark_safe('<span class="punchcard">' + "".join(cells) + "</span>")


# A fixed order for the common keys: PostgreSQL's jsonb does not keep the order they were saved in.
_KEY_ORDER = {k: i for i, k in enumerate(("game", "table", "pair", "winner", "status"))}


def _plain(value, depth=0) -> str:
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (_KEY_ORDER.get(k, len(_KEY_ORDER)), k))
        return ", ".join(f"{k.replace('_', ' ')} {_plain(value[k], depth + 1)}" for k in keys)
    if isinstance(value, list):
        shown = [_plain(v, depth + 1) for v in value[:6]]
        more = len(value) - len(shown)
        text = "; ".join(shown) + (f"; … {more} more" if more > 0 else "")
        return f"({text})" if depth else text
    if value is None:
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    return str(value)


@register.filter
def plain(value) -> str:
    """An audit value in plain words: {"winner": 12, "status": "confirmed"} -> "winner 12, status
    confirmed". Long lists are cut short."""
    text = _plain(value)
    return text if len(text) <= 400 else text[:399] + "…"


@register.filter
def get_item(mapping, key):
    """mapping[key] in a template ("" when it is not there)."""
    return mapping.get(key, "") if mapping else ""


_TABLE_SOURCE = re.compile(r"^table (\d+):")


@register.filter
def origin_words(entry) -> str:
    """Where an audit entry came from, in a volunteer's words: "a phone at table 7
    (reported 19:42)" for a table's phone, the screen's name ("front: results") otherwise."""
    m = _TABLE_SOURCE.match(entry.source or "")
    if not m:
        return entry.source
    at = timezone.localtime(entry.at).strftime("%H:%M")
    return _("a phone at table %(n)s (reported %(at)s)") % {"n": m.group(1), "at": at}
