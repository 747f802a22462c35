from django import template
from django.utils.translation import get_language

register = template.Library()


@register.filter
def cents(value) -> str:
    """Money in the active language: 1250 -> "$12.50" / "12,50 $"; -500 -> "-$5.00" /
    "-5,00 $"; 125000 -> "$1,250.00" / "1 250,00 $"; None -> "" (an item, not money)."""
    if value is None or value == "":
        return ""
    value = int(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    if (get_language() or "").startswith("fr"):
        # fr-CA: a no-break space between thousands and before the dollar sign.
        units = f"{value // 100:,}".replace(",", "\u00a0")
        return f"{sign}{units},{value % 100:02d}\u00a0$"
    return f"{sign}${value // 100:,}.{value % 100:02d}"
