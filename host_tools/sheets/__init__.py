"""Score sheets of a game (CSV, HTML, PDF): one module per family of systems (kitapi.registry's family column)."""
