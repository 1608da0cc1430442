import SwiftUI

/// The app's own style: brand background, white text, dimmed while pressed.
struct CapsuleStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 20)
            .foregroundColor(.white)
            .background(Palette.brand)
            .clipShape(Capsule())
            .opacity(configuration.isPressed ? 0.5 : 1)
    }
}
