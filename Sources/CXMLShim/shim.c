// The one file of msgsift that includes libxml2 headers (see CXMLShim.h):
// an xmlTextReader fed through a byte filter.
#include "CXMLShim.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/xmlreader.h>

enum { CHUNK = 256 << 10, LOOKAHEAD = 64, PADDING = 2048 };

struct sift_xml {
    xmlTextReaderPtr reader;
    int fd;
    unsigned char *in;          // bytes read, not yet passed on: in[pos..<len]
    size_t pos, len, cap;
    int eof;
    int read_errno;
    int64_t bytes_read;
    int in_data;                // inside a `data` attribute's value, skipping it
    unsigned char last[8];      // the last bytes passed on, the latest at the end
    size_t padded;              // blank bytes passed on after the end of the input
    char *error;
    long error_line;
    char out[CHUNK];            // filtered bytes not yet taken by libxml2: out[out_pos..<out_len]
    size_t out_pos, out_len;
};

// Reads more of the input after what is left in `in`. Returns 0 at the end or on a failure.
static int refill(sift_xml *x) {
    if (x->eof) return 0;
    if (x->pos > 0) {
        memmove(x->in, x->in + x->pos, x->len - x->pos);
        x->len -= x->pos;
        x->pos = 0;
    }
    if (x->fd < 0) { x->eof = 1; return 0; }
    for (;;) {
        ssize_t n = read(x->fd, x->in + x->len, x->cap - x->len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { x->read_errno = errno; x->eof = 1; return 0; }
        if (n == 0) { x->eof = 1; return 0; }
        x->len += (size_t)n;
        x->bytes_read += n;
        return 1;
    }
}

static int is_xml_char(uint32_t c) {
    if (c < 0x20) return c == 0x9 || c == 0xA || c == 0xD;
    if (c >= 0xD800 && c <= 0xDFFF) return 0;
    if (c == 0xFFFE || c == 0xFFFF) return 0;
    return c <= 0x10FFFF;
}

// Reads a numeric character reference (`&#123;`, `&#x7B;`) at p[0..<n]: its value, and its
// length in *used. 0 when p holds none (then -1 in *value too).
static int char_ref(const unsigned char *p, size_t n, uint32_t *value, size_t *used) {
    *value = (uint32_t)-1;
    if (n < 4 || p[0] != '&' || p[1] != '#') return 0;
    size_t i = 2;
    int hex = 0;
    if (p[i] == 'x') { hex = 1; i++; }
    uint64_t v = 0;
    size_t digits = 0;
    for (; i < n && digits <= 10; i++, digits++) {
        unsigned char c = p[i];
        unsigned d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else break;
        v = v * (hex ? 16 : 10) + d;
    }
    if (digits == 0 || digits > 10 || i >= n || p[i] != ';') return 0;
    *value = v > 0x7FFFFFFF ? 0x7FFFFFFF : (uint32_t)v;
    *used = i + 1;
    return 1;
}

// Keeps the last bytes passed on (`x->last`), for `ends_with_data`.
static void remember(sift_xml *x, const unsigned char *p, size_t n) {
    enum { K = sizeof x->last };
    if (n >= K) { memcpy(x->last, p + n - K, K); return; }
    memmove(x->last, x->last + n, K - n);
    memcpy(x->last + K - n, p, n);
}

// Whether the bytes passed on end with an attribute name `data` (blank space before it).
static int ends_with_data(const sift_xml *x) {
    const unsigned char *e = x->last + sizeof x->last;
    unsigned char before = e[-5];
    return memcmp(e - 4, "data", 4) == 0 && (before == ' ' || before == '\t' || before == '\n' || before == '\r');
}

// The filtered input (see CXMLShim.h) into `out`, up to `room` bytes; returns how many.
static size_t filter(sift_xml *x, char *out, size_t room) {
    size_t o = 0;
    // Room for the longest replacement (`&#1114111;`, 10 bytes) after any byte.
    while (o + 16 <= room) {
        if (x->len - x->pos < LOOKAHEAD && !x->eof) {
            refill(x);
            continue;
        }
        if (x->pos == x->len) {
            // At the end, blank space (which XML allows after the document): libxml2's reader
            // parses the input 512 bytes at a time and parses the last piece together with
            // the check that the document is complete, so a file cut short would lose the
            // whole messages of its last piece with that check's error. After this padding
            // they are parsed, and read, before it.
            size_t pad = PADDING - x->padded;
            if (pad > room - o) pad = room - o;
            memset(out + o, ' ', pad);
            o += pad;
            x->padded += pad;
            break;
        }
        unsigned char *p = x->in + x->pos;
        size_t avail = x->len - x->pos;
        if (x->in_data) {
            // Skip to the closing quote, keeping line breaks (so lines keep their numbers).
            const unsigned char *quote = memchr(p, '"', avail);
            size_t end = quote ? (size_t)(quote - p) : avail;
            size_t i = 0;
            const unsigned char *nl;
            while (o < room && (nl = memchr(p + i, '\n', end - i)) != NULL) {
                out[o++] = '\n';
                i = (size_t)(nl - p) + 1;
            }
            if (o == room && memchr(p + i, '\n', end - i)) {
                x->pos += i;            // out of room before the next line break: on from there
                continue;
            }
            x->pos += end;
            if (quote) x->in_data = 0;
            continue;
        }
        // A run of bytes that need no look: copied whole, up to the next `&` or `=`.
        size_t limit = avail < room - o - 16 ? avail : room - o - 16;
        size_t run = 0;
        while (run < limit && p[run] != '&' && p[run] != '=') run++;
        if (run > 0) {
            memcpy(out + o, p, run);
            o += run;
            x->pos += run;
            remember(x, p, run);
            continue;
        }
        unsigned char c = *p;
        if (c == '&') {
            uint32_t v, low;
            size_t used, used2;
            if (char_ref(p, avail, &v, &used)) {
                if (v >= 0xD800 && v <= 0xDBFF && char_ref(p + used, avail - used, &low, &used2) && low >= 0xDC00 && low <= 0xDFFF) {
                    uint32_t scalar = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
                    o += (size_t)snprintf(out + o, room - o, "&#%u;", scalar);
                    x->pos += used + used2;
                } else if (!is_xml_char(v)) {
                    memcpy(out + o, "&#65533;", 8);
                    o += 8;
                    x->pos += used;
                } else {
                    // Valid as written: passed on whole (it fits: at most 14 bytes).
                    memcpy(out + o, p, used);
                    o += used;
                    x->pos += used;
                }
                remember(x, (const unsigned char *)";", 1);
                continue;
            }
        } else if (avail >= 2 && p[1] == '"' && ends_with_data(x)) {
            // `data="`: the value is skipped (see CXMLShim.h).
            memcpy(out + o, p, 2);
            o += 2;
            x->pos += 2;
            remember(x, p, 2);
            x->in_data = 1;
            continue;
        }
        out[o++] = (char)c;
        remember(x, p, 1);
        x->pos++;
    }
    return o;
}

// libxml2's read callback (its first read asks for 4 bytes only: hence `x->out`).
static int read_filtered(void *context, char *out, int capacity) {
    sift_xml *x = context;
    if (x->out_pos == x->out_len) {
        x->out_pos = 0;
        x->out_len = filter(x, x->out, sizeof x->out);
    }
    size_t n = x->out_len - x->out_pos;
    if (capacity >= 0 && n > (size_t)capacity) n = (size_t)capacity;
    memcpy(out, x->out + x->out_pos, n);
    x->out_pos += n;
    return (int)n;
}

static int close_nothing(void *context) { (void)context; return 0; }

// libxml2 keeps a node's line in 16 bits (65535 past that). The reader of this thread notes
// each element's line as the node is made (libxml2's node-registration callback, per thread),
// where the parser is then: at the end of its start tag, as libxml2's own line is.
static __thread sift_xml *reading;

static void note_line(xmlNodePtr node) {
    if (reading && node && node->type == XML_ELEMENT_NODE)
        node->psvi = (void *)(intptr_t)xmlTextReaderGetParserLineNumber(reading->reader);
}

static void on_error(void *context, xmlErrorPtr error) {
    sift_xml *x = context;
    if (x->error || error == NULL || error->level < XML_ERR_ERROR) return;
    const char *message = error->message ? error->message : "not well-formed";
    x->error = strdup(message);
    if (x->error) {
        size_t n = strlen(x->error);
        while (n > 0 && (x->error[n - 1] == '\n' || x->error[n - 1] == ' ')) x->error[--n] = 0;
    }
    x->error_line = error->line;
}

// libxml2's errors outside a parser's context (an encoding's conversion failing: "encoding
// error : input conversion failed …", "I/O error : encoder error") go to its generic handler,
// which prints them to stderr as they are. The parser's own error, which follows, is what
// msgsift reports.
static void quiet(void *context, const char *message, ...) { (void)context; (void)message; }

sift_xml *sift_xml_open(int fd, const uint8_t *prefix, size_t prefix_length) {
    sift_xml *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->fd = fd;
    x->cap = prefix_length + CHUNK;
    x->in = malloc(x->cap);
    if (!x->in) { free(x); return NULL; }
    if (prefix_length) memcpy(x->in, prefix, prefix_length);
    x->len = prefix_length;
    memset(x->last, '\n', sizeof x->last);
    // No network, no entity substitution, no DTD loading; big line numbers kept.
    int options = XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT;
    x->reader = xmlReaderForIO(read_filtered, close_nothing, x, NULL, NULL, options);
    if (!x->reader) { free(x->in); free(x); return NULL; }
    xmlTextReaderSetStructuredErrorHandler(x->reader, on_error, x);
    xmlSetGenericErrorFunc(NULL, quiet);     // this thread's
    reading = x;
    xmlRegisterNodeDefault(note_line);
    return x;
}

int sift_xml_next(sift_xml *x) {
    int r = xmlTextReaderRead(x->reader);
    if (r < 0 && !x->error) {
        x->error = strdup("not well-formed XML");
        x->error_line = xmlTextReaderGetParserLineNumber(x->reader);
    }
    if (r == 0 && x->read_errno) return -1;
    return r;
}

int sift_xml_node_type(sift_xml *x) { return xmlTextReaderNodeType(x->reader); }

int sift_xml_depth(sift_xml *x) { return xmlTextReaderDepth(x->reader); }

int sift_xml_is_empty_element(sift_xml *x) { return xmlTextReaderIsEmptyElement(x->reader) == 1; }

const char *sift_xml_name(sift_xml *x) {
    const xmlChar *name = xmlTextReaderConstLocalName(x->reader);
    return name ? (const char *)name : "";
}

const char *sift_xml_attribute(sift_xml *x, const char *name, size_t *length) {
    *length = 0;
    if (xmlTextReaderMoveToAttribute(x->reader, (const xmlChar *)name) != 1) return NULL;
    const xmlChar *value = xmlTextReaderConstValue(x->reader);
    xmlTextReaderMoveToElement(x->reader);
    if (!value) value = (const xmlChar *)"";
    *length = strlen((const char *)value);
    return (const char *)value;
}

long sift_xml_line(sift_xml *x) {
    xmlNodePtr node = xmlTextReaderCurrentNode(x->reader);
    if (!node) return xmlTextReaderGetParserLineNumber(x->reader);
    if (node->type == XML_ELEMENT_NODE && node->psvi) return (long)(intptr_t)node->psvi;
    return xmlGetLineNo(node);
}

const char *sift_xml_error(sift_xml *x, long *line) {
    *line = x->error_line;
    return x->error;
}

int sift_xml_read_errno(sift_xml *x) { return x->read_errno; }

int64_t sift_xml_bytes_read(sift_xml *x) { return x->bytes_read; }

int sift_xml_read_to_end(sift_xml *x) { return x->fd >= 0 && x->eof; }

void sift_xml_close(sift_xml *x) {
    if (!x) return;
    if (reading == x) {
        xmlRegisterNodeDefault(NULL);
        reading = NULL;
    }
    xmlFreeTextReader(x->reader);
    free(x->error);
    free(x->in);
    free(x);
}
