import SwiftUI

struct ProfileView: View {
    let person: Person

    var body: some View {
        List {
            Text(person.name)
            Text(person.email)
        }
    }
}
