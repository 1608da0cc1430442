import SwiftUI

/// Titles that are not a plain literal: each is read as far as the source allows.
struct TitlesView: View {
    @State private var count = 0
    @State private var running = false
    var name: String

    var body: some View {
        List {
            Button(LocalString.ticket_buy) { }
            Button { } label: { Text("ticket.count-\(count)") }
            Button { } label: { Text("Hello \(name)") }
            Button { } label: { RowLabel(title: "Row", icon: "star") }
            Button { } label: { makeLabel("ticket.buy") }
            Button(running ? "Stop" : "Start") { }
            Button(name.isEmpty ? "Add" : "Edit") { }
        }
    }

    func makeLabel(_ text: LocalizedStringKey) -> some View {
        Text(text)
    }
}

/// A label view of the app: what it shows comes from its arguments.
struct RowLabel: View {
    let title: String
    let icon: String

    var body: some View {
        HStack {
            Image(systemName: icon)
            Text(title)
        }
    }
}
