import ButtonKit

extension Confinement {
    /// Where a file or folder the host writes for a confined run goes
    /// (`render -o DIR`, `--junit FILE`, `--report FILE`, `-Xoutput FILE`).
    package enum OutputPlace: Equatable {
        /// It leads inside the working tree: opened beneath it, as every
        /// other path of the run (the kernel keeps it there).
        case inside
        /// The caller named a place outside the tree (`-o /tmp/pics`,
        /// `--junit ../reports/j.xml`): opened as named, then granted.
        case outside
        /// Refused, with why: a link in the tree leads outside (a link
        /// planted there would otherwise send the output elsewhere and
        /// replace what is there), or the path cannot be checked.
        case refused(String)
    }

    /// Where `path` leads for `fname` (the command or option, for the
    /// message). A path is the caller's choice as far as it stays outside
    /// the tree; once its walk is inside the tree, a link there that leads
    /// back out is refused, as a confined script's own paths are: so
    /// `-o out` with `out` a link planted in the tree to a folder elsewhere
    /// is refused, while `-o ../pics` or an outside link the caller named is
    /// theirs.
    package func outputPlace(_ path: String, _ fname: String) -> OutputPlace {
        guard !root.isEmpty else { return .refused(refusal(path, fname)) }
        guard let (real, throughTree) = Confinement.walk(path, inside: root) else { return .refused(refusal(path, fname)) }
        if PathText.isInside(real, root) { return .inside }
        if throughTree {
            return .refused("\(fname): '\(path)': leads outside the working tree (\(root)) through a symbolic link inside it;"
                + " output named inside the tree stays inside (name the outside folder itself to write there, or run with --unsafe)")
        }
        return .outside
    }

    /// `realTarget`'s walk, also saying whether a link that sits inside
    /// `tree` was followed on the way; nil where `realTarget` gives nil.
    static func walk(_ path: String, inside tree: String) -> (String, Bool)? {
        var through = false
        guard let real = realTarget(path, followed: { holder in if PathText.isInside(holder, tree) { through = true } }) else { return nil }
        return (real, through)
    }
}
