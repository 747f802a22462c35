"""The API's addresses (ninja's, in the api namespace); config/urls.py mounts them at /api/."""

from django.urls import path

from .views import api

urlpatterns = [path("", api.urls)]
