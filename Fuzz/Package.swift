// swift-tools-version:6.0
// libFuzzer targets, kept out of the main package: they have no `main` of their own
// (libFuzzer brings it), so a plain `swift build` of the main package could not link them.
// Build: swift build --package-path Fuzz -c release --sanitize fuzzer --product capaudit-fuzz-loader
// (or capaudit-fuzz-pipeline, capaudit-fuzz-fix, capaudit-fuzz-lsp, capaudit-fuzz-json, capaudit-fuzz-lexers); scripts/fuzz builds and runs all six.
import PackageDescription

let package = Package(
    name: "capaudit-fuzz",
    dependencies: [.package(name: "capaudit", path: "..")],
    targets: [
        .executableTarget(
            name: "capaudit-fuzz-loader",
            dependencies: [.product(name: "YAML", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "capaudit-fuzz-pipeline",
            dependencies: [.product(name: "CapauditKit", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "capaudit-fuzz-lexers",
            dependencies: [.product(name: "SourceScan", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "capaudit-fuzz-fix",
            dependencies: [.product(name: "CapauditKit", package: "capaudit"), .product(name: "YAML", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "capaudit-fuzz-lsp",
            dependencies: [.product(name: "CapauditLSP", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "capaudit-fuzz-json",
            dependencies: [.product(name: "JSON", package: "capaudit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
