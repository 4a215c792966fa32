"""The tests import the package of this checkout (python/exactblas) and the
oracle beside them; the library comes from EXACTBLAS_LIBRARY or the build
tree (python/exactblas/_lib.py)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
