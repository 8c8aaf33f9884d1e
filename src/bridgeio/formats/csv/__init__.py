"""CSV tables for spreadsheets (write only): see :mod:`.writer`."""
