"""Greek Prefa's screens (kitapi.registry: family prefa)."""
