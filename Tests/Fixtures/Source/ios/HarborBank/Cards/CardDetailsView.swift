import SwiftUI

struct CardDetailsView: View {
    @Environment(\.isSceneCaptured) private var isSceneCaptured
    let card: Card

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text(card.holder)
            if isSceneCaptured {
                Text("Hidden while your screen is shared")
            } else {
                Text(card.number.formatted(.grouped))
            }
        }
        .padding()
    }
}
