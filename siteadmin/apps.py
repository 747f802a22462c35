from django.apps import AppConfig


class SiteadminConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "siteadmin"
    verbose_name = "Site administration"
