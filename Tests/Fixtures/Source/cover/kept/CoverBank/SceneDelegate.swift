import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coverWindow: UIWindow?

    func sceneWillResignActive(_ scene: UIScene) {
        guard let scene = scene as? UIWindowScene else { return }
        let cover = UIWindow(windowScene: scene)
        cover.rootViewController = CoverViewController()
        cover.windowLevel = .alert + 1
        cover.makeKeyAndVisible()
        coverWindow = cover
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        coverWindow?.isHidden = true
        coverWindow = nil
    }
}
