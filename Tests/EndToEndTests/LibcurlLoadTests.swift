// libcurl is opened on the first HTTP request, not linked: a command that makes none
// (classify here) must not have it, or any of the libraries it needs, in its memory.
// The dynamic loader maps every linked library before main runs, so the maps of a
// classify reading its stdin show all it was linked with.
import Foundation
import Testing

@Suite("libcurl: loaded only by the commands that make requests")
struct LibcurlLoadTests {
    @Test func classifyDoesNotLoadLibcurl() throws {
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["classify", "--no-db", "--rule", "links", "-"]
        p.environment = ["XDG_DATA_HOME": Harness.isolatedDataHome, "PATH": "/usr/bin:/bin"]
        let stdin = Pipe()
        p.standardInput = stdin
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Wait until one of its threads is in read(2) on its stdin: by then the loader has
        // mapped every library msgsift links and the run has started.
        // Where the syscall files cannot be read (a kernel that restricts ptrace-like
        // access), two seconds stand in: the loader is done long before.
        let tasks = "/proc/\(p.processIdentifier)/task"
        var reading = false, readable = false
        for _ in 0..<1000 where !reading {
            for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
                guard let call = try? String(contentsOfFile: "\(tasks)/\(task)/syscall", encoding: .utf8) else { continue }
                readable = true
                if call.hasPrefix("0 0x0 ") { reading = true }   // read, fd 0
            }
            if !readable { usleep(2_000_000); reading = true }
            if !reading { usleep(10_000) }
        }
        // Read to its end, a read at a time: a file of /proc has no size, and a process under
        // AddressSanitizer has so many mappings that a read of the size it was given stopped
        // before the libraries.
        var maps = ""
        if let handle = FileHandle(forReadingAtPath: "/proc/\(p.processIdentifier)/maps"),
           let data = try? handle.readToEnd() {
            maps = String(decoding: data, as: UTF8.self)
        }
        try? stdin.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(reading, "classify never read its stdin")
        #expect(maps.contains("libc.so"), "the process's maps were not read")
        #expect(!maps.contains("libcurl"))
        #expect(!maps.contains("libssl") && !maps.contains("libgnutls"))
        #expect(p.terminationStatus == 0)
    }
}
