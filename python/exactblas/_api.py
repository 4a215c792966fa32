"""The NumPy face: sum, dot, vdot, matmul and the proven solve, with
NumPy's conventions (dtypes and promotion, shapes, broadcasting of stacks,
0-d results as scalars) over the exact engine of _core.py."""
import ctypes
from typing import NamedTuple

import numpy as np

from . import _core
from ._lib import lib

try:
    from numpy.exceptions import AxisError
except ImportError:  # NumPy < 1.25
    AxisError = np.AxisError

F32, F64 = _core.F32, _core.F64
C64, C128 = np.dtype(np.complex64), np.dtype(np.complex128)
SUPPORTED = (F32, F64, C64, C128)
_MATMUL_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"


def _check_dtype(name, dtype):
    dtype = np.dtype(dtype).newbyteorder("=")  # a big-endian '>f8' computes as float64
    if dtype in SUPPORTED:
        return dtype
    if dtype.kind in "biu":
        raise TypeError(f"{name}: integer and boolean arrays are not computed (dtype {dtype}): "
                        "exactblas rounds floating-point results; convert first, e.g. "
                        "a.astype(numpy.float64), or mix with a floating-point operand")
    raise TypeError(f"{name}: unsupported dtype {dtype}: exactblas computes in float32, "
                    "float64, complex64 and complex128")


def _result_dtype(name, *arrays):
    for a in arrays:
        if a.dtype.kind not in "biufc":
            raise TypeError(f"{name}: unsupported dtype {a.dtype}: exactblas computes in "
                            "float32, float64, complex64 and complex128")
    return _check_dtype(name, np.result_type(*arrays))


def _real_dtype(dtype):
    return F32 if dtype in (F32, C64) else F64


def _scalar_or_array(result):
    return result[()] if result.ndim == 0 else result


def _product2d(a, b, dtype):
    """a (m, k) @ b (k, n) in dtype, every element (every part of a complex
    one) the exact value rounded once.  A complex product is one real
    product with twice the inner dimension, so each part is a single exact
    sum: [ar ai] @ [[br bi], [-bi br]] = [Re Im] (negation is exact)."""
    real = _real_dtype(dtype)
    if dtype.kind == "f":
        return _core.real_product(a.astype(F64, copy=False), b.astype(F64, copy=False), real)
    a = a.astype(dtype, copy=False)
    b = b.astype(dtype, copy=False)
    ar, ai = a.real.astype(F64, copy=False), a.imag.astype(F64, copy=False)
    br, bi = b.real.astype(F64, copy=False), b.imag.astype(F64, copy=False)
    left = np.concatenate([ar, ai], axis=1)
    right = np.block([[br, bi], [-bi, br]])
    parts = _core.real_product(left, right, real)
    n = b.shape[1]
    out = np.empty(parts.shape[:1] + (n,), dtype)
    out.real = parts[:, :n]
    out.imag = parts[:, n:]
    return out


def _stacked_product(a, b, batch, dtype):
    """a (..., m, k) @ b (..., k, n) over the broadcast stack shape batch.
    A stack against one matrix is one call (the stack folded into rows of
    a, or into columns of b); two stacks, one call per matrix pair."""
    m, k = a.shape[-2:]
    n = b.shape[-1]
    out_shape = batch + (m, n)
    if 0 in out_shape or k == 0:
        return np.zeros(out_shape, dtype)  # an empty sum is +0
    if b.ndim == 2:
        return _product2d(a.reshape(-1, k), b, dtype).reshape(out_shape)
    if a.ndim == 2:
        columns = np.moveaxis(b, -2, 0).reshape(k, -1)  # [b_1 b_2 ...]
        c = _product2d(a, columns, dtype).reshape((m,) + b.shape[:-2] + (n,))
        return np.moveaxis(c, 0, -2)
    a = np.broadcast_to(a, batch + (m, k))
    b = np.broadcast_to(b, batch + (k, n))
    out = np.empty(out_shape, dtype)
    for index in np.ndindex(*batch):
        out[index] = _product2d(a[index], b[index], dtype)
    return out


