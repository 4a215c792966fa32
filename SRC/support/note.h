/*
 * note.h -- ExactBLAS's messages: one line on stderr, "ExactBLAS: ...",
 * printed once per process for each distinct message (a bad knob value, an
 * OpenCL failure, a clamped work-group size), however many calls meet it.
 */
#ifndef EXACTBLAS_NOTE_H
#define EXACTBLAS_NOTE_H

void exb_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
