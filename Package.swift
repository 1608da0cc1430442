// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ButtonKit",
    products: [
        .library(name: "ButtonKit", targets: ["ButtonKit"]),
    ],
    targets: [
        .target(name: "ButtonKit"),
        .testTarget(name: "ButtonKitTests", dependencies: ["ButtonKit"]),
    ],
    swiftLanguageModes: [.v6]
)
