"""Print the addresses tablets on the hall network should open."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from config import network  # noqa: E402

port = sys.argv[1] if len(sys.argv) > 1 else "8000"
addresses = network.lan_addresses()
cards = network.base_url(configured=os.environ.get("SITE_BASE_URL", ""), port=port)
print()
print("Card Drive is starting. Open it on a tablet on the same network:")
for a in addresses or ["127.0.0.1"]:
    print(f"    http://{a}:{port}/")
print(f"On this computer: http://127.0.0.1:{port}/")
print(f"Table cards and their QR codes use: {cards}/ (set SITE_BASE_URL to change it)")
print("Stop it with Ctrl+C.")
print()
