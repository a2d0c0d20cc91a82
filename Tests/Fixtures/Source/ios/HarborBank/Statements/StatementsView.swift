import SwiftUI

struct StatementsView: View {
    @Environment(\.isSceneCaptured) private var isSceneCaptured
    let transactions: [Transaction]

    var body: some View {
        List(transactions) { transaction in
            HStack {
                Text(transaction.date, style: .date)
                Spacer()
                Text(isSceneCaptured ? "•••" : transaction.amount.formatted(.currency(code: "EUR")))
            }
        }
    }
}
