import UIKit

/// Screens that may cover themselves when the scene resigns active: a declaration, no body.
@objc protocol BackgroundCovering {
    @objc optional func sceneWillResignActive(_ scene: UIScene)
    @objc optional func sceneDidEnterBackground(_ scene: UIScene)
}

final class ProfileViewController: UIViewController, BackgroundCovering {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
    }
}
