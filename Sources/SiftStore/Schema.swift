// The store's schema and its migrations. A store records its version in
// `PRAGMA user_version`; opening it for writing applies every migration newer
// than that version, in order, in one transaction. Migrations only go
// forward: a store from a newer msgsift is refused, never rewritten or wiped.
//
// Never edit a migration that has shipped: add a new one.

/// One step of the schema's history.
package struct Migration: Sendable {
    /// The `user_version` the store has after this step.
    package let version: Int
    /// What the step does, for maintainers.
    package let summary: String
    package let sql: String
}

/// The schema: migrations, the current version and the file's owner mark.
package enum Schema {
    /// `PRAGMA application_id` of every msgsift store ("MSGS"), so msgsift
    /// never writes into an SQLite file that belongs to another program.
    package static let applicationID: Int32 = 0x4D53_4753

    package static let migrations: [Migration] = [
        Migration(version: 1, summary: "filters, smart rules, community lists", sql: """
            CREATE TABLE filter (
                -- AUTOINCREMENT: ids grow in creation order and are never reused,
                -- so the lowest id is the oldest filter (oldest wins, docs/judging.md "The pipeline").
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                type TEXT NOT NULL,               -- allow | deny | denyLanguage
                folder TEXT NOT NULL,             -- junk | transaction | promotion
                target TEXT NOT NULL,             -- all | sender | body
                matching TEXT NOT NULL,           -- contains | exact | regex
                case_sensitivity TEXT NOT NULL,   -- insensitive | sensitive
                text TEXT NOT NULL,               -- for denyLanguage: $lang:<english name>
                UNIQUE (text, target, matching, case_sensitivity)
            );
            CREATE TABLE smart_rule (
                name TEXT PRIMARY KEY,            -- as the CLI spells it: short-sender
                enabled INTEGER NOT NULL,
                value INTEGER,                    -- short-sender: 3…6
                countries TEXT                    -- country-allowlist: +972,+1
            );
            CREATE TABLE community_lists (
                id INTEGER PRIMARY KEY CHECK (id = 1),  -- one imported file at a time
                content BLOB NOT NULL,            -- the JSON exactly as imported
                sha256 TEXT NOT NULL,
                imported_at TEXT NOT NULL         -- ISO-8601 UTC
            );
            CREATE TABLE community_language (
                code TEXT PRIMARY KEY,            -- he, zh-Hans, …
                enabled INTEGER NOT NULL
            );
            """),
        Migration(version: 2, summary: "when each filter was added; filters by type", sql: """
            ALTER TABLE filter ADD COLUMN created_at TEXT;   -- NULL for filters from version 1
            CREATE INDEX filter_by_type ON filter (type, id);
            """),
        Migration(version: 3, summary: "where the community lists were fetched from, and when", sql: """
            -- All NULL for lists imported from a file (and for every list of version 2).
            ALTER TABLE community_lists ADD COLUMN source_url TEXT;     -- the URL asked for
            ALTER TABLE community_lists ADD COLUMN etag TEXT;           -- the answer's ETag, as sent
            ALTER TABLE community_lists ADD COLUMN last_modified TEXT;  -- the answer's Last-Modified, as sent
            ALTER TABLE community_lists ADD COLUMN fetched_at TEXT;     -- ISO-8601 UTC of the last 200 or 304
            """),
    ]

    /// The version this build writes.
    package static var current: Int { migrations.last!.version }
}
