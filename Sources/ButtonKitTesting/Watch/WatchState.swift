import ButtonKit

/// What watch mode remembers between runs, and how it decides what a change
/// reruns first. Pure bookkeeping (no files, no processes), so the rules are
/// tested on their own.
///
/// Dependencies come from the spec files themselves: in watch mode each
/// worker reports the real paths of the files its spec file loaded with
/// `require`, `dofile` and `loadfile` (helpers included), and a spec file
/// depends on those and on itself. A change reruns the spec files that
/// depend on a changed file first, then the rest: a module's own specs
/// answer within moments, the whole suite still guards against what the
/// tracking cannot see (a file read with io.open, a C module).
struct WatchState {
    /// Real paths each spec file loaded in its last run that reported them.
    private(set) var loads: [String: Set<String>] = [:]
    /// Each spec file's real path, by the name discovery gives it.
    private(set) var real: [String: String] = [:]
    /// Spec files whose last run had a failure or an error.
    private(set) var failing: Set<String> = []
    /// Real paths of the `--helper` files: every spec file depends on them.
    var helpers: Set<String> = []

    /// What one run showed.
    struct Observation {
        var loads: [String: Set<String>] = [:]
        var failed: Set<String> = []
        var finished: Set<String> = []

        mutating func see(_ event: Supervisor.Event) {
            switch event {
            case let .loaded(file, paths): loads[file, default: []].formUnion(paths)
            case .result(let r) where r.isFailure: failed.insert(r.file)
            case .fileFinished(let f): finished.insert(f)
            default: break
            }
        }
    }

    /// Takes in a run: a file that finished is failing or not from now on;
    /// one that did not finish (fail-fast stopped the run) keeps what was
    /// known. Loads are replaced per file, as a spec that stops requiring a
    /// module no longer depends on it.
    mutating func record(_ o: Observation) {
        for f in o.finished {
            if o.failed.contains(f) { failing.insert(f) } else { failing.remove(f) }
        }
        for f in o.failed where !o.finished.contains(f) { failing.insert(f) }
        for (f, paths) in o.loads { loads[f] = paths }
    }

    /// The spec files there are now: new ones get their real path, deleted
    /// ones are forgotten.
    mutating func keep(_ specs: [String], realPath: (String) -> String) {
        let now = Set(specs)
        for f in Array(real.keys) where !now.contains(f) {
            real[f] = nil
            loads[f] = nil
            failing.remove(f)
        }
        for f in specs where real[f] == nil { real[f] = realPath(f) }
    }

    /// Whether a file that is gone mattered: a spec file or a file a spec loaded.
    func isKnown(_ path: String) -> Bool {
        helpers.contains(path) || real.values.contains(path) || loads.values.contains { $0.contains(path) }
    }

    /// Whether anything known was inside `folder`.
    func isKnown(under folder: String) -> Bool {
        func under(_ path: String) -> Bool { path != folder && PathText.isInside(path, folder) }
        return helpers.contains(where: under) || real.values.contains(where: under)
            || loads.values.contains { $0.contains(where: under) }
    }

    /// The spec files among `specs` that depend on a changed file (real
    /// paths) or on something inside a folder that went away, in `specs`'
    /// order.
    func affected(_ specs: [String], changed: Set<String>, goneFolders: [String] = []) -> [String] {
        if !helpers.isDisjoint(with: changed) { return specs }
        func hit(_ path: String) -> Bool { changed.contains(path) || goneFolders.contains { path != $0 && PathText.isInside(path, $0) } }
        return specs.filter { s in
            if let r = real[s], hit(r) { return true }
            return loads[s]?.contains(where: hit) ?? false
        }
    }
}
