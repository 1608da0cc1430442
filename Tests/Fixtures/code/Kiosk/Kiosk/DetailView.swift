import SwiftUI

struct DetailView: View {
    let id: Int

    var body: some View {
        Button("Back") { }
    }
}

struct SeatView: View {
    var body: some View {
        Text("Seat 12A")
    }
}
