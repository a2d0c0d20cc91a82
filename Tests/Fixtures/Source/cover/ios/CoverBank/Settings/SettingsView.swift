import SwiftUI

/// Saves on the way to the background and sets a flag that its body never reads: no cover.
struct SettingsView: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var wasBackgrounded = false
    @ObservedObject var store: SettingsStore

    var body: some View {
        Form {
            Toggle("Notifications", isOn: $store.notifications)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background {
                store.save()
                wasBackgrounded = true
            }
        }
    }
}
