"""The exact oracle: Python's fractions.Fraction, rounded once.

float(Fraction) is correctly rounded in CPython (an integer true division);
binary32 is rounded here from the Fraction itself (float32(float(q)) would
round twice).  Signed zeros and non-finite values are not Fractions: the
tests that need them state the expected value."""
import math
from fractions import Fraction

import numpy as np

F32 = np.dtype(np.float32)
F64 = np.dtype(np.float64)


def exact(x):
    """The Fraction of a finite float or float32 value."""
    return Fraction(float(x))


def round64(q):
    """RN(q) to binary64, overflow to +-inf."""
    try:
        return float(q)
    except OverflowError:
        return math.copysign(math.inf, q)


def round32(q):
    """RN(q) to binary32 (ties to even, gradual underflow, overflow to
    +-inf), as a numpy.float32, from the exact q."""
    if q == 0:
        return np.float32(0.0)
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()  # 2^e <= a < 2^(e+2)
    if Fraction(2)**e > a:
        e -= 1
    elif Fraction(2)**(e + 1) <= a:
        e += 1
    ulp = Fraction(2)**max(e - 23, -149)
    r = round(a / ulp) * ulp  # Fraction's round: half to even
    if r >= Fraction(2)**128:
        value = math.inf
    else:
        value = float(r)  # 24 bits: exact
    return np.float32(math.copysign(value, q))


def round_to(q, dtype):
    if np.dtype(dtype) in (F32, np.dtype(np.complex64)):
        return round32(q)
    return np.float64(round64(q))


def dot(xs, ys):
    """The exact sum of x_i y_i."""
    return sum((exact(x) * exact(y) for x, y in zip(xs, ys)), Fraction(0))


def complex_dot(xs, ys):
    """(Re, Im) of sum x_i y_i exactly, complex x, y."""
    re = sum((exact(x.real) * exact(y.real) - exact(x.imag) * exact(y.imag)
              for x, y in zip(xs, ys)), Fraction(0))
    im = sum((exact(x.real) * exact(y.imag) + exact(x.imag) * exact(y.real)
              for x, y in zip(xs, ys)), Fraction(0))
    return re, im


def matmul(a, b, dtype):
    """a (m, k) @ b (k, n) exactly, rounded once per element (per part) to dtype."""
    a, b = np.asarray(a), np.asarray(b)
    dtype = np.dtype(dtype)
    out = np.empty((a.shape[0], b.shape[1]), dtype)
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            if dtype.kind == "c":
                re, im = complex_dot(a[i].astype(complex), b[:, j].astype(complex))
                out[i, j] = complex(round_to(re, dtype), round_to(im, dtype))
            else:
                out[i, j] = round_to(dot(a[i], b[:, j]), dtype)
    return out


def wide(rng, shape, dtype=np.float64, span=40):
    """Random values of both signs over 2^-span .. 2^span, with pairs that
    cancel: the cases a rounded sum gets wrong."""
    mantissa = rng.uniform(0.5, 1.0, shape) * rng.choice([-1.0, 1.0], shape)
    x = np.ldexp(mantissa, rng.integers(-span, span + 1, shape)).astype(dtype)
    flat = x.reshape(-1)
    half = flat.size // 3
    if half:
        flat[-half:] = -flat[:half]  # exact cancellation of the largest terms' partners
    return x


def bits(x):
    """The bytes of x, for messages and exact comparison (signed zeros, NaN)."""
    return np.asarray(x).tobytes().hex()


def assert_same(got, expected, what=""):
    """got equals expected bit for bit (dtype and shape included)."""
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype}, expected {expected.dtype}"
    assert got.shape == expected.shape, f"{what}: shape {got.shape}, expected {expected.shape}"
    if got.tobytes() != expected.tobytes():
        bad = [i for i in np.ndindex(got.shape) if np.asarray(got[i]).tobytes()
               != np.asarray(expected[i]).tobytes()]
        i = bad[0]
        raise AssertionError(f"{what}: {len(bad)} elements differ; first {i}: got {got[i]!r} "
                             f"({bits(got[i])}), expected {expected[i]!r} ({bits(expected[i])})")
