/*
 * test_knobs.c -- a bad knob value gives one line, once per process, naming
 * the knob, the value and what is used instead; it leaves every knob's
 * default alone (the knobs read with the bad value equal the knobs read
 * without it, for the sum/dot and the row kernels alike) and changes no bit
 * of any result.  Valid values are case-insensitive and say nothing.
 *
 * Each case runs in a child process (its own "once per process") whose
 * standard error is captured; the child reads the knobs, sets the value
 * (which must not be taken before exactblas_reload_knobs: the environment is
 * read once), reloads, then runs the workload (every routine) three times
 * and compares its hash with the workload's under no knob at all.  Linked with the static library, to read
 * the knobs as the routines do (knobs.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exactblas.h"
#include "support/knobs.h"
#include "testlib.h"
#include "workload.h"

typedef struct knob_case {
    const char *name, *value;
    int bad; /* 1: one line expected; 0: a valid value, silent, and it takes effect */
} knob_case;

static const knob_case cases[] = {
    {"EXACTBLAS_DEVICE", "bogus", 1},
    {"EXACTBLAS_DEVICE", "0:", 1},
    {"EXACTBLAS_DEVICE", "-1:0", 1},
    {"EXACTBLAS_DEVICE", "0:0junk", 1},
    {"EXACTBLAS_DEVICE", "99999999999:0", 1},
    {"EXACTBLAS_DEVICE", " host", 1},
    {"EXACTBLAS_FPE", "abc", 1},
    {"EXACTBLAS_FPE", "1", 1},
    {"EXACTBLAS_FPE", "9", 1},
    {"EXACTBLAS_FPE", "-2", 1},
    {"EXACTBLAS_FPE", "4x", 1},
    {"EXACTBLAS_EARLY_EXIT", "2", 1},
    {"EXACTBLAS_EARLY_EXIT", "yes", 1},
    {"EXACTBLAS_WG", "0", 1},
    {"EXACTBLAS_WG", "-64", 1},
    {"EXACTBLAS_WG", "99999999999", 1},
    {"EXACTBLAS_THREADS", "0", 1},
    {"EXACTBLAS_THREADS", "abc", 1},
    {"EXACTBLAS_THREADS", "5000", 1},
    {"EXACTBLAS_TRSV_BLOCK", "0", 1},
    {"EXACTBLAS_TRSV_BLOCK", "99999", 1},
    {"EXACTBLAS_TRSV_MODE", "fast", 1},
    {"EXACTBLAS_GEMM_PATH", "exact", 1},
    {"EXACTBLAS_FRONT", "both", 1},
    {"EXACTBLAS_HOST_ISA", "avx9", 1},
    {"EXACTBLAS_DEVICE", "HOST", 0},
    {"EXACTBLAS_TRSV_MODE", "MULTI", 0},
    {"EXACTBLAS_GEMM_PATH", "Split", 0},
    {"EXACTBLAS_FPE", "8", 0},
    {"EXACTBLAS_TRSV_BLOCK", "16", 0},
    {"EXACTBLAS_FRONT", "TABLE", 0},
};

static tl_workload data;
static uint64_t want;

static int same_knobs(const exb_knobs *a, const exb_knobs *b)
{
    return a->use_opencl == b->use_opencl && a->fpe == b->fpe && a->early_exit == b->early_exit &&
           a->front == b->front && a->wg == b->wg && a->threads == b->threads &&
           a->trsv_block == b->trsv_block && a->trsv_multi == b->trsv_multi &&
           a->gemm_path == b->gemm_path && a->host_generic == b->host_generic;
}

