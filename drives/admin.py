from django.contrib import admin

from .models import Drive, Pair


@admin.register(Drive)
class DriveAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "status", "current_game", "games"]
    list_filter = ["club", "status"]
    readonly_fields = ["status", "seed", "current_game"]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["number", "player1", "player2", "paid", "drive"]
    list_filter = ["drive"]
