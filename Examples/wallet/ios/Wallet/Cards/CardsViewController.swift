import UIKit

final class CardsViewController: UIViewController {
    let balanceLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Cards")
        hideBalanceWhileCaptured()
    }
}
