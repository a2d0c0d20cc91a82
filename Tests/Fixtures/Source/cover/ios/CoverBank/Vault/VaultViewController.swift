import UIKit

/// Covers the vault when the app leaves the foreground: a selector method registered for the
/// notification, as most UIKit apps do it.
final class VaultViewController: UIViewController {
    private let cover = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        cover.backgroundColor = .systemBackground
        NotificationCenter.default.addObserver(
            self, selector: #selector(showCover), name: UIApplication.willResignActiveNotification, object: nil)
        NotificationCenter.default.addObserver(
            self, selector: #selector(hideCover), name: UIApplication.didBecomeActiveNotification, object: nil)
    }

    @objc private func showCover() {
        cover.frame = view.bounds
        view.addSubview(cover)
    }

    @objc private func hideCover() {
        cover.removeFromSuperview()
    }
}
