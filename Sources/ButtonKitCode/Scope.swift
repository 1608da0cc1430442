/// What names mean where an expression is evaluated: the file, the type
/// the code is in (for its members), and values bound to local names and
/// parameters.
struct Scope {
    var path: String
    var selfType: String?
    var values: [String: CodeValue] = [:]

    init(path: String, selfType: String?) { self.path = path; self.selfType = selfType }
}
