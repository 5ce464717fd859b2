// All of msgsift's HTTP: one blocking request through libcurl (CCurlShim),
// with bounded time, redirects and body size, and every failure put in one
// line a user can act on. Used only by `lists update` and `report`; nothing
// else in msgsift touches the network.
import CCurlShim
import Foundation

/// One HTTP request.
struct HTTPRequest {
    enum Method: String { case get = "GET", post = "POST" }
    var url: String
    var method: Method = .get
    /// Extra headers, each "Name: value".
    var headers: [String] = []
    var body = Data()
    /// The whole exchange, redirects included, in seconds.
    var timeout: Double = HTTP.defaultTimeout
    var maxBodyBytes: Int = HTTP.defaultMaxBodyBytes
}

/// The final response of a request (after redirects).
struct HTTPResponse {
    var status: Int
    var body: Data
    var etag: String?
    var lastModified: String?
}

/// Why a request brought back no response; `description` is one line naming the URL's host.
struct HTTPFailure: Error, CustomStringConvertible {
    enum Kind { case badURL, dns, connect, timeout, tls, tooManyRedirects, tooLarge, truncated, noLibrary, other }
    var kind: Kind
    var description: String
}

enum HTTP {
    static let defaultTimeout = 30.0
    /// Seconds to set up a connection (within the whole timeout).
    static let connectTimeout = 10.0
    static let maxRedirects = 5
    static let defaultMaxBodyBytes = 16 << 20
    static var userAgent: String { "msgsift/\(version)" }

    /// `raw` when it is an absolute http or https URL with a host, else why not.
    static func checkURL(_ raw: String) -> String? {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased() else { return "not a URL" }
        guard scheme == "http" || scheme == "https" else { return "not an http or https URL" }
        guard let host = url.host, !host.isEmpty else { return "a URL without a host" }
        return nil
    }

    /// Performs `request`; a response of any status, or a failure.
    static func perform(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        let host = URL(string: request.url).flatMap { u in u.host.map { h in u.port.map { "\(h):\($0)" } ?? h } } ?? request.url
        var response = sift_http_response()
        let headers = request.headers.map { strdup($0) }
        defer { headers.forEach { free($0) } }
        let constHeaders = headers.map { UnsafePointer($0) }
        constHeaders.withUnsafeBufferPointer { headerList in
            request.body.withUnsafeBytes { (body: UnsafeRawBufferPointer) in
                request.url.withCString { url in
                    userAgent.withCString { agent in
                        var r = sift_http_request()
                        r.url = url
                        r.post = request.method == .post ? 1 : 0
                        r.body = body.baseAddress?.assumingMemoryBound(to: UInt8.self)
                        r.body_length = body.count
                        r.headers = headerList.baseAddress
                        r.header_count = headerList.count
                        r.user_agent = agent
                        let total = max(1, Int((request.timeout * 1000).rounded()))
                        r.total_timeout_ms = total
                        r.connect_timeout_ms = min(total, Int(connectTimeout * 1000))
                        r.max_redirects = maxRedirects
                        r.max_body_bytes = request.maxBodyBytes
                        sift_http_perform(&r, &response)
                    }
                }
            }
        }
        defer { sift_http_response_free(&response) }
        let why = withUnsafeBytes(of: response.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        func fail(_ kind: HTTPFailure.Kind, _ text: String) -> HTTPFailure { HTTPFailure(kind: kind, description: text) }
        switch response.failure {
        case SIFT_HTTP_OK:
            let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
            return HTTPResponse(status: response.status, body: body,
                                etag: response.etag.map { String(cString: $0) }, lastModified: response.last_modified.map { String(cString: $0) })
        case SIFT_HTTP_BAD_URL: throw fail(.badURL, "\(request.url): cannot be fetched (\(why))")
        case SIFT_HTTP_DNS: throw fail(.dns, "cannot resolve the host \(host) (\(why))")
        case SIFT_HTTP_CONNECT: throw fail(.connect, "cannot connect to \(host) (\(why))")
        case SIFT_HTTP_TIMEOUT: throw fail(.timeout, "\(host) did not answer in time (limit \(seconds(request.timeout)) s, \(seconds(min(request.timeout, connectTimeout))) s to connect): \(why)")
        case SIFT_HTTP_TLS: throw fail(.tls, "TLS with \(host) failed (\(why))")
        case SIFT_HTTP_TOO_MANY_REDIRECTS: throw fail(.tooManyRedirects, "\(host): more than \(maxRedirects) redirects (a loop?)")
        case SIFT_HTTP_TOO_LARGE: throw fail(.tooLarge, "\(host): the answer is larger than \(request.maxBodyBytes) bytes, the most msgsift accepts")
        case SIFT_HTTP_TRUNCATED: throw fail(.truncated, "\(host): the connection ended before the whole answer arrived (\(why))")
        case SIFT_HTTP_NO_LIBRARY: throw fail(.noLibrary, "\(why); install libcurl (Debian: apt-get install libcurl4)")
        default: throw fail(.other, "\(host): \(why.isEmpty ? "the request failed" : why)")
        }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(format: "%.1f", s)
    }

    /// A `--timeout` value: seconds above 0.
    static func timeout(_ raw: String) throws -> Double {
        guard let s = Double(raw), s > 0, s.isFinite, s <= 3600 else {
            throw UsageError("--timeout takes a number of seconds above 0 (at most 3600), not \(quotedArg(raw))")
        }
        return s
    }

    /// The URL to use: the flag's, else the environment variable's, else `fallback`;
    /// refused (usage error) when it is not an http or https URL.
    static func endpoint(flag: String?, flagName: String, variable: String, fallback: String) throws -> String {
        if let flag {
            if let why = checkURL(flag) { throw UsageError("\(flagName): \(quotedArg(flag)) is \(why)") }
            return flag
        }
        if let env = ProcessInfo.processInfo.environment[variable], !env.isEmpty {
            if let why = checkURL(env) { throw UsageError("$\(variable): \(quotedArg(env)) is \(why)") }
            return env
        }
        return fallback
    }
}
