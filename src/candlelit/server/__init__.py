"""The web platform: lobby, live tables over WebSockets, persistence, pages."""
