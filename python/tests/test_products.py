"""exactblas.dot, vdot and matmul against the exact products (Fraction)
rounded once: real and complex, binary64 and binary32, strided views,
stacks, mixed dtypes, and NumPy's shapes and errors."""
import math

import numpy as np
import pytest

import exactblas as eb
import oracle
from oracle import assert_same, round32

DTYPES = (np.float64, np.float32, np.complex128, np.complex64)


def data(rng, shape, dtype, span=40):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        real = np.float32 if dtype == np.complex64 else np.float64
        return (oracle.wide(rng, shape, real, span) +
                1j * oracle.wide(rng, shape, real, span)).astype(dtype)
    return oracle.wide(rng, shape, dtype, span)


def sign(x):
    return math.copysign(1.0, float(x))


def test_cancellation():
    assert eb.dot([1e16, 1.0, 1e16], [1.0, 1.0, -1.0]) == 1.0
    big = 2.0**600  # the products overflow binary64; their exact sum does not
    assert eb.dot([big, -big, 1.0], [big, big, 1.0]) == 1.0
    z = eb.dot(np.array([1e16, 1, 1e8j]), np.array([1, 1, 1e8j]))  # 1e16 + 1 - 1e16
    assert z == 1 + 0j
    assert eb.vdot(np.array([1e8j, 1]), np.array([1e8j, 1])) == 1e16 + 1


@pytest.mark.parametrize("dtype", DTYPES)
def test_matmul_random(dtype):
    rng = np.random.default_rng(10)
    for m, k, n in ((1, 1, 1), (3, 5, 2), (4, 9, 6), (1, 7, 5), (6, 7, 1)):
        a, b = data(rng, (m, k), dtype), data(rng, (k, n), dtype)
        assert_same(eb.matmul(a, b), oracle.matmul(a, b, dtype), f"{np.dtype(dtype)} {m}x{k}x{n}")


@pytest.mark.parametrize("dtype", DTYPES)
def test_vectors(dtype):
    rng = np.random.default_rng(11)
    a, x, y = data(rng, (5, 8), dtype), data(rng, 8, dtype), data(rng, 5, dtype)
    assert_same(eb.matmul(a, x), oracle.matmul(a, x[:, None], dtype)[:, 0], "matrix @ vector")
    assert_same(eb.dot(a, x), oracle.matmul(a, x[:, None], dtype)[:, 0], "dot matrix, vector")
    assert_same(eb.matmul(y, a), oracle.matmul(y[None, :], a, dtype)[0], "vector @ matrix")
    expected = oracle.matmul(x[None, :], x[:, None], dtype)[0, 0]
    got = eb.dot(x, x)
    assert_same(got, expected, "dot of vectors")
    assert np.isscalar(got) and np.asarray(got).dtype == np.dtype(dtype)
    assert_same(eb.matmul(x, x), expected, "vector @ vector")
    conj = np.conjugate(x) if np.dtype(dtype).kind == "c" else x
    assert_same(eb.vdot(x, x), oracle.matmul(conj[None, :], x[:, None], dtype)[0, 0], "vdot")


def test_float32_rounded_once():
    # 1 + 2^-24 is a binary32 midpoint and RN64 of the exact dot; the tail
    # 2^-30 * 2^-30 decides: float32(RN64) would give 1.0
    x = np.array([1.0, 2.0**-12, 2.0**-30], np.float32)
    y = np.array([1.0, 2.0**-12, 2.0**-30], np.float32)
    assert_same(eb.dot(x, y), np.float32(1 + 2.0**-23), "above the midpoint")
    assert_same(eb.dot(x, -y), np.float32(-1 - 2.0**-23), "below the negative midpoint")
    # the same as one element of a matrix product, and subnormal midpoints:
    # 2^-150 (halfway between 0 and the least binary32 subnormal) plus or
    # minus 2^-210 (lost in binary64)
    a = np.array([[1.0, 2.0**-12, 2.0**-30], [2.0**-75, 2.0**-105, 0.0],
                  [2.0**-75, -(2.0**-105), 0.0], [-(2.0**-75), 2.0**-105, 0.0]], np.float32)
    b = np.array([[1.0, 2.0**-75], [2.0**-12, 2.0**-105], [2.0**-30, 1.0]], np.float32)
    got = eb.matmul(a, b)
    assert_same(got, oracle.matmul(a, b, np.float32), "midpoints in a product")
    assert got[1, 1] == np.float32(2.0**-149)
    assert got[2, 1] == 0 and sign(got[2, 1]) == 1.0
    assert got[3, 1] == 0 and sign(got[3, 1]) == -1.0  # a negative value underflows to -0
    # complex64: Re = 1 - 2^-25 - 2^-60, below the midpoint 1 - 2^-25, so
    # 1 - 2^-24 (float32(RN64) would tie to 1.0); Im = 2^-13 + 2^-12 exactly
    x = np.array([complex(1.0, 2.0**-12), 2.0**-30], np.complex64)
    y = np.array([complex(1.0, 2.0**-13), -(2.0**-30)], np.complex64)
    z = eb.dot(x, y)
    assert z.dtype == np.complex64
    assert z.real == np.float32(1 - 2.0**-24)
    assert z.real == round32(1 - oracle.Fraction(2)**-25 - oracle.Fraction(2)**-60)
    assert z.imag == np.float32(2.0**-13 + 2.0**-12)


