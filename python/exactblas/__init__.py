"""exactblas: NumPy's sum, dot, vdot and matmul, exactly (every element the
correctly rounded value of the exact real result, the same bits on every
machine and thread count), and the proven linear solve of ExactBLAS.

    import exactblas as eb
    eb.sum([1e16, 1.0, -1e16])        # 1.0
    eb.matmul(a, b); eb.dot(a, b); eb.vdot(a, b)
    r = eb.solve(a, b); r.x, r.proven, r.bound, r.info

The shared library: EXACTBLAS_LIBRARY, else the repository's build tree,
else the dynamic loader (python/README.md, _lib.py)."""
from ._api import SolveResult, dot, matmul, solve, sum, vdot  # noqa: A004 (numpy's names)
from ._lib import library_version
from ._lib import path as library_path

__all__ = ["sum", "dot", "vdot", "matmul", "solve", "SolveResult", "library_path",
           "library_version"]
__version__ = "0.1.0"
