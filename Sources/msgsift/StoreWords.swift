// The words of a store problem (`StoreError`), with what the user can do about it:
// the store says what went wrong, the command line says it.
import SiftRules
import SiftStore

extension StoreError {
    /// One line for stderr (without `msgsift: `).
    var words: String {
        let store = path ?? "the store"
        switch problem {
        case .ioFailed(let reading, let cause):
            let why: String
            switch cause {
            case .diskFull: why = "the disk is full"
            case .fileSizeLimit: why = "the file size limit, ulimit -f, was reached"
            case .readOnlyFileSystem: why = "the file system is read-only"
            case .removed: why = "its folder or file was removed while in use"
            case .other(let text): why = text
            }
            return "\(store): the store could not be \(reading ? "read" : "written") (\(why)); nothing was changed"
        case .locked(let seconds):
            let tenths = Int((seconds * 10).rounded())
            return "\(store): the store is locked by another process writing to it (another msgsift, or a program with it open);"
                + " gave up after \(tenths / 10).\(tenths % 10) s (try again, or raise MSGSIFT_LOCK_TIMEOUT)"
        case .notSQLite:
            return "\(store): not a msgsift rule store (not an SQLite database); nothing was changed"
        case .otherProgramsDatabase:
            return "\(store): an SQLite database of another program, not a msgsift rule store; nothing was changed"
        case .damaged(let detail):
            return "\(store): the store is damaged (\(detail)); nothing was changed. Restore it from a backup or an export"
        case .lostSchemaVersion:
            return "\(store): the store has lost its schema version (damaged); nothing was changed. Restore it from a backup or an export"
        case .listsUnreadable(let why):
            return "\(store): the stored community lists cannot be read (\(why.words)); import them again"
        case .cannotOpen(let detail):
            return "\(store): cannot open the store (\(detail))"
        case .readOnly(let detail):
            return "\(store): the store cannot be written (\(detail))"
        case .notWritable(let readOnlyFileSystem):
            return "\(store): the store cannot be written (\(readOnlyFileSystem ? "its file system is read-only" : "permission denied")); nothing was changed"
        case .diskFull:
            return "\(store): the disk is full; nothing was changed"
        case .sqlite(let code, let message):
            return "\(store): SQLite error \(code): \(message)"
        case .isFolder:
            return "\(store): a folder, not a rule store"
        case .notRegularFile:
            return "\(store): not a regular file, not a rule store"
        case .linkLoop:
            return "\(store): a loop of symbolic links (too many levels), not a rule store"
        case .namesFolder(let example):
            return "\(store): names a folder, not a rule store (give the store's file, as in \(example))"
        case .cannotCreateFolder(let folder, let reason):
            return "\(store): cannot create the folder \(folder) (\(reason))"
        case .migrationFailed(let from, let to, let reason):
            return "\(store): cannot bring the store from schema version \(from) to \(to) (\(reason)); the store was not changed"
        case .sideFileNotWritable(let side):
            return "\(store): the store's side file \(side) cannot be written (permission denied); nothing was changed"
        case .storeGone(let gone, let changeLost):
            let why: String
            switch gone {
            case .replaced: why = "the store's file was replaced by another while msgsift was changing it"
            case .folderRemoved: why = "the store's folder was removed while msgsift was changing the store"
            case .fileRemoved: why = "the store's file was removed while msgsift was changing it"
            }
            return changeLost ? "\(store): the change was written to a store that is gone (\(why)); it is lost with it"
                              : "\(store): \(why); nothing was changed"
        case .newerSchema(let version, let known):
            return "\(store): the store was written by a newer msgsift (schema version \(version); this one knows up to \(known));"
                + " update msgsift. The store was not changed"
        case .clashesWithUnreadable(let id):
            return "filter \(id), which this version cannot read (msgsift filter list says why), has the same text, target,"
                + " matching and case; nothing was changed (msgsift filter remove \(id) removes it)"
        case .noSuchFilter(let id, let removing):
            return "no filter with id \(id); nothing was \(removing ? "removed" : "changed") (msgsift filter list shows the ids)"
        case .wouldDuplicate(let id, let other):
            return "filter \(id) would become the same filter as filter \(other) (same text, target, matching and case); nothing was changed"
        case .textTaken(let id, let text):
            return "filter \(id) has the text \(quoted(text)) already; remove it first"
        }
    }
}