def test_signed_zeros():
    assert sign(eb.dot([-0.0], [1.0])) == -1.0
    assert sign(eb.dot([-0.0, 0.0], [1.0, 1.0])) == 1.0
    assert sign(eb.dot([1.0, 1.0], [1.0, -1.0])) == 1.0
    assert sign(eb.dot(np.array([], np.float64), np.array([], np.float64))) == 1.0
    x32, y32 = np.array([-0.0, 0.0], np.float32), np.array([1.0, -1.0], np.float32)
    assert sign(eb.dot(x32, y32)) == -1.0
    # c_ij's terms: -0*1 + 0*-1 (-0), -0*1 + 0*1 (+0), -0*1 + -0*-1 (+0), -0*1 + -0*1 (-0)
    c = eb.matmul(np.array([[-0.0, 0.0], [-0.0, -0.0]]), np.array([[1.0, 1.0], [-1.0, 1.0]]))
    assert [[sign(v) for v in row] for row in c] == [[-1.0, 1.0], [1.0, -1.0]]
    z = eb.dot(np.array([complex(-0.0, 0.0)]), np.array([complex(1.0, 0.0)]))
    # Re: -0*1 - 0*0 = -0 + -0; Im: -0*0 + 0*1 = -0 + +0
    assert (sign(z.real), sign(z.imag)) == (-1.0, 1.0)


def test_subnormals_and_specials():
    x = np.array([2.0**-540, 3.0 * 2.0**-540, 2.0**-1074])
    y = np.array([2.0**-530, -(2.0**-530), 1.0])
    expected = oracle.round64(oracle.dot(x, y))
    assert_same(eb.dot(x, y), np.float64(expected), "products below the subnormals")
    assert eb.dot(x, y) != 0 and abs(eb.dot(x, y)) < 2.0**-1022
    assert eb.dot([np.inf, 1.0], [1.0, 1.0]) == np.inf
    assert np.isnan(eb.dot([np.inf, 1.0], [0.0, 1.0]))
    assert np.isnan(eb.matmul(np.array([[np.nan, 1.0]]), np.ones((2, 3)))).all()


def test_strided_views():
    rng = np.random.default_rng(12)
    base = data(rng, (9, 12), np.float64)
    other = data(rng, (12, 10), np.float64)
    column_major = np.asfortranarray(base[:6, :7])
    views = {
        "steps": base[::2, ::3],
        "negative": base[::-2, ::-3],
        "transposed": base.T[::3, ::2],
        "column-major": column_major,
        "column-major slice": column_major[1:5, 2:6],
        "a column": base[:, 4:5],
        "broadcast row": np.broadcast_to(base[0], (4, 12))[:, ::3],
        "unaligned": np.frombuffer(b"\0" + base.tobytes(), np.float64, 8 * 4, 1).reshape(8, 4),
    }
    for name, a in views.items():
        k = a.shape[1]
        for b in (other[:k, ::2], other[k - 1::-1, :3], np.asfortranarray(other[:k, :4])):
            assert_same(eb.matmul(a, b), oracle.matmul(a, b, np.float64), f"{name} @ view")
            assert_same(eb.matmul(b.T, a.T), oracle.matmul(b.T, a.T, np.float64), f"{name} (T)")
        for x in (other[:k, 0], other[k - 1::-1, 1], other[::-1, 2][:k],
                  np.broadcast_to(other[0, 0], (k, ))):
            assert_same(eb.matmul(a, x), oracle.matmul(a, x[:, None], np.float64)[:, 0],
                        f"{name} @ vector {x.strides}")
            assert_same(eb.dot(x, a[0]), oracle.matmul(x[None, :], a[0][:, None],
                                                       np.float64)[0, 0], f"{name} dot")
    z = data(rng, (6, 8), np.complex128)
    assert_same(eb.matmul(z[::2, ::-1], z.T[::-1, 1::2]),
                oracle.matmul(z[::2, ::-1], z.T[::-1, 1::2], np.complex128), "complex views")


