#!/usr/bin/env bash
# A full disk's answer, shown on the site served as `make run` serves it (the front, then
# gunicorn with 2 workers, DEBUG off), on a real disk that fills up: a 64 MB tmpfs of its
# own, mounted in a private mount namespace (`unshare -rm`, so nothing of the laptop is
# touched).
#
#   scripts/full_disk.sh        # Linux with user namespaces (or root)
#
# Prints the answers to a result sent by the API and to a login, once the disk is full
# (503, Retry-After: 60, "The laptop's disk is full: nothing was saved ..."), and the
# API's answer once space is freed (200).
set -euo pipefail
if [ -z "${IN_NAMESPACE:-}" ]; then
  IN_NAMESPACE=1 exec unshare -rm "$0" "$@"
fi
cd "$(dirname "$0")/.."
BIN=.venv/bin
WORK=$(mktemp -d /tmp/card-drive-full-XXXXXX)
DISK=$WORK/disk
mkdir "$DISK"
mount -t tmpfs -o size=64m tmpfs "$DISK"
export CARD_DRIVE_VAR=$DISK/var DEBUG=0 DJANGO_SETTINGS_MODULE=config.settings
unset SQLITE_PATH DATABASE_URL
$BIN/python manage.py migrate --noinput -v0
$BIN/python manage.py collectstatic --noinput -v0
$BIN/python manage.py bench_drive --pairs 16 > "$DISK/drive.json"
KEY=$($BIN/python manage.py shell -c "
from django.utils import timezone
from accounts.services import tokens
from clubs.models import Membership
m = Membership.objects.filter(role='organizer').first()
print(tokens.token_create(actor=m.user, name='Board', now=timezone.now()).key)" 2>/dev/null | tail -1)
read -r DRIVE T A <<<"$($BIN/python -c "
import json; d = json.load(open('$DISK/drive.json')); t = d['tables'][0]
print(d['drive'], t['table'], t['pairs'][0])")"
PORT=${PORT:-18765}
URL=http://127.0.0.1:$PORT
# The processes above have closed the database: the site opens it afresh (its -wal, -shm).
$BIN/python -m config.serve --host 127.0.0.1 --port "$PORT" --workers 2 2>"$WORK/serve.log" &
SITE=$!
trap 'kill $SITE 2>/dev/null; wait $SITE 2>/dev/null; umount "$DISK"; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "$URL/accounts/login/" && break; sleep 0.2; done
dd if=/dev/zero of="$DISK/filler" bs=1M 2>/dev/null || true
echo "The disk: $(df -h "$DISK" | tail -1)"
result() {
  curl -s -D - -X POST -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d "{\"winner\": $A, \"key\": \"full-disk-0001\"}" "$URL/api/drives/$DRIVE/games/1/tables/$T/result"
  echo
}
echo "--- A result sent by the API"
result | grep -i '^HTTP\|^retry-after\|^{'
echo "--- A login"
JAR=$WORK/cookies
curl -s -c "$JAR" -b "$JAR" -o /dev/null "$URL/accounts/login/"
CSRF=$(awk '/csrftoken/ {print $7}' "$JAR")
curl -s -c "$JAR" -b "$JAR" -D - -X POST -H "Referer: $URL/accounts/login/" \
  --data "csrfmiddlewaretoken=$CSRF&username=organizer&password=not-the-password" \
  "$URL/accounts/login/" | grep -i '^HTTP\|^retry-after\|<h1>\|msg error'
rm "$DISK/filler"
echo "--- The same result once space is freed"
result | grep -i '^HTTP'
