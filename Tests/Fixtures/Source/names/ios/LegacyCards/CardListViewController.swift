import UIKit

// The list before the redesign, kept in its own module for the old flow: it redacts nothing.
final class CardListViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Cards"
    }
}
