"""The engine: contract, registry, options, events, seeded chance and game records."""
