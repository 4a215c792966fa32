"""exactblas.sum against the exact sum (Fraction) rounded once."""
import math

import numpy as np
import pytest

import exactblas as eb
import oracle
from oracle import assert_same, exact, round32, round_to

TWO = 2.0


def expected_sum(a, axis, dtype):
    """The oracle for numpy.sum's shapes: the exact sum over axis, rounded once."""
    a = np.asarray(a)
    template = np.sum(np.zeros(a.shape, dtype), axis=axis)
    out = np.empty(np.shape(template), dtype)
    moved = np.moveaxis(a, axis if isinstance(axis, tuple) else (axis, ),
                        tuple(range(-(len(axis) if isinstance(axis, tuple) else 1), 0)))
    lead = out.shape
    rows = moved.reshape(lead + (-1, ))
    for i in np.ndindex(lead):
        terms = rows[i]
        if np.dtype(dtype).kind == "c":
            re = sum((exact(t.real) for t in terms), oracle.Fraction(0))
            im = sum((exact(t.imag) for t in terms), oracle.Fraction(0))
            out[i] = complex(round_to(re, dtype), round_to(im, dtype))
        else:
            out[i] = round_to(sum((exact(t) for t in terms), oracle.Fraction(0)), dtype)
    return out


def test_cancellation():
    assert eb.sum([1e16, 1.0, -1e16]) == 1.0
    assert eb.sum(np.array([1e16, 1.0, -1e16], np.float32)) == np.float32(1.0)
    assert eb.sum([1e308, 1e308, -1e308, -1e308, 3.0]) == 3.0  # the partial sums overflow


def test_random_float64_against_fractions():
    rng = np.random.default_rng(1)
    for n in (1, 2, 7, 64, 300):
        x = oracle.wide(rng, n, span=300)
        rng.shuffle(x)
        assert_same(eb.sum(x), np.float64(oracle.round64(sum(map(exact, x), oracle.Fraction(0)))),
                    f"n={n}")


def test_axes_keepdims_and_views():
    rng = np.random.default_rng(2)
    a = oracle.wide(rng, (4, 5, 6))
    for axis in (0, 1, 2, -1, (0, 2), (2, 0), (1, )):
        assert_same(eb.sum(a, axis=axis), expected_sum(a, axis, np.float64), f"axis={axis}")
    assert_same(eb.sum(a, axis=1, keepdims=True), expected_sum(a, 1, np.float64)[:, None, :],
                "keepdims")
    assert eb.sum(a, axis=(0, 1, 2), keepdims=True).shape == (1, 1, 1)
    # non-contiguous views: steps, negative steps, transposes
    for view in (a[::2, 1:, ::-3], a.transpose(2, 0, 1), a[:, 3, ::-1], a[::-1, ::2, 0]):
        for axis in range(view.ndim):
            assert_same(eb.sum(view, axis=axis), expected_sum(view, axis, np.float64),
                        f"view {view.shape} {view.strides} axis={axis}")
    v = a[1, ::-2, 3]  # a 1-D view with a negative stride: EXDSUM on it directly
    assert_same(eb.sum(v), expected_sum(v, 0, np.float64)[()], "negative stride")
    b = np.broadcast_to(np.float64(0.1), (7, ))  # stride 0
    assert_same(eb.sum(b), np.float64(oracle.round64(7 * exact(0.1))), "stride 0")


def test_float32_rounded_once():
    # 1 + 2^-24 is a binary32 midpoint and RN64 of the exact sum; the sum is
    # above it (below it), so binary32 rounds up (down): float32(RN64) is wrong
    up = np.array([1.0, 2.0**-24, 2.0**-60], np.float32)
    assert_same(eb.sum(up), np.float32(1 + 2.0**-23), "above the midpoint")
    down = np.array([1.0 + 2.0**-23, -(2.0**-24), -(2.0**-60)], np.float32)
    assert_same(eb.sum(down), np.float32(1.0), "below the midpoint")
    tie = np.array([1.0, 2.0**-24, 0.0], np.float32)
    assert_same(eb.sum(tie), np.float32(1.0), "the tie to even")
    # the same cases as rows of a matrix (EXDGEMV with a ones vector)
    rows = np.stack([up, down, tie, -up])
    assert_same(eb.sum(rows, axis=1), np.array([round32(sum(map(exact, r), oracle.Fraction(0)))
                                                for r in rows]), "rows")
    rng = np.random.default_rng(3)
    a = oracle.wide(rng, (6, 9), np.float32)
    for axis in (None, 0, 1):
        expected = expected_sum(a, axis if axis is not None else (0, 1), np.float32)
        assert_same(eb.sum(a, axis=axis), expected[()] if expected.ndim == 0 else expected,
                    f"float32 axis={axis}")


def test_float32_overflow_threshold():
    fmax = np.finfo(np.float32).max  # 2^128 - 2^104; its half ulp is 2^103
    for extra, expected in ((2.0**60, np.inf), (0.0, np.inf), (-(2.0**60), fmax)):
        x = np.array([fmax, 2.0**103, extra], np.float32)
        assert_same(eb.sum(x), np.float32(expected), f"threshold {extra}")
        assert_same(eb.sum(-x), np.float32(-expected), f"threshold -{extra}")


