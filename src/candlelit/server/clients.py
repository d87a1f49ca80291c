"""Who a request or connection counts against: its client address, for limits and caps."""

from __future__ import annotations

import ipaddress


def client_of(host: str | None) -> str:
    """The client `host` counts as: its IPv4 address (also when IPv4-mapped), or its IPv6
    /64 network (one household or host holds a whole /64); "unknown" without one."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
