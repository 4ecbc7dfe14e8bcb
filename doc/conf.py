# Sphinx configuration for the module's documentation on its own:
#   sphinx-build -W -b html doc build/doc      (tools/tests/test_docs.py does this in CI)
# In an ns-3 tree the same .rst files are meant for ns-3's models manual, whose conf.py and
# replace.txt apply instead; this file and index.rst are ignored there.
project = "ns-3 mptcp module"
copyright = "the mptcp module authors (GPL-2.0-only)"
extensions = ["sphinx.ext.imgmath"]
master_doc = "index"
exclude_patterns = []
numfig = True
html_theme = "alabaster"
