import UIKit
import ScreenShield

/// Redaction comes from ScreenShield's base class, which observes sceneCaptureState.
final class TransferViewController: ShieldedViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let hint = "redacted while isSceneCaptured is true"
        accessibilityHint = hint
    }
}
