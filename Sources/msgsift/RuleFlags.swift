// The rule flags shared by `classify` and `test`: they build the RuleSet of a
// run from rule files and flags (and, once it exists, the store).
import Foundation
import SiftRules
import SiftText

/// Rule sources named on the command line.
struct RuleFlags {
    var filterFiles: [String] = []
    var listFiles: [String] = []
    var listLanguages: [Language] = []
    var listLanguagesGiven = false
    var smartRules = SmartRuleSettings()
    var blockedLanguages: [(Language, Folder)] = []
    var noDB = false
    var db: String?

    /// The flags, for any command whose configuration holds a RuleFlags at `path`.
    static func flags<C>(_ path: WritableKeyPath<C, RuleFlags>) -> [Flag<C>] {
        [
            Flag("--filters", "FILE", "add the filters of a .sfsfilters file (repeatable)") { c, v in c[keyPath: path].filterFiles.append(v) },
            Flag("--lists", "FILE", "community lists (JSON as published for the app)") { c, v in c[keyPath: path].listFiles.append(v) },
            Flag("--lists-languages", "L,…", "languages whose community lists take part (he,en,…)") { c, v in
                c[keyPath: path].listLanguagesGiven = true
                for part in v.split(separator: ",") {
                    do { c[keyPath: path].listLanguages.append(try LanguageValidator.language(String(part))) } catch {
                        throw UsageError("--lists-languages: \(error)")
                    }
                }
            },
            Flag("--rule", "NAME[=VALUE]", "turn on a smart rule: all-unknown links numbers-only short-sender[=3..6] email emojis country-allowlist=+972,+1") { c, v in
                try RuleFlags.applyRule(v, to: &c[keyPath: path].smartRules)
            },
            Flag("--block-language", "CODE[:FOLDER]", "deny messages in a language (he, ar, zh-Hans, …) to junk, transaction or promotion") { c, v in
                var code = v, folder = Folder.junk
                if let colon = v.lastIndex(of: ":") {
                    code = String(v[..<colon])
                    let f = String(v[v.index(after: colon)...])
                    guard let parsed = Folder(rawValue: f) else { throw UsageError("--block-language: unknown folder \(quoted(f)) (junk, transaction, promotion)") }
                    folder = parsed
                }
                do { c[keyPath: path].blockedLanguages.append((try LanguageValidator.language(code), folder)) } catch {
                    throw UsageError("--block-language: \(error)")
                }
            },
            Flag("--no-db", nil, "ignore the rule store; use only the rules given by flags") { c, _ in c[keyPath: path].noDB = true },
        ]
    }

    static func applyRule(_ raw: String, to settings: inout SmartRuleSettings) throws {
        let name: String, value: String?
        if let eq = raw.firstIndex(of: "=") {
            name = String(raw[..<eq]); value = String(raw[raw.index(after: eq)...])
        } else {
            name = raw; value = nil
        }
        do {
            let rule = try SmartRuleValidator.rule(named: name)
            switch rule {
            case .shortSender:
                if let value { settings.shortSenderMaximum = try SmartRuleValidator.shortSenderMaximum(value) }
            case .countryAllowlist:
                guard let value else { throw RuleError("country-allowlist needs calling codes: --rule country-allowlist=+972,+1") }
                settings.allowedCallingCodes = try SmartRuleValidator.callingCodes(value)
            case .allUnknown, .links, .numbersOnly, .email, .emojis:
                if value != nil { throw RuleError("\(rule.rawValue) takes no value") }
            }
            settings.enabled.insert(rule)
        } catch {
            throw UsageError("--rule: \(error)")
        }
    }

    /// The run's RuleSet. Unreadable files are runtime errors; invalid rules are usage errors.
    func ruleSet() throws -> RuleSet {
        if db != nil && !noDB {
            throw UsageError("the rule store (--db) is not available in this version; give rules with --filters, --rule, --block-language and --lists")
        }
        var rules = RuleSet()
        rules.smartRules = smartRules
        for path in filterFiles {
            let data = try readFile(path)
            let rows: [SFSFilters.Row]
            do { rows = try SFSFilters.read(data) } catch { throw UsageError("\(path): \(error)") }
            for row in rows {
                switch row.result {
                case .success(let f): rules.add(f)
                case .failure(let e): throw UsageError("\(path): filter \(row.index): \(e)")
                }
            }
        }
        for (language, folder) in blockedLanguages {
            rules.add(Filter(id: 0, type: .denyLanguage, folder: folder, text: "$lang:" + language.englishName))
        }
        for path in listFiles {
            let data = try readFile(path)
            let parsed: (lists: [Language: CommunityList], unknownLanguages: [String])
            do { parsed = try CommunityListFile.read(data) } catch { throw UsageError("\(path): \(error)") }
            for (language, list) in parsed.lists {
                var merged = rules.communityLists[language] ?? CommunityList()
                merged.allowSender += list.allowSender; merged.allowBody += list.allowBody
                merged.denySender += list.denySender; merged.denyBody += list.denyBody
                rules.communityLists[language] = merged
            }
            if !parsed.unknownLanguages.isEmpty {
                warn("\(path): lists of unknown languages ignored: \(parsed.unknownLanguages.joined(separator: ", "))")
            }
        }
        rules.communityLanguages = Set(listLanguages)
        if !listFiles.isEmpty && !listLanguagesGiven {
            warn("--lists without --lists-languages: no community list takes part (turn languages on with --lists-languages he,en)")
        }
        for l in listLanguages where rules.communityLists[l] == nil && !listFiles.isEmpty {
            warn("--lists-languages: the lists have no \(l.rawValue) entries")
        }
        return rules
    }
}

/// Reads a whole file, or throws a runtime error saying which and why.
func readFile(_ path: String) throws -> Data {
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
        throw RuntimeError("\(path): \(reason)")
    }
}

/// One diagnostic line on stderr.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("msgsift: \(message)\n".utf8))
}