def matmul(a, b):
    """Exact numpy.matmul: a @ b with every element (each part of a complex
    one) the exact sum of its products rounded once to the result dtype.

    1-D operands are vectors (a row for a, a column for b, the added axis
    removed again); stacks of matrices (ndim > 2) broadcast as in
    numpy.matmul.  Scalars are refused as numpy.matmul refuses them."""
    a, b = np.asarray(a), np.asarray(b)
    dtype = _result_dtype("matmul", a, b)
    for position, x in enumerate((a, b)):
        if x.ndim == 0:
            raise ValueError(f"matmul: Input operand {position} does not have enough dimensions "
                             f"(has 0, gufunc core with signature {_MATMUL_SIGNATURE} requires 1)")
    a2 = a[None, :] if a.ndim == 1 else a
    b2 = b[:, None] if b.ndim == 1 else b
    if a2.shape[-1] != b2.shape[-2]:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {_MATMUL_SIGNATURE} (size {b2.shape[-2]} is "
                         f"different from {a2.shape[-1]})")
    try:
        batch = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    except ValueError:
        raise ValueError(f"matmul: the stacks of shapes {a.shape} and {b.shape} cannot be "
                         f"broadcast together ({a2.shape[:-2]} and {b2.shape[:-2]})") from None
    c = _stacked_product(a2, b2, batch, dtype)
    if a.ndim == 1:
        c = c[..., 0, :]
    if b.ndim == 1:
        c = c[..., 0]
    return _scalar_or_array(c)


def dot(a, b):
    """Exact numpy.dot: 1-D . 1-D the inner product, 2-D . 2-D the matrix
    product, N-D . 1-D a sum over a's last axis, N-D . M-D over a's last
    and b's second-to-last axis; a 0-d operand multiplies (every product
    exact, complex ones included).  Results rounded once to the dtype
    NumPy's promotion gives."""
    a, b = np.asarray(a), np.asarray(b)
    dtype = _result_dtype("dot", a, b)
    if a.ndim == 0 or b.ndim == 0:
        scalar, array = (a, b) if a.ndim == 0 else (b, a)
        c = _product2d(array.reshape(-1, 1), scalar.reshape(1, 1), dtype)
        return _scalar_or_array(c.reshape(array.shape))
    k = a.shape[-1]
    axis = max(b.ndim - 2, 0)
    if b.shape[axis] != k:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {k} (dim {a.ndim - 1}) "
                         f"!= {b.shape[axis]} (dim {axis})")
    out_shape = a.shape[:-1] + b.shape[:axis] + b.shape[axis + 1:]
    if 0 in out_shape or k == 0:
        return _scalar_or_array(np.zeros(out_shape, dtype))  # an empty sum is +0
    c = _product2d(a.reshape(-1, k), np.moveaxis(b, axis, 0).reshape(k, -1), dtype)
    return _scalar_or_array(c.reshape(out_shape))


def vdot(a, b):
    """Exact numpy.vdot: sum conj(a_i) b_i over both arrays flattened (a
    conjugated when complex), rounded once."""
    a, b = np.asarray(a), np.asarray(b)
    dtype = _result_dtype("vdot", a, b)
    a, b = a.reshape(-1), b.reshape(-1)
    if a.shape != b.shape:
        raise ValueError("vectors have different lengths")
    if a.dtype.kind == "c":
        a = np.conjugate(a)
    return _product2d(a[None, :], b[:, None], dtype)[0, 0]


def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, tuple) else (axis, )
    normalized = []
    for ax in axes:
        ax = int(ax) if isinstance(ax, (int, np.integer)) else ax
        if not isinstance(ax, int):
            raise TypeError(f"sum: axis must be an integer or a tuple of integers, not "
                            f"{type(ax).__name__}")
        if not -ndim <= ax < ndim:
            raise AxisError(ax, ndim)
        normalized.append(ax % ndim)
    if len(set(normalized)) != len(normalized):
        raise ValueError("duplicate value in 'axis'")
    return tuple(normalized)


