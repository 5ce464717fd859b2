// CXMLShim: msgsift's only door to libxml2.
//
// A streaming reader (libxml2's xmlTextReader) over a file descriptor, for
// SMS Backup & Restore exports. Swift cannot import libxml2's headers next to
// Foundation (FoundationXML carries libxml2 types of its own), so this header
// has plain C types only; shim.c is the one file that includes libxml2.
//
// Between the file and libxml2 the bytes pass a small filter (shim.c), for
// what that app writes and XML 1.0 forbids or libxml2 cannot hold:
// - character references to UTF-16 surrogates: a high one followed by a low
//   one (`&#55357;&#56832;`, how the app writes an emoji) becomes the one
//   reference to the character they encode (`&#128512;`); a lone one, or a
//   reference to a character XML does not allow (`&#1;`), becomes U+FFFD;
// - the value of every `data` attribute (base64 pictures and videos of MMS
//   parts, the bulk of a backup) is skipped, its line breaks kept: msgsift
//   never reads it, and a video's would otherwise be held whole in memory.
// - after the end of the input, 2 KiB of blank space (allowed after the
//   document), so that the whole elements before a cut-off end are read
//   before libxml2 reports the cut (shim.c says why).
#ifndef CXMLSHIM_H
#define CXMLSHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sift_xml sift_xml;

/// A reader of the XML read from `fd` (-1: none), after `prefix` (bytes already read
/// from it). NULL when out of memory. The caller closes `fd` after `sift_xml_close`.
sift_xml *sift_xml_open(int fd, const uint8_t *prefix, size_t prefix_length);

/// Moves to the next node: 1, 0 at the end of the document, -1 on an error
/// (`sift_xml_error` says which). Blank text between elements is not a node.
int sift_xml_next(sift_xml *x);

/// The current node's kind: 1 an element's start, 15 an element's end, other values other nodes.
int sift_xml_node_type(sift_xml *x);

/// The current node's depth (the document element is at 0).
int sift_xml_depth(sift_xml *x);

/// Whether the current element is empty (`<sms … />`): no end node follows.
int sift_xml_is_empty_element(sift_xml *x);

/// The current node's local name (UTF-8, NUL-terminated), valid until the next call.
const char *sift_xml_name(sift_xml *x);

/// The value of the current element's attribute `name`, decoded (UTF-8), its length in
/// `*length`; NULL when the element has none. Valid until the next call on `x`.
const char *sift_xml_attribute(sift_xml *x, const char *name, size_t *length);

/// The line of the current node in the input (1-based).
long sift_xml_line(sift_xml *x);

/// The first error libxml2 reported (NUL-terminated, no trailing newline) and its line;
/// NULL when there was none.
const char *sift_xml_error(sift_xml *x, long *line);

/// The errno of a failed read of the input, 0 when none failed.
int sift_xml_read_errno(sift_xml *x);

/// Bytes read from `fd` so far (the prefix not counted).
int64_t sift_xml_bytes_read(sift_xml *x);

/// Whether a read of `fd` returned its end (1), or not yet (0); a failed read counts as
/// the end. 0 with no `fd`.
int sift_xml_read_to_end(sift_xml *x);

void sift_xml_close(sift_xml *x);

#ifdef __cplusplus
}
#endif

#endif
