"""Finding and loading libexactblas, and the ctypes prototypes of the
routines this package calls (INCLUDE/exactblas.h, INCLUDE/exactblas_acc.h).

The library is looked for, in this order:

1. the environment variable EXACTBLAS_LIBRARY: the path of the shared
   library (or of a folder holding libexactblas.so.0 or libexactblas.so);
   when it is set and cannot be loaded, that is the error, nothing else is
   tried (a wrong setting is never silently replaced by another library);
2. the build tree of the repository this package sits in (python/ next to
   INCLUDE/exactblas.h, the library in build/), for a checkout used with
   PYTHONPATH=python or installed with pip install -e;
3. the dynamic loader: ctypes.util.find_library("exactblas"), then
   libexactblas.so.0 (LD_LIBRARY_PATH, the ldconfig cache, the system's
   folders: an installed ExactBLAS).

None loading raises ImportError listing what was tried.
"""
import ctypes
import ctypes.util
import os

ENV_VARIABLE = "EXACTBLAS_LIBRARY"
SONAMES = ("libexactblas.so.0", "libexactblas.so")

_c_int = ctypes.c_int
_c_long = ctypes.c_long
_c_double = ctypes.c_double
_c_char = ctypes.c_char
_ptr = ctypes.c_void_p

# name: (restype, argtypes); the C prototypes of exactblas.h and exactblas_acc.h.
_PROTOTYPES = {
    "exactblas_version": (ctypes.c_char_p, []),
    "exactblas_dsum": (_c_double, [_c_int, _ptr, _c_int]),
    "exactblas_ddot": (_c_double, [_c_int, _ptr, _c_int, _ptr, _c_int]),
    "exactblas_dgemv": (None, [_c_char, _c_int, _c_int, _c_double, _ptr, _c_int, _ptr, _c_int,
                               _c_double, _ptr, _c_int]),
    "exactblas_dgemm": (None, [_c_char, _c_char, _c_int, _c_int, _c_int, _c_double, _ptr, _c_int,
                               _ptr, _c_int, _c_double, _ptr, _c_int]),
    "exactblas_dgesvxx": (None, [_c_int, _c_int, _ptr, _c_int, _ptr, _c_int, _ptr, _c_int, _ptr,
                                 _ptr, ctypes.POINTER(_c_int)]),
    "exactblas_dposvxx": (None, [_c_char, _c_int, _c_int, _ptr, _c_int, _ptr, _c_int, _ptr, _c_int,
                                 _ptr, _ptr, ctypes.POINTER(_c_int)]),
    "exactblas_last_path": (_c_int, []),
    "exactblas_acc_new": (_ptr, []),
    "exactblas_acc_free": (None, [_ptr]),
    "exactblas_acc_clear": (None, [_ptr]),
    "exactblas_acc_add": (None, [_ptr, _c_double]),
    "exactblas_acc_add_dot": (None, [_ptr, _c_long, _ptr, _c_long, _ptr, _c_long]),
    "exactblas_acc_round": (_c_double, [_ptr]),
}


def _repository_candidates():
    """The build tree's library when this package is python/exactblas of a
    checkout (INCLUDE/exactblas.h two folders up marks one)."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    if not os.path.isfile(os.path.join(root, "INCLUDE", "exactblas.h")):
        return []
    return [os.path.join(root, "build", name) for name in SONAMES]


def _in_folder(folder):
    return [os.path.join(folder, name) for name in SONAMES]


def _load():
    tried = []
    setting = os.environ.get(ENV_VARIABLE)
    if setting:
        paths = _in_folder(setting) if os.path.isdir(setting) else [setting]
        for path in paths:
            if os.path.exists(path):
                try:
                    return ctypes.CDLL(path), path
                except OSError as err:
                    raise ImportError(f"exactblas: {ENV_VARIABLE}={setting}: cannot load {path}: "
                                      f"{err}") from err
        raise ImportError(f"exactblas: {ENV_VARIABLE}={setting}: no such library "
                          f"(tried {', '.join(paths)})")
    for path in _repository_candidates():
        tried.append(path)
        if os.path.exists(path):
            try:
                return ctypes.CDLL(path), path
            except OSError as err:
                tried[-1] += f" ({err})"
    names = []
    found = ctypes.util.find_library("exactblas")
    if found:
        names.append(found)
    names += [n for n in SONAMES if n not in names]
    for name in names:
        tried.append(name)
        try:
            return ctypes.CDLL(name), name
        except OSError:
            continue
    raise ImportError("exactblas: libexactblas not found; set " + ENV_VARIABLE +
                      " to the library's path (e.g. build/libexactblas.so.0 of a build tree) or "
                      "install ExactBLAS where the dynamic loader finds it; tried: " +
                      ", ".join(tried))


def _bind(cdll, path):
    missing = []
    for name, (restype, argtypes) in _PROTOTYPES.items():
        try:
            fn = getattr(cdll, name)
        except AttributeError:
            missing.append(name)
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    if missing:
        raise ImportError(f"exactblas: {path} lacks {', '.join(missing)}: not libexactblas, or an "
                          "older one")
    return cdll


lib, path = _load()
_bind(lib, path)


def library_version():
    """exactblas_version() of the loaded library ("0.1.0")."""
    return lib.exactblas_version().decode()
