/// Counts the host memory a picture (or a page of pictures) holds while it
/// is drawn, so the drawing can be held to the memory ceiling.
///
/// Why: a picture grows with what a script handed the model (titles, ids,
/// a radio group's values), and it is built in host memory, which the Lua
/// allocator never sees. Counting it only once the finished string is
/// handed to Lua is too late: a radio group of 400 long-titled members
/// made a 100 MB picture, about 320 MB of host memory, under a 30 MB
/// ceiling (issue 27). The caller says how far the drawing may grow (the
/// `grow` closure charges what it is told and answers whether the ceiling
/// still holds); every builder adds each piece as it appends it and stops
/// adding pieces once the meter refused, and the caller then discards the
/// unfinished picture and reports the ceiling.
///
/// Each drawn byte is counted `bytesPerByte` times: the string's spare
/// capacity as it doubles, and the copy the finished document makes
/// (measured: a 25 MB picture took 80 MB of the process, the Lua copy
/// included, which its own allocator counts).
public final class PictureMeter {
    /// Host bytes counted for each byte a picture appends.
    public static let bytesPerByte = 3

    /// Bytes counted so far (the caller gives them back once the picture
    /// is no longer held).
    public private(set) var held = 0
    /// Whether the meter refused: the picture is unfinished.
    public private(set) var stopped = false
    private let grow: (Int) -> Bool

    /// A meter that charges through `grow`: called with the bytes a piece
    /// adds, it answers false once they no longer fit.
    public init(_ grow: @escaping (Int) -> Bool) { self.grow = grow }

    /// Counts `piece`, about to be appended; false once the meter has
    /// refused (this piece or an earlier one), when drawing should stop.
    @discardableResult
    public func add(_ piece: String) -> Bool {
        guard !stopped else { return false }
        let n = piece.utf8.count * Self.bytesPerByte
        held += n
        if !grow(n) { stopped = true }
        return !stopped
    }
}

extension Optional where Wrapped == PictureMeter {
    /// `add` on a meter that may be absent (no meter: always room).
    @discardableResult
    func add(_ piece: String) -> Bool { self?.add(piece) ?? true }

    /// Whether a meter refused.
    var stopped: Bool { self?.stopped ?? false }
}
