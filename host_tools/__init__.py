"""Kitapi's PC tools (imported as ``kitapi_host``): the ``kitapi`` command."""
