import UIKit

final class CardListViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        registerForTraitChanges([UITraitSceneCaptureState.self]) { (self: Self, _) in
            self.tableView.isHidden = self.traitCollection.sceneCaptureState == .active
        }
    }
}
