from django import template

register = template.Library()


@register.filter
def cents(value) -> str:
    """1250 -> "$12.50"; -500 -> "-$5.00"; None -> "" (an item, not money)."""
    if value is None or value == "":
        return ""
    value = int(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    return f"{sign}${value // 100:,}.{value % 100:02d}"
