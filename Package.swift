// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "capaudit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "capaudit", targets: ["capaudit"]),
        .library(name: "CapauditKit", targets: ["CapauditKit"]),
        .library(name: "YAML", targets: ["YAML"]),
        .library(name: "SourceScan", targets: ["SourceScan"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "CapauditKit", dependencies: ["YAML", "SourceScan"]),
        .target(name: "SourceScan"),
        .executableTarget(name: "capaudit", dependencies: ["CapauditKit"]),
        .executableTarget(name: "capaudit-compile-rules", dependencies: ["CapauditKit"]),
        .executableTarget(name: "capaudit-bench", dependencies: ["CapauditKit", "YAML", "CYAML", "SourceScan"]),
        .target(name: "TestSupport", dependencies: ["CapauditKit"], path: "Tests/TestSupport"),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport", "CapauditKit"]),
        .testTarget(name: "CapauditKitTests", dependencies: ["CapauditKit", "YAML", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CapauditKit", "TestSupport"]),
        .testTarget(name: "SourceScanTests", dependencies: ["SourceScan"]),
        .testTarget(name: "capauditTests", dependencies: ["capaudit"]),  // the executable's own code, by `@testable import capaudit`
    ],
    swiftLanguageModes: [.v6]
)
