"""Russian Preferans' and Balkan's screens (kitapi.registry: family preferans)."""
