// docs/commands.md "The store": --db PATH, else $MSGSIFT_DB, else $XDG_DATA_HOME/msgsift/rules.db, else ~/.local/share/msgsift/rules.db.
import Testing
import SiftStore

@Suite("Store location")
struct StoreLocationTests {
    @Test(arguments: [
        // flag wins over everything
        ("/a/flag.db", ["MSGSIFT_DB": "/b/env.db", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/a/flag.db"),
        // then MSGSIFT_DB
        (nil, ["MSGSIFT_DB": "/b/env.db", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/b/env.db"),
        // then XDG_DATA_HOME (with or without a trailing slash)
        (nil, ["XDG_DATA_HOME": "/x", "HOME": "/h"], "/x/msgsift/rules.db"),
        (nil, ["XDG_DATA_HOME": "/x/", "HOME": "/h"], "/x/msgsift/rules.db"),
        // empty variables count as unset; a relative XDG_DATA_HOME is invalid (XDG spec)
        (nil, ["MSGSIFT_DB": "", "XDG_DATA_HOME": "", "HOME": "/h"], "/h/.local/share/msgsift/rules.db"),
        (nil, ["XDG_DATA_HOME": "relative/dir", "HOME": "/h"], "/h/.local/share/msgsift/rules.db"),
        // nothing names a place
        (nil, [:], nil),
        ("", ["HOME": "/h"], "/h/.local/share/msgsift/rules.db"),
    ] as [(String?, [String: String], String?)])
    func resolves(_ flag: String?, _ env: [String: String], _ expected: String?) {
        #expect(StoreLocation.resolve(flag: flag, environment: env) == expected)
    }

    /// Which variable a path came from (to name it when its bytes are not UTF-8).
    @Test(arguments: [
        ("/a/flag.db", ["MSGSIFT_DB": "/b/env.db"], nil),
        (nil, ["MSGSIFT_DB": "/b/env.db", "XDG_DATA_HOME": "/x"], "MSGSIFT_DB"),
        (nil, ["MSGSIFT_DB": "", "XDG_DATA_HOME": "/x", "HOME": "/h"], "XDG_DATA_HOME"),
        (nil, ["XDG_DATA_HOME": "relative", "HOME": "/h"], "HOME"),
    ] as [(String?, [String: String], String?)])
    func namesTheVariable(_ flag: String?, _ env: [String: String], _ expected: String?) {
        #expect(StoreLocation.place(flag: flag, environment: env)?.variable == expected)
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    // FIPS 180-2 appendix B vectors and the empty string.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(_ input: String, _ digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
