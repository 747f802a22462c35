"""The site's own address on the hall network: what table cards, their QR codes and the
board's address are printed with.

SITE_BASE_URL wins when it is set (a fixed name such as http://carddrive.local:8000).
Otherwise the laptop's address on the local network is found once at start, the same way
`make run` prints it (`manage.py setup_site --port`). Never the Host header of a request: any device
on the network can send a false one, and it would end up on printed cards.
"""

from __future__ import annotations

import socket
import subprocess


def _route_address() -> str | None:
    """The address of the interface that reaches other networks (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            # A UDP "connect" only picks the outgoing interface.
            s.connect(("192.0.2.1", 9))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("127.", "0.")) else address


def _host_addresses() -> list[str]:
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=3).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [a for a in out.split() if ":" not in a and not a.startswith("127.")]


def lan_addresses() -> list[str]:
    """The laptop's IPv4 addresses on the local network, the most likely one first."""
    found = [_route_address(), *_host_addresses()]
    out: list[str] = []
    for a in found:
        if a and a not in out:
            out.append(a)
    return out


def base_url(*, configured: str, port: str) -> str:
    """The address to print: SITE_BASE_URL when set, else http://<hall address>:<port>
    (127.0.0.1 when the laptop is on no network: then no tablet could reach it anyway)."""
    if configured.strip():
        return configured.strip().rstrip("/")
    addresses = lan_addresses()
    return f"http://{addresses[0] if addresses else '127.0.0.1'}:{port}"