def test_stacks():
    rng = np.random.default_rng(13)
    cases = [((2, 3, 4), (4, 2)), ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)),
             ((2, 3, 4), (2, 4, 3)), ((2, 3, 4), (4, )), ((4, ), (3, 4, 2)), ((1, 3, 4), (2, 4, 1))]
    for dtype in (np.float64, np.complex64):
        for sa, sb in cases:
            a, b = data(rng, sa, dtype), data(rng, sb, dtype)
            got = eb.matmul(a, b)
            shape = np.matmul(a, b).shape
            assert got.shape == shape and got.dtype == np.dtype(dtype), f"{sa} @ {sb}"
            a2 = a[None, :] if a.ndim == 1 else a
            b2 = b[:, None] if b.ndim == 1 else b
            full = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
            a3 = np.broadcast_to(a2, full + a2.shape[-2:])
            b3 = np.broadcast_to(b2, full + b2.shape[-2:])
            expected = np.empty(full + (a2.shape[-2], b2.shape[-1]), dtype)
            for i in np.ndindex(full):
                expected[i] = oracle.matmul(a3[i], b3[i], dtype)
            assert_same(got, expected.reshape(shape), f"{np.dtype(dtype)} {sa} @ {sb}")


def test_dot_shapes_as_numpy():
    rng = np.random.default_rng(14)
    for sa, sb in (((2, 3, 4), (4, )), ((2, 3, 4), (5, 4, 2)), ((4, ), (4, 3)), ((3, 4), (4, 2)),
                   ((2, 3), ())):
        a, b = data(rng, sa, np.float64), data(rng, sb, np.float64)
        got = eb.dot(a, b)
        assert np.shape(got) == np.dot(a, b).shape, f"{sa} . {sb}"
    a, b = data(rng, (2, 3, 4), np.float64), data(rng, (5, 4, 2), np.float64)
    got = eb.dot(a, b)
    assert_same(got[1, 2, 3, 0], oracle.matmul(a[1, 2][None, :], b[3, :, 0][:, None],
                                               np.float64)[0, 0], "N-D dot element")
    s = np.complex128(1e16 + 3j)  # a 0-d operand multiplies, exactly per part
    v = np.array([1 + 1e-16j, 2.0 - 1j])
    assert_same(eb.dot(s, v), oracle.matmul(v[:, None], np.array([[s]]), np.complex128)[:, 0],
                "scalar")
    assert_same(eb.dot(v, s), eb.dot(s, v), "scalar, either side")


def test_mixed_dtypes_as_numpy():
    for ta, tb in ((np.float32, np.float64), (np.float32, np.complex64),
                   (np.float64, np.complex64), (np.int64, np.float32), (np.float32, np.int8),
                   (np.float16, np.float32), (np.complex64, np.float64)):
        a, b = np.ones((2, 3), ta), np.ones((3, 2), tb)
        assert eb.matmul(a, b).dtype == np.matmul(a, b).dtype, f"{a.dtype} @ {b.dtype}"
    big_endian = np.array([[1e16, 1.0, -1e16]], ">f8")
    assert_same(eb.matmul(big_endian, np.ones((3, 2), "<f4")), np.ones((1, 2)), "byte orders")
    # float32 @ int64 is float64 in NumPy: computed and rounded in binary64
    x = np.array([1.0, 2.0**-24], np.float32)
    assert_same(eb.dot(x, np.array([1, 1])), np.float64(1 + 2.0**-24), "promoted to float64")
    assert_same(eb.dot([0.1, 0.2], [3, 4]), np.float64(oracle.round64(oracle.dot([0.1, 0.2],
                                                                                   [3, 4]))),
                "lists")


def test_empty():
    assert_same(eb.matmul(np.ones((3, 0)), np.ones((0, 2))), np.zeros((3, 2)), "k = 0")
    assert_same(eb.matmul(np.ones((0, 4)), np.ones((4, 2))), np.zeros((0, 2)), "m = 0")
    assert_same(eb.matmul(np.ones((0, 3, 4)), np.ones((4, 2))), np.zeros((0, 3, 2)), "no stack")


def test_errors():
    with pytest.raises(ValueError, match=r"mismatch in its core dimension 0.*size 2 is different "
                       r"from 3"):
        eb.matmul(np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="does not have enough dimensions"):
        eb.matmul(np.float64(1.0), np.ones(3))
    with pytest.raises(ValueError, match="broadcast"):
        eb.matmul(np.ones((2, 3, 4)), np.ones((3, 4, 5)))
    with pytest.raises(ValueError, match=r"shapes \(2, 3\) and \(2, 3\) not aligned: 3 \(dim 1\) "
                       r"!= 2 \(dim 0\)"):
        eb.dot(np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="different lengths"):
        eb.vdot(np.ones(2), np.ones(3))
    with pytest.raises(TypeError, match="integer"):
        eb.matmul(np.ones((2, 2), int), np.ones((2, 2), int))
    with pytest.raises(TypeError, match="unsupported dtype"):
        eb.dot(np.array([1, "a"], object), np.ones(2))
    with pytest.raises(TypeError, match="unsupported dtype"):
        eb.matmul(np.ones((2, 2), np.float16), np.ones((2, 2), np.float16))
