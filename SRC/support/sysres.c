/* sysres.c -- what the machine and the process's limits allow (sysres.h). */
#define _GNU_SOURCE
#include "sysres.h"

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

int exb_sys_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

size_t exb_address_space_left(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return SIZE_MAX;
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0; /* a limit, and no way to know what is left: assume nothing */
    int got = fscanf(f, "%lu", &pages);
    fclose(f);
    size_t used = got == 1 ? (size_t)pages * (size_t)sysconf(_SC_PAGESIZE) : (size_t)rl.rlim_cur;
    return used < rl.rlim_cur ? (size_t)rl.rlim_cur - used : 0;
}
