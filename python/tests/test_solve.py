"""exactblas.solve (EXDGESVXX, EXDPOSVXX): every component flagged proven
is the exact solution (Fraction Gaussian elimination) rounded once, every
bound holds, and the NumPy conventions of shapes and errors."""
import numpy as np
import pytest

import exactblas as eb
import oracle
from oracle import exact


def exact_solve(a, b):
    """x* = a^-1 b exactly (a (n, n), b (n, k)), as lists of Fractions."""
    n, k = b.shape
    m = [[exact(a[i, j]) for j in range(n)] + [exact(b[i, j]) for j in range(k)] for i in range(n)]
    for c in range(n):
        p = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c])]
    return [[m[i][n + j] / m[i][i] for j in range(k)] for i in range(n)]


def check_against_exact(a, b, result, what):
    """Proven components are RN(x*); every bound holds; info agrees."""
    b2 = b[:, None] if b.ndim == 1 else b
    x = result.x[:, None] if b.ndim == 1 else result.x
    proven = result.proven[:, None] if b.ndim == 1 else result.proven
    bound = result.bound[:, None] if b.ndim == 1 else result.bound
    xstar = exact_solve(a, b2)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            if proven[i, j]:
                assert x[i, j] == oracle.round64(xstar[i][j]), f"{what}: x[{i},{j}] proven, wrong"
            if np.isfinite(bound[i, j]):
                assert abs(xstar[i][j] - exact(x[i, j])) <= exact(bound[i, j]), \
                    f"{what}: bound of x[{i},{j}] does not hold"
    assert (result.info == 0) == bool(proven.all()), f"{what}: info {result.info}"


def test_small_exact_system():
    a = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    b = np.array([1.0, 2.0, 3.0])
    r = eb.solve(a, b)
    assert isinstance(r, eb.SolveResult) and r.info == 0 and r.all_proven
    assert r.x.shape == (3, ) and r.x.dtype == np.float64 and r.proven.dtype == bool
    check_against_exact(a, b, r, "3x3")
    x, proven, bound, info = r  # a named tuple
    assert x[0] == oracle.round64(exact_solve(a, b[:, None])[0][0])


def test_ill_conditioned():
    n = 8
    hilbert = np.array([[1.0 / (i + j + 1) for j in range(n)] for i in range(n)])  # cond ~ 1e10
    b = np.arange(1.0, 2 * n + 1).reshape(n, 2)
    r = eb.solve(hilbert, b)
    check_against_exact(hilbert, b, r, "Hilbert 8")
    assert r.proven.mean() > 0.9
    naive = np.linalg.solve(hilbert, b)
    xstar = exact_solve(hilbert, b)
    rounded = np.array([[oracle.round64(v) for v in row] for row in xstar])
    assert (r.x[r.proven] == rounded[r.proven]).all()
    assert (naive != rounded).any()  # LAPACK's solve is not correctly rounded here


def test_positive_definite_and_triangles():
    rng = np.random.default_rng(20)
    g = rng.standard_normal((5, 5))
    spd = g @ g.T + 5 * np.eye(5)
    b = rng.standard_normal((5, 2))
    upper = eb.solve(spd, b, assume_a="pos")
    check_against_exact(spd, b, upper, "SPD")
    garbage = np.triu(spd) + np.tril(np.full((5, 5), 1e300), -1)
    assert np.array_equal(eb.solve(garbage, b, assume_a="pos").x, upper.x)  # upper triangle only
    garbage = np.tril(spd) + np.triu(np.full((5, 5), np.nan), 1)
    assert np.array_equal(eb.solve(garbage, b, assume_a="pos", lower=True).x, upper.x)
    with pytest.raises(np.linalg.LinAlgError, match="positive definite"):
        eb.solve(-spd, b, assume_a="pos")


def test_views_stacks_and_dtypes():
    rng = np.random.default_rng(21)
    a = rng.standard_normal((3, 4, 4)) + 4 * np.eye(4)
    b = rng.standard_normal((4, 2))
    r = eb.solve(a, b)  # a stack against one right-hand side matrix
    assert r.x.shape == (3, 4, 2) and r.info.shape == (3, )
    for i in range(3):
        check_against_exact(a[i], b, eb.SolveResult(r.x[i], r.proven[i], r.bound[i], r.info[i]),
                            f"stack {i}")
    view = a[1].T[::-1, ::-1]  # a non-contiguous view
    check_against_exact(np.ascontiguousarray(view), b[:, 0], eb.solve(view, b[:, 0]), "view")
    ints = np.array([[3, 1], [1, 2]], np.int64)
    r = eb.solve(ints, np.array([1, 0], np.int32))
    assert r.x.dtype == np.float64
    check_against_exact(ints.astype(float), np.array([1.0, 0.0]), r, "integers")
    f32 = eb.solve(ints.astype(np.float32), np.array([1.0, 0.0], np.float32))
    assert np.array_equal(f32.x, r.x) and f32.x.dtype == np.float64


def test_errors():
    with pytest.raises(np.linalg.LinAlgError, match="Singular"):
        eb.solve(np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones(2))
    with pytest.raises(np.linalg.LinAlgError, match="square"):
        eb.solve(np.ones((2, 3)), np.ones(2))
    with pytest.raises(np.linalg.LinAlgError, match="two-dimensional"):
        eb.solve(np.ones(2), np.ones(2))
    with pytest.raises(ValueError, match="mismatch"):
        eb.solve(np.eye(3), np.ones(2))
    with pytest.raises(TypeError, match="complex"):
        eb.solve(np.eye(2, dtype=complex), np.ones(2))
    with pytest.raises(ValueError, match="exactly"):
        eb.solve(np.array([[2**62 + 1, 0], [0, 1]], np.int64), np.ones(2))
    with pytest.raises(ValueError, match="assume_a"):
        eb.solve(np.eye(2), np.ones(2), assume_a="sym")
    r = eb.solve(np.array([[1.0, 1.0], [1.0, 1.0 + 2.0**-52]]), np.array([np.nan, 1.0]))
    assert not r.proven.any() and r.info == 2 + 2  # n + 2: not finite, nothing proven
