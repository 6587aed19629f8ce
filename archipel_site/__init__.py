"""How the site is built, served and tested: the package behind ``build.py``.

Modules, from the bottom up:

* ``paths``     -- where everything is; the log line and file hashes;
* ``policy``    -- the headers, file types and security policies of the site,
  which the table server imports as well (and nothing else of this package);
* ``toolchain`` -- npm, Node and Pyodide; the precompiled standard library;
* ``wheel``     -- the rules package as a wheel, with its Pyodide bytecode;
* ``site``      -- dist/ and its manifest (``build``);
* ``env``       -- .venv and the Debian packages the tests need;
* ``devserver`` -- a static server of dist/, and ``serve`` (the site and the tables);
* ``testing``   -- the test suites of ``build.py test``.

Standard library only: a fresh checkout builds without any install.
"""
