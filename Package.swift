// swift-tools-version:6.0
// msgsift: read → evaluate → write. One target per stage (see DESIGN.md).
import PackageDescription

// The per-message modules run with exclusivity checked at compile time only in
// release builds: the dynamic checks on class properties cost ~2.5k
// instructions per message (bench/RESULTS.md); debug builds (tests) keep them.
// Release builds also inline small functions across these modules and
// SiftRules, where the compiled rules' accessors live that the evaluator calls
// per occurrence (`-cross-module-optimization`; ~70 instructions per message).
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "msgsift",
    products: [
        .executable(name: "msgsift", targets: ["msgsift"]),
    ],
    targets: [
        // The only code that includes ICU headers; its public header uses plain C types.
        .target(
            name: "CICUShim",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // The only code that includes libcurl's headers (HTTP for `lists update` and `report`);
        // its public header uses plain C types. It opens libcurl with dlopen on the first
        // request, so no other command loads libcurl and the thirty libraries it needs.
        .target(name: "CCurlShim", linkerSettings: [.linkedLibrary("dl")]),
        // Byte scans sixteen bytes at a time (SSE2), in C: Swift's SIMD types do not
        // compile to vector instructions here. DWARF 4: valgrind 3.19 (callgrind, the
        // instruction counts in bench/RESULTS.md) cannot read clang 21's DWARF 5 of it.
        .target(name: "CTextScan", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // What Swift cannot reach of the C library: glibc's malloc tuning.
        .target(name: "CRuntime", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Unicode machinery: folding, letter/script tables, Aho–Corasick, regex,
        // language, links, emoji, calling codes.
        .target(name: "SiftText", dependencies: ["CICUShim", "CTextScan", "CRuntime"], swiftSettings: hotPath),
        // The rule model, .sfsfilters and community-list files, compile → CompiledRuleSet.
        .target(name: "SiftRules", dependencies: ["SiftText", "CTextScan"], swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // The eight-stage evaluator over a CompiledRuleSet.
        .target(name: "SiftEngine", dependencies: ["SiftRules", "SiftText", "CTextScan"], swiftSettings: hotPath),
        // The system libxml2 (pkg-config libxml-2.0), seen only by CXMLShim's C.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The only code that includes libxml2 headers: a streaming reader with plain C types.
        .target(name: "CXMLShim", dependencies: ["CLibXML2"]),
        // Input: readers of NDJSON, CSV and the phone archives, splitting inputs into batches
        // of records, and the byte-level record parsers; the run's options.
        .target(name: "SiftInput", dependencies: ["SiftEngine", "SiftRules", "SiftText", "CTextScan", "CXMLShim", "SiftStore", "CZlib"], swiftSettings: hotPath),
        // Output: a verdict (and the record it judged) as NDJSON, CSV or TSV.
        .target(name: "SiftOutput", dependencies: ["SiftInput", "SiftEngine", "SiftRules", "SiftText"], swiftSettings: hotPath),
        // The ordered parallel pipeline: reader → workers (parse, evaluate, format or count) → writer.
        .target(name: "SiftStream", dependencies: ["SiftInput", "SiftOutput", "SiftEngine", "SiftRules", "CTextScan", "CRuntime"], swiftSettings: hotPath),
        // The system SQLite (pkg-config sqlite3), seen only by SiftStore/Database.swift.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The system zlib (pkg-config zlib), seen only by SiftStream/Gunzip.swift: gzip input.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The persistent rule store: one SQLite file, versioned schema, migrations.
        .target(name: "SiftStore", dependencies: ["CSQLite", "SiftRules", "SiftText"]),
        // The command line.
        .executableTarget(name: "msgsift", dependencies: ["SiftStream", "SiftInput", "SiftOutput", "SiftEngine", "SiftRules", "SiftText", "SiftStore", "CCurlShim", "CRuntime"]),
        // Corpus and rule-set generators, and the benchmark runner (bench/).
        .executableTarget(name: "msgsift-bench", dependencies: ["SiftRules", "SiftText", "SiftStream", "SiftInput", "SiftEngine"]),

        // Scratch: the one temporary folder of a test process.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SiftTextTests", dependencies: ["SiftText", "CICUShim", "CTextScan"]),
        .testTarget(name: "SiftRulesTests", dependencies: ["SiftRules"]),
        .testTarget(name: "SiftEngineTests", dependencies: ["SiftEngine", "SiftRules"]),
        .testTarget(name: "SiftStreamTests", dependencies: ["TestSupport", "SiftStream", "SiftInput", "SiftOutput", "CTextScan", "SiftStore"], resources: []),
        .testTarget(name: "SiftStoreTests", dependencies: ["TestSupport", "SiftStore", "SiftRules", "SiftText"]),
        // SiftStore too: the tests hold write locks and build old-schema stores directly.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "msgsift", "SiftStore"]),
        // Language detection over lines of text, for `make bench-langid` (bench/langid/).
        .executableTarget(name: "msgsift-langid", dependencies: ["SiftText"]),
    ],
    // Data races are compile errors (DESIGN.md "Concurrency").
    swiftLanguageModes: [.v6]
)
