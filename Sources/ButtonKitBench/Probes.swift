#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitTesting
import CLuaRunner
import CLuaShim

/// Measurements for finding where time goes (run one under `perf record`);
/// scripts/bench does not print them.
enum Probes {
    static func run(_ name: String, _ args: [String]) throws -> Bool {
        switch (name, args.count) {
        case ("framework", 0):
            // Cold, then warm: a state with the test framework loaded.
            var o = TestOptions()
            o.inWorker = true
            bk_channel_open(open("/dev/null", O_WRONLY))
            let empty = "/tmp/buttonkit-bench-empty_spec.lua"
            fclose(fopen(empty, "w"))
            var t0 = Timing.now()
            SpecRunner.run(file: empty, options: o) { _ in }
            print("first spec file (cold): \(Table.fmt((Timing.now() - t0) * 1e6)) us")
            t0 = Timing.now()
            for _ in 0..<100 { SpecRunner.run(file: empty, options: o) { _ in } }
            print("next spec files (warm): \(Table.fmt((Timing.now() - t0) / 100 * 1e6)) us")
        case ("worker-spec", 1):
            // Exactly what a worker does: results into a channel (/dev/null), from C.
            var o = TestOptions()
            o.timeout = 10
            o.inWorker = true
            bk_channel_open(open("/dev/null", O_WRONLY))
            let t0 = Timing.now()
            SpecRunner.run(file: args[0], options: o) { _ in }
            print("worker run: \(Table.fmt((Timing.now() - t0) * 1000, 2)) ms")
        case ("spec", 1):
            // The worker's side of a run, in process (profilers see it whole).
            var o = TestOptions()
            o.timeout = 10
            var bytes = 0
            let t0 = Timing.now()
            SpecRunner.run(file: args[0], options: o) { r in bytes += Record.line(for: r).utf8.count }
            print("in-process run: \(Table.fmt((Timing.now() - t0) * 1000, 2)) ms, \(bytes) bytes of records")
        case ("sizes", 0):
            print("Style", MemoryLayout<Style>.size, "Entry", MemoryLayout<StyleTable.Entry>.stride,
                  "Color", MemoryLayout<Color>.size, "Font", MemoryLayout<Font>.size, "Trace", MemoryLayout<Trace>.size,
                  "Appearance", MemoryLayout<Appearance>.size, "TraceEntry", MemoryLayout<TraceEntry>.stride, "StyleValue", MemoryLayout<StyleValue>.stride)
        case ("init", 0):
            var o = LuaContext.Options()
            o.timeout = 0
            let t = try Timing.best(3) { for _ in 0..<200 { _ = try LuaContext(options: o) } }
            print("LuaContext init: \(Table.fmt(t / 200 * 1e6)) us")
            let t2 = try Timing.best(3) { for _ in 0..<200 { let c = try LuaContext(options: o); try c.run("") } }
            print("LuaContext init + run empty: \(Table.fmt(t2 / 200 * 1e6)) us")
        default:
            return false
        }
        return true
    }
}
