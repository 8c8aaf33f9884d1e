"""Bridgemate Control Software databases (``.bws``): a game as the tables entered it, read
from its Microsoft Access tables (``Section``, ``RoundData``, ``ReceivedData``,
``PlayerNumbers``/``PlayerNames``, ``HandRecord``) into a results document. Read only: the
database is opened for reading and never written.
"""
