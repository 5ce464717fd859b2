enum LintCommand {
    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 { 0 }
}
