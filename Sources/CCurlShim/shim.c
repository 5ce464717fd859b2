// The one file that includes libcurl: an easy handle per request, the limits
// msgsift asks for (time, redirects, body size, http/https only), and the
// outcome mapped to a few kinds of failure the command line words itself.
//
// libcurl is opened with dlopen the first time a request is made, not linked: it
// brings some thirty libraries (TLS, Kerberos, LDAP, SSH, HTTP/2…) that every
// other command would load, relocate and keep resident for nothing.
#include "CCurlShim.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/// The libcurl functions msgsift calls, from the library dlopen found.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    void (*easy_cleanup)(CURL *curl);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    char *(*version)(void);
} curl_api;

/// Why libcurl could not be opened (empty when it was).
static char load_error[256];

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The SONAME of libcurl 7 and 8 (Debian's libcurl4), then the GnuTLS build of it.
    static const char *const names[] = { "libcurl.so.4", "libcurl-gnutls.so.4" };
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !handle; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        // Why the first name failed: the one a user installs.
        const char *why = handle ? NULL : dlerror();
        if (i == 0 && why) snprintf(load_error, sizeof load_error, "libcurl (libcurl.so.4) could not be loaded: %s", why);
    }
    if (!handle) return;
    load_error[0] = 0;
#define FIND(field, symbol) \
    if (!(*(void **)&curl_api.field = dlsym(handle, symbol))) { \
        snprintf(load_error, sizeof load_error, "libcurl (libcurl.so.4) lacks %s", symbol); \
        return; \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
    FIND(version, "curl_version")
#undef FIND
    curl_api.global_init(CURL_GLOBAL_DEFAULT);
}

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
    pthread_once(&load_once, load);
    if (load_error[0]) {
        response->failure = SIFT_HTTP_NO_LIBRARY;
        strncpy(response->message, load_error, sizeof response->message - 1);
        return;
    }
    CURL *curl = curl_api.easy_init();
    if (!curl) {
        response->failure = SIFT_HTTP_OTHER;
        strcpy(response->message, "libcurl could not start a transfer");
        return;
    }
    char error[CURL_ERROR_SIZE] = {0};
    body_buffer body = {.limit = request->max_body_bytes};
    struct curl_slist *headers = curl_api.slist_append(NULL, "Expect:");
    for (size_t i = 0; i < request->header_count; i++) headers = curl_api.slist_append(headers, request->headers[i]);

    curl_api.easy_setopt(curl, CURLOPT_URL, request->url);
    curl_api.easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    curl_api.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    curl_api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_api.easy_setopt(curl, CURLOPT_MAXREDIRS, request->max_redirects);
    curl_api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    curl_api.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    curl_api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_api.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (request->user_agent) curl_api.easy_setopt(curl, CURLOPT_USERAGENT, request->user_agent);
    if (request->post) {
        curl_api.easy_setopt(curl, CURLOPT_POST, 1L);
        curl_api.easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl_api.easy_setopt(curl, CURLOPT_POSTFIELDS, request->body_length ? (const char *)request->body : "");
        curl_api.easy_setopt(curl, CURLOPT_POSTREDIR, (long)CURL_REDIR_POST_ALL);
    }
    curl_api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_api.easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_api.easy_setopt(curl, CURLOPT_HEADERDATA, response);

    CURLcode code = curl_api.easy_perform(curl);
    curl_api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
    curl_api.easy_getinfo(curl, CURLINFO_REDIRECT_COUNT, &response->redirects);
    response->failure = failure_of(code, &body);
    if (code != CURLE_OK) {
        const char *why = error[0] ? error : curl_api.easy_strerror(code);
        strncpy(response->message, why, sizeof response->message - 1);
        free(body.data);
    } else {
        response->body = body.data;
        response->body_length = body.length;
    }
    curl_api.slist_free_all(headers);
    curl_api.easy_cleanup(curl);
}

void sift_http_response_free(sift_http_response *response) {
    free(response->body); response->body = NULL;
    free(response->etag); response->etag = NULL;
    free(response->last_modified); response->last_modified = NULL;
}

const char *sift_http_library_version(void) {
    pthread_once(&load_once, load);
    return load_error[0] ? load_error : curl_api.version();
}