def sum(a, axis=None, dtype=None, keepdims=False):  # noqa: A001 (numpy's name)
    """Exact numpy.sum: the exact sum of the elements along axis (None: all,
    an int, or a tuple), rounded once to the result dtype (complex: each
    part).  dtype, as in NumPy, is the type the elements are cast to and
    summed in (float32 data with dtype=float64: the exact sum rounded once
    to binary64); integer data need it (dtype=numpy.float64)."""
    a = np.asarray(a)
    if a.dtype.kind not in "biufc":
        raise TypeError(f"sum: unsupported dtype {a.dtype}: exactblas computes in float32, "
                        "float64, complex64 and complex128")
    dtype = _check_dtype("sum", a.dtype if dtype is None else dtype)
    if a.dtype.kind == "c" and dtype.kind != "c":
        raise TypeError(f"sum: cannot sum complex data ({a.dtype}) in the real dtype {dtype}")
    axes = _normalize_axes(axis, a.ndim)
    kept = tuple(d for d in range(a.ndim) if d not in axes)
    out_shape = tuple(a.shape[d] for d in kept)
    k = int(np.prod([a.shape[d] for d in axes], dtype=np.int64))
    if keepdims:
        final_shape = tuple(1 if d in axes else a.shape[d] for d in range(a.ndim))
    else:
        final_shape = out_shape
    m = int(np.prod(out_shape, dtype=np.int64))
    if m == 0 or k == 0:
        return _scalar_or_array(np.zeros(final_shape, dtype))
    rows = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim))).reshape(m, k)
    rows = rows.astype(dtype, copy=False)
    real = _real_dtype(dtype)
    if dtype.kind == "f":
        s = _core.real_product(rows.astype(F64, copy=False), None, real)[:, 0]
    else:
        parts = np.concatenate([rows.real, rows.imag], axis=0).astype(F64, copy=False)
        p = _core.real_product(parts, None, real)[:, 0]
        s = np.empty(m, dtype)
        s.real, s.imag = p[:m], p[m:]
    return _scalar_or_array(s.reshape(final_shape))


class SolveResult(NamedTuple):
    """What solve returns.

    x       the solution, float64, shaped as b (stacked as a and b)
    proven  bool, per component: x is proven to be the exact solution's
            component correctly rounded to binary64
    bound   float64, per component: a rigorous bound on |x* - x| (+inf
            where none was found, 0 where x is x* itself)
    info    EXDGESVXX's INFO (an int; an int array over a stack): 0 every
            component proven, n + 1 some component too close to a rounding
            boundary, n + 2 too ill-conditioned to verify (x the refined
            approximation, nothing proven)"""
    x: np.ndarray
    proven: np.ndarray
    bound: np.ndarray
    info: object

    @property
    def all_proven(self):
        """True when every component is proven."""
        return bool(np.all(self.proven))


def _solve_operand(name, x):
    x = np.asarray(x)
    if x.dtype.kind == "c":
        raise TypeError(f"solve: complex {name} is not supported: the proven solve (EXDGESVXX) "
                        "is real binary64")
    if x.dtype.kind not in "biuf" or x.dtype.itemsize > 8:
        raise TypeError(f"solve: unsupported dtype {x.dtype} for {name}: the proven solve takes "
                        "real data exactly representable in float64")
    converted = x.astype(F64)
    if x.dtype.kind in "iu" and x.dtype.itemsize == 8:
        large = np.abs(converted) > 2.0**53
        if np.any(large) and any(int(v) != int(w) for v, w in zip(x[large], converted[large])):
            raise ValueError(f"solve: {name} holds integers that float64 cannot represent "
                             "exactly; the proof would be about other numbers")
    return converted


