// The one file that includes libcurl: an easy handle per request, the limits
// msgsift asks for (time, redirects, body size, http/https only), and the
// outcome mapped to a few kinds of failure the command line words itself.
#include "CCurlShim.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    uint8_t *data;
    size_t length, capacity, limit;
    int too_large;
} body_buffer;

static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    body_buffer *b = user;
    size_t n = size * count;
    if (n > b->limit - b->length) {
        b->too_large = 1;
        return 0;   // curl stops with CURLE_WRITE_ERROR
    }
    if (b->length + n > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16384;
        while (capacity < b->length + n) capacity *= 2;
        uint8_t *grown = realloc(b->data, capacity);
        if (!grown) return 0;
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
    return n;
}

/// A header's value, trimmed, malloc'd; `line` is "Name: value\r\n".
static char *header_value(const char *line, size_t n, const char *name) {
    size_t k = strlen(name);
    if (n <= k || strncasecmp(line, name, k) != 0 || line[k] != ':') return NULL;
    const char *start = line + k + 1, *end = line + n;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t')) end--;
    char *value = malloc((size_t)(end - start) + 1);
    if (!value) return NULL;
    memcpy(value, start, (size_t)(end - start));
    value[end - start] = 0;
    return value;
}

static size_t on_header(char *line, size_t size, size_t count, void *user) {
    sift_http_response *r = user;
    size_t n = size * count;
    if (n >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        // A new response (after a redirect or a 100 Continue): only the last one's headers count.
        free(r->etag); r->etag = NULL;
        free(r->last_modified); r->last_modified = NULL;
        return n;
    }
    char *v;
    if ((v = header_value(line, n, "ETag"))) { free(r->etag); r->etag = v; }
    else if ((v = header_value(line, n, "Last-Modified"))) { free(r->last_modified); r->last_modified = v; }
    return n;
}

static sift_http_failure failure_of(CURLcode code, const body_buffer *b) {
    switch (code) {
    case CURLE_OK: return SIFT_HTTP_OK;
    case CURLE_UNSUPPORTED_PROTOCOL: case CURLE_URL_MALFORMAT: return SIFT_HTTP_BAD_URL;
    case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_RESOLVE_PROXY: return SIFT_HTTP_DNS;
    case CURLE_COULDNT_CONNECT: return SIFT_HTTP_CONNECT;
    case CURLE_OPERATION_TIMEDOUT: return SIFT_HTTP_TIMEOUT;
    case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED: case CURLE_SSL_SHUTDOWN_FAILED: case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ISSUER_ERROR: case CURLE_SSL_PINNEDPUBKEYNOTMATCH: case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_USE_SSL_FAILED:
        return SIFT_HTTP_TLS;
    case CURLE_TOO_MANY_REDIRECTS: return SIFT_HTTP_TOO_MANY_REDIRECTS;
    case CURLE_FILESIZE_EXCEEDED: return SIFT_HTTP_TOO_LARGE;
    case CURLE_WRITE_ERROR: return b->too_large ? SIFT_HTTP_TOO_LARGE : SIFT_HTTP_OTHER;
    case CURLE_PARTIAL_FILE: return SIFT_HTTP_TRUNCATED;
    default: return SIFT_HTTP_OTHER;
    }
}

void sift_http_perform(const sift_http_request *request, sift_http_response *response) {
    memset(response, 0, sizeof *response);
    pthread_once(&global_once, global_init);
    CURL *curl = curl_easy_init();
    if (!curl) {
        response->failure = SIFT_HTTP_OTHER;
        strcpy(response->message, "libcurl could not start a transfer");
        return;
    }
    char error[CURL_ERROR_SIZE] = {0};
    body_buffer body = {.limit = request->max_body_bytes};
    struct curl_slist *headers = curl_slist_append(NULL, "Expect:");
    for (size_t i = 0; i < request->header_count; i++) headers = curl_slist_append(headers, request->headers[i]);

    curl_easy_setopt(curl, CURLOPT_URL, request->url);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, request->max_redirects);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (request->user_agent) curl_easy_setopt(curl, CURLOPT_USERAGENT, request->user_agent);
    if (request->post) {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request->body_length ? (const char *)request->body : "");
        curl_easy_setopt(curl, CURLOPT_POSTREDIR, (long)CURL_REDIR_POST_ALL);
    }
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, response);

    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
    curl_easy_getinfo(curl, CURLINFO_REDIRECT_COUNT, &response->redirects);
    response->failure = failure_of(code, &body);
    if (code != CURLE_OK) {
        const char *why = error[0] ? error : curl_easy_strerror(code);
        strncpy(response->message, why, sizeof response->message - 1);
        free(body.data);
    } else {
        response->body = body.data;
        response->body_length = body.length;
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
}

void sift_http_response_free(sift_http_response *response) {
    free(response->body); response->body = NULL;
    free(response->etag); response->etag = NULL;
    free(response->last_modified); response->last_modified = NULL;
}

const char *sift_http_library_version(void) { return curl_version(); }
