import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let cover = UIView()

    /// The app switcher snapshot shows the cover, never the balances.
    func sceneDidEnterBackground(_ scene: UIScene) {
        guard let window else { return }
        cover.frame = window.bounds
        cover.backgroundColor = .systemBackground
        window.addSubview(cover)
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        cover.removeFromSuperview()
    }
}
