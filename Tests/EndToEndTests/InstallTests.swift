// `make install` and `make uninstall`, from the binary under test (BIN=, so the test
// builds nothing): every file in its place, a man page man renders, a bash completion
// that completes from where it was installed, and nothing left after uninstall.
import Foundation
import Testing
import TestSupport

@Suite("make install, end to end")
struct InstallTests {
    static let files = ["bin/msgsift", "share/man/man1/msgsift.1", "share/bash-completion/completions/msgsift",
                        "share/zsh/site-functions/_msgsift", "share/fish/vendor_completions.d/msgsift.fish"]

    /// `make TARGET ARGS…` in the package root, free of any make that runs the tests.
    static func make(_ args: String) throws -> (out: String, err: String) {
        try Harness.bash("cd '\(Harness.root.path)' && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s \(args) BIN='\(Harness.binary.path)'; echo \"status $?\"")
    }

    @Test func installPutsEveryFileInPlaceAndUninstallTakesThemAway() throws {
        let prefix = Scratch.folder.appendingPathComponent("msgsift-install-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let r = try Self.make("install PREFIX='\(prefix)'")
        #expect(r.out.hasSuffix("status 0\n"), "\(r.out) \(r.err)")
        for f in Self.files { #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(f)"), "\(f)") }
        #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/msgsift"))
        #expect(try Harness.bash("'\(prefix)/bin/msgsift' --version").out.hasPrefix("msgsift "))
        // What was installed is what the binary prints, whole (written, then renamed into place).
        let man = try String(contentsOfFile: "\(prefix)/share/man/man1/msgsift.1", encoding: .utf8)
        #expect(man == (try Harness.run(["help", "--man"]).out))
        #expect(try String(contentsOfFile: "\(prefix)/share/zsh/site-functions/_msgsift", encoding: .utf8).hasPrefix("#compdef msgsift\n"))
        let leftovers = try Harness.bash("find '\(prefix)' -name '*.tmp'").out
        #expect(leftovers.isEmpty, "\(leftovers)")
        if installed("man") {
            let page = try Harness.bash("MANWIDTH=80 man -l '\(prefix)/share/man/man1/msgsift.1' | col -b")
            #expect(page.out.contains("EXIT STATUS") && page.out.contains("MSGSIFT_DB"), "\(page.err)")
        }
        let completed = try Harness.bash("""
            source '\(prefix)/share/bash-completion/completions/msgsift' && COMP_WORDS=(msgsift classify --jo) && COMP_CWORD=2 \
            && _msgsift && echo "${COMPREPLY[*]}" && complete -p msgsift
            """)
        #expect(completed.out == "--jobs\ncomplete -F _msgsift msgsift\n", "\(completed.err)")

        let u = try Self.make("uninstall PREFIX='\(prefix)'")
        #expect(u.out.hasSuffix("status 0\n"), "\(u.out) \(u.err)")
        for f in Self.files { #expect(!FileManager.default.fileExists(atPath: "\(prefix)/\(f)"), "\(f)") }
    }

    /// DESTDIR stages the tree a package (or `make dist`) is made of: the files under it, at PREFIX.
    @Test func destdirStagesUnderPrefix() throws {
        let stage = Scratch.folder.appendingPathComponent("msgsift-stage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: stage) }
        let r = try Self.make("install DESTDIR='\(stage)' PREFIX=/usr")
        #expect(r.out.hasSuffix("status 0\n"), "\(r.out) \(r.err)")
        for f in Self.files { #expect(FileManager.default.fileExists(atPath: "\(stage)/usr/\(f)"), "\(f)") }
    }

    @Test func aMissingBinaryFailsTheInstall() throws {
        let prefix = Scratch.folder.appendingPathComponent("msgsift-none-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let r = try Harness.bash("cd '\(Harness.root.path)' && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s install PREFIX='\(prefix)' BIN=/nonexistent/msgsift; echo \"status $?\"")
        #expect(!r.out.hasSuffix("status 0\n") && r.err.contains("no binary at /nonexistent/msgsift"), "\(r.out) \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(prefix)/bin/msgsift"))
    }
}
