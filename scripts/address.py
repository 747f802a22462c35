"""Print the addresses tablets on the hall network should open."""

import socket
import subprocess
import sys

port = sys.argv[1] if len(sys.argv) > 1 else "8000"
addresses = []
try:
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=3).stdout
    addresses = [a for a in out.split() if ":" not in a and not a.startswith("127.")]
except (OSError, subprocess.SubprocessError):
    pass
if not addresses:
    try:
        # A UDP "connect" only picks the outgoing interface; no packet is sent.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            addresses = [s.getsockname()[0]]
    except OSError:
        addresses = []
print()
print("Card Drive is starting. Open it on a tablet on the same network:")
for a in addresses or ["127.0.0.1"]:
    print(f"    http://{a}:{port}/")
print(f"On this computer: http://127.0.0.1:{port}/")
print("Stop it with Ctrl+C.")
print()
