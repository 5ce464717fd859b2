// The folder every file a test makes goes in: one per test process, made under the
// system's temporary folder (open to other users as /tmp is, for the tests that run
// msgsift as one) and removed with all it holds when the process exits. Shared by the
// test targets, which run in one process.
import Foundation

public enum Scratch {
    public static let folder: URL = {
        var template = Array((FileManager.default.temporaryDirectory.path + "/msgsift-tests-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        guard let made else { fatalError("msgsift tests: no scratch folder (\(String(cString: strerror(errno))))") }
        chmod(made, 0o755)
        atexit { try? FileManager.default.removeItem(at: Scratch.folder) }
        return URL(fileURLWithPath: made, isDirectory: true)
    }()
}
