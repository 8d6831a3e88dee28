"""``kitapi serve``: the archive as a web site for a club (standings, games, players), read-only by default.

- ``data``: each page's data from the archive (``Archive``'s queries), apart from its rendering;
- ``app``: the Flask site (routes, the safety checks), its Jinja2 ``templates`` and ``static`` style sheet;
- ``chart``: the SVG line charts, drawn on the server; ``words``: the pages' words in English, Greek, Russian;
- ``cli``: the command, served by waitress.
"""
