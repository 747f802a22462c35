from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def punch_card(game_numbers, punched, played):
    """A row of game numbers 1..games: punched holes for wins, dashed games not yet played.

    Built as one string: a standings page of 120 pairs x 60 games renders 7,200 holes.
    """
    won, lost, later = (
        escape(_("game %(g)s won")),
        escape(_("game %(g)s not won")),
        escape(_("game %(g)s not played yet")),
    )
    cells = []
    for g in game_numbers:
        if g in punched:
            cls, label = "hole punched", won
        elif g <= played:
            cls, label = "hole", lost
        else:
            cls, label = "hole later", later
        cells.append(f'<span class="{cls}" title="{label % {"g": g}}">{g}</span>')
    return mark_safe('<span class="punchcard">' + "".join(cells) + "</span>")
