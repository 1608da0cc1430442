import SwiftUI

/// A view whose buttons depend on its arguments: its previews give them.
struct TicketView: View {
    var title: String
    var isLocked: Bool
    var accent: Color = .blue

    var body: some View {
        NavigationStack {
            VStack {
                Button(title) { }
                    .disabled(isLocked)
                    .tint(accent)
                    .accessibilityIdentifier("ticket")
                NavigationLink("Details", destination: DetailView(id: 3))
                NavigationLink(destination: DetailView(id: 1).navigationTitle("One")) {
                    Label("Info", systemImage: "info.circle")
                }
                NavigationLink {
                    DetailView(id: 2)
                } label: {
                    Text("More")
                }
                NavigationLink("Seat") { SeatView() }
                NavigationLink("Pick", value: 4)
            }
        }
    }
}

#Preview("Locked ticket") {
    TicketView(title: "Ride", isLocked: true, accent: .orange)
}

#Preview {
    TicketView(title: "Walk", isLocked: false)
        .preferredColorScheme(.dark)
}

#if DEBUG
struct TicketView_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            TicketView(title: "Fly", isLocked: false)
        }
    }
}
#endif
