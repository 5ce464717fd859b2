// See sift_runtime.h.
#include "sift_runtime.h"
#include <stdio.h>
#include <stdlib.h>     // defines __GLIBC__ under glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sift_keep_freed_buffers(void) {
#if defined(__GLIBC__)
    // The reader's 1 MiB read buffers and the batches' outputs: each one freed and
    // allocated again per batch, each time a fresh mapping (page faults, zeroing).
    int mmap = mallopt(M_MMAP_THRESHOLD, 32 << 20), trim = mallopt(M_TRIM_THRESHOLD, 256 << 20);
    return mmap && trim;
#else
    return 0;
#endif
}

int sift_flush_stdout_failed(void) {
    return fflush(stdout) != 0 || ferror(stdout) != 0;
}

void sift_flush_stdout(void) {
    fflush(stdout);
}