def _solve_one(a, b, lower, positive):
    """One system: a (n, n), b (n, nrhs), binary64.  Returns x, proven, bound, info."""
    n, nrhs = b.shape
    _core.check_int_range("solve", n, nrhs)
    x = np.zeros((n, nrhs), F64, order="F")
    proven = np.zeros((n, nrhs), np.intc, order="F")
    bound = np.zeros((n, nrhs), F64, order="F")
    if n == 0 or nrhs == 0:
        return x, proven.astype(bool), bound, 0
    a = np.asfortranarray(a)
    b = np.asfortranarray(b)
    info = ctypes.c_int(0)
    if positive:
        lib.exactblas_dposvxx(b"L" if lower else b"U", n, nrhs, a.ctypes.data, n, b.ctypes.data, n,
                              x.ctypes.data, n, proven.ctypes.data, bound.ctypes.data, info)
    else:
        lib.exactblas_dgesvxx(n, nrhs, a.ctypes.data, n, b.ctypes.data, n, x.ctypes.data, n,
                              proven.ctypes.data, bound.ctypes.data, info)
    info = info.value
    if 1 <= info <= n:
        raise np.linalg.LinAlgError("Matrix is not positive definite" if positive else
                                    "Singular matrix")
    if info == n + 3:
        raise MemoryError("solve: no memory for EXDGESVXX's workspace")
    if info < 0:
        raise RuntimeError(f"solve: EXDGESVXX refused argument {-info} (a defect of exactblas)")
    return x, proven.astype(bool), bound, info


def solve(a, b, assume_a="gen", lower=False):
    """The proven solve: x with a @ x = b, every component the correctly
    rounded (binary64) exact solution where proven says so, with rigorous
    bounds (EXDGESVXX; assume_a="pos": EXDPOSVXX, a symmetric positive
    definite, only its lower (lower=True) or upper triangle read).

    a (..., n, n); b (n,) a vector, or (..., n, k) matrices, stacks
    broadcast (NumPy 2's rule for numpy.linalg.solve).  Real data only,
    float64 or exactly convertible to it; the result is float64.  Raises
    numpy.linalg.LinAlgError for a singular (not positive definite) matrix
    and for a that is not a stack of square matrices.  Returns SolveResult."""
    if assume_a not in ("gen", "pos"):
        raise ValueError(f"solve: assume_a must be 'gen' or 'pos', not {assume_a!r}")
    a = _solve_operand("a", a)
    b = _solve_operand("b", b)
    if a.ndim < 2:
        raise np.linalg.LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least "
                                    "two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise np.linalg.LinAlgError("Last 2 dimensions of the array must be square")
    vector = b.ndim == 1
    b2 = b[:, None] if vector else b
    if b2.ndim < 2:
        raise ValueError("solve: b must be at least one-dimensional")
    n = a.shape[-1]
    signature = "(m,m),(m,n)->(m,n)"
    if b2.shape[-2] != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {signature} (size {b2.shape[-2]} is different from "
                         f"{n})")
    try:
        batch = np.broadcast_shapes(a.shape[:-2], b2.shape[:-2])
    except ValueError:
        raise ValueError(f"solve: the stacks of shapes {a.shape} and {b.shape} cannot be "
                         "broadcast together") from None
    nrhs = b2.shape[-1]
    a = np.broadcast_to(a, batch + (n, n))
    b2 = np.broadcast_to(b2, batch + (n, nrhs))
    x = np.empty(batch + (n, nrhs), F64)
    proven = np.empty(batch + (n, nrhs), bool)
    bound = np.empty(batch + (n, nrhs), F64)
    info = np.zeros(batch, int)
    positive = assume_a == "pos"
    for index in np.ndindex(*batch):
        x[index], proven[index], bound[index], info[index] = _solve_one(a[index], b2[index], lower,
                                                                        positive)
    if vector:
        x, proven, bound = x[..., 0], proven[..., 0], bound[..., 0]
    return SolveResult(x, proven, bound, int(info) if info.ndim == 0 else info)
