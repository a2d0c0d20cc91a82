import UIKit

open class ShieldedViewController: UIViewController {
    open override func viewDidLoad() {
        super.viewDidLoad()
        registerForTraitChanges([UITraitSceneCaptureState.self]) { (self: Self, _) in
            self.view.isHidden = self.traitCollection.sceneCaptureState == .active
        }
    }
}
