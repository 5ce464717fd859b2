// zlib for SiftStream/Gunzip.swift, the only Swift that includes it.
#include <zlib.h>

// inflateInit2 is a macro; this is it as a function Swift can call.
static inline int csift_inflate_init_gzip(z_stream *stream) {
    // 15 + 32: a window of 32 KiB, and a gzip or zlib header found by itself.
    return inflateInit2(stream, 15 + 32);
}
