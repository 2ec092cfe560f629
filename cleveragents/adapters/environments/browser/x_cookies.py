"""The X cookies a `--headed` Chromium box gets: those of the display DISPLAY names, only.

An X authority file holds a cookie for every display the user has (the desktop's, one an
ssh session forwarded, a remote host's), and each opens its display to whoever holds it;
the box shares the host's network, so it could reach a remote one. An entry is kept as
`xauth` and libXau pick one for DISPLAY: its display number is DISPLAY's (or it has none),
and it is for any host (FamilyWild), or for DISPLAY's host: this host's name (FamilyLocal)
for `:N`, `unix:N` or a host whose address is a loopback one, the name before `/unix`, or
the IPv4/IPv6 address of a host DISPLAY names over TCP. A DISPLAY that cannot be read
(or a host that does not resolve) gets none.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path

INTERNET, INTERNET6, LOCAL, WILD = 0, 6, 256, 65535
Entry = tuple[int, bytes, bytes]  # (family, address, display number)


def cookies(source: Path, display: str, written: Path) -> None:
    """Write to `written` (0600) the entries of the X authority file `source` for `display`
    only. Each entry is five fields, a 2-byte family then four of a 2-byte length and that
    many bytes (`Xau` of libXau); a file that does not parse gives none."""
    wanted = display_hosts(display)
    data, kept, at = source.read_bytes(), bytearray(), 0
    while wanted is not None and at + 2 <= len(data):
        start, family, fields, at = at, int.from_bytes(data[at : at + 2], "big"), [], at + 2
        for _ in range(4):
            size = int.from_bytes(data[at : at + 2], "big")
            fields.append(data[at + 2 : at + 2 + size])
            at += 2 + size
        if at > len(data):  # pragma: no cover - a file cut off mid-entry
            break
        if picked((family, fields[0], fields[1]), *wanted):
            kept += data[start:at]
    fd = os.open(written, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(bytes(kept))


def picked(entry: Entry, number: bytes, hosts: set[tuple[int, bytes]]) -> bool:
    """Whether `xauth` gives the entry for display `number` of `hosts`."""
    family, address, its_number = entry
    if its_number and its_number != number:
        return False
    return family == WILD or (family, address) in hosts


def display_hosts(display: str) -> tuple[bytes, set[tuple[int, bytes]]] | None:
    """DISPLAY's number and the (family, address) pairs its host has in an X authority
    file; None when it names no display `xauth` can read."""
    host, colon, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not colon or not number.isdigit() or host.endswith(":"):  # `host::N`: DECnet
        return None
    here = (LOCAL, socket.gethostname().encode())
    if host in ("", "unix"):
        return number.encode(), {here}
    if host.endswith("/unix"):
        named = host.removesuffix("/unix")
        return (number.encode(), {(LOCAL, named.encode())}) if named else None
    if "/" in host:
        return None
    try:
        found = socket.getaddrinfo(host.strip("[]"), None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return None
    hosts = set()
    for *_, address in found:
        ip = ipaddress.ip_address(str(address[0]).partition("%")[0])
        if ip.is_loopback:
            hosts.add(here)
        else:
            hosts.add((INTERNET if ip.version == 4 else INTERNET6, ip.packed))
    return number.encode(), hosts
