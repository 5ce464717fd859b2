// Where the store lives (docs/commands.md "The store"): --db PATH, else $MSGSIFT_DB, else
// $XDG_DATA_HOME/msgsift/rules.db, else ~/.local/share/msgsift/rules.db.

/// Finding the store file.
public enum StoreLocation {
    /// The store path for a `--db` value (nil when not given) and an environment.
    /// Nil only when nothing names a place: no flag, no MSGSIFT_DB, XDG_DATA_HOME or HOME.
    /// Empty variables count as unset, as the XDG spec says for XDG_DATA_HOME.
    public static func resolve(flag: String?, environment: [String: String]) -> String? {
        place(flag: flag, environment: environment)?.path
    }

    /// `resolve`, and the environment variable the path was made from (nil for `--db`).
    public static func place(flag: String?, environment: [String: String]) -> (path: String, variable: String?)? {
        if let flag, !flag.isEmpty { return (flag, nil) }
        if let db = environment["MSGSIFT_DB"], !db.isEmpty { return (db, "MSGSIFT_DB") }
        // XDG: a relative XDG_DATA_HOME is invalid and ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return (join(xdg, "msgsift/rules.db"), "XDG_DATA_HOME") }
        if let home = environment["HOME"], !home.isEmpty { return (join(home, ".local/share/msgsift/rules.db"), "HOME") }
        return nil
    }

    private static func join(_ base: String, _ rest: String) -> String {
        base.hasSuffix("/") ? base + rest : base + "/" + rest
    }
}
