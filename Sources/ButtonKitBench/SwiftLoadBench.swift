#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Loading an app's Swift code (issue 24), side by side in one run: the
/// toolchain's SwiftParser alone on the same files (`buttonkit-swift-reader
/// --time`, one process) against a cold `buttonkit scan` (no IR cache) and
/// a warm one (the IR of every file in the tree's `.buttonkit/swift-ir/`),
/// on the repository's example apps and on a generated app of 3,000 files
/// and 300,000 lines (written to a temporary folder, removed after). CPU
/// time counts the reader processes too (wait4 reports the whole tree),
/// so CPU over wall shows whether both cores were used; peak RSS is the
/// largest process of the tree.
enum SwiftLoadBench {
    static let files = 3_000
    static let linesPerFile = 100

    /// One spawned command's cost.
    typealias Cost = Timing.Cost

    static func run(buttonkit: String, reader: String, examples: String) throws {
        print("\n== Swift load (issue 24): SwiftParser alone vs cold and warm buttonkit scan")
        print("   cold: no IR cache (.buttonkit/ removed); warm: second scan of unchanged files; CPU includes the reader processes")
        print("   parser alone: buttonkit-swift-reader --time over the same files, one process")
        Table.line(["measure", "buttonkit", "baseline", "ratio", "target", ""], verdict: "")
        if Files.isDirectory(examples) {
            for name in Files.list(examples).sorted() where Files.isDirectory(examples + "/" + name) {
                measure(app: name, in: examples, buttonkit: buttonkit, reader: reader, synthetic: false)
            }
        }
        let tmp = try temporaryFolder("bk-swift-bench")
        defer { _ = Timing.spawn(["rm", "-rf", tmp]) }
        let t0 = Timing.now()
        try generate(into: tmp + "/Synthetic")
        print("   (generated Synthetic: \(files) files, \(files * linesPerFile) lines in \(Table.fmt(Timing.now() - t0)) s)")
        measure(app: "Synthetic", in: tmp, buttonkit: buttonkit, reader: reader, synthetic: true)
    }

    static func measure(app: String, in root: String, buttonkit: String, reader: String, synthetic: Bool) {
        let swift = swiftFiles(root + "/" + app)
        guard !swift.isEmpty else { print("\n-- \(app): no Swift files, skipped"); return }
        // The page cache holds the files for every side alike.
        _ = spawn(["cat"] + swift.prefix(1), in: root)
        let parser = spawn([reader, "--time"] + swift, in: root)
        let scan = [buttonkit, "scan", "--timeout", "0", app]
        _ = Timing.spawn(["rm", "-rf", root + "/.buttonkit"])
        let cold = spawn(scan, in: root)
        let warm = spawn(scan, in: root)
        _ = Timing.spawn(["rm", "-rf", root + "/.buttonkit"])
        let failed = cold.status != 0 || warm.status != 0 || parser.status != 0
        print("\n-- \(app): \(swift.count) Swift files\(failed ? " (a command FAILED: status \(parser.status)/\(cold.status)/\(warm.status))" : "")")
        func s(_ c: Cost) -> String { Table.fmt(c.wall, 2) + " s" }
        Table.row("wall", s(cold), baseline: s(parser) + " parser", ratio: Table.x(cold.wall / parser.wall),
                  target: "<= 1.5x", ok: cold.wall <= 1.5 * parser.wall)
        Table.row("CPU (all processes)", Table.fmt(cold.cpu, 2) + " s", baseline: Table.fmt(parser.cpu, 2) + " s parser",
                  ratio: Table.x(cold.cpu / parser.cpu), target: "", ok: nil)
        Table.row("cold: cores used (CPU / wall)", Table.fmt(cold.cores, 2), baseline: Table.fmt(parser.cores, 2) + " parser",
                  target: "~2", ok: nil)
        Table.row("warm wall", s(warm), baseline: s(cold) + " cold", ratio: Table.x(warm.wall / cold.wall),
                  target: "<= 0.1x", ok: warm.wall <= 0.1 * cold.wall)
        Table.row("warm CPU", Table.fmt(warm.cpu, 2) + " s", baseline: Table.fmt(cold.cpu, 2) + " s cold",
                  ratio: Table.x(warm.cpu / cold.cpu), ok: nil)
        Table.row("peak RSS (largest process), cold", Table.fmt(cold.peakMB, 0) + " MB", baseline: Table.fmt(parser.peakMB, 0) + " MB parser",
                  target: synthetic ? "<= 400 MB" : "", ok: synthetic ? cold.peakMB <= 400 : nil)
        Table.row("peak RSS, warm", Table.fmt(warm.peakMB, 0) + " MB", ok: nil)
        if synthetic {
            Table.row("cold wall, 3,000 files", s(cold), target: "<= 30 s", ok: cold.wall <= 30)
            Table.row("warm wall, 3,000 files", s(warm), target: "<= 2 s", ok: warm.wall <= 2)
        }
    }

    static func spawn(_ argv: [String], in dir: String) -> Cost { Timing.measure(argv, in: dir) }

