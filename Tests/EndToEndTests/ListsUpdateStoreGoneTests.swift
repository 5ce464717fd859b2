// `lists update` reads the store, fetches the lists, then writes them: a store whose folder
// is removed while the request is answered must fail the command (exit 1, said on stderr),
// not be made again holding only the lists. The server here removes the folder once the
// request has come, before it answers, so the timing is certain.
import Foundation
import Testing

@Suite("lists update: a store removed during the request")
struct ListsUpdateStoreGoneTests {
    @Test func aStoreRemovedDuringTheRequestIsAnError() throws {
        let s = try StoreSession()
        _ = try s.ok(["filter", "add", "seed", "--type", "deny"])
        // A one-request HTTP server on 127.0.0.1 (a port the kernel picks).
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: addr.sin_port))

        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["lists", "update", "--url", "http://127.0.0.1:\(port)/lists"]
        p.environment = ["PATH": "/usr/bin:/bin"].merging(s.environment) { _, new in new }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        try p.run()
        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 60_000) == 1, "no request came")
        let client = accept(listener, nil, nil)
        #expect(client >= 0)
        // The whole request (its headers end in an empty line), then the folder goes, then the answer.
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { break }
            request += buffer[0..<n]
        }
        try FileManager.default.removeItem(atPath: s.home + "/msgsift")
        let body = TestServer.lists
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
        _ = answer.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        close(client)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "msgsift: \(s.storePath): the store's folder was removed while msgsift was changing the store; nothing was changed\n", "\(message)")
        // Nothing made again under the data folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.home) == [])
    }
}
