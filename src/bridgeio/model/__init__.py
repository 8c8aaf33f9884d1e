"""The format-neutral model: cards, boards, contracts, deals, suit diagrams, results,
movements, chess tournaments, and the :data:`Document` union that ``bridgeio.read`` returns.

Every public class of the model's modules is importable from here; the names are listed once,
in ``__init__.pyi`` (type checkers read it; lazy_loader makes ``__getattr__``, ``__dir__``
and ``__all__`` from it), and each is imported when first used, so that a results or movement
file needs no NumPy.

>>> from bridgeio.model import Contract, Results, duplicate_score, vulnerability
>>> vulnerability(7), duplicate_score(Contract.parse("4H", "S"), 10, vulnerable=True)
(<Vulnerability.BOTH: 'All'>, 620)
>>> Results().kind
<DocumentKind.RESULTS: 'results'>
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
