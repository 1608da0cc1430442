import SwiftUI

/// Buttons over backgrounds that are not a plain colour.
struct BackgroundsView: View {
    var body: some View {
        VStack {
            Button("Rounded") { }
                .padding()
                .background(RoundedRectangle(cornerRadius: 8).fill(Color(red: 0, green: 0, blue: 1)))
                .foregroundColor(.white)
            Button("Capsule") { }
                .background(Capsule().fill(.green))
            Button("Glass") { }
                .background(.ultraThinMaterial)
            Button("Sunset") { }
                .background(LinearGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                           startPoint: .top, endPoint: .bottom))
            Button("Closure") { }
                .background {
                    RoundedRectangle(cornerRadius: 12)
                        .fill(Color.orange)
                }
            Button("Shape") { }
                .background(.red, in: Capsule())
            Button("Outline") { }
                .background(RoundedRectangle(cornerRadius: 4).stroke(Color.gray))
        }
    }
}
