/*
 * bench_args.h -- the benchmark drivers' command lines, one rule for all:
 * -h or --help (anywhere) prints the usage on standard output and exits 0;
 * an argument that is not what the usage says prints what is wrong and the
 * usage on standard error and exits 2.  Both happen before any work (a
 * benchmark can run for many minutes).  Each driver's usage text says what
 * it runs, its arguments and their defaults, and the units of what it
 * prints.
 */
#ifndef EXACTBLAS_BENCH_ARGS_H
#define EXACTBLAS_BENCH_ARGS_H

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set by a driver whose copies must not all speak (MPI ranks but the first). */
static int bench_args_quiet;

static inline void bench_help(int argc, char **argv, const char *usage)
{
    for (int k = 1; k < argc; k++)
        if (strcmp(argv[k], "-h") == 0 || strcmp(argv[k], "--help") == 0) {
            if (!bench_args_quiet)
                fputs(usage, stdout);
            exit(0);
        }
}

/* "bad what: 'arg'" (or what alone, arg NULL), the usage, exit status 2. */
static inline void bench_bad(const char *what, const char *arg, const char *usage)
{
    if (!bench_args_quiet) {
        if (arg)
            fprintf(stderr, "bad %s: '%s'\n\n%s", what, arg, usage);
        else
            fprintf(stderr, "%s\n\n%s", what, usage);
    }
    exit(2);
}

/* A whole number in [lo, hi], written as digits or as 1e6. */
static inline long bench_count(const char *arg, long lo, long hi, const char *what,
                               const char *usage)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (end == arg || *end != '\0' || errno != 0 || v != floor(v) || v < (double)lo ||
        v > (double)hi)
        bench_bad(what, arg, usage);
    return (long)v;
}

#endif
