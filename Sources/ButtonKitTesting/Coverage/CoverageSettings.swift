#if canImport(Glibc)
import Glibc
#endif
import ButtonKitLua

/// What `-c`/`--coverage` was asked for on the command line (or in `.busted`).
public struct CoveragePlan: Sendable {
    /// `--coverage-config-file`: luacov settings to read instead of `.luacov`.
    public var configFile: String?
    /// Reports beside luacov's own, in this order.
    public var formats: [CoverageFormat] = []

    public init(configFile: String? = nil, formats: [CoverageFormat] = []) {
        self.configFile = configFile; self.formats = formats
    }
}

/// The reports `--coverage-format` adds to luacov's.
public enum CoverageFormat: String, Sendable, CaseIterable {
    /// `lcov.info`: lcov's tracefile (genhtml, Codecov, Coveralls).
    case lcov
    /// `cobertura.xml`: Cobertura XML (GitLab, Jenkins, Azure).
    case cobertura
    /// `luacov.report.html`: one self-contained page with the source annotated.
    case html

    /// The file written unless `.luacov` names another (lcovfile,
    /// coberturafile, htmlfile).
    var defaultFile: String {
        switch self {
        case .lcov: return "lcov.info"
        case .cobertura: return "cobertura.xml"
        case .html: return "luacov.report.html"
        }
    }

    /// `lcov,html` or repeated values, each a name of this type.
    public static func parse(_ values: [String]) -> (formats: [CoverageFormat], unknown: String?) {
        var out: [CoverageFormat] = []
        for v in values {
            for part in v.split(separator: ",") {
                let name = String(part).lowercased().filter { $0 != " " }
                if name.isEmpty { continue }
                guard let f = CoverageFormat(rawValue: name) else { return (out, String(part)) }
                if !out.contains(f) { out.append(f) }
            }
        }
        return (out, nil)
    }
}

/// luacov's settings after `.luacov` was read (see lua/coverage/config.lua),
/// as text lines `key<TAB>value` (lists repeat the key): the form workers
/// get them in and send them back in. The fields the runner itself needs
/// are read out of it here.
public struct CoverageSettings: Sendable, Equatable {
    /// The text every spec file's state and the report state decode.
    public let text: String
    /// Absolute paths (luacov makes them absolute at start).
    public private(set) var statsfile = "luacov.stats.out"
    public private(set) var reportfile = "luacov.report.out"
    /// `runreport`, and whether `.luacov` set it at all.
    public private(set) var runreport = false
    private(set) var runreportSet = false
    /// A spec called luacov's run_report().
    private(set) var reportAsked = false
    public private(set) var deletestats = false
    private(set) var tick = false
    /// `includeuntestedfiles`: every .lua file under the working folder
    /// (true), or under the folders (and the .lua files) listed.
    private(set) var untestedAll = false
    private(set) var untestedPaths: [String] = []
    private(set) var reporter: String?
    private(set) var files: [CoverageFormat: String] = [:]

    public init(text: String) {
        self.text = text
        for line in text.split(separator: "\n") {
            let f = Record.fields(Array(line.utf8)[...], 9).map(Record.unescape)
            guard f.count >= 2 else { continue }
            let v = f[1]
            switch f[0] {
            case "statsfile": statsfile = v
            case "reportfile": reportfile = v
            case "runreport": runreport = v == "true"
            case "runreport_set": runreportSet = v == "true"
            case "report_asked": reportAsked = v == "true"
            case "deletestats": deletestats = v == "true"
            case "tick": tick = v == "true"
            case "includeuntestedfiles": untestedAll = v == "true"
            case "untested": untestedPaths.append(v)
            case "reporter": reporter = v
            case "lcovfile": files[.lcov] = v
            case "coberturafile": files[.cobertura] = v
            case "htmlfile": files[.html] = v
            default: break
            }
        }
    }

    /// Whether luacov's report is written: when `.luacov` says `runreport =
    /// true`, or a spec's luacov asked (run_report), as luacov decides; a
    /// plain `-c` writes the stats only, as `busted -c` does. (luacov's
    /// command line makes the report from them; `--coverage-format` writes
    /// lcov, Cobertura or HTML without it.)
    var writesReport: Bool { reportAsked || runreport }

    /// Where a format's report goes.
    func file(for format: CoverageFormat) -> String { files[format] ?? format.defaultFile }

    /// Reads the settings: `configFile`, or LUACOV_CONFIG / `.luacov` in the
    /// working folder (none: luacov's defaults). `busted`: the run is `-c`
    /// (busted's own excludes apply too). The message is luacov's when the
    /// file cannot be read, compiled or run.
    /// The state that read them is returned too: the report uses it again.
    static func load(configFile: String?, busted: Bool, in confined: ConfinedRun) -> Result<(CoverageSettings, CoverageLua), CoverageError> {
        do {
            let lua = try CoverageLua(in: confined)
            let text = try lua.load(path: configFile, cwd: currentDirectory(), busted: busted)
            return .success((CoverageSettings(text: text), lua))
        } catch {
            return .failure(CoverageError(message: CoverageLua.firstPart(error)))
        }
    }

    static func currentDirectory() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return "." }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A coverage step that failed: the message says which file and why.
public struct CoverageError: Error, Sendable {
    public let message: String
}
