#if canImport(Glibc)
import Glibc
#endif

// The benchmarks scripts/bench runs. They print figures next to their
// baselines and targets; they assert nothing (tests check behaviour).
//
//   ButtonKitBench core | memory | ib [--xmllint PATH]
//   ButtonKitBench swift --buttonkit PATH --reader PATH --examples DIR
//   ButtonKitBench lua|bridge|runner --buttonkit PATH [--lua PATH] [--busted PATH] [--fixtures DIR] [--luacov DIR]
//   ButtonKitBench framework | worker-spec FILE | spec FILE | sizes | init   (probes)

let usage = """
usage: ButtonKitBench core | memory | ib [--xmllint PATH]
       ButtonKitBench swift --buttonkit PATH --reader PATH --examples DIR
       ButtonKitBench lua|bridge|runner --buttonkit PATH [--lua PATH] [--busted PATH] [--fixtures DIR] [--luacov DIR]
       ButtonKitBench framework | worker-spec FILE | spec FILE | sizes | init
"""

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first ?? "" {
    case "core": try CoreBench.run()
    case "memory": try CoreBench.memory()
    case "ib": try IBBench.run(xmllint: args.count >= 3 && args[1] == "--xmllint" ? args[2] : "xmllint",
                               bench: CommandLine.arguments[0])
    case "ib-memory" where args.count == 3 && args[1] == "ib": try IBBench.memoryIB(args[2])
    case "ib-memory" where args.count == 3 && args[1] == "lua": try IBBench.memoryLua(Int(args[2]) ?? IBBench.memoryButtons)
    case "swift" where args.count == 7 && args[1] == "--buttonkit" && args[3] == "--reader" && args[5] == "--examples":
        try SwiftLoadBench.run(buttonkit: args[2], reader: args[4], examples: args[6])
    case "lua": LuaBench.run(try Tools(args.dropFirst()))
    case "bridge": BridgeBench.run(try Tools(args.dropFirst()))
    case "runner": RunnerBench.run(try Tools(args.dropFirst()))
    default:
        if try !Probes.run(args.first ?? "", Array(args.dropFirst())) {
            print(usage)
            exit(2)
        }
    }
} catch let e as UsageError {
    print("ButtonKitBench: \(e)\n\(usage)")
    exit(2)
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