/* In the child: 0 when the knobs and the bits are as they must be. */
static int child(const knob_case *c)
{
    exb_knobs ref, ref_rows, got, got_rows;
    exb_knobs_read(&ref);
    exb_knobs_read_rows(&ref_rows);
    setenv(c->name, c->value, 1);
    int status = 0;
    /* the environment is read once: the new value waits for the reload */
    exb_knobs_read(&got);
    exb_knobs_read_rows(&got_rows);
    if (!same_knobs(&ref, &got) || !same_knobs(&ref_rows, &got_rows)) {
        printf("FAIL %s=%s: taken without exactblas_reload_knobs (the environment must be read "
               "once)\n",
               c->name, c->value);
        status = 1;
    }
    exactblas_reload_knobs();
    for (int k = 0; k < 3; k++) {
        exb_knobs_read(&got);
        exb_knobs_read_rows(&got_rows);
        int unchanged = same_knobs(&ref, &got) && same_knobs(&ref_rows, &got_rows);
        if (c->bad && !unchanged) {
            printf("FAIL %s=%s: a bad value changed a knob's default\n", c->name, c->value);
            status = 1;
        }
        if (!c->bad && unchanged) {
            printf("FAIL %s=%s: a valid value did not take effect\n", c->name, c->value);
            status = 1;
        }
        int wrong = 0;
        uint64_t h = tl_workload_run(&data, TL_GEMM_ENV, NULL, &wrong);
        if (h != want) {
            printf("FAIL %s=%s: the outputs' hash %016llx is not %016llx\n", c->name, c->value,
                   (unsigned long long)h, (unsigned long long)want);
            status = 1;
        }
    }
    return status;
}

static int child_main(void *arg, int fd)
{
    (void)fd; /* what the case says goes to standard error, which is the pipe */
    int status = child(arg);
    /* _exit, not exit: nothing but the library's own lines may reach the
     * captured standard error (LeakSanitizer's exit report would) */
    fflush(stdout);
    _exit(status);
}

/* Runs one case in a child; checks what it wrote on standard error. */
static int run_case(const knob_case *c)
{
    char err[4096];
    size_t len;
    int status = tl_child(child_main, (void *)c, 120, 1, err, sizeof err, &len);
    int lines = 0;
    for (size_t k = 0; k < len; k++)
        lines += err[k] == '\n';
    char assignment[96];
    snprintf(assignment, sizeof assignment, "%s=%s", c->name, c->value);
    int ok = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (c->bad)
        ok &= lines == 1 && strstr(err, assignment) && strstr(err, "using");
    else
        ok &= lines == 0;
    char *nl = strchr(err, '\n');
    if (nl)
        *nl = '\0';
    printf("%s %-36s %d line%s%s%s\n", ok ? "ok  " : "FAIL", assignment, lines,
           lines == 1 ? "" : "s", lines ? ": " : "", err);
    return ok;
}

/* ---- the README's knob table against the registry ------------------------ */

/* s with runs of blanks (newlines included) made one space. */
static void squeeze(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++)
        if (!(*r == ' ' || *r == '\n' || *r == '\t') || (w > s && w[-1] != ' '))
            *w++ = (*r == '\n' || *r == '\t') ? ' ' : *r;
    *w = '\0';
}

/* Every registered knob has an entry in the README's knob section (a line
 * "    NAME  <values>", its default in the entry), and every entry there is a
 * registered knob. */
