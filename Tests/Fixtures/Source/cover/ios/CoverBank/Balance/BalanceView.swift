import SwiftUI

/// Covers the balance while the scene is inactive or in the background: a state flag that the
/// view's body reads.
struct BalanceView: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var isCovered = false
    let balance: String

    var body: some View {
        ZStack {
            Text(balance).font(.largeTitle)
            if isCovered {
                Color(.systemBackground).ignoresSafeArea()
            }
        }
        .onChange(of: scenePhase) { _, phase in
            isCovered = phase == .inactive || phase == .background
        }
    }
}
