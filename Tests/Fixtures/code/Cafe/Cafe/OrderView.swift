import SwiftUI

/// The order screen: every Button form the reader knows.
struct OrderView: View {
    @State private var sugar = false
    @State private var loading = false

    var body: some View {
        VStack(spacing: 12) {
            Button("order.buy") { buy() }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("buy")
            Button("Delete", role: .destructive) { }
                .buttonStyle(.bordered)
            Button("Share", systemImage: "square.and.arrow.up") { }
            Button(action: close) {
                Image(systemName: "xmark")
            }
            .accessibilityIdentifier("close")
            Button {
                favourite()
            } label: {
                Label("Favourite", systemImage: "heart")
            }
            .tint(.pink)
            Button(action: {}) {
                HStack {
                    Image(systemName: "cart")
                    Text("Basket")
                }
            }
            .buttonStyle(.plain)
            .font(.system(size: 15, weight: .semibold))
            Toggle("Sugar", isOn: $sugar)
                .toggleStyle(.button)
            Link("Help", destination: URL(string: "https://example.com")!)
            HStack {
                Button("Small") { }
                    .controlSize(.small)
                    .buttonBorderShape(.capsule)
                Button("Off") { }
                    .disabled(true)
            }
            .buttonStyle(.bordered)
            .tint(Palette.brand)
            Button("Theme") { }
                .foregroundColor(theme.accent)
            footer
        }
        .font(.headline)
    }

    /// A helper the body uses.
    @ViewBuilder var footer: some View {
        Button("Pay") { }
            .buttonStyle(CapsuleStyle())
            .frame(width: 120, height: 44)
            .position(x: 100, y: 700)
            .accessibilityLabel("Pay for the order")
    }

    func buy() {}
    func close() {}
    func favourite() {}
}
