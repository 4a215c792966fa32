/* note.c -- messages printed once per process (see note.h). */
#include "note.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct said {
    struct said *next;
    char text[]; /* the message, as printed */
} said;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static said *printed;

void exb_note(const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&lock);
    int seen = 0;
    for (said *s = printed; s && !seen; s = s->next)
        seen = strcmp(s->text, text) == 0;
    if (!seen) {
        said *s = malloc(sizeof *s + strlen(text) + 1);
        if (s) { /* without memory the line may repeat, never be lost */
            strcpy(s->text, text);
            s->next = printed;
            printed = s;
        }
        fprintf(stderr, "ExactBLAS: %s\n", text);
    }
    pthread_mutex_unlock(&lock);
}
