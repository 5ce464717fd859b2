// What Swift cannot reach of the C library (glibc's malloc tuning is not in the Glibc
// module; the C `stdout` stream). Plain C types only.
#ifndef SIFT_RUNTIME_H
#define SIFT_RUNTIME_H

/// Keeps freed buffers of up to 32 MiB (glibc's largest mmap threshold) in the heap for reuse, instead of giving them back
/// to the kernel and asking for fresh zeroed pages at the next read (glibc serves blocks
/// over its mmap threshold, which starts at 128 KiB, with their own mappings). Returns 0
/// if glibc refused (or the C library is not glibc: then it does nothing).
int sift_keep_freed_buffers(void);

/// Flushes the C library's stdout (what Swift's `print` buffered); nonzero if that or any
/// earlier write of it failed (then errno says why). The C `stdout` is a mutable global,
/// which Swift 6 does not let code read without a proof: C reads it here.
int sift_flush_stdout_failed(void);

/// Flushes the C library's stdout.
void sift_flush_stdout(void);

/// Tell ThreadSanitizer that what happened before `sift_tsan_release(address)` on one thread
/// happens before what follows `sift_tsan_acquire(address)` on another. Swift's `Mutex` on
/// Linux is futex-based in a library TSan does not instrument, so without these TSan would
/// see its critical sections as unordered (`Locked` in SiftText calls them). No-ops unless
/// this file is compiled with -fsanitize=thread.
void sift_tsan_acquire(void *address);
void sift_tsan_release(void *address);

#endif
