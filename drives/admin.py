from django.contrib import admin

from .models import AuditEntry, Club, Drive, Membership, Pair


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]


@admin.register(Drive)
class DriveAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "status", "current_game", "games"]
    list_filter = ["club", "status"]
    readonly_fields = ["status", "seed", "current_game"]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["number", "player1", "player2", "paid", "drive"]
    list_filter = ["drive"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "club", "drive", "actor", "action", "summary"]
    list_filter = ["club", "action"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
