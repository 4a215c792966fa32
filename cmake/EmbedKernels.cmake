# Turns the OpenCL sources into a C file, so an installed library needs no
# source tree.  Run as: cmake -DOUTPUT=<file.c> -DSOURCES="<a.cl|b.cl>" -P EmbedKernels.cmake
string(REPLACE "|" ";" SOURCES "${SOURCES}")
set(body "")
set(table "")
set(index 0)
foreach(src IN LISTS SOURCES)
  get_filename_component(name "${src}" NAME)
  file(READ "${src}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(APPEND body "static const char kernel_${index}[] = {${hex}0x00};\n")
  string(APPEND table "    {\"${name}\", kernel_${index}},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.tmp" "/* Generated from the OPENCL kernel files by cmake/EmbedKernels.cmake; do not edit. */
#include <string.h>
${body}
static const struct { const char *name; const char *text; } kernels[] = {
${table}};

const char *exb_kernel_source(const char *file)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, file) == 0)
            return kernels[i].text;
    return NULL;
}
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
