"""Where the server is reached: its public URL, and the hosts and origins it answers to."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""Host names that always reach this machine: local use works under any of them."""
WILDCARD_HOSTS = ("", "0.0.0.0", "::")
"""Listen addresses that name every interface, so no address anyone could type."""


def _bracketed(host: str) -> str:
    """`host` as it appears in a URL or a Host header (IPv6 literals in brackets)."""
    return f"[{host}]" if ":" in host else host.lower()


def parse_public_url(raw: str) -> str:
    """`raw` as `scheme://host[:port]/`; ValueError (one line) unless it is an http(s) URL
    with a host and no user, path, query or fragment."""
    try:
        parts = urlsplit(raw.strip())
        parts.port  # noqa: B018 - only to refuse a port that is not a number
    except ValueError:
        raise ValueError(f"{raw!r} is not a URL") from None
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"{raw!r} must start with http:// or https://")
    if not parts.hostname:
        raise ValueError(f"{raw!r} names no host")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{raw!r} must not carry a user name or password")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{raw!r} must be the site's root: no path, query or fragment")
    netloc = parts.netloc.lower()
    default_port = {"http": ":80", "https": ":443"}[parts.scheme]
    return f"{parts.scheme}://{netloc.removesuffix(default_port)}/"


def listen_url(host: str, port: int) -> str:
    """The URL of the address the server listens on (`http://HOST:PORT/`)."""
    return f"http://{_bracketed(host)}:{port}/"


@dataclass(frozen=True)
class Site:
    """The public URL invite links are built from, and the address the server listens on."""

    public: str
    """`scheme://host[:port]/`, as `parse_public_url` returns it."""
    listen: str
    """`http://host:port/`, as `listen_url` returns it (a wildcard host for every address)."""

    @property
    def origin(self) -> str:
        """The public URL as a browser's Origin header states it."""
        return self.public.rstrip("/")

    def hosts(self) -> list[str]:
        """Host header values (without port) the server answers to."""
        names = [_host_of(self.public)]
        listen = _host_of(self.listen)
        if listen.strip("[]") not in WILDCARD_HOSTS:
            names.append(listen)
        return list(dict.fromkeys([*names, *LOOPBACK_HOSTS]))

    def same_origin(self, origin: str, host: str | None) -> bool:
        """Whether a page at `origin` belongs to this site: the public origin, or the
        origin of the (already checked) `host` the request was sent to."""
        origin = origin.lower()
        if origin == self.origin:
            return True
        return host is not None and origin in (f"http://{host.lower()}",
                                               f"https://{host.lower()}")


def _host_of(url: str) -> str:
    hostname = urlsplit(url).hostname or ""
    return _bracketed(hostname)
