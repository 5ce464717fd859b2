// `msgsift lists update`: fetches the community lists the app downloads, with
// a conditional GET, and stores them as `lists import` does (one transaction,
// languages kept on or off). The store is opened for writing only once the new
// lists are in hand and valid, so any failure leaves it exactly as it was.
// Also here: how old stored lists are (ListsFreshness), for `lists status` and
// the note `classify` and `test` print.
import Foundation
import SiftRules
import SiftStore

enum ListsUpdate {
    /// The file the app fetches its community lists from.
    static let defaultURL = "https://grizz-apps-dev.s3.us-east-2.amazonaws.com/simply-filter-sms/3.0.0/automatic_filters.json"
    static let urlVariable = "MSGSIFT_LISTS_URL"

    struct Config: StoreConfig {
        var db: String?
        var url: String?
        var timeout = HTTP.defaultTimeout
    }

    static let flags: [Flag<Config>] = [
        Flag("--url", "URL", "where to fetch from (default: $\(urlVariable), else the app's \(defaultURL))") { c, v in c.url = v },
        Flag("--timeout", "S", "seconds for the whole exchange, redirects included (default \(Int(HTTP.defaultTimeout)); \(Int(HTTP.connectTimeout)) at most to connect)") { c, v in
            c.timeout = try HTTP.timeout(v)
        },
    ]

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "lists update", flags: flags,
            config: Config(), positional: { _, arg in throw UsageError("unexpected argument \(quotedArg(arg)); give the URL with --url") }) { c in
            let url = try HTTP.endpoint(flag: c.url, flagName: "--url", variable: urlVariable, fallback: defaultURL)
            // A store that cannot be read (newer, damaged, another program's) fails here, before any request.
            let current = try StoreAccess.readerOrEmpty(c.db)
            let stored = try current?.importedLists()
            let existed = current != nil
            var request = HTTPRequest(url: url, timeout: c.timeout)
            // Validators only for the URL they came from, and only while its lists are stored.
            let previous = stored?.source.flatMap { $0.url == url ? $0 : nil }
            if let etag = previous?.etag { request.headers.append("If-None-Match: \(etag)") }
            if let date = previous?.lastModified { request.headers.append("If-Modified-Since: \(date)") }
            let response: HTTPResponse
            do { response = try HTTP.perform(request) } catch {
                throw RuntimeError("lists update: \(error); the lists are unchanged")
            }
            // The store read above went away during the request: the writer would make a new
            // one holding only the lists, and say it was done.
            if existed, !StoreAccess.exists(c.db), let path = StoreAccess.location(c.db) {
                let gone: StoreError.Gone = FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent) ? .fileRemoved : .folderRemoved
                throw RuntimeError(StoreError(.storeGone(gone, changeLost: false), path: path).words)
            }
            switch response.status {
            case 304:
                guard let previous, !request.headers.isEmpty else {
                    throw RuntimeError("lists update: \(url) answered 304 Not Modified to a request that asked for the whole file; the lists are unchanged")
                }
                let source = ListsSource(url: url, etag: response.etag ?? previous.etag, lastModified: response.lastModified ?? previous.lastModified)
                let store = try StoreAccess.writer(c.db)
                guard try store.confirmLists(source) else {
                    throw RuntimeError("lists update: the stored lists were removed meanwhile; run msgsift lists update again")
                }
                print("unchanged (sha256 \(stored!.sha256.prefix(12)), imported \(stored!.importedAt)); not modified at \(url)")
            case 200:
                let ignored: [RuleNote]
                do { ignored = try CommunityListFile.readReporting(response.body).ignored } catch {
                    throw RuntimeError("lists update: \(url): the answer is not community lists (\(ruleWords(error))); the lists are unchanged")
                }
                for note in ignored { warn("\(url): \(note.words)") }
                let store = try StoreAccess.writer(c.db)
                let source = ListsSource(url: url, etag: response.etag, lastModified: response.lastModified)
                try ListsCommands.show(try store.importLists(response.body, source: source), origin: url, in: store, fetched: true)
            default:
                throw RuntimeError("lists update: \(url) answered HTTP \(response.status) (expected 200, or 304 when unchanged); the lists are unchanged")
            }
            return 0
        }
    }
}

/// How old fetched lists are. The app fetches its lists again once they are
/// three days old; msgsift cannot fetch on its own (`classify` never uses the
/// network), so it says so instead.
enum ListsFreshness {
    static let maxAgeDays = 3

    static func ageSeconds(_ source: ListsSource, now: Date = Date()) -> Double? {
        source.fetchedDate.map { now.timeIntervalSince($0) }
    }

    static func isStale(_ source: ListsSource, now: Date = Date()) -> Bool {
        (ageSeconds(source, now: now) ?? 0) > Double(maxAgeDays * 86_400)
    }

    /// "4 days", "5 hours", "12 minutes", "less than a minute".
    static func age(_ source: ListsSource, now: Date = Date()) -> String {
        guard let s = ageSeconds(source, now: now) else { return "an unknown time" }
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        if s >= 86_400 { return plural(Int(s / 86_400), "day") }
        if s >= 3_600 { return plural(Int(s / 3_600), "hour") }
        if s >= 60 { return plural(Int(s / 60), "minute") }
        return "less than a minute"
    }

    /// The note for `classify` and `test` when the stored lists in use are stale, else nil.
    static func note(_ source: ListsSource?, now: Date = Date()) -> String? {
        guard let source, isStale(source, now: now) else { return nil }
        return "note: the community lists in use were fetched \(age(source, now: now)) ago (the app refreshes them after \(maxAgeDays) days); msgsift lists update fetches them again"
    }
}
