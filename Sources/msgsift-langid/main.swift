// msgsift-langid: runs LanguageDetector over lines of text, for
// `make bench-langid` (bench/langid/bench.py) and for looking at single bodies.
//
//   msgsift-langid < lines.txt           one answer per input line: `CODE<TAB>SCORES`
//                                        (`und` when undetermined, then `<TAB>` and why)
//   msgsift-langid --time SECONDS < lines.txt
//                                        detect the lines over and over on one
//                                        thread for about SECONDS of CPU time;
//                                        print texts per CPU second and a checksum
import Glibc
import SiftText

func readLines() -> [String] {
    var lines: [String] = []
    while let line = readLine(strippingNewline: true) { lines.append(line) }
    return lines
}

/// CPU time of this thread: texts per CPU second is texts/s on one core, even
/// when other processes share the machine.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Writes `text` to file descriptor 2 (the C library's `stderr` is a mutable global).
func writeStderr(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

let args = Array(CommandLine.arguments.dropFirst())
if args.first == "--time", args.count == 2, let seconds = Double(args[1]) {
    let lines = readLines()
    guard !lines.isEmpty else { writeStderr("msgsift-langid: no input\n"); exit(2) }
    var detections = 0
    var checksum = 0
    let start = now()
    var elapsed = 0.0
    repeat {
        for line in lines {
            let d = LanguageDetector.detect(line)
            checksum &+= (d.language?.order ?? 99) &+ d.letters
        }
        detections += lines.count
        elapsed = now() - start
    } while elapsed < seconds
    // One pass's checksum, so runs of different lengths compare.
    var once = 0
    for line in lines {
        let d = LanguageDetector.detect(line)
        once &+= (d.language?.order ?? 99) &+ d.letters
    }
    print("texts/s \(Int(Double(detections) / elapsed)) detections \(detections) cpu-seconds \(elapsed) checksum \(once)")
} else if args.isEmpty {
    var out = ""
    for line in readLines() {
        let d = LanguageDetector.detect(line)
        out += d.language?.rawValue ?? "und"
        out += "\t"
        out += d.scores.map { "\($0.language.rawValue):\(($0.score * 100).rounded() / 100)" }.joined(separator: " ")
        if let other = d.otherLanguageScore { out += " other:\((other * 100).rounded() / 100)" }
        if let why = d.undetermined { out += "\t\(why)" }
        out += "\n"
        if out.utf8.count > 1 << 16 { print(out, terminator: ""); out = "" }
    }
    print(out, terminator: "")
} else {
    writeStderr("usage: msgsift-langid [--time SECONDS] < lines.txt\n")
    exit(2)
}
