from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self):
        from django.urls import register_converter

        from .converters import IdConverter

        # Every app's addresses say <id:...> for a number that ends up in a query.
        register_converter(IdConverter, "id")
