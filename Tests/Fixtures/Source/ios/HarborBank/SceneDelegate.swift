import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var cover: UIView?

    /// Covers the window before the system takes the app switcher snapshot.
    func sceneWillResignActive(_ scene: UIScene) {
        guard let window, cover == nil else { return }
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        view.frame = window.bounds
        window.addSubview(view)
        cover = view
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        cover?.removeFromSuperview()
        cover = nil
    }
}