static int check_readme(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot read %s\n", path);
        return 0;
    }
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    const char *section = strstr(text, "Tuning knobs");
    const char *end = section ? strstr(section + 1, "\n\n\n") : NULL;
    if (!section) {
        printf("FAIL %s has no \"Tuning knobs\" section\n", path);
        return 0;
    }
    if (!end)
        end = text + len;
    int count, ok = 1;
    const exb_knob_spec *reg = exb_knob_registry(&count);
    for (int k = 0; k < count; k++) {
        char head[64];
        snprintf(head, sizeof head, "\n    %s ", reg[k].name);
        const char *at = strstr(section, head);
        if (!at || at > end) {
            printf("FAIL the README's knob table has no entry for %s\n", reg[k].name);
            ok = 0;
            continue;
        }
        /* the entry: up to the next line that starts a knob */
        const char *next = strstr(at + 1, "\n    EXACTBLAS_");
        size_t n = (size_t)((next && next < end ? next : end) - at);
        char entry[2048];
        snprintf(entry, sizeof entry, "%.*s", (int)(n < sizeof entry ? n : sizeof entry - 1), at);
        squeeze(entry);
        char values[256], deflt[512];
        snprintf(values, sizeof values, "%s %s", reg[k].name, reg[k].values);
        snprintf(deflt, sizeof deflt, "(default %s)", reg[k].default_text);
        squeeze(values);
        squeeze(deflt);
        if (!strstr(entry, values) || !strstr(entry, deflt)) {
            printf("FAIL README entry of %s does not say \"%s\" and \"%s\":\n  %s\n", reg[k].name,
                   reg[k].values, deflt, entry);
            ok = 0;
        }
    }
    for (const char *p = strstr(section, "\n    EXACTBLAS_"); p && p < end;
         p = strstr(p + 1, "\n    EXACTBLAS_")) {
        char name[64];
        sscanf(p + 5, "%63[A-Z0-9_]", name);
        int known = 0;
        for (int k = 0; k < count; k++)
            known |= strcmp(reg[k].name, name) == 0;
        if (!known) {
            printf("FAIL the README lists %s, which is not a registered knob\n", name);
            ok = 0;
        }
    }
    printf("%s README knob table: %d registered knobs\n", ok ? "ok  " : "FAIL", count);
    return ok;
}

/* The README's short list: every registered knob named in its "Tuning
 * knobs" section, and no name there that the registry does not know. */
static int check_readme_list(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot read %s\n", path);
        return 0;
    }
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    const char *section = strstr(text, "\nTuning knobs\n");
    const char *end = section ? strstr(section + 1, "\n\n\n") : NULL;
    if (!section) {
        printf("FAIL %s has no \"Tuning knobs\" section\n", path);
        return 0;
    }
    if (!end)
        end = text + len;
    int count, ok = 1;
    const exb_knob_spec *reg = exb_knob_registry(&count);
    for (int k = 0; k < count; k++) {
        char head[64];
        snprintf(head, sizeof head, "\n    %s ", reg[k].name);
        const char *at = strstr(section, head);
        if (!at || at > end) {
            printf("FAIL %s's knob list has no entry for %s\n", path, reg[k].name);
            ok = 0;
        }
    }
    for (const char *p = strstr(section, "\n    EXACTBLAS_"); p && p < end;
         p = strstr(p + 1, "\n    EXACTBLAS_")) {
        char name[64];
        sscanf(p + 5, "%63[A-Z0-9_]", name);
        int known = 0;
        for (int k = 0; k < count; k++)
            known |= strcmp(reg[k].name, name) == 0;
        if (!known) {
            printf("FAIL %s lists %s, which is not a registered knob\n", path, name);
            ok = 0;
        }
    }
    printf("%s %s's knob list: %d registered knobs\n", ok ? "ok  " : "FAIL", path, count);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "readme") == 0) {
        /* doc/KNOBS.md's table in full; then the README's short list */
        int ok = check_readme(argv[2]);
        if (argc >= 4)
            ok &= check_readme_list(argv[3]);
        return ok ? 0 : 1;
    }
    /* the host path (a knob of the case may say otherwise), no other knob */
    tl_apply_knobs("EXACTBLAS_DEVICE=host");
    tl_workload_make(&data, 20000, 48, 96, 77);
    int wrong = 0;
    want = tl_workload_run(&data, TL_GEMM_ENV, NULL, &wrong);
    int ok = 1;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tl_apply_knobs(strcmp(cases[k].name, "EXACTBLAS_DEVICE") ? "EXACTBLAS_DEVICE=host" : "");
        ok &= run_case(&cases[k]);
    }
    printf("knobs: %s\n", ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}
