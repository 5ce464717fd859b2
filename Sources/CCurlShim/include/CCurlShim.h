// CCurlShim: msgsift's only door to libcurl.
//
// Swift must not see libcurl's headers next to Foundation (its FoundationNetworking
// carries its own view of them), so this header exposes one request/response
// pair with plain C types only; shim.c is the one file that includes curl.h, and
// it opens libcurl itself on the first request (the binary does not link it).
#ifndef CCURLSHIM_H
#define CCURLSHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why a transfer did not bring back a whole HTTP response.
typedef enum {
    SIFT_HTTP_OK = 0,
    SIFT_HTTP_BAD_URL,            ///< not an http or https URL curl can use
    SIFT_HTTP_DNS,                ///< the host name did not resolve
    SIFT_HTTP_CONNECT,            ///< no connection (refused, unreachable)
    SIFT_HTTP_TIMEOUT,            ///< the connect or the total time limit passed
    SIFT_HTTP_TLS,                ///< the TLS handshake or the certificate failed
    SIFT_HTTP_TOO_MANY_REDIRECTS, ///< more redirects than allowed (or a loop)
    SIFT_HTTP_TOO_LARGE,          ///< the body is over the size limit
    SIFT_HTTP_TRUNCATED,          ///< the connection ended before the whole body
    SIFT_HTTP_NO_LIBRARY,         ///< libcurl could not be loaded; `message` says why
    SIFT_HTTP_OTHER,              ///< anything else; `message` says what
} sift_http_failure;

typedef struct {
    const char *url;
    /// 0: GET; 1: POST of `body` (kept a POST through redirects).
    int post;
    const uint8_t *body;
    size_t body_length;
    /// Extra request headers, each "Name: value".
    const char *const *headers;
    size_t header_count;
    const char *user_agent;
    long connect_timeout_ms;
    long total_timeout_ms;
    long max_redirects;
    /// The largest response body accepted, in bytes.
    size_t max_body_bytes;
} sift_http_request;

typedef struct {
    sift_http_failure failure;
    /// The final response's status (0 when none came).
    long status;
    /// Redirects followed.
    long redirects;
    /// The final response's body (malloc'd; NULL when empty).
    uint8_t *body;
    size_t body_length;
    /// The final response's ETag and Last-Modified values (malloc'd), NULL when absent.
    char *etag;
    char *last_modified;
    /// On failure, libcurl's explanation (NUL-terminated, never NULL).
    char message[320];
} sift_http_response;

/// Performs one request, blocking; fills `response` (free it with sift_http_response_free).
void sift_http_perform(const sift_http_request *request, sift_http_response *response);

void sift_http_response_free(sift_http_response *response);

/// libcurl's version string ("libcurl/7.88.1 OpenSSL/3.0.17 …"), or why it could not be loaded.
const char *sift_http_library_version(void);

#ifdef __cplusplus
}
#endif

#endif
