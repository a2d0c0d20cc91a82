import OSLog
import UIKit

/// Listens for the background, but only logs and saves: nothing covers the statements.
final class StatementsViewController: UIViewController {
    private var observers: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
            Logger().info("statements went to the background")
            self?.saveScrollPosition()
        })
    }

    private func saveScrollPosition() {
        UserDefaults.standard.set(0, forKey: "statements.offset")
    }
}
