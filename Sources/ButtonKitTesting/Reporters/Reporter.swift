#if canImport(Glibc)
import Glibc
#endif

/// What a run looks like to a reporter when it starts.
public struct RunInfo: Sendable {
    /// Spec files in the order they run.
    public var files: [String]
    /// The shuffle seed, when the order is shuffled (printed to replay it).
    public var seed: Int?
    /// 1-based run number and the number of runs (`--repeat`).
    public var run = 1, runs = 1
    /// Tests are listed, not run (`--list`).
    public var listing = false
    /// The tests within files are shuffled (not only the files): busted's
    /// gtest look then names the seed beside each failure.
    public var shufflesTests = false
}

/// Receives a run's events in file order — busted's event set, condensed to
/// what reporters need: suite, file and test starts and ends. Every output
/// format is one of these, so adding a format touches nothing else.
public protocol Reporter: AnyObject {
    /// Reporters that show tests as they start get `testStarted` (workers
    /// send starts only when one wants them).
    var wantsStarts: Bool { get }
    func suiteStarted(_ run: RunInfo)
    func fileStarted(_ file: String)
    func testStarted(_ start: TestStart)
    /// A describe's start or end (JSON: `event`, `id`, `parent`, `element`),
    /// in rich runs, for reporters that want starts.
    func blockEvent(file: String, detail: String)
    func testFinished(_ result: TestResult)
    func fileFinished(_ file: String)
    func suiteFinished(_ summary: TestSummary)
    /// After every run: documents (JUnit, JSON, HTML) are written here.
    func finish(_ total: TestSummary)
}

extension Reporter {
    public var wantsStarts: Bool { false }
    public func suiteStarted(_ run: RunInfo) {}
    public func fileStarted(_ file: String) {}
    public func testStarted(_ start: TestStart) {}
    public func blockEvent(file: String, detail: String) {}
    public func testFinished(_ result: TestResult) {}
    public func fileFinished(_ file: String) {}
    public func suiteFinished(_ summary: TestSummary) {}
    public func finish(_ total: TestSummary) {}
}

/// Where a reporter's text goes: standard output now, or a file written
/// whole when the run ends.
public final class TextOutput {
    public enum Target { case standardOutput, file(String), memory }
    let target: Target
    private var pending = ""
    public private(set) var failure: String?
    /// A confined run's file: what may already be there and be replaced
    /// (nil: anything, as an unconfined run writes).
    private var replaces: WrittenFile?
    /// A file target's folder, opened by `open(in:)`, and the file's name.
    private var place: (Folder, String)?

    /// Text outputs (TAP, the terminals, gtest) write a spec's bytes as
    /// they were, as busted does, even where they are not UTF-8; documents
    /// that must stay valid (JUnit, JSON, HTML) set this false and show
    /// such bytes as U+FFFD (see ByteText).
    public var keepsBytes = true

    public init(_ target: Target) { self.target = target }

    public func write(_ s: String) {
        guard !s.isEmpty else { return }
        switch target {
        case .standardOutput:
            StandardOutput.write(keepsBytes ? ByteText.bytes(s) : Array(ByteText.valid(s).utf8))
        case .file, .memory: pending += s
        }
    }

    /// What was written to a memory target (tests read reporters this way).
    public var text: String { pending }

    /// Opens a file target's folder now, creating the folders it names
    /// (`--junit out/junit.xml` in a fresh clone): the file is written
    /// there at the end, wherever the folder's name leads by then (a spec
    /// may move folders). `tree`: the run is confined, and a file inside
    /// the working tree is kept beneath it, as a confined script's files
    /// are; one outside is the caller's choice.
    /// A file inside is opened beneath the tree; a link in the tree leading
    /// out is refused (`Confinement.outputPlace`), and `kind` says which
    /// file already there is one of ours and may be replaced.
    package func open(in tree: Confinement?, kind: WrittenFile? = nil) {
        guard case .file(let path) = target, place == nil else { return }
        if tree != nil { replaces = kind }
        do {
            switch tree?.outputPlace(path, "report") ?? .outside {
            case .inside:
                place = try tree!.keptFile(path, "report", makingFolders: true)
            case .outside:
                place = (try Folder.open(Files.directory(of: path), creating: true), Files.basename(of: path))
            case .refused(let why):
                failure = why
            }
        } catch {
            failure = "cannot write \(path): \(error)"
        }
    }

    /// What a runner confining itself keeps for this file: its folder, when
    /// it was opened outside the working tree (inside, the tree is kept).
    package var grant: Confinement.Grant? {
        guard let (folder, _) = place, !folder.keepsLinks else { return nil }
        return .writing(folder)
    }

    /// Writes a file target (atomically) into the folder `open(in:)`
    /// opened; reports a failure to write.
    public func close() {
        guard case .file(let path) = target, failure == nil else { return }
        if place == nil { open(in: nil) }
        guard let (folder, name) = place else { return }
        do {
            try replaces?.checkReplaceable(name, in: folder)
            try folder.writeAtomically(keepsBytes ? ByteText.bytes(pending) : Array(ByteText.valid(pending).utf8), to: name)
        } catch {
            failure = "cannot write \(path): \(error)"
        }
    }
}

import ButtonKit
import ButtonKitLua
