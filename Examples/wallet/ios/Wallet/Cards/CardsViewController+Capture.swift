import UIKit

extension CardsViewController {
    /// Recording, mirroring and screen sharing see a placeholder instead of the balance.
    func hideBalanceWhileCaptured() {
        registerForTraitChanges([UITraitSceneCaptureState.self]) { (self: Self, _) in
            self.balanceLabel.isHidden = self.traitCollection.sceneCaptureState == .active
        }
    }
}
