"""Kitapi's PC tools (the ``kitapi`` command), imported as kitapi_host: ``kitapi`` names the core, firmware/kitapi.

The rooms, one folder each:

- ``cli.py``: the command's table of subcommands;
- ``logs/``: checked game logs: read, replay, convert (and ``gen``, made-up games for tests and benches);
- ``archive/``: the games kept on the PC (SQLite): storage, hand lists and statistics;
- ``sheets/``: score sheets (CSV, HTML, PDF): a small toolkit and one module per family of systems;
- ``device/``: a real box over USB: ``link`` (the serial protocol), ``sync``, ``deploy``, ``drive``;
- ``sim/``: the firmware in the simulator, the simulated box on a pty, the typist that keys in a log;
- ``bench/``: figures of the core, the device and the sync;
- ``mpy.py``: MicroPython's unix port, mpy-cross and ROMFS images, used by ``sim``, ``device`` and ``bench``.
"""
