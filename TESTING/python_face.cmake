# python_face: the NumPy face (python/exactblas) against exact rational
# arithmetic (python/tests, pytest; python/README.md), on the library this
# build made (EXACTBLAS_LIBRARY), with Debian's python3-numpy and
# python3-pytest.  Without them, or without the interpreter, the test is
# reported as skipped (77) with the reason.  About 2 seconds: quick tier.
# Included from TESTING/CMakeLists.txt before its label block.
set(EXACTBLAS_FACE_PYTHON /usr/bin/python3 CACHE FILEPATH
    "the Python with numpy and pytest that runs the python_face test")
if(EXISTS ${EXACTBLAS_FACE_PYTHON})
  # no semicolons: CMake would split the program at them
  set(python_face_run [=[
import sys
try:
    import numpy, pytest
except ImportError as missing:
    print("python_face: skipped: " + str(missing) + " (install python3-numpy python3-pytest)")
    sys.exit(77)
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "python/tests"]))
]=])
  add_test(NAME python_face
           COMMAND ${CMAKE_COMMAND} -E env EXACTBLAS_LIBRARY=$<TARGET_FILE:exactblas>
                   PYTHONDONTWRITEBYTECODE=1 ${EXACTBLAS_FACE_PYTHON} -c ${python_face_run}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
else()
  add_test(NAME python_face
           COMMAND sh -c "echo 'python_face: skipped: no ${EXACTBLAS_FACE_PYTHON}' && exit 77")
endif()
set_tests_properties(python_face PROPERTIES LABELS "face;quick" SKIP_RETURN_CODE 77 TIMEOUT 120)
