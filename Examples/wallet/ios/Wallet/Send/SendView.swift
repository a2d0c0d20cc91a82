import SwiftUI

struct SendView: View {
    @Environment(\.isSceneCaptured) private var isSceneCaptured
    @State private var amount = ""
    let balance: Decimal

    var body: some View {
        Form {
            Text(isSceneCaptured ? "Balance hidden while your screen is shared" : balance.formatted(.currency(code: "EUR")))
            TextField("Amount", text: $amount)
            Button("Send", action: send)
                .disabled(isSceneCaptured)
        }
    }

    private func send() {}
}
