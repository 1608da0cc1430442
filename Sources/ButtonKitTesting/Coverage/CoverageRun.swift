#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// Coverage over one `buttonkit test` run, in the runner: the counts every
/// worker sends at the end of its spec file (any number of workers, any
/// shard), added up; at the end of the run, luacov's stats file (added to
/// the one already there, as luacov does), luacov's report and the formats
/// asked for.
///
/// Counting starts either with `-c` (the settings are read before any
/// spec runs) or when a spec requires luacov (the worker announces the
/// settings its luacov module runs with).
public final class CoverageRun {
    let plan: CoveragePlan?
    let settings: CoverageSettings?
    /// The command's run: its tree under `--sandbox` (nil: not confined)
    /// decides which coverage files may be read and written, and the
    /// settings file runs in a state over it.
    let confined: ConfinedRun
    var tree: Confinement? { confined.tree }
    var sandboxed: Bool { confined.isConfined }
    /// The state that read the settings, kept for the report.
    private var lua: CoverageLua?
    /// The settings a spec's luacov module ran with (the last one heard).
    private var announced: CoverageSettings?
    public private(set) var stats = CoverageStats()
    private var heard = false
    /// The run's spec files, as the stats name files.
    var specs: Set<String> = []

    /// Names the run's spec files the way luacov names loaded files
    /// ("./spec/x.lua" is "spec/x.lua").
    func specFiles(_ files: [String]) {
        specs = Set(files.map { f in
            PathText.replacing("\\", with: "/", in: PathText.droppingDotSlash(f))
        })
    }

    /// `plan` and `settings`: the run is `-c`; nil for a run that only
    /// listens for specs requiring luacov.
    init(plan: CoveragePlan?, settings: CoverageSettings?, confined: ConfinedRun) {
        self.plan = plan; self.settings = settings; self.confined = confined
    }

    /// Reads the settings for a `-c` run; the error names the file and why.
    static func start(_ plan: CoveragePlan, confined: ConfinedRun) -> Result<CoverageRun, CoverageError> {
        switch CoverageSettings.load(configFile: plan.configFile, busted: true, in: confined) {
        case .success(let (s, lua)):
            let run = CoverageRun(plan: plan, settings: s, confined: confined)
            run.lua = lua
            return .success(run)
        case .failure(let e):
            return .failure(e)
        }
    }

    /// A worker's counts for one file.
    func add(_ file: String, counts: [Int: Int]) {
        heard = true
        stats.add(file, counts: counts)
    }

    /// A worker's luacov module announced its settings.
    func announce(_ text: String) {
        heard = true
        announced = CoverageSettings(text: text)
    }

    /// Saves and reports; false when something could not be written (each
    /// problem is a note).
    func finish(note: (String) -> Void) -> Bool {
        guard let s = announced ?? settings, settings != nil || heard else { return true }
        if s.tick { note("buttonkit: coverage: 'tick' has no effect: the runner saves the counts when the run ends") }
        // Said only when a report is written at all (`runreport`): luacov
        // writes none otherwise, whatever reporter is named.
        if let r = s.reporter, s.writesReport {
            note("buttonkit: coverage: reporter '\(r)' is not supported; luacov's default report is written")
        }
        // A sandboxed run's scripts chose these names (`.luacov`, or a spec
        // calling luacov.runner.init): they are read, written and deleted
        // only inside the working tree.
        let formats = plan?.formats ?? []
        let files = CoverageFiles(tree: tree)
        if let tree = files.tree {
            let paths = [s.statsfile] + (s.writesReport ? [s.reportfile] : []) + formats.map { s.file(for: $0) }
            if let outside = paths.first(where: { !tree.allowsKeeping($0) }) {
                note("buttonkit: coverage: '\(outside)' is outside the working tree; a sandboxed run reads and writes coverage files only inside it")
                return false
            }
        }
        // luacov adds to the stats file already there.
        var all = CoverageStats.load(s.statsfile, files) ?? CoverageStats()
        all.merge(stats)
        if let why = files.write(all.serialized, to: s.statsfile) {
            note("buttonkit: coverage: cannot write \(s.statsfile): \(why)")
            return false
        }
        guard s.writesReport || !formats.isEmpty else { return true }
        let report: CoverageReport
        do {
            let lua: CoverageLua
            if let kept = self.lua { lua = kept } else { lua = try CoverageLua(in: nil) }
            try lua.use(s.text)
            report = try CoverageReport.build(all, lua: lua, settings: s, specs: specs, files: files)
        } catch {
            note("buttonkit: coverage: cannot make the report: \(CoverageLua.firstPart(error))")
            return false
        }
        for p in report.problems { note(p) }
        var ok = true
        func write(_ bytes: [UInt8], _ path: String) {
            if let why = files.write(bytes, to: path) {
                note("buttonkit: coverage: cannot write \(path): \(why)")
                ok = false
            }
        }
        if s.writesReport {
            write(report.luacovText, s.reportfile)
            if s.deletestats && ok { files.remove(s.statsfile) }
        }
        for f in formats {
            let path = s.file(for: f)
            switch f {
            case .lcov: write(Array(report.lcov.utf8), path)
            case .cobertura:
                var ts = timespec()
                clock_gettime(CLOCK_REALTIME, &ts)
                let ms = Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
                write(Array(report.cobertura(source: CoverageSettings.currentDirectory(), timestamp: ms).utf8), path)
            case .html: write(Array(report.html(title: "Coverage", timestamp: Clock.isoNow() + "Z").utf8), path)
            }
        }
        return ok
    }

    /// In a worker, after its spec file: the settings its luacov module
    /// announced, then the counts of every counted file.
    static func records(_ L: OpaquePointer) -> [Record] {
        var out: [Record] = []
        if let text = bk_coverage_config(L) { out.append(.coverageConfig(String(cString: text))) }
        for i in 0..<bk_coverage_file_count(L) {
            var len = 0
            var counts: UnsafePointer<UInt64>?
            var max: Int32 = 0
            guard let key = bk_coverage_file(L, i, &len, &counts, &max), let counts, max > 0 else { continue }
            var lines: [Int: Int] = [:]
            for line in 1...Int(max) where counts[line] > 0 { lines[line] = Int(clamping: counts[line]) }
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: len).bindMemory(to: UInt8.self), as: UTF8.self)
            out.append(.coverage(file: name, counts: lines))
        }
        return out
    }
}
