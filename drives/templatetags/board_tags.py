from django import template
from django.conf import settings
from django.urls import reverse

register = template.Library()


@register.simple_tag(takes_context=True)
def public_address(context, name: str, *args) -> str:
    """The full address of a public screen, as typed into a projector's browser.

    The configured base address (SITE_BASE_URL) when there is one: the
    laptop's own name on the hall network, not "localhost".
    """
    path = reverse(name, args=args)
    if settings.SITE_BASE_URL:
        return settings.SITE_BASE_URL + path
    request = context.get("request")
    return request.build_absolute_uri(path) if request is not None else path
