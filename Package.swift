// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "capaudit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "capaudit", targets: ["capaudit"]),
        .library(name: "CapauditKit", targets: ["CapauditKit"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "YAML", targets: ["YAML"]),
        .library(name: "CapauditLSP", targets: ["CapauditLSP"]),
        .library(name: "SourceScan", targets: ["SourceScan"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "YAML", dependencies: ["CYAML"]),
        // Every system call that differs between Linux and Darwin, and every name of a C library module.
        .target(name: "SystemInterface"),
        // JSON text read and written strictly: reports, baselines, and the language server's messages.
        .target(name: "JSON"),
        .target(name: "CapauditKit", dependencies: ["YAML", "JSON", "SourceScan", "SystemInterface"]),
        .target(name: "SourceScan", dependencies: ["SystemInterface"]),
        // `capaudit lsp`: the Language Server Protocol over standard input and output.
        .target(name: "CapauditLSP", dependencies: ["CapauditKit", "JSON", "YAML", "SystemInterface"]),
        .executableTarget(name: "capaudit", dependencies: ["CapauditKit", "CapauditLSP", "JSON", "SystemInterface"]),
        .executableTarget(name: "capaudit-compile-rules", dependencies: ["CapauditKit"]),
        .executableTarget(name: "capaudit-bench", dependencies: ["CapauditKit", "CapauditLSP", "JSON", "YAML", "CYAML", "SourceScan", "SystemInterface"]),
        .target(name: "TestSupport", dependencies: ["CapauditKit", "SystemInterface"], path: "Tests/TestSupport"),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport", "CapauditKit", "JSON"]),
        .testTarget(name: "CapauditKitTests", dependencies: ["CapauditKit", "YAML", "JSON", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CapauditKit", "JSON", "TestSupport", "SystemInterface"]),
        .testTarget(name: "CapauditLSPTests", dependencies: ["CapauditLSP", "CapauditKit", "JSON", "YAML", "TestSupport"]),
        .testTarget(name: "SourceScanTests", dependencies: ["SourceScan"]),
        .testTarget(name: "SystemInterfaceTests", dependencies: ["SystemInterface"]),
        .testTarget(name: "capauditTests", dependencies: ["capaudit", "TestSupport"]),  // the executable's own code, by `@testable import capaudit`
    ],
    swiftLanguageModes: [.v6]
)
