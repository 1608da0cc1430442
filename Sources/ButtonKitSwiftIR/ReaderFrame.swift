/// The pipe protocol between ButtonKit and the Swift reader: each message
/// is `id:u32le length:u32le bytes`. ButtonKit sends one per file (its
/// source), the reader answers one per file (its encoded IR) with the same
/// id, in the order it finishes them.
public enum ReaderFrame {
    /// The largest message accepted either way (a file is at most 32 MB; its
    /// IR a few times that).
    public static let maxLength = 256 * 1024 * 1024

    /// The 8-byte header of a message.
    public static func header(id: UInt32, length: Int) -> [UInt8] {
        let l = UInt32(truncatingIfNeeded: length)
        return [UInt8(id & 0xFF), UInt8((id >> 8) & 0xFF), UInt8((id >> 16) & 0xFF), UInt8(id >> 24),
                UInt8(l & 0xFF), UInt8((l >> 8) & 0xFF), UInt8((l >> 16) & 0xFF), UInt8(l >> 24)]
    }

    /// The id and length in a header (at least 8 bytes from `at`).
    public static func parse(_ b: [UInt8], at i: Int) -> (id: UInt32, length: Int) {
        let id = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
        let l = UInt32(b[i + 4]) | UInt32(b[i + 5]) << 8 | UInt32(b[i + 6]) << 16 | UInt32(b[i + 7]) << 24
        return (id, Int(l))
    }
}
