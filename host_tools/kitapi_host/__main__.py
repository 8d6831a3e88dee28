"""``python -m kitapi_host``: the ``kitapi`` command, for a Python whose scripts folder is not on PATH."""

from kitapi_host.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
