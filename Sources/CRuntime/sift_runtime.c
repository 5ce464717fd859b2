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

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer)
#    define SIFT_TSAN 1
#  endif
#endif
#if defined(SIFT_TSAN)
void __tsan_acquire(void *address);
void __tsan_release(void *address);
void sift_tsan_acquire(void *address) { __tsan_acquire(address); }
void sift_tsan_release(void *address) { __tsan_release(address); }
#else
void sift_tsan_acquire(void *address) { (void)address; }
void sift_tsan_release(void *address) { (void)address; }
#endif
