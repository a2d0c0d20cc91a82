import UIKit

final class AccountsViewController: UIViewController {
    let balanceLabel = UILabel()
    let accountNumberLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Accounts")
        observeCaptureState()
    }
}
