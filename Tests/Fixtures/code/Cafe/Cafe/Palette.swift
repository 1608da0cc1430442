import SwiftUI

enum Palette {
    static let brand = Color(red: 0.8, green: 0.3, blue: 0.1)
}
