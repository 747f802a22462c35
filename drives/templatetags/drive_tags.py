from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def punch_card(game_numbers, punched, played):
    """A row of game numbers 1..games: punched holes for wins, greyed games not yet played."""
    cells = []
    for g in game_numbers:
        if g in punched:
            cls, label = "hole punched", _("game %(g)d won") % {"g": g}
        elif g <= played:
            cls, label = "hole", _("game %(g)d not won") % {"g": g}
        else:
            cls, label = "hole later", _("game %(g)d not played yet") % {"g": g}
        cells.append((cls, label, g))
    return format_html(
        '<span class="punchcard">{}</span>',
        format_html_join("", '<span class="{}" title="{}">{}</span>', cells),
    )
