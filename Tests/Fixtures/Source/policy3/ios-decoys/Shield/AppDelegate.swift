import UIKit

// Declares the requirement and allows every extension: neither refuses custom keyboards.
protocol ExtensionPolicy {
    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, ExtensionPolicy {
    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool {
        print("extension point \(extensionPointIdentifier.rawValue) allowed")
        return true
    }
}