def test_dtype_argument():
    x = np.array([1.0, 2.0**-30, 2.0**-30], np.float32)
    assert_same(eb.sum(x, dtype=np.float64), np.float64(1 + 2.0**-29), "float32 into float64")
    assert_same(eb.sum(np.arange(5), dtype=np.float64), np.float64(10.0), "integers into float64")
    assert_same(eb.sum(np.array([1e16, 1.0]), dtype=np.float32),
                np.float32(np.float32(1e16) + np.float32(1.0)), "cast first, as NumPy")


def test_signed_zeros():
    def sign(x):
        return math.copysign(1.0, float(x))

    assert sign(eb.sum([-0.0, -0.0])) == -1.0
    assert sign(eb.sum([-0.0])) == -1.0
    assert sign(eb.sum([-0.0, 0.0])) == 1.0
    assert sign(eb.sum([1.0, -1.0])) == 1.0
    assert sign(eb.sum(np.array([], np.float64))) == 1.0
    assert sign(eb.sum(np.array([-0.0, -0.0], np.float32))) == -1.0
    z = eb.sum(np.array([complex(-0.0, 0.0), complex(-0.0, -0.0)]))
    assert (sign(z.real), sign(z.imag)) == (-1.0, 1.0)
    z = eb.sum(np.array([complex(0.0, -0.0), complex(-0.0, -0.0)], np.complex64))
    assert (sign(z.real), sign(z.imag)) == (1.0, -1.0)
    per_row = eb.sum(np.array([[-0.0, -0.0], [-0.0, 0.0]]), axis=1)
    assert [sign(v) for v in per_row] == [-1.0, 1.0]


def test_subnormals():
    tiny = 5e-324
    x = np.array([tiny, tiny, 2.0**-1060, -(2.0**-1060), 3 * tiny])
    assert_same(eb.sum(x), np.float64(5 * tiny), "subnormal terms")
    x = np.array([2.0**-1022, -(2.0**-1022) + tiny])  # cancels into a subnormal
    assert_same(eb.sum(x), np.float64(tiny), "cancellation into a subnormal")
    s32 = np.array([2.0**-149, 2.0**-149, 2.0**-126, -(2.0**-126)], np.float32)
    assert_same(eb.sum(s32), np.float32(2.0**-148), "float32 subnormals")


def test_specials():
    assert eb.sum([np.inf, 1.0]) == np.inf
    assert np.isnan(eb.sum([np.inf, -np.inf]))
    assert np.isnan(eb.sum([np.nan, 1.0]))
    assert eb.sum(np.array([np.inf, 2.0**-24], np.float32)) == np.inf


def test_complex():
    rng = np.random.default_rng(4)
    for dtype in (np.complex128, np.complex64):
        real = np.float32 if dtype == np.complex64 else np.float64
        a = (oracle.wide(rng, (3, 8), real) + 1j * oracle.wide(rng, (3, 8), real)).astype(dtype)
        for axis in (None, 0, 1):
            expected = expected_sum(a, axis if axis is not None else (0, 1), dtype)
            assert_same(eb.sum(a, axis=axis), expected[()] if expected.ndim == 0 else expected,
                        f"{np.dtype(dtype)} axis={axis}")
    z = np.array([1e16 + 1e16j, 1 - 1j, -1e16 - 1e16j])
    assert eb.sum(z) == 1 - 1j


def test_empty_and_shapes():
    assert_same(eb.sum(np.zeros((0, 3)), axis=0), np.zeros(3), "empty axis")
    assert_same(eb.sum(np.zeros((0, 3)), axis=1), np.zeros(0), "no rows")
    assert isinstance(eb.sum(np.ones(3)), np.float64)
    assert isinstance(eb.sum(np.ones(3, np.float32)), np.float32)
    assert_same(eb.sum(np.float64(2.5)), np.float64(2.5), "0-d")
    assert_same(eb.sum(np.array([1e16, 1.0, -1e16], ">f8")), np.float64(1.0), "big-endian")


def test_errors():
    with pytest.raises(TypeError, match="integer"):
        eb.sum(np.arange(3))
    with pytest.raises(TypeError, match="integer"):
        eb.sum([True, False])
    with pytest.raises(TypeError, match="unsupported dtype"):
        eb.sum(np.array(["a", "b"]))
    with pytest.raises(TypeError, match="unsupported dtype"):
        eb.sum(np.ones(3, np.float16))
    with pytest.raises(TypeError, match="unsupported dtype"):
        eb.sum(np.ones(3, np.longdouble))
    with pytest.raises(TypeError, match="complex"):
        eb.sum(np.ones(3, complex), dtype=np.float64)
    with pytest.raises(np.AxisError):
        eb.sum(np.ones((2, 2)), axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        eb.sum(np.ones((2, 2)), axis=(0, -2))
