import Glibc

/// A fresh temporary folder per test, so store tests never share files.
func makeTempDir() -> String {
    var template = Array("/tmp/buttonkit-test-XXXXXX".utf8CString)
    let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(cString: p!)
}

func writeFile(_ path: String, _ text: String) {
    let f = fopen(path, "w")!
    fputs(text, f)
    fclose(f)
}

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var out = ""
    var bytes: [UInt8] = []
    while true {
        let c = fgetc(f)
        if c == EOF { break }
        bytes.append(UInt8(c))
    }
    out = String(decoding: bytes, as: UTF8.self)
    return out
}
