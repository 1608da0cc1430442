import SwiftUI

struct SettingsView: View {
    var body: some View {
        NavigationStack {
            List {
                Button("Sign out") { }
                    .foregroundStyle(.red)
                Menu("More") {
                    Button("Export") { }
                }
                ShareLink(item: URL(string: "https://example.com")!)
            }
            .toolbar {
                Button { } label: { Image(systemName: "gear") }
            }
        }
        .preferredColorScheme(.dark)
    }
}
