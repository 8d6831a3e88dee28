"""The game systems' screens on the box: a package a family (kitapi.registry's family column, found
by App.family), each a plug-in of the same shape (docs/architecture.md, "Adding a game system"):

- ``MODULES``: its modules, as App lets them go when a game of another family is opened;
- ``setup(ng)``: the new-game wizard's (kitapi.app.newgame.NewGame ``ng``) chosen system: sets the
  pouch's default and may put a module of the new-game steps alone in ``ng.sys``; those steps
  (the package's or that module's) are ``SEATS``, ``size_name(ng)``, ``draw_options(ui, ng)``,
  ``key_options(ng, ev)`` and ``options(ng)`` (the header's); where the pouch step asks the money per whist
  too, ``STAKE``: (the family whose texts say it, the place of the first of its three: its name, the pouch
  step's keys, the stake's keys);
- ``draw_home(ui, app)``: the home page's rows 2-6; ``key_home(app, ev)``: a home key the home
  screen leaves to it (digits, D): the next screen or None;
- ``describe(app, g, h)``: a hand in a few words (the hands list); ``edit(app, number, h)``: the
  wizard for hand ``number``;
- ``transfers(g)``: who pays whom, [(payer, payee, amount as text)]; and, where it shares what is left
  in the middle (the kasa's, the pot games'), ``draw_owes(app)``: (its word, what is left, the players
  sharing it) or None, which who owes whom says under the payments.

Its hand wizard is ``<family>.wiz``, its texts ``<family>.lang_<language>`` (App.pt(family)), its hands
list's legend ``<family>.legend``: ``legend(app, i)``, the lines that spell out the codes of its rows in language
``i`` (of kitapi.app.ui.LANGUAGES), and whether the box rounds its figures (kitapi.app.legend, which imports it
when 0 is pressed on the list and lets it go at once).
"""
