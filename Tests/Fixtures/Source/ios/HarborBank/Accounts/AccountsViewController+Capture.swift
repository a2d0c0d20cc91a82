import UIKit

/// Hides the balances while the screen is recorded, mirrored or shared.
extension AccountsViewController {
    func observeCaptureState() {
        registerForTraitChanges([UITraitSceneCaptureState.self]) { (self: Self, _) in
            self.applyCaptureState()
        }
        applyCaptureState()
    }

    private func applyCaptureState() {
        let captured = traitCollection.sceneCaptureState == .active
        balanceLabel.isHidden = captured
        accountNumberLabel.isHidden = captured
    }
}
