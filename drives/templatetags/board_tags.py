from django import template
from django.conf import settings
from django.urls import reverse

register = template.Library()


@register.simple_tag
def public_address(name: str, *args) -> str:
    """The full address of a public screen, as typed into a projector's browser.

    The site's own address (SITE_BASE_URL, or the hall network address found at
    start): never the Host of the request, which anyone can fake.
    """
    return settings.SITE_BASE_URL + reverse(name, args=args)
