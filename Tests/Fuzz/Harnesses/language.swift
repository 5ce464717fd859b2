// Fuzz harness: the language detector on any bytes. It must not crash, must answer the
// same twice, count no more letters than bytes, answer the same with a space before the body
// (which moves every byte against the eight-byte search for links' `.`, `:` and `@`), and
// that search must find the first of those bytes from every position, as a plain loop does.
import Foundation
@testable import SiftText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let spaced = [0x20] + input
    input.withUnsafeBufferPointer { body in
        let first = LanguageDetector.detect(utf8: body)
        precondition(first == LanguageDetector.detect(utf8: body), "two answers for one body")
        precondition(first.letters <= body.count, "more letters than bytes")
        spaced.withUnsafeBufferPointer { other in
            precondition(LanguageDetector.detect(utf8: other) == first, "a space before the body changed the answer")
        }
        var next: Int? = nil
        for from in stride(from: body.count, through: 0, by: -1) {
            if from < body.count, [0x2E, 0x3A, 0x40].contains(body[from]) { next = from }
            precondition(LanguageDetector.firstMark(body, from: from) == next, "the search for . : @ missed one")
        }
    }
    return 0
}
