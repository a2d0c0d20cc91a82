import WatchKit

/// The watch app's delegate: its lifecycle methods share the iOS names and cover nothing.
final class ExtensionDelegate: NSObject, WKApplicationDelegate {
    func applicationWillResignActive() {
        WorkoutSession.shared.pause()
    }

    func applicationDidEnterBackground() {
        scheduleRefresh()
    }

    private func scheduleRefresh() {
        WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: .now + 900, userInfo: nil) { _ in }
    }
}
