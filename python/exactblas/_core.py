"""The real engine: every operation of the package is a product L @ R of
two binary64 matrices (a sum is L @ ones), each element the exact sum of
its terms rounded once.  Complex operands become real ones with twice the
inner dimension (_api.py); binary32 results are rounded from the exact
value, not from its binary64 rounding (round_binary32).

Arrays reach the C library without copies where BLAS can describe them:
a matrix whose rows or columns are contiguous, with a leading dimension;
a vector with any increment (negative ones included).  Anything else (an
unaligned buffer, a stride that is not a whole number of elements, two
non-unit strides, a broadcast row) is copied first.
"""
import numpy as np

from ._lib import lib

F64 = np.dtype(np.float64)
F32 = np.dtype(np.float32)
_ITEM = F64.itemsize
_INT_MAX = 2**31 - 1  # the C routines take int dimensions and increments


def check_int_range(name, *sizes):
    for size in sizes:
        if size > _INT_MAX:
            raise ValueError(f"{name}: dimension {size} is beyond the C library's int range "
                             f"(2**31 - 1)")


def _vector(x, allow_zero_increment):
    """(lowest address, n, increment, owner) of a 1-D binary64 array as a
    BLAS vector: for a negative increment BLAS starts at the lowest address
    and walks backwards, which is where element 0 of the view lies."""
    n = x.shape[0]
    stride = x.strides[0] if n > 1 else _ITEM
    if (stride % _ITEM or not x.flags.aligned or (stride == 0 and not allow_zero_increment)
            or abs(stride // _ITEM) > _INT_MAX):
        x = np.ascontiguousarray(x)
        stride = _ITEM
    low = x.ctypes.data + (n - 1) * stride if stride < 0 else x.ctypes.data
    return low, n, stride // _ITEM, x


def _matrix(a):
    """(address, trans, ld, owner) of a 2-D binary64 array: trans 'N' when
    the column-major matrix stored there (leading dimension ld) is a itself,
    'T' when it is a.T (a row-major a)."""
    m, k = a.shape
    s0, s1 = a.strides
    if a.flags.aligned:
        # a stride of a dimension of size 1 is never used: any value will do
        if (m <= 1 or s0 == _ITEM) and (k <= 1 or (s1 > 0 and s1 % _ITEM == 0
                                                   and max(1, m) <= s1 // _ITEM <= _INT_MAX)):
            return a.ctypes.data, b"N", s1 // _ITEM if k > 1 else max(1, m), a
        if (k <= 1 or s1 == _ITEM) and (m <= 1 or (s0 > 0 and s0 % _ITEM == 0
                                                   and max(1, k) <= s0 // _ITEM <= _INT_MAX)):
            return a.ctypes.data, b"T", s0 // _ITEM if m > 1 else max(1, k), a
    a = np.ascontiguousarray(a)
    return a.ctypes.data, b"T", max(1, k), a


def dsum(x):
    """RN(sum x_i) of a 1-D binary64 array (EXDSUM)."""
    if x.shape[0] > 1 and x.strides[0] < 0:
        x = x[::-1]  # the same terms; EXDSUM returns 0 for incx <= 0
    p, n, inc, keep = _vector(x, allow_zero_increment=False)
    return lib.exactblas_dsum(n, p, inc)


def ddot(x, y):
    """RN(sum x_i y_i) of two 1-D binary64 arrays (EXDDOT)."""
    px, n, incx, keepx = _vector(x, allow_zero_increment=True)
    py, _, incy, keepy = _vector(y, allow_zero_increment=True)
    return lib.exactblas_ddot(n, px, incx, py, incy)


def dgemv(a, x):
    """RN((a @ x)_i) per element, a (m, k), x (k,) (EXDGEMV)."""
    m, k = a.shape
    y = np.empty(m, F64)
    if m == 0:
        return y
    if k == 0:
        y[...] = 0.0
        return y
    pa, trans, lda, keepa = _matrix(a)
    rows, cols = (m, k) if trans == b"N" else (k, m)
    px, _, incx, keepx = _vector(x, allow_zero_increment=False)
    lib.exactblas_dgemv(trans, rows, cols, 1.0, pa, lda, px, incx, 0.0, y.ctypes.data, 1)
    return y


def dgemm(a, b):
    """RN((a @ b)_ij) per element, a (m, k), b (k, n), as a C-ordered array
    (EXDGEMM computes its transpose in column-major order: c.T = b.T a.T)."""
    m, k = a.shape
    n = b.shape[1]
    c = np.empty((m, n), F64)
    if m == 0 or n == 0:
        return c
    if k == 0:
        c[...] = 0.0
        return c
    pa, ta, lda, keepa = _matrix(a)
    pb, tb, ldb, keepb = _matrix(b)
    transa = b"T" if tb == b"N" else b"N"  # op(stored b) = b.T
    transb = b"T" if ta == b"N" else b"N"  # op(stored a) = a.T
    lib.exactblas_dgemm(transa, transb, n, m, k, 1.0, pb, ldb, pa, lda, 0.0, c.ctypes.data,
                        max(1, n))
    return c


class _Accumulator:
    """An exactblas_acc (exactblas_acc.h), freed with the object."""

    def __init__(self):
        self.handle = lib.exactblas_acc_new()
        if not self.handle:
            raise MemoryError("exactblas: no memory for an accumulator")

    def __del__(self):
        if getattr(self, "handle", None):
            lib.exactblas_acc_free(self.handle)
            self.handle = None

    def sign_of(self, pairs, r):
        """The sign (-1, 0, 1) of V - r, V = sum of x.y over pairs, exactly."""
        lib.exactblas_acc_clear(self.handle)
        for x, y in pairs:
            px, n, incx, keepx = _vector(x, allow_zero_increment=True)
            py, _, incy, keepy = _vector(y, allow_zero_increment=True)
            lib.exactblas_acc_add_dot(self.handle, n, px, incx, py, incy)
        lib.exactblas_acc_add(self.handle, -float(r))
        d = lib.exactblas_acc_round(self.handle)
        return (d > 0) - (d < 0)


_TWO_128 = 2.0**128  # where binary32's overflow threshold (FLT_MAX + ulp/2) sits halfway


def round_binary32(r, terms):
    """RN32(V) per element, from r = RN64(V) and the exact V.

    Rounding r to binary32 is a double rounding, wrong only where r is a
    binary32 midpoint and V is not r: a midpoint strictly between V and r
    would be a binary64 number nearer V than r.  Binary32 midpoints
    (overflow threshold included) are binary64 numbers, so those elements
    are found in binary64, and only there V - r is evaluated exactly (an
    exact accumulator: terms(index) lists the (x, y) vector pairs whose dot
    products sum to V) to choose the neighbour on V's side."""
    with np.errstate(over="ignore", invalid="ignore"):
        f = r.astype(F32)  # overflow to +-inf is the right rounding there
        candidates = np.isfinite(r) & (f.astype(F64) != r)
        if not candidates.any():
            return f
        where = np.nonzero(candidates)
        rc, fc = r[where], f[where]
        fe = fc.astype(F64)
        toward = np.where(rc > fe, np.inf, -np.inf).astype(F32)
        g = np.nextafter(fc, toward)  # the binary32 neighbour on r's other side
        fe = np.where(np.isinf(fe), np.copysign(_TWO_128, fe), fe)
        midpoint = (fe + g.astype(F64)) * 0.5 == rc  # exact: 25 bits at most
    acc = None
    for i in np.nonzero(midpoint)[0]:
        acc = acc or _Accumulator()
        index = tuple(w[i] for w in where)
        s = acc.sign_of(terms(index), rc[i])
        if s == 0:
            continue  # V is the midpoint: the cast's tie to even is right
        up = g[i] > fc[i]
        f[index] = g[i] if (s > 0) == up else fc[i]
    return f


def real_product(left, right, dtype):
    """RN(sum_l left_il right_lj) for every i, j, rounded once to dtype
    (binary64 or binary32), as an (m, n) array; left (m, k) and right
    (k, n) binary64 arrays, or right None for a column of ones (sums).
    The routine follows the shape: EXDSUM / EXDDOT for one element, EXDGEMV
    for one column or row, EXDGEMM otherwise."""
    m, k = left.shape
    n = 1 if right is None else right.shape[1]
    check_int_range("exactblas", m, n, k)
    if right is None:
        r = (np.array([[dsum(left[0])]]) if m == 1 else dgemv(left, np.ones(k))[:, None])
    elif m == 1 and n == 1:
        r = np.array([[ddot(left[0], right[:, 0])]])
    elif n == 1:
        r = dgemv(left, right[:, 0])[:, None]
    elif m == 1:
        r = dgemv(right.T, left[0])[None, :]
    else:
        r = dgemm(left, right)
    if dtype == F64:
        return r
    ones = np.broadcast_to(np.ones(1), (k,))

    def terms(index):
        i, j = index
        return [(left[i], ones if right is None else right[:, j])]

    return round_binary32(r, terms)