    /// An app as apps are written: 30 feature folders of 100 view
    /// controllers, each making buttons in a lazy var, a factory and
    /// `viewDidLoad` from the app's constants and string table, with
    /// ordinary code around them (models, layout, a table data source), so
    /// both the parser and the rules have a real file's work.
    static func generate(into app: String) throws {
        try make(app)
        try write(app + "/Theme.swift", """
            import UIKit

            enum Theme {
                static let accent = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1.0)
                static let pressed = accent.withAlphaComponent(0.6)
                static let radius: CGFloat = 12
                static let titleFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
            }

            """)
        var strings = ""
        for f in 0..<files - 1 {
            let folder = app + "/Feature\(f / 100)"
            if f % 100 == 0 { try make(folder) }
            strings += "\"screen\(f).buy\" = \"Buy \(f)\";\n"
            try write(folder + "/Screen\(f)ViewController.swift", screen(f))
        }
        try make(app + "/en.lproj")
        try write(app + "/en.lproj/Localizable.strings", strings)
    }

    /// One generated file of exactly `linesPerFile` lines.
    static func screen(_ f: Int) -> String {
        var lines: [String] = [
            "import UIKit",
            "",
            "struct Item\(f): Equatable {",
            "    let id: Int",
            "    let name: String",
            "    var price: Double",
            "    var isFavourite = false",
            "}",
            "",
            "final class Screen\(f)ViewController: UIViewController, UITableViewDataSource {",
            "    private var items: [Item\(f)] = []",
            "    private let tableView = UITableView(frame: .zero, style: .plain)",
            "",
            "    private lazy var buyButton: UIButton = {",
            "        let b = UIButton(type: .system)",
            "        b.setTitle(NSLocalizedString(\"screen\(f).buy\", comment: \"\"), for: .normal)",
            "        b.setTitleColor(.white, for: .normal)",
            "        b.setTitleColor(Theme.pressed, for: .highlighted)",
            "        b.backgroundColor = Theme.accent",
            "        b.layer.cornerRadius = Theme.radius",
            "        b.titleLabel?.font = Theme.titleFont",
            "        b.accessibilityIdentifier = \"buy\(f)\"",
            "        b.addTarget(self, action: #selector(buy), for: .touchUpInside)",
            "        return b",
            "    }()",
            "",
            "    private let closeButton = UIButton(type: .close)",
            "",
            "    override func viewDidLoad() {",
            "        super.viewDidLoad()",
            "        view.addSubview(tableView)",
            "        view.addSubview(buyButton)",
            "        view.addSubview(closeButton)",
            "        let share = makeButton(title: \"Share\", color: .systemBlue)",
            "        view.addSubview(share)",
            "        closeButton.addTarget(self, action: #selector(close), for: .touchUpInside)",
            "        tableView.dataSource = self",
            "        layout()",
            "    }",
            "",
            "    private func makeButton(title: String, color: UIColor) -> UIButton {",
            "        var c = UIButton.Configuration.filled()",
            "        c.title = title",
            "        c.baseBackgroundColor = color",
            "        c.cornerStyle = .capsule",
            "        return UIButton(configuration: c)",
            "    }",
            "",
            "    private func layout() {",
            "        buyButton.translatesAutoresizingMaskIntoConstraints = false",
            "        NSLayoutConstraint.activate([",
            "            buyButton.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),",
            "            buyButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),",
            "            buyButton.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),",
            "            buyButton.heightAnchor.constraint(equalToConstant: 50),",
            "        ])",
            "    }",
            "",
            "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }",
            "",
            "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "        let cell = tableView.dequeueReusableCell(withIdentifier: \"cell\", for: indexPath)",
            "        let item = items[indexPath.row]",
            "        cell.textLabel?.text = \"\\(item.name) — \\(String(format: \"%.2f\", item.price))\"",
            "        return cell",
            "    }",
            "",
            "    private func total() -> Double {",
            "        var sum = 0.0",
            "        for item in items where item.isFavourite {",
            "            sum += item.price",
            "        }",
            "        return sum",
            "    }",
            "",
            "    @objc private func buy() {",
            "        guard !items.isEmpty else { return }",
            "        items = items.map { var i = $0; i.isFavourite = true; return i }",
            "        print(total())",
            "    }",
            "",
            "    @objc private func close() {",
            "        dismiss(animated: true)",
            "    }",
            "}",
        ]
        var k = 0
        while lines.count < linesPerFile {
            lines.append("// A note on screen \(f), line \(k): the figures above are the generated app's, not a real one's.")
            k += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Files (the bench's own, plain POSIX)

    /// The `.swift` files beneath `dir`, skipping what a folder load skips by name.
    static func swiftFiles(_ dir: String) -> [String] {
        var out: [String] = []
        for name in Files.list(dir) where !name.hasPrefix(".") && name != "Pods" && !name.hasSuffix("Tests") {
            let p = dir + "/" + name
            if name.hasSuffix(".swift") { out.append(p) } else if Files.isDirectory(p) { out += swiftFiles(p) }
        }
        return out
    }

    static func temporaryFolder(_ prefix: String) throws(UsageError) -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw UsageError("mkdtemp failed") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func make(_ dir: String) throws(UsageError) {
        guard mkdir(dir, 0o755) == 0 || errno == EEXIST else { throw UsageError("cannot make \(dir)") }
    }

    static func write(_ path: String, _ text: String) throws(UsageError) {
        guard let f = fopen(path, "w") else { throw UsageError("cannot write \(path)") }
        defer { fclose(f) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, f) == bytes.count else { throw UsageError("cannot write \(path)") }
    }
}
