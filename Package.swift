// swift-tools-version:6.0
// msgsift: read → evaluate → write. One target per stage (see DESIGN.md).
import PackageDescription

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
        // Unicode machinery: folding, letter/script tables, Aho–Corasick, regex,
        // language, links, emoji, calling codes.
        .target(name: "SiftText", dependencies: ["CICUShim"]),
        // The rule model, .sfsfilters and community-list files, compile → CompiledRuleSet.
        .target(name: "SiftRules", dependencies: ["SiftText"]),
        // The eight-stage evaluator over a CompiledRuleSet.
        .target(name: "SiftEngine", dependencies: ["SiftRules", "SiftText"]),
        // Readers (NDJSON, CSV), writers, the ordered parallel pipeline.
        .target(name: "SiftStream", dependencies: ["SiftEngine", "SiftRules"]),
        // The command line.
        .executableTarget(name: "msgsift", dependencies: ["SiftStream", "SiftEngine", "SiftRules", "SiftText"]),

        .testTarget(name: "SiftTextTests", dependencies: ["SiftText"]),
        .testTarget(name: "SiftRulesTests", dependencies: ["SiftRules"]),
        .testTarget(name: "SiftEngineTests", dependencies: ["SiftEngine", "SiftRules"]),
        .testTarget(name: "SiftStreamTests", dependencies: ["SiftStream"], resources: []),
        .testTarget(name: "EndToEndTests", dependencies: ["msgsift"]),
    ],
    swiftLanguageModes: [.v5]
)
