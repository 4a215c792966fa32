"""How the package finds libexactblas (python/exactblas/_lib.py): the
EXACTBLAS_LIBRARY variable (a file or a folder), the build tree, the
loader, and the ImportError when none works."""
import os
import subprocess
import sys

import exactblas as eb

PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(eb.__file__)))


def run_import(env_library, code="import exactblas; print(exactblas.library_path)"):
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT, PYTHONDONTWRITEBYTECODE="1")
    env.pop("EXACTBLAS_LIBRARY", None)
    if env_library is not None:
        env["EXACTBLAS_LIBRARY"] = env_library
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60)


def test_loaded_library():
    assert os.path.exists(eb.library_path) or "/" not in eb.library_path
    assert eb.library_version().count(".") == 2


def test_variable_file_and_folder():
    path = os.path.realpath(eb.library_path) if "/" in eb.library_path else None
    if path is None:
        return  # loaded by the loader by name: nothing to point the variable at
    done = run_import(path)
    assert done.returncode == 0 and done.stdout.strip() == path, done.stderr
    done = run_import(os.path.dirname(path))
    assert done.returncode == 0, done.stderr
    assert os.path.dirname(done.stdout.strip()) == os.path.dirname(path)


def test_variable_wrong_is_an_import_error():
    done = run_import("/nonexistent/libexactblas.so.0")
    assert done.returncode != 0
    assert "ImportError" in done.stderr and "EXACTBLAS_LIBRARY=/nonexistent" in done.stderr
    done = run_import("/bin/sh")  # exists, not a shared library of ours
    assert done.returncode != 0 and "ImportError" in done.stderr


def test_not_libexactblas():
    libc = "libc.so.6"
    done = run_import(None, "import ctypes, exactblas._lib as l; l._bind(ctypes.CDLL('" + libc +
                      "'), 'libc')")
    assert done.returncode != 0 and "lacks exactblas_version" in done.stderr
