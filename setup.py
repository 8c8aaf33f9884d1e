"""Builds the optional C walker of USEBIO boards against the libxml2 headers lxml ships.

Everything else is in pyproject.toml. Without a C compiler the build goes on without it and
the reader uses its Python walk (same results, slower).
"""

import lxml
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "bridgeio.formats.usebio._walk",
            ["src/bridgeio/formats/usebio/_walk.c"],
            include_dirs=lxml.get_include(),
            optional=True,
        )
    ]
)
