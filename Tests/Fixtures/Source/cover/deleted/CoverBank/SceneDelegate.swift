import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coverWindow: UIWindow?

    func sceneWillResignActive(_ scene: UIScene) {
        Analytics.log("scene will resign active")
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        coverWindow?.isHidden = true
        coverWindow = nil
    }
}
