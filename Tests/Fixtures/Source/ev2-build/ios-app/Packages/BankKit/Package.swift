// swift-tools-version:5.9
import PackageDescription

// A package the app uses: its platforms are the package's, never the app's deployment target.
let package = Package(
    name: "BankKit",
    platforms: [.iOS(.v12)],
    products: [.library(name: "BankKit", targets: ["BankKit"])],
    targets: [.target(name: "BankKit")]
)
